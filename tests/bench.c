/* make bench: timings, each next to a baseline measured in the same run on
   the same inputs.

   Euler baselines are the textbook matrix methods, written with cglm:
   quat -> euler: glm_quat_mat4, then asinf of one element for the middle
   angle and atan2f of two element pairs (the TH.Utils QuaternionConverter README's method, with three.js's
   lock test); euler -> quat: glm_euler_by_order, then glm_mat4_quat.
   The constraint baseline is the spec's pseudocode written plainly with
   cglm in float: world matrices by walking up the parents. */
#define _POSIX_C_SOURCE 200112L /* clock_gettime, pthreads */
#include "../posemath.h"

#include "../posemath_mmd.h"
#include "../posemath_vrm.h"
#ifdef PM_BENCH_BULLET
#include "../posemath_mmd_bullet.h"
#endif

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum { COUNT = 4096, REPEAT = 200, RUNS = 11 };

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Uniform in [-1, 1]. */
/* dest = p q where dest may be p or q: cglm's scalar glm_quat_mul (builds
   without SSE, such as x87 -m32) reads its inputs after writing dest. */
static void quat_mul_safe(versor p, versor q, versor dest)
{
    versor r;
    glm_quat_mul(p, q, r);
    glm_quat_copy(r, dest);
}

static float frand(void) { return (float)rand() / (float)RAND_MAX * 2.0f - 1.0f; }

static const glm_euler_seq cglm_orders[6] = {GLM_EULER_XYZ, GLM_EULER_XZY, GLM_EULER_YXZ,
                                             GLM_EULER_YZX, GLM_EULER_ZXY, GLM_EULER_ZYX};
static const int order_axes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* POINT order (i, j, k): R = R_i R_j R_k, and with e_i x e_j = s e_k,
   R[row i][col k] = s sin(e_j). cglm matrices are m[column][row]. */
static void baseline_quat_to_euler(versor q, int order, vec3 euler)
{
    const int i = order_axes[order][0], j = order_axes[order][1], k = order_axes[order][2];
    const float s = j == (i + 1) % 3 ? 1.0f : -1.0f;
    mat4 m;
    float sin_middle;
    glm_quat_mat4(q, m);
    sin_middle = glm_clamp(s * m[k][i], -1.0f, 1.0f);
    euler[j] = asinf(sin_middle);
    if (fabsf(sin_middle) < 0.9999999f) {
        euler[i] = atan2f(-s * m[k][j], m[k][k]);
        euler[k] = atan2f(-s * m[j][i], m[i][i]);
    } else {
        euler[i] = atan2f(s * m[j][k], m[j][j]);
        euler[k] = 0.0f;
    }
}

static void baseline_euler_to_quat(vec3 euler, int order, versor q)
{
    mat4 m = GLM_MAT4_IDENTITY_INIT; /* glm_euler_by_order has no default case */
    glm_euler_by_order(euler, cglm_orders[order], m);
    glm_mat4_quat(m, q);
}

static versor quats[COUNT], quats_out[COUNT];
static vec3 eulers[COUNT], eulers_out[COUNT];

/* Best of RUNS, in ns per call; `body` indexes with the caller's n;
   `sink` keeps the results alive. */
#define TIME_LOOP(result, body)                                                        \
    do {                                                                               \
        int run_, rep_;                                                                \
        result = 1e30;                                                                 \
        for (run_ = 0; run_ < RUNS; ++run_) {                                          \
            double t0_ = now_ns(), t_;                                                 \
            for (rep_ = 0; rep_ < REPEAT; ++rep_)                                      \
                for (n = 0; n < COUNT; ++n) body;                                      \
            t_ = (now_ns() - t0_) / ((double)REPEAT * COUNT);                          \
            if (t_ < result) result = t_;                                              \
        }                                                                              \
    } while (0)

static float sink(void)
{
    float s = 0.0f;
    int n;
    for (n = 0; n < COUNT; ++n) s += eulers_out[n][0] + quats_out[n][3];
    return s;
}

/* ---- constraints: a VRM-style rig with 100 constraints -------------------

   A 52-bone humanoid (spine, arms with fingers, legs) and, as VRM models
   carry them: 40 twist bones with roll constraints (5 per limb segment,
   reading the next joint), 20 aim constraints (sleeves aiming at the
   elbows, skirt bones aiming at the knees) and 40 rotation constraints on
   accessory bones (copying fingers, chest and head). */

enum { RIG_MAX_NODES = 160, RIG_CONSTRAINTS = 100, RIG_FRAMES = 2000 };

typedef struct rig {
    int node_count, count, humanoid_bones;
    int parent[RIG_MAX_NODES];
    pm_transform rest[RIG_MAX_NODES], pose[RIG_MAX_NODES];
    pm_constraint constraints[RIG_CONSTRAINTS];
    pm_constraint_rest rests[RIG_CONSTRAINTS];
    int order[RIG_CONSTRAINTS];
    pm_constraint_set set;
} rig;

static int rig_node(rig *r, int parent, float x, float y, float z)
{
    pm_transform *t = &r->rest[r->node_count];
    r->parent[r->node_count] = parent;
    glm_vec3_copy((vec3){x, y, z}, t->translation);
    glm_quat_identity(t->rotation);
    glm_vec3_one(t->scale);
    return r->node_count++;
}

static void rig_constraint(rig *r, int destination, int source, pm_constraint_type type, pm_axis axis,
                           float weight)
{
    pm_constraint *c = &r->constraints[r->count++];
    c->destination = destination;
    c->source = source;
    c->type = type;
    c->axis = axis;
    c->weight = weight;
}

static void rig_build(rig *r)
{
    int limbs[8][2], side, i, k, chest, head, hips;
    memset(r, 0, sizeof *r);
    hips = rig_node(r, -1, 0.0f, 1.0f, 0.0f);
    i = rig_node(r, hips, 0.0f, 0.1f, 0.0f);
    chest = rig_node(r, i, 0.0f, 0.15f, 0.0f);
    i = rig_node(r, chest, 0.0f, 0.15f, 0.0f);
    i = rig_node(r, i, 0.0f, 0.1f, 0.0f);
    head = rig_node(r, i, 0.0f, 0.1f, 0.0f);
    for (side = 0; side < 2; ++side) {
        float sx = side ? -1.0f : 1.0f;
        int shoulder = rig_node(r, chest, 0.05f * sx, 0.12f, 0.0f);
        int upper_arm = rig_node(r, shoulder, 0.1f * sx, 0.0f, 0.0f);
        int lower_arm = rig_node(r, upper_arm, 0.25f * sx, 0.0f, 0.0f);
        int hand = rig_node(r, lower_arm, 0.25f * sx, 0.0f, 0.0f);
        int upper_leg = rig_node(r, hips, 0.1f * sx, -0.05f, 0.0f);
        int lower_leg = rig_node(r, upper_leg, 0.0f, -0.4f, 0.0f);
        int foot = rig_node(r, lower_leg, 0.0f, -0.4f, 0.0f);
        rig_node(r, foot, 0.0f, -0.05f, 0.1f);
        for (k = 0; k < 5; ++k) { /* fingers: three bones each */
            int f1 = rig_node(r, hand, 0.08f * sx, 0.0f, 0.02f * (float)(k - 2));
            int f2 = rig_node(r, f1, 0.03f * sx, 0.0f, 0.0f);
            rig_node(r, f2, 0.02f * sx, 0.0f, 0.0f);
        }
        limbs[4 * side + 0][0] = upper_arm, limbs[4 * side + 0][1] = lower_arm;
        limbs[4 * side + 1][0] = lower_arm, limbs[4 * side + 1][1] = hand;
        limbs[4 * side + 2][0] = upper_leg, limbs[4 * side + 2][1] = lower_leg;
        limbs[4 * side + 3][0] = lower_leg, limbs[4 * side + 3][1] = foot;
    }
    r->humanoid_bones = r->node_count;
    for (i = 0; i < 8; ++i) /* twist bones along each limb segment */
        for (k = 0; k < 5; ++k)
            rig_constraint(r, rig_node(r, limbs[i][0], i % 4 < 2 ? 0.04f * (float)(k + 1) : 0.0f,
                                       i % 4 < 2 ? 0.0f : -0.06f * (float)(k + 1), 0.0f),
                           limbs[i][1], PM_CONSTRAINT_ROLL, i % 4 < 2 ? PM_AXIS_POSITIVE_X : PM_AXIS_POSITIVE_Y,
                           0.2f * (float)(k + 1));
    for (side = 0; side < 2; ++side)
        for (k = 0; k < 5; ++k) {
            int upper_arm = limbs[4 * side][0], upper_leg = limbs[4 * side + 2][0];
            rig_constraint(r, rig_node(r, upper_arm, 0.05f, 0.03f * (float)(k - 2), 0.03f), limbs[4 * side][1],
                           PM_CONSTRAINT_AIM, PM_AXIS_POSITIVE_X, 1.0f);
            rig_constraint(r, rig_node(r, hips, 0.03f * (float)(k - 2), -0.1f, 0.1f), limbs[4 * side + 2][1],
                           PM_CONSTRAINT_AIM, PM_AXIS_NEGATIVE_Y, 0.7f);
            (void)upper_leg;
        }
    for (i = 0; r->count < RIG_CONSTRAINTS; ++i) { /* accessories copy fingers, chest, head */
        int source = i < 30 ? 14 + (i / 15) * 23 + i % 15 : (i % 2 ? chest : head);
        rig_constraint(r, rig_node(r, r->parent[source], 0.01f, 0.01f, 0.0f), source, PM_CONSTRAINT_ROTATION,
                       PM_AXIS_POSITIVE_X, i < 30 ? 1.0f : 0.5f);
    }
    r->set.constraints = r->constraints;
    r->set.count = r->count;
    r->set.parent = r->parent;
    r->set.node_count = r->node_count;
    r->set.rest = r->rests;
    r->set.order = r->order;
}

