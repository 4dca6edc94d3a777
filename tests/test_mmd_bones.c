/* MMD bone evaluation (pm_mmd_evaluate) against babylon-mmd 1.3.0's
   MmdRuntime, physics off: tests/fixtures/rig.pmx (MMD's standard skeleton
   and the rarer grant, layer and physics rules) posed by
   tests/fixtures/dance.vmd (tests/gen/mmd_rig_write.py) at fractional
   frames: tests/fixtures/mmd_babylon.h. The skeleton comes through the
   readers and model instance (posemath_mmd.h); each frame's
   local poses and IK switches are babylon-mmd's own samples, so that the
   check is on the evaluation alone (sampling is checked against
   babylon-mmd in test_vmd.c and test_mmd.c: its Bezier solver stops early,
   and its samples differ from exact curves by up to 0.03 of a key's
   change). From the last key on, where both sample the keys exactly, the
   model instance (VMD tracks found by name, sampled, IK switches) is
   checked end to end too. */
#include "test.h"


#include "fixtures/mmd_babylon.h"

#include <limits.h>
#include <string.h>

/* The angle between two rotations, radians: of a^-1 b, from its vector
   part (acos of the dot product would lose all below 3e-4 rad to float
   rounding of lengths). */
static double rotation_angle(const float a[4], const float b[4])
{
    double p[4], q[4], na = 0.0, nb = 0.0, x, y, z, w;
    int k;
    for (k = 0; k < 4; ++k) {
        p[k] = (double)a[k];
        q[k] = (double)b[k];
        na += p[k] * p[k];
        nb += q[k] * q[k];
    }
    for (k = 0; k < 4; ++k) {
        p[k] /= sqrt(na);
        q[k] /= sqrt(nb);
    }
    x = p[3] * q[0] - p[0] * q[3] - p[1] * q[2] + p[2] * q[1];
    y = p[3] * q[1] - p[1] * q[3] - p[2] * q[0] + p[0] * q[2];
    z = p[3] * q[2] - p[2] * q[3] - p[0] * q[1] + p[1] * q[0];
    w = p[3] * q[3] + p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    return 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
}

void test_mmd_matches_babylon(void)
{
    pm_pmx_model model;
    pm_vmd_motion motion;
    pm_mmd_model *player = NULL;
    char error[160];
    double low = 1e30, high = -1e30, height, worst_position = 0.0, worst_rotation = 0.0;
    int r, b, k, worst_position_row = 0, worst_rotation_row = 0;
    const int rows = (int)(sizeof mmd_pose_rows / sizeof mmd_pose_rows[0]);
    if (load_pmx("tests/fixtures/rig.pmx", &model, error, sizeof error) != 0) {
        test_fail(__FILE__, __LINE__, "%s", error);
        return;
    }
    if (load_vmd("tests/fixtures/dance.vmd", &motion, error, sizeof error) != 0) {
        test_fail(__FILE__, __LINE__, "%s", error);
        pm_pmx_free(&model);
        return;
    }
    CHECK_RESULT(pm_mmd_model_create(&model, NULL, &player, NULL), PM_OK);
    if (player) CHECK_RESULT(pm_mmd_model_play(player, &motion), PM_OK);
    for (b = 0; b < model.bone_count; ++b) {
        low = fmin(low, (double)model.bones[b].position[1]);
        high = fmax(high, (double)model.bones[b].position[1]);
    }
    height = high - low;
    for (r = 0; r < rows && player; r += model.bone_count) {
        const int end_to_end = mmd_pose_rows[r].frame >= 60.0f; /* dance.vmd's last keys */
        if (end_to_end) CHECK_RESULT(pm_mmd_model_seek(player, (double)mmd_pose_rows[r].frame), PM_OK);
        for (b = 0; !end_to_end && b < model.bone_count && r + b < rows; ++b) {
            memcpy(player->translation + 3 * b, mmd_pose_rows[r + b].local_translation, 3 * sizeof(float));
            memcpy(player->rotation + 4 * b, mmd_pose_rows[r + b].local_rotation, 4 * sizeof(float));
            player->ik_enabled[b] = (unsigned char)mmd_pose_rows[r + b].ik_enabled;
        }
        if (!end_to_end)
            CHECK_RESULT(pm_mmd_evaluate(&player->skeleton, player->translation, player->rotation, NULL, player->ik_enabled,
                                         PM_MMD_ALL_BONES, player->pose), PM_OK);
        for (b = 0; b < model.bone_count && r + b < rows; ++b) {
            const struct mmd_pose_row *row = &mmd_pose_rows[r + b];
            double distance = 0.0, angle = rotation_angle(player->pose[b].world_rotation, row->rotation);
            for (k = 0; k < 3; ++k)
                distance += ((double)player->pose[b].world_position[k] - (double)row->position[k]) *
                            ((double)player->pose[b].world_position[k] - (double)row->position[k]);
            distance = sqrt(distance) / height;
            CHECK(row->bone == b);
            if (distance > worst_position) worst_position = distance, worst_position_row = r + b;
            if (angle > worst_rotation) worst_rotation = angle, worst_rotation_row = r + b;
        }
    }
    printf("    worst: position %.2g of the height (frame %g, %s), rotation %.2g rad (frame %g, %s)\n", worst_position,
           (double)mmd_pose_rows[worst_position_row].frame, model.bones[mmd_pose_rows[worst_position_row].bone].name,
           worst_rotation, (double)mmd_pose_rows[worst_rotation_row].frame,
           model.bones[mmd_pose_rows[worst_rotation_row].bone].name);
    /* babylon-mmd keeps world matrices in float32: its rounding, carried
       down chains of up to 9 bones and through up to 40 IK iterations, is
       what remains (seen: 3.0e-7 of the height, 5.8e-6 rad); a rule done
       wrong moves bones by 1e-3 or more */
    CHECK(worst_position <= 2e-6);
    CHECK(worst_rotation <= 1e-5);
    pm_mmd_model_destroy(player);
    pm_vmd_free(&motion);
    pm_pmx_free(&model);
}

