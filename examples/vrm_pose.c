/* vrm_pose: a VRM model from its file to a posed, skinned mesh, the way
   docs/vrm.md walks through it: the scene from the glTF nodes, the humanoid
   from the VRMC_vrm extension (pm_humanoid_map_parse_json), a normalized
   pose (the same numbers on every VRM model) turned into the model's own
   node rotations, world matrices, and every mesh skinned by the skinning
   job: glTF skins by their joints, meshes without a skin by their node (one
   joint, weight 1), which is how glTF places them.

   usage: vrm_pose MODEL.vrm [OUT.obj] [--rest] [--look-at X Y Z]
                   [--expression NAME=WEIGHT]...

   The pose lowers both arms 60 degrees and turns the head 20 degrees
   (--rest keeps the T-pose). Prints the model's counts, how far the left
   hand dropped against what the arm's rest direction says it must (the
   normalized pose turns the arm about the world's Z axis: a T-pose arm
   along X drops by its length times sin 60, one that hangs a little lower
   at rest as far as the turn takes it), and writes the posed meshes as
   Wavefront OBJ.

   The face, as three-vrm's VRM.update resolves it after the humanoid:
   --look-at turns the eyes toward a point (glTF space, metres) with the
   file's lookAt (pm_look_at_yaw_pitch; a bone lookAt turns the eye bones,
   an expression one sets the lookLeft/Right/Up/Down weights); --expression
   sets an expression's weight (a preset such as blink or happy, or a
   custom name as the file spells it). Prints the angles, the eye bones'
   local rotations, every expression's applied weight and every morph
   target weight that is not zero ("morph SLOT TARGET WEIGHT": the slot is
   the node in VRM 1.0, the mesh in 0.x), which are what the skinning job's
   morph_weights take. */
#include "../posemath.h"

#include "glb.h"
#include "gltf_json.h"
#include <math.h>

enum { MAX_NODES = 1024, MAX_VERTICES = 1 << 20, MAX_JOINTS = 1024, MAX_EXPRESSIONS = 256, MAX_BINDS = 4096,
       MAX_MORPHS = 1 << 16, MAX_SET = 64 };

static int fail(const char *path, const char *what, const char *detail)
{
    fprintf(stderr, "vrm_pose: %s: %s%s%s\n", path, what, detail ? ": " : "", detail ? detail : "");
    return 1;
}

/* The VRM's normalized pose: T-pose, arms lowered, head turned. The
   angles are a VRM 1.0 model's (facing +Z, its left arm along +X); a VRM
   0.x model faces -Z, so its pose is the same one turned half about Y. */
static void choose_pose(const pm_humanoid *h, int rest, int vrm0, pm_normalized_pose *pose)
{
    const vec3 down_left = {0, 0, -60}, down_right = {0, 0, 60}, turn = {0, 20, 0};
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) glm_quat_identity(pose->rotation[b]);
    if (!rest) {
        pm_euler_deg_to_quat(down_left, PM_EULER_XYZ, PM_ROTATION_POINT, pose->rotation[PM_BONE_LEFT_UPPER_ARM]);
        pm_euler_deg_to_quat(down_right, PM_EULER_XYZ, PM_ROTATION_POINT, pose->rotation[PM_BONE_RIGHT_UPPER_ARM]);
        pm_euler_deg_to_quat(turn, PM_EULER_XYZ, PM_ROTATION_POINT, pose->rotation[PM_BONE_HEAD]);
        if (vrm0) pm_pose_turn_y180(pose, pose);
    }
    glm_vec3_copy((float *)h->rest_hips, pose->hips_position);
}

/* The weights the command line sets */
typedef struct face_request {
    int look_at;
    vec3 target;
    const char *names[MAX_SET];
    float weights[MAX_SET];
    int count;
} face_request;

/* The morph targets of each slot: a node's mesh (VRM 1.0) or a mesh (0.x), by its first primitive's targets */
static int morph_slots(const cJSON *gltf, int vrm0, int node_count, int *morph_start)
{
    const cJSON *meshes = cJSON_GetObjectItemCaseSensitive(gltf, "meshes");
    const int slots = vrm0 ? cJSON_GetArraySize(meshes) : node_count;
    int s, total = 0;
    if (slots > MAX_NODES) return -1;
    for (s = 0; s < slots; ++s) {
        const cJSON *mesh = vrm0 ? cJSON_GetArrayItem(meshes, s)
                                 : json_at(gltf, "meshes", json_whole(json_at(gltf, "nodes", s), "mesh", -1));
        const cJSON *targets = cJSON_GetObjectItemCaseSensitive(json_at(mesh, "primitives", 0), "targets");
        morph_start[s] = total;
        total += cJSON_GetArraySize(targets);
        if (total > MAX_MORPHS) return -1;
    }
    morph_start[slots] = total;
    return slots;
}

