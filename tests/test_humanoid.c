/* Humanoid: the VRM bone table, normalization against @pixiv/three-vrm-core
   (committed fixture), retargeting by its defining property, and bad input.

   Tolerances: three-vrm computes in double from the same float32 inputs;
   posemath computes in double and rounds once. Raw rotations and hips
   positions agree to ~1e-7 (seen: see below); the promised 1e-5 is used, and
   a wrong formula (a missing P or L, a transposed product) is off by 0.1+. */
#include "test.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../examples/read_file.h"
#include "fixtures/humanoid_map_threevrm.h"
#include "fixtures/humanoid_threevrm.h"
#include "fixtures/humanoid_vrm_threevrm.h"
#include "fixtures/retarget_threejs.h"

#define RIG_TOL 1e-5
#define MAX_RIG_NODES 128

typedef struct rig {
    int node_count;
    int parent[MAX_RIG_NODES];
    pm_transform rest[MAX_RIG_NODES];
    int bone_node[PM_BONE_COUNT];
    pm_humanoid humanoid;
} rig;

/* A fixture's scene and bones into r, and its humanoid */
static pm_result load_fixture_rig(rig *r, int node_count, const fixture_node *nodes, const int bone_node[PM_BONE_COUNT])
{
    r->node_count = node_count;
    test_load_nodes(nodes, node_count, r->parent, r->rest);
    memcpy(r->bone_node, bone_node, sizeof r->bone_node);
    return pm_humanoid_init(&r->humanoid, r->bone_node, r->parent, r->node_count, r->rest, NULL);
}

static pm_result load_rig(int index, rig *r)
{
    const struct humanoid_rig *hr = &humanoid_rigs[index];
    return load_fixture_rig(r, hr->node_count, humanoid_nodes + hr->first_node, hr->bone_node);
}

/* The normalized pose three-vrm was given for rig `index`. */
static void fixture_normalized(int index, const rig *r, pm_normalized_pose *pose)
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
        pm_normalized_pose normalized, back;
        pm_raw_pose raw;
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
        for (b = 0; b < 3; ++b) CHECK_NEAR(raw.hips_translation[b], hr->hips_raw[b], RIG_TOL);
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

/* xorshift: the tests' own random poses. */
static uint32_t humanoid_rng = 2463534242u;
static float random_unit(void)
{
    humanoid_rng ^= humanoid_rng << 13;
    humanoid_rng ^= humanoid_rng >> 17;
    humanoid_rng ^= humanoid_rng << 5;
    return (float)humanoid_rng / 4294967296.0f * 2.0f - 1.0f;
}

/* A random raw pose of h's rig */
static void random_raw_pose(const pm_humanoid *h, pm_raw_pose *pose)
{
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        glm_quat_init(pose->rotation[b], random_unit(), random_unit(), random_unit(), random_unit() + 1.5f);
        glm_quat_normalize(pose->rotation[b]);
    }
    for (b = 0; b < 3; ++b) pose->hips_translation[b] = random_unit();
    pose->rig = h->rig;
}

/* The real VRM 1.0 rigs of vrm-c/vrm-specification's samples (rotated and
   scaled nodes, 53 and 22 bones), as three-vrm-core's VRMHumanoid poses
   them: denormalize gives its raw rotations and hips position within 1e-5,
   and normalize gives the pose back. They stand in the VRM T-pose, so
   fitting their rests to it changes nothing (1e-5). */
static pm_result load_vrm_rig(int index, rig *r)
{
    const struct vrm_rig *vr = &vrm_rigs[index];
    return load_fixture_rig(r, vr->node_count, vrm_nodes + vr->first_node, vr->bone_node);
}

void test_humanoid_vrm_samples_match_threevrm(void)
{
    static rig r;
    int n, p, b, c;
    double worst = 0.0;
    for (n = 0; n < VRM_RIGS; ++n) {
        test_context("%s", vrm_rigs[n].file);
        CHECK_RESULT(load_vrm_rig(n, &r), PM_OK);
        for (p = 0; p < VRM_RIG_POSES; ++p) {
            const struct vrm_pose *vp = &vrm_poses[vrm_rigs[n].first_pose + p];
            pm_normalized_pose normalized, back;
            pm_raw_pose raw;
            memcpy(normalized.rotation, vp->normalized, sizeof normalized.rotation);
            memcpy(normalized.hips_position, vp->hips_normalized, sizeof normalized.hips_position);
            CHECK_RESULT(pm_pose_denormalize(&r.humanoid, &normalized, &raw), PM_OK);
            for (b = 0; b < PM_BONE_COUNT; ++b) {
                double d = test_quat_diff(raw.rotation[b], vp->raw[b]);
                test_context("%s pose %d %s", vrm_rigs[n].file, p, pm_bone_name((pm_bone)b));
                worst = fmax(worst, d);
                CHECK_NEAR(d, 0.0, RIG_TOL);
            }
            for (c = 0; c < 3; ++c) CHECK_NEAR(raw.hips_translation[c], vp->hips_raw[c], RIG_TOL);
            CHECK_RESULT(pm_pose_normalize(&r.humanoid, &raw, &back), PM_OK);
            for (b = 0; b < PM_BONE_COUNT; ++b) {
                double expected[4];
                for (c = 0; c < 4; ++c) expected[c] = normalized.rotation[b][c];
                CHECK_NEAR(test_quat_diff(back.rotation[b], expected), 0.0, RIG_TOL);
            }
            for (c = 0; c < 3; ++c) CHECK_NEAR(back.hips_position[c], normalized.hips_position[c], RIG_TOL);
        }
    }
    test_context("%s", "");
    CHECK(worst < 1e-6); /* seen: 1.9e-7 (float inputs, double math on both sides) */
    for (n = 0; n < VRM_RIGS; ++n) { /* models in the VRM T-pose: fitting leaves them as they are */
        static pm_transform fitted[MAX_RIG_NODES];
        int i;
        CHECK_RESULT(load_vrm_rig(n, &r), PM_OK);
        CHECK_RESULT(pm_humanoid_fit_tpose(r.bone_node, r.parent, r.node_count, r.rest, fitted, NULL), PM_OK);
        for (i = 0; i < r.node_count; ++i) {
            double expected[4];
            for (c = 0; c < 4; ++c) expected[c] = r.rest[i].rotation[c];
            test_context("%s node %d fitted", vrm_rigs[n].file, i);
            CHECK_NEAR(test_quat_diff(fitted[i].rotation, expected), 0.0, RIG_TOL); /* seen 1.1e-6: scaled nodes */
            for (c = 0; c < 3; ++c) CHECK_NEAR(fitted[i].translation[c], r.rest[i].translation[c], RIG_TOL);
        }
    }
    test_context("%s", "");
}

/* pm_pose_normalize_keys on the VRM samples' rigs: each present bone's
   keys (the fixture's raw poses, and each scaled off unit length) give the
   bits pm_pose_normalize gives that bone of each key's pose, the hips'
   translations too, in place or not; bad input writes nothing. */
