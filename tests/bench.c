/* make bench: ns per conversion, each next to a baseline measured in the
   same run on the same inputs.

   Baselines are the textbook matrix methods, written here with cglm:
   quat -> euler: glm_quat_mat4, then asinf of one element for the middle
   angle and atan2f of two element pairs (the seed's method, with three.js's
   lock test); euler -> quat: glm_euler_by_order, then glm_mat4_quat. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { COUNT = 4096, REPEAT = 200, RUNS = 11 };

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

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

int main(void)
{
    static const pm_euler_order orders[6] = {PM_EULER_XYZ, PM_EULER_XZY, PM_EULER_YXZ,
                                             PM_EULER_YZX, PM_EULER_ZXY, PM_EULER_ZYX};
    double total_ours = 0.0, total_base = 0.0, worst_ours = 0.0;
    float check = 0.0f, max_disagreement = 0.0f;
    int n, o, c;
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
    return 0;
}