/* Every humanoid bone turns a little, differently per bone and frame. */
static void rig_pose(rig *r, int frame)
{
    int i;
    memcpy(r->pose, r->rest, (size_t)r->node_count * sizeof r->pose[0]);
    for (i = 0; i < r->humanoid_bones; ++i)
        glm_quatv(r->pose[i].rotation, 0.002f * (float)((frame + 7 * i) % 300),
                  (vec3){0.3f + 0.1f * (float)(i % 3), 0.9f, 0.3f});
}

static void baseline_world(const rig *r, int node, mat4 world)
{
    glm_mat4_identity(world);
    for (; node >= 0; node = r->parent[node]) {
        mat4 local;
        glm_quat_mat4((float *)r->pose[node].rotation, local);
        glm_vec3_copy((float *)r->pose[node].translation, local[3]);
        glm_mat4_mul(local, world, world);
    }
}

static void baseline_constraints(rig *r)
{
    static const vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    int k;
    for (k = 0; k < r->count; ++k) {
        const pm_constraint *c = &r->constraints[r->order[k]];
        versor dst_rest, src_rest, inv, delta, target, src;
        vec3 axis, turned;
        glm_vec3_copy((float *)axes[c->axis], axis);
        glm_quat_copy(r->rests[r->order[k]].destination, dst_rest);
        glm_quat_copy(r->rests[r->order[k]].source, src_rest);
        glm_quat_copy(r->pose[c->source].rotation, src);
        if (c->type == PM_CONSTRAINT_ROTATION) {
            glm_quat_inv(src_rest, inv);
            glm_quat_mul(inv, src, delta);
            glm_quat_mul(dst_rest, delta, target);
        } else if (c->type == PM_CONSTRAINT_ROLL) {
            versor swing;
            glm_quat_inv(dst_rest, inv);
            glm_quat_mul(inv, src, delta);
            glm_quat_inv(src_rest, inv);
            quat_mul_safe(delta, inv, delta);
            quat_mul_safe(delta, dst_rest, delta);
            glm_quat_rotatev(delta, axis, turned);
            glm_quat_from_vecs(turned, axis, swing);
            glm_quat_mul(dst_rest, swing, target);
            quat_mul_safe(target, delta, target);
        } else {
            mat4 parent_world, source_world;
            versor p, p_inv, from_to;
            vec3 dst_pos, to;
            baseline_world(r, r->parent[c->destination], parent_world);
            baseline_world(r, c->source, source_world);
            glm_mat4_mulv3(parent_world, r->pose[c->destination].translation, 1.0f, dst_pos);
            glm_mat4_quat(parent_world, p);
            glm_quat_mul(p, dst_rest, target);
            glm_quat_rotatev(target, axis, turned);
            glm_vec3_sub(source_world[3], dst_pos, to);
            glm_vec3_normalize(to);
            glm_quat_from_vecs(turned, to, from_to);
            glm_quat_inv(p, p_inv);
            glm_quat_mul(p_inv, from_to, target);
            quat_mul_safe(target, p, target);
            quat_mul_safe(target, dst_rest, target);
        }
        glm_quat_slerp(dst_rest, target, c->weight, r->pose[c->destination].rotation);
    }
}

static void bench_constraints(void)
{
    static rig r;
    double ours = 1e30, base = 1e30;
    int run, frame;
    float check = 0.0f;
    rig_build(&r);
    if (pm_constraint_set_init(&r.set, r.rest) != PM_OK) {
        printf("constraints: init failed\n");
        return;
    }
    for (run = 0; run < 5; ++run) {
        double t0 = now_ns(), t;
        for (frame = 0; frame < RIG_FRAMES; ++frame) {
            rig_pose(&r, frame);
            pm_constraint_set_apply(&r.set, r.pose);
            check += r.pose[r.node_count - 1].rotation[0];
        }
        t = now_ns() - t0;
        t0 = now_ns();
        for (frame = 0; frame < RIG_FRAMES; ++frame) rig_pose(&r, frame); /* subtract posing */
        t -= now_ns() - t0;
        if (t < ours) ours = t;
        t0 = now_ns();
        for (frame = 0; frame < RIG_FRAMES; ++frame) {
            rig_pose(&r, frame);
            baseline_constraints(&r);
            check += r.pose[r.node_count - 1].rotation[0];
        }
        t = now_ns() - t0;
        t0 = now_ns();
        for (frame = 0; frame < RIG_FRAMES; ++frame) rig_pose(&r, frame);
        t -= now_ns() - t0;
        if (t < base) base = t;
    }
    ours /= (double)RIG_FRAMES * RIG_CONSTRAINTS;
    base /= (double)RIG_FRAMES * RIG_CONSTRAINTS;
    printf("\nconstraints: VRM-style rig, %d bones, %d constraints (40 roll, 40 rotation, 20 aim)\n",
           r.node_count, r.count);
    printf("  posemath %.1f ns per constraint (target < 100), baseline (cglm float) %.1f ns: %.2fx\n",
           ours, base, base / ours);
    printf("  (checksum %g)\n", (double)check);
}

/* ---- retargeting: 55 bones to a rig without upperChest and toes ------------ */

typedef struct humanoid_scene {
    int parent[PM_BONE_COUNT];
    pm_transform rest[PM_BONE_COUNT];
    int bone_node[PM_BONE_COUNT];
    pm_humanoid h;
} humanoid_scene;

/* One node per bone (missing ones skipped), parents by the humanoid table. */
static void humanoid_build(humanoid_scene *s, int random_rest, int drop_optional)
{
    int b, n = 0;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        int up = pm_bone_parent((pm_bone)b);
        pm_transform *t = &s->rest[n];
        if (drop_optional && (b == PM_BONE_UPPER_CHEST || b == PM_BONE_LEFT_TOES || b == PM_BONE_RIGHT_TOES)) {
            s->bone_node[b] = -1;
            continue;
        }
        while (up >= 0 && s->bone_node[up] < 0) up = pm_bone_parent((pm_bone)up);
        s->bone_node[b] = n;
        s->parent[n] = up < 0 ? -1 : s->bone_node[up];
        glm_vec3_copy((vec3){0.05f * frand(), b == 0 ? 1.0f : 0.1f + 0.05f * frand(), 0.05f * frand()}, t->translation);
        glm_quat_init(t->rotation, random_rest ? frand() : 0.0f, random_rest ? frand() : 0.0f,
                      random_rest ? frand() : 0.0f, 1.0f);
        glm_quat_normalize(t->rotation);
        glm_vec3_one(t->scale);
        ++n;
    }
    pm_humanoid_init(&s->h, s->bone_node, s->parent, n, s->rest, NULL);
}

/* The same algorithm written plainly with cglm in float. */
static void baseline_retarget(const pm_humanoid *a, const pm_raw_pose *raw_a, const pm_humanoid *b, pm_raw_pose *raw_b)
{
    versor delta[PM_BONE_COUNT], turn[PM_BONE_COUNT], n, p, p_inv, l, l_inv;
    int bone;
    for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
        int up = a->parent_bone[bone];
        if (a->bone_node[bone] < 0) continue;
        glm_quat_copy((float *)a->rest_parent[bone], p);
        glm_quat_copy((float *)a->rest_local[bone], l);
        glm_quat_inv(p, p_inv);
        glm_quat_inv(l, l_inv);
        glm_quat_mul(p, (float *)raw_a->rotation[bone], n);
        quat_mul_safe(n, l_inv, n);
        quat_mul_safe(n, p_inv, n);
        if (up < 0) glm_quat_copy(n, delta[bone]);
        else glm_quat_mul(delta[up], n, delta[bone]);
    }
    for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
        int up = b->parent_bone[bone];
        if (b->bone_node[bone] < 0) {
            glm_quat_identity(raw_b->rotation[bone]);
            continue;
        }
        glm_quat_copy(a->bone_node[bone] >= 0 ? delta[bone] : turn[up], turn[bone]);
        if (up < 0) glm_quat_copy(turn[bone], n);
        else {
            glm_quat_inv(turn[up], n);
            quat_mul_safe(n, turn[bone], n);
        }
        glm_quat_copy((float *)b->rest_parent[bone], p);
        glm_quat_copy((float *)b->rest_local[bone], l);
        glm_quat_inv(p, p_inv);
        quat_mul_safe(n, p, n);
        quat_mul_safe(p_inv, n, n);
        glm_quat_mul(n, l, raw_b->rotation[bone]);
    }
    glm_vec3_copy((float *)raw_a->hips_translation, raw_b->hips_translation);
}

