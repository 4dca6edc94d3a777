/* pipeline: the whole of posemath on one character, as an engine runs it.

   usage: pipeline [PICTURE.png [MOTION.bvh]]

   1. Builds a VRM 1.0-style character: 21 humanoid bones (eyes; no upperChest),
      a random rest rotation on every bone, forearm twist bones driven by
      roll constraints, elbow cuffs driven by aim constraints, spring bones
      (a ponytail kept off the head and back, a skirt of six panels kept off
      the hips and legs), and a skinned mesh of cylinders: BDEF1/BDEF2 along
      the limbs, SDEF at elbows and knees, QDEF at the wrists, and a face
      morph.
   2. Reads a BVH motion as it comes: the one given, or one it generates
      itself (a T-pose, then a walk in place with the lower foot on the
      floor; centimetres, Zrotation Xrotation Yrotation channels). Its
      rest is its zero-rotation pose, fitted to the VRM T-pose
      (pm_humanoid_fit_tpose: CMU's stands with the legs apart and the hips at
      the origin); joints named as CMU names them (Hips, LowerBack, Spine,
      LeftArm, LeftUpLeg, ...), in the collar convention (Ab, LeftCollar,
      LeftShoulder = upper arm, LeftHip, ...) or by VRM names. Any units:
      retargeting scales the hips by the ratio of rest hips heights.
   3. Per frame: retargets the BVH pose onto the character (joints between
      bones, like CMU's LowerBack, folded in), applies the constraints, steps
      the springs by the motion's frame time, turns the eyes toward a point
      circling in front (lookAt), resolves the expressions aa and blink into
      the mesh's two morphs, and skins the mesh (on one thread: a mesh of 3,648 vertices takes about
      25 us, less than handing half of it to another thread costs;
      examples/skinning_twist.c splits a job between two, and make bench
      measures two threads on a million vertices).
   4. Draws a contact sheet of frames, each panel following the hips,
      labelled with the frame numbers and the motion's source; prints
      microseconds per frame for each stage, and how far the character's
      limbs point from the motion's own (forward kinematics of the BVH). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "../posemath.h"
#include "bvh.h"

#include "png_write.h"

#include "font.h"
#include "raster.h"
#include "output.h"

#include <time.h>
#include <unistd.h> /* isatty */

enum {
    PONYTAIL_JOINTS = 4, SKIRT_PANELS = 6, SKIRT_JOINTS = 2, SPRINGS = 1 + SKIRT_PANELS,
    SPRING_JOINTS = PONYTAIL_JOINTS + SKIRT_PANELS * SKIRT_JOINTS, SPRING_COLLIDERS = 7,
    NODES = 25 + (PONYTAIL_JOINTS + 1) + SKIRT_PANELS * (SKIRT_JOINTS + 1),
    MAX_VERTICES = 16384, MAX_TUBES = 48, RINGS = 12, SEGMENTS = 16, SHEET_FRAMES = 5,
    PANEL = 360, WIDTH = PANEL * SHEET_FRAMES, HEIGHT = 480, FLOOR_Y = HEIGHT - 44
};

/* ---- the character -------------------------------------------------------------- */

typedef struct character {
    int parent[NODES];
    pm_transform rest[NODES], pose[NODES];
    vec3 rest_position[NODES];     /* world */
    float inverse_bind[NODES][16]; /* inverse of the rest world matrix */
    int bone_node[PM_BONE_COUNT];
    pm_humanoid humanoid;
    pm_constraint constraints[4];
    pm_constraint_rest constraint_rest[4];
    int constraint_order[4];
    pm_constraint_set constraint_set;
    int twist[2], cuff[2];         /* nodes: left, right */
    /* spring bones: a ponytail down the back of the head, a skirt of panels around the hips */
    int ponytail[PONYTAIL_JOINTS + 1], skirt[SKIRT_PANELS][SKIRT_JOINTS + 1]; /* nodes, the last a tail */
    pm_spring_joint joints[SPRING_JOINTS];
    pm_spring springs[SPRINGS];
    pm_spring_collider colliders[SPRING_COLLIDERS];
    pm_spring_collider_group groups[2];
    int group_colliders[SPRING_COLLIDERS], spring_groups[2];
    pm_spring_joint_state spring_state[SPRING_JOINTS];
    int spring_work[PM_SPRING_WORK_INTS(NODES, SPRING_JOINTS)];
    float spring_lanes[PM_SPRING_LANE_FLOATS(SPRING_JOINTS, SPRING_COLLIDERS)];
    pm_spring_set spring_set;
} character;

typedef struct mesh {
    int vertex_count;
    float position[3 * MAX_VERTICES], normal[3 * MAX_VERTICES], weight[4 * MAX_VERTICES], sdef[9 * MAX_VERTICES];
    uint16_t bone_index[4 * MAX_VERTICES];
    unsigned char type[MAX_VERTICES], color[MAX_VERTICES];
    int tube_count, tube_start[MAX_TUBES]; /* each tube is RINGS x SEGMENTS vertices */
    int morph_start[MAX_VERTICES + 1];
    pm_vertex_morph morphs[MAX_VERTICES];
    float morph_weight[2]; /* mouth open, eyes shut: set by the expressions aa and blink */
    float bones[NODES * 16]; /* world x inverse bind, as glTF skins them */
    pm_skin_bone prepared[NODES];
    float out_position[3 * MAX_VERTICES], out_normal[3 * MAX_VERTICES];
    pm_skin_job job;
} mesh;

/* The character's humanoid bones: bone, parent bone, offset from the parent
   in metres (+X is the character's left; it faces +Z). */