void test_humanoid_normalize_keys(void)
{
    enum { KEYS = 2 * VRM_RIG_POSES };
    static rig r;
    float keys[KEYS][4], out[KEYS][4], sentinel[KEYS][4];
    pm_raw_pose rest, raw;
    pm_normalized_pose normalized;
    int n, b, k;
    for (n = 0; n < VRM_RIGS; ++n) {
        CHECK_RESULT(load_vrm_rig(n, &r), PM_OK);
        CHECK_RESULT(pm_pose_read(&r.humanoid, r.rest, &rest), PM_OK);
        for (b = 0; b <= PM_BONE_COUNT; ++b) { /* PM_BONE_COUNT: the hips' translations */
            const int hips = b == PM_BONE_COUNT, components = hips ? 3 : 4;
            const pm_bone bone = hips ? PM_BONE_HIPS : (pm_bone)b;
            float *key = &keys[0][0], *expected = &sentinel[0][0]; /* components floats a key */
            if (r.bone_node[bone] < 0) {
                CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, bone, 4, 1, key, &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
                continue;
            }
            test_context("%s %s%s", vrm_rigs[n].file, pm_bone_name(bone), hips ? " translation" : "");
            for (k = 0; k < KEYS; ++k) {
                const struct vrm_pose *vp = &vrm_poses[vrm_rigs[n].first_pose + k % VRM_RIG_POSES];
                const float scale = k < VRM_RIG_POSES ? 1.0f : 0.75f;
                int c;
                for (c = 0; c < components; ++c)
                    key[components * k + c] = scale * (float)(hips ? vp->hips_raw[c] : vp->raw[bone][c]);
                raw = rest;
                memcpy(hips ? raw.hips_translation : raw.rotation[bone], key + components * k, sizeof(float) * (size_t)components);
                CHECK_RESULT(pm_pose_normalize(&r.humanoid, &raw, &normalized), PM_OK);
                memcpy(expected + components * k, hips ? normalized.hips_position : normalized.rotation[bone],
                       sizeof(float) * (size_t)components);
            }
            CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, bone, components, KEYS, key, &out[0][0]), PM_OK);
            CHECK(memcmp(out, expected, sizeof(float) * (size_t)(components * KEYS)) == 0);
            CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, bone, components, KEYS, key, key), PM_OK); /* in place */
            CHECK(memcmp(key, expected, sizeof(float) * (size_t)(components * KEYS)) == 0);
        }
    }
    test_context("%s", "");
    /* bad input: nothing written */
    CHECK_RESULT(load_vrm_rig(0, &r), PM_OK);
    for (k = 0; k < KEYS; ++k) glm_quat_identity(keys[k]);
    memset(out, 0x55, sizeof out);
    memcpy(sentinel, out, sizeof out);
    CHECK_RESULT(pm_pose_normalize_keys(NULL, PM_BONE_HEAD, 4, KEYS, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 4, KEYS, NULL, &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 4, KEYS, &keys[0][0], NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 4, -1, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
#ifndef __cplusplus
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, (pm_bone)-1, 4, KEYS, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
#endif
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, (pm_bone)PM_BONE_COUNT, 4, KEYS, &keys[0][0], &out[0][0]),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 3, KEYS, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HIPS, 2, KEYS, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    glm_vec4_zero(keys[KEYS - 1]); /* a zero rotation, last */
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 4, KEYS, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    keys[KEYS - 1][3] = NAN;
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 4, KEYS, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    keys[1][1] = INFINITY; /* a translation not finite */
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HIPS, 3, 2, &keys[0][0], &out[0][0]), PM_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(out, sentinel, sizeof out) == 0);
    CHECK_RESULT(pm_pose_normalize_keys(&r.humanoid, PM_BONE_HEAD, 4, 0, NULL, NULL), PM_OK); /* nothing to do */
}

/* Retargets a random pose from a to b and checks the rule (test_check_retarget). */
static int check_retarget(const rig *a, const rig *b)
{
    pm_raw_pose raw_a;
    random_raw_pose(&a->humanoid, &raw_a);
    return test_check_retarget(&a->humanoid, &b->humanoid, &raw_a);
}

/* Pairs of different fixture rigs, with random optional bones. */
void test_humanoid_retarget(void)
{
    static rig a, b;
    int n, bone, folded = 0, inherited = 0;
    for (n = 0; n + 1 < HUMANOID_RIGS; n += 2) {
        CHECK_RESULT(load_rig(n, &a), PM_OK);
        CHECK_RESULT(load_rig(n + 1, &b), PM_OK);
        test_context("rigs %d -> %d", n, n + 1);
        inherited += check_retarget(&a, &b);
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) folded += a.bone_node[bone] >= 0 && b.bone_node[bone] < 0;
    }
    CHECK(folded > 100 && inherited > 100); /* both directions of missing bones are exercised */
}

/* Chains that cross, as the VRM animation specification's how_to_transform_human_pose
   describes them: each rig lacks a bone the other has. B's neck, when A lacks
   neck and B lacks chest, points the way A's upperChest does (A's nearest bone
   above the neck; B's humanoid parent, spine, does not matter); likewise
   shoulders under a missing upperChest and fingers missing an intermediate on
   one side and a distal on the other. Both directions, on two fixture rigs
   that have every bone involved. */
void test_humanoid_retarget_crossing_chains(void)
{
    static const pm_bone involved[] = {PM_BONE_CHEST, PM_BONE_UPPER_CHEST, PM_BONE_NECK, PM_BONE_LEFT_SHOULDER,
                                       PM_BONE_LEFT_INDEX_INTERMEDIATE, PM_BONE_LEFT_INDEX_DISTAL};
    static const struct { pm_bone a_lacks, b_lacks, b_bone, a_source; } cases[] = {
        {PM_BONE_NECK, PM_BONE_CHEST, PM_BONE_NECK, PM_BONE_UPPER_CHEST},
        {PM_BONE_LEFT_SHOULDER, PM_BONE_UPPER_CHEST, PM_BONE_LEFT_SHOULDER, PM_BONE_UPPER_CHEST},
        {PM_BONE_LEFT_INDEX_INTERMEDIATE, PM_BONE_LEFT_INDEX_DISTAL, PM_BONE_LEFT_INDEX_INTERMEDIATE,
         PM_BONE_LEFT_INDEX_PROXIMAL},
    };
    static rig a, b;
    int found[2], count = 0, n, k, c;
    for (n = 0; n < HUMANOID_RIGS && count < 2; ++n) {
        int all = 1;
        CHECK_RESULT(load_rig(n, &a), PM_OK);
        for (k = 0; k < (int)(sizeof involved / sizeof involved[0]); ++k) all &= a.bone_node[involved[k]] >= 0;
        if (all) found[count++] = n;
    }
    CHECK(count == 2);
    if (count < 2) return;
    for (c = 0; c < (int)(sizeof cases / sizeof cases[0]); ++c) {
        load_rig(found[0], &a);
        load_rig(found[1], &b);
        a.bone_node[cases[c].a_lacks] = -1;
        b.bone_node[cases[c].b_lacks] = -1;
        CHECK_RESULT(pm_humanoid_init(&a.humanoid, a.bone_node, a.parent, a.node_count, a.rest, NULL), PM_OK);
        CHECK_RESULT(pm_humanoid_init(&b.humanoid, b.bone_node, b.parent, b.node_count, b.rest, NULL), PM_OK);
        test_context("A lacks %s, B lacks %s", pm_bone_name(cases[c].a_lacks), pm_bone_name(cases[c].b_lacks));
        check_retarget(&a, &b);
        check_retarget(&b, &a);
        { /* the case's bone, spelled out: B's takes A's named source's turn */
            pm_raw_pose raw_a, raw_b;
            pm_normalized_pose norm_a, norm_b;
            versor da[PM_BONE_COUNT], db[PM_BONE_COUNT];
            double expected[4];
            random_raw_pose(&a.humanoid, &raw_a);
            CHECK_RESULT(pm_retarget_once(&a.humanoid, &raw_a, &b.humanoid, &raw_b), PM_OK);
            CHECK_RESULT(pm_pose_normalize(&a.humanoid, &raw_a, &norm_a), PM_OK);
            CHECK_RESULT(pm_pose_normalize(&b.humanoid, &raw_b, &norm_b), PM_OK);
            test_world_deltas(&a.humanoid, &norm_a, da);
            test_world_deltas(&b.humanoid, &norm_b, db);
            for (k = 0; k < 4; ++k) expected[k] = da[cases[c].a_source][k];
            CHECK_NEAR(test_quat_diff(db[cases[c].b_bone], expected), 0.0, 1e-5);
        }
    }
    test_context("%s", "");
}

/* Crossing chains against an independent computation: three.js Object3D
   graphs given each target bone the world rotation from rest of the
   source's nearest bone at or above it (tests/gen/retarget_threejs.mjs).
   Torso (neck / chest, and with upperChest), shoulders under a missing
   upperChest, fingers missing an intermediate / a distal, toes; both
   directions, nodes between bones. Raw rotations and hips within 1e-5. */
static pm_result load_retarget_rig(int index, rig *r)
{
    const struct retarget_rig *rr = &retarget_rigs[index];
    return load_fixture_rig(r, rr->node_count, retarget_nodes + rr->first_node, rr->bone_node);
}