static void bench_retarget(void)
{
    enum { POSES = 256, REPEAT_RETARGET = 400 };
    static humanoid_scene a, b;
    static pm_raw_pose poses[POSES], out;
    static pm_retarget prepared;
    double ours = 1e30, base = 1e30, fast = 1e30;
    float check = 0.0f;
    int run, rep, i, bone;
    humanoid_build(&a, 0, 0);
    humanoid_build(&b, 1, 1);
    pm_retarget_init(&prepared, &a.h, &b.h);
    for (i = 0; i < POSES; ++i) {
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
            glm_quat_init(poses[i].rotation[bone], 0.3f * frand(), 0.3f * frand(), 0.3f * frand(), 1.0f);
            glm_quat_normalize(poses[i].rotation[bone]);
        }
        glm_vec3_copy((vec3){0.1f * frand(), 1.0f, 0.1f * frand()}, poses[i].hips_translation);
        poses[i].rig = a.h.rig;
    }
    for (run = 0; run < RUNS; ++run) {
        double t0 = now_ns(), t;
        for (rep = 0; rep < REPEAT_RETARGET; ++rep)
            for (i = 0; i < POSES; ++i) {
                pm_retarget_once(&a.h, &poses[i], &b.h, &out);
                check += out.rotation[5][0];
            }
        t = (now_ns() - t0) / ((double)REPEAT_RETARGET * POSES);
        if (t < ours) ours = t;
        t0 = now_ns();
        for (rep = 0; rep < REPEAT_RETARGET; ++rep)
            for (i = 0; i < POSES; ++i) {
                pm_retarget_apply(&prepared, &poses[i], &out);
                check += out.rotation[5][0];
            }
        t = (now_ns() - t0) / ((double)REPEAT_RETARGET * POSES);
        if (t < fast) fast = t;
        t0 = now_ns();
        for (rep = 0; rep < REPEAT_RETARGET; ++rep)
            for (i = 0; i < POSES; ++i) {
                baseline_retarget(&a.h, &poses[i], &b.h, &out);
                check += out.rotation[5][0];
            }
        t = (now_ns() - t0) / ((double)REPEAT_RETARGET * POSES);
        if (t < base) base = t;
    }
    printf("\nretargeting: 55 bones to a rig without upperChest and toes (random rest rotations)\n");
    printf("  pm_retarget_apply (worked out once per pair of rigs) %.0f ns per pose (target < 500)\n", fast);
    printf("  pm_retarget_once (worked out every call) %.0f ns; baseline (cglm float) %.0f ns, %.2fx pm_retarget_apply's"
           "  (checksum %g)\n", ours, base, base / fast, (double)check);
}

/* ---- skinning: 1M vertices, positions and normals ----------------------------

   Every job is timed by one harness, posemath's pm_skin_job_run and
   ozz-animation's SkinningJob (tests/bench_ozz.cc) alike: SKIN_RUNS runs
   over the whole mesh, split into contiguous ranges for threads, the two
   libraries' runs taking turns, in two regimes: warm (each run after an
   untimed one of the same job, its data in cache as far as the cache holds
   it) and cold (the caches flushed by a 512 MiB copy before each run, as in
   a frame with other work). Each regime has its limit, measured in the same
   run: a copy of the same order of bytes, repeated (warm) or after a flush
   (cold). Bytes are those a vertex's streams hold, read and written (a
   strided stream: its whole record). */

typedef struct ozz_strides { int indices, weights, positions, normals, out_positions, out_normals; } ozz_strides;
#ifdef PM_BENCH_OZZ
typedef struct ozz_skin ozz_skin;
ozz_skin *ozz_skin_create(int influences, int vertex_count, const float *matrices, int bone_count, const uint16_t *indices,
                          const float *weights, const float *positions, const float *normals, float *out_positions,
                          float *out_normals, const ozz_strides *strides);
int ozz_skin_run(ozz_skin *s, int first, int count);
void ozz_skin_free(ozz_skin *s);
#endif

enum { SKIN_N = 1 << 20, SKIN_BONE_COUNT = 64, SKIN_RUNS = 11, SKIN_MAX_THREADS = 64 };
#define SKIN_FLUSH_BYTES ((size_t)1 << 29) /* copied: 1 GiB touched, past the last-level caches of today's CPUs */
#define SKIN_COPY_BYTES ((size_t)1 << 25)  /* the limits' copies: 32 MiB read, 32 written, as a job moves 50-100 MB */

/* an engine's vertex records: all of a vertex's inputs, and its outputs */
typedef struct skin_record { float pos[3], nrm[3]; uint16_t idx[4]; float wgt[4]; } skin_record;
typedef struct skin_out_record { float pos[3], nrm[3]; } skin_out_record;

/* The mesh in every layout the rows read: PMX's (4 indices and weights and
   a type), the compact parts', ozz's (K indices and K - 1 weights), and
   records. The types mix as PMX characters do: 60% BDEF2, 30% BDEF1, 5%
   BDEF4, 5% SDEF. */
typedef struct skin_mesh {
    float *pos, *nrm, *wgt, *sdef, *w0, *w3, *wgt8, *w7, *out_pos, *out_nrm;
    uint16_t *idx, *idx1, *idx2, *idx8;
    unsigned char *type, *mixed;
    skin_record *in;
    skin_out_record *out;
    pm_rigid bones[SKIN_BONE_COUNT];
    pm_skin_bone prepared[SKIN_BONE_COUNT];
    mat4 matrices[SKIN_BONE_COUNT];
    char *flush_from, *flush_to, *copy_from, *copy_to;
} skin_mesh;

static void *skin_alloc(size_t count, size_t size)
{
    void *p = malloc(count * size);
    if (!p) {
        printf("skinning bench: out of memory\n");
        exit(1);
    }
    return p;
}

static void skin_mesh_init(skin_mesh *m)
{
    const size_t n = SKIN_N;
    int v, k, i;
    m->pos = (float *)skin_alloc(3 * n, 4), m->nrm = (float *)skin_alloc(3 * n, 4), m->wgt = (float *)skin_alloc(4 * n, 4);
    m->sdef = (float *)skin_alloc(9 * n, 4), m->w0 = (float *)skin_alloc(n, 4), m->w3 = (float *)skin_alloc(3 * n, 4);
    m->wgt8 = (float *)skin_alloc(8 * n, 4), m->w7 = (float *)skin_alloc(7 * n, 4);
    m->out_pos = (float *)skin_alloc(3 * n, 4), m->out_nrm = (float *)skin_alloc(3 * n, 4);
    m->idx = (uint16_t *)skin_alloc(4 * n, 2), m->idx1 = (uint16_t *)skin_alloc(n, 2);
    m->idx2 = (uint16_t *)skin_alloc(2 * n, 2), m->idx8 = (uint16_t *)skin_alloc(8 * n, 2);
    m->type = (unsigned char *)skin_alloc(n, 1), m->mixed = (unsigned char *)skin_alloc(n, 1);
    m->in = (skin_record *)skin_alloc(n, sizeof *m->in), m->out = (skin_out_record *)skin_alloc(n, sizeof *m->out);
    m->flush_from = (char *)skin_alloc(SKIN_FLUSH_BYTES, 1), m->flush_to = (char *)skin_alloc(SKIN_FLUSH_BYTES, 1);
    m->copy_from = (char *)skin_alloc(SKIN_COPY_BYTES, 1), m->copy_to = (char *)skin_alloc(SKIN_COPY_BYTES, 1);
    memset(m->flush_from, 1, SKIN_FLUSH_BYTES), memset(m->flush_to, 2, SKIN_FLUSH_BYTES);
    memset(m->copy_from, 1, SKIN_COPY_BYTES), memset(m->copy_to, 2, SKIN_COPY_BYTES);
    memset(m->out_pos, 0, 12 * n), memset(m->out_nrm, 0, 12 * n), memset(m->out, 0, n * sizeof *m->out);
    for (v = 0; v < SKIN_N; ++v) {
        const int r = (int)(((unsigned)v * 2654435761u) >> 8) % 100;
        m->mixed[v] = (unsigned char)(r < 60 ? PM_SKIN_BDEF2 : r < 90 ? PM_SKIN_BDEF1 : r < 95 ? PM_SKIN_BDEF4 : PM_SKIN_SDEF);
        for (k = 0; k < 3; ++k) {
            m->pos[3 * v + k] = m->in[v].pos[k] = frand();
            m->nrm[3 * v + k] = m->in[v].nrm[k] = k == 1 ? 1.0f : 0.0f;
        }
        for (k = 0; k < 9; ++k) m->sdef[9 * v + k] = 0.1f * frand();
        for (k = 0; k < 8; ++k) { /* neighbouring vertices share bones */
            m->idx8[8 * v + k] = (uint16_t)((v / 64 + k * 7) % SKIN_BONE_COUNT);
            m->wgt8[8 * v + k] = 0.125f;
            if (k < 7) m->w7[7 * v + k] = 0.125f;
        }
        for (k = 0; k < 4; ++k) {
            m->idx[4 * v + k] = m->in[v].idx[k] = m->idx8[8 * v + k];
            m->wgt[4 * v + k] = k == 0 ? 0.6f : k == 1 ? 0.4f : 0.25f;
            m->wgt[4 * v + 1] = 1.0f - m->wgt[4 * v]; /* BDEF2 as a PMX reader stores it */
            m->in[v].wgt[k] = m->wgt[4 * v + k];
            if (k < 3) m->w3[3 * v + k] = m->wgt[4 * v + k];
        }
        m->w0[v] = m->wgt[4 * v];
        m->idx1[v] = m->idx[4 * v];
        m->idx2[2 * v] = m->idx[4 * v], m->idx2[2 * v + 1] = m->idx[4 * v + 1];
    }
    for (i = 0; i < SKIN_BONE_COUNT; ++i) {
        glm_quat_init(m->bones[i].rotation, frand(), frand(), frand(), 1.0f);
        glm_quat_normalize(m->bones[i].rotation);
        glm_vec3_copy((vec3){frand(), frand(), frand()}, m->bones[i].translation);
        glm_quat_mat4(m->bones[i].rotation, m->matrices[i]);
        glm_vec3_copy(m->bones[i].translation, m->matrices[i][3]);
    }
}