static void set_rest(float *translation, float *rotation, int count)
{
    int b;
    for (b = 0; b < count; ++b) {
        translation[3 * b] = translation[3 * b + 1] = translation[3 * b + 2] = 0.0f;
        rotation[4 * b] = rotation[4 * b + 1] = rotation[4 * b + 2] = 0.0f;
        rotation[4 * b + 3] = 1.0f;
    }
}

/* A grant adds to the bone's own rotation: own * slerp(identity, source,
   ratio). The values MMD shows for ratio 0.5, the source turned 40 degrees
   about z and the bone's own key 30 degrees about x, to the 4 digits quoted;
   and a negative ratio turns the other way (a waist cancel undoes its
   source). */
void test_mmd_grant_rule(void)
{
    pm_mmd_bone bones[3];
    int tables[3 * PM_MMD_TABLE_INTS];
    pm_mmd_skeleton s = {bones, 3, NULL, 0, tables};
    float translation[9], rotation[12];
    pm_mmd_bone_pose pose[3];
    const double mmd[4] = {0.2549, -0.0449, 0.1677, 0.9513};
    int k;
    test_mmd_bone(&bones[0], -1, 0, 0, 0);
    test_mmd_bone(&bones[1], -1, 1, 0, 0);
    test_mmd_bone(&bones[2], -1, 2, 0, 0);
    bones[1].flags = PM_MMD_BONE_GRANT_ROTATION;
    bones[1].grant_source = 0;
    bones[1].grant_ratio = 0.5f;
    bones[2].flags = PM_MMD_BONE_GRANT_ROTATION;
    bones[2].grant_source = 0;
    bones[2].grant_ratio = -1.0f;
    CHECK_RESULT(pm_mmd_skeleton_init(&s, NULL), PM_OK);
    set_rest(translation, rotation, 3);
    rotation[2] = (float)sin(20.0 * GLM_PI / 180.0); /* source: 40 degrees about z */
    rotation[3] = (float)cos(20.0 * GLM_PI / 180.0);
    rotation[4] = (float)sin(15.0 * GLM_PI / 180.0); /* own: 30 degrees about x */
    rotation[7] = (float)cos(15.0 * GLM_PI / 180.0);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_OK);
    for (k = 0; k < 4; ++k) CHECK_NEAR(pose[1].world_rotation[k], mmd[k], 5e-5);
    CHECK_NEAR(pose[2].world_rotation[2], -rotation[2], 1e-7);
    CHECK_NEAR(pose[2].world_rotation[3], rotation[3], 1e-7);
}