void test_humanoid_retarget_matches_threejs(void)
{
    static rig a, b;
    int n, bone, c;
    for (n = 0; n < RETARGET_CASES; ++n) {
        const struct retarget_case *rc = &retarget_cases[n];
        pm_raw_pose raw_a, raw_b;
        test_context("case %d", n);
        CHECK_RESULT(load_retarget_rig(rc->source, &a), PM_OK);
        CHECK_RESULT(load_retarget_rig(rc->target, &b), PM_OK);
        memcpy(raw_a.rotation, rc->source_raw, sizeof raw_a.rotation);
        memcpy(raw_a.hips_translation, rc->source_hips, sizeof raw_a.hips_translation);
        raw_a.rig = a.humanoid.rig;
        CHECK_RESULT(pm_retarget_once(&a.humanoid, &raw_a, &b.humanoid, &raw_b), PM_OK);
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
            if (b.bone_node[bone] < 0) continue;
            test_context("case %d %s", n, pm_bone_name((pm_bone)bone));
            CHECK_NEAR(test_quat_diff(raw_b.rotation[bone], rc->target_raw[bone]), 0.0, 1e-5);
        }
        for (c = 0; c < 3; ++c) CHECK_NEAR(raw_b.hips_translation[c], rc->target_hips[c], 1e-5);
    }
    test_context("%s", "");
}

/* A -> B -> A is the identity when both rigs have the same bones; A -> A too. */
void test_humanoid_retarget_round_trip(void)
{
    static rig a, b;
    int n, bone, c;
    for (n = 0; n < HUMANOID_RIGS; ++n) {
        pm_raw_pose raw_a, raw_b, back;
        int m = (n * 7 + 3) % HUMANOID_RIGS, same = 1;
        CHECK_RESULT(load_rig(n, &a), PM_OK);
        CHECK_RESULT(load_rig(m, &b), PM_OK);
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) same &= (a.bone_node[bone] < 0) == (b.bone_node[bone] < 0);
        if (!same) b = a; /* random optional bones rarely coincide: then a rig with itself */
        b.humanoid.parent = b.parent; /* b's own copy of the parent array */
        random_raw_pose(&a.humanoid, &raw_a);
        for (bone = 0; bone < PM_BONE_COUNT; ++bone)
            if (a.bone_node[bone] < 0) glm_quat_identity(raw_a.rotation[bone]);
        test_context("rigs %d, %d", n, same ? m : n);
        CHECK_RESULT(pm_retarget_once(&a.humanoid, &raw_a, &b.humanoid, &raw_b), PM_OK);
        CHECK_RESULT(pm_retarget_once(&b.humanoid, &raw_b, &a.humanoid, &back), PM_OK);
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
            double expected[4] = {raw_a.rotation[bone][0], raw_a.rotation[bone][1], raw_a.rotation[bone][2],
                                  raw_a.rotation[bone][3]};
            CHECK_NEAR(test_quat_diff(back.rotation[bone], expected), 0.0, 2e-6);
        }
        for (c = 0; c < 3; ++c) CHECK_NEAR(back.hips_translation[c], raw_a.hips_translation[c], 2e-6);
    }
}

/* World rotation of node i: the product of local rotations from the root
   (the fixture rigs' scales are uniform), with cglm. */
static void node_world_rotation(const rig *r, const pm_transform *scene, int i, versor out)
{
    versor up;
    if (r->parent[i] < 0) {
        glm_quat_copy((float *)scene[i].rotation, out);
        return;
    }
    node_world_rotation(r, scene, r->parent[i], up);
    glm_quat_mul(up, (float *)scene[i].rotation, out);
}

/* Animated nodes between bones (BVH's LowerBack and Neck1, a rig's helper
   nodes) are folded into the bones below them on read: written back into
   the scene with those nodes at rest, every bone has the world rotation it
   had. Every node of 100 fixture rigs turned at random; nodes above the hips
   keep their turn in both scenes. Within 1e-5 (float rounding along chains
   of up to ~12 nodes is ~1e-6). Also: a parent array changed under the
   humanoid (a chain cut, a loop, an index out of range) is an error, not a
   hang or a read out of bounds. */
void test_humanoid_read_folds_between(void)
{
    static rig r;
    pm_transform posed[MAX_RIG_NODES], written[MAX_RIG_NODES];
    int n, i, b, folded = 0, changed = 0;
    for (n = 0; n < 100; ++n) {
        pm_raw_pose raw, out;
        CHECK_RESULT(load_rig(n, &r), PM_OK);
        test_context("rig %d", n);
        memcpy(posed, r.rest, sizeof(pm_transform) * (size_t)r.node_count);
        for (i = 0; i < r.node_count; ++i) {
            glm_quat_init(posed[i].rotation, random_unit(), random_unit(), random_unit(), random_unit() + 1.5f);
            glm_quat_normalize(posed[i].rotation);
        }
        CHECK_RESULT(pm_pose_read(&r.humanoid, posed, &raw), PM_OK);
        memcpy(written, posed, sizeof(pm_transform) * (size_t)r.node_count);
        for (i = 0; i < r.node_count; ++i) { /* nodes below the hips at rest */
            int up = i, below_hips = 0;
            while ((up = r.parent[up]) >= 0) below_hips |= up == r.bone_node[PM_BONE_HIPS];
            if (below_hips) memcpy(written[i].rotation, r.rest[i].rotation, sizeof(versor));
        }
        CHECK_RESULT(pm_pose_write(&r.humanoid, &raw, written), PM_OK);
        for (b = 0; b < PM_BONE_COUNT; ++b) {
            versor want, got;
            double expected[4];
            int k;
            if (r.bone_node[b] < 0) continue;
            node_world_rotation(&r, posed, r.bone_node[b], want);
            node_world_rotation(&r, written, r.bone_node[b], got);
            for (k = 0; k < 4; ++k) expected[k] = want[k];
            test_context("rig %d bone %s", n, pm_bone_name((pm_bone)b));
            CHECK_NEAR(test_quat_diff(got, expected), 0.0, 1e-5);
            folded += r.humanoid.parent_bone[b] >= 0 && r.parent[r.bone_node[b]] != r.bone_node[r.humanoid.parent_bone[b]];
        }
        /* the parent array changed under the humanoid: the chain above a bone
           that has nodes between misses its humanoid parent */
        for (b = 1; b < PM_BONE_COUNT; ++b) {
            const int node = r.bone_node[b];
            if (node >= 0 && r.parent[node] != r.bone_node[r.humanoid.parent_bone[b]]) {
                const int between = r.parent[node], kept = r.parent[between];
                r.parent[between] = -1; /* a root */
                CHECK_RESULT(pm_pose_read(&r.humanoid, posed, &out), PM_ERROR_INVALID_ARGUMENT);
                r.parent[between] = between; /* a loop */
                CHECK_RESULT(pm_pose_read(&r.humanoid, posed, &out), PM_ERROR_INVALID_ARGUMENT);
                r.parent[between] = node + 10000; /* out of range */
                CHECK_RESULT(pm_pose_read(&r.humanoid, posed, &out), PM_ERROR_INVALID_ARGUMENT);
                r.parent[between] = kept;
                CHECK_RESULT(pm_pose_read(&r.humanoid, posed, &out), PM_OK);
                ++changed;
                break;
            }
        }
    }
    test_context("%s", "");
    CHECK(folded > 50 && changed > 20);
}

/* A 55-bone rig standing in the VRM T-pose (tpose.md's axes, toes on
   y = 0), one node per bone, every node with a random rest rotation. */
typedef struct tpose_rig {
    int parent[PM_BONE_COUNT], bone_node[PM_BONE_COUNT];
    vec3 position[PM_BONE_COUNT]; /* world, of each bone's joint */
    versor world[PM_BONE_COUNT];
    pm_transform rest[PM_BONE_COUNT];
} tpose_rig;

static void set3(vec3 v, float x, float y, float z)
{
    v[0] = x;
    v[1] = y;
    v[2] = z;
}

