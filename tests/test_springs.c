/* VRM spring bones: generated scenes against three-vrm 3.5.5 (every
   collider shape, inside ones included, a center node, rotated and scaled
   parents, colliders on another spring's joints, VRM 0.x's leaf tails and
   branching subtrees, a root that walks, turns and hops), exact
   properties, and bad input.

   The reference measures each bone's length with its child where the node
   now is, as posemath does (tests/gen/springbone_threevrm.mjs); three-vrm's
   own rule, the child's world matrix of the step before, moves these
   joints by 5.8e-4 to 3.9e-2 m. Tolerance: 1e-4 m for world positions and
   1e-3 rad for local rotations, the agreement asked of a VRM runtime here,
   which that rule fails. three-vrm computes in double, posemath's step in
   float: about 25 roundings of a tail's coordinates a step (below), 3e-6 m
   within 2 m of the origin, which the springs' drag damps. */
#include "test.h"
#include "finite_bits.h"

/* How far the float step can move a tail from exact arithmetic, for
   coordinates within `reach` metres of the origin and chains of `joints`:
   each step rounds a tail about 25 times (the head placed under its
   parent, inertia, stiffness and gravity, the normalize and the bone's
   length, each reciprocal square root's Newton step within 2.0e-7 counted
   as 4), 2^-24 of the coordinates each; inertia carries an error on for
   1 / drag <= 5 steps (drag 0.2 or more where this is used), and each
   joint of a chain adds its head's error to its tail's. */
#define SPRING_STEP_ERROR(reach, joints) (25.0 * 5.0 * (joints) * 5.9604644775390625e-8 * (reach))

#include <string.h>

#include "../examples/read_file.h"
#include "fixtures/springbone_threevrm.h"
/* A joint as three-vrm's loader made it: node, child node (-1: none),
   settings and the colliders it collides with (node, pm_collider_shape,
   offset, radius, tail, normal). */
struct loader_joint {
    int node, child;
    float hit_radius, stiffness, gravity_power, gravity_dir[3], drag_force;
    int collider_count;
    float colliders[8][12];
};
#include "fixtures/springs_godette_threevrm.h"
#include "fixtures/springs_json_threevrm.h"

enum { MAX_NODES = 32, MAX_JOINTS = 32, MAX_COLLIDERS = 8, MAX_GROUPS = 4, MAX_SPRINGS = 4 };

typedef struct spring_case {
    int parent[MAX_NODES];
    pm_transform rest[MAX_NODES], pose[MAX_NODES];
    float world[16 * MAX_NODES];
    pm_spring_collider colliders[MAX_COLLIDERS];
    int group_colliders[MAX_COLLIDERS * MAX_GROUPS];
    pm_spring_collider_group groups[MAX_GROUPS];
    int spring_groups[MAX_GROUPS * MAX_SPRINGS];
    pm_spring_joint joints[MAX_JOINTS];
    pm_spring springs[MAX_SPRINGS];
    pm_spring_joint_state state[MAX_JOINTS];
    int work[PM_SPRING_WORK_INTS(MAX_NODES, MAX_JOINTS)];
    float lanes[PM_SPRING_LANE_FLOATS(MAX_JOINTS, MAX_COLLIDERS)];
    pm_spring_set set;
} spring_case;

/* scene n of the fixture, as a set (not yet initialized) */
static void load_spring_scene(int n, spring_case *c)
{
    const struct spring_scene *s = &spring_scenes[n];
    int i, k, used = 0;
    memset(c, 0, sizeof *c);
    for (i = 0; i < s->node_count; ++i) {
        c->parent[i] = s->parent[i];
        test_set_transform(&c->rest[i], s->rest + 10 * i);
    }
    for (i = 0; i < s->collider_count; ++i) {
        const float *f = s->colliders + 12 * i;
        pm_spring_collider *col = &c->colliders[i];
        col->node = (int)f[0];
        col->shape = (pm_collider_shape)(int)f[1];
        memcpy(col->offset, f + 2, sizeof col->offset);
        col->radius = f[5];
        memcpy(col->tail, f + 6, sizeof col->tail);
        memcpy(col->normal, f + 9, sizeof col->normal);
    }
    for (i = 0; i < s->group_count; ++i) {
        c->groups[i].colliders = c->group_colliders + used;
        c->groups[i].collider_count = s->group_sizes[i];
        for (k = 0; k < s->group_sizes[i]; ++k, ++used) c->group_colliders[used] = s->group_colliders[used];
    }
    for (i = 0; i < s->joint_count; ++i) {
        const float *f = s->joints + 9 * i;
        pm_spring_joint *j = &c->joints[i];
        j->node = (int)f[0];
        j->child = (int)f[1];
        j->hit_radius = f[2];
        j->stiffness = f[3];
        j->gravity_power = f[4];
        memcpy(j->gravity_dir, f + 5, sizeof j->gravity_dir);
        j->drag_force = f[8];
    }
    for (i = 0, used = 0, k = 0; i < s->spring_count; ++i) {
        pm_spring *spring = &c->springs[i];
        spring->joints = c->joints + k;
        spring->joint_count = s->springs[3 * i];
        spring->collider_groups = c->spring_groups + used;
        spring->collider_group_count = s->springs[3 * i + 1];
        spring->center = s->springs[3 * i + 2];
        memcpy(c->spring_groups + used, s->spring_groups + used, sizeof(int) * (size_t)spring->collider_group_count);
        used += spring->collider_group_count;
        k += spring->joint_count;
    }
    c->set.springs = c->springs;
    c->set.spring_count = s->spring_count;
    c->set.colliders = c->colliders;
    c->set.collider_count = s->collider_count;
    c->set.groups = c->groups;
    c->set.group_count = s->group_count;
    c->set.parent = c->parent;
    c->set.node_count = s->node_count;
    c->set.joints = c->state;
    c->set.joint_capacity = MAX_JOINTS;
    c->set.work = c->work;
    c->set.lanes = c->lanes;
}

/* init on pose (the rest), then the rest's world matrices and every joint at rest */
static void init_at_rest(pm_spring_set *set, pm_transform *pose, float *world)
{
    CHECK_RESULT(pm_spring_set_init(set, pose, NULL), PM_OK);
    CHECK_RESULT(pm_scene_world_matrices(set->parent, set->node_count, pose, world), PM_OK);
    CHECK_RESULT(pm_spring_set_reset(set, pose, world), PM_OK);
}

static void start_spring_scene(spring_case *c)
{
    memcpy(c->pose, c->rest, sizeof c->pose);
    init_at_rest(&c->set, c->pose, c->world);
}

/* frame k's animated nodes into the pose, then the world matrices as a host computes them */
static void animate_spring_scene(const struct spring_scene *s, int k, spring_case *c)
{
    int a;
    for (a = 0; a < s->animated; ++a) {
        const float *f = s->animation + ((size_t)k * (size_t)s->animated + (size_t)a) * 11;
        test_set_transform(&c->pose[(int)f[0]], f + 1);
    }
    CHECK_RESULT(pm_scene_world_matrices(c->parent, c->set.node_count, c->pose, c->world), PM_OK);
}

void test_springs_match_threevrm(void)
{
    static spring_case c;
    int n;
    for (n = 0; n < SPRING_SCENES; ++n) {
        const struct spring_scene *s = &spring_scenes[n];
        double worst_position = 0.0, worst_angle = 0.0;
        int k, j;
        load_spring_scene(n, &c);
        start_spring_scene(&c);
        for (k = 0; k < s->frames; ++k) {
            animate_spring_scene(s, k, &c);
            CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 1.0f / (float)s->fps), PM_OK);
            for (j = 0; j < s->joint_count; ++j) {
                const float *e = s->expected + ((size_t)k * (size_t)s->joint_count + (size_t)j) * 7;
                const int node = c.joints[j].node;
                const float *q = c.pose[node].rotation;
                /* the angle between the rotations: of conj(q) e, from its vector part's length */
                const double w = (double)q[3] * e[6] + (double)q[0] * e[3] + (double)q[1] * e[4] + (double)q[2] * e[5];
                const double v[3] = {(double)q[3] * e[3] - (double)q[0] * e[6] - (double)q[1] * e[5] + (double)q[2] * e[4],
                                     (double)q[3] * e[4] - (double)q[1] * e[6] - (double)q[2] * e[3] + (double)q[0] * e[5],
                                     (double)q[3] * e[5] - (double)q[2] * e[6] - (double)q[0] * e[4] + (double)q[1] * e[3]};
                double position = 0.0;
                int i;
                for (i = 0; i < 3; ++i) position = fmax(position, fabs((double)c.world[16 * node + 12 + i] - e[i]));
                worst_position = fmax(worst_position, position);
                worst_angle = fmax(worst_angle, 2.0 * atan2(sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]), fabs(w)));
            }
        }
        test_context("scene %s", s->name);
        printf("    springs %s (%d joints, %d frames at %d fps): worst %.2g m, %.2g rad\n", s->name, s->joint_count,
               s->frames, s->fps, worst_position, worst_angle);
        CHECK_NEAR(worst_position, 0.0, 1e-4);
        CHECK_NEAR(worst_angle, 0.0, 1e-3);
    }
    test_context("%s", "");
}