/* The two physics passes are the whole evaluation split in two, bit for
   bit; and an evaluation depends on its inputs alone, not on the frame
   evaluated before (every frame starts from nothing, as in MMD). */
void test_mmd_passes_and_state(void)
{
    pm_pmx_model model;
    pm_vmd_motion motion;
    pm_mmd_model *player = NULL;
    char error[160];
    pm_mmd_bone_pose *whole;
    if (load_pmx("tests/fixtures/rig.pmx", &model, error, sizeof error) != 0 ||
        load_vmd("tests/fixtures/dance.vmd", &motion, error, sizeof error) != 0 ||
        pm_mmd_model_create(&model, NULL, &player, NULL) != PM_OK || pm_mmd_model_play(player, &motion) != PM_OK) {
        test_fail(__FILE__, __LINE__, "%s", error);
        return;
    }
    whole = (pm_mmd_bone_pose *)malloc((size_t)model.bone_count * sizeof *whole);
    CHECK_RESULT(pm_mmd_model_seek(player, 44.75), PM_OK);
    memcpy(whole, player->pose, (size_t)model.bone_count * sizeof *whole);
    CHECK_RESULT(pm_mmd_model_seek(player, 10.0), PM_OK); /* another frame in between */
    CHECK_RESULT(pm_mmd_model_seek(player, 44.75), PM_OK);
    CHECK(memcmp(whole, player->pose, (size_t)model.bone_count * sizeof *whole) == 0);
    CHECK_RESULT(pm_mmd_evaluate(&player->skeleton, player->translation, player->rotation, player->bone_morphs, player->ik_enabled,
                                 PM_MMD_BEFORE_PHYSICS, player->pose), PM_OK);
    CHECK(memcmp(whole, player->pose, (size_t)model.bone_count * sizeof *whole) != 0); /* 物理後 and 物理前 wait */
    CHECK_RESULT(pm_mmd_evaluate(&player->skeleton, player->translation, player->rotation, player->bone_morphs, player->ik_enabled,
                                 PM_MMD_AFTER_PHYSICS, player->pose), PM_OK);
    CHECK(memcmp(whole, player->pose, (size_t)model.bone_count * sizeof *whole) == 0);
    free(whole);
    pm_mmd_model_destroy(player);
    pm_vmd_free(&motion);
    pm_pmx_free(&model);
}

/* A root, a link at its head, the target one unit along z from it, and an
   IK bone at the target turned `goal` about x (4 loops, no step limit):
   the pose after CCD. */
static void pose_one_link(const pm_mmd_ik_link *link, double goal, pm_mmd_bone_pose pose[4])
{
    pm_mmd_bone bones[4];
    int tables[4 * PM_MMD_TABLE_INTS];
    pm_mmd_skeleton s = {bones, 4, link, 1, tables};
    float translation[12], rotation[16];
    test_mmd_bone(&bones[0], -1, 0, 0, 0);
    test_mmd_bone(&bones[1], 0, 0, 0, 0);
    test_mmd_bone(&bones[2], 1, 0, 0, 1);
    test_mmd_bone(&bones[3], 0, 0, -(float)sin(goal), (float)cos(goal)); /* (0, 0, 1) turned by goal about x */
    bones[3].flags = PM_MMD_BONE_IK;
    bones[3].ik_target = 2;
    bones[3].ik_loop_count = 4;
    bones[3].ik_unit_angle = 4.0f;
    bones[3].ik_link_count = 1;
    CHECK_RESULT(pm_mmd_skeleton_init(&s, NULL), PM_OK);
    set_rest(translation, rotation, 4);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_OK);
}

/* A limited link's middle Euler angle stops at 88 degrees (MMD keeps it off
   90, where the other two are undefined) even where its limit is wider: one
   link whose limit about x is +-89.4 degrees, asked for 89.5. */
void test_mmd_ik_middle_angle(void)
{
    const pm_mmd_ik_link link = {1, 1, {-1.56f, 0.0f, 0.0f}, {1.56f, 0.0f, 0.0f}};
    pm_mmd_bone_pose pose[4];
    pose_one_link(&link, 89.5 * GLM_PI / 180.0, pose); /* z turned 89.5 degrees about x */
    CHECK_NEAR(pose[1].world_rotation[0], sin(44.0 * GLM_PI / 180.0), 1e-6);
    CHECK_NEAR(pose[1].world_rotation[3], cos(44.0 * GLM_PI / 180.0), 1e-6);
}