static void tpose_joints(vec3 position[PM_BONE_COUNT])
{
    static const float torso[9][3] = {{0, 1.0f, 0},     {0, 1.1f, 0},       {0, 1.2f, 0},
                                      {0, 1.3f, 0},     {0, 1.45f, 0},      {0, 1.55f, 0},
                                      {0.03f, 1.62f, 0.08f}, {-0.03f, 1.62f, 0.08f}, {0, 1.52f, 0.05f}};
    static const float leg[4][3] = {{0.1f, 0.95f, 0}, {0.1f, 0.52f, 0}, {0.1f, 0.1f, 0}, {0.1f, 0.0f, 0.12f}};
    static const float arm[4][3] = {{0.05f, 1.38f, 0}, {0.15f, 1.4f, 0}, {0.42f, 1.4f, 0}, {0.68f, 1.4f, 0}};
    int b, side, k, j;
    for (b = 0; b < 9; ++b) set3(position[b], torso[b][0], torso[b][1], torso[b][2]);
    for (side = 0; side < 2; ++side) {
        const float x = side ? -1.0f : 1.0f;
        for (k = 0; k < 4; ++k) {
            set3(position[PM_BONE_LEFT_UPPER_LEG + 4 * side + k], x * leg[k][0], leg[k][1], leg[k][2]);
            set3(position[PM_BONE_LEFT_SHOULDER + 4 * side + k], x * arm[k][0], arm[k][1], arm[k][2]);
        }
        for (k = 0; k < 5; ++k) { /* thumb along (+-1, 0, 1), fingers along +-X */
            const int first = (side ? PM_BONE_RIGHT_THUMB_METACARPAL : PM_BONE_LEFT_THUMB_METACARPAL) + 3 * k;
            for (j = 0; j < 3; ++j) {
                const float along = 0.03f * (float)j;
                if (k == 0) set3(position[first + j], x * (0.70f + along), 1.39f, 0.03f + along);
                else set3(position[first + j], x * (0.75f + along), 1.4f, 0.05f - 0.02f * (float)k); /* centred on the wrist */
            }
        }
    }
}

/* Local transforms from the world positions and rotations */
static void tpose_rig_locals(tpose_rig *r)
{
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const int up = r->parent[b];
        versor inverse;
        vec3 offset;
        glm_vec3_one(r->rest[b].scale);
        if (up < 0) {
            glm_vec3_copy(r->position[b], r->rest[b].translation);
            glm_quat_copy(r->world[b], r->rest[b].rotation);
            continue;
        }
        glm_quat_inv(r->world[up], inverse);
        glm_vec3_sub(r->position[b], r->position[up], offset);
        glm_quat_rotatev(inverse, offset, r->rest[b].translation);
        glm_quat_mul(inverse, r->world[b], r->rest[b].rotation);
    }
}

static void tpose_rig_build(tpose_rig *r)
{
    int b;
    tpose_joints(r->position);
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        r->parent[b] = pm_bone_parent((pm_bone)b);
        r->bone_node[b] = b;
        glm_quat_init(r->world[b], random_unit(), random_unit(), random_unit(), random_unit() + 1.5f);
        glm_quat_normalize(r->world[b]);
    }
    tpose_rig_locals(r);
}

/* Turns bone b and everything below it by `angle` about `axis` through b's joint */
static void tpose_rig_bend(tpose_rig *r, pm_bone b, float angle, vec3 axis)
{
    versor q;
    int d;
    glm_quatv(q, angle, axis);
    for (d = (int)b; d < PM_BONE_COUNT; ++d) {
        int up = d;
        versor turned;
        vec3 offset;
        while (up >= 0 && up != (int)b) up = r->parent[up];
        if (up < 0) continue;
        glm_vec3_sub(r->position[d], r->position[b], offset);
        glm_quat_rotatev(q, offset, offset);
        glm_vec3_add(r->position[b], offset, r->position[d]);
        glm_quat_mul(q, r->world[d], turned);
        glm_quat_copy(turned, r->world[d]);
    }
}

/* Fitting a rest to the T-pose: a rig built in the T-pose is unchanged; the
   same rig bent into an A-pose by known rotations (arms 40 degrees down,
   legs 10 degrees apart, feet turned out, fingers curled, thumbs along X,
   the whole body turned and sunk below the floor, hips at y < 0) fits to
   it, so both retarget any pose to the same joint positions (within 1e-5 m
   on a 1.6 m rig: float rounding along 11-bone chains is ~1e-6). */