static const struct {
    pm_bone bone, parent;
    float offset[3];
} skeleton[] = {
    {PM_BONE_HIPS, PM_BONE_HIPS, {0.0f, 0.9f, 0.0f}},
    {PM_BONE_SPINE, PM_BONE_HIPS, {0.0f, 0.1f, 0.0f}},
    {PM_BONE_CHEST, PM_BONE_SPINE, {0.0f, 0.14f, 0.0f}},
    {PM_BONE_NECK, PM_BONE_CHEST, {0.0f, 0.22f, 0.0f}},
    {PM_BONE_HEAD, PM_BONE_NECK, {0.0f, 0.09f, 0.0f}},
    {PM_BONE_LEFT_EYE, PM_BONE_HEAD, {0.035f, 0.1f, 0.09f}},
    {PM_BONE_RIGHT_EYE, PM_BONE_HEAD, {-0.035f, 0.1f, 0.09f}},
    {PM_BONE_LEFT_SHOULDER, PM_BONE_CHEST, {0.04f, 0.17f, 0.0f}},
    {PM_BONE_LEFT_UPPER_ARM, PM_BONE_LEFT_SHOULDER, {0.1f, 0.0f, 0.0f}},
    {PM_BONE_LEFT_LOWER_ARM, PM_BONE_LEFT_UPPER_ARM, {0.27f, 0.0f, 0.0f}},
    {PM_BONE_LEFT_HAND, PM_BONE_LEFT_LOWER_ARM, {0.25f, 0.0f, 0.0f}},
    {PM_BONE_RIGHT_SHOULDER, PM_BONE_CHEST, {-0.04f, 0.17f, 0.0f}},
    {PM_BONE_RIGHT_UPPER_ARM, PM_BONE_RIGHT_SHOULDER, {-0.1f, 0.0f, 0.0f}},
    {PM_BONE_RIGHT_LOWER_ARM, PM_BONE_RIGHT_UPPER_ARM, {-0.27f, 0.0f, 0.0f}},
    {PM_BONE_RIGHT_HAND, PM_BONE_RIGHT_LOWER_ARM, {-0.25f, 0.0f, 0.0f}},
    {PM_BONE_LEFT_UPPER_LEG, PM_BONE_HIPS, {0.09f, -0.04f, 0.0f}},
    {PM_BONE_LEFT_LOWER_LEG, PM_BONE_LEFT_UPPER_LEG, {0.0f, -0.4f, 0.0f}},
    {PM_BONE_LEFT_FOOT, PM_BONE_LEFT_LOWER_LEG, {0.0f, -0.4f, 0.0f}},
    {PM_BONE_RIGHT_UPPER_LEG, PM_BONE_HIPS, {-0.09f, -0.04f, 0.0f}},
    {PM_BONE_RIGHT_LOWER_LEG, PM_BONE_RIGHT_UPPER_LEG, {0.0f, -0.4f, 0.0f}},
    {PM_BONE_RIGHT_FOOT, PM_BONE_RIGHT_LOWER_LEG, {0.0f, -0.4f, 0.0f}},
};
enum { SKELETON_BONES = sizeof skeleton / sizeof skeleton[0] };

static float random_signed(unsigned *state)
{
    *state = *state * 1664525u + 1013904223u;
    return (float)(*state >> 8) / 8388608.0f - 1.0f;
}

/* A node at a world position with a world rest rotation. */
static int add_node(character *c, int *count, int parent, const vec3 position, const versor world_rotation,
                    versor world[NODES])
{
    int n = (*count)++;
    c->parent[n] = parent;
    glm_vec3_copy((float *)position, c->rest_position[n]);
    glm_quat_copy((float *)world_rotation, world[n]);
    return n;
}

/* A world point at rest in node n's space (whose rest rotation is random) */
static void rest_local_point(const character *c, int n, const vec3 world_point, vec3 out)
{
    mat4 inverse;
    memcpy(inverse, c->inverse_bind[n], sizeof inverse);
    glm_mat4_mulv3(inverse, (float *)world_point, 1.0f, out);
}

/* A collider on node n: a sphere around world point a at rest, or a capsule from a to b */
static void add_collider(character *c, int index, int n, const vec3 a, const float *b, float radius)
{
    pm_spring_collider *col = &c->colliders[index];
    col->node = n;
    col->shape = b ? PM_COLLIDER_CAPSULE : PM_COLLIDER_SPHERE;
    col->radius = radius;
    rest_local_point(c, n, a, col->offset);
    if (b) rest_local_point(c, n, b, col->tail);
}

/* The springs as a VRMC_springBone extension would give them: the ponytail
   keeps off the head and the back, the skirt off the hips and the legs. */
static int build_springs(character *c)
{
    const int *b = c->bone_node;
    pm_spring_set *set = &c->spring_set;
    pm_spring_report report;
    int k, panel, side, j = 0;
    vec3 a;
    glm_vec3_add(c->rest_position[b[PM_BONE_HEAD]], (vec3){0.0f, 0.1f, 0.0f}, a);
    add_collider(c, 0, b[PM_BONE_HEAD], a, NULL, 0.11f);
    glm_vec3_add(c->rest_position[b[PM_BONE_CHEST]], (vec3){0.0f, 0.1f, 0.0f}, a);
    add_collider(c, 1, b[PM_BONE_CHEST], a, NULL, 0.15f);
    add_collider(c, 2, b[PM_BONE_HIPS], c->rest_position[b[PM_BONE_HIPS]], NULL, 0.13f);
    for (side = 0; side < 2; ++side) { /* capsules down each leg */
        const int upper = b[side ? PM_BONE_RIGHT_UPPER_LEG : PM_BONE_LEFT_UPPER_LEG];
        const int lower = b[side ? PM_BONE_RIGHT_LOWER_LEG : PM_BONE_LEFT_LOWER_LEG];
        const int foot = b[side ? PM_BONE_RIGHT_FOOT : PM_BONE_LEFT_FOOT];
        add_collider(c, 3 + 2 * side, upper, c->rest_position[upper], c->rest_position[lower], 0.08f);
        add_collider(c, 4 + 2 * side, lower, c->rest_position[lower], c->rest_position[foot], 0.07f);
    }
    for (k = 0; k < SPRING_COLLIDERS; ++k) c->group_colliders[k] = k;
    c->groups[0].colliders = c->group_colliders, c->groups[0].collider_count = 2;     /* head, chest */
    c->groups[1].colliders = c->group_colliders + 2, c->groups[1].collider_count = 5; /* hips, legs */
    c->spring_groups[0] = 0, c->spring_groups[1] = 1;
    for (k = 0; k < PONYTAIL_JOINTS; ++k, ++j) {
        pm_spring_joint *joint = &c->joints[j];
        joint->node = c->ponytail[k], joint->child = c->ponytail[k + 1];
        joint->hit_radius = 0.03f, joint->stiffness = 0.8f, joint->gravity_power = 0.5f, joint->drag_force = 0.3f;
        joint->gravity_dir[1] = -1.0f;
    }
    c->springs[0].joints = c->joints, c->springs[0].joint_count = PONYTAIL_JOINTS;
    c->springs[0].collider_groups = &c->spring_groups[0], c->springs[0].collider_group_count = 1;
    c->springs[0].center = -1;
    for (panel = 0; panel < SKIRT_PANELS; ++panel) {
        pm_spring *spring = &c->springs[1 + panel];
        spring->joints = c->joints + j;
        spring->joint_count = SKIRT_JOINTS;
        for (k = 0; k < SKIRT_JOINTS; ++k, ++j) {
            pm_spring_joint *joint = &c->joints[j];
            joint->node = c->skirt[panel][k], joint->child = c->skirt[panel][k + 1];
            joint->hit_radius = 0.02f, joint->stiffness = 1.5f, joint->gravity_power = 0.8f, joint->drag_force = 0.45f;
            joint->gravity_dir[1] = -1.0f;
        }
        spring->collider_groups = &c->spring_groups[1], spring->collider_group_count = 1;
        spring->center = -1;
    }
    set->springs = c->springs, set->spring_count = SPRINGS;
    set->colliders = c->colliders, set->collider_count = SPRING_COLLIDERS;
    set->groups = c->groups, set->group_count = 2;
    set->parent = c->parent, set->node_count = NODES;
    set->joints = c->spring_state, set->joint_capacity = SPRING_JOINTS;
    set->work = c->spring_work;
    set->lanes = c->spring_lanes;
    if (pm_spring_set_init(set, c->rest, &report) != PM_OK) {
        fprintf(stderr, "pipeline: springs: spring %d joint %d: %s\n", report.spring, report.joint, report.message);
        return 0;
    }
    return 1;
}

