/* MMD physics without an engine (pm_mmd_physics_*): the setup against
   babylon-mmd 1.3.0's MmdBulletPhysics on a generated model, the setup's
   exact properties, the conversions around an engine's step, and bad input.

   A skeleton of four bones (a root, a hip below it, a skirt bone under the
   hip and its tip) carries a kinematic sphere on the hip, a mode-2 box on
   the skirt bone jointed to it, a mode-1 capsule on the tip, and a body
   attached to no bone. */
#include "test.h"

#include <string.h>

#include "fixtures/mmd_physics_babylon.h"

enum { BONES = 4, BODIES = 4, JOINTS = 2, BONES_IN_FILE = 10 };

typedef struct physics_case {
    pm_mmd_bone bones[BONES];
    int tables[BONES * PM_MMD_TABLE_INTS];
    pm_mmd_skeleton skeleton;
    pm_mmd_rigid_body bodies[BODIES];
    pm_mmd_joint joints[JOINTS];
    pm_mmd_body_setup body_setup[BODIES];
    pm_mmd_joint_setup joint_setup[JOINTS];
    pm_mmd_physics physics;
} physics_case;

static void physics_body(pm_mmd_rigid_body *b, int bone, pm_mmd_shape shape, pm_mmd_body_mode mode, float x, float y,
                         float z, float rx, float ry, float rz)
{
    memset(b, 0, sizeof *b);
    b->bone = bone, b->shape = shape, b->mode = mode, b->group = 3, b->mask = 0xfff7u;
    b->size[0] = 0.5f, b->size[1] = 1.0f, b->size[2] = 0.25f;
    b->position[0] = x, b->position[1] = y, b->position[2] = z;
    b->rotation[0] = rx, b->rotation[1] = ry, b->rotation[2] = rz;
    b->mass = 1.0f, b->linear_damping = 0.5f, b->angular_damping = 0.5f, b->friction = 0.5f;
}

static void physics_joint(pm_mmd_joint *j, int a, int b, float x, float y, float z, float rx, float ry, float rz)
{
    memset(j, 0, sizeof *j);
    j->body_a = a, j->body_b = b;
    j->position[0] = x, j->position[1] = y, j->position[2] = z;
    j->rotation[0] = rx, j->rotation[1] = ry, j->rotation[2] = rz;
    j->angular_lower[0] = -0.5f, j->angular_upper[0] = 0.5f;
    j->linear_stiffness[1] = 100.0f;
}

static void physics_scene(physics_case *c)
{
    memset(c, 0, sizeof *c);
    test_mmd_bone(&c->bones[0], -1, 0, 0, 0);
    test_mmd_bone(&c->bones[1], 0, 0, 10, 0);
    test_mmd_bone(&c->bones[2], 1, 1, 9, -1);
    test_mmd_bone(&c->bones[3], 2, 1.5f, 6, -1.5f);
    c->skeleton.bones = c->bones, c->skeleton.bone_count = BONES, c->skeleton.tables = c->tables;
    physics_body(&c->bodies[0], 1, PM_MMD_SPHERE, PM_MMD_FOLLOW_BONE, 0, 10.5f, 0, 0, 0, 0);
    physics_body(&c->bodies[1], 2, PM_MMD_BOX, PM_MMD_PHYSICS_WITH_BONE, 1.2f, 8, -1.2f, 0.3f, -0.7f, 1.1f);
    physics_body(&c->bodies[2], 3, PM_MMD_CAPSULE, PM_MMD_PHYSICS, 1.6f, 5, -1.6f, -1.2f, 0.4f, 0.2f);
    physics_body(&c->bodies[3], -1, PM_MMD_SPHERE, PM_MMD_PHYSICS, 3, 3, 3, 0.1f, 0.2f, 0.3f);
    physics_joint(&c->joints[0], 0, 1, 0.8f, 9.2f, -0.8f, 0.2f, 0.9f, -0.4f);
    physics_joint(&c->joints[1], 1, 2, 1.3f, 6.5f, -1.3f, -0.6f, 0.1f, 0.7f);
    c->physics.skeleton = &c->skeleton;
    c->physics.bodies = c->bodies, c->physics.body_count = BODIES;
    c->physics.joints = c->joints, c->physics.joint_count = JOINTS;
    c->physics.body_setup = c->body_setup, c->physics.joint_setup = c->joint_setup;
}

