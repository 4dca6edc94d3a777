/* Humanoid: the VRM bone table, normalization against @pixiv/three-vrm-core
   (committed fixture), retargeting by its defining property, and bad input.

   Tolerances: three-vrm computes in double from the same float32 inputs;
   posemath computes in double and rounds once. Raw rotations and hips
   positions agree to ~1e-7 (seen: see below); the 1e-5 is used, and
   a wrong formula (a missing P or L, a transposed product) is off by 0.1+. */
#include "test.h"

#include <string.h>

#include "fixtures/humanoid_threevrm.h"

#define RIG_TOL 1e-5
#define MAX_RIG_NODES 128

typedef struct rig {
    int node_count;
    int parent[MAX_RIG_NODES];
    pm_transform rest[MAX_RIG_NODES];
    int bone_node[PM_BONE_COUNT];
    pm_humanoid humanoid;
} rig;

static pm_result load_rig(int index, rig *r)
{
    const struct humanoid_rig *hr = &humanoid_rigs[index];
    int i;
    r->node_count = hr->node_count;
    for (i = 0; i < hr->node_count; ++i) {
        const struct humanoid_node *n = &humanoid_nodes[hr->first_node + i];
        r->parent[i] = n->parent;
        memcpy(r->rest[i].translation, n->rest, 3 * sizeof(float));
        memcpy(r->rest[i].rotation, n->rest + 3, 4 * sizeof(float));
        memcpy(r->rest[i].scale, n->rest + 7, 3 * sizeof(float));
    }
    memcpy(r->bone_node, hr->bone_node, sizeof r->bone_node);
    return pm_humanoid_init(&r->humanoid, r->bone_node, r->parent, r->rest, r->node_count);
}

/* The normalized pose three-vrm was given for rig `index`. */
static void fixture_normalized(int index, const rig *r, pm_pose *pose)
{
    const struct humanoid_rig *hr = &humanoid_rigs[index];
    int b, k = hr->first_bone;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        if (r->bone_node[b] < 0) {
            glm_quat_identity(pose->rotation[b]);
            continue;
        }
        memcpy(pose->rotation[b], humanoid_bone_values[k++].normalized, sizeof(versor));
    }
    for (b = 0; b < 3; ++b) pose->hips_position[b] = (float)hr->hips_normalized[b];
}

void test_bone_table(void)
{
    static const char *const bad[] = {"", "Hips", "hips ", " hips", "leftupperarm", "left_upper_arm", "root"};
    int b, n, required = 0;
    pm_bone bone;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const char *name = pm_bone_name((pm_bone)b);
        CHECK(name != NULL);
        if (!name) continue;
        bone = PM_BONE_HIPS;
        CHECK_RESULT(pm_bone_parse(name, &bone), PM_OK);
        CHECK(bone == (pm_bone)b);
        CHECK(pm_bone_parent((pm_bone)b) < b); /* parents come first */
        required += pm_bone_required((pm_bone)b);
    }
    CHECK(required == 15);
    CHECK(pm_bone_parent(PM_BONE_HIPS) == PM_BONE_NONE);
    CHECK(pm_bone_parent(PM_BONE_LEFT_SHOULDER) == PM_BONE_UPPER_CHEST);
    CHECK(pm_bone_parent(PM_BONE_NECK) == PM_BONE_UPPER_CHEST);
    CHECK(pm_bone_parent(PM_BONE_RIGHT_LITTLE_DISTAL) == PM_BONE_RIGHT_LITTLE_INTERMEDIATE);
    CHECK(pm_bone_parent(PM_BONE_LEFT_THUMB_METACARPAL) == PM_BONE_LEFT_HAND);
    CHECK(strcmp(pm_bone_name(PM_BONE_RIGHT_THUMB_METACARPAL), "rightThumbMetacarpal") == 0);
    CHECK(pm_bone_required(PM_BONE_UPPER_CHEST) == 0 && pm_bone_required(PM_BONE_HEAD) == 1);
    CHECK(pm_bone_name((pm_bone)PM_BONE_COUNT) == NULL);
    CHECK(pm_bone_parent((pm_bone)PM_BONE_COUNT) == PM_BONE_NONE);
    CHECK(pm_bone_required((pm_bone)PM_BONE_COUNT) == 0);
