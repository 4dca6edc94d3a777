/* VRM lookAt against three-vrm 3.5.5 (tests/gen/lookat_threevrm.mjs):
   yaw and pitch toward a target from a posed head, the bone applier's
   normalized eye rotations and the expression applier's four weights, every
   range map's edge on both sides, and what the loader reads from the real
   VRM files; malformed JSON at its byte, bad arguments.

   Tolerances. The eyes and weights from given angles are double math on
   float inputs, rounded to float once: 4 FLOAT_ROUNDING per quaternion
   component (a product of three rounded factors), 2 FLOAT_ROUNDING of a
   weight (the fixture's rounding and ours). Yaw and pitch come from float
   world matrices: the head sits five products below the root, each
   rounding coordinates of about 2 m by 2^-24, so its position is off by
   up to 6e-7 m and its rotation (from float columns) by about 3e-7 rad;
   toward a target 0.3 m or more away that turns the direction by up to
   2e-6 + 3e-7 rad: 2.5e-4 degrees with room, and the eyes' half-angle
   quaternions by half the angle times the range map's slope (up to 0.5
   here), under 2e-6 per component. */
#include "test.h"

#include <string.h>

#include "../examples/read_file.h"
#include "fixtures/lookat_threevrm.h"

enum { ANGLE_CASES = sizeof lookat_angle_cases / sizeof lookat_angle_cases[0] };

static void setting(int n, pm_look_at *l)
{
    const float *f = lookat_settings[n];
    pm_look_at_range_map *maps[4];
    int k;
    memset(l, 0, sizeof *l);
    l->type = (pm_look_at_type)(int)f[0];
    memcpy(l->face_front, f + 1, sizeof l->face_front);
    memcpy(l->offset_from_head_bone, f + 4, sizeof l->offset_from_head_bone);
    maps[0] = &l->horizontal_inner, maps[1] = &l->horizontal_outer, maps[2] = &l->vertical_down, maps[3] = &l->vertical_up;
    for (k = 0; k < 4; ++k) maps[k]->input_max_value = f[7 + 2 * k], maps[k]->output_scale = f[8 + 2 * k];
}

/* the eyes and the weights of both appliers for given angles, against three-vrm's */
static void check_appliers(const pm_look_at *l, float yaw, float pitch, const float eyes[2][4], const float weights[4],
                           double *worst_eye, double *worst_weight)
{
    pm_look_at bone = *l, expression = *l;
    pm_normalized_pose pose;
    float w[PM_LOOK_WEIGHT_COUNT];
    double expected[4];
    int side, k;
    bone.type = PM_LOOK_AT_BONE;
    expression.type = PM_LOOK_AT_EXPRESSION;
    CHECK_RESULT(pm_look_at_eyes(&bone, yaw, pitch, &pose), PM_OK);
    for (side = 0; side < 2; ++side) {
        for (k = 0; k < 4; ++k) expected[k] = (double)eyes[side][k];
        keep_worst(worst_eye, test_quat_diff(pose.rotation[side ? PM_BONE_RIGHT_EYE : PM_BONE_LEFT_EYE], expected));
    }
    CHECK_RESULT(pm_look_at_weights(&expression, yaw, pitch, w), PM_OK);
    for (k = 0; k < 4; ++k) /* relative to the weight, for output scales past 1 */
        keep_worst(worst_weight, fabs((double)w[k] - (double)weights[k]) / (fabs((double)weights[k]) > 1.0 ? fabs((double)weights[k]) : 1.0));
}

/* The fixture's rig at rest, and its humanoid */
static void rig(pm_transform rest[LOOKAT_NODES], pm_humanoid *humanoid)
{
    int bone_node[PM_BONE_COUNT], i;
    for (i = 0; i < PM_BONE_COUNT; ++i) bone_node[i] = -1;
    for (i = 0; i < LOOKAT_NODES; ++i) {
        pm_bone bone;
        CHECK_RESULT(pm_bone_parse(lookat_bones[i], &bone), PM_OK);
        bone_node[bone] = i;
        test_set_transform(&rest[i], lookat_rest + 10 * i);
    }
    CHECK_RESULT(pm_humanoid_init(humanoid, bone_node, lookat_parent, LOOKAT_NODES, rest, NULL), PM_OK);
}