/* PMX's Euler rule through cglm: R = Ry Rx Rz */
static void euler_by_cglm(const float e[3], versor q)
{
    vec3 axis_x = {1, 0, 0}, axis_y = {0, 1, 0}, axis_z = {0, 0, 1};
    versor x, y, z, yx;
    glm_quatv(x, e[0], axis_x);
    glm_quatv(y, e[1], axis_y);
    glm_quatv(z, e[2], axis_z);
    glm_quat_mul(y, x, yx);
    glm_quat_mul(yx, z, q);
}

/* a (rotation, translation) applied to p */
static void rigid_apply(const pm_rigid *r, const double p[3], double out[3])
{
    versor q;
    vec3 v = {(float)p[0], (float)p[1], (float)p[2]}, turned;
    int k;
    memcpy(q, r->rotation, sizeof q);
    glm_quat_rotatev(q, v, turned);
    for (k = 0; k < 3; ++k) out[k] = (double)turned[k] + (double)r->translation[k];
}

/* a rigid transform against babylon-mmd's (quaternion up to sign) */
static void check_rigid(const pm_rigid *mine, const float rotation[4], const float translation[3])
{
    double dot = 0.0;
    int k;
    for (k = 0; k < 4; ++k) dot += (double)mine->rotation[k] * (double)rotation[k];
    for (k = 0; k < 4; ++k) CHECK_NEAR(mine->rotation[k] * (dot < 0.0 ? -1.0 : 1.0), rotation[k], 1e-6);
    for (k = 0; k < 3; ++k) CHECK_NEAR(mine->translation[k], translation[k], 1e-5);
}

/* Rest transforms, offsets, joint frames and flags. Tolerances: the
   quaternions are computed in double and rounded (2^-24 relative), cglm's
   products in float, a few roundings of components within 1: 5e-7;
   positions: products of floats within 10 units, 4 roundings, 1e-5 of a
   unit */