static void build_character(character *c)
{
    versor world[NODES], identity;
    unsigned seed = 2026u;
    int i, side, count = 0;
    memset(c, 0, sizeof *c);
    for (i = 0; i < PM_BONE_COUNT; ++i) c->bone_node[i] = -1;
    glm_quat_identity(identity);
    for (i = 0; i < SKELETON_BONES; ++i) {
        versor rest;
        vec3 position;
        int up = i ? c->bone_node[skeleton[i].parent] : -1;
        glm_quat_init(rest, random_signed(&seed), random_signed(&seed), random_signed(&seed),
                      random_signed(&seed) + 1.5f); /* like a model exported by another tool */
        glm_quat_normalize(rest);
        glm_vec3_copy((float *)skeleton[i].offset, position);
        if (up >= 0) glm_vec3_add(c->rest_position[up], position, position);
        c->bone_node[skeleton[i].bone] = add_node(c, &count, up, position, rest, world);
    }
    for (side = 0; side < 2; ++side) { /* world rest identity: their X runs along the arm */
        int lower = c->bone_node[side ? PM_BONE_RIGHT_LOWER_ARM : PM_BONE_LEFT_LOWER_ARM];
        int upper = c->bone_node[side ? PM_BONE_RIGHT_UPPER_ARM : PM_BONE_LEFT_UPPER_ARM];
        int hand = c->bone_node[side ? PM_BONE_RIGHT_HAND : PM_BONE_LEFT_HAND];
        vec3 middle;
        glm_vec3_lerp(c->rest_position[lower], c->rest_position[hand], 0.5f, middle);
        c->twist[side] = add_node(c, &count, lower, middle, identity, world);
        c->cuff[side] = add_node(c, &count, upper, c->rest_position[lower], identity, world);
        c->constraints[2 * side] = (pm_constraint){PM_CONSTRAINT_ROLL, c->twist[side], hand, PM_AXIS_POSITIVE_X, 0.5f};
        c->constraints[2 * side + 1] = (pm_constraint){PM_CONSTRAINT_AIM, c->cuff[side], hand,
                                                       side ? PM_AXIS_NEGATIVE_X : PM_AXIS_POSITIVE_X, 0.7f};
    }
    { /* the ponytail: from the back of the head, down; the skirt: panels from the hips, down and out */
        const int head = c->bone_node[PM_BONE_HEAD], hips = c->bone_node[PM_BONE_HIPS];
        vec3 at;
        int k, panel;
        glm_vec3_add(c->rest_position[head], (vec3){0.0f, 0.12f, -0.11f}, at);
        for (k = 0; k <= PONYTAIL_JOINTS; ++k) {
            c->ponytail[k] = add_node(c, &count, k ? c->ponytail[k - 1] : head, at, identity, world);
            at[1] -= 0.09f;
            at[2] -= 0.02f;
        }
        for (panel = 0; panel < SKIRT_PANELS; ++panel) {
            const float angle = 2.0f * GLM_PIf * ((float)panel + 0.5f) / SKIRT_PANELS;
            const float x = sinf(angle), z = cosf(angle);
            glm_vec3_add(c->rest_position[hips], (vec3){0.14f * x, -0.02f, 0.11f * z}, at);
            for (k = 0; k <= SKIRT_JOINTS; ++k) {
                c->skirt[panel][k] = add_node(c, &count, k ? c->skirt[panel][k - 1] : hips, at, identity, world);
                at[0] += 0.04f * x;
                at[1] -= 0.13f;
                at[2] += 0.03f * z;
            }
        }
    }
    for (i = 0; i < NODES; ++i) { /* local = parent^-1 world */
        pm_transform *t = &c->rest[i];
        mat4 m;
        glm_vec3_one(t->scale);
        if (c->parent[i] < 0) {
            glm_vec3_copy(c->rest_position[i], t->translation);
            glm_quat_copy(world[i], t->rotation);
        } else {
            versor inverse;
            vec3 d;
            glm_quat_inv(world[c->parent[i]], inverse);
            glm_vec3_sub(c->rest_position[i], c->rest_position[c->parent[i]], d);
            glm_quat_rotatev(inverse, d, t->translation);
            glm_quat_mul(inverse, world[i], t->rotation);
        }
        glm_quat_mat4(world[i], m);
        glm_vec3_copy(c->rest_position[i], m[3]);
        glm_mat4_inv(m, m);
        memcpy(c->inverse_bind[i], m, sizeof m);
    }
    memcpy(c->pose, c->rest, sizeof c->pose);
    c->constraint_set.constraints = c->constraints;
    c->constraint_set.count = 4;
    c->constraint_set.parent = c->parent;
    c->constraint_set.node_count = NODES;
    c->constraint_set.rest = c->constraint_rest;
    c->constraint_set.order = c->constraint_order;
    if (pm_humanoid_init(&c->humanoid, c->bone_node, c->parent, NODES, c->rest, NULL) != PM_OK ||
        pm_constraint_set_init(&c->constraint_set, c->rest) != PM_OK || !build_springs(c)) {
        fprintf(stderr, "pipeline: the character is not a valid humanoid\n");
        exit(1);
    }
}

/* ---- its mesh ------------------------------------------------------------------- */

/* A tube from node a's joint to `end`, skinned to a; within `blend` of its
   start it blends with node `from` using `type` (SDEF: about the joint). */