void test_look_at_match_threevrm(void)
{
    static pm_transform rest[LOOKAT_NODES], pose[LOOKAT_NODES];
    static float world[16 * LOOKAT_NODES];
    int i, c;
    double worst_angle = 0.0, worst_eye = 0.0, worst_weight = 0.0, worst_chain = 0.0;
    pm_humanoid humanoid;
    rig(rest, &humanoid);
    for (c = 0; c < (int)(sizeof lookat_cases / sizeof lookat_cases[0]); ++c) {
        const struct lookat_case *k = &lookat_cases[c];
        pm_look_at l;
        pm_normalized_pose chained;
        float yaw, pitch;
        int side, q;
        setting(k->setting, &l);
        for (i = 0; i < LOOKAT_NODES; ++i) test_set_transform(&pose[i], k->pose + 10 * i);
        CHECK_RESULT(pm_scene_world_matrices(lookat_parent, LOOKAT_NODES, pose, world), PM_OK);
        CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, k->target, &yaw, &pitch), PM_OK);
        keep_worst(&worst_angle, fabs((double)yaw - k->yaw));
        keep_worst(&worst_angle, fabs((double)pitch - k->pitch));
        if (fabs((double)yaw - k->yaw) > 2.5e-4 || fabs((double)pitch - k->pitch) > 2.5e-4)
            printf("      case %d (setting %d): yaw %g pitch %g, three-vrm %g %g\n", c, k->setting, (double)yaw, (double)pitch,
                   (double)k->yaw, (double)k->pitch);
        check_appliers(&l, k->yaw, k->pitch, k->eyes, k->weights, &worst_eye, &worst_weight);
        l.type = PM_LOOK_AT_BONE; /* and the whole way: target -> angles -> eyes */
        CHECK_RESULT(pm_look_at_eyes(&l, yaw, pitch, &chained), PM_OK);
        for (side = 0; side < 2; ++side) {
            double expected[4];
            for (q = 0; q < 4; ++q) expected[q] = (double)k->eyes[side][q];
            keep_worst(&worst_chain, test_quat_diff(chained.rotation[side ? PM_BONE_RIGHT_EYE : PM_BONE_LEFT_EYE], expected));
        }
    }
    printf("    lookAt toward %d targets: yaw and pitch within %.2g degrees of three-vrm; eyes within %.2g, weights %.2g;\n"
           "      target to eyes within %.2g per component\n",
           (int)(sizeof lookat_cases / sizeof lookat_cases[0]), worst_angle, worst_eye, worst_weight, worst_chain);
    CHECK(worst_angle <= 2.5e-4);
    CHECK(worst_eye <= 4 * FLOAT_ROUNDING);
    CHECK(worst_weight <= 2 * FLOAT_ROUNDING);
    CHECK(worst_chain <= 2e-6);
}

void test_look_at_angles(void)
{
    double worst_eye = 0.0, worst_weight = 0.0;
    int c;
    for (c = 0; c < ANGLE_CASES; ++c) {
        const struct lookat_angles *k = &lookat_angle_cases[c];
        pm_look_at l;
        setting(k->setting, &l);
        check_appliers(&l, k->yaw, k->pitch, k->eyes, k->weights, &worst_eye, &worst_weight);
    }
    printf("    lookAt from %d yaws and pitches at and past every range map's edge: eyes within %.2g, weights %.2g\n",
           ANGLE_CASES, worst_eye, worst_weight);
    CHECK(worst_eye <= 4 * FLOAT_ROUNDING);
    CHECK(worst_weight <= 2 * FLOAT_ROUNDING);
}

/* What the reader makes of each real file's VRMC_vrm (or VRM 0.x's VRM)
   object is what three-vrm's loader makes of it, bit for bit. */
void test_look_at_files(void)
{
    size_t f;
    for (f = 0; f < sizeof lookat_files / sizeof lookat_files[0]; ++f) {
        char path[256];
        unsigned char *glb;
        const char *begin, *end;
        size_t size;
        pm_look_at l;
        pm_parse_error error;
        snprintf(path, sizeof path, "../shared/data/vrm-samples/%s", lookat_files[f].name);
        if (!(glb = read_file(path, &size))) {
            printf("    (%s absent: skipped)\n", path);
            continue;
        }
        test_context("%s", lookat_files[f].name);
        CHECK(test_glb_extension(glb, size, "\"VRMC_vrm\"", &begin, &end) ||
              test_glb_extension(glb, size, "\"VRM\"", &begin, &end));
        CHECK_RESULT(pm_look_at_parse_json(begin, (size_t)(end - begin), &l, &error), PM_OK);
        CHECK((int)l.type == lookat_files[f].type);
        if (lookat_files[f].type) {
            const float *s = lookat_files[f].setting;
            CHECK(memcmp(l.face_front, s, sizeof l.face_front) == 0);
            CHECK(memcmp(l.offset_from_head_bone, s + 3, sizeof l.offset_from_head_bone) == 0);
            CHECK(l.horizontal_inner.input_max_value == s[6] && l.horizontal_inner.output_scale == s[7]);
            CHECK(l.horizontal_outer.input_max_value == s[8] && l.horizontal_outer.output_scale == s[9]);
            CHECK(l.vertical_down.input_max_value == s[10] && l.vertical_down.output_scale == s[11]);
            CHECK(l.vertical_up.input_max_value == s[12] && l.vertical_up.output_scale == s[13]);
        }
        printf("    lookAt of %s: %s, as three-vrm reads it\n", lookat_files[f].name,
               l.type == PM_LOOK_AT_NONE ? "none" : l.type == PM_LOOK_AT_BONE ? "bone" : "expression");
        free(glb);
    }
    test_context("%s", "");
}