/* A packed job on the mesh's PMX arrays, every vertex of `type` (-1: the mix) */
static pm_skin_job skin_job(skin_mesh *m, int type)
{
    pm_skin_job job;
    memset(&job, 0, sizeof job);
    memset(m->type, type >= 0 ? type : 0, SKIN_N);
    job.vertex_count = SKIN_N;
    job.positions = m->pos, job.normals = m->nrm;
    job.types = type >= 0 ? m->type : m->mixed;
    job.bone_indices = m->idx, job.bone_weights = m->wgt, job.sdef = m->sdef;
    job.bone_matrices = (const float *)m->matrices; /* the matrices ozz gets */
    job.bone_count = SKIN_BONE_COUNT, job.prepared = m->prepared;
    job.out_positions = m->out_pos, job.out_normals = m->out_nrm;
    return job;
}

typedef int (*skin_run_fn)(const void *ctx, int first, int count);

static int skin_run_posemath(const void *job, int first, int count)
{
    return pm_skin_job_run((const pm_skin_job *)job, first, count) == PM_OK;
}

#ifdef PM_BENCH_OZZ
static int skin_run_ozz(const void *s, int first, int count) { return ozz_skin_run((ozz_skin *)(uintptr_t)s, first, count); }
#endif

/* The mix as pm_skin_partition_by_type parts it: one job a type, over the
   permuted vertices (a range covers the parts it meets) */
typedef struct skin_parts {
    pm_skin_job part[5];
    int start[6];
} skin_parts;

static int skin_run_parts(const void *ctx, int first, int count)
{
    const skin_parts *p = (const skin_parts *)ctx;
    int t, ok = 1;
    for (t = 0; t < 5; ++t) {
        const int from = first > p->start[t] ? first : p->start[t];
        const int to = first + count < p->start[t + 1] ? first + count : p->start[t + 1];
        if (to > from) ok &= pm_skin_job_run(&p->part[t], from - p->start[t], to - from) == PM_OK;
    }
    return ok;
}

typedef struct skin_thread {
    skin_run_fn run;
    const void *ctx;
    int first, count, ok;
} skin_thread;

static void *skin_thread_main(void *arg)
{
    skin_thread *t = (skin_thread *)arg;
    t->ok = t->run(t->ctx, t->first, t->count);
    return NULL;
}

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The limits' copy, by the same harness: SKIN_COPY_BYTES spread over the
   mesh's vertices, a range copying its share */
static int skin_run_copy(const void *ctx, int first, int count)
{
    const skin_mesh *m = (const skin_mesh *)ctx;
    const size_t from = SKIN_COPY_BYTES * (size_t)first / SKIN_N, to = SKIN_COPY_BYTES * (size_t)(first + count) / SKIN_N;
    memcpy(m->copy_to + from, m->copy_from + from, to - from);
    return 1;
}

/* What one row compares: posemath's job and ozz's (run NULL: none) */
enum { SKIN_OURS, SKIN_THEIRS };

/* The best of SKIN_RUNS runs of each job in million vertices per second on
   `threads` threads, each a contiguous range; warm: each run right after an
   untimed one of the same job, cold: the caches flushed before each run.
   The two jobs take turns, run by run: what a VM's shared last-level cache
   holds moves from minute to minute, and so moves both alike. 0 for a job
   that failed. Returns the median over the turns of ours / theirs in the
   same turn: a paired ratio, which the cache's moves shift less than the
   ratio of the bests (0 without theirs). */
static double skin_measure(skin_mesh *m, const skin_run_fn run[2], const void *const ctx[2], int threads, int cold,
                           double best[2])
{
    double rates[2] = {0.0, 0.0}, ratios[SKIN_RUNS];
    int r, j, i, failed[2] = {0, 0};
    best[0] = best[1] = 0.0;
    for (r = 0; r < SKIN_RUNS; ++r) {
        for (j = 0; j < 2; ++j) {
            pthread_t id[SKIN_MAX_THREADS];
            skin_thread t[SKIN_MAX_THREADS];
            double t0;
            if (!run[j]) continue;
            if (cold) memcpy(m->flush_to, m->flush_from, SKIN_FLUSH_BYTES);
            else failed[j] |= !run[j](ctx[j], 0, SKIN_N);
            for (i = 0; i < threads; ++i) {
                t[i].run = run[j], t[i].ctx = ctx[j];
                t[i].first = (int)((long long)SKIN_N * i / threads);
                t[i].count = (int)((long long)SKIN_N * (i + 1) / threads) - t[i].first;
            }
            t0 = now_ns();
            for (i = 1; i < threads; ++i) pthread_create(&id[i], NULL, skin_thread_main, &t[i]);
            skin_thread_main(&t[0]);
            for (i = 1; i < threads; ++i) pthread_join(id[i], NULL);
            rates[j] = (double)SKIN_N / (now_ns() - t0) * 1e3;
            for (i = 0; i < threads; ++i) failed[j] |= !t[i].ok;
            if (rates[j] > best[j]) best[j] = rates[j];
        }
        ratios[r] = run[SKIN_THEIRS] ? rates[SKIN_OURS] / rates[SKIN_THEIRS] : 0.0;
    }
    for (j = 0; j < 2; ++j)
        if (failed[j]) best[j] = 0.0;
    if (!run[SKIN_THEIRS] || best[SKIN_OURS] == 0.0 || best[SKIN_THEIRS] == 0.0) return 0.0;
    qsort(ratios, SKIN_RUNS, sizeof ratios[0], compare_doubles);
    return ratios[SKIN_RUNS / 2];
}

/* The limit: GB/s read + written by the copy on `threads` threads, the best
   of SKIN_RUNS in a row, warm (repeated) or cold (after a flush) */
static double skin_copy_limit(skin_mesh *m, int threads, int cold)
{
    const skin_run_fn run[2] = {skin_run_copy, NULL};
    const void *const ctx[2] = {m, NULL};
    double best[2];
    skin_measure(m, run, ctx, threads, cold, best);
    return best[SKIN_OURS] * 1e-3 * 2.0 * (double)SKIN_COPY_BYTES / SKIN_N;
}

/* One row: posemath's job (and ozz's, when peer is not NULL) warm and cold,
   with the bytes each moves a vertex, each regime beside its copy measured
   right after */
static void skin_row(skin_mesh *m, const char *name, skin_run_fn run, const void *ctx, int bytes, void *peer,
                     int peer_bytes)
{
    skin_run_fn runs[2] = {run, NULL};
    const void *ctxs[2] = {ctx, peer};
    double best[2];
    int cold;
#ifdef PM_BENCH_OZZ
    if (peer) runs[SKIN_THEIRS] = skin_run_ozz;
#endif
    printf("%-30s %4d %4d", name, bytes, peer ? peer_bytes : 0);
    for (cold = 0; cold < 2; ++cold) {
        const double ratio = skin_measure(m, runs, ctxs, 1, cold, best), copy = skin_copy_limit(m, 1, cold);
        if (runs[SKIN_THEIRS]) printf(" | %7.1f %7.1f %5.2fx", best[SKIN_OURS], best[SKIN_THEIRS], ratio);
        else printf(" | %7.1f       -      -", best[SKIN_OURS]);
        printf(" %5.1f %4.0f%% %5.1f", best[SKIN_OURS] * bytes * 1e-3, 100.0 * best[SKIN_OURS] * bytes * 1e-3 / copy, copy);
    }
    printf("\n");
}

#ifdef PM_BENCH_OZZ
#define SKIN_OZZ(k, idx, wgt, pos, nrm, opos, onrm, strides)                                                       \
    ozz_skin_create(k, SKIN_N, (const float *)m.matrices, SKIN_BONE_COUNT, idx, wgt, pos, nrm, opos, onrm, strides)
#define SKIN_OZZ_FREE(s) ozz_skin_free((ozz_skin *)(s))
#else
#define SKIN_OZZ(k, idx, wgt, pos, nrm, opos, onrm, strides) ((void)(strides), NULL)
#define SKIN_OZZ_FREE(s) (void)(s)
#endif