/* every rotation finite */
static int finite_rotations(const pm_transform *pose, int count)
{
    int i;
    for (i = 0; i < count; ++i)
        if (!all_finite(pose[i].rotation, 4)) return 0;
    return 1;
}

/* dt <= 0 changes nothing; reset puts every joint back at rest, bit for bit */
void test_springs_properties(void)
{
    static spring_case c;
    static pm_transform before_pose[MAX_NODES];
    static float before_world[16 * MAX_NODES];
    static pm_spring_joint_state before_state[MAX_JOINTS];
    const struct spring_scene *s = &spring_scenes[0];
    double worst;
    int k, j;
    load_spring_scene(0, &c);
    start_spring_scene(&c);
    for (k = 0; k < 20; ++k) {
        animate_spring_scene(s, k, &c);
        CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 1.0f / 60.0f), PM_OK);
    }
    memcpy(before_pose, c.pose, sizeof before_pose);
    memcpy(before_world, c.world, sizeof before_world);
    memcpy(before_state, c.state, sizeof before_state);
    CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 0.0f), PM_OK);
    CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, -1.0f), PM_OK);
    CHECK(memcmp(before_pose, c.pose, sizeof before_pose) == 0 && memcmp(before_world, c.world, sizeof before_world) == 0 &&
          memcmp(before_state, c.state, sizeof before_state) == 0);
    /* the joints moved; reset takes them back to their rest rotations, their tails onto the rest tails */
    for (j = 0, k = 0; j < s->joint_count; ++j)
        k += memcmp(c.pose[c.joints[j].node].rotation, c.rest[c.joints[j].node].rotation, sizeof(versor)) != 0;
    CHECK(k == s->joint_count);
    CHECK_RESULT(pm_spring_set_reset(&c.set, c.pose, c.world), PM_OK);
    for (j = 0; j < s->joint_count; ++j) {
        const int node = c.joints[j].node;
        CHECK(memcmp(c.pose[node].rotation, c.rest[node].rotation, sizeof(versor)) == 0);
        CHECK(memcmp(c.state[j].tail, c.state[j].previous_tail, sizeof c.state[j].tail) == 0);
    }
    /* the world matrices reset leaves are the pose's, up to the float products the springs
       compute them with: 4 roundings of a float a level (3 products summed, less than 2^-24
       relative each with the rotation's), 12 levels deep at most, of entries within 3 */
    memcpy(before_world, c.world, sizeof before_world);
    CHECK_RESULT(pm_scene_world_matrices(c.parent, c.set.node_count, c.pose, c.world), PM_OK);
    for (k = 0, worst = 0.0; k < 16 * c.set.node_count; ++k) keep_worst(&worst, fabs((double)before_world[k] - (double)c.world[k]));
    CHECK_NEAR(worst, 0.0, 4.0 * 12.0 * 5.9604644775390625e-8 * 3.0);
}