static pm_result parse_look_at(pm_look_at *l, const char *json)
{
    pm_parse_error error;
    return pm_look_at_parse_json(json, strlen(json), l, &error);
}

/* Defaults as three-vrm's loader takes them; every malformed member at its byte */
void test_look_at_json(void)
{
    static const struct {
        const char *json;
        int offset;
        const char *message;
    } bad[] = {
        {"{\"lookAt\": {\"type\": \"eyes\"}}", 20, "\"type\" must be \"bone\" or \"expression\""},
        {"{\"lookAt\": {\"type\": \"bone\", \"type\": \"bone\"}}", 36, "the lookAt type twice"},
        {"{\"lookAt\": {\"offsetFromHeadBone\": [0, 1]}}", 34, "\"offsetFromHeadBone\" must be 3 finite numbers"},
        {"{\"lookAt\": {\"offsetFromHeadBone\": [0, 1, 1e39]}}", 40, "\"offsetFromHeadBone\" must be 3 finite numbers"},
        {"{\"lookAt\": {\"rangeMapVerticalUp\": {\"inputMaxValue\": 181}}}", 52, "\"inputMaxValue\" must be a number from 0 to 180"},
        {"{\"lookAt\": {\"rangeMapVerticalUp\": {\"inputMaxValue\": -1}}}", 52, "\"inputMaxValue\" must be a number from 0 to 180"},
        {"{\"lookAt\": {\"rangeMapVerticalUp\": {\"outputScale\": \"x\"}}}", 50, "\"outputScale\" must be a finite number"},
        {"{\"lookAt\": {\"rangeMapVerticalUp\": {}, \"rangeMapVerticalUp\": {}}}", 60, "a range map twice"},
        {"{\"lookAt\": {}, \"lookAt\": {}}", 25, "\"lookAt\" twice"},
        {"{\"firstPerson\": {\"lookAtTypeName\": \"bone\"}}", 35, "\"lookAtTypeName\" must be \"Bone\" or \"BlendShape\""},
        {"{\"firstPerson\": {\"lookAtVerticalUp\": {\"curve\": [0, \"1\"]}}}", 50, "\"curve\" must be an array of numbers"},
        {"{\"firstPerson\": {\"lookAtVerticalUp\": {\"xRange\": 200}}}", 48, "\"xRange\" must be a number from 0 to 180"},
        {"{\"firstPerson\": {\"firstPersonBoneOffset\": {\"x\": null}}}", 48, "a vector's \"x\", \"y\" and \"z\" must be finite floats"},
        {"{\"lookAt\": {}", 13, "expected ',' or '}'"},
        {"[]", 0, "expected an object"},
    };
    pm_look_at l;
    pm_parse_error error;
    size_t i;
    CHECK_RESULT(pm_look_at_parse_json("{\"lookAt\": {\"type\": \"expression\", \"rangeMapHorizontalInner\": {\"inputMaxValue\": "
                                       "0.001}}}",
                                       strlen("{\"lookAt\": {\"type\": \"expression\", \"rangeMapHorizontalInner\": "
                                              "{\"inputMaxValue\": 0.001}}}"),
                                       &l, &error),
                 PM_OK);
    CHECK(l.type == PM_LOOK_AT_EXPRESSION && l.horizontal_inner.input_max_value == 0.01f); /* raised as three-vrm does */
    CHECK(l.horizontal_inner.output_scale == 1.0f && l.vertical_up.input_max_value == 90.0f && l.vertical_up.output_scale == 1.0f);
    CHECK(l.offset_from_head_bone[1] == 0.06f && l.face_front[2] == 1.0f);
    CHECK_RESULT(parse_look_at(&l, "{\"firstPerson\": {\"firstPersonBoneOffset\": {\"z\": 0.1}}}"), PM_OK);
    CHECK(l.type == PM_LOOK_AT_BONE && l.vertical_down.output_scale == 10.0f && l.face_front[2] == -1.0f);
    CHECK(l.offset_from_head_bone[1] == 0.06f && l.offset_from_head_bone[2] == -0.1f);
    CHECK_RESULT(parse_look_at(&l, "{\"specVersion\": \"1.0\", \"firstPerson\": {\"meshAnnotations\": []}}"), PM_OK);
    CHECK(l.type == PM_LOOK_AT_NONE); /* VRM 1.0's firstPerson holds no lookAt */
    {
        float weights[PM_LOOK_WEIGHT_COUNT] = {1, 1, 1, 1};
        CHECK_RESULT(pm_look_at_weights(&l, 30, 20, weights), PM_OK); /* settings that do nothing */
        CHECK(weights[0] == 0.0f && weights[1] == 0.0f && weights[2] == 0.0f && weights[3] == 0.0f);
    }
    CHECK_RESULT(parse_look_at(&l, "{\"specVersion\": \"0.0\", \"lookAt\": {\"type\": \"expression\"}, \"firstPerson\": {}}"), PM_OK);
    CHECK(l.type == PM_LOOK_AT_BONE && l.face_front[2] == -1.0f); /* a 0.x object: its firstPerson */
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        test_context("%s", bad[i].json);
        l.type = PM_LOOK_AT_BONE;
        CHECK_RESULT(pm_look_at_parse_json(bad[i].json, strlen(bad[i].json), &l, &error), PM_ERROR_PARSE);
        CHECK((int)error.offset == bad[i].offset);
        CHECK(error.message && strcmp(error.message, bad[i].message) == 0);
        if ((int)error.offset != bad[i].offset || !error.message || strcmp(error.message, bad[i].message) != 0)
            printf("      got byte %d: %s\n", (int)error.offset, error.message ? error.message : "(none)");
        CHECK(l.type == PM_LOOK_AT_BONE); /* untouched */
    }
    test_context("%s", "");
    CHECK_RESULT(pm_look_at_parse_json(NULL, 0, &l, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_parse_json("{}", 2, NULL, &error), PM_ERROR_INVALID_ARGUMENT);
}