static void bench_skinning(void)
{
    static skin_mesh m;
    static int order[SKIN_N], position[SKIN_N];
    static const char *const type_names[5] = {"BDEF1", "BDEF2", "BDEF4", "SDEF", "QDEF"};
    const int cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
    pm_skin_job job, compact[4];
    void *peer[4];
    int t, k;
    skin_mesh_init(&m);
    job = skin_job(&m, PM_SKIN_BDEF4);
    pm_skin_job_prepare(&job);
    printf("\nskinning: %d vertices, positions + normals in and out, %d bones, %s kernels, one thread\n"
           "each row's limits: a copy (GB/s read + written) repeated (warm) or after a flush (cold), right after the row's jobs;\n"
           "vs ozz: the median of the ratios of runs taken in turn\n",
           SKIN_N, SKIN_BONE_COUNT, pm_skin_job_get_kernels());
#ifndef PM_BENCH_OZZ
    printf("ozz-animation: ../shared/peers/ozz-animation absent or no C++ compiler, its columns skipped\n");
#endif
    printf("                               bytes a    | warm: M vertices/s             GB/s  of  copy | cold: M vertices/s             GB/s  of  copy\n"
           "job                            vertex ozz | posemath     ozz  vs ozz      copy's GB/s | posemath     ozz  vs ozz      copy's GB/s\n");
    printf("each on its best layout: posemath's compact parts, ozz's K indices and K - 1 weights\n");
    for (k = 0; k < 4; ++k) { /* BDEF1 / K1, BDEF2 / K2, BDEF4 / K4, 8 influences / K8 */
        static const char *const names[4] = {"BDEF1 / K1 (influences 1)", "BDEF2 / K2 (influences 2)",
                                             "BDEF4 / K4 (3 weights stored)", "8 influences / K8"};
        static const int bytes[4] = {50, 56, 68, 96}, peer_bytes[4] = {50, 56, 68, 92};
        static const int influences[4] = {1, 2, 4, 8};
        compact[k] = skin_job(&m, 0);
        compact[k].types = NULL;
        compact[k].influences = influences[k];
        compact[k].last_weight_implied = k == 2;
        compact[k].bone_indices = k == 0 ? m.idx1 : k == 1 ? m.idx2 : k == 2 ? m.idx : m.idx8;
        compact[k].bone_weights = k == 0 ? NULL : k == 1 ? m.w0 : k == 2 ? m.w3 : m.wgt8;
        peer[k] = SKIN_OZZ(influences[k], compact[k].bone_indices, k == 0 ? NULL : k == 1 ? m.w0 : k == 2 ? m.w3 : m.w7,
                           m.pos, m.nrm, m.out_pos, m.out_nrm, NULL);
        skin_row(&m, names[k], skin_run_posemath, &compact[k], bytes[k], peer[k], peer_bytes[k]);
    }
    printf("PMX as read: 4 indices and weights a vertex, and its type\n");
    for (t = 0; t <= PM_SKIN_QDEF; ++t) {
        static const int bytes[5] = {57, 73, 73, 109, 73}; /* BDEF1 reads no weights; SDEF reads its 36 bytes too */
        job = skin_job(&m, t);
        skin_row(&m, type_names[t], skin_run_posemath, &job, bytes[t], NULL, 0);
    }
    { /* the MMD mix, as read and in parts (its vertices permuted as pm_skin_partition_by_type orders them) */
        static skin_parts parts;
        float *pos = (float *)skin_alloc(3 * SKIN_N, 4), *nrm = (float *)skin_alloc(3 * SKIN_N, 4),
              *wgt = (float *)skin_alloc(4 * SKIN_N, 4), *sdef = (float *)skin_alloc(9 * SKIN_N, 4),
              *w0 = (float *)skin_alloc(SKIN_N, 4);
        uint16_t *idx = (uint16_t *)skin_alloc(4 * SKIN_N, 2), *idx1 = (uint16_t *)skin_alloc(SKIN_N, 2),
                 *idx2 = (uint16_t *)skin_alloc(2 * SKIN_N, 2);
        unsigned char *types = (unsigned char *)skin_alloc(SKIN_N, 1);
        const double mix_bytes = 0.3 * 57 + 0.6 * 73 + 0.05 * 73 + 0.05 * 109, part_bytes = 0.3 * 50 + 0.6 * 56 + 0.05 * 72 + 0.05 * 109;
        int i;
        job = skin_job(&m, -1);
        skin_row(&m, "MMD mix (30% BDEF1, 60% BDEF2)", skin_run_posemath, &job, (int)(mix_bytes + 0.5), NULL, 0);
        pm_skin_partition_by_type(SKIN_N, m.mixed, order, position, parts.start);
        for (i = 0; i < SKIN_N; ++i) {
            const int v = order[i];
            memcpy(pos + 3 * i, m.pos + 3 * v, 12), memcpy(nrm + 3 * i, m.nrm + 3 * v, 12);
            memcpy(wgt + 4 * i, m.wgt + 4 * v, 16), memcpy(sdef + 9 * i, m.sdef + 9 * v, 36);
            memcpy(idx + 4 * i, m.idx + 4 * v, 8), memcpy(idx2 + 2 * i, m.idx + 4 * v, 4);
            idx1[i] = m.idx[4 * v], w0[i] = m.wgt[4 * v], types[i] = m.mixed[v];
        }
        for (t = 0; t < 5; ++t) {
            pm_skin_job *p = &parts.part[t];
            const int s = parts.start[t];
            *p = skin_job(&m, 0);
            p->vertex_count = parts.start[t + 1] - s;
            p->positions = pos + 3 * s, p->normals = nrm + 3 * s, p->sdef = sdef + 9 * s;
            p->types = t >= PM_SKIN_SDEF ? types + s : NULL;
            p->influences = t == PM_SKIN_BDEF1 ? 1 : t == PM_SKIN_BDEF2 ? 2 : 4;
            p->bone_indices = t == PM_SKIN_BDEF1 ? idx1 + s : t == PM_SKIN_BDEF2 ? idx2 + 2 * s : idx + 4 * s;
            p->bone_weights = t == PM_SKIN_BDEF1 ? NULL : t == PM_SKIN_BDEF2 ? w0 + s : wgt + 4 * s;
            p->out_positions = m.out_pos + 3 * s, p->out_normals = m.out_nrm + 3 * s;
        }
        skin_row(&m, "MMD mix in parts by type", skin_run_parts, &parts, (int)(part_bytes + 0.5), NULL, 0);
        free(pos), free(nrm), free(wgt), free(sdef), free(w0), free(idx), free(idx1), free(idx2), free(types);
    }
    { /* vertex morphs at the cost of the vertices they touch, on a face shaped as a real model's (71 vertex morphs of
         about 300 vertices each over a face of 4,000 vertices: some 5 entries a face vertex): 15% of the vertices in
         patches of 300, each patch in 5 of 71 morphs, one morph (a blink) at weight 1, the rest at 0; the MMD mix with
         them against it without, paired */
        enum { FACE_MORPHS = 71, PATCH = 300, PATCH_MORPHS = 5 };
        const int face_first = SKIN_N / 2, face_end = face_first + SKIN_N * 15 / 100;
        int *start = (int *)skin_alloc(SKIN_N + 1, sizeof(int));
        pm_vertex_morph *entries = (pm_vertex_morph *)skin_alloc((size_t)(face_end - face_first) * PATCH_MORPHS,
                                                                 sizeof(pm_vertex_morph));
        uint64_t *masks = (uint64_t *)skin_alloc((SKIN_N + PM_MORPH_MASK_VERTICES - 1) / PM_MORPH_MASK_VERTICES,
                                                 sizeof(uint64_t));
        static float weights[FACE_MORPHS] = {1.0f};
        const skin_run_fn runs[2] = {skin_run_posemath, skin_run_posemath};
        pm_skin_job plain = skin_job(&m, -1), morphed = plain;
        const void *ctxs[2] = {&morphed, &plain};
        double best[2], ratio;
        int v, n = 0, cold, e, moved = 0;
        for (v = 0; v < SKIN_N; ++v) {
            const int patch = (v - face_first) / PATCH;
            start[v] = n;
            for (e = 0; v >= face_first && v < face_end && e < PATCH_MORPHS; ++e, ++n) {
                entries[n].morph = (patch + 14 * e) % FACE_MORPHS;
                entries[n].offset[0] = 0.01f * frand(), entries[n].offset[1] = 0.01f * frand(), entries[n].offset[2] = 0.0f;
                moved += entries[n].morph == 0;
            }
        }
        start[SKIN_N] = n;
        morphed.morph_start = start, morphed.morphs = entries;
        morphed.morph_weights = weights, morphed.morph_count = FACE_MORPHS;
        if (pm_morph_masks(SKIN_N, start, entries, masks) != PM_OK) printf("MMD mix with morphs: pm_morph_masks refused\n");
        printf("MMD mix with morphs: a face of 15%% of the vertices in %d morphs, 5 a vertex; one at weight 1 moves %.1f%%\n",
               FACE_MORPHS, 100.0 * moved / SKIN_N);
        for (k = 0; k < 2; ++k) { /* with the job's morph_masks, then without (every face block morphed) */
            morphed.morph_masks = k == 0 ? masks : NULL;
            for (cold = 0; cold < 2; ++cold) {
                ratio = skin_measure(&m, runs, ctxs, 1, cold, best);
                printf("  %s%s: %7.1f M vertices/s with the morphs, %7.1f without: %.2fx the time\n", cold ? "cold" : "warm",
                       k == 0 ? ", morph_masks" : ", no masks  ", best[SKIN_OURS], best[SKIN_THEIRS],
                       ratio > 0.0 ? 1.0 / ratio : 0.0);
            }
        }
        free(start), free(entries), free(masks);
    }
    printf("interleaved records, both on the same ones (in: position, normal, 4 indices, 4 weights; out: position, normal)\n");
    for (k = 0; k < 3; ++k) {
        static const char *const names[3] = {"BDEF1 / K1 records", "BDEF2 / K2 records", "BDEF4 / K4 records"};
        const int in = (int)sizeof(skin_record), out = (int)sizeof(skin_out_record);
        const ozz_strides strides = {in, in, in, in, out, out};
        void *records;
        job = skin_job(&m, 0);
        job.types = NULL;
        job.influences = k == 0 ? 1 : k == 1 ? 2 : 4;
        job.positions = m.in[0].pos, job.normals = m.in[0].nrm;
        job.bone_indices = m.in[0].idx, job.bone_weights = k == 0 ? NULL : m.in[0].wgt;
        job.stride.positions = job.stride.normals = job.stride.bone_indices = job.stride.bone_weights = in;
        job.out_positions = m.out[0].pos, job.out_normals = m.out[0].nrm;
        job.stride.out_positions = job.stride.out_normals = out;
        records = SKIN_OZZ(job.influences, m.in[0].idx, m.in[0].wgt, m.in[0].pos, m.in[0].nrm, m.out[0].pos, m.out[0].nrm,
                           &strides);
        skin_row(&m, names[k], skin_run_posemath, &job, in + out, records, in + out);
        SKIN_OZZ_FREE(records);
    }
    printf("threads (cold), each on its best layout         copy GB/s\n");
    for (k = 0; k < 3; k += 2) { /* BDEF1 / K1 and BDEF4 / K4 */
        int threads;
        for (threads = 1; threads <= cpus && threads <= SKIN_MAX_THREADS; threads = threads == 1 ? 2 : threads == cpus ? cpus + 1 : cpus) {
            skin_run_fn runs[2] = {skin_run_posemath, NULL};
            const void *ctxs[2] = {&compact[k], peer[k]};
            double best[2], ratio;
#ifdef PM_BENCH_OZZ
            runs[SKIN_THEIRS] = skin_run_ozz;
#endif
            ratio = skin_measure(&m, runs, ctxs, threads, 1, best);
            printf("%s, %2d threads: posemath %7.1f M/s, ozz %7.1f M/s, %5.2fx; copy %5.1f GB/s\n", type_names[k], threads,
                   best[SKIN_OURS], best[SKIN_THEIRS], ratio, skin_copy_limit(&m, threads, 1));
        }
    }
    for (k = 0; k < 4; ++k) SKIN_OZZ_FREE(peer[k]);
}