void test_humanoid_fit_tpose(void)
{
    static tpose_rig t, a;
    static pm_transform fitted_t[PM_BONE_COUNT], fitted_a[PM_BONE_COUNT];
    static float world_t[16 * PM_BONE_COUNT], world_a[16 * PM_BONE_COUNT];
    const float degree = GLM_PIf / 180.0f;
    vec3 x_axis = {1, 0, 0}, y_axis = {0, 1, 0}, z_axis = {0, 0, 1};
    pm_humanoid ht, ha;
    pm_retarget to_t, to_a;
    int b, k, n;
    tpose_rig_build(&t);
    a = t;
    /* the foot first: fitting turns feet about Y only, so a foot turned about
       an axis the leg's bend then tilts would keep that tilt */
    tpose_rig_bend(&a, PM_BONE_LEFT_FOOT, 20.0f * degree, y_axis);
    tpose_rig_bend(&a, PM_BONE_LEFT_UPPER_ARM, -40.0f * degree, z_axis);
    tpose_rig_bend(&a, PM_BONE_RIGHT_UPPER_ARM, 40.0f * degree, z_axis);
    tpose_rig_bend(&a, PM_BONE_LEFT_UPPER_LEG, 10.0f * degree, z_axis);
    tpose_rig_bend(&a, PM_BONE_RIGHT_UPPER_LEG, -10.0f * degree, z_axis);
    tpose_rig_bend(&a, PM_BONE_LEFT_INDEX_PROXIMAL, -30.0f * degree, z_axis);
    tpose_rig_bend(&a, PM_BONE_LEFT_INDEX_INTERMEDIATE, -20.0f * degree, z_axis);
    tpose_rig_bend(&a, PM_BONE_RIGHT_THUMB_METACARPAL, -45.0f * degree, y_axis);
    tpose_rig_bend(&a, PM_BONE_SPINE, 8.0f * degree, x_axis);
    tpose_rig_bend(&a, PM_BONE_HIPS, 120.0f * degree, y_axis); /* facing away */
    for (b = 0; b < PM_BONE_COUNT; ++b) a.position[b][1] -= 1.5f;       /* hips below the floor */
    tpose_rig_locals(&a);

    CHECK_RESULT(pm_humanoid_fit_tpose(t.bone_node, t.parent, PM_BONE_COUNT, t.rest, fitted_t, NULL), PM_OK);
    for (b = 0; b < PM_BONE_COUNT; ++b) { /* already in the T-pose: the same */
        double expected[4] = {t.rest[b].rotation[0], t.rest[b].rotation[1], t.rest[b].rotation[2], t.rest[b].rotation[3]};
        test_context("T-pose rig, %s", pm_bone_name((pm_bone)b));
        CHECK_NEAR(test_quat_diff(fitted_t[b].rotation, expected), 0.0, 1e-6);
        for (k = 0; k < 3; ++k) CHECK_NEAR(fitted_t[b].translation[k], t.rest[b].translation[k], 1e-6);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_humanoid_init(&ha, a.bone_node, a.parent, PM_BONE_COUNT, a.rest, NULL), PM_ERROR_HIPS_HEIGHT);
    CHECK_RESULT(pm_humanoid_fit_tpose(a.bone_node, a.parent, PM_BONE_COUNT, a.rest, fitted_a, NULL), PM_OK);
    CHECK_RESULT(pm_humanoid_init(&ht, t.bone_node, t.parent, PM_BONE_COUNT, fitted_t, NULL), PM_OK);
    { /* bad input: init's errors, and no output; nothing written on error */
        int missing[PM_BONE_COUNT];
        memcpy(missing, a.bone_node, sizeof missing);
        missing[PM_BONE_LEFT_FOOT] = -1;
        memset(fitted_a, 0x3c, sizeof fitted_a);
        CHECK_RESULT(pm_humanoid_fit_tpose(a.bone_node, a.parent, PM_BONE_COUNT, a.rest, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_humanoid_fit_tpose(NULL, a.parent, PM_BONE_COUNT, a.rest, fitted_a, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_humanoid_fit_tpose(a.bone_node, NULL, PM_BONE_COUNT, a.rest, fitted_a, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_humanoid_fit_tpose(a.bone_node, a.parent, PM_BONE_COUNT, NULL, fitted_a, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_humanoid_fit_tpose(missing, a.parent, PM_BONE_COUNT, a.rest, fitted_a, NULL), PM_ERROR_MISSING_BONE);
        CHECK(((const unsigned char *)fitted_a)[0] == 0x3c);
        CHECK_RESULT(pm_humanoid_fit_tpose(a.bone_node, a.parent, PM_BONE_COUNT, a.rest, fitted_a, NULL), PM_OK);
    }
    memset(&ha, 0, sizeof ha);
    CHECK_RESULT(pm_humanoid_init(&ha, a.bone_node, a.parent, PM_BONE_COUNT, fitted_a, NULL), PM_OK);
    if (ha.node_count == 0) return; /* failed, reported */
    CHECK_NEAR(ha.rest_hips[1], ht.rest_hips[1], 1e-5); /* grounded alike: toes on y = 0 */
    CHECK_RESULT(pm_retarget_init(&to_t, &ht, &ht), PM_OK);
    CHECK_RESULT(pm_retarget_init(&to_a, &ht, &ha), PM_OK);
    for (n = 0; n < 20; ++n) {
        pm_raw_pose raw, on_t, on_a;
        pm_transform pose_t[PM_BONE_COUNT], pose_a[PM_BONE_COUNT];
        random_raw_pose(&ht, &raw);
        for (k = 0; k < 3; ++k) raw.hips_translation[k] = fitted_t[PM_BONE_HIPS].translation[k] + 0.1f * random_unit();
        CHECK_RESULT(pm_retarget_apply(&to_t, &raw, &on_t), PM_OK);
        CHECK_RESULT(pm_retarget_apply(&to_a, &raw, &on_a), PM_OK);
        memcpy(pose_t, fitted_t, sizeof pose_t);
        memcpy(pose_a, fitted_a, sizeof pose_a);
        CHECK_RESULT(pm_pose_write(&ht, &on_t, pose_t), PM_OK);
        CHECK_RESULT(pm_pose_write(&ha, &on_a, pose_a), PM_OK);
        CHECK_RESULT(pm_scene_world_matrices(t.parent, PM_BONE_COUNT, pose_t, world_t), PM_OK);
        CHECK_RESULT(pm_scene_world_matrices(a.parent, PM_BONE_COUNT, pose_a, world_a), PM_OK);
        for (b = 0; b < PM_BONE_COUNT; ++b) {
            test_context("pose %d, %s", n, pm_bone_name((pm_bone)b));
            for (k = 0; k < 3; ++k) CHECK_NEAR(world_a[16 * b + 12 + k], world_t[16 * b + 12 + k], 1e-5);
        }
    }
    test_context("%s", "");
}

/* read, write, and the VRM 0.x half turn. */
void test_humanoid_read_write_turn(void)
{
    static rig r;
    pm_transform scene[MAX_RIG_NODES];
    pm_raw_pose raw, read_back;
    pm_normalized_pose normalized, turned, twice;
    int b, c, between = 0;
    CHECK_RESULT(load_rig(3, &r), PM_OK);
    memcpy(scene, r.rest, sizeof scene);
    random_raw_pose(&r.humanoid, &raw);
    CHECK_RESULT(pm_pose_write(&r.humanoid, &raw, scene), PM_OK);
    CHECK_RESULT(pm_pose_read(&r.humanoid, scene, &read_back), PM_OK);
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const int up = r.humanoid.parent_bone[b];
        if (up >= 0 && r.bone_node[b] >= 0 && r.parent[r.bone_node[b]] != r.bone_node[up]) {
            /* nodes between, at rest: folded in and out again, within float rounding of their rotations */
            double expected[4] = {raw.rotation[b][0], raw.rotation[b][1], raw.rotation[b][2], raw.rotation[b][3]};
            CHECK_NEAR(test_quat_diff(read_back.rotation[b], expected), 0.0, 4e-7);
            ++between;
            continue;
        }
        for (c = 0; c < 4; ++c) /* otherwise copied as they are */
            CHECK(read_back.rotation[b][c] == (r.bone_node[b] >= 0 ? raw.rotation[b][c] : (c == 3 ? 1.0f : 0.0f)));
    }
    CHECK(between > 0);
    CHECK(memcmp(read_back.hips_translation, raw.hips_translation, sizeof raw.hips_translation) == 0);
    CHECK(read_back.rig == r.humanoid.rig);
    /* nodes that are not bones keep their values */
    for (b = 0; b < r.node_count; ++b) {
        int is_bone = 0;
        for (c = 0; c < PM_BONE_COUNT; ++c) is_bone |= r.bone_node[c] == b;
        if (!is_bone) CHECK(memcmp(&scene[b], &r.rest[b], sizeof scene[b]) == 0);
    }
    /* the half turn, on a normalized pose: random numbers will do */
    memcpy(normalized.rotation, raw.rotation, sizeof normalized.rotation);
    memcpy(normalized.hips_position, raw.hips_translation, sizeof normalized.hips_position);
    CHECK_RESULT(pm_pose_turn_y180(&normalized, &turned), PM_OK);
    CHECK(turned.rotation[5][0] == -raw.rotation[5][0] && turned.rotation[5][1] == raw.rotation[5][1] &&
          turned.rotation[5][2] == -raw.rotation[5][2] && turned.rotation[5][3] == raw.rotation[5][3]);
    CHECK(turned.hips_position[0] == -normalized.hips_position[0] &&
          turned.hips_position[2] == -normalized.hips_position[2]);
    CHECK_RESULT(pm_pose_turn_y180(&turned, &twice), PM_OK);
    /* its own inverse (fields compared: the struct has padding) */
    CHECK(memcmp(twice.rotation, normalized.rotation, sizeof normalized.rotation) == 0);
    CHECK(memcmp(twice.hips_position, normalized.hips_position, sizeof normalized.hips_position) == 0);
    /* it is the conjugation by a half turn about Y: check one rotation with cglm */
    {
        versor half = {0.0f, 1.0f, 0.0f, 0.0f}, half_inv = {0.0f, -1.0f, 0.0f, 0.0f}, half_turned, expected;
        /* separate outputs: cglm's scalar glm_quat_mul (x87 -m32 builds) reads
           its inputs after writing dest */
        glm_quat_mul(half, raw.rotation[7], half_turned);
        glm_quat_mul(half_turned, half_inv, expected);
        for (c = 0; c < 4; ++c) CHECK_NEAR(turned.rotation[7][c], expected[c], 1e-7);
    }
}

void test_humanoid_bad_input(void)
{
    static rig r;
    pm_humanoid h, untouched;
    pm_raw_pose pose, out;
    pm_normalized_pose normalized, normalized_out;
    int bones[PM_BONE_COUNT], b, saved;
    CHECK_RESULT(load_rig(0, &r), PM_OK);
    memset(&untouched, 0x3c, sizeof untouched);
#define EXPECT_INIT(expected)                                                                   \
    do {                                                                                        \
        h = untouched;                                                                          \
        CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, r.rest, NULL), expected);   \
        CHECK(memcmp(&h, &untouched, sizeof h) == 0);                                           \
    } while (0)
    /* each required bone missing */
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        if (!pm_bone_required((pm_bone)b)) continue;
        memcpy(bones, r.bone_node, sizeof bones);
        bones[b] = -1;
        test_context("without %s", pm_bone_name((pm_bone)b));
        EXPECT_INIT(PM_ERROR_MISSING_BONE);
    }
    test_context("%s", "");
    memcpy(bones, r.bone_node, sizeof bones);
    bones[PM_BONE_HEAD] = r.node_count;
    EXPECT_INIT(PM_ERROR_OUT_OF_RANGE);
    bones[PM_BONE_HEAD] = -2;
    EXPECT_INIT(PM_ERROR_OUT_OF_RANGE);
    memcpy(bones, r.bone_node, sizeof bones);
    bones[PM_BONE_LEFT_HAND] = bones[PM_BONE_RIGHT_HAND];
    EXPECT_INIT(PM_ERROR_INVALID_ARGUMENT); /* two bones on one node */
    memcpy(bones, r.bone_node, sizeof bones);
    saved = bones[PM_BONE_LEFT_HAND];
    bones[PM_BONE_LEFT_HAND] = bones[PM_BONE_RIGHT_LOWER_ARM];
    bones[PM_BONE_RIGHT_LOWER_ARM] = saved; /* humanoid parents that are not scene ancestors */
    EXPECT_INIT(PM_ERROR_INVALID_ARGUMENT);
    memcpy(bones, r.bone_node, sizeof bones);
    saved = r.parent[bones[PM_BONE_HIPS]];
    r.parent[bones[PM_BONE_HIPS]] = bones[PM_BONE_HEAD];
    EXPECT_INIT(PM_ERROR_CYCLE);
    r.parent[bones[PM_BONE_HIPS]] = r.node_count + 5;
    EXPECT_INIT(PM_ERROR_OUT_OF_RANGE);
    r.parent[bones[PM_BONE_HIPS]] = saved;
    r.rest[bones[PM_BONE_SPINE]].rotation[0] = NAN;
    EXPECT_INIT(PM_ERROR_INVALID_ARGUMENT);
    r.rest[bones[PM_BONE_SPINE]].rotation[0] = 0.0f;
    r.rest[bones[PM_BONE_SPINE]].rotation[1] = 0.0f;
    r.rest[bones[PM_BONE_SPINE]].rotation[2] = 0.0f;
    r.rest[bones[PM_BONE_SPINE]].rotation[3] = 0.0f;
    EXPECT_INIT(PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(load_rig(0, &r), PM_OK);
    r.rest[bones[PM_BONE_SPINE]].translation[1] = INFINITY;
    EXPECT_INIT(PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(load_rig(0, &r), PM_OK);
    CHECK_RESULT(pm_humanoid_init(NULL, bones, r.parent, r.node_count, r.rest, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_humanoid_init(&h, NULL, r.parent, r.node_count, r.rest, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_humanoid_init(&h, bones, NULL, r.node_count, r.rest, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, -1, r.rest, NULL), PM_ERROR_INVALID_ARGUMENT);
#undef EXPECT_INIT

    /* poses */
    random_raw_pose(&r.humanoid, &pose);
    memset(&normalized_out, 0x3c, sizeof normalized_out);
    CHECK_RESULT(pm_pose_normalize(NULL, &pose, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize(&r.humanoid, NULL, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize(&r.humanoid, &pose, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_normalize(&r.humanoid, &pose, &normalized), PM_OK);
    CHECK_RESULT(pm_pose_denormalize(&r.humanoid, &normalized, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_denormalize(&r.humanoid, NULL, &out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_denormalize(NULL, &normalized, &out), PM_ERROR_INVALID_ARGUMENT);
    glm_quat_init(pose.rotation[PM_BONE_SPINE], 0.0f, 0.0f, 0.0f, 0.0f);
    CHECK_RESULT(pm_pose_normalize(&r.humanoid, &pose, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
    normalized.rotation[PM_BONE_SPINE][3] = NAN;
    memset(&out, 0x3c, sizeof out);
    CHECK_RESULT(pm_pose_denormalize(&r.humanoid, &normalized, &out), PM_ERROR_INVALID_ARGUMENT);
    CHECK(((const unsigned char *)&out)[0] == 0x3c); /* untouched on error */
    random_raw_pose(&r.humanoid, &pose);
    pose.hips_translation[1] = INFINITY;
    CHECK_RESULT(pm_pose_normalize(&r.humanoid, &pose, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
    {
        pm_normalized_pose sentinel;
        memset(&sentinel, 0x3c, sizeof sentinel);
        CHECK(memcmp(&normalized_out, &sentinel, sizeof normalized_out) == 0); /* untouched on error */
    }
    /* an absent bone's entry is ignored, whatever it holds */
    random_raw_pose(&r.humanoid, &pose);
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (r.bone_node[b] < 0) glm_quat_init(pose.rotation[b], NAN, 0.0f, 0.0f, 0.0f);
    CHECK_RESULT(pm_pose_normalize(&r.humanoid, &pose, &normalized_out), PM_OK);
    /* rest hips height <= 0: init says so (a BVH root at the origin), and so
       does a retarget given a humanoid changed after init */
    {
        static rig low;
        pm_humanoid not_written;
        int root;
        low = r;
        for (root = low.bone_node[PM_BONE_HIPS]; low.parent[root] >= 0; root = low.parent[root]) continue;
        low.rest[root].translation[1] -= 100.0f; /* the fixture rigs' sizes are about 1 */
        memset(&not_written, 0x3c, sizeof not_written);
        CHECK_RESULT(pm_humanoid_init(&not_written, low.bone_node, low.parent, low.node_count, low.rest, NULL), PM_ERROR_HIPS_HEIGHT);
        CHECK(((const unsigned char *)&not_written)[0] == 0x3c);
        low = r;
        low.humanoid.rest_hips[1] = 0.0f;
        random_raw_pose(&r.humanoid, &pose);
        CHECK_RESULT(pm_retarget_once(&low.humanoid, &pose, &r.humanoid, &out), PM_ERROR_HIPS_HEIGHT);
        CHECK_RESULT(pm_retarget_once(&r.humanoid, &pose, &low.humanoid, &out), PM_ERROR_HIPS_HEIGHT);
        low.humanoid.rest_hips[1] = -1.0f;
        CHECK_RESULT(pm_retarget_once(&r.humanoid, &pose, &low.humanoid, &out), PM_ERROR_HIPS_HEIGHT);
        CHECK_RESULT(pm_retarget_once(NULL, &pose, &r.humanoid, &out), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_once(&r.humanoid, NULL, &r.humanoid, &out), PM_ERROR_INVALID_ARGUMENT);
    }
    /* worked out once: NULLs, and a rotation whose squared length is not a
       normal float (0; 1e-20 squares to 1e-40, below FLT_MIN; 1e20 to 1e40,
       past FLT_MAX; Inf; NaN) */
    {
        static pm_retarget prepared;
        static const float scales[] = {0.0f, 1e-20f, 1e20f, INFINITY, NAN};
        pm_raw_pose scaled, reference;
        double expected[4];
        size_t k;
        int bone, c;
        CHECK_RESULT(pm_retarget_init(NULL, &r.humanoid, &r.humanoid), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_init(&prepared, NULL, &r.humanoid), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_init(&prepared, &r.humanoid, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_init(&prepared, &r.humanoid, &r.humanoid), PM_OK);
        random_raw_pose(&r.humanoid, &pose);
        CHECK_RESULT(pm_retarget_apply(NULL, &pose, &out), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_apply(&prepared, NULL, &out), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_apply(&prepared, &pose, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_retarget_apply(&prepared, &pose, &reference), PM_OK);
        for (bone = PM_BONE_COUNT - 1; r.bone_node[bone] < 0; --bone) continue; /* the last bone the rig has */
        for (k = 0; k < sizeof scales / sizeof scales[0]; ++k) {
            scaled = pose;
            glm_vec4_scale(scaled.rotation[bone], scales[k], scaled.rotation[bone]);
            memset(&out, 0x3c, sizeof out);
            test_context("rotation times %g", (double)scales[k]);
            CHECK_RESULT(pm_retarget_apply(&prepared, &scaled, &out), PM_ERROR_INVALID_ARGUMENT);
            CHECK(((const unsigned char *)&out)[0] == 0x3c); /* untouched */
        }
        test_context("%s", "");
        scaled = pose; /* a scale whose square is a normal float: the same pose */
        glm_vec4_scale(scaled.rotation[bone], 1e-15f, scaled.rotation[bone]);
        CHECK_RESULT(pm_retarget_apply(&prepared, &scaled, &out), PM_OK);
        for (c = 0; c < 4; ++c) expected[c] = reference.rotation[bone][c];
        CHECK_NEAR(test_quat_diff(out.rotation[bone], expected), 0.0, 1e-6);
    }
    CHECK_RESULT(pm_pose_read(NULL, r.rest, &out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_read(&r.humanoid, NULL, &out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_write(&r.humanoid, NULL, r.rest), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_write(&r.humanoid, &pose, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_turn_y180(NULL, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pose_turn_y180(&normalized, NULL), PM_ERROR_INVALID_ARGUMENT);
    /* NaN and zero rotations, non-finite hips: errors, and nothing written
       (these wrote NaN into the scene before) */
    {
        static pm_transform scene[MAX_RIG_NODES], before[MAX_RIG_NODES];
        int bad;
        for (bad = 0; bad < 4; ++bad) {
            random_raw_pose(&r.humanoid, &pose);
            memcpy(scene, r.rest, sizeof(pm_transform) * (size_t)r.node_count);
            if (bad == 0) glm_quat_init(pose.rotation[PM_BONE_SPINE], NAN, 0.0f, 0.0f, 1.0f);
            if (bad == 1) glm_quat_init(pose.rotation[PM_BONE_HEAD], 0.0f, 0.0f, 0.0f, 0.0f);
            if (bad == 2) pose.hips_translation[0] = INFINITY;
            if (bad == 3) pose.hips_translation[2] = NAN;
            test_context("bad pose %d", bad);
            memcpy(before, scene, sizeof scene);
            CHECK_RESULT(pm_pose_write(&r.humanoid, &pose, scene), PM_ERROR_INVALID_ARGUMENT);
            CHECK(memcmp(before, scene, sizeof scene) == 0);
            memcpy(normalized.rotation, pose.rotation, sizeof normalized.rotation);
            memcpy(normalized.hips_position, pose.hips_translation, sizeof normalized.hips_position);
            memset(&normalized_out, 0x3c, sizeof normalized_out);
            CHECK_RESULT(pm_pose_turn_y180(&normalized, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
            CHECK(((const unsigned char *)&normalized_out)[0] == 0x3c);
            /* the same values in a scene: read rejects them */
            memcpy(scene, r.rest, sizeof(pm_transform) * (size_t)r.node_count);
            if (bad == 0) glm_quat_init(scene[r.bone_node[PM_BONE_SPINE]].rotation, NAN, 0.0f, 0.0f, 1.0f);
            if (bad == 1) glm_quat_init(scene[r.bone_node[PM_BONE_HEAD]].rotation, 0.0f, 0.0f, 0.0f, 0.0f);
            if (bad == 2) scene[r.bone_node[PM_BONE_HIPS]].translation[0] = INFINITY;
            if (bad == 3) scene[r.bone_node[PM_BONE_HIPS]].translation[2] = NAN;
            CHECK_RESULT(pm_pose_read(&r.humanoid, scene, &out), PM_ERROR_INVALID_ARGUMENT);
        }
        test_context("%s", "");
        /* four -0 have no direction; 1e-30 has one (its square is 0 in float, 1e-60 in double) */
        random_raw_pose(&r.humanoid, &pose);
        memcpy(normalized.rotation, pose.rotation, sizeof normalized.rotation);
        memcpy(normalized.hips_position, pose.hips_translation, sizeof normalized.hips_position);
        glm_quat_init(normalized.rotation[PM_BONE_HEAD], -0.0f, -0.0f, -0.0f, -0.0f);
        CHECK_RESULT(pm_pose_turn_y180(&normalized, &normalized_out), PM_ERROR_INVALID_ARGUMENT);
        glm_quat_init(pose.rotation[PM_BONE_HEAD], -0.0f, -0.0f, -0.0f, -0.0f);
        CHECK_RESULT(pm_pose_write(&r.humanoid, &pose, scene), PM_ERROR_INVALID_ARGUMENT);
        glm_quat_init(normalized.rotation[PM_BONE_HEAD], 0.0f, 1e-30f, 0.0f, 0.0f);
        CHECK_RESULT(pm_pose_turn_y180(&normalized, &normalized_out), PM_OK);
        CHECK(normalized_out.rotation[PM_BONE_HEAD][1] == 1e-30f);
        glm_quat_init(pose.rotation[PM_BONE_HEAD], 0.0f, 1e-30f, 0.0f, 0.0f);
        CHECK_RESULT(pm_pose_write(&r.humanoid, &pose, scene), PM_OK);
    }
    /* finite scales that multiply past float above the hips: 1e20 twice */
    {
        static rig big;
        int up, upup;
        big = r;
        up = big.parent[big.bone_node[PM_BONE_HIPS]];
        upup = up >= 0 ? big.parent[up] : -1;
        CHECK(upup >= 0); /* the fixture's rig 0 has two nodes above its hips */
        if (upup >= 0) {
            glm_vec3_fill(big.rest[up].scale, 1e20f);
            CHECK_RESULT(pm_humanoid_init(&big.humanoid, big.bone_node, big.parent, big.node_count, big.rest, NULL), PM_OK);
            glm_vec3_fill(big.rest[upup].scale, 1e20f);
            CHECK_RESULT(pm_humanoid_init(&big.humanoid, big.bone_node, big.parent, big.node_count, big.rest, NULL),
                         PM_ERROR_INVALID_ARGUMENT);
        }
    }
}

/* The alignment rule: int and float arrays need only their element's
   alignment (bone_node and parent 4 bytes past a 16-byte boundary give the
   same humanoid and poses); structs are used as their type. */
void test_humanoid_misaligned(void)
{
    static rig r;
    static int bytes[2 * (PM_BONE_COUNT + MAX_RIG_NODES) + 8];
    int *bone_node = bytes + 1, *parent = bytes + 2 + PM_BONE_COUNT;
    pm_humanoid h;
    pm_raw_pose raw_aligned, raw_offset;
    CHECK_RESULT(load_rig(5, &r), PM_OK);
    memcpy(bone_node, r.bone_node, sizeof r.bone_node);
    memcpy(parent, r.parent, sizeof(int) * (size_t)r.node_count);
    CHECK_RESULT(pm_humanoid_init(&h, bone_node, parent, r.node_count, r.rest, NULL), PM_OK);
    CHECK(h.rig == r.humanoid.rig);
    CHECK(memcmp(h.rest_world, r.humanoid.rest_world, sizeof h.rest_world) == 0);
    CHECK_RESULT(pm_pose_read(&h, r.rest, &raw_offset), PM_OK);
    CHECK_RESULT(pm_pose_read(&r.humanoid, r.rest, &raw_aligned), PM_OK);
    CHECK(memcmp(raw_offset.rotation, raw_aligned.rotation, sizeof raw_aligned.rotation) == 0);
}

/* Which bone, which node: the report of init and of the fit names them. A
   pose, humanoid or retarget of another rig is PM_ERROR_WRONG_RIG: a
   retarget built the wrong way round, a raw pose written with the other
   rig's humanoid. */
void test_humanoid_reports(void)
{
    static rig r, other;
    pm_humanoid h;
    pm_humanoid_report report;
    pm_retarget forward;
    pm_raw_pose raw, moved;
    pm_normalized_pose normalized;
    pm_transform scene[MAX_RIG_NODES];
    int bones[PM_BONE_COUNT], saved;
    CHECK_RESULT(load_rig(0, &r), PM_OK);
    CHECK_RESULT(load_rig(1, &other), PM_OK);
    memcpy(bones, r.bone_node, sizeof bones);
    bones[PM_BONE_LEFT_LOWER_LEG] = -1;
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, r.rest, &report), PM_ERROR_MISSING_BONE);
    CHECK(report.bone == PM_BONE_LEFT_LOWER_LEG && report.node == -1 && report.message &&
          strcmp(report.message, "required bone missing") == 0);
    CHECK_RESULT(pm_humanoid_fit_tpose(bones, r.parent, r.node_count, r.rest, scene, &report), PM_ERROR_MISSING_BONE);
    CHECK(report.bone == PM_BONE_LEFT_LOWER_LEG);
    memcpy(bones, r.bone_node, sizeof bones);
    bones[PM_BONE_RIGHT_HAND] = bones[PM_BONE_LEFT_HAND];
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, r.rest, &report), PM_ERROR_INVALID_ARGUMENT);
    CHECK(report.bone == PM_BONE_RIGHT_HAND && report.node == bones[PM_BONE_LEFT_HAND] && report.message &&
          strcmp(report.message, "two bones on one node") == 0);
    memcpy(bones, r.bone_node, sizeof bones);
    saved = r.parent[bones[PM_BONE_SPINE]];
    r.parent[bones[PM_BONE_SPINE]] = bones[PM_BONE_HEAD]; /* a loop: spine under head under spine */
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, r.rest, &report), PM_ERROR_CYCLE);
    CHECK(report.bone >= 0 && report.message && strstr(report.message, "loop") != NULL);
    r.parent[bones[PM_BONE_SPINE]] = r.node_count + 3;
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, r.rest, &report), PM_ERROR_OUT_OF_RANGE);
    CHECK(report.bone == -1 && report.node == bones[PM_BONE_SPINE]);
    r.parent[bones[PM_BONE_SPINE]] = saved;
    saved = bones[PM_BONE_LEFT_HAND]; /* a hand under the other arm */
    bones[PM_BONE_LEFT_HAND] = bones[PM_BONE_RIGHT_HAND];
    bones[PM_BONE_RIGHT_HAND] = saved;
    CHECK_RESULT(pm_humanoid_init(&h, bones, r.parent, r.node_count, r.rest, &report), PM_ERROR_INVALID_ARGUMENT);
    CHECK(report.bone == PM_BONE_LEFT_HAND && report.message && strstr(report.message, "not below") != NULL);
    CHECK_RESULT(pm_humanoid_init(&h, r.bone_node, r.parent, r.node_count, r.rest, &report), PM_OK);
    CHECK(report.message == NULL && report.bone == -1 && report.node == -1);

    /* another rig's pose */
    CHECK(r.humanoid.rig != other.humanoid.rig);
    memcpy(scene, r.rest, sizeof(pm_transform) * (size_t)r.node_count);
    CHECK_RESULT(pm_pose_read(&r.humanoid, scene, &raw), PM_OK);
    CHECK_RESULT(pm_pose_write(&other.humanoid, &raw, scene), PM_ERROR_WRONG_RIG);
    CHECK_RESULT(pm_pose_normalize(&other.humanoid, &raw, &normalized), PM_ERROR_WRONG_RIG);
    CHECK_RESULT(pm_retarget_init(&forward, &r.humanoid, &other.humanoid), PM_OK);
    CHECK_RESULT(pm_retarget_apply(&forward, &raw, &moved), PM_OK);
    CHECK(moved.rig == other.humanoid.rig);
    CHECK_RESULT(pm_retarget_apply(&forward, &moved, &raw), PM_ERROR_WRONG_RIG); /* the wrong way round */
    CHECK_RESULT(pm_retarget_once(&other.humanoid, &raw, &r.humanoid, &moved), PM_ERROR_WRONG_RIG);
    raw.rig = 0; /* made by hand without the rig */
    CHECK_RESULT(pm_pose_write(&r.humanoid, &raw, scene), PM_ERROR_WRONG_RIG);
    CHECK(strcmp(pm_result_string(PM_ERROR_WRONG_RIG), "pose or retarget of another rig") == 0);
}

/* The humanoid maps of the real VRM 1.0 samples (their own "VRMC_vrm"
   text, read from ../shared) and of VRM 0.x objects with the same bones, as
   three-vrm's VRMHumanoidLoaderPlugin reads them (exact node indices). */
void test_humanoid_map_matches_threevrm(void)
{
    int n, b, read = 0;
    for (n = 0; n < HUMANOID_MAP_CASES; ++n) {
        const struct humanoid_map_case *hc = &humanoid_map_cases[n];
        char path[256];
        unsigned char *glb;
        size_t size;
        const char *begin, *end;
        int bone_node[PM_BONE_COUNT];
        pm_parse_error error;
        test_context("%s", hc->file);
        CHECK_RESULT(pm_humanoid_map_parse_json(hc->vrm0_json, strlen(hc->vrm0_json), hc->node_count, bone_node, &error),
                     PM_OK);
        for (b = 0; b < PM_BONE_COUNT; ++b) CHECK(bone_node[b] == hc->vrm0_bone_node[b]);
        snprintf(path, sizeof path, "../shared/data/vrm-samples/%s", hc->file);
        if (!(glb = read_file(path, &size))) continue; /* ../shared absent: the 0.x half is still checked */
        CHECK(test_glb_extension(glb, size, "\"VRMC_vrm\"", &begin, &end));
        if (test_glb_extension(glb, size, "\"VRMC_vrm\"", &begin, &end)) {
            CHECK_RESULT(pm_humanoid_map_parse_json(begin, (size_t)(end - begin), hc->node_count, bone_node, &error),
                         PM_OK);
            for (b = 0; b < PM_BONE_COUNT; ++b) CHECK(bone_node[b] == hc->bone_node[b]);
            ++read;
        }
        free(glb);
    }
    test_context("%s", "");
    if (!read) printf("    (../shared/data/vrm-samples absent: the VRM 1.0 files skipped)\n");
}

/* Every malformed map is PM_ERROR_PARSE at the right byte, with bone_node untouched. */
void test_humanoid_map_errors(void)
{
    static const struct { const char *json; size_t offset; const char *message; } cases[] = {
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":0},\"tail\":{\"node\":1}}}}", 45,
         "an unknown human bone name"},
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":0},\"hips\":{\"node\":1}}}}", 45,
         "a human bone named twice"},
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":4}}}}", 42,
         "\"node\" must be a node index: a whole number from 0 to the node count - 1"},
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":1.5}}}}", 42,
         "\"node\" must be a node index: a whole number from 0 to the node count - 1"},
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":-1}}}}", 42,
         "\"node\" must be a node index: a whole number from 0 to the node count - 1"},
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{}}}}", 27, "a human bone without \"node\""},
        {"{\"humanoid\":{\"humanBones\":{\"leftThumbIntermediate\":{\"node\":0}}}}", 27,
         "an unknown human bone name"},
        {"{\"humanoid\":{\"humanBones\":[{\"bone\":\"leftThumbMetacarpal\",\"node\":0}]}}", 35,
         "an unknown human bone name"},
        {"{\"humanoid\":{\"humanBones\":[{\"node\":0}]}}", 27, "a human bone without \"bone\""},
        {"{\"humanoid\":{\"humanBones\":[{\"bone\":\"hips\",\"node\":-2}]}}", 49,
         "\"node\" must be a node index: a whole number from 0 to the node count - 1"},
        {"{\"humanoid\":{\"humanBones\":[{\"bone\":\"hips\",\"node\":0},{\"bone\":\"hips\",\"node\":1}]}}", 60,
         "a human bone named twice"},
        {"{\"humanoid\":{\"humanBones\":7}}", 26, "\"humanBones\" must be an object (VRM 1.0) or an array (0.x)"},
        {"{\"meta\":{}}", 0, "no \"humanoid\""},
        {"{\"humanoid\":{}}", 0, "no \"humanoid\": \"humanBones\""},
        {"{\"humanoid\":{\"humanBones\":{}}} x", 31, "text after the object"},
        {"{\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":0}}", 45, "expected ',' or '}'"},
        {"[]", 0, "expected an object"},
    };
    int bone_node[PM_BONE_COUNT], b;
    size_t i;
    pm_parse_error error;
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        test_context("case %d: %s", (int)i, cases[i].json);
        for (b = 0; b < PM_BONE_COUNT; ++b) bone_node[b] = 77;
        CHECK_RESULT(pm_humanoid_map_parse_json(cases[i].json, strlen(cases[i].json), 3, bone_node, &error),
                     PM_ERROR_PARSE);
        CHECK(error.offset == cases[i].offset);
        CHECK(error.message && strcmp(error.message, cases[i].message) == 0);
        if (error.offset != cases[i].offset || !error.message || strcmp(error.message, cases[i].message) != 0)
            printf("    got %d: %s\n", (int)error.offset, error.message ? error.message : "(null)");
        for (b = 0; b < PM_BONE_COUNT; ++b) CHECK(bone_node[b] == 77);
    }
    test_context("%s", "");
    /* what is fine: escapes in names, other members, 0.x's -1 for an unassigned bone */
    {
        const char *good = "{\"specVersion\":\"1.0\",\"humanoid\":{\"humanBones\":{\"h\\u0069ps\":{\"node\":2,"
                           "\"extras\":[1,{}]},\"head\":{\"node\":0}}},\"meta\":{\"name\":\"x\"}}";
        const char *v0 = "{\"humanoid\":{\"humanBones\":[{\"bone\":\"hips\",\"node\":1},{\"bone\":\"jaw\",\"node\":-1},"
                         "{\"bone\":\"leftThumbIntermediate\",\"node\":2}]}}";
        CHECK_RESULT(pm_humanoid_map_parse_json(good, strlen(good), 3, bone_node, NULL), PM_OK);
        CHECK(bone_node[PM_BONE_HIPS] == 2 && bone_node[PM_BONE_HEAD] == 0 && bone_node[PM_BONE_SPINE] == -1);
        CHECK_RESULT(pm_humanoid_map_parse_json(v0, strlen(v0), 3, bone_node, &error), PM_OK);
        CHECK(error.message == NULL);
        CHECK(bone_node[PM_BONE_HIPS] == 1 && bone_node[PM_BONE_JAW] == -1 &&
              bone_node[PM_BONE_LEFT_THUMB_PROXIMAL] == 2);
        /* the text is read up to length, never further */
        CHECK_RESULT(pm_humanoid_map_parse_json(good, strlen(good) - 1, 3, bone_node, NULL), PM_ERROR_PARSE);
    }
    CHECK_RESULT(pm_humanoid_map_parse_json(NULL, 2, 3, bone_node, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_humanoid_map_parse_json("{}", 2, 3, NULL, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_humanoid_map_parse_json("{}", 2, -1, bone_node, &error), PM_ERROR_INVALID_ARGUMENT);
}