/* A link limited to one axis (x, past +-90 degrees: the last of its Euler
   sequence, as a knee's) turned by CCD toward a goal at angle `goal` about
   x: inside the limits it ends exactly there, outside at the nearer limit,
   a pure turn about x either way. Angles past +-120 degrees take the half
   angle from the other formula; a limit of each sign is reached. */
static void check_one_axis(double low, double high, double goal, double expected)
{
    const pm_mmd_ik_link link = {1, 1, {(float)low, 0.0f, 0.0f}, {(float)high, 0.0f, 0.0f}};
    pm_mmd_bone_pose pose[4];
    pose_one_link(&link, goal, pose);
    test_context("limits %g %g, goal %g degrees", low * 180.0 / GLM_PI, high * 180.0 / GLM_PI, goal * 180.0 / GLM_PI);
    CHECK_NEAR(pose[1].world_rotation[0], sin(0.5 * expected), 1e-6); /* float's rounding of the limits and goal */
    CHECK_NEAR(pose[1].world_rotation[1], 0.0, 1e-7);
    CHECK_NEAR(pose[1].world_rotation[2], 0.0, 1e-7);
    CHECK_NEAR(pose[1].world_rotation[3], cos(0.5 * expected), 1e-6);
    test_context("%s", "");
}

void test_mmd_ik_one_axis(void)
{
    const double degree = GLM_PI / 180.0;
    check_one_axis(100 * degree, 170 * degree, 150 * degree, 150 * degree);
    check_one_axis(-170 * degree, -100 * degree, -150 * degree, -150 * degree);
    check_one_axis(-170 * degree, -100 * degree, -60 * degree, -100 * degree);
    check_one_axis(-100 * degree, -30 * degree, -60 * degree, -60 * degree);
    check_one_axis(-100 * degree, -30 * degree, -120 * degree, -100 * degree);
    check_one_axis(-170 * degree, 170 * degree, 150 * degree, 150 * degree);
    check_one_axis(-170 * degree, 170 * degree, -150 * degree, -150 * degree);
}

/* A leg: root, hip, knee, ankle, and a foot IK bringing the ankle to it
   through the knee (limited) and the hip. */
enum { LEG_BONES = 5 };
static void set_leg(pm_mmd_bone bones[LEG_BONES], pm_mmd_ik_link links[2])
{
    const pm_mmd_ik_link knee = {2, 1, {-3.14159f, 0.0f, 0.0f}, {-0.0087f, 0.0f, 0.0f}}, hip = {1, 0, {0}, {0}};
    test_mmd_bone(&bones[0], -1, 0, 0, 0);
    test_mmd_bone(&bones[1], 0, 1, 10, 0);
    test_mmd_bone(&bones[2], 1, 1, 5.5f, -0.3f);
    test_mmd_bone(&bones[3], 2, 1, 1, 0);
    test_mmd_bone(&bones[4], 0, 1, 2, -1);
    bones[4].flags = PM_MMD_BONE_IK;
    bones[4].ik_target = 3;
    bones[4].ik_loop_count = 40;
    bones[4].ik_unit_angle = 2.0f;
    bones[4].ik_link_count = 2;
    links[0] = knee;
    links[1] = hip;
}

/* pm_mmd_skeleton_init on one bad field: its result and the bone it names. */
static void check_init(pm_mmd_skeleton *s, pm_result expected, int expected_bone)
{
    int bad = -2;
    CHECK_RESULT(pm_mmd_skeleton_init(s, &bad), expected);
    CHECK(bad == expected_bone);
}