/* babylon-mmd's runtimes' figures from tests/gen/mmd_bench_babylon.mjs's
   file (lines "NAME MEDIAN BEST"), those of the runtimes named with (or
   without) "physics", each printed beside posemath's median where `print`.
   The first one's median, 0 when none. */
static double babylon_rows(const char *results, int physics, double median, int print)
{
    char name[64];
    double babylon_median, babylon_best, first = 0.0;
    FILE *file = results ? fopen(results, "r") : NULL;
    if (!file) return 0.0;
    while (fscanf(file, "%63s %lf %lf", name, &babylon_median, &babylon_best) == 3) {
        if ((strstr(name, "physics") != NULL) != physics) continue;
        if (print) printf("%-28s  %8.2f  %7.2f   %5.2fx\n", name, babylon_median, babylon_best, babylon_median / median);
        if (first == 0.0) first = babylon_median;
    }
    fclose(file);
    return first;
}

#ifdef PM_BENCH_BULLET
/* Bullet's engine with its step timed: what the frame spends in Bullet
   against the rest (bones before and after physics, the targets and the
   write-back, the skinning transforms) */
typedef struct timed_engine {
    pm_mmd_physics_engine bullet;
    double step_ns;
} timed_engine;

static void timed_place(void *world, const pm_rigid *bodies)
{
    timed_engine *t = (timed_engine *)world;
    t->bullet.place(t->bullet.world, bodies);
}

static void timed_drive(void *world, const pm_rigid *bodies, const unsigned char *bone_on)
{
    timed_engine *t = (timed_engine *)world;
    t->bullet.drive(t->bullet.world, bodies, bone_on);
}

static int timed_step(void *world, double seconds, int max_substeps, double substep)
{
    timed_engine *t = (timed_engine *)world;
    const double start = now_ns();
    const int ok = t->bullet.step(t->bullet.world, seconds, max_substeps, substep);
    t->step_ns = now_ns() - start;
    return ok;
}

static void timed_read(void *world, pm_rigid *bodies)
{
    timed_engine *t = (timed_engine *)world;
    t->bullet.read(t->bullet.world, bodies);
}

static int timed_recover(void *world, const pm_rigid *targets)
{
    timed_engine *t = (timed_engine *)world;
    return t->bullet.recover(t->bullet.world, targets);
}

static void timed_destroy(void *world)
{
    timed_engine *t = (timed_engine *)world;
    t->bullet.destroy(t->bullet.world);
}

/* MMD motion with physics: the character's 102 rigid bodies and 122 joints
   on Bullet (posemath_mmd_bullet.cc), as babylon-mmd's WASM runtime runs
   its own Bullet in tests/gen/mmd_bench_babylon.mjs: from frame 0, where
   every body is placed on its bone, 600 updates of 1/60 s (half a VMD
   frame), each the model instance's whole frame. The lowest of fifteen
   runs' medians per frame, and Bullet's step's median in that run. turn:
   one line, beside babylon-mmd's run just before (make bench takes the two
   in turns). */
static void bench_mmd_physics(pm_mmd_model *player, const pm_vmd_motion *motion, const char *babylon_results, int turn)
{
    enum { STEPS = 600, ROUNDS = 15 };
    static double frame_us[STEPS], step_us[STEPS];
    timed_engine timed;
    pm_mmd_physics_engine engine;
    double median = 1e30, best = 1e30, step = 0.0;
    int s, round;
    if (pm_mmd_bullet_create(&player->physics, -98.0f, &timed.bullet) != PM_OK) {
        printf("\nMMD motion with physics: Bullet: out of memory\n");
        return;
    }
    engine.world = &timed;
    engine.place = timed_place, engine.drive = timed_drive, engine.step = timed_step;
    engine.read = timed_read, engine.recover = timed_recover, engine.destroy = timed_destroy;
    pm_mmd_model_set_physics(player, &engine);
    for (round = 0; round < ROUNDS; ++round) {
        (void)pm_mmd_model_play(player, motion); /* every body placed on its bone */
        for (s = 0; s < STEPS; ++s) {
            const double t0 = now_ns();
            if (pm_mmd_model_update(player, 1.0 / 60.0) != PM_OK) printf("MMD physics: a body flew off\n");
            frame_us[s] = (now_ns() - t0) / 1000.0;
            step_us[s] = timed.step_ns / 1000.0;
        }
        qsort(frame_us, STEPS, sizeof frame_us[0], compare_doubles);
        best = frame_us[0] < best ? frame_us[0] : best;
        if (frame_us[STEPS / 2] < median) {
            median = frame_us[STEPS / 2];
            qsort(step_us, STEPS, sizeof step_us[0], compare_doubles);
            step = step_us[STEPS / 2];
        }
    }
    pm_mmd_model_set_physics(player, NULL);
    if (turn) {
        const double babylon = babylon_rows(babylon_results, 1, 0.0, 0);
        if (babylon > 0.0)
            printf("babylon-mmd-wasm-physics %.2f us, posemath + Bullet %.2f us (Bullet's step %.1f): %.2fx\n", babylon,
                   median, step, babylon / median);
        else
            printf("babylon-mmd-wasm-physics: no result this turn; posemath + Bullet %.2f us\n", median);
        return;
    }
    printf("\nMMD motion with physics: %d rigid bodies, %d joints on Bullet (Debian's libbullet-dev), one frame\n"
           "(pm_mmd_model_update of 1/60 s: morphs, bones before and after physics, the sync of bodies and bones,\n"
           "Bullet's step, the skinning transforms)\n",
           player->pmx->rigid_body_count, player->pmx->joint_count);
    printf("runtime                      median us  best us   posemath's speedup (median; best of 15 runs)\n");
    printf("posemath + Bullet             %8.2f  %7.2f   (Bullet's step's median %.1f)\n", median, best, step);
    if (babylon_rows(babylon_results, 1, median, 1) == 0.0) printf("babylon-mmd: node or its npm packages (tests/gen) absent, its columns skipped\n");
}
#endif

/* MMD motion: a 283-bone character (tests/fixtures/character.pmx: 17 IK
   chains, 46 grants) playing its dance, every track sampled and every bone
   posed per frame, 0.75 frame apart, as babylon-mmd's runtimes are timed by
   tests/gen/mmd_bench_babylon.mjs on the same files (the lowest of fifteen
   runs' medians, and the fastest frame); their figures come in a file
   (make bench runs node first) when node and babylon-mmd are there. Then,
   where Bullet is, the same with physics. */
/* physics_turn: the physics row alone, as one line (bench_mmd_physics) */
static void bench_mmd(const char *babylon_results, int physics_turn)
{
    enum { FRAMES = 400, ROUNDS = 15 };
    static double times[FRAMES];
    pm_pmx_model model;
    pm_vmd_motion motion;
    pm_mmd_model *player = NULL;
    pm_parse_error error;
    double median, best;
    int f, round;
    if (pm_pmx_parse_file("tests/fixtures/character.pmx", NULL, &model, &error) != PM_OK ||
        pm_vmd_parse_file("tests/fixtures/character_dance.vmd", NULL, &motion, &error) != PM_OK ||
        pm_mmd_model_create(&model, NULL, &player, NULL) != PM_OK || pm_mmd_model_play(player, &motion) != PM_OK) {
        printf("\nMMD motion: the character cannot be read\n");
        return;
    }
    median = best = 1e30;
    for (round = 0; round < ROUNDS && !physics_turn; ++round) {
        for (f = 0; f < FRAMES; ++f) {
            const double start = now_ns();
            if (pm_mmd_model_seek(player, 0.75 * (f + 1)) != PM_OK) printf("MMD motion: frame %d refused\n", f);
            times[f] = (now_ns() - start) / 1000.0;
        }
        qsort(times, FRAMES, sizeof times[0], compare_doubles);
        median = times[FRAMES / 2] < median ? times[FRAMES / 2] : median;
        best = times[0] < best ? times[0] : best;
    }
    if (!physics_turn) {
        printf("\nMMD motion: %d bones, %d IK links, one frame (pm_mmd_model_seek: sample every track, weigh the morphs,\n"
               "pose every bone, the skinning transforms; physics off)\n",
               model.bone_count, model.link_count);
        printf("runtime                      median us  best us   posemath's speedup (median; best of 15 runs)\n");
        printf("posemath                      %8.2f  %7.2f\n", median, best);
        if (babylon_rows(babylon_results, 0, median, 1) == 0.0)
            printf("babylon-mmd: node or its npm packages (tests/gen) absent, its columns skipped\n");
    }
#ifdef PM_BENCH_BULLET
    bench_mmd_physics(player, &motion, babylon_results, physics_turn);
#else
    printf("%sMMD motion with physics: skipped, built without Bullet (Debian's libbullet-dev)\n", physics_turn ? "" : "\n");
#endif
    pm_mmd_model_destroy(player);
    pm_vmd_free(&motion);
    pm_pmx_free(&model);
}