/* Every rule of the description: its error, and the report naming the part at fault. */
void test_springs_bad_input(void)
{
    static spring_case c;
    static const struct {
        int what;
        pm_result result;
        int spring, joint, collider, group;
        const char *message;
    } cases[] = {
        {0, PM_ERROR_OUT_OF_RANGE, 0, 2, -1, -1, "the joint's node is out of range"},
        {1, PM_ERROR_OUT_OF_RANGE, 0, 2, -1, -1, "the joint's child is not a child node of its node (nor -1)"},
        {2, PM_ERROR_INVALID_ARGUMENT, 0, 2, -1, -1, "the joint has a number"},
        {3, PM_ERROR_INVALID_ARGUMENT, 0, 2, -1, -1, "the joint has a number"},
        {4, PM_ERROR_INVALID_ARGUMENT, 0, 2, -1, -1, "the joint has a number"},
        {5, PM_ERROR_INVALID_ARGUMENT, 1, 0, -1, -1, "the joint's node is already another joint's"},
        {6, PM_ERROR_OUT_OF_RANGE, -1, -1, 1, -1, "the collider's node is out of range"},
        {7, PM_ERROR_INVALID_ARGUMENT, -1, -1, 1, -1, "the collider's shape is not a pm_collider_shape"},
        {8, PM_ERROR_INVALID_ARGUMENT, -1, -1, 1, -1, "the collider has a number"},
        {9, PM_ERROR_INVALID_ARGUMENT, -1, -1, 3, -1, "the plane collider's normal is not a unit vector"},
        {10, PM_ERROR_OUT_OF_RANGE, -1, -1, 9, 1, "the group names a collider out of range"},
        {11, PM_ERROR_OUT_OF_RANGE, 2, -1, -1, 7, "the spring names a collider group out of range"},
        {12, PM_ERROR_OUT_OF_RANGE, 1, -1, -1, -1, "the spring's center node is out of range"},
        {13, PM_ERROR_INVALID_ARGUMENT, 1, -1, -1, -1, "the spring's center is a joint or moves with one"},
        {14, PM_ERROR_CYCLE, 0, 1, -1, -1, "the joint collides with a collider that its own turn moves"},
        {15, PM_ERROR_CAPACITY, -1, -1, -1, -1, "more joints than joint_capacity"},
        {16, PM_ERROR_CYCLE, -1, -1, -1, -1, "the parent array"},
        {17, PM_ERROR_INVALID_ARGUMENT, -1, -1, -1, -1, "a NULL array or a negative count"},
        {18, PM_ERROR_INVALID_ARGUMENT, 0, 2, -1, -1, "the rest pose of the joint's node or child is not finite"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        pm_spring_report report;
        pm_spring_joint *joint = &c.joints[2]; /* spring 0's third joint */
        int bad_groups[1] = {7}, bad_colliders[1] = {9};
        load_spring_scene(0, &c);
        switch (cases[i].what) {
        case 0: joint->node = spring_scenes[0].node_count; break;
        case 1: joint->child = c.joints[0].node; break;
        case 2: joint->drag_force = 1.5f; break;
        case 3: joint->stiffness = -1.0f; break;
        case 4: memcpy(&joint->gravity_dir[1], "\0\0\xc0\x7f", 4); break; /* a NaN */
        case 5: c.joints[c.springs[0].joint_count].child = -1, c.joints[c.springs[0].joint_count].node = c.joints[1].node; break;
        case 6: c.colliders[1].node = -2; break;
        case 7: c.colliders[1].shape = (pm_collider_shape)7; break;
        case 8: c.colliders[1].radius = -0.5f; break;
        case 9: c.colliders[3].normal[2] = 0.9f; break;
        case 10: c.groups[1].colliders = bad_colliders, c.groups[1].collider_count = 1; break;
        case 11: c.springs[2].collider_groups = bad_groups, c.springs[2].collider_group_count = 1; break;
        case 12: c.springs[1].center = 99; break;
        case 13: c.springs[1].center = c.joints[3].node; break;
        case 14: c.colliders[0].node = c.joints[1].node; break; /* the hair's head sphere on its own second joint */
        case 15: c.set.joint_capacity = 3; break;
        case 16: c.parent[0] = 1; break;
        case 17: c.set.colliders = NULL; break;
        case 18: memcpy(&c.rest[c.joints[2].node].scale[0], "\0\0\x80\x7f", 4); break; /* infinity */
        }
        test_context("case %d", cases[i].what);
        CHECK_RESULT(pm_spring_set_init(&c.set, c.rest, &report), cases[i].result);
        CHECK(report.message && strncmp(report.message, cases[i].message, strlen(cases[i].message)) == 0);
        CHECK(report.spring == cases[i].spring && report.joint == cases[i].joint && report.collider == cases[i].collider &&
              report.group == cases[i].group);
    }
    test_context("%s", "");
    /* NULLs: init, reset and step refuse them; a report may be NULL */
    load_spring_scene(0, &c);
    CHECK_RESULT(pm_spring_set_init(NULL, c.rest, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_init(&c.set, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    start_spring_scene(&c);
    CHECK_RESULT(pm_spring_set_reset(NULL, c.pose, c.world), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_reset(&c.set, NULL, c.world), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, NULL, 0.01f), PM_ERROR_INVALID_ARGUMENT);
    {
        float nan;
        memcpy(&nan, "\0\0\xc0\x7f", 4);
        CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, nan), PM_ERROR_INVALID_ARGUMENT);
        /* a NaN tail: refused, never a NaN rotation */
        c.state[0].tail[1] = (double)nan;
        CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
        CHECK(finite_rotations(c.pose, c.set.node_count));
    }
    /* a set whose init failed for its negative node count: every entry point refuses it (step_fixed
       copied -16 floats' worth of world once) */
    {
        static float previous[16 * 64], substep[16 * 64];
        const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        pm_spring_clock clock;
        memset(&clock, 0, sizeof clock);
        clock.substep = 1.0f / 120.0f, clock.max_substeps = 4, clock.previous_world = previous;
        clock.substep_world = substep;
        load_spring_scene(0, &c);
        c.set.node_count = -1;
        CHECK_RESULT(pm_spring_set_init(&c.set, c.rest, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_spring_set_reset(&c.set, c.pose, c.world), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_spring_set_teleport(&c.set, identity, 1), PM_ERROR_INVALID_ARGUMENT);
        CHECK(clock.started == 0);
    }
}

/* The rest of the two scenes below: unit transforms 0.1 under their
   parents, the root at height root_y; and a one-joint spring's settings */
static void small_rest(pm_transform *rest, int count, float root_y)
{
    int i;
    for (i = 0; i < count; ++i) {
        memset(&rest[i], 0, sizeof rest[i]);
        rest[i].rotation[3] = rest[i].scale[0] = rest[i].scale[1] = rest[i].scale[2] = 1.0f;
        rest[i].translation[1] = i ? -0.1f : root_y;
    }
}

static void small_joint(pm_spring_joint *joint, int node, int child)
{
    memset(joint, 0, sizeof *joint);
    joint->node = node, joint->child = child, joint->stiffness = 1.0f, joint->drag_force = 0.4f;
    joint->gravity_power = 0.5f, joint->gravity_dir[1] = -1.0f;
}

/* A spring's center node (beside its joints, not above them) scaled toward
   0 between steps while the body moves. Down to 1e-30 the joint steps; at
   2e-39 (a denormal: its inverse is past a float, and so is the tail kept in
   the center's space) and at 0 (no inverse) it holds its tail and rotation,
   as a degenerate joint does. Every step is ok and leaves finite values. */
void test_springs_center_scaled_to_nothing(void)
{
    static const int parent[5] = {-1, 0, 0, 2, 3}; /* root; center; hair root -> joint -> tip */
    static const float scales[] = {1.0f, 1e-20f, 1e-30f, 2e-39f, 0.0f};
    int work[PM_SPRING_WORK_INTS(5, 1)], k;
    float lanes[PM_SPRING_LANE_FLOATS(1, 0)], world[16 * 5];
    pm_transform rest[5], pose[5];
    pm_spring_joint joint;
    pm_spring spring;
    pm_spring_joint_state state[1];
    pm_spring_set set;
    small_rest(rest, 5, 1.0f);
    small_joint(&joint, 3, 4);
    memset(&spring, 0, sizeof spring);
    spring.joints = &joint, spring.joint_count = 1, spring.center = 1;
    memset(&set, 0, sizeof set);
    set.springs = &spring, set.spring_count = 1, set.parent = parent, set.node_count = 5;
    set.joints = state, set.joint_capacity = 1, set.work = work, set.lanes = lanes;
    CHECK_RESULT(pm_spring_set_init(&set, rest, NULL), PM_OK);
    for (k = 0; k < (int)(sizeof scales / sizeof scales[0]); ++k) {
        double before[3];
        versor rotation;
        memcpy(pose, rest, sizeof pose);
        CHECK_RESULT(pm_scene_world_matrices(parent, 5, pose, world), PM_OK);
        CHECK_RESULT(pm_spring_set_reset(&set, pose, world), PM_OK);
        pose[1].scale[0] = pose[1].scale[1] = pose[1].scale[2] = scales[k]; /* the center shrinks */
        pose[0].translation[0] = 0.2f;                                       /* the body moves */
        CHECK_RESULT(pm_scene_world_matrices(parent, 5, pose, world), PM_OK);
        memcpy(before, state[0].tail, sizeof before);
        memcpy(rotation, pose[3].rotation, sizeof rotation);
        test_context("center scale %g", (double)scales[k]);
        CHECK_RESULT(pm_spring_set_step(&set, pose, world, 1.0f / 60.0f), PM_OK);
        CHECK(all_finite_d(state[0].tail, 3) && all_finite_d(state[0].previous_tail, 3));
        CHECK(finite_rotations(pose, 5));
        if (k >= 3) CHECK(memcmp(before, state[0].tail, sizeof before) == 0 &&
                          memcmp(rotation, pose[3].rotation, sizeof rotation) == 0);
        else CHECK(memcmp(before, state[0].tail, sizeof before) != 0);
    }
    test_context("%s", "");
}

/* Two unrelated one-joint springs (hair, skirt) in one run of lanes; a host
   hides the hair by scaling its parent to 0 while the body moves. The hair
   holds (its parent has no inverse); the skirt steps as it does with the
   hair shown, bit for bit: the lanes are independent. */
void test_springs_degenerate_joint_holds(void)
{
    /* 0 root; 1 hair root -> 2 hair joint -> 3 tip; 4 skirt root -> 5 skirt joint -> 6 tip */
    static const int parent[7] = {-1, 0, 1, 2, 0, 4, 5};
    int work[PM_SPRING_WORK_INTS(7, 2)], i, k, hidden;
    float lanes[PM_SPRING_LANE_FLOATS(2, 0)], world[16 * 7];
    double skirt[2][3][3];
    pm_transform rest[7], pose[7];
    pm_spring_joint joints[2];
    pm_spring springs[2];
    pm_spring_joint_state state[2];
    pm_spring_set set;
    small_rest(rest, 7, 0.0f);
    memset(springs, 0, sizeof springs), memset(&set, 0, sizeof set);
    for (i = 0; i < 2; ++i) {
        small_joint(&joints[i], i ? 5 : 2, i ? 6 : 3);
        springs[i].joints = &joints[i], springs[i].joint_count = 1, springs[i].center = -1;
    }
    set.springs = springs, set.spring_count = 2, set.parent = parent, set.node_count = 7;
    set.joints = state, set.joint_capacity = 2, set.work = work, set.lanes = lanes;
    CHECK_RESULT(pm_spring_set_init(&set, rest, NULL), PM_OK);
    for (hidden = 0; hidden < 2; ++hidden) {
        memcpy(pose, rest, sizeof pose);
        CHECK_RESULT(pm_scene_world_matrices(parent, 7, pose, world), PM_OK);
        CHECK_RESULT(pm_spring_set_reset(&set, pose, world), PM_OK);
        if (hidden) pose[1].scale[0] = pose[1].scale[1] = pose[1].scale[2] = 0.0f;
        for (k = 0; k < 3; ++k) {
            pose[0].translation[0] = 0.1f * (float)(k + 1); /* the body moves */
            CHECK_RESULT(pm_scene_world_matrices(parent, 7, pose, world), PM_OK);
            CHECK_RESULT(pm_spring_set_step(&set, pose, world, 1.0f / 60.0f), PM_OK);
            memcpy(skirt[hidden][k], state[1].tail, sizeof skirt[hidden][k]);
            CHECK(finite_rotations(pose, 7));
            if (hidden) CHECK(memcmp(pose[2].rotation, rest[2].rotation, sizeof(versor)) == 0 &&
                              world[16 * 2 + 0] == 0.0f && world[16 * 2 + 12] == 0.1f * (float)(k + 1));
        }
    }
    CHECK(memcmp(skirt[0], skirt[1], sizeof skirt[0]) == 0);
    CHECK(skirt[1][2][0] != skirt[1][0][0]); /* it swung */
}

/* A character that jumps (its root moved by a rigid transform from frame
   20 on) and is teleported with its velocity swings on as the one that did
   not jump, carried by the transform; without the teleport its hair is
   flung. Tolerance: both runs' float roundings, one at coordinates up to
   12 m from the origin, on chains of up to 6 joints (SPRING_STEP_ERROR(12,
   6) twice, 1.1e-3 m); the hair left behind is off by more than 0.1 m. */
void test_springs_teleport(void)
{
    static spring_case still, jumped;
    const struct spring_scene *s = &spring_scenes[0];
    const float jump[16] = {0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 10, 0, -5, 1}; /* a quarter turn about Y, then (10, 0, -5) */
    const versor turn = {0.0f, 0.70710678f, 0.0f, 0.70710678f};
    int teleport, k, j, i;
    for (teleport = 1; teleport >= 0; --teleport) {
        double worst = 0.0;
        load_spring_scene(0, &still);
        load_spring_scene(0, &jumped);
        for (j = 0; j < s->joint_count; ++j) { /* gravity straight down: the same after a turn about Y */
            still.joints[j].gravity_dir[0] = still.joints[j].gravity_dir[2] = 0.0f;
            jumped.joints[j].gravity_dir[0] = jumped.joints[j].gravity_dir[2] = 0.0f;
        }
        start_spring_scene(&still);
        start_spring_scene(&jumped);
        for (k = 0; k < 60; ++k) {
            animate_spring_scene(s, k, &still);
            animate_spring_scene(s, k, &jumped);
            if (k >= 20) { /* the root (node 0, no parent) carried by the jump */
                pm_transform *root = &jumped.pose[0];
                const float *t = still.pose[0].translation;
                root->translation[0] = jump[0] * t[0] + jump[4] * t[1] + jump[8] * t[2] + jump[12];
                root->translation[1] = jump[1] * t[0] + jump[5] * t[1] + jump[9] * t[2] + jump[13];
                root->translation[2] = jump[2] * t[0] + jump[6] * t[1] + jump[10] * t[2] + jump[14];
                glm_quat_mul((float *)turn, still.pose[0].rotation, root->rotation);
                CHECK_RESULT(pm_scene_world_matrices(jumped.parent, jumped.set.node_count, jumped.pose, jumped.world), PM_OK);
                if (k == 20 && teleport) CHECK_RESULT(pm_spring_set_teleport(&jumped.set, jump, 1), PM_OK);
            }
            CHECK_RESULT(pm_spring_set_step(&still.set, still.pose, still.world, 1.0f / 60.0f), PM_OK);
            CHECK_RESULT(pm_spring_set_step(&jumped.set, jumped.pose, jumped.world, 1.0f / 60.0f), PM_OK);
            for (j = 0; j < s->joint_count; ++j) {
                const float *p = still.world + 16 * still.joints[j].node + 12, *q = jumped.world + 16 * still.joints[j].node + 12;
                for (i = 0; i < 3; ++i) {
                    const double carried = k < 20 ? (double)p[i]
                                                   : (double)jump[i] * p[0] + (double)jump[4 + i] * p[1] +
                                                         (double)jump[8 + i] * p[2] + (double)jump[12 + i];
                    worst = fmax(worst, fabs((double)q[i] - carried));
                }
            }
        }
        printf("    springs teleported %s: %.2g m from the run that stayed, carried\n", teleport ? "with their tails" : "without",
               worst);
        test_context("teleport %d", teleport);
        if (teleport) CHECK_NEAR(worst, 0.0, 2.0 * SPRING_STEP_ERROR(12.0, 6));
        else CHECK(worst > 0.1);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_spring_set_teleport(NULL, jump, 1), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_teleport(&still.set, NULL, 1), PM_ERROR_INVALID_ARGUMENT);
}

/* Whether a read set's joints are the loader's, in its order, bit for bit.
   three-vrm takes a missing dragForce as 0.4 where the readers take the
   schema's 0.5: with missing_drag, a loader's 0.4 is expected as 0.5. */
static int same_joints_as_loader(const pm_spring_set *set, const struct loader_joint *expected, int count, int missing_drag)
{
    int s, k, g, c, n = 0, same = 1;
    for (s = 0; s < set->spring_count; ++s)
        for (k = 0; k < set->springs[s].joint_count; ++k, ++n) {
            const pm_spring_joint *j = &set->springs[s].joints[k];
            const struct loader_joint *e = &expected[n < count ? n : 0];
            const float drag = missing_drag && e->drag_force == 0.4f ? 0.5f : e->drag_force;
            int seen = 0;
            if (n >= count || j->node != e->node || j->child != e->child || j->hit_radius != e->hit_radius ||
                j->stiffness != e->stiffness || j->gravity_power != e->gravity_power ||
                memcmp(j->gravity_dir, e->gravity_dir, sizeof j->gravity_dir) != 0 || j->drag_force != drag) {
                printf("      joint %d (node %d) differs\n", n, j->node);
                same = 0;
                continue;
            }
            for (g = 0; g < set->springs[s].collider_group_count; ++g) {
                const pm_spring_collider_group *group = &set->groups[set->springs[s].collider_groups[g]];
                for (c = 0; c < group->collider_count; ++c, ++seen) {
                    const pm_spring_collider *col = &set->colliders[group->colliders[c]];
                    const float *f = e->colliders[seen < 8 ? seen : 0];
                    if (seen >= e->collider_count || (float)col->node != f[0] || (float)col->shape != f[1] ||
                        memcmp(col->offset, f + 2, sizeof col->offset) != 0 || col->radius != f[5] ||
                        (col->shape != PM_COLLIDER_SPHERE && col->shape != PM_COLLIDER_INSIDE_SPHERE &&
                         col->shape != PM_COLLIDER_PLANE && memcmp(col->tail, f + 6, sizeof col->tail) != 0) ||
                        (col->shape == PM_COLLIDER_PLANE && memcmp(col->normal, f + 9, sizeof col->normal) != 0)) {
                        printf("      joint %d (node %d): collider %d differs\n", n, j->node, seen);
                        same = 0;
                    }
                }
            }
            if (seen != e->collider_count) same = 0;
        }
    return same && n == count;
}

/* Godette (VRM 0.x, in ../shared): the secondaryAnimation read from the
   file's own "VRM" object gives three-vrm's joints, in its order, with
   their children, settings and colliders (offsets' z flipped as three-vrm
   flips them), exactly; and the set initializes on the real rest pose. */
void test_springs_vrm0_godette(void)
{
    static pm_spring springs[8];
    static pm_spring_joint joints[64];
    static pm_spring_collider colliders[16];
    static pm_spring_collider_group groups[8];
    static int indices[128], cursor[GODETTE_NODES], work[PM_SPRING_WORK_INTS(GODETTE_NODES, 64)];
    static float lanes[PM_SPRING_LANE_FLOATS(64, 16)];
    static pm_spring_joint_state state[64];
    static pm_transform rest[GODETTE_NODES];
    static float world[16 * GODETTE_NODES];
    const pm_spring_storage storage = {springs, 8, joints, 64, colliders, 16, groups, 8, indices, 128, cursor};
    pm_spring_set set;
    pm_parse_error error;
    unsigned char *glb;
    const char *begin, *end;
    size_t size;
    int k;
    if (!(glb = read_file("../shared/data/vrm-samples/Godette_vrm_v4.vrm", &size))) {
        printf("    (../shared/data/vrm-samples absent: Godette skipped)\n");
        return;
    }
    memset(&set, 0, sizeof set);
    set.parent = godette_parent;
    set.node_count = GODETTE_NODES;
    CHECK(test_glb_extension(glb, size, "\"VRM\"", &begin, &end));
    CHECK_RESULT(pm_spring_parse_vrm0_json(begin, (size_t)(end - begin), godette_child_start, godette_children, &storage,
                                           &set, &error),
                 PM_OK);
    CHECK(same_joints_as_loader(&set, godette_joints, GODETTE_JOINTS, 0));
    for (k = 0; k < GODETTE_NODES; ++k) test_set_transform(&rest[k], godette_rest[k]);
    set.joints = state;
    set.joint_capacity = 64;
    set.work = work;
    set.lanes = lanes;
    init_at_rest(&set, rest, world);
    printf("    springs of Godette: %d bone groups, %d joints, %d colliders, as three-vrm reads them\n", set.spring_count,
           set.joint_count, set.collider_count);
    free(glb);
}

/* The VRM 0.x reader on a small scene (0 -> 1 -> 2, and 3 under 0): the
   joints of a bone group's subtree with the defaults; every malformed
   object is an error at its byte, with words naming the member. */
void test_springs_vrm0_json(void)
{
    static const int parent[4] = {-1, 0, 1, 0}, child_start[5] = {0, 2, 3, 3, 3}, children[3] = {1, 3, 2};
    static const struct {
        const char *json;
        pm_result result;
        size_t offset;
        const char *message;
    } cases[] = {
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[4]}]}}", PM_ERROR_PARSE, 47,
         "\"bones\" must be an array of node indices"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[1],\"colliderGroups\":[0]}]}}", PM_ERROR_PARSE, 68,
         "a spring names a collider group that is not there"},
        {"{\"secondaryAnimation\":{\"colliderGroups\":[{\"colliders\":[]}]}}", PM_ERROR_PARSE, 41,
         "a collider group without \"node\""},
        {"{\"secondaryAnimation\":{\"colliderGroups\":[{\"node\":0,\"colliders\":[{\"radius\":-1}]}]}}", PM_ERROR_PARSE, 74,
         "\"radius\" must be a finite float, 0 or more"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"stiffiness\":\"a\"}]}}", PM_ERROR_PARSE, 51,
         "\"stiffiness\" must be a finite float"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"dragForce\":1e39}]}}", PM_ERROR_PARSE, 50,
         "\"dragForce\" must be a finite float"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"center\":4}]}}", PM_ERROR_PARSE, 47,
         "\"center\" must be -1 or a node index"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"gravityDir\":{\"x\":true}}]}}", PM_ERROR_PARSE, 56,
         "a vector's \"x\", \"y\" and \"z\" must be finite floats"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[1],\"bones\":[3]}]}}", PM_ERROR_PARSE, 58, "\"bones\" twice"},
        {"{\"secondaryAnimation\":{},\"secondaryAnimation\":{}}", PM_ERROR_PARSE, 46, "\"secondaryAnimation\" twice"},
        {"{\"secondaryAnimation\":{\"boneGroups\":{}}}", PM_ERROR_PARSE, 36, "\"boneGroups\" must be an array"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[0]}]}}", PM_ERROR_CAPACITY, 37,
         "more joints than the storage holds"},
        {"{\"secondaryAnimation\":{\"boneGroups\":[", PM_ERROR_PARSE, 37, "expected an object"},
    };
    pm_spring springs[2];
    pm_spring_joint joints[4];
    pm_spring_collider colliders[2];
    pm_spring_collider_group groups[2];
    int indices[8], cursor[4];
    const pm_spring_storage storage = {springs, 2, joints, 4, colliders, 2, groups, 2, indices, 8, cursor};
    pm_spring_set set;
    pm_parse_error error;
    size_t i;
    const char *good = "{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[1],\"hitRadius\":0.25,\"colliderGroups\":[0]}],"
                       "\"colliderGroups\":[{\"node\":3,\"colliders\":[{\"offset\":{\"x\":1,\"z\":2},\"radius\":0.5}]}]},"
                       "\"humanoid\":{}}";
    memset(&set, 0, sizeof set);
    set.parent = parent;
    set.node_count = 4;
    CHECK_RESULT(pm_spring_parse_vrm0_json(good, strlen(good), child_start, children, &storage, &set, &error), PM_OK);
    CHECK(error.message == NULL && set.spring_count == 1 && set.group_count == 1 && set.collider_count == 1);
    CHECK(set.springs[0].joint_count == 2 && set.springs[0].joints[0].node == 1 && set.springs[0].joints[0].child == 2 &&
          set.springs[0].joints[1].node == 2 && set.springs[0].joints[1].child == -1);
    CHECK(set.springs[0].joints[1].hit_radius == 0.25f && set.springs[0].joints[1].stiffness == 1.0f &&
          set.springs[0].joints[1].drag_force == 0.5f && set.springs[0].joints[1].gravity_power == 0.0f &&
          set.springs[0].joints[1].gravity_dir[1] == -1.0f && set.springs[0].center == -1);
    CHECK(set.springs[0].collider_group_count == 1 && set.groups[0].collider_count == 1 && set.colliders[0].node == 3 &&
          set.colliders[0].offset[0] == 1.0f && set.colliders[0].offset[1] == 0.0f && set.colliders[0].offset[2] == -2.0f &&
          set.colliders[0].radius == 0.5f);
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const pm_spring_storage small = {springs, 2, joints, i == 11 ? 2 : 4, colliders, 2, groups, 2, indices, 8, cursor};
        test_context("case %d: %s", (int)i, cases[i].json);
        CHECK_RESULT(pm_spring_parse_vrm0_json(cases[i].json, strlen(cases[i].json), child_start, children, &small, &set, &error),
                     cases[i].result);
        CHECK(error.offset == cases[i].offset && error.message && strcmp(error.message, cases[i].message) == 0);
        CHECK(set.spring_count == 0 && set.collider_count == 0 && set.group_count == 0);
    }
    test_context("%s", "");
    {   /* "colliders" twice in a collider group: the last list, as JSON.parse keeps it (and three-vrm reads it) */
        const char *twice = "{\"secondaryAnimation\":{\"colliderGroups\":[{\"node\":3,\"colliders\":[{\"radius\":0.1},"
                            "{\"radius\":0.2}],\"colliders\":[{\"radius\":0.3}]}],\"boneGroups\":[{\"bones\":[1],"
                            "\"colliderGroups\":[0]}]}}";
        CHECK_RESULT(pm_spring_parse_vrm0_json(twice, strlen(twice), child_start, children, &storage, &set, &error), PM_OK);
        CHECK(set.collider_count == 1 && set.colliders[0].node == 3 && set.colliders[0].radius == 0.3f);
        CHECK(set.group_count == 1 && set.groups[0].collider_count == 1 && set.groups[0].colliders[0] == 0);
    }
    {   /* a loop in the parent array (0 and 1 each other's parent, their children lists matching): the subtree
           walk would go round until the joint storage is full; refused at once, as a loop */
        static const int loop_parent[2] = {1, 0}, loop_start[3] = {0, 1, 2}, loop_children[2] = {1, 0};
        const char *group = "{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[0]}]}}";
        pm_spring_set loop;
        memset(&loop, 0, sizeof loop);
        loop.parent = loop_parent, loop.node_count = 2;
        CHECK_RESULT(pm_spring_parse_vrm0_json(group, strlen(group), loop_start, loop_children, &storage, &loop, &error),
                     PM_ERROR_CYCLE);
        CHECK(error.message && strcmp(error.message, "the parent array has a loop") == 0 && loop.spring_count == 0);
    }
    {   /* children that are not the parent array's */
        static const int wrong[3] = {2, 3, 1};
        CHECK_RESULT(pm_spring_parse_vrm0_json(good, strlen(good), child_start, wrong, &storage, &set, &error),
                     PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_spring_parse_vrm0_json(good, strlen(good), NULL, children, &storage, &set, &error),
                     PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_spring_parse_vrm0_json(NULL, 0, child_start, children, &storage, &set, &error),
                     PM_ERROR_INVALID_ARGUMENT);
    }
}