void test_mmd_bad_input(void)
{
    pm_mmd_bone bones[LEG_BONES], good[LEG_BONES];
    pm_mmd_ik_link links[2], good_links[2];
    int tables[LEG_BONES * PM_MMD_TABLE_INTS], bad_pass = 7;
    pm_mmd_skeleton s = {bones, LEG_BONES, links, 2, tables};
    float translation[3 * LEG_BONES], rotation[4 * LEG_BONES];
    pm_mmd_bone_pose pose[LEG_BONES], before[LEG_BONES];
    pm_mmd_pass pass;
    set_leg(good, good_links);
#define RESET() (memcpy(bones, good, sizeof bones), memcpy(links, good_links, sizeof links), s.bone_count = LEG_BONES, \
                 s.ik_link_count = 2, s.bones = bones, s.ik_links = links, s.tables = tables)
    RESET();
    check_init(&s, PM_OK, -1);
    CHECK_RESULT(pm_mmd_skeleton_init(NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    s.bones = NULL;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, -1);
    RESET();
    s.tables = NULL;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, -1);
    RESET();
    s.bone_count = 0;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, -1);
    RESET();
    s.ik_links = NULL;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, -1);
    RESET();
    s.ik_link_count = -1;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, -1);
    RESET();
    s.bone_count = INT_MAX / PM_MMD_TABLE_INTS + 1; /* its tables' size would not fit an int */
    check_init(&s, PM_ERROR_LIMIT, -1);
    RESET();
    bones[2].position[1] = NAN;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 2);
    RESET();
    bones[3].parent = LEG_BONES;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 3);
    RESET();
    bones[3].parent = -2;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 3);
    RESET();
    bones[1].parent = 3; /* hip -> ankle -> knee -> hip */
    check_init(&s, PM_ERROR_CYCLE, 1);
    RESET();
    bones[2].flags = PM_MMD_BONE_GRANT_TRANSLATION;
    bones[2].grant_source = LEG_BONES;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 2);
    RESET();
    bones[2].flags = PM_MMD_BONE_GRANT_ROTATION;
    bones[2].grant_source = 1;
    bones[2].grant_ratio = INFINITY;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 2);
    RESET();
    bones[2].flags = PM_MMD_BONE_GRANT_ROTATION;
    bones[2].grant_source = 2; /* itself */
    check_init(&s, PM_ERROR_CYCLE, 2);
    RESET();
    bones[1].flags = bones[3].flags = PM_MMD_BONE_GRANT_ROTATION | PM_MMD_BONE_LOCAL_GRANT;
    bones[1].grant_source = 3;
    bones[3].grant_source = 1;
    check_init(&s, PM_ERROR_CYCLE, 1);
    RESET();
    bones[3].flags = PM_MMD_BONE_FIXED_AXIS;
    bones[3].fixed_axis[0] = NAN;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 3);
    RESET();
    bones[4].ik_target = LEG_BONES;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 4);
    RESET();
    bones[4].ik_target = 4;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    bones[4].ik_loop_count = -1;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    bones[4].ik_unit_angle = -0.5f;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    bones[4].ik_unit_angle = NAN;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    bones[4].ik_first_link = 1; /* links 1 and 2 of 2 */
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 4);
    RESET();
    bones[4].ik_first_link = -1;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 4);
    RESET();
    bones[4].ik_link_count = -1;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 4);
    RESET();
    bones[4].ik_first_link = INT_MAX; /* first + count overflows */
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 4);
    RESET();
    links[1].bone = -1;
    check_init(&s, PM_ERROR_OUT_OF_RANGE, 4);
    RESET();
    links[1].bone = 4; /* the IK bone itself */
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    links[1].bone = 3; /* the target */
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    links[0].upper[1] = INFINITY;
    check_init(&s, PM_ERROR_INVALID_ARGUMENT, 4);
    RESET();
    links[1].upper[1] = INFINITY; /* an unlimited link's limits are not read */
    check_init(&s, PM_OK, -1);

    RESET();
    CHECK_RESULT(pm_mmd_skeleton_init(&s, NULL), PM_OK);
    set_rest(translation, rotation, LEG_BONES);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_OK);
    memcpy(before, pose, sizeof before);
    CHECK_RESULT(pm_mmd_evaluate(NULL, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_evaluate(&s, NULL, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, NULL, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, NULL), PM_ERROR_INVALID_ARGUMENT);
    memcpy(&pass, &bad_pass, sizeof pass); /* a value the enum does not name */
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, pass, pose), PM_ERROR_INVALID_ARGUMENT);
    translation[7] = NAN;
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_ERROR_INVALID_ARGUMENT);
    translation[7] = 0.0f;
    rotation[11] = 0.0f; /* bone 2's rotation all zero */
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_ERROR_INVALID_ARGUMENT);
    rotation[11] = INFINITY;
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(before, pose, sizeof before) == 0); /* a refused frame leaves the pose as it was */
#undef RESET
}