static void add_tube(mesh *m, const character *c, int a, const vec3 end, float radius, int from, pm_skin_type type,
                     float blend, unsigned char color)
{
    vec3 axis, side, up, start;
    int r, s;
    glm_vec3_copy((float *)c->rest_position[a], start);
    glm_vec3_sub((float *)end, start, axis);
    glm_vec3_normalize(axis);
    glm_vec3_crossn(axis, fabsf(axis[1]) < 0.9f ? (vec3){0, 1, 0} : (vec3){1, 0, 0}, side);
    glm_vec3_crossn(side, axis, up);
    if (m->vertex_count + RINGS * SEGMENTS > MAX_VERTICES || m->tube_count == MAX_TUBES) return;
    m->tube_start[m->tube_count++] = m->vertex_count;
    for (r = 0; r < RINGS; ++r) {
        float t = (float)r / (float)(RINGS - 1), to_parent = from >= 0 ? glm_clamp(0.5f - t / blend * 0.5f, 0, 0.5f) : 0;
        vec3 center;
        glm_vec3_lerp(start, (float *)end, t, center);
        for (s = 0; s < SEGMENTS; ++s) {
            int v = m->vertex_count++;
            float angle = 2.0f * GLM_PIf * (float)s / SEGMENTS;
            int k;
            for (k = 0; k < 3; ++k) { /* SDEF: C = R0 = R1 = the joint */
                float n = cosf(angle) * side[k] + sinf(angle) * up[k];
                m->normal[3 * v + k] = n;
                m->position[3 * v + k] = center[k] + radius * n;
                m->sdef[9 * v + k] = m->sdef[9 * v + 3 + k] = m->sdef[9 * v + 6 + k] = start[k];
            }
            m->bone_index[4 * v] = (uint16_t)a;
            m->weight[4 * v] = 1.0f - to_parent;
            m->type[v] = PM_SKIN_BDEF1;
            if (to_parent > 0.0f) {
                m->bone_index[4 * v + 1] = (uint16_t)from;
                m->weight[4 * v + 1] = to_parent;
                m->type[v] = (unsigned char)type;
            }
            m->color[v] = (unsigned char)(color + (s / 4 % 2));
        }
    }
}

/* The point (dx, dy, dz) away from node n's joint. */
static void beyond(const character *c, int n, float dx, float dy, float dz, vec3 out)
{
    out[0] = c->rest_position[n][0] + dx;
    out[1] = c->rest_position[n][1] + dy;
    out[2] = c->rest_position[n][2] + dz;
}

static void build_mesh(mesh *m, const character *c)
{
    const int *b = c->bone_node;
    int side, v, k, panel, n = 0;
    vec3 tip;
    memset(m, 0, sizeof *m);
    add_tube(m, c, b[PM_BONE_HIPS], c->rest_position[b[PM_BONE_CHEST]], 0.13f, -1, PM_SKIN_BDEF1, 1, 0);
    add_tube(m, c, b[PM_BONE_CHEST], c->rest_position[b[PM_BONE_NECK]], 0.15f, b[PM_BONE_SPINE], PM_SKIN_BDEF2, 0.5f, 0);
    beyond(c, b[PM_BONE_HEAD], 0, 0.22f, 0, tip);
    add_tube(m, c, b[PM_BONE_HEAD], tip, 0.1f, b[PM_BONE_NECK], PM_SKIN_BDEF2, 0.3f, 4);
    for (side = 0; side < 2; ++side) {
        int o = side ? PM_BONE_RIGHT_UPPER_ARM - PM_BONE_LEFT_UPPER_ARM : 0;
        int leg = side ? PM_BONE_RIGHT_UPPER_LEG - PM_BONE_LEFT_UPPER_LEG : 0;
        float x = side ? -1.0f : 1.0f;
        add_tube(m, c, b[PM_BONE_LEFT_UPPER_ARM + o], c->rest_position[b[PM_BONE_LEFT_LOWER_ARM + o]], 0.045f,
                 b[PM_BONE_LEFT_SHOULDER + o], PM_SKIN_BDEF2, 0.3f, 2);
        add_tube(m, c, b[PM_BONE_LEFT_LOWER_ARM + o], c->rest_position[c->twist[side]], 0.04f,
                 b[PM_BONE_LEFT_UPPER_ARM + o], PM_SKIN_SDEF, 0.4f, 2); /* elbow */
        add_tube(m, c, c->twist[side], c->rest_position[b[PM_BONE_LEFT_HAND + o]], 0.035f,
                 b[PM_BONE_LEFT_LOWER_ARM + o], PM_SKIN_BDEF2, 1.0f, 2); /* the twist spreads along it */
        beyond(c, b[PM_BONE_LEFT_HAND + o], 0.12f * x, 0, 0, tip);
        add_tube(m, c, b[PM_BONE_LEFT_HAND + o], tip, 0.03f, c->twist[side], PM_SKIN_QDEF, 0.5f, 4); /* wrist */
        beyond(c, c->cuff[side], 0.07f * x, 0, 0, tip);
        add_tube(m, c, c->cuff[side], tip, 0.055f, -1, PM_SKIN_BDEF1, 1, 6);
        add_tube(m, c, b[PM_BONE_LEFT_UPPER_LEG + leg], c->rest_position[b[PM_BONE_LEFT_LOWER_LEG + leg]], 0.07f,
                 b[PM_BONE_HIPS], PM_SKIN_BDEF2, 0.25f, 2);
        add_tube(m, c, b[PM_BONE_LEFT_LOWER_LEG + leg], c->rest_position[b[PM_BONE_LEFT_FOOT + leg]], 0.055f,
                 b[PM_BONE_LEFT_UPPER_LEG + leg], PM_SKIN_SDEF, 0.3f, 2); /* knee */
        beyond(c, b[PM_BONE_LEFT_FOOT + leg], 0, -0.05f, 0.16f, tip);
        add_tube(m, c, b[PM_BONE_LEFT_FOOT + leg], tip, 0.045f, b[PM_BONE_LEFT_LOWER_LEG + leg], PM_SKIN_BDEF2, 0.3f, 6);
    }
    for (k = 0; k < PONYTAIL_JOINTS; ++k) /* hair, tapering; each piece follows its spring joint */
        add_tube(m, c, c->ponytail[k], c->rest_position[c->ponytail[k + 1]], 0.04f - 0.006f * (float)k,
                 k ? c->ponytail[k - 1] : -1, PM_SKIN_BDEF2, 0.3f, 9);
    for (panel = 0; panel < SKIRT_PANELS; ++panel)
        for (k = 0; k < SKIRT_JOINTS; ++k)
            add_tube(m, c, c->skirt[panel][k], c->rest_position[c->skirt[panel][k + 1]], 0.05f,
                     k ? c->skirt[panel][k - 1] : -1, PM_SKIN_BDEF2, 0.3f, 6);
    for (side = 0; side < 2; ++side) { /* the eyes, each following its eye bone */
        const int eye = b[side ? PM_BONE_RIGHT_EYE : PM_BONE_LEFT_EYE];
        beyond(c, eye, 0, 0, 0.02f, tip);
        add_tube(m, c, eye, tip, 0.02f, -1, PM_SKIN_BDEF1, 1, 11);
    }
    /* the face morphs: "mouth open" pulls the front of the lower head down and in; "eyes shut" flattens the eyes */
    for (v = 0; v < m->vertex_count; ++v) {
        const float *p = m->position + 3 * v;
        const float *head = c->rest_position[b[PM_BONE_HEAD]];
        m->morph_start[v] = n;
        if (m->color[v] >= 11) {
            m->morphs[n].morph = 1;
            m->morphs[n].offset[0] = m->morphs[n].offset[2] = 0.0f;
            m->morphs[n].offset[1] = 0.85f * (c->rest_position[b[PM_BONE_LEFT_EYE]][1] - p[1]);
            ++n;
        }
        if (m->color[v] >= 4 && m->color[v] < 6 && p[2] > head[2] + 0.06f && p[1] > head[1] + 0.03f &&
            p[1] < head[1] + 0.09f && fabsf(p[0]) < 0.05f) {
            m->morphs[n].morph = 0;
            m->morphs[n].offset[0] = 0.0f;
            m->morphs[n].offset[1] = -0.02f;
            m->morphs[n].offset[2] = -0.03f;
            m->color[v] = 8; /* the mouth */
            ++n;
        }
    }
    m->morph_start[m->vertex_count] = n;
    m->job.vertex_count = m->vertex_count;
    m->job.positions = m->position;
    m->job.normals = m->normal;
    m->job.types = m->type;
    m->job.bone_indices = m->bone_index;
    m->job.bone_weights = m->weight;
    m->job.sdef = m->sdef;
    m->job.morph_start = m->morph_start;
    m->job.morphs = m->morphs;
    m->job.morph_weights = m->morph_weight;
    m->job.morph_count = 2;
    m->job.bone_matrices = m->bones;
    m->job.bone_count = NODES;
    m->job.prepared = m->prepared;
    m->job.out_positions = m->out_position;
    m->job.out_normals = m->out_normal;
}