/* The VRMC_springBone reader on a glTF made for it (every shape, the
   extended colliders and one of an unknown version, defaults, a center, a
   spring of one joint): three-vrm 3.5.5's loader's joints, in its order,
   bit for bit (a missing dragForce: 0.5, three-vrm's 0.4); then the set
   initializes and steps. Every malformed object is an error at its byte. */
void test_springs_json(void)
{
    static const struct {
        const char *json;
        pm_result result;
        size_t offset;
        const char *message;
    } cases[] = {
        {"{\"specVersion\":\"2.0\"}", PM_ERROR_PARSE, 15, "\"specVersion\" must be \"1.0\""},
        {"{\"springs\":[{\"joints\":[{\"node\":10}]}]}", PM_ERROR_PARSE, 31, "\"node\" must be a node index"},
        {"{\"springs\":[{\"joints\":[{\"stiffness\":1}]}]}", PM_ERROR_PARSE, 23, "a joint without \"node\""},
        {"{\"springs\":[{\"joints\":[{\"node\":1,\"gravityDir\":[0,-1]}]}]}", PM_ERROR_PARSE, 51,
         "\"gravityDir\" must be 3 finite floats"},
        {"{\"springs\":[{\"colliderGroups\":[3]}]}", PM_ERROR_PARSE, 31, "a spring names a collider group that is not there"},
        {"{\"colliderGroups\":[{\"colliders\":[0]}]}", PM_ERROR_PARSE, 33, "a collider group names a collider that is not there"},
        /* the arrays in any order: the collider list read before the colliders, blamed at the index past them */
        {"{\"colliderGroups\":[{\"colliders\":[0, 1]}],\"colliders\":[{\"node\":1,\"shape\":{\"sphere\":{}}}]}",
         PM_ERROR_PARSE, 36, "a collider group names a collider that is not there"},
        /* a second "colliders" replaces the first (JSON.parse keeps the last): the first's index is not blamed */
        {"{\"colliders\":[{\"node\":1,\"shape\":{\"sphere\":{}}}],\"colliderGroups\":[{\"colliders\":[5],\"colliders\":[0,1]}]}",
         PM_ERROR_PARSE, 98, "a collider group names a collider that is not there"},
        {"{\"colliderGroups\":[{\"colliders\":[]}],\"springs\":[{\"colliderGroups\":[0]},{\"colliderGroups\":[0,\n 1]}]}",
         PM_ERROR_PARSE, 94, "a spring names a collider group that is not there"},
        {"{\"colliders\":[{\"node\":1}]}", PM_ERROR_PARSE, 14, "a collider without \"shape\""},
        {"{\"colliders\":[{\"shape\":{\"sphere\":{}}}]}", PM_ERROR_PARSE, 14, "a collider without \"node\""},
        {"{\"colliders\":[{\"node\":1,\"shape\":{\"sphere\":{},\"capsule\":{}}}]}", PM_ERROR_PARSE, 55,
         "\"shape\" must hold one shape"},
        {"{\"colliders\":[{\"node\":1,\"shape\":{\"sphere\":{\"radius\":-1}}}]}", PM_ERROR_PARSE, 52,
         "\"radius\" must be a finite float, 0 or more"},
        {"{\"colliders\":[{\"node\":1,\"shape\":{\"plane\":{}}}]}", PM_ERROR_PARSE, 32, "\"shape\" must hold a sphere or a capsule"},
        {"{\"colliders\":[{\"node\":1,\"extensions\":{\"VRMC_springBone_extended_collider\":{\"specVersion\":\"1.0\","
         "\"shape\":{\"plane\":{\"normal\":[0,1]}}}}}]}", PM_ERROR_PARSE, 126, "\"normal\" must be 3 finite floats"},
        {"{\"colliders\":[{\"node\":1,\"extensions\":{\"VRMC_springBone_extended_collider\":{\"specVersion\":\"1.0\","
         "\"shape\":{\"sphere\":{\"inside\":1}}}}}]}", PM_ERROR_PARSE, 123, "\"inside\" must be true or false"},
        {"{\"springs\":[{\"joints\":[{\"node\":1},{\"node\":2},{\"node\":3}]}]}", PM_ERROR_CAPACITY, 45,
         "more joints than the storage holds"},
        {"{\"springs\":[{", PM_ERROR_PARSE, 13, "expected a string"},
    };
    static pm_spring springs[4];
    static pm_spring_joint joints[8];
    static pm_spring_collider colliders[8];
    static pm_spring_collider_group groups[4];
    static int indices[32], cursor[GENERATED_NODES], work[PM_SPRING_WORK_INTS(GENERATED_NODES, 8)];
    static float lanes[PM_SPRING_LANE_FLOATS(8, 8)];
    static pm_spring_joint_state state[8];
    static pm_transform pose[GENERATED_NODES];
    static float world[16 * GENERATED_NODES];
    const pm_spring_storage storage = {springs, 4, joints, 8, colliders, 8, groups, 4, indices, 32, cursor};
    pm_spring_set set;
    pm_parse_error error;
    size_t i;
    int k;
    memset(&set, 0, sizeof set);
    set.parent = generated_parent;
    set.node_count = GENERATED_NODES;
    CHECK_RESULT(pm_spring_parse_json(generated_json, strlen(generated_json), &storage, &set, &error), PM_OK);
    CHECK(error.message == NULL && error.warning == NULL && set.spring_count == 3 && set.collider_count == 7 &&
          set.group_count == 3);
    CHECK(set.springs[0].center == 0 && set.springs[1].center == -1 && set.springs[2].joint_count == 0);
    CHECK(same_joints_as_loader(&set, generated_joints, GENERATED_JOINTS, 1));
    for (k = 0; k < GENERATED_NODES; ++k) test_set_transform(&pose[k], generated_rest[k]);
    set.joints = state;
    set.joint_capacity = 8;
    set.work = work;
    set.lanes = lanes;
    init_at_rest(&set, pose, world);
    for (k = 0; k < 30; ++k) CHECK_RESULT(pm_spring_set_step(&set, pose, world, 1.0f / 60.0f), PM_OK);
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const pm_spring_storage small = {springs, 4, joints, 1, colliders, 8, groups, 4, indices, 32, cursor};
        test_context("case %d: %s", (int)i, cases[i].json);
        CHECK_RESULT(pm_spring_parse_json(cases[i].json, strlen(cases[i].json), &small, &set, &error), cases[i].result);
        CHECK(error.offset == cases[i].offset && error.message && strcmp(error.message, cases[i].message) == 0);
        CHECK(set.spring_count == 0 && set.collider_count == 0 && set.group_count == 0);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_spring_parse_json(NULL, 0, &storage, &set, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_parse_json(generated_json, strlen(generated_json), NULL, &set, &error), PM_ERROR_INVALID_ARGUMENT);
    {
        pm_spring_storage no_cursor = storage;
        no_cursor.cursor = NULL;
        CHECK_RESULT(pm_spring_parse_json(generated_json, strlen(generated_json), &no_cursor, &set, &error),
                     PM_ERROR_INVALID_ARGUMENT);
    }
}