void test_mmd_physics_setup(void)
{
    static physics_case c;
    int i, k;
    physics_scene(&c);
    CHECK_RESULT(pm_mmd_skeleton_init(&c.skeleton, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    for (i = 0; i < BODIES; ++i) {
        const pm_mmd_rigid_body *b = &c.bodies[i];
        versor q;
        euler_by_cglm(b->rotation, q);
        test_context("body %d", i);
        for (k = 0; k < 4; ++k) {
            CHECK_NEAR(c.body_setup[i].rest.rotation[k], q[k], 5e-7);
            CHECK(c.body_setup[i].offset.rotation[k] == c.body_setup[i].rest.rotation[k]);
        }
        for (k = 0; k < 3; ++k) {
            const float bone = b->bone >= 0 ? c.bones[b->bone].position[k] : 0.0f;
            CHECK(c.body_setup[i].rest.translation[k] == b->position[k]);
            CHECK(c.body_setup[i].offset.translation[k] == (float)((double)b->position[k] - (double)bone));
        }
        CHECK(c.body_setup[i].group_bits == 8u && c.body_setup[i].zero_volume == 0);
    }
    /* the mode rule: the skirt's mode-2 box hangs under the hip's bone, but the hip's body is
       kinematic; the tip's capsule is mode 1 already */
    CHECK(c.body_setup[1].mode == PM_MMD_PHYSICS_WITH_BONE && c.body_setup[2].mode == PM_MMD_PHYSICS);
    for (i = 0; i < JOINTS; ++i) {
        const pm_mmd_joint *j = &c.joints[i];
        double origin[3] = {0, 0, 0}, in_a[3], in_b[3];
        versor q, via_a, via_b;
        test_context("joint %d", i);
        /* body rest x frame = the joint's rest, from either body */
        rigid_apply(&c.joint_setup[i].frame_a, origin, in_a);
        rigid_apply(&c.body_setup[j->body_a].rest, in_a, in_a);
        rigid_apply(&c.joint_setup[i].frame_b, origin, in_b);
        rigid_apply(&c.body_setup[j->body_b].rest, in_b, in_b);
        for (k = 0; k < 3; ++k) {
            CHECK_NEAR(in_a[k], j->position[k], 1e-5);
            CHECK_NEAR(in_b[k], j->position[k], 1e-5);
        }
        euler_by_cglm(j->rotation, q);
        glm_quat_mul(c.body_setup[j->body_a].rest.rotation, c.joint_setup[i].frame_a.rotation, via_a);
        glm_quat_mul(c.body_setup[j->body_b].rest.rotation, c.joint_setup[i].frame_b.rotation, via_b);
        for (k = 0; k < 4; ++k) {
            CHECK_NEAR(via_a[k], q[k], 5e-7);
            CHECK_NEAR(via_b[k], q[k], 5e-7);
        }
        CHECK(c.joint_setup[i].springs == 0x3au); /* the angular springs and linear y */
    }
    test_context("%s", "");

    /* a mode-2 body jointed to its bone's parent's dynamic body becomes mode 1, either way round */
    c.bodies[0].mode = PM_MMD_PHYSICS;
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    CHECK(c.body_setup[1].mode == PM_MMD_PHYSICS);
    c.joints[0].body_a = 1, c.joints[0].body_b = 0;
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    CHECK(c.body_setup[1].mode == PM_MMD_PHYSICS);
    c.bones[2].parent = 0; /* no longer the hip's child */
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    CHECK(c.body_setup[1].mode == PM_MMD_PHYSICS_WITH_BONE);
    /* zero sizes: a sphere's radius, any box extent, a capsule's height */
    physics_scene(&c);
    c.bodies[0].size[0] = 0.0f, c.bodies[1].size[2] = 0.0f, c.bodies[2].size[1] = 0.0f, c.bodies[3].size[1] = 0.0f;
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    CHECK(c.body_setup[0].zero_volume && c.body_setup[1].zero_volume && c.body_setup[2].zero_volume &&
          !c.body_setup[3].zero_volume);
}

/* Around an engine's step: the kinematic targets are the bones' world
   transforms times the offsets, and writing bodies back at their targets
   gives the bones back (mode 1), the animated position bit for bit (mode 2);
   kinematic bodies and bodies attached to none write nothing. Tolerance:
   float rounding of rotations (5e-7) and of positions within 12 units
   (2e-6). */
void test_mmd_physics_round_trip(void)
{
    static physics_case c;
    pm_mmd_bone_pose pose[BONES], before[BONES];
    pm_rigid targets[BODIES], kinematic[BODIES];
    float translation[3 * BONES] = {0}, rotation[4 * BONES] = {0};
    int b, k;
    physics_scene(&c);
    CHECK_RESULT(pm_mmd_skeleton_init(&c.skeleton, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    for (b = 0; b < BONES; ++b) {
        const float angle = 0.3f + 0.2f * (float)b, s = sinf(angle), co = cosf(angle);
        rotation[4 * b] = 0.48f * s, rotation[4 * b + 1] = 0.6f * s, rotation[4 * b + 2] = 0.64f * s;
        rotation[4 * b + 3] = co;
        translation[3 * b] = 0.1f * (float)b;
    }
    CHECK_RESULT(pm_mmd_evaluate(&c.skeleton, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_OK);
    memcpy(before, pose, sizeof before);
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, targets), PM_OK);
    memset(kinematic, 0, sizeof kinematic);
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 0, kinematic), PM_OK);
    CHECK(memcmp(kinematic[0].rotation, targets[0].rotation, sizeof(versor)) == 0 && /* the kinematic body's target alone */
          memcmp(kinematic[0].translation, targets[0].translation, sizeof(vec3)) == 0);
    CHECK(kinematic[1].rotation[3] == 0.0f && kinematic[2].rotation[3] == 0.0f);
    CHECK(memcmp(targets[3].rotation, c.body_setup[3].rest.rotation, sizeof(versor)) == 0 && /* attached to none: at rest */
          memcmp(targets[3].translation, c.body_setup[3].rest.translation, sizeof(vec3)) == 0);
    for (b = 0; b < BODIES - 1; ++b) { /* the target: the bone's world transform times the offset */
        const int bone = c.bodies[b].bone;
        versor q, world; /* cglm's versors are aligned, the pose's floats need not be */
        vec3 turned;
        memcpy(world, pose[bone].world_rotation, sizeof world);
        glm_quat_mul(world, c.body_setup[b].offset.rotation, q);
        glm_quat_rotatev(world, c.body_setup[b].offset.translation, turned);
        test_context("body %d", b);
        for (k = 0; k < 4; ++k) CHECK_NEAR(targets[b].rotation[k], q[k], 5e-7);
        for (k = 0; k < 3; ++k) CHECK_NEAR(targets[b].translation[k], turned[k] + pose[bone].world_position[k], 2e-6);
    }
    test_context("%s", "");
    for (b = 0; b < BONES; ++b) pose[b].world_position[0] += 1.0f, pose[b].world_rotation[3] = -pose[b].world_rotation[3];
    CHECK_RESULT(pm_mmd_physics_write_back(&c.physics, targets, pose), PM_OK);
    CHECK(memcmp(&pose[0], &before[0], sizeof pose[0]) != 0 && pose[1].world_position[0] == before[1].world_position[0] + 1.0f);
    /* mode 2 (bone 2): the rotation back, the position as animated */
    CHECK(pose[2].world_position[0] == before[2].world_position[0] + 1.0f);
    for (b = 2; b < BONES; ++b) {
        double sign = 0.0;
        for (k = 0; k < 4; ++k) sign += (double)pose[b].world_rotation[k] * (double)before[b].world_rotation[k];
        test_context("bone %d", b);
        for (k = 0; k < 4; ++k) CHECK_NEAR(pose[b].world_rotation[k] * (sign < 0 ? -1.0 : 1.0), before[b].world_rotation[k], 5e-7);
    }
    for (k = 0; k < 3; ++k) CHECK_NEAR(pose[3].world_position[k], before[3].world_position[k], 2e-6); /* mode 1 */
    test_context("%s", "");
}

/* saba's rule as an option: a bone without a body below a bone the physics
   turned moves with it, rigidly; the other bones stay bit for bit. The tip
   (bone 3) loses its body here, so the write-back turns its parent (the
   mode-2 skirt bone) alone. Tolerance: float quaternion products of unit
   quaternions, a few roundings each (5e-7), positions within 10 units (2e-6). */
void test_mmd_physics_children(void)
{
    static physics_case c;
    pm_mmd_bone_pose pose[BONES], before[BONES], written[BONES];
    pm_rigid bodies[BODIES];
    float translation[3 * BONES] = {0}, rotation[4 * BONES] = {0};
    unsigned char moved[BONES];
    versor turn, parent_turn, inverse, expected_rotation, q;
    vec3 arm, expected_position, axis = {0.48f, 0.6f, 0.64f};
    int b, k;
    physics_scene(&c);
    c.bodies[2].bone = -1;
    CHECK_RESULT(pm_mmd_skeleton_init(&c.skeleton, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, NULL), PM_OK);
    for (b = 0; b < BONES; ++b) rotation[4 * b + 3] = 1.0f;
    rotation[4 * 3 + 2] = 0.6f, rotation[4 * 3 + 3] = 0.8f; /* the tip turned in its parent's frame */
    translation[3 * 3 + 1] = 0.25f;
    CHECK_RESULT(pm_mmd_evaluate(&c.skeleton, translation, rotation, NULL, NULL, PM_MMD_BEFORE_PHYSICS, pose), PM_OK);
    memcpy(before, pose, sizeof before);
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, bodies), PM_OK);
    glm_quatv(turn, 0.7f, axis);
    memcpy(q, bodies[1].rotation, sizeof q);
    glm_quat_mul(turn, q, q);
    memcpy(bodies[1].rotation, q, sizeof q);
    CHECK_RESULT(pm_mmd_physics_write_back(&c.physics, bodies, pose), PM_OK);
    memcpy(written, pose, sizeof written);
    CHECK(memcmp(pose[3].world_rotation, before[3].world_rotation, sizeof(versor)) == 0); /* babylon-mmd's rule: stale */
    CHECK_RESULT(pm_mmd_physics_update_children(&c.physics, moved, pose), PM_OK);
    for (b = 0; b < 3; ++b) CHECK(memcmp(&pose[b], &written[b], sizeof pose[b]) == 0);
    /* the tip: turned with its parent, T' = P' P^-1 T */
    memcpy(parent_turn, written[2].world_rotation, sizeof parent_turn);
    memcpy(inverse, before[2].world_rotation, sizeof inverse);
    glm_quat_inv(inverse, inverse);
    glm_quat_mul(parent_turn, inverse, turn);
    memcpy(q, before[3].world_rotation, sizeof q);
    glm_quat_mul(turn, q, expected_rotation);
    for (k = 0; k < 3; ++k) arm[k] = before[3].world_position[k] - before[2].world_position[k];
    glm_quat_rotatev(turn, arm, expected_position);
    for (k = 0; k < 4; ++k) CHECK_NEAR(pose[3].world_rotation[k], expected_rotation[k], 5e-7);
    for (k = 0; k < 3; ++k) CHECK_NEAR(pose[3].world_position[k], expected_position[k] + written[2].world_position[k], 2e-6);
    CHECK(fabsf(pose[3].world_position[0] - before[3].world_position[0]) > 0.1f); /* it did move */
    CHECK_RESULT(pm_mmd_physics_update_children(NULL, moved, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_update_children(&c.physics, NULL, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_update_children(&c.physics, moved, NULL), PM_ERROR_INVALID_ARGUMENT);
}

/* Every rule: its error, and the body or joint the report names */
void test_mmd_physics_bad_input(void)
{
    static physics_case c;
    static const struct {
        int what;
        pm_result result;
        int body, joint;
    } cases[] = {
        {0, PM_ERROR_OUT_OF_RANGE, 1, -1},     {1, PM_ERROR_OUT_OF_RANGE, 2, -1},     {2, PM_ERROR_OUT_OF_RANGE, 0, -1},
        {3, PM_ERROR_OUT_OF_RANGE, 0, -1},     {4, PM_ERROR_OUT_OF_RANGE, 3, -1},     {5, PM_ERROR_INVALID_ARGUMENT, 1, -1},
        {6, PM_ERROR_INVALID_ARGUMENT, 2, -1}, {7, PM_ERROR_INVALID_ARGUMENT, 2, -1}, {8, PM_ERROR_INVALID_ARGUMENT, 1, -1},
        {9, PM_ERROR_INVALID_ARGUMENT, 3, -1}, {10, PM_ERROR_OUT_OF_RANGE, -1, 1},    {11, PM_ERROR_OUT_OF_RANGE, -1, 0},
        {12, PM_ERROR_INVALID_ARGUMENT, -1, 1}, {13, PM_ERROR_INVALID_ARGUMENT, -1, 0}, {14, PM_ERROR_INVALID_ARGUMENT, -1, -1},
        {15, PM_ERROR_INVALID_ARGUMENT, -1, -1}, {16, PM_ERROR_INVALID_ARGUMENT, -1, -1}};
    const float infinity = (float)HUGE_VAL;
    pm_mmd_physics_report report;
    pm_mmd_bone_pose pose[BONES];
    pm_rigid bodies[BODIES];
    size_t n;
    for (n = 0; n < sizeof cases / sizeof cases[0]; ++n) {
        physics_scene(&c);
        CHECK_RESULT(pm_mmd_skeleton_init(&c.skeleton, NULL), PM_OK);
        switch (cases[n].what) {
        case 0: c.bodies[1].bone = BONES; break;
        case 1: c.bodies[2].bone = -2; break;
        case 2: c.bodies[0].group = 16; break;
        case 3: c.bodies[0].group = -1; break;
        case 4: c.bodies[3].mask = 0x10000u; break;
        case 5: c.bodies[1].shape = (pm_mmd_shape)3; break;
        case 6: c.bodies[2].mode = (pm_mmd_body_mode)3; break;
        case 7: c.bodies[2].size[1] = -1.0f; break;
        case 8: c.bodies[1].mass = -0.5f; break;
        case 9: c.bodies[3].rotation[2] = infinity; break;
        case 10: c.joints[1].body_b = BODIES; break;
        case 11: c.joints[0].body_a = -1; break;
        case 12: c.joints[1].body_a = 2; break; /* a body jointed to itself */
        case 13: c.joints[0].angular_stiffness[2] = infinity; break;
        case 14: c.physics.body_setup = NULL; break;
        case 15: c.physics.joint_count = -1; break;
        default: c.physics.skeleton = NULL; break;
        }
        test_context("case %d", cases[n].what);
        CHECK_RESULT(pm_mmd_physics_init(&c.physics, &report), cases[n].result);
        CHECK(report.body == cases[n].body && report.joint == cases[n].joint && report.message != NULL);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_mmd_physics_init(NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    physics_scene(&c);
    CHECK_RESULT(pm_mmd_skeleton_init(&c.skeleton, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_physics_init(&c.physics, &report), PM_OK);
    CHECK(report.message == NULL && report.body == -1 && report.joint == -1);
    memset(pose, 0, sizeof pose);
    for (n = 0; n < BONES; ++n) pose[n].world_rotation[3] = 1.0f;
    CHECK_RESULT(pm_mmd_physics_targets(NULL, pose, 1, bodies), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, NULL, 1, bodies), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, NULL), PM_ERROR_INVALID_ARGUMENT);
    pose[1].world_rotation[3] = 0.0f; /* a zero rotation */
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, bodies), PM_ERROR_INVALID_ARGUMENT);
    pose[1].world_rotation[3] = 1.0f;
    pose[2].world_position[1] = infinity;
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, bodies), PM_ERROR_INVALID_ARGUMENT);
    pose[2].world_position[1] = 0.0f;
    CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, bodies), PM_OK);
    CHECK_RESULT(pm_mmd_physics_write_back(NULL, bodies, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_write_back(&c.physics, NULL, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_write_back(&c.physics, bodies, NULL), PM_ERROR_INVALID_ARGUMENT);
    bodies[2].translation[0] = infinity; /* an engine's body flung out of reach */
    {   /* refused before any bone is written, also those of the bodies before body 2 (one of them dynamic) */
        pm_mmd_bone_pose before[BONES];
        CHECK((c.physics.body_setup[0].mode != PM_MMD_FOLLOW_BONE && c.bodies[0].bone >= 0) ||
              (c.physics.body_setup[1].mode != PM_MMD_FOLLOW_BONE && c.bodies[1].bone >= 0));
        memcpy(before, pose, sizeof before);
        CHECK_RESULT(pm_mmd_physics_write_back(&c.physics, bodies, pose), PM_ERROR_INVALID_ARGUMENT);
        CHECK(memcmp(before, pose, sizeof before) == 0);
    }
    bodies[2].translation[0] = 0.0f;
    {   /* a body's bone changed after init past the skeleton: every per-frame call refuses it */
        unsigned char flags[BONES];
        const int saved = c.bodies[1].bone;
        c.bodies[1].bone = 1000000;
        CHECK_RESULT(pm_mmd_physics_targets(&c.physics, pose, 1, bodies), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_mmd_physics_write_back(&c.physics, bodies, pose), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_mmd_physics_bone_flags(&c.physics, flags), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_mmd_physics_update_children(&c.physics, flags, pose), PM_ERROR_INVALID_ARGUMENT);
        c.bodies[1].bone = BONES; /* one past */
        CHECK_RESULT(pm_mmd_physics_bone_flags(&c.physics, flags), PM_ERROR_INVALID_ARGUMENT);
        c.bodies[1].bone = saved;
        CHECK_RESULT(pm_mmd_physics_bone_flags(&c.physics, flags), PM_OK);
    }
}

/* tests/fixtures/physics.pmx (tests/gen/mmd_physics_write.py) through the
   PMX reader: every body's rest transform, offset and mode, and every
   joint's frames, against what babylon-mmd 1.3.0's MmdBulletPhysics hands
   Bullet (tests/gen/mmd_physics_babylon.mjs). Tolerance: babylon-mmd
   composes and inverts float32 matrices (Matrix.ComposeToRef, invert,
   multiplyToRef) and decomposes them back; posemath computes in double and
   rounds once. A few float roundings of entries within 17 units: 1e-5 for
   translations; 1e-6 for quaternion components (up to sign). */
void test_mmd_physics_matches_babylon(void)
{
    pm_pmx_model model;
    char error[160];
    pm_mmd_bone bones[BONES_IN_FILE];
    int tables[BONES_IN_FILE * PM_MMD_TABLE_INTS];
    pm_mmd_skeleton skeleton = {bones, BONES_IN_FILE, NULL, 0, tables};
    pm_mmd_body_setup body_setup[8];
    pm_mmd_joint_setup joint_setup[4];
    pm_mmd_physics physics;
    int i, k;
    if (load_pmx("tests/fixtures/physics.pmx", &model, error, sizeof error) != 0) {
        test_fail(__FILE__, __LINE__, "%s", error);
        return;
    }
    CHECK(model.bone_count == BONES_IN_FILE && model.rigid_body_count == 8 && model.joint_count == 4);
    for (i = 0; i < BONES_IN_FILE && i < model.bone_count; ++i) /* physics reads the rest positions and parents */
        test_mmd_bone(&bones[i], model.bones[i].parent, model.bones[i].position[0], model.bones[i].position[1],
                      model.bones[i].position[2]);
    CHECK_RESULT(pm_mmd_skeleton_init(&skeleton, NULL), PM_OK);
    physics.skeleton = &skeleton;
    physics.bodies = model.rigid_bodies, physics.body_count = model.rigid_body_count;
    physics.joints = model.joints, physics.joint_count = model.joint_count;
    physics.body_setup = body_setup, physics.joint_setup = joint_setup;
    CHECK_RESULT(pm_mmd_physics_init(&physics, NULL), PM_OK);
    for (i = 0; i < 8 && i < model.rigid_body_count; ++i) {
        const struct physics_body_row *row = &physics_body_rows[i];
        test_context("body %d", i);
        CHECK((model.rigid_bodies[i].bone >= 0) == row->attached && (int)body_setup[i].mode == row->mode);
        check_rigid(&body_setup[i].rest, row->rest_rotation, row->rest_translation);
        if (row->attached) check_rigid(&body_setup[i].offset, row->offset_rotation, row->offset_translation);
    }
    for (i = 0; i < 4 && i < model.joint_count; ++i) {
        const struct physics_joint_row *row = &physics_joint_rows[i];
        test_context("joint %d", i);
        check_rigid(&joint_setup[i].frame_a, row->a_rotation, row->a_translation);
        check_rigid(&joint_setup[i].frame_b, row->b_rotation, row->b_translation);
        for (k = 0; k < 3; ++k) CHECK(((joint_setup[i].springs >> k) & 1u) == (model.joints[i].linear_stiffness[k] != 0.0f));
    }
    test_context("%s", "");
    pm_pmx_free(&model);
}

/* An engine that replays babylon-mmd's bodies: each step's read hands out
   the next recorded row's (test_mmd_physics_replays_babylon) */
typedef struct replay_engine {
    int step, placed, driven, recovered;
} replay_engine;

static void replay_place(void *world, const pm_rigid *bodies)
{
    (void)bodies;
    ++((replay_engine *)world)->placed;
}

static void replay_drive(void *world, const pm_rigid *bodies, const unsigned char *bone_on)
{
    (void)bodies, (void)bone_on;
    ++((replay_engine *)world)->driven;
}

static int replay_step(void *world, double seconds, int max_substeps, double substep)
{
    (void)seconds, (void)max_substeps, (void)substep;
    ++((replay_engine *)world)->step;
    return 1;
}

static void replay_read(void *world, pm_rigid *bodies)
{
    const struct physics_replay_row *row = &physics_replay_rows[((replay_engine *)world)->step];
    int i;
    for (i = 0; i < 8; ++i) {
        memcpy(bodies[i].rotation, row->bodies[i].rotation, sizeof bodies[i].rotation);
        memcpy(bodies[i].translation, row->bodies[i].translation, sizeof bodies[i].translation);
    }
}

static int replay_recover(void *world, const pm_rigid *targets)
{
    (void)targets;
    ++((replay_engine *)world)->recovered;
    return 0;
}

static void replay_destroy(void *world) { (void)world; }

/* The exact replay, the engine's part recorded: babylon-mmd 1.3.0 plays
   tests/fixtures/physics.vmd on physics.pmx with its Bullet physics, and at
   every step after the first (where the bodies were only placed on the
   animated bones) the model instance's engine hands it the body transforms
   babylon-mmd's own write-back read (tests/gen/mmd_physics_babylon.mjs); the
   instance's update (bones before physics, the write-back, bones after
   physics) then gives every bone's world transform. The motion's keys here
   are one frame apart with straight curves, where both sides animate alike
   to float rounding; the twintail's IK is skipped as babylon-mmd skips it
   (pm_mmd_physics_bone_flags). Tolerance: the bones within 1e-5 of the
   model's height (17.8 units: 1.8e-4) in position, a few float32 roundings
   of 20-unit matrix products on babylon-mmd's side being 1e-5; rotations
   within 1e-5 per quaternion component (float32 matrices decomposed: ~10
   roundings of 6e-8). */
void test_mmd_physics_replays_babylon(void)
{
    enum { STEPS = (int)(sizeof physics_replay_rows / sizeof physics_replay_rows[0]) };
    const double height = 17.8;
    pm_pmx_model model;
    pm_vmd_motion motion;
    pm_mmd_model *player = NULL;
    replay_engine replay = {0, 0, 0, 0};
    pm_mmd_physics_engine engine;
    char error[160];
    unsigned char flags[BONES_IN_FILE];
    int s, i, k;
    double worst_position = 0.0, worst_rotation = 0.0;
    if (load_pmx("tests/fixtures/physics.pmx", &model, error, sizeof error) != 0) {
        test_fail(__FILE__, __LINE__, "%s", error);
        return;
    }
    if (load_vmd("tests/fixtures/physics.vmd", &motion, error, sizeof error) != 0 ||
        pm_mmd_model_create(&model, NULL, &player, NULL) != PM_OK) {
        test_fail(__FILE__, __LINE__, "%s", error);
        pm_pmx_free(&model);
        return;
    }
    CHECK(model.bone_count == BONES_IN_FILE && model.rigid_body_count == 8);
    CHECK_RESULT(pm_mmd_physics_bone_flags(&player->physics, flags), PM_OK);
    CHECK(flags[9] == PM_MMD_PHYSICS_IK_SKIPPED && flags[4] == PM_MMD_PHYSICS_DRIVEN && flags[8] == 0); /* 髪IK, 髪1, 髪先 */
    CHECK_RESULT(pm_mmd_physics_bone_flags(NULL, flags), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_physics_bone_flags(&player->physics, NULL), PM_ERROR_INVALID_ARGUMENT);
    engine.world = &replay;
    engine.place = replay_place, engine.drive = replay_drive, engine.step = replay_step;
    engine.read = replay_read, engine.recover = replay_recover, engine.destroy = replay_destroy;
    pm_mmd_model_set_physics(player, &engine);
    for (s = 0; s < STEPS && model.bone_count == BONES_IN_FILE && model.rigid_body_count == 8; ++s) {
        const struct physics_replay_row *row = &physics_replay_rows[s];
        test_context("step %d", s);
        if (s == 0) { /* the bodies placed on the bones, nothing simulated: the animated pose */
            CHECK_RESULT(pm_mmd_model_play(player, &motion), PM_OK);
            CHECK_RESULT(pm_mmd_model_seek(player, (double)row->frame), PM_OK);
        } else {
            CHECK_RESULT(pm_mmd_model_update(player, ((double)row->frame - player->frame) / 30.0), PM_OK);
        }
        CHECK(player->frame == (double)row->frame);
        for (i = 0; i < BONES_IN_FILE; ++i) {
            const float *q = player->pose[i].world_rotation, *t = player->pose[i].world_position;
            const float *bq = row->bones[i].rotation, *bt = row->bones[i].translation;
            const float sign = q[0] * bq[0] + q[1] * bq[1] + q[2] * bq[2] + q[3] * bq[3] < 0.0f ? -1.0f : 1.0f;
            for (k = 0; k < 3; ++k) keep_worst(&worst_position, fabs((double)t[k] - bt[k]));
            for (k = 0; k < 4; ++k) keep_worst(&worst_rotation, fabs((double)q[k] - sign * bq[k]));
        }
    }
    test_context("%s", "");
    CHECK(worst_position <= 1e-5 * height);
    CHECK(worst_rotation <= 1e-5);
    /* the instance's order: a placement at the start and at the seek, then a drive and a step a frame; no
       body was lost */
    CHECK(replay.placed == 2 && replay.driven == STEPS - 1 && replay.step == STEPS - 1 && replay.recovered == 0);
    pm_mmd_model_destroy(player);
    pm_vmd_free(&motion);
    pm_pmx_free(&model);
}