/* ---- the motion ------------------------------------------------------------------- */

/* The demo's own generated motion: a T-pose, then a walk in place with arm
   swings, elbows bending, wrists twisting and the head turning, the hips
   as high as keeps the lower ankle where it is at rest (on the floor).
   Centimetres. */
static char *write_demo_bvh(size_t *length)
{
    static const char *const hierarchy =
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        " JOINT Spine\n {\n  OFFSET 0 9 0\n  CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "  JOINT Chest\n  {\n   OFFSET 0 13 0\n   CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "   JOINT Neck\n   {\n    OFFSET 0 23 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "    JOINT Head\n    {\n     OFFSET 0 10 0\n     CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "     End Site\n     {\n      OFFSET 0 20 0\n     }\n    }\n   }\n"
        "%s%s  }\n }\n%s%s}\n";
    static const char *const arm =
        "   JOINT %sShoulder\n   {\n    OFFSET %s4 18 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "    JOINT %sArm\n    {\n     OFFSET %s11 0 0\n     CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "     JOINT %sForeArm\n     {\n      OFFSET %s28 0 0\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "      JOINT %sHand\n      {\n       OFFSET %s26 0 0\n       CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "       End Site\n       {\n        OFFSET %s10 0 0\n       }\n      }\n     }\n    }\n   }\n";
    static const char *const leg =
        " JOINT %sUpLeg\n {\n  OFFSET %s9 -5 0\n  CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "  JOINT %sLeg\n  {\n   OFFSET 0 -43 0\n   CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "   JOINT %sFoot\n   {\n    OFFSET 0 -43 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "    End Site\n    {\n     OFFSET 0 -5 14\n    }\n   }\n  }\n }\n";
    enum { FRAMES = 40, SIZE = 65536 };
    char *text = (char *)malloc(SIZE), parts[4][1024];
    int n, f;
    snprintf(parts[0], sizeof parts[0], arm, "Left", "", "Left", "", "Left", "", "Left", "", "");
    snprintf(parts[1], sizeof parts[1], arm, "Right", "-", "Right", "-", "Right", "-", "Right", "-", "-");
    snprintf(parts[2], sizeof parts[2], leg, "Left", "", "Left", "Left");
    snprintf(parts[3], sizeof parts[3], leg, "Right", "-", "Right", "Right");
    n = snprintf(text, SIZE, hierarchy, parts[0], parts[1], parts[2], parts[3]);
    n += snprintf(text + n, (size_t)(SIZE - n), "MOTION\nFrames: %d\nFrame Time: 0.0333333\n", FRAMES);
    for (f = 0; f < FRAMES; ++f) {
        /* per joint: Z X Y degrees, in the hierarchy's order */
        float s = f ? sinf(2.0f * GLM_PIf * (float)(f - 1) / (float)(FRAMES - 1)) : 0.0f, on = f ? 1.0f : 0.0f;
        /* ankle below the hips: 5 to the hip joint, thigh and shin 43 each, at their angles from -Y */
        const float left_thigh = glm_rad(-35.0f * s), left_knee = glm_rad((30.0f + 30.0f * s) * on);
        const float right_thigh = glm_rad(35.0f * s), right_knee = glm_rad((30.0f - 30.0f * s) * on);
        const float left_ankle = 5.0f + 43.0f * cosf(left_thigh) + 43.0f * cosf(left_thigh + left_knee);
        const float right_ankle = 5.0f + 43.0f * cosf(right_thigh) + 43.0f * cosf(right_thigh + right_knee);
        float hips[6] = {0, fmaxf(left_ankle, right_ankle), 0, 0, 0, 6.0f * s};
        float joints[17][3] = {
            {0, 4.0f * on, -3.0f * s},                          /* Spine */
            {0, 3.0f * on, -4.0f * s},                          /* Chest */
            {0, -5.0f * on, 0},                                 /* Neck */
            {0, -5.0f * s, 35.0f * s},                          /* Head */
            {0, 0, 0},                                          /* LeftShoulder */
            {-70.0f * on, 0, -35.0f * s},                       /* LeftArm: down, swinging */
            {0, 0, -(50.0f + 40.0f * s) * on},                  /* LeftForeArm: bending forward */
            {0, 80.0f * s, 0},                                  /* LeftHand: twisting */
            {0, 0, 0},                                          /* RightShoulder */
            {70.0f * on, 0, -35.0f * s},                        /* RightArm */
            {0, 0, (50.0f - 40.0f * s) * on},                   /* RightForeArm */
            {0, -80.0f * s, 0},                                 /* RightHand */
            {0, glm_deg(left_thigh), 0},                        /* LeftUpLeg */
            {0, glm_deg(left_knee), 0},                         /* LeftLeg */
            {0, -10.0f * s, 0},                                 /* LeftFoot */
            {0, glm_deg(right_thigh), 0},                       /* RightUpLeg */
            {0, glm_deg(right_knee), 0},                        /* RightLeg */
        };
        int j, k;
        for (k = 0; k < 6; ++k) n += snprintf(text + n, (size_t)(SIZE - n), "%.3f ", (double)hips[k]);
        for (j = 0; j < 17; ++j)
            for (k = 0; k < 3; ++k) n += snprintf(text + n, (size_t)(SIZE - n), "%.3f ", (double)joints[j][k]);
        n += snprintf(text + n, (size_t)(SIZE - n), "0 %.3f 0\n", (double)(10.0f * s)); /* RightFoot */
    }
    *length = (size_t)n;
    return text;
}

/* The BVH skeleton as a posemath scene in metres, its frame 0 as the rest
   (T-)pose, and its humanoid. 0, or -1 with a message. */
typedef struct source {
    int node_count;
    int *parent;
    pm_transform *rest, *pose;
    float *world; /* the pose's world matrices, for the check */
    int bone_node[PM_BONE_COUNT];
    pm_humanoid humanoid;
} source;

static int build_source(const bvh *motion, source *s)
{
    int j, b;
    pm_result r;
    memset(s, 0, sizeof *s);
    s->node_count = motion->joint_count;
    s->parent = (int *)malloc(sizeof(int) * (size_t)s->node_count);
    s->rest = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)s->node_count);
    s->pose = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)s->node_count);
    s->world = (float *)malloc(16 * sizeof(float) * (size_t)s->node_count);
    if (!s->parent || !s->rest || !s->pose || !s->world || motion->frame_count < 1) {
        fprintf(stderr, "pipeline: the motion has no frames\n");
        return -1;
    }
    for (j = 0; j < s->node_count; ++j) s->parent[j] = motion->joints[j].parent;
    bvh_humanoid(motion, s->bone_node);
    bvh_rest(motion, s->rest); /* the zero-rotation pose, fitted to the T-pose */
    r = pm_humanoid_fit_tpose(s->bone_node, s->parent, s->node_count, s->rest, s->rest, NULL);
    if (r == PM_OK) r = pm_humanoid_init(&s->humanoid, s->bone_node, s->parent, s->node_count, s->rest, NULL);
    if (r != PM_OK) {
        fprintf(stderr, "pipeline: the motion's skeleton is not a humanoid: %s", pm_result_string(r));
        for (b = 0; r == PM_ERROR_MISSING_BONE && b < PM_BONE_COUNT; ++b)
            if (pm_bone_required((pm_bone)b) && s->bone_node[b] < 0) fprintf(stderr, " (no %s joint)", pm_bone_name((pm_bone)b));
        fprintf(stderr, "\n");
        return -1;
    }
    return 0;
}