/* Joints on one node, as files have them: a chain in two VRMC_springBone
   springs, a VRM 0.x bone group listed twice with other settings, a group
   listing a node and its child. three-vrm makes a joint of each and shows
   the last one's rotation; the readers keep each node's last joint (with a
   warning), and the set then steps bit for bit as the file written without
   the earlier duplicates. (make test's examples check compares Godette with
   such edits against three-vrm itself.) */
static void step_parsed(const char *json, int vrm0, pm_spring_joint *joints, int *stiff_node, float *world_out)
{
    static const int parent[4] = {-1, 0, 1, 2}, child_start[5] = {0, 1, 2, 3, 3}, children[3] = {1, 2, 3};
    pm_spring springs[4];
    pm_spring_collider colliders[1];
    pm_spring_collider_group groups[1];
    int indices[8], cursor[4], work[PM_SPRING_WORK_INTS(4, 8)], k;
    float lanes[PM_SPRING_LANE_FLOATS(8, 1)];
    pm_spring_joint_state state[8];
    pm_transform pose[4];
    const pm_spring_storage storage = {springs, 4, joints, 8, colliders, 1, groups, 1, indices, 8, cursor};
    pm_spring_set set;
    pm_parse_error error;
    memset(&set, 0, sizeof set);
    set.parent = parent, set.node_count = 4;
    CHECK_RESULT(vrm0 ? pm_spring_parse_vrm0_json(json, strlen(json), child_start, children, &storage, &set, &error)
                      : pm_spring_parse_json(json, strlen(json), &storage, &set, &error),
                 PM_OK);
    *stiff_node = -1;
    for (k = 0; k < set.spring_count; ++k) {
        int j;
        for (j = 0; j < set.springs[k].joint_count; ++j)
            if (set.springs[k].joints[j].stiffness == 3.0f) *stiff_node = set.springs[k].joints[j].node;
    }
    for (k = 0; k < 4; ++k) {
        memset(&pose[k], 0, sizeof pose[k]);
        pose[k].translation[0] = k == 0 ? 0.0f : 0.1f; /* sideways, so that gravity swings the chain */
        pose[k].rotation[3] = pose[k].scale[0] = pose[k].scale[1] = pose[k].scale[2] = 1.0f;
    }
    set.joints = state, set.joint_capacity = 8, set.work = work, set.lanes = lanes;
    init_at_rest(&set, pose, world_out);
    for (k = 0; k < 20; ++k) {
        pose[0].translation[2] = 0.01f * (float)k;
        CHECK_RESULT(pm_scene_world_matrices(parent, 4, pose, world_out), PM_OK);
        CHECK_RESULT(pm_spring_set_step(&set, pose, world_out, 1.0f / 60.0f), PM_OK);
    }
    /* the warning, and it alone, where a node had two joints */
    k = strstr(json, "twice") != NULL;
    CHECK(k ? error.warning && strstr(error.warning, "kept with its last joint") : !error.warning);
}