/* VRM spring bones: an avatar with 100 joints and 10 colliders, built as
   tests/gen/springs_bench_threevrm.mjs builds it for three-vrm 3.5.5 (8
   hair chains of 6 on the head, 8 skirt chains of 5 on the hips, 2 ribbons
   of 6 on the chest; spheres on the head, neck, chest, hips and upper arms,
   capsules on the legs), its root swaying and turning. One frame: the world
   matrices (three-vrm's manager updates its own) and one step of 1/60 s;
   the lowest of fifteen runs' medians, and the fastest frame. */
enum { SPRING_NODES = 160, SPRING_JOINTS = 100, SPRING_CHAINS = 18, SPRING_COLLIDERS = 10 };

typedef struct springs_bench {
    int parent[SPRING_NODES], node_count, joint_count, root, hips, spine, chest, neck, head;
    pm_transform rest[SPRING_NODES], pose[SPRING_NODES];
    float world[16 * SPRING_NODES];
    pm_spring_joint joints[SPRING_JOINTS];
    pm_spring springs[SPRING_CHAINS];
    pm_spring_collider colliders[SPRING_COLLIDERS];
    pm_spring_collider_group groups[3];
    int group_colliders[3][5], spring_groups[3];
    pm_spring_joint_state state[SPRING_JOINTS];
    int work[PM_SPRING_WORK_INTS(SPRING_NODES, SPRING_JOINTS)];
    float lanes[PM_SPRING_LANE_FLOATS(SPRING_JOINTS, SPRING_COLLIDERS)];
    pm_spring_set set;
} springs_bench;

static int springs_bench_node(springs_bench *b, int parent, double x, double y, double z)
{
    const int n = b->node_count++;
    b->parent[n] = parent;
    b->rest[n].translation[0] = (float)x, b->rest[n].translation[1] = (float)y, b->rest[n].translation[2] = (float)z;
    glm_quat_identity(b->rest[n].rotation);
    glm_vec3_one(b->rest[n].scale);
    return n;
}

/* a chain of `count` joints and a tail under parent; its joints' settings */
static void springs_bench_chain(springs_bench *b, int parent, const double first[3], const double step[3], int count,
                                float stiffness, float gravity, float drag, float radius, int group)
{
    pm_spring *spring = &b->springs[b->set.spring_count++];
    pm_spring_joint *joints = b->joints + b->joint_count;
    int k, node = springs_bench_node(b, parent, first[0], first[1], first[2]);
    for (k = 0; k < count; ++k) {
        const int child = springs_bench_node(b, node, step[0], step[1], step[2]);
        pm_spring_joint *j = &joints[k];
        memset(j, 0, sizeof *j);
        j->node = node, j->child = child;
        j->hit_radius = radius, j->stiffness = stiffness, j->gravity_power = gravity, j->drag_force = drag;
        j->gravity_dir[1] = -1.0f;
        node = child;
    }
    b->joint_count += count;
    spring->joints = joints, spring->joint_count = count;
    spring->collider_groups = &b->spring_groups[group], spring->collider_group_count = 1;
    spring->center = -1;
}

static void springs_bench_collider(springs_bench *b, int node, int sphere, float radius)
{
    pm_spring_collider *c = &b->colliders[b->set.collider_count++];
    memset(c, 0, sizeof *c);
    c->node = node;
    c->shape = sphere ? PM_COLLIDER_SPHERE : PM_COLLIDER_CAPSULE;
    c->radius = radius;
    if (!sphere) c->tail[1] = -0.4f;
    if (node == b->head) c->offset[1] = 0.05f;
}

static int springs_bench_build(springs_bench *b)
{
    static const int groups[3][5] = {{0, 1, 3, 4, 9}, {2, 5, 6, 7, 8}, {1}}, sizes[3] = {5, 5, 1};
    int legs[4], arms[2], c, g;
    memset(b, 0, sizeof *b);
    b->root = springs_bench_node(b, -1, 0, 0, 0);
    b->hips = springs_bench_node(b, b->root, 0, 1, 0);
    b->spine = springs_bench_node(b, b->hips, 0, 0.15, 0);
    b->chest = springs_bench_node(b, b->spine, 0, 0.15, 0);
    b->neck = springs_bench_node(b, b->chest, 0, 0.12, 0);
    b->head = springs_bench_node(b, b->neck, 0, 0.1, 0);
    for (c = 0; c < 2; ++c) {
        legs[2 * c] = springs_bench_node(b, b->hips, c ? -0.1 : 0.1, -0.05, 0);
        legs[2 * c + 1] = springs_bench_node(b, legs[2 * c], 0, -0.45, 0);
    }
    for (c = 0; c < 2; ++c) arms[c] = springs_bench_node(b, b->chest, c ? -0.2 : 0.2, 0.1, 0);
    for (c = 0; c < 8; ++c) {
        const double a = 2 * GLM_PI * c / 8, first[3] = {0.08 * cos(a), 0.05, 0.08 * sin(a)},
                     step[3] = {0.01 * cos(a), -0.06, 0.01 * sin(a)};
        springs_bench_chain(b, b->head, first, step, 6, 0.8f, 0.4f, 0.4f, 0.02f, 0);
    }
    for (c = 0; c < 8; ++c) {
        const double a = 2 * GLM_PI * (c + 0.5) / 8, first[3] = {0.15 * cos(a), -0.05, 0.15 * sin(a)},
                     step[3] = {0.02 * cos(a), -0.07, 0.02 * sin(a)};
        springs_bench_chain(b, b->hips, first, step, 5, 1.5f, 1.0f, 0.5f, 0.03f, 1);
    }
    for (c = 0; c < 2; ++c) {
        const double first[3] = {c ? -0.06 : 0.06, 0, 0.1}, step[3] = {0, -0.05, 0.01};
        springs_bench_chain(b, b->chest, first, step, 6, 0.5f, 0.3f, 0.3f, 0.01f, 2);
    }
    springs_bench_collider(b, b->head, 1, 0.1f);
    springs_bench_collider(b, b->chest, 1, 0.12f);
    springs_bench_collider(b, b->hips, 1, 0.14f);
    for (c = 0; c < 2; ++c) springs_bench_collider(b, arms[c], 1, 0.05f);
    for (c = 0; c < 4; ++c) springs_bench_collider(b, legs[c], 0, 0.07f);
    springs_bench_collider(b, b->neck, 1, 0.05f);
    for (g = 0; g < 3; ++g) {
        memcpy(b->group_colliders[g], groups[g], sizeof groups[g]);
        b->groups[g].colliders = b->group_colliders[g];
        b->groups[g].collider_count = sizes[g];
        b->spring_groups[g] = g;
    }
    b->set.springs = b->springs;
    b->set.colliders = b->colliders;
    b->set.groups = b->groups, b->set.group_count = 3;
    b->set.parent = b->parent, b->set.node_count = b->node_count;
    b->set.joints = b->state, b->set.joint_capacity = SPRING_JOINTS;
    b->set.work = b->work;
    b->set.lanes = b->lanes;
    memcpy(b->pose, b->rest, sizeof b->pose);
    return pm_spring_set_init(&b->set, b->rest, NULL) == PM_OK &&
           pm_scene_world_matrices(b->parent, b->node_count, b->pose, b->world) == PM_OK &&
           pm_spring_set_reset(&b->set, b->pose, b->world) == PM_OK;
}

static void springs_bench_motion(springs_bench *b, double t) /* the script's animate(t) */
{
    const vec3 up = {0, 1, 0}, side = {0, 0, 1};
    b->pose[b->root].translation[0] = (float)(0.3 * sin(1.7 * t));
    b->pose[b->root].translation[1] = (float)(0.05 * fabs(sin(4 * t)));
    b->pose[b->root].translation[2] = (float)(0.5 * sin(0.9 * t));
    glm_quatv(b->pose[b->root].rotation, (float)(1.2 * sin(1.3 * t)), (float *)up);
    glm_quatv(b->pose[b->spine].rotation, (float)(0.2 * sin(2.1 * t)), (float *)side);
    glm_quatv(b->pose[b->head].rotation, (float)(0.6 * sin(2.9 * t)), (float *)up);
}