/* ---- skinning ------------------------------------------------------------------------ */

/* Bones from the posed scene (world x inverse bind) into the job's prepared bones. */
static int prepare_bones(mesh *m, const character *c)
{
    float world[NODES * 16];
    int n, row, column;
    pm_scene_world_matrices(c->parent, NODES, c->pose, world);
    for (n = 0; n < NODES; ++n) /* column-major: element (row, column) at 4 column + row */
        for (column = 0; column < 4; ++column)
            for (row = 0; row < 4; ++row)
                m->bones[16 * n + 4 * column + row] =
                    world[16 * n + row] * c->inverse_bind[n][4 * column] +
                    world[16 * n + 4 + row] * c->inverse_bind[n][4 * column + 1] +
                    world[16 * n + 8 + row] * c->inverse_bind[n][4 * column + 2] +
                    world[16 * n + 12 + row] * c->inverse_bind[n][4 * column + 3];
    return pm_skin_job_prepare(&m->job) == PM_OK;
}

/* ---- drawing ------------------------------------------------------------------------ */

static unsigned char image[WIDTH * HEIGHT * 3];
static float depth[WIDTH * HEIGHT];

/* The view of a panel follows the hips across the floor (`centre`: x, z). */
static void project(const float p[3], int panel, const float centre[2], float out[3])
{
    const float c = cosf(0.5f), s = sinf(0.5f), x = p[0] - centre[0], z = p[2] - centre[1]; /* turned 29 degrees */
    out[0] = (float)(panel * PANEL + PANEL / 2) + 200.0f * (c * x + s * z);
    out[1] = (float)FLOOR_Y - 200.0f * p[1];
    out[2] = -s * x + c * z;
}

/* Flat-shaded quads between the rings of every tube. Returns pixels written. */
static int draw(raster *r, const mesh *m, int panel, const float centre[2])
{
    static const unsigned char palette[13][3] = {{90, 110, 150},  {100, 120, 160}, {225, 190, 160},
                                                 {205, 170, 140}, {235, 205, 180}, {215, 185, 160},
                                                 {190, 60, 60},   {170, 50, 50},   {120, 20, 30},
                                                 {95, 60, 40},    {80, 50, 35},    {40, 45, 70},
                                                 {30, 35, 55}};
    const float light[3] = {0.35f, 0.75f, 0.55f};
    int t, ring, s, k, written = 0;
    for (t = 0; t < m->tube_count; ++t)
        for (ring = 0; ring + 1 < RINGS; ++ring)
            for (s = 0; s < SEGMENTS; ++s) {
                int base = m->tube_start[t] + ring * SEGMENTS;
                int q[4] = {base + s, base + (s + 1) % SEGMENTS, base + SEGMENTS + (s + 1) % SEGMENTS, base + SEGMENTS + s};
                float p[4][3], n[3] = {0, 0, 0};
                for (k = 0; k < 4; ++k) {
                    project(m->out_position + 3 * q[k], panel, centre, p[k]);
                    n[0] += m->out_normal[3 * q[k]];
                    n[1] += m->out_normal[3 * q[k] + 1];
                    n[2] += m->out_normal[3 * q[k] + 2];
                }
                written += raster_quad(r, (const float(*)[3])p, n, light, palette[m->color[q[0]]]);
            }
    return written;
}

/* The largest angle, in degrees, between a limb of the character and the
   same limb of the motion's skeleton (its own forward kinematics, every joint
   animated): retargeting keeps each bone's turn from rest, and both rests are
   the T-pose. */