/* The face: the eyes toward the target, the expressions' weights, the morph targets' weights. 0, or 1 (reported). */
static int pose_face(const char *path, const cJSON *gltf, const char *vrm_text, int vrm0, const pm_humanoid *humanoid,
                     const face_request *request, pm_normalized_pose *normalized, pm_transform *pose, float *world)
{
    static pm_expression expressions[MAX_EXPRESSIONS];
    static pm_expression_morph_bind binds[MAX_BINDS];
    static pm_expression_material_bind material_binds[MAX_BINDS];
    static int morph_start[MAX_NODES + 1];
    static float weights[MAX_EXPRESSIONS], applied[MAX_EXPRESSIONS], morphs[MAX_MORPHS];
    const pm_expression_storage storage = {expressions, MAX_EXPRESSIONS, binds, MAX_BINDS, material_binds, MAX_BINDS};
    const size_t length = strlen(vrm_text);
    pm_look_at look_at;
    pm_parse_error error;
    pm_raw_pose raw;
    pm_result result;
    float look[PM_LOOK_WEIGHT_COUNT] = {0, 0, 0, 0};
    int count, slots, i, k, bad = -1;
    if (pm_look_at_parse_json(vrm_text, length, &look_at, &error) != PM_OK ||
        pm_expressions_parse_json(vrm_text, length, &storage, &count, &error) != PM_OK) {
        fprintf(stderr, "vrm_pose: %s: lookAt or expressions, byte %lu of the extension: %s\n", path,
                (unsigned long)error.offset, error.message);
        return 1;
    }
    if (error.warning) fprintf(stderr, "vrm_pose: %s: warning: expressions: %s\n", path, error.warning);
    for (i = 0; i < count; ++i) weights[i] = 0.0f;
    for (k = 0; k < request->count; ++k) { /* the weights asked for, by name */
        for (i = 0; i < count; ++i)
            if (expressions[i].name_length == strlen(request->names[k]) &&
                memcmp(expressions[i].name, request->names[k], expressions[i].name_length) == 0)
                break;
        if (i == count) return fail(path, "no such expression", request->names[k]);
        weights[i] = request->weights[k];
    }
    if (request->look_at) {
        float yaw, pitch;
        if ((result = pm_look_at_yaw_pitch(&look_at, humanoid, world, request->target, &yaw, &pitch)) != PM_OK ||
            (result = pm_look_at_eyes(&look_at, yaw, pitch, normalized)) != PM_OK ||
            (result = pm_look_at_weights(&look_at, yaw, pitch, look)) != PM_OK ||
            (result = pm_pose_denormalize(humanoid, normalized, &raw)) != PM_OK ||
            (result = pm_pose_write(humanoid, &raw, pose)) != PM_OK)
            return fail(path, "lookAt", pm_result_string(result));
        printf("lookAt (%s): yaw %.4f, pitch %.4f degrees\n",
               look_at.type == PM_LOOK_AT_BONE ? "bone" : look_at.type == PM_LOOK_AT_EXPRESSION ? "expression" : "none",
               (double)yaw, (double)pitch);
        for (i = 0; i < count; ++i) { /* the expression lookAt's weights, as its applier sets them */
            const pm_expression_preset p = expressions[i].preset;
            if (p >= PM_EXPRESSION_LOOK_UP && p <= PM_EXPRESSION_LOOK_RIGHT && look_at.type == PM_LOOK_AT_EXPRESSION)
                weights[i] = look[p == PM_EXPRESSION_LOOK_UP     ? PM_LOOK_UP
                                  : p == PM_EXPRESSION_LOOK_DOWN ? PM_LOOK_DOWN
                                  : p == PM_EXPRESSION_LOOK_LEFT ? PM_LOOK_LEFT
                                                                 : PM_LOOK_RIGHT];
        }
    }
    for (k = 0; k < 2; ++k) {
        const int node = humanoid->bone_node[k ? PM_BONE_RIGHT_EYE : PM_BONE_LEFT_EYE];
        if (node >= 0)
            printf("%s %.6f %.6f %.6f %.6f\n", k ? "rightEye" : "leftEye", (double)pose[node].rotation[0],
                   (double)pose[node].rotation[1], (double)pose[node].rotation[2], (double)pose[node].rotation[3]);
    }
    if ((slots = morph_slots(gltf, vrm0, humanoid->node_count, morph_start)) < 0)
        return fail(path, "more meshes or morph targets than this example reads", NULL);
    if ((result = pm_expressions_resolve(expressions, count, weights, applied)) != PM_OK ||
        (result = pm_expressions_morph_weights(expressions, count, applied, morph_start, slots, morphs, &bad)) != PM_OK) {
        fprintf(stderr, "vrm_pose: %s: expression %.*s: %s\n", path, bad >= 0 ? (int)expressions[bad].name_length : 1,
                bad >= 0 ? expressions[bad].name : "-", pm_result_string(result));
        return 1;
    }
    for (i = 0; i < count; ++i)
        if (applied[i] != 0.0f) printf("expression %.*s %.6f\n", (int)expressions[i].name_length, expressions[i].name, (double)applied[i]);
    for (k = 0; k < slots; ++k)
        for (i = morph_start[k]; i < morph_start[k + 1]; ++i)
            if (morphs[i] != 0.0f) printf("morph %d %d %.6f\n", k, i - morph_start[k], (double)morphs[i]);
    return 0;
}