void test_springs_duplicate_joints(void)
{
    static const struct {
        const char *duplicated, *without; /* "twice" marks the ones with duplicates */
        int vrm0, stiff_node;
    } cases[] = {
        /* VRMC_springBone: the chain 1 -> 2 -> 3 in two springs, the second's stiffer; the first keeps node 0 */
        {"{\"twice\":0,\"springs\":[{\"joints\":[{\"node\":0},{\"node\":1},{\"node\":2},{\"node\":3}]},"
         "{\"joints\":[{\"node\":1,\"stiffness\":3},{\"node\":2,\"stiffness\":3},{\"node\":3}]}]}",
         "{\"springs\":[{\"joints\":[{\"node\":0},{\"node\":1}]},"
         "{\"joints\":[{\"node\":1,\"stiffness\":3},{\"node\":2,\"stiffness\":3},{\"node\":3}]}]}",
         0, 2},
        /* VRM 0.x: a bone group on node 1 listed twice, the second stiffer */
        {"{\"twice\":0,\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[1]},{\"bones\":[1],\"stiffiness\":3}]}}",
         "{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[]},{\"bones\":[1],\"stiffiness\":3}]}}", 1, 3},
        /* VRM 0.x: a group listing node 1 and its child 2 (2 and 3 walked twice, the same settings) */
        {"{\"twice\":0,\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[1,2],\"stiffiness\":3}]}}",
         "{\"secondaryAnimation\":{\"boneGroups\":[{\"bones\":[1],\"stiffiness\":3}]}}", 1, 3},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        pm_spring_joint joints_a[8], joints_b[8];
        float world_a[64], world_b[64];
        int stiff_a, stiff_b;
        test_context("case %d", (int)i);
        step_parsed(cases[i].duplicated, cases[i].vrm0, joints_a, &stiff_a, world_a);
        step_parsed(cases[i].without, cases[i].vrm0, joints_b, &stiff_b, world_b);
        CHECK(stiff_a == cases[i].stiff_node && stiff_b == cases[i].stiff_node); /* the last joint's settings kept */
        CHECK(memcmp(world_a, world_b, sizeof world_a) == 0);
    }
    test_context("%s", "");
}