static double limb_difference(const character *c, const float *character_world, const source *s)
{
    static const pm_bone limbs[][2] = {
        {PM_BONE_SPINE, PM_BONE_CHEST},
        {PM_BONE_LEFT_UPPER_ARM, PM_BONE_LEFT_LOWER_ARM},   {PM_BONE_LEFT_LOWER_ARM, PM_BONE_LEFT_HAND},
        {PM_BONE_RIGHT_UPPER_ARM, PM_BONE_RIGHT_LOWER_ARM}, {PM_BONE_RIGHT_LOWER_ARM, PM_BONE_RIGHT_HAND},
        {PM_BONE_LEFT_UPPER_LEG, PM_BONE_LEFT_LOWER_LEG},   {PM_BONE_LEFT_LOWER_LEG, PM_BONE_LEFT_FOOT},
        {PM_BONE_RIGHT_UPPER_LEG, PM_BONE_RIGHT_LOWER_LEG}, {PM_BONE_RIGHT_LOWER_LEG, PM_BONE_RIGHT_FOOT}};
    double worst = 0.0;
    size_t k;
    for (k = 0; k < sizeof limbs / sizeof limbs[0]; ++k) {
        const int a = limbs[k][0], b = limbs[k][1];
        double mine[3], theirs[3], cross[3];
        int i;
        if (s->bone_node[a] < 0 || s->bone_node[b] < 0) continue;
        for (i = 0; i < 3; ++i) {
            mine[i] = (double)character_world[16 * c->bone_node[b] + 12 + i] - character_world[16 * c->bone_node[a] + 12 + i];
            theirs[i] = (double)s->world[16 * s->bone_node[b] + 12 + i] - s->world[16 * s->bone_node[a] + 12 + i];
        }
        for (i = 0; i < 3; ++i) cross[i] = mine[(i + 1) % 3] * theirs[(i + 2) % 3] - mine[(i + 2) % 3] * theirs[(i + 1) % 3];
        /* the angle from its sine and cosine: acos of a dot product near 1 loses half the digits */
        worst = fmax(worst, atan2(sqrt(cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]),
                                  mine[0] * theirs[0] + mine[1] * theirs[1] + mine[2] * theirs[2]) * 180.0 / GLM_PI);
    }
    return worst;
}

/* The face, as a VRM runtime resolves it after the humanoid: the eyes
   toward a point that circles in front of the character (a bone lookAt,
   eyes turned up to 25 degrees), and the expressions aa (the mouth opens
   and closes) and blink (every 12th frame) into the mesh's two morphs.
   The lookAt runs before the constraints, as three-vrm's VRM.update does. */
static int face(character *c, mesh *m, const pm_raw_pose *raw, int frame, float *world, double yaw_range[2])
{
    static const pm_expression_morph_bind mouth = {0, 0, 1.0f}, shut = {0, 1, 1.0f};
    static const pm_look_at look_at = {PM_LOOK_AT_BONE, {0.0f, 0.1f, 0.09f}, {0.0f, 0.0f, 1.0f},
                                       {60.0f, 25.0f}, {60.0f, 25.0f}, {60.0f, 25.0f}, {60.0f, 25.0f}};
    pm_expression expressions[2];
    const int morph_start[2] = {0, 2};
    float weights[2], applied[2], yaw, pitch;
    const float *hips;
    vec3 target;
    pm_normalized_pose normalized;
    pm_raw_pose eyes;
    memset(expressions, 0, sizeof expressions);
    expressions[0].name = "aa", expressions[0].name_length = 2, expressions[0].preset = PM_EXPRESSION_AA;
    expressions[0].morph_binds = &mouth, expressions[0].morph_bind_count = 1;
    expressions[1].name = "blink", expressions[1].name_length = 5, expressions[1].preset = PM_EXPRESSION_BLINK;
    expressions[1].morph_binds = &shut, expressions[1].morph_bind_count = 1;
    weights[0] = 0.5f - 0.5f * cosf(0.4f * (float)frame);
    weights[1] = frame % 12 < 2 ? 1.0f : 0.0f;
    if (pm_scene_world_matrices(c->parent, NODES, c->pose, world) != PM_OK) return 0;
    hips = world + 16 * c->bone_node[PM_BONE_HIPS] + 12;
    target[0] = hips[0] + 0.7f * sinf(0.25f * (float)frame);
    target[1] = 1.45f + 0.25f * sinf(0.4f * (float)frame);
    target[2] = hips[2] + 0.8f;
    if (pm_look_at_yaw_pitch(&look_at, &c->humanoid, world, target, &yaw, &pitch) != PM_OK ||
        pm_pose_normalize(&c->humanoid, raw, &normalized) != PM_OK ||
        pm_look_at_eyes(&look_at, yaw, pitch, &normalized) != PM_OK ||
        pm_pose_denormalize(&c->humanoid, &normalized, &eyes) != PM_OK || pm_pose_write(&c->humanoid, &eyes, c->pose) != PM_OK ||
        pm_expressions_resolve(expressions, 2, weights, applied) != PM_OK ||
        pm_expressions_morph_weights(expressions, 2, applied, morph_start, 1, m->morph_weight, NULL) != PM_OK)
        return 0;
    if (frame == 0 || (double)yaw < yaw_range[0]) yaw_range[0] = (double)yaw;
    if (frame == 0 || (double)yaw > yaw_range[1]) yaw_range[1] = (double)yaw;
    return 1;
}