/* Skins node `node`'s mesh (every primitive) into the OBJ file; the
   vertex count written, or -1 (reported). */
static int skin_mesh(const glb *g, const char *path, int node, const float *world, int node_count, FILE *obj,
                     int first_index)
{
    static float positions[3 * MAX_VERTICES], out[3 * MAX_VERTICES], weights[4 * MAX_VERTICES],
        inverse_bind[16 * MAX_JOINTS], bone_matrices[16 * MAX_JOINTS];
    static uint16_t joints[4 * MAX_VERTICES];
    static int joint_node[MAX_JOINTS];
    static pm_skin_bone prepared[MAX_JOINTS];
    const cJSON *n = json_at(g->json, "nodes", node), *primitive;
    const cJSON *skin = json_at(g->json, "skins", json_whole(n, "skin", -1));
    const cJSON *mesh = json_at(g->json, "meshes", json_whole(n, "mesh", -1));
    const char *why = "";
    int joint_count = 1, written = 0, j, v;
    pm_result result;
    if (skin) { /* its joints and inverse bind matrices */
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(skin, "joints");
        joint_count = cJSON_GetArraySize(list);
        if (joint_count < 1 || joint_count > MAX_JOINTS) return fail(path, "a skin without joints, or too many", NULL), -1;
        for (j = 0; j < joint_count; ++j) joint_node[j] = json_whole_value(cJSON_GetArrayItem(list, j));
        if (cJSON_GetObjectItemCaseSensitive(skin, "inverseBindMatrices") &&
            gltf_read_accessor(g->json, &g->buffers, json_whole(skin, "inverseBindMatrices", -1), 16, MAX_JOINTS,
                               inverse_bind, NULL, &why) != joint_count)
            return fail(path, "inverseBindMatrices", why), -1;
    } else { /* glTF places a mesh without a skin by its node: one joint, weight 1, no inverse bind */
        joint_node[0] = node;
    }
    result = pm_skin_compute_bone_matrices(world, node_count, joint_node, joint_count,
                                           skin && cJSON_GetObjectItemCaseSensitive(skin, "inverseBindMatrices")
                                               ? inverse_bind
                                               : NULL,
                                           bone_matrices);
    if (result != PM_OK) return fail(path, "joints", pm_result_string(result)), -1;
    cJSON_ArrayForEach(primitive, cJSON_GetObjectItemCaseSensitive(mesh, "primitives")) {
        const cJSON *attributes = cJSON_GetObjectItemCaseSensitive(primitive, "attributes");
        pm_skin_job job;
        int bad_vertex, count;
        count = gltf_read_accessor(g->json, &g->buffers, json_whole(attributes, "POSITION", -1), 3, MAX_VERTICES,
                                   positions, NULL, &why);
        if (count < 0) return fail(path, "POSITION", why), -1;
        if (skin) {
            if (gltf_read_accessor(g->json, &g->buffers, json_whole(attributes, "JOINTS_0", -1), 4, MAX_VERTICES, NULL,
                                   joints, &why) != count ||
                gltf_read_accessor(g->json, &g->buffers, json_whole(attributes, "WEIGHTS_0", -1), 4, MAX_VERTICES,
                                   weights, NULL, &why) != count)
                return fail(path, "JOINTS_0 and WEIGHTS_0", why), -1;
        } else {
            for (v = 0; v < count; ++v) {
                memset(joints + 4 * v, 0, 4 * sizeof(uint16_t));
                weights[4 * v] = 1.0f;
                weights[4 * v + 1] = weights[4 * v + 2] = weights[4 * v + 3] = 0.0f;
            }
        }
        memset(&job, 0, sizeof job);
        job.vertex_count = count;
        job.positions = positions;
        job.bone_indices = joints; /* types NULL: every vertex a 4-influence linear blend */
        job.bone_weights = weights;
        job.bone_matrices = bone_matrices;
        job.bone_count = joint_count;
        job.prepared = prepared;
        job.out_positions = out;
        if ((result = pm_skin_job_validate(&job, &bad_vertex)) != PM_OK ||
            (result = pm_skin_job_prepare(&job)) != PM_OK || (result = pm_skin_job_run(&job, 0, count)) != PM_OK)
            return fail(path, "skinning", pm_result_string(result)), -1;
        if (obj) {
            for (v = 0; v < count; ++v)
                fprintf(obj, "v %.6f %.6f %.6f\n", (double)out[3 * v], (double)out[3 * v + 1], (double)out[3 * v + 2]);
            fprintf(obj, "# node %d: %d vertices from %d\n", node, count, first_index + written);
        }
        written += count;
    }
    return written;
}