#ifndef __cplusplus
    CHECK(pm_bone_name((pm_bone)-1) == NULL);
    CHECK(pm_bone_parent((pm_bone)-1) == PM_BONE_NONE);
#endif
    for (n = 0; n < (int)(sizeof bad / sizeof bad[0]); ++n) {
        test_context("\"%s\"", bad[n]);
        bone = PM_BONE_JAW;
        CHECK_RESULT(pm_bone_parse(bad[n], &bone), PM_ERROR_PARSE);
        CHECK(bone == PM_BONE_JAW);
        CHECK_RESULT(pm_bone_parse_vrm0(bad[n], &bone), PM_ERROR_PARSE);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_bone_parse(NULL, &bone), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_bone_parse("hips", NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_bone_parse_vrm0(NULL, &bone), PM_ERROR_INVALID_ARGUMENT);
    /* VRM 0.x: the thumb's names move one joint in; everything else is the same */
    CHECK_RESULT(pm_bone_parse_vrm0("leftThumbProximal", &bone), PM_OK);
    CHECK(bone == PM_BONE_LEFT_THUMB_METACARPAL);
    CHECK_RESULT(pm_bone_parse_vrm0("leftThumbIntermediate", &bone), PM_OK);
    CHECK(bone == PM_BONE_LEFT_THUMB_PROXIMAL);
    CHECK_RESULT(pm_bone_parse_vrm0("rightThumbDistal", &bone), PM_OK);
    CHECK(bone == PM_BONE_RIGHT_THUMB_DISTAL);
    CHECK_RESULT(pm_bone_parse_vrm0("rightThumbIntermediate", &bone), PM_OK);
    CHECK(bone == PM_BONE_RIGHT_THUMB_PROXIMAL);
    CHECK_RESULT(pm_bone_parse_vrm0("leftThumbMetacarpal", &bone), PM_ERROR_PARSE);
    CHECK_RESULT(pm_bone_parse_vrm0("upperChest", &bone), PM_OK);
    CHECK(bone == PM_BONE_UPPER_CHEST);
    CHECK_RESULT(pm_bone_parse("leftThumbIntermediate", &bone), PM_ERROR_PARSE);
}

/* three-vrm's setNormalizedPose + update() on 300 random rigs. */
void test_humanoid_matches_threevrm(void)
{
    static rig r;
    int n, b;
    double worst = 0.0;
    for (n = 0; n < HUMANOID_RIGS; ++n) {
        const struct humanoid_rig *hr = &humanoid_rigs[n];
        pm_pose normalized, raw, back;
        int k = hr->first_bone;
        test_context("rig %d", n);
        CHECK_RESULT(load_rig(n, &r), PM_OK);
        fixture_normalized(n, &r, &normalized);
        CHECK_RESULT(pm_pose_denormalize(&r.humanoid, &normalized, &raw), PM_OK);
        for (b = 0; b < PM_BONE_COUNT; ++b) {
            double d;
            if (r.bone_node[b] < 0) continue;
            d = test_quat_diff(raw.rotation[b], humanoid_bone_values[k++].raw);
            worst = fmax(worst, d);
            CHECK_NEAR(d, 0.0, RIG_TOL);
        }
        for (b = 0; b < 3; ++b) CHECK_NEAR(raw.hips_position[b], hr->hips_raw[b], RIG_TOL);
        /* and back: normalize undoes denormalize */
        CHECK_RESULT(pm_pose_normalize(&r.humanoid, &raw, &back), PM_OK);
        for (b = 0; b < PM_BONE_COUNT; ++b) {
            double expected[4] = {normalized.rotation[b][0], normalized.rotation[b][1],
                                  normalized.rotation[b][2], normalized.rotation[b][3]};
            CHECK_NEAR(test_quat_diff(back.rotation[b], expected), 0.0, 1e-6);
        }
        for (b = 0; b < 3; ++b) CHECK_NEAR(back.hips_position[b], normalized.hips_position[b], 1e-5);
    }
    CHECK(worst < 1e-6); /* seen: ~2e-7 */
}