/* The angle, in degrees, between the ponytail (its first joint to its tip) and straight down */
static double ponytail_angle(const character *c, const float *world)
{
    const float *root = world + 16 * c->ponytail[0] + 12, *tip = world + 16 * c->ponytail[PONYTAIL_JOINTS] + 12;
    const double d[3] = {(double)tip[0] - root[0], (double)tip[1] - root[1], (double)tip[2] - root[2]};
    return atan2(sqrt(d[0] * d[0] + d[2] * d[2]), -d[1]) * 180.0 / GLM_PI;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    static character c;
    static mesh m;
    raster picture = {WIDTH, HEIGHT, image, depth};
    source src;
    bvh motion;
    pm_raw_pose raw, retargeted;
    pm_retarget to_character; /* worked out once for the pair of rigs */
    static float character_world[16 * NODES];
    double worst_limb = 0.0;
    char error[160];
    char *text;
    size_t length;
    double t0, time_retarget = 0, time_constraints = 0, time_springs = 0, time_bones = 0, time_skin = 0;
    double ponytail_swing = 0.0, eye_yaw[2] = {0.0, 0.0};
    int f, panel = 0, sheet[SHEET_FRAMES], drawn[SHEET_FRAMES], loaded;

    build_character(&c);
    build_mesh(&m, &c);
    if (pm_skin_job_validate(&m.job, NULL) != PM_OK) {
        fprintf(stderr, "pipeline: the mesh does not validate\n");
        return 1;
    }
    if (argc > 2) {
        loaded = bvh_load(argv[2], &motion, error, sizeof error);
    } else {
        text = write_demo_bvh(&length);
        loaded = bvh_parse(text, length, &motion, error, sizeof error);
        free(text);
    }
    if (loaded != 0) {
        fprintf(stderr, "pipeline: %s: %s\n", argc > 2 ? argv[2] : "demo motion", error);
        return 1;
    }
    if (motion.warning[0]) fprintf(stderr, "pipeline: %s: %s\n", argc > 2 ? argv[2] : "demo motion", motion.warning);
    if (build_source(&motion, &src) != 0) return 1;
    if (pm_retarget_init(&to_character, &src.humanoid, &c.humanoid) != PM_OK) {
        fprintf(stderr, "pipeline: the motion's skeleton cannot be retargeted to the character\n");
        return 1;
    }
    printf("character: %d nodes (21 humanoid bones, random rest rotations, no upperChest), 4 constraints, "
           "%d spring joints, %d vertices\n", NODES, SPRING_JOINTS, m.vertex_count);
    printf("motion: %d joints, %d frames\n", motion.joint_count, motion.frame_count);
    for (f = 0; f < SHEET_FRAMES; ++f) sheet[f] = (motion.frame_count - 1) * f / (SHEET_FRAMES - 1);
    raster_clear(&picture, 248);
    memset(image + 3 * WIDTH * FLOOR_Y, 226, (size_t)(3 * WIDTH * (HEIGHT - FLOOR_Y))); /* the floor, y = 0 */
    memset(image + 3 * WIDTH * FLOOR_Y, 150, (size_t)(3 * WIDTH * 2));

    for (f = 0; f < motion.frame_count; ++f) {
        if (isatty(2)) fprintf(stderr, "\rframe %d/%d", f, motion.frame_count - 1);
        t0 = seconds();
        bvh_pose(&motion, f, src.pose);
        if (pm_pose_read(&src.humanoid, src.pose, &raw) != PM_OK ||
            pm_retarget_apply(&to_character, &raw, &retargeted) != PM_OK ||
            pm_pose_write(&c.humanoid, &retargeted, c.pose) != PM_OK) {
            fprintf(stderr, "\npipeline: frame %d cannot be retargeted\n", f);
            return 1;
        }
        time_retarget += seconds() - t0;
        t0 = seconds();
        if (pm_constraint_set_apply(&c.constraint_set, c.pose) != PM_OK) {
            fprintf(stderr, "\npipeline: frame %d: constraints failed\n", f);
            return 1;
        }
        time_constraints += seconds() - t0;
        if (!face(&c, &m, &retargeted, f, character_world, eye_yaw)) {
            fprintf(stderr, "\npipeline: frame %d: the face failed\n", f);
            return 1;
        }
        t0 = seconds(); /* the springs swing from the animated pose (at the first frame: at rest on it) */
        if (pm_scene_world_matrices(c.parent, NODES, c.pose, character_world) != PM_OK ||
            (f == 0 && pm_spring_set_reset(&c.spring_set, c.pose, character_world) != PM_OK) ||
            pm_spring_set_step(&c.spring_set, c.pose, character_world,
                               (float)(motion.frame_time > 0.0 ? motion.frame_time : 1.0 / 30.0)) != PM_OK) {
            fprintf(stderr, "\npipeline: frame %d: springs failed\n", f);
            return 1;
        }
        time_springs += seconds() - t0;
        ponytail_swing = fmax(ponytail_swing, ponytail_angle(&c, character_world));
        t0 = seconds();
        if (!prepare_bones(&m, &c)) {
            fprintf(stderr, "\npipeline: frame %d: skinning failed\n", f);
            return 1;
        }
        time_bones += seconds() - t0;
        t0 = seconds();
        if (pm_skin_job_run(&m.job, 0, m.vertex_count) != PM_OK) return 1;
        time_skin += seconds() - t0;
        if (pm_scene_world_matrices(src.parent, src.node_count, src.pose, src.world) != PM_OK ||
            pm_scene_world_matrices(c.parent, NODES, c.pose, character_world) != PM_OK) {
            fprintf(stderr, "\npipeline: frame %d: world matrices failed\n", f);
            return 1;
        }
        worst_limb = fmax(worst_limb, limb_difference(&c, character_world, &src));
        while (panel < SHEET_FRAMES && f == sheet[panel]) { /* short motions draw a frame twice */
            const float *hips = character_world + 16 * c.bone_node[PM_BONE_HIPS] + 12;
            const float centre[2] = {hips[0], hips[2]};
            drawn[panel] = draw(&picture, &m, panel, centre);
            ++panel;
        }
    }
    if (isatty(2)) fprintf(stderr, "\r");
    printf("limbs against the motion's own joints: largest difference %.2g degrees over %d frames\n", worst_limb,
           motion.frame_count);
    f = motion.frame_count;
    printf("ponytail: swings up to %.1f degrees from straight down\n", ponytail_swing);
    printf("eyes: follow a moving point from %.1f to %.1f degrees of yaw\n", eye_yaw[0], eye_yaw[1]);
    printf("per frame: retarget %.1f us, constraints %.1f us, springs %.1f us, skinning %.1f us (bones %.1f us, "
           "vertices %.1f us; %s kernels)\n",
           1e6 * time_retarget / f, 1e6 * time_constraints / f, 1e6 * time_springs / f, 1e6 * (time_bones + time_skin) / f,
           1e6 * time_bones / f, 1e6 * time_skin / f, pm_skin_job_get_kernels());
    printf("pixels drawn per picture:");
    for (f = 0; f < panel; ++f) printf(" %d", drawn[f]);
    printf("\n");
    if (argc > 1) {
        static const unsigned char ink[3] = {60, 60, 60};
        char label[96];
        const char *slash = argc > 2 ? strrchr(argv[2], '/') : NULL;
        for (f = 0; f < panel; ++f) {
            snprintf(label, sizeof label, "FRAME %d", sheet[f]);
            font_draw(image, WIDTH, HEIGHT, f * PANEL + 10, 10, 3, label, ink);
        }
        snprintf(label, sizeof label, "%.40s ON THE 21-BONE CHARACTER, %d FRAMES",
                 argc > 2 ? (slash ? slash + 1 : argv[2]) : "A GENERATED WALK IN PLACE", motion.frame_count);
        font_draw(image, WIDTH, HEIGHT, 8, HEIGHT - 24, 2, label, ink);
        if (!png_write(argv[1], WIDTH, HEIGHT, image)) {
            fprintf(stderr, "pipeline: cannot write %s\n", argv[1]);
            return 1;
        }
        printf("wrote %s: frames", argv[1]);
        for (f = 0; f < panel; ++f) printf(" %d", sheet[f]);
        printf("\n");
    }
    bvh_free(&motion);
    free(src.parent);
    free(src.rest);
    free(src.pose);
    free(src.world);
    return output_close("pipeline", 0);
}