void test_look_at_bad_input(void)
{
    static pm_transform rest[LOOKAT_NODES];
    static float world[16 * LOOKAT_NODES];
    const vec3 target = {0, 1.6f, 1}, nan_target = {0, NAN, 1};
    pm_humanoid humanoid;
    pm_look_at l, bad;
    pm_normalized_pose pose;
    float yaw, pitch, weights[PM_LOOK_WEIGHT_COUNT];
    rig(rest, &humanoid);
    CHECK_RESULT(pm_scene_world_matrices(lookat_parent, LOOKAT_NODES, rest, world), PM_OK);
    setting(0, &l);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, target, &yaw, &pitch), PM_OK);
    CHECK_RESULT(pm_look_at_yaw_pitch(NULL, &humanoid, world, target, &yaw, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, NULL, world, target, &yaw, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, NULL, target, &yaw, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, NULL, &yaw, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, nan_target, &yaw, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, target, NULL, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, target, &yaw, NULL), PM_ERROR_INVALID_ARGUMENT);
    memset(world + 16 * humanoid.bone_node[PM_BONE_HEAD], 0, 12 * sizeof(float)); /* a head of no size */
    CHECK_RESULT(pm_look_at_yaw_pitch(&l, &humanoid, world, target, &yaw, &pitch), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_eyes(&l, NAN, 0, &pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_eyes(&l, 0, INFINITY, &pose), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_eyes(&l, 0, 0, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_weights(&l, 0, NAN, weights), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_look_at_weights(&l, 0, 0, NULL), PM_ERROR_INVALID_ARGUMENT);
    bad = l, bad.type = (pm_look_at_type)3; /* outside the enum, inside its range (C++) */
    CHECK_RESULT(pm_look_at_weights(&bad, 0, 0, weights), PM_ERROR_INVALID_ARGUMENT);
    bad = l, bad.vertical_up.input_max_value = 0.0f;
    CHECK_RESULT(pm_look_at_eyes(&bad, 0, 0, &pose), PM_ERROR_INVALID_ARGUMENT);
    bad = l, bad.horizontal_outer.output_scale = NAN;
    CHECK_RESULT(pm_look_at_eyes(&bad, 0, 0, &pose), PM_ERROR_INVALID_ARGUMENT);
    bad = l, bad.offset_from_head_bone[0] = INFINITY;
    CHECK_RESULT(pm_look_at_weights(&bad, 0, 0, weights), PM_ERROR_INVALID_ARGUMENT);
    /* a type that does not apply leaves the other output alone, or zero */
    l.type = PM_LOOK_AT_EXPRESSION;
    pose.rotation[PM_BONE_LEFT_EYE][0] = 0.5f;
    CHECK_RESULT(pm_look_at_eyes(&l, 10, 10, &pose), PM_OK);
    CHECK(pose.rotation[PM_BONE_LEFT_EYE][0] == 0.5f);
    l.type = PM_LOOK_AT_BONE;
    CHECK_RESULT(pm_look_at_weights(&l, 10, 10, weights), PM_OK);
    CHECK(weights[0] == 0.0f && weights[1] == 0.0f && weights[2] == 0.0f && weights[3] == 0.0f);
}