int main(int argc, char **argv)
{
    static int parent[MAX_NODES];
    static pm_transform rest[MAX_NODES], pose[MAX_NODES];
    static float world[16 * MAX_NODES], rest_world[16 * MAX_NODES];
    const char *path = NULL, *obj_path = NULL;
    int bone_node[PM_BONE_COUNT], node_count, i, meshes = 0, vertices = 0, keep_rest = 0, bones = 0, vrm0 = 0;
    unsigned char *data;
    size_t size;
    glb g;
    char *vrm_text;
    pm_parse_error parse_error;
    pm_humanoid_report report;
    pm_humanoid humanoid;
    pm_normalized_pose normalized;
    pm_raw_pose raw;
    pm_result result;
    FILE *obj = NULL;
    face_request face;

    memset(&face, 0, sizeof face);
    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--rest") == 0) keep_rest = 1;
        else if (strcmp(argv[i], "--look-at") == 0 && i + 3 < argc) {
            int k;
            face.look_at = 1;
            for (k = 0; k < 3; ++k) {
                char *end;
                face.target[k] = strtof(argv[++i], &end);
                if (end == argv[i] || *end || !isfinite(face.target[k])) path = NULL, i = argc;
            }
        } else if (strcmp(argv[i], "--expression") == 0 && i + 1 < argc && face.count < MAX_SET) {
            char *equals = strchr(argv[++i], '='), *end;
            if (!equals) {
                path = NULL;
                break;
            }
            *equals = '\0';
            face.names[face.count] = argv[i];
            face.weights[face.count] = strtof(equals + 1, &end);
            if (end == equals + 1 || *end || !isfinite(face.weights[face.count])) path = NULL, i = argc;
            else ++face.count;
        }
        else if (!path) path = argv[i];
        else if (!obj_path) obj_path = argv[i];
        else path = NULL, i = argc;
    }
    if (!path) {
        fprintf(stderr, "usage: vrm_pose MODEL.vrm [OUT.obj] [--rest] [--look-at X Y Z] [--expression NAME=WEIGHT]...\n");
        return 2;
    }
    if (!(data = read_file(path, &size)) || !glb_open(data, size, &g)) return fail(path, "not a glTF binary", NULL);

    /* 1. the scene: a parent array and the rest TRS of every node */
    if ((node_count = read_scene(cJSON_GetObjectItemCaseSensitive(g.json, "nodes"), parent, rest, MAX_NODES)) < 0)
        return fail(path, "too many nodes", NULL);

    /* 2. the humanoid: VRMC_vrm's humanBones (or 0.x's VRM) as JSON text for posemath */
    {
        const cJSON *extensions = cJSON_GetObjectItemCaseSensitive(g.json, "extensions");
        const cJSON *vrm = cJSON_GetObjectItemCaseSensitive(extensions, "VRMC_vrm");
        if (!vrm) vrm0 = (vrm = cJSON_GetObjectItemCaseSensitive(extensions, "VRM")) != NULL;
        if (!vrm || !(vrm_text = cJSON_PrintUnformatted(vrm))) return fail(path, "no VRMC_vrm or VRM extension", NULL);
    }
    if (pm_humanoid_map_parse_json(vrm_text, strlen(vrm_text), node_count, bone_node, &parse_error) != PM_OK) {
        fprintf(stderr, "vrm_pose: %s: humanoid, byte %lu of the extension: %s\n", path,
                (unsigned long)parse_error.offset, parse_error.message);
        return 1;
    }
    if ((result = pm_humanoid_init(&humanoid, bone_node, parent, node_count, rest, &report)) != PM_OK) {
        fprintf(stderr, "vrm_pose: %s: humanoid: %s (bone %s, node %d)\n", path, report.message,
                report.bone >= 0 ? pm_bone_name((pm_bone)report.bone) : "-", report.node);
        return 1;
    }
    for (i = 0; i < PM_BONE_COUNT; ++i) bones += bone_node[i] >= 0;

    /* 3. a normalized pose, onto this model's nodes (the scene pose starts as the rest) */
    choose_pose(&humanoid, keep_rest, vrm0, &normalized);
    memcpy(pose, rest, sizeof(pm_transform) * (size_t)node_count);
    if ((result = pm_pose_denormalize(&humanoid, &normalized, &raw)) != PM_OK ||
        (result = pm_pose_write(&humanoid, &raw, pose)) != PM_OK ||
        (result = pm_scene_world_matrices(parent, node_count, pose, world)) != PM_OK ||
        (result = pm_scene_world_matrices(parent, node_count, rest, rest_world)) != PM_OK)
        return fail(path, "pose", pm_result_string(result));
    if ((face.look_at || face.count > 0) &&
        (pose_face(path, g.json, vrm_text, vrm0, &humanoid, &face, &normalized, pose, world) != 0 ||
         (result = pm_scene_world_matrices(parent, node_count, pose, world)) != PM_OK))
        return 1;

    /* 4. every mesh, skinned */
    if (obj_path && !(obj = fopen(obj_path, "w"))) return fail(obj_path, "cannot be written", NULL);
    for (i = 0; i < node_count; ++i) {
        int written;
        if (!cJSON_GetObjectItemCaseSensitive(json_at(g.json, "nodes", i), "mesh")) continue;
        if ((written = skin_mesh(&g, path, i, world, node_count, obj, vertices)) < 0) return 1;
        vertices += written;
        ++meshes;
    }
    if (obj && fclose(obj) != 0) return fail(obj_path, "cannot be written", NULL);

    printf("%s: %d nodes, %d humanoid bones, %d meshes, %d vertices%s\n", path, node_count, bones, meshes, vertices,
           obj_path ? ", written" : "");
    { /* the normalized pose turns the arm 60 degrees about the world's Z axis at the shoulder joint (upperArm):
         the hand drops by |dx| sin 60 + dy (1 - cos 60), for the rest arm (dx, dy, dz) from shoulder to hand */
        const float *shoulder = rest_world + 16 * bone_node[PM_BONE_LEFT_UPPER_ARM] + 12;
        const float *hand_rest = rest_world + 16 * bone_node[PM_BONE_LEFT_HAND] + 12;
        const float *hand = world + 16 * bone_node[PM_BONE_LEFT_HAND] + 12;
        const double dx = (double)hand_rest[0] - shoulder[0], dy = (double)hand_rest[1] - shoulder[1];
        printf("left hand dropped %.6f m, the arm's rest direction says %.6f m\n", (double)(hand_rest[1] - hand[1]),
               keep_rest ? 0.0 : fabs(dx) * sin(60.0 * GLM_PI / 180.0) + dy * (1.0 - cos(60.0 * GLM_PI / 180.0)));
    }
    free(vrm_text);
    cJSON_Delete(g.json);
    free(data);
    return 0;
}