static void bench_springs(const char *threevrm_results)
{
    enum { FRAMES = 400, ROUNDS = 15 };
    static springs_bench b;
    static double step_times[FRAMES], frame_times[FRAMES];
    double step = 1e30, frame = 1e30, peer_median, peer_best;
    int f, round, peer_joints, peer_colliders, found = 0;
    char name[64];
    FILE *file;
    if (!springs_bench_build(&b)) {
        printf("\nspring bones: the bench scene was refused\n");
        return;
    }
    for (round = 0; round < ROUNDS; ++round) {
        memcpy(b.pose, b.rest, sizeof b.pose);
        pm_scene_world_matrices(b.parent, b.node_count, b.pose, b.world);
        pm_spring_set_reset(&b.set, b.pose, b.world);
        for (f = 0; f < FRAMES; ++f) {
            double start, middle;
            springs_bench_motion(&b, (f + 1) / 60.0);
            start = now_ns();
            if (pm_scene_world_matrices(b.parent, b.node_count, b.pose, b.world) != PM_OK)
                printf("spring bones: frame %d: world matrices refused\n", f);
            middle = now_ns();
            if (pm_spring_set_step(&b.set, b.pose, b.world, 1.0f / 60.0f) != PM_OK)
                printf("spring bones: frame %d refused\n", f);
            step_times[f] = (now_ns() - middle) / 1000.0;
            frame_times[f] = (now_ns() - start) / 1000.0;
        }
        qsort(step_times, FRAMES, sizeof step_times[0], compare_doubles);
        qsort(frame_times, FRAMES, sizeof frame_times[0], compare_doubles);
        step = step_times[FRAMES / 2] < step ? step_times[FRAMES / 2] : step;
        frame = frame_times[FRAMES / 2] < frame ? frame_times[FRAMES / 2] : frame;
    }
    printf("\nVRM spring bones: an avatar of %d joints and %d colliders (%d nodes), one frame at 60 fps; median us\n"
           "(lowest of 15 runs), and per joint\n", b.set.joint_count, b.set.collider_count, b.node_count);
    printf("runtime     step us  ns/joint   world + step us  ns/joint   three-vrm / posemath (step; world + step)\n");
    printf("posemath   %8.2f  %8.1f   %8.2f         %8.1f\n", step, 1000.0 * step / b.set.joint_count, frame,
           1000.0 * frame / b.set.joint_count);
    if (threevrm_results && (file = fopen(threevrm_results, "r")) != NULL) {
        while (fscanf(file, "%63s %lf %lf %d %d", name, &peer_median, &peer_best, &peer_joints, &peer_colliders) == 5) {
            printf("%-10s %8.2f  %8.1f          -              -      %5.2fx; %5.2fx%s\n", name, peer_median,
                   1000.0 * peer_median / peer_joints, peer_median / step, peer_median / frame,
                   peer_joints == b.set.joint_count && peer_colliders == b.set.collider_count ? "" : " (another scene!)");
            found = 1;
        }
        fclose(file);
        if (found) printf("(three-vrm's update refreshes the world matrices above its joints itself)\n");
    }
    if (!found) printf("three-vrm: node or its npm packages (tests/gen) absent, its column skipped\n");
    printf("100 such avatars on one core: %.2f ms a frame with the world matrices (Virtual Cast's blog: 100\n"
           "AliciaSolid in UniVRM, 5.4 ms; 1.14 ms with its multi-threaded FastSpringBone)\n", frame * 100.0 / 1000.0);
}

/* A whole VRM avatar, as posemath_vrm.h plays it: Godette (../shared)
   dancing the generated character's dance, one pm_vrm_model_update a frame
   at 60 fps (the animation sampled, humanoid, lookAt, expressions, node
   constraints, spring bones, world and skinning matrices; the skinning job
   left out). Beside it three-vrm 3.5.5 doing the same in node
   (tests/gen/vrm_bench_threevrm.mjs: AnimationMixer, vrm.update, the
   managers, the world and bone matrices). Median us of a frame, the lowest
   of 15 runs. */
static void bench_vrm(const char *avatar_path, const char *motion_path, const char *threevrm_results)
{
    enum { FRAMES = 600, ROUNDS = 15 };
    static double times[FRAMES];
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_vrm_model *model;
    double median = 1e30, best = 1e30, peer_median, peer_best;
    int f, round, peer_nodes, peer_joints, found = 0;
    char name[64];
    FILE *file;
    if (pm_vrm_parse_file(avatar_path, NULL, &avatar, NULL) != PM_OK) {
        printf("\nVRM avatar: %s absent (../shared), skipped\n", avatar_path);
        return;
    }
    if (pm_vrma_parse_file(motion_path, NULL, &motion, NULL) != PM_OK ||
        pm_vrm_model_create(&avatar, NULL, &model, NULL) != PM_OK) {
        printf("\nVRM avatar: %s or %s refused\n", avatar_path, motion_path);
        pm_vrm_free(&avatar);
        return;
    }
    for (round = 0; round < ROUNDS; ++round) {
        pm_vrm_model_play(model, &motion);
        for (f = 0; f < FRAMES; ++f) {
            const double start = now_ns();
            if (pm_vrm_model_update(model, 1.0 / 60.0) != PM_OK) printf("VRM avatar: frame %d refused\n", f);
            times[f] = (now_ns() - start) / 1000.0;
        }
        qsort(times, FRAMES, sizeof times[0], compare_doubles);
        median = times[FRAMES / 2] < median ? times[FRAMES / 2] : median;
        best = times[0] < best ? times[0] : best;
    }
    printf("\nVRM avatar: Godette (%d nodes, %d spring joints) dancing, one update at 60 fps without the\n"
           "skinning job; median us (lowest of 15 runs)\n", avatar.node_count, model->springs.joint_count);
    printf("runtime        median us   best us   three-vrm / posemath\n");
    printf("posemath       %9.2f %9.2f\n", median, best);
    if (threevrm_results && (file = fopen(threevrm_results, "r")) != NULL) {
        while (fscanf(file, "%63s %lf %lf %d %d", name, &peer_median, &peer_best, &peer_nodes, &peer_joints) == 5) {
            printf("%-14s %9.2f %9.2f      %5.2fx%s\n", name, peer_median, peer_best, peer_median / median,
                   peer_nodes == avatar.node_count && peer_joints == model->springs.joint_count ? "" : " (another avatar!)");
            found = 1;
        }
        fclose(file);
    }
    if (!found) printf("three-vrm: node or its npm packages (tests/gen) absent, its column skipped\n");
    pm_vrm_model_destroy(model);
    pm_vrma_free(&motion);
    pm_vrm_free(&avatar);
}

int main(int argc, char **argv)
{
    static const pm_euler_order orders[6] = {PM_EULER_XYZ, PM_EULER_XZY, PM_EULER_YXZ,
                                             PM_EULER_YZX, PM_EULER_ZXY, PM_EULER_ZYX};
    double total_ours = 0.0, total_base = 0.0, worst_ours = 0.0;
    float check = 0.0f, max_disagreement = 0.0f;
    int n, o, c;
    if (argc > 1 && strcmp(argv[1], "--skinning") == 0) { /* make bench's other builds */
        bench_skinning();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--mmd") == 0) { /* the MMD tables alone: --mmd [BABYLON_MMD_RESULTS] */
        bench_mmd(argc > 2 ? argv[2] : NULL, 0);
        return 0;
    }
    if (argc > 2 && strcmp(argv[1], "--mmd-physics") == 0) { /* make bench's turns: --mmd-physics BABYLON_MMD_RESULTS */
        bench_mmd(argv[2], 1);
        return 0;
    }
    if (argc > 3 && strcmp(argv[1], "--vrm") == 0) { /* the avatar table alone: --vrm AVATAR MOTION [THREE_VRM_RESULTS] */
        bench_vrm(argv[2], argv[3], argc > 4 ? argv[4] : NULL);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--springs") == 0) { /* the spring table alone: --springs [THREE_VRM_RESULTS] */
        bench_springs(argc > 2 ? argv[2] : NULL);
        return 0;
    }
    srand(2026);
    for (n = 0; n < COUNT; ++n) {
        for (c = 0; c < 4; ++c) quats[n][c] = (float)rand() / (float)RAND_MAX * 2.0f - 1.0f;
        glm_quat_normalize(quats[n]);
        for (c = 0; c < 3; ++c) eulers[n][c] = (float)rand() / (float)RAND_MAX * 6.0f - 3.0f;
    }

    printf("posemath bench: ns per call, best of %d runs of %d x %d conversions, one core\n\n",
           RUNS, REPEAT, COUNT);
    printf("          quat -> euler (POINT)             euler -> quat (POINT)\n");
    printf("order   posemath  baseline  speedup       posemath  baseline  speedup\n");
    for (o = 0; o < 6; ++o) {
        double q2e, q2e_base, e2q, e2q_base;
        TIME_LOOP(q2e, pm_quat_to_euler(quats[n], orders[o], PM_ROTATION_POINT, eulers_out[n]));
        check += sink();
        TIME_LOOP(q2e_base, baseline_quat_to_euler(quats[n], o, eulers_out[n]));
        check += sink();
        TIME_LOOP(e2q, pm_euler_to_quat(eulers[n], orders[o], PM_ROTATION_POINT, quats_out[n]));
        check += sink();
        TIME_LOOP(e2q_base, baseline_euler_to_quat(eulers[n], o, quats_out[n]));
        check += sink();
        printf("%s     %6.1f    %6.1f    %5.2fx        %6.1f    %6.1f    %5.2fx\n",
               pm_euler_order_name(orders[o]), q2e, q2e_base, q2e_base / q2e, e2q, e2q_base,
               e2q_base / e2q);
        total_ours += q2e;
        total_base += q2e_base;
        if (q2e > worst_ours) worst_ours = q2e;

        /* The baseline is a fair one: it computes the same angles. */
        for (n = 0; n < COUNT; ++n) {
            vec3 a, b;
            pm_quat_to_euler(quats[n], orders[o], PM_ROTATION_POINT, a);
            baseline_quat_to_euler(quats[n], o, b);
            if (fabsf(b[order_axes[o][1]]) < 1.5f)
                for (c = 0; c < 3; ++c) max_disagreement = glm_max(max_disagreement, fabsf(a[c] - b[c]));
        }
    }
    {
        double frame;
        TIME_LOOP(frame, pm_quat_to_euler(quats[n], PM_EULER_ZXY, PM_ROTATION_FRAME, eulers_out[n]));
        check += sink();
        printf("\nquat -> euler FRAME ZXY (Unity): %.1f ns\n", frame);
    }
    printf("quat -> euler: worst order %.1f ns (target <= 20), mean speedup over baseline %.2fx\n",
           worst_ours, total_base / total_ours);
    printf("baseline agrees within %.2g rad away from lock (checksum %g)\n",
           (double)max_disagreement, (double)check);
    bench_constraints();
    bench_retarget();
    bench_skinning();
    bench_mmd(argc > 1 ? argv[1] : NULL, 0);
    bench_springs(argc > 2 ? argv[2] : NULL);
    if (argc > 4) bench_vrm(argv[3], argv[4], argc > 5 ? argv[5] : NULL);
    return 0;
}