/* Hostile sizes: a chain of 100,000 bones inits and evaluates in linear
   time (nothing recurses); an IK's loop count of 2^31 - 1 is used as 256
   (PM_MMD_IK_MAX_LOOPS), as babylon-mmd caps it; an IK whose work a frame
   could pass 2^24 bone updates is refused (PM_ERROR_LIMIT) instead of
   hanging: 2,000 links, each moving the 2,000 bones below it. */
void test_mmd_hostile_sizes(void)
{
    enum { CHAIN = 100000, LINKS = 2000 };
    pm_mmd_bone *bones = (pm_mmd_bone *)calloc(CHAIN + 1, sizeof *bones);
    pm_mmd_ik_link *links = (pm_mmd_ik_link *)calloc(LINKS, sizeof *links);
    int *tables = (int *)malloc((CHAIN + 1) * PM_MMD_TABLE_INTS * sizeof(int));
    float *translation = (float *)malloc((CHAIN + 1) * 3 * sizeof(float));
    float *rotation = (float *)malloc((CHAIN + 1) * 4 * sizeof(float));
    pm_mmd_bone_pose *pose = (pm_mmd_bone_pose *)malloc((CHAIN + 1) * sizeof *pose), capped[LEG_BONES];
    pm_mmd_bone leg[LEG_BONES];
    pm_mmd_ik_link leg_links[2];
    int leg_tables[LEG_BONES * PM_MMD_TABLE_INTS], b, bad;
    pm_mmd_skeleton s = {NULL, CHAIN, NULL, 0, NULL}, legs = {leg, LEG_BONES, leg_links, 2, leg_tables};
    s.bones = bones;
    s.tables = tables;
    s.ik_links = links;
    for (b = 0; b < CHAIN; ++b) test_mmd_bone(&bones[b], b - 1, 0, (float)b * 0.01f, 0);
    CHECK_RESULT(pm_mmd_skeleton_init(&s, NULL), PM_OK);
    set_rest(translation, rotation, CHAIN + 1);
    rotation[4 * 7] = rotation[4 * 7 + 3] = 0.70710678f;
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_OK);
    /* bone 7's quarter turn about x lays the rest of the chain along z;
       each world position is rounded to float, so 1e5 steps of rounding
       near 1000 (6e-5 each) may add up to a few hundredths */
    CHECK_NEAR(pose[CHAIN - 1].world_position[2], (CHAIN - 8) * 0.01, 0.1);
    CHECK_NEAR(pose[CHAIN - 1].world_position[1], 0.07, 1e-3);

    test_mmd_bone(&bones[CHAIN], 0, 0, 0, 0); /* an IK at the root pulling the chain's last bone through its 2,000 lowest */
    bones[CHAIN].flags = PM_MMD_BONE_IK;
    bones[CHAIN].ik_target = CHAIN - 1;
    bones[CHAIN].ik_loop_count = INT_MAX;
    bones[CHAIN].ik_unit_angle = 1.0f;
    bones[CHAIN].ik_link_count = LINKS;
    for (b = 0; b < LINKS; ++b) links[b].bone = CHAIN - 2 - b;
    s.bone_count = CHAIN + 1;
    s.ik_link_count = LINKS;
    CHECK_RESULT(pm_mmd_skeleton_init(&s, &bad), PM_ERROR_LIMIT);
    CHECK(bad == CHAIN);

    set_leg(leg, leg_links);
    leg[4].ik_unit_angle = 1e-4f; /* so small a step that every loop moves the leg */
    translation[3 * 4 + 1] = 3.0f; /* the foot raised */
    translation[3 * 4 + 2] = -1.5f;
    leg[4].ik_loop_count = PM_MMD_IK_MAX_LOOPS / 2;
    CHECK_RESULT(pm_mmd_skeleton_init(&legs, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_evaluate(&legs, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, capped), PM_OK);
    leg[4].ik_loop_count = INT_MAX;
    CHECK_RESULT(pm_mmd_skeleton_init(&legs, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_evaluate(&legs, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, pose), PM_OK);
    CHECK(memcmp(pose, capped, sizeof capped) != 0); /* 128 loops and 256 differ */
    leg[4].ik_loop_count = PM_MMD_IK_MAX_LOOPS;
    CHECK_RESULT(pm_mmd_skeleton_init(&legs, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_evaluate(&legs, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, capped), PM_OK);
    CHECK(memcmp(pose, capped, sizeof capped) == 0);
    free(bones);
    free(links);
    free(tables);
    free(translation);
    free(rotation);
    free(pose);
}