/* ---- the options beyond three-vrm ----------------------------------------
   An avatar-like scene whose motion is known at any time: a root (node 0)
   that sways and turns, a body (1) that leans, a head collider on the body,
   a ponytail of four joints down the back (2-5, tail 6) and a side chain of
   three (7-9, tail 10) that the head's sphere and a leg capsule push. */
enum { OPTION_NODES = 11 };

/* every joint's gravity power when >= 0, the scene's own otherwise */
static float option_gravity_power = -1.0f;

static void option_scene(spring_case *c, float scale)
{
    static const float nodes[OPTION_NODES][4] = {/* parent, translation */
                                                 {-1, 0, 0, 0},      {0, 0, 1, 0},       {1, 0, 0.55f, -0.1f},
                                                 {2, 0, -0.1f, 0},   {3, 0, -0.1f, 0},   {4, 0, -0.1f, 0},
                                                 {5, 0, -0.1f, 0},   {1, 0.12f, 0.4f, 0}, {7, 0.1f, 0, 0},
                                                 {8, 0.1f, 0, 0},    {9, 0.1f, 0, 0}};
    int i;
    memset(c, 0, sizeof *c);
    for (i = 0; i < OPTION_NODES; ++i) {
        c->parent[i] = (int)nodes[i][0];
        memcpy(c->rest[i].translation, nodes[i] + 1, sizeof(vec3));
        glm_quat_identity(c->rest[i].rotation);
        glm_vec3_one(c->rest[i].scale);
    }
    glm_vec3_fill(c->rest[0].scale, scale); /* the avatar scaled at its root */
    c->colliders[0].node = 1; /* the head */
    c->colliders[0].shape = PM_COLLIDER_SPHERE;
    c->colliders[0].offset[1] = 0.55f;
    c->colliders[0].radius = 0.12f;
    c->colliders[1].node = 1; /* a leg */
    c->colliders[1].shape = PM_COLLIDER_CAPSULE;
    c->colliders[1].offset[0] = c->colliders[1].tail[0] = 0.1f;
    c->colliders[1].tail[1] = -0.8f;
    c->colliders[1].radius = 0.07f;
    c->group_colliders[0] = 0, c->group_colliders[1] = 1;
    c->groups[0].colliders = c->group_colliders;
    c->groups[0].collider_count = 2;
    for (i = 0; i < 7; ++i) {
        pm_spring_joint *j = &c->joints[i];
        j->node = i < 4 ? 2 + i : 7 + (i - 4);
        j->child = j->node + 1;
        j->hit_radius = 0.02f;
        j->stiffness = i < 4 ? 1.0f : 0.6f;
        j->gravity_power = option_gravity_power >= 0.0f ? option_gravity_power : i < 4 ? 0.4f : 0.8f;
        j->gravity_dir[1] = -1.0f;
        j->drag_force = i < 4 ? 0.4f : 0.2f;
    }
    c->spring_groups[0] = 0;
    c->springs[0].joints = c->joints, c->springs[0].joint_count = 4;
    c->springs[1].joints = c->joints + 4, c->springs[1].joint_count = 3;
    for (i = 0; i < 2; ++i) {
        c->springs[i].collider_groups = c->spring_groups;
        c->springs[i].collider_group_count = 1;
        c->springs[i].center = -1;
    }
    c->set.springs = c->springs, c->set.spring_count = 2;
    c->set.colliders = c->colliders, c->set.collider_count = 2;
    c->set.groups = c->groups, c->set.group_count = 1;
    c->set.parent = c->parent, c->set.node_count = OPTION_NODES;
    c->set.joints = c->state, c->set.joint_capacity = MAX_JOINTS;
    c->set.work = c->work, c->set.lanes = c->lanes;
    memcpy(c->pose, c->rest, sizeof c->pose);
    init_at_rest(&c->set, c->pose, c->world);
}

/* the scene's motion at time t (seconds), its translations times scale */
static void option_motion(spring_case *c, double t, float scale)
{
    const double two_pi = 6.283185307179586;
    vec3 up = {0, 1, 0}, forward = {0, 0, 1};
    c->pose[0].translation[0] = scale * (float)(0.4 * sin(two_pi * 0.8 * t));
    c->pose[0].translation[2] = scale * (float)(0.2 * sin(two_pi * 1.3 * t));
    glm_quatv(c->pose[0].rotation, (float)(1.2 * sin(two_pi * 0.6 * t)), up);
    glm_quatv(c->pose[1].rotation, (float)(0.3 * sin(two_pi * 1.1 * t)), forward);
    CHECK_RESULT(pm_scene_world_matrices(c->parent, OPTION_NODES, c->pose, c->world), PM_OK);
}

enum { OPTION_SECONDS = 4, OPTION_SAMPLES = 6 * OPTION_SECONDS }; /* compared at every 1/6 s, a frame at 30, 60 and 144 fps */

/* The tails' world positions (the chains' last nodes, 6 and 10) at every
   1/6 s over the run, divided by scale, stepping by 1 / fps each frame
   (fixed: 1/120 s substeps) */
static void option_run(int fps, int fixed, float scale, vec3 wind, double out[OPTION_SAMPLES][2][3])
{
    static spring_case c;
    static float previous_world[16 * MAX_NODES], substep_world[16 * MAX_NODES];
    pm_spring_clock clock;
    const int frames = fps * OPTION_SECONDS;
    int k, m = 0, i;
    option_scene(&c, scale);
    c.set.scale_with_world = scale != 1.0f;
    glm_vec3_copy(wind, c.set.external_force);
    memset(&clock, 0, sizeof clock);
    clock.substep = 1.0f / 120.0f;
    clock.max_substeps = 8;
    clock.previous_world = previous_world;
    clock.substep_world = substep_world;
    for (k = 1; k <= frames; ++k) {
        option_motion(&c, (double)k / fps, scale);
        CHECK_RESULT(fixed ? pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, 1.0f / (float)fps)
                           : pm_spring_set_step(&c.set, c.pose, c.world, 1.0f / (float)fps),
                     PM_OK);
        if ((k * 6) % fps == 0 && m < OPTION_SAMPLES) {
            for (i = 0; i < 3; ++i) {
                out[m][0][i] = (double)c.world[16 * 6 + 12 + i] / scale;
                out[m][1][i] = (double)c.world[16 * 10 + 12 + i] / scale;
            }
            ++m;
        }
    }
    CHECK(m == OPTION_SAMPLES);
}

