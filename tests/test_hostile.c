/* Hostile sizes: a glTF may declare a million nodes in one chain. Every
   scene function must finish such a scene in one pass (the checks below are
   exact: depths, world positions, evaluation orders), or stop at its
   documented limit with PM_ERROR_LIMIT, and never loop on a parent array
   that gained a loop. `make test` runs these in every configuration,
   sanitizers and -O0 included; an O(nodes x depth) walk would take hours. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

enum { CHAIN = 1000000 };

/* A chain of n nodes, each one unit above its parent along +Y, listed root
   first (parent[i] = i - 1) or leaf first (parent[i] = i + 1). */
static void make_chain(int *parent, pm_transform *pose, int n, int leaf_first)
{
    int i;
    for (i = 0; i < n; ++i) {
        parent[i] = leaf_first ? (i + 1 < n ? i + 1 : -1) : i - 1;
        if (!pose) continue;
        memset(&pose[i], 0, sizeof pose[i]);
        pose[i].translation[1] = 1.0f;
        pose[i].rotation[3] = 1.0f;
        glm_vec3_one(pose[i].scale);
    }
}

void test_hostile_scene_chain(void)
{
    int *parent = (int *)malloc(CHAIN * sizeof(int)), *depth = (int *)malloc(CHAIN * sizeof(int));
    pm_transform *pose = (pm_transform *)malloc(CHAIN * sizeof(pm_transform));
    float *world = (float *)malloc((size_t)CHAIN * 16 * sizeof(float));
    int leaf_first, i, wrong;
    if (!parent || !depth || !pose || !world) {
        test_fail(__FILE__, __LINE__, "out of memory");
        free(parent), free(depth), free(pose), free(world);
        return;
    }
    for (leaf_first = 0; leaf_first < 2; ++leaf_first) {
        test_context("chain of %d nodes, %s first", CHAIN, leaf_first ? "leaf" : "root");
        make_chain(parent, pose, CHAIN, leaf_first);
        CHECK_RESULT(pm_scene_validate(parent, CHAIN, depth), PM_OK);
        for (i = 0, wrong = 0; i < CHAIN; ++i) wrong += depth[i] != (leaf_first ? CHAIN - 1 - i : i);
        CHECK(wrong == 0);
        /* world y of a node = its depth + 1, exact in float below 2^24 */
        CHECK_RESULT(pm_scene_world_matrices(parent, CHAIN, pose, world), PM_OK);
        for (i = 0, wrong = 0; i < CHAIN; ++i)
            wrong += world[(size_t)i * 16 + 13] != (float)(depth[i] + 1) || world[(size_t)i * 16 + 15] != 1.0f;
        CHECK(wrong == 0);
        /* the root made the child of the leaf: one loop through every node */
        parent[leaf_first ? CHAIN - 1 : 0] = leaf_first ? 0 : CHAIN - 1;
        CHECK_RESULT(pm_scene_validate(parent, CHAIN, depth), PM_ERROR_CYCLE);
        CHECK_RESULT(pm_scene_world_matrices(parent, CHAIN, pose, world), PM_ERROR_CYCLE);
        /* a two-node loop hanging below the chain */
        make_chain(parent, NULL, CHAIN, leaf_first);
        parent[CHAIN / 2] = CHAIN / 2 + 1;
        parent[CHAIN / 2 + 1] = CHAIN / 2;
        CHECK_RESULT(pm_scene_validate(parent, CHAIN, depth), PM_ERROR_CYCLE);
    }
    test_context("%s", "");
    free(parent), free(depth), free(pose), free(world);
}

/* A humanoid whose 15 required bones hang below a chain of CHAIN nodes,
   with another long chain between hips and spine. */
void test_hostile_humanoid_chain(void)
{
    static const int required[15] = {
        PM_BONE_HIPS, PM_BONE_SPINE, PM_BONE_HEAD, PM_BONE_LEFT_UPPER_LEG, PM_BONE_LEFT_LOWER_LEG,
        PM_BONE_LEFT_FOOT, PM_BONE_RIGHT_UPPER_LEG, PM_BONE_RIGHT_LOWER_LEG, PM_BONE_RIGHT_FOOT,
        PM_BONE_LEFT_UPPER_ARM, PM_BONE_LEFT_LOWER_ARM, PM_BONE_LEFT_HAND, PM_BONE_RIGHT_UPPER_ARM,
        PM_BONE_RIGHT_LOWER_ARM, PM_BONE_RIGHT_HAND};
    const int n = CHAIN + 15, between = CHAIN / 2; /* nodes 0..between-1 above hips, the rest below */
    int *parent = (int *)malloc((size_t)n * sizeof(int)), bone_node[PM_BONE_COUNT], k;
    pm_transform *pose = (pm_transform *)malloc((size_t)n * sizeof(pm_transform));
    static pm_humanoid h;
    static pm_raw_pose raw, same;
    if (!parent || !pose) {
        test_fail(__FILE__, __LINE__, "out of memory");
        free(parent), free(pose);
        return;
    }
    make_chain(parent, pose, n, 0);
    for (k = 0; k < PM_BONE_COUNT; ++k) bone_node[k] = -1;
    /* hips at node `between`, spine at the chain's end, each further bone
       one node below its humanoid parent */
    bone_node[PM_BONE_HIPS] = between;
    for (k = 1; k < 15; ++k) {
        int b = required[k], up = pm_bone_parent((pm_bone)b);
        while (up >= 0 && bone_node[up] < 0) up = pm_bone_parent((pm_bone)up);
        bone_node[b] = CHAIN + k;
        parent[CHAIN + k] = b == PM_BONE_SPINE ? CHAIN - 1 : bone_node[up];
    }
    CHECK_RESULT(pm_humanoid_init(&h, bone_node, parent, n, pose, NULL), PM_OK);
    CHECK_NEAR(h.rest_hips[1], between + 1, 0.0); /* exact */
    CHECK_RESULT(pm_pose_read(&h, pose, &raw), PM_OK);
    CHECK_RESULT(pm_retarget_once(&h, &raw, &h, &same), PM_OK);
    for (k = 0; k < 15; ++k) CHECK_NEAR(same.rotation[required[k]][3], 1.0, 1e-6);
    /* fitting to the T-pose walks the same chains once more, in place */
    CHECK_RESULT(pm_humanoid_fit_tpose(bone_node, parent, n, pose, pose, NULL), PM_OK);
    /* a loop above the hips, then one between hips and spine */
    parent[0] = between - 1;
    CHECK_RESULT(pm_humanoid_init(&h, bone_node, parent, n, pose, NULL), PM_ERROR_CYCLE);
    parent[0] = -1;
    parent[between + 1] = CHAIN - 1;
    CHECK_RESULT(pm_humanoid_init(&h, bone_node, parent, n, pose, NULL), PM_ERROR_CYCLE);
    free(parent), free(pose);
}

