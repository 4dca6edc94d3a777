/* posemath.h - v0.21.0 - pose math for VRM and MikuMikuDance content, on cglm
   MIT license at the end of this file.

   posemath is a single-header C library with the pose math VRM and
   MikuMikuDance content needs: quaternion <-> Euler conversion in every
   sequence, VRM node constraints (VRMC_node_constraint 1.0), humanoid
   normalization and retargeting between models with different rest
   rotations and bones, VRM spring bones, lookAt and expressions, MMD
   motion (VMD sampling, grants, IK), and CPU skinning of MMD and glTF
   meshes (morphs, BDEF1/2/4, SDEF, QDEF). It depends on cglm (types only)
   and libc.

   USAGE

     In exactly one C or C++ file, define POSEMATH_IMPLEMENTATION before the
     include to create the implementation:

       #define POSEMATH_IMPLEMENTATION
       #include "posemath.h"

     Every other file includes "posemath.h" without the define. Link with -lm.

     Keep that file to itself (engines have a posemath.c): the
     implementation takes about 13 s of CPU to compile with gcc 12 at -O2
     (its SSE2, AVX2 and AVX-512 skinning kernels; 7 s with
     POSEMATH_NO_DISPATCH, 1 s at -O0), where a file that only includes the
     header takes 0.3 s. docs/integration.md has the figures.

       versor q = {0.0f, 0.38268343f, 0.0f, 0.92387953f};   // 45 deg about Y
       vec3 e;
       if (pm_quat_to_euler_deg(q, PM_EULER_ZXY, PM_ROTATION_FRAME, e) == PM_OK)
           printf("x %g y %g z %g\n", e[0], e[1], e[2]);    // Unity's eulerAngles

   OPTIONS (define before including the implementation)

     POSEMATH_STATIC   every function is static: private to the including file.
     PMDEF             decoration of every public function (default: extern, or
                       static with POSEMATH_STATIC).
     PM_ASSERT(x)      checks of internal invariants, never of caller input
                       (default: assert from <assert.h>).
     POSEMATH_NO_SIMD  portable scalar code only. Otherwise skinning runs
                       SIMD kernels: SSE2 on x86-64 (4 vertices at a
                       time), AVX2 + FMA (8) and AVX-512 (16) where the CPU
                       has them, NEON on aarch64 (4, fused multiply-adds);
                       results agree to about 1e-6.
     POSEMATH_NO_DISPATCH
                       skinning kernels only for the instruction sets the
                       compiler flags name (-mavx2 -mfma, -march=native).
                       Without it, gcc and clang on x86 also compile the
                       AVX2 + FMA and AVX-512 kernels (under target
                       pragmas, whatever the flags) and pm_skin_job_run
                       runs the widest the CPU has: AVX-512 needs all of
                       x86-64-v4's sets (F, CD, VL, BW, DQ). For this the
                       implementation includes itself, as "posemath.h":
                       a copy under another name needs POSEMATH_NO_DISPATCH.
                       Unoptimized builds (-O0) compile the flags' kernels
                       alone.
                       MSVC runs the SSE2 kernels.
     POSEMATH_TEST_RSQRT_EDGE
                       tests only, 1 or -1: x86's reciprocal square root
                       estimates replaced by values at that edge of the
                       error the CPU manuals allow (see the implementation).

   CONVENTIONS

     - Quaternions are cglm versors (x, y, z, w) with the Hamilton product:
       a*b applies b first, v' = q v q*. Matrices are column-major like cglm.
     - Single precision in and out. Angles, track sampling and a few other
       internals run in double; products along a hierarchy (world and
       skinning matrices, the humanoid's conversions, MMD bones) in float,
       four lanes at a time: a few ulps a level.
     - The same bits from every compiler that does not fuse a * b + c into
       one rounding across statements: ISO C (-std=c99, -std=c11) and clang.
       gcc in its GNU C modes (its default) and g++ in every C++ mode fuse
       where FMA is enabled: with -mfma or -march=native, and in the
       dispatched AVX2 and AVX-512 kernels whatever the flags. The results
       then move by float roundings (spring bones: 4.8e-7 m and 1.8e-6 per
       rotation component on a dancing VRM avatar over 600 steps, about
       what separates them from three-vrm's doubles). Compile the
       implementation's file with -ffp-contract=off for the ISO C bits.
     - Angles are radians unless the function name ends in _deg.
     - Structs that point at caller storage (pm_spring_set's joint states
       and work, pm_constraint_set's and pm_humanoid's arrays, pm_skin_job's
       streams, pm_mmd_physics' setup) share it when copied: a copy (a C++
       copy or move too) is a second view of the same state, not a new
       state. Give each its own storage, or keep one and pass pointers.
     - Right-handed, +Y up; VRM 1.0 models face +Z.
     - Alignment, one rule: arrays of float, int and uint16_t that you
       pass (bone_node, parent, world matrices, vertex streams) need only
       their element's alignment: 4 bytes is fine (cglm's own SIMD
       functions would need 16 for a versor). Structs are accessed as their
       type, so they need their type's alignment: those that hold cglm types
       (pm_transform, pm_rigid, pm_raw_pose, pm_normalized_pose,
       pm_constraint_rest, pm_skin_bone) have 16 bytes; keep them in
       variables or arrays of their type (or a 64-bit malloc's), never in
       packed or file-mapped memory.
     - No allocation, no global or static mutable state, no I/O: every
       function is reentrant and thread-safe on distinct outputs.
     - Bad input (NULL, NaN/Inf, zero quaternion, an enum value outside its
       range, malformed text) never crashes: the function returns a pm_result
       error and leaves every output untouched, except where its entry below
       says what it holds instead (scene outputs are zeroed or -1,
       constraint_set_init's arrays reset, constraint_set_apply keeps what
       it wrote before the failing constraint). skin_job_run is the one
       function that trusts content: it checks the job and leaves the
       vertices to skin_job_validate, as ozz-animation's jobs and cgltf do,
       but never reads or writes outside the arrays whatever they hold.

   EULER ANGLES (docs/euler.md has the long form)

     Tait-Bryan orders (XYZ, XZY, YXZ, YZX, ZXY, ZYX) take a vec3 indexed by
     AXIS: e[0] is the angle about X, e[1] about Y, e[2] about Z, whatever
     the order. For order ABC:
       PM_ROTATION_POINT (intrinsic): q = qA(eA) * qB(eB) * qC(eC)
                         = three.js Euler(x, y, z, 'ABC'), scipy "ABC"
       PM_ROTATION_FRAME (extrinsic): q = qC(eC) * qB(eB) * qA(eA)
                         = scipy "abc"; Unity's eulerAngles is FRAME ZXY.
     Proper Euler sequences (XYX, XZX, YXY, YZY, ZXZ, ZYZ) take their three
     angles in SEQUENCE order: a[0] about the first axis of the sequence.
     Ranges: the middle angle in [-pi/2, pi/2] (proper: [0, pi]), the others
     in (-pi, pi]. At gimbal lock the angle about the sequence's third axis
     is 0 and the first angle carries the rotation, for both types, and the
     angles still reproduce the quaternion.

   FUNCTION REFERENCE

     const char *pm_result_string(pm_result result)
         A short English description of a result code.

     pm_result   pm_euler_order_parse(const char *text, pm_euler_order *order)
     const char *pm_euler_order_name(pm_euler_order order)
         "XYZ" or "xyz" <-> PM_EULER_XYZ, "ZYZ" <-> PM_EULER_ZYZ: all twelve
         sequences; the name is NULL for a bad value. Every function below
         takes any of the twelve.
     pm_result pm_quat_to_euler(const versor q, pm_euler_order order,
                                pm_rotation_type type, vec3 euler)
     pm_result pm_euler_to_quat(const vec3 euler, pm_euler_order order,
                                pm_rotation_type type, versor q)
     pm_result pm_quat_to_euler_deg(...), pm_euler_deg_to_quat(...)
         The same in degrees.
     pm_result pm_mat3_to_euler(const float m[9], order, type, vec3 euler)
     pm_result pm_mat4_to_euler(const float m[16], order, type, vec3 euler)
         Rotation part of a column-major matrix (columns are normalized, so
         a scaled TRS matrix is fine; a reflection is an error).
     pm_result pm_euler_to_mat3(const vec3 euler, order, type, float m[9])
     pm_result pm_euler_to_mat4(const vec3 euler, order, type, float m[16])
         Rotation matrix; the mat4 has no translation. Pass a cglm matrix
         as (float *)m.

     SCENES: node_count nodes, parent[i] == -1 for a root, any order;
     one pm_transform (local TRS) per node.

     pm_result pm_scene_validate(const int *parent, int node_count, int *depth)
         Every parent in [-1, node_count) (else PM_ERROR_OUT_OF_RANGE), no
         loops (else PM_ERROR_CYCLE); depth (node_count ints) gets each
         node's number of ancestors, or -1 everywhere on error. One pass
         over the nodes, whatever the shape: a chain of a million nodes
         takes milliseconds.
     pm_result pm_scene_world_matrices(const int *parent, int node_count,
                                       const pm_transform *pose, float *world)
         16 floats per node (column-major) of world transforms, in one pass
         (world doubles as the bookkeeping). Each rotation is normalized
         first (a quaternion a little off unit length turns, it does not
         scale); a zero or non-finite one, or a product that overflows
         float, is PM_ERROR_INVALID_ARGUMENT. On error world is all zero.

     ANIMATION TRACKS (glTF samplers, so VRM animations too)

     pm_result pm_interpolation_parse(const char *text,
                                      pm_interpolation *interpolation)
         glTF's "LINEAR", "STEP" or "CUBICSPLINE"; PM_ERROR_PARSE otherwise.
     pm_result pm_track_validate(const pm_track *track, int *bad_key)
         Once per track: times finite and strictly increasing, values
         finite, rotation keys not zero. bad_key (may be NULL) gets the
         first key at fault, or -1.
     pm_result pm_track_sample(const pm_track *track, double time,
                               int *cursor, float *out)
         The track's value at `time` in seconds (double: a long-running
         clock keeps its precision; clamped to the first and last keys):
         components floats, rotations unit. STEP holds the earlier key;
         LINEAR mixes (slerp, the shorter arc, for rotations); CUBICSPLINE
         is glTF's Hermite spline (tangents scaled by the key interval).
         O(log keys); with a cursor (an int you keep per track, any start
         value) playback in order is O(1): the key interval found is
         stored there. The shape is checked (pointers, counts, enums, a
         finite time), not the keys: on a track validate refused it returns
         an error or a value, never reading outside the arrays.

     pm_result pm_json_number(const char *text, size_t length,
                              double *value, size_t *used)
         The JSON number at the start of text (no space before it), read
         as every JSON parser here reads numbers: correctly rounded to
         double whatever the locale, so a float32 written with 9 digits
         reads back as the same float. used gets its length in bytes;
         PM_ERROR_PARSE when text does not start with a number.

     VRM NODE CONSTRAINTS (docs/constraints.md)

     pm_result pm_constraint_parse_json(const char *json, size_t length,
                                        int destination, pm_constraint *out,
                                        pm_parse_error *error)
         One node's "VRMC_node_constraint" object as JSON text (not NUL-
         terminated; never read past length). PM_ERROR_PARSE for anything
         the schema does not allow, and for a source that is destination
         (the specification forbids it); error (may be NULL) then gets the byte
         offset and a message naming the member or rule, and NULL message
         on success.
     pm_result pm_constraint_set_init(pm_constraint_set *set,
                                      const pm_transform *rest_pose)
         Checks the constraints, the parent array's range and the chains
         above aim constraints' nodes (the rest of the scene is not read:
         pm_scene_validate checks all of it), captures rest rotations in
         set->rest and the evaluation order in set->order (caller storage,
         count entries each). PM_ERROR_CYCLE for a circular dependency or a
         loop above an aim's node; PM_ERROR_LIMIT when the aims' depths sum
         past PM_CONSTRAINT_AIM_DEPTH_LIMIT(node_count) = 4 node_count +
         16384. On error rest is all zero and order all -1, except for a
         circular dependency: order then starts with the constraints of one
         circle, each reading the output of the one before it and the first
         the last's (a single aim whose source hangs below its destination
         reads its own), to name in a message; -1 after them.
     pm_result pm_constraint_set_apply(const pm_constraint_set *set,
                                       pm_transform *pose)
         Evaluates every constraint in order, reading the pose as updated so
         far and writing destination rotations. Linear in the scene's size;
         a parent array changed since init into a loop is PM_ERROR_CYCLE.
         On error, the constraints before the failing one have been applied.

     VRM SPRING BONES (docs/vrm.md)

     pm_result pm_spring_set_init(pm_spring_set *set,
                                  const pm_transform *rest_pose,
                                  pm_spring_report *report)
         Checks the springs, joints, colliders and groups (VRMC_springBone
         1.0 with VRMC_springBone_extended_collider, or VRM 0.x's
         secondaryAnimation in three-vrm's reading: every node of a bone
         group's subtrees a joint, child -1 at the leaves), the parent array,
         and stores in set->joints, set->work and set->lanes (caller
         storage) the rest transforms, the joints' order (each after the
         joints that move its node or its colliders), the nodes each joint's
         turn moves, and the joints' constants laid out for the step's SIMD
         lanes.
         report (may be NULL) names the spring and joint, collider or group
         at fault. PM_ERROR_CYCLE when a joint collides with a collider its
         own turn moves; PM_ERROR_CAPACITY past joint_capacity. Call reset
         before the first step.
     pm_result pm_spring_set_reset(const pm_spring_set *set, pm_transform *pose,
                                   float *world)
         Every joint back at its rest rotation, its tail at rest and still,
         for the pose's other nodes as they are; world (the pose's world
         matrices, pm_scene_world_matrices) is updated for the joints and
         the nodes below them.
     pm_result pm_spring_set_step(const pm_spring_set *set, pm_transform *pose,
                                  float *world, float dt)
         One step of dt seconds, as three-vrm 3.5.5 steps (bone lengths
         measured with the child where the node now is): give the animated
         pose and its world matrices; the joints' rotations in pose and the
         world matrices of the joints and the nodes below them are updated
         as the step goes, so the result can be skinned at once. dt <= 0
         changes nothing. A state, pose or world matrix that is not finite
         is an error: reset it. A joint whose step degenerates (its parent
         or its spring's center scaled to 0, as hosts hide an accessory)
         holds its rotation and tail while its world matrix follows its
         parent; every other joint steps, and the result is ok.
         Float arithmetic, up to 8 joints at once (SSE2 and NEON: 4); within
         1.1e-6 m of three-vrm's doubles on real and generated avatars.
         Two fields of the set change the step, both off at zero:
         external_force (wind, world space, added as gravity is) and
         scale_with_world (UniVRM's rule for scaled avatars: stiffness,
         gravity, force and hit radius times the joint node's world scale,
         collider radii times their node's).
     pm_result pm_spring_set_step_fixed(const pm_spring_set *set,
                                        pm_spring_clock *clock,
                                        pm_transform *pose, float *world,
                                        float dt)
         Frame-rate independence: as many steps of clock->substep seconds
         as fit in the time since the last one (at most max_substeps; the
         rest is dropped), each on the world matrices blended linearly from
         the call before's to these, then the joints as the last substep
         left them on these. The same motion at 30, 60 and 144 fps swings
         alike, up to what linear blending between frames misses
         (docs/vrm.md). dt >= 0; the clock's buffers hold 16 node_count
         floats each; set leftover and started to 0 after a reset.
     pm_result pm_spring_set_teleport(const pm_spring_set *set,
                                      const float transform[16],
                                      int keep_velocity)
         The character jumped by a rigid transform (column-major, as world
         matrices): the tails of springs without a center move with it
         (tails in a center's space move with the center already), so the
         next step swings on as before; keep_velocity 0 also stops them.

     pm_result pm_spring_parse_json(const char *json, size_t length,
                                    const pm_spring_storage *storage,
                                    pm_spring_set *set, pm_parse_error *error)
         The "VRMC_springBone" extension object as JSON text, with
         VRMC_springBone_extended_collider's shapes (one of another version
         falls back to the base shape, as three-vrm does): each spring's
         joints n and n + 1 become a joint of node n with child n + 1 and n's
         settings (a spring of one joint has none); missing settings are the
         schema's (dragForce 0.5; three-vrm's loader takes 0.4). Node
         indices are checked against set->node_count; init checks the rest.
         Storage, errors and joints on one node as below.
     pm_result pm_spring_parse_vrm0_json(const char *json, size_t length,
                                         const int *child_start,
                                         const int *children,
                                         const pm_spring_storage *storage,
                                         pm_spring_set *set,
                                         pm_parse_error *error)
         A VRM 0.x file's "VRM" extension object as JSON text: its
         secondaryAnimation as three-vrm 3.5.5 reads it (a spring per bone
         group holding every node of its bones' subtrees in three.js's
         traversal order, each with its first child; collider offsets' z
         flipped; missing settings as VRMC_springBone's defaults: stiffness
         1, drag 0.5 where three-vrm takes 0.4, gravity 0 down, radius 0).
         The scene's children in glTF's order: node n's are
         children[child_start[n] .. child_start[n + 1] - 1], each one's parent
         set->parent's. Fills set's springs, colliders and groups (pointing
         into storage); PM_ERROR_CAPACITY when storage is too small,
         PM_ERROR_CYCLE for a loop in the parent array (error's message
         says so), PM_ERROR_PARSE for the rest, error then with the byte
         and words. Joints on one node (two bone groups of one root, a
         group listing a node and its child, a chain in two springs) are
         played as three-vrm shows them: the node keeps its last joint,
         the earlier ones leave their springs (which may be left empty),
         and error->warning says so. The storage's cursor (node_count ints)
         is scratch for both readers.

     VRM LOOKAT (docs/vrm.md), as three-vrm 3.5.5 computes it

     pm_result pm_look_at_parse_json(const char *json, size_t length,
                                     pm_look_at *look_at,
                                     pm_parse_error *error)
         A VRM file's "VRMC_vrm" extension object (its "lookAt") or VRM 0.x's
         "VRM" one (its "firstPerson": degree maps, their curves ignored as
         three-vrm ignores them, the offset's z flipped and the front -Z),
         as JSON text. Missing members are three-vrm's defaults (input 90
         degrees, output 10 degrees for bones or 1 for expressions, offset
         (0, 0.06, 0)); an input under 0.01 degree is raised to it. No
         lookAt: type PM_LOOK_AT_NONE, settings that do nothing.
         PM_ERROR_PARSE with the byte and words of the first error.
     pm_result pm_look_at_yaw_pitch(const pm_look_at *look_at,
                                    const pm_humanoid *humanoid,
                                    const float *world, const vec3 target,
                                    float *yaw, float *pitch)
         The angles toward a world point from between the eyes (the head's
         world matrix in world, the scene's; offset_from_head_bone), in the
         head's rest frame: degrees, yaw toward the model's left, pitch
         down. (three-vrm reads the head's world matrix of the frame before.)
     pm_result pm_look_at_eyes(const pm_look_at *look_at, float yaw,
                               float pitch, pm_normalized_pose *pose)
         Bone type: the eyes' normalized rotations into pose (then
         pm_pose_denormalize and pm_pose_write as for every bone); other
         types leave pose alone. Each eye turns by the range maps: inner or
         outer by the side it turns to, and, as three-vrm maps them,
         vertical_down for upward pitch and vertical_up for downward.
     pm_result pm_look_at_weights(const pm_look_at *look_at, float yaw,
                                  float pitch, float weights[4])
         Expression type: lookLeft, lookRight, lookUp and lookDown (indexed
         by PM_LOOK_LEFT ...), horizontal_outer on both sides as three-vrm
         maps them; zeros for other types.

     VRM EXPRESSIONS (docs/vrm.md), as three-vrm 3.5.5's manager resolves them

     const char *pm_expression_preset_name(pm_expression_preset preset)
         "happy", "blinkLeft", ...; NULL for PM_EXPRESSION_CUSTOM or a bad value.
     pm_result pm_expressions_parse_json(const char *json, size_t length,
                                         const pm_expression_storage *storage,
                                         int *expression_count,
                                         pm_parse_error *error)
         A VRM file's "VRMC_vrm" extension object (its "expressions": the
         presets, then the custom ones, as three-vrm registers them) or
         VRM 0.x's "VRM" one (its blendShapeMaster's groups, named by
         three-vrm's preset map: joy is happy, a is aa, blink_l is
         blinkLeft, ...; bind weights divided by 100, missing ones 100), as
         JSON text, into storage's expressions and morph target binds (at
         most PM_EXPRESSION_LIMIT = 1024 expressions: PM_ERROR_LIMIT). A
         bind's mesh is its node in VRM 1.0 and its mesh in 0.x. Custom
         names point into json (it must outlive them). PM_ERROR_CAPACITY
         when the storage is too small; PM_ERROR_PARSE for malformed JSON
         and members (a name twice in one object, a value of the wrong
         kind), error with the byte and words. What three-vrm reads past is
         read as it reads it, and error->warning names the first: weights
         outside the range applied as they are; unknown presets, custom
         expressions named like presets, binds without their node or mesh
         and index, VRM 0.x groups without a name or of a name an earlier
         one has, left out. Material color binds and texture
         transform binds (VRM 0.x's materialValues: _MainTex_ST with its v
         offset flipped as three-vrm flips it, the colors three-vrm knows;
         others skipped, as three-vrm skips them) go into storage's
         material binds: each moves by its expression's applied weight.
     pm_result pm_expressions_resolve(const pm_expression *expressions,
                                      int count, const float *weights,
                                      float *applied)
         From the weights the host sets (one per expression, clamped to
         [0, 1]; a binary expression's 0 or 1, past 0.5), the weights they
         apply: the blink (blink, blinkLeft, blinkRight), lookAt (the four
         looks) and mouth (aa, ih, ou, ee, oh) groups each held back by the
         other expressions' overrides (block: all of it while the overriding
         expression weighs anything; blend: its weight; the amounts summed,
         what remains not below 0), a held-back binary expression to 0.
     pm_result pm_expressions_morph_weights(const pm_expression *expressions,
                                            int count, const float *applied,
                                            const int *morph_start,
                                            int mesh_count,
                                            float *morph_weights,
                                            int *bad_expression)
         Every morph target's weight for the skinning job: mesh m's targets
         are morph_weights[morph_start[m] .. morph_start[m + 1] - 1]
         (morph_start[0] = 0); each is the sum of its binds' weights times
         their expressions' applied weights, unclamped, as three.js sums
         them. PM_ERROR_OUT_OF_RANGE for a bind outside the meshes or past a
         mesh's targets, bad_expression (may be NULL) naming the expression;
         nothing is written then. The same with PM_ERROR_INVALID_ARGUMENT
         when the binds' weights times their expressions' add up, in
         magnitude, past the largest float (a sum could overflow).

     HUMANOID (docs/retargeting.md)

     const char *pm_bone_name(pm_bone bone)              "leftUpperArm"; NULL if bad
     pm_result   pm_bone_parse(const char *name, pm_bone *bone)   VRM 1.0 names
     pm_result   pm_bone_parse_vrm0(const char *name, pm_bone *bone)
         VRM 0.x names: its thumbProximal/Intermediate/Distal are 1.0's
         thumbMetacarpal/Proximal/Distal.
     int pm_bone_parent(pm_bone bone)      humanoid.md's parent; PM_BONE_NONE
     int pm_bone_required(pm_bone bone)    1 for the 15 required bones
     pm_result pm_humanoid_map_parse_json(const char *json, size_t length,
                                          int node_count, int bone_node[55],
                                          pm_parse_error *error)
         A VRM file's humanoid map: the "VRMC_vrm" extension object (VRM
         1.0: humanoid.humanBones as {"hips": {"node": 3}, ...}) or the "VRM"
         one (0.x: an array of {"bone": "hips", "node": 3}, 0.x thumb
         names; node -1 for a bone not assigned, as UniVRM writes) as JSON
         text, into bone_node (-1 for bones it lacks), ready for
         pm_humanoid_init. PM_ERROR_PARSE, with error's offset and message,
         for malformed JSON, an unknown bone name (VRM 1.0-beta's
         thumbIntermediate too, which three-vrm renames), a bone named
         twice, a node outside [0, node_count) or not a whole number;
         bone_node untouched then. Other members are checked and skipped.
     pm_result pm_humanoid_init(pm_humanoid *h, const int bone_node[55],
                                const int *parent, int node_count,
                                const pm_transform *rest_pose,
                                pm_humanoid_report *report)
         bone_node[b] is bone b's scene node or -1; the rest pose is the
         T-pose. h keeps `parent` (it must outlive h, unchanged).
         PM_ERROR_MISSING_BONE, _OUT_OF_RANGE, _CYCLE (a loop above a bone),
         _INVALID_ARGUMENT (two bones on one node, a bone not below its
         humanoid parent, transforms that overflow); PM_ERROR_HIPS_HEIGHT
         when the rest hips are not above y = 0 (pm_humanoid_fit_tpose
         grounds them). report (may be NULL) names the bone and node at
         fault. Walks only the chains above bones, each node at most once
         per bone.
     pm_result pm_humanoid_fit_tpose(const int bone_node[55],
                                     const int *parent, int node_count,
                                     const pm_transform *rest_pose,
                                     pm_transform *fitted,
                                     pm_humanoid_report *report)
         A rest pose that is not the VRM T-pose (an A-pose, a BVH's
         zero pose with the legs apart and the arms down), turned into it:
         fitted is rest_pose (or may be it) with each bone node's rotation
         changed so that the bone points along its T-pose axis (VRM
         tpose.md: hips to spine and the torso +Y, legs -Y, feet toward +Z,
         arms, fingers and hands (to the middle of the four knuckles) +-X,
         thumbs 45 degrees between +-X and +Z;
         the hips face +Z), and the root moved so that the lowest foot or
         toes joint is at y = 0. Shoulders, head, eyes, jaw and the last
         joints of chains keep their rest rotations relative to their
         parents. Give fitted to pm_humanoid_init: normalized and retargeted
         poses then treat the rig as standing in the T-pose. Errors as
         pm_humanoid_init's, except PM_ERROR_HIPS_HEIGHT, which fitting
         fixes.
     pm_result pm_pose_read(const pm_humanoid *h, const pm_transform *scene_pose,
                            pm_raw_pose *raw)
     pm_result pm_pose_write(const pm_humanoid *h, const pm_raw_pose *raw,
                             pm_transform *scene_pose)
         Bone nodes' local rotations and the hips' local translation. read
         folds the rotations of animated nodes between a bone and its
         humanoid parent (BVH's LowerBack, helper nodes) into the bone, so
         that every bone keeps its world rotation with those nodes at rest.
         write changes only the bone nodes' rotations and the hips'
         translation: start the scene pose from the rest pose (or the
         animation's other nodes) each frame. A raw pose of another rig is
         PM_ERROR_WRONG_RIG.
     pm_result pm_pose_normalize(const pm_humanoid *h, const pm_raw_pose *raw,
                                 pm_normalized_pose *normalized)
     pm_result pm_pose_denormalize(const pm_humanoid *h,
                                   const pm_normalized_pose *normalized,
                                   pm_raw_pose *raw)
         Normalized: identity rest rotations; each rotation relative to the
         nearest present humanoid ancestor; hips position in model space.
     pm_result pm_pose_normalize_keys(const pm_humanoid *h, pm_bone bone,
                                      int components, int key_count,
                                      const float *raw, float *normalized)
         One bone's keys, as pm_pose_normalize gives that bone of each
         key's pose (the same bits): an animation sampler's values read
         once at load (a VRM animation's humanoid tracks), a bone's cost
         instead of a pose's per key. components 4: rotations (x, y, z,
         w) of a bone h has; 3: translations of the hips, to hips
         positions. normalized may be raw. PM_ERROR_INVALID_ARGUMENT for
         NULL, a negative count, a bone h lacks, a key not finite or a
         zero rotation (then nothing is written).
     pm_result pm_retarget_init(pm_retarget *r, const pm_humanoid *from,
                                const pm_humanoid *to)
     pm_result pm_retarget_apply(const pm_retarget *r,
                                 const pm_raw_pose *from_raw,
                                 pm_raw_pose *to_raw)
         Every bone the target has turns from rest as the source's nearest
         bone at or above it; source bones the target lacks are folded into
         its next bones; hips scaled by hips height. init works it out once
         per pair of rigs; apply, per frame, costs ~2 quaternion products
         per bone. PM_ERROR_HIPS_HEIGHT for a rest hips height <= 0;
         PM_ERROR_WRONG_RIG for a pose of another rig than `from` (a
         retarget built the wrong way round); PM_ERROR_INVALID_ARGUMENT for
         a source rotation whose squared length is not a normal float
         (zero, NaN, beyond ~1e19).
     pm_result pm_retarget_once(const pm_humanoid *from,
                                const pm_raw_pose *from_raw,
                                const pm_humanoid *to, pm_raw_pose *to_raw)
         init and apply in one call, for a single pose.
     pm_result pm_pose_turn_y180(const pm_normalized_pose *pose,
                                 pm_normalized_pose *turned)
         Half a turn about Y: between VRM 0.x (-Z facing) and 1.0 poses.

     MMD MOTION (docs/mmd.md)

     float pm_mmd_bezier(const unsigned char control[4], float x)
         MMD's interpolation curve (control points x1, y1, x2, y2 in
         0..127) at gradient x in [0, 1]: the curve parameter solved from x
         exactly (Newton's method in a bracket, in double), not by a fixed
         number of bisections. 0 for x <= 0 or NaN, 1 for x >= 1.
     pm_result pm_vmd_bone_keys_validate(const pm_vmd_bone_key *keys,
                                         int count, int *bad_key)
         Once per bone track: frames strictly increasing (sort a VMD's keys
         by frame), finite values, rotations not zero, control points <=
         127. bad_key (may be NULL) gets the first key at fault, or -1.
     pm_result pm_vmd_bone_sample(const pm_vmd_bone_key *keys, int count,
                                  double frame, int *cursor,
                                  float translation[3], float rotation[4])
         A bone's translation offset and rotation at a fractional frame: each
         of x, y, z mixed by its curve, the rotation slerped by its curve
         (the curves of the key ahead), clamped to the first and last keys.
         O(log keys); O(1) in playback with a cursor, as pm_track_sample.
     pm_result pm_vmd_morph_sample(const pm_vmd_morph_key *keys, int count,
                                   double frame, int *cursor, float *weight)
         A morph's weight, mixed linearly as MMD does.
     pm_result pm_vmd_switch_sample(const pm_vmd_switch_key *keys,
                                    int count, double frame, int *cursor,
                                    int *enabled)
         An IK chain's switch: the key at or before the frame (the first
         before it), 1 for on.
     pm_result pm_mmd_skeleton_init(pm_mmd_skeleton *skeleton, int *bad_bone)
         Once per model: checks skeleton->bones and ik_links and fills
         skeleton->tables (PM_MMD_TABLE_INTS * bone_count ints): every
         index in range (PM_ERROR_OUT_OF_RANGE), no loop of parents or of
         grant sources (PM_ERROR_CYCLE), positions, ratios, axes and limits
         finite, IK target and links not the IK bone, loop counts and unit
         angles >= 0 (PM_ERROR_INVALID_ARGUMENT); an IK that could cost
         more than 2^24 bone updates a frame is PM_ERROR_LIMIT. bad_bone
         (may be NULL) gets the bone at fault, or -1. Linear time.
     pm_result pm_mmd_evaluate(const pm_mmd_skeleton *skeleton,
                               const float *translation,
                               const float *rotation,
                               const float *bone_morphs,
                               const unsigned char *ik_enabled,
                               pm_mmd_pass pass, pm_mmd_bone_pose *pose)
         Per frame: every bone's local pose (translation: 3 floats per
         bone, the offset from rest; rotation: 4, x y z w) to its world
         rotation and position in pose, as MMD poses it: bones in order of
         deform layer, then index; fixed axes; bone morphs (bone_morphs,
         NULL for none: 7 floats per bone from pm_mmd_morph_bones, the
         rotation before the fixed-axis animation, the translation added,
         as babylon-mmd applies them; grants read the morphed source);
         grants (own * slerp(identity,
         source, ratio) for rotation, own + ratio * source for translation;
         local grants read the source's world transform); CCD IK with
         limits after each IK bone (ik_enabled, per bone, may be NULL for
         all on; at most PM_MMD_IK_MAX_LOOPS iterations). pass splits the
         bones flagged after physics from the rest, for a rigid-body solver
         between the two. PM_ERROR_INVALID_ARGUMENT (pose untouched) for a
         NULL array, a bad pass, a non-finite value or a zero rotation.

     MMD MORPHS (docs/mmd.md): faces and more, as babylon-mmd 1.3.0 applies them

     pm_result pm_mmd_morph_set_validate(const pm_mmd_morph_set *set,
                                         int *bad_morph)
         Elements in range of their arrays, morphs, bones and materials
         (-1: every material), known types, finite numbers, non-zero bone
         rotations, operations 0 or 1: PM_ERROR_OUT_OF_RANGE or
         PM_ERROR_INVALID_ARGUMENT with the morph in *bad_morph (may be
         NULL). Each call below checks its set the same way.
     pm_result pm_mmd_morph_weights(const pm_mmd_morph_set *set,
                                    const float *weights, float *applied)
         weights: each morph's weight from the motion (the VMD track of its
         exact name). applied[m]: what morph m gets, its own weight plus
         weight x ratio from each group listing it (a group in a group is
         skipped, babylon-mmd's rule; a group's entry is its own weight):
         the vertex morphs' weights for a skinning job, the UV morphs'
         for moving UV set 0 (or an additional set) by weight x offset.
     pm_result pm_mmd_morph_bones(const pm_mmd_morph_set *set,
                                  const float *weights, float *bone_morphs)
         7 floats per bone (translation, rotation x y z w) for
         pm_mmd_evaluate: from none, each bone morph in PMX index order
         (inside a group at weight x ratio) adds translation x weight and
         turns the rotation toward its own by the weight
         (@babylonjs/core's Quaternion.SlerpToRef: the shorter way, any
         weight). babylon-mmd applies morphs in the order they first
         became non-zero, which depends on what was played before; stacked
         bone morphs and material morphs agree with it when they start
         together.
     void pm_mmd_material_defaults(const float diffuse[4],
                                   const float specular[3], float shininess,
                                   const float ambient[3],
                                   const float edge_color[4],
                                   float edge_size, float *values)
         A PMX material's PM_MMD_MATERIAL_VALUES values before morphs: its
         own, then each texture's multiplicative colour 1 and additive 0.
     pm_result pm_mmd_morph_materials(const pm_mmd_morph_set *set,
                                      const float *weights,
                                      const float *base, float *values)
         base: PM_MMD_MATERIAL_VALUES per material; values: the same after
         every material morph's elements in order (multiply: v + (v m - v)
         w; add: v + a w). An error when a result is not finite (values
         then undefined).

     MMD PHYSICS (docs/mmd.md): PMX rigid bodies and joints for an engine

     pm_result pm_mmd_physics_init(pm_mmd_physics *physics,
                                   pm_mmd_physics_report *report)
         Checks the bodies and joints against the initialized skeleton and
         fills physics->body_setup and joint_setup (caller storage): rest
         transforms (PMX's Euler rule R = Ry Rx Rz), offsets from the bones,
         joint frames in each body's rest frame, group bits, zero volumes,
         the springs that are on, and each body's mode after babylon-mmd's
         rule (a mode-2 body jointed to its bone's parent's dynamic body is
         mode 1). report (may be NULL) names the body or joint at fault.
     pm_result pm_mmd_physics_targets(const pm_mmd_physics *physics,
                                      const pm_mmd_bone_pose *pose,
                                      int every_body, pm_rigid *bodies)
         After the before-physics pass: bodies[i] = its bone's world
         transform times its offset, for the kinematic (mode 0) bodies, or
         for every body with every_body (placing them on their bones: the
         reset). Bodies attached to no bone get their rest transform.
     pm_result pm_mmd_physics_write_back(const pm_mmd_physics *physics,
                                         const pm_rigid *bodies,
                                         pm_mmd_bone_pose *pose)
         After the engine's step: the world transform of each mode 1 and 2
         body's bone from its body (mode 2 keeps the bone's position).
         PM_ERROR_INVALID_ARGUMENT on a body that is not finite, nothing
         written then. Every per-frame physics call also refuses a body
         whose bone was changed since init past the skeleton's bones.
     pm_result pm_mmd_physics_update_children(const pm_mmd_physics *physics,
                                              unsigned char *moved,
                                              pm_mmd_bone_pose *pose)
         An option, saba's rule, after the write-back: the bones below a
         bone the physics moved that have no dynamic body of their own (and
         are not posed after physics) placed again under their moved
         parents, keeping their local pose. babylon-mmd (the default, without
         this call) leaves them where the before-physics pass put them.
         moved: caller storage of skeleton->bone_count bytes.
     pm_result pm_mmd_physics_bone_flags(const pm_mmd_physics *physics,
                                         unsigned char *flags)
         flags[b] (skeleton->bone_count bytes): PM_MMD_PHYSICS_DRIVEN for a
         bone a dynamic body moves; PM_MMD_PHYSICS_IK_SKIPPED for an IK bone
         whose links all are: babylon-mmd does not solve such an IK while the
         physics runs with none of its dynamic bodies switched off (the
         write-back overwrites every bone it would turn), which decides the
         before-physics pose the bodies are placed on and the tips below.
         Pass it on through pm_mmd_evaluate's ik_enabled.

     SKINNING (docs/skinning.md)

     pm_result pm_skin_job_validate(const pm_skin_job *job, int *bad_vertex)
         Once, when the mesh is loaded: every vertex's type, the indices of
         its used slots (weight not 0), weights (finite, >= 0, a sum in
         [2^-125, 2^125]), SDEF data, morphs, finite numbers; and that no
         output element overlaps an input or another output (streams
         interleaved at one stride may share a buffer). bad_vertex (may be
         NULL) gets the first vertex that fails, or -1 when the error is not
         about one vertex (a NULL array, a count, an overlap, a morph weight).
     pm_result pm_skin_job_prepare(const pm_skin_job *job)
         Per frame, after the bones moved: job->bones (pm_rigid) or
         job->bone_matrices (glTF world * inverseBind, scale and shear kept)
         into job->prepared (on a 16-byte boundary, as pm_skin_bone's
         type puts it). A bad bone leaves job->prepared untouched.
     pm_result pm_skin_job_run(const pm_skin_job *job, int first_vertex,
                               int count)
         Morphs and skins vertices [first_vertex, first_vertex + count).
         Threads may run disjoint ranges of one prepared job at once.
         job->normal_rule picks how the linear blends turn normals and
         tangents: PM_SKIN_NORMALS_EXACT (0, the default) by the blended
         matrix's inverse transpose, PM_SKIN_NORMALS_BLENDED by the blended
         matrix itself, as MMD renderers shade (both then normalized).
         job->stride gives each stream's stride in bytes (0: packed); a
         strided stream is read and written in place, exactly its
         elements' bytes (the bytes between them are left alone).
         PM_ERROR_INVALID_ARGUMENT for a stride below its element's size or
         off its alignment, for job->influences other than 0, 1, 2, 4
         or 8 (1, 2 and 8 with types), and for job->last_weight_implied
         other than 0, or 1 with 4 influences and no types (the implied
         weight is checked as a stored one: validate refuses a vertex whose
         w0 + w1 + w2 passes 1). Checks the job, not the vertices: on content
         validate refused it still returns PM_OK and stays inside the
         arrays, its values unspecified.
     const char *pm_skin_job_get_kernels(void)
         The kernels run uses in this build on this CPU: "AVX-512F",
         "AVX2 + FMA", "SSE2", "NEON" or "portable" (see
         POSEMATH_NO_DISPATCH).
     pm_result pm_morphs_group_by_vertex(int vertex_count, int morph_count,
                                   const int *morph_offset_start,
                                   const int *morph_vertex,
                                   const float *morph_offset, int *morph_start,
                                   pm_vertex_morph *morphs, int capacity)
         PMX's vertex morphs (morph j has the entries [morph_offset_start[j],
         morph_offset_start[j + 1]) of morph_vertex and 3 floats each of
         morph_offset) to the job's per-vertex layout: morph_start gets
         vertex_count + 1 entries, morphs up to capacity (else
         PM_ERROR_CAPACITY).
     pm_result pm_morph_masks(int vertex_count, const int *morph_start,
                              const pm_vertex_morph *morphs,
                              uint64_t *masks)
         A job's morph_masks, (vertex_count + 15) / 16 of them, from its
         morph_start and morphs: with them, the vertices of morphs at
         weight 0 (a face's other morphs) cost what vertices without morphs
         cost.
     pm_result pm_skin_partition_by_type(int vertex_count,
                                         const unsigned char *types,
                                         int *order, int *position,
                                         int part_start[6])
         Once at load, for a mesh of mixed types (PMX) on a machine whose
         memory bandwidth bounds skinning: the vertices sorted by type,
         each type's in their order. order[i] (new to old) is the vertex
         that goes to place i: the permutation to apply to the vertex arrays
         (and morphs); position[v] (old to new) where vertex v went: what
         index buffers need. part_start[t]..part_start[t + 1] is the part
         of type t (PMX numbering), part_start[5] = vertex_count. Then one
         job per part: BDEF1 with influences 1 (an index a vertex), BDEF2
         with influences 2 (two indices and w0), BDEF4 with types NULL,
         SDEF and QDEF with their types. PM_ERROR_INVALID_ARGUMENT for a
         negative count, a NULL array or a type byte above PM_SKIN_QDEF
         (then nothing is written). docs/skinning.md: what it saves.
     pm_result pm_skin_compute_bone_matrices(const float *world,
                                             int node_count,
                                             const int *joint_node,
                                             int joint_count,
                                             const float *inverse_bind,
                                             float *bone_matrices)
         glTF: the job's bone_matrices from the scene's world matrices
         (pm_scene_world_matrices: 16 floats per node) and a skin's joints
         (joint_node[j], the node of joint j) and inverseBindMatrices (16
         floats per joint, or NULL for identity, as glTF's default):
         world(joint) * inverseBind, in floats (each entry four products
         summed in order from the first). Any 4-byte alignment.
         PM_ERROR_OUT_OF_RANGE for a joint node outside [0, node_count);
         PM_ERROR_INVALID_ARGUMENT for NULL, a negative count or a product
         that is not finite (bone_matrices then all zero). bone_matrices
         must not overlap world or inverse_bind: each product is written as
         it is taken.
     pm_result pm_rigid_from_bone(const versor world_rotation,
                                  const vec3 world_position,
                                  const vec3 bind_position, pm_rigid *out)
         MMD: a bone with no bind rotation, its head moved from
         bind_position to world_position and turned by world_rotation.
*/

#ifndef POSEMATH_H
#define POSEMATH_H

#define POSEMATH_VERSION_MAJOR 0
#define POSEMATH_VERSION_MINOR 21
#define POSEMATH_VERSION_PATCH 0

#include <cglm/cglm.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PMDEF
#ifdef POSEMATH_STATIC
#if defined(__GNUC__) || defined(__clang__)
#define PMDEF static __attribute__((unused))
#else
#define PMDEF static
#endif
#else
#define PMDEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pm_result {
    PM_OK = 0,
    PM_ERROR_INVALID_ARGUMENT = -1, /* NULL, NaN/Inf, zero quaternion, bad enum value, ... */
    PM_ERROR_OUT_OF_RANGE = -2,     /* an index outside [0, count) */
    PM_ERROR_CYCLE = -3,            /* circular dependency, or a loop in a parent array */
    PM_ERROR_MISSING_BONE = -4,     /* a required humanoid bone is absent */
    PM_ERROR_PARSE = -5,            /* malformed text */
    PM_ERROR_CAPACITY = -6,         /* a caller-provided buffer is too small */
    PM_ERROR_LIMIT = -7,            /* past a documented limit on the work one call may do */
    PM_ERROR_HIPS_HEIGHT = -8,      /* a humanoid's rest hips are not above y = 0: fit the rest first */
    PM_ERROR_WRONG_RIG = -9,        /* a raw pose or retarget made for another rig */
    PM_ERROR_OUT_OF_MEMORY = -10,   /* an allocation failed (the runtime headers; posemath.h allocates nothing) */
    PM_ERROR_FILE = -11             /* a file cannot be read (the runtime headers) */
} pm_result;

PMDEF const char *pm_result_string(pm_result result);

/* A node's local transform: M = T(translation) * R(rotation) * S(scale). */
typedef struct pm_transform {
    vec3 translation;
    versor rotation;
    vec3 scale;
} pm_transform;

/* ---- Quaternion <-> Euler ---------------------------------------------- */

/* The twelve sequences: six Tait-Bryan (three axes; angles by axis) and
   six proper Euler ones (first axis again; angles in sequence order). */
typedef enum pm_euler_order {
    PM_EULER_XYZ, PM_EULER_XZY, PM_EULER_YXZ, PM_EULER_YZX, PM_EULER_ZXY, PM_EULER_ZYX,
    PM_EULER_XYX, PM_EULER_XZX, PM_EULER_YXY, PM_EULER_YZY, PM_EULER_ZXZ, PM_EULER_ZYZ,
    PM_EULER_ORDER_COUNT /* 12 */
} pm_euler_order;

typedef enum pm_rotation_type {
    PM_ROTATION_POINT = 0, /* intrinsic: each rotation about the axes as already turned */
    PM_ROTATION_FRAME = 1  /* extrinsic: each rotation about the fixed axes */
} pm_rotation_type;

PMDEF pm_result pm_euler_order_parse(const char *text, pm_euler_order *order);
PMDEF const char *pm_euler_order_name(pm_euler_order order);
PMDEF pm_result pm_quat_to_euler(const versor q, pm_euler_order order, pm_rotation_type type,
                                 vec3 euler);
PMDEF pm_result pm_euler_to_quat(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 versor q);
PMDEF pm_result pm_quat_to_euler_deg(const versor q, pm_euler_order order, pm_rotation_type type,
                                     vec3 euler_deg);
PMDEF pm_result pm_euler_deg_to_quat(const vec3 euler_deg, pm_euler_order order,
                                     pm_rotation_type type, versor q);
PMDEF pm_result pm_mat3_to_euler(const float m[9], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler);
PMDEF pm_result pm_mat4_to_euler(const float m[16], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler);
PMDEF pm_result pm_euler_to_mat3(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[9]);
PMDEF pm_result pm_euler_to_mat4(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[16]);

/* ---- Scenes ---------------------------------------------------------------

   A scene is node_count nodes with parent[i] == -1 for a root and any order
   (children may come before parents), and a local pm_transform per node. */

PMDEF pm_result pm_scene_validate(const int *parent, int node_count, int *depth);
PMDEF pm_result pm_scene_world_matrices(const int *parent, int node_count, const pm_transform *pose,
                                        float *world);

/* ---- Animation tracks: glTF samplers (and so VRM animations) -------------- */

typedef enum pm_interpolation {
    PM_INTERPOLATION_LINEAR,     /* glTF's default; slerp for rotations */
    PM_INTERPOLATION_STEP,
    PM_INTERPOLATION_CUBICSPLINE /* values are (in-tangent, value, out-tangent) per key */
} pm_interpolation;

/* One glTF animation sampler as its accessors store it. */
typedef struct pm_track {
    const float *times;            /* key_count seconds, strictly increasing */
    const float *values;           /* key_count x components (x 3 for CUBICSPLINE) */
    int key_count;
    int components;                /* 3 (translation, scale) or 4 (rotation, x y z w) */
    pm_interpolation interpolation;
} pm_track;

PMDEF pm_result pm_interpolation_parse(const char *text, pm_interpolation *interpolation);
PMDEF pm_result pm_track_validate(const pm_track *track, int *bad_key);
PMDEF pm_result pm_track_sample(const pm_track *track, double time, int *cursor, float *out);

/* ---- VRMC_node_constraint 1.0 ---------------------------------------------- */

typedef enum pm_constraint_type {
    PM_CONSTRAINT_ROLL, PM_CONSTRAINT_AIM, PM_CONSTRAINT_ROTATION
} pm_constraint_type;

typedef enum pm_axis {
    PM_AXIS_POSITIVE_X, PM_AXIS_NEGATIVE_X, PM_AXIS_POSITIVE_Y,
    PM_AXIS_NEGATIVE_Y, PM_AXIS_POSITIVE_Z, PM_AXIS_NEGATIVE_Z
} pm_axis;

typedef struct pm_constraint {
    pm_constraint_type type;
    int destination, source; /* node indices */
    pm_axis axis;            /* roll: PM_AXIS_POSITIVE_X/Y/Z; aim: any; rotation: ignored */
    float weight;            /* [0, 1]; 1 in the JSON when absent */
} pm_constraint;

/* Allocation callbacks for the companion headers that read files
   (posemath_mmd.h, posemath_vrm.h; posemath.h itself allocates nothing):
   NULL functions mean malloc and free. alloc_func returns at least `size`
   bytes aligned for any type, or NULL. */
typedef struct pm_memory {
    void *(*alloc_func)(void *user_data, size_t size);
    void (*free_func)(void *user_data, void *ptr);
    void *user_data;
} pm_memory;

/* Where and why a text failed to parse: a byte offset into it and an
   English message naming the member or rule ("\"weight\" must be a number
   from 0 to 1"). After a parse that succeeded, `warning` says what was
   played as three-vrm plays it rather than refused (NULL when nothing was).
   Both are string literals: they need no freeing. */
typedef struct pm_parse_error {
    size_t offset;
    const char *message;
    const char *warning;
} pm_parse_error;

PMDEF pm_result pm_json_number(const char *text, size_t length, double *value, size_t *used);
PMDEF pm_result pm_constraint_parse_json(const char *json, size_t length, int destination,
                                         pm_constraint *out, pm_parse_error *error);

typedef struct pm_constraint_rest {
    versor destination, source; /* rest local rotations, unit */
} pm_constraint_rest;

typedef struct pm_constraint_set {
    const pm_constraint *constraints;
    int count;
    const int *parent; /* the scene's parent array */
    int node_count;
    pm_constraint_rest *rest; /* caller storage, count entries, filled by init */
    int *order;               /* caller storage, count entries: evaluation order, filled by init */
} pm_constraint_set;

PMDEF pm_result pm_constraint_set_init(pm_constraint_set *set, const pm_transform *rest_pose);
PMDEF pm_result pm_constraint_set_apply(const pm_constraint_set *set, pm_transform *pose);

/* An aim constraint reads world positions: apply walks from its source and
   its destination to their roots. The depths of those nodes (nodes from
   each to its root), summed over a set's aim constraints, may be at most
   this; init returns PM_ERROR_LIMIT past it, so that apply stays linear in
   the scene's size even for a scene that is one long chain. */
#define PM_CONSTRAINT_AIM_DEPTH_LIMIT(node_count) (4 * (int64_t)(node_count) + 16384)

/* ---- VRM spring bones: VRMC_springBone 1.0 --------------------------------- */

typedef enum pm_collider_shape {
    PM_COLLIDER_SPHERE,         /* offset, radius: joints kept outside */
    PM_COLLIDER_CAPSULE,        /* offset to tail, radius: joints kept outside */
    PM_COLLIDER_PLANE,          /* through offset: joints kept on the normal's side */
    PM_COLLIDER_INSIDE_SPHERE,  /* VRMC_springBone_extended_collider: joints kept inside */
    PM_COLLIDER_INSIDE_CAPSULE
} pm_collider_shape;

typedef struct pm_spring_collider {
    int node;
    pm_collider_shape shape;
    vec3 offset;  /* in the node's space */
    float radius; /* spheres and capsules, >= 0 */
    vec3 tail;    /* capsules: the other end, in the node's space */
    vec3 normal;  /* planes: unit, in the node's space */
} pm_spring_collider;

typedef struct pm_spring_collider_group {
    const int *colliders; /* indices into the set's colliders */
    int collider_count;
} pm_spring_collider_group;

/* One joint turns its node so that a tail point swings: the origin of
   `child`, which must be a child node of `node` (VRMC_springBone's joints
   n and n + 1), or with child -1 the point 7 cm along the node's own rest
   translation, three-vrm's tail for VRM 0.x's leaf bones. */
typedef struct pm_spring_joint {
    int node;
    int child;
    float hit_radius;    /* >= 0 */
    float stiffness;     /* >= 0: pull back toward the rest direction, per second */
    float gravity_power; /* >= 0 */
    vec3 gravity_dir;    /* world space, used as given (three-vrm does not normalize it) */
    float drag_force;    /* [0, 1]: 1 keeps no velocity */
} pm_spring_joint;

typedef struct pm_spring {
    const pm_spring_joint *joints;
    int joint_count;
    const int *collider_groups; /* indices into the set's collider groups */
    int collider_group_count;
    int center; /* a node whose space carries the tails' inertia, or -1: world space */
} pm_spring;

/* Which part of a description init refused, and why: indices or -1. */
typedef struct pm_spring_report {
    int spring, joint; /* joint: within its spring */
    int collider, group;
    const char *message; /* a string literal; NULL on success */
} pm_spring_report;

/* What a joint carries from step to step (caller storage, set by init and
   reset; read it, do not write it). */
typedef struct pm_spring_joint_state {
    double tail[3], previous_tail[3]; /* the tail now and one step before, in the center's space */
    double rest_tail[3];              /* the tail in the node's space at rest */
    versor rest_rotation;             /* the node's rest local transform */
    vec3 rest_translation, rest_scale;
    versor rotation;                  /* the node's local rotation as the last step left it */
    int spring, joint;                /* the joint's description */
} pm_spring_joint_state;

typedef struct pm_spring_set {
    const pm_spring *springs;
    int spring_count;
    const pm_spring_collider *colliders;
    int collider_count;
    const pm_spring_collider_group *groups;
    int group_count;
    const int *parent; /* the scene's parent array */
    int node_count;
    pm_spring_joint_state *joints; /* caller storage: one entry per joint of all springs */
    int joint_capacity;
    int *work; /* caller storage: PM_SPRING_WORK_INTS(node_count, joint_capacity) ints */
    float *lanes; /* caller storage: PM_SPRING_LANE_FLOATS(joint_capacity, collider_count) floats */
    int joint_count; /* set by init */
    /* Beyond three-vrm, read by every step; zero (off) keeps three-vrm's results: */
    vec3 external_force;  /* wind: world space, moves tails as gravity does (metres per second) */
    int scale_with_world; /* UniVRM's rule for scaled avatars: a joint's stiffness, gravity, force and
                             radius times its node's world scale, a collider's radius times its node's */
} pm_spring_set;

/* A fixed-substep clock for pm_spring_set_step_fixed (caller storage). */
typedef struct pm_spring_clock {
    float substep;          /* seconds per step, > 0 (1 / 120.0f, say) */
    int max_substeps;       /* per call, >= 1: time past them is dropped, so a stall cannot snowball */
    float *previous_world;  /* 16 node_count floats: the world matrices given to the call before */
    float *substep_world;   /* 16 node_count floats of scratch */
    double leftover;        /* seconds since the last substep; 0 to start */
    int started;            /* 0 to start: the first call takes its world as the call before's too */
} pm_spring_clock;

#define PM_SPRING_WORK_INTS(node_count, joint_capacity) (6 * (size_t)(node_count) + 4 * (size_t)(joint_capacity) + 2)
/* what the step reads side by side: the joints' constants in its order, 16
   past the last for the widest SIMD lanes, and each collider where it is */
#define PM_SPRING_LANE_FLOATS(joint_capacity, collider_count) \
    (29 * ((size_t)(joint_capacity) + 16) + 12 * (size_t)(collider_count))

PMDEF pm_result pm_spring_set_init(pm_spring_set *set, const pm_transform *rest_pose, pm_spring_report *report);
PMDEF pm_result pm_spring_set_reset(const pm_spring_set *set, pm_transform *pose, float *world);
PMDEF pm_result pm_spring_set_step(const pm_spring_set *set, pm_transform *pose, float *world, float dt);
PMDEF pm_result pm_spring_set_step_fixed(const pm_spring_set *set, pm_spring_clock *clock, pm_transform *pose,
                                         float *world, float dt);
PMDEF pm_result pm_spring_set_teleport(const pm_spring_set *set, const float transform[16], int keep_velocity);

/* What pm_spring_parse_vrm0_json fills (caller storage): the set's springs,
   colliders and groups point into it. */
typedef struct pm_spring_storage {
    pm_spring *springs;
    int spring_capacity;
    pm_spring_joint *joints;
    int joint_capacity;
    pm_spring_collider *colliders;
    int collider_capacity;
    pm_spring_collider_group *groups;
    int group_capacity;
    int *indices; /* the groups' colliders, the springs' groups and the bone groups' roots */
    int index_capacity;
    int *cursor;  /* node_count ints of scratch */
} pm_spring_storage;

PMDEF pm_result pm_spring_parse_json(const char *json, size_t length, const pm_spring_storage *storage, pm_spring_set *set,
                                     pm_parse_error *error);
PMDEF pm_result pm_spring_parse_vrm0_json(const char *json, size_t length, const int *child_start, const int *children,
                                          const pm_spring_storage *storage, pm_spring_set *set, pm_parse_error *error);

/* ---- Humanoid: VRM bones, normalized poses, retargeting ------------------- */

typedef enum pm_bone {
    PM_BONE_HIPS, PM_BONE_SPINE, PM_BONE_CHEST, PM_BONE_UPPER_CHEST, PM_BONE_NECK, PM_BONE_HEAD,
    PM_BONE_LEFT_EYE, PM_BONE_RIGHT_EYE, PM_BONE_JAW,
    PM_BONE_LEFT_UPPER_LEG, PM_BONE_LEFT_LOWER_LEG, PM_BONE_LEFT_FOOT, PM_BONE_LEFT_TOES,
    PM_BONE_RIGHT_UPPER_LEG, PM_BONE_RIGHT_LOWER_LEG, PM_BONE_RIGHT_FOOT, PM_BONE_RIGHT_TOES,
    PM_BONE_LEFT_SHOULDER, PM_BONE_LEFT_UPPER_ARM, PM_BONE_LEFT_LOWER_ARM, PM_BONE_LEFT_HAND,
    PM_BONE_RIGHT_SHOULDER, PM_BONE_RIGHT_UPPER_ARM, PM_BONE_RIGHT_LOWER_ARM, PM_BONE_RIGHT_HAND,
    PM_BONE_LEFT_THUMB_METACARPAL, PM_BONE_LEFT_THUMB_PROXIMAL, PM_BONE_LEFT_THUMB_DISTAL,
    PM_BONE_LEFT_INDEX_PROXIMAL, PM_BONE_LEFT_INDEX_INTERMEDIATE, PM_BONE_LEFT_INDEX_DISTAL,
    PM_BONE_LEFT_MIDDLE_PROXIMAL, PM_BONE_LEFT_MIDDLE_INTERMEDIATE, PM_BONE_LEFT_MIDDLE_DISTAL,
    PM_BONE_LEFT_RING_PROXIMAL, PM_BONE_LEFT_RING_INTERMEDIATE, PM_BONE_LEFT_RING_DISTAL,
    PM_BONE_LEFT_LITTLE_PROXIMAL, PM_BONE_LEFT_LITTLE_INTERMEDIATE, PM_BONE_LEFT_LITTLE_DISTAL,
    PM_BONE_RIGHT_THUMB_METACARPAL, PM_BONE_RIGHT_THUMB_PROXIMAL, PM_BONE_RIGHT_THUMB_DISTAL,
    PM_BONE_RIGHT_INDEX_PROXIMAL, PM_BONE_RIGHT_INDEX_INTERMEDIATE, PM_BONE_RIGHT_INDEX_DISTAL,
    PM_BONE_RIGHT_MIDDLE_PROXIMAL, PM_BONE_RIGHT_MIDDLE_INTERMEDIATE, PM_BONE_RIGHT_MIDDLE_DISTAL,
    PM_BONE_RIGHT_RING_PROXIMAL, PM_BONE_RIGHT_RING_INTERMEDIATE, PM_BONE_RIGHT_RING_DISTAL,
    PM_BONE_RIGHT_LITTLE_PROXIMAL, PM_BONE_RIGHT_LITTLE_INTERMEDIATE, PM_BONE_RIGHT_LITTLE_DISTAL,
    PM_BONE_COUNT /* 55 */
} pm_bone;
#define PM_BONE_NONE (-1)

PMDEF const char *pm_bone_name(pm_bone bone);
PMDEF pm_result pm_bone_parse(const char *name, pm_bone *bone);
PMDEF pm_result pm_bone_parse_vrm0(const char *name, pm_bone *bone);
PMDEF int pm_bone_parent(pm_bone bone);
PMDEF int pm_bone_required(pm_bone bone);
PMDEF pm_result pm_humanoid_map_parse_json(const char *json, size_t length, int node_count,
                                           int bone_node[PM_BONE_COUNT], pm_parse_error *error);

/* What a humanoid or a T-pose fit found wrong (pm_humanoid_init and
   pm_humanoid_fit_tpose fill it when given one): the bone and the node at
   fault, -1 where none is, and an English message ("required bone
   missing", "two bones on one node", ...), a string literal; NULL on
   success. */
typedef struct pm_humanoid_report {
    int bone;
    int node;
    const char *message;
} pm_humanoid_report;

/* A rig's humanoid: filled by pm_humanoid_init, then only read. Its fields
   are the library's: read them, never change them. It points at the
   caller's parent array, which must outlive it unchanged (as a
   pm_constraint_set's arrays do). */
typedef struct pm_humanoid {
    const int *parent;                    /* the scene's parent array */
    int node_count;                       /* of the scene it was built from */
    uint32_t rig;                         /* fingerprint of the rig: bones, nodes and rest */
    int bone_node[PM_BONE_COUNT];         /* scene node of each bone, or -1 */
    int parent_bone[PM_BONE_COUNT];       /* nearest present humanoid ancestor, or -1 */
    float rest_local[PM_BONE_COUNT][4];   /* L: rest local rotation (x, y, z, w) */
    float rest_parent[PM_BONE_COUNT][4];  /* P: rest world rotation of the node's scene parent */
    float rest_world[PM_BONE_COUNT][4];   /* W = P L: rest world rotation */
    float rest_link[PM_BONE_COUNT][4];    /* K = W(humanoid parent)^-1 P, or P for the hips:
                                             the rest turn between humanoid parent and scene parent */
    vec3 rest_hips;                       /* hips position at rest, model space */
    float hips_parent[12], hips_parent_inverse[12]; /* hips' parent frame at rest: 3x3 columns, translation */
} pm_humanoid;

/* A pose as one rig's nodes hold it. `rig` says which (its humanoid's
   fingerprint): pm_pose_read, pm_pose_denormalize and the retargets set
   it, and pm_pose_write, pm_pose_normalize and the retargets refuse a pose
   of another rig. A pose built by hand copies it from humanoid->rig. */
typedef struct pm_raw_pose {
    versor rotation[PM_BONE_COUNT];       /* each bone node's local rotation; identity for absent bones */
    vec3 hips_translation;                /* the hips node's local translation */
    uint32_t rig;
} pm_raw_pose;

/* A pose on a rig whose rest rotations are all identity: the same numbers
   on every rig (VRM's normalized pose). */
typedef struct pm_normalized_pose {
    versor rotation[PM_BONE_COUNT];       /* relative to the nearest present humanoid ancestor */
    vec3 hips_position;                   /* the hips' position in model space */
} pm_normalized_pose;

PMDEF pm_result pm_humanoid_init(pm_humanoid *humanoid, const int bone_node[PM_BONE_COUNT], const int *parent,
                                 int node_count, const pm_transform *rest_pose, pm_humanoid_report *report);
PMDEF pm_result pm_humanoid_fit_tpose(const int bone_node[PM_BONE_COUNT], const int *parent, int node_count,
                                      const pm_transform *rest_pose, pm_transform *fitted,
                                      pm_humanoid_report *report);
PMDEF pm_result pm_pose_read(const pm_humanoid *humanoid, const pm_transform *scene_pose, pm_raw_pose *raw);
PMDEF pm_result pm_pose_write(const pm_humanoid *humanoid, const pm_raw_pose *raw, pm_transform *scene_pose);
PMDEF pm_result pm_pose_normalize(const pm_humanoid *humanoid, const pm_raw_pose *raw,
                                  pm_normalized_pose *normalized);
PMDEF pm_result pm_pose_normalize_keys(const pm_humanoid *humanoid, pm_bone bone, int components, int key_count,
                                       const float *raw, float *normalized);
PMDEF pm_result pm_pose_denormalize(const pm_humanoid *humanoid, const pm_normalized_pose *normalized,
                                    pm_raw_pose *raw);
PMDEF pm_result pm_pose_turn_y180(const pm_normalized_pose *pose, pm_normalized_pose *turned);

/* A retarget from one rig to another, worked out once by pm_retarget_init:
   each pm_retarget_apply then costs two quaternion products per target
   bone (more where the target lacks bones the source has). Its fields are
   the library's: never change them. */
typedef struct pm_retarget {
    uint32_t from_rig, to_rig;            /* the rigs' fingerprints */
    int bone_count;                       /* the target's bones, in table order: */
    int bone[PM_BONE_COUNT];              /* each one's pm_bone */
    int first_step[PM_BONE_COUNT], step_count[PM_BONE_COUNT];
    float pre[PM_BONE_COUNT][4], post[PM_BONE_COUNT][4];
    int step_bone[2 * PM_BONE_COUNT];     /* source bones, down a chain */
    float step_link[2 * PM_BONE_COUNT][4];
    int source_bone[PM_BONE_COUNT];       /* the source's bones, checked on input */
    int source_count;
    float hips[12];                       /* source hips (local) -> target hips (local): 3x3 columns, translation */
} pm_retarget;

PMDEF pm_result pm_retarget_init(pm_retarget *retarget, const pm_humanoid *from, const pm_humanoid *to);
PMDEF pm_result pm_retarget_apply(const pm_retarget *retarget, const pm_raw_pose *from_raw, pm_raw_pose *to_raw);
PMDEF pm_result pm_retarget_once(const pm_humanoid *from, const pm_raw_pose *from_raw, const pm_humanoid *to,
                                 pm_raw_pose *to_raw);

/* ---- VRM lookAt: eyes toward a point ---------------------------------------- */

typedef enum pm_look_at_type {
    PM_LOOK_AT_NONE,      /* the file has no lookAt */
    PM_LOOK_AT_BONE,      /* the eye bones turn */
    PM_LOOK_AT_EXPRESSION /* the lookLeft/Right/Up/Down expressions weigh in */
} pm_look_at_type;

/* The four look expressions' weights, in this order, from pm_look_at_weights */
enum { PM_LOOK_LEFT, PM_LOOK_RIGHT, PM_LOOK_UP, PM_LOOK_DOWN, PM_LOOK_WEIGHT_COUNT };

/* An angle in degrees from 0 to input_max_value maps linearly onto 0 to
   output_scale (degrees for bones, a weight for expressions), and stays
   there past it. */
typedef struct pm_look_at_range_map {
    float input_max_value; /* > 0 */
    float output_scale;
} pm_look_at_range_map;

typedef struct pm_look_at {
    pm_look_at_type type;
    vec3 offset_from_head_bone; /* the eyes' midpoint, in the head bone's space */
    vec3 face_front;            /* the model's front at rest: +Z in VRM 1.0, -Z in VRM 0.x */
    pm_look_at_range_map horizontal_inner, horizontal_outer, vertical_down, vertical_up;
} pm_look_at;

PMDEF pm_result pm_look_at_parse_json(const char *json, size_t length, pm_look_at *look_at, pm_parse_error *error);
PMDEF pm_result pm_look_at_yaw_pitch(const pm_look_at *look_at, const pm_humanoid *humanoid, const float *world,
                                     const vec3 target, float *yaw, float *pitch);
PMDEF pm_result pm_look_at_eyes(const pm_look_at *look_at, float yaw, float pitch, pm_normalized_pose *pose);
PMDEF pm_result pm_look_at_weights(const pm_look_at *look_at, float yaw, float pitch, float weights[PM_LOOK_WEIGHT_COUNT]);

/* ---- VRM expressions: faces, from the weights a host sets ------------------- */

/* VRMC_vrm's preset expressions (VRM 0.x's blend shape presets as three-vrm
   names them: joy is happy, a is aa, blink_l is blinkLeft, ...) */
typedef enum pm_expression_preset {
    PM_EXPRESSION_CUSTOM = -1,
    PM_EXPRESSION_HAPPY, PM_EXPRESSION_ANGRY, PM_EXPRESSION_SAD, PM_EXPRESSION_RELAXED, PM_EXPRESSION_SURPRISED,
    PM_EXPRESSION_AA, PM_EXPRESSION_IH, PM_EXPRESSION_OU, PM_EXPRESSION_EE, PM_EXPRESSION_OH,
    PM_EXPRESSION_BLINK, PM_EXPRESSION_BLINK_LEFT, PM_EXPRESSION_BLINK_RIGHT,
    PM_EXPRESSION_LOOK_UP, PM_EXPRESSION_LOOK_DOWN, PM_EXPRESSION_LOOK_LEFT, PM_EXPRESSION_LOOK_RIGHT,
    PM_EXPRESSION_NEUTRAL,
    PM_EXPRESSION_PRESET_COUNT
} pm_expression_preset;

/* How an expression holds back the blink, lookAt or mouth expressions */
typedef enum pm_expression_override {
    PM_EXPRESSION_OVERRIDE_NONE,
    PM_EXPRESSION_OVERRIDE_BLOCK, /* all of them, while it weighs anything */
    PM_EXPRESSION_OVERRIDE_BLEND  /* by its weight */
} pm_expression_override;

/* A morph target an expression moves: target `index` of the host's mesh
   slot `mesh` (a node with a mesh in VRM 1.0, a mesh in 0.x), by weight. */
typedef struct pm_expression_morph_bind {
    int mesh;
    int index;
    float weight; /* VRM 1.0's weight; VRM 0.x's divided by 100 */
} pm_expression_morph_bind;

/* A material value an expression moves: toward `target` by its applied
   weight, from the material's own value (the renderer's: initial +
   (target - initial) x applied, summed over the expressions) */
typedef enum pm_expression_material_property {
    PM_EXPRESSION_COLOR, PM_EXPRESSION_EMISSION_COLOR, PM_EXPRESSION_SHADE_COLOR, PM_EXPRESSION_MATCAP_COLOR,
    PM_EXPRESSION_RIM_COLOR, PM_EXPRESSION_OUTLINE_COLOR,
    PM_EXPRESSION_TEXTURE_TRANSFORM /* target: the texture's scale (x, y), then its offset (x, y) */
} pm_expression_material_property;

typedef struct pm_expression_material_bind {
    int material;              /* VRM 1.0: the glTF material; VRM 0.x: -1, named below */
    const char *material_name; /* VRM 0.x: its name as the JSON text spells it (three-vrm also moves */
    size_t material_name_length; /* the material named NAME + " (Outline)") */
    pm_expression_material_property property;
    float target[4]; /* a color's r, g, b, a */
} pm_expression_material_bind;

typedef struct pm_expression {
    const char *name;            /* a preset's name, or a custom one's as its JSON text spells it */
    size_t name_length;          /* (escapes not decoded, not NUL-terminated) */
    pm_expression_preset preset; /* PM_EXPRESSION_CUSTOM for a custom one */
    int is_binary;               /* 0 or 1 when the weight is past 0.5 */
    pm_expression_override override_blink, override_look_at, override_mouth;
    const pm_expression_morph_bind *morph_binds;
    int morph_bind_count;
    const pm_expression_material_bind *material_binds; /* each moves by the expression's applied weight */
    int material_bind_count;
} pm_expression;

/* What pm_expressions_parse_json fills (caller storage) */
typedef struct pm_expression_storage {
    pm_expression *expressions;
    int expression_capacity;
    pm_expression_morph_bind *morph_binds;
    int morph_bind_capacity;
    pm_expression_material_bind *material_binds;
    int material_bind_capacity;
} pm_expression_storage;

/* The most expressions one file may hold: each name is checked against
   the ones before it, so this bounds that work (VRM avatars hold tens). */
#define PM_EXPRESSION_LIMIT 1024

PMDEF const char *pm_expression_preset_name(pm_expression_preset preset);
PMDEF pm_result pm_expressions_parse_json(const char *json, size_t length, const pm_expression_storage *storage,
                                          int *expression_count, pm_parse_error *error);
PMDEF pm_result pm_expressions_resolve(const pm_expression *expressions, int count, const float *weights, float *applied);
PMDEF pm_result pm_expressions_morph_weights(const pm_expression *expressions, int count, const float *applied,
                                             const int *morph_start, int mesh_count, float *morph_weights,
                                             int *bad_expression);

/* ---- Skinning: vertex morphs, BDEF1/2/4, SDEF, QDEF ----------------------- */

typedef enum pm_skin_type {
    PM_SKIN_BDEF1 = 0, PM_SKIN_BDEF2 = 1, PM_SKIN_BDEF4 = 2, PM_SKIN_SDEF = 3, PM_SKIN_QDEF = 4 /* PMX numbering */
} pm_skin_type;

/* A bone's skinning transform M = T(translation) R(rotation): bind pose to posed. */
typedef struct pm_rigid {
    versor rotation;
    vec3 translation;
} pm_rigid;

/* pm_skin_bone's alignment: its SIMD loads need 16 bytes, which arrays of
   it get from the compiler and from a 64-bit malloc. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define PM__ALIGN16 alignas(16)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define PM__ALIGN16 _Alignas(16)
#elif defined(_MSC_VER)
#define PM__ALIGN16 __declspec(align(16))
#else
#define PM__ALIGN16 __attribute__((aligned(16)))
#endif

/* One bone made ready for skinning by pm_skin_job_prepare: 192 bytes on a
   16-byte boundary. */
typedef struct pm_skin_bone {
    PM__ALIGN16 float columns[12]; /* 3x3 columns, each padded with 0, then translation: BDEF1 */
    float translation[3]; /* the 4th column, beside scale: BDEF1, SDEF */
    float scale;          /* cbrt(det), negative for a mirror: SDEF, QDEF */
    float matrix[12];     /* 3x3 columns, then the translation, packed: linear blends */
    float normal[12];     /* cofactor matrix times det's sign, columns padded with 0: BDEF1 normals */
    float real[4];        /* the rotation (x, y, z, w): SDEF, QDEF */
    float dual[4];        /* with real, the unit dual quaternion: QDEF */
} pm_skin_bone;

typedef struct pm_vertex_morph {
    int morph;        /* index into morph_weights */
    float offset[3];  /* displacement at weight 1 */
} pm_vertex_morph;

enum { PM_MORPH_MASK_VERTICES = 16 }; /* vertices per entry of a job's morph_masks */

/* How the linear blends (BDEF1/2/4) turn normals and tangents. SDEF and
   QDEF turn them by their rotation either way. */
typedef enum pm_skin_normal_rule {
    PM_SKIN_NORMALS_EXACT = 0,  /* normalize(M^-T n): the MMD skinning article's, exact for the blended map */
    PM_SKIN_NORMALS_BLENDED = 1 /* normalize(M n): what babylon-mmd, three.js, saba and ozz-animation do */
} pm_skin_normal_rule;

/* Bytes from one vertex's element of a stream to the next: 0 (a zeroed job)
   for packed streams, else at least the element's size and a multiple of
   its alignment (4 for floats, 2 for indices), so that an interleaved
   vertex buffer (glTF's byteStride, an engine's) is read and written in
   place. Types stay packed. */
typedef struct pm_skin_strides {
    int positions, normals, tangents, bone_indices, bone_weights, sdef;
    int out_positions, out_normals, out_tangents;
} pm_skin_strides;

typedef struct pm_skin_job {
    int vertex_count;
    const float *positions;          /* 3 per vertex, bind pose */
    const float *normals;            /* 3 per vertex, or NULL */
    const float *tangents;           /* 4 per vertex (xyz + handedness w, copied), or NULL */
    const unsigned char *types;      /* pm_skin_type per vertex, or NULL: all BDEF4 (glTF) */
    const uint16_t *bone_indices;    /* `influences` per vertex (glTF JOINTS_0); a slot of weight 0 is unused */
    const float *bone_weights;       /* `influences` per vertex, as stored (glTF WEIGHTS_0; PMX BDEF2/SDEF: w1 = 1 - w0);
                                        1 per vertex with 2 influences, 3 with last_weight_implied; NULL allowed with 1 */
    int influences;                  /* indices and weights per vertex: 4 (0 in a zeroed job); with types NULL also
                                        8 (glTF JOINTS_0/1 and WEIGHTS_0/1, each vertex's 8 in a row), or the
                                        compact layouts of one deform type: 1 (BDEF1: an index, no weight) or 2
                                        (BDEF2 as PMX stores it: two indices and w0, w1 = 1 - w0) */
    int last_weight_implied;         /* 1 with 4 influences and types NULL: 3 weights per vertex, the 4th
                                        1 - (w0 + w1 + w2) (ozz-animation's layout, for weights normalized at load:
                                        4 bytes less a vertex); 0 (a zeroed job): as stored */
    const float *sdef;               /* 9 per vertex: PMX C, R0, R1; or NULL when no SDEF vertex */
    const int *morph_start;          /* vertex_count + 1 (CSR by vertex), or NULL: no morphs */
    const pm_vertex_morph *morphs;   /* morph_start[vertex_count] entries */
    const uint64_t *morph_masks;     /* or NULL; per 16 vertices (vertex v: morph_masks[v / PM_MORPH_MASK_VERTICES]), bit m % 64 set
                                        for each morph m with an entry there (pm_morph_masks): vertices whose
                                        morphs all weigh 0 are then skinned as if they had none */
    const float *morph_normals;      /* 3 per entry: its normal's displacement (glTF NORMAL targets), or NULL */
    const float *morph_tangents;     /* 3 per entry: its tangent's xyz displacement (glTF TANGENT targets), or NULL */
    const float *morph_weights;
    int morph_count;
    const pm_rigid *bones;           /* bone_count rigid transforms (MMD), or NULL ... */
    const float *bone_matrices;      /* ... 16 floats per bone, column-major: world * inverseBind (glTF) */
    int bone_count;
    pm_skin_bone *prepared;          /* caller storage, bone_count entries: pm_skin_job_prepare */
    float *out_positions;            /* 3 per vertex */
    float *out_normals;              /* 3 per vertex, or NULL */
    float *out_tangents;             /* 4 per vertex, or NULL */
    pm_skin_normal_rule normal_rule; /* 0 (a zeroed job): PM_SKIN_NORMALS_EXACT; prepare again after a change */
    pm_skin_strides stride;          /* per stream; 0 (a zeroed job): packed, as the counts above say */
} pm_skin_job;

PMDEF pm_result pm_skin_job_validate(const pm_skin_job *job, int *bad_vertex);
PMDEF pm_result pm_skin_job_prepare(const pm_skin_job *job);
PMDEF pm_result pm_skin_job_run(const pm_skin_job *job, int first_vertex, int count);
PMDEF const char *pm_skin_job_get_kernels(void);
PMDEF pm_result pm_morphs_group_by_vertex(int vertex_count, int morph_count, const int *morph_offset_start,
                                    const int *morph_vertex, const float *morph_offset, int *morph_start,
                                    pm_vertex_morph *morphs, int capacity);
PMDEF pm_result pm_morph_masks(int vertex_count, const int *morph_start, const pm_vertex_morph *morphs, uint64_t *masks);
PMDEF pm_result pm_skin_partition_by_type(int vertex_count, const unsigned char *types, int *order, int *position,
                                          int part_start[6]);
PMDEF pm_result pm_skin_compute_bone_matrices(const float *world, int node_count, const int *joint_node,
                                              int joint_count, const float *inverse_bind, float *bone_matrices);
PMDEF pm_result pm_rigid_from_bone(const versor world_rotation, const vec3 world_position,
                                   const vec3 bind_position, pm_rigid *out);

/* ---- MMD motion: VMD keys --------------------------------------------------

   A VMD motion (MikuMikuDance's) keys each bone, morph and IK switch by
   frame (30 per second). A bone key's four Bezier curves (x, y and z of the
   translation, and the rotation) shape the way into it from the key before,
   as MMD interpolates and babylon-mmd follows. */

typedef struct pm_vmd_bone_key {
    float translation[3];      /* offset from the bone's rest position */
    float rotation[4];         /* local rotation, x y z w */
    uint32_t frame;
    unsigned char curve[4][4]; /* into this key, for x, y, z and rotation: x1, y1, x2, y2 in 0..127 */
} pm_vmd_bone_key;

typedef struct pm_vmd_morph_key {
    uint32_t frame;
    float weight;
} pm_vmd_morph_key;

/* An IK chain switched on or off (VMD's property keys) */
typedef struct pm_vmd_switch_key {
    uint32_t frame;
    int enabled;
} pm_vmd_switch_key;

PMDEF float pm_mmd_bezier(const unsigned char control[4], float x);
PMDEF pm_result pm_vmd_bone_keys_validate(const pm_vmd_bone_key *keys, int count, int *bad_key);
PMDEF pm_result pm_vmd_bone_sample(const pm_vmd_bone_key *keys, int count, double frame, int *cursor,
                                   float translation[3], float rotation[4]);
PMDEF pm_result pm_vmd_morph_sample(const pm_vmd_morph_key *keys, int count, double frame, int *cursor,
                                    float *weight);
PMDEF pm_result pm_vmd_switch_sample(const pm_vmd_switch_key *keys, int count, double frame, int *cursor,
                                     int *enabled);

/* ---- MMD motion: bones -----------------------------------------------------

   A PMX skeleton posed as MMD poses it: each bone's local pose (a VMD
   sample, plus bone morphs if any) turned into world transforms in PMX's
   transform order, with grants and CCD IK, following what babylon-mmd's
   runtime does. Flags use PMX's bit values, so a PMX bone's flags can be
   passed as read; other bits are ignored. */

enum {
    PM_MMD_BONE_IK = 0x0020,
    PM_MMD_BONE_LOCAL_GRANT = 0x0080,       /* the grant reads the source's world transform */
    PM_MMD_BONE_GRANT_ROTATION = 0x0100,
    PM_MMD_BONE_GRANT_TRANSLATION = 0x0200,
    PM_MMD_BONE_FIXED_AXIS = 0x0400,        /* the animated rotation turns about fixed_axis only */
    PM_MMD_BONE_AFTER_PHYSICS = 0x1000
};

typedef struct pm_mmd_ik_link {
    int bone;
    int limited;               /* 1: the link's Euler angles stay in [lower, upper] */
    float lower[3], upper[3];  /* radians, about the parent's x, y and z */
} pm_mmd_ik_link;

typedef struct pm_mmd_bone {
    float position[3];         /* rest position of the bone's head, model space */
    int parent;                /* -1 for a root */
    int layer;                 /* deform layer: lower layers first, then bone index */
    unsigned flags;            /* PM_MMD_BONE_* */
    int grant_source;          /* with a grant flag: the bone granting; else ignored */
    float grant_ratio;         /* any real number: -1 cancels, 2 doubles */
    float fixed_axis[3];       /* with PM_MMD_BONE_FIXED_AXIS */
    int ik_target;             /* with PM_MMD_BONE_IK: the bone brought to this one */
    int ik_loop_count;         /* CCD iterations, at most PM_MMD_IK_MAX_LOOPS used */
    float ik_unit_angle;       /* radians a link may turn per step (times its place in the chain) */
    int ik_first_link, ik_link_count; /* into the skeleton's ik_links, from the target's parent up */
} pm_mmd_bone;

/* A skeleton as the caller stores it, and the tables init computes from it
   into tables (PM_MMD_TABLE_INTS * bone_count ints, caller storage). */
typedef struct pm_mmd_skeleton {
    const pm_mmd_bone *bones;
    int bone_count;
    const pm_mmd_ik_link *ik_links;
    int ik_link_count;
    int *tables;
} pm_mmd_skeleton;

enum { PM_MMD_TABLE_INTS = 5, PM_MMD_IK_MAX_LOOPS = 256 };

/* A bone posed: world_rotation and world_position are the results (PMX's
   model space); the rest is what grants and IK read within a frame. */
typedef struct pm_mmd_bone_pose {
    float world_rotation[4];
    float world_position[3];
    float local_rotation[4];     /* the animated rotation after the fixed axis and grant, before IK */
    float local_translation[3];  /* the animated offset after the grant */
    float grant_rotation[4], grant_translation[3];
    float ik_rotation[4];        /* what IK adds before local_rotation */
    float animated_rotation[4];  /* the frame's rotation, unit, turned about the fixed axis if any, bone morphs' first */
    float animated_translation[3]; /* the frame's offset from rest, bone morphs' added */
} pm_mmd_bone_pose;

/* Which bones an evaluation poses: all, or the two passes a host with a
   rigid-body solver runs around it (bones flagged after physics last). */
typedef enum pm_mmd_pass {
    PM_MMD_ALL_BONES = 0,
    PM_MMD_BEFORE_PHYSICS = 1,
    PM_MMD_AFTER_PHYSICS = 2
} pm_mmd_pass;

PMDEF pm_result pm_mmd_skeleton_init(pm_mmd_skeleton *skeleton, int *bad_bone);
PMDEF pm_result pm_mmd_evaluate(const pm_mmd_skeleton *skeleton, const float *translation, const float *rotation,
                                const float *bone_morphs, const unsigned char *ik_enabled, pm_mmd_pass pass,
                                pm_mmd_bone_pose *pose);

/* ---- MMD morphs: a PMX model's morphs weighted by a motion ---------------

   Each morph's weight comes from the motion (the VMD morph track of exactly
   its name, pm_vmd_morph_sample); these apply the weights as babylon-mmd
   1.3.0's MmdMorphController does, the morphs taken in PMX index order. */

typedef enum pm_mmd_morph_type {
    PM_MMD_MORPH_GROUP = 0,    /* other morphs, each at weight x ratio */
    PM_MMD_MORPH_VERTEX = 1,   /* position offsets: a skinning job's morphs */
    PM_MMD_MORPH_BONE = 2,     /* bone translations and rotations */
    PM_MMD_MORPH_UV = 3,       /* UV set 0 offsets; 4 to 7: the additional UV sets' */
    PM_MMD_MORPH_MATERIAL = 8, /* material values */
    PM_MMD_MORPH_FLIP = 9,     /* PMX 2.1; not applied, as babylon-mmd does not */
    PM_MMD_MORPH_IMPULSE = 10  /* PMX 2.1; not applied, as babylon-mmd does not */
} pm_mmd_morph_type;

/* A morph: its type as PMX stores it, and for group, bone and material
   morphs its elements, [first, first + count) of the set's array of its
   type (vertex and UV offsets are the host's: a skinning job, a UV pass) */
typedef struct pm_mmd_morph {
    int type;
    int first, count;
} pm_mmd_morph;

typedef struct pm_mmd_group_element {
    int morph;   /* a morph of the set; a group is skipped (babylon-mmd's rule) */
    float ratio; /* any real number */
} pm_mmd_group_element;

typedef struct pm_mmd_bone_element {
    int bone;
    float translation[3];
    float rotation[4];     /* x y z w, as stored */
} pm_mmd_bone_element;

/* A material's morphable values, PM_MMD_MATERIAL_VALUES floats in this
   order: diffuse rgba, specular rgb, shininess, ambient rgb, edge colour
   rgba, edge size, then the texture's multiplicative rgba and additive rgba,
   the sphere texture's and the toon texture's alike. */
enum {
    PM_MMD_MATERIAL_DIFFUSE = 0, PM_MMD_MATERIAL_SPECULAR = 4, PM_MMD_MATERIAL_SHININESS = 7,
    PM_MMD_MATERIAL_AMBIENT = 8, PM_MMD_MATERIAL_EDGE_COLOR = 11, PM_MMD_MATERIAL_EDGE_SIZE = 15,
    PM_MMD_MATERIAL_TEXTURE = 16, PM_MMD_MATERIAL_SPHERE = 24, PM_MMD_MATERIAL_TOON = 32,
    PM_MMD_MATERIAL_VALUES = 40
};

/* A material morph's element: its numbers as PMX stores them (diffuse
   rgba, specular rgb, shininess, ambient rgb, edge colour rgba, edge size,
   texture rgba, sphere rgba, toon rgba). Multiply: each value and
   multiplicative colour v becomes v + (v m - v) w; add: each value and
   additive colour v + a w. */
enum { PM_MMD_MATERIAL_ELEMENT_VALUES = 28 };
typedef struct pm_mmd_material_element {
    int material;  /* -1: every material */
    int add;       /* 0 multiply, 1 add */
    float values[PM_MMD_MATERIAL_ELEMENT_VALUES];
} pm_mmd_material_element;

typedef struct pm_mmd_morph_set {
    const pm_mmd_morph *morphs;
    int morph_count;
    const pm_mmd_group_element *groups;      /* the group morphs' elements */
    int group_count;
    const pm_mmd_bone_element *bones;        /* the bone morphs' */
    int bone_element_count;
    const pm_mmd_material_element *materials; /* the material morphs' */
    int material_element_count;
    int bone_count, material_count;          /* the model's, which elements must name */
} pm_mmd_morph_set;

PMDEF pm_result pm_mmd_morph_set_validate(const pm_mmd_morph_set *set, int *bad_morph);
PMDEF pm_result pm_mmd_morph_weights(const pm_mmd_morph_set *set, const float *weights, float *applied);
PMDEF pm_result pm_mmd_morph_bones(const pm_mmd_morph_set *set, const float *weights, float *bone_morphs);
PMDEF void pm_mmd_material_defaults(const float diffuse[4], const float specular[3], float shininess,
                                    const float ambient[3], const float edge_color[4], float edge_size, float *values);
PMDEF pm_result pm_mmd_morph_materials(const pm_mmd_morph_set *set, const float *weights, const float *base,
                                       float *values);

/* ---- MMD physics: PMX rigid bodies and joints, engine-neutral --------------

   What a rigid-body engine needs from a PMX model, computed as babylon-mmd
   1.3.0 sets Bullet up (docs/mmd.md), and the two conversions around the
   engine's step: targets for the bodies from the posed bones, and the
   bones back from the bodies. Model space as PMX stores it. */

typedef enum pm_mmd_shape { PM_MMD_SPHERE = 0, PM_MMD_BOX = 1, PM_MMD_CAPSULE = 2 } pm_mmd_shape;

typedef enum pm_mmd_body_mode {
    PM_MMD_FOLLOW_BONE = 0,       /* kinematic: the body follows its bone */
    PM_MMD_PHYSICS = 1,           /* dynamic: the body drives its bone's rotation and position */
    PM_MMD_PHYSICS_WITH_BONE = 2  /* dynamic: drives the rotation; the bone keeps its animated position */
} pm_mmd_body_mode;

/* A rigid body as PMX stores it */
typedef struct pm_mmd_rigid_body {
    int bone;              /* -1: attached to none (babylon-mmd first looks for a bone of the body's name) */
    int group;             /* 0..15 */
    unsigned mask;         /* 16 bits: the groups it collides with, as stored (babylon-mmd's reading) */
    pm_mmd_shape shape;
    float size[3];         /* sphere: radius; box: half extents; capsule: radius, height of the cylinder (+Y) */
    float position[3];     /* model space at rest */
    float rotation[3];     /* radians; R = Ry Rx Rz */
    float mass, linear_damping, angular_damping, restitution, friction;
    pm_mmd_body_mode mode;
} pm_mmd_rigid_body;

/* A joint (PMX's spring 6DOF) between bodies a and b */
typedef struct pm_mmd_joint {
    int body_a, body_b;
    float position[3], rotation[3];                 /* model space at rest; R = Ry Rx Rz */
    float linear_lower[3], linear_upper[3];         /* in the joint's frame */
    float angular_lower[3], angular_upper[3];       /* radians */
    float linear_stiffness[3], angular_stiffness[3];
} pm_mmd_joint;

/* What init computes per body and joint: everything an engine is fed */
typedef struct pm_mmd_body_setup {
    pm_rigid rest;          /* the body at rest, model space: T(position) R(rotation) */
    pm_rigid offset;        /* the body in its bone's frame at rest (attached to none: rest) */
    pm_mmd_body_mode mode;  /* after the rule that makes a mode-2 body jointed to its bone's parent's
                               dynamic body mode 1 */
    unsigned group_bits;    /* 1 << group */
    int zero_volume;        /* a size that is 0: babylon-mmd turns off its contact response */
} pm_mmd_body_setup;

typedef struct pm_mmd_joint_setup {
    pm_rigid frame_a, frame_b; /* the joint's frame in body a's and in body b's rest frame */
    unsigned springs;          /* bit k: axis k's spring on (0-2 linear, where stiffness != 0; 3-5 angular, always) */
} pm_mmd_joint_setup;

typedef struct pm_mmd_physics {
    const pm_mmd_skeleton *skeleton;  /* initialized */
    const pm_mmd_rigid_body *bodies;
    int body_count;
    const pm_mmd_joint *joints;
    int joint_count;
    pm_mmd_body_setup *body_setup;   /* caller storage: body_count, set by init */
    pm_mmd_joint_setup *joint_setup; /* caller storage: joint_count, set by init */
} pm_mmd_physics;

/* Which body or joint init refused (-1: none), and why */
typedef struct pm_mmd_physics_report {
    int body, joint;
    const char *message; /* a string literal; NULL on success */
} pm_mmd_physics_report;

PMDEF pm_result pm_mmd_physics_init(pm_mmd_physics *physics, pm_mmd_physics_report *report);
PMDEF pm_result pm_mmd_physics_targets(const pm_mmd_physics *physics, const pm_mmd_bone_pose *pose, int every_body,
                                       pm_rigid *bodies);
PMDEF pm_result pm_mmd_physics_write_back(const pm_mmd_physics *physics, const pm_rigid *bodies,
                                          pm_mmd_bone_pose *pose);
PMDEF pm_result pm_mmd_physics_update_children(const pm_mmd_physics *physics, unsigned char *moved,
                                               pm_mmd_bone_pose *pose);

/* Per bone, what the physics makes of it (pm_mmd_physics_bone_flags) */
enum {
    PM_MMD_PHYSICS_DRIVEN = 1,    /* a dynamic body (mode 1 or 2) moves it */
    PM_MMD_PHYSICS_IK_SKIPPED = 2 /* an IK bone whose links the physics all drives: babylon-mmd does not solve it */
};
PMDEF pm_result pm_mmd_physics_bone_flags(const pm_mmd_physics *physics, unsigned char *flags);

#ifdef __cplusplus
}
#endif

#endif /* POSEMATH_H */

/* ======================================================================== */

#if defined(POSEMATH_IMPLEMENTATION) && !defined(POSEMATH_IMPLEMENTED)
#define POSEMATH_IMPLEMENTED

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* SSE2 is part of x86-64 and NEON of aarch64; POSEMATH_NO_SIMD forces the
   portable scalar code. PM__SIMD: four lanes or more. */
#if !defined(POSEMATH_NO_SIMD) && (defined(__aarch64__) || defined(_M_ARM64))
#define PM__NEON
#define PM__SIMD
#include <arm_neon.h>
#endif
#if !defined(POSEMATH_NO_SIMD) && (defined(__SSE2__) || defined(_M_X64))
#define PM__SSE2
#define PM__SIMD
#include <emmintrin.h>
#if defined(__AVX2__) && defined(__FMA__) /* e.g. -mavx2 -mfma or -march=native */
#define PM__FLAGS_AVX2
#include <immintrin.h>
#if defined(__AVX512F__) /* e.g. -march=native on Zen 4 or Ice Lake */
#define PM__FLAGS_AVX512
#endif
#endif
#endif
/* Reciprocal square root estimates: Intel's and AMD's manuals bound
   RSQRTPS's relative error by 1.5 x 2^-12 and VRSQRT14PS's by 2^-14, and
   the vendors' estimates differ within those bounds. Tests only: with
   POSEMATH_TEST_RSQRT_EDGE defined as 1 or -1, each estimate is instead
   1/sqrt(d) moved by its whole bound that way, as a CPU at the edge of the
   manuals would give it, so that the tests' tolerances are shown to hold
   on every conforming CPU, not only on the one that runs them. NEON's
   FRSQRTE is left alone: the Arm Architecture Reference Manual defines
   its result bit for bit (FPRSqrtEstimate). */
#if defined(POSEMATH_TEST_RSQRT_EDGE)
#define PM__RSQRT_EDGE(bound) (1.0f + (float)(POSEMATH_TEST_RSQRT_EDGE) * (bound))
#define PM__RSQRTPS_BOUND 0.0003662109375f /* 1.5 x 2^-12 */
#define PM__RSQRT14PS_BOUND 0.00006103515625f /* 2^-14 */
#endif
/* gcc and clang on x86 also compile the wider skinning kernels the flags
   leave out, each under its instruction sets' target pragma, and
   pm_skin_job_run runs the widest the CPU has (Skinning, below). Not in
   unoptimized builds: there the passes would quadruple the compile time
   for code that runs slowly anyway. */
#if defined(PM__SSE2) && !defined(PM__FLAGS_AVX512) && !defined(POSEMATH_NO_DISPATCH) && defined(__OPTIMIZE__) && \
    (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define PM__DISPATCH
#include <immintrin.h>
#endif

/* Loops over a few lanes' worth of registers are unrolled: left as loops,
   the registers they index live in memory (and short loops over
   floats cost their loop overhead). */
#if defined(__clang__)
#define PM__UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define PM__UNROLL _Pragma("GCC unroll 16")
#else
#define PM__UNROLL
#endif

#ifndef PM_ASSERT
#include <assert.h>
#define PM_ASSERT(x) assert(x)
#endif

/* For the helpers on the hot paths (a conversion's steps, the kernels'
   lane operations and blocks): forced inline wherever the build optimizes
   for speed. Unoptimized and AddressSanitizer builds leave the choice to
   the compiler: forced there, they made the implementation's compile 12
   times as long at -O0 and 3 times with ASan, for code that runs slowly
   anyway (docs/integration.md, Compile time). */
#if defined(__SANITIZE_ADDRESS__) /* gcc's */
#define PM__ASAN
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) /* clang's */
#define PM__ASAN
#endif
#endif
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__) && !defined(PM__ASAN)
#define PM__INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define PM__INLINE __forceinline
#else
#define PM__INLINE inline
#endif

/* For loops that need a place of their own in the code (pm__skin_blocks),
   starting on a 64-byte line: where other code pushed a loop relative to the
   lines moved AVX2 BDEF1 between 410 and 500 M vertices/s (make bench). */
#if defined(__GNUC__) || defined(__clang__)
#define PM__NOINLINE __attribute__((noinline, aligned(64)))
#elif defined(_MSC_VER)
#define PM__NOINLINE __declspec(noinline)
#else
#define PM__NOINLINE
#endif

#define PM__PI 3.14159265358979323846
#define PM__HALF_PI 1.57079632679489661923

#ifdef __cplusplus
extern "C" {
#endif

/* Finiteness read off the bits. Engines build with -ffast-math, which lets
   the compiler assume that no NaN or Inf exists: it removes isfinite() and
   isnan(), and folds comparisons such as !(x > 0) that would catch them.
   Integer tests on the representation survive every flag. */
static PM__INLINE int pm__finite(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return (bits & 0x7f800000u) != 0x7f800000u;
}

/* The sign bit, which the lane kernels' masks set */
static PM__INLINE int pm__signbit(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return (bits & 0x80000000u) != 0;
}

static PM__INLINE int pm__finite_d(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return (bits & 0x7ff0000000000000u) != 0x7ff0000000000000u;
}

/* Whether n floats are all finite, without a branch per float: a float's
   exponent bits plus one carry into its top bit only when all are set */
#if defined(PM__SSE2)
/* The same test on four floats' bits: the top bit set in the lanes not finite */
static PM__INLINE __m128i pm__not_finite_lanes(__m128i words)
{
    return _mm_add_epi32(_mm_and_si128(words, _mm_set1_epi32(0x7f800000)), _mm_set1_epi32(0x00800000));
}
#endif

static PM__INLINE int pm__finite_n(const float *f, int n)
{
    uint32_t any = 0, word;
    int i = 0;
#if defined(PM__SSE2)
    __m128i lanes = _mm_setzero_si128();
    for (; i + 4 <= n; i += 4)
        lanes = _mm_or_si128(lanes, pm__not_finite_lanes(_mm_loadu_si128((const __m128i *)(const void *)(f + i))));
    any = _mm_movemask_ps(_mm_castsi128_ps(lanes)) ? 0x80000000u : 0u;
#endif
    for (; i < n; ++i) {
        memcpy(&word, &f[i], sizeof word);
        any |= (word & 0x7f800000u) + 0x00800000u;
    }
    return !(any & 0x80000000u);
}

/* pm__finite_n of a 4x4 matrix, in straight-line code */
static PM__INLINE int pm__finite_matrix(const float m[16])
{
#if defined(PM__SSE2)
    __m128i lanes = _mm_setzero_si128();
    int c;
    PM__UNROLL
    for (c = 0; c < 4; ++c)
        lanes = _mm_or_si128(lanes, pm__not_finite_lanes(_mm_loadu_si128((const __m128i *)(const void *)(m + 4 * c))));
    return _mm_movemask_ps(_mm_castsi128_ps(lanes)) == 0;
#else
    return pm__finite_n(m, 16);
#endif
}

/* Four floats at a time: quaternions, points (0 in the fourth lane) and
   matrix columns, four to a register with SSE2. The per-element products
   of the world and skinning matrices, the humanoid's conversions, and the
   MMD bones' world rotations and heads, are taken in floats (a few float
   ulps per level of a hierarchy: 1e-7 of a character's height over its
   depth). The portable code does each lane's operations in the same
   order, so every build gives the same bits. */

#if defined(PM__SSE2)
typedef __m128 pm__f4;
#define PM__F4_LANES(v, a, b, c, d) _mm_shuffle_ps((v), (v), _MM_SHUFFLE(d, c, b, a))
static PM__INLINE pm__f4 pm__f4_set(float x, float y, float z, float w) { return _mm_setr_ps(x, y, z, w); }
static PM__INLINE pm__f4 pm__f4_set1(float x) { return _mm_set1_ps(x); }
static PM__INLINE pm__f4 pm__f4_load(const float *p) { return _mm_loadu_ps(p); }
static PM__INLINE pm__f4 pm__f4_load3(const float *p)
{
    return _mm_movelh_ps(_mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(const void *)p), _mm_load_ss(p + 2));
}
static PM__INLINE void pm__f4_store(float *p, pm__f4 v) { _mm_storeu_ps(p, v); }
static PM__INLINE void pm__f4_store3(float *p, pm__f4 v)
{
    _mm_storel_pi((__m64 *)(void *)p, v);
    _mm_store_ss(p + 2, _mm_movehl_ps(v, v));
}
static PM__INLINE pm__f4 pm__f4_add(pm__f4 a, pm__f4 b) { return _mm_add_ps(a, b); }
static PM__INLINE pm__f4 pm__f4_sub(pm__f4 a, pm__f4 b) { return _mm_sub_ps(a, b); }
static PM__INLINE pm__f4 pm__f4_mul(pm__f4 a, pm__f4 b) { return _mm_mul_ps(a, b); }
static PM__INLINE void pm__f4_get(pm__f4 v, float out[4]) { _mm_storeu_ps(out, v); }
/* a b, Hamilton's product: the sign masks flip the terms that subtract */
static PM__INLINE pm__f4 pm__f4_quat_mul(pm__f4 a, pm__f4 b)
{
    const __m128 flip_yw = _mm_castsi128_ps(_mm_setr_epi32(0, (int)0x80000000, 0, (int)0x80000000));
    const __m128 flip_zw = _mm_castsi128_ps(_mm_setr_epi32(0, 0, (int)0x80000000, (int)0x80000000));
    const __m128 flip_xw = _mm_castsi128_ps(_mm_setr_epi32((int)0x80000000, 0, 0, (int)0x80000000));
    __m128 r = _mm_mul_ps(PM__F4_LANES(a, 3, 3, 3, 3), b);
    r = _mm_add_ps(r, _mm_xor_ps(_mm_mul_ps(PM__F4_LANES(a, 0, 0, 0, 0), PM__F4_LANES(b, 3, 2, 1, 0)), flip_yw));
    r = _mm_add_ps(r, _mm_xor_ps(_mm_mul_ps(PM__F4_LANES(a, 1, 1, 1, 1), PM__F4_LANES(b, 2, 3, 0, 1)), flip_zw));
    return _mm_add_ps(r, _mm_xor_ps(_mm_mul_ps(PM__F4_LANES(a, 2, 2, 2, 2), PM__F4_LANES(b, 1, 0, 3, 2)), flip_xw));
}
static PM__INLINE pm__f4 pm__f4_cross(pm__f4 a, pm__f4 b)
{
    return _mm_sub_ps(_mm_mul_ps(PM__F4_LANES(a, 1, 2, 0, 3), PM__F4_LANES(b, 2, 0, 1, 3)),
                      _mm_mul_ps(PM__F4_LANES(a, 2, 0, 1, 3), PM__F4_LANES(b, 1, 2, 0, 3)));
}
static PM__INLINE pm__f4 pm__f4_w(pm__f4 q) { return PM__F4_LANES(q, 3, 3, 3, 3); }
static PM__INLINE pm__f4 pm__f4_xyz0(pm__f4 v)
{
    return _mm_and_ps(v, _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0)));
}
static PM__INLINE pm__f4 pm__f4_quat_conj(pm__f4 q)
{
    return _mm_xor_ps(q, _mm_castsi128_ps(_mm_setr_epi32((int)0x80000000, (int)0x80000000, (int)0x80000000, 0)));
}
static PM__INLINE float pm__f4_dot(pm__f4 a, pm__f4 b)
{
    const __m128 m = _mm_mul_ps(a, b), pairs = _mm_add_ps(m, _mm_movehl_ps(m, m));
    return _mm_cvtss_f32(_mm_add_ss(pairs, PM__F4_LANES(pairs, 1, 1, 1, 1)));
}
#else
typedef struct pm__f4 {
    float v[4];
} pm__f4;
static PM__INLINE pm__f4 pm__f4_set(float x, float y, float z, float w)
{
    pm__f4 r;
    r.v[0] = x;
    r.v[1] = y;
    r.v[2] = z;
    r.v[3] = w;
    return r;
}
static PM__INLINE pm__f4 pm__f4_set1(float x) { return pm__f4_set(x, x, x, x); }
#define PM__F4_LANES(f, a, b, c, d) pm__f4_set((f).v[a], (f).v[b], (f).v[c], (f).v[d])
static PM__INLINE pm__f4 pm__f4_load(const float *p) { return pm__f4_set(p[0], p[1], p[2], p[3]); }
static PM__INLINE pm__f4 pm__f4_load3(const float *p) { return pm__f4_set(p[0], p[1], p[2], 0.0f); }
static PM__INLINE void pm__f4_store(float *p, pm__f4 v) { memcpy(p, v.v, sizeof v.v); }
static PM__INLINE void pm__f4_store3(float *p, pm__f4 v) { memcpy(p, v.v, 3 * sizeof v.v[0]); }
static PM__INLINE pm__f4 pm__f4_add(pm__f4 a, pm__f4 b)
{
    return pm__f4_set(a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]);
}
static PM__INLINE pm__f4 pm__f4_sub(pm__f4 a, pm__f4 b)
{
    return pm__f4_set(a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2], a.v[3] - b.v[3]);
}
static PM__INLINE pm__f4 pm__f4_mul(pm__f4 a, pm__f4 b)
{
    return pm__f4_set(a.v[0] * b.v[0], a.v[1] * b.v[1], a.v[2] * b.v[2], a.v[3] * b.v[3]);
}
static PM__INLINE void pm__f4_get(pm__f4 v, float out[4]) { memcpy(out, v.v, sizeof v.v); }
static PM__INLINE pm__f4 pm__f4_quat_mul(pm__f4 a, pm__f4 b)
{
    const float *p = a.v, *q = b.v;
    return pm__f4_set(p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1],
                      p[3] * q[1] - p[0] * q[2] + p[1] * q[3] + p[2] * q[0],
                      p[3] * q[2] + p[0] * q[1] - p[1] * q[0] + p[2] * q[3],
                      p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2]);
}
static PM__INLINE pm__f4 pm__f4_cross(pm__f4 a, pm__f4 b)
{
    const float *p = a.v, *q = b.v;
    return pm__f4_set(p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0], 0.0f);
}
static PM__INLINE pm__f4 pm__f4_w(pm__f4 q) { return pm__f4_set(q.v[3], q.v[3], q.v[3], q.v[3]); }
static PM__INLINE pm__f4 pm__f4_xyz0(pm__f4 v) { return pm__f4_set(v.v[0], v.v[1], v.v[2], 0.0f); }
static PM__INLINE pm__f4 pm__f4_quat_conj(pm__f4 q) { return pm__f4_set(-q.v[0], -q.v[1], -q.v[2], q.v[3]); }
static PM__INLINE float pm__f4_dot(pm__f4 a, pm__f4 b)
{
    return (a.v[0] * b.v[0] + a.v[2] * b.v[2]) + (a.v[1] * b.v[1] + a.v[3] * b.v[3]);
}
#endif

/* point p turned by unit quaternion q: p + 2w (q x p) + q x (2 q x p) */
static PM__INLINE pm__f4 pm__f4_quat_rotate(pm__f4 q, pm__f4 p)
{
    pm__f4 t = pm__f4_cross(q, p);
    t = pm__f4_add(t, t);
    return pm__f4_add(pm__f4_add(p, pm__f4_mul(pm__f4_w(q), t)), pm__f4_cross(q, t));
}

static PM__INLINE int pm__f4_same(pm__f4 a, pm__f4 b)
{
    float fa[4], fb[4];
    pm__f4_get(a, fa);
    pm__f4_get(b, fb);
    return memcmp(fa, fb, sizeof fa) == 0;
}

static PM__INLINE pm__f4 pm__f4_from_double(const double q[4])
{
    return pm__f4_set((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
}

/* Two doubles at a time, for a quaternion's halves (x, y) and (z, w) in a
   slerp: each lane does the portable code's operations in its order, so
   every build gives the same bits. */
#if defined(PM__SSE2)
typedef __m128d pm__d2;
static PM__INLINE pm__d2 pm__d2_of_floats(const float *p) /* p[0], p[1] */
{
    return _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)p)));
}
static PM__INLINE pm__d2 pm__d2_load(const double *p) { return _mm_loadu_pd(p); }
static PM__INLINE void pm__d2_store(double *p, pm__d2 v) { _mm_storeu_pd(p, v); }
static PM__INLINE pm__d2 pm__d2_set(double lane0, double lane1) { return _mm_setr_pd(lane0, lane1); }
static PM__INLINE pm__d2 pm__d2_set1(double d) { return _mm_set1_pd(d); }
static PM__INLINE pm__d2 pm__d2_add(pm__d2 a, pm__d2 b) { return _mm_add_pd(a, b); }
static PM__INLINE pm__d2 pm__d2_mul(pm__d2 a, pm__d2 b) { return _mm_mul_pd(a, b); }
static PM__INLINE double pm__d2_lane0(pm__d2 v) { return _mm_cvtsd_f64(v); }
static PM__INLINE double pm__d2_lane1(pm__d2 v) { return _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)); }
#elif defined(PM__NEON)
typedef float64x2_t pm__d2;
static PM__INLINE pm__d2 pm__d2_of_floats(const float *p) { return vcvt_f64_f32(vld1_f32(p)); }
static PM__INLINE pm__d2 pm__d2_load(const double *p) { return vld1q_f64(p); }
static PM__INLINE void pm__d2_store(double *p, pm__d2 v) { vst1q_f64(p, v); }
static PM__INLINE pm__d2 pm__d2_set(double lane0, double lane1) { return vsetq_lane_f64(lane1, vdupq_n_f64(lane0), 1); }
static PM__INLINE pm__d2 pm__d2_set1(double d) { return vdupq_n_f64(d); }
static PM__INLINE pm__d2 pm__d2_add(pm__d2 a, pm__d2 b) { return vaddq_f64(a, b); }
static PM__INLINE pm__d2 pm__d2_mul(pm__d2 a, pm__d2 b) { return vmulq_f64(a, b); }
static PM__INLINE double pm__d2_lane0(pm__d2 v) { return vgetq_lane_f64(v, 0); }
static PM__INLINE double pm__d2_lane1(pm__d2 v) { return vgetq_lane_f64(v, 1); }
#else
typedef struct pm__d2 {
    double d[2];
} pm__d2;
static PM__INLINE pm__d2 pm__d2_set(double lane0, double lane1)
{
    pm__d2 v;
    v.d[0] = lane0, v.d[1] = lane1;
    return v;
}
static PM__INLINE pm__d2 pm__d2_of_floats(const float *p) { return pm__d2_set((double)p[0], (double)p[1]); }
static PM__INLINE pm__d2 pm__d2_load(const double *p) { return pm__d2_set(p[0], p[1]); }
static PM__INLINE void pm__d2_store(double *p, pm__d2 v) { p[0] = v.d[0], p[1] = v.d[1]; }
static PM__INLINE pm__d2 pm__d2_set1(double d) { return pm__d2_set(d, d); }
static PM__INLINE pm__d2 pm__d2_add(pm__d2 a, pm__d2 b) { return pm__d2_set(a.d[0] + b.d[0], a.d[1] + b.d[1]); }
static PM__INLINE pm__d2 pm__d2_mul(pm__d2 a, pm__d2 b) { return pm__d2_set(a.d[0] * b.d[0], a.d[1] * b.d[1]); }
static PM__INLINE double pm__d2_lane0(pm__d2 v) { return v.d[0]; }
static PM__INLINE double pm__d2_lane1(pm__d2 v) { return v.d[1]; }
#endif

PMDEF const char *pm_result_string(pm_result result)
{
    switch (result) {
    case PM_OK: return "ok";
    case PM_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case PM_ERROR_OUT_OF_RANGE: return "index out of range";
    case PM_ERROR_CYCLE: return "circular dependency";
    case PM_ERROR_MISSING_BONE: return "required bone missing";
    case PM_ERROR_PARSE: return "malformed text";
    case PM_ERROR_CAPACITY: return "buffer too small";
    case PM_ERROR_LIMIT: return "past a documented limit";
    case PM_ERROR_HIPS_HEIGHT: return "rest hips height not above 0";
    case PM_ERROR_WRONG_RIG: return "pose or retarget of another rig";
    case PM_ERROR_OUT_OF_MEMORY: return "out of memory";
    case PM_ERROR_FILE: return "file cannot be read";
    }
    return "unknown result";
}

/* ---- Quaternion <-> Euler ----------------------------------------------

   Every sequence is handled as one intrinsic product
       q = q_{a0}(t0) * q_{a1}(t1) * q_{a2}(t2)
   (FRAME types reverse the factors). Decomposition follows Bernardes and
   Viollet, "Quaternion to Euler angles conversion: a direct, general and
   computationally efficient method", PLOS ONE 17(11) e0276302, 2022: for a
   proper sequence (a2 == a0) the quaternion components pair up as
       w = cos(t1/2) cos((t0+t2)/2)      q_a0 = cos(t1/2) sin((t0+t2)/2)
       q_a1 = sin(t1/2) cos((t0-t2)/2)   s*q_k = sin(t1/2) sin((t0-t2)/2)
   (k the unused axis, s the sign of e_a0 x e_a1 = s e_k), so every angle is
   an atan2 of well-conditioned sums: no asin of a matrix element, which
   loses half the digits near gimbal lock. A Tait-Bryan sequence becomes a
   proper one after multiplying by a 90 degree turn about a1 on the right. */

/* atan2 in double with a polynomial fitted (relative error 2.1e-11, far
   below float's half ulp of 3e-8) on |t| <= tan(pi/8), using
   atan(n/d) = pi/4 + atan((n-d)/(n+d)) above tan(pi/8); glibc's atan2f
   alone costs ~27 ns on our 2.4 GHz test machine. Branch-free, because on
   random input each octant branch would mispredict half the time. The SSE2
   form does two at once with the same operations in the same order, so
   both give the same bits. atan2(+-0, +-0) is +-0. */
static const double pm__atan_poly[7] = {
    0.99999999997929689, -0.33333332134777766, 0.1999988636520828, -0.14281650837894733,
    0.11041184188655341, -0.084597824209369982, 0.047143046530245043};
#define PM__TAN_EIGHTH_PI 0.41421356237309504880

static PM__INLINE double pm__atan2(double y, double x)
{
    const double *c = pm__atan_poly;
    double ax = fabs(x), ay = fabs(y);
    double num = ay < ax ? ay : ax, den = ay < ax ? ax : ay;
    int reduced = num > PM__TAN_EIGHTH_PI * den;
    double t, u, u2, p, r;
    den = den > 1e-300 ? den : 1e-300; /* 0/0 -> 0 */
    t = (num - (reduced ? den : 0.0)) / (den + (reduced ? num : 0.0));
    u = t * t;
    u2 = u * u;
    p = ((c[0] + c[1] * u) + u2 * (c[2] + c[3] * u)) + (u2 * u2) * ((c[4] + c[5] * u) + u2 * c[6]);
    r = (reduced ? 0.25 * PM__PI : 0.0) + t * p;
    r = ay > ax ? PM__HALF_PI - r : r;
    r = x < 0.0 ? PM__PI - r : r;
    return copysign(r, y);
}

#ifdef PM__SSE2
static PM__INLINE __m128d pm__select_pd(__m128d mask, __m128d if_set, __m128d if_clear)
{
    return _mm_or_pd(_mm_and_pd(mask, if_set), _mm_andnot_pd(mask, if_clear));
}

static PM__INLINE __m128d pm__atan2_pd(__m128d y, __m128d x)
{
    const double *c = pm__atan_poly;
    const __m128d sign = _mm_set1_pd(-0.0);
    __m128d ax = _mm_andnot_pd(sign, x), ay = _mm_andnot_pd(sign, y);
    __m128d num = _mm_min_pd(ay, ax), den = _mm_max_pd(ay, ax);
    __m128d reduced = _mm_cmpgt_pd(num, _mm_mul_pd(_mm_set1_pd(PM__TAN_EIGHTH_PI), den));
    __m128d t, u, u2, p, r;
    den = _mm_max_pd(den, _mm_set1_pd(1e-300));
    t = _mm_div_pd(_mm_sub_pd(num, _mm_and_pd(reduced, den)),
                   _mm_add_pd(den, _mm_and_pd(reduced, num)));
    u = _mm_mul_pd(t, t);
    u2 = _mm_mul_pd(u, u);
#define PM__LINEAR(c0, c1) _mm_add_pd(_mm_set1_pd(c0), _mm_mul_pd(_mm_set1_pd(c1), u))
    p = _mm_add_pd(_mm_add_pd(PM__LINEAR(c[0], c[1]), _mm_mul_pd(u2, PM__LINEAR(c[2], c[3]))),
                   _mm_mul_pd(_mm_mul_pd(u2, u2),
                              _mm_add_pd(PM__LINEAR(c[4], c[5]), _mm_mul_pd(u2, _mm_set1_pd(c[6])))));
#undef PM__LINEAR
    r = _mm_add_pd(_mm_and_pd(reduced, _mm_set1_pd(0.25 * PM__PI)), _mm_mul_pd(t, p));
    r = pm__select_pd(_mm_cmpgt_pd(ay, ax), _mm_sub_pd(_mm_set1_pd(PM__HALF_PI), r), r);
    r = pm__select_pd(_mm_cmplt_pd(x, _mm_setzero_pd()), _mm_sub_pd(_mm_set1_pd(PM__PI), r), r);
    return _mm_or_pd(r, _mm_and_pd(sign, y));
}
#endif

typedef struct pm__sequence {
    int axis[3];           /* factor axes in product order; axis[2] == axis[0] when proper */
    int slot[3];           /* where each factor's angle goes in the caller's vec3: its axis
                              (Tait-Bryan), or its place in the sequence as written (proper) */
    int k;                 /* the axis that is neither axis[0] nor axis[1] */
    double s;              /* e_axis0 x e_axis1 = s * e_k */
    int proper;
    int lock_zeroes_first; /* FRAME: at gimbal lock the product's first factor (the sequence's
                              last rotation) gets angle 0 */
} pm__sequence;

/* The sequence q = q_a0 * q_a1 * q_a2, its angles going to slots s0, s1,
   s2; `zero_first` at lock for FRAME. */
#define PM__SEQUENCE(a0, a1, a2, s0, s1, s2, zero_first)                               \
    {{a0, a1, a2}, {s0, s1, s2}, 3 - (a0) - (a1), (a1) == ((a0) + 1) % 3 ? 1.0 : -1.0, (a2) == (a0), zero_first}
/* Tait-Bryan: each angle goes to its axis. Proper: to its place as written,
   which for FRAME (factors in reverse) is 2 - n. */
#define PM__TAIT_BRYAN(a0, a1, a2, zero_first) PM__SEQUENCE(a0, a1, a2, a0, a1, a2, zero_first)
#define PM__PROPER_POINT(a0, a1) PM__SEQUENCE(a0, a1, a0, 0, 1, 2, 0)
#define PM__PROPER_FRAME(a0, a1) PM__SEQUENCE(a0, a1, a0, 2, 1, 0, 1)

/* [type][order]: POINT runs the order's axes as written, FRAME reversed. */
static const pm__sequence pm__euler_sequences[2][PM_EULER_ORDER_COUNT] = {
    {PM__TAIT_BRYAN(0, 1, 2, 0), PM__TAIT_BRYAN(0, 2, 1, 0), PM__TAIT_BRYAN(1, 0, 2, 0),
     PM__TAIT_BRYAN(1, 2, 0, 0), PM__TAIT_BRYAN(2, 0, 1, 0), PM__TAIT_BRYAN(2, 1, 0, 0),
     PM__PROPER_POINT(0, 1), PM__PROPER_POINT(0, 2), PM__PROPER_POINT(1, 0),
     PM__PROPER_POINT(1, 2), PM__PROPER_POINT(2, 0), PM__PROPER_POINT(2, 1)},
    {PM__TAIT_BRYAN(2, 1, 0, 1), PM__TAIT_BRYAN(1, 2, 0, 1), PM__TAIT_BRYAN(2, 0, 1, 1),
     PM__TAIT_BRYAN(0, 2, 1, 1), PM__TAIT_BRYAN(1, 0, 2, 1), PM__TAIT_BRYAN(0, 1, 2, 1),
     PM__PROPER_FRAME(0, 1), PM__PROPER_FRAME(0, 2), PM__PROPER_FRAME(1, 0),
     PM__PROPER_FRAME(1, 2), PM__PROPER_FRAME(2, 0), PM__PROPER_FRAME(2, 1)}};

/* Angles t of q (any length, not necessarily unit) for seq; 0 when q is
   zero or not finite, and t is then untouched. */
static PM__INLINE int pm__quat_to_angles(const double q[4], const pm__sequence *seq, double t[3])
{
    /* Squared relative size below which the middle angle counts as locked:
       (2^-22)^2. 2^-22 leaves a margin of 4 over the rounding of a float
       quaternion built exactly at lock, and zeroing an angle there moves q
       by < 2.4e-7. */
    const double lock2 = 5.6843418860808015e-14;
    double w = q[3], qi = q[seq->axis[0]], qj = q[seq->axis[1]], qk = seq->s * q[seq->k];
    double a, b, c, d, ab2, cd2, middle, y0, x0, y2, x2, out0, out2;
    int locked = 1;
    if (seq->proper) {
        a = w; b = qi; c = qj; d = qk;
    } else { /* q * (1 + e_j): the same rotation followed by a quarter turn, now proper */
        a = w - qj; b = qi - qk; c = qj + w; d = qi + qk;
    }
    ab2 = a * a + b * b;
    cd2 = c * c + d * d;
    /* ab2 + cd2 is |q|^2 (twice that for Tait-Bryan): one test for zero, NaN and Inf */
    if (!(pm__finite_d(ab2 + cd2) && ab2 + cd2 > 0.0)) return 0;
    /* With (a + ib) = |.| e^{i(t0+t2)/2} and (c + id) = |.| e^{i(t0-t2)/2},
       t0 and t2 are the arguments of (a + ib)(c + id) and (a + ib)(c - id). At
       lock only one of t0 +- t2 is defined: it goes to the angle that is
       kept, as the argument of (a + ib)^2 or (c + id)^2, and the other
       angle gets the argument of 1. */
    if (cd2 <= lock2 * ab2) {          /* t1 = 0: t0 + t2 */
        y0 = 2.0 * a * b; x0 = a * a - b * b;
        y2 = 0.0; x2 = 1.0;
    } else if (ab2 <= lock2 * cd2) {   /* t1 = pi: t0 - t2 */
        y0 = 2.0 * c * d; x0 = c * c - d * d;
        y2 = 0.0; x2 = 1.0;
        if (seq->lock_zeroes_first) y0 = -y0;
    } else {
        y0 = b * c + a * d; x0 = a * c - b * d;
        y2 = b * c - a * d; x2 = a * c + b * d;
        locked = 0;
    }
    if (locked && seq->lock_zeroes_first) { /* FRAME keeps the product's last angle */
        y2 = y0; x2 = x0;
        y0 = 0.0; x0 = 1.0;
    }
#ifdef PM__SSE2
    {
        __m128d r = pm__atan2_pd(_mm_set_pd(y2, y0), _mm_set_pd(x2, x0));
        _mm_storel_pd(&out0, r);
        _mm_storeh_pd(&out2, r);
    }
#else
    out0 = pm__atan2(y0, x0);
    out2 = pm__atan2(y2, x2);
#endif
    /* The middle angle is 2 atan2(|cd|, |ab|); in double-angle form it takes
       one square root and keeps full relative accuracy near 0, pi/2 and pi. */
    if (seq->proper) {
        middle = pm__atan2(2.0 * sqrt(ab2 * cd2), ab2 - cd2);
    } else {
        middle = pm__atan2(cd2 - ab2, 2.0 * sqrt(ab2 * cd2)); /* minus the quarter turn */
        out2 *= -seq->s;                                        /* it maps e_k to -s e_i */
    }
    t[0] = out0;
    t[1] = middle;
    t[2] = out2;
    return 1;
}

static PM__INLINE void pm__angles_to_quat(const float t[3], const pm__sequence *seq, double q[4])
{
    double ca = (double)cosf(0.5f * t[0]), sa = (double)sinf(0.5f * t[0]);
    double cb = (double)cosf(0.5f * t[1]), sb = (double)sinf(0.5f * t[1]);
    double cc = (double)cosf(0.5f * t[2]), sc = (double)sinf(0.5f * t[2]);
    double s = seq->s;
    if (seq->proper) {
        q[3] = cb * (ca * cc - sa * sc);
        q[seq->axis[0]] = cb * (ca * sc + sa * cc);
        q[seq->axis[1]] = sb * (ca * cc + sa * sc);
        q[seq->k] = s * sb * (sa * cc - ca * sc);
    } else {
        q[3] = ca * cb * cc - s * sa * sb * sc;
        q[seq->axis[0]] = sa * cb * cc + s * ca * sb * sc;
        q[seq->axis[1]] = ca * sb * cc - s * sa * cb * sc;
        q[seq->k] = ca * cb * sc + s * sa * sb * cc;
    }
}

static PM__INLINE void pm__load_quat(const float *q, double out[4])
{
    out[0] = (double)q[0];
    out[1] = (double)q[1];
    out[2] = (double)q[2];
    out[3] = (double)q[3];
}

static const char *const pm__euler_names[PM_EULER_ORDER_COUNT] = {
    "XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ"};

/* The product sequence of an order and type, or NULL for a bad value. */
static const pm__sequence *pm__euler_sequence(pm_euler_order order, pm_rotation_type type)
{
    if ((unsigned)order >= (unsigned)PM_EULER_ORDER_COUNT || (unsigned)type >= 2u) return NULL;
    return &pm__euler_sequences[type][order];
}

/* Matches "ABC" or "abc" against the names; an order, or -1. */
static int pm__parse_order(const char *text)
{
    int n, i, upper = 0, lower = 0;
    char buf[3];
    for (i = 0; i < 3; ++i) { /* stops at the terminator: never reads past it */
        char ch = text[i];
        if (ch == '\0') return -1;
        if (ch >= 'a' && ch <= 'z') {
            ch = (char)(ch - 'a' + 'A');
            lower = 1;
        } else {
            upper = 1;
        }
        buf[i] = ch;
    }
    if (text[3] != '\0' || (upper && lower)) return -1;
    for (n = 0; n < PM_EULER_ORDER_COUNT; ++n)
        if (memcmp(buf, pm__euler_names[n], 3) == 0) return n;
    return -1;
}

PMDEF pm_result pm_euler_order_parse(const char *text, pm_euler_order *order)
{
    int n;
    if (!text || !order) return PM_ERROR_INVALID_ARGUMENT;
    n = pm__parse_order(text);
    if (n < 0) return PM_ERROR_PARSE;
    *order = (pm_euler_order)n;
    return PM_OK;
}

PMDEF const char *pm_euler_order_name(pm_euler_order order)
{
    return (unsigned)order < (unsigned)PM_EULER_ORDER_COUNT ? pm__euler_names[order] : NULL;
}

/* Rounds an angle in (-pi, pi] (scaled to degrees by `scale`) to float
   without landing on the excluded lower end. */
static PM__INLINE float pm__round_angle(double angle, double scale)
{
    float f = (float)(angle * scale), bound = (float)(PM__PI * scale);
    uint32_t bits;
    PM_ASSERT(f >= -bound && f <= bound);
    f = f > -bound ? f : bound;
    /* -0 becomes 0 on the bits: -ffast-math drops the usual f + 0.0f */
    memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7fffffffu) == 0) f = 0.0f;
    return f;
}

static PM__INLINE pm_result pm__quat_to_euler(const float *q, pm_euler_order order,
                                              pm_rotation_type type, float *euler, double scale)
{
    const pm__sequence *seq;
    double uq[4], t[3];
    int n;
    if (!q || !euler || !(seq = pm__euler_sequence(order, type))) return PM_ERROR_INVALID_ARGUMENT;
    pm__load_quat(q, uq);
    if (!pm__quat_to_angles(uq, seq, t)) return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) euler[seq->slot[n]] = pm__round_angle(t[n], scale);
    return PM_OK;
}

/* Angles (by axis, or in sequence order), scaled to radians by `scale`, to a
   quaternion in double. */
static PM__INLINE pm_result pm__euler_to_quat(const float *euler, pm_euler_order order,
                                              pm_rotation_type type, double scale, double q[4])
{
    const pm__sequence *seq;
    float t[3];
    int n;
    if (!euler || !(seq = pm__euler_sequence(order, type))) return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) {
        if (!pm__finite(euler[seq->slot[n]])) return PM_ERROR_INVALID_ARGUMENT;
        t[n] = (float)((double)euler[seq->slot[n]] * scale);
    }
    pm__angles_to_quat(t, seq, q);
    return PM_OK;
}

static void pm__store_quat(const double q[4], float *out)
{
    int i;
    for (i = 0; i < 4; ++i) out[i] = (float)q[i];
}

PMDEF pm_result pm_quat_to_euler(const versor q, pm_euler_order order, pm_rotation_type type,
                                 vec3 euler)
{
    return pm__quat_to_euler(q, order, type, euler, 1.0);
}

PMDEF pm_result pm_quat_to_euler_deg(const versor q, pm_euler_order order, pm_rotation_type type,
                                     vec3 euler_deg)
{
    return pm__quat_to_euler(q, order, type, euler_deg, 180.0 / PM__PI);
}

PMDEF pm_result pm_euler_to_quat(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 versor q)
{
    double dq[4];
    pm_result r;
    if (!q) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler, order, type, 1.0, dq);
    if (r == PM_OK) pm__store_quat(dq, q);
    return r;
}

PMDEF pm_result pm_euler_deg_to_quat(const vec3 euler_deg, pm_euler_order order,
                                     pm_rotation_type type, versor q)
{
    double dq[4];
    pm_result r;
    if (!q) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler_deg, order, type, PM__PI / 180.0, dq);
    if (r == PM_OK) pm__store_quat(dq, q);
    return r;
}

/* Quaternion of a rotation matrix r[column][row]: the largest of 4w^2,
   4x^2, 4y^2, 4z^2 gives the square root, so every division is well
   conditioned. The branch order (trace first) is three.js's, so that a
   matrix that is only nearly orthogonal decomposes as it does there. */
static void pm__rotation_to_quat(double r[3][3], double q[4]) /* r is only read */
{
    double tr = r[0][0] + r[1][1] + r[2][2], s;
    if (tr > 0.0) {
        s = 2.0 * sqrt(1.0 + tr);
        q[3] = 0.25 * s;
        q[0] = (r[1][2] - r[2][1]) / s;
        q[1] = (r[2][0] - r[0][2]) / s;
        q[2] = (r[0][1] - r[1][0]) / s;
    } else if (r[0][0] > r[1][1] && r[0][0] > r[2][2]) {
        s = 2.0 * sqrt(1.0 + r[0][0] - r[1][1] - r[2][2]);
        q[0] = 0.25 * s;
        q[3] = (r[1][2] - r[2][1]) / s;
        q[1] = (r[0][1] + r[1][0]) / s;
        q[2] = (r[2][0] + r[0][2]) / s;
    } else if (r[1][1] > r[2][2]) {
        s = 2.0 * sqrt(1.0 - r[0][0] + r[1][1] - r[2][2]);
        q[1] = 0.25 * s;
        q[3] = (r[2][0] - r[0][2]) / s;
        q[0] = (r[0][1] + r[1][0]) / s;
        q[2] = (r[1][2] + r[2][1]) / s;
    } else {
        s = 2.0 * sqrt(1.0 - r[0][0] - r[1][1] + r[2][2]);
        q[2] = 0.25 * s;
        q[3] = (r[0][1] - r[1][0]) / s;
        q[0] = (r[2][0] + r[0][2]) / s;
        q[1] = (r[1][2] + r[2][1]) / s;
    }
}

/* Unit quaternion of the rotation part of a 3x3 block whose column c starts at
   m[c * stride]. Columns are normalized (scale is not rotation); a zero or
   non-finite column or a reflection is rejected. */
static double pm__det3(double a[3][3]) /* columns; only read */
{
    return a[0][0] * (a[1][1] * a[2][2] - a[2][1] * a[1][2]) - a[1][0] * (a[0][1] * a[2][2] - a[2][1] * a[0][2]) +
           a[2][0] * (a[0][1] * a[1][2] - a[1][1] * a[0][2]);
}

/* out = a^-T (columns: out[c][r]), the cofactors of a over its determinant */
static void pm__inverse_transpose3(double a[3][3], double det, double out[3][3]) /* a is only read */
{
    int c, r;
    for (c = 0; c < 3; ++c)
        for (r = 0; r < 3; ++r) {
            const int c1 = (c + 1) % 3, c2 = (c + 2) % 3, r1 = (r + 1) % 3, r2 = (r + 2) % 3;
            out[c][r] = (a[c1][r1] * a[c2][r2] - a[c1][r2] * a[c2][r1]) / det;
        }
}

static int pm__mat_to_quat(const float *m, int stride, double q[4])
{
    double r[3][3];
    int c, i;
    for (c = 0; c < 3; ++c) {
        double n2 = 0.0;
        for (i = 0; i < 3; ++i) {
            if (!pm__finite(m[c * stride + i])) return 0;
            r[c][i] = (double)m[c * stride + i];
            n2 += r[c][i] * r[c][i];
        }
        if (n2 == 0.0) return 0;
        for (i = 0; i < 3; ++i) r[c][i] /= sqrt(n2);
    }
    if (pm__det3(r) <= 0.0) return 0;
    pm__rotation_to_quat(r, q);
    return 1;
}

/* Rotation matrix r[column][row] of a unit quaternion. */
static PM__INLINE void pm__quat_to_rotation(const double q[4], double r[3][3])
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    r[0][0] = 1.0 - 2.0 * (y * y + z * z);
    r[0][1] = 2.0 * (x * y + z * w);
    r[0][2] = 2.0 * (x * z - y * w);
    r[1][0] = 2.0 * (x * y - z * w);
    r[1][1] = 1.0 - 2.0 * (x * x + z * z);
    r[1][2] = 2.0 * (y * z + x * w);
    r[2][0] = 2.0 * (x * z + y * w);
    r[2][1] = 2.0 * (y * z - x * w);
    r[2][2] = 1.0 - 2.0 * (x * x + y * y);
}

/* The same in float, into the 3x3 block at stride (columns `stride` apart). */
static void pm__quat_to_mat(const double q[4], float *m, int stride)
{
    double r[3][3];
    int c, k;
    pm__quat_to_rotation(q, r);
    for (c = 0; c < 3; ++c)
        for (k = 0; k < 3; ++k) m[c * stride + k] = (float)r[c][k];
}

static pm_result pm__mat_to_euler(const float *m, int stride, pm_euler_order order,
                                  pm_rotation_type type, float *euler)
{
    const pm__sequence *seq;
    double q[4], t[3];
    int n;
    if (!m || !euler || !(seq = pm__euler_sequence(order, type)) || !pm__mat_to_quat(m, stride, q) ||
        !pm__quat_to_angles(q, seq, t))
        return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) euler[seq->slot[n]] = pm__round_angle(t[n], 1.0);
    return PM_OK;
}

PMDEF pm_result pm_mat3_to_euler(const float m[9], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler)
{
    return pm__mat_to_euler(m, 3, order, type, euler);
}

PMDEF pm_result pm_mat4_to_euler(const float m[16], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler)
{
    return pm__mat_to_euler(m, 4, order, type, euler);
}

PMDEF pm_result pm_euler_to_mat3(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[9])
{
    double q[4];
    pm_result r;
    if (!m) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler, order, type, 1.0, q);
    if (r == PM_OK) pm__quat_to_mat(q, m, 3);
    return r;
}

PMDEF pm_result pm_euler_to_mat4(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[16])
{
    double q[4];
    pm_result r;
    if (!m) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler, order, type, 1.0, q);
    if (r != PM_OK) return r;
    pm__quat_to_mat(q, m, 4);
    m[3] = m[7] = m[11] = m[12] = m[13] = m[14] = 0.0f;
    m[15] = 1.0f;
    return PM_OK;
}

/* ---- Quaternions and affine transforms in double ------------------------ */

static PM__INLINE void pm__quat_mul(const double a[4], const double b[4], double out[4])
{
    double x = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    double y = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    double z = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    double w = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
    out[0] = x;
    out[1] = y;
    out[2] = z;
    out[3] = w;
}

static PM__INLINE void pm__quat_conj(const double q[4], double out[4])
{
    out[0] = -q[0];
    out[1] = -q[1];
    out[2] = -q[2];
    out[3] = q[3];
}

/* q scaled to unit length; 0 (q untouched) when q is zero or not finite.
   Float data is usually within 1e-6 of unit: then one Newton step for
   1/sqrt(|q|^2), (3 - |q|^2) / 2, is as exact (error of order 1e-12) and
   saves a square root and a division. */
static PM__INLINE int pm__quat_normalize(double q[4])
{
    double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], inv;
    if (!pm__finite_d(n2) || !(n2 > 0.0)) return 0;
    inv = fabs(n2 - 1.0) < 1e-6 ? 0.5 * (3.0 - n2) : 1.0 / sqrt(n2);
    q[0] *= inv;
    q[1] *= inv;
    q[2] *= inv;
    q[3] *= inv;
    return 1;
}

/* v rotated by the unit quaternion q: v + 2w (u x v) + 2 u x (u x v). */
static PM__INLINE void pm__quat_rotate(const double q[4], const double v[3], double out[3])
{
    double tx = 2.0 * (q[1] * v[2] - q[2] * v[1]);
    double ty = 2.0 * (q[2] * v[0] - q[0] * v[2]);
    double tz = 2.0 * (q[0] * v[1] - q[1] * v[0]);
    out[0] = v[0] + q[3] * tx + (q[1] * tz - q[2] * ty);
    out[1] = v[1] + q[3] * ty + (q[2] * tx - q[0] * tz);
    out[2] = v[2] + q[3] * tz + (q[0] * ty - q[1] * tx);
}

/* The smallest rotation taking direction a to direction b (any lengths):
   the quaternion (a x b, |a||b| + a.b), normalized. Using the lengths here
   matters: near opposite directions the scalar part is small, and treating
   a vector 1e-7 off unit length as unit would tilt the result by 1e-5.
   When they are opposite any perpendicular axis will do; we pick the one
   three.js picks. */
static void pm__quat_from_to(const double a[3], const double b[3], double out[4])
{
    double lengths = sqrt((a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]));
    double r = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + lengths;
    if (r < 1e-8 * lengths) {
        if (fabs(a[0]) > fabs(a[2])) {
            out[0] = -a[1]; out[1] = a[0]; out[2] = 0.0;
        } else {
            out[0] = 0.0; out[1] = -a[2]; out[2] = a[1];
        }
        out[3] = 0.0;
    } else {
        out[0] = a[1] * b[2] - a[2] * b[1];
        out[1] = a[2] * b[0] - a[0] * b[2];
        out[2] = a[0] * b[1] - a[1] * b[0];
        out[3] = r;
    }
    pm__quat_normalize(out);
}

/* Spherical interpolation from unit a (t = 0) to unit b (t = 1), the short way. */
static void pm__quat_slerp(const double a[4], const double b[4], double t, double out[4])
{
    double c = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    double sign = c < 0.0 ? -1.0 : 1.0, wa, wb;
    int i;
    if (t == 0.0) {
        memcpy(out, a, 4 * sizeof(double));
        return;
    }
    if (t == 1.0) {
        memcpy(out, b, 4 * sizeof(double));
        return;
    }
    c *= sign;
    if (c > 1.0 - 1e-12) { /* nearly equal: normalized lerp */
        wa = 1.0 - t;
        wb = t;
    } else { /* the result is rounded to float and renormalized: float sines do */
        double sin_half = sqrt(1.0 - c * c), half = pm__atan2(sin_half, c);
        wa = (double)sinf((float)((1.0 - t) * half)) / sin_half;
        wb = (double)sinf((float)(t * half)) / sin_half;
    }
    for (i = 0; i < 4; ++i) out[i] = wa * a[i] + sign * wb * b[i];
    pm__quat_normalize(out);
}

/* x = m p + t: a 3x3 block m[column][row] and a translation. */
typedef struct pm__affine {
    double m[3][3];
    double t[3];
} pm__affine;

/* a x b; written out, since compilers at -O2 keep these small loops as loops */
#define PM__AFFINE_ROW(a, v, i) ((a)->m[0][i] * (v)[0] + (a)->m[1][i] * (v)[1] + (a)->m[2][i] * (v)[2])
static PM__INLINE void pm__affine_mul(const pm__affine *a, const pm__affine *b, pm__affine *out)
{
    pm__affine r;
    int c;
    for (c = 0; c < 3; ++c) {
        r.m[c][0] = PM__AFFINE_ROW(a, b->m[c], 0);
        r.m[c][1] = PM__AFFINE_ROW(a, b->m[c], 1);
        r.m[c][2] = PM__AFFINE_ROW(a, b->m[c], 2);
    }
    r.t[0] = PM__AFFINE_ROW(a, b->t, 0) + a->t[0];
    r.t[1] = PM__AFFINE_ROW(a, b->t, 1) + a->t[1];
    r.t[2] = PM__AFFINE_ROW(a, b->t, 2) + a->t[2];
    *out = r;
}

/* A transform as stored by the caller, read in double. */
typedef struct pm__trs {
    double t[3], q[4], s[3];
} pm__trs;

/* Four floats (a versor, or a quaternion stored as float[4]) in double, and
   back. */
static void pm__load4(const float f[4], double out[4])
{
    out[0] = (double)f[0];
    out[1] = (double)f[1];
    out[2] = (double)f[2];
    out[3] = (double)f[3];
}

static void pm__store4(float f[4], const double in[4])
{
    f[0] = (float)in[0];
    f[1] = (float)in[1];
    f[2] = (float)in[2];
    f[3] = (float)in[3];
}

/* Three floats (a point, a scale) in double, and back; load gives 0 when
   one is not finite (all three converted either way). */
static int pm__load3(const float f[3], double out[3])
{
    out[0] = (double)f[0];
    out[1] = (double)f[1];
    out[2] = (double)f[2];
    return pm__finite_n(f, 3);
}

static void pm__store3(float f[3], const double in[3])
{
    f[0] = (float)in[0];
    f[1] = (float)in[1];
    f[2] = (float)in[2];
}

/* 0 when a value is not finite or the rotation is zero; the rotation is
   normalized. */
static PM__INLINE int pm__load_trs(const pm_transform *array, int index, pm__trs *out)
{
    const pm_transform *t = &array[index];
    const int finite = pm__load3(t->translation, out->t) & pm__load3(t->scale, out->s); /* both loaded */
    pm__load4(t->rotation, out->q);
    return finite && pm__quat_normalize(out->q);
}

static int pm__load_rotation(const pm_transform *array, int index, double q[4])
{
    pm__load4(array[index].rotation, q);
    return pm__quat_normalize(q);
}

static PM__INLINE void pm__trs_to_affine(const pm__trs *trs, pm__affine *out)
{
    int c;
    pm__quat_to_rotation(trs->q, out->m);
    PM__UNROLL
    for (c = 0; c < 3; ++c) {
        out->m[c][0] *= trs->s[c];
        out->m[c][1] *= trs->s[c];
        out->m[c][2] *= trs->s[c];
    }
    memcpy(out->t, trs->t, sizeof out->t);
}

/* Whether every parent is a node index or -1: one pass, before any walk. */
static int pm__parents_in_range(const int *parent, int node_count)
{
    int i;
    for (i = 0; i < node_count; ++i)
        if (parent[i] < -1 || parent[i] >= node_count) return 0;
    return 1;
}

/* Aim constraints and the humanoid walk parent chains. A walk fails with
   PM_ERROR_CYCLE past node_count steps (a loop in the parent array) and
   with PM_ERROR_OUT_OF_RANGE on a parent outside the scene; all the walks of
   one call also share a budget of steps, past which they fail with
   PM_ERROR_LIMIT, so that no call costs more than a fixed multiple of the
   scene's size, whatever the scene. */
typedef struct pm__walk {
    const int *parent;
    int node_count;
    int64_t budget;
    pm_result error;
} pm__walk;

/* Counts a step onto node; 0 (and w->error set) when the walk must end. */
static int pm__step(pm__walk *w, int node, int *steps)
{
    if (node >= w->node_count) w->error = PM_ERROR_OUT_OF_RANGE;
    else if (++*steps > w->node_count) w->error = PM_ERROR_CYCLE;
    else if (--w->budget < 0) w->error = PM_ERROR_LIMIT;
    return w->error == PM_OK;
}

/* World transform of node: its local TRS and its ancestors'. 0 for a bad
   transform (w->error unset) or a failed walk. */
static int pm__world_affine(pm__walk *w, const pm_transform *pose, int node, pm__affine *out)
{
    pm__trs trs;
    pm__affine local;
    int steps = 0;
    if (!pm__step(w, node, &steps) || !pm__load_trs(pose, node, &trs)) return 0;
    pm__trs_to_affine(&trs, out);
    for (node = w->parent[node]; node >= 0; node = w->parent[node]) {
        if (!pm__step(w, node, &steps) || !pm__load_trs(pose, node, &trs)) return 0;
        pm__trs_to_affine(&trs, &local);
        pm__affine_mul(&local, out, out);
    }
    return 1;
}

/* Whether a scale is uniform and positive: then a chain's rotation is the
   product of its rotations. */
static int pm__uniform_scale(const float sc[3])
{
    return sc[0] == sc[1] && sc[1] == sc[2] && sc[0] > 0.0f;
}

/* Walks from node up to (not including) node `stop`, or to the root when
   stop is -1, applying each node's transform to the point p
   (p <- t + R (s * p)) and, unless q is NULL, multiplying up the rotations
   (q <- q_node q, not normalized). *conformal is cleared when a scale is not
   uniform and positive: while it stays set, q is also the rotation of the
   chain's matrix. 0 for a bad transform or a failed walk. */
static int pm__chain(pm__walk *w, const pm_transform *pose, int node, int stop, double p[3], double *q,
                     int *conformal)
{
    int steps = 0;
    if (q) {
        q[0] = q[1] = q[2] = 0.0;
        q[3] = 1.0;
    }
    for (; node >= 0 && node != stop; node = w->parent[node]) {
        const float *t = pose[node].translation, *r = pose[node].rotation, *sc = pose[node].scale;
        double v[3], u[3], wq, n2, inv_n2, dot, cross[3], qa[4];
        int i;
        if (!pm__step(w, node, &steps)) return 0;
        for (i = 0; i < 3; ++i) {
            v[i] = (double)sc[i] * p[i];
            u[i] = (double)r[i];
            qa[i] = u[i];
        }
        wq = qa[3] = (double)r[3];
        n2 = u[0] * u[0] + u[1] * u[1] + u[2] * u[2] + wq * wq;
        inv_n2 = 1.0 / n2; /* from the rotation alone: off the chain of p */
        if (!pm__uniform_scale(sc)) *conformal = 0;
        /* q v q* = (w^2 - |u|^2) v + 2 (u.v) u + 2 w (u x v), over |q|^2 */
        dot = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
        cross[0] = u[1] * v[2] - u[2] * v[1];
        cross[1] = u[2] * v[0] - u[0] * v[2];
        cross[2] = u[0] * v[1] - u[1] * v[0];
        for (i = 0; i < 3; ++i)
            p[i] = (double)t[i] + ((2.0 * wq * wq - n2) * v[i] + 2.0 * dot * u[i] + 2.0 * wq * cross[i]) * inv_n2;
        if (q) pm__quat_mul(qa, q, q);
    }
    /* a zero rotation or a non-finite value anywhere ends up here */
    return pm__finite_d(p[0]) && pm__finite_d(p[1]) && pm__finite_d(p[2]) &&
           (!q || (pm__finite_d(q[0]) && pm__finite_d(q[1]) && pm__finite_d(q[2]) && pm__finite_d(q[3])));
}

/* Whether a node's scale is uniform and positive. */
static int pm__conformal(const pm_transform *pose, int node)
{
    return pm__uniform_scale(pose[node].scale);
}

/* Whether node and all its ancestors have uniform positive scale. */
static int pm__conformal_above(pm__walk *w, const pm_transform *pose, int node, int *conformal)
{
    int steps = 0;
    for (; node >= 0; node = w->parent[node]) {
        if (!pm__step(w, node, &steps)) return 0;
        if (!pm__conformal(pose, node)) *conformal = 0;
    }
    return 1;
}

/* The number of nodes from node up to its root; -1 for a failed walk. */
static int pm__depth(pm__walk *w, int node)
{
    int depth = 0;
    for (; node >= 0; node = w->parent[node])
        if (!pm__step(w, node, &depth)) return -1;
    return depth;
}

/* The deepest node that is a or an ancestor of a and also b or an ancestor
   of b, or -1 when there is none; -2 for a failed walk. Both depths are
   known, so the lockstep walk ends. */
static int pm__common_ancestor(pm__walk *w, int a, int b)
{
    int da = pm__depth(w, a), db = pm__depth(w, b);
    if (da < 0 || db < 0) return -2;
    for (; da > db; --da) a = w->parent[a];
    for (; db > da; --db) b = w->parent[b];
    while (a != b) {
        if (--w->budget < 0) {
            w->error = PM_ERROR_LIMIT;
            return -2;
        }
        a = w->parent[a];
        b = w->parent[b];
    }
    return a;
}

/* ---- Scenes --------------------------------------------------------------

   A parent array can hold a million nodes in one chain, so nothing here
   walks from every node to its root. Both functions visit each node once by
   pointer reversal: a walk goes up from an unvisited node, leaving in each
   node it passes a link to the node it came from, until it reaches a root or
   a finished node; it then comes back down along the links, finishing each
   node from its parent. A walk that meets its own links has found a loop.
   The caller's output array holds the links, so no storage is needed.
   World matrices skip the walk when every parent comes before its child. */

PMDEF pm_result pm_scene_validate(const int *parent, int node_count, int *depth)
{
    int i;
    if (node_count < 0 || (node_count > 0 && (!parent || !depth))) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < node_count; ++i) depth[i] = -1; /* unvisited; a link to node k is -2 - k */
    if (!pm__parents_in_range(parent, node_count)) return PM_ERROR_OUT_OF_RANGE;
    for (i = 0; i < node_count; ++i) {
        int node = i, below = i, d; /* the walk's first node links to itself */
        if (depth[i] >= 0) continue;
        for (; node >= 0 && depth[node] == -1; node = parent[node]) {
            depth[node] = -2 - below;
            below = node;
        }
        if (node >= 0 && depth[node] < 0) { /* a link of this walk: a loop */
            for (d = 0; d < node_count; ++d) depth[d] = -1;
            return PM_ERROR_CYCLE;
        }
        d = node >= 0 ? depth[node] : -1;
        for (node = below;;) {
            int next = -2 - depth[node];
            depth[node] = ++d;
            if (next == node) break;
            node = next;
        }
    }
    return PM_OK;
}

/* The bookkeeping pm_scene_world_matrices keeps in a node's 16 floats until
   its matrix is written: a state in the last float (a finished matrix has
   1.0f there) and the link in the first. */
enum { PM__WORLD_UNVISITED = 0, PM__WORLD_ON_WALK = -1, PM__WORLD_DONE = 0x3f800000 /* 1.0f */ };

static int32_t pm__world_word(const float *world, int node, int slot)
{
    int32_t word;
    memcpy(&word, world + (size_t)node * 16 + (size_t)slot, sizeof word);
    return word;
}

static void pm__set_world_word(float *world, int node, int slot, int32_t word)
{
    memcpy(world + (size_t)node * 16 + (size_t)slot, &word, sizeof word);
}

/* Every parent -1 or a node before its child (as UniVRM writes VRM 0.x
   avatars): the nodes can be finished in index order. */
static int pm__parents_first(const int *parent, int node_count)
{
    int i;
    for (i = 0; i < node_count; ++i)
        if (parent[i] >= i || parent[i] < -1) return 0;
    return 1;
}

/* the world matrix of a node's parent -1 */
static const float pm__identity4x4[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

/* Rotation q brought to unit length: near it in float (a Newton step of
   1 / sqrt(n2) from 1), any other length in double. 0 for a zero or
   non-finite rotation (whose n2 is not near 1 either). */
static PM__INLINE int pm__f4_unit_rotation(const float q[4], pm__f4 *unit)
{
    const pm__f4 loaded = pm__f4_load(q);
    const float n2 = pm__f4_dot(loaded, loaded);
    double d[4];
    if (n2 > 1.0f - 1e-6f && n2 < 1.0f + 1e-6f) {
        *unit = pm__f4_mul(loaded, pm__f4_set1(1.5f - 0.5f * n2));
        return 1;
    }
    pm__load4(q, d);
    if (!pm__quat_normalize(d)) return 0;
    *unit = pm__f4_from_double(d);
    return 1;
}

/* world(node) = world(parent) local(node), parent's as already written
   (a root's parent: identity), in floats four lanes at a time: the
   rotation normalized (pm__f4_unit_rotation), its columns mixing the
   parent's columns, then scaled. The bottom row comes out of the same
   vector operations (the parent's is 0 0 0 1: each column's fourth lane
   is a sum of zeros, cleared of its sign, the translation's 1 exactly):
   a float stored over a column just written would keep a child's load of
   that column from being forwarded from the store, and node after node
   waits on it. 0 for a rotation of zero or for a matrix not finite, which
   any value not finite in the transform makes (each rotation column has
   a nonzero entry), as does finite input whose product overflows. */
static int pm__world_node(const int *parent, const pm_transform *pose, float *world, int node)
{
    const pm_transform *t = &pose[node];
    const float *p = parent[node] >= 0 ? world + (size_t)parent[node] * 16 : pm__identity4x4;
    const pm__f4 p0 = pm__f4_load(p), p1 = pm__f4_load(p + 4), p2 = pm__f4_load(p + 8), p3 = pm__f4_load(p + 12);
    pm__f4 q, twice, square, diagonal, mixed, turned, plus, minus;
    float *m = world + (size_t)node * 16;
    if (!pm__f4_unit_rotation(t->rotation, &q)) return 0;
    twice = pm__f4_add(q, q);                                                   /* 2x 2y 2z 2w */
    square = pm__f4_mul(q, twice);                                              /* 2xx 2yy 2zz */
    diagonal = pm__f4_sub(pm__f4_sub(pm__f4_set1(1.0f), PM__F4_LANES(square, 1, 0, 0, 3)), PM__F4_LANES(square, 2, 2, 1, 3));
    mixed = pm__f4_mul(PM__F4_LANES(q, 0, 0, 1, 3), PM__F4_LANES(twice, 2, 1, 2, 3)); /* 2xz 2xy 2yz */
    turned = pm__f4_mul(PM__F4_LANES(q, 3, 3, 3, 3), PM__F4_LANES(twice, 1, 2, 0, 3)); /* 2wy 2wz 2wx */
    plus = pm__f4_add(mixed, turned);
    minus = pm__f4_sub(mixed, turned);
#define PM__WORLD_COLUMN(c, x, y, z)                                                                                \
    pm__f4_store(m + 4 * (c), pm__f4_xyz0(pm__f4_mul(pm__f4_add(pm__f4_add(pm__f4_mul(p0, x), pm__f4_mul(p1, y)), \
                                                               pm__f4_mul(p2, z)),                              \
                                                    pm__f4_set1(t->scale[c]))))
    /* the rotation's columns: (1 - 2yy - 2zz, 2xy + 2wz, 2xz - 2wy), (2xy - 2wz, 1 - 2xx - 2zz, 2yz + 2wx),
       (2xz + 2wy, 2yz - 2wx, 1 - 2xx - 2yy) */
    PM__WORLD_COLUMN(0, PM__F4_LANES(diagonal, 0, 0, 0, 0), PM__F4_LANES(plus, 1, 1, 1, 1), PM__F4_LANES(minus, 0, 0, 0, 0));
    PM__WORLD_COLUMN(1, PM__F4_LANES(minus, 1, 1, 1, 1), PM__F4_LANES(diagonal, 1, 1, 1, 1), PM__F4_LANES(plus, 2, 2, 2, 2));
    PM__WORLD_COLUMN(2, PM__F4_LANES(plus, 0, 0, 0, 0), PM__F4_LANES(minus, 2, 2, 2, 2), PM__F4_LANES(diagonal, 2, 2, 2, 2));
#undef PM__WORLD_COLUMN
    pm__f4_store(m + 12, pm__f4_add(pm__f4_add(pm__f4_add(pm__f4_mul(p0, pm__f4_set1(t->translation[0])),
                                                          pm__f4_mul(p1, pm__f4_set1(t->translation[1]))),
                                               pm__f4_mul(p2, pm__f4_set1(t->translation[2]))),
                                    p3));
    return pm__finite_matrix(m);
}

static pm_result pm__world_walk(const int *parent, int node_count, const pm_transform *pose, float *world)
{
    int i;
    for (i = 0; i < node_count; ++i) pm__set_world_word(world, i, 15, PM__WORLD_UNVISITED);
    for (i = 0; i < node_count; ++i) {
        int node = i, below = i;
        if (pm__world_word(world, i, 15) == PM__WORLD_DONE) continue;
        for (; node >= 0 && pm__world_word(world, node, 15) == PM__WORLD_UNVISITED; node = parent[node]) {
            pm__set_world_word(world, node, 15, PM__WORLD_ON_WALK);
            pm__set_world_word(world, node, 0, below);
            below = node;
        }
        if (node >= 0 && pm__world_word(world, node, 15) == PM__WORLD_ON_WALK) return PM_ERROR_CYCLE;
        for (node = below;;) {
            int next = pm__world_word(world, node, 0);
            if (!pm__world_node(parent, pose, world, node)) return PM_ERROR_INVALID_ARGUMENT;
            if (next == node) break;
            node = next;
        }
    }
    return PM_OK;
}

PMDEF pm_result pm_scene_world_matrices(const int *parent, int node_count, const pm_transform *pose,
                                        float *world)
{
    pm_result result = PM_OK;
    int i;
    if (node_count < 0 || (node_count > 0 && (!parent || !pose || !world))) return PM_ERROR_INVALID_ARGUMENT;
    if (pm__parents_first(parent, node_count)) {
        for (i = 0; i < node_count && result == PM_OK; ++i)
            if (!pm__world_node(parent, pose, world, i)) result = PM_ERROR_INVALID_ARGUMENT;
    } else if (!pm__parents_in_range(parent, node_count)) {
        result = PM_ERROR_OUT_OF_RANGE;
    } else {
        result = pm__world_walk(parent, node_count, pose, world);
    }
    if (result != PM_OK) memset(world, 0, (size_t)node_count * 16 * sizeof(float));
    return result;
}

/* ---- Animation tracks -------------------------------------------------------

   As glTF 2.0's animation samplers define them (appendix "Interpolation"),
   which three.js's interpolants implement: times clamp at both ends; STEP
   holds the earlier key; LINEAR mixes, with slerp along the shorter arc for
   rotations; CUBICSPLINE is the Hermite spline through the values with the
   stored tangents scaled by the key interval, rotations normalized after.
   Computed in double from the stored floats, rounded once. */

PMDEF pm_result pm_interpolation_parse(const char *text, pm_interpolation *interpolation)
{
    static const char *const names[3] = {"LINEAR", "STEP", "CUBICSPLINE"};
    int i;
    if (!text || !interpolation) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < 3; ++i)
        if (strcmp(text, names[i]) == 0) {
            *interpolation = (pm_interpolation)i;
            return PM_OK;
        }
    return PM_ERROR_PARSE;
}

/* The track's shape (pointers, counts, enums), not its content */
static PM__INLINE int pm__track_shape(const pm_track *t)
{
    return t && t->times && t->values && t->key_count > 0 && (t->components == 3 || t->components == 4) &&
           (unsigned)t->interpolation <= (unsigned)PM_INTERPOLATION_CUBICSPLINE &&
           t->key_count <= INT_MAX / 12; /* key_count x 3 x components indexes an int */
}

PMDEF pm_result pm_track_validate(const pm_track *track, int *bad_key)
{
    int k, c;
    if (bad_key) *bad_key = -1;
    if (!pm__track_shape(track)) return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < track->key_count; ++k) {
        const int stride = track->components * (track->interpolation == PM_INTERPOLATION_CUBICSPLINE ? 3 : 1);
        const float *v = track->values + (size_t)k * (size_t)stride;
        int bad = !pm__finite(track->times[k]) || (k > 0 && !(track->times[k] > track->times[k - 1]));
        for (c = 0; c < stride; ++c) bad |= !pm__finite(v[c]);
        if (!bad && track->components == 4) { /* a key's rotation must have a direction */
            const float *q = track->interpolation == PM_INTERPOLATION_CUBICSPLINE ? v + 4 : v;
            double q4[4];
            pm__load4(q, q4);
            bad = !(q4[0] * q4[0] + q4[1] * q4[1] + q4[2] * q4[2] + q4[3] * q4[3] > 0.0);
        }
        if (bad) {
            if (bad_key) *bad_key = k;
            return PM_ERROR_INVALID_ARGUMENT;
        }
    }
    return PM_OK;
}

/* The key interval holding time: k with times[k] <= time < times[k + 1]
   (0 <= k < key_count - 1), the cursor's interval or the next when
   playback runs forward, else by bisection. */
static int pm__track_interval(const pm_track *t, double time, int cursor)
{
    int low = 0, high = t->key_count - 1;
    if (cursor >= 0 && cursor < high) {
        if ((double)t->times[cursor] <= time && time < (double)t->times[cursor + 1]) return cursor;
        if (cursor + 1 < high && (double)t->times[cursor + 1] <= time && time < (double)t->times[cursor + 2])
            return cursor + 1;
    }
    while (high - low > 1) { /* times[low] <= time < times[high] */
        const int middle = low + (high - low) / 2;
        if ((double)t->times[middle] <= time) low = middle;
        else high = middle;
    }
    return low;
}

/* The square root of x >= 0 in one instruction where there is one: gcc,
   keeping errno for negative x, may call the C library's sqrt outright
   (with the registers around the call saved) when it cannot see the
   argument's sign. */
static PM__INLINE double pm__sqrt(double x)
{
#if defined(PM__SSE2)
    return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x)));
#else
    return sqrt(x);
#endif
}

/* sin x in both lanes: within a quarter turn (a slerp's weights, with u
   in [0, 1]) its Taylor polynomial to x^13, whose relative error stays
   below 7e-10 (the next term, x^15 / 15!, over sin x >= 2x / pi); beyond,
   the C library's. */
static PM__INLINE pm__d2 pm__sin_near(pm__d2 x)
{
    const double x0 = pm__d2_lane0(x), x1 = pm__d2_lane1(x);
    pm__d2 x2, p;
    if (!(fabs(x0) <= PM__HALF_PI && fabs(x1) <= PM__HALF_PI)) return pm__d2_set(sin(x0), sin(x1));
    x2 = pm__d2_mul(x, x);
    p = pm__d2_add(pm__d2_set1(-1.0 / 39916800.0), pm__d2_mul(x2, pm__d2_set1(1.0 / 6227020800.0)));
    p = pm__d2_add(pm__d2_set1(1.0 / 362880.0), pm__d2_mul(x2, p));
    p = pm__d2_add(pm__d2_set1(-1.0 / 5040.0), pm__d2_mul(x2, p));
    p = pm__d2_add(pm__d2_set1(1.0 / 120.0), pm__d2_mul(x2, p));
    p = pm__d2_add(pm__d2_set1(-1.0 / 6.0), pm__d2_mul(x2, p));
    p = pm__d2_add(pm__d2_set1(1.0), pm__d2_mul(x2, p));
    return pm__d2_mul(x, p);
}

/* sin(t angle) / sin(angle) for t in [0, 1] is a power series in
   cos(angle) - 1 = -delta whose coefficients follow from t alone,
       sum over i >= 0 of a_i(t) (-delta)^i,  a_0 = t,
       a_i = a_(i-1) (t^2 - i^2) / (i (2i + 1))
   (D. Eberly, "A Fast and Accurate Algorithm for Computing SLERP", Journal
   of Graphics, GPU, and Game Tools 15(3), 2011). With |t^2 - i^2| <= i^2,
   |a_i| <= t c_i, c_i the product of j / (2j + 1) for j = 1 .. i, and the
   sum is at least t: its first PM__SLERP_TERMS terms are within
   c_8 delta^8 / (1 - delta / 2) (c_8 = 1.17e-3) of it, relatively, which
   for delta <= PM__SLERP_SERIES_REACH is below 6e-12, finer than
   pm__atan2's 2.1e-11. Keys of a sampled motion lie that close (an angle
   below 24 degrees between the quaternions); their slerp then takes
   products and sums in place of a square root, an arctangent, two sines
   and a division, whose chain of latencies held up every track sampled. */
#define PM__SLERP_TERMS 8
#define PM__SLERP_SERIES_REACH 0.09
static const double pm__slerp_series[PM__SLERP_TERMS - 1] = { /* 1 / (i (2i + 1)), i = 1 .. 7 */
    1.0 / 3.0, 1.0 / 10.0, 1.0 / 21.0, 1.0 / 36.0, 1.0 / 55.0, 1.0 / 78.0, 1.0 / 105.0};

/* a and b, each as halves (x, y) and (z, w), mixed by u along the shorter
   arc. The weights come from the keys' dot product as stored, as
   three.js's slerp takes them, so that keys stored slightly off unit
   length (0.707 for 1/sqrt 2, as real files have them) sample as three.js
   samples them; unit keys give the exact slerp. Near keys take the
   series above (both weights at once); others the angle
   from pm__atan2 and the two sines from one pm__sin_near. The caller
   normalizes the result. */
static PM__INLINE void pm__slerp_halves(pm__d2 a01, pm__d2 a23, pm__d2 b01, pm__d2 b23, double u, pm__d2 *out01,
                                        pm__d2 *out23)
{
    const pm__d2 products = pm__d2_add(pm__d2_mul(a01, b01), pm__d2_mul(a23, b23));
    double cosine = pm__d2_lane0(products) + pm__d2_lane1(products), sign = 1.0;
    pm__d2 weights = pm__d2_set(1.0 - u, u), wa, wb;
    int i;
    if (cosine < 0.0) {
        sign = -1.0;
        cosine = -cosine;
    }
    if (cosine >= 1.0 - PM__SLERP_SERIES_REACH) {
        /* keys longer than unit length (cosine past 1) mix linearly, as three.js mixes them */
        const pm__d2 squares = pm__d2_mul(weights, weights), below = pm__d2_set1(cosine < 1.0 ? cosine - 1.0 : 0.0);
        pm__d2 f[PM__SLERP_TERMS - 1], p12, p14, p16;
        /* the terms' ratios f_i = (t^2 - i^2) (-delta) / (i (2i + 1)); the sum 1 + f1 + f1 f2 + ... + f1 .. f7
           by products and sums in a tree, whose chain is four products and three sums long */
        PM__UNROLL
        for (i = 1; i < PM__SLERP_TERMS; ++i)
            f[i - 1] = pm__d2_mul(pm__d2_add(squares, pm__d2_set1(-(double)(i * i))),
                                  pm__d2_mul(below, pm__d2_set1(pm__slerp_series[i - 1])));
        p12 = pm__d2_mul(f[0], f[1]);
        p14 = pm__d2_mul(p12, pm__d2_mul(f[2], f[3]));
        p16 = pm__d2_mul(p14, pm__d2_mul(f[4], f[5]));
        weights = pm__d2_mul(weights, pm__d2_add(pm__d2_add(pm__d2_add(pm__d2_set1(1.0), f[0]),
                                                            pm__d2_add(p12, pm__d2_mul(p12, f[2]))),
                                                 pm__d2_add(pm__d2_add(p14, pm__d2_mul(p14, f[4])),
                                                            pm__d2_add(p16, pm__d2_mul(p16, f[6])))));
    } else {
        const double sine = pm__sqrt((1.0 - cosine) * (1.0 + cosine)), angle = pm__atan2(sine, cosine);
        weights = pm__d2_mul(pm__sin_near(pm__d2_mul(weights, pm__d2_set1(angle))), pm__d2_set1(1.0 / sine));
    }
    wa = pm__d2_set1(pm__d2_lane0(weights));
    wb = pm__d2_set1(sign * pm__d2_lane1(weights));
    *out01 = pm__d2_add(pm__d2_mul(wa, a01), pm__d2_mul(wb, b01));
    *out23 = pm__d2_add(pm__d2_mul(wa, a23), pm__d2_mul(wb, b23));
}

/* pm__slerp_halves of quaternions in double[4] */
static PM__INLINE void pm__slerp(const double a[4], const double b[4], double u, double out[4])
{
    pm__d2 out01, out23;
    pm__slerp_halves(pm__d2_load(a), pm__d2_load(a + 2), pm__d2_load(b), pm__d2_load(b + 2), u, &out01, &out23);
    pm__d2_store(out, out01);
    pm__d2_store(out + 2, out23);
}

PMDEF pm_result pm_track_sample(const pm_track *track, double time, int *cursor, float *out)
{
    const int cubic = track && track->interpolation == PM_INTERPOLATION_CUBICSPLINE;
    int n, k, c, last, stride;
    double result[4], u;
    float rounded[3]; /* a point's, before its check */
    if (!pm__track_shape(track) || !out || !pm__finite_d(time)) return PM_ERROR_INVALID_ARGUMENT;
    n = track->components;
    stride = n * (cubic ? 3 : 1);
    last = track->key_count - 1;
    if (!(time > (double)track->times[0]) || last == 0 || time >= (double)track->times[last]) { /* clamped */
        k = !(time > (double)track->times[0]) || last == 0 ? 0 : last;
        for (c = 0; c < n; ++c) result[c] = (double)track->values[(size_t)k * (size_t)stride + (size_t)(cubic ? n : 0) + (size_t)c];
        if (cursor) *cursor = k == 0 ? 0 : last - 1;
    } else {
        const float *v0, *v1;
        double t0, d;
        k = pm__track_interval(track, time, cursor ? *cursor : -1);
        if (cursor) *cursor = k;
        t0 = (double)track->times[k];
        d = (double)track->times[k + 1] - t0;
        u = (time - t0) / d;
        v0 = track->values + (size_t)k * (size_t)stride;
        v1 = v0 + stride;
        if (track->interpolation == PM_INTERPOLATION_STEP) {
            for (c = 0; c < n; ++c) result[c] = (double)v0[c];
        } else if (!cubic) {
            if (n == 4) {
                pm__d2 r01, r23;
                pm__slerp_halves(pm__d2_of_floats(v0), pm__d2_of_floats(v0 + 2), pm__d2_of_floats(v1),
                                 pm__d2_of_floats(v1 + 2), u, &r01, &r23);
                pm__d2_store(result, r01);
                pm__d2_store(result + 2, r23);
            } else {
                for (c = 0; c < n; ++c) result[c] = (double)v0[c] * (1.0 - u) + (double)v1[c] * u;
            }
        } else { /* value of key k at v0[n], its out-tangent at v0[2n]; key k + 1's in-tangent at v1[0] */
            const double u2 = u * u, u3 = u2 * u;
            const double h00 = 2.0 * u3 - 3.0 * u2 + 1.0, h10 = u3 - 2.0 * u2 + u, h01 = -2.0 * u3 + 3.0 * u2,
                         h11 = u3 - u2;
            for (c = 0; c < n; ++c)
                result[c] = h00 * (double)v0[n + c] + h10 * d * (double)v0[2 * n + c] + h01 * (double)v1[n + c] +
                            h11 * d * (double)v1[c];
        }
    }
    /* on content validate refuses (or a spline that overshoots float): an
       error, out untouched */
    if (n == 4) { /* a unit rotation rounds to finite floats, stored at once for a reader's one load */
        if (!pm__quat_normalize(result)) return PM_ERROR_INVALID_ARGUMENT;
        pm__f4_store(out, pm__f4_from_double(result));
    } else { /* sizes the compiler sees: straight-line code */
        pm__store3(rounded, result);
        if (!pm__finite_n(rounded, 3)) return PM_ERROR_INVALID_ARGUMENT;
        memcpy(out, rounded, 3 * sizeof(float));
    }
    return PM_OK;
}

/* ---- A strict JSON reader for one VRMC_node_constraint object ------------

   RFC 8259 grammar, UTF-8 validated, at most PM__JSON_MAX_DEPTH nested
   containers, never reads past `end`. Unknown members are checked and
   skipped; every rule of the extension's schema is enforced. */

#define PM__JSON_MAX_DEPTH 32

typedef struct pm__json {
    const char *p, *end;
    int depth;
    const char *why, *where; /* the first rule broken, and where: for pm_parse_error */
} pm__json;

/* Records the first failure (the deepest reader fails first, so its words
   are the most precise) and returns 0. */
static int pm__json_fail_at(pm__json *j, const char *where, const char *why)
{
    if (!j->why) {
        j->why = why;
        j->where = where;
    }
    return 0;
}

static int pm__json_fail(pm__json *j, const char *why)
{
    return pm__json_fail_at(j, j->p, why);
}

static void pm__json_space(pm__json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        ++j->p;
}

/* Consumes `ch` after optional space. */
static int pm__json_expect(pm__json *j, char ch)
{
    pm__json_space(j);
    if (j->p >= j->end || *j->p != ch) return 0;
    ++j->p;
    return 1;
}

static int pm__json_hex4(const char *p, unsigned *value)
{
    int i;
    *value = 0;
    for (i = 0; i < 4; ++i) {
        char ch = p[i];
        unsigned digit;
        if (ch >= '0' && ch <= '9') digit = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') digit = (unsigned)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F') digit = (unsigned)(ch - 'A' + 10);
        else return 0;
        *value = *value * 16u + digit;
    }
    return 1;
}

/* Length of the valid UTF-8 sequence at p (RFC 3629: no overlong forms,
   no surrogates, nothing above U+10FFFF), or 0. */
static int pm__utf8_length(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0], min, cp;
    int n, i;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) { n = 2; min = 0x80; cp = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { n = 3; min = 0x800; cp = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; min = 0x10000; cp = c & 0x07; }
    else return 0;
    if (end - p < n) return 0;
    for (i = 1; i < n; ++i) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3fu);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}

/* A string at j->p (the opening quote). Returns the next decoded code
   point at *p via pm__json_next_char; here we only validate and find the
   raw contents [*begin, *end). */
static int pm__json_string(pm__json *j, const char **begin, const char **end)
{
    pm__json_space(j);
    if (j->p >= j->end || *j->p != '"') return pm__json_fail(j, "expected a string");
    *begin = ++j->p;
    while (j->p < j->end) {
        unsigned char c = (unsigned char)*j->p;
        if (c == '"') {
            *end = j->p++;
            return 1;
        }
        if (c < 0x20) return pm__json_fail(j, "a control character in a string");
        if (c == '\\') {
            unsigned u, low;
            if (j->end - j->p < 2) break;
            switch (j->p[1]) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                j->p += 2;
                break;
            case 'u':
                if (j->end - j->p < 6 || !pm__json_hex4(j->p + 2, &u)) return pm__json_fail(j, "a bad \\u escape");
                if (u >= 0xdc00 && u <= 0xdfff) return pm__json_fail(j, "a lone low surrogate");
                if (u >= 0xd800 && u <= 0xdbff) { /* needs its low half */
                    if (j->end - j->p < 12 || j->p[6] != '\\' || j->p[7] != 'u' ||
                        !pm__json_hex4(j->p + 8, &low) || low < 0xdc00 || low > 0xdfff)
                        return pm__json_fail(j, "a high surrogate without its low half");
                    j->p += 6;
                }
                j->p += 6;
                break;
            default:
                return pm__json_fail(j, "an unknown escape");
            }
        } else {
            int n = pm__utf8_length((const unsigned char *)j->p, (const unsigned char *)j->end);
            if (n == 0) return pm__json_fail(j, "invalid UTF-8");
            j->p += n;
        }
    }
    return pm__json_fail(j, "an unterminated string");
}

/* Whether the raw (validated) string contents equal the ASCII text, with
   escapes decoded: "sp\u0065cVersion" is "specVersion". */
static int pm__json_string_is(const char *p, const char *end, const char *text)
{
    while (p < end) {
        unsigned ch = (unsigned char)*p;
        if (ch == '\\') {
            switch (p[1]) {
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'n': ch = '\n'; break;
            case 'r': ch = '\r'; break;
            case 't': ch = '\t'; break;
            case 'u': pm__json_hex4(p + 2, &ch); p += 4; break;
            default: ch = (unsigned char)p[1]; break;
            }
            p += 2;
        } else {
            ++p;
        }
        if (*text == '\0' || ch != (unsigned char)*text) return 0;
        ++text;
    }
    return *text == '\0';
}

/* Decimal text to the nearest double, whatever the number of digits, as
   strtod (and JavaScript's JSON.parse) round, without locale: Nigel Tao's
   "simple decimal conversion" (the algorithm of Go's strconv). The
   significant digits are kept exactly up to PM__DECIMAL_DIGITS (enough to
   decide the rounding of any double) and the rest only as "some were not
   zero"; the value is then scaled by powers of two, in decimal, into
   [1/2, 1) and its binary digits read off. */
#define PM__DECIMAL_DIGITS 800
typedef struct pm__decimal {
    unsigned char digit[PM__DECIMAL_DIGITS]; /* 0..9, most significant first, no leading zeros */
    int count;                               /* digits held */
    int64_t point;                           /* the value is 0.digits x 10^point */
    int truncated;                           /* nonzero digits past the ones held */
} pm__decimal;

static void pm__decimal_trim(pm__decimal *d)
{
    while (d->count > 0 && d->digit[d->count - 1] == 0) --d->count;
    if (d->count == 0) d->point = 0;
}

/* d / 2^k, 1 <= k <= 60 */
static void pm__decimal_shift_right(pm__decimal *d, int k)
{
    const uint64_t mask = ((uint64_t)1 << k) - 1;
    uint64_t n = 0;
    int read = 0, write = 0;
    for (; (n >> k) == 0; ++read) { /* enough leading digits for a first quotient digit */
        if (read >= d->count) {
            if (n == 0) { d->count = 0; return; }
            while ((n >> k) == 0) { n *= 10; ++read; }
            break;
        }
        n = n * 10 + d->digit[read];
    }
    d->point -= read - 1;
    for (; read < d->count; ++read) {
        const uint64_t c = d->digit[read];
        d->digit[write++] = (unsigned char)(n >> k);
        n = (n & mask) * 10 + c;
    }
    for (; n > 0; n = (n & mask) * 10) { /* the remainder's digits */
        if (write < PM__DECIMAL_DIGITS) d->digit[write++] = (unsigned char)(n >> k);
        else if (n >> k) d->truncated = 1;
    }
    d->count = write;
    pm__decimal_trim(d);
}

/* d x 2^k, 1 <= k <= 60 */
static void pm__decimal_shift_left(pm__decimal *d, int k)
{
    unsigned char out[PM__DECIMAL_DIGITS + 20];
    int read = d->count - 1, write = PM__DECIMAL_DIGITS + 20, first, i;
    uint64_t n = 0;
    for (; read >= 0; --read) { /* from the least significant digit, carrying upwards */
        const uint64_t v = ((uint64_t)d->digit[read] << k) + n;
        n = v / 10;
        out[--write] = (unsigned char)(v - 10 * n);
    }
    while (n > 0) {
        const uint64_t q = n / 10;
        out[--write] = (unsigned char)(n - 10 * q);
        n = q;
    }
    first = write;
    d->point += (PM__DECIMAL_DIGITS + 20 - first) - d->count;
    d->count = PM__DECIMAL_DIGITS + 20 - first;
    if (d->count > PM__DECIMAL_DIGITS) {
        for (i = PM__DECIMAL_DIGITS; i < d->count; ++i)
            if (out[first + i]) d->truncated = 1;
        d->count = PM__DECIMAL_DIGITS;
    }
    memcpy(d->digit, out + first, (size_t)d->count);
    pm__decimal_trim(d);
}

/* The integer part of d, rounded to nearest, ties to even (d < 2^54) */
static uint64_t pm__decimal_round(const pm__decimal *d)
{
    uint64_t n = 0;
    int i, up;
    if (d->point > 20) return UINT64_MAX;
    for (i = 0; i < d->point; ++i) n = n * 10 + (i < d->count ? d->digit[i] : 0);
    if (d->point < 0 || d->point >= d->count) return n;
    if (d->digit[d->point] == 5 && d->point + 1 == d->count) /* exactly half, unless digits were dropped */
        up = d->truncated || (n & 1);
    else
        up = d->digit[d->point] >= 5;
    return n + (uint64_t)up;
}

static double pm__decimal_to_double(pm__decimal *d, int negative)
{
    static const int step[9] = {1, 3, 6, 9, 13, 16, 19, 23, 26}; /* 2^step[n] < 10^n */
    uint64_t mantissa, bits;
    int64_t exponent = 0;
    double value;
    if (d->count == 0) bits = 0;
    else if (d->point > 310) bits = (uint64_t)0x7ff << 52;
    else if (d->point < -330) bits = 0;
    else {
        while (d->point > 0) { /* into [1/2, 1) */
            const int n = d->point >= 9 ? 27 : step[d->point];
            pm__decimal_shift_right(d, n);
            exponent += n;
        }
        while (d->point < 0 || (d->point == 0 && d->digit[0] < 5)) {
            const int n = -d->point >= 9 ? 27 : step[-d->point];
            pm__decimal_shift_left(d, n);
            exponent -= n;
        }
        --exponent; /* a double's significand is in [1, 2) */
        if (exponent < -1022) { /* subnormal */
            const int64_t n = -1022 - exponent;
            if (n > 60) {
                pm__decimal_shift_right(d, 60);
                pm__decimal_shift_right(d, (int)(n - 60 > 60 ? 60 : n - 60));
            } else {
                pm__decimal_shift_right(d, (int)n);
            }
            exponent = -1022;
        }
        if (exponent + 1023 >= 0x7ff) {
            bits = (uint64_t)0x7ff << 52;
        } else {
            pm__decimal_shift_left(d, 53);
            mantissa = pm__decimal_round(d);
            if (mantissa == (uint64_t)2 << 52) { /* rounded up to the next power of two */
                mantissa >>= 1;
                ++exponent;
            }
            if (exponent + 1023 >= 0x7ff) bits = (uint64_t)0x7ff << 52;
            else if (!(mantissa >> 52)) bits = mantissa; /* subnormal: exponent field 0 */
            else bits = ((uint64_t)(exponent + 1023) << 52) | (mantissa & (((uint64_t)1 << 52) - 1));
        }
    }
    if (negative) bits |= (uint64_t)1 << 63;
    memcpy(&value, &bits, sizeof value);
    return value;
}

/* A number, correctly rounded to double (*value); *integer whether it is
   written without fraction or exponent ("-0" is the integer zero). */
#define PM__JSON_EXPONENT_CAP 1000000000000000LL /* 1e15: past any text length */
static int pm__json_number(pm__json *j, double *value, int *integer)
{
    const char *p;
    pm__decimal d;
    int64_t explicit_exponent = 0;
    int negative = 0, exponent_sign = 1;
    pm__json_space(j);
    p = j->p;
    d.count = 0;
    d.point = 0;
    d.truncated = 0;
    if (p < j->end && *p == '-') {
        negative = 1;
        ++p;
    }
    if (p >= j->end || *p < '0' || *p > '9') return pm__json_fail(j, "expected a value");
    if (*p == '0') {
        ++p;
    } else {
        for (; p < j->end && *p >= '0' && *p <= '9'; ++p) {
            if (d.count < PM__DECIMAL_DIGITS) d.digit[d.count++] = (unsigned char)(*p - '0');
            else if (*p != '0') d.truncated = 1;
            if (d.point < PM__JSON_EXPONENT_CAP) ++d.point;
        }
    }
    *integer = 1;
    if (p < j->end && *p == '.') {
        *integer = 0;
        if (++p >= j->end || *p < '0' || *p > '9') return pm__json_fail_at(j, p, "expected a digit after '.'");
        for (; p < j->end && *p >= '0' && *p <= '9'; ++p) {
            if (d.count == 0 && *p == '0') { /* leading zeros only move the point */
                if (d.point > -PM__JSON_EXPONENT_CAP) --d.point;
                continue;
            }
            if (d.count < PM__DECIMAL_DIGITS) d.digit[d.count++] = (unsigned char)(*p - '0');
            else if (*p != '0') d.truncated = 1;
        }
    }
    if (p < j->end && (*p == 'e' || *p == 'E')) {
        *integer = 0;
        if (++p < j->end && (*p == '+' || *p == '-')) exponent_sign = *p++ == '-' ? -1 : 1;
        if (p >= j->end || *p < '0' || *p > '9') return pm__json_fail_at(j, p, "expected a digit in the exponent");
        for (; p < j->end && *p >= '0' && *p <= '9'; ++p)
            if (explicit_exponent < PM__JSON_EXPONENT_CAP) explicit_exponent = explicit_exponent * 10 + (*p - '0');
    }
    d.point += exponent_sign * explicit_exponent;
    pm__decimal_trim(&d);
    *value = pm__decimal_to_double(&d, negative && d.count > 0);
    j->p = p;
    return 1;
}

PMDEF pm_result pm_json_number(const char *text, size_t length, double *value, size_t *used)
{
    pm__json j;
    double number;
    int integer;
    if (!text || !value || !used) return PM_ERROR_INVALID_ARGUMENT;
    j.p = text;
    j.end = text + length;
    j.depth = 0;
    j.why = j.where = NULL;
    if (length == 0 || *text == ' ' || *text == '\t' || *text == '\n' || *text == '\r' || !pm__json_number(&j, &number, &integer))
        return PM_ERROR_PARSE;
    *value = number;
    *used = (size_t)(j.p - text);
    return PM_OK;
}

static int pm__json_literal(pm__json *j, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0) return pm__json_fail(j, "expected a value");
    j->p += n;
    return 1;
}

/* Any value, checked and skipped. */
static int pm__json_skip(pm__json *j)
{
    const char *begin, *end;
    double number;
    int integer, ok;
    pm__json_space(j);
    if (j->p >= j->end) return pm__json_fail(j, "expected a value");
    switch (*j->p) {
    case '"': return pm__json_string(j, &begin, &end);
    case 't': return pm__json_literal(j, "true");
    case 'f': return pm__json_literal(j, "false");
    case 'n': return pm__json_literal(j, "null");
    case '[':
    case '{': {
        char close = *j->p == '[' ? ']' : '}';
        int object = close == '}';
        if (++j->depth > PM__JSON_MAX_DEPTH) return pm__json_fail(j, "nested deeper than 32");
        ++j->p;
        if (pm__json_expect(j, close)) {
            --j->depth;
            return 1;
        }
        do {
            if (object && !pm__json_string(j, &begin, &end)) return 0;
            if (object && !pm__json_expect(j, ':')) return pm__json_fail(j, "expected ':'");
            if (!pm__json_skip(j)) return 0;
        } while (pm__json_expect(j, ','));
        ok = pm__json_expect(j, close);
        --j->depth;
        return ok || pm__json_fail(j, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
    default: return pm__json_number(j, &number, &integer);
    }
}

/* Walks the members of an object at j->p: calls member(context, j, key)
   for each, which consumes the value (or returns 0 to fail). */
typedef int (*pm__json_member_fn)(void *context, pm__json *j, const char *key, const char *key_end);

static int pm__json_object(pm__json *j, pm__json_member_fn member, void *context)
{
    const char *key, *key_end;
    int ok;
    if (!pm__json_expect(j, '{')) return pm__json_fail(j, "expected an object");
    if (++j->depth > PM__JSON_MAX_DEPTH) return pm__json_fail(j, "nested deeper than 32");
    if (pm__json_expect(j, '}')) {
        --j->depth;
        return 1;
    }
    do {
        if (!pm__json_string(j, &key, &key_end)) return 0;
        if (!pm__json_expect(j, ':')) return pm__json_fail(j, "expected ':'");
        pm__json_space(j);
        if (!member(context, j, key, key_end)) return 0;
    } while (pm__json_expect(j, ','));
    ok = pm__json_expect(j, '}');
    --j->depth;
    return ok || pm__json_fail(j, "expected ',' or '}'");
}

/* What one roll/aim/rotation object holds; `seen` counts duplicates. */
typedef struct pm__json_constraint {
    pm_constraint_type type;
    int destination, source, has_source, has_axis, has_weight;
    pm_axis axis;
    double weight;
    int kinds; /* how many of roll/aim/rotation */
    int has_version, has_constraint;
} pm__json_constraint;

static int pm__json_axis_member(pm__json_constraint *c, pm__json *j)
{
    static const char *const roll_names[3] = {"X", "Y", "Z"};
    static const char *const aim_names[6] = {"PositiveX", "NegativeX", "PositiveY",
                                             "NegativeY", "PositiveZ", "NegativeZ"};
    const char *begin, *end, *at = j->p;
    int n;
    if (c->has_axis++) return pm__json_fail(j, c->type == PM_CONSTRAINT_ROLL ? "\"rollAxis\" twice" : "\"aimAxis\" twice");
    if (pm__json_string(j, &begin, &end))
        for (n = 0; n < (c->type == PM_CONSTRAINT_ROLL ? 3 : 6); ++n) {
            if (pm__json_string_is(begin, end, c->type == PM_CONSTRAINT_ROLL ? roll_names[n] : aim_names[n])) {
                c->axis = (pm_axis)(c->type == PM_CONSTRAINT_ROLL ? 2 * n : n);
                return 1;
            }
        }
    j->why = NULL; /* the schema's words say more than the string reader's */
    return pm__json_fail_at(j, at, c->type == PM_CONSTRAINT_ROLL
                                       ? "\"rollAxis\" must be \"X\", \"Y\" or \"Z\""
                                       : "\"aimAxis\" must be \"PositiveX\" ... \"NegativeZ\"");
}

static int pm__json_kind_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_constraint *c = (pm__json_constraint *)context;
    const char *at = j->p;
    double value;
    int integer;
    if (pm__json_string_is(key, key_end, "source")) {
        if (c->has_source++) return pm__json_fail(j, "\"source\" twice");
        if (!pm__json_number(j, &value, &integer) || !integer || !(value >= 0.0 && value <= 2147483647.0)) {
            j->why = NULL;
            return pm__json_fail_at(j, at, "\"source\" must be a whole number from 0 to 2147483647");
        }
        c->source = (int)value;
        /* VRMC_node_constraint 1.0: "The source must not be the destination itself" */
        return c->source != c->destination || pm__json_fail_at(j, at, "\"source\" is the node itself");
    }
    if (pm__json_string_is(key, key_end, "weight")) {
        if (c->has_weight++) return pm__json_fail(j, "\"weight\" twice");
        if (!pm__json_number(j, &value, &integer) || !pm__finite_d(value) || !(value >= 0.0 && value <= 1.0)) {
            j->why = NULL;
            return pm__json_fail_at(j, at, "\"weight\" must be a number from 0 to 1");
        }
        c->weight = value;
        return 1;
    }
    if ((c->type == PM_CONSTRAINT_ROLL && pm__json_string_is(key, key_end, "rollAxis")) ||
        (c->type == PM_CONSTRAINT_AIM && pm__json_string_is(key, key_end, "aimAxis")))
        return pm__json_axis_member(c, j);
    return pm__json_skip(j);
}

static int pm__json_constraint_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    static const char *const kinds[3] = {"roll", "aim", "rotation"};
    pm__json_constraint *c = (pm__json_constraint *)context;
    int n;
    for (n = 0; n < 3; ++n) {
        if (pm__json_string_is(key, key_end, kinds[n])) {
            const char *at = j->p;
            if (c->kinds++) return pm__json_fail(j, "\"constraint\" must hold only one of roll, aim and rotation");
            c->type = (pm_constraint_type)n;
            if (!pm__json_object(j, pm__json_kind_member, c)) return 0;
            if (!c->has_source) return pm__json_fail_at(j, at, "no \"source\"");
            if (!c->has_axis && c->type == PM_CONSTRAINT_ROLL) return pm__json_fail_at(j, at, "no \"rollAxis\"");
            if (!c->has_axis && c->type == PM_CONSTRAINT_AIM) return pm__json_fail_at(j, at, "no \"aimAxis\"");
            return 1;
        }
    }
    return pm__json_skip(j);
}

static int pm__json_root_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_constraint *c = (pm__json_constraint *)context;
    const char *begin, *end, *at = j->p;
    if (pm__json_string_is(key, key_end, "specVersion")) {
        if (c->has_version++) return pm__json_fail(j, "\"specVersion\" twice");
        if (pm__json_string(j, &begin, &end) &&
            (pm__json_string_is(begin, end, "1.0") || pm__json_string_is(begin, end, "1.0-beta")))
            return 1;
        j->why = NULL;
        return pm__json_fail_at(j, at, "\"specVersion\" must be \"1.0\"");
    }
    if (pm__json_string_is(key, key_end, "constraint")) {
        if (c->has_constraint++) return pm__json_fail(j, "\"constraint\" twice");
        if (!pm__json_object(j, pm__json_constraint_member, c)) return 0;
        return c->kinds == 1 || pm__json_fail_at(j, at, "\"constraint\" must hold one of roll, aim and rotation");
    }
    return pm__json_skip(j);
}

/* A document of `length` bytes of text to read, its report cleared */
static void pm__json_begin(pm__json *j, const char *json, size_t length, pm_parse_error *error)
{
    if (error) {
        error->offset = 0;
        error->message = error->warning = NULL;
    }
    j->p = json;
    j->end = json + length;
    j->depth = 0;
    j->why = j->where = NULL;
}

/* The document's verdict: after a read that went well (ok), nothing but
   space may follow; a failure is reported with its offset and words. */
static pm_result pm__json_end(pm__json *j, int ok, const char *json, pm_parse_error *error)
{
    if (ok) {
        pm__json_space(j);
        if (j->p != j->end) ok = pm__json_fail(j, "text after the object");
    }
    if (ok) return PM_OK;
    if (error) {
        error->offset = (size_t)(j->where - json);
        error->message = j->why;
    }
    return PM_ERROR_PARSE;
}

PMDEF pm_result pm_constraint_parse_json(const char *json, size_t length, int destination,
                                         pm_constraint *out, pm_parse_error *error)
{
    pm__json j;
    pm__json_constraint c;
    int ok;
    pm__json_begin(&j, json, length, error);
    if (!json || !out || destination < 0) return PM_ERROR_INVALID_ARGUMENT;
    memset(&c, 0, sizeof c);
    c.destination = destination;
    c.weight = 1.0;
    ok = pm__json_object(&j, pm__json_root_member, &c);
    if (ok && !c.has_version) ok = pm__json_fail_at(&j, json, "no \"specVersion\"");
    if (ok && !c.has_constraint) ok = pm__json_fail_at(&j, json, "no \"constraint\"");
    if (pm__json_end(&j, ok, json, error) != PM_OK) return PM_ERROR_PARSE;
    out->type = c.type;
    out->destination = destination;
    out->source = c.source;
    out->axis = c.type == PM_CONSTRAINT_ROTATION ? PM_AXIS_POSITIVE_X : c.axis;
    out->weight = (float)c.weight;
    return PM_OK;
}

/* ---- Constraint sets ------------------------------------------------------

   Ordering is a depth-first search without recursion or allocation: the
   finished constraints fill `order` from the front, the search stack grows
   from its back (a constraint is in one or the other, never both, so they
   cannot meet), and until the rest rotations are captured each `rest` entry
   holds four ints of scratch. */

enum { PM__SCRATCH_SORTED, PM__SCRATCH_STATE, PM__SCRATCH_NODE, PM__SCRATCH_PHASE };
enum { PM__UNVISITED, PM__PENDING, PM__DONE };

static unsigned char *pm__rest_bytes(pm_constraint_rest *rest, int index)
{
    return (unsigned char *)rest + (size_t)index * sizeof(pm_constraint_rest);
}

static int pm__scratch(pm_constraint_rest *rest, int index, int field)
{
    int value;
    memcpy(&value, pm__rest_bytes(rest, index) + (size_t)field * sizeof(int), sizeof value);
    return value;
}

static void pm__set_scratch(pm_constraint_rest *rest, int index, int field, int value)
{
    memcpy(pm__rest_bytes(rest, index) + (size_t)field * sizeof(int), &value, sizeof value);
}

static void pm__swap_sorted(pm_constraint_rest *rest, int a, int b)
{
    int t = pm__scratch(rest, a, PM__SCRATCH_SORTED);
    pm__set_scratch(rest, a, PM__SCRATCH_SORTED, pm__scratch(rest, b, PM__SCRATCH_SORTED));
    pm__set_scratch(rest, b, PM__SCRATCH_SORTED, t);
}

static int pm__sorted_destination(const pm_constraint_set *set, int position)
{
    return set->constraints[pm__scratch(set->rest, position, PM__SCRATCH_SORTED)].destination;
}

static void pm__sift_down(const pm_constraint_set *set, int root, int end)
{
    int child;
    while ((child = 2 * root + 1) < end) {
        if (child + 1 < end && pm__sorted_destination(set, child) < pm__sorted_destination(set, child + 1))
            ++child;
        if (pm__sorted_destination(set, root) >= pm__sorted_destination(set, child)) return;
        pm__swap_sorted(set->rest, root, child);
        root = child;
    }
}

/* Constraint indices sorted by destination into the SORTED scratch, by
   heapsort: no recursion, no storage. */
static void pm__sort_by_destination(const pm_constraint_set *set)
{
    int n = set->count, i;
    for (i = 0; i < n; ++i) pm__set_scratch(set->rest, i, PM__SCRATCH_SORTED, i);
    for (i = n / 2 - 1; i >= 0; --i) pm__sift_down(set, i, n);
    for (i = n - 1; i > 0; --i) {
        pm__swap_sorted(set->rest, 0, i);
        pm__sift_down(set, 0, i);
    }
}

/* The constraint whose destination is node, or -1 (binary search). */
static int pm__constraint_on(const pm_constraint_set *set, int node)
{
    int low = 0, high = set->count - 1;
    while (low <= high) {
        int mid = low + (high - low) / 2;
        int destination = pm__sorted_destination(set, mid);
        if (destination == node) return pm__scratch(set->rest, mid, PM__SCRATCH_SORTED);
        if (destination < node) low = mid + 1;
        else high = mid - 1;
    }
    return -1;
}

/* The next constraint that constraint c reads the output of, or -1 when
   there are no more. Roll and rotation read the source's local rotation;
   aim reads world positions of source and destination and the rotation of
   the destination's parent: the source and its ancestors (phase 0), then
   the destination's ancestors (phase 1). */
static int pm__next_dependency(const pm_constraint_set *set, int c)
{
    const pm_constraint *con = &set->constraints[c];
    int node = pm__scratch(set->rest, c, PM__SCRATCH_NODE);
    int phase = pm__scratch(set->rest, c, PM__SCRATCH_PHASE);
    int found = -1;
    while (found < 0) {
        if (node < 0) {
            if (phase == 1 || con->type != PM_CONSTRAINT_AIM) break;
            phase = 1;
            node = set->parent[con->destination];
            continue;
        }
        found = pm__constraint_on(set, node);
        node = con->type == PM_CONSTRAINT_AIM ? set->parent[node] : -1;
    }
    pm__set_scratch(set->rest, c, PM__SCRATCH_NODE, node);
    pm__set_scratch(set->rest, c, PM__SCRATCH_PHASE, phase);
    return found;
}

static void pm__visit(const pm_constraint_set *set, int c, int *top)
{
    set->order[--*top] = c;
    pm__set_scratch(set->rest, c, PM__SCRATCH_STATE, PM__PENDING);
    pm__set_scratch(set->rest, c, PM__SCRATCH_NODE, set->constraints[c].source);
    pm__set_scratch(set->rest, c, PM__SCRATCH_PHASE, 0);
}

/* The circle the search met: d, pending, is on the search stack, which
   runs from c (order[top]) down to its first constraint, each entry a
   dependency of the one after it. The entries from c to d are the circle;
   they move to the front of order, and the rest of it is -1. */
static pm_result pm__report_circle(const pm_constraint_set *set, int d, int top)
{
    int end = top, i;
    while (set->order[end] != d) ++end;
    memmove(set->order, set->order + top, (size_t)(end - top + 1) * sizeof(int));
    for (i = end - top + 1; i < set->count; ++i) set->order[i] = -1;
    return PM_ERROR_CYCLE;
}

static pm_result pm__order_constraints(const pm_constraint_set *set)
{
    int n = set->count, done = 0, top = n, i;
    pm__sort_by_destination(set);
    for (i = 1; i < n; ++i)
        if (pm__sorted_destination(set, i) == pm__sorted_destination(set, i - 1))
            return PM_ERROR_INVALID_ARGUMENT; /* two constraints on one node */
    for (i = 0; i < n; ++i) pm__set_scratch(set->rest, i, PM__SCRATCH_STATE, PM__UNVISITED);
    for (i = 0; i < n; ++i) {
        if (pm__scratch(set->rest, i, PM__SCRATCH_STATE) != PM__UNVISITED) continue;
        pm__visit(set, i, &top);
        while (top < n) {
            int c = set->order[top], d = pm__next_dependency(set, c), state;
            if (d < 0) { /* all it reads is done: c is next */
                pm__set_scratch(set->rest, c, PM__SCRATCH_STATE, PM__DONE);
                ++top;
                set->order[done++] = c;
                continue;
            }
            state = pm__scratch(set->rest, d, PM__SCRATCH_STATE);
            if (state == PM__PENDING) return pm__report_circle(set, d, top);
            if (state == PM__UNVISITED) pm__visit(set, d, &top);
        }
    }
    PM_ASSERT(done == n);
    return PM_OK;
}

/* apply's walks for one aim cost at most this many times its two depths:
   the common ancestor, the scales above it, the chains below it and, when a
   scale is not uniform, the chains and the parent's frame again. */
#define PM__AIM_WALKS_PER_DEPTH 5

static pm_result pm__check_constraints(const pm_constraint_set *set, const pm_transform *rest_pose)
{
    pm__walk walk;
    double q[4];
    int i;
    walk.parent = set->parent;
    walk.node_count = set->node_count;
    walk.budget = PM_CONSTRAINT_AIM_DEPTH_LIMIT(set->node_count);
    walk.error = PM_OK;
    if (!pm__parents_in_range(set->parent, set->node_count)) return PM_ERROR_OUT_OF_RANGE;
    for (i = 0; i < set->count; ++i) {
        const pm_constraint *c = &set->constraints[i];
        if ((unsigned)c->type > (unsigned)PM_CONSTRAINT_ROTATION) return PM_ERROR_INVALID_ARGUMENT;
        if (c->destination < 0 || c->destination >= set->node_count || c->source < 0 ||
            c->source >= set->node_count)
            return PM_ERROR_OUT_OF_RANGE;
        if (c->source == c->destination || !pm__finite(c->weight) || !(c->weight >= 0.0f && c->weight <= 1.0f))
            return PM_ERROR_INVALID_ARGUMENT;
        if (c->type == PM_CONSTRAINT_ROLL && c->axis != PM_AXIS_POSITIVE_X &&
            c->axis != PM_AXIS_POSITIVE_Y && c->axis != PM_AXIS_POSITIVE_Z)
            return PM_ERROR_INVALID_ARGUMENT;
        if (c->type == PM_CONSTRAINT_AIM && (unsigned)c->axis > (unsigned)PM_AXIS_NEGATIVE_Z)
            return PM_ERROR_INVALID_ARGUMENT;
        if (!pm__load_rotation(rest_pose, c->destination, q) || !pm__load_rotation(rest_pose, c->source, q))
            return PM_ERROR_INVALID_ARGUMENT;
        /* the chains an aim walks must end at a root, within the limit */
        if (c->type == PM_CONSTRAINT_AIM && (pm__depth(&walk, c->source) < 0 || pm__depth(&walk, c->destination) < 0))
            return walk.error;
    }
    return PM_OK;
}

PMDEF pm_result pm_constraint_set_init(pm_constraint_set *set, const pm_transform *rest_pose)
{
    pm_result result;
    double q[4];
    int i, circle = 0;
    if (!set || set->count < 0 || (set->count > 0 && (!set->constraints || !set->rest ||
                                                        !set->order || !rest_pose)))
        return PM_ERROR_INVALID_ARGUMENT;
    result = set->node_count < 0 || (set->node_count > 0 && !set->parent) ? PM_ERROR_INVALID_ARGUMENT : PM_OK;
    if (result == PM_OK) result = pm__check_constraints(set, rest_pose);
    if (result == PM_OK) circle = (result = pm__order_constraints(set)) == PM_ERROR_CYCLE;
    if (result != PM_OK) { /* leave the caller's arrays defined: no order (or the circle), zero rests */
        for (i = 0; i < set->count && set->order && set->rest; ++i) {
            if (!circle) set->order[i] = -1;
            memset(&set->rest[i], 0, sizeof set->rest[i]);
        }
        return result;
    }
    for (i = 0; i < set->count; ++i) {
        pm__load_rotation(rest_pose, set->constraints[i].destination, q);
        pm__store4(set->rest[i].destination, q);
        pm__load_rotation(rest_pose, set->constraints[i].source, q);
        pm__store4(set->rest[i].source, q);
    }
    return PM_OK;
}

/* A stored rest rotation, back to unit length in double (float storage
   leaves it up to 1e-7 off). init stored a unit quaternion. */
static void pm__load_rest(const float rest[4], double q[4])
{
    pm__load4(rest, q);
    pm__quat_normalize(q);
}

static const double pm__axes[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

/* Unit rotation of the 3x3 block of a (scale and mirror removed the way
   three.js's Matrix4.decompose removes them), or 0 for a zero column. */
static int pm__affine_rotation(const pm__affine *a, double q[4])
{
    double r[3][3], det;
    int c, i;
    for (c = 0; c < 3; ++c) {
        double n = sqrt(a->m[c][0] * a->m[c][0] + a->m[c][1] * a->m[c][1] + a->m[c][2] * a->m[c][2]);
        if (!(n > 0.0)) return 0;
        for (i = 0; i < 3; ++i) r[c][i] = a->m[c][i] / n;
    }
    det = r[0][0] * (r[1][1] * r[2][2] - r[2][1] * r[1][2]) -
          r[1][0] * (r[0][1] * r[2][2] - r[2][1] * r[0][2]) +
          r[2][0] * (r[0][1] * r[1][2] - r[1][1] * r[0][2]);
    if (det < 0.0)
        for (i = 0; i < 3; ++i) r[0][i] = -r[0][i];
    pm__rotation_to_quat(r, q);
    return pm__quat_normalize(q);
}

/* The rotation an aim constraint asks for, or 0 for a bad pose.

   It needs the source's and the destination's positions and the
   destination's parent frame P in world space. Where the nodes from their
   common ancestor L up to the root have uniform positive scales, the world
   transform above L is a rotation Q and a scale, and Q cancels:
   from_to(Q a0, Q a1) = Q from_to(a0, a1) Q^-1 and P = Q P'. So the
   positions and P' are taken in L's frame, walking only the chains below
   L: one level each for a sleeve aiming at the arm it hangs from. Otherwise
   everything is taken in world space and P comes from decomposing the
   parent's world matrix the way three.js does. */
static int pm__aim_target(pm__walk *w, const pm_constraint *c, const double dst_rest[4], const pm_transform *pose,
                          double target[4])
{
    int dst_parent = w->parent[c->destination], top, conformal = 1, i;
    double p[4], p_inv[4], q[4], a0[3], a1[3], from_to[4], dst_pos[3], src_pos[3], length;
    const float *t = pose[c->destination].translation;
    top = pm__common_ancestor(w, c->source, dst_parent);
    if (top < -1 || !pm__conformal_above(w, pose, top, &conformal)) return 0;
    for (i = 0; i < 3; ++i) {
        dst_pos[i] = (double)t[i];
        src_pos[i] = 0.0;
    }
    if (!pm__chain(w, pose, c->source, top, src_pos, NULL, &conformal) ||
        !pm__chain(w, pose, dst_parent, top, dst_pos, p, &conformal))
        return 0;
    if (!conformal) {
        pm__affine parent_world;
        int ignored = 1;
        for (i = 0; i < 3; ++i) {
            dst_pos[i] = (double)t[i];
            src_pos[i] = 0.0;
        }
        if (!pm__chain(w, pose, c->source, -1, src_pos, NULL, &ignored) ||
            !pm__chain(w, pose, dst_parent, -1, dst_pos, NULL, &ignored))
            return 0;
        p[0] = p[1] = p[2] = 0.0;
        p[3] = 1.0;
        if (dst_parent >= 0 && (!pm__world_affine(w, pose, dst_parent, &parent_world) ||
                                !pm__affine_rotation(&parent_world, p)))
            return 0;
    }
    if (!pm__quat_normalize(p)) return 0;
    for (i = 0; i < 3; ++i) a1[i] = src_pos[i] - dst_pos[i];
    length = sqrt(a1[0] * a1[0] + a1[1] * a1[1] + a1[2] * a1[2]);
    if (!(length > 0.0)) { /* source on the destination: no direction, keep the rest */
        memcpy(target, dst_rest, 4 * sizeof(double));
        return 1;
    }
    pm__quat_mul(p, dst_rest, q);
    pm__quat_rotate(q, pm__axes[c->axis], a0);
    pm__quat_from_to(a0, a1, from_to);
    pm__quat_conj(p, p_inv);
    pm__quat_mul(p_inv, from_to, q);
    pm__quat_mul(q, p, q);
    pm__quat_mul(q, dst_rest, target);
    return 1;
}

PMDEF pm_result pm_constraint_set_apply(const pm_constraint_set *set, pm_transform *pose)
{
    pm__walk walk;
    int k;
    if (!set || !pose || set->count < 0 || (set->count > 0 && (!set->constraints || !set->order ||
                                                                !set->rest || !set->parent)))
        return PM_ERROR_INVALID_ARGUMENT;
    /* the walks init measured, even if the parent array changed since */
    walk.parent = set->parent;
    walk.node_count = set->node_count;
    walk.budget = PM__AIM_WALKS_PER_DEPTH * PM_CONSTRAINT_AIM_DEPTH_LIMIT(set->node_count);
    walk.error = PM_OK;
    for (k = 0; k < set->count; ++k) {
        const pm_constraint *c;
        double dst_rest[4], src_rest[4], src[4], delta[4], target[4], out[4];
        int index = set->order[k];
        if (index < 0 || index >= set->count) return PM_ERROR_OUT_OF_RANGE;
        c = &set->constraints[index];
        /* init checked all this; a set changed since must still not read out of bounds */
        if (c->destination < 0 || c->destination >= set->node_count || c->source < 0 ||
            c->source >= set->node_count)
            return PM_ERROR_OUT_OF_RANGE;
        if ((unsigned)c->type > (unsigned)PM_CONSTRAINT_ROTATION ||
            (c->type != PM_CONSTRAINT_ROTATION && (unsigned)c->axis > (unsigned)PM_AXIS_NEGATIVE_Z))
            return PM_ERROR_INVALID_ARGUMENT;
        pm__load_rest(set->rest[index].destination, dst_rest);
        pm__load_rest(set->rest[index].source, src_rest);
        if (c->type == PM_CONSTRAINT_AIM) {
            if (!pm__aim_target(&walk, c, dst_rest, pose, target))
                return walk.error != PM_OK ? walk.error : PM_ERROR_INVALID_ARGUMENT;
        } else {
            if (!pm__load_rotation(pose, c->source, src)) return PM_ERROR_INVALID_ARGUMENT;
            if (c->type == PM_CONSTRAINT_ROTATION) { /* target = dstRest * srcRest^-1 * src */
                pm__quat_conj(src_rest, delta);
                pm__quat_mul(delta, src, delta);
                pm__quat_mul(dst_rest, delta, target);
            } else {
                /* roll: the source's turn in the destination's rest frame,
                   D = dstRest^-1 src srcRest^-1 dstRest, without its swing F
                   (the smallest rotation from the axis a to D a). F^-1 D is
                   D's twist about a: normalize(a (v.a), w) for D = (v, w),
                   no rotation needed. When D swings a exactly over, the
                   twist is undefined and F a half turn about the
                   perpendicular three.js picks. */
                double inv[4], twist[4] = {0.0, 0.0, 0.0, 0.0};
                int a = (int)c->axis / 2; /* roll axes are +X, +Y, +Z */
                pm__quat_conj(dst_rest, inv);
                pm__quat_mul(inv, src, delta);
                pm__quat_conj(src_rest, inv);
                pm__quat_mul(delta, inv, delta);
                pm__quat_mul(delta, dst_rest, delta);
                twist[a] = delta[a];
                twist[3] = delta[3];
                if (twist[a] * twist[a] + twist[3] * twist[3] < 5e-9) {
                    double axis_turned[3], swing_inv[4];
                    pm__quat_rotate(delta, pm__axes[c->axis], axis_turned);
                    pm__quat_from_to(axis_turned, pm__axes[c->axis], swing_inv);
                    pm__quat_mul(swing_inv, delta, twist);
                }
                pm__quat_normalize(twist);
                pm__quat_mul(dst_rest, twist, target);
            }
        }
        pm__quat_slerp(dst_rest, target, (double)c->weight, out);
        if (!pm__finite_d(out[0]) || !pm__finite_d(out[1]) || !pm__finite_d(out[2]) || !pm__finite_d(out[3]))
            return PM_ERROR_INVALID_ARGUMENT;
        pm__store4(pose[c->destination].rotation, out);
    }
    return PM_OK;
}


/* ---- VRM spring bones -----------------------------------------------------------

   The step of three-vrm 3.5.5 (VRMSpringBoneJoint.update, in
   VRMSpringBoneManager's order), which the VRMC_springBone specification's
   algorithm section describes: the tail keeps its velocity (less the drag)
   in the center's space, is pulled toward the rest direction (stiffness)
   and along gravity in world space, is put back at the bone's length from
   the node's origin and pushed out of (or into) the colliders, and the
   node turns from its rest rotation to point at it. One change: the bone's
   length is measured with the child as this step has placed the node
   (three-vrm reads the child's world matrix of the step before, which
   after the joints above have turned is not yet where the node is). The
   step takes its joints side by side in SIMD lanes, in floats (Spring
   bones in lanes, with the skinning kernels), and the world matrices
   below the joints in floats too; init works in doubles.

   set->work holds, after init: the joints' order (joint_capacity ints);
   for each joint, where its region starts (joint_capacity + 1); for each
   place in the order, where its run ends (joint_capacity); the regions
   (node_count): the nodes a joint's turn moves that no other joint's
   does, parents first, which the step refreshes after the turn. init's
   scratch follows them.

   The order goes by level: a joint one level below the deepest joint that
   moves its node or one of its colliders. Within a level the joints are
   sorted by their springs' centers and lists of collider groups, and a run
   is a stretch of one level and one center: none of its joints reads a
   node that another one moves, so the step turns them side by side, one to
   a SIMD lane (Spring bones in lanes, below), each lane meeting its own
   spring's colliders. A run packs whole stretches of one list, up to
   PM__SPRING_RUN joints: the step's cost is mostly per run, and a list
   split over two runs would be tested in both. Every order that puts each
   joint after the ones it waits for gives three-vrm's results: the joints
   that a joint waits for are all that its step reads from the others. */

static int *pm__spring_order(const pm_spring_set *s) { return s->work; }
static int *pm__spring_region_first(const pm_spring_set *s) { return s->work + s->joint_capacity; }
static int *pm__spring_run_end(const pm_spring_set *s) { return s->work + 2 * (size_t)s->joint_capacity + 1; }
static int *pm__spring_region(const pm_spring_set *s) { return s->work + 3 * (size_t)s->joint_capacity + 1; }

/* set->lanes: quantity f of the joint at place k of the order at
   f (joint_capacity + 16) + k, its place in a SIMD register; then each
   collider's shape this step (pm__spring_shape_of), quantity g of collider
   c at 29 (joint_capacity + 16) + g collider_count + c. */
enum {
    PM__LANE_AXIS_IN_PARENT = 0, /* the rest tail's direction in the parent's space */
    PM__LANE_AXIS = 3,           /* and in the node's */
    PM__LANE_REST_INVERSE = 6,   /* the rest rotation and scale inverted (3x3, columns) */
    PM__LANE_REST_ROTATION = 15,
    PM__LANE_REST_TRANSLATION = 19,
    PM__LANE_DRAG = 22, /* 1 - dragForce */
    PM__LANE_STIFFNESS = 23,
    PM__LANE_GRAVITY = 24,
    PM__LANE_GRAVITY_DIR = 25,
    PM__LANE_HIT_RADIUS = 28,
    PM__LANE_FIELDS = 29
};
enum {
    PM__SHAPE_ORIGIN = 0,
    PM__SHAPE_AXIS = 3, /* capsules: tail - origin */
    PM__SHAPE_AXIS2 = 6, /* and its squared length */
    PM__SHAPE_NORMAL = 7, /* planes: three.js's normal matrix times the normal, unit */
    PM__SHAPE_RADIUS = 10,
    PM__SHAPE_MOVED = 11, /* 1 where a joint's turn moves the collider's node, set by init */
    PM__SHAPE_FIELDS = 12
};

static float *pm__spring_shapes(const pm_spring_set *s)
{
    return s->lanes + PM__LANE_FIELDS * ((size_t)s->joint_capacity + 16);
}

static const pm_spring_joint *pm__spring_joint(const pm_spring_set *s, int j)
{
    return &s->springs[s->joints[j].spring].joints[s->joints[j].joint];
}

static void pm__spring_report(pm_spring_report *report, int spring, int joint, int collider, int group,
                              const char *message)
{
    if (!report) return;
    report->spring = spring;
    report->joint = joint;
    report->collider = collider;
    report->group = group;
    report->message = message;
}

/* Joints a and b's springs' centers, then their collider group lists
   compared as strcmp compares strings: what a run shares */
static int pm__spring_groups_compare(const pm_spring_set *set, int a, int b)
{
    const pm_spring *x = &set->springs[set->joints[a].spring], *y = &set->springs[set->joints[b].spring];
    int g;
    if (x->center != y->center) return x->center < y->center ? -1 : 1;
    for (g = 0; g < x->collider_group_count && g < y->collider_group_count; ++g)
        if (x->collider_groups[g] != y->collider_groups[g]) return x->collider_groups[g] < y->collider_groups[g] ? -1 : 1;
    return x->collider_group_count < y->collider_group_count ? -1 : x->collider_group_count > y->collider_group_count;
}

static int pm__spring_center_of(const pm_spring_set *set, int j) { return set->springs[set->joints[j].spring].center; }

/* Joints a and b of one level, one center and one list of collider groups */
static int pm__spring_same_list(const pm_spring_set *set, const int *level, int a, int b)
{
    return level[a] == level[b] && pm__spring_groups_compare(set, a, b) == 0;
}

/* The joints of a run: 8, AVX2's lanes, the widest the step takes */
#define PM__SPRING_RUN 8

/* The order runs are grouped by: centers and collider group lists, then joints */
static int pm__spring_compare(const pm_spring_set *set, int a, int b)
{
    const int groups = pm__spring_groups_compare(set, a, b);
    return groups != 0 ? groups : a < b ? -1 : a > b;
}

/* Heapsort of joints by pm__spring_compare: in place, n log n comparisons */
static void pm__spring_sift(const pm_spring_set *set, int *joints, int root, int n)
{
    const int top = joints[root];
    int child;
    while ((child = 2 * root + 1) < n) {
        if (child + 1 < n && pm__spring_compare(set, joints[child + 1], joints[child]) > 0) ++child;
        if (pm__spring_compare(set, joints[child], top) <= 0) break;
        joints[root] = joints[child];
        root = child;
    }
    joints[root] = top;
}

static void pm__spring_sort(const pm_spring_set *set, int *joints, int n)
{
    int k;
    for (k = n / 2 - 1; k >= 0; --k) pm__spring_sift(set, joints, k, n);
    for (k = n - 1; k > 0; --k) {
        const int largest = joints[0];
        joints[0] = joints[k];
        joints[k] = largest;
        pm__spring_sift(set, joints, 0, k);
    }
}

static void pm__affine_identity(pm__affine *a)
{
    memset(a, 0, sizeof *a);
    a->m[0][0] = a->m[1][1] = a->m[2][2] = 1.0;
}

static PM__INLINE void pm__affine_of_world(const float *world, int node, pm__affine *out)
{
    const float *m;
    int c, r;
    if (node < 0) {
        pm__affine_identity(out);
        return;
    }
    m = world + (size_t)node * 16;
    for (c = 0; c < 3; ++c)
        for (r = 0; r < 3; ++r) out->m[c][r] = (double)m[c * 4 + r];
    for (r = 0; r < 3; ++r) out->t[r] = (double)m[12 + r];
}

static PM__INLINE void pm__affine_point(const pm__affine *a, const double p[3], double out[3])
{
    const double x = PM__AFFINE_ROW(a, p, 0) + a->t[0], y = PM__AFFINE_ROW(a, p, 1) + a->t[1],
                 z = PM__AFFINE_ROW(a, p, 2) + a->t[2];
    out[0] = x, out[1] = y, out[2] = z;
}

static PM__INLINE void pm__affine_vector(const pm__affine *a, const double v[3], double out[3])
{
    const double x = PM__AFFINE_ROW(a, v, 0), y = PM__AFFINE_ROW(a, v, 1), z = PM__AFFINE_ROW(a, v, 2);
    out[0] = x, out[1] = y, out[2] = z;
}

/* The inverse of a's 3x3 block, transposed (three.js's normal matrix), and
   its determinant. */
static PM__INLINE double pm__affine_cofactors(const pm__affine *a, double cof[3][3])
{
    cof[0][0] = a->m[1][1] * a->m[2][2] - a->m[1][2] * a->m[2][1];
    cof[0][1] = a->m[1][2] * a->m[2][0] - a->m[1][0] * a->m[2][2];
    cof[0][2] = a->m[1][0] * a->m[2][1] - a->m[1][1] * a->m[2][0];
    cof[1][0] = a->m[2][1] * a->m[0][2] - a->m[2][2] * a->m[0][1];
    cof[1][1] = a->m[2][2] * a->m[0][0] - a->m[2][0] * a->m[0][2];
    cof[1][2] = a->m[2][0] * a->m[0][1] - a->m[2][1] * a->m[0][0];
    cof[2][0] = a->m[0][1] * a->m[1][2] - a->m[0][2] * a->m[1][1];
    cof[2][1] = a->m[0][2] * a->m[1][0] - a->m[0][0] * a->m[1][2];
    cof[2][2] = a->m[0][0] * a->m[1][1] - a->m[0][1] * a->m[1][0];
    return a->m[0][0] * cof[0][0] + a->m[0][1] * cof[0][1] + a->m[0][2] * cof[0][2];
}

/* 0 for a singular block */
static int pm__affine_inverse(const pm__affine *a, pm__affine *out)
{
    double cof[3][3], det = pm__affine_cofactors(a, cof), t[3];
    int c, r;
    if (!(fabs(det) > 0.0) || !pm__finite_d(det)) return 0;
    for (c = 0; c < 3; ++c)
        for (r = 0; r < 3; ++r) out->m[c][r] = cof[r][c] / det;
    memcpy(t, a->t, sizeof t);
    for (r = 0; r < 3; ++r) out->t[r] = -(out->m[0][r] * t[0] + out->m[1][r] * t[1] + out->m[2][r] * t[2]);
    return 1;
}

static PM__INLINE double pm__length3(const double v[3]) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

/* v / |v|, or v unchanged when it is zero (as three.js's normalize) */
static PM__INLINE void pm__normalize3d(double v[3])
{
    const double length = pm__length3(v);
    if (length > 0.0) {
        v[0] /= length;
        v[1] /= length;
        v[2] /= length;
    }
}

PMDEF pm_result pm_spring_set_init(pm_spring_set *set, const pm_transform *rest_pose, pm_spring_report *report)
{
    int *joint_of_node, *near, *depth, *sorted, *counts, *stack_joint, *stack_group, *stack_collider, *mark;
    int *order, *region_first, *run_end, *region, *level, *grouped, *first;
    int n = 0, s, k, j, g, c, count, place, node_count, joint_count = 0;
    pm__spring_report(report, -1, -1, -1, -1, NULL);
    if (!set) return PM_ERROR_INVALID_ARGUMENT;
    node_count = set->node_count;
    set->joint_count = 0;
    if (node_count < 0 || set->spring_count < 0 || set->collider_count < 0 || set->group_count < 0 ||
        set->joint_capacity < 0 || (node_count > 0 && (!set->parent || !rest_pose || !set->work)) ||
        (set->spring_count > 0 && !set->springs) || (set->collider_count > 0 && !set->colliders) ||
        (set->group_count > 0 && !set->groups))
        return pm__spring_report(report, -1, -1, -1, -1, "a NULL array or a negative count"), PM_ERROR_INVALID_ARGUMENT;
    for (s = 0; s < set->spring_count; ++s) {
        const pm_spring *spring = &set->springs[s];
        if (spring->joint_count < 0 || (spring->joint_count > 0 && !spring->joints) || spring->collider_group_count < 0 ||
            (spring->collider_group_count > 0 && !spring->collider_groups))
            return pm__spring_report(report, s, -1, -1, -1, "a NULL array or a negative count"), PM_ERROR_INVALID_ARGUMENT;
        if (spring->joint_count > node_count - joint_count)
            return pm__spring_report(report, s, -1, -1, -1, "more joints than nodes"), PM_ERROR_OUT_OF_RANGE;
        joint_count += spring->joint_count;
    }
    if (joint_count > 0 && (!set->joints || !set->lanes))
        return pm__spring_report(report, -1, -1, -1, -1, "a NULL array or a negative count"), PM_ERROR_INVALID_ARGUMENT;
    if (joint_count > set->joint_capacity)
        return pm__spring_report(report, -1, -1, -1, -1, "more joints than joint_capacity"), PM_ERROR_CAPACITY;
    if (node_count == 0) return PM_OK;
    order = pm__spring_order(set);
    region_first = pm__spring_region_first(set);
    run_end = pm__spring_run_end(set);
    region = pm__spring_region(set);
    joint_of_node = region + node_count;
    near = joint_of_node + node_count;
    depth = near + node_count;
    sorted = depth + node_count;
    counts = sorted + node_count;

    {
        const pm_result r = pm_scene_validate(set->parent, node_count, depth);
        if (r != PM_OK) return pm__spring_report(report, -1, -1, -1, -1, "the parent array has a loop or a parent out of range"), r;
    }
    for (c = 0; c < set->collider_count; ++c) {
        const pm_spring_collider *col = &set->colliders[c];
        if (col->node < 0 || col->node >= node_count)
            return pm__spring_report(report, -1, -1, c, -1, "the collider's node is out of range"), PM_ERROR_OUT_OF_RANGE;
        if ((unsigned)col->shape > (unsigned)PM_COLLIDER_INSIDE_CAPSULE)
            return pm__spring_report(report, -1, -1, c, -1, "the collider's shape is not a pm_collider_shape"), PM_ERROR_INVALID_ARGUMENT;
        if (!pm__finite_n(col->offset, 3) || !pm__finite_n(col->tail, 3) || !pm__finite_n(col->normal, 3) ||
            !pm__finite(col->radius) || col->radius < 0.0f)
            return pm__spring_report(report, -1, -1, c, -1, "the collider has a number that is not finite, or a negative radius"),
                   PM_ERROR_INVALID_ARGUMENT;
        if (col->shape == PM_COLLIDER_PLANE) {
            const double n2 = (double)col->normal[0] * (double)col->normal[0] + (double)col->normal[1] * (double)col->normal[1] +
                              (double)col->normal[2] * (double)col->normal[2];
            if (fabs(n2 - 1.0) > 1e-5)
                return pm__spring_report(report, -1, -1, c, -1, "the plane collider's normal is not a unit vector"),
                       PM_ERROR_INVALID_ARGUMENT;
        }
    }
    for (g = 0; g < set->group_count; ++g) {
        const pm_spring_collider_group *group = &set->groups[g];
        if (group->collider_count < 0 || (group->collider_count > 0 && !group->colliders))
            return pm__spring_report(report, -1, -1, -1, g, "a NULL array or a negative count"), PM_ERROR_INVALID_ARGUMENT;
        for (c = 0; c < group->collider_count; ++c)
            if (group->colliders[c] < 0 || group->colliders[c] >= set->collider_count)
                return pm__spring_report(report, -1, -1, group->colliders[c], g, "the group names a collider out of range"),
                       PM_ERROR_OUT_OF_RANGE;
    }
    for (k = 0; k < node_count; ++k) joint_of_node[k] = -1;
    for (s = 0, j = 0; s < set->spring_count; ++s) {
        const pm_spring *spring = &set->springs[s];
        for (g = 0; g < spring->collider_group_count; ++g)
            if (spring->collider_groups[g] < 0 || spring->collider_groups[g] >= set->group_count)
                return pm__spring_report(report, s, -1, -1, spring->collider_groups[g], "the spring names a collider group out of range"),
                       PM_ERROR_OUT_OF_RANGE;
        if (spring->center < -1 || spring->center >= node_count)
            return pm__spring_report(report, s, -1, -1, -1, "the spring's center node is out of range"), PM_ERROR_OUT_OF_RANGE;
        for (k = 0; k < spring->joint_count; ++k, ++j) {
            const pm_spring_joint *joint = &spring->joints[k];
            if (joint->node < 0 || joint->node >= node_count)
                return pm__spring_report(report, s, k, -1, -1, "the joint's node is out of range"), PM_ERROR_OUT_OF_RANGE;
            if (joint->child != -1 && (joint->child < 0 || joint->child >= node_count || set->parent[joint->child] != joint->node))
                return pm__spring_report(report, s, k, -1, -1, "the joint's child is not a child node of its node (nor -1)"),
                       PM_ERROR_OUT_OF_RANGE;
            if (!pm__finite(joint->hit_radius) || !pm__finite(joint->stiffness) || !pm__finite(joint->gravity_power) ||
                !pm__finite(joint->drag_force) || !pm__finite_n(joint->gravity_dir, 3) || joint->hit_radius < 0.0f ||
                joint->stiffness < 0.0f || joint->gravity_power < 0.0f || joint->drag_force < 0.0f || joint->drag_force > 1.0f)
                return pm__spring_report(report, s, k, -1, -1,
                                         "the joint has a number that is not finite, a negative radius, stiffness or gravity, "
                                         "or a drag outside [0, 1]"),
                       PM_ERROR_INVALID_ARGUMENT;
            if (joint_of_node[joint->node] >= 0)
                return pm__spring_report(report, s, k, -1, -1, "the joint's node is already another joint's"),
                       PM_ERROR_INVALID_ARGUMENT;
            joint_of_node[joint->node] = j;
            set->joints[j].spring = s;
            set->joints[j].joint = k;
        }
    }

    /* parents first: the nodes by depth */
    for (k = 0; k <= node_count; ++k) counts[k] = 0;
    for (k = 0; k < node_count; ++k) ++counts[depth[k] + 1];
    for (k = 1; k <= node_count; ++k) counts[k] += counts[k - 1];
    for (k = 0; k < node_count; ++k) sorted[counts[depth[k]]++] = k;
    /* near: the joint nearest above each node (-1: none) */
    for (k = 0; k < node_count; ++k) {
        const int node = sorted[k], up = set->parent[node];
        near[node] = up < 0 ? -1 : joint_of_node[up] >= 0 ? joint_of_node[up] : near[up];
    }
    for (s = 0; s < set->spring_count; ++s) {
        const int center = set->springs[s].center;
        if (center >= 0 && (joint_of_node[center] >= 0 || near[center] >= 0))
            return pm__spring_report(report, s, -1, -1, -1, "the spring's center is a joint or moves with one"),
                   PM_ERROR_INVALID_ARGUMENT;
    }
    /* each joint's region, parents first */
    for (j = 0; j <= joint_count; ++j) region_first[j] = 0;
    for (k = 0; k < node_count; ++k)
        if (joint_of_node[k] < 0 && near[k] >= 0) ++region_first[near[k] + 1];
    for (j = 1; j <= joint_count; ++j) region_first[j] += region_first[j - 1];
    for (j = 0; j < joint_count; ++j) counts[j] = region_first[j];
    for (k = 0; k < node_count; ++k) {
        const int node = sorted[k];
        if (joint_of_node[node] < 0 && near[node] >= 0) region[counts[near[node]]++] = node;
    }

    /* the order: each joint after the joints that move its node or its
       colliders (depth first, in the description's order, as three-vrm) */
    stack_joint = depth; /* depth, sorted and counts are free now: 3 node_count + 1 >= 3 joint_count */
    stack_group = stack_joint + joint_count;
    stack_collider = stack_group + joint_count;
    mark = counts + node_count + 1;
    for (j = 0; j < joint_count; ++j) mark[j] = 0;
    for (j = 0, count = 0; j < joint_count; ++j) {
        if (mark[j]) continue;
        stack_joint[0] = j;
        stack_group[0] = -1;
        stack_collider[0] = 0;
        mark[j] = 1;
        n = 1;
        while (n > 0) {
            const int top = stack_joint[n - 1];
            const pm_spring *spring = &set->springs[set->joints[top].spring];
            int before = -1, found = 0;
            while (!found) { /* the next joint this one waits for */
                if (stack_group[n - 1] < 0) {
                    before = near[pm__spring_joint(set, top)->node];
                    stack_group[n - 1] = 0;
                } else if (stack_group[n - 1] < spring->collider_group_count) {
                    const pm_spring_collider_group *group = &set->groups[spring->collider_groups[stack_group[n - 1]]];
                    if (stack_collider[n - 1] >= group->collider_count) {
                        ++stack_group[n - 1];
                        stack_collider[n - 1] = 0;
                        continue;
                    }
                    {
                        const int node = set->colliders[group->colliders[stack_collider[n - 1]++]].node;
                        before = joint_of_node[node] >= 0 ? joint_of_node[node] : near[node];
                    }
                } else {
                    break;
                }
                if (before >= 0 && mark[before] != 2) found = 1;
            }
            if (!found) {
                mark[top] = 2;
                order[count++] = top;
                --n;
            } else if (mark[before] == 1) {
                return pm__spring_report(report, set->joints[top].spring, set->joints[top].joint, -1, -1,
                                         "the joint collides with a collider that its own turn moves (a circular dependency)"),
                       PM_ERROR_CYCLE;
            } else {
                mark[before] = 1;
                stack_joint[n] = before;
                stack_group[n] = -1;
                stack_collider[n] = 0;
                ++n;
            }
        }
    }

    /* levels, then the order by level (counting sort) and by collider groups within one */
    level = mark, grouped = sorted, first = counts; /* free again */
    for (k = 0; k < joint_count; ++k) {
        const int top = order[k];
        const pm_spring *spring = &set->springs[set->joints[top].spring];
        int before = near[pm__spring_joint(set, top)->node], deepest = before >= 0 ? level[before] + 1 : 0;
        for (g = 0; g < spring->collider_group_count; ++g) {
            const pm_spring_collider_group *group = &set->groups[spring->collider_groups[g]];
            for (c = 0; c < group->collider_count; ++c) {
                const int node = set->colliders[group->colliders[c]].node;
                before = joint_of_node[node] >= 0 ? joint_of_node[node] : near[node];
                if (before >= 0 && level[before] + 1 > deepest) deepest = level[before] + 1;
            }
        }
        level[top] = deepest;
    }
    for (k = 0; k <= joint_count; ++k) first[k] = 0;
    for (j = 0; j < joint_count; ++j) ++first[level[j] + 1];
    for (k = 1; k <= joint_count; ++k) first[k] += first[k - 1];
    for (k = 0; k < joint_count; ++k) grouped[first[level[order[k]]]++] = order[k];
    for (k = 0; k < joint_count; k = n) {
        for (n = k + 1; n < joint_count && level[grouped[n]] == level[grouped[k]];) ++n;
        pm__spring_sort(set, grouped + k, n - k);
    }
    /* the runs: in a level's joints of one center, stretches of one list of collider groups packed
       whole, in order, into runs of up to PM__SPRING_RUN (a longer stretch first fills runs of its own) */
    for (k = 0; k < joint_count; k = n) {
        for (n = k + 1; n < joint_count && pm__spring_same_list(set, level, grouped[k], grouped[n]);) ++n;
        if (n - k > PM__SPRING_RUN) n = k + PM__SPRING_RUN;
        while (n < joint_count && n - k < PM__SPRING_RUN && level[grouped[n]] == level[grouped[k]] &&
               pm__spring_center_of(set, grouped[n]) == pm__spring_center_of(set, grouped[k])) {
            for (j = n + 1; j < joint_count && pm__spring_same_list(set, level, grouped[n], grouped[j]);) ++j;
            if (j - k > PM__SPRING_RUN) break;
            n = j;
        }
        for (j = k; j < n; ++j) {
            order[j] = grouped[j];
            run_end[j] = n;
        }
    }

    if (joint_count > 0) memset(set->lanes, 0, PM_SPRING_LANE_FLOATS(set->joint_capacity, set->collider_count) * sizeof(float));
    for (place = 0; place < joint_count; ++place) {
        const size_t stride = (size_t)set->joint_capacity + 16;
        float *lane = set->lanes + place;
        double axis[3], axis_in_parent[3];
        pm_spring_joint_state *st = &set->joints[j = order[place]];
        const pm_spring_joint *joint = pm__spring_joint(set, j);
        const pm_transform *rest = &rest_pose[joint->node];
        pm__trs trs;
        pm__affine rest_local;
        if (!pm__load_trs(rest_pose, joint->node, &trs) || (joint->child >= 0 && !pm__finite_n(rest_pose[joint->child].translation, 3)))
            return pm__spring_report(report, st->spring, st->joint, -1, -1, "the rest pose of the joint's node or child is not finite"),
                   PM_ERROR_INVALID_ARGUMENT;
        pm__store4(st->rest_rotation, trs.q);
        pm__store4(st->rotation, trs.q);
        memcpy(st->rest_translation, rest->translation, sizeof st->rest_translation);
        memcpy(st->rest_scale, rest->scale, sizeof st->rest_scale);
        for (k = 0; k < 3; ++k)
            st->rest_tail[k] = joint->child >= 0 ? (double)rest_pose[joint->child].translation[k] : trs.t[k];
        if (joint->child < 0) { /* three-vrm's leaf: 7 cm along the node's own translation */
            pm__normalize3d(st->rest_tail);
            for (k = 0; k < 3; ++k) st->rest_tail[k] *= 0.07;
        }
        memcpy(axis, st->rest_tail, sizeof axis);
        pm__normalize3d(axis);
        pm__trs_to_affine(&trs, &rest_local);
        pm__affine_vector(&rest_local, axis, axis_in_parent);
        pm__normalize3d(axis_in_parent);
        if (!pm__affine_inverse(&rest_local, &rest_local))
            return pm__spring_report(report, st->spring, st->joint, -1, -1, "the rest scale of the joint's node is zero"),
                   PM_ERROR_INVALID_ARGUMENT;
        memset(st->tail, 0, sizeof st->tail);
        memset(st->previous_tail, 0, sizeof st->previous_tail);
        for (c = 0; c < 3; ++c) {
            lane[(PM__LANE_AXIS_IN_PARENT + (size_t)c) * stride] = (float)axis_in_parent[c];
            lane[(PM__LANE_AXIS + (size_t)c) * stride] = (float)axis[c];
            lane[(PM__LANE_REST_TRANSLATION + (size_t)c) * stride] = rest->translation[c];
            lane[(PM__LANE_GRAVITY_DIR + (size_t)c) * stride] = joint->gravity_dir[c];
            for (g = 0; g < 3; ++g) lane[(PM__LANE_REST_INVERSE + 3 * (size_t)c + (size_t)g) * stride] = (float)rest_local.m[c][g];
        }
        for (c = 0; c < 4; ++c) lane[(PM__LANE_REST_ROTATION + (size_t)c) * stride] = st->rest_rotation[c];
        lane[PM__LANE_DRAG * stride] = 1.0f - joint->drag_force;
        lane[PM__LANE_STIFFNESS * stride] = joint->stiffness;
        lane[PM__LANE_GRAVITY * stride] = joint->gravity_power;
        lane[PM__LANE_HIT_RADIUS * stride] = joint->hit_radius;
    }
    for (c = 0; c < set->collider_count && joint_count > 0; ++c) { /* whether a joint's turn moves the collider */
        const int node = set->colliders[c].node;
        pm__spring_shapes(set)[(size_t)PM__SHAPE_MOVED * (size_t)set->collider_count + (size_t)c] =
            joint_of_node[node] >= 0 || near[node] >= 0 ? 1.0f : 0.0f;
    }
    set->joint_count = joint_count;
    return PM_OK;
}

/* node's world matrix from its parent's and its local transform in pose,
   in floats as the step's lanes; 0 when it is not finite or the rotation
   is zero (world is then left as it was) */
static int pm__spring_world(const pm_spring_set *set, int node, const pm_transform *pose, float *world)
{
    const pm_transform *local = &pose[node];
    const float *q = local->rotation, *s = local->scale, *t = local->translation,
                *p = set->parent[node] >= 0 ? world + 16 * (size_t)set->parent[node] : pm__identity4x4;
    const float n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    float out[16], r[9], f;
    int c, i;
    if (!pm__finite(n2) || !(n2 > 0.0f)) return 0;
    f = 2.0f / n2;
    r[0] = 1.0f - f * (q[1] * q[1] + q[2] * q[2]), r[1] = f * (q[0] * q[1] + q[3] * q[2]), r[2] = f * (q[0] * q[2] - q[3] * q[1]);
    r[3] = f * (q[0] * q[1] - q[3] * q[2]), r[4] = 1.0f - f * (q[0] * q[0] + q[2] * q[2]), r[5] = f * (q[1] * q[2] + q[3] * q[0]);
    r[6] = f * (q[0] * q[2] + q[3] * q[1]), r[7] = f * (q[1] * q[2] - q[3] * q[0]), r[8] = 1.0f - f * (q[0] * q[0] + q[1] * q[1]);
    PM__UNROLL
    for (c = 0; c < 3; ++c) {
        PM__UNROLL
        for (i = 0; i < 3; ++i) r[3 * c + i] *= s[c];
    }
    /* a column to a store: the finiteness test's loads then come whole from the stores */
#define PM__SPRING_ENTRY(i, c) (p[i] * r[3 * (c)] + p[4 + (i)] * r[3 * (c) + 1] + p[8 + (i)] * r[3 * (c) + 2])
    PM__UNROLL
    for (c = 0; c < 3; ++c)
        pm__f4_store(out + 4 * c,
                     pm__f4_set(PM__SPRING_ENTRY(0, c), PM__SPRING_ENTRY(1, c), PM__SPRING_ENTRY(2, c), 0.0f));
#undef PM__SPRING_ENTRY
    pm__f4_store(out + 12, pm__f4_set(p[0] * t[0] + p[4] * t[1] + p[8] * t[2] + p[12],
                                      p[1] * t[0] + p[5] * t[1] + p[9] * t[2] + p[13],
                                      p[2] * t[0] + p[6] * t[1] + p[10] * t[2] + p[14], 1.0f));
    if (!pm__finite_n(out, 16)) return 0;
    memcpy(world + 16 * (size_t)node, out, sizeof out);
    return 1;
}

/* The world matrices of joint j's region */
static int pm__spring_refresh_region(const pm_spring_set *set, int j, const pm_transform *pose, float *world)
{
    const int *region = pm__spring_region(set), *first = pm__spring_region_first(set);
    int k;
    for (k = first[j]; k < first[j + 1]; ++k)
        if (!pm__spring_world(set, region[k], pose, world)) return 0;
    return 1;
}

/* The world matrices of joint j's node and of its region */
static int pm__spring_refresh(const pm_spring_set *set, int j, const pm_transform *pose, float *world)
{
    return pm__spring_world(set, pm__spring_joint(set, j)->node, pose, world) &&
           pm__spring_refresh_region(set, j, pose, world);
}

/* where each of the 12 floats of an affine map (3x3 columns, then
   translation) sits in a world matrix */
static const unsigned char pm__spring_world_slot[12] = {0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14};

/* each SIMD lane's index, up to the widest (AVX-512's 16) */
static const float pm__lane_index[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

static int pm__spring_center(const pm_spring_set *set, const pm_spring_joint_state *st, const float *world,
                             pm__affine *to_world, pm__affine *to_center)
{
    pm__affine_of_world(world, set->springs[st->spring].center, to_world);
    return pm__affine_inverse(to_world, to_center);
}

/* The set every per-frame entry point is given: as init leaves it, also
   after a failed init (joint_count 0, the counts as the caller set them) */
static int pm__spring_check(const pm_spring_set *set, const pm_transform *pose, const float *world)
{
    return set && pose && world && set->node_count >= 0 && set->joint_count >= 0 &&
           (set->joint_count == 0 || (set->joints && set->work && set->lanes));
}

PMDEF pm_result pm_spring_set_reset(const pm_spring_set *set, pm_transform *pose, float *world)
{
    const int *order;
    int k;
    if (!pm__spring_check(set, pose, world)) return PM_ERROR_INVALID_ARGUMENT;
    order = pm__spring_order(set);
    for (k = 0; k < set->joint_count; ++k) {
        const int j = order[k];
        pm_spring_joint_state *st = &set->joints[j];
        const int node = pm__spring_joint(set, j)->node;
        pm__affine node_world, to_world, to_center;
        memcpy(st->rotation, st->rest_rotation, sizeof st->rotation);
        memcpy(pose[node].rotation, st->rest_rotation, sizeof st->rest_rotation);
        if (!pm__spring_refresh(set, j, pose, world) || !pm__spring_center(set, st, world, &to_world, &to_center))
            return PM_ERROR_INVALID_ARGUMENT;
        pm__affine_of_world(world, node, &node_world);
        pm__affine_point(&node_world, st->rest_tail, st->tail);
        pm__affine_point(&to_center, st->tail, st->tail);
        memcpy(st->previous_tail, st->tail, sizeof st->tail);
    }
    return PM_OK;
}

PMDEF pm_result pm_spring_set_teleport(const pm_spring_set *set, const float transform[16], int keep_velocity)
{
    pm__affine jump;
    int j;
    if (!set || !transform || !pm__finite_n(transform, 16) || set->node_count < 0 || set->joint_count < 0 ||
        (set->joint_count > 0 && (!set->joints || !set->springs)))
        return PM_ERROR_INVALID_ARGUMENT;
    pm__affine_of_world(transform, 0, &jump);
    for (j = 0; j < set->joint_count; ++j) {
        pm_spring_joint_state *st = &set->joints[j];
        if (set->springs[st->spring].center < 0) {
            pm__affine_point(&jump, st->tail, st->tail);
            pm__affine_point(&jump, st->previous_tail, st->previous_tail);
        }
        if (!keep_velocity) memcpy(st->previous_tail, st->tail, sizeof st->tail);
    }
    return PM_OK;
}

/* The largest length of an affine map's columns: a node's world scale for
   UniVRM's rule (uniform scales are what it is meant for) */
static double pm__affine_max_scale(const pm__affine *m)
{
    double largest = 0.0;
    int c;
    for (c = 0; c < 3; ++c) {
        const double length = pm__length3(m->m[c]);
        if (length > largest) largest = length;
    }
    return largest;
}

/* p (in node's space) in world space, from its world matrix as stored */
static PM__INLINE void pm__world_point(const float *world, int node, const float p[3], double out[3])
{
    const float *m = world + (size_t)node * 16;
    const double x = (double)p[0], y = (double)p[1], z = (double)p[2];
    out[0] = (double)m[0] * x + (double)m[4] * y + (double)m[8] * z + (double)m[12];
    out[1] = (double)m[1] * x + (double)m[5] * y + (double)m[9] * z + (double)m[13];
    out[2] = (double)m[2] * x + (double)m[6] * y + (double)m[10] * z + (double)m[14];
}

/* Collider c where its node now is, in world space, into set->lanes: what
   the step's lanes test each tail against */
static void pm__spring_shape_of(const pm_spring_set *set, int c, const float *world)
{
    const pm_spring_collider *col = &set->colliders[c];
    float *shape = pm__spring_shapes(set) + c;
    const size_t count = (size_t)set->collider_count;
    pm__affine m;
    double origin[3], end[3], axis2 = 0.0, radius = (double)col->radius;
    int i;
    pm__affine_of_world(world, col->node, &m);
    pm__world_point(world, col->node, col->offset, origin);
    pm__world_point(world, col->node, col->tail, end);
    if (set->scale_with_world) radius *= pm__affine_max_scale(&m);
    shape[PM__SHAPE_RADIUS * count] = (float)radius;
    for (i = 0; i < 3; ++i) {
        shape[(PM__SHAPE_ORIGIN + (size_t)i) * count] = (float)origin[i];
        shape[(PM__SHAPE_AXIS + (size_t)i) * count] = (float)(end[i] - origin[i]);
        axis2 += (end[i] - origin[i]) * (end[i] - origin[i]);
    }
    shape[PM__SHAPE_AXIS2 * count] = (float)axis2;
    if (col->shape == PM_COLLIDER_PLANE) { /* inverse transposed: the cofactors, signed by the determinant */
        double cof[3][3], normal[3];
        const double sign = pm__affine_cofactors(&m, cof) < 0.0 ? -1.0 : 1.0;
        for (i = 0; i < 3; ++i)
            normal[i] = sign * (cof[0][i] * (double)col->normal[0] + cof[1][i] * (double)col->normal[1] +
                                cof[2][i] * (double)col->normal[2]);
        pm__normalize3d(normal);
        for (i = 0; i < 3; ++i) shape[(PM__SHAPE_NORMAL + (size_t)i) * count] = (float)normal[i];
    }
}

typedef int (*pm__spring_steps_fn)(const pm_spring_set *set, pm_transform *pose, float *world, float delta);
static pm__spring_steps_fn pm__spring_kernels(void);

/* One step of delta > 0 seconds, arguments checked: the runs' lanes, then
   each joint's region */
static pm_result pm__spring_step(const pm_spring_set *set, pm_transform *pose, float *world, double delta)
{
    int c;
    if (set->joint_count == 0) return PM_OK; /* work may be NULL then */
    for (c = 0; c < set->collider_count; ++c) pm__spring_shape_of(set, c, world);
    return pm__spring_kernels()(set, pose, world, (float)delta) ? PM_OK : PM_ERROR_INVALID_ARGUMENT;
}

static int pm__spring_options_check(const pm_spring_set *set)
{
    return pm__finite_n(set->external_force, 3);
}

PMDEF pm_result pm_spring_set_step(const pm_spring_set *set, pm_transform *pose, float *world, float dt)
{
    if (!pm__spring_check(set, pose, world) || !pm__finite(dt) || !pm__spring_options_check(set))
        return PM_ERROR_INVALID_ARGUMENT;
    return dt > 0.0f ? pm__spring_step(set, pose, world, (double)dt) : PM_OK;
}

PMDEF pm_result pm_spring_set_step_fixed(const pm_spring_set *set, pm_spring_clock *clock, pm_transform *pose,
                                         float *world, float dt)
{
    const size_t floats = 16 * (size_t)(set ? set->node_count : 0);
    const double substep = clock ? (double)clock->substep : 0.0;
    double since, elapsed;
    int steps, n, k;
    size_t i;
    pm_result result;
    if (!pm__spring_check(set, pose, world) || !pm__spring_options_check(set) || !clock || !clock->previous_world ||
        !clock->substep_world || !pm__finite(clock->substep) || !(clock->substep > 0.0f) || clock->max_substeps < 1 ||
        !pm__finite_d(clock->leftover) || clock->leftover < 0.0 || !pm__finite(dt) || dt < 0.0f)
        return PM_ERROR_INVALID_ARGUMENT;
    if (!clock->started) memcpy(clock->previous_world, world, floats * sizeof(float));
    clock->started = 1;
    /* the substeps due: whole substeps in leftover + dt, give or take a millionth of one (float frame times
       rarely divide exactly: 4 x (1/120.0f) is a hair over 1/30.0f) */
    since = clock->leftover;
    elapsed = since + (double)dt;
    steps = elapsed / substep + 1e-6 < (double)clock->max_substeps ? (int)(elapsed / substep + 1e-6) : clock->max_substeps;
    clock->leftover = steps == clock->max_substeps ? 0.0 : elapsed - substep * steps;
    if (clock->leftover < 0.0) clock->leftover = 0.0;
    for (n = 1; n <= steps; ++n) {
        /* the animated world where the substep falls in the frame, blended linearly from the call before */
        double s = dt > 0.0f ? (substep * n - since) / (double)dt : 1.0;
        if (steps == clock->max_substeps) s = (double)n / steps;
        if (s > 1.0) s = 1.0;
        if (s < 0.0) s = 0.0;
        for (i = 0; i < floats; ++i)
            clock->substep_world[i] = (float)((double)clock->previous_world[i] +
                                              ((double)world[i] - (double)clock->previous_world[i]) * s);
        if ((result = pm__spring_step(set, pose, clock->substep_world, substep)) != PM_OK) return result;
    }
    memcpy(clock->previous_world, world, floats * sizeof(float));
    /* the joints as the last substep left them, on this frame's world */
    for (k = 0; k < set->joint_count; ++k) {
        const int j = pm__spring_order(set)[k];
        memcpy(pose[pm__spring_joint(set, j)->node].rotation, set->joints[j].rotation, sizeof(versor));
        if (!pm__spring_refresh(set, j, pose, world)) return PM_ERROR_INVALID_ARGUMENT;
    }
    return PM_OK;
}

/* ---- Humanoid ---------------------------------------------------------------

   Normalized pose: the pose on a rig whose rest rotations are identity. With
   L a bone's rest local rotation and P its scene parent's rest world
   rotation (so W = P L is its rest world rotation),
       N = P R L^-1 P^-1   (= W L^-1 R W^-1)      R = P^-1 N P L.
   N is relative to the nearest present humanoid ancestor: nodes between
   humanoid bones stay at rest, so they carry the world rotation through
   unchanged (the same construction as three-vrm's VRMHumanoidRig). */

static const char *const pm__bone_names[PM_BONE_COUNT] = {
    "hips", "spine", "chest", "upperChest", "neck", "head", "leftEye", "rightEye", "jaw",
    "leftUpperLeg", "leftLowerLeg", "leftFoot", "leftToes",
    "rightUpperLeg", "rightLowerLeg", "rightFoot", "rightToes",
    "leftShoulder", "leftUpperArm", "leftLowerArm", "leftHand",
    "rightShoulder", "rightUpperArm", "rightLowerArm", "rightHand",
    "leftThumbMetacarpal", "leftThumbProximal", "leftThumbDistal",
    "leftIndexProximal", "leftIndexIntermediate", "leftIndexDistal",
    "leftMiddleProximal", "leftMiddleIntermediate", "leftMiddleDistal",
    "leftRingProximal", "leftRingIntermediate", "leftRingDistal",
    "leftLittleProximal", "leftLittleIntermediate", "leftLittleDistal",
    "rightThumbMetacarpal", "rightThumbProximal", "rightThumbDistal",
    "rightIndexProximal", "rightIndexIntermediate", "rightIndexDistal",
    "rightMiddleProximal", "rightMiddleIntermediate", "rightMiddleDistal",
    "rightRingProximal", "rightRingIntermediate", "rightRingDistal",
    "rightLittleProximal", "rightLittleIntermediate", "rightLittleDistal"};

/* humanoid.md's parent of each bone; every parent comes before its children. */
static const signed char pm__bone_parents[PM_BONE_COUNT] = {
    -1, 0, 1, 2, 3, 4, 5, 5, 5,      /* hips .. jaw */
    0, 9, 10, 11, 0, 13, 14, 15,     /* legs */
    3, 17, 18, 19, 3, 21, 22, 23,    /* shoulders and arms */
    20, 25, 26, 20, 28, 29, 20, 31, 32, 20, 34, 35, 20, 37, 38, /* left fingers */
    24, 40, 41, 24, 43, 44, 24, 46, 47, 24, 49, 50, 24, 52, 53}; /* right fingers */

PMDEF const char *pm_bone_name(pm_bone bone)
{
    return (unsigned)bone < (unsigned)PM_BONE_COUNT ? pm__bone_names[bone] : NULL;
}

PMDEF int pm_bone_parent(pm_bone bone)
{
    return (unsigned)bone < (unsigned)PM_BONE_COUNT ? pm__bone_parents[bone] : PM_BONE_NONE;
}

PMDEF int pm_bone_required(pm_bone bone)
{
    switch (bone) {
    case PM_BONE_HIPS: case PM_BONE_SPINE: case PM_BONE_HEAD:
    case PM_BONE_LEFT_UPPER_LEG: case PM_BONE_LEFT_LOWER_LEG: case PM_BONE_LEFT_FOOT:
    case PM_BONE_RIGHT_UPPER_LEG: case PM_BONE_RIGHT_LOWER_LEG: case PM_BONE_RIGHT_FOOT:
    case PM_BONE_LEFT_UPPER_ARM: case PM_BONE_LEFT_LOWER_ARM: case PM_BONE_LEFT_HAND:
    case PM_BONE_RIGHT_UPPER_ARM: case PM_BONE_RIGHT_LOWER_ARM: case PM_BONE_RIGHT_HAND:
        return 1;
    default:
        return 0;
    }
}

PMDEF pm_result pm_bone_parse(const char *name, pm_bone *bone)
{
    int b;
    if (!name || !bone) return PM_ERROR_INVALID_ARGUMENT;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        if (strcmp(name, pm__bone_names[b]) == 0) {
            *bone = (pm_bone)b;
            return PM_OK;
        }
    }
    return PM_ERROR_PARSE;
}

/* VRM 0.x names the thumb's bones one joint further out: its
   thumbProximal/Intermediate/Distal are 1.0's Metacarpal/Proximal/Distal. */
PMDEF pm_result pm_bone_parse_vrm0(const char *name, pm_bone *bone)
{
    static const char *const thumbs[6] = {"leftThumbProximal", "leftThumbIntermediate", "leftThumbDistal",
                                          "rightThumbProximal", "rightThumbIntermediate", "rightThumbDistal"};
    int i;
    if (!name || !bone) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < 6; ++i) {
        if (strcmp(name, thumbs[i]) == 0) {
            *bone = (pm_bone)((i < 3 ? PM_BONE_LEFT_THUMB_METACARPAL : PM_BONE_RIGHT_THUMB_METACARPAL) + i % 3);
            return PM_OK;
        }
    }
    if (strstr(name, "Thumb")) return PM_ERROR_PARSE; /* 1.0's thumbMetacarpal is not a 0.x name */
    return pm_bone_parse(name, bone);
}

/* ---- The humanoid map of a VRM file's JSON ------------------------------- */

/* The bone a JSON string (raw, validated contents) names: VRM 1.0 names,
   or with vrm0 the 0.x ones (its thumbProximal/Intermediate/Distal are
   1.0's thumbMetacarpal/Proximal/Distal, and 1.0's thumbMetacarpal is no 0.x
   name). -1 for none. */
static int pm__json_bone(const char *begin, const char *end, int vrm0)
{
    static const char *const thumbs0[6] = {"leftThumbProximal", "leftThumbIntermediate", "leftThumbDistal",
                                           "rightThumbProximal", "rightThumbIntermediate", "rightThumbDistal"};
    int b;
    if (vrm0) {
        for (b = 0; b < 6; ++b)
            if (pm__json_string_is(begin, end, thumbs0[b]))
                return (b < 3 ? PM_BONE_LEFT_THUMB_METACARPAL : PM_BONE_RIGHT_THUMB_METACARPAL) + b % 3;
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const int thumb = (b >= PM_BONE_LEFT_THUMB_METACARPAL && b <= PM_BONE_LEFT_THUMB_DISTAL) ||
                          (b >= PM_BONE_RIGHT_THUMB_METACARPAL && b <= PM_BONE_RIGHT_THUMB_DISTAL);
        if (vrm0 && thumb) continue;
        if (pm__json_string_is(begin, end, pm__bone_names[b])) return b;
    }
    return -1;
}

typedef struct pm__json_humanoid_map {
    int node_count, vrm0;
    int bone_node[PM_BONE_COUNT];
    int has_humanoid, has_bones;
    int bone, has_node, node; /* the bone entry being read */
    const char *bone_at;
} pm__json_humanoid_map;

/* "node": a whole number in [0, node_count) */
static int pm__json_node(pm__json_humanoid_map *m, pm__json *j)
{
    const char *at = j->p;
    double value;
    int integer;
    if (m->has_node++) return pm__json_fail(j, "\"node\" twice");
    /* VRM 0.x writers (UniVRM) mark an unassigned bone with -1 */
    if (!pm__json_number(j, &value, &integer) || !integer ||
        !(value >= (m->vrm0 ? -1.0 : 0.0) && value < (double)m->node_count)) {
        j->why = NULL;
        return pm__json_fail_at(j, at, "\"node\" must be a node index: a whole number from 0 to the node count - 1");
    }
    m->node = (int)value;
    return 1;
}

/* Bone m->bone at node m->node, once */
static int pm__json_map_bone(pm__json_humanoid_map *m, pm__json *j)
{
    if (!m->has_node) return pm__json_fail_at(j, m->bone_at, "a human bone without \"node\"");
    if (m->bone_node[m->bone] >= 0) return pm__json_fail_at(j, m->bone_at, "a human bone named twice");
    m->bone_node[m->bone] = m->node; /* -1 (0.x): the bone is absent */
    return 1;
}

static int pm__json_node_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_humanoid_map *m = (pm__json_humanoid_map *)context;
    return pm__json_string_is(key, key_end, "node") ? pm__json_node(m, j) : pm__json_skip(j);
}

/* VRM 1.0: "humanBones": {"hips": {"node": 3}, ...} */
static int pm__json_bone_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_humanoid_map *m = (pm__json_humanoid_map *)context;
    m->bone_at = key - 1;
    if ((m->bone = pm__json_bone(key, key_end, 0)) < 0) return pm__json_fail_at(j, key - 1, "an unknown human bone name");
    m->has_node = 0;
    return pm__json_object(j, pm__json_node_member, m) && pm__json_map_bone(m, j);
}

/* VRM 0.x: "humanBones": [{"bone": "hips", "node": 3, ...}, ...] */
static int pm__json_bone0_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_humanoid_map *m = (pm__json_humanoid_map *)context;
    const char *begin, *end, *at = j->p;
    if (pm__json_string_is(key, key_end, "node")) return pm__json_node(m, j);
    if (!pm__json_string_is(key, key_end, "bone")) return pm__json_skip(j);
    if (m->bone >= 0) return pm__json_fail(j, "\"bone\" twice");
    if (!pm__json_string(j, &begin, &end)) return 0;
    if ((m->bone = pm__json_bone(begin, end, 1)) < 0) return pm__json_fail_at(j, at, "an unknown human bone name");
    m->bone_at = at;
    return 1;
}

static int pm__json_humanoid_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_humanoid_map *m = (pm__json_humanoid_map *)context;
    if (!pm__json_string_is(key, key_end, "humanBones")) return pm__json_skip(j);
    if (m->has_bones++) return pm__json_fail(j, "\"humanBones\" twice");
    pm__json_space(j);
    if (j->p < j->end && *j->p == '{') return pm__json_object(j, pm__json_bone_member, m);
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"humanBones\" must be an object (VRM 1.0) or an array (0.x)");
    m->vrm0 = 1;
    if (pm__json_expect(j, ']')) return 1;
    do {
        const char *at;
        pm__json_space(j);
        at = j->p;
        m->bone = -1;
        m->has_node = 0;
        if (!pm__json_object(j, pm__json_bone0_member, m)) return 0;
        if (m->bone < 0) return pm__json_fail_at(j, at, "a human bone without \"bone\"");
        if (!pm__json_map_bone(m, j)) return 0;
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_vrm_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_humanoid_map *m = (pm__json_humanoid_map *)context;
    if (!pm__json_string_is(key, key_end, "humanoid")) return pm__json_skip(j);
    if (m->has_humanoid++) return pm__json_fail(j, "\"humanoid\" twice");
    return pm__json_object(j, pm__json_humanoid_member, m);
}

PMDEF pm_result pm_humanoid_map_parse_json(const char *json, size_t length, int node_count,
                                           int bone_node[PM_BONE_COUNT], pm_parse_error *error)
{
    pm__json j;
    pm__json_humanoid_map m;
    int ok, b;
    pm__json_begin(&j, json, length, error);
    if (!json || !bone_node || node_count < 0) return PM_ERROR_INVALID_ARGUMENT;
    memset(&m, 0, sizeof m);
    m.node_count = node_count;
    for (b = 0; b < PM_BONE_COUNT; ++b) m.bone_node[b] = -1;
    ok = pm__json_object(&j, pm__json_vrm_member, &m);
    if (ok && !m.has_humanoid) ok = pm__json_fail_at(&j, json, "no \"humanoid\"");
    if (ok && !m.has_bones) ok = pm__json_fail_at(&j, json, "no \"humanoid\": \"humanBones\"");
    if (pm__json_end(&j, ok, json, error) != PM_OK) return PM_ERROR_PARSE;
    memcpy(bone_node, m.bone_node, sizeof m.bone_node);
    return PM_OK;
}

/* ---- VRM 0.x's secondaryAnimation as spring bones ----------------------- */

typedef struct pm__json_springs {
    const pm_spring_storage *storage;
    pm_spring_set *set;
    int node_count, index_count, joint_count, has_secondary, has_bone_groups, has_collider_groups;
    int full; /* the failure is the storage's size: PM_ERROR_CAPACITY */
    pm_spring *spring;                /* the bone group being read */
    pm_spring_collider_group *group;  /* the collider group being read */
    pm_spring_collider *collider;     /* the collider being read */
    int group_node, roots, root_count, has_roots, has_spring_groups;
    double vector[3];
    pm_spring_joint joint;      /* VRMC_springBone: the joint being read */
    int shapes, extended, extended_version;
    const char *extended_shape; /* VRMC_springBone_extended_collider's "shape", read after the collider */
    int blamed_slot;            /* a second read looks for where this slot of the indices is written, -1 first */
    const char *blamed_at;
} pm__json_springs;

/* The readers' storage and set: counts not negative, arrays where counts
   need them */
static int pm__spring_storage_ok(const pm_spring_storage *storage, const pm_spring_set *set)
{
    return storage && set && set->node_count >= 0 && storage->spring_capacity >= 0 && storage->joint_capacity >= 0 &&
           storage->collider_capacity >= 0 && storage->group_capacity >= 0 && storage->index_capacity >= 0 &&
           (storage->spring_capacity == 0 || storage->springs) && (storage->joint_capacity == 0 || storage->joints) &&
           (storage->collider_capacity == 0 || storage->colliders) && (storage->group_capacity == 0 || storage->groups) &&
           (storage->index_capacity == 0 || storage->indices) && (set->node_count == 0 || storage->cursor);
}

/* A reader's start: the set's description points into the storage, empty */
static void pm__json_springs_begin(pm__json_springs *s, const pm_spring_storage *storage, pm_spring_set *set)
{
    memset(s, 0, sizeof *s);
    s->storage = storage;
    s->set = set;
    s->node_count = set->node_count;
    s->blamed_slot = -1;
    set->springs = storage->springs;
    set->colliders = storage->colliders;
    set->groups = storage->groups;
    set->spring_count = set->collider_count = set->group_count = 0;
}

/* Joints on one node, which a file may describe (two VRM 0.x bone groups
   of one root, a group listing a node and its child, a chain in two
   VRMC_springBone springs): three-vrm makes a joint of each, and as it
   steps them in the file's order the last one's rotation is what shows;
   each joint's inputs are its parent's world matrix and its own state, so
   keeping only the last joint of each node gives the same pose. The
   earlier ones are removed from their springs (a spring may be left with
   none). Returns how many were removed. */
static int pm__springs_keep_last_joints(const pm_spring_storage *storage, pm_spring_set *set)
{
    int *claimed = storage->cursor, n, k, kept = 0, removed = 0;
    pm_spring_joint *joints = storage->joints;
    if (set->spring_count == 0) return 0;
    for (n = 0; n < set->node_count; ++n) claimed[n] = 0;
    /* the springs' joints lie one after another in the storage, in spring order */
    for (n = set->spring_count - 1; n >= 0; --n)
        for (k = set->springs[n].joint_count - 1; k >= 0; --k) {
            pm_spring_joint *joint = joints + (set->springs[n].joints - joints) + k;
            if (claimed[joint->node]) joint->node = -1, ++removed; /* marked, then left out below */
            else claimed[joint->node] = 1;
        }
    if (removed == 0) return 0;
    for (n = 0; n < set->spring_count; ++n) {
        pm_spring *spring = &storage->springs[n];
        const pm_spring_joint *from = spring->joints;
        const int count = spring->joint_count;
        spring->joints = joints + kept;
        spring->joint_count = 0;
        for (k = 0; k < count; ++k)
            if (from[k].node >= 0) joints[kept++] = from[k], ++spring->joint_count;
    }
    return removed;
}

/* The first index between the arrays out of range (the arrays may come in
   any order, so this waits for all of them), its words in *why; NULL when
   all are in range */
static const int *pm__springs_bad_index(const pm_spring_set *set, const char **why)
{
    int n, k;
    for (n = 0; n < set->group_count; ++n)
        for (k = 0; k < set->groups[n].collider_count; ++k)
            if (set->groups[n].colliders[k] >= set->collider_count) {
                *why = "a collider group names a collider that is not there";
                return &set->groups[n].colliders[k];
            }
    for (n = 0; n < set->spring_count; ++n)
        for (k = 0; k < set->springs[n].collider_group_count; ++k)
            if (set->springs[n].collider_groups[k] >= set->group_count) {
                *why = "a spring names a collider group that is not there";
                return &set->springs[n].collider_groups[k];
            }
    return NULL;
}

/* A reader's verdict: the indices between the arrays in range, else the
   description emptied and the error; joints on one node merged. An index
   out of range is blamed at its byte: the document is read again (member
   and context, as the first time) to find where its slot of the storage's
   indices was written, which costs a second read on that failure alone. */
static pm_result pm__json_springs_end(pm__json_springs *s, pm__json *j, int ok, const char *json,
                                      pm__json_member_fn member, void *context, pm_parse_error *error)
{
    pm_spring_set *set = s->set;
    const char *why = NULL;
    const int *bad = ok ? pm__springs_bad_index(set, &why) : NULL;
    if (bad) {
        const int slot = (int)(bad - s->storage->indices);
        pm__json again = *j;
        pm__json_springs_begin(s, s->storage, set);
        s->blamed_slot = slot;
        again.p = json;
        again.depth = 0;
        pm__json_object(&again, member, context);
        ok = pm__json_fail_at(j, s->blamed_at ? s->blamed_at : json, why);
    }
    if (pm__json_end(j, ok, json, error) == PM_OK) {
        if (pm__springs_keep_last_joints(s->storage, set) && error)
            error->warning = "joints on a node that a later joint names too: the node kept with its last joint, as "
                             "three-vrm shows it";
        return PM_OK;
    }
    set->spring_count = set->collider_count = set->group_count = 0;
    return s->full ? PM_ERROR_CAPACITY : PM_ERROR_PARSE;
}

/* A reader out of storage: the failure is PM_ERROR_CAPACITY */
static int pm__json_springs_full(pm__json_springs *s, pm__json *j, const char *where, const char *why)
{
    s->full = 1;
    return pm__json_fail_at(j, where, why);
}

/* The next collider group, empty, in s->group; 0 when the storage is full */
static int pm__json_springs_new_group(pm__json_springs *s, pm__json *j)
{
    if (s->set->group_count >= s->storage->group_capacity)
        return pm__json_springs_full(s, j, j->p, "more collider groups than the storage holds");
    s->group = &s->storage->groups[s->set->group_count];
    s->group->colliders = s->storage->indices + s->index_count;
    s->group->collider_count = 0;
    return 1;
}

/* A number that is a finite float, into *out */
static int pm__json_float(pm__json *j, const char *name_rule, float *out)
{
    const char *at = j->p;
    double value;
    int integer;
    if (!pm__json_number(j, &value, &integer) || !(fabs(value) <= (double)FLT_MAX)) {
        j->why = NULL;
        return pm__json_fail_at(j, at, name_rule);
    }
    *out = (float)value;
    return 1;
}

/* "radius": a finite float, 0 or more */
static int pm__json_radius(pm__json *j, float *out)
{
    const char *at;
    pm__json_space(j);
    at = j->p;
    if (!pm__json_float(j, "\"radius\" must be a finite float, 0 or more", out)) return 0;
    return *out >= 0.0f || pm__json_fail_at(j, at, "\"radius\" must be a finite float, 0 or more");
}

/* A whole number in [low, high) */
static int pm__json_index(pm__json *j, double low, int high, const char *name_rule, int *out)
{
    const char *at = j->p;
    double value;
    int integer;
    if (!pm__json_number(j, &value, &integer) || !integer || !(value >= low && value < (double)high)) {
        j->why = NULL;
        return pm__json_fail_at(j, at, name_rule);
    }
    *out = (int)value;
    return 1;
}

/* {"x": ., "y": ., "z": .} into s->vector (missing members 0) */
static int pm__json_xyz_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    float value;
    int axis = pm__json_string_is(key, key_end, "x") ? 0 : pm__json_string_is(key, key_end, "y") ? 1
             : pm__json_string_is(key, key_end, "z") ? 2 : -1;
    if (axis < 0) return pm__json_skip(j);
    if (!pm__json_float(j, "a vector's \"x\", \"y\" and \"z\" must be finite floats", &value)) return 0;
    s->vector[axis] = (double)value;
    return 1;
}

static int pm__json_xyz(pm__json_springs *s, pm__json *j, float out[3])
{
    int i;
    s->vector[0] = s->vector[1] = s->vector[2] = 0.0;
    if (!pm__json_object(j, pm__json_xyz_member, s)) return 0;
    for (i = 0; i < 3; ++i) out[i] = (float)s->vector[i];
    return 1;
}

/* A list of whole numbers in [0, high) appended to the storage's indices;
   its length in *count. */
static int pm__json_index_list(pm__json_springs *s, pm__json *j, int high, const char *name_rule, int *count)
{
    *count = 0;
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, name_rule);
    if (pm__json_expect(j, ']')) return 1;
    do {
        int value;
        pm__json_space(j);
        if (s->index_count == s->blamed_slot) s->blamed_at = j->p;
        if (!pm__json_index(j, 0.0, high, name_rule, &value)) return 0;
        if (s->index_count >= s->storage->index_capacity)
            return pm__json_springs_full(s, j, j->p, "more indices than the storage holds");
        s->storage->indices[s->index_count++] = value;
        ++*count;
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_collider0_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    if (pm__json_string_is(key, key_end, "offset")) {
        if (!pm__json_xyz(s, j, s->collider->offset)) return 0;
        s->collider->offset[2] = -s->collider->offset[2]; /* VRM 0.x's z is the other way (three-vrm, UniVRM) */
        return 1;
    }
    if (pm__json_string_is(key, key_end, "radius")) return pm__json_radius(j, &s->collider->radius);
    return pm__json_skip(j);
}

static int pm__json_collider_group0_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    if (pm__json_string_is(key, key_end, "node"))
        return pm__json_index(j, 0.0, s->node_count, "\"node\" must be a node index", &s->group_node);
    if (!pm__json_string_is(key, key_end, "colliders")) return pm__json_skip(j);
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"colliders\" must be an array");
    /* a second "colliders" replaces the first, as JSON.parse keeps the last: the first's colliders and indices,
       the last read, are dropped */
    s->set->collider_count -= s->group->collider_count;
    s->index_count -= s->group->collider_count;
    s->group->collider_count = 0;
    if (pm__json_expect(j, ']')) return 1;
    do {
        pm_spring_collider *c;
        if (s->set->collider_count >= s->storage->collider_capacity || s->index_count >= s->storage->index_capacity)
            return pm__json_springs_full(s, j, j->p, "more colliders than the storage holds");
        c = s->collider = &s->storage->colliders[s->set->collider_count];
        memset(c, 0, sizeof *c);
        c->node = -1; /* the group's, set when the group ends */
        c->shape = PM_COLLIDER_SPHERE;
        if (!pm__json_object(j, pm__json_collider0_member, s)) return 0;
        s->storage->indices[s->index_count++] = s->set->collider_count++;
        ++s->group->collider_count;
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_bone_group0_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    pm_spring_joint *settings = &s->storage->joints[s->joint_count]; /* the group's settings, copied to its joints */
    if (pm__json_string_is(key, key_end, "stiffiness")) /* sic: VRM 0.x's spelling */
        return pm__json_float(j, "\"stiffiness\" must be a finite float", &settings->stiffness);
    if (pm__json_string_is(key, key_end, "gravityPower"))
        return pm__json_float(j, "\"gravityPower\" must be a finite float", &settings->gravity_power);
    if (pm__json_string_is(key, key_end, "dragForce"))
        return pm__json_float(j, "\"dragForce\" must be a finite float", &settings->drag_force);
    if (pm__json_string_is(key, key_end, "hitRadius"))
        return pm__json_float(j, "\"hitRadius\" must be a finite float", &settings->hit_radius);
    if (pm__json_string_is(key, key_end, "gravityDir")) return pm__json_xyz(s, j, settings->gravity_dir);
    if (pm__json_string_is(key, key_end, "center")) /* -1: none */
        return pm__json_index(j, -1.0, s->node_count, "\"center\" must be -1 or a node index", &s->spring->center);
    if (pm__json_string_is(key, key_end, "bones")) {
        if (s->has_roots++) return pm__json_fail(j, "\"bones\" twice");
        s->roots = s->index_count;
        return pm__json_index_list(s, j, s->node_count, "\"bones\" must be an array of node indices", &s->root_count);
    }
    if (pm__json_string_is(key, key_end, "colliderGroups")) {
        int count;
        if (s->has_spring_groups++) return pm__json_fail(j, "\"colliderGroups\" twice");
        s->spring->collider_groups = s->storage->indices + s->index_count;
        if (!pm__json_index_list(s, j, INT_MAX, "\"colliderGroups\" must be an array of collider group indices", &count))
            return 0;
        s->spring->collider_group_count = count;
        return 1;
    }
    return pm__json_skip(j);
}

/* The joints of a bone group: every node of each root's subtree, in the
   order three.js's traverse visits them (a node, then its children's
   subtrees in order), each with its first child (-1 at a leaf). */
static int pm__json_expand_bone_group(pm__json_springs *s, pm__json *j, const char *at, const int *child_start,
                                      const int *children)
{
    const pm_spring_joint settings = s->storage->joints[s->joint_count];
    int *cursor = s->storage->cursor, r;
    s->spring->joints = s->storage->joints + s->joint_count;
    s->spring->joint_count = 0;
    for (r = 0; r < s->root_count; ++r) {
        const int root = s->storage->indices[s->roots + r];
        int node = root;
        cursor[root] = child_start[root];
        for (;;) {
            if (cursor[node] == child_start[node]) { /* first visit: the node's joint */
                pm_spring_joint *joint;
                if (s->joint_count >= s->storage->joint_capacity)
                    return pm__json_springs_full(s, j, at, "more joints than the storage holds");
                joint = &s->storage->joints[s->joint_count++];
                *joint = settings;
                joint->node = node;
                joint->child = child_start[node] < child_start[node + 1] ? children[child_start[node]] : -1;
                ++s->spring->joint_count;
            }
            if (cursor[node] < child_start[node + 1]) {
                const int child = children[cursor[node]++];
                cursor[child] = child_start[child];
                node = child;
            } else if (node == root) {
                break;
            } else {
                node = s->set->parent[node];
            }
        }
    }
    return 1;
}

typedef struct pm__json_springs_context {
    pm__json_springs *s;
    const int *child_start, *children;
} pm__json_springs_context;

static int pm__json_secondary_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs_context *c = (pm__json_springs_context *)context;
    pm__json_springs *s = c->s;
    const int bone_groups = pm__json_string_is(key, key_end, "boneGroups");
    if (!bone_groups && !pm__json_string_is(key, key_end, "colliderGroups")) return pm__json_skip(j);
    if (bone_groups ? s->has_bone_groups++ : s->has_collider_groups++)
        return pm__json_fail(j, bone_groups ? "\"boneGroups\" twice" : "\"colliderGroups\" twice");
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, bone_groups ? "\"boneGroups\" must be an array" : "\"colliderGroups\" must be an array");
    if (pm__json_expect(j, ']')) return 1;
    do {
        const char *at;
        pm__json_space(j);
        at = j->p;
        if (bone_groups) {
            pm_spring_joint *settings;
            if (s->set->spring_count >= s->storage->spring_capacity || s->joint_count >= s->storage->joint_capacity)
                return pm__json_springs_full(s, j, j->p, "more bone groups than the storage holds");
            s->spring = &s->storage->springs[s->set->spring_count];
            memset(s->spring, 0, sizeof *s->spring);
            s->spring->center = -1;
            settings = &s->storage->joints[s->joint_count]; /* VRMC_springBone's defaults */
            memset(settings, 0, sizeof *settings);
            settings->stiffness = 1.0f;
            settings->drag_force = 0.5f;
            settings->gravity_dir[1] = -1.0f;
            s->root_count = s->has_roots = s->has_spring_groups = 0;
            if (!pm__json_object(j, pm__json_bone_group0_member, s) ||
                !pm__json_expand_bone_group(s, j, at, c->child_start, c->children))
                return 0;
            ++s->set->spring_count;
        } else {
            int k;
            if (!pm__json_springs_new_group(s, j)) return 0;
            s->group_node = -1;
            if (!pm__json_object(j, pm__json_collider_group0_member, s)) return 0;
            if (s->group_node < 0) return pm__json_fail_at(j, at, "a collider group without \"node\"");
            for (k = 0; k < s->group->collider_count; ++k) s->storage->colliders[s->group->colliders[k]].node = s->group_node;
            ++s->set->group_count;
        }
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_vrm0_springs_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs_context *c = (pm__json_springs_context *)context;
    if (!pm__json_string_is(key, key_end, "secondaryAnimation")) return pm__json_skip(j);
    if (c->s->has_secondary++) return pm__json_fail(j, "\"secondaryAnimation\" twice");
    return pm__json_object(j, pm__json_secondary_member, c);
}

PMDEF pm_result pm_spring_parse_vrm0_json(const char *json, size_t length, const int *child_start, const int *children,
                                          const pm_spring_storage *storage, pm_spring_set *set, pm_parse_error *error)
{
    pm__json j;
    pm__json_springs s;
    pm__json_springs_context context;
    int ok, k, n;
    pm__json_begin(&j, json, length, error);
    if (!json || !pm__spring_storage_ok(storage, set) || (set->node_count > 0 && (!set->parent || !child_start)))
        return PM_ERROR_INVALID_ARGUMENT;
    /* the children lists: in range, each child's parent the node that lists it */
    for (n = 0; n < set->node_count; ++n) {
        if (child_start[n] < 0 || child_start[n + 1] < child_start[n] || (child_start[n + 1] > 0 && !children))
            return PM_ERROR_INVALID_ARGUMENT;
        for (k = child_start[n]; k < child_start[n + 1]; ++k)
            if (children[k] < 0 || children[k] >= set->node_count || set->parent[children[k]] != n)
                return PM_ERROR_INVALID_ARGUMENT;
    }
    /* no loop in the parent array, whose children lists a bone group's subtree would walk round forever: each
       node marked with the node whose walk up reached it first, once */
    for (n = 0; n < set->node_count; ++n) storage->cursor[n] = -1;
    for (n = 0; n < set->node_count; ++n) {
        int up = n;
        while (up >= 0 && up < set->node_count && storage->cursor[up] == -1) storage->cursor[up] = n, up = set->parent[up];
        if (up >= 0 && up < set->node_count && storage->cursor[up] == n) {
            if (error) error->message = "the parent array has a loop";
            return PM_ERROR_CYCLE;
        }
    }
    pm__json_springs_begin(&s, storage, set);
    context.s = &s;
    context.child_start = child_start;
    context.children = children;
    ok = pm__json_object(&j, pm__json_vrm0_springs_member, &context);
    return pm__json_springs_end(&s, &j, ok, json, pm__json_vrm0_springs_member, &context, error);
}

/* ---- VRMC_springBone 1.0 ------------------------------------------------- */

/* [x, y, z] of finite floats */
static int pm__json_float3(pm__json *j, const char *name_rule, float out[3])
{
    int i;
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, name_rule);
    for (i = 0; i < 3; ++i) {
        if (i > 0 && !pm__json_expect(j, ',')) return pm__json_fail(j, name_rule);
        if (!pm__json_float(j, name_rule, &out[i])) return 0;
    }
    return pm__json_expect(j, ']') || pm__json_fail(j, name_rule);
}

/* One shape object (sphere, capsule or plane; inside for the extension's) into s->collider */
static int pm__json_shape_kind_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    pm_spring_collider *c = s->collider;
    if (pm__json_string_is(key, key_end, "offset")) return pm__json_float3(j, "\"offset\" must be 3 finite floats", c->offset);
    if (pm__json_string_is(key, key_end, "tail") && c->shape != PM_COLLIDER_PLANE)
        return pm__json_float3(j, "\"tail\" must be 3 finite floats", c->tail);
    if (pm__json_string_is(key, key_end, "normal") && c->shape == PM_COLLIDER_PLANE)
        return pm__json_float3(j, "\"normal\" must be 3 finite floats", c->normal);
    if (pm__json_string_is(key, key_end, "radius") && c->shape != PM_COLLIDER_PLANE) return pm__json_radius(j, &c->radius);
    if (pm__json_string_is(key, key_end, "inside") && s->extended) {
        int inside;
        pm__json_space(j);
        if (!(inside = pm__json_literal(j, "true")) && !pm__json_literal(j, "false")) {
            j->why = NULL;
            return pm__json_fail(j, "\"inside\" must be true or false");
        }
        if (inside) c->shape = c->shape == PM_COLLIDER_SPHERE ? PM_COLLIDER_INSIDE_SPHERE : PM_COLLIDER_INSIDE_CAPSULE;
        return 1;
    }
    return pm__json_skip(j);
}

static int pm__json_shape_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    pm_spring_collider *c = s->collider;
    const int sphere = pm__json_string_is(key, key_end, "sphere"), capsule = pm__json_string_is(key, key_end, "capsule");
    const int plane = s->extended && pm__json_string_is(key, key_end, "plane");
    if (!sphere && !capsule && !plane) return pm__json_skip(j);
    if (s->shapes++) return pm__json_fail(j, "\"shape\" must hold one shape");
    memset(c->offset, 0, sizeof c->offset);
    memset(c->tail, 0, sizeof c->tail);
    c->radius = 0.0f;
    c->normal[0] = c->normal[1] = 0.0f;
    c->normal[2] = 1.0f;
    c->shape = sphere ? PM_COLLIDER_SPHERE : capsule ? PM_COLLIDER_CAPSULE : PM_COLLIDER_PLANE;
    return pm__json_object(j, pm__json_shape_kind_member, s);
}

static int pm__json_extended_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    const char *begin, *end;
    if (pm__json_string_is(key, key_end, "specVersion")) {
        if (!pm__json_string(j, &begin, &end)) return 0;
        s->extended_version = pm__json_string_is(begin, end, "1.0");
        return 1;
    }
    if (!pm__json_string_is(key, key_end, "shape")) return pm__json_skip(j);
    s->extended_shape = j->p;
    return pm__json_skip(j);
}

static int pm__json_collider_extensions_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    if (!pm__json_string_is(key, key_end, "VRMC_springBone_extended_collider")) return pm__json_skip(j);
    return pm__json_object(j, pm__json_extended_member, s);
}

static int pm__json_collider1_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    if (pm__json_string_is(key, key_end, "node"))
        return pm__json_index(j, 0.0, s->node_count, "\"node\" must be a node index", &s->collider->node);
    if (pm__json_string_is(key, key_end, "shape")) {
        const char *at = j->p;
        s->shapes = 0;
        if (!pm__json_object(j, pm__json_shape_member, s)) return 0;
        return s->shapes == 1 || pm__json_fail_at(j, at, "\"shape\" must hold a sphere or a capsule");
    }
    if (pm__json_string_is(key, key_end, "extensions")) return pm__json_object(j, pm__json_collider_extensions_member, s);
    return pm__json_skip(j);
}

static int pm__json_group1_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    int count;
    if (!pm__json_string_is(key, key_end, "colliders")) return pm__json_skip(j);
    s->group->colliders = s->storage->indices + s->index_count; /* a second "colliders" replaces the first */
    if (!pm__json_index_list(s, j, INT_MAX, "\"colliders\" must be an array of collider indices", &count)) return 0;
    s->group->collider_count = count;
    return 1;
}

/* A joint of a spring: its node and settings; the one before it becomes a joint with it as the child */
static int pm__json_joint1_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    pm_spring_joint *joint = &s->joint;
    if (pm__json_string_is(key, key_end, "node")) return pm__json_index(j, 0.0, s->node_count, "\"node\" must be a node index", &joint->node);
    if (pm__json_string_is(key, key_end, "hitRadius")) return pm__json_float(j, "\"hitRadius\" must be a finite float", &joint->hit_radius);
    if (pm__json_string_is(key, key_end, "stiffness")) return pm__json_float(j, "\"stiffness\" must be a finite float", &joint->stiffness);
    if (pm__json_string_is(key, key_end, "gravityPower"))
        return pm__json_float(j, "\"gravityPower\" must be a finite float", &joint->gravity_power);
    if (pm__json_string_is(key, key_end, "dragForce")) return pm__json_float(j, "\"dragForce\" must be a finite float", &joint->drag_force);
    if (pm__json_string_is(key, key_end, "gravityDir"))
        return pm__json_float3(j, "\"gravityDir\" must be 3 finite floats", joint->gravity_dir);
    return pm__json_skip(j);
}

static int pm__json_spring1_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    if (pm__json_string_is(key, key_end, "center"))
        return pm__json_index(j, 0.0, s->node_count, "\"center\" must be a node index", &s->spring->center);
    if (pm__json_string_is(key, key_end, "colliderGroups")) {
        int count;
        s->spring->collider_groups = s->storage->indices + s->index_count;
        if (!pm__json_index_list(s, j, INT_MAX, "\"colliderGroups\" must be an array of collider group indices", &count))
            return 0;
        s->spring->collider_group_count = count;
        return 1;
    }
    if (!pm__json_string_is(key, key_end, "joints")) return pm__json_skip(j);
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"joints\" must be an array");
    s->spring->joints = s->storage->joints + s->joint_count;
    s->spring->joint_count = 0;
    if (pm__json_expect(j, ']')) return 1;
    {
        pm_spring_joint before;
        int count = 0;
        do {
            const char *at;
            pm__json_space(j);
            at = j->p;
            memset(&s->joint, 0, sizeof s->joint);
            s->joint.node = -1;
            s->joint.stiffness = 1.0f; /* the schema's defaults */
            s->joint.drag_force = 0.5f;
            s->joint.gravity_dir[1] = -1.0f;
            if (!pm__json_object(j, pm__json_joint1_member, s)) return 0;
            if (s->joint.node < 0) return pm__json_fail_at(j, at, "a joint without \"node\"");
            if (count++ > 0) {
                if (s->joint_count >= s->storage->joint_capacity)
                    return pm__json_springs_full(s, j, at, "more joints than the storage holds");
                before.child = s->joint.node;
                s->storage->joints[s->joint_count++] = before;
                ++s->spring->joint_count;
            }
            before = s->joint;
        } while (pm__json_expect(j, ','));
    }
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_spring_bone_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_springs *s = (pm__json_springs *)context;
    const char *begin, *end, *at = j->p;
    const int springs = pm__json_string_is(key, key_end, "springs"), colliders = pm__json_string_is(key, key_end, "colliders");
    if (pm__json_string_is(key, key_end, "specVersion")) {
        if (s->has_secondary++) return pm__json_fail(j, "\"specVersion\" twice");
        if (pm__json_string(j, &begin, &end) && (pm__json_string_is(begin, end, "1.0") || pm__json_string_is(begin, end, "1.0-beta")))
            return 1;
        j->why = NULL;
        return pm__json_fail_at(j, at, "\"specVersion\" must be \"1.0\"");
    }
    if (!springs && !colliders && !pm__json_string_is(key, key_end, "colliderGroups")) return pm__json_skip(j);
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"springs\", \"colliders\" and \"colliderGroups\" must be arrays");
    if (pm__json_expect(j, ']')) return 1;
    do {
        pm__json_space(j);
        at = j->p;
        if (springs) {
            if (s->set->spring_count >= s->storage->spring_capacity)
                return pm__json_springs_full(s, j, j->p, "more springs than the storage holds");
            s->spring = &s->storage->springs[s->set->spring_count];
            memset(s->spring, 0, sizeof *s->spring);
            s->spring->center = -1;
            if (!pm__json_object(j, pm__json_spring1_member, s)) return 0;
            ++s->set->spring_count;
        } else if (colliders) {
            if (s->set->collider_count >= s->storage->collider_capacity)
                return pm__json_springs_full(s, j, j->p, "more colliders than the storage holds");
            s->collider = &s->storage->colliders[s->set->collider_count];
            memset(s->collider, 0, sizeof *s->collider);
            s->collider->node = -1;
            s->shapes = 0;
            s->extended = 0;
            s->extended_version = 0;
            s->extended_shape = NULL;
            if (!pm__json_object(j, pm__json_collider1_member, s)) return 0;
            if (s->collider->node < 0) return pm__json_fail_at(j, at, "a collider without \"node\"");
            if (s->extended_shape && s->extended_version) { /* the extension's shape replaces the base one (three-vrm) */
                pm__json shape = *j;
                shape.p = s->extended_shape;
                s->extended = 1;
                s->shapes = 0;
                if (!pm__json_object(&shape, pm__json_shape_member, s) || s->shapes != 1) {
                    if (!shape.why) pm__json_fail_at(&shape, s->extended_shape, "\"shape\" must hold a sphere, a capsule or a plane");
                    j->why = shape.why;
                    j->where = shape.where;
                    return 0;
                }
            } else if (s->shapes != 1) {
                return pm__json_fail_at(j, at, "a collider without \"shape\"");
            }
            ++s->set->collider_count;
        } else {
            if (!pm__json_springs_new_group(s, j) || !pm__json_object(j, pm__json_group1_member, s)) return 0;
            ++s->set->group_count;
        }
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

PMDEF pm_result pm_spring_parse_json(const char *json, size_t length, const pm_spring_storage *storage, pm_spring_set *set,
                                     pm_parse_error *error)
{
    pm__json j;
    pm__json_springs s;
    int ok;
    pm__json_begin(&j, json, length, error);
    if (!json || !pm__spring_storage_ok(storage, set)) return PM_ERROR_INVALID_ARGUMENT;
    pm__json_springs_begin(&s, storage, set);
    ok = pm__json_object(&j, pm__json_spring_bone_member, &s);
    return pm__json_springs_end(&s, &j, ok, json, pm__json_spring_bone_member, &s, error);
}

/* ---- VRM expressions' JSON ------------------------------------------------ */

/* VRMC_vrm's names, and VRM 0.x's presetName for each (three-vrm's map; 0.x has no surprised) */
static const char *const pm__expression_preset_names[PM_EXPRESSION_PRESET_COUNT] = {
    "happy", "angry", "sad", "relaxed", "surprised", "aa", "ih", "ou", "ee", "oh",
    "blink", "blinkLeft", "blinkRight", "lookUp", "lookDown", "lookLeft", "lookRight", "neutral"};

static const char *const pm__expression_vrm0_presets[PM_EXPRESSION_PRESET_COUNT] = {
    "joy", "angry", "sorrow", "fun", NULL, "a", "i", "u", "e", "o",
    "blink", "blink_l", "blink_r", "lookup", "lookdown", "lookleft", "lookright", "neutral"};

typedef struct pm__json_expressions {
    const pm_expression_storage *storage;
    int count, bind_count, full, limit, vrm0, has_groups, has_expressions, has_preset, has_custom;
    int custom_first, preset_first;           /* where each VRM 1.0 block starts, -1 before */
    int reading_custom;
    pm_expression *e;                         /* the expression being read */
    const char *group_name, *group_name_end, *preset_name, *preset_name_end;
    int has_binary, has_blink, has_look_at, has_mouth, has_binds, has_name, has_preset_name;
    int bind_node, bind_index, has_weight;    /* the bind being read */
    float bind_weight;
    int material_count, has_material_binds, has_texture_binds, has_values;
    pm_expression_material_bind material;     /* the material bind being read */
    int has_material, has_type, has_target, has_scale, has_offset, has_property;
    const char *warning;                      /* the first thing three-vrm accepts that the VRM specifications do not */
} pm__json_expressions;

/* Notes the first departure a file makes that three-vrm reads past */
static int pm__json_expressions_warn(pm__json_expressions *x, const char *why)
{
    if (!x->warning) x->warning = why;
    return 1;
}

static int pm__json_expressions_full(pm__json_expressions *x, pm__json *j, const char *why)
{
    x->full = 1;
    return pm__json_fail(j, why);
}

static int pm__json_bind_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    if (pm__json_string_is(key, key_end, x->vrm0 ? "mesh" : "node") || pm__json_string_is(key, key_end, "index")) {
        const int node = !pm__json_string_is(key, key_end, "index");
        int *out = node ? &x->bind_node : &x->bind_index;
        if (*out >= 0) return pm__json_fail(j, "a bind's member twice");
        return pm__json_index(j, 0.0, 2147483647, node ? (x->vrm0 ? "\"mesh\" must be a whole number from 0"
                                                                   : "\"node\" must be a whole number from 0")
                                                    : "\"index\" must be a whole number from 0",
                              out);
    }
    if (pm__json_string_is(key, key_end, "weight")) {
        if (x->has_weight++) return pm__json_fail(j, "a bind's member twice");
        if (!pm__json_float(j, "\"weight\" must be a finite number", &x->bind_weight)) return 0;
        return (x->bind_weight >= 0.0f && x->bind_weight <= (x->vrm0 ? 100.0f : 1.0f)) ||
               pm__json_expressions_warn(x, x->vrm0 ? "a bind weight outside 0 to 100: applied as it is, as three-vrm does"
                                                    : "a bind weight outside 0 to 1: applied as it is, as three-vrm does");
    }
    return pm__json_skip(j);
}

static int pm__json_binds(pm__json_expressions *x, pm__json *j)
{
    if (x->has_binds++) return pm__json_fail(j, "the binds twice");
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "the binds must be an array");
    if (pm__json_expect(j, ']')) return 1;
    do {
        pm_expression_morph_bind *bind;
        x->bind_node = x->bind_index = -1;
        x->has_weight = 0;
        x->bind_weight = x->vrm0 ? 100.0f : 1.0f;
        if (!pm__json_object(j, pm__json_bind_member, x)) return 0;
        if (x->bind_node < 0 || x->bind_index < 0) { /* three-vrm leaves such a bind out */
            pm__json_expressions_warn(x, x->vrm0 ? "a bind without \"mesh\" or \"index\": left out, as three-vrm does"
                                                 : "a morph target bind without \"node\" or \"index\": left out, as three-vrm does");
            continue;
        }
        if (x->bind_count >= x->storage->morph_bind_capacity)
            return pm__json_expressions_full(x, j, "more morph target binds than the storage holds");
        bind = &x->storage->morph_binds[x->bind_count++];
        bind->mesh = x->bind_node;
        bind->index = x->bind_index;
        bind->weight = x->vrm0 ? (float)(0.01 * (double)x->bind_weight) : x->bind_weight; /* three-vrm's 0.x rule */
        ++x->e->morph_bind_count;
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_override(pm__json *j, int *seen, pm_expression_override *out)
{
    static const char *const modes[3] = {"none", "block", "blend"};
    const char *begin, *end, *at = j->p;
    int m;
    if ((*seen)++) return pm__json_fail(j, "an override twice");
    if (pm__json_string(j, &begin, &end))
        for (m = 0; m < 3; ++m)
            if (pm__json_string_is(begin, end, modes[m])) return *out = (pm_expression_override)m, 1;
    j->why = NULL;
    return pm__json_fail_at(j, at, "an override must be \"none\", \"block\" or \"blend\"");
}

/* A list of `count` finite floats into out */
static int pm__json_floats(pm__json *j, int count, float *out, const char *name_rule)
{
    const char *at = j->p;
    int k;
    if (!pm__json_expect(j, '[')) return pm__json_fail_at(j, at, name_rule);
    for (k = 0; k < count; ++k)
        if ((k && !pm__json_expect(j, ',')) || !pm__json_float(j, name_rule, &out[k])) {
            j->why = NULL;
            return pm__json_fail_at(j, at, name_rule);
        }
    if (pm__json_expect(j, ']')) return 1;
    j->why = NULL;
    return pm__json_fail_at(j, at, name_rule);
}

static const char *const pm__material_types[6] = {"color", "emissionColor", "shadeColor", "matcapColor", "rimColor",
                                                   "outlineColor"};
/* VRM 0.x's property names for them (three-vrm's map; 0.x has no matcap) */
static const char *const pm__material_properties_vrm0[6] = {"_Color", "_EmissionColor", "_ShadeColor", NULL, "_RimColor",
                                                            "_OutlineColor"};

static int pm__json_material_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    pm_expression_material_bind *m = &x->material;
    const char *begin, *end, *at = j->p;
    int k;
    if (!x->vrm0 && pm__json_string_is(key, key_end, "material")) {
        if (x->has_material++) return pm__json_fail(j, "a bind's member twice");
        return pm__json_index(j, 0.0, 2147483647, "\"material\" must be a whole number from 0", &m->material);
    }
    if (x->vrm0 && pm__json_string_is(key, key_end, "materialName")) {
        if (x->has_material++) return pm__json_fail(j, "a bind's member twice");
        if (!pm__json_string(j, &begin, &end)) return 0;
        m->material_name = begin, m->material_name_length = (size_t)(end - begin);
        return 1;
    }
    if (pm__json_string_is(key, key_end, x->vrm0 ? "propertyName" : "type")) {
        if (x->has_type++) return pm__json_fail(j, "a bind's member twice");
        if (!pm__json_string(j, &begin, &end)) return 0;
        x->has_property = 0;
        for (k = 0; k < 6; ++k)
            if (x->vrm0 ? pm__material_properties_vrm0[k] && pm__json_string_is(begin, end, pm__material_properties_vrm0[k])
                        : pm__json_string_is(begin, end, pm__material_types[k]))
                m->property = (pm_expression_material_property)k, x->has_property = 1;
        if (x->vrm0 && pm__json_string_is(begin, end, "_MainTex_ST"))
            m->property = PM_EXPRESSION_TEXTURE_TRANSFORM, x->has_property = 1;
        return x->has_property || x->vrm0 || /* three-vrm skips 0.x properties it does not know */
               pm__json_fail_at(j, at, "\"type\" must be \"color\", \"emissionColor\", \"shadeColor\", \"matcapColor\", "
                                       "\"rimColor\" or \"outlineColor\"");
    }
    if (pm__json_string_is(key, key_end, "targetValue")) {
        if (x->has_target++) return pm__json_fail(j, "a bind's member twice");
        return pm__json_floats(j, 4, m->target, "\"targetValue\" must be 4 finite numbers");
    }
    if (pm__json_string_is(key, key_end, "scale") || pm__json_string_is(key, key_end, "offset")) {
        const int offset = pm__json_string_is(key, key_end, "offset");
        if ((*(offset ? &x->has_offset : &x->has_scale))++) return pm__json_fail(j, "a bind's member twice");
        return pm__json_floats(j, 2, m->target + (offset ? 2 : 0), offset ? "\"offset\" must be 2 finite numbers"
                                                                            : "\"scale\" must be 2 finite numbers");
    }
    return pm__json_skip(j);
}

/* materialColorBinds, textureTransformBinds (VRM 1.0) or materialValues (0.x) */
static int pm__json_material_binds(pm__json_expressions *x, pm__json *j, int texture)
{
    int *seen = x->vrm0 ? &x->has_values : texture ? &x->has_texture_binds : &x->has_material_binds;
    if ((*seen)++) return pm__json_fail(j, "the binds twice");
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "the binds must be an array");
    if (pm__json_expect(j, ']')) return 1;
    do {
        pm_expression_material_bind *m = &x->material;
        const char *at;
        pm__json_space(j);
        at = j->p;
        memset(m, 0, sizeof *m);
        m->material = -1;
        m->property = PM_EXPRESSION_TEXTURE_TRANSFORM;
        m->target[0] = m->target[1] = 1.0f; /* a texture transform's scale: 1 when missing */
        x->has_material = x->has_type = x->has_target = x->has_scale = x->has_offset = x->has_property = 0;
        if (!pm__json_object(j, pm__json_material_member, x)) return 0;
        if (x->vrm0) {
            if (!x->has_material || !x->has_type || !x->has_target) continue; /* three-vrm skips it */
            if (!x->has_property) continue;
            if (m->property == PM_EXPRESSION_TEXTURE_TRANSFORM) { /* _MainTex_ST: scale, offset with v flipped */
                const float scale_y = m->target[1];
                m->target[3] = 1.0f - m->target[3] - scale_y;
                if (!pm__finite(m->target[3]))
                    return pm__json_fail_at(j, at, "_MainTex_ST's v offset, flipped (1 - offset - scale), is past a float");
            }
        } else if (!x->has_material || (!texture && (!x->has_type || !x->has_target))) {
            return pm__json_fail_at(j, at, texture ? "a texture transform bind without \"material\""
                                                   : "a material color bind without \"material\", \"type\" and \"targetValue\"");
        }
        if (!texture && !x->vrm0 && (x->has_scale || x->has_offset))
            return pm__json_fail_at(j, at, "a material color bind with a texture's scale or offset");
        if (x->material_count >= x->storage->material_bind_capacity)
            return pm__json_expressions_full(x, j, "more material binds than the storage holds");
        x->storage->material_binds[x->material_count++] = *m;
        ++x->e->material_bind_count;
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

/* One expression (VRM 1.0) or blend shape group (0.x) */
static int pm__json_expression_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    const char *begin, *end;
    if (pm__json_string_is(key, key_end, x->vrm0 ? "binds" : "morphTargetBinds")) return pm__json_binds(x, j);
    if (pm__json_string_is(key, key_end, x->vrm0 ? "materialValues" : "materialColorBinds")) return pm__json_material_binds(x, j, 0);
    if (!x->vrm0 && pm__json_string_is(key, key_end, "textureTransformBinds")) return pm__json_material_binds(x, j, 1);
    if (pm__json_string_is(key, key_end, "isBinary")) {
        if (x->has_binary++) return pm__json_fail(j, "\"isBinary\" twice");
        {
            const char *at = j->p;
            if (pm__json_literal(j, "true")) return x->e->is_binary = 1, 1;
            if (pm__json_literal(j, "false")) return 1;
            j->why = NULL;
            return pm__json_fail_at(j, at, "\"isBinary\" must be true or false");
        }
    }
    if (!x->vrm0 && pm__json_string_is(key, key_end, "overrideBlink")) return pm__json_override(j, &x->has_blink, &x->e->override_blink);
    if (!x->vrm0 && pm__json_string_is(key, key_end, "overrideLookAt"))
        return pm__json_override(j, &x->has_look_at, &x->e->override_look_at);
    if (!x->vrm0 && pm__json_string_is(key, key_end, "overrideMouth")) return pm__json_override(j, &x->has_mouth, &x->e->override_mouth);
    if (x->vrm0 && (pm__json_string_is(key, key_end, "name") || pm__json_string_is(key, key_end, "presetName"))) {
        const int preset = pm__json_string_is(key, key_end, "presetName");
        if ((*(preset ? &x->has_preset_name : &x->has_name))++) return pm__json_fail(j, "a group's name twice");
        if (!pm__json_string(j, &begin, &end)) return 0;
        if (preset) x->preset_name = begin, x->preset_name_end = end;
        else x->group_name = begin, x->group_name_end = end;
        return 1;
    }
    return pm__json_skip(j);
}

static pm_expression *pm__json_new_expression(pm__json_expressions *x, pm__json *j)
{
    pm_expression *e;
    if (x->count >= PM_EXPRESSION_LIMIT) {
        x->limit = 1;
        return pm__json_fail(j, "more expressions than PM_EXPRESSION_LIMIT (1024)"), (pm_expression *)NULL;
    }
    if (x->count >= x->storage->expression_capacity)
        return pm__json_expressions_full(x, j, "more expressions than the storage holds"), (pm_expression *)NULL;
    e = &x->storage->expressions[x->count];
    memset(e, 0, sizeof *e);
    e->morph_binds = x->storage->morph_binds + x->bind_count;
    e->material_binds = x->storage->material_binds + x->material_count;
    x->has_binary = x->has_blink = x->has_look_at = x->has_mouth = x->has_binds = x->has_name = x->has_preset_name = 0;
    x->has_material_binds = x->has_texture_binds = x->has_values = 0;
    x->group_name = x->preset_name = NULL;
    return x->e = e;
}

/* Whether an expression of this name is there already */
static int pm__json_expression_named(const pm__json_expressions *x, const char *name, size_t length)
{
    int i;
    for (i = 0; i < x->count; ++i)
        if (x->storage->expressions[i].name_length == length && memcmp(x->storage->expressions[i].name, name, length) == 0)
            return 1;
    return 0;
}

/* VRM 1.0: "preset" or "custom" maps of name to expression (reading_custom says which) */
static int pm__json_expression_entry(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    pm_expression *e;
    int p, preset = -1;
    for (p = 0; p < PM_EXPRESSION_PRESET_COUNT; ++p)
        if (pm__json_string_is(key, key_end, pm__expression_preset_names[p])) preset = p;
    if (x->reading_custom ? preset >= 0 : preset < 0) { /* three-vrm leaves it out */
        pm__json_expressions_warn(x, x->reading_custom ? "a custom expression with a preset's name: left out, as three-vrm does"
                                                       : "an unknown preset expression: left out, as three-vrm does");
        return pm__json_skip(j);
    }
    if (pm__json_expression_named(x, key, (size_t)(key_end - key))) return pm__json_fail_at(j, key, "an expression twice");
    if (!(e = pm__json_new_expression(x, j))) return 0;
    e->name = key, e->name_length = (size_t)(key_end - key);
    e->preset = x->reading_custom ? PM_EXPRESSION_CUSTOM : (pm_expression_preset)preset;
    if (!pm__json_object(j, pm__json_expression_member, x)) return 0;
    ++x->count;
    return 1;
}

static int pm__json_expressions_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    const int custom = pm__json_string_is(key, key_end, "custom");
    if (!custom && !pm__json_string_is(key, key_end, "preset")) return pm__json_skip(j);
    if ((*(custom ? &x->has_custom : &x->has_preset))++) return pm__json_fail(j, custom ? "\"custom\" twice" : "\"preset\" twice");
    x->reading_custom = custom;
    if (custom) x->custom_first = x->count;
    else x->preset_first = x->count;
    return pm__json_object(j, pm__json_expression_entry, x);
}

/* VRM 0.x: a blend shape group, named by its preset as three-vrm names it, or by its name */
static int pm__json_blend_shape_group(pm__json_expressions *x, pm__json *j)
{
    const char *name;
    size_t length;
    int p;
    if (!pm__json_new_expression(x, j) || !pm__json_object(j, pm__json_expression_member, x)) return 0;
    x->e->preset = PM_EXPRESSION_CUSTOM;
    for (p = 0; x->preset_name && p < PM_EXPRESSION_PRESET_COUNT; ++p)
        if (pm__expression_vrm0_presets[p] && pm__json_string_is(x->preset_name, x->preset_name_end, pm__expression_vrm0_presets[p]))
            x->e->preset = (pm_expression_preset)p;
    /* a custom group named as a VRM 1.0 preset ("surprised", which 0.x lacks) is that preset, as three-vrm's
       manager takes expressions by name */
    for (p = 0; x->e->preset == PM_EXPRESSION_CUSTOM && x->group_name && p < PM_EXPRESSION_PRESET_COUNT; ++p)
        if (pm__json_string_is(x->group_name, x->group_name_end, pm__expression_preset_names[p]))
            x->e->preset = (pm_expression_preset)p;
    if (x->e->preset != PM_EXPRESSION_CUSTOM) {
        name = pm__expression_preset_names[x->e->preset];
        length = strlen(name);
    } else if (x->group_name) {
        name = x->group_name;
        length = (size_t)(x->group_name_end - x->group_name);
    } else {
        name = NULL, length = 0;
    }
    if (!name || pm__json_expression_named(x, name, length)) { /* three-vrm leaves it out: its binds go back */
        x->bind_count = (int)(x->e->morph_binds - x->storage->morph_binds);
        x->material_count = (int)(x->e->material_binds - x->storage->material_binds);
        return pm__json_expressions_warn(x, name ? "a blend shape group of a name or preset an earlier one has: left out, "
                                                   "as three-vrm does"
                                                 : "a blend shape group without a preset or a name: left out, as three-vrm does");
    }
    x->e->name = name, x->e->name_length = length;
    ++x->count;
    return 1;
}

static int pm__json_blend_shape_master_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    if (!pm__json_string_is(key, key_end, "blendShapeGroups")) return pm__json_skip(j);
    if (x->has_groups++) return pm__json_fail(j, "\"blendShapeGroups\" twice");
    if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"blendShapeGroups\" must be an array");
    if (pm__json_expect(j, ']')) return 1;
    do {
        if (!pm__json_blend_shape_group(x, j)) return 0;
    } while (pm__json_expect(j, ','));
    return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
}

static int pm__json_expressions_root_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_expressions *x = (pm__json_expressions *)context;
    const int vrm0 = pm__json_string_is(key, key_end, "blendShapeMaster");
    if (!vrm0 && !pm__json_string_is(key, key_end, "expressions")) return pm__json_skip(j);
    if (x->has_expressions++) return pm__json_fail(j, "\"expressions\" or \"blendShapeMaster\" twice");
    x->vrm0 = vrm0;
    return pm__json_object(j, vrm0 ? pm__json_blend_shape_master_member : pm__json_expressions_member, x);
}

/* a[0 .. n) reversed */
static void pm__reverse_expressions(pm_expression *a, int n)
{
    int i;
    for (i = 0; i < n / 2; ++i) {
        pm_expression t = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = t;
    }
}

PMDEF pm_result pm_expressions_parse_json(const char *json, size_t length, const pm_expression_storage *storage,
                                          int *expression_count, pm_parse_error *error)
{
    pm__json j;
    pm__json_expressions x;
    int ok;
    pm__json_begin(&j, json, length, error);
    if (!json || !storage || !expression_count || storage->expression_capacity < 0 || storage->morph_bind_capacity < 0 ||
        storage->material_bind_capacity < 0 || (storage->expression_capacity > 0 && !storage->expressions) ||
        (storage->morph_bind_capacity > 0 && !storage->morph_binds) ||
        (storage->material_bind_capacity > 0 && !storage->material_binds))
        return PM_ERROR_INVALID_ARGUMENT;
    memset(&x, 0, sizeof x);
    x.storage = storage;
    x.custom_first = x.preset_first = -1;
    ok = pm__json_object(&j, pm__json_expressions_root_member, &x);
    if (pm__json_end(&j, ok, json, error) != PM_OK) return x.limit ? PM_ERROR_LIMIT : x.full ? PM_ERROR_CAPACITY : PM_ERROR_PARSE;
    if (error) error->warning = x.warning;
    if (x.custom_first >= 0 && x.preset_first > x.custom_first) { /* presets first, as three-vrm registers them */
        pm__reverse_expressions(storage->expressions + x.custom_first, x.preset_first - x.custom_first);
        pm__reverse_expressions(storage->expressions + x.preset_first, x.count - x.preset_first);
        pm__reverse_expressions(storage->expressions + x.custom_first, x.count - x.custom_first);
    }
    *expression_count = x.count;
    return PM_OK;
}

/* ---- VRM lookAt's JSON ------------------------------------------------------ */

/* The lookAt readers' state: which member set each map's numbers */
typedef struct pm__json_look_at {
    pm_look_at *out;
    int vrm0, found, has_type, has_offset, maps_seen;
    int has_input[4], has_output[4]; /* horizontal inner, outer, vertical down, up */
    float input[4], output[4];
    int map; /* the map being read */
} pm__json_look_at;

static const char *const pm__look_at_map_names[2][4] = {
    {"rangeMapHorizontalInner", "rangeMapHorizontalOuter", "rangeMapVerticalDown", "rangeMapVerticalUp"},
    {"lookAtHorizontalInner", "lookAtHorizontalOuter", "lookAtVerticalDown", "lookAtVerticalUp"}};

/* A range map (VRM 1.0) or a degree map (0.x, its curve checked and
   ignored, as three-vrm ignores it) */
static int pm__json_range_map_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_look_at *l = (pm__json_look_at *)context;
    const char *at = j->p;
    const int input = pm__json_string_is(key, key_end, l->vrm0 ? "xRange" : "inputMaxValue");
    float value;
    if (l->vrm0 && pm__json_string_is(key, key_end, "curve")) {
        if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"curve\" must be an array of numbers");
        if (pm__json_expect(j, ']')) return 1;
        do {
            if (!pm__json_float(j, "\"curve\" must be an array of numbers", &value)) return 0;
        } while (pm__json_expect(j, ','));
        return pm__json_expect(j, ']') || pm__json_fail(j, "expected ',' or ']'");
    }
    if (!input && !pm__json_string_is(key, key_end, l->vrm0 ? "yRange" : "outputScale")) return pm__json_skip(j);
    if (input ? l->has_input[l->map]++ : l->has_output[l->map]++) return pm__json_fail(j, "a range map's number twice");
    if (!pm__json_float(j, input ? (l->vrm0 ? "\"xRange\" must be a number from 0 to 180"
                                            : "\"inputMaxValue\" must be a number from 0 to 180")
                                 : (l->vrm0 ? "\"yRange\" must be a finite number" : "\"outputScale\" must be a finite number"),
                        input ? &l->input[l->map] : &l->output[l->map]))
        return 0;
    if (input && !(l->input[l->map] >= 0.0f && l->input[l->map] <= 180.0f))
        return pm__json_fail_at(j, at, l->vrm0 ? "\"xRange\" must be a number from 0 to 180"
                                               : "\"inputMaxValue\" must be a number from 0 to 180");
    return 1;
}

static int pm__json_look_at_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_look_at *l = (pm__json_look_at *)context;
    const char *begin, *end, *at = j->p;
    int k;
    for (k = 0; k < 4; ++k)
        if (pm__json_string_is(key, key_end, pm__look_at_map_names[l->vrm0][k])) {
            if (l->maps_seen & (1 << k)) return pm__json_fail(j, "a range map twice");
            l->maps_seen |= 1 << k;
            l->map = k;
            return pm__json_object(j, pm__json_range_map_member, l);
        }
    if (pm__json_string_is(key, key_end, l->vrm0 ? "lookAtTypeName" : "type")) {
        if (l->has_type++) return pm__json_fail(j, "the lookAt type twice");
        if (pm__json_string(j, &begin, &end)) {
            if (pm__json_string_is(begin, end, l->vrm0 ? "Bone" : "bone")) return l->out->type = PM_LOOK_AT_BONE, 1;
            if (pm__json_string_is(begin, end, l->vrm0 ? "BlendShape" : "expression"))
                return l->out->type = PM_LOOK_AT_EXPRESSION, 1;
        }
        j->why = NULL;
        return pm__json_fail_at(j, at, l->vrm0 ? "\"lookAtTypeName\" must be \"Bone\" or \"BlendShape\""
                                               : "\"type\" must be \"bone\" or \"expression\"");
    }
    if (pm__json_string_is(key, key_end, l->vrm0 ? "firstPersonBoneOffset" : "offsetFromHeadBone")) {
        float *offset = l->out->offset_from_head_bone;
        if (l->has_offset++) return pm__json_fail(j, "the offset from the head twice");
        if (l->vrm0) { /* {x, y, z}, y 0.06 when absent (three-vrm), z flipped as VRM 0.x faces -Z */
            pm__json_springs vector;
            memset(&vector, 0, sizeof vector);
            vector.vector[1] = 0.06;
            if (!pm__json_object(j, pm__json_xyz_member, &vector)) return 0;
            offset[0] = (float)vector.vector[0], offset[1] = (float)vector.vector[1], offset[2] = (float)-vector.vector[2];
            return 1;
        }
        if (!pm__json_expect(j, '[')) return pm__json_fail(j, "\"offsetFromHeadBone\" must be 3 finite numbers");
        for (k = 0; k < 3; ++k)
            if ((k && !pm__json_expect(j, ',')) ||
                !pm__json_float(j, "\"offsetFromHeadBone\" must be 3 finite numbers", &offset[k]))
                return pm__json_fail_at(j, at, "\"offsetFromHeadBone\" must be 3 finite numbers");
        return pm__json_expect(j, ']') || pm__json_fail_at(j, at, "\"offsetFromHeadBone\" must be 3 finite numbers");
    }
    return pm__json_skip(j);
}

/* The extension object: VRM 1.0's "lookAt", VRM 0.x's "firstPerson" (VRM
   1.0 has a "firstPerson" too, without lookAt), and "specVersion" to tell
   them apart */
typedef struct pm__json_look_at_root {
    pm__json_look_at vrm1, vrm0;
    pm_look_at vrm1_out, vrm0_out;
    int version; /* 0 unknown, 1 "0.x", 2 "1.x" */
    int has_version;
} pm__json_look_at_root;

static int pm__json_look_at_root_member(void *context, pm__json *j, const char *key, const char *key_end)
{
    pm__json_look_at_root *root = (pm__json_look_at_root *)context;
    pm__json_look_at *l;
    const char *begin, *end;
    if (pm__json_string_is(key, key_end, "specVersion")) {
        if (root->has_version++) return pm__json_fail(j, "\"specVersion\" twice");
        if (!pm__json_string(j, &begin, &end)) return 0;
        root->version = end > begin && *begin == '0' ? 1 : end > begin && *begin == '1' ? 2 : 0;
        return 1;
    }
    l = pm__json_string_is(key, key_end, "lookAt") ? &root->vrm1 : pm__json_string_is(key, key_end, "firstPerson") ? &root->vrm0 : NULL;
    if (!l) return pm__json_skip(j);
    if (l->found++) return pm__json_fail(j, l->vrm0 ? "\"firstPerson\" twice" : "\"lookAt\" twice");
    l->out->type = PM_LOOK_AT_BONE;
    return pm__json_object(j, pm__json_look_at_member, l);
}

/* One reading's settings with three-vrm's defaults filled in */
static void pm__look_at_defaults(const pm__json_look_at *l, pm_look_at *out)
{
    int k;
    out->face_front[2] = l->vrm0 ? -1.0f : 1.0f;
    for (k = 0; k < 4; ++k) { /* an input under 0.01 degree raised to it, as three-vrm does */
        pm_look_at_range_map *map = k == 0 ? &out->horizontal_inner : k == 1 ? &out->horizontal_outer
                                  : k == 2 ? &out->vertical_down : &out->vertical_up;
        map->input_max_value = l->has_input[k] ? (l->input[k] < 0.01f ? 0.01f : l->input[k]) : 90.0f;
        map->output_scale = l->has_output[k] ? l->output[k] : out->type == PM_LOOK_AT_EXPRESSION ? 1.0f : 10.0f;
    }
}

PMDEF pm_result pm_look_at_parse_json(const char *json, size_t length, pm_look_at *look_at, pm_parse_error *error)
{
    pm__json j;
    pm__json_look_at_root root;
    int ok, vrm0;
    pm__json_begin(&j, json, length, error);
    if (!json || !look_at) return PM_ERROR_INVALID_ARGUMENT;
    memset(&root, 0, sizeof root);
    root.vrm1_out.offset_from_head_bone[1] = root.vrm0_out.offset_from_head_bone[1] = 0.06f;
    root.vrm1.out = &root.vrm1_out;
    root.vrm0.out = &root.vrm0_out;
    root.vrm0.vrm0 = 1;
    ok = pm__json_object(&j, pm__json_look_at_root_member, &root);
    if (pm__json_end(&j, ok, json, error) != PM_OK) return PM_ERROR_PARSE;
    /* which one three-vrm reads: by the version, else "lookAt" before "firstPerson" */
    vrm0 = root.version == 1 || (root.version == 0 && !root.vrm1.found);
    pm__look_at_defaults(vrm0 ? &root.vrm0 : &root.vrm1, vrm0 ? &root.vrm0_out : &root.vrm1_out);
    *look_at = vrm0 ? root.vrm0_out : root.vrm1_out;
    if (!(vrm0 ? root.vrm0.found : root.vrm1.found)) look_at->type = PM_LOOK_AT_NONE; /* valid settings that do nothing */
    return PM_OK;
}


/* x = m[0..8] (columns) p + m[9..11], in double from the stored floats. */
static void pm__apply_frame(const float m[12], const double p[3], double out[3])
{
    int i;
    for (i = 0; i < 3; ++i)
        out[i] = (double)m[i] * p[0] + (double)m[3 + i] * p[1] + (double)m[6 + i] * p[2] + (double)m[9 + i];
}

/* A bone's rest frame from the scene: the world transform of its node, and
   whether the scales from it up to the root are all uniform and positive
   (then the product of the rotations is the frame's rotation). */
typedef struct pm__bone_frame {
    pm__affine world;
    double rotation[4];
    double parent_rotation[4]; /* P, the rest world rotation of the node's scene parent (pm__own_frame) */
    int conformal;
} pm__bone_frame;

/* The rest frame of bone b's scene parent, from the frame of its humanoid
   parent `up` (or from the root for the hips): a walk over the nodes in
   between, which also checks that up's node is a scene ancestor of b's. The
   humanoid walks only these chains, so a chain of a million nodes above or
   between bones costs one pass per bone at most. */
static pm_result pm__parent_frame(pm__walk *w, const pm_transform *rest, const int bone_node[PM_BONE_COUNT],
                                  const pm__bone_frame frames[PM_BONE_COUNT], int b, int up, pm__bone_frame *out,
                                  const char **why)
{
    int stop = up >= 0 ? bone_node[up] : -1, node, steps = 0, c;
    pm__affine between, local;
    double q[4] = {0.0, 0.0, 0.0, 1.0};
    pm__trs trs;
    memset(&between, 0, sizeof between);
    for (c = 0; c < 3; ++c) between.m[c][c] = 1.0;
    out->conformal = up >= 0 ? frames[up].conformal : 1;
    for (node = w->parent[bone_node[b]]; node != stop; node = w->parent[node]) {
        if (node < 0) return *why = "the bone's node is not below its humanoid parent's", PM_ERROR_INVALID_ARGUMENT;
        if (!pm__step(w, node, &steps)) return *why = "a loop in the parent array above the bone", w->error;
        pm__load_trs(rest, node, &trs);
        pm__trs_to_affine(&trs, &local);
        pm__affine_mul(&local, &between, &between);
        pm__quat_mul(trs.q, q, q);
        if (!pm__conformal(rest, node)) out->conformal = 0;
    }
    if (up >= 0) {
        pm__affine_mul(&frames[up].world, &between, &out->world);
        pm__quat_mul(frames[up].rotation, q, q);
    } else {
        out->world = between;
    }
    *why = "the rest transforms above the bone overflow float, or are singular";
    if (out->conformal) memcpy(out->rotation, q, sizeof q);
    else if (!pm__affine_rotation(&out->world, out->rotation)) return PM_ERROR_INVALID_ARGUMENT;
    return pm__quat_normalize(out->rotation) ? PM_OK : PM_ERROR_INVALID_ARGUMENT;
}

/* A bone's parent frame (pm__parent_frame's) times its node's rest
   transform: the frame of the bone's own node. */
static pm_result pm__own_frame(const pm_transform *rest, int node, pm__bone_frame *f)
{
    pm__trs trs;
    pm__affine local;
    pm__load_trs(rest, node, &trs);
    pm__trs_to_affine(&trs, &local);
    pm__affine_mul(&f->world, &local, &f->world);
    memcpy(f->parent_rotation, f->rotation, sizeof f->parent_rotation);
    pm__quat_mul(f->rotation, trs.q, f->rotation);
    if (!pm__conformal(rest, node)) f->conformal = 0;
    if (!f->conformal && !pm__affine_rotation(&f->world, f->rotation)) return PM_ERROR_INVALID_ARGUMENT;
    return PM_OK;
}

/* result, with the report (when there is one) naming what failed */
static pm_result pm__report(pm_humanoid_report *report, pm_result result, int bone, int node, const char *message)
{
    if (report) {
        report->bone = bone;
        report->node = node;
        report->message = message;
    }
    return result;
}

/* 32-bit FNV-1a over bytes, continuing from hash */
static uint32_t pm__fnv1a(uint32_t hash, const void *bytes, size_t size)
{
    const unsigned char *p = (const unsigned char *)bytes;
    size_t i;
    for (i = 0; i < size; ++i) hash = (hash ^ p[i]) * 16777619u;
    return hash;
}

/* Everything pm_humanoid_init checks and works out, into *h (zeroed first),
   except the hips' height; frames[b] gets the rest frame of bone b's node. */
static pm_result pm__humanoid_build(pm_humanoid *h_out, pm__bone_frame frames[PM_BONE_COUNT],
                                    const int bone_node[PM_BONE_COUNT], const int *parent, int node_count,
                                    const pm_transform *rest_pose, pm_humanoid_report *report)
{
    pm_humanoid h;
    pm__bone_frame hips_frame;
    pm__walk walk;
    pm__trs trs;
    pm__affine frame;
    double inv_t[3][3], det, hips[3];
    int b, c, i, hips_node;
    const char *why = NULL;
    pm_result result;
    if (!bone_node || !rest_pose || node_count < 0 || (node_count > 0 && !parent))
        return pm__report(report, PM_ERROR_INVALID_ARGUMENT, -1, -1, "a NULL array or a negative node count");
    for (i = 0; i < node_count; ++i)
        if (parent[i] < -1 || parent[i] >= node_count)
            return pm__report(report, PM_ERROR_OUT_OF_RANGE, -1, i, "a parent index outside the scene");
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (bone_node[b] < -1 || bone_node[b] >= node_count)
            return pm__report(report, PM_ERROR_OUT_OF_RANGE, b, bone_node[b], "a bone's node outside the scene");
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (bone_node[b] < 0 && pm_bone_required((pm_bone)b))
            return pm__report(report, PM_ERROR_MISSING_BONE, b, -1, "required bone missing");
    for (i = 0; i < node_count; ++i)
        if (!pm__load_trs(rest_pose, i, &trs))
            return pm__report(report, PM_ERROR_INVALID_ARGUMENT, -1, i,
                              "a rest transform that is not finite, or a zero rotation");
    walk.parent = parent;
    walk.node_count = node_count;
    walk.budget = INT64_MAX; /* each of the 55 walks ends within node_count steps */
    walk.error = PM_OK;
    memset(&h, 0, sizeof h);
    h.parent = parent;
    h.node_count = node_count;
    for (b = 0; b < PM_BONE_COUNT; ++b) { /* humanoid parents come first in the table */
        int up = pm__bone_parents[b];
        pm__bone_frame *f = &frames[b];
        double w[4], link[4];
        h.bone_node[b] = bone_node[b];
        for (c = 0; c < b; ++c)
            if (bone_node[b] >= 0 && bone_node[c] == bone_node[b])
                return pm__report(report, PM_ERROR_INVALID_ARGUMENT, b, bone_node[b], "two bones on one node");
        while (up >= 0 && bone_node[up] < 0) up = pm__bone_parents[up];
        h.parent_bone[b] = up;
        if (bone_node[b] < 0) continue;
        result = pm__parent_frame(&walk, rest_pose, bone_node, frames, b, up, f, &why);
        if (result != PM_OK) return pm__report(report, result, b, bone_node[b], why);
        if (b == PM_BONE_HIPS) hips_frame = *f;
        pm__store4(h.rest_parent[b], f->rotation);
        pm__load_trs(rest_pose, bone_node[b], &trs);
        pm__store4(h.rest_local[b], trs.q);
        pm__quat_mul(f->rotation, trs.q, w);
        pm__store4(h.rest_world[b], w);
        memcpy(link, f->rotation, sizeof link);
        if (up >= 0) { /* K = W(up)^-1 P */
            double up_inv[4];
            pm__quat_conj(frames[up].rotation, up_inv);
            pm__quat_mul(up_inv, f->rotation, link);
        }
        pm__store4(h.rest_link[b], link);
        result = pm__own_frame(rest_pose, bone_node[b], f); /* from here on, the frame of b's own node */
        if (result != PM_OK)
            return pm__report(report, result, b, bone_node[b], "the rest transforms of the bone overflow float");
    }
    /* the hips' parent frame at rest, to move the hips between local and model space */
    hips_node = bone_node[PM_BONE_HIPS];
    frame = hips_frame.world;
    det = pm__det3(frame.m);
    if (!pm__finite_d(det) || !(fabs(det) > 0.0))
        return pm__report(report, PM_ERROR_INVALID_ARGUMENT, PM_BONE_HIPS, hips_node,
                          "the frame above the hips is singular");
    pm__inverse_transpose3(frame.m, det, inv_t); /* the inverse's column c, row i is inv_t[i][c] */
    for (c = 0; c < 3; ++c)
        for (i = 0; i < 3; ++i) {
            h.hips_parent[3 * c + i] = (float)frame.m[c][i];
            h.hips_parent_inverse[3 * c + i] = (float)inv_t[i][c];
        }
    for (i = 0; i < 3; ++i) {
        h.hips_parent[9 + i] = (float)frame.t[i];
        h.hips_parent_inverse[9 + i] =
            (float)-(inv_t[i][0] * frame.t[0] + inv_t[i][1] * frame.t[1] + inv_t[i][2] * frame.t[2]);
    }
    pm__load_trs(rest_pose, hips_node, &trs);
    pm__apply_frame(h.hips_parent, trs.t, hips);
    for (i = 0; i < 3; ++i) h.rest_hips[i] = (float)hips[i];
    /* finite scales can still multiply up past float (two nodes scaled by 1e20) */
    if (!pm__finite_n(h.hips_parent, 12) || !pm__finite_n(h.hips_parent_inverse, 12) || !pm__finite_n(h.rest_hips, 3))
        return pm__report(report, PM_ERROR_INVALID_ARGUMENT, PM_BONE_HIPS, hips_node,
                          "the rest transforms above the hips overflow float");
    /* the fingerprint: a pose of another rig is refused where it is cheap to tell */
    h.rig = pm__fnv1a(2166136261u, &node_count, sizeof node_count);
    h.rig = pm__fnv1a(h.rig, h.bone_node, sizeof h.bone_node);
    h.rig = pm__fnv1a(h.rig, h.rest_local, sizeof h.rest_local);
    h.rig = pm__fnv1a(h.rig, h.rest_hips, sizeof h.rest_hips);
    if (h.rig == 0) h.rig = 1; /* 0 is a pose nobody made */
    memcpy(h_out, &h, sizeof h);
    return pm__report(report, PM_OK, -1, -1, NULL);
}

PMDEF pm_result pm_humanoid_init(pm_humanoid *humanoid, const int bone_node[PM_BONE_COUNT], const int *parent,
                                 int node_count, const pm_transform *rest_pose, pm_humanoid_report *report)
{
    pm_humanoid h;
    pm__bone_frame frames[PM_BONE_COUNT];
    pm_result result;
    if (!humanoid) return pm__report(report, PM_ERROR_INVALID_ARGUMENT, -1, -1, "no humanoid to fill");
    result = pm__humanoid_build(&h, frames, bone_node, parent, node_count, rest_pose, report);
    if (result != PM_OK) return result;
    /* retargeting scales the hips' movement by the ratio of rest heights: a
       rest standing on y = 0 is assumed (a BVH root at the origin is not) */
    if (!(h.rest_hips[1] > 0.0f))
        return pm__report(report, PM_ERROR_HIPS_HEIGHT, PM_BONE_HIPS, bone_node[PM_BONE_HIPS],
                          "the rest hips are not above y = 0: fit the rest (pm_humanoid_fit_tpose)");
    memcpy(humanoid, &h, sizeof h);
    return PM_OK;
}

static const double pm__identity[4] = {0.0, 0.0, 0.0, 1.0};

/* The VRM T-pose, for fitting a rest to it: the bone whose joint gives
   each bone its direction (the next one present down this chain is used;
   for the hands, the middle of the four fingers' first joints, since the
   middle finger's knuckle is seldom straight out from the wrist), and the
   direction. */
static const signed char pm__tpose_next[PM_BONE_COUNT] = {
    PM_BONE_SPINE, PM_BONE_CHEST, PM_BONE_UPPER_CHEST, PM_BONE_NECK, PM_BONE_HEAD, -1, -1, -1, -1,
    PM_BONE_LEFT_LOWER_LEG, PM_BONE_LEFT_FOOT, PM_BONE_LEFT_TOES, -1,
    PM_BONE_RIGHT_LOWER_LEG, PM_BONE_RIGHT_FOOT, PM_BONE_RIGHT_TOES, -1,
    -1, PM_BONE_LEFT_LOWER_ARM, PM_BONE_LEFT_HAND, PM_BONE_LEFT_MIDDLE_PROXIMAL,
    -1, PM_BONE_RIGHT_LOWER_ARM, PM_BONE_RIGHT_HAND, PM_BONE_RIGHT_MIDDLE_PROXIMAL,
    PM_BONE_LEFT_THUMB_PROXIMAL, PM_BONE_LEFT_THUMB_DISTAL, -1,
    PM_BONE_LEFT_INDEX_INTERMEDIATE, PM_BONE_LEFT_INDEX_DISTAL, -1,
    PM_BONE_LEFT_MIDDLE_INTERMEDIATE, PM_BONE_LEFT_MIDDLE_DISTAL, -1,
    PM_BONE_LEFT_RING_INTERMEDIATE, PM_BONE_LEFT_RING_DISTAL, -1,
    PM_BONE_LEFT_LITTLE_INTERMEDIATE, PM_BONE_LEFT_LITTLE_DISTAL, -1,
    PM_BONE_RIGHT_THUMB_PROXIMAL, PM_BONE_RIGHT_THUMB_DISTAL, -1,
    PM_BONE_RIGHT_INDEX_INTERMEDIATE, PM_BONE_RIGHT_INDEX_DISTAL, -1,
    PM_BONE_RIGHT_MIDDLE_INTERMEDIATE, PM_BONE_RIGHT_MIDDLE_DISTAL, -1,
    PM_BONE_RIGHT_RING_INTERMEDIATE, PM_BONE_RIGHT_RING_DISTAL, -1,
    PM_BONE_RIGHT_LITTLE_INTERMEDIATE, PM_BONE_RIGHT_LITTLE_DISTAL, -1};

/* Bone b's T-pose direction; *horizontal: only its turn about Y counts (the
   feet). 0 for a bone not fitted. */
static int pm__tpose_axis(int b, double axis[3], int *horizontal)
{
    const double diagonal = 0.70710678118654752440;
    const int left = (b >= PM_BONE_LEFT_SHOULDER && b <= PM_BONE_LEFT_HAND) ||
                     (b >= PM_BONE_LEFT_THUMB_METACARPAL && b <= PM_BONE_LEFT_LITTLE_DISTAL);
    axis[0] = axis[1] = axis[2] = 0.0;
    *horizontal = b == PM_BONE_LEFT_FOOT || b == PM_BONE_RIGHT_FOOT;
    if (pm__tpose_next[b] < 0) return 0;
    if (b <= PM_BONE_NECK) axis[1] = 1.0;                         /* hips to neck */
    else if (*horizontal) axis[2] = 1.0;                          /* toes forward */
    else if (b <= PM_BONE_RIGHT_TOES) axis[1] = -1.0;             /* legs */
    else if (b == PM_BONE_LEFT_THUMB_METACARPAL || b == PM_BONE_LEFT_THUMB_PROXIMAL ||
             b == PM_BONE_RIGHT_THUMB_METACARPAL || b == PM_BONE_RIGHT_THUMB_PROXIMAL) {
        axis[0] = left ? diagonal : -diagonal;
        axis[2] = diagonal;
    } else axis[0] = left ? 1.0 : -1.0;                           /* arms, hands, fingers */
    return 1;
}

/* 1 when bone a is b or above it, up[] giving each bone's humanoid parent */
static int pm__bone_at_or_above(const int up[PM_BONE_COUNT], int a, int b)
{
    for (; b >= 0; b = up[b])
        if (b == a) return 1;
    return 0;
}

/* The turn about Y taking v's horizontal part to `to`'s; 0 when v is
   (nearly) vertical. */
static int pm__turn_about_y(const double v[3], const double to[3], double q[4])
{
    const double flat[3] = {v[0], 0.0, v[2]}, target[3] = {to[0], 0.0, to[2]};
    if (!(flat[0] * flat[0] + flat[2] * flat[2] > 1e-12 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]))) return 0;
    pm__quat_from_to(flat, target, q);
    return 1;
}

PMDEF pm_result pm_humanoid_fit_tpose(const int bone_node[PM_BONE_COUNT], const int *parent, int node_count,
                                      const pm_transform *rest_pose, pm_transform *fitted,
                                      pm_humanoid_report *report)
{
    pm_humanoid h; /* the hips' height is what fitting fixes */
    pm__bone_frame frames[PM_BONE_COUNT];
    double position[PM_BONE_COUNT][3], turn[PM_BONE_COUNT][4], local[PM_BONE_COUNT][4];
    double lowest = HUGE_VAL;
    const int *up = h.parent_bone;
    int b, d, i, root;
    pm_result result = pm__humanoid_build(&h, frames, bone_node, parent, node_count, rest_pose, report);
    if (result != PM_OK) return result;
    if (!fitted) return pm__report(report, PM_ERROR_INVALID_ARGUMENT, -1, -1, "no array for the fitted rest");
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        if (bone_node[b] < 0) continue;
        memcpy(position[b], frames[b].world.t, sizeof position[b]);
        memcpy(turn[b], pm__identity, sizeof turn[b]);
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) { /* top down: each bone turned about its joint, with all below it */
        double axis[3], direction[3], q[4];
        int horizontal, next = b, turned;
        if (bone_node[b] < 0 || !pm__tpose_axis(b, axis, &horizontal)) continue;
        if (b == PM_BONE_LEFT_HAND || b == PM_BONE_RIGHT_HAND) {
            const int first = b == PM_BONE_LEFT_HAND ? PM_BONE_LEFT_INDEX_PROXIMAL : PM_BONE_RIGHT_INDEX_PROXIMAL;
            int fingers = 0, f;
            direction[0] = direction[1] = direction[2] = 0.0;
            for (f = first; f < first + 12; f += 3) /* index, middle, ring, little */
                if (bone_node[f] >= 0) {
                    for (i = 0; i < 3; ++i) direction[i] += position[f][i] - position[b][i];
                    ++fingers;
                }
            if (!fingers) continue;
        } else {
            do next = pm__tpose_next[next]; while (next >= 0 && bone_node[next] < 0);
            if (next < 0) continue;
            for (i = 0; i < 3; ++i) direction[i] = position[next][i] - position[b][i];
        }
        if (!(direction[0] * direction[0] + direction[1] * direction[1] + direction[2] * direction[2] > 0.0)) continue;
        if (horizontal) {
            turned = pm__turn_about_y(direction, axis, q);
        } else {
            pm__quat_from_to(direction, axis, q);
            turned = 1;
            if (b == PM_BONE_HIPS) { /* and face +Z: the right upper leg to the left one along +X */
                const double x[3] = {1.0, 0.0, 0.0};
                double across[3], facing[4];
                for (i = 0; i < 3; ++i)
                    across[i] = position[PM_BONE_LEFT_UPPER_LEG][i] - position[PM_BONE_RIGHT_UPPER_LEG][i];
                pm__quat_rotate(q, across, across);
                if (pm__turn_about_y(across, x, facing)) pm__quat_mul(facing, q, q);
            }
        }
        if (!turned) continue;
        for (d = b; d < PM_BONE_COUNT; ++d) { /* everything below b turns about b's joint */
            double offset[3];
            if (bone_node[d] < 0 || !pm__bone_at_or_above(up, b, d)) continue;
            for (i = 0; i < 3; ++i) offset[i] = position[d][i] - position[b][i];
            pm__quat_rotate(q, offset, offset);
            for (i = 0; i < 3; ++i) position[d][i] = position[b][i] + offset[i];
            pm__quat_mul(q, turn[d], turn[d]);
        }
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) /* the ground: the lowest foot or toes joint */
        if (bone_node[b] >= 0 && (b == PM_BONE_LEFT_FOOT || b == PM_BONE_RIGHT_FOOT || b == PM_BONE_LEFT_TOES ||
                                  b == PM_BONE_RIGHT_TOES) && position[b][1] < lowest)
            lowest = position[b][1];
    for (root = bone_node[PM_BONE_HIPS]; parent[root] >= 0; root = parent[root]) continue; /* init checked the chain */
    for (b = 0; b < PM_BONE_COUNT; ++b) { /* local = (turn(up) P)^-1 turn(b) W, W = P L at rest */
        double world[4], above[4];
        if (bone_node[b] < 0) continue;
        pm__quat_mul(turn[b], frames[b].rotation, world);
        pm__quat_mul(up[b] >= 0 ? turn[up[b]] : pm__identity, frames[b].parent_rotation, above);
        pm__quat_conj(above, above);
        pm__quat_mul(above, world, local[b]);
        if (!pm__quat_normalize(local[b])) return PM_ERROR_INVALID_ARGUMENT; /* coordinates near float's limit */
    }
    {
        float t[3];
        memcpy(t, (const unsigned char *)rest_pose + (size_t)root * sizeof(pm_transform) + offsetof(pm_transform, translation),
               sizeof t);
        t[1] = (float)((double)t[1] - lowest);
        if (!pm__finite(t[1])) return PM_ERROR_INVALID_ARGUMENT;
        /* checked: now written */
        if (fitted != rest_pose) memmove(fitted, rest_pose, (size_t)node_count * sizeof(pm_transform));
        memcpy((unsigned char *)fitted + (size_t)root * sizeof(pm_transform) + offsetof(pm_transform, translation), t, sizeof t);
    }
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (bone_node[b] >= 0)
            pm__store4(fitted[bone_node[b]].rotation, local[b]);
    return PM_OK;
}

/* Whether rotation q (a pose's) has a direction: pm__quat_normalize's test
   of it in double, without the arithmetic. A finite float's square cannot
   overflow in double, and the sum of four is 0 only when each is +-0. */
static PM__INLINE int pm__rotation_ok(const float q[4])
{
#if defined(PM__SSE2)
    const __m128i words = _mm_loadu_si128((const __m128i *)(const void *)q);
    const __m128i magnitude = _mm_and_si128(words, _mm_set1_epi32(0x7fffffff));
    return _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(magnitude, _mm_setzero_si128()))) != 0xf &&
           _mm_movemask_ps(_mm_castsi128_ps(pm__not_finite_lanes(words))) == 0;
#else
    uint32_t word, magnitude = 0;
    int i;
    for (i = 0; i < 4; ++i) {
        memcpy(&word, &q[i], sizeof word);
        magnitude |= word & 0x7fffffffu;
    }
    return magnitude != 0 && pm__finite_n(q, 4);
#endif
}

/* N = P R L^-1 P^-1 = P R W^-1 (to_normalized) or R = P^-1 N P L =
   P^-1 N W of present bone b, from `in` to `out`, in floats (W = P L is
   the humanoid's rest_world, the rotation first brought to unit length by
   pm__f4_unit_rotation); 0 for a zero or non-finite rotation. */
static PM__INLINE int pm__convert_rotation(const pm_humanoid *h, int b, const float in[4], float out[4], int to_normalized)
{
    const pm__f4 w = pm__f4_load(h->rest_world[b]), p = pm__f4_load(h->rest_parent[b]);
    pm__f4 q;
    if (!pm__f4_unit_rotation(in, &q)) return 0;
    if (to_normalized) q = pm__f4_quat_mul(p, pm__f4_quat_mul(q, pm__f4_quat_conj(w)));
    else q = pm__f4_quat_mul(pm__f4_quat_conj(p), pm__f4_quat_mul(q, w));
    pm__f4_store(out, q);
    return 1;
}

/* pm__convert_rotation of every present bone (absent bones: identity) */
static int pm__convert_rotations(const pm_humanoid *h, const versor *in, versor *out, int to_normalized)
{
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        if (h->bone_node[b] < 0) pm__store4(out[b], pm__identity);
        else if (!pm__convert_rotation(h, b, in[b], out[b], to_normalized)) return 0;
    }
    return 1;
}

PMDEF pm_result pm_pose_normalize(const pm_humanoid *humanoid, const pm_raw_pose *raw,
                                  pm_normalized_pose *normalized)
{
    pm_normalized_pose result;
    double hips[3], moved[3];
    if (!humanoid || !raw || !normalized) return PM_ERROR_INVALID_ARGUMENT;
    if (raw->rig != humanoid->rig) return PM_ERROR_WRONG_RIG;
    if (!pm__convert_rotations(humanoid, raw->rotation, result.rotation, 1) || !pm__load3(raw->hips_translation, hips))
        return PM_ERROR_INVALID_ARGUMENT;
    pm__apply_frame(humanoid->hips_parent, hips, moved);
    pm__store3(result.hips_position, moved);
    memcpy(normalized, &result, sizeof result);
    return PM_OK;
}

PMDEF pm_result pm_pose_denormalize(const pm_humanoid *humanoid, const pm_normalized_pose *normalized,
                                    pm_raw_pose *raw)
{
    pm_raw_pose result;
    double hips[3], moved[3];
    if (!humanoid || !normalized || !raw) return PM_ERROR_INVALID_ARGUMENT;
    if (!pm__convert_rotations(humanoid, normalized->rotation, result.rotation, 0) ||
        !pm__load3(normalized->hips_position, hips))
        return PM_ERROR_INVALID_ARGUMENT;
    pm__apply_frame(humanoid->hips_parent_inverse, hips, moved);
    pm__store3(result.hips_translation, moved);
    result.rig = humanoid->rig;
    memcpy(raw, &result, sizeof result);
    return PM_OK;
}

PMDEF pm_result pm_pose_normalize_keys(const pm_humanoid *humanoid, pm_bone bone, int components, int key_count,
                                       const float *raw, float *normalized)
{
    double hips[3], moved[3];
    int k;
    if (!humanoid || key_count < 0 || (key_count > 0 && (!raw || !normalized)) || (unsigned)bone >= PM_BONE_COUNT ||
        humanoid->bone_node[bone] < 0 || !(components == 4 || (components == 3 && bone == PM_BONE_HIPS)))
        return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < key_count; ++k) /* every key checked before any is written (normalized may be raw) */
        if (components == 4 ? !pm__rotation_ok(raw + 4 * (size_t)k) : !pm__finite_n(raw + 3 * (size_t)k, 3))
            return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < key_count; ++k) {
        if (components == 4) {
            pm__convert_rotation(humanoid, (int)bone, raw + 4 * (size_t)k, normalized + 4 * (size_t)k, 1);
        } else {
            pm__load3(raw + 3 * (size_t)k, hips);
            pm__apply_frame(humanoid->hips_parent, hips, moved);
            pm__store3(normalized + 3 * (size_t)k, moved);
        }
    }
    return PM_OK;
}

/* Retargeting keeps every bone's world rotation from rest, D(b) = G(b) W^-1,
   where G is the bone's posed world rotation (in model space, with the nodes
   above and between humanoid bones at rest):
       G(b) = G(up) K(b) R(b)      (G above the hips: identity, K(hips) = P)
   Target bone b gets the D of s(b), the source's nearest bone at or above b
   in the humanoid hierarchy (the VRM animation specification's "each bone
   oriented the same way"), whatever the target has in between:
       G'(b) = D(s(b)) W'(b),   R'(b) = (G'(up') K'(b))^-1 G'(b)
   with up' the target's humanoid parent of b. With s' = s(up'), which is s
   or above it in the source:
       R'(b) = K'(b)^-1 W'(up')^-1 W(s') [G(s')^-1 G(s)] W(s)^-1 W'(b)
   and G(s')^-1 G(s) is the product of K(c) R(c) down the source's chain c1..s
   below s'. So R'(b) = pre R(c1) K(c2) R(c2) ... R(s) post, with
       pre = K'(b)^-1 W'(up')^-1 W(s') K(c1),   post = W(s)^-1 W'(b),
   and, for an empty chain (the source lacks b), R'(b) = K'(b)^-1 W'(up')^-1
   W'(b). A source bone the target lacks lies in the chain of the target's
   next bones: folded in, not dropped. */

/* field[b] (a humanoid's per-bone rotations), unit; identity above the hips */
static void pm__humanoid_rotation(const float field[PM_BONE_COUNT][4], int b, double q[4])
{
    if (b < 0) {
        memcpy(q, pm__identity, 4 * sizeof(double));
        return;
    }
    pm__load4(field[b], q);
    pm__quat_normalize(q);
}

static void pm__put_float4(float out[4], const double q[4])
{
    int k;
    for (k = 0; k < 4; ++k) out[k] = (float)q[k];
}

PMDEF pm_result pm_retarget_init(pm_retarget *retarget, const pm_humanoid *from, const pm_humanoid *to)
{
    pm_retarget r;
    double scale;
    int b, i, c;
    if (!retarget || !from || !to) return PM_ERROR_INVALID_ARGUMENT;
    if (!(from->rest_hips[1] > 0.0f) || !(to->rest_hips[1] > 0.0f)) return PM_ERROR_HIPS_HEIGHT;
    if (from->bone_node[PM_BONE_HIPS] < 0 || to->bone_node[PM_BONE_HIPS] < 0) return PM_ERROR_MISSING_BONE;
    memset(&r, 0, sizeof r);
    r.from_rig = from->rig;
    r.to_rig = to->rig;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (from->bone_node[b] >= 0) r.source_bone[r.source_count++] = b;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const int up = to->parent_bone[b];
        const int s = from->bone_node[b] >= 0 ? b : from->parent_bone[b]; /* the hips: both have them */
        const int top = up >= 0 ? (from->bone_node[up] >= 0 ? up : from->parent_bone[up]) : -1; /* s' */
        int chain[PM_BONE_COUNT], length = 0, at;
        double pre[4], post[4], q[4];
        if (to->bone_node[b] < 0) continue;
        for (at = s; at != top; at = from->parent_bone[at]) { /* s .. c1, upwards */
            if (at < 0 || length == PM_BONE_COUNT) return PM_ERROR_INVALID_ARGUMENT; /* not from pm_humanoid_init */
            chain[length++] = at;
        }
        i = r.bone_count ? r.first_step[r.bone_count - 1] + r.step_count[r.bone_count - 1] : 0;
        /* at most 55 + 4 steps: only chest and upperChest can lie in more than one chain */
        if (i + length > 2 * PM_BONE_COUNT) return PM_ERROR_INVALID_ARGUMENT;
        r.first_step[r.bone_count] = i;
        pm__humanoid_rotation(to->rest_link, b, pre);
        pm__quat_conj(pre, pre);                                  /* K'(b)^-1 */
        pm__humanoid_rotation(to->rest_world, up, q);
        pm__quat_conj(q, q);
        pm__quat_mul(pre, q, pre);                                /* ... W'(up')^-1 */
        if (length == 0) {
            pm__humanoid_rotation(to->rest_world, b, q);
            pm__quat_mul(pre, q, pre);                            /* ... W'(b) */
            memcpy(post, pm__identity, sizeof post);
        } else {
            pm__humanoid_rotation(from->rest_world, top, q);
            pm__quat_mul(pre, q, pre);                            /* ... W(s') */
            pm__humanoid_rotation(from->rest_link, chain[length - 1], q);
            pm__quat_mul(pre, q, pre);                            /* ... K(c1) */
            pm__humanoid_rotation(from->rest_world, s, post);
            pm__quat_conj(post, post);
            pm__humanoid_rotation(to->rest_world, b, q);
            pm__quat_mul(post, q, post);                          /* W(s)^-1 W'(b) */
        }
        r.bone[r.bone_count] = b;
        r.step_count[r.bone_count] = length;
        pm__put_float4(r.pre[r.bone_count], pre);
        pm__put_float4(r.post[r.bone_count], post);
        for (c = 0; c < length; ++c) { /* top down: c1 first */
            r.step_bone[i + c] = chain[length - 1 - c];
            pm__humanoid_rotation(from->rest_link, chain[length - 1 - c], q); /* K(c); c1's is in pre */
            pm__put_float4(r.step_link[i + c], q);
        }
        ++r.bone_count;
    }
    /* hips: source local -> source model -> scaled about the rest hips -> target local */
    scale = (double)to->rest_hips[1] / (double)from->rest_hips[1];
    for (c = 0; c < 4; ++c) {
        double column[3], moved[3];
        for (i = 0; i < 3; ++i) column[i] = (double)from->hips_parent[3 * c + i] * scale;
        if (c == 3) /* the translation: rest hips to rest hips */
            for (i = 0; i < 3; ++i) column[i] += (double)to->rest_hips[i] - (double)from->rest_hips[i] * scale;
        for (i = 0; i < 3; ++i) /* to->hips_parent_inverse, without its translation except for column 3 */
            moved[i] = (double)to->hips_parent_inverse[i] * column[0] + (double)to->hips_parent_inverse[3 + i] * column[1] +
                       (double)to->hips_parent_inverse[6 + i] * column[2] + (c == 3 ? (double)to->hips_parent_inverse[9 + i] : 0.0);
        for (i = 0; i < 3; ++i) r.hips[3 * c + i] = (float)moved[i];
    }
    if (!pm__finite_n(&r.pre[0][0], 4 * PM_BONE_COUNT) || !pm__finite_n(&r.post[0][0], 4 * PM_BONE_COUNT) ||
        !pm__finite_n(r.hips, 12))
        return PM_ERROR_INVALID_ARGUMENT;
    memcpy(retarget, &r, sizeof r);
    return PM_OK;
}

/* a b, in float */
static PM__INLINE void pm__quatf_mul(const float a[4], const float b[4], float out[4])
{
    const float x = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    const float y = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    const float z = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    const float w = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
    out[0] = x;
    out[1] = y;
    out[2] = z;
    out[3] = w;
}

PMDEF pm_result pm_retarget_apply(const pm_retarget *retarget, const pm_raw_pose *from_raw, pm_raw_pose *to_raw)
{
    float unit[PM_BONE_COUNT][4], hips[3];
    const float *source_hips;
    pm_raw_pose target;
    int i, k, c;
    if (!retarget || !from_raw || !to_raw) return PM_ERROR_INVALID_ARGUMENT;
    if (from_raw->rig != retarget->from_rig) return PM_ERROR_WRONG_RIG;
    for (i = 0; i < retarget->source_count; ++i) { /* the source's rotations, unit */
        const int b = retarget->source_bone[i];
        const float *q = from_raw->rotation[b];
        const float d = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
        float inv;
        if (!pm__finite(d) || !(d >= FLT_MIN)) return PM_ERROR_INVALID_ARGUMENT;
        inv = 1.0f / sqrtf(d);
        for (k = 0; k < 4; ++k) unit[b][k] = q[k] * inv;
    }
    source_hips = from_raw->hips_translation;
    if (!pm__finite_n(source_hips, 3)) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < PM_BONE_COUNT; ++i) glm_quat_identity(target.rotation[i]);
    for (i = 0; i < retarget->bone_count; ++i) {
        const int first = retarget->first_step[i], count = retarget->step_count[i];
        float q[4];
        memcpy(q, retarget->pre[i], sizeof q);
        for (c = 0; c < count; ++c) {
            if (c > 0) pm__quatf_mul(q, retarget->step_link[first + c], q);
            pm__quatf_mul(q, unit[retarget->step_bone[first + c]], q);
        }
        pm__quatf_mul(q, retarget->post[i], target.rotation[retarget->bone[i]]);
    }
    for (i = 0; i < 3; ++i)
        hips[i] = retarget->hips[i] * source_hips[0] + retarget->hips[3 + i] * source_hips[1] +
                  retarget->hips[6 + i] * source_hips[2] + retarget->hips[9 + i];
    if (!pm__finite_n(hips, 3)) return PM_ERROR_INVALID_ARGUMENT;
    memcpy(target.hips_translation, hips, sizeof hips);
    target.rig = retarget->to_rig;
    memcpy(to_raw, &target, sizeof target);
    return PM_OK;
}

PMDEF pm_result pm_retarget_once(const pm_humanoid *from, const pm_raw_pose *from_raw, const pm_humanoid *to,
                                 pm_raw_pose *to_raw)
{
    pm_retarget retarget;
    pm_result result = pm_retarget_init(&retarget, from, to);
    return result != PM_OK ? result : pm_retarget_apply(&retarget, from_raw, to_raw);
}

/* Bone b's local rotation q (unit) with the nodes between its node and its
   humanoid parent's folded in: K^-1 C q, C their posed rotations (top
   first), K = C at rest (rest_link). 0 when the parent array no longer
   leads from b's node to its humanoid parent's within node_count steps, or
   a rotation there is zero or not finite. */
static int pm__fold_between(const pm_humanoid *h, const pm_transform *scene_pose, int b, double q[4])
{
    const int *parent = h->parent;
    const int top = h->bone_node[h->parent_bone[b]];
    int node = parent[h->bone_node[b]], steps = 0;
    double r[4], k[4];
    while (node != top) {
        if (node < 0 || node >= h->node_count || ++steps > h->node_count) return 0;
        if (!pm__load_rotation(scene_pose, node, r)) return 0;
        pm__quat_mul(r, q, q); /* going up: C q, one node at a time */
        node = parent[node];
    }
    pm__load4(h->rest_link[b], k);
    pm__quat_conj(k, k);
    pm__quat_mul(k, q, q);
    return pm__quat_normalize(q);
}

PMDEF pm_result pm_pose_read(const pm_humanoid *humanoid, const pm_transform *scene_pose, pm_raw_pose *raw)
{
    pm_raw_pose result;
    double q[4], t[3];
    int b;
    if (!humanoid || !scene_pose || !raw || (humanoid->node_count > 0 && !humanoid->parent))
        return PM_ERROR_INVALID_ARGUMENT;
    if (humanoid->bone_node[PM_BONE_HIPS] < 0) return PM_ERROR_MISSING_BONE;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const int node = humanoid->bone_node[b], up = humanoid->parent_bone[b];
        if (node >= humanoid->node_count) return PM_ERROR_OUT_OF_RANGE;
        if (node < 0) {
            pm__store4(result.rotation[b], pm__identity);
        } else if (up >= 0 && humanoid->parent[node] != humanoid->bone_node[up]) { /* nodes lie between */
            if (!pm__load_rotation(scene_pose, node, q) || !pm__fold_between(humanoid, scene_pose, b, q))
                return PM_ERROR_INVALID_ARGUMENT;
            pm__store4(result.rotation[b], q);
        } else { /* copied as it is */
            if (!pm__rotation_ok(scene_pose[node].rotation)) return PM_ERROR_INVALID_ARGUMENT; /* zero, not finite */
            memcpy(result.rotation[b], scene_pose[node].rotation, sizeof result.rotation[b]);
        }
    }
    if (!pm__load3(scene_pose[humanoid->bone_node[PM_BONE_HIPS]].translation, t)) return PM_ERROR_INVALID_ARGUMENT;
    memcpy(result.hips_translation, scene_pose[humanoid->bone_node[PM_BONE_HIPS]].translation,
           sizeof result.hips_translation);
    result.rig = humanoid->rig;
    memcpy(raw, &result, sizeof result);
    return PM_OK;
}

PMDEF pm_result pm_pose_write(const pm_humanoid *humanoid, const pm_raw_pose *raw, pm_transform *scene_pose)
{
    double hips[3];
    int b;
    if (!humanoid || !raw || !scene_pose) return PM_ERROR_INVALID_ARGUMENT;
    if (raw->rig != humanoid->rig) return PM_ERROR_WRONG_RIG;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (humanoid->bone_node[b] >= humanoid->node_count) return PM_ERROR_OUT_OF_RANGE;
    if (humanoid->bone_node[PM_BONE_HIPS] < 0) return PM_ERROR_MISSING_BONE;
    /* everything checked before anything is written */
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (humanoid->bone_node[b] >= 0 && !pm__rotation_ok(raw->rotation[b])) return PM_ERROR_INVALID_ARGUMENT;
    if (!pm__load3(raw->hips_translation, hips)) return PM_ERROR_INVALID_ARGUMENT;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (humanoid->bone_node[b] >= 0)
            memcpy(scene_pose[humanoid->bone_node[b]].rotation, raw->rotation[b], sizeof raw->rotation[b]);
    memcpy(scene_pose[humanoid->bone_node[PM_BONE_HIPS]].translation, raw->hips_translation,
           sizeof raw->hips_translation);
    return PM_OK;
}

/* VRM 0.x models face -Z, 1.0 models +Z: a half turn about Y maps one to
   the other (either way), (x, y, z, w) -> (-x, y, -z, w). */
PMDEF pm_result pm_pose_turn_y180(const pm_normalized_pose *pose, pm_normalized_pose *turned)
{
    pm_normalized_pose result;
    int b;
    if (!pose || !turned) return PM_ERROR_INVALID_ARGUMENT;
    for (b = 0; b < PM_BONE_COUNT; ++b) { /* turned as it is */
        if (!pm__rotation_ok(pose->rotation[b])) return PM_ERROR_INVALID_ARGUMENT; /* zero or not finite */
        pm__f4_store(result.rotation[b], pm__f4_mul(pm__f4_load(pose->rotation[b]), pm__f4_set(-1.0f, 1.0f, -1.0f, 1.0f)));
    }
    if (!pm__finite_n(pose->hips_position, 3)) return PM_ERROR_INVALID_ARGUMENT;
    result.hips_position[0] = -pose->hips_position[0];
    result.hips_position[1] = pose->hips_position[1];
    result.hips_position[2] = -pose->hips_position[2];
    memcpy(turned, &result, sizeof result);
    return PM_OK;
}

/* ---- VRM lookAt ----------------------------------------------------------------

   As three-vrm 3.5.5's VRMLookAt and its appliers compute it. Yaw and pitch
   are degrees: yaw positive toward the model's left, pitch positive down. */

/* The azimuth and altitude of a direction, three-vrm's calcAzimuthAltitude */
static void pm__azimuth_altitude(const double v[3], double *azimuth, double *altitude)
{
    *azimuth = atan2(-v[2], v[0]);
    *altitude = atan2(v[1], sqrt(v[0] * v[0] + v[2] * v[2]));
}

/* An angle brought into [-pi, pi], three-vrm's sanitizeAngle */
static double pm__sanitize_angle(double angle)
{
    return angle - 2.0 * GLM_PI * floor(angle / (2.0 * GLM_PI) + 0.5);
}

static int pm__look_at_ok(const pm_look_at *l)
{
    const pm_look_at_range_map *maps[4];
    int k;
    if (!l || (unsigned)l->type > (unsigned)PM_LOOK_AT_EXPRESSION || !pm__finite_n(l->offset_from_head_bone, 3) ||
        !pm__finite_n(l->face_front, 3))
        return 0;
    maps[0] = &l->horizontal_inner, maps[1] = &l->horizontal_outer, maps[2] = &l->vertical_down, maps[3] = &l->vertical_up;
    for (k = 0; k < 4; ++k)
        if (!pm__finite(maps[k]->input_max_value) || !(maps[k]->input_max_value > 0.0f) || !pm__finite(maps[k]->output_scale))
            return 0;
    return 1;
}

/* VRMLookAtRangeMap.map: output_scale times the angle over input_max_value, saturated */
static double pm__range_map(const pm_look_at_range_map *map, double degrees)
{
    double t = degrees / (double)map->input_max_value;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return (double)map->output_scale * t;
}

PMDEF pm_result pm_look_at_yaw_pitch(const pm_look_at *look_at, const pm_humanoid *humanoid, const float *world,
                                     const vec3 target, float *yaw, float *pitch)
{
    double head_now[4], rest[4], turn[4], eyes[3], offset[3], to[3], front[3];
    double azimuth_from, altitude_from, azimuth_to, altitude_to;
    const float *head;
    int node, i;
    if (!pm__look_at_ok(look_at) || !humanoid || !world || !target || !yaw || !pitch || !pm__finite_n(target, 3))
        return PM_ERROR_INVALID_ARGUMENT;
    node = humanoid->bone_node[PM_BONE_HEAD];
    if (node < 0 || node >= humanoid->node_count) return PM_ERROR_MISSING_BONE;
    head = world + 16 * (size_t)node;
    if (!pm__finite_n(head, 16) || !pm__mat_to_quat(head, 4, head_now)) return PM_ERROR_INVALID_ARGUMENT;
    /* the target's direction from between the eyes, turned back by the head's turn from rest */
    for (i = 0; i < 3; ++i) offset[i] = (double)look_at->offset_from_head_bone[i];
    for (i = 0; i < 3; ++i)
        eyes[i] = (double)head[i] * offset[0] + (double)head[4 + i] * offset[1] + (double)head[8 + i] * offset[2] +
                  (double)head[12 + i];
    for (i = 0; i < 3; ++i) to[i] = (double)target[i] - eyes[i];
    pm__load4(humanoid->rest_world[PM_BONE_HEAD], rest);
    pm__quat_conj(head_now, head_now);
    pm__quat_mul(rest, head_now, turn);
    pm__quat_rotate(turn, to, to);
    pm__normalize3d(to);
    for (i = 0; i < 3; ++i) front[i] = (double)look_at->face_front[i];
    pm__azimuth_altitude(front, &azimuth_from, &altitude_from);
    pm__azimuth_altitude(to, &azimuth_to, &altitude_to);
    *yaw = (float)(pm__sanitize_angle(azimuth_to - azimuth_from) * (180.0 / GLM_PI));
    *pitch = (float)(pm__sanitize_angle(altitude_from - altitude_to) * (180.0 / GLM_PI));
    return PM_OK;
}

PMDEF pm_result pm_look_at_eyes(const pm_look_at *look_at, float yaw, float pitch, pm_normalized_pose *pose)
{
    const double to_radians = GLM_PI / 180.0;
    double front[4], front_inverse[4], q[4], eye[4];
    int side;
    if (!pm__look_at_ok(look_at) || !pose || !pm__finite(yaw) || !pm__finite(pitch)) return PM_ERROR_INVALID_ARGUMENT;
    if (look_at->type != PM_LOOK_AT_BONE) return PM_OK;
    { /* the rest front's turn from +Z: about Y by 90 degrees plus its azimuth, then about Z by its altitude */
        double v[3], azimuth, altitude, y, z;
        int i;
        for (i = 0; i < 3; ++i) v[i] = (double)look_at->face_front[i];
        if ((v[0] * v[0] + v[1] * v[1] + (v[2] - 1.0) * (v[2] - 1.0)) < 0.01) {
            front[0] = front[1] = front[2] = 0.0, front[3] = 1.0;
        } else {
            pm__azimuth_altitude(v, &azimuth, &altitude);
            y = 0.5 * (0.5 * GLM_PI + azimuth), z = 0.5 * altitude;
            front[0] = sin(y) * sin(z), front[1] = sin(y) * cos(z), front[2] = cos(y) * sin(z), front[3] = cos(y) * cos(z);
        }
        pm__quat_conj(front, front_inverse);
    }
    for (side = 0; side < 2; ++side) { /* left eye: yaw < 0 is inward; right eye: outward */
        const pm_look_at_range_map *yaw_map =
            (yaw < 0.0f) == (side == 0) ? &look_at->horizontal_inner : &look_at->horizontal_outer;
        /* three-vrm maps an upward pitch (< 0) through vertical_down and a downward one through vertical_up */
        const double x = pitch < 0.0f ? -pm__range_map(&look_at->vertical_down, -(double)pitch)
                                      : pm__range_map(&look_at->vertical_up, (double)pitch);
        const double y = yaw < 0.0f ? -pm__range_map(yaw_map, -(double)yaw) : pm__range_map(yaw_map, (double)yaw);
        const double cx = cos(0.5 * x * to_radians), sx = sin(0.5 * x * to_radians);
        const double cy = cos(0.5 * y * to_radians), sy = sin(0.5 * y * to_radians);
        /* three.js's Euler (x, y, 0) in YXZ order: about Y, then X */
        eye[0] = cy * sx, eye[1] = sy * cx, eye[2] = -sy * sx, eye[3] = cy * cx;
        pm__quat_mul(front, eye, q);
        pm__quat_mul(q, front_inverse, q);
        pm__store4(pose->rotation[side ? PM_BONE_RIGHT_EYE : PM_BONE_LEFT_EYE], q);
    }
    return PM_OK;
}

PMDEF pm_result pm_look_at_weights(const pm_look_at *look_at, float yaw, float pitch, float weights[PM_LOOK_WEIGHT_COUNT])
{
    if (!pm__look_at_ok(look_at) || !weights || !pm__finite(yaw) || !pm__finite(pitch)) return PM_ERROR_INVALID_ARGUMENT;
    weights[PM_LOOK_LEFT] = weights[PM_LOOK_RIGHT] = weights[PM_LOOK_UP] = weights[PM_LOOK_DOWN] = 0.0f;
    if (look_at->type != PM_LOOK_AT_EXPRESSION) return PM_OK;
    /* three-vrm 3.5.5 maps both sideways looks through horizontal_outer */
    if (pitch < 0.0f) weights[PM_LOOK_UP] = (float)pm__range_map(&look_at->vertical_up, -(double)pitch);
    else weights[PM_LOOK_DOWN] = (float)pm__range_map(&look_at->vertical_down, (double)pitch);
    if (yaw < 0.0f) weights[PM_LOOK_RIGHT] = (float)pm__range_map(&look_at->horizontal_outer, -(double)yaw);
    else weights[PM_LOOK_LEFT] = (float)pm__range_map(&look_at->horizontal_outer, (double)yaw);
    return PM_OK;
}

/* ---- VRM expressions -------------------------------------------------------

   As three-vrm 3.5.5's VRMExpressionManager.update resolves them: each
   weight clamped to [0, 1] (setValue), a binary expression's to 0 or 1
   (past 0.5); the blink, lookAt and mouth groups each held back by 1 less
   every expression's override amount (block: 1 while it weighs anything,
   blend: its weight), not below 0; a binary expression held back below 1
   drops to 0; the morph targets get the sum of their binds' weights times
   their expressions' applied weights, unclamped, as three.js sums
   morphTargetInfluences. */

PMDEF const char *pm_expression_preset_name(pm_expression_preset preset)
{
    return (unsigned)preset < (unsigned)PM_EXPRESSION_PRESET_COUNT ? pm__expression_preset_names[preset] : NULL;
}

static int pm__expression_ok(const pm_expression *e)
{
    return (e->material_bind_count >= 0 && (e->material_bind_count == 0 || e->material_binds)) &&
           (e->preset == PM_EXPRESSION_CUSTOM || (unsigned)e->preset < (unsigned)PM_EXPRESSION_PRESET_COUNT) &&
           (e->is_binary == 0 || e->is_binary == 1) && (unsigned)e->override_blink <= PM_EXPRESSION_OVERRIDE_BLEND &&
           (unsigned)e->override_look_at <= PM_EXPRESSION_OVERRIDE_BLEND &&
           (unsigned)e->override_mouth <= PM_EXPRESSION_OVERRIDE_BLEND && e->morph_bind_count >= 0 &&
           (e->morph_bind_count == 0 || e->morph_binds);
}

/* The weight as the expression outputs it: clamped, binary ones rounded at 0.5 */
static double pm__expression_output(const pm_expression *e, float weight)
{
    const double w = weight < 0.0f ? 0.0 : weight > 1.0f ? 1.0 : (double)weight;
    return e->is_binary ? (w > 0.5 ? 1.0 : 0.0) : w;
}

static double pm__override_amount(pm_expression_override mode, double output)
{
    return mode == PM_EXPRESSION_OVERRIDE_BLOCK ? (output > 0.0 ? 1.0 : 0.0)
         : mode == PM_EXPRESSION_OVERRIDE_BLEND ? output : 0.0;
}

PMDEF pm_result pm_expressions_resolve(const pm_expression *expressions, int count, const float *weights, float *applied)
{
    double blink = 1.0, look_at = 1.0, mouth = 1.0;
    int i;
    if (count < 0 || (count > 0 && (!expressions || !weights || !applied))) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < count; ++i) {
        double output;
        if (!pm__expression_ok(&expressions[i]) || !pm__finite(weights[i])) return PM_ERROR_INVALID_ARGUMENT;
        output = pm__expression_output(&expressions[i], weights[i]);
        blink -= pm__override_amount(expressions[i].override_blink, output);
        look_at -= pm__override_amount(expressions[i].override_look_at, output);
        mouth -= pm__override_amount(expressions[i].override_mouth, output);
    }
    blink = blink > 0.0 ? blink : 0.0;
    look_at = look_at > 0.0 ? look_at : 0.0;
    mouth = mouth > 0.0 ? mouth : 0.0;
    for (i = 0; i < count; ++i) {
        const pm_expression_preset p = expressions[i].preset;
        double weight = pm__expression_output(&expressions[i], weights[i]);
        if (p == PM_EXPRESSION_BLINK || p == PM_EXPRESSION_BLINK_LEFT || p == PM_EXPRESSION_BLINK_RIGHT) weight *= blink;
        if (p >= PM_EXPRESSION_LOOK_UP && p <= PM_EXPRESSION_LOOK_RIGHT) weight *= look_at;
        if (p >= PM_EXPRESSION_AA && p <= PM_EXPRESSION_OH) weight *= mouth;
        if (expressions[i].is_binary && weight < 1.0) weight = 0.0;
        applied[i] = (float)weight;
    }
    return PM_OK;
}

PMDEF pm_result pm_expressions_morph_weights(const pm_expression *expressions, int count, const float *applied,
                                             const int *morph_start, int mesh_count, float *morph_weights,
                                             int *bad_expression)
{
    int i, b, total;
    double magnitude = 0.0; /* of every bind's weight times its expression's: no target's sum is larger */
    if (bad_expression) *bad_expression = -1;
    if (count < 0 || mesh_count < 0 || !morph_start || (count > 0 && (!expressions || !applied)) || morph_start[0] != 0)
        return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < mesh_count; ++i)
        if (morph_start[i + 1] < morph_start[i]) return PM_ERROR_INVALID_ARGUMENT;
    total = morph_start[mesh_count];
    if (total > 0 && !morph_weights) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < count; ++i) { /* every bind checked before any weight is written */
        const pm_expression *e = &expressions[i];
        if (!pm__expression_ok(e) || !pm__finite(applied[i])) {
            if (bad_expression) *bad_expression = i;
            return PM_ERROR_INVALID_ARGUMENT;
        }
        for (b = 0; b < e->morph_bind_count; ++b) {
            const pm_expression_morph_bind *bind = &e->morph_binds[b];
            if (bind->mesh < 0 || bind->mesh >= mesh_count || bind->index < 0 ||
                bind->index >= morph_start[bind->mesh + 1] - morph_start[bind->mesh]) {
                if (bad_expression) *bad_expression = i;
                return PM_ERROR_OUT_OF_RANGE;
            }
            magnitude += fabs((double)bind->weight * (double)applied[i]);
            if (!pm__finite(bind->weight) || !(magnitude <= (double)FLT_MAX)) {
                if (bad_expression) *bad_expression = i;
                return PM_ERROR_INVALID_ARGUMENT;
            }
        }
    }
    for (i = 0; i < total; ++i) morph_weights[i] = 0.0f;
    for (i = 0; i < count; ++i)
        for (b = 0; b < expressions[i].morph_bind_count; ++b) {
            const pm_expression_morph_bind *bind = &expressions[i].morph_binds[b];
            float *w = &morph_weights[morph_start[bind->mesh] + bind->index];
            *w = (float)((double)*w + (double)bind->weight * (double)applied[i]);
        }
    return PM_OK;
}

/* ---- MMD motion: VMD keys ------------------------------------------------- */

/* The curve's y at x: the curve from (0, 0) through control points (x1, y1)
   and (x2, y2), all /127, to (1, 1), as a cubic Bezier in t. x(t) rises
   monotonically (x1, x2 in [0, 1]), so t is found by Newton's method kept
   inside a shrinking bracket, in double, until the error Newton leaves,
   at most max|x''| step^2 / (2 x'), is below 1e-10 in t, or the bracket
   below 1e-15: exact to float, whatever the curve (MMD's players and
   babylon-mmd bisect at most 15 times and stop within 1e-5 in x). */
static double pm__bezier(const unsigned char control[4], double x)
{
    const double x1 = (double)control[0] / 127.0, y1 = (double)control[1] / 127.0;
    const double x2 = (double)control[2] / 127.0, y2 = (double)control[3] / 127.0;
    const double c = 3.0 * x1, b = 3.0 * x2 - 6.0 * x1, a = 1.0 + 3.0 * x1 - 3.0 * x2; /* x(t) = ((a t + b) t + c) t */
    const double bend = fabs(2.0 * b) > fabs(6.0 * a + 2.0 * b) ? fabs(2.0 * b) : fabs(6.0 * a + 2.0 * b); /* max |x''| */
    double low = 0.0, high = 1.0, t = x, s;
    int i;
    if (control[0] == control[1] && control[2] == control[3]) return x; /* the straight line */
    for (i = 0; i < 100 && high - low > 1e-15; ++i) {
        const double f = ((a * t + b) * t + c) * t - x, slope = (3.0 * a * t + 2.0 * b) * t + c;
        double next;
        if (f == 0.0) break;
        if (f < 0.0) low = t;
        else high = t;
        next = slope > 0.0 ? t - f / slope : -1.0;
        if (!(next > low && next < high)) { /* Newton leaves the bracket: bisection */
            t = 0.5 * (low + high);
            continue;
        }
        if (bend * (next - t) * (next - t) < 2e-10 * slope) {
            t = next;
            break;
        }
        t = next;
    }
    s = 1.0 - t;
    return 3.0 * s * s * t * y1 + 3.0 * s * t * t * y2 + t * t * t;
}

PMDEF float pm_mmd_bezier(const unsigned char control[4], float x)
{
    if (!control || !(x > 0.0f)) return 0.0f; /* NaN too */
    if (!(x < 1.0f)) return 1.0f;
    return (float)pm__bezier(control, (double)x);
}

/* The interval [k, k + 1] holding frame (0 <= k < count - 1) of frames read
   by frame_of(i), the cursor's or the next, else by bisection. */
#define PM__KEY_INTERVAL(keys, count, frame, cursor, out)                                         \
    do {                                                                                         \
        int low_ = 0, high_ = (count) - 1;                                                       \
        const int c_ = (cursor);                                                                 \
        if (c_ >= 0 && c_ < high_ && (double)(keys)[c_].frame <= (frame) &&                      \
            (frame) < (double)(keys)[c_ + 1].frame)                                              \
            low_ = high_ = c_;                                                                   \
        else if (c_ >= 0 && c_ + 1 < high_ && (double)(keys)[c_ + 1].frame <= (frame) &&         \
                 (frame) < (double)(keys)[c_ + 2].frame)                                         \
            low_ = high_ = c_ + 1;                                                               \
        while (high_ - low_ > 1) {                                                               \
            const int middle_ = low_ + (high_ - low_) / 2;                                       \
            if ((double)(keys)[middle_].frame <= (frame)) low_ = middle_;                        \
            else high_ = middle_;                                                                \
        }                                                                                        \
        (out) = low_;                                                                            \
    } while (0)

PMDEF pm_result pm_vmd_bone_keys_validate(const pm_vmd_bone_key *keys, int count, int *bad_key)
{
    int k, c, i;
    if (bad_key) *bad_key = -1;
    if (!keys || count < 1) return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < count; ++k) {
        const pm_vmd_bone_key *key = &keys[k];
        double q[4];
        int bad = (k > 0 && !(key->frame > keys[k - 1].frame)) || !pm__finite_n(key->translation, 3) ||
                  !pm__finite_n(key->rotation, 4);
        pm__load4(key->rotation, q);
        bad |= !(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] > 0.0);
        for (c = 0; c < 4; ++c)
            for (i = 0; i < 4; ++i) bad |= key->curve[c][i] > 127;
        if (bad) {
            if (bad_key) *bad_key = k;
            return PM_ERROR_INVALID_ARGUMENT;
        }
    }
    return PM_OK;
}

PMDEF pm_result pm_vmd_bone_sample(const pm_vmd_bone_key *keys, int count, double frame, int *cursor,
                                   float translation[3], float rotation[4])
{
    double q[4];
    float t[3], r[4];
    int k, c;
    if (!keys || count < 1 || !pm__finite_d(frame) || !translation || !rotation) return PM_ERROR_INVALID_ARGUMENT;
    if (!(frame > (double)keys[0].frame) || count == 1 || frame >= (double)keys[count - 1].frame) {
        const pm_vmd_bone_key *key = &keys[!(frame > (double)keys[0].frame) || count == 1 ? 0 : count - 1];
        memcpy(t, key->translation, sizeof t);
        pm__load4(key->rotation, q);
        if (cursor) *cursor = key == keys ? 0 : count - 2;
    } else {
        const pm_vmd_bone_key *a, *b;
        double x, a4[4], b4[4];
        PM__KEY_INTERVAL(keys, count, frame, cursor ? *cursor : -1, k);
        if (cursor) *cursor = k;
        a = &keys[k];
        b = &keys[k + 1];
        x = (frame - (double)a->frame) / ((double)b->frame - (double)a->frame); /* the curves of the key ahead */
        for (c = 0; c < 3; ++c) /* most bones only turn: a channel that stays needs no curve */
            t[c] = a->translation[c] == b->translation[c]
                       ? a->translation[c]
                       : (float)((double)a->translation[c] + ((double)b->translation[c] - (double)a->translation[c]) *
                                                                  pm__bezier(b->curve[c], x));
        pm__load4(a->rotation, a4);
        pm__load4(b->rotation, b4);
        if (memcmp(a->rotation, b->rotation, sizeof a->rotation) == 0) memcpy(q, a4, sizeof q);
        else pm__slerp(a4, b4, pm__bezier(b->curve[3], x), q);
    }
    if (!pm__quat_normalize(q)) return PM_ERROR_INVALID_ARGUMENT; /* on keys validate refused */
    for (c = 0; c < 4; ++c) r[c] = (float)q[c];
    if (!pm__finite_n(t, 3) || !pm__finite_n(r, 4)) return PM_ERROR_INVALID_ARGUMENT;
    memcpy(translation, t, sizeof t);
    memcpy(rotation, r, sizeof r);
    return PM_OK;
}

PMDEF pm_result pm_vmd_morph_sample(const pm_vmd_morph_key *keys, int count, double frame, int *cursor,
                                    float *weight)
{
    int k;
    double w;
    if (!keys || count < 1 || !pm__finite_d(frame) || !weight) return PM_ERROR_INVALID_ARGUMENT;
    if (!(frame > (double)keys[0].frame) || count == 1 || frame >= (double)keys[count - 1].frame) {
        k = !(frame > (double)keys[0].frame) || count == 1 ? 0 : count - 1;
        w = (double)keys[k].weight;
        if (cursor) *cursor = k == 0 ? 0 : count - 2;
    } else { /* MMD mixes morph weights linearly */
        double x;
        PM__KEY_INTERVAL(keys, count, frame, cursor ? *cursor : -1, k);
        if (cursor) *cursor = k;
        x = (frame - (double)keys[k].frame) / ((double)keys[k + 1].frame - (double)keys[k].frame);
        w = (double)keys[k].weight + ((double)keys[k + 1].weight - (double)keys[k].weight) * x;
    }
    if (!pm__finite((float)w)) return PM_ERROR_INVALID_ARGUMENT;
    *weight = (float)w;
    return PM_OK;
}

PMDEF pm_result pm_vmd_switch_sample(const pm_vmd_switch_key *keys, int count, double frame, int *cursor,
                                     int *enabled)
{
    int k;
    if (!keys || count < 1 || !pm__finite_d(frame) || !enabled) return PM_ERROR_INVALID_ARGUMENT;
    if (!(frame > (double)keys[0].frame) || count == 1) k = 0; /* before the first key: the first holds */
    else if (frame >= (double)keys[count - 1].frame) k = count - 1;
    else PM__KEY_INTERVAL(keys, count, frame, cursor ? *cursor : -1, k); /* a step: the key at or before */
    if (cursor) *cursor = k < count - 1 ? k : (count > 1 ? count - 2 : 0);
    *enabled = keys[k].enabled != 0;
    return PM_OK;
}

/* ---- MMD motion: bones ---------------------------------------------------- */

/* Where a bone's double arithmetic (fixed axes, grant ratios, IK limits) meets its float products:
   pm__f4_from_double, and back */
static PM__INLINE void pm__f4_to_double(pm__f4 v, double out[4])
{
    float f[4];
    pm__f4_get(v, f);
    pm__load4(f, out);
}

/* init's tables, each bone_count ints: the evaluation order, the bones in
   depth-first order, each bone's place in it, its descendant count (so its
   subtree is a run of that order), and 1 for a bone some IK chain turns. */
#define PM__MMD_ORDER(s) ((s)->tables)
#define PM__MMD_PREORDER(s) ((s)->tables + (s)->bone_count)
#define PM__MMD_PLACE(s) ((s)->tables + 2 * (s)->bone_count)
#define PM__MMD_DESCENDANTS(s) ((s)->tables + 3 * (s)->bone_count)
#define PM__MMD_IK_LINK(s) ((s)->tables + 4 * (s)->bone_count)

/* init refuses a skeleton whose IK could cost more bone updates per frame
   than this (a real 283-bone character with 17 chains needs about 3,000) */
#define PM__MMD_WORK_LIMIT (1 << 24)

static int pm__mmd_has_grant(const pm_mmd_bone *bone)
{
    return (bone->flags & (PM_MMD_BONE_GRANT_ROTATION | PM_MMD_BONE_GRANT_TRANSLATION)) != 0;
}

/* Bones evaluate by (after physics, layer, index). */
static int pm__mmd_before(const pm_mmd_bone *bones, int a, int b)
{
    const int pa = (bones[a].flags & PM_MMD_BONE_AFTER_PHYSICS) != 0, pb = (bones[b].flags & PM_MMD_BONE_AFTER_PHYSICS) != 0;
    if (pa != pb) return pa < pb;
    if (bones[a].layer != bones[b].layer) return bones[a].layer < bones[b].layer;
    return a < b;
}

static void pm__mmd_sift(const pm_mmd_bone *bones, int *heap, int root, int count)
{
    for (;;) {
        int child = 2 * root + 1, top = root, swap;
        if (child < count && pm__mmd_before(bones, heap[top], heap[child])) top = child;
        if (child + 1 < count && pm__mmd_before(bones, heap[top], heap[child + 1])) top = child + 1;
        if (top == root) return;
        swap = heap[root];
        heap[root] = heap[top];
        heap[top] = swap;
        root = top;
    }
}

/* The per-bone checks: bad values, indices, and IK chains. */
static pm_result pm__mmd_check_bone(const pm_mmd_skeleton *s, int b)
{
    const pm_mmd_bone *bone = &s->bones[b];
    const int n = s->bone_count;
    int k;
    if (!pm__finite_n(bone->position, 3)) return PM_ERROR_INVALID_ARGUMENT;
    if (bone->parent < -1 || bone->parent >= n) return PM_ERROR_OUT_OF_RANGE;
    if (pm__mmd_has_grant(bone)) {
        if (bone->grant_source < 0 || bone->grant_source >= n) return PM_ERROR_OUT_OF_RANGE;
        if (!pm__finite(bone->grant_ratio)) return PM_ERROR_INVALID_ARGUMENT;
    }
    if ((bone->flags & PM_MMD_BONE_FIXED_AXIS) && !pm__finite_n(bone->fixed_axis, 3)) return PM_ERROR_INVALID_ARGUMENT;
    if (!(bone->flags & PM_MMD_BONE_IK)) return PM_OK;
    if (bone->ik_target < 0 || bone->ik_target >= n || bone->ik_first_link < 0 || bone->ik_link_count < 0 ||
        bone->ik_first_link > s->ik_link_count - bone->ik_link_count)
        return PM_ERROR_OUT_OF_RANGE;
    if (bone->ik_target == b || bone->ik_loop_count < 0 || !pm__finite(bone->ik_unit_angle) || bone->ik_unit_angle < 0.0f)
        return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < bone->ik_link_count; ++k) {
        const pm_mmd_ik_link *link = &s->ik_links[bone->ik_first_link + k];
        if (link->bone < 0 || link->bone >= n) return PM_ERROR_OUT_OF_RANGE;
        if (link->bone == b || link->bone == bone->ik_target ||
            (link->limited && (!pm__finite_n(link->lower, 3) || !pm__finite_n(link->upper, 3))))
            return PM_ERROR_INVALID_ARGUMENT;
    }
    return PM_OK;
}

/* The depth-first order without recursion or a stack: children grouped by
   parent (counted, then placed), walked back up by parent indices. A bone
   not reached from a root lies below a loop. */
static int pm__mmd_depth_first(const pm_mmd_skeleton *s)
{
    const pm_mmd_bone *bones = s->bones;
    const int n = s->bone_count;
    int *children = PM__MMD_ORDER(s), *preorder = PM__MMD_PREORDER(s), *offset = PM__MMD_PLACE(s);
    int *child_count = PM__MMD_DESCENDANTS(s), *cursor = PM__MMD_IK_LINK(s);
    int b, i, sum = 0, visited = 0;
    for (b = 0; b < n; ++b) child_count[b] = cursor[b] = 0;
    for (b = 0; b < n; ++b)
        if (bones[b].parent >= 0) ++child_count[bones[b].parent];
    for (b = 0; b < n; ++b) {
        offset[b] = sum;
        sum += child_count[b];
    }
    for (b = 0; b < n; ++b)
        if (bones[b].parent >= 0) children[offset[bones[b].parent] + cursor[bones[b].parent]++] = b;
    for (b = 0; b < n; ++b) cursor[b] = 0;
    for (b = 0; b < n; ++b) {
        int u = b;
        if (bones[b].parent >= 0) continue;
        preorder[visited++] = b;
        for (;;) {
            if (cursor[u] < child_count[u]) {
                u = children[offset[u] + cursor[u]++];
                preorder[visited++] = u;
            } else if (u == b) {
                break;
            } else {
                u = bones[u].parent;
            }
        }
    }
    for (b = 0; b < n; ++b) offset[b] = -1; /* now each bone's place */
    for (i = 0; i < visited; ++i) offset[preorder[i]] = i;
    for (b = 0; b < n; ++b)
        if (offset[b] < 0) return b;
    for (b = 0; b < n; ++b) child_count[b] = 0; /* now the descendant counts */
    for (i = n - 1; i >= 0; --i) {
        const int u = preorder[i];
        if (bones[u].parent >= 0) child_count[bones[u].parent] += child_count[u] + 1;
    }
    return -1;
}

/* A bone whose grant sources lead back to it (each bone has one source, so
   marking each walk with its start finds every loop in linear time). */
static int pm__mmd_grant_loop(const pm_mmd_skeleton *s)
{
    int *mark = PM__MMD_IK_LINK(s);
    int b;
    for (b = 0; b < s->bone_count; ++b) mark[b] = -1;
    for (b = 0; b < s->bone_count; ++b) {
        int u = b;
        while (pm__mmd_has_grant(&s->bones[u]) && mark[u] < 0) {
            mark[u] = b;
            u = s->bones[u].grant_source;
        }
        if (pm__mmd_has_grant(&s->bones[u]) && mark[u] == b) return b;
    }
    return -1;
}

PMDEF pm_result pm_mmd_skeleton_init(pm_mmd_skeleton *skeleton, int *bad_bone)
{
    const pm_mmd_skeleton *s = skeleton;
    int b, k, n;
    double work = 0.0;
    pm_result result;
    if (bad_bone) *bad_bone = -1;
    if (!s || !s->bones || !s->tables || s->bone_count < 1 || s->ik_link_count < 0 || (!s->ik_links && s->ik_link_count))
        return PM_ERROR_INVALID_ARGUMENT;
    if (s->bone_count > INT_MAX / PM_MMD_TABLE_INTS) return PM_ERROR_LIMIT;
    n = s->bone_count;
    for (b = 0; b < n; ++b)
        if ((result = pm__mmd_check_bone(s, b)) != PM_OK) {
            if (bad_bone) *bad_bone = b;
            return result;
        }
    if ((b = pm__mmd_depth_first(s)) >= 0 || (b = pm__mmd_grant_loop(s)) >= 0) {
        if (bad_bone) *bad_bone = b;
        return PM_ERROR_CYCLE;
    }
    for (b = 0; b < n; ++b) PM__MMD_IK_LINK(s)[b] = 0;
    for (b = 0; b < n; ++b) {
        const pm_mmd_bone *bone = &s->bones[b];
        double step = 1.0; /* bone updates per link step: the target, and each link's subtree at most */
        if (!(bone->flags & PM_MMD_BONE_IK)) continue;
        for (k = 0; k < bone->ik_link_count; ++k) {
            const int link = s->ik_links[bone->ik_first_link + k].bone;
            PM__MMD_IK_LINK(s)[link] = 1;
            step += (double)PM__MMD_DESCENDANTS(s)[link] + 1.0;
        }
        work += (double)(bone->ik_loop_count < PM_MMD_IK_MAX_LOOPS ? bone->ik_loop_count : PM_MMD_IK_MAX_LOOPS) *
                (double)bone->ik_link_count * step + step;
        if (work > (double)PM__MMD_WORK_LIMIT) {
            if (bad_bone) *bad_bone = b;
            return PM_ERROR_LIMIT;
        }
    }
    for (b = 0; b < n; ++b) PM__MMD_ORDER(s)[b] = b;
    for (b = n / 2 - 1; b >= 0; --b) pm__mmd_sift(s->bones, PM__MMD_ORDER(s), b, n);
    for (k = n - 1; k > 0; --k) {
        const int top = PM__MMD_ORDER(s)[0];
        PM__MMD_ORDER(s)[0] = PM__MMD_ORDER(s)[k];
        PM__MMD_ORDER(s)[k] = top;
        pm__mmd_sift(s->bones, PM__MMD_ORDER(s), 0, k);
    }
    return PM_OK;
}


static void pm__axis_angle(const double axis[3], double angle, double q[4])
{
    const double s = sin(0.5 * angle);
    q[0] = axis[0] * s;
    q[1] = axis[1] * s;
    q[2] = axis[2] * s;
    q[3] = cos(0.5 * angle);
}

/* 1 when a bone's input is finite and its rotation not zero */
static PM__INLINE int pm__mmd_input_ok(const float translation[3], const float rotation[4])
{
    uint32_t bits[4], magnitude = 0;
    int k, finite = 1;
    for (k = 0; k < 3; ++k) finite &= pm__finite(translation[k]);
    memcpy(bits, rotation, sizeof bits);
    for (k = 0; k < 4; ++k) {
        finite &= pm__finite(rotation[k]);
        magnitude |= bits[k] & 0x7fffffffu; /* any bit but the sign: not zero, denormals included */
    }
    return finite & (magnitude != 0);
}

/* The animated rotation made unit (one Newton step for 1 / |q| when the
   key is within 1e-6 of unit, as keys are), and on a fixed-axis bone
   turned about that axis by the key's angle (babylon-mmd does this per
   frame; MMD when loading a motion). */
static pm__f4 pm__mmd_animated_rotation(const pm_mmd_bone *bone, const float rotation[4])
{
    double q[4], axis[3], angle, length, v;
    pm__f4 unit = pm__f4_load(rotation);
    const float n2 = pm__f4_dot(unit, unit), newton = 0.5f * (3.0f - n2);
    if (!(bone->flags & PM_MMD_BONE_FIXED_AXIS) && n2 > 1.0f - 1e-6f && n2 < 1.0f + 1e-6f)
        return pm__f4_mul(unit, pm__f4_set(newton, newton, newton, newton));
    pm__load4(rotation, q);
    pm__quat_normalize(q);
    if (bone->flags & PM_MMD_BONE_FIXED_AXIS) {
        pm__load3(bone->fixed_axis, axis);
        length = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
        v = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        if (!(length > 0.0) || !pm__finite_d(length) || v < 1e-8) return pm__f4_set(0.0f, 0.0f, 0.0f, 1.0f);
        angle = 2.0 * atan2(v, q[3]);
        if (q[0] * axis[0] + q[1] * axis[1] + q[2] * axis[2] < 0.0) angle = -angle;
        axis[0] /= length;
        axis[1] /= length;
        axis[2] /= length;
        pm__axis_angle(axis, angle, q);
    }
    return pm__f4_from_double(q);
}

/* A bone's animated pose: its frame's rotation after the fixed axis, with
   the bone morphs' rotation before it (babylon-mmd's morph offset times the
   animation), and its translation plus the morphs' */
static void pm__mmd_animate(const pm_mmd_bone *bone, const float translation[3], const float rotation[4],
                            const float *morph, pm_mmd_bone_pose *pose)
{
    pm__f4 r = pm__mmd_animated_rotation(bone, rotation), t = pm__f4_load3(translation);
    if (morph) {
        r = pm__f4_quat_mul(pm__f4_load(morph + 3), r);
        t = pm__f4_add(t, pm__f4_load3(morph));
    }
    pm__f4_store(pose->animated_rotation, r);
    pm__f4_store3(pose->animated_translation, t);
}

/* A bone's world transform from its local one (offset: its translation)
   and its parent's world as it stands now (MMD's order: a parent evaluated
   later counts as unmoved). */
static void pm__mmd_place(const pm_mmd_skeleton *s, int b, pm__f4 rotation, pm__f4 offset, pm_mmd_bone_pose *pose)
{
    const pm_mmd_bone *bone = &s->bones[b];
    pm__f4 head = pm__f4_add(pm__f4_load3(bone->position), offset);
    if (bone->parent >= 0) {
        const pm_mmd_bone_pose *parent = &pose[bone->parent];
        const pm__f4 turn = pm__f4_load(parent->world_rotation);
        head = pm__f4_sub(head, pm__f4_load3(s->bones[bone->parent].position));
        head = pm__f4_add(pm__f4_load3(parent->world_position), pm__f4_quat_rotate(turn, head));
        rotation = pm__f4_quat_mul(turn, rotation);
    }
    pm__f4_store(pose[b].world_rotation, rotation);
    pm__f4_store3(pose[b].world_position, head);
}

/* A bone posed from its animation, its grant and its IK rotation (without
   solving IK), as MMD's grant rule reads the source: its world transform for
   a local grant; else its own grant result if it has one, or its animation,
   after the source's IK rotation. */
static void pm__mmd_update(const pm_mmd_skeleton *s, int b, pm_mmd_bone_pose *pose)
{
    const pm_mmd_bone *bone = &s->bones[b];
    pm__f4 r = pm__f4_load(pose[b].animated_rotation), t = pm__f4_load3(pose[b].animated_translation);
    if (bone->flags & PM_MMD_BONE_GRANT_ROTATION) {
        const int source = bone->grant_source;
        const pm_mmd_bone *from = &s->bones[source];
        pm__f4 g;
        if (bone->flags & PM_MMD_BONE_LOCAL_GRANT) {
            g = pm__f4_load(pose[source].world_rotation);
        } else {
            g = pm__f4_load(from->flags & PM_MMD_BONE_GRANT_ROTATION ? pose[source].grant_rotation
                                                                     : pose[source].animated_rotation);
            if (PM__MMD_IK_LINK(s)[source]) g = pm__f4_quat_mul(pm__f4_load(pose[source].ik_rotation), g);
        }
        if (bone->grant_ratio != 1.0f) {
            static const double identity[4] = {0.0, 0.0, 0.0, 1.0};
            double whole[4], part[4];
            pm__f4_to_double(g, whole);
            pm__slerp(identity, whole, (double)bone->grant_ratio, part);
            g = pm__f4_from_double(part);
        }
        r = pm__f4_quat_mul(r, g);
        pm__f4_store(pose[b].grant_rotation, r);
    }
    if (bone->flags & PM_MMD_BONE_GRANT_TRANSLATION) {
        const int source = bone->grant_source;
        const float ratio = bone->grant_ratio;
        pm__f4 moved;
        if (bone->flags & PM_MMD_BONE_LOCAL_GRANT)
            moved = pm__f4_sub(pm__f4_load3(pose[source].world_position), pm__f4_load3(s->bones[source].position));
        else if (s->bones[source].flags & PM_MMD_BONE_GRANT_TRANSLATION) moved = pm__f4_load3(pose[source].grant_translation);
        else moved = pm__f4_load3(pose[source].animated_translation);
        t = pm__f4_add(t, pm__f4_mul(pm__f4_set(ratio, ratio, ratio, 0.0f), moved));
        pm__f4_store3(pose[b].grant_translation, t);
    }
    pm__f4_store(pose[b].local_rotation, r);
    pm__f4_store3(pose[b].local_translation, t);
    if (PM__MMD_IK_LINK(s)[b]) r = pm__f4_quat_mul(pm__f4_load(pose[b].ik_rotation), r);
    pm__mmd_place(s, b, r, t, pose);
}

/* A bone placed again under its moved parent (IK iterations move parents,
   not animations): without a grant its local pose is the frame's
   animation; a bone with a grant is updated whole, its source may have
   moved too. */
static void pm__mmd_replace(const pm_mmd_skeleton *s, int b, pm_mmd_bone_pose *pose)
{
    pm__f4 r;
    if (pm__mmd_has_grant(&s->bones[b])) {
        pm__mmd_update(s, b, pose);
        return;
    }
    r = pm__f4_load(pose[b].animated_rotation);
    if (PM__MMD_IK_LINK(s)[b]) r = pm__f4_quat_mul(pm__f4_load(pose[b].ik_rotation), r);
    pm__mmd_place(s, b, r, pm__f4_load3(pose[b].animated_translation), pose);
}

/* Whether bone u lies in the subtree of bone top (top itself excluded) */
static int pm__mmd_below(const pm_mmd_skeleton *s, int u, int top)
{
    const int place = PM__MMD_PLACE(s)[u], first = PM__MMD_PLACE(s)[top];
    return place > first && place <= first + PM__MMD_DESCENDANTS(s)[top];
}

/* A bone and everything below it, parents first; with only >= 0, only the
   bones on the way down to that one (all an IK iteration reads: the rest
   follows when the chain is solved). Off the way, a subtree is stepped
   over whole. */
static void pm__mmd_update_subtree(const pm_mmd_skeleton *s, int b, int only, pm_mmd_bone_pose *pose)
{
    const int last = PM__MMD_PLACE(s)[b] + PM__MMD_DESCENDANTS(s)[b];
    int i = PM__MMD_PLACE(s)[b];
    while (i <= last) {
        const int u = PM__MMD_PREORDER(s)[i];
        if (only >= 0 && u != only && !pm__mmd_below(s, only, u)) {
            i += PM__MMD_DESCENDANTS(s)[u] + 1;
            continue;
        }
        pm__mmd_replace(s, u, pose);
        ++i;
    }
}

static double pm__mmd_limit(double angle, double low, double high, int reflect)
{
    /* In the first half of the iterations an angle past a limit is mirrored
       back into the range when it fits, else held at the limit. */
    if (angle < low) return reflect && 2.0 * low - angle <= high ? 2.0 * low - angle : low;
    if (angle > high) return reflect && 2.0 * high - angle >= low ? 2.0 * high - angle : high;
    return angle;
}

/* The Euler sequence a limited link is clamped in: its middle axis has a
   range inside +-90 degrees (x, else y, else z); first, middle and last
   axes are YXZ, ZYX or XZY, each the axis after the next (cyclically). */
static const int *pm__mmd_sequence(const double low[3], const double high[3])
{
    static const int sequences[3][3] = {{1, 0, 2}, {2, 1, 0}, {0, 2, 1}};
    const double half_pi = 1.5707963267948966;
    return sequences[-half_pi < low[0] && high[0] < half_pi ? 0 : -half_pi < low[1] && high[1] < half_pi ? 1 : 2];
}

/* A limited link's rotation q kept inside its limits, as Euler angles about
   the parent's axes in its sequence, the middle angle within +-88 degrees
   so the other two stay defined. */
static void pm__mmd_clamp_euler(const double low[3], const double high[3], int reflect, double q[4])
{
    const double most = 88.0 * 3.14159265358979323846 / 180.0;
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double m[3][3] = {{1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y)},
                            {2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x)},
                            {2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y)}};
    const int *order = pm__mmd_sequence(low, high);
    const int f = order[0], c = order[1], l = order[2];
    double angle[3], sine = -m[f][l], part[4], product[4], axis[3] = {0.0, 0.0, 0.0};
    int k;
    /* an axis whose range is one angle ends at that angle whatever it was
       (a knee's y and z): its trigonometry is skipped */
    angle[c] = low[c] == high[c] ? low[c] : asin(sine > 1.0 ? 1.0 : sine < -1.0 ? -1.0 : sine);
    if (angle[c] > most) angle[c] = most;
    if (angle[c] < -most) angle[c] = -most;
    angle[f] = low[f] == high[f] ? low[f] : atan2(m[c][l], m[l][l]);
    angle[l] = low[l] == high[l] ? low[l] : atan2(m[f][c], m[f][f]);
    for (k = 0; k < 3; ++k) angle[k] = pm__mmd_limit(angle[k], low[k], high[k], reflect);
    q[0] = q[1] = q[2] = 0.0;
    q[3] = 1.0;
    for (k = 0; k < 3; ++k) {
        if (angle[order[k]] == 0.0) continue; /* no turn about this axis */
        axis[order[k]] = 1.0;
        pm__axis_angle(axis, angle[order[k]], part);
        axis[order[k]] = 0.0;
        pm__quat_mul(q, part, product);
        memcpy(q, product, sizeof product);
    }
}

/* What link j's CCD steps need that its limits and place fix: its limits
   in order, whether it turns at all, the one axis a first-half turn keeps
   to (-1: any), and the most it turns a step, unit angle * (j + 1), with
   that angle's cosine (a turn is cut short when the directions' cosine is
   below it; -2: never, past half a turn). A link limited to one axis that
   is the last of its sequence (a knee) has its limits' half angles' sines
   too, for pm__mmd_clamp_single. The first links' plans are made once per
   chain. */
#define PM__MMD_PLANS 8
typedef struct pm__mmd_link_plan {
    double low[3], high[3], sin_half_low, sin_half_high;
    float cos_most, sin_half_most, cos_half_most;
    int limited, fixed, only, single;
} pm__mmd_link_plan;

static void pm__mmd_plan(const pm_mmd_bone *ik_bone, const pm_mmd_ik_link *link, int j, pm__mmd_link_plan *plan)
{
    double most;
    int k;
    plan->limited = link->limited;
    plan->fixed = link->limited;
    plan->only = -1;
    for (k = 0; k < 3; ++k) {
        plan->low[k] = link->lower[k] < link->upper[k] ? (double)link->lower[k] : (double)link->upper[k];
        plan->high[k] = link->lower[k] < link->upper[k] ? (double)link->upper[k] : (double)link->lower[k];
        plan->fixed &= link->lower[k] == 0.0f && link->upper[k] == 0.0f;
    }
    for (k = 0; k < 3 && plan->limited; ++k)
        if (plan->low[(k + 1) % 3] == 0.0 && plan->high[(k + 1) % 3] == 0.0 && plan->low[(k + 2) % 3] == 0.0 &&
            plan->high[(k + 2) % 3] == 0.0)
            plan->only = k;
    plan->single = plan->only >= 0 && pm__mmd_sequence(plan->low, plan->high)[2] == plan->only ? plan->only : -1;
    if (plan->single >= 0) { /* past a half turn, a limit holds every angle: -1 and 1 */
        const double pi = 3.14159265358979323846, low = plan->low[plan->single], high = plan->high[plan->single];
        plan->sin_half_low = low <= -pi ? -1.0 : low >= pi ? 1.0 : sin(0.5 * low);
        plan->sin_half_high = high >= pi ? 1.0 : high <= -pi ? -1.0 : sin(0.5 * high);
    }
    most = (double)ik_bone->ik_unit_angle * (double)(j + 1);
    plan->cos_most = most < 3.14159265358979323846 ? (float)cos(most) : -2.0f;
    plan->sin_half_most = (float)sin(0.5 * most);
    plan->cos_half_most = (float)cos(0.5 * most);
}

typedef struct pm__mmd_ik {
    const pm_mmd_skeleton *s;
    const pm_mmd_bone *bone;
    pm_mmd_bone_pose *pose;
    pm__f4 goal, effector;
    pm__mmd_link_plan plan[PM__MMD_PLANS];
} pm__mmd_ik;

/* Link j's plan: made once per chain for the first links, else now */
static const pm__mmd_link_plan *pm__mmd_plan_of(const pm__mmd_ik *ik, int j, pm__mmd_link_plan *room)
{
    if (j < PM__MMD_PLANS) return &ik->plan[j];
    pm__mmd_plan(ik->bone, &ik->s->ik_links[ik->bone->ik_first_link + j], j, room);
    return room;
}

/* pm__mmd_clamp_euler's result for a link that turns about one axis k, the
   last of its sequence, when the angle atan2(S, C) it reads is inside the
   limits (the common case, a bent knee): that angle kept, its half angle's
   sine and cosine from S and C by square roots, no trigonometry. The test
   compares the half angle's sine with the limits', monotonic on +-90
   degrees. 0 when the angle is outside: the full clamp runs. */
static int pm__mmd_clamp_single(const pm__mmd_link_plan *plan, double q[4])
{
    const int k = plan->single, c = (k + 1) % 3, f = (k + 2) % 3; /* the axes after k, as in every sequence */
    const double sine = 2.0 * (q[c] * q[f] + q[3] * q[k]), cosine = 1.0 - 2.0 * (q[k] * q[k] + q[c] * q[c]);
    const double length = sqrt(sine * sine + cosine * cosine);
    double cos_half, sin_half;
    if (!(length > 0.0)) return 0;
    if (cosine > -0.5 * length) { /* away from a half turn: the cosine's half-angle formula is well conditioned */
        cos_half = sqrt(0.5 * (1.0 + cosine / length));
        sin_half = sine / (2.0 * length * cos_half);
    } else {
        sin_half = sqrt(0.5 * (1.0 - cosine / length));
        if (sine < 0.0) sin_half = -sin_half;
        cos_half = fabs(sine) / (2.0 * length * fabs(sin_half));
    }
    if (sin_half < plan->sin_half_low || sin_half > plan->sin_half_high) return 0;
    q[0] = q[1] = q[2] = 0.0;
    q[k] = sin_half;
    q[3] = cos_half;
    return 1;
}

/* The squared distance from the effector to the goal */
static double pm__mmd_ik_miss(const pm__mmd_ik *ik)
{
    const pm__f4 miss = pm__f4_sub(ik->goal, ik->effector);
    return (double)pm__f4_dot(miss, miss);
}

/* The effector where the pose has it now, and its miss */
static double pm__mmd_ik_reach(pm__mmd_ik *ik)
{
    ik->effector = pm__f4_load3(ik->pose[ik->bone->ik_target].world_position);
    return pm__mmd_ik_miss(ik);
}

/* After an iteration: 0 when the chain is done. An iteration that turned
   no link leaves the state as it found it, so every further iteration of
   the same half would too (each is the same computation on the same
   numbers): the rest of the half is skipped, exactly. */
static int pm__mmd_ik_next(int moved, int loops, int *iteration)
{
    if (moved) return 1;
    if (*iteration >= loops / 2) return 0;
    *iteration = loops / 2 - 1;
    return 1;
}

/* One CCD step's turn of link j (head: its world position; parent: its
   parent's world rotation; ik and local: its IK and local rotations): about
   its head, to bring the effector's direction onto the goal's, by at most
   unit angle * (j + 1), then kept within its limits. 0 when there is no
   turn to take (the directions parallel, or one of them none); else 1 and
   the link's new IK rotation in turned. */
static int pm__mmd_ik_turn(const pm__mmd_ik *ik, int j, int first_half, pm__f4 head, pm__f4 parent, pm__f4 ik_rotation,
                           pm__f4 local, pm__f4 *turned)
{
    pm__mmd_link_plan room;
    const pm__mmd_link_plan *plan = pm__mmd_plan_of(ik, j, &room);
    const int only = first_half ? plan->only : -1; /* a link limited to one axis turns about it only, at first */
    const pm__f4 to_effector = pm__f4_sub(head, ik->effector), to_goal = pm__f4_sub(head, ik->goal);
    const pm__f4 cross = pm__f4_cross(to_effector, to_goal);
    /* the lengths' product times the angle's cosine and sine */
    const float squares = pm__f4_dot(to_effector, to_effector) * pm__f4_dot(to_goal, to_goal);
    const float cosine = pm__f4_dot(to_effector, to_goal), sine2 = pm__f4_dot(cross, cross);
    float lengths, sin_half, cos_half, scale, axis[4];
    double whole[4];
    if (!(squares > 0.0f) || sine2 < 1e-8f * squares) return 0; /* no direction, or (nearly) parallel ones */
    lengths = sqrtf(squares);
    if (cosine < plan->cos_most * lengths) { /* the step's most */
        sin_half = plan->sin_half_most;
        cos_half = plan->cos_half_most;
        scale = sin_half / sqrtf(sine2);
    } else { /* the whole angle, halved by the halfway vector (no cancellation at small angles) */
        const float halfway = lengths + cosine > 0.0f ? lengths + cosine : 0.0f;
        scale = 1.0f / sqrtf(halfway * halfway + sine2);
        sin_half = sqrtf(sine2) * scale;
        cos_half = halfway * scale;
    }
    pm__f4_get(pm__f4_quat_rotate(pm__f4_quat_conj(parent), cross), axis); /* into the parent's frame */
    if (only >= 0) {
        const float side = axis[only] >= 0.0f ? 1.0f : -1.0f;
        axis[0] = axis[1] = axis[2] = 0.0f;
        axis[only] = side;
        scale = sin_half;
    }
    *turned = pm__f4_quat_mul(pm__f4_set(axis[0] * scale, axis[1] * scale, axis[2] * scale, cos_half), ik_rotation);
    if (plan->limited) {
        pm__f4_to_double(pm__f4_quat_mul(*turned, local), whole);
        if (plan->single < 0 || !pm__mmd_clamp_single(plan, whole))
            pm__mmd_clamp_euler(plan->low, plan->high, first_half, whole);
        *turned = pm__f4_quat_mul(pm__f4_from_double(whole), pm__f4_quat_conj(local));
    }
    return 1;
}

/* One CCD step on the pose itself: link j turned, then the bones from it
   down to the target placed again. 0 when the link did not move. */
static int pm__mmd_ik_step(pm__mmd_ik *ik, int j, int first_half)
{
    const pm_mmd_skeleton *s = ik->s;
    const pm_mmd_ik_link *link = &s->ik_links[ik->bone->ik_first_link + j];
    const pm_mmd_bone *bone = &s->bones[link->bone];
    pm_mmd_bone_pose *pose = &ik->pose[link->bone];
    const pm__f4 parent =
        bone->parent >= 0 ? pm__f4_load(ik->pose[bone->parent].world_rotation) : pm__f4_set(0.0f, 0.0f, 0.0f, 1.0f);
    pm__f4 turned;
    int i;
    if (!pm__mmd_ik_turn(ik, j, first_half, pm__f4_load3(pose->world_position), parent, pm__f4_load(pose->ik_rotation),
                         pm__f4_load(pose->local_rotation), &turned) ||
        pm__f4_same(turned, pm__f4_load(pose->ik_rotation)))
        return 0;
    pm__f4_store(pose->ik_rotation, turned);
    /* links from this one down to the target's parent, and the bones
       between them and the target */
    for (i = j; i >= 0; --i) {
        const int b = s->ik_links[ik->bone->ik_first_link + i].bone;
        if (i == j || !pm__mmd_below(s, b, link->bone))
            pm__mmd_update_subtree(s, b, ik->bone->ik_target, ik->pose);
    }
    if (!pm__mmd_below(s, ik->bone->ik_target, link->bone))
        pm__mmd_update(s, ik->bone->ik_target, ik->pose);
    return 1;
}

/* A chain whose links and the bones between them and the target are one
   line of parents (at most PM__MMD_CHAIN bones, none with a grant, no link
   twice) is iterated on a copy of those bones' transforms, each placed from
   its local pose under its parent's world (what the steps on the pose do,
   without the round trips through it); the links' IK rotations go back to
   the pose at the end. 0 when the chain is not such a line: the steps then
   run on the pose itself. */
#define PM__MMD_CHAIN 32
typedef struct pm__mmd_chain_bone {
    pm__f4 local, ik, turned, offset, world, position; /* turned: ik local, the rotation under the parent */
    int bone, link; /* link: its place among the links, or -1 */
} pm__mmd_chain_bone;

/* The chain placed again from bone `first` down after that bone turned:
   its head stays; the target's world rotation is never read. */
static void pm__mmd_chain_place(pm__mmd_chain_bone *chain, int first, int count, pm__f4 above)
{
    int i;
    chain[first].world = pm__f4_quat_mul(first + 1 < count ? chain[first + 1].world : above, chain[first].turned);
    for (i = first - 1; i >= 0; --i) {
        chain[i].position = pm__f4_add(chain[i + 1].position, pm__f4_quat_rotate(chain[i + 1].world, chain[i].offset));
        if (i > 0) chain[i].world = pm__f4_quat_mul(chain[i + 1].world, chain[i].turned);
    }
}

static int pm__mmd_ik_chain(pm__mmd_ik *ik, int loops, double close)
{
    const pm_mmd_skeleton *s = ik->s;
    const pm_mmd_bone *bone = ik->bone;
    const pm_mmd_ik_link *links = s->ik_links + bone->ik_first_link;
    pm__mmd_chain_bone chain[PM__MMD_CHAIN];
    pm__mmd_link_plan room;
    int place[PM__MMD_CHAIN], n = 0, found = 0, u, i, j;
    pm__f4 above = pm__f4_set(0.0f, 0.0f, 0.0f, 1.0f), above_position = pm__f4_set(0.0f, 0.0f, 0.0f, 0.0f);
    if (bone->ik_link_count > PM__MMD_CHAIN) return 0;
    for (u = bone->ik_target; u >= 0 && found < bone->ik_link_count; u = s->bones[u].parent) {
        if (n == PM__MMD_CHAIN || pm__mmd_has_grant(&s->bones[u])) return 0;
        chain[n].bone = u;
        chain[n].link = -1;
        for (j = 0; j < bone->ik_link_count; ++j)
            if (links[j].bone == u) {
                if (chain[n].link >= 0) return 0;
                chain[n].link = j;
                place[j] = n;
                ++found;
            }
        ++n;
    }
    if (found < bone->ik_link_count) return 0;
    for (i = 0; i < n; ++i) {
        const int b = chain[i].bone, parent = s->bones[b].parent;
        chain[i].local = pm__f4_load(ik->pose[b].animated_rotation); /* no grant: the local pose is the animation's */
        chain[i].offset = pm__f4_add(pm__f4_load3(s->bones[b].position), pm__f4_load3(ik->pose[b].animated_translation));
        if (parent >= 0) chain[i].offset = pm__f4_sub(chain[i].offset, pm__f4_load3(s->bones[parent].position));
        chain[i].ik = pm__f4_set(0.0f, 0.0f, 0.0f, 1.0f);
        chain[i].turned = chain[i].local;
    }
    if (s->bones[chain[n - 1].bone].parent >= 0) {
        const pm_mmd_bone_pose *up = &ik->pose[s->bones[chain[n - 1].bone].parent];
        above = pm__f4_load(up->world_rotation);
        above_position = pm__f4_load3(up->world_position);
    }
    chain[n - 1].position = pm__f4_add(above_position, pm__f4_quat_rotate(above, chain[n - 1].offset));
    pm__mmd_chain_place(chain, n - 1, n, above);
    ik->effector = chain[0].position;
    for (i = 0; i < loops; ++i) {
        int moved = 0;
        for (j = 0; j < bone->ik_link_count; ++j) {
            const int e = place[j];
            pm__f4 turned;
            if (pm__mmd_plan_of(ik, j, &room)->fixed ||
                !pm__mmd_ik_turn(ik, j, i < loops / 2, chain[e].position, e + 1 < n ? chain[e + 1].world : above,
                                 chain[e].ik, chain[e].local, &turned) ||
                pm__f4_same(turned, chain[e].ik))
                continue;
            moved = 1;
            chain[e].ik = turned;
            chain[e].turned = pm__f4_quat_mul(turned, chain[e].local);
            pm__mmd_chain_place(chain, e, n, above);
            ik->effector = chain[0].position;
        }
        if (pm__mmd_ik_miss(ik) < close || !pm__mmd_ik_next(moved, loops, &i)) break;
    }
    for (j = 0; j < bone->ik_link_count; ++j) pm__f4_store(ik->pose[links[j].bone].ik_rotation, chain[place[j]].ik);
    return 1;
}

/* MMD's CCD: the links' IK rotations restart from none each frame; each
   iteration turns every link once, from the target's parent up; the first
   half of the iterations mirrors angles at the limits back into range. */
static void pm__mmd_solve_ik(const pm_mmd_skeleton *s, int b, pm_mmd_bone_pose *pose)
{
    const pm_mmd_bone *bone = &s->bones[b];
    const int loops = bone->ik_loop_count < PM_MMD_IK_MAX_LOOPS ? bone->ik_loop_count : PM_MMD_IK_MAX_LOOPS;
    const double close = 1e-8; /* squared distance at which the chain stops, in model units (babylon-mmd's) */
    pm__mmd_ik ik;
    pm__mmd_link_plan room;
    int i, j, top;
    if (bone->ik_link_count == 0) return;
    ik.s = s;
    ik.bone = bone;
    ik.pose = pose;
    ik.goal = pm__f4_load3(pose[b].world_position);
    for (j = 0; j < bone->ik_link_count; ++j) {
        float *q = pose[s->ik_links[bone->ik_first_link + j].bone].ik_rotation;
        q[0] = q[1] = q[2] = 0.0f;
        q[3] = 1.0f;
    }
    pm__mmd_update(s, bone->ik_target, pose);
    if (pm__mmd_ik_reach(&ik) < close) return;
    for (j = bone->ik_link_count - 1; j >= 0; --j)
        pm__mmd_update(s, s->ik_links[bone->ik_first_link + j].bone, pose);
    pm__mmd_update(s, bone->ik_target, pose);
    if (pm__mmd_ik_reach(&ik) < close) return;
    for (j = 0; j < PM__MMD_PLANS && j < bone->ik_link_count; ++j)
        pm__mmd_plan(bone, &s->ik_links[bone->ik_first_link + j], j, &ik.plan[j]);
    if (!pm__mmd_ik_chain(&ik, loops, close))
        for (i = 0; i < loops; ++i) {
            int moved = 0;
            for (j = 0; j < bone->ik_link_count; ++j) {
                if (pm__mmd_plan_of(&ik, j, &room)->fixed || !pm__mmd_ik_step(&ik, j, i < loops / 2)) continue;
                moved = 1;
                pm__mmd_ik_reach(&ik);
            }
            if (pm__mmd_ik_miss(&ik) < close || !pm__mmd_ik_next(moved, loops, &i)) break;
        }
    /* everything below the links, once, as the chain ends: the top link's
       subtree (PMX lists it last) and any link outside it */
    top = s->ik_links[bone->ik_first_link + bone->ik_link_count - 1].bone;
    for (j = 0; j < bone->ik_link_count; ++j) {
        const int link = s->ik_links[bone->ik_first_link + j].bone;
        if (link == top || !pm__mmd_below(s, link, top)) pm__mmd_update_subtree(s, link, -1, pose);
    }
}

PMDEF pm_result pm_mmd_evaluate(const pm_mmd_skeleton *skeleton, const float *translation, const float *rotation,
                                const float *bone_morphs, const unsigned char *ik_enabled, pm_mmd_pass pass,
                                pm_mmd_bone_pose *pose)
{
    const pm_mmd_skeleton *s = skeleton;
    int b, i, ok = 1;
    if (!s || !s->bones || !s->tables || s->bone_count < 1 || !translation || !rotation || !pose ||
        (pass != PM_MMD_ALL_BONES && pass != PM_MMD_BEFORE_PHYSICS && pass != PM_MMD_AFTER_PHYSICS))
        return PM_ERROR_INVALID_ARGUMENT;
    for (b = 0; b < s->bone_count; ++b) /* branch-free: every frame's input is checked whole */
        ok &= pm__mmd_input_ok(translation + 3 * b, rotation + 4 * b) &
              (!bone_morphs || pm__mmd_input_ok(bone_morphs + 7 * b, bone_morphs + 7 * b + 3));
    if (!ok) return PM_ERROR_INVALID_ARGUMENT;
    for (b = 0; b < s->bone_count; ++b) {
        if (pass != PM_MMD_AFTER_PHYSICS) { /* every frame starts from nothing: no state carries over */
            const pm__f4 identity = pm__f4_set(0.0f, 0.0f, 0.0f, 1.0f), zero = pm__f4_set(0.0f, 0.0f, 0.0f, 0.0f);
            pm__f4_store(pose[b].world_rotation, identity);
            pm__f4_store3(pose[b].world_position, zero);
            pm__f4_store(pose[b].local_rotation, identity);
            pm__f4_store3(pose[b].local_translation, zero);
            pm__f4_store(pose[b].grant_rotation, identity);
            pm__f4_store3(pose[b].grant_translation, zero);
            pm__f4_store(pose[b].ik_rotation, identity);
        }
        pm__mmd_animate(&s->bones[b], translation + 3 * b, rotation + 4 * b, bone_morphs ? bone_morphs + 7 * b : NULL,
                        &pose[b]);
    }
    for (i = 0; i < s->bone_count; ++i) {
        const int after = (s->bones[PM__MMD_ORDER(s)[i]].flags & PM_MMD_BONE_AFTER_PHYSICS) != 0;
        b = PM__MMD_ORDER(s)[i];
        if ((pass == PM_MMD_BEFORE_PHYSICS && after) || (pass == PM_MMD_AFTER_PHYSICS && !after)) continue;
        pm__mmd_update(s, b, pose);
        if ((s->bones[b].flags & PM_MMD_BONE_IK) && (!ik_enabled || ik_enabled[b])) pm__mmd_solve_ik(s, b, pose);
    }
    return PM_OK;
}


/* ---- MMD morphs -------------------------------------------------------------

   babylon-mmd 1.3.0's MmdMorphController: a group applies its members (a
   member group skipped) at weight x ratio, in element order; vertex and UV
   morphs' weights add; a bone morph adds translation x weight and turns its
   rotation offset by @babylonjs/core's Quaternion.SlerpToRef (in doubles,
   as JavaScript computes); material morphs multiply or add, element by
   element. babylon-mmd applies the morphs in the order they first became
   non-zero; these take PMX index order, which is the same for morphs that
   start together. */

PMDEF pm_result pm_mmd_morph_set_validate(const pm_mmd_morph_set *set, int *bad_morph)
{
    int m, k;
    if (bad_morph) *bad_morph = -1;
    if (!set || set->morph_count < 0 || set->group_count < 0 || set->bone_element_count < 0 ||
        set->material_element_count < 0 || set->bone_count < 0 || set->bone_count > INT_MAX / 7 ||
        set->material_count < 0 || set->material_count > INT_MAX / PM_MMD_MATERIAL_VALUES ||
        (set->morph_count > 0 && !set->morphs) || (set->group_count > 0 && !set->groups) ||
        (set->bone_element_count > 0 && !set->bones) || (set->material_element_count > 0 && !set->materials))
        return PM_ERROR_INVALID_ARGUMENT;
    for (m = 0; m < set->morph_count; ++m) {
        const pm_mmd_morph *morph = &set->morphs[m];
        const int type = morph->type;
        const int room = type == PM_MMD_MORPH_GROUP ? set->group_count : type == PM_MMD_MORPH_BONE ? set->bone_element_count
                       : type == PM_MMD_MORPH_MATERIAL ? set->material_element_count : -1; /* -1: no elements here */
        pm_result result = type < PM_MMD_MORPH_GROUP || type > PM_MMD_MORPH_IMPULSE ? PM_ERROR_INVALID_ARGUMENT : PM_OK;
        if (room >= 0 && (morph->first < 0 || morph->count < 0 || morph->first > room || morph->count > room - morph->first))
            result = PM_ERROR_OUT_OF_RANGE;
        for (k = 0; room >= 0 && result == PM_OK && k < morph->count; ++k) {
            const int e = morph->first + k;
            if (type == PM_MMD_MORPH_GROUP) {
                const pm_mmd_group_element *g = &set->groups[e];
                result = g->morph < 0 || g->morph >= set->morph_count ? PM_ERROR_OUT_OF_RANGE
                       : !pm__finite(g->ratio)                       ? PM_ERROR_INVALID_ARGUMENT : PM_OK;
            } else if (type == PM_MMD_MORPH_BONE) {
                const pm_mmd_bone_element *b = &set->bones[e];
                result = b->bone < 0 || b->bone >= set->bone_count            ? PM_ERROR_OUT_OF_RANGE
                       : !pm__mmd_input_ok(b->translation, b->rotation) ? PM_ERROR_INVALID_ARGUMENT : PM_OK;
            } else {
                const pm_mmd_material_element *a = &set->materials[e];
                result = a->material < -1 || a->material >= set->material_count ? PM_ERROR_OUT_OF_RANGE
                       : (a->add != 0 && a->add != 1) || !pm__finite_n(a->values, PM_MMD_MATERIAL_ELEMENT_VALUES)
                           ? PM_ERROR_INVALID_ARGUMENT : PM_OK;
            }
        }
        if (result != PM_OK) {
            if (bad_morph) *bad_morph = m;
            return result;
        }
    }
    return PM_OK;
}

/* The per-frame calls' check: the set valid (as cheap as applying it; it
   also keeps 7 x bone_count and the materials' value count in an int), the
   weights finite */
static int pm__mmd_morph_ready(const pm_mmd_morph_set *set, const float *weights)
{
    return pm_mmd_morph_set_validate(set, NULL) == PM_OK && (set->morph_count == 0 || weights) &&
           pm__finite_n(weights, set->morph_count);
}

/* Each morph applied, as the controller walks them: fn(set, morph, weight, context) for every morph of
   non-zero weight in index order and, inside a group, for its non-group members at weight x ratio */
typedef void (*pm__mmd_morph_fn)(const pm_mmd_morph_set *set, int morph, double weight, void *context);

static void pm__mmd_morph_walk(const pm_mmd_morph_set *set, const float *weights, pm__mmd_morph_fn fn, void *context)
{
    int m, k;
    for (m = 0; m < set->morph_count; ++m) {
        const pm_mmd_morph *morph = &set->morphs[m];
        const double weight = (double)weights[m];
        if (weight == 0.0) continue;
        if (morph->type != PM_MMD_MORPH_GROUP) {
            fn(set, m, weight, context);
            continue;
        }
        for (k = 0; k < morph->count; ++k) {
            const pm_mmd_group_element *e = &set->groups[morph->first + k];
            if (set->morphs[e->morph].type != PM_MMD_MORPH_GROUP) fn(set, e->morph, weight * (double)e->ratio, context);
        }
    }
}

static void pm__mmd_morph_add_weight(const pm_mmd_morph_set *set, int morph, double weight, void *context)
{
    (void)set;
    ((float *)context)[morph] += (float)weight;
}

PMDEF pm_result pm_mmd_morph_weights(const pm_mmd_morph_set *set, const float *weights, float *applied)
{
    int m;
    if (!pm__mmd_morph_ready(set, weights) || (set->morph_count > 0 && !applied)) return PM_ERROR_INVALID_ARGUMENT;
    for (m = 0; m < set->morph_count; ++m) applied[m] = set->morphs[m].type == PM_MMD_MORPH_GROUP ? weights[m] : 0.0f;
    pm__mmd_morph_walk(set, weights, pm__mmd_morph_add_weight, applied);
    return pm__finite_n(applied, set->morph_count) ? PM_OK : PM_ERROR_INVALID_ARGUMENT;
}

/* @babylonjs/core's Quaternion.SlerpToRef: the shorter way, linear above a
   dot of 0.999999, any weight, the result not normalized */
static void pm__slerp_to(const double a[4], const double b[4], double u, double out[4])
{
    double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3], sa, sb;
    const int flip = dot < 0.0;
    int i;
    if (flip) dot = -dot;
    if (dot > 0.999999) {
        sa = 1.0 - u;
        sb = flip ? -u : u;
    } else {
        const double angle = acos(dot), inverse = 1.0 / sin(angle);
        sa = sin((1.0 - u) * angle) * inverse;
        sb = (flip ? -sin(u * angle) : sin(u * angle)) * inverse;
    }
    for (i = 0; i < 4; ++i) out[i] = sa * a[i] + sb * b[i];
}

static void pm__mmd_morph_bone(const pm_mmd_morph_set *set, int morph, double weight, void *context)
{
    const pm_mmd_morph *m = &set->morphs[morph];
    int k, i;
    if (m->type != PM_MMD_MORPH_BONE) return;
    for (k = 0; k < m->count; ++k) {
        const pm_mmd_bone_element *e = &set->bones[m->first + k];
        float *out = (float *)context + 7 * e->bone;
        double r[4], q[4];
        for (i = 0; i < 3; ++i) out[i] = (float)((double)out[i] + (double)e->translation[i] * weight);
        pm__load4(out + 3, r);
        pm__load4(e->rotation, q);
        pm__slerp_to(r, q, weight, r);
        pm__store4(out + 3, r);
    }
}

PMDEF pm_result pm_mmd_morph_bones(const pm_mmd_morph_set *set, const float *weights, float *bone_morphs)
{
    int b;
    if (!pm__mmd_morph_ready(set, weights) || set->bone_count < 1 || !bone_morphs) return PM_ERROR_INVALID_ARGUMENT;
    for (b = 0; b < set->bone_count; ++b) {
        float *out = bone_morphs + 7 * b;
        out[0] = out[1] = out[2] = out[3] = out[4] = out[5] = 0.0f;
        out[6] = 1.0f;
    }
    pm__mmd_morph_walk(set, weights, pm__mmd_morph_bone, bone_morphs);
    return pm__finite_n(bone_morphs, 7 * set->bone_count) ? PM_OK : PM_ERROR_INVALID_ARGUMENT;
}

PMDEF void pm_mmd_material_defaults(const float diffuse[4], const float specular[3], float shininess,
                                    const float ambient[3], const float edge_color[4], float edge_size, float *values)
{
    int k;
    memcpy(values + PM_MMD_MATERIAL_DIFFUSE, diffuse, 4 * sizeof(float));
    memcpy(values + PM_MMD_MATERIAL_SPECULAR, specular, 3 * sizeof(float));
    values[PM_MMD_MATERIAL_SHININESS] = shininess;
    memcpy(values + PM_MMD_MATERIAL_AMBIENT, ambient, 3 * sizeof(float));
    memcpy(values + PM_MMD_MATERIAL_EDGE_COLOR, edge_color, 4 * sizeof(float));
    values[PM_MMD_MATERIAL_EDGE_SIZE] = edge_size;
    for (k = PM_MMD_MATERIAL_TEXTURE; k < PM_MMD_MATERIAL_VALUES; ++k) values[k] = (k / 4) % 2 == 0 ? 1.0f : 0.0f;
}

/* One element on one material's values: its first 16 numbers onto the 16
   values, the texture, sphere and toon colours onto the multiplicative
   (multiply) or additive (add) colour of each */
static void pm__mmd_material_apply(const pm_mmd_material_element *e, double weight, float *values)
{
    const float *a = e->values;
    int k;
    for (k = 0; k < PM_MMD_MATERIAL_ELEMENT_VALUES; ++k) {
        const int at = k < 16 ? k : PM_MMD_MATERIAL_TEXTURE + 8 * ((k - 16) / 4) + 4 * e->add + (k - 16) % 4;
        const double v = (double)values[at];
        values[at] = (float)(e->add ? v + (double)a[k] * weight : v + (v * (double)a[k] - v) * weight);
    }
}

static void pm__mmd_morph_material(const pm_mmd_morph_set *set, int morph, double weight, void *context)
{
    const pm_mmd_morph *m = &set->morphs[morph];
    float *values = (float *)context;
    int k, i;
    if (m->type != PM_MMD_MORPH_MATERIAL) return;
    for (k = 0; k < m->count; ++k) {
        const pm_mmd_material_element *e = &set->materials[m->first + k];
        if (e->material >= 0) pm__mmd_material_apply(e, weight, values + PM_MMD_MATERIAL_VALUES * e->material);
        else
            for (i = 0; i < set->material_count; ++i) pm__mmd_material_apply(e, weight, values + PM_MMD_MATERIAL_VALUES * i);
    }
}

PMDEF pm_result pm_mmd_morph_materials(const pm_mmd_morph_set *set, const float *weights, const float *base,
                                       float *values)
{
    size_t count;
    if (!pm__mmd_morph_ready(set, weights)) return PM_ERROR_INVALID_ARGUMENT;
    count = (size_t)PM_MMD_MATERIAL_VALUES * (size_t)set->material_count;
    if (count > 0 && (!base || !values || !pm__finite_n(base, (int)count))) return PM_ERROR_INVALID_ARGUMENT;
    if (count > 0) memmove(values, base, count * sizeof(float));
    pm__mmd_morph_walk(set, weights, pm__mmd_morph_material, values);
    return pm__finite_n(values, (int)count) ? PM_OK : PM_ERROR_INVALID_ARGUMENT;
}

/* ---- MMD physics -------------------------------------------------------------

   babylon-mmd 1.3.0's MmdBulletPhysics: a body's rest transform is
   T(position) R(rotation), R = Ry Rx Rz (its Quaternion.FromEulerAngles);
   its offset from its bone is BoneRest^-1 BodyRest, a bone's rest being
   the translation to its head. A joint's frames are BodyRest^-1 JointRest
   for each body. Each frame: kinematic bodies are put at BoneWorld Offset;
   dynamic ones move their bones to Body Offset^-1 (mode 2 keeping the
   bone's animated position). Doubles inside. */

static void pm__mmd_euler(const float e[3], double q[4])
{
    const double cx = cos(0.5 * (double)e[0]), sx = sin(0.5 * (double)e[0]), cy = cos(0.5 * (double)e[1]),
                 sy = sin(0.5 * (double)e[1]), cz = cos(0.5 * (double)e[2]), sz = sin(0.5 * (double)e[2]);
    q[0] = cy * sx * cz + sy * cx * sz; /* qy qx qz */
    q[1] = sy * cx * cz - cy * sx * sz;
    q[2] = cy * cx * sz - sy * sx * cz;
    q[3] = cy * cx * cz + sy * sx * sz;
}

/* (rotation, position) into doubles; 0 unless finite, the rotation not zero (it is normalized) */
static int pm__rigid_load(const float rotation[4], const float position[3], double q[4], double t[3])
{
    int k;
    pm__load4(rotation, q);
    for (k = 0; k < 3; ++k) t[k] = (double)position[k];
    return pm__finite_n(position, 3) && pm__quat_normalize(q);
}

static void pm__rigid_store(pm_rigid *out, const double q[4], const double t[3])
{
    int k;
    pm__store4(out->rotation, q);
    for (k = 0; k < 3; ++k) out->translation[k] = (float)t[k];
}

/* inverse(a) b for rigid transforms a = (qa, ta), b = (qb, tb) */
static void pm__rigid_relative(const double qa[4], const double ta[3], const double qb[4], const double tb[3], double q[4],
                               double t[3])
{
    double inverse[4], d[3];
    int k;
    pm__quat_conj(qa, inverse);
    pm__quat_mul(inverse, qb, q);
    for (k = 0; k < 3; ++k) d[k] = tb[k] - ta[k];
    pm__quat_rotate(inverse, d, t);
}

static void pm__physics_report(pm_mmd_physics_report *report, int body, int joint, const char *message)
{
    if (!report) return;
    report->body = body;
    report->joint = joint;
    report->message = message;
}

PMDEF pm_result pm_mmd_physics_init(pm_mmd_physics *physics, pm_mmd_physics_report *report)
{
    const pm_mmd_skeleton *s = physics ? physics->skeleton : NULL;
    int i, k;
    pm__physics_report(report, -1, -1, NULL);
    if (!physics || !s || !s->bones || s->bone_count < 1 || physics->body_count < 0 || physics->joint_count < 0 ||
        (physics->body_count > 0 && (!physics->bodies || !physics->body_setup)) ||
        (physics->joint_count > 0 && (!physics->joints || !physics->joint_setup)))
        return pm__physics_report(report, -1, -1, "a NULL array or a negative count"), PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < physics->body_count; ++i) {
        const pm_mmd_rigid_body *b = &physics->bodies[i];
        pm_mmd_body_setup *setup = &physics->body_setup[i];
        double q[4], t[3], bone[3] = {0.0, 0.0, 0.0};
        if (b->bone < -1 || b->bone >= s->bone_count)
            return pm__physics_report(report, i, -1, "the body's bone is out of range"), PM_ERROR_OUT_OF_RANGE;
        if (b->group < 0 || b->group > 15 || b->mask > 0xffffu)
            return pm__physics_report(report, i, -1, "the body's group is not in 0..15 or its mask not 16 bits"),
                   PM_ERROR_OUT_OF_RANGE;
        if ((unsigned)b->shape > (unsigned)PM_MMD_CAPSULE || (unsigned)b->mode > (unsigned)PM_MMD_PHYSICS_WITH_BONE)
            return pm__physics_report(report, i, -1, "the body's shape or mode is not one of PMX's"),
                   PM_ERROR_INVALID_ARGUMENT;
        if (!pm__finite_n(b->size, 3) || !pm__finite_n(b->position, 3) || !pm__finite_n(b->rotation, 3) ||
            !pm__finite(b->mass) || !pm__finite(b->linear_damping) || !pm__finite(b->angular_damping) ||
            !pm__finite(b->restitution) || !pm__finite(b->friction) || b->size[0] < 0.0f || b->size[1] < 0.0f ||
            b->size[2] < 0.0f || b->mass < 0.0f)
            return pm__physics_report(report, i, -1, "the body has a number that is not finite, or a negative size or mass"),
                   PM_ERROR_INVALID_ARGUMENT;
        pm__mmd_euler(b->rotation, q);
        for (k = 0; k < 3; ++k) t[k] = (double)b->position[k];
        pm__rigid_store(&setup->rest, q, t);
        if (b->bone >= 0)
            for (k = 0; k < 3; ++k) bone[k] = (double)s->bones[b->bone].position[k];
        for (k = 0; k < 3; ++k) t[k] -= bone[k];
        pm__rigid_store(&setup->offset, q, t);
        setup->mode = b->mode;
        setup->group_bits = 1u << b->group;
        setup->zero_volume = b->size[0] == 0.0f || (b->shape == PM_MMD_BOX && (b->size[1] == 0.0f || b->size[2] == 0.0f)) ||
                             (b->shape == PM_MMD_CAPSULE && b->size[1] == 0.0f);
    }
    for (i = 0; i < physics->joint_count; ++i) {
        const pm_mmd_joint *j = &physics->joints[i];
        pm_mmd_joint_setup *setup = &physics->joint_setup[i];
        double qj[4], tj[3], qb[4], tb[3], q[4], t[3];
        int side;
        if (j->body_a < 0 || j->body_a >= physics->body_count || j->body_b < 0 || j->body_b >= physics->body_count)
            return pm__physics_report(report, -1, i, "the joint's body is out of range"), PM_ERROR_OUT_OF_RANGE;
        if (j->body_a == j->body_b)
            return pm__physics_report(report, -1, i, "the joint's two bodies are one"), PM_ERROR_INVALID_ARGUMENT;
        if (!pm__finite_n(j->position, 3) || !pm__finite_n(j->rotation, 3) || !pm__finite_n(j->linear_lower, 3) ||
            !pm__finite_n(j->linear_upper, 3) || !pm__finite_n(j->angular_lower, 3) || !pm__finite_n(j->angular_upper, 3) ||
            !pm__finite_n(j->linear_stiffness, 3) || !pm__finite_n(j->angular_stiffness, 3))
            return pm__physics_report(report, -1, i, "the joint has a number that is not finite"), PM_ERROR_INVALID_ARGUMENT;
        pm__mmd_euler(j->rotation, qj);
        for (k = 0; k < 3; ++k) tj[k] = (double)j->position[k];
        for (side = 0; side < 2; ++side) {
            const pm_rigid *rest = &physics->body_setup[side ? j->body_b : j->body_a].rest;
            pm__load4(rest->rotation, qb);
            for (k = 0; k < 3; ++k) tb[k] = (double)rest->translation[k];
            pm__rigid_relative(qb, tb, qj, tj, q, t);
            pm__rigid_store(side ? &setup->frame_b : &setup->frame_a, q, t);
        }
        setup->springs = 0x38u; /* the angular springs, always */
        for (k = 0; k < 3; ++k)
            if (j->linear_stiffness[k] != 0.0f) setup->springs |= 1u << k;
    }
    /* babylon-mmd's mode rule, joint by joint: a mode-2 body whose bone's parent is the bone of the
       dynamic body it is jointed to is mode 1 (Katwat's note on MMD's physics) */
    for (i = 0; i < physics->joint_count; ++i) {
        const pm_mmd_joint *j = &physics->joints[i];
        pm_mmd_body_setup *a = &physics->body_setup[j->body_a], *b = &physics->body_setup[j->body_b];
        const int bone_a = physics->bodies[j->body_a].bone, bone_b = physics->bodies[j->body_b].bone;
        if (a->mode != PM_MMD_FOLLOW_BONE && b->mode == PM_MMD_PHYSICS_WITH_BONE) {
            if (bone_a >= 0 && bone_b >= 0 && s->bones[bone_b].parent == bone_a) b->mode = PM_MMD_PHYSICS;
        } else if (b->mode != PM_MMD_FOLLOW_BONE && a->mode == PM_MMD_PHYSICS_WITH_BONE) {
            if (bone_a >= 0 && bone_b >= 0 && s->bones[bone_a].parent == bone_b) a->mode = PM_MMD_PHYSICS;
        }
    }
    return PM_OK;
}

/* the arrays the per-frame calls read and write, present, and every body's
   bone none or one of the skeleton's (a bone changed since init is refused,
   never followed out of the pose: a compare a body) */
static int pm__physics_arrays(const pm_mmd_physics *physics, const void *pose, const void *bodies)
{
    int i, bone_count;
    if (!physics || !pose || physics->body_count < 0 ||
        (physics->body_count > 0 && (!physics->bodies || !physics->body_setup || !bodies)))
        return 0;
    bone_count = physics->skeleton ? physics->skeleton->bone_count : 0;
    for (i = 0; i < physics->body_count; ++i)
        if (physics->bodies[i].bone >= bone_count) return 0;
    return 1;
}

PMDEF pm_result pm_mmd_physics_targets(const pm_mmd_physics *physics, const pm_mmd_bone_pose *pose, int every_body,
                                       pm_rigid *bodies)
{
    int i, k;
    if (!pm__physics_arrays(physics, pose, bodies)) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < physics->body_count; ++i) {
        const pm_mmd_body_setup *setup = &physics->body_setup[i];
        const int bone = physics->bodies[i].bone;
        double qb[4], tb[3], qo[4], to[3], q[4], t[3];
        if (!every_body && setup->mode != PM_MMD_FOLLOW_BONE) continue;
        if (bone < 0) { /* attached to none: where it rests */
            bodies[i] = setup->rest;
            continue;
        }
        if (!pm__rigid_load(pose[bone].world_rotation, pose[bone].world_position, qb, tb)) return PM_ERROR_INVALID_ARGUMENT;
        (void)pm__rigid_load(setup->offset.rotation, setup->offset.translation, qo, to);
        pm__quat_mul(qb, qo, q);
        pm__quat_rotate(qb, to, t);
        for (k = 0; k < 3; ++k) t[k] += tb[k];
        pm__rigid_store(&bodies[i], q, t);
        if (!pm__finite_n(bodies[i].translation, 3)) return PM_ERROR_INVALID_ARGUMENT;
    }
    return PM_OK;
}

PMDEF pm_result pm_mmd_physics_write_back(const pm_mmd_physics *physics, const pm_rigid *bodies, pm_mmd_bone_pose *pose)
{
    int i, k;
    if (!pm__physics_arrays(physics, pose, bodies)) return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < physics->body_count; ++i) { /* every body read checked before any bone is written */
        double qb[4], tb[3];
        if (physics->body_setup[i].mode != PM_MMD_FOLLOW_BONE && physics->bodies[i].bone >= 0 &&
            !pm__rigid_load(bodies[i].rotation, bodies[i].translation, qb, tb))
            return PM_ERROR_INVALID_ARGUMENT;
    }
    for (i = 0; i < physics->body_count; ++i) { /* the bodies' bones, unless kinematic or none */
        const pm_mmd_body_setup *setup = &physics->body_setup[i];
        const int bone = setup->mode == PM_MMD_FOLLOW_BONE ? -1 : physics->bodies[i].bone;
        double qb[4], tb[3], qo[4], to[3], q[4], t[3];
        if (bone < 0) continue;
        (void)pm__rigid_load(bodies[i].rotation, bodies[i].translation, qb, tb);
        (void)pm__rigid_load(setup->offset.rotation, setup->offset.translation, qo, to);
        /* Body Offset^-1: rotation qb qo^-1, position tb - (qb qo^-1) to */
        pm__quat_conj(qo, qo);
        pm__quat_mul(qb, qo, q);
        pm__quat_rotate(q, to, t);
        pm__store4(pose[bone].world_rotation, q);
        if (setup->mode == PM_MMD_PHYSICS)
            for (k = 0; k < 3; ++k) pose[bone].world_position[k] = (float)(tb[k] - t[k]);
    }
    return PM_OK;
}

/* marks[b] = PM_MMD_PHYSICS_DRIVEN for each bone a dynamic body moves, else
   0 (skeleton->bone_count bytes); 0 when an array is missing */
static int pm__physics_driven(const pm_mmd_physics *physics, unsigned char *marks)
{
    int i;
    if (!pm__physics_arrays(physics, marks, marks) || !marks || !physics->skeleton || !physics->skeleton->bones ||
        physics->skeleton->bone_count < 1)
        return 0;
    memset(marks, 0, (size_t)physics->skeleton->bone_count);
    for (i = 0; i < physics->body_count; ++i)
        if (physics->body_setup[i].mode != PM_MMD_FOLLOW_BONE && physics->bodies[i].bone >= 0)
            marks[physics->bodies[i].bone] = PM_MMD_PHYSICS_DRIVEN;
    return 1;
}

PMDEF pm_result pm_mmd_physics_update_children(const pm_mmd_physics *physics, unsigned char *moved,
                                               pm_mmd_bone_pose *pose)
{
    enum { STILL = 0, PLACED_AGAIN = 2 };
    const pm_mmd_skeleton *s;
    int i;
    if (!pose || !physics || !physics->skeleton || !physics->skeleton->tables || !pm__physics_driven(physics, moved))
        return PM_ERROR_INVALID_ARGUMENT;
    s = physics->skeleton;
    for (i = 0; i < s->bone_count; ++i) { /* depth first: a parent before its children */
        const int b = PM__MMD_PREORDER(s)[i], parent = s->bones[b].parent;
        pm__f4 r;
        if (moved[b] == PM_MMD_PHYSICS_DRIVEN || parent < 0 || moved[parent] == STILL ||
            (s->bones[b].flags & PM_MMD_BONE_AFTER_PHYSICS))
            continue;
        r = pm__f4_load(pose[b].local_rotation);
        if (PM__MMD_IK_LINK(s)[b]) r = pm__f4_quat_mul(pm__f4_load(pose[b].ik_rotation), r);
        pm__mmd_place(s, b, r, pm__f4_load3(pose[b].local_translation), pose);
        moved[b] = PLACED_AGAIN;
    }
    return PM_OK;
}

PMDEF pm_result pm_mmd_physics_bone_flags(const pm_mmd_physics *physics, unsigned char *flags)
{
    const pm_mmd_skeleton *s;
    int i, k;
    if (!pm__physics_driven(physics, flags)) return PM_ERROR_INVALID_ARGUMENT;
    s = physics->skeleton;
    for (i = 0; i < s->bone_count; ++i) { /* links as pm_mmd_skeleton_init checked them */
        const pm_mmd_bone *bone = &s->bones[i];
        int all = 1; /* babylon-mmd's rule, which skips a chain of no links too */
        if (!(bone->flags & PM_MMD_BONE_IK)) continue;
        for (k = 0; k < bone->ik_link_count && all; ++k)
            all = (flags[s->ik_links[bone->ik_first_link + k].bone] & PM_MMD_PHYSICS_DRIVEN) != 0;
        if (all) flags[i] |= PM_MMD_PHYSICS_IK_SKIPPED;
    }
    return PM_OK;
}

/* ---- Skinning ---------------------------------------------------------------

   validate checks a mesh's content once; prepare turns each bone into the
   form run reads, once per frame; run skins a vertex range (one range per
   thread) without looking at the content: it clamps bone indices and keeps
   morph ranges inside their arrays, so that no content can make it read or
   write out of bounds, and leaves everything else to validate.

   run skins PM__LANES consecutive vertices at a time. A pm__f holds one
   quantity of all of them: 1 float in portable builds, 4 with SSE2 or NEON,
   8 with AVX2 + FMA, 16 with AVX-512F (and AVX2 + FMA). The math is written once,
   over pm__f; only what moves data between the caller's interleaved arrays
   and lanes (loads of 128-bit lanes, transposes) and a few bit operations
   are written per width. */

/* The kernels' names, as pm_skin_job_get_kernels gives them */
#define PM__KERNELS_AVX512 "AVX-512F"
#define PM__KERNELS_AVX2 "AVX2 + FMA"

/* Floats from one vertex's element of a stream to the next's */
typedef struct pm__steps {
    size_t positions, normals, tangents, out_positions, out_normals, out_tangents;
} pm__steps;

/* The arrays blocks of PM__LANES vertices read and write: the job's, or
   packed copies (pm__skin_copied). NULL where the job has none. */
typedef struct pm__block {
    const float *positions, *normals, *tangents, *sdef, *weights;
    const uint16_t *indices;
    size_t index_step; /* indices from a vertex's to the next's: the influences packed, more in place in a strided stream */
    int index_count;   /* indices a vertex has there: the kernels read no more (1, 2, 4 or 8) */
    int weight_count;  /* weights a vertex has there: one less than index_count where the last is implied */
    const unsigned char *types; /* or NULL */
    float *out_positions, *out_normals, *out_tangents;
    pm__steps step;     /* read by the kernels of interleaved records (pm__skin_interleaved); the others read packed streams */
    size_t weight_step; /* likewise: floats from a vertex's weights to the next's */
} pm__block;

#define PM__BONE_FLOATS (sizeof(pm_skin_bone) / sizeof(float))
#define PM__BONE_FIELD(bones, field) ((const float *)(const void *)(bones) + offsetof(pm_skin_bone, field) / sizeof(float))

/* The kernels' `normals`: 0 none, 1 the exact rule, this the blended one */
#define PM__NORMALS_BLENDED 2

/* The kernels' types for jobs whose types are NULL beside BDEF4's: 8
   influences, linear blends of 8 slots; 2 influences, BDEF2 from two
   indices and w0; 4 influences from 3 weights, w3 = 1 - (w0 + w1 + w2) */
#define PM__SKIN_BDEF8 5
#define PM__SKIN_PAIR 6
#define PM__SKIN_IMPLIED 7

/* Slots a vertex of each type reads (PMX numbering; unknown types: 4). */
static int pm__skin_slots(unsigned type)
{
    return type == PM_SKIN_BDEF1 ? 1 : type == PM_SKIN_BDEF2 || type == PM_SKIN_SDEF ? 2 : 4;
}

/* Element v of a stream whose elements take `size` bytes, `stride` bytes
   apart (0: packed) */
static PM__INLINE const void *pm__element(const void *base, int stride, size_t size, int v)
{
    return (const char *)base + (size_t)v * (stride ? (size_t)stride : size);
}

static PM__INLINE void *pm__element_out(void *base, int stride, size_t size, int v)
{
    return (char *)base + (size_t)v * (stride ? (size_t)stride : size);
}

/* Indices per vertex: 1, 2, 4 or 8 (a job with another count is refused
   before any vertex is read) */
static PM__INLINE int pm__influences(const pm_skin_job *job)
{
    return job->influences == 1 || job->influences == 2 || job->influences == 8 ? job->influences : 4;
}

/* Weights per vertex: one less than the influences where the last is
   implied (always for 1 influence, BDEF1, and 2, BDEF2 as w1 = 1 - w0) */
static PM__INLINE int pm__weights_per_vertex(const pm_skin_job *job)
{
    return pm__influences(job) <= 2 || job->last_weight_implied ? pm__influences(job) - 1 : pm__influences(job);
}

/* The vertex streams, in pm_skin_strides's order: element sizes (indices
   and weights: per influence) and alignments, and a job's strides in that
   order */
#define PM__STREAMS 9
static const unsigned char pm__stream_size[PM__STREAMS] = {12, 12, 16, 2, 4, 36, 12, 12, 16};
static const unsigned char pm__stream_alignment[PM__STREAMS] = {4, 4, 4, 2, 4, 4, 4, 4, 4};

static PM__INLINE int pm__stream_bytes(const pm_skin_job *job, int k)
{
    return pm__stream_size[k] * (k == 3 ? pm__influences(job) : k == 4 ? pm__weights_per_vertex(job) : 1);
}

static void pm__stride_list(const pm_skin_strides *s, int stride[PM__STREAMS])
{
    stride[0] = s->positions;
    stride[1] = s->normals;
    stride[2] = s->tangents;
    stride[3] = s->bone_indices;
    stride[4] = s->bone_weights;
    stride[5] = s->sdef;
    stride[6] = s->out_positions;
    stride[7] = s->out_normals;
    stride[8] = s->out_tangents;
}

/* Whether a stream's elements of `size` bytes lie `stride` bytes apart as
   if packed */
static PM__INLINE int pm__packed(int stride, size_t size) { return stride == 0 || (size_t)stride == size; }

/* Indices from one vertex's bone indices to the next's, as the kernels
   read them in place: up to 4 influences at any stride (glTF's JOINTS_0
   padded in its buffer view, an engine's vertex record), 8 packed */
static size_t pm__index_step(const pm_skin_job *job)
{
    return pm__influences(job) <= 4 && job->stride.bone_indices ? (size_t)job->stride.bone_indices / 2
                                                               : (size_t)pm__influences(job);
}

/* Whether the kernels read and write the job's arrays in place: every
   stream packed but the indices of up to 4 influences (pm__index_step),
   and no morphed normals or tangents (else they skin copies,
   pm__skin_copied, which morph those too). */
static int pm__skin_in_place(const pm_skin_job *job)
{
    int stride[PM__STREAMS], k;
    if (job->morph_start && (job->morph_normals || job->morph_tangents)) return 0;
    pm__stride_list(&job->stride, stride);
    for (k = 0; k < PM__STREAMS; ++k)
        if (!pm__packed(stride[k], (size_t)pm__stream_bytes(job, k)) && !(k == 3 && pm__influences(job) <= 4)) return 0;
    return 1;
}

/* Whether the kernels read and write the streams of a job that is not
   pm__skin_in_place in place all the same, at their strides (an engine's
   interleaved vertex records): the linear blends of a job of one type
   (types NULL: BDEF4, or 1 or 2 influences), without morphs */
static int pm__skin_interleaved(const pm_skin_job *job)
{
    return !job->types && !job->morph_start && pm__influences(job) <= 4;
}

/* Packed elements n..count-1 of `array`: element n-1 again (the lanes
   past a range's end) */
static PM__INLINE void pm__pad(void *array, size_t size, int n, int count)
{
    char *to = (char *)array + (size_t)n * size;
    int j;
    for (j = n; j < count; ++j, to += size) memcpy(to, to - size, size);
}

/* n elements of `size` bytes, from_step bytes apart at from, to_step
   apart at to; four a turn (the loop's own instructions were half a
   strided job's copying: docs/skinning.md) */
static PM__INLINE void pm__copy_elements(char *to, size_t to_step, const char *from, size_t from_step, size_t size, int n)
{
    int j;
    for (j = 0; j + 4 <= n; j += 4, to += 4 * to_step, from += 4 * from_step) {
        memcpy(to, from, size);
        memcpy(to + to_step, from + from_step, size);
        memcpy(to + 2 * to_step, from + 2 * from_step, size);
        memcpy(to + 3 * to_step, from + 3 * from_step, size);
    }
    for (; j < n; ++j, to += to_step, from += from_step) memcpy(to, from, size);
}

/* Elements v..v+n-1 of a stream (pm__element's) to dst, packed, and the
   last one again up to `count`; one loop per stream, its size a constant
   once inlined */
static PM__INLINE void pm__copy_in(void *dst, const void *stream, int stride, size_t size, int v, int n, int count)
{
    pm__copy_elements((char *)dst, size, (const char *)pm__element(stream, stride, size, v),
                      stride ? (size_t)stride : size, size, n);
    pm__pad(dst, size, n, count);
}

/* Elements v..v+n-1 of a stream as pm__copy_in gives them at `copy`: in
   place where the stream is packed and nothing needs padding (n == count),
   else copied */
static PM__INLINE const void *pm__stream_in(void *copy, const void *stream, int stride, size_t size, int v, int n, int count)
{
    if (pm__packed(stride, size) && n == count) return pm__element(stream, stride, size, v);
    pm__copy_in(copy, stream, stride, size, v, n, count);
    return copy;
}

/* Where a block writes elements v..v+n-1 of an output stream: in place
   where it is packed and nothing needs padding, else at `copy` (for
   pm__copy_out) */
static PM__INLINE float *pm__stream_out(float *copy, float *stream, int stride, size_t size, int v, int n, int count)
{
    return pm__packed(stride, size) && n == count ? (float *)pm__element_out(stream, stride, size, v) : copy;
}

/* n packed elements from src to elements v..v+n-1 of a stream */
static PM__INLINE void pm__copy_out(void *stream, int stride, size_t size, int v, int n, const void *src)
{
    pm__copy_elements((char *)pm__element_out(stream, stride, size, v), stride ? (size_t)stride : size,
                      (const char *)src, size, size, n);
}

/* Vertices a range skins through packed copies, at most: every vertex of a
   job with strided streams (but 4 influences' indices, which the kernels
   read at any stride), 64 at a time (a multiple of every width, so that
   blocks start where a packed job's would), and a packed range's last
   n < PM__LANES */
#define PM__COPIED 64

/* v += w d, for 3 floats */
static PM__INLINE void pm__add_scaled3(float *v, float w, const float *d)
{
    v[0] += w * d[0];
    v[1] += w * d[1];
    v[2] += w * d[2];
}

/* v / |v| (a zero vector stays zero), for 3 floats, summed in pm__dot3's
   order */
static void pm__normalize3(float *v)
{
    const float length2 = v[0] * v[0] + (v[1] * v[1] + v[2] * v[2]);
    const float scale = length2 > 0.0f ? 1.0f / sqrtf(length2) : 0.0f;
    v[0] *= scale;
    v[1] *= scale;
    v[2] *= scale;
}

/* The bind positions plus the morphs of vertices v..v+n-1, into
   positions; and where normals or tangents (3 and 4 floats a vertex, or
   NULL) hold the vertices' own, their morphs' displacements (glTF 2.0's
   rule: base + sum of weight x displacement), renormalized where a weight
   is not 0, so that every method's result stays unit. Each vertex's range of morph entries is kept
   inside the table and starts no earlier than the previous one ended
   (cursor->floor): whatever the table holds, a run reads each entry at most
   once. A vertex whose 16 (job->morph_masks) have no morph of weight other
   than 0 (cursor->active) keeps its own. */
typedef struct pm__morph_cursor {
    int floor;       /* where the next vertex's entries may start */
    uint64_t active; /* bit m % 64 for each morph m whose weight is not 0 */
} pm__morph_cursor;

/* Whether vertices v..v+n-1 (n <= 16) may have a morph whose weight is not 0 */
static int pm__morphs_active(const pm_skin_job *job, const pm__morph_cursor *cursor, int v, int n)
{
    return !job->morph_masks ||
           ((job->morph_masks[v / PM_MORPH_MASK_VERTICES] | job->morph_masks[(v + n - 1) / PM_MORPH_MASK_VERTICES]) &
            cursor->active) != 0;
}

static void pm__skin_morph(const pm_skin_job *job, int v, int n, pm__morph_cursor *cursor, float *positions,
                           float *normals, float *tangents)
{
    const int total = job->morph_start[job->vertex_count];
    const float *normal_offsets = normals ? job->morph_normals : NULL;
    const float *tangent_offsets = tangents ? job->morph_tangents : NULL;
    int j, k, end;
    for (j = 0; j < n; ++j) {
        float *p = positions + 3 * j;
        int moved = 0;
        memcpy(p, pm__element(job->positions, job->stride.positions, 3 * sizeof(float), v + j), 3 * sizeof(float));
        if (!pm__morphs_active(job, cursor, v + j, 1)) continue;
        k = job->morph_start[v + j];
        end = job->morph_start[v + j + 1];
        k = k < cursor->floor ? cursor->floor : k > total ? total : k;
        end = end < k ? k : end > total ? total : end;
        for (; k < end; ++k) {
            const pm_vertex_morph *m = &job->morphs[k];
            if ((unsigned)m->morph < (unsigned)job->morph_count) {
                const float w = job->morph_weights[m->morph];
                pm__add_scaled3(p, w, m->offset);
                if (normal_offsets) pm__add_scaled3(normals + 3 * j, w, normal_offsets + 3 * (size_t)k);
                if (tangent_offsets) pm__add_scaled3(tangents + 4 * j, w, tangent_offsets + 3 * (size_t)k);
                moved |= w != 0.0f;
            }
        }
        if (moved && normal_offsets) pm__normalize3(normals + 3 * j);
        if (moved && tangent_offsets) pm__normalize3(tangents + 4 * j);
        cursor->floor = end;
    }
}

/* A float stream's stride in floats (0: packed, `packed` floats) */
static size_t pm__stride_floats(int stride, size_t packed) { return stride ? (size_t)stride / 4 : packed; }

static void pm__job_block(const pm_skin_job *job, pm__block *b)
{
    b->positions = job->positions;
    b->normals = job->normals;
    b->tangents = job->tangents;
    b->sdef = job->sdef;
    b->weights = job->bone_weights;
    b->indices = job->bone_indices;
    b->index_step = pm__index_step(job);
    b->index_count = pm__influences(job);
    b->weight_count = pm__weights_per_vertex(job);
    b->types = job->types;
    b->out_positions = job->out_positions;
    b->out_normals = job->out_normals;
    b->out_tangents = job->out_tangents;
    b->step.positions = pm__stride_floats(job->stride.positions, 3);
    b->step.normals = pm__stride_floats(job->stride.normals, 3);
    b->step.tangents = pm__stride_floats(job->stride.tangents, 4);
    b->step.out_positions = pm__stride_floats(job->stride.out_positions, 3);
    b->step.out_normals = pm__stride_floats(job->stride.out_normals, 3);
    b->step.out_tangents = pm__stride_floats(job->stride.out_tangents, 4);
    b->weight_step = pm__stride_floats(job->stride.bone_weights, (size_t)pm__weights_per_vertex(job));
}

/* A kernel pass's pm__skin_span */
typedef void (*pm__skin_span_fn)(const pm_skin_job *job, const pm__block *b, int v, int end, int normals, int tangents,
                                 pm__morph_cursor *cursor, int interleaved);

/* Skins vertices v..v+n-1 (n <= PM__COPIED) of the job through packed
   copies, in blocks of `lanes` vertices by a kernel pass's `span`: the last
   vertex fills the lanes past n, whose results are dropped. No lane reads
   or writes outside the range. Written once for every pass: the copies
   gain nothing from wider instruction sets, and the three passes' copies
   of this function took about 2 s of the implementation's compile time. */
static void pm__skin_copied(const pm_skin_job *job, int v, int n, int normals, int tangents, pm__morph_cursor *cursor,
                            int lanes, pm__skin_span_fn span)
{
    float positions[3 * PM__COPIED], normal[3 * PM__COPIED], tangent[4 * PM__COPIED], sdef[9 * PM__COPIED],
        weights[8 * PM__COPIED], out_positions[3 * PM__COPIED], out_normals[3 * PM__COPIED], out_tangents[4 * PM__COPIED];
    uint16_t indices[8 * PM__COPIED];
    unsigned char types[PM__COPIED];
    const pm_skin_strides *stride = &job->stride;
    const size_t index_bytes = (size_t)pm__stream_bytes(job, 3), weight_bytes = (size_t)pm__stream_bytes(job, 4);
    const int blocks_end = (n + lanes - 1) / lanes * lanes;
    const int morph_normals = job->morph_start && job->morph_normals, morph_tangents = job->morph_start && job->morph_tangents;
    pm__block b;
    b.normals = normal;
    b.tangents = tangent;
    if (normals) {
        if (morph_normals) pm__copy_in(normal, job->normals, stride->normals, 12, v, n, blocks_end);
        else b.normals = (const float *)pm__stream_in(normal, job->normals, stride->normals, 12, v, n, blocks_end);
    }
    if (tangents) {
        if (morph_tangents) pm__copy_in(tangent, job->tangents, stride->tangents, 16, v, n, blocks_end);
        else b.tangents = (const float *)pm__stream_in(tangent, job->tangents, stride->tangents, 16, v, n, blocks_end);
    }
    b.positions = positions;
    if (job->morph_start) {
        pm__skin_morph(job, v, n, cursor, positions, normals && morph_normals ? normal : NULL,
                       tangents && morph_tangents ? tangent : NULL);
        pm__pad(positions, 12, n, blocks_end);
        if (normals && morph_normals) pm__pad(normal, 12, n, blocks_end);
        if (tangents && morph_tangents) pm__pad(tangent, 16, n, blocks_end);
    } else {
        b.positions = (const float *)pm__stream_in(positions, job->positions, stride->positions, 12, v, n, blocks_end);
    }
    b.sdef = job->sdef ? sdef : NULL; /* read by SDEF vertices only: */
    if (job->sdef && job->types && memchr(job->types + v, PM_SKIN_SDEF, (size_t)n))
        b.sdef = (const float *)pm__stream_in(sdef, job->sdef, stride->sdef, 36, v, n, blocks_end);
    b.index_step = (size_t)pm__influences(job);
    b.index_count = pm__influences(job);
    b.weight_count = pm__weights_per_vertex(job);
    b.weights = weight_bytes ? (const float *)pm__stream_in(weights, job->bone_weights, stride->bone_weights,
                                                            weight_bytes, v, n, blocks_end)
                             : NULL;
    if (pm__influences(job) == 8) {
        b.indices = (const uint16_t *)pm__stream_in(indices, job->bone_indices, stride->bone_indices, 16, v, n, blocks_end);
    } else if (n == blocks_end) { /* whole blocks: the indices in place, at any stride */
        b.indices = (const uint16_t *)pm__element(job->bone_indices, stride->bone_indices, index_bytes, v);
        b.index_step = pm__index_step(job);
    } else {
        b.indices = indices;
        pm__copy_in(indices, job->bone_indices, stride->bone_indices, index_bytes, v, n, blocks_end);
    }
    b.types = job->types ? (const unsigned char *)pm__stream_in(types, job->types, 0, 1, v, n, blocks_end) : NULL;
    b.out_positions = pm__stream_out(out_positions, job->out_positions, stride->out_positions, 12, v, n, blocks_end);
    b.out_normals = normals ? pm__stream_out(out_normals, job->out_normals, stride->out_normals, 12, v, n, blocks_end)
                            : out_normals;
    b.out_tangents = tangents ? pm__stream_out(out_tangents, job->out_tangents, stride->out_tangents, 16, v, n, blocks_end)
                              : out_tangents;
    span(job, &b, 0, blocks_end, normals, tangents, NULL, 0);
    if (b.out_positions == out_positions) pm__copy_out(job->out_positions, stride->out_positions, 12, v, n, out_positions);
    if (normals && b.out_normals == out_normals)
        pm__copy_out(job->out_normals, stride->out_normals, 12, v, n, out_normals);
    if (tangents && b.out_tangents == out_tangents)
        pm__copy_out(job->out_tangents, stride->out_tangents, 16, v, n, out_tangents);
}

/* ---- Kernel passes -----------------------------------------------------------

   The kernels below are compiled once for the instruction sets of the
   compiler's flags and, where PM__DISPATCH, again for AVX2 + FMA and for
   AVX-512 under their target pragmas: this file includes itself after the
   kernels, once per wider set. Each pass names its functions, types and
   tables for itself through this list (as zlib's Z_PREFIX does):
   pm__sdef is pm__base_sdef, pm__avx2_sdef or pm__avx512_sdef. A name
   left out stops the build with a redefinition. */
#define PM__K(name) PM__K_(PM__PASS, name)
#define PM__K_(pass, name) PM__K__(pass, name)
#define PM__K__(pass, name) pm__##pass##_##name
#define pm__add PM__K(add)
#define pm__affine_lanes PM__K(affine_lanes)
#define pm__any_outside PM__K(any_outside)
#define pm__apply3 PM__K(apply3)
#define pm__as_bits PM__K(as_bits)
#define pm__as_floats PM__K(as_floats)
#define pm__bdef1 PM__K(bdef1)
#define pm__bdef1_interleaved PM__K(bdef1_interleaved)
#define pm__bdef1_normal PM__K(bdef1_normal)
#define pm__bdef1_normals_by_vertex PM__K(bdef1_normals_by_vertex)
#define pm__bdef8 PM__K(bdef8)
#define pm__blend PM__K(blend)
#define pm__block_bdef1 PM__K(block_bdef1)
#define pm__block_bdef2 PM__K(block_bdef2)
#define pm__block_bdef4 PM__K(block_bdef4)
#define pm__block_bdef8 PM__K(block_bdef8)
#define pm__block_mixed PM__K(block_mixed)
#define pm__block_qdef PM__K(block_qdef)
#define pm__block_sdef PM__K(block_sdef)
#define pm__block_type PM__K(block_type)
#define pm__bone_rows PM__K(bone_rows)
#define pm__clamp_indices PM__K(clamp_indices)
#define pm__clamp_narrow PM__K(clamp_narrow)
#define pm__clamp_pair PM__K(clamp_pair)
#define pm__cofactor_normals PM__K(cofactor_normals)
#define pm__columns PM__K(columns)
#define pm__columns_at PM__K(columns_at)
#define pm__copy_lanes PM__K(copy_lanes)
#define pm__cross PM__K(cross)
#define pm__div PM__K(div)
#define pm__dot3 PM__K(dot3)
#define pm__dot4 PM__K(dot4)
#define pm__f PM__K(f)
#define pm__f128 PM__K(f128)
#define pm__flip PM__K(flip)
#define pm__floats PM__K(floats)
#define pm__gather1 PM__K(gather1)
#define pm__gather4 PM__K(gather4)
#define pm__greater PM__K(greater)
#define pm__halves PM__K(halves)
#define pm__i PM__K(i)
#define pm__i_and PM__K(i_and)
#define pm__i_andnot PM__K(i_andnot)
#define pm__i_any PM__K(i_any)
#define pm__i_or PM__K(i_or)
#define pm__i_set1 PM__K(i_set1)
#define pm__i_sub PM__K(i_sub)
#define pm__i_xor PM__K(i_xor)
#define pm__in_record PM__K(in_record)
#define pm__inverse_length PM__K(inverse_length)
#define pm__inverse_length4 PM__K(inverse_length4)
#define pm__inverse_sum PM__K(inverse_sum)
#define pm__kernels_name PM__K(kernels_name)
#define pm__linear PM__K(linear)
#define pm__linear_blend PM__K(linear_blend)
#define pm__load PM__K(load)
#define pm__load128 PM__K(load128)
#define pm__load3 PM__K(load3)
#define pm__load_at PM__K(load_at)
#define pm__load_floats PM__K(load_floats)
#define pm__load_lanes PM__K(load_lanes)
#define pm__load_lanes4 PM__K(load_lanes4)
#define pm__load_xyz PM__K(load_xyz)
#define pm__load_xyz_at PM__K(load_xyz_at)
#define pm__madd PM__K(madd)
#define pm__madd4 PM__K(madd4)
#define pm__mul PM__K(mul)
#define pm__nonfinite PM__K(nonfinite)
#define pm__normalize PM__K(normalize)
#define pm__normalize_four PM__K(normalize_four)
#define pm__outside PM__K(outside)
#define pm__prefetch PM__K(prefetch)
#define pm__prefetch_block PM__K(prefetch_block)
#define pm__prefetch_stream PM__K(prefetch_stream)
#define pm__qdef PM__K(qdef)
#define pm__quarters PM__K(quarters)
#define pm__quat_columns PM__K(quat_columns)
#define pm__record PM__K(record)
#define pm__records PM__K(records)
#define pm__records3 PM__K(records3)
#define pm__rigid_extras PM__K(rigid_extras)
#define pm__rotate_lanes PM__K(rotate_lanes)
#define pm__same_type_end PM__K(same_type_end)
#define pm__scale_weights PM__K(scale_weights)
#define pm__scatter4 PM__K(scatter4)
#define pm__sdef PM__K(sdef)
#define pm__select PM__K(select)
#define pm__set1 PM__K(set1)
#define pm__skin_bdef1 PM__K(skin_bdef1)
#define pm__skin_bdef1_interleaved PM__K(skin_bdef1_interleaved)
#define pm__skin_bdef1_normals PM__K(skin_bdef1_normals)
#define pm__skin_bdef2 PM__K(skin_bdef2)
#define pm__skin_bdef2_interleaved PM__K(skin_bdef2_interleaved)
#define pm__skin_bdef4 PM__K(skin_bdef4)
#define pm__skin_bdef4_interleaved PM__K(skin_bdef4_interleaved)
#define pm__skin_bdef8 PM__K(skin_bdef8)
#define pm__skin_blocks PM__K(skin_blocks)
#define pm__skin_mixed PM__K(skin_mixed)
#define pm__skin_qdef PM__K(skin_qdef)
#define pm__skin_range PM__K(skin_range)
#define pm__skin_sdef PM__K(skin_sdef)
#define pm__skin_span PM__K(skin_span)
#define pm__split_exponent PM__K(split_exponent)
#define pm__spring_affine_lanes PM__K(spring_affine_lanes)
#define pm__spring_collide PM__K(spring_collide)
#define pm__spring_collide_list PM__K(spring_collide_list)
#define pm__spring_collide_lists PM__K(spring_collide_lists)
#define pm__spring_gather PM__K(spring_gather)
#define pm__spring_in PM__K(spring_in)
#define pm__spring_lanes PM__K(spring_lanes)
#define pm__spring_out PM__K(spring_out)
#define pm__spring_steps PM__K(spring_steps)
#define pm__spring_world_block PM__K(spring_world_block)
#define pm__steps_for PM__K(steps_for)
#define pm__store PM__K(store)
#define pm__store3 PM__K(store3)
#define pm__store_lanes4 PM__K(store_lanes4)
#define pm__store_records3 PM__K(store_records3)
#define pm__store_xyz PM__K(store_xyz)
#define pm__store_xyz4 PM__K(store_xyz4)
#define pm__store_xyz_at PM__K(store_xyz_at)
#define pm__sub PM__K(sub)
#define pm__transpose4 PM__K(transpose4)
#define pm__typed_weights PM__K(typed_weights)
#define pm__with_handedness PM__K(with_handedness)

#define PM__KERNEL_PASS 1 /* the compiler flags' instruction sets */
#define PM__PASS base

#endif /* POSEMATH_IMPLEMENTATION: all but the kernels' passes */

#if defined(PM__KERNEL_PASS) /* ---- a kernel pass ---------------------------- */

/* This pass's widths: the flags' in pass 1, AVX2 + FMA in pass 2, AVX-512
   in pass 3 (which needs AVX2 + FMA too) */
#if PM__KERNEL_PASS == 3 || defined(PM__FLAGS_AVX512)
#define PM__AVX512
#endif
#if PM__KERNEL_PASS == 3 || (defined(PM__FLAGS_AVX512) && defined(__AVX512VL__)) /* masked 128-bit loads and stores */
#define PM__AVX512VL
#endif
#if PM__KERNEL_PASS >= 2 || defined(PM__FLAGS_AVX2)
#define PM__AVX2
#endif

/* ---- Lanes: the primitives, one block per instruction set -------------- */

/* 1 / sqrt(d) where d > 0, else 0. SIMD: the reciprocal square root
   estimate and one Newton step, at a fraction of sqrt and divide's cost.
   The step turns an estimate's relative error e into -1.5 e^2 (plus the
   step's float roundings): at most 2.0e-7 from RSQRTPS's 1.5 x 2^-12, far
   inside the 1e-5 the paths must agree to. */
#if defined(PM__SSE2)
static PM__INLINE __m128 pm__inverse_length4(__m128 d)
{
#if defined(POSEMATH_TEST_RSQRT_EDGE)
    __m128 r = _mm_mul_ps(_mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(d)), _mm_set1_ps(PM__RSQRT_EDGE(PM__RSQRTPS_BOUND)));
#else
    __m128 r = _mm_rsqrt_ps(d);
#endif
    r = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), r), _mm_sub_ps(_mm_set1_ps(3.0f), _mm_mul_ps(d, _mm_mul_ps(r, r))));
    return _mm_and_ps(r, _mm_cmpgt_ps(d, _mm_setzero_ps()));
}
#endif

/* Per instruction set: pm__f (a quantity of every lane) and its arithmetic;
   pm__inverse_length; and pm__i, the 32 bits of each lane, with the few
   bit operations the helpers after this block are written once over. */
#if defined(PM__AVX512)
#define PM__LANES 16
#define PM__KERNELS PM__KERNELS_AVX512
typedef __m512 pm__f;
static PM__INLINE pm__f pm__add(pm__f a, pm__f b) { return _mm512_add_ps(a, b); }
static PM__INLINE pm__f pm__sub(pm__f a, pm__f b) { return _mm512_sub_ps(a, b); }
static PM__INLINE pm__f pm__mul(pm__f a, pm__f b) { return _mm512_mul_ps(a, b); }
static PM__INLINE pm__f pm__div(pm__f a, pm__f b) { return _mm512_div_ps(a, b); }
static PM__INLINE pm__f pm__madd(pm__f a, pm__f b, pm__f c) { return _mm512_fmadd_ps(a, b, c); } /* a b + c */
static PM__INLINE pm__f pm__set1(float a) { return _mm512_set1_ps(a); }
static PM__INLINE pm__f pm__load(const float *p) { return _mm512_loadu_ps(p); }
static PM__INLINE void pm__store(float *p, pm__f a) { _mm512_storeu_ps(p, a); }
static PM__INLINE pm__f pm__inverse_length(pm__f d) /* 1 / sqrt(d) where d > 0, else 0 */
{
#if defined(POSEMATH_TEST_RSQRT_EDGE)
    __m512 r = _mm512_mul_ps(_mm512_div_ps(_mm512_set1_ps(1.0f), _mm512_sqrt_ps(d)),
                             _mm512_set1_ps(PM__RSQRT_EDGE(PM__RSQRT14PS_BOUND)));
#else
    __m512 r = _mm512_rsqrt14_ps(d);
#endif
    r = _mm512_mul_ps(_mm512_mul_ps(_mm512_set1_ps(0.5f), r), _mm512_fnmadd_ps(d, _mm512_mul_ps(r, r), _mm512_set1_ps(3.0f)));
    return _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(d, _mm512_setzero_ps(), _CMP_GT_OQ), r);
}
typedef __m512i pm__i;
static PM__INLINE pm__i pm__as_bits(pm__f a) { return _mm512_castps_si512(a); }
static PM__INLINE pm__f pm__as_floats(pm__i a) { return _mm512_castsi512_ps(a); }
static PM__INLINE pm__i pm__i_set1(uint32_t a) { return _mm512_set1_epi32((int)a); }
static PM__INLINE pm__i pm__i_and(pm__i a, pm__i b) { return _mm512_and_si512(a, b); }
static PM__INLINE pm__i pm__i_or(pm__i a, pm__i b) { return _mm512_or_si512(a, b); }
static PM__INLINE pm__i pm__i_xor(pm__i a, pm__i b) { return _mm512_xor_si512(a, b); }
static PM__INLINE pm__i pm__i_andnot(pm__i a, pm__i b) { return _mm512_andnot_si512(a, b); } /* ~a & b */
static PM__INLINE pm__i pm__i_sub(pm__i a, pm__i b) { return _mm512_sub_epi32(a, b); }
/* all ones in the lanes where a > b (ordered), else 0 */
static PM__INLINE pm__i pm__greater(pm__f a, pm__f b)
{
    return _mm512_maskz_mov_epi32(_mm512_cmp_ps_mask(a, b, _CMP_GT_OQ), _mm512_set1_epi32(-1));
}
/* all ones where a is not inside [low, high] (NaN included) */
static PM__INLINE pm__i pm__outside(pm__f a, pm__f low, pm__f high)
{
    return _mm512_maskz_mov_epi32(_mm512_cmp_ps_mask(a, low, _CMP_NGE_UQ) | _mm512_cmp_ps_mask(a, high, _CMP_NLE_UQ),
                                  _mm512_set1_epi32(-1));
}
static PM__INLINE int pm__i_any(pm__i a) { return _mm512_test_epi32_mask(a, a) != 0; }
#elif defined(PM__AVX2)
#define PM__LANES 8
#define PM__KERNELS PM__KERNELS_AVX2
typedef __m256 pm__f;
static PM__INLINE pm__f pm__add(pm__f a, pm__f b) { return _mm256_add_ps(a, b); }
static PM__INLINE pm__f pm__sub(pm__f a, pm__f b) { return _mm256_sub_ps(a, b); }
static PM__INLINE pm__f pm__mul(pm__f a, pm__f b) { return _mm256_mul_ps(a, b); }
static PM__INLINE pm__f pm__div(pm__f a, pm__f b) { return _mm256_div_ps(a, b); }
static PM__INLINE pm__f pm__madd(pm__f a, pm__f b, pm__f c) { return _mm256_fmadd_ps(a, b, c); } /* a b + c */
static PM__INLINE pm__f pm__set1(float a) { return _mm256_set1_ps(a); }
static PM__INLINE pm__f pm__load(const float *p) { return _mm256_loadu_ps(p); }
static PM__INLINE void pm__store(float *p, pm__f a) { _mm256_storeu_ps(p, a); }
static PM__INLINE pm__f pm__inverse_length(pm__f d) /* 1 / sqrt(d) where d > 0, else 0 */
{
#if defined(POSEMATH_TEST_RSQRT_EDGE)
    __m256 r = _mm256_mul_ps(_mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_sqrt_ps(d)),
                             _mm256_set1_ps(PM__RSQRT_EDGE(PM__RSQRTPS_BOUND)));
#else
    __m256 r = _mm256_rsqrt_ps(d);
#endif
    r = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5f), r), _mm256_fnmadd_ps(d, _mm256_mul_ps(r, r), _mm256_set1_ps(3.0f)));
    return _mm256_and_ps(r, _mm256_cmp_ps(d, _mm256_setzero_ps(), _CMP_GT_OQ));
}
typedef __m256i pm__i;
static PM__INLINE pm__i pm__as_bits(pm__f a) { return _mm256_castps_si256(a); }
static PM__INLINE pm__f pm__as_floats(pm__i a) { return _mm256_castsi256_ps(a); }
static PM__INLINE pm__i pm__i_set1(uint32_t a) { return _mm256_set1_epi32((int)a); }
static PM__INLINE pm__i pm__i_and(pm__i a, pm__i b) { return _mm256_and_si256(a, b); }
static PM__INLINE pm__i pm__i_or(pm__i a, pm__i b) { return _mm256_or_si256(a, b); }
static PM__INLINE pm__i pm__i_xor(pm__i a, pm__i b) { return _mm256_xor_si256(a, b); }
static PM__INLINE pm__i pm__i_andnot(pm__i a, pm__i b) { return _mm256_andnot_si256(a, b); }
static PM__INLINE pm__i pm__i_sub(pm__i a, pm__i b) { return _mm256_sub_epi32(a, b); }
static PM__INLINE pm__i pm__greater(pm__f a, pm__f b) { return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_GT_OQ)); }
static PM__INLINE pm__i pm__outside(pm__f a, pm__f low, pm__f high)
{
    return _mm256_castps_si256(_mm256_or_ps(_mm256_cmp_ps(a, low, _CMP_NGE_UQ), _mm256_cmp_ps(a, high, _CMP_NLE_UQ)));
}
static PM__INLINE int pm__i_any(pm__i a) { return _mm256_movemask_ps(_mm256_castsi256_ps(a)) != 0; }
#elif defined(PM__SSE2)
#define PM__LANES 4
#define PM__KERNELS "SSE2"
typedef __m128 pm__f;
static PM__INLINE pm__f pm__add(pm__f a, pm__f b) { return _mm_add_ps(a, b); }
static PM__INLINE pm__f pm__sub(pm__f a, pm__f b) { return _mm_sub_ps(a, b); }
static PM__INLINE pm__f pm__mul(pm__f a, pm__f b) { return _mm_mul_ps(a, b); }
static PM__INLINE pm__f pm__div(pm__f a, pm__f b) { return _mm_div_ps(a, b); }
static PM__INLINE pm__f pm__madd(pm__f a, pm__f b, pm__f c) { return _mm_add_ps(_mm_mul_ps(a, b), c); } /* a b + c */
static PM__INLINE pm__f pm__set1(float a) { return _mm_set1_ps(a); }
static PM__INLINE pm__f pm__load(const float *p) { return _mm_loadu_ps(p); }
static PM__INLINE void pm__store(float *p, pm__f a) { _mm_storeu_ps(p, a); }
static PM__INLINE pm__f pm__inverse_length(pm__f d) /* 1 / sqrt(d) where d > 0, else 0 */
{
    return pm__inverse_length4(d);
}
typedef __m128i pm__i;
static PM__INLINE pm__i pm__as_bits(pm__f a) { return _mm_castps_si128(a); }
static PM__INLINE pm__f pm__as_floats(pm__i a) { return _mm_castsi128_ps(a); }
static PM__INLINE pm__i pm__i_set1(uint32_t a) { return _mm_set1_epi32((int)a); }
static PM__INLINE pm__i pm__i_and(pm__i a, pm__i b) { return _mm_and_si128(a, b); }
static PM__INLINE pm__i pm__i_or(pm__i a, pm__i b) { return _mm_or_si128(a, b); }
static PM__INLINE pm__i pm__i_xor(pm__i a, pm__i b) { return _mm_xor_si128(a, b); }
static PM__INLINE pm__i pm__i_andnot(pm__i a, pm__i b) { return _mm_andnot_si128(a, b); }
static PM__INLINE pm__i pm__i_sub(pm__i a, pm__i b) { return _mm_sub_epi32(a, b); }
static PM__INLINE pm__i pm__greater(pm__f a, pm__f b) { return _mm_castps_si128(_mm_cmpgt_ps(a, b)); }
static PM__INLINE pm__i pm__outside(pm__f a, pm__f low, pm__f high)
{
    return _mm_castps_si128(_mm_or_ps(_mm_cmpnge_ps(a, low), _mm_cmpnle_ps(a, high)));
}
static PM__INLINE int pm__i_any(pm__i a) { return _mm_movemask_ps(_mm_castsi128_ps(a)) != 0; }
#elif defined(PM__NEON)
#define PM__LANES 4
#define PM__KERNELS "NEON"
typedef float32x4_t pm__f;
static PM__INLINE pm__f pm__add(pm__f a, pm__f b) { return vaddq_f32(a, b); }
static PM__INLINE pm__f pm__sub(pm__f a, pm__f b) { return vsubq_f32(a, b); }
static PM__INLINE pm__f pm__mul(pm__f a, pm__f b) { return vmulq_f32(a, b); }
static PM__INLINE pm__f pm__div(pm__f a, pm__f b) { return vdivq_f32(a, b); }
static PM__INLINE pm__f pm__madd(pm__f a, pm__f b, pm__f c) { return vfmaq_f32(c, a, b); } /* a b + c */
static PM__INLINE pm__f pm__set1(float a) { return vdupq_n_f32(a); }
static PM__INLINE pm__f pm__load(const float *p) { return vld1q_f32(p); }
static PM__INLINE void pm__store(float *p, pm__f a) { vst1q_f32(p, a); }
static PM__INLINE pm__f pm__inverse_length(pm__f d) /* 1 / sqrt(d) where d > 0, else 0 */
{
    float32x4_t r = vrsqrteq_f32(d); /* about 8 bits: two Newton steps */
    r = vmulq_f32(r, vrsqrtsq_f32(vmulq_f32(d, r), r));
    r = vmulq_f32(r, vrsqrtsq_f32(vmulq_f32(d, r), r));
    return vreinterpretq_f32_u32(vandq_u32(vreinterpretq_u32_f32(r), vcgtq_f32(d, vdupq_n_f32(0.0f))));
}
typedef uint32x4_t pm__i;
static PM__INLINE pm__i pm__as_bits(pm__f a) { return vreinterpretq_u32_f32(a); }
static PM__INLINE pm__f pm__as_floats(pm__i a) { return vreinterpretq_f32_u32(a); }
static PM__INLINE pm__i pm__i_set1(uint32_t a) { return vdupq_n_u32(a); }
static PM__INLINE pm__i pm__i_and(pm__i a, pm__i b) { return vandq_u32(a, b); }
static PM__INLINE pm__i pm__i_or(pm__i a, pm__i b) { return vorrq_u32(a, b); }
static PM__INLINE pm__i pm__i_xor(pm__i a, pm__i b) { return veorq_u32(a, b); }
static PM__INLINE pm__i pm__i_andnot(pm__i a, pm__i b) { return vbicq_u32(b, a); }
static PM__INLINE pm__i pm__i_sub(pm__i a, pm__i b) { return vsubq_u32(a, b); }
static PM__INLINE pm__i pm__greater(pm__f a, pm__f b) { return vcgtq_f32(a, b); }
static PM__INLINE pm__i pm__outside(pm__f a, pm__f low, pm__f high)
{
    return vmvnq_u32(vandq_u32(vcgeq_f32(a, low), vcleq_f32(a, high))); /* NaN compares false: outside */
}
static PM__INLINE int pm__i_any(pm__i a) { return vmaxvq_u32(a) != 0; }
#else
#define PM__LANES 1
#define PM__KERNELS "portable"
typedef float pm__f;
static PM__INLINE pm__f pm__add(pm__f a, pm__f b) { return a + b; }
static PM__INLINE pm__f pm__sub(pm__f a, pm__f b) { return a - b; }
static PM__INLINE pm__f pm__mul(pm__f a, pm__f b) { return a * b; }
static PM__INLINE pm__f pm__div(pm__f a, pm__f b) { return a / b; }
static PM__INLINE pm__f pm__madd(pm__f a, pm__f b, pm__f c) { return a * b + c; }
static PM__INLINE pm__f pm__set1(float a) { return a; }
static PM__INLINE pm__f pm__load(const float *p) { return *p; }
static PM__INLINE void pm__store(float *p, pm__f a) { *p = a; }
static PM__INLINE pm__f pm__inverse_length(pm__f d) /* 1 / sqrt(d) where d > 0, else 0 */
{
    return d > 0.0f ? 1.0f / sqrtf(d) : 0.0f;
}
typedef uint32_t pm__i;
static PM__INLINE pm__i pm__as_bits(pm__f a)
{
    pm__i r;
    memcpy(&r, &a, sizeof r);
    return r;
}
static PM__INLINE pm__f pm__as_floats(pm__i a)
{
    pm__f r;
    memcpy(&r, &a, sizeof r);
    return r;
}
static PM__INLINE pm__i pm__i_set1(uint32_t a) { return a; }
static PM__INLINE pm__i pm__i_and(pm__i a, pm__i b) { return a & b; }
static PM__INLINE pm__i pm__i_or(pm__i a, pm__i b) { return a | b; }
static PM__INLINE pm__i pm__i_xor(pm__i a, pm__i b) { return a ^ b; }
static PM__INLINE pm__i pm__i_andnot(pm__i a, pm__i b) { return ~a & b; }
static PM__INLINE pm__i pm__i_sub(pm__i a, pm__i b) { return a - b; }
static PM__INLINE pm__i pm__greater(pm__f a, pm__f b) { return a > b ? 0xffffffffu : 0u; }
static PM__INLINE pm__i pm__outside(pm__f a, pm__f low, pm__f high) { return a >= low && a <= high ? 0u : 0xffffffffu; }
static PM__INLINE int pm__i_any(pm__i a) { return a != 0; }
#endif

/* ---- Lanes: bit helpers, written once ------------------------------------ */

/* d = m 2^e (m in [1, 2), e in [-125, 125]) taken apart on its bits:
   *power = 2^-e, multiplying by which is exact, and *mantissa = m (the
   sign bit is 0 for d >= 0). On the bits, so that -ffast-math compilers
   cannot rewrite a division by m as one by d (estimated, 1 / d's Newton
   correction flushes to zero past 2^100). */
static PM__INLINE void pm__split_exponent(pm__f d, pm__f *mantissa, pm__f *power)
{
    const pm__i bits = pm__as_bits(d), exponent = pm__i_set1(0xffu << 23);
    *power = pm__as_floats(pm__i_sub(pm__i_set1(254u << 23), pm__i_and(bits, exponent)));
    *mantissa = pm__as_floats(pm__i_or(pm__i_andnot(exponent, bits), pm__i_set1(127u << 23)));
}

/* 1 / sum for sums in [2^-125, 2^125] (weight sums). -ffast-math computes
   a division as a reciprocal estimate and a Newton step whose correction
   flushes to zero for sums past about 2^100; sums above 2^64 are taken down
   by 2^64 on the exponent bits first, and the result up again, where the
   compiler cannot fold the scaling away. */
static PM__INLINE pm__f pm__inverse_sum(pm__f sum)
{
    const pm__i shift = pm__i_and(pm__greater(sum, pm__set1(18446744073709551616.0f)), pm__i_set1(64u << 23));
    const pm__f inverse = pm__div(pm__set1(1.0f), pm__as_floats(pm__i_sub(pm__as_bits(sum), shift)));
    return pm__as_floats(pm__i_sub(pm__as_bits(inverse), shift));
}

/* x with its sign flipped where s's sign bit is set (s < 0 or -0) */
static PM__INLINE pm__f pm__flip(pm__f x, pm__f s)
{
    return pm__as_floats(pm__i_xor(pm__as_bits(x), pm__i_and(pm__as_bits(s), pm__i_set1(0x80000000u))));
}

/* Whether any lane of d lies outside [low, high] */
static PM__INLINE int pm__any_outside(pm__f d, float low, float high)
{
    return pm__i_any(pm__outside(d, pm__set1(low), pm__set1(high)));
}

/* ---- Lanes: moving data ------------------------------------------------- */

#if defined(PM__AVX2)
/* Two vertices' rows in one register, the first in the low half: AVX's
   shuffles work within halves, so the four-wide transposes carry over with
   vertices 0-3 in the low halves and 4-7 in the high ones. */
static PM__INLINE __m256 pm__halves(__m128 low, __m128 high)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(low), high, 1);
}
#endif
#if defined(PM__AVX512)
/* AVX-512 the same way, four vertices' rows per register: vertices 0-3 in
   the first quarters, 4-7 in the second, and so on. */
static PM__INLINE __m512 pm__quarters(__m128 a, __m128 b, __m128 c, __m128 d)
{
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(pm__halves(a, b))),
                                               _mm256_castps_pd(pm__halves(c, d)), 1));
}
#endif

/* Each x86 width's shuffles, all within 128-bit lanes (macros: their
   patterns are immediates) */
#if defined(PM__AVX512)
#define PM__SHUFFLE _mm512_shuffle_ps
#define PM__UNPACKLO _mm512_unpacklo_ps
#define PM__UNPACKHI _mm512_unpackhi_ps
#elif defined(PM__AVX2)
#define PM__SHUFFLE _mm256_shuffle_ps
#define PM__UNPACKLO _mm256_unpacklo_ps
#define PM__UNPACKHI _mm256_unpackhi_ps
#elif defined(PM__SSE2)
#define PM__SHUFFLE _mm_shuffle_ps
#define PM__UNPACKLO _mm_unpacklo_ps
#define PM__UNPACKHI _mm_unpackhi_ps
#endif

/* r[0..3] as rows of four, transposed in every 128-bit lane: rows to
   columns */
#if defined(PM__SSE2)
static PM__INLINE void pm__transpose4(pm__f r[4])
{
    const pm__f t0 = PM__UNPACKLO(r[0], r[1]), t1 = PM__UNPACKLO(r[2], r[3]);
    const pm__f t2 = PM__UNPACKHI(r[0], r[1]), t3 = PM__UNPACKHI(r[2], r[3]);
    r[0] = PM__SHUFFLE(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    r[1] = PM__SHUFFLE(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    r[2] = PM__SHUFFLE(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    r[3] = PM__SHUFFLE(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}
#elif defined(PM__NEON)
static PM__INLINE void pm__transpose4(pm__f r[4])
{
    const float32x4x2_t a = vtrnq_f32(r[0], r[1]), b = vtrnq_f32(r[2], r[3]); /* pairs of rows interleaved */
    r[0] = vcombine_f32(vget_low_f32(a.val[0]), vget_low_f32(b.val[0]));
    r[1] = vcombine_f32(vget_low_f32(a.val[1]), vget_low_f32(b.val[1]));
    r[2] = vcombine_f32(vget_high_f32(a.val[0]), vget_high_f32(b.val[0]));
    r[3] = vcombine_f32(vget_high_f32(a.val[1]), vget_high_f32(b.val[1]));
}
#endif

#if defined(PM__SIMD)
/* The 4 floats at p, p + stride, p + 2 stride, ... into the 128-bit lanes
   of one register (PM__LANES / 4 of them), and back */
static PM__INLINE pm__f pm__load_lanes4(const float *p, size_t stride)
{
#if defined(PM__AVX512)
    return pm__quarters(_mm_loadu_ps(p), _mm_loadu_ps(p + stride), _mm_loadu_ps(p + 2 * stride),
                        _mm_loadu_ps(p + 3 * stride));
#elif defined(PM__AVX2)
    return pm__halves(_mm_loadu_ps(p), _mm_loadu_ps(p + stride));
#else
    (void)stride;
    return pm__load(p);
#endif
}

static PM__INLINE void pm__store_lanes4(float *p, size_t stride, pm__f v)
{
#if defined(PM__AVX512)
    _mm_storeu_ps(p, _mm512_castps512_ps128(v));
    _mm_storeu_ps(p + stride, _mm512_extractf32x4_ps(v, 1));
    _mm_storeu_ps(p + 2 * stride, _mm512_extractf32x4_ps(v, 2));
    _mm_storeu_ps(p + 3 * stride, _mm512_extractf32x4_ps(v, 3));
#elif defined(PM__AVX2)
    _mm_storeu_ps(p, _mm256_castps256_ps128(v));
    _mm_storeu_ps(p + stride, _mm256_extractf128_ps(v, 1));
#else
    (void)stride;
    pm__store(p, v);
#endif
}
#endif

/* Record j of records `stride` floats apart: at base + stride *
   index[j * index_stride], or with index NULL at base + stride j */
static PM__INLINE const float *pm__record(const float *base, size_t stride, const uint16_t *index, int index_stride,
                                          int j)
{
    return base + stride * (index ? (size_t)index[j * index_stride] : (size_t)j);
}

#if defined(PM__SIMD)
/* 4 floats at p, in a 128-bit register */
#if defined(PM__NEON)
typedef float32x4_t pm__f128;
static PM__INLINE pm__f128 pm__load128(const float *p) { return vld1q_f32(p); }
#else
typedef __m128 pm__f128;
static PM__INLINE pm__f128 pm__load128(const float *p) { return _mm_loadu_ps(p); }
#endif

/* Records j, j + 4, ... (one in each 128-bit lane) as one register:
   record j's 4 floats in the first lane */
static PM__INLINE pm__f pm__records(const float *base, size_t stride, const uint16_t *index, int index_stride, int j)
{
#if defined(PM__AVX512)
    return pm__quarters(pm__load128(pm__record(base, stride, index, index_stride, j)),
                        pm__load128(pm__record(base, stride, index, index_stride, j + 4)),
                        pm__load128(pm__record(base, stride, index, index_stride, j + 8)),
                        pm__load128(pm__record(base, stride, index, index_stride, j + 12)));
#elif defined(PM__AVX2)
    return pm__halves(pm__load128(pm__record(base, stride, index, index_stride, j)),
                      pm__load128(pm__record(base, stride, index, index_stride, j + 4)));
#else
    return pm__load128(pm__record(base, stride, index, index_stride, j));
#endif
}
#endif

/* Records of 4 floats (PM__LANES of them, as pm__record finds them):
   out[c] gets component c of every record. */
static PM__INLINE void pm__gather4(const float *base, size_t stride, const uint16_t *index, int index_stride, pm__f out[4])
{
#if defined(PM__SIMD)
    out[0] = pm__records(base, stride, index, index_stride, 0);
    out[1] = pm__records(base, stride, index, index_stride, 1);
    out[2] = pm__records(base, stride, index, index_stride, 2);
    out[3] = pm__records(base, stride, index, index_stride, 3);
    pm__transpose4(out);
#else
    const float *r = pm__record(base, stride, index, index_stride, 0);
    out[0] = r[0];
    out[1] = r[1];
    out[2] = r[2];
    out[3] = r[3];
#endif
}

/* The first float of each record, as pm__gather4 finds them, built
   in registers: storing lanes to memory and loading them as one vector
   would stall on store forwarding. */
static PM__INLINE pm__f pm__gather1(const float *base, size_t stride, const uint16_t *index, int index_stride)
{
    float one[PM__LANES];
    int j;
    PM__UNROLL
    for (j = 0; j < PM__LANES; ++j) one[j] = *pm__record(base, stride, index, index_stride, j);
#if defined(PM__AVX512)
    return _mm512_setr_ps(one[0], one[1], one[2], one[3], one[4], one[5], one[6], one[7], one[8], one[9], one[10],
                          one[11], one[12], one[13], one[14], one[15]);
#elif defined(PM__AVX2)
    return _mm256_setr_ps(one[0], one[1], one[2], one[3], one[4], one[5], one[6], one[7]);
#elif defined(PM__SSE2)
    return _mm_setr_ps(one[0], one[1], one[2], one[3]);
#elif defined(PM__NEON)
    return vsetq_lane_f32(one[3], vsetq_lane_f32(one[2], vsetq_lane_f32(one[1], vdupq_n_f32(one[0]), 1), 2), 3);
#else
    return one[0];
#endif
}

/* Records of 4 floats back from lanes, record j at dst + step j. */
static PM__INLINE void pm__scatter4(float *dst, size_t step, const pm__f in[4])
{
#if defined(PM__SIMD)
    pm__f r[4];
    memcpy(r, in, sizeof r);
    pm__transpose4(r);
    pm__store_lanes4(dst, 4 * step, r[0]);
    pm__store_lanes4(dst + step, 4 * step, r[1]);
    pm__store_lanes4(dst + 2 * step, 4 * step, r[2]);
    pm__store_lanes4(dst + 3 * step, 4 * step, r[3]);
#else
    (void)step;
    dst[0] = in[0];
    dst[1] = in[1];
    dst[2] = in[2];
    dst[3] = in[3];
#endif
}

/* xyz points (3 floats each, consecutive) to x, y, z lanes, and back;
   exactly 3 PM__LANES floats are read or written. */
static PM__INLINE void pm__load_xyz(const float *src, pm__f xyz[3])
{
#if defined(PM__SSE2)
    /* in each 128-bit lane: x0y0z0x1 y1z1x2y2 z2x3y3z3 */
    const pm__f a = pm__load_lanes4(src, 12), b = pm__load_lanes4(src + 4, 12), c = pm__load_lanes4(src + 8, 12);
    const pm__f b2b3c1c2 = PM__SHUFFLE(b, c, _MM_SHUFFLE(2, 1, 3, 2)), a1a2b0b1 = PM__SHUFFLE(a, b, _MM_SHUFFLE(1, 0, 2, 1));
    xyz[0] = PM__SHUFFLE(a, b2b3c1c2, _MM_SHUFFLE(2, 0, 3, 0));
    xyz[1] = PM__SHUFFLE(a1a2b0b1, b2b3c1c2, _MM_SHUFFLE(3, 1, 2, 0));
    xyz[2] = PM__SHUFFLE(a1a2b0b1, c, _MM_SHUFFLE(3, 0, 3, 1));
#elif defined(PM__NEON)
    const float32x4x3_t v = vld3q_f32(src); /* NEON takes interleaved triples apart as it loads */
    xyz[0] = v.val[0];
    xyz[1] = v.val[1];
    xyz[2] = v.val[2];
#else
    xyz[0] = src[0];
    xyz[1] = src[1];
    xyz[2] = src[2];
#endif
}

static PM__INLINE void pm__store_xyz(float *dst, const pm__f xyz[3])
{
#if defined(PM__SSE2)
    const pm__f lo = PM__UNPACKLO(xyz[0], xyz[1]), hi = PM__UNPACKHI(xyz[0], xyz[1]); /* x0y0x1y1, x2y2x3y3 */
    const pm__f z0z0x1x1 = PM__SHUFFLE(xyz[2], lo, _MM_SHUFFLE(2, 2, 0, 0));
    const pm__f y1y1z1z1 = PM__SHUFFLE(lo, xyz[2], _MM_SHUFFLE(1, 1, 3, 3));
    const pm__f x3y3z2z3 = PM__SHUFFLE(hi, xyz[2], _MM_SHUFFLE(3, 2, 3, 2));
    pm__store_lanes4(dst, 12, PM__SHUFFLE(lo, z0z0x1x1, _MM_SHUFFLE(2, 0, 1, 0)));
    pm__store_lanes4(dst + 4, 12, PM__SHUFFLE(y1y1z1z1, hi, _MM_SHUFFLE(1, 0, 2, 0)));
    pm__store_lanes4(dst + 8, 12, PM__SHUFFLE(x3y3z2z3, x3y3z2z3, _MM_SHUFFLE(3, 1, 0, 2)));
#elif defined(PM__NEON)
    float32x4x3_t v;
    v.val[0] = xyz[0];
    v.val[1] = xyz[1];
    v.val[2] = xyz[2];
    vst3q_f32(dst, v);
#else
    dst[0] = xyz[0];
    dst[1] = xyz[1];
    dst[2] = xyz[2];
#endif
}

/* The same for records of 3 floats `step` floats apart (an interleaved
   vertex buffer's; 3: packed): each record's 12 bytes are read or written
   and no others, which may be another stream's, or another thread's. */
#if defined(PM__SIMD)
static PM__INLINE pm__f128 pm__load3(const float *p)
{
#if defined(PM__NEON)
    return vcombine_f32(vld1_f32(p), vld1_lane_f32(p + 2, vdup_n_f32(0.0f), 0));
#elif defined(PM__AVX512VL) /* the 4th float masked out of the load: it may not be there */
    return _mm_maskz_loadu_ps(7, p);
#else
    return _mm_movelh_ps(_mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(const void *)p), _mm_load_ss(p + 2));
#endif
}

static PM__INLINE void pm__store3(float *p, pm__f128 v)
{
#if defined(PM__NEON)
    vst1_f32(p, vget_low_f32(v));
    vst1q_lane_f32(p + 2, v, 2);
#elif defined(PM__AVX512VL)
    _mm_mask_storeu_ps(p, 7, v);
#else
    _mm_storel_pi((__m64 *)(void *)p, v);
    _mm_store_ss(p + 2, _mm_movehl_ps(v, v));
#endif
}

/* Records j, j + 4, ... of 3 floats (one in each 128-bit lane), as
   pm__records reads 4, and back */
static PM__INLINE pm__f pm__records3(const float *base, size_t step, int j)
{
    const float *p = base + step * (size_t)j;
#if defined(PM__AVX512)
    return pm__quarters(pm__load3(p), pm__load3(p + 4 * step), pm__load3(p + 8 * step), pm__load3(p + 12 * step));
#elif defined(PM__AVX2)
    return pm__halves(pm__load3(p), pm__load3(p + 4 * step));
#else
    return pm__load3(p);
#endif
}

static PM__INLINE void pm__store_records3(float *base, size_t step, int j, pm__f v)
{
    float *p = base + step * (size_t)j;
#if defined(PM__AVX512)
    pm__store3(p, _mm512_castps512_ps128(v));
    pm__store3(p + 4 * step, _mm512_extractf32x4_ps(v, 1));
    pm__store3(p + 8 * step, _mm512_extractf32x4_ps(v, 2));
    pm__store3(p + 12 * step, _mm512_extractf32x4_ps(v, 3));
#elif defined(PM__AVX2)
    pm__store3(p, _mm256_castps256_ps128(v));
    pm__store3(p + 4 * step, _mm256_extractf128_ps(v, 1));
#else
    pm__store3(p, v);
#endif
}
#endif

static PM__INLINE void pm__load_xyz_at(const float *src, size_t step, pm__f xyz[3])
{
#if defined(PM__SIMD)
    pm__f r[4];
    if (step == 3) {
        pm__load_xyz(src, xyz);
        return;
    }
    r[0] = pm__records3(src, step, 0);
    r[1] = pm__records3(src, step, 1);
    r[2] = pm__records3(src, step, 2);
    r[3] = pm__records3(src, step, 3);
    pm__transpose4(r);
    xyz[0] = r[0];
    xyz[1] = r[1];
    xyz[2] = r[2];
#else
    (void)step; /* one vertex */
    pm__load_xyz(src, xyz);
#endif
}

static PM__INLINE void pm__store_xyz_at(float *dst, size_t step, const pm__f xyz[3])
{
#if defined(PM__SIMD)
    pm__f r[4];
    if (step == 3) {
        pm__store_xyz(dst, xyz);
        return;
    }
    r[0] = xyz[0];
    r[1] = xyz[1];
    r[2] = xyz[2];
    r[3] = xyz[2]; /* any: its lanes are not stored */
    pm__transpose4(r);
    pm__store_records3(dst, step, 0, r[0]);
    pm__store_records3(dst, step, 1, r[1]);
    pm__store_records3(dst, step, 2, r[2]);
    pm__store_records3(dst, step, 3, r[3]);
#else
    (void)step;
    pm__store_xyz(dst, xyz);
#endif
}

/* The floats base[step j], one a lane (step 1: a load) */
static PM__INLINE pm__f pm__load_at(const float *base, size_t step)
{
    return step == 1 ? pm__load(base) : pm__gather1(base, step, NULL, 0);
}

#if defined(PM__SSE2)
/* Two vertices' indices (i) clamped and stored at dst: the unsigned 16-bit
   minimum from SSE2's signed one, with the sign bits flipped */
static PM__INLINE void pm__clamp_pair(uint16_t *dst, __m128i i, __m128i flip, __m128i bound)
{
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_xor_si128(_mm_min_epi16(_mm_xor_si128(i, flip), bound), flip));
}
#endif

/* The vertices' 4 bone indices each (vertex j's at src + step j), packed
   and clamped to `last`: whatever the content, a bone read is a bone of
   the job. A strided vertex's 8 bytes are read by themselves. */
static PM__INLINE void pm__clamp_indices(const uint16_t *src, size_t step, unsigned last, uint16_t dst[4 * PM__LANES])
{
#if defined(PM__SSE2)
    const __m128i flip = _mm_set1_epi16(INT16_MIN), bound = _mm_xor_si128(_mm_set1_epi16((short)last), flip);
    int k;
    if (step == 4) /* packed: two vertices a load */
        for (k = 0; k < PM__LANES / 2; ++k)
            pm__clamp_pair(dst + 8 * k, _mm_loadu_si128((const __m128i *)(const void *)(src + 8 * k)), flip, bound);
    else
        for (k = 0; k < PM__LANES / 2; ++k)
            pm__clamp_pair(dst + 8 * k,
                           _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(src + 2 * (size_t)k * step)),
                                              _mm_loadl_epi64((const __m128i *)(const void *)(src + (2 * (size_t)k + 1) * step))),
                           flip, bound);
#elif defined(PM__NEON)
    const uint16x8_t bound = vdupq_n_u16((uint16_t)last);
    int k;
    for (k = 0; k < PM__LANES / 2; ++k) {
        const uint16_t *pair = src + 2 * (size_t)k * step;
        vst1q_u16(dst + 8 * k, vminq_u16(vcombine_u16(vld1_u16(pair), vld1_u16(pair + step)), bound));
    }
#else
    int k;
    (void)step; /* one vertex */
    for (k = 0; k < 4; ++k) dst[k] = (uint16_t)(src[k] <= last ? src[k] : last);
#endif
}

/* pm__clamp_indices for vertices with `count` (1 or 2) indices: each
   vertex's in its first slots (the others, which the blends of `count`
   slots do not read, 0 or left as they were); nothing past a vertex's
   `count` indices is read (the last vertex's may end its array). */
static PM__INLINE void pm__clamp_narrow(const uint16_t *src, size_t step, int count, unsigned last,
                                        uint16_t dst[4 * PM__LANES])
{
    int j, k;
#if defined(PM__SSE2)
    if (step == (size_t)count) { /* packed: four vertices a load, spread to 4 slots each by unpacking with 0 */
        const __m128i flip = _mm_set1_epi16(INT16_MIN), bound = _mm_xor_si128(_mm_set1_epi16((short)last), flip),
                      zero = _mm_setzero_si128();
        for (k = 0; k < PM__LANES / 4; ++k) {
            const __m128i four = count == 2 ? _mm_loadu_si128((const __m128i *)(const void *)(src + 8 * k))
                                            : _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(src + 4 * k)), zero);
            pm__clamp_pair(dst + 16 * k, _mm_unpacklo_epi32(four, zero), flip, bound);
            pm__clamp_pair(dst + 16 * k + 8, _mm_unpackhi_epi32(four, zero), flip, bound);
        }
        return;
    }
#endif
    for (j = 0; j < PM__LANES; ++j)
        for (k = 0; k < count; ++k) {
            const unsigned i = src[step * (size_t)j + (size_t)k];
            dst[4 * j + k] = (uint16_t)(i <= last ? i : last);
        }
}

/* lane i of v in every lane */
#if defined(PM__SSE2)
#define PM__LANE4(v, i) _mm_castsi128_ps(_mm_shuffle_epi32(_mm_castps_si128(v), _MM_SHUFFLE(i, i, i, i)))
#elif defined(PM__NEON)
#define PM__LANE4(v, i) vdupq_laneq_f32(v, i)
#endif

#if defined(PM__SIMD)
/* Row `row` of bone index[4 j + k]'s field at rows, for vertex j and (in
   the other 128-bit lanes) j + 4, j + 8, ...: with AVX, vertices j and
   j + 4 share registers, low half and high half, so one 8-wide
   multiply-add blends both and the rows are where the four-wide transposes
   want them (AVX-512: j, j + 4, j + 8 and j + 12 in quarters). */
static PM__INLINE pm__f pm__bone_rows(const float *rows, const uint16_t *index, int index_stride, int j, int k, int row)
{
    return pm__records(rows + 4 * row, PM__BONE_FLOATS, index + k, index_stride, j);
}

/* Lane j of w in every lane of each 128-bit lane (a macro: j is an
   immediate); one in-lane permute spreads lanes j and j + 4 over AVX's halves */
#if defined(PM__AVX512)
#define PM__LANE_OF(w, j) _mm512_permute_ps(w, _MM_SHUFFLE(j, j, j, j))
#elif defined(PM__AVX2)
#define PM__LANE_OF(w, j) _mm256_permute_ps(w, _MM_SHUFFLE(j, j, j, j))
#else
#define PM__LANE_OF(w, j) PM__LANE4(w, j)
#endif

/* pm__blend's vertex j (a macro: j is an immediate) */
#define PM__BLEND_VERTEX(rows, index, stride, w, slots, m, j)                                             \
    do {                                                                                             \
        int k_;                                                                                      \
        const pm__f w0_ = PM__LANE_OF((w)[0], j);                                                    \
        (m)[j] = pm__mul(w0_, pm__bone_rows(rows, index, stride, j, 0, 0));                                  \
        (m)[4 + (j)] = pm__mul(w0_, pm__bone_rows(rows, index, stride, j, 0, 1));                            \
        (m)[8 + (j)] = pm__mul(w0_, pm__bone_rows(rows, index, stride, j, 0, 2));                            \
        PM__UNROLL                                                                                   \
        for (k_ = 1; k_ < (slots); ++k_) {                                                           \
            const pm__f w_ = PM__LANE_OF((w)[k_], j);                                                \
            (m)[j] = pm__madd(w_, pm__bone_rows(rows, index, stride, j, k_, 0), (m)[j]);                     \
            (m)[4 + (j)] = pm__madd(w_, pm__bone_rows(rows, index, stride, j, k_, 1), (m)[4 + (j)]);         \
            (m)[8 + (j)] = pm__madd(w_, pm__bone_rows(rows, index, stride, j, k_, 2), (m)[8 + (j)]);         \
        }                                                                                            \
    } while (0)
#endif

/* The blended 3x4 matrix of each vertex, m[e] element e of a pm_skin_bone
   field's 12 floats (rows: the field of bone 0): vertex j blends the bones
   index[index_stride j + k] with the weights w[k]'s lane j, k < slots. Each vertex is
   blended in its own registers, one transpose for all: blending in lanes
   would transpose every bone. */
static PM__INLINE void pm__blend(const float *rows, const uint16_t *index, int index_stride, const pm__f *w, int slots,
                                 pm__f m[12])
{
#if defined(PM__SIMD)
    /* written out: registers indexed by a loop counter would live in memory */
    PM__BLEND_VERTEX(rows, index, index_stride, w, slots, m, 0);
    PM__BLEND_VERTEX(rows, index, index_stride, w, slots, m, 1);
    PM__BLEND_VERTEX(rows, index, index_stride, w, slots, m, 2);
    PM__BLEND_VERTEX(rows, index, index_stride, w, slots, m, 3);
    pm__transpose4(m);
    pm__transpose4(m + 4);
    pm__transpose4(m + 8);
#else
    int e, k;
    (void)index_stride; /* one vertex */
    for (e = 0; e < 12; ++e) m[e] = w[0] * rows[PM__BONE_FLOATS * index[0] + (size_t)e];
    for (k = 1; k < slots; ++k)
        for (e = 0; e < 12; ++e) m[e] += w[k] * rows[PM__BONE_FLOATS * index[k] + (size_t)e];
#endif
}

/* ---- The kernels, once for every width ---------------------------------- */

/* The steps the kernels take through b's streams: b's own where `strided`
   (a constant wherever the kernels are compiled, so that the packed
   kernels' addresses stay constants), else packed */
static PM__INLINE pm__steps pm__steps_for(const pm__block *b, int strided)
{
    pm__steps packed;
    if (strided) return b->step;
    packed.positions = packed.normals = packed.out_positions = packed.out_normals = 3;
    packed.tangents = packed.out_tangents = 4;
    return packed;
}

/* The cache lines of `bytes` bytes from p, asked for ahead of their use.
   The kernels' streams run on for megabytes, and the hardware's
   prefetchers lose them at each 4 KiB page (on the 2-core Intel VMs this
   was measured on, warm and cold alike: docs/skinning.md, Performance). */
static PM__INLINE void pm__prefetch(const void *p, size_t bytes)
{
#if defined(PM__SSE2) || (defined(PM__NEON) && defined(__GNUC__))
    uintptr_t line = (uintptr_t)p & ~(uintptr_t)63;
    for (; line < (uintptr_t)p + bytes; line += 64) {
#if defined(PM__SSE2)
        _mm_prefetch((const char *)line, _MM_HINT_T0);
#else
        __builtin_prefetch((const void *)line);
#endif
    }
#else /* the portable code, one vertex a block, is not bound by memory */
    (void)p, (void)bytes;
#endif
}

/* Vertex v's block's streams, asked for PM__PREFETCH_AHEAD vertices
   before the kernels reach them: each stream's, but those in the same
   records as the positions (or the outputs' positions): less than a
   record from them */
#define PM__PREFETCH_AHEAD 128
static PM__INLINE int pm__in_record(const void *stream, const void *record, size_t record_bytes)
{
    return (uintptr_t)stream - (uintptr_t)record + record_bytes < 2 * record_bytes;
}

/* A stream's block at v (`step` floats a vertex) unless it lies in the
   records at `record` (`record_bytes` a vertex), whose lines are asked for */
static PM__INLINE void pm__prefetch_stream(const float *stream, size_t step, size_t v, const float *record,
                                           size_t record_bytes)
{
    const void *at = stream + step * v;
    if (!pm__in_record(at, record, record_bytes)) pm__prefetch(at, 4 * step * PM__LANES);
}

static PM__INLINE void pm__prefetch_block(const pm__block *b, size_t v, int weights, int normals, int tangents,
                                          int strided)
{
    const pm__steps step = pm__steps_for(b, strided);
    const size_t in_record = 4 * step.positions, out_record = 4 * step.out_positions;
    const float *positions = b->positions + step.positions * v, *out_positions = b->out_positions + step.out_positions * v;
    const uint16_t *index = b->indices + b->index_step * v;
    pm__prefetch(positions, in_record * PM__LANES);
    pm__prefetch(out_positions, out_record * PM__LANES);
    if (!pm__in_record(index, positions, in_record)) pm__prefetch(index, 2 * b->index_step * PM__LANES);
    if (weights && b->weight_count > 0)
        pm__prefetch_stream(b->weights, strided ? b->weight_step : (size_t)b->weight_count, v, positions, in_record);
    if (normals) {
        pm__prefetch_stream(b->normals, step.normals, v, positions, in_record);
        pm__prefetch_stream(b->out_normals, step.out_normals, v, out_positions, out_record);
    }
    if (tangents) {
        pm__prefetch_stream(b->tangents, step.tangents, v, positions, in_record);
        pm__prefetch_stream(b->out_tangents, step.out_tangents, v, out_positions, out_record);
    }
}

static PM__INLINE void pm__apply3(const pm__f m[9], const pm__f v[3], pm__f out[3])
{
    out[0] = pm__madd(m[0], v[0], pm__madd(m[3], v[1], pm__mul(m[6], v[2])));
    out[1] = pm__madd(m[1], v[0], pm__madd(m[4], v[1], pm__mul(m[7], v[2])));
    out[2] = pm__madd(m[2], v[0], pm__madd(m[5], v[1], pm__mul(m[8], v[2])));
}

/* a . b as two halves added: the sign QDEF's and SDEF's blends wait on
   comes a multiply-add sooner than from a chain of four */
static PM__INLINE pm__f pm__dot4(const pm__f a[4], const pm__f b[4])
{
    return pm__add(pm__madd(a[0], b[0], pm__mul(a[1], b[1])), pm__madd(a[2], b[2], pm__mul(a[3], b[3])));
}

static PM__INLINE pm__f pm__dot3(const pm__f a[3], const pm__f b[3])
{
    return pm__madd(a[0], b[0], pm__madd(a[1], b[1], pm__mul(a[2], b[2])));
}

/* v / |v|, negated where `sign` is negative; a zero vector stays zero. */
static PM__INLINE void pm__normalize(pm__f v[3], pm__f sign)
{
    pm__f r = pm__flip(pm__inverse_length(pm__dot3(v, v)), sign);
    v[0] = pm__mul(v[0], r);
    v[1] = pm__mul(v[1], r);
    v[2] = pm__mul(v[2], r);
}

/* a x b, each 3 lanes */
static PM__INLINE void pm__cross(const pm__f a[3], const pm__f b[3], pm__f out[3])
{
    out[0] = pm__sub(pm__mul(a[1], b[2]), pm__mul(a[2], b[1]));
    out[1] = pm__sub(pm__mul(a[2], b[0]), pm__mul(a[0], b[2]));
    out[2] = pm__sub(pm__mul(a[0], b[1]), pm__mul(a[1], b[0]));
}

/* v turned by quaternions q of any length, f = 2 / |q|^2:
   v + f (w t + q x t), t = q x v (the vector parts' cross products). */
static PM__INLINE void pm__rotate_lanes(const pm__f q[4], pm__f f, const pm__f v[3], pm__f out[3])
{
    pm__f t[3], q_t[3];
    int k;
    pm__cross(q, v, t);
    pm__cross(q, t, q_t);
    PM__UNROLL
    for (k = 0; k < 3; ++k) out[k] = pm__madd(f, pm__madd(q[3], t[k], q_t[k]), v[k]);
}

/* The normals n of the block's vertices v.. by the 3x3 matrices A (m[0..8],
   columns c0, c1, c2): normalize(A^-T n), where
   det(A) A^-T n = x (c1 x c2) + y (c2 x c0) + z (c0 x c1)
                 = c1 x (x c2 - z c0) + y (c2 x c0):
   two cross products instead of the nine cofactors, and det = c1 . (c2 x c0)
   gives the sign. Returns whether a vertex's det(A) A^-T n has a squared
   length outside [2^-100, 2^100], where its float normal may be off: bones
   scaled by less than about 2^-25 or more than 2^25 (or normals far from
   unit length). */
static PM__INLINE int pm__cofactor_normals(const pm__f m[9], const pm__block *b, size_t v, pm__steps step)
{
    pm__f in[3], u[3], c2_c0[3], out[3];
    int k, outside;
    pm__load_xyz_at(b->normals + step.normals * v, step.normals, in);
    PM__UNROLL
    for (k = 0; k < 3; ++k) u[k] = pm__sub(pm__mul(in[0], m[6 + k]), pm__mul(in[2], m[k]));
    pm__cross(m + 3, u, out);
    pm__cross(m + 6, m, c2_c0);
    PM__UNROLL
    for (k = 0; k < 3; ++k) out[k] = pm__madd(in[1], c2_c0[k], out[k]);
    outside = pm__any_outside(pm__dot3(out, out), 7.8886091e-31f, 1.2676506e+30f);
    pm__normalize(out, pm__dot3(m + 3, c2_c0));
    pm__store_xyz_at(b->out_normals + step.out_normals * v, step.out_normals, out);
    return outside;
}

/* Linear blend of the block's vertices v.. (bind positions at `positions`)
   by the blended 3x4 matrices m = (A | t), blended with weights whose sum
   is 1 / inv: p' = (A p + t) inv, n' = normalize(A^-T n) (normals 1, the
   exact rule) or normalize(A n) (PM__NORMALS_BLENDED), t' = normalize(A t).
   Each output is stored as soon as it is computed, positions first: then
   the normal's work has the registers of t and of the positions too (SSE2
   has 16, and m alone takes 12). Returns whether a vertex's unnormalized
   normal has a squared length outside [2^-100, 2^100], as
   pm__cofactor_normals does (0 without normals). The streams' elements lie
   `step` apart (pm__steps_for), positions' from `positions` on. */
static PM__INLINE int pm__linear(const pm__f m[12], pm__f inv, const pm__block *b, size_t v, const float *positions,
                                 int normals, int tangents, pm__steps step)
{
    pm__f in[4], out[4];
    int k, outside = 0;
    pm__load_xyz_at(positions, step.positions, in);
    pm__apply3(m, in, out);
    PM__UNROLL
    for (k = 0; k < 3; ++k) out[k] = pm__mul(pm__add(out[k], m[9 + k]), inv);
    pm__store_xyz_at(b->out_positions + step.out_positions * v, step.out_positions, out);
    if (normals == PM__NORMALS_BLENDED) { /* normalize(A n), as tangents */
        pm__load_xyz_at(b->normals + step.normals * v, step.normals, in);
        pm__apply3(m, in, out);
        outside = pm__any_outside(pm__dot3(out, out), 7.8886091e-31f, 1.2676506e+30f);
        pm__normalize(out, pm__set1(1.0f));
        pm__store_xyz_at(b->out_normals + step.out_normals * v, step.out_normals, out);
    } else if (normals) {
        outside = pm__cofactor_normals(m, b, v, step);
    }
    if (tangents) {
        pm__gather4(b->tangents + step.tangents * v, step.tangents, NULL, 0, in);
        pm__apply3(m, in, out);
        pm__normalize(out, pm__set1(1.0f));
        out[3] = in[3];
        pm__scatter4(b->out_tangents + step.out_tangents * v, step.out_tangents, out);
    }
    return outside;
}

#if defined(PM__AVX512) || !defined(PM__SSE2)
/* A BDEF1 vertex's normal, normalize(N n), N the normal matrix
   pm_skin_job_prepare scaled to fit a float: right at any bone scale. */
static void pm__bdef1_normal(const float normal[12], const float in[3], float out[3])
{
    float n[3];
    int r;
    for (r = 0; r < 3; ++r) n[r] = normal[r] * in[0] + normal[4 + r] * in[1] + normal[8 + r] * in[2];
    pm__normalize3(n);
    memcpy(out, n, sizeof n);
}
#endif

#if defined(PM__AVX512) || defined(PM__NEON)
/* ---- BDEF1 in lanes ---------------------------------------------------------

   With AVX-512's 16 lanes, the lane kernel skins BDEF1 faster than a vertex
   per register does (docs/skinning.md), and NEON, whose loads take
   interleaved triples apart, runs it too: each vertex's matrix is a blend of
   one bone with weight 1, and its normal comes from cofactors (or A) like
   the blends'. Blending pm_skin_job_prepare's normal matrices as well, right
   at any scale, costs more; they redo the rare block whose bones are
   scaled past the cofactors' float range, vertex by vertex. */
static PM__NOINLINE void pm__bdef1_normals_by_vertex(const pm_skin_bone *bones, const uint16_t *index,
                                                     const pm__block *b, size_t v, pm__steps step)
{
    size_t j;
    for (j = 0; j < PM__LANES; ++j)
        pm__bdef1_normal(bones[index[4 * j]].normal, b->normals + step.normals * (v + j),
                         b->out_normals + step.out_normals * (v + j));
}

static PM__INLINE void pm__bdef1(const pm_skin_bone *bones, unsigned last, const pm__block *b, size_t v,
                                 const float *positions, int normals, int tangents, int strided)
{
    const pm__f one[4] = {pm__set1(1.0f), pm__set1(0.0f), pm__set1(0.0f), pm__set1(0.0f)};
    const pm__steps step = pm__steps_for(b, strided);
    uint16_t index[4 * PM__LANES];
    pm__f m[12];
    const float *rows = PM__BONE_FIELD(bones, matrix);
    int j;
    if (b->index_count == 1) pm__clamp_narrow(b->indices + b->index_step * v, b->index_step, 1, last, index);
    else pm__clamp_indices(b->indices + b->index_step * v, b->index_step, last, index);
    PM__UNROLL
    for (j = 0; j < 4; ++j) { /* pm__blend's rows, a weight of 1 left out (a multiply by 1 is exact) */
        m[j] = pm__bone_rows(rows, index, 4, j, 0, 0);
        m[4 + j] = pm__bone_rows(rows, index, 4, j, 0, 1);
        m[8 + j] = pm__bone_rows(rows, index, 4, j, 0, 2);
    }
    pm__transpose4(m);
    pm__transpose4(m + 4);
    pm__transpose4(m + 8);
    if (pm__linear(m, one[0], b, v, positions, normals, tangents, step))
        pm__bdef1_normals_by_vertex(bones, index, b, v, step);
}
#elif defined(PM__SSE2)
/* ---- BDEF1, a vertex per register ----------------------------------------

   A BDEF1 vertex reads one bone as it is: each column of the bone's matrix
   (pm_skin_bone.columns, padded to 4 floats) loads into one register and
   the vertex's coordinates are broadcast, so no matrix is transposed, and
   its normal matrix comes ready from pm_skin_job_prepare. Only the lengths
   are worked out in lanes, four vertices at a time. This is how
   ozz-animation's jobs skin, too, and with SSE2 and AVX2 it skins BDEF1
   faster than the lane kernel (with AVX-512, see above; docs/skinning.md
   has the figures). Registers hold x, y, z and a fourth lane that is
   dropped (or, for normals and tangents, 0). */

/* Four vertices' 12 (xyz) or 16 (tangents) floats, each of which
   PM__FLOAT puts in every lane of a register: AVX2 loads it broadcast, a
   load and no shuffle; SSE2 shuffles it out of the 4 floats around it,
   loaded once (fewer instructions than a load and a shuffle for each). */
typedef struct pm__floats {
#if defined(PM__AVX2)
    const float *p;
#else
    __m128i quad[4];
#endif
} pm__floats;

static PM__INLINE void pm__load_floats(const float *p, int quads, pm__floats *f)
{
#if defined(PM__AVX2)
    (void)quads;
    f->p = p;
#else
    int k;
    PM__UNROLL
    for (k = 0; k < quads; ++k) f->quad[k] = _mm_loadu_si128((const __m128i *)(const void *)(p + 4 * k));
#endif
}

#if defined(PM__AVX2)
#define PM__FLOAT(f, e) _mm_broadcast_ss((f).p + (e))
#else
#define PM__FLOAT(f, e) _mm_castsi128_ps(_mm_shuffle_epi32((f).quad[(e) / 4], (e) % 4 * 0x55))
#endif

static PM__INLINE __m128 pm__madd4(__m128 a, __m128 b, __m128 c)
{
#if defined(PM__AVX2)
    return _mm_fmadd_ps(a, b, c);
#else
    return _mm_add_ps(_mm_mul_ps(a, b), c);
#endif
}

/* x c0 + y c1 + z c2 (+ `last`, unless NULL): the columns at c, 4 floats
   apart and on 16 bytes, as pm_skin_bone keeps them (SSE2 multiplies
   straight from memory) */
static PM__INLINE __m128 pm__columns(const float *c, __m128 x, __m128 y, __m128 z, const float *last)
{
    const __m128 zc = last ? pm__madd4(z, _mm_load_ps(c + 8), _mm_load_ps(last)) : _mm_mul_ps(z, _mm_load_ps(c + 8));
    return pm__madd4(x, _mm_load_ps(c), pm__madd4(y, _mm_load_ps(c + 4), zc));
}

/* pm__columns for the vector at floats s..s+2 of f; written out for each
   vertex, as the shuffles need their lanes as constants */
#define PM__COLUMNS(c, f, s, last) pm__columns(c, PM__FLOAT(f, s), PM__FLOAT(f, (s) + 1), PM__FLOAT(f, (s) + 2), last)

/* Four vectors whose fourth lanes are 0 divided by their lengths: the
   squares are summed across by one transpose's shuffles. */
static PM__INLINE void pm__normalize_four(__m128 v[4])
{
    const __m128 d0 = _mm_mul_ps(v[0], v[0]), d1 = _mm_mul_ps(v[1], v[1]), d2 = _mm_mul_ps(v[2], v[2]),
                 d3 = _mm_mul_ps(v[3], v[3]);
    const __m128 a = _mm_add_ps(_mm_unpacklo_ps(d0, d1), _mm_unpackhi_ps(d0, d1)); /* x0+z0 x1+z1 y0+w0 y1+w1 */
    const __m128 b = _mm_add_ps(_mm_unpacklo_ps(d2, d3), _mm_unpackhi_ps(d2, d3));
    const __m128 r = pm__inverse_length4(_mm_add_ps(_mm_movelh_ps(a, b), _mm_movehl_ps(b, a)));
    v[0] = _mm_mul_ps(v[0], PM__LANE4(r, 0));
    v[1] = _mm_mul_ps(v[1], PM__LANE4(r, 1));
    v[2] = _mm_mul_ps(v[2], PM__LANE4(r, 2));
    v[3] = _mm_mul_ps(v[3], PM__LANE4(r, 3));
}

/* The x, y, z of four registers to 12 consecutive floats */
static PM__INLINE void pm__store_xyz4(float *dst, const __m128 v[4])
{
    _mm_storeu_ps(dst, _mm_shuffle_ps(v[0], _mm_shuffle_ps(v[0], v[1], _MM_SHUFFLE(0, 0, 2, 2)), _MM_SHUFFLE(2, 0, 1, 0)));
    _mm_storeu_ps(dst + 4, _mm_shuffle_ps(v[1], v[2], _MM_SHUFFLE(1, 0, 2, 1)));
    _mm_storeu_ps(dst + 8, _mm_shuffle_ps(_mm_shuffle_ps(v[2], v[3], _MM_SHUFFLE(0, 0, 2, 2)), v[3], _MM_SHUFFLE(2, 1, 2, 0)));
}

/* The vector of 3 floats at p broadcast to x, y and z (exactly 12 bytes
   read), through pm__columns */
static PM__INLINE __m128 pm__columns_at(const float *c, const float *p, const float *last)
{
#if defined(PM__AVX2)
    return pm__columns(c, _mm_broadcast_ss(p), _mm_broadcast_ss(p + 1), _mm_broadcast_ss(p + 2), last);
#else
    const __m128 v = pm__load3(p);
    return pm__columns(c, PM__LANE4(v, 0), PM__LANE4(v, 1), PM__LANE4(v, 2), last);
#endif
}

/* A turned tangent's x, y, z with the handedness w of the tangent `in` it
   came from, whatever x, y, z came to */
static PM__INLINE __m128 pm__with_handedness(__m128 turned, const float *in)
{
    const __m128 xyz = _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0));
    return _mm_or_ps(_mm_and_ps(xyz, turned), _mm_andnot_ps(xyz, _mm_loadu_ps(in)));
}

/* BDEF1 of the interleaved vertices v..v+count-1 (count a multiple of 4):
   pm__bdef1's math a vertex at a time, each element read and written where
   it lies, each stream's pointer moved on by its stride from vertex to
   vertex (as ozz-animation's job does), over a whole range at once rather
   than block by block. The pointers are locals: the stores' intrinsics may
   alias anything, so the block's fields would be read again after every
   store. */
static PM__INLINE void pm__bdef1_interleaved(const pm_skin_bone *bones, unsigned last, const pm__block *b, size_t v,
                                         size_t count, int normals, int tangents)
{
    const pm__steps step = b->step;
    const size_t index_step = b->index_step, position_bytes = 4 * step.positions, normal_bytes = 4 * step.normals,
                 tangent_bytes = 4 * step.tangents, out_position_bytes = 4 * step.out_positions,
                 out_normal_bytes = 4 * step.out_normals, out_tangent_bytes = 4 * step.out_tangents;
    const uint16_t *index = b->indices + index_step * v;
    const char *position = (const char *)(const void *)b->positions + position_bytes * v, *normal = NULL, *tangent = NULL;
    char *out_position = (char *)(void *)b->out_positions + out_position_bytes * v, *out_normal = NULL, *out_tangent = NULL;
    size_t g;
    int j;
    if (normals) {
        normal = (const char *)(const void *)b->normals + normal_bytes * v;
        out_normal = (char *)(void *)b->out_normals + out_normal_bytes * v;
    }
    if (tangents) {
        tangent = (const char *)(const void *)b->tangents + tangent_bytes * v;
        out_tangent = (char *)(void *)b->out_tangents + out_tangent_bytes * v;
    }
    for (g = 0; g < count; g += 4) {
        const pm_skin_bone *bone[4];
        __m128 n[4];
        PM__UNROLL
        for (j = 0; j < 4; ++j) {
            const unsigned i = *index;
            bone[j] = &bones[i <= last ? i : last];
            if (normals) { /* read before the position's store, which may alias it as far as the compiler knows */
                n[j] = pm__columns_at(bone[j]->normal, (const float *)(const void *)normal, NULL);
                normal += normal_bytes;
            }
            pm__store3((float *)(void *)out_position,
                       pm__columns_at(bone[j]->columns, (const float *)(const void *)position, bone[j]->translation));
            index += index_step, position += position_bytes, out_position += out_position_bytes;
        }
        if (normals) {
            pm__normalize_four(n);
            PM__UNROLL
            for (j = 0; j < 4; ++j, out_normal += out_normal_bytes) pm__store3((float *)(void *)out_normal, n[j]);
        }
        if (tangents) {
            __m128 t[4];
            const char *in = tangent;
            PM__UNROLL
            for (j = 0; j < 4; ++j, tangent += tangent_bytes)
                t[j] = pm__columns_at(bone[j]->columns, (const float *)(const void *)tangent, NULL);
            pm__normalize_four(t);
            PM__UNROLL
            for (j = 0; j < 4; ++j, in += tangent_bytes, out_tangent += out_tangent_bytes)
                _mm_storeu_ps((float *)(void *)out_tangent, pm__with_handedness(t[j], (const float *)(const void *)in));
        }
        if (g % PM__LANES == 0 && count - g > PM__PREFETCH_AHEAD)
            pm__prefetch_block(b, v + g + PM__PREFETCH_AHEAD, 0, normals, tangents, 1);
    }
}

/* BDEF1 for the block's vertices v.. (bind positions at `positions`), whose
   bones are b's indices clamped to `last`: one each, clamped as it is read
   (the other types' clamp-all-then-extract is slower for one bone) */
static PM__INLINE void pm__bdef1(const pm_skin_bone *bones, unsigned last, const pm__block *b, size_t v,
                                 const float *positions, int normals, int tangents, int strided)
{
    const size_t step = b->index_step;
    const uint16_t *index = b->indices + step * v;
    int g, j;
    (void)strided; /* interleaved records go to pm__bdef1_interleaved a whole range at once */
    for (g = 0; g < PM__LANES; g += 4) {
        const size_t first = v + (size_t)g;
        const pm_skin_bone *bone[4];
        __m128 r[4], n[4];
        pm__floats f;
        PM__UNROLL
        for (j = 0; j < 4; ++j) {
            const unsigned i = index[step * (size_t)(g + j)];
            bone[j] = &bones[i <= last ? i : last];
        }
        pm__load_floats(positions + 3 * g, 3, &f);
        r[0] = PM__COLUMNS(bone[0]->columns, f, 0, bone[0]->translation);
        r[1] = PM__COLUMNS(bone[1]->columns, f, 3, bone[1]->translation);
        r[2] = PM__COLUMNS(bone[2]->columns, f, 6, bone[2]->translation);
        r[3] = PM__COLUMNS(bone[3]->columns, f, 9, bone[3]->translation);
        if (normals) { /* read first: loads may not move past stores that could alias them */
            pm__load_floats(b->normals + 3 * first, 3, &f);
            n[0] = PM__COLUMNS(bone[0]->normal, f, 0, NULL);
            n[1] = PM__COLUMNS(bone[1]->normal, f, 3, NULL);
            n[2] = PM__COLUMNS(bone[2]->normal, f, 6, NULL);
            n[3] = PM__COLUMNS(bone[3]->normal, f, 9, NULL);
        }
        pm__store_xyz4(b->out_positions + 3 * first, r);
        if (normals) {
            pm__normalize_four(n);
            pm__store_xyz4(b->out_normals + 3 * first, n);
        }
        if (tangents) {
            const float *in = b->tangents + 4 * first;
            pm__load_floats(in, 4, &f);
            r[0] = PM__COLUMNS(bone[0]->columns, f, 0, NULL);
            r[1] = PM__COLUMNS(bone[1]->columns, f, 4, NULL);
            r[2] = PM__COLUMNS(bone[2]->columns, f, 8, NULL);
            r[3] = PM__COLUMNS(bone[3]->columns, f, 12, NULL);
            pm__normalize_four(r);
            PM__UNROLL
            for (j = 0; j < 4; ++j)
                _mm_storeu_ps(b->out_tangents + 4 * (first + (size_t)j), pm__with_handedness(r[j], in + 4 * j));
        }
    }
}
#undef PM__COLUMNS
#undef PM__FLOAT
#elif !defined(PM__SSE2)
/* BDEF1 with one lane: the same math, the normal matrix from
   pm_skin_job_prepare */
static void pm__bdef1(const pm_skin_bone *bones, unsigned last, const pm__block *b, size_t v, const float *positions,
                      int normals, int tangents, int strided)
{
    const pm__steps step = pm__steps_for(b, strided);
    const unsigned i = b->indices[b->index_step * v];
    const pm_skin_bone *bone = &bones[i <= last ? i : last];
    const float *m = bone->matrix;
    float t[3], *out = b->out_positions + step.out_positions * v;
    int r;
    for (r = 0; r < 3; ++r) out[r] = m[r] * positions[0] + m[3 + r] * positions[1] + m[6 + r] * positions[2] + m[9 + r];
    if (normals) pm__bdef1_normal(bone->normal, b->normals + step.normals * v, b->out_normals + step.out_normals * v);
    if (tangents) {
        const float *in = b->tangents + step.tangents * v;
        float *out_tangent = b->out_tangents + step.out_tangents * v;
        for (r = 0; r < 3; ++r) t[r] = m[r] * in[0] + m[3 + r] * in[1] + m[6 + r] * in[2];
        pm__normalize(t, 1.0f);
        memcpy(out_tangent, t, sizeof t);
        out_tangent[3] = in[3];
    }
}
#endif

/* Normals and tangents of the block's vertices v.. by a rigid method:
   turned by q (f = 2 / |q|^2), negated where the scale s is (a mirror). */
static PM__INLINE void pm__rigid_extras(const pm__f q[4], pm__f f, pm__f s, const pm__block *b, size_t v, int normals,
                                        int tangents)
{
    pm__f in[4], out[3];
    int k;
    if (normals) {
        pm__load_xyz(b->normals + 3 * v, in);
        pm__rotate_lanes(q, f, in, out);
        PM__UNROLL
        for (k = 0; k < 3; ++k) out[k] = pm__flip(out[k], s);
        pm__store_xyz(b->out_normals + 3 * v, out);
    }
    if (tangents) {
        pm__gather4(b->tangents + 4 * v, 4, NULL, 0, in);
        pm__rotate_lanes(q, f, in, out);
        PM__UNROLL
        for (k = 0; k < 3; ++k) in[k] = pm__flip(out[k], s); /* w (the handedness) kept */
        pm__scatter4(b->out_tangents + 4 * v, 4, in);
    }
}

/* SDEF (nagadomi's, equation 4 of the MMD skinning article) on the mesh
   scaled by s = w0 s0 + w1 s1:
   p' = M (s C) + R s (p - C) + (w0 w1 / 2)(R0 - R1) s (R0' - R1'), with
   M = w0 (R0 | t0) + w1 (R1 | t1), R the rotation of normalize(w0 q0 + w1 q1)
   (q1 on q0's side), C, R0', R1' the vertex's SDEF points; n' = R n.
   Called, not inlined: its two callers (SDEF blocks, mixed blocks) would
   each compile a copy per pass, and a block's call costs nothing visible
   beside its work (docs/integration.md, Compile time). */
static PM__NOINLINE void pm__sdef(const pm_skin_bone *bones, const uint16_t *index, const pm__f raw[2], const pm__block *b,
                                size_t v, const float *positions, int normals, int tangents)
{
    const float *real = PM__BONE_FIELD(bones, real), *translation = PM__BONE_FIELD(bones, translation);
    const float *sdef = b->sdef + 9 * v;
    pm__f q0[4], q1[4], q[4], t0[4], t1[4], ts[4], c[4], p0[4], p1[4], w[2], inverse, half, f, p[3], x[3], e[3], u[3],
        y[3], z[3];
    int k;
    /* Worked out in the order that keeps fewest lanes alive: the vertex's
       vectors, then one bone at a time, its quaternion and its translation
       and scale read together (read last, the 16 bone addresses of AVX-512
       no longer fit in registers between the two reads). (w0 R0 + w1 R1) C +
       (R0 - R1) e = R0 (w0 C + e) + R1 (w1 C - e): two rotations of vectors,
       by the bones' quaternions. The weights are divided by their sum at
       once, not scaled as the other methods': nearly everything waits on
       them. docs/skinning.md has what each choice measured. */
    inverse = pm__inverse_sum(pm__add(raw[0], raw[1]));
    w[0] = pm__mul(raw[0], inverse);
    w[1] = pm__mul(raw[1], inverse);
    half = pm__mul(pm__mul(pm__set1(0.5f), w[0]), w[1]);
    pm__gather4(sdef, 9, NULL, 0, c);      /* C, R0'.x */
    pm__gather4(sdef + 3, 9, NULL, 0, p0); /* R0', R1'.x */
    pm__gather4(sdef + 5, 9, NULL, 0, p1); /* R0'.z, R1' */
    pm__load_xyz(positions, p);
    PM__UNROLL
    for (k = 0; k < 3; ++k) {
        x[k] = pm__sub(p[k], c[k]);
        e[k] = pm__mul(half, pm__sub(p0[k], p1[k + 1]));
        u[k] = pm__madd(w[0], c[k], e[k]);
        e[k] = pm__sub(pm__mul(w[1], c[k]), e[k]);
    }
    pm__gather4(real, PM__BONE_FLOATS, index, 4, q0);
    pm__gather4(translation, PM__BONE_FLOATS, index, 4, t0); /* translation, scale */
    pm__rotate_lanes(q0, pm__set1(2.0f), u, y);
    pm__gather4(real, PM__BONE_FLOATS, index + 1, 4, q1);
    pm__gather4(translation, PM__BONE_FLOATS, index + 1, 4, t1);
    pm__rotate_lanes(q1, pm__set1(2.0f), e, z);
    half = pm__flip(w[1], pm__dot4(q0, q1));
    PM__UNROLL
    for (k = 0; k < 4; ++k) q[k] = pm__madd(w[0], q0[k], pm__mul(half, q1[k]));
    f = pm__div(pm__set1(2.0f), pm__dot4(q, q)); /* R's, as QDEF's below */
    pm__rotate_lanes(q, f, x, u);
    PM__UNROLL
    for (k = 0; k < 4; ++k) ts[k] = pm__madd(w[0], t0[k], pm__mul(w[1], t1[k]));
    PM__UNROLL
    for (k = 0; k < 3; ++k) p[k] = pm__madd(ts[3], pm__add(pm__add(y[k], z[k]), u[k]), ts[k]);
    pm__store_xyz(b->out_positions + 3 * v, p);
    pm__rigid_extras(q, f, ts[3], b, v, normals, tangents);
}

/* QDEF: Kavan's dual quaternion linear blend, each bone's dual quaternion
   on the running sum's side, applied to the mesh scaled by s = sum w_k s_k;
   n' = R n. w: the weights as pm__scale_weights leaves them, inv: 1 / their
   sum. The blend's rotation and translation are the same for any common
   scale of the weights; only s needs them to sum to 1. They are not
   negative, so |real| is at least the largest, a quarter of their sum.
   Called, not inlined, as pm__sdef. */
static PM__NOINLINE void pm__qdef(const pm_skin_bone *bones, const uint16_t *index, const pm__f w[4], pm__f inv,
                                const pm__block *b, size_t v, const float *positions, int normals, int tangents)
{
    const float *real_base = PM__BONE_FIELD(bones, real), *dual_base = PM__BONE_FIELD(bones, dual),
                *scale = PM__BONE_FIELD(bones, scale);
    pm__f real[4], dual[4], q[4], d[4], s, wk, f, t[3], x[3], p[3];
    int k, c;
    pm__gather4(real_base, PM__BONE_FLOATS, index, 4, real);
    pm__gather4(dual_base, PM__BONE_FLOATS, index, 4, dual);
    PM__UNROLL
    for (c = 0; c < 4; ++c) {
        real[c] = pm__mul(w[0], real[c]);
        dual[c] = pm__mul(w[0], dual[c]);
    }
    PM__UNROLL
    for (k = 1; k < 4; ++k) {
        pm__gather4(real_base, PM__BONE_FLOATS, index + k, 4, q);
        pm__gather4(dual_base, PM__BONE_FLOATS, index + k, 4, d);
        wk = pm__flip(w[k], pm__dot4(real, q));
        PM__UNROLL
        for (c = 0; c < 4; ++c) {
            real[c] = pm__madd(wk, q[c], real[c]);
            dual[c] = pm__madd(wk, d[c], dual[c]);
        }
    }
    f = pm__div(pm__set1(2.0f), pm__dot4(real, real));
    /* The blend is left unnormalized: its length only scales what follows,
       f = 2 / |real|^2 undoes that at the end, and nothing waits on a square
       root.
       Translation: f (r_w d - d_w r + r x d), the vector part of 2 dual real*
       for the normalized blend. */
    t[0] = pm__sub(pm__madd(real[1], dual[2], pm__mul(real[3], dual[0])), pm__madd(dual[3], real[0], pm__mul(real[2], dual[1])));
    t[1] = pm__sub(pm__madd(real[2], dual[0], pm__mul(real[3], dual[1])), pm__madd(dual[3], real[1], pm__mul(real[0], dual[2])));
    t[2] = pm__sub(pm__madd(real[0], dual[1], pm__mul(real[3], dual[2])), pm__madd(dual[3], real[2], pm__mul(real[1], dual[0])));
    pm__load_xyz(positions, x);
    pm__rotate_lanes(real, f, x, p);
    /* R (s p) = s R p: the scales are read last, when little else is alive */
    s = pm__mul(w[0], pm__gather1(scale, PM__BONE_FLOATS, index, 4));
    PM__UNROLL
    for (k = 1; k < 4; ++k) s = pm__madd(w[k], pm__gather1(scale, PM__BONE_FLOATS, index + k, 4), s);
    s = pm__mul(s, inv);
    PM__UNROLL
    for (k = 0; k < 3; ++k) p[k] = pm__madd(s, p[k], pm__mul(f, t[k]));
    pm__store_xyz(b->out_positions + 3 * v, p);
    pm__rigid_extras(real, f, s, b, v, normals, tangents);
}

/* raw[k]: slot k's weight of every vertex (k < slots: 4 or 8), 0 for
   slots a vertex does not read. w[k] = raw[k] scaled by the power of two
   that brings each vertex's sum into [1, 2), and *inv = 1 / that sum:
   linear blends and QDEF's start without waiting on a division, and
   multiply by *inv only what needs weights that sum to 1. */
static PM__INLINE void pm__scale_weights(const pm__f *raw, int slots, pm__f *w, pm__f *inv)
{
    pm__f sum = pm__add(pm__add(raw[0], raw[1]), pm__add(raw[2], raw[3])), power;
    int k;
    if (slots == 8) sum = pm__add(sum, pm__add(pm__add(raw[4], raw[5]), pm__add(raw[6], raw[7])));
    pm__split_exponent(sum, &sum, &power);
    PM__UNROLL
    for (k = 0; k < slots; ++k) w[k] = pm__mul(raw[k], power);
    *inv = pm__div(pm__set1(1.0f), sum);
}

/* A job's 8-influence linear blends for the block's vertices v.. (bind
   positions at `positions`) */
static PM__INLINE void pm__bdef8(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions, int normals,
                                 int tangents)
{
    const unsigned last = (unsigned)job->bone_count - 1u;
    uint16_t index[8 * PM__LANES];
    pm__f raw[8], w[8], inv, m[12];
    const uint16_t *indices = b->indices + b->index_step * v; /* packed: clamped as 4 indices of twice the vertices */
    pm__clamp_indices(indices, 4, last, index);
    pm__clamp_indices(indices + 4 * PM__LANES, 4, last, index + 4 * PM__LANES);
    pm__gather4(b->weights + 8 * v, 8, NULL, 0, raw);
    pm__gather4(b->weights + 8 * v + 4, 8, NULL, 0, raw + 4);
    pm__scale_weights(raw, 8, w, &inv);
    pm__blend(PM__BONE_FIELD(job->prepared, matrix), index, 8, w, 8, m);
    pm__linear(m, inv, b, v, positions, normals, tangents, pm__steps_for(b, 0));
}

/* A mixed block's SDEF or QDEF vertices (the bits set in `lanes`) over the
   linear blend stored for all: SDEF or QDEF wrote the whole block to
   `scratch`, whose outputs hold 3 (tangents 4) floats per lane. */
static void pm__copy_lanes(const pm__block *scratch, unsigned lanes, const pm__block *b, size_t v, int normals,
                           int tangents)
{
    size_t j;
    for (j = 0; j < PM__LANES; ++j) {
        if (!(lanes >> j & 1u)) continue;
        memcpy(b->out_positions + 3 * (v + j), scratch->out_positions + 3 * j, 3 * sizeof(float));
        if (normals) memcpy(b->out_normals + 3 * (v + j), scratch->out_normals + 3 * j, 3 * sizeof(float));
        if (tangents) memcpy(b->out_tangents + 4 * (v + j), scratch->out_tangents + 4 * j, 4 * sizeof(float));
    }
}

/* The block functions: each skins the block of vertices v.. of b's arrays,
   whose bind positions (morphed) are at `positions`, as one type. One
   function per type with one signature, so that each PM__SKIN_BLOCKS loop
   below compiles its type's work alone (a shared function inlined into
   every loop made the compiler carry every type's work through each loop
   before it could drop it), and layouts that differ only in how a block's
   weights are read share a loop: each loop is compiled once per
   instruction set (docs/integration.md, Compile time).
   Unknown type bytes skin as BDEF4, SDEF without SDEF data as BDEF2:
   defined paths for content validate would refuse. */
static PM__INLINE void pm__block_bdef1(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                       int normals, int tangents, int strided)
{
    pm__bdef1(job->prepared, (unsigned)job->bone_count - 1u, b, v, positions, normals, tangents, strided);
}

static PM__INLINE void pm__block_bdef8(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                       int normals, int tangents, int strided)
{
    (void)strided; /* 8 influences are packed or copied */
    pm__bdef8(job, b, v, positions, normals, tangents);
}

/* A block of one type of 4 slots (BDEF2, BDEF4, SDEF, QDEF, or 4 with an
   implied weight, which makes its w3 and skins as BDEF4): its indices,
   clamped, and its raw weights, 0 past the type's slots. */
static PM__INLINE void pm__typed_weights(const pm_skin_job *job, const pm__block *b, size_t v, int type, int strided,
                                         uint16_t index[4 * PM__LANES], pm__f raw[4])
{
    const size_t weight_step = strided ? b->weight_step : type == PM__SKIN_IMPLIED ? 3 : 4; /* constants packed */
    pm__clamp_indices(b->indices + b->index_step * v, b->index_step, (unsigned)job->bone_count - 1u, index);
    if (type == PM__SKIN_IMPLIED) {
        pm__load_xyz_at(b->weights + weight_step * v, weight_step, raw);
        raw[3] = pm__sub(pm__set1(1.0f), pm__add(pm__add(raw[0], raw[1]), raw[2]));
    } else {
        pm__gather4(b->weights + weight_step * v, weight_step, NULL, 0, raw);
    }
    if (pm__skin_slots((unsigned)type) == 2) raw[2] = raw[3] = pm__set1(0.0f);
}

/* The linear blend of the block's vertices by the bones `index` with the
   raw weights of their `slots` slots */
static PM__INLINE void pm__linear_blend(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                        int normals, int tangents, int strided, const uint16_t *index, const pm__f raw[4],
                                        int slots)
{
    pm__f w[4], inv, m[12];
    pm__scale_weights(raw, 4, w, &inv);
    pm__blend(PM__BONE_FIELD(job->prepared, matrix), index, 4, w, slots, m);
    pm__linear(m, inv, b, v, positions, normals, tangents, pm__steps_for(b, strided));
}

/* BDEF2 from a type byte (4 slots), or from 2 influences (the job's
   index_count) with w1 = 1 - w0 rounded as PMX readers store it: the two
   layouts share one loop, whose weights alone differ. */
static PM__INLINE void pm__block_bdef2(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                       int normals, int tangents, int strided)
{
    uint16_t index[4 * PM__LANES];
    pm__f raw[4];
    if (b->index_count == 2) {
        pm__clamp_narrow(b->indices + b->index_step * v, b->index_step, 2, (unsigned)job->bone_count - 1u, index);
        raw[0] = strided ? pm__load_at(b->weights + b->weight_step * v, b->weight_step) : pm__load(b->weights + v);
        raw[1] = pm__sub(pm__set1(1.0f), raw[0]);
        raw[2] = raw[3] = pm__set1(0.0f);
    } else {
        pm__typed_weights(job, b, v, PM_SKIN_BDEF2, strided, index, raw);
    }
    pm__linear_blend(job, b, v, positions, normals, tangents, strided, index, raw, 2);
}

/* BDEF4, from 4 stored weights or from 3 and w3 = 1 - (w0 + w1 + w2) (the
   job's last_weight_implied) */
static PM__INLINE void pm__block_bdef4(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                       int normals, int tangents, int strided)
{
    uint16_t index[4 * PM__LANES];
    pm__f raw[4];
    pm__typed_weights(job, b, v, b->weight_count == 3 ? PM__SKIN_IMPLIED : PM_SKIN_BDEF4, strided, index, raw);
    pm__linear_blend(job, b, v, positions, normals, tangents, strided, index, raw, 4);
}

/* SDEF (pm__skin_span sends SDEF without SDEF data to BDEF2) */
static PM__INLINE void pm__block_sdef(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                      int normals, int tangents, int strided)
{
    uint16_t index[4 * PM__LANES];
    pm__f raw[4];
    pm__typed_weights(job, b, v, PM_SKIN_SDEF, strided, index, raw);
    pm__sdef(job->prepared, index, raw, b, v, positions, normals, tangents);
}

static PM__INLINE void pm__block_qdef(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                      int normals, int tangents, int strided)
{
    uint16_t index[4 * PM__LANES];
    pm__f raw[4], w[4], inv;
    pm__typed_weights(job, b, v, PM_SKIN_QDEF, strided, index, raw);
    pm__scale_weights(raw, 4, w, &inv);
    pm__qdef(job->prepared, index, w, inv, b, v, positions, normals, tangents);
}

/* types that differ: linear blends for all, then SDEF and QDEF where they
   belong */
static PM__INLINE void pm__block_mixed(const pm_skin_job *job, const pm__block *b, size_t v, const float *positions,
                                       int normals, int tangents, int strided)
{
    const pm__steps step = pm__steps_for(b, strided);
    uint16_t index[4 * PM__LANES];
    float weight[4 * PM__LANES];
    pm__f raw[4], w[4], inv, m[12];
    unsigned sdef_lanes = 0, qdef_lanes = 0;
    int k, j;
    pm__clamp_indices(b->indices + b->index_step * v, b->index_step, (unsigned)job->bone_count - 1u, index);
    for (j = 0; j < PM__LANES; ++j) {
        const unsigned char vertex_type = b->types[v + (size_t)j];
        const float *stored = b->weights + 4 * (v + (size_t)j);
        const int slots = pm__skin_slots(vertex_type);
        PM__UNROLL
        for (k = 0; k < 4; ++k)
            weight[k * PM__LANES + j] = slots == 1 ? (k == 0 ? 1.0f : 0.0f) : k < slots ? stored[k] : 0.0f;
        if (vertex_type == PM_SKIN_SDEF && b->sdef) sdef_lanes |= 1u << j;
        if (vertex_type == PM_SKIN_QDEF) qdef_lanes |= 1u << j;
    }
    PM__UNROLL
    for (k = 0; k < 4; ++k) raw[k] = pm__load(weight + k * PM__LANES);
    pm__scale_weights(raw, 4, w, &inv);
    pm__blend(PM__BONE_FIELD(job->prepared, matrix), index, 4, w, 4, m);
    pm__linear(m, inv, b, v, positions, normals, tangents, step);
    if (sdef_lanes | qdef_lanes) {
        float out_positions[3 * PM__LANES], out_normals[3 * PM__LANES], out_tangents[4 * PM__LANES];
        pm__block scratch = *b; /* the block's inputs from its first vertex, outputs of its own */
        scratch.normals = b->normals ? b->normals + 3 * v : NULL;
        scratch.tangents = b->tangents ? b->tangents + 4 * v : NULL;
        scratch.sdef = b->sdef ? b->sdef + 9 * v : NULL;
        scratch.out_positions = out_positions;
        scratch.out_normals = out_normals;
        scratch.out_tangents = out_tangents;
        if (sdef_lanes) {
            pm__sdef(job->prepared, index, raw, &scratch, 0, positions, normals, tangents);
            pm__copy_lanes(&scratch, sdef_lanes, b, v, normals, tangents);
        }
        if (qdef_lanes) {
            pm__qdef(job->prepared, index, w, inv, &scratch, 0, positions, normals, tangents);
            pm__copy_lanes(&scratch, qdef_lanes, b, v, normals, tangents);
        }
    }
}

/* ---- Jobs ------------------------------------------------------------------ */

/* The block's common type, PM_SKIN_BDEF4 for unknown bytes and for
   types == NULL, or -1 when its vertices' types differ. */
static PM__INLINE int pm__block_type(const unsigned char *types)
{
    unsigned char same[PM__LANES];
    if (!types) return PM_SKIN_BDEF4;
    memset(same, types[0], sizeof same); /* compared as one word */
    if (memcmp(types, same, sizeof same) != 0) return -1;
    return types[0] <= PM_SKIN_QDEF ? (int)types[0] : (int)PM_SKIN_BDEF4;
}

/* Where the blocks from v on that have v's type end (end: the range's):
   64 bytes compared at a time first (block by block, the scan is a
   visible part of BDEF1's few instructions per vertex) */
static int pm__same_type_end(const unsigned char *types, int v, int end, int type)
{
    unsigned char same[64];
    if (!types) return end - (end - v) % PM__LANES;
    memset(same, types[v], sizeof same); /* the bytes of v's block, when its type is not -1 (mixed) */
    for (v += PM__LANES; type >= 0 && end - v >= 64 && memcmp(types + v, same, sizeof same) == 0; v += 64) continue;
    for (; v <= end - PM__LANES && pm__block_type(types + v) == type; v += PM__LANES) continue;
    return v;
}

/* Skins the blocks v..end-1 of b's arrays, all of the block type `type`.
   cursor: NULL where b's positions are morphed already, else as
   pm__skin_morph's: a block whose vertices have no morph entries, or none
   of a morph whose weight is not 0 (job->morph_masks), is read in
   place (the morphs of a face touch a few blocks of a mesh). One function
   per type, so that each is compiled for its type alone and has a place of
   its own: sharing one function, where the compiler put BDEF1's loop moved
   its speed by a third. */
#define PM__SKIN_BLOCKS(name, block, weights, block_normals, block_tangents, strided)                   \
    static PM__NOINLINE void name(const pm_skin_job *job, const pm__block *b, int v, int end, int normals,  \
                                  int tangents, pm__morph_cursor *cursor)                              \
    {                                                                                                  \
        float morphed[3 * PM__LANES];                                                                  \
        (void)normals; /* unused where the flags are constants */                                     \
        (void)tangents;                                                                                \
        for (; v < end; v += PM__LANES) {                                                              \
            const float *positions = b->positions + pm__steps_for(b, strided).positions * (size_t)v;  \
            if (end - v > PM__PREFETCH_AHEAD)                                                          \
                pm__prefetch_block(b, (size_t)v + PM__PREFETCH_AHEAD, weights, block_normals,          \
                                   block_tangents, strided);                                           \
            if (cursor && job->morph_start[v] < job->morph_start[v + PM__LANES] &&                    \
                pm__morphs_active(job, cursor, v, PM__LANES)) { /* entries in it that move it */       \
                pm__skin_morph(job, v, PM__LANES, cursor, morphed, NULL, NULL);                       \
                positions = morphed;                                                                   \
            }                                                                                          \
            block(job, b, (size_t)v, positions, block_normals, block_tangents, strided);               \
        }                                                                                              \
    }
/* positions + normals, the usual job, on its own where BDEF1 skins a
   vertex at a time (SSE2, AVX2, one lane): its per-vertex branches are
   costly where the flags are not constants (the lane kernels branch per
   block) */
#if !defined(PM__AVX512) && !defined(PM__NEON)
PM__SKIN_BLOCKS(pm__skin_bdef1_normals, pm__block_bdef1, 0, 1, 0, 0)
#endif
PM__SKIN_BLOCKS(pm__skin_bdef1, pm__block_bdef1, 0, normals, tangents, 0)
PM__SKIN_BLOCKS(pm__skin_bdef2, pm__block_bdef2, 1, normals, tangents, 0)
PM__SKIN_BLOCKS(pm__skin_bdef4, pm__block_bdef4, 1, normals, tangents, 0)
PM__SKIN_BLOCKS(pm__skin_sdef, pm__block_sdef, 1, normals, tangents, 0)
PM__SKIN_BLOCKS(pm__skin_qdef, pm__block_qdef, 1, normals, tangents, 0)
PM__SKIN_BLOCKS(pm__skin_bdef8, pm__block_bdef8, 1, normals, tangents, 0)
PM__SKIN_BLOCKS(pm__skin_mixed, pm__block_mixed, 1, normals, tangents, 0)
/* the linear blends of interleaved records, read and written in place
   (pm__skin_interleaved) */
#if defined(PM__SSE2) && !defined(PM__AVX512)
static PM__NOINLINE void pm__skin_bdef1_interleaved(const pm_skin_job *job, const pm__block *b, int v, int end, int normals,
                                                    int tangents, pm__morph_cursor *cursor)
{
    const unsigned last = (unsigned)job->bone_count - 1u;
    (void)cursor; /* interleaved jobs have no morphs */
    if (normals && !tangents) /* the usual job on its own, its flags constants, as pm__skin_bdef1_normals */
        pm__bdef1_interleaved(job->prepared, last, b, (size_t)v, (size_t)(end - v), 1, 0);
    else
        pm__bdef1_interleaved(job->prepared, last, b, (size_t)v, (size_t)(end - v), normals, tangents);
}
#else
PM__SKIN_BLOCKS(pm__skin_bdef1_interleaved, pm__block_bdef1, 0, normals, tangents, 1)
#endif
PM__SKIN_BLOCKS(pm__skin_bdef2_interleaved, pm__block_bdef2, 1, normals, tangents, 1)
PM__SKIN_BLOCKS(pm__skin_bdef4_interleaved, pm__block_bdef4, 1, normals, tangents, 1)
#undef PM__SKIN_BLOCKS

static void pm__skin_blocks(const pm_skin_job *job, const pm__block *b, int v, int end, int type, int normals,
                            int tangents, pm__morph_cursor *cursor, int interleaved)
{
    if (interleaved) { /* the types pm__skin_interleaved lets through */
        if (type == PM_SKIN_BDEF1) pm__skin_bdef1_interleaved(job, b, v, end, normals, tangents, cursor);
        else if (type == PM__SKIN_PAIR) pm__skin_bdef2_interleaved(job, b, v, end, normals, tangents, cursor);
        else pm__skin_bdef4_interleaved(job, b, v, end, normals, tangents, cursor); /* PM__SKIN_IMPLIED too */
        return;
    }
    switch (type) {
    case PM_SKIN_BDEF1:
#if !defined(PM__AVX512) && !defined(PM__NEON)
        if (normals && !tangents) {
            pm__skin_bdef1_normals(job, b, v, end, normals, tangents, cursor);
            break;
        }
#endif
        pm__skin_bdef1(job, b, v, end, normals, tangents, cursor);
        break;
    case PM_SKIN_BDEF2:
    case PM__SKIN_PAIR: pm__skin_bdef2(job, b, v, end, normals, tangents, cursor); break;
    case PM_SKIN_BDEF4:
    case PM__SKIN_IMPLIED: pm__skin_bdef4(job, b, v, end, normals, tangents, cursor); break;
    case PM_SKIN_SDEF: pm__skin_sdef(job, b, v, end, normals, tangents, cursor); break;
    case PM_SKIN_QDEF: pm__skin_qdef(job, b, v, end, normals, tangents, cursor); break;
    case PM__SKIN_BDEF8: pm__skin_bdef8(job, b, v, end, normals, tangents, cursor); break;
    default: pm__skin_mixed(job, b, v, end, normals, tangents, cursor); break;
    }
}

/* Skins the vertices v..end-1 of b's arrays, block by block, each run of
   blocks of one type by its type's function */
static void pm__skin_span(const pm_skin_job *job, const pm__block *b, int v, int end, int normals, int tangents,
                          pm__morph_cursor *cursor, int interleaved)
{
    int stop;
    for (; v <= end - PM__LANES; v = stop) {
        const int type = b->index_count == 8   ? PM__SKIN_BDEF8
                         : b->index_count == 2 ? PM__SKIN_PAIR
                         : b->index_count == 1 ? PM_SKIN_BDEF1
                         : b->weight_count == 3 ? PM__SKIN_IMPLIED
                                                : pm__block_type(b->types ? b->types + v : NULL);
        stop = pm__same_type_end(b->types, v, end, type);
        pm__skin_blocks(job, b, v, stop, type == PM_SKIN_SDEF && !b->sdef ? PM_SKIN_BDEF2 : type, normals, tangents, cursor,
                        interleaved);
    }
}

/* Skins the vertices first..end-1 of a job that passed pm_skin_job_run's
   checks. */
static void pm__skin_range(const pm_skin_job *job, int first, int end)
{
    pm__block arrays;
    const int normals = !job->normals || !job->out_normals ? 0
                        : job->normal_rule == PM_SKIN_NORMALS_BLENDED ? PM__NORMALS_BLENDED : 1;
    const int tangents = job->tangents && job->out_tangents, in_place = pm__skin_in_place(job);
    pm__morph_cursor cursor = {0, 0};
    int v = first, m;
    for (m = 0; job->morph_start && job->morph_masks && m < job->morph_count; ++m) /* what the masks are tested against */
        if (job->morph_weights[m] != 0.0f) cursor.active |= (uint64_t)1 << (m % 64);
    if (in_place || pm__skin_interleaved(job)) {
        pm__job_block(job, &arrays);
        pm__skin_span(job, &arrays, first, end, normals, tangents, job->morph_start ? &cursor : NULL, !in_place);
        v = end - (end - first) % PM__LANES;
    }
    for (; v < end; v += PM__COPIED)
        pm__skin_copied(job, v, end - v < PM__COPIED ? end - v : PM__COPIED, normals, tangents, &cursor, PM__LANES,
                        pm__skin_span);
}

/* ---- Spring bones in lanes --------------------------------------------------

   pm_spring_set_step's joints, one to a lane: the joints of a run (see VRM
   spring bones) read nothing another of them writes. Each lane takes
   three-vrm's step in floats: three-vrm's doubles and these agree to a
   few float roundings of the coordinates per step, which the drag damps
   (docs/vrm.md: within 1e-5 m of three-vrm on a dancing avatar). The
   joints' constants are read in place from set->lanes; what changes from
   step to step comes in and goes out through arrays of PM__LANES floats,
   one array per quantity. Lanes past a short run compute on what an
   earlier run left in those arrays and are ignored. */

#if PM__KERNEL_PASS != 3 /* where AVX-512 is there, the step runs in the AVX2 pass */

typedef struct pm__spring_in {
    float parent[12][PM__LANES]; /* the parent's world matrix: its 3x3 block's columns, then translation */
    float rotation[4][PM__LANES], translation[3][PM__LANES], scale[3][PM__LANES], child[3][PM__LANES];
    float tail[3][PM__LANES], previous[3][PM__LANES]; /* center space */
} pm__spring_in;

typedef struct pm__spring_out {
    float rotation[4][PM__LANES], world[12][PM__LANES], tail[3][PM__LANES];
} pm__spring_out;

/* an affine map in every lane */
static void pm__spring_affine_lanes(const pm__affine *a, pm__f out[12])
{
    int c, r;
    PM__UNROLL
    for (c = 0; c < 3; ++c) {
        PM__UNROLL
        for (r = 0; r < 3; ++r) out[3 * c + r] = pm__set1((float)a->m[c][r]);
    }
    PM__UNROLL
    for (r = 0; r < 3; ++r) out[9 + r] = pm__set1((float)a->t[r]);
}

/* Reads a run's joints n <= PM__LANES into lanes */
static void pm__spring_gather(const pm_spring_set *set, const pm_transform *pose, const float *world, const int *joints,
                              int n, pm__spring_in *in)
{
    int l, i;
    for (l = 0; l < n; ++l) {
        const int j = joints[l];
        const pm_spring_joint_state *st = &set->joints[j];
        const pm_spring_joint *joint = pm__spring_joint(set, j);
        const pm_transform *local = &pose[joint->node];
        const int up = set->parent[joint->node];
        const float *p = up >= 0 ? world + 16 * (size_t)up : pm__identity4x4;
        PM__UNROLL
        for (i = 0; i < 12; ++i) in->parent[i][l] = p[pm__spring_world_slot[i]];
        PM__UNROLL
        for (i = 0; i < 4; ++i) in->rotation[i][l] = local->rotation[i];
        PM__UNROLL
        for (i = 0; i < 3; ++i) {
            in->translation[i][l] = local->translation[i];
            in->scale[i][l] = local->scale[i];
            in->child[i][l] = joint->child >= 0 ? pose[joint->child].translation[i] : (float)st->rest_tail[i];
            in->tail[i][l] = (float)st->tail[i];
            in->previous[i][l] = (float)st->previous_tail[i];
        }
    }
}

/* if mask then a else b, lane by lane */
static PM__INLINE pm__f pm__select(pm__i mask, pm__f a, pm__f b)
{
    return pm__as_floats(pm__i_or(pm__i_and(mask, pm__as_bits(a)), pm__i_andnot(mask, pm__as_bits(b))));
}

/* the sign bit set in the lanes that hold an Inf or a NaN (read off the
   bits, as pm__finite: -ffast-math folds comparisons that would) */
static PM__INLINE pm__i pm__nonfinite(pm__f x)
{
    const pm__i exponent = pm__i_and(pm__as_bits(x), pm__i_set1(0x7f800000u));
    return pm__i_and(pm__i_sub(exponent, pm__i_set1(0xff800000u)), pm__i_set1(0x80000000u)); /* + 2^23 */
}

/* m (an affine map: 3x3 columns, then translation) times v, with or without m's translation */
static PM__INLINE void pm__affine_lanes(const pm__f m[12], const pm__f v[3], int point, pm__f out[3])
{
    pm__f r[3];
    pm__apply3(m, v, r);
    if (point) {
        r[0] = pm__add(r[0], m[9]);
        r[1] = pm__add(r[1], m[10]);
        r[2] = pm__add(r[2], m[11]);
    }
    out[0] = r[0], out[1] = r[1], out[2] = r[2];
}

/* count quantities, each PM__LANES floats `stride` apart, from `lanes` on */
static PM__INLINE void pm__load_lanes(const float *lanes, size_t stride, int count, pm__f *out)
{
    int i;
    PM__UNROLL
    for (i = 0; i < count; ++i) out[i] = pm__load(lanes + (size_t)i * stride);
}

/* The rotation matrix's columns of quaternions q of any length, f = 2 / |q|^2 */
static PM__INLINE void pm__quat_columns(const pm__f q[4], pm__f f, pm__f m[9])
{
    const pm__f one = pm__set1(1.0f), x = pm__mul(q[0], f), y = pm__mul(q[1], f), z = pm__mul(q[2], f);
    const pm__f xx = pm__mul(q[0], x), yy = pm__mul(q[1], y), zz = pm__mul(q[2], z), xy = pm__mul(q[0], y),
                xz = pm__mul(q[0], z), yz = pm__mul(q[1], z), wx = pm__mul(q[3], x), wy = pm__mul(q[3], y),
                wz = pm__mul(q[3], z);
    m[0] = pm__sub(one, pm__add(yy, zz)), m[1] = pm__add(xy, wz), m[2] = pm__sub(xz, wy);
    m[3] = pm__sub(xy, wz), m[4] = pm__sub(one, pm__add(xx, zz)), m[5] = pm__add(yz, wx);
    m[6] = pm__add(xz, wy), m[7] = pm__sub(yz, wx), m[8] = pm__sub(one, pm__add(xx, yy));
}

/* The 3x3 block of parent x (rotation q x scale s), f = 2 / |q|^2 */
static PM__INLINE void pm__spring_world_block(const pm__f parent[12], const pm__f q[4], pm__f f, const pm__f s[3],
                                              pm__f out[9])
{
    pm__f m[9];
    int c, i;
    pm__quat_columns(q, f, m);
    PM__UNROLL
    for (c = 0; c < 3; ++c) {
        PM__UNROLL
        for (i = 0; i < 3; ++i) m[3 * c + i] = pm__mul(m[3 * c + i], s[c]);
        pm__apply3(parent, m + 3 * c, out + 3 * c);
    }
}

/* Pushes the tails out of (or into) one collider, kept at the bones'
   lengths from the heads; as three-vrm's
   VRMSpringBoneColliderShape*.calculateCollision and the joint's update. */
static PM__INLINE void pm__spring_collide(pm_collider_shape kind, const float *shape, size_t count, const pm__f head[3],
                                          pm__f length, pm__f radius, const pm__i *lanes, pm__f tail[3])
{
    const pm__f zero = pm__set1(0.0f);
    pm__f to[3], distance, pushed[3], d2, scale;
    pm__i hit;
    int i;
    PM__UNROLL
    for (i = 0; i < 3; ++i) to[i] = pm__sub(tail[i], pm__set1(shape[(PM__SHAPE_ORIGIN + (size_t)i) * count]));
    if (kind == PM_COLLIDER_PLANE) {
        pm__f normal[3];
        PM__UNROLL
        for (i = 0; i < 3; ++i) normal[i] = pm__set1(shape[(PM__SHAPE_NORMAL + (size_t)i) * count]);
        distance = pm__sub(pm__dot3(to, normal), radius);
        PM__UNROLL
        for (i = 0; i < 3; ++i) to[i] = normal[i];
    } else {
        const int inside = kind == PM_COLLIDER_INSIDE_SPHERE || kind == PM_COLLIDER_INSIDE_CAPSULE;
        const pm__f collider_radius = pm__set1(shape[PM__SHAPE_RADIUS * count]);
        pm__f inverse;
        if ((kind == PM_COLLIDER_CAPSULE || kind == PM_COLLIDER_INSIDE_CAPSULE) && shape[PM__SHAPE_AXIS2 * count] > 0.0f) {
            /* the nearest point of the segment: t = along / axis2 in [0, 1] */
            pm__f axis[3], along, t;
            PM__UNROLL
            for (i = 0; i < 3; ++i) axis[i] = pm__set1(shape[(PM__SHAPE_AXIS + (size_t)i) * count]);
            along = pm__dot3(axis, to);
            t = pm__select(pm__greater(along, zero), pm__div(along, pm__set1(shape[PM__SHAPE_AXIS2 * count])), zero);
            t = pm__select(pm__greater(t, pm__set1(1.0f)), pm__set1(1.0f), t);
            PM__UNROLL
            for (i = 0; i < 3; ++i) to[i] = pm__sub(to[i], pm__mul(axis[i], t));
        }
        d2 = pm__dot3(to, to);
        inverse = pm__inverse_length(d2); /* 0 with the tail on the center: no way out (three-vrm divides by 0) */
        distance = inside ? pm__sub(pm__sub(collider_radius, radius), pm__mul(d2, inverse))
                          : pm__sub(pm__mul(d2, inverse), pm__add(radius, collider_radius));
        if (inside) inverse = pm__sub(zero, inverse);
        PM__UNROLL
        for (i = 0; i < 3; ++i) to[i] = pm__mul(to[i], inverse);
        distance = pm__select(pm__greater(d2, zero), distance, zero);
    }
    hit = pm__greater(zero, distance);
    if (lanes) hit = pm__i_and(hit, *lanes);
    if (!pm__i_any(hit)) return;
    PM__UNROLL
    for (i = 0; i < 3; ++i) pushed[i] = pm__sub(pm__sub(tail[i], pm__mul(distance, to[i])), head[i]);
    d2 = pm__dot3(pushed, pushed);
    hit = pm__i_and(hit, pm__greater(d2, zero));
    scale = pm__mul(length, pm__inverse_length(d2));
    PM__UNROLL
    for (i = 0; i < 3; ++i) tail[i] = pm__select(hit, pm__madd(pushed[i], scale, head[i]), tail[i]);
}

/* The tails out of spring's colliders, group by group: in the given lanes
   (NULL: in all) */
static PM__INLINE void pm__spring_collide_list(const pm_spring_set *set, const pm_spring *spring, float *world,
                                               const pm__f head[3], pm__f length, pm__f radius, const pm__i *lanes,
                                               pm__f tail[3])
{
    const size_t count = (size_t)set->collider_count;
    int g, c;
    for (g = 0; g < spring->collider_group_count; ++g) {
        const pm_spring_collider_group *group = &set->groups[spring->collider_groups[g]];
        for (c = 0; c < group->collider_count; ++c) {
            const int index = group->colliders[c];
            const float *shape = pm__spring_shapes(set) + index;
            if (shape[PM__SHAPE_MOVED * count] != 0.0f) pm__spring_shape_of(set, index, world); /* by a joint before */
            pm__spring_collide(set->colliders[index].shape, shape, count, head, length, radius, lanes, tail);
        }
    }
}

/* pm__spring_collide_list for a run's joints of several lists, each list
   in its lanes (the run is sorted by lists): out of line, so that the run
   of one list, the common one, keeps its registers */
static PM__NOINLINE void pm__spring_collide_lists(const pm_spring_set *set, const int *joints, int n, float *world,
                                                  const pm__f head[3], pm__f length, pm__f radius, pm__f tail[3])
{
    int l, e;
    for (l = 0; l < n; l = e) {
        pm__i lanes;
        for (e = l + 1; e < n && pm__spring_groups_compare(set, joints[l], joints[e]) == 0;) ++e;
        lanes = pm__i_and(pm__greater(pm__set1((float)e), pm__load(pm__lane_index)),
                          pm__greater(pm__load(pm__lane_index), pm__set1((float)l - 1.0f)));
        pm__spring_collide_list(set, &set->springs[set->joints[joints[l]].spring], world, head, length, radius, &lanes,
                                tail);
    }
}

/* Steps the n <= PM__LANES joints of a run from place k of the order on.
   A joint whose step degenerates (its parent or its center scaled to 0, as
   hosts hide an accessory: no inverse, or one past a float) holds its
   rotation and tail, and its world matrix follows its parent; the others
   step. 0 on an input that is not finite (a pose, world matrix or state):
   the run's joints are then left as they were. */
static int pm__spring_lanes(const pm_spring_set *set, pm_transform *pose, float *world, float delta, int k, int n,
                            pm__spring_in *in)
{
    pm__spring_out out;
    const int *joints = pm__spring_order(set) + k, *region_first = pm__spring_region_first(set);
    const pm_spring *spring = &set->springs[set->joints[joints[0]].spring];
    const size_t stride = (size_t)set->joint_capacity + 16;
    const float *constants = set->lanes + k;
    const pm__f zero = pm__set1(0.0f), one = pm__set1(1.0f);
    pm__f parent[12], q[4], t[3], s[3], child[3], head[3], axis[3], next[3], length, f, world_scale = one, radius,
        m[9], d[3], det, local[3], rest[3], turn[4], rest_q[4], r, lengths;
    pm__i bad, bad_input;
    pm__f to_world[12], to_center[12]; /* the run's center's space (affine, as parent) */
    float held[PM__LANES];
    int l, i, c;
    if (spring->center >= 0) {
        pm__affine center_to_world, world_to_center;
        if (!pm__spring_center(set, &set->joints[joints[0]], world, &center_to_world, &world_to_center)) {
            for (l = 0; l < n; ++l) /* a center without an inverse: the run holds */
                if (!pm__spring_refresh(set, joints[l], pose, world)) return 0;
            return 1;
        }
        pm__spring_affine_lanes(&center_to_world, to_world);
        pm__spring_affine_lanes(&world_to_center, to_center);
    }
    pm__spring_gather(set, pose, world, joints, n, in);
    pm__load_lanes(in->parent[0], PM__LANES, 12, parent);
    pm__load_lanes(in->rotation[0], PM__LANES, 4, q);
    pm__load_lanes(in->translation[0], PM__LANES, 3, t);
    pm__load_lanes(in->scale[0], PM__LANES, 3, s);
    pm__load_lanes(in->child[0], PM__LANES, 3, child);
    bad_input = pm__nonfinite(child[0]);
    PM__UNROLL
    for (i = 0; i < 12; ++i) bad_input = pm__i_or(bad_input, pm__nonfinite(parent[i]));
    PM__UNROLL
    for (i = 0; i < 3; ++i)
        bad_input = pm__i_or(bad_input, pm__i_or(pm__i_or(pm__nonfinite(q[i]), pm__nonfinite(t[i])),
                                                 pm__i_or(pm__nonfinite(s[i]), pm__nonfinite(child[i]))));
    bad_input = pm__i_or(bad_input, pm__nonfinite(q[3]));

    /* the node where its parent now puts it, with the rotation the pose gives it (the last step's) */
    r = pm__dot4(q, q);
    bad = pm__i_or(pm__nonfinite(r), pm__i_xor(pm__greater(r, zero), pm__i_set1(0xffffffffu)));
    f = pm__div(pm__set1(2.0f), r);
    pm__affine_lanes(parent, t, 1, head);
    /* the bone's length: the child where the node now is */
    PM__UNROLL
    for (i = 0; i < 3; ++i) child[i] = pm__mul(child[i], s[i]);
    pm__rotate_lanes(q, f, child, child);
    pm__affine_lanes(parent, child, 0, child);
    r = pm__dot3(child, child);
    length = pm__mul(r, pm__inverse_length(r));
    if (set->scale_with_world) { /* the node's world scale: its world matrix's longest column */
        pm__spring_world_block(parent, q, f, s, m);
        PM__UNROLL
        for (c = 0; c < 3; ++c) {
            r = pm__dot3(m + 3 * c, m + 3 * c);
            world_scale = c == 0 ? r : pm__select(pm__greater(r, world_scale), r, world_scale);
        }
        world_scale = pm__mul(world_scale, pm__inverse_length(world_scale));
    }
    radius = pm__mul(pm__load(constants + PM__LANE_HIT_RADIUS * stride), world_scale);
    /* the rest direction in world space */
    pm__load_lanes(constants + PM__LANE_AXIS_IN_PARENT * stride, stride, 3, axis);
    pm__affine_lanes(parent, axis, 0, axis);
    pm__normalize(axis, one);

    /* inertia in the center's space, then stiffness and gravity in world space */
    {
        const pm__f drag = pm__load(constants + PM__LANE_DRAG * stride),
                    pull = pm__mul(pm__load(constants + PM__LANE_STIFFNESS * stride), pm__set1(delta)),
                    fall = pm__mul(pm__load(constants + PM__LANE_GRAVITY * stride), pm__set1(delta));
        pm__f tail[3], previous[3], down[3];
        pm__load_lanes(in->tail[0], PM__LANES, 3, tail);
        pm__load_lanes(in->previous[0], PM__LANES, 3, previous);
        pm__load_lanes(constants + PM__LANE_GRAVITY_DIR * stride, stride, 3, down);
        PM__UNROLL
        for (i = 0; i < 3; ++i) {
            bad_input = pm__i_or(bad_input, pm__i_or(pm__nonfinite(tail[i]), pm__nonfinite(previous[i])));
            next[i] = pm__madd(pm__sub(tail[i], previous[i]), drag, tail[i]);
        }
        if (spring->center >= 0) pm__affine_lanes(to_world, next, 1, next);
        PM__UNROLL
        for (i = 0; i < 3; ++i) {
            const pm__f force = pm__set1(set->external_force[i] * delta);
            next[i] = pm__madd(pm__madd(axis[i], pull, pm__madd(down[i], fall, force)), world_scale, next[i]);
        }
    }
    /* back at the bone's length, then out of the colliders */
    PM__UNROLL
    for (i = 0; i < 3; ++i) next[i] = pm__sub(next[i], head[i]);
    pm__normalize(next, one);
    PM__UNROLL
    for (i = 0; i < 3; ++i) next[i] = pm__madd(next[i], length, head[i]);
    if (pm__spring_groups_compare(set, joints[0], joints[n - 1]) == 0) /* one list: the run is sorted by lists */
        pm__spring_collide_list(set, spring, world, head, length, radius, NULL, next);
    else
        pm__spring_collide_lists(set, joints, n, world, head, length, radius, next);
    PM__UNROLL
    for (i = 0; i < 3; ++i) bad = pm__i_or(bad, pm__nonfinite(next[i]));
    if (spring->center >= 0) { /* the tail kept in the center's space, which a center scaled to 0 cannot hold */
        pm__f tail[3];
        pm__affine_lanes(to_center, next, 1, tail);
        PM__UNROLL
        for (i = 0; i < 3; ++i) {
            bad = pm__i_or(bad, pm__nonfinite(tail[i]));
            pm__store(out.tail[i], tail[i]);
        }
    } else {
        PM__UNROLL
        for (i = 0; i < 3; ++i) pm__store(out.tail[i], next[i]);
    }

    /* the tail's direction in the node's rest frame, (parent x rest)^-1 (next - its origin): the
       parent's block inverted by its cofactors (the determinant's size drops out in the normalize) */
    pm__load_lanes(constants + PM__LANE_REST_TRANSLATION * stride, stride, 3, d);
    pm__affine_lanes(parent, d, 1, d);
    PM__UNROLL
    for (i = 0; i < 3; ++i) d[i] = pm__sub(next[i], d[i]);
    {
        pm__f cofactors[9], inverse[9];
        pm__cross(parent + 3, parent + 6, cofactors); /* the rows of det x the inverse */
        pm__cross(parent + 6, parent, cofactors + 3);
        pm__cross(parent, parent + 3, cofactors + 6);
        det = pm__dot3(parent, cofactors);
        bad = pm__i_or(bad, pm__i_or(pm__nonfinite(det), pm__i_xor(pm__i_or(pm__greater(det, zero), pm__greater(zero, det)),
                                                                    pm__i_set1(0xffffffffu))));
        PM__UNROLL
        for (i = 0; i < 3; ++i) local[i] = pm__flip(pm__dot3(cofactors + 3 * i, d), det);
        pm__load_lanes(constants + PM__LANE_REST_INVERSE * stride, stride, 9, inverse);
        pm__apply3(inverse, local, d);
    }
    PM__UNROLL
    for (i = 0; i < 3; ++i) local[i] = d[i];
    pm__normalize(local, one);
    /* the turn from the rest direction to the tail's: (a x b, |a||b| + a.b), normalized; near
       opposite directions (where float rounding decides a x b) any perpendicular axis will do,
       three.js's; a bone of no length turns not at all (three.js's setFromUnitVectors) */
    pm__load_lanes(constants + PM__LANE_AXIS * stride, stride, 3, rest);
    lengths = pm__mul(pm__dot3(rest, rest), pm__dot3(local, local)); /* 1 (to float rounding) or 0 */
    r = pm__add(pm__dot3(rest, local), lengths);
    pm__cross(rest, local, turn);
    turn[3] = r;
    {
        const pm__i opposite = pm__greater(pm__mul(lengths, pm__set1(9.5367432e-7f)), r), /* 2^-20 */
                    x_larger = pm__greater(pm__mul(rest[0], rest[0]), pm__mul(rest[2], rest[2])),
                    none = pm__i_xor(pm__greater(lengths, zero), pm__i_set1(0xffffffffu));
        turn[0] = pm__select(opposite, pm__select(x_larger, pm__sub(zero, rest[1]), zero), turn[0]);
        turn[1] = pm__select(opposite, pm__select(x_larger, rest[0], pm__sub(zero, rest[2])), turn[1]);
        turn[2] = pm__select(opposite, pm__select(x_larger, zero, rest[1]), turn[2]);
        turn[3] = pm__select(opposite, zero, turn[3]);
        PM__UNROLL
        for (i = 0; i < 3; ++i) turn[i] = pm__select(none, zero, turn[i]);
        turn[3] = pm__select(none, one, turn[3]);
    }
    pm__load_lanes(constants + PM__LANE_REST_ROTATION * stride, stride, 4, rest_q);
    q[0] = pm__add(pm__madd(rest_q[3], turn[0], pm__mul(rest_q[0], turn[3])), pm__sub(pm__mul(rest_q[1], turn[2]), pm__mul(rest_q[2], turn[1])));
    q[1] = pm__add(pm__sub(pm__mul(rest_q[3], turn[1]), pm__mul(rest_q[0], turn[2])), pm__madd(rest_q[1], turn[3], pm__mul(rest_q[2], turn[0])));
    q[2] = pm__add(pm__madd(rest_q[3], turn[2], pm__mul(rest_q[0], turn[1])), pm__sub(pm__mul(rest_q[2], turn[3]), pm__mul(rest_q[1], turn[0])));
    q[3] = pm__sub(pm__mul(rest_q[3], turn[3]), pm__add(pm__madd(rest_q[0], turn[0], pm__mul(rest_q[1], turn[1])), pm__mul(rest_q[2], turn[2])));
    r = pm__inverse_length(pm__dot4(q, q));
    bad = pm__i_or(bad, pm__i_xor(pm__greater(r, zero), pm__i_set1(0xffffffffu)));
    PM__UNROLL
    for (i = 0; i < 4; ++i) {
        q[i] = pm__mul(q[i], r);
        bad = pm__i_or(bad, pm__nonfinite(q[i]));
        pm__store(out.rotation[i], q[i]);
    }
    /* the node's world matrix: parent x (rotation x scale | translation); its translation is head */
    pm__spring_world_block(parent, q, pm__set1(2.0f), s, m);
    PM__UNROLL
    for (i = 0; i < 9; ++i) {
        bad = pm__i_or(bad, pm__nonfinite(m[i]));
        pm__store(out.world[i], m[i]);
    }
    PM__UNROLL
    for (i = 0; i < 3; ++i) {
        bad = pm__i_or(bad, pm__nonfinite(head[i]));
        pm__store(out.world[9 + i], head[i]);
    }
    if (pm__i_any(pm__i_and(bad_input, pm__greater(pm__set1((float)n), pm__load(pm__lane_index))))) return 0;
    pm__store(held, pm__as_floats(bad)); /* the sign bit in the lanes that hold */

    for (l = 0; l < n; ++l) {
        const int j = joints[l];
        pm_spring_joint_state *st = &set->joints[j];
        const int node = pm__spring_joint(set, j)->node;
        float *w = world + 16 * (size_t)node;
        if (pm__signbit(held[l])) {
            if (!pm__spring_refresh(set, j, pose, world)) return 0;
            continue;
        }
        PM__UNROLL
        for (i = 0; i < 3; ++i) {
            st->previous_tail[i] = st->tail[i];
            st->tail[i] = (double)out.tail[i][l];
        }
        PM__UNROLL
        for (i = 0; i < 4; ++i) st->rotation[i] = pose[node].rotation[i] = out.rotation[i][l];
        PM__UNROLL
        for (c = 0; c < 4; ++c) /* a column to a store, whole for the vector loads that read it */
            pm__f4_store(w + 4 * c, pm__f4_set(out.world[3 * c][l], out.world[3 * c + 1][l], out.world[3 * c + 2][l],
                                               c == 3 ? 1.0f : 0.0f));
    }
    for (l = 0; l < n; ++l)
        if (!pm__signbit(held[l]) && region_first[joints[l]] < region_first[joints[l] + 1] &&
            !pm__spring_refresh_region(set, joints[l], pose, world))
            return 0;
    return 1;
}

/* A step of every run, PM__LANES joints at a time */
static int pm__spring_steps(const pm_spring_set *set, pm_transform *pose, float *world, float delta)
{
    const int *run_end = pm__spring_run_end(set);
    pm__spring_in in;
    int k, n;
    memset(&in, 0, sizeof in);
    for (k = 0; k < set->joint_count; k += n) {
        n = run_end[k] - k < PM__LANES ? run_end[k] - k : PM__LANES;
        if (!pm__spring_lanes(set, pose, world, delta, k, n, &in)) return 0;
    }
    return 1;
}
#endif /* spring bones in lanes */

/* The kernels' name, as pm_skin_job_get_kernels gives it */
static const char pm__kernels_name[] = PM__KERNELS;

#undef PM__AVX512
#undef PM__AVX512VL
#undef PM__AVX2
#undef PM__LANES
#undef PM__KERNELS
#undef PM__SHUFFLE
#undef PM__UNPACKLO
#undef PM__UNPACKHI
#undef PM__LANE4
#undef PM__LANE_OF
#undef PM__BLEND_VERTEX
#endif /* a kernel pass */

#if defined(PM__KERNEL_PASS) && PM__KERNEL_PASS == 1 /* ---- after the first pass -------- */
#undef PM__KERNEL_PASS
#undef PM__PASS

/* The wider passes. The file names itself: renamed, it needs
   POSEMATH_NO_DISPATCH (or the new name here). */
#if defined(PM__DISPATCH) && !defined(PM__FLAGS_AVX2)
#define PM__KERNEL_PASS 2
#define PM__PASS avx2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#endif
#include "posemath.h"
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#undef PM__PASS
#undef PM__KERNEL_PASS
#endif
#if defined(PM__DISPATCH) /* AVX-512 as x86-64-v4 has it: with VL, 128- and 256-bit operations reach 32 registers too */
#define PM__KERNEL_PASS 3
#define PM__PASS avx512
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512cd,avx512vl,avx512bw,avx512dq,avx2,fma"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512cd,avx512vl,avx512bw,avx512dq,avx2,fma")
/* g++ 12 warns of the deliberately undefined registers inside its own
   AVX-512 intrinsics (GCC bug 105593, fixed in 13) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include "posemath.h"
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif
#undef PM__PASS
#undef PM__KERNEL_PASS
#endif

/* The O(1) checks of a job: arrays present, counts, the morph table's ends. */
static pm_result pm__skin_job_arrays(const pm_skin_job *job)
{
    int stride[PM__STREAMS], k;
    if (!job || job->vertex_count < 0 || job->bone_count < 0 || job->morph_count < 0 ||
        (unsigned)job->normal_rule > (unsigned)PM_SKIN_NORMALS_BLENDED)
        return PM_ERROR_INVALID_ARGUMENT;
    pm__stride_list(&job->stride, stride);
    for (k = 0; k < PM__STREAMS; ++k)
        if (stride[k] != 0 && (stride[k] < pm__stream_bytes(job, k) || stride[k] % pm__stream_alignment[k] != 0))
            return PM_ERROR_INVALID_ARGUMENT;
    if (!(job->influences == 0 || job->influences == 4 ||
          ((job->influences == 1 || job->influences == 2 || job->influences == 8) && !job->types)) ||
        !(job->last_weight_implied == 0 || (job->last_weight_implied == 1 && pm__influences(job) == 4 && !job->types)))
        return PM_ERROR_INVALID_ARGUMENT;
    if (job->vertex_count > 0 && (!job->positions || !job->bone_indices ||
                                  (!job->bone_weights && pm__weights_per_vertex(job) > 0) || !job->out_positions))
        return PM_ERROR_INVALID_ARGUMENT;
    if (job->morph_start && (job->morph_start[0] != 0 || job->morph_start[job->vertex_count] < 0 ||
                             (job->morph_start[job->vertex_count] > 0 && !job->morphs) ||
                             (job->morph_count > 0 && !job->morph_weights)))
        return PM_ERROR_INVALID_ARGUMENT;
    return PM_OK;
}

typedef void (*pm__skin_range_fn)(const pm_skin_job *job, int first, int end);

/* One kernel pass's entry points */
typedef struct pm__kernels {
    const char *name;
    pm__skin_range_fn skin_range;
    pm__spring_steps_fn spring_steps;
} pm__kernels;

/* The widest kernels this CPU runs. The spring step stops at AVX2's 8
   lanes: its runs rarely fill 16 (docs/vrm.md, Speed). */
static pm__kernels pm__widest_kernels(void)
{
    pm__kernels k;
    k.name = pm__base_kernels_name, k.skin_range = pm__base_skin_range, k.spring_steps = pm__base_spring_steps;
#if defined(PM__DISPATCH)
    __builtin_cpu_init(); /* in case this runs before the constructors that would */
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return k;
#if !defined(PM__FLAGS_AVX2)
    k.name = pm__avx2_kernels_name, k.skin_range = pm__avx2_skin_range, k.spring_steps = pm__avx2_spring_steps;
#endif
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
        k.name = pm__avx512_kernels_name, k.skin_range = pm__avx512_skin_range;
#endif
    return k;
}

static pm__skin_range_fn pm__skin_kernels(const char **name)
{
    const pm__kernels k = pm__widest_kernels();
    *name = k.name;
    return k.skin_range;
}

static pm__spring_steps_fn pm__spring_kernels(void) { return pm__widest_kernels().spring_steps; }

PMDEF const char *pm_skin_job_get_kernels(void)
{
    const char *name;
    (void)pm__skin_kernels(&name);
    return name;
}

/* on pm_skin_bone's 16-byte boundary, which the kernels' loads rely on */
static int pm__bones_aligned(const pm_skin_bone *bones) { return (uintptr_t)(const void *)bones % 16u == 0; }

PMDEF pm_result pm_skin_job_run(const pm_skin_job *job, int first_vertex, int count)
{
    const char *name;
    pm_result r = pm__skin_job_arrays(job);
    if (r != PM_OK) return r;
    if (first_vertex < 0 || count < 0 || first_vertex > job->vertex_count - count) return PM_ERROR_OUT_OF_RANGE;
    if (count == 0) return PM_OK;
    if (job->bone_count < 1 || !job->prepared || !pm__bones_aligned(job->prepared)) return PM_ERROR_INVALID_ARGUMENT;
    pm__skin_kernels(&name)(job, first_vertex, first_vertex + count);
    return PM_OK;
}

/* ---- Validation --------------------------------------------------------------- */

/* A vertex's weights are divided by their sum, which must lie in
   [2^-125, 2^125]: then 1 / sum, even rounded down, is a normal float (which
   -ffast-math's flush of denormals to zero leaves alone), and no blend of
   bones can overflow for the weights' sake. */
#define PM__MIN_WEIGHT_SUM 2.3509887e-38f /* 2^-125 */
#define PM__MAX_WEIGHT_SUM 4.2535296e+37f /* 2^125 */

/* Everything run assumes of one vertex. */
static pm_result pm__skin_check_vertex(const pm_skin_job *job, int v)
{
    const pm_skin_strides *stride = &job->stride;
    const int influences = pm__influences(job);
    const uint16_t *index =
        (const uint16_t *)pm__element(job->bone_indices, stride->bone_indices, (size_t)pm__stream_bytes(job, 3), v);
    const float *stored = influences == 1 ? NULL
                          : (const float *)pm__element(job->bone_weights, stride->bone_weights,
                                                       (size_t)pm__stream_bytes(job, 4), v);
    const unsigned type = job->types ? job->types[v]
                          : influences == 1 ? (unsigned)PM_SKIN_BDEF1
                          : influences == 2 ? (unsigned)PM_SKIN_BDEF2
                                            : (unsigned)PM_SKIN_BDEF4;
    float implied[4];
    int k;
    if (type > (unsigned)PM_SKIN_QDEF) return PM_ERROR_INVALID_ARGUMENT;
    if (type == PM_SKIN_BDEF1) { /* one bone, its weight 1 whatever is stored */
        if (index[0] >= job->bone_count) return PM_ERROR_OUT_OF_RANGE;
    } else {
        const float *weight = stored;
        float sum = 0.0f;
        if (influences == 2) { /* w1 as the kernels round it */
            implied[0] = stored[0], implied[1] = 1.0f - stored[0];
            weight = implied;
        } else if (job->last_weight_implied) { /* w3 likewise */
            memcpy(implied, stored, 3 * sizeof *stored);
            implied[3] = 1.0f - ((stored[0] + stored[1]) + stored[2]);
            weight = implied;
        }
        for (k = 0; k < (influences == 8 ? 8 : pm__skin_slots(type)); ++k) {
            /* not negative: then a QDEF sum, each term on its side, cannot cancel */
            if (!pm__finite(weight[k]) || weight[k] < 0.0f) return PM_ERROR_INVALID_ARGUMENT;
            if (weight[k] != 0.0f && index[k] >= job->bone_count) return PM_ERROR_OUT_OF_RANGE;
            sum += weight[k];
        }
        if (!pm__finite(sum) || !(sum >= PM__MIN_WEIGHT_SUM && sum <= PM__MAX_WEIGHT_SUM))
            return PM_ERROR_INVALID_ARGUMENT;
    }
    if (type == PM_SKIN_SDEF && (!job->sdef || !pm__finite_n((const float *)pm__element(job->sdef, stride->sdef, 36, v), 9)))
        return PM_ERROR_INVALID_ARGUMENT;
    if (!pm__finite_n((const float *)pm__element(job->positions, stride->positions, 12, v), 3) ||
        (job->normals && !pm__finite_n((const float *)pm__element(job->normals, stride->normals, 12, v), 3)) ||
        (job->tangents && !pm__finite_n((const float *)pm__element(job->tangents, stride->tangents, 16, v), 4)))
        return PM_ERROR_INVALID_ARGUMENT;
    if (job->morph_start) {
        int m, end = job->morph_start[v + 1];
        if (job->morph_start[v] < 0 || end < job->morph_start[v] || end > job->morph_start[job->vertex_count])
            return PM_ERROR_INVALID_ARGUMENT;
        for (m = job->morph_start[v]; m < end; ++m) {
            if (job->morphs[m].morph < 0 || job->morphs[m].morph >= job->morph_count) return PM_ERROR_OUT_OF_RANGE;
            if (!pm__finite_n(job->morphs[m].offset, 3) ||
                (job->morph_normals && !pm__finite_n(job->morph_normals + 3 * (size_t)m, 3)) ||
                (job->morph_tangents && !pm__finite_n(job->morph_tangents + 3 * (size_t)m, 3)))
                return PM_ERROR_INVALID_ARGUMENT;
            if (job->morph_masks && !(job->morph_masks[v / PM_MORPH_MASK_VERTICES] >> (job->morphs[m].morph % 64) & 1u))
                return PM_ERROR_INVALID_ARGUMENT; /* a mask without the morph would leave it unapplied */
        }
    }
    return PM_OK;
}

/* An array's bytes: n elements of `size` bytes, `stride` apart */
typedef struct pm__span {
    uintptr_t start;
    size_t bytes, stride, size;
} pm__span;

static pm__span pm__span_of(const void *p, size_t n, size_t size, int stride)
{
    pm__span span;
    span.start = (uintptr_t)p;
    span.size = size;
    span.stride = stride ? (size_t)stride : size;
    span.bytes = p && n ? (n - 1) * span.stride + size : 0;
    return span;
}

/* Whether an element of a lies on an element of b: their bytes meet, and
   unless both are interleaved at one stride with their elements apart
   within it, some element's do. */
static int pm__spans_meet(pm__span a, pm__span b)
{
    size_t offset;
    if (!a.bytes || !b.bytes || a.start >= b.start + b.bytes || b.start >= a.start + a.bytes) return 0;
    if (a.stride != b.stride) return 1;
    offset = b.start >= a.start ? (size_t)(b.start - a.start) % a.stride /* b's elements from a's, modulo the stride */
                                : (a.stride - (size_t)(a.start - b.start) % a.stride) % a.stride;
    return !(offset >= a.size && offset + b.size <= a.stride);
}

/* Whether an output's element overlaps another output's or an input's:
   run reads them in any order. */
static int pm__skin_overlap(const pm_skin_job *job)
{
    const size_t n = (size_t)job->vertex_count, bones = (size_t)job->bone_count;
    const size_t entries = job->morph_start ? (size_t)job->morph_start[n] : 0;
    const size_t bone_bytes = bones * (job->bones ? sizeof(pm_rigid) : 16 * sizeof(float));
    const pm_skin_strides *s = &job->stride;
    pm__span span[17];
    int a, b;
    span[0] = pm__span_of(job->out_positions, n, 12, s->out_positions);
    span[1] = pm__span_of(job->out_normals, n, 12, s->out_normals);
    span[2] = pm__span_of(job->out_tangents, n, 16, s->out_tangents);
    span[3] = pm__span_of(job->positions, n, 12, s->positions);
    span[4] = pm__span_of(job->normals, n, 12, s->normals);
    span[5] = pm__span_of(job->tangents, n, 16, s->tangents);
    span[6] = pm__span_of(job->types, n, 1, 0);
    span[7] = pm__span_of(job->bone_indices, n, (size_t)pm__stream_bytes(job, 3), s->bone_indices);
    span[8] = pm__span_of(pm__weights_per_vertex(job) ? job->bone_weights : NULL, n, (size_t)pm__stream_bytes(job, 4),
                          s->bone_weights);
    span[9] = pm__span_of(job->sdef, n, 36, s->sdef);
    span[10] = pm__span_of(job->morph_start, 1, (n + 1) * sizeof(int), 0);
    span[11] = pm__span_of(job->morphs, 1, entries * sizeof(pm_vertex_morph), 0);
    span[12] = pm__span_of(job->morph_weights, 1, (size_t)job->morph_count * sizeof(float), 0);
    span[13] = pm__span_of(job->bones ? (const void *)job->bones : (const void *)job->bone_matrices, 1, bone_bytes, 0);
    span[14] = pm__span_of(job->prepared, 1, bones * sizeof(pm_skin_bone), 0);
    span[15] = pm__span_of(job->morph_normals, 1, entries * 3 * sizeof(float), 0);
    span[16] = pm__span_of(job->morph_tangents, 1, entries * 3 * sizeof(float), 0);
    for (a = 0; a < 3; ++a)
        for (b = a + 1; b < (int)(sizeof span / sizeof span[0]); ++b)
            if (pm__spans_meet(span[a], span[b])) return 1;
    return 0;
}

PMDEF pm_result pm_skin_job_validate(const pm_skin_job *job, int *bad_vertex)
{
    int v, i;
    pm_result r = pm__skin_job_arrays(job);
    if (bad_vertex) *bad_vertex = -1;
    if (r != PM_OK) return r;
    if (job->vertex_count > 0 && (job->bone_count < 1 || !job->prepared)) return PM_ERROR_INVALID_ARGUMENT;
    if (job->prepared && !pm__bones_aligned(job->prepared)) return PM_ERROR_INVALID_ARGUMENT;
    if (pm__skin_overlap(job)) return PM_ERROR_INVALID_ARGUMENT;
    if (job->morph_start)
        for (i = 0; i < job->morph_count; ++i)
            if (!pm__finite(job->morph_weights[i])) return PM_ERROR_INVALID_ARGUMENT;
    for (v = 0; v < job->vertex_count; ++v) {
        r = pm__skin_check_vertex(job, v);
        if (r != PM_OK) {
            if (bad_vertex) *bad_vertex = v;
            return r;
        }
    }
    return PM_OK;
}

/* ---- Bones ---------------------------------------------------------------------- */

/* Bone i's rotation, unit, and translation; 0 for a zero or non-finite one. */
static int pm__load_rigid(const pm_rigid *bones, int i, double q[4], float t[3])
{
    pm__load4(bones[i].rotation, q);
    memcpy(t, bones[i].translation, 3 * sizeof(float));
    return pm__quat_normalize(q) && pm__finite_n(t, 3);
}

/* The rotation and the signed uniform scale s = cbrt(det A) of a 3x3
   matrix (columns): the rotation is the polar factor of A, or of -A when
   det A < 0 (a mirror: s < 0 then), by Higham's scaled Newton iteration
   X <- (g X + X^-T / g) / 2, which converges in a few steps for any
   conditioning. A singular matrix gives s = 0 and no rotation. */
static void pm__polar(double a[3][3], double q[4], double *s) /* a is only read */
{
    double x[3][3], next[3][3], det = pm__det3(a);
    int c, r, step;
    q[0] = q[1] = q[2] = 0.0;
    q[3] = 1.0;
    *s = cbrt(det);
    if (!(fabs(det) > 1e-300)) {
        *s = 0.0;
        return;
    }
    for (c = 0; c < 3; ++c)
        for (r = 0; r < 3; ++r) x[c][r] = det < 0.0 ? -a[c][r] : a[c][r];
    for (step = 0; step < 64; ++step) {
        double d = pm__det3(x), norm = 0.0, inverse_norm = 0.0, g, change = 0.0;
        double x_inv_t[3][3]; /* X^-T */
        pm__inverse_transpose3(x, d, x_inv_t);
        for (c = 0; c < 3; ++c)
            for (r = 0; r < 3; ++r) {
                norm += x[c][r] * x[c][r];
                inverse_norm += x_inv_t[c][r] * x_inv_t[c][r];
            }
        if (!(d > 0.0) || !pm__finite_d(inverse_norm)) return; /* lost to rounding: no rotation */
        g = sqrt(sqrt(inverse_norm / norm));
        for (c = 0; c < 3; ++c)
            for (r = 0; r < 3; ++r) {
                next[c][r] = 0.5 * (g * x[c][r] + x_inv_t[c][r] / g);
                change += (next[c][r] - x[c][r]) * (next[c][r] - x[c][r]);
            }
        memcpy(x, next, sizeof x);
        if (change < 1e-28) break;
    }
    pm__rotation_to_quat(x, q);
    pm__quat_normalize(q);
}

/* Bone i as a 3x4 matrix (columns, translation last) and, for a pm_rigid,
   its rotation; 0 when it is not finite or its rotation is zero. */
static int pm__load_bone(const pm_skin_job *job, int i, float m[12], double q[4])
{
    if (job->bones) {
        if (!pm__load_rigid(job->bones, i, q, m + 9)) return 0;
        pm__quat_to_mat(q, m, 3);
        return 1;
    }
    memcpy(m, job->bone_matrices + 16 * (size_t)i, 3 * sizeof(float));
    memcpy(m + 3, job->bone_matrices + 16 * (size_t)i + 4, 3 * sizeof(float));
    memcpy(m + 6, job->bone_matrices + 16 * (size_t)i + 8, 3 * sizeof(float));
    memcpy(m + 9, job->bone_matrices + 16 * (size_t)i + 12, 3 * sizeof(float));
    return pm__finite_n(m, 12);
}

PMDEF pm_result pm_skin_job_prepare(const pm_skin_job *job)
{
    int i, k;
    if (!job || job->bone_count < 0 || (unsigned)job->normal_rule > (unsigned)PM_SKIN_NORMALS_BLENDED ||
        (job->bone_count > 0 && (!job->prepared || !pm__bones_aligned(job->prepared) || !job->bones == !job->bone_matrices)))
        return PM_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < job->bone_count; ++i) { /* every bone checked before any is written */
        float m[12];
        double q[4];
        if (!pm__load_bone(job, i, m, q)) return PM_ERROR_INVALID_ARGUMENT;
    }
    for (i = 0; i < job->bone_count; ++i) {
        pm_skin_bone *out = &job->prepared[i];
        double q[4], t[4] = {0, 0, 0, 0}, dual[4], scale = 1.0;
        double a[3][3], cofactor[3][3], det, largest = 0.0;
        int c;
        pm__load_bone(job, i, out->matrix, q);
        for (c = 0; c < 3; ++c)
            for (k = 0; k < 3; ++k) a[c][k] = (double)out->matrix[3 * c + k];
        if (!job->bones) pm__polar(a, q, &scale);
        /* BDEF1's normal matrix, which it reads ready (the blends work it
           out per vertex): normalize(M^-T n) = normalize(sign(det) cof(A) n)
           by the exact rule, A itself by the blended one; scaled to a
           largest element of 1, which any finite bone's cofactors fit in a
           float */
        det = pm__det3(a);
        if (job->normal_rule == PM_SKIN_NORMALS_BLENDED) memcpy(cofactor, a, sizeof cofactor);
        else pm__inverse_transpose3(a, 1.0, cofactor);
        for (c = 0; c < 3; ++c)
            for (k = 0; k < 3; ++k) largest = fabs(cofactor[c][k]) > largest ? fabs(cofactor[c][k]) : largest;
        if (det < 0.0 && job->normal_rule != PM_SKIN_NORMALS_BLENDED) largest = -largest;
        for (c = 0; c < 3; ++c) { /* BDEF1's columns, padded to 4 floats */
            for (k = 0; k < 3; ++k) {
                out->columns[4 * c + k] = out->matrix[3 * c + k];
                out->normal[4 * c + k] = largest != 0.0 ? (float)(cofactor[c][k] / largest) : 0.0f;
            }
            out->columns[4 * c + 3] = out->normal[4 * c + 3] = 0.0f;
        }
        for (k = 0; k < 3; ++k) t[k] = (double)out->matrix[9 + k];
        pm__quat_mul(t, q, dual); /* dual part: (t, 0) q / 2 */
        for (k = 0; k < 4; ++k) {
            out->real[k] = (float)q[k];
            out->dual[k] = (float)(0.5 * dual[k]);
        }
        for (k = 0; k < 3; ++k) out->translation[k] = out->matrix[9 + k];
        out->scale = (float)scale;
    }
    return PM_OK;
}

/* PMX stores each vertex morph as a list of (vertex, offset); the job reads
   them per vertex. A counting sort into the caller's arrays: morph_start
   first counts, then serves as the write cursor, then is shifted back. */
PMDEF pm_result pm_morphs_group_by_vertex(int vertex_count, int morph_count, const int *morph_offset_start,
                                    const int *morph_vertex, const float *morph_offset, int *morph_start,
                                    pm_vertex_morph *morphs, int capacity)
{
    int j, k, v, total;
    /* morph_start has vertex_count + 1 entries: that count must be an int too */
    if (vertex_count < 0 || vertex_count == INT_MAX || morph_count < 0 || morph_count == INT_MAX || capacity < 0 ||
        !morph_start || (morph_count > 0 && !morph_offset_start))
        return PM_ERROR_INVALID_ARGUMENT;
    total = morph_count > 0 ? morph_offset_start[morph_count] : 0;
    if (morph_count > 0 && morph_offset_start[0] != 0) return PM_ERROR_INVALID_ARGUMENT;
    for (j = 0; j < morph_count; ++j)
        if (morph_offset_start[j + 1] < morph_offset_start[j]) return PM_ERROR_INVALID_ARGUMENT;
    if (total > 0 && (!morph_vertex || !morph_offset || !morphs)) return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < total; ++k) {
        if (morph_vertex[k] < 0 || morph_vertex[k] >= vertex_count) return PM_ERROR_OUT_OF_RANGE;
        if (!pm__finite_n(morph_offset + 3 * (size_t)k, 3))
            return PM_ERROR_INVALID_ARGUMENT;
    }
    if (total > capacity) return PM_ERROR_CAPACITY;
    for (v = 0; v <= vertex_count; ++v) morph_start[v] = 0;
    for (k = 0; k < total; ++k) ++morph_start[morph_vertex[k] + 1];
    for (v = 0; v < vertex_count; ++v) morph_start[v + 1] += morph_start[v];
    for (j = 0; j < morph_count; ++j)
        for (k = morph_offset_start[j]; k < morph_offset_start[j + 1]; ++k) {
            pm_vertex_morph *m = &morphs[morph_start[morph_vertex[k]]++];
            m->morph = j;
            memcpy(m->offset, morph_offset + 3 * (size_t)k, sizeof m->offset);
        }
    for (v = vertex_count; v > 0; --v) morph_start[v] = morph_start[v - 1];
    morph_start[0] = 0;
    return PM_OK;
}

PMDEF pm_result pm_morph_masks(int vertex_count, const int *morph_start, const pm_vertex_morph *morphs, uint64_t *masks)
{
    int v, k, floor = 0, total;
    if (vertex_count < 0 || !morph_start || !masks || morph_start[0] != 0) return PM_ERROR_INVALID_ARGUMENT;
    total = morph_start[vertex_count];
    if (total < 0 || (total > 0 && !morphs)) return PM_ERROR_INVALID_ARGUMENT;
    for (v = 0; v < vertex_count; v += PM_MORPH_MASK_VERTICES) masks[v / PM_MORPH_MASK_VERTICES] = 0;
    for (v = 0; v < vertex_count; ++v) {
        const int end = morph_start[v + 1];
        if (end < floor || end > total) return PM_ERROR_INVALID_ARGUMENT; /* not pm_morphs_group_by_vertex's */
        for (k = floor; k < end; ++k)
            masks[v / PM_MORPH_MASK_VERTICES] |= (uint64_t)1 << ((unsigned)morphs[k].morph % 64u);
        floor = end;
    }
    return PM_OK;
}

/* A counting sort by type: stable, linear, every type checked before
   anything is written. */
PMDEF pm_result pm_skin_partition_by_type(int vertex_count, const unsigned char *types, int *order, int *position,
                                          int part_start[6])
{
    int next[6] = {0, 0, 0, 0, 0, 0}, t, v;
    if (vertex_count < 0 || (vertex_count > 0 && (!types || !order || !position)) || !part_start)
        return PM_ERROR_INVALID_ARGUMENT;
    for (v = 0; v < vertex_count; ++v) {
        if (types[v] > PM_SKIN_QDEF) return PM_ERROR_INVALID_ARGUMENT;
        ++next[types[v] + 1];
    }
    for (t = 0; t < 5; ++t) next[t + 1] += next[t];
    memcpy(part_start, next, sizeof next);
    for (v = 0; v < vertex_count; ++v) {
        const int at = next[types[v]]++;
        order[at] = v;
        position[v] = at;
    }
    return PM_OK;
}

PMDEF pm_result pm_skin_compute_bone_matrices(const float *world, int node_count, const int *joint_node,
                                              int joint_count, const float *inverse_bind, float *bone_matrices)
{
    int j, c;
    if (node_count < 0 || joint_count < 0 || (joint_count > 0 && (!world || !joint_node || !bone_matrices)))
        return PM_ERROR_INVALID_ARGUMENT;
    for (j = 0; j < joint_count; ++j)
        if (joint_node[j] < 0 || joint_node[j] >= node_count) return PM_ERROR_OUT_OF_RANGE;
    for (j = 0; j < joint_count; ++j) { /* column-major: element (row r, column c) at 4 c + r */
        const float *world_joint = world + 16 * (size_t)joint_node[j];
        float *product = bone_matrices + 16 * (size_t)j;
        if (!inverse_bind) {
            memcpy(product, world_joint, 16 * sizeof(float));
        } else { /* column c: the joint's columns mixed by the inverse bind's column c, in order from 0 */
            const pm__f4 a0 = pm__f4_load(world_joint), a1 = pm__f4_load(world_joint + 4),
                         a2 = pm__f4_load(world_joint + 8), a3 = pm__f4_load(world_joint + 12);
            PM__UNROLL
            for (c = 0; c < 4; ++c) {
                const pm__f4 b = pm__f4_load(inverse_bind + 16 * (size_t)j + 4 * (size_t)c);
                pm__f4_store(product + 4 * c,
                             pm__f4_add(pm__f4_add(pm__f4_add(pm__f4_mul(a0, PM__F4_LANES(b, 0, 0, 0, 0)),
                                                              pm__f4_mul(a1, PM__F4_LANES(b, 1, 1, 1, 1))),
                                                   pm__f4_mul(a2, PM__F4_LANES(b, 2, 2, 2, 2))),
                                        pm__f4_mul(a3, PM__F4_LANES(b, 3, 3, 3, 3))));
            }
        }
        if (!pm__finite_matrix(product)) {
            memset(bone_matrices, 0, 16 * sizeof(float) * (size_t)joint_count);
            return PM_ERROR_INVALID_ARGUMENT;
        }
    }
    return PM_OK;
}

/* MMD style: a bone turned to world_rotation with its head at world_position,
   whose head was at bind_position in the bind pose:
   M = T(world_position) R T(-bind_position). */
PMDEF pm_result pm_rigid_from_bone(const versor world_rotation, const vec3 world_position,
                                   const vec3 bind_position, pm_rigid *out)
{
    double q[4], b[3], rb[3];
    float t[3];
    int k;
    if (!world_rotation || !world_position || !bind_position || !out) return PM_ERROR_INVALID_ARGUMENT;
    for (k = 0; k < 4; ++k) q[k] = (double)world_rotation[k];
    for (k = 0; k < 3; ++k) b[k] = (double)bind_position[k];
    if (!pm__quat_normalize(q) || !pm__finite_n(bind_position, 3) || !pm__finite_n(world_position, 3))
        return PM_ERROR_INVALID_ARGUMENT;
    pm__quat_rotate(q, b, rb);
    for (k = 0; k < 3; ++k) t[k] = (float)((double)world_position[k] - rb[k]);
    if (!pm__finite_n(t, 3)) return PM_ERROR_INVALID_ARGUMENT; /* finite inputs, overflowing difference */
    pm__store4(out->rotation, q);
    memcpy(out->translation, t, sizeof t);
    return PM_OK;
}

#ifdef __cplusplus
}
#endif

#endif /* after the first pass */

/*
------------------------------------------------------------------------------
MIT License

Copyright (c) 2026 the posemath authors

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
------------------------------------------------------------------------------
*/