static double option_distance(double a[OPTION_SAMPLES][2][3], double b[OPTION_SAMPLES][2][3])
{
    double worst = 0.0;
    int m, t, i;
    for (m = 0; m < OPTION_SAMPLES; ++m)
        for (t = 0; t < 2; ++t)
            for (i = 0; i < 3; ++i) worst = fmax(worst, fabs(a[m][t][i] - b[m][t][i]));
    return worst;
}

/* How far the body's world matrix blended linearly between frames at fps
   lands from the true one at the 1/120 s substeps: the translation's
   error plus the rotation's at a lever of 1 m, worst over the run */
static double option_input_error(int fps)
{
    static spring_case a, b, exact;
    double worst = 0.0;
    int n, i;
    option_scene(&a, 1.0f);
    option_scene(&b, 1.0f);
    option_scene(&exact, 1.0f);
    for (n = 1; n < 120 * OPTION_SECONDS; ++n) {
        const double t = n / 120.0, frame = floor(t * fps), s = t * fps - frame;
        double rotation = 0.0, translation = 0.0;
        option_motion(&a, frame / fps, 1.0f);
        option_motion(&b, (frame + 1.0) / fps, 1.0f);
        option_motion(&exact, t, 1.0f);
        for (i = 0; i < 16; ++i) {
            const double blended = (double)a.world[16 + i] + ((double)b.world[16 + i] - (double)a.world[16 + i]) * s;
            const double e = fabs(blended - (double)exact.world[16 + i]);
            if (i >= 12) translation = fmax(translation, e);
            else rotation = fmax(rotation, e);
        }
        worst = fmax(worst, translation + rotation);
    }
    return worst;
}

/* Fixed substeps: the same motion at 30, 60 and 144 fps gives the same
   swing up to what the frames cannot say. Between frames a substep sees the
   animated world blended linearly, off the true motion by the input error
   e (computed above); the length constraint carries a head's error to its
   tail one for one, and inertia carries (1 - drag) of the last substep's
   on, so the tails can differ by at most e / drag summed over both runs
   (drag 0.2 here). three-vrm's own step, whose drag and pull act per
   frame, spreads far wider. UniVRM's scale rule: the avatar scaled 0.01
   and 100 swings as at scale 1, relative, to float rounding: both runs'
   roundings at coordinates within 2 m (scaled) on chains of 4 joints,
   SPRING_STEP_ERROR(2, 4) twice, 1.2e-4; without the rule the scaled avatar's springs are far stiffer or
   limper. Wind: an external force is
   gravity by another name, bit for bit. */
void test_springs_options(void)
{
    static double runs[2][3][OPTION_SAMPLES][2][3], scaled[OPTION_SAMPLES][2][3], first[OPTION_SAMPLES][2][3];
    static const int rates[3] = {30, 60, 144};
    static spring_case c;
    static float previous_world[16 * MAX_NODES], substep_world[16 * MAX_NODES];
    vec3 none = {0, 0, 0}, wind = {0, -0.5f, 0};
    const double drag = 0.2, e144 = option_input_error(144);
    double spread[2], scales[2];
    pm_spring_clock clock;
    int fixed, r, k, j;
    for (fixed = 0; fixed < 2; ++fixed) {
        for (r = 0; r < 3; ++r) option_run(rates[r], fixed, 1.0f, none, runs[fixed][r]);
        spread[fixed] = fmax(option_distance(runs[fixed][0], runs[fixed][2]), option_distance(runs[fixed][1], runs[fixed][2]));
    }
    printf("    springs at 30, 60 and 144 fps: tails up to %.2g m apart as three-vrm steps, %.2g m with 1/120 s substeps\n",
           spread[0], spread[1]);
    for (r = 0; r < 2; ++r) {
        const double e = option_input_error(rates[r]), apart = option_distance(runs[1][r], runs[1][2]);
        printf("      %d against 144 fps: %.2g m apart, bound %.2g m (input error %.2g m, at 144 fps %.2g m)\n", rates[r],
               apart, (e + e144) / drag, e, e144);
        test_context("%d fps", rates[r]);
        CHECK(apart <= (e + e144) / drag);
    }
    test_context("%s", "");
    CHECK(spread[0] > (option_input_error(30) + e144) / drag); /* three-vrm's step: not within that bound */

    for (r = 0; r < 2; ++r) {
        option_run(60, 0, r ? 100.0f : 0.01f, none, scaled);
        scales[r] = option_distance(scaled, runs[0][1]);
    }
    printf("    springs on the avatar scaled 0.01 and 100 (UniVRM's rule): %.2g and %.2g m from scale 1, relative\n",
           scales[0], scales[1]);
    CHECK(scales[0] < 2.0 * SPRING_STEP_ERROR(2.0, 4) && scales[1] < 2.0 * SPRING_STEP_ERROR(2.0, 4));
    option_scene(&c, 100.0f); /* without the rule */
    for (k = 1; k <= 60 * OPTION_SECONDS; ++k) {
        option_motion(&c, k / 60.0, 100.0f);
        CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 1.0f / 60.0f), PM_OK);
        if ((k * 6) % 60 == 0)
            for (j = 0; j < 3; ++j) scaled[k / 10 - 1][0][j] = (double)c.world[16 * 6 + 12 + j] / 100.0,
                                    scaled[k / 10 - 1][1][j] = (double)c.world[16 * 10 + 12 + j] / 100.0;
    }
    CHECK(option_distance(scaled, runs[0][1]) > 0.01);

    option_gravity_power = 0.0f; /* a wind of 0.5 down without gravity ... */
    option_run(60, 0, 1.0f, wind, first);
    option_gravity_power = 0.5f; /* ... is gravity 0.5 */
    option_run(60, 0, 1.0f, none, scaled);
    option_gravity_power = -1.0f;
    CHECK(memcmp(first, scaled, sizeof first) == 0);
    CHECK(option_distance(first, runs[0][1]) > 1e-3);

    /* bad clocks and forces */
    option_scene(&c, 1.0f);
    memset(&clock, 0, sizeof clock);
    clock.substep = 1.0f / 120.0f;
    clock.max_substeps = 4;
    clock.previous_world = previous_world;
    clock.substep_world = substep_world;
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, 1e30f), PM_OK); /* a stall: 4 substeps */
    CHECK(clock.leftover == 0.0);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, 0.0f), PM_OK);
    CHECK_RESULT(pm_spring_set_step_fixed(NULL, &clock, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, NULL, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, NULL, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, NULL, 0.01f), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, -0.01f), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, NAN), PM_ERROR_INVALID_ARGUMENT);
    {
        pm_spring_clock bad[7];
        for (k = 0; k < 7; ++k) bad[k] = clock;
        bad[0].substep = 0.0f;
        bad[1].substep = -1.0f;
        bad[2].substep = NAN;
        bad[3].max_substeps = 0;
        bad[4].previous_world = NULL;
        bad[5].substep_world = NULL;
        bad[6].leftover = -1.0;
        for (k = 0; k < 7; ++k) {
            test_context("bad clock %d", k);
            CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &bad[k], c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
        }
        test_context("%s", "");
    }
    { /* an empty scene: work may be NULL, and every step does nothing */
        pm_spring_set empty;
        memset(&empty, 0, sizeof empty);
        CHECK_RESULT(pm_spring_set_init(&empty, c.rest, NULL), PM_OK);
        CHECK_RESULT(pm_spring_set_step(&empty, c.pose, c.world, 0.01f), PM_OK);
        CHECK_RESULT(pm_spring_set_step_fixed(&empty, &clock, c.pose, c.world, 0.01f), PM_OK);
    }
    c.set.external_force[1] = INFINITY;
    CHECK_RESULT(pm_spring_set_step(&c.set, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_spring_set_step_fixed(&c.set, &clock, c.pose, c.world, 0.01f), PM_ERROR_INVALID_ARGUMENT);
}