/* Constraints on a chain of CHAIN nodes: roll constraints on every node,
   each reading the one above (an evaluation order CHAIN deep), and aim
   constraints, whose walks to the root are limited. */
void test_hostile_constraint_chain(void)
{
    int *parent = (int *)malloc(CHAIN * sizeof(int)), *order = (int *)malloc(CHAIN * sizeof(int)), i, wrong;
    pm_transform *pose = (pm_transform *)malloc(CHAIN * sizeof(pm_transform));
    pm_constraint *constraints = (pm_constraint *)malloc(CHAIN * sizeof(pm_constraint));
    pm_constraint_rest *rest = (pm_constraint_rest *)malloc(CHAIN * sizeof(pm_constraint_rest));
    pm_constraint_set set;
    if (!parent || !order || !pose || !constraints || !rest) {
        test_fail(__FILE__, __LINE__, "out of memory");
        free(parent), free(order), free(pose), free(constraints), free(rest);
        return;
    }
    make_chain(parent, pose, CHAIN, 1); /* leaf first: node i's parent is i + 1 */
    for (i = 0; i < CHAIN - 1; ++i) { /* node i rolls with node i + 1 */
        constraints[i].type = PM_CONSTRAINT_ROLL;
        constraints[i].destination = i;
        constraints[i].source = i + 1;
        constraints[i].axis = PM_AXIS_POSITIVE_Y;
        constraints[i].weight = 1.0f;
    }
    memset(&set, 0, sizeof set);
    set.constraints = constraints;
    set.count = CHAIN - 1;
    set.parent = parent;
    set.node_count = CHAIN;
    set.rest = rest;
    set.order = order;
    test_context("%s", "rolls");
    CHECK_RESULT(pm_constraint_set_init(&set, pose), PM_OK);
    for (i = 0, wrong = 0; i < CHAIN - 1; ++i) wrong += order[i] != CHAIN - 2 - i; /* the root's child first */
    CHECK(wrong == 0);
    glm_quat(pose[CHAIN - 1].rotation, 0.5f, 0.0f, 1.0f, 0.0f); /* turn the root: every node follows */
    CHECK_RESULT(pm_constraint_set_apply(&set, pose), PM_OK);
    {
        const double turn[4] = {0.0, 0.24740396, 0.0, 0.96891242}; /* 0.5 rad about Y */
        for (i = 0, wrong = 0; i < CHAIN - 1; ++i) wrong += test_quat_diff(pose[i].rotation, turn) > 1e-6;
        CHECK(wrong == 0);
    }

    /* aims at the leaf end: each walks both its nodes' chains, about CHAIN
       nodes each; the limit, 4 x CHAIN + 16384 in all, takes two */
    for (i = 0; i < 3; ++i) {
        constraints[i].type = PM_CONSTRAINT_AIM;
        constraints[i].destination = 2 * i;
        constraints[i].source = 2 * i + 1;
        constraints[i].axis = PM_AXIS_POSITIVE_X;
        constraints[i].weight = 1.0f;
    }
    set.count = 2;
    test_context("%s", "two aims");
    CHECK_RESULT(pm_constraint_set_init(&set, pose), PM_OK);
    CHECK_RESULT(pm_constraint_set_apply(&set, pose), PM_OK);
    set.count = 3;
    test_context("%s", "three aims");
    CHECK_RESULT(pm_constraint_set_init(&set, pose), PM_ERROR_LIMIT);
    /* a loop made after init: apply's walks end */
    set.count = 2;
    test_context("%s", "a loop after init");
    CHECK_RESULT(pm_constraint_set_init(&set, pose), PM_OK);
    parent[CHAIN - 1] = 7;
    CHECK_RESULT(pm_constraint_set_apply(&set, pose), PM_ERROR_CYCLE);
    parent[CHAIN - 1] = -1;
    parent[3] = 2; /* a two-node loop at the leaf end */
    CHECK_RESULT(pm_constraint_set_apply(&set, pose), PM_ERROR_CYCLE);
    test_context("%s", "");
    free(parent), free(order), free(pose), free(constraints), free(rest);
}
