/* Quaternion <-> Euler against three.js and scipy (committed fixtures), the
   gimbal-lock rules, exact properties, and bad input.

   Tolerances, and why:
   - Angles: the fixtures give the reference (in double) the same float32
     input as posemath, which computes in double and rounds once; so an
     angle must be the reference correctly rounded: within half an ulp of
     itself, plus 3e-8 for the reference's own error at lock (three.js
     takes asin, scipy 1.10 arccos of a matrix element: up to 2.1e-8 seen
     where the exact answer is 0; ~1e-13 elsewhere); ANGLE_TOL.
     Outer angles are compared where |cos(middle)| >= 1e-3 (|sin| for
     proper sequences); at lock they are not unique (three.js snaps within
     4.5e-4 of it), and there we check that the angles reproduce q.
   - Quaternions: euler -> quat takes float sinf/cosf of the exact half
     angles (each within 1 ulp) and combines them in double, so components
     may be ~2 ulp off: QUAT_TOL = 2.4e-7 (4 ulp at 0.5..1; seen: 1.2e-7).
   - Reproduction (euler -> quat of our own angles vs the input): the
     promised 1e-6 per component (seen: 3.4e-7 in the lock zone, where the
     snapped angle moves q by up to 2.4e-7); at exact lock 4e-7.
   - Near lock the middle angle must be within 2e-6 rad of scipy's double
     answer (an asin-of-matrix-element method in float is off by ~3e-4;
     seen: 1.8e-7). */
#include "test.h"

#include <stdint.h>
#include <string.h>

#include "fixtures/euler_scipy.h"
#include "fixtures/euler_threejs.h"

#define ANGLE_TOL(x) (0.5 * ulpf(x) + 3e-8)
#define QUAT_TOL 2.4e-7
#define ROUND_TRIP_TOL 1e-6
#define LOCK_ROUND_TRIP_TOL 4e-7
#define NEAR_LOCK_MIDDLE_TOL 2e-6
#define PI 3.14159265358979323846

static const pm_euler_order all_orders[6] = {PM_EULER_XYZ, PM_EULER_XZY, PM_EULER_YXZ,
                                             PM_EULER_YZX, PM_EULER_ZXY, PM_EULER_ZYX};
static const pm_euler_order all_proper_orders[6] = {PM_EULER_XYX, PM_EULER_XZX, PM_EULER_YXY,
                                                    PM_EULER_YZY, PM_EULER_ZXZ, PM_EULER_ZYZ};
static const pm_rotation_type all_types[2] = {PM_ROTATION_POINT, PM_ROTATION_FRAME};

/* Distance from |x| to the next float up: one ulp at x. */
static double ulpf(float x)
{
    return (double)nextafterf(fabsf(x), INFINITY) - (double)fabsf(x);
}

/* |a - b| modulo 2 pi. */
static double angle_diff(double a, double b)
{
    return fabs(remainder(a - b, 2.0 * PI));
}

static double quat_diff_f(const float a[4], const float b[4])
{
    double bd[4] = {b[0], b[1], b[2], b[3]};
    return test_quat_diff(a, bd);
}

static void normalize_quat(const float q[4], double out[4])
{
    double n = sqrt((double)q[0] * (double)q[0] + (double)q[1] * (double)q[1] +
                    (double)q[2] * (double)q[2] + (double)q[3] * (double)q[3]);
    int i;
    for (i = 0; i < 4; ++i) out[i] = (double)q[i] / n;
}

/* A scipy sequence string as posemath's order and type. */
typedef struct sequence {
    int proper;
    pm_euler_order order;
    pm_rotation_type type;
    int axis[3]; /* axis of each sequence position */
} sequence;

static sequence parse_sequence(const char *name)
{
    sequence s;
    int i;
    memset(&s, 0, sizeof s);
    s.type = name[0] >= 'a' ? PM_ROTATION_FRAME : PM_ROTATION_POINT;
    s.proper = name[0] == name[2];
    for (i = 0; i < 3; ++i) s.axis[i] = (name[i] | 0x20) - 'x';
    CHECK_RESULT(pm_euler_order_parse(name, &s.order), PM_OK);
    return s;
}

/* posemath's angles for q in sequence order. */
static pm_result to_sequence_angles(const sequence *s, const float q[4], float angles[3])
{
    float e[3];
    pm_result r;
    int i;
    if (s->proper) return pm_quat_to_euler(q, s->order, s->type, angles); /* in sequence order */
    r = pm_quat_to_euler(q, s->order, s->type, e);
    for (i = 0; i < 3; ++i) angles[i] = e[s->axis[i]];
    return r;
}

static pm_result from_sequence_angles(const sequence *s, const float angles[3], float q[4])
{
    float e[3];
    int i;
    if (s->proper) return pm_euler_to_quat(angles, s->order, s->type, q);
    for (i = 0; i < 3; ++i) e[s->axis[i]] = angles[i];
    return pm_euler_to_quat(e, s->order, s->type, q);
}

/* Distance of the middle angle from lock, as |cos| (Tait-Bryan) or |sin| (proper). */
static double lock_measure(const sequence *s, double middle)
{
    return s->proper ? fabs(sin(middle)) : fabs(cos(middle));
}

/* q reproduced by its own angles within tol. */
static void check_reproduces(const sequence *s, const float q[4], const float angles[3],
                             double tol)
{
    float back[4];
    double unit[4];
    normalize_quat(q, unit);
    CHECK_RESULT(from_sequence_angles(s, angles, back), PM_OK);
    CHECK_NEAR(test_quat_diff(back, unit), 0.0, tol);
}

void test_euler_order_parse(void)
{
    static const char *const bad[] = {"XXY", "", "XY", "XYZW", "xYz", "XXX", "ABC", "X Y", "xy", "xyX"};
    pm_euler_order order, seen[PM_EULER_ORDER_COUNT];
    char lower[4];
    int n, i;
    for (n = 0; n < PM_EULER_ORDER_COUNT; ++n) {
        const pm_euler_order each = n < 6 ? all_orders[n] : all_proper_orders[n - 6];
        const char *name = pm_euler_order_name(each);
        test_context("order %d", n);
        CHECK(name != NULL && strlen(name) == 3);
        if (!name) continue;
        CHECK((name[0] == name[2]) == (n >= 6)); /* the last six are the proper sequences */
        order = PM_EULER_ZYX;
        CHECK_RESULT(pm_euler_order_parse(name, &order), PM_OK);
        CHECK(order == each);
        for (i = 0; i < 4; ++i) lower[i] = (char)(name[i] ? name[i] | 0x20 : 0);
        order = PM_EULER_ZYX;
        CHECK_RESULT(pm_euler_order_parse(lower, &order), PM_OK);
        CHECK(order == each);
        seen[n] = each;
        for (i = 0; i < n; ++i) CHECK(seen[i] != each); /* twelve distinct values */
    }
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); ++i) {
        test_context("\"%s\"", bad[i]);
        order = PM_EULER_YZX;
        CHECK_RESULT(pm_euler_order_parse(bad[i], &order), PM_ERROR_PARSE);
        CHECK(order == PM_EULER_YZX); /* untouched */
    }
    test_context("%s", "");
    CHECK_RESULT(pm_euler_order_parse(NULL, &order), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_euler_order_parse("XYZ", NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK(pm_euler_order_name(PM_EULER_ORDER_COUNT) == NULL);
    CHECK(PM_EULER_XYX != PM_EULER_XYZ && PM_EULER_ZYZ == PM_EULER_ORDER_COUNT - 1);
#ifndef __cplusplus /* out of the enum's range: unspecified in C++ */
    CHECK(pm_euler_order_name((pm_euler_order)-1) == NULL);
#endif
}

void test_euler_matches_threejs(void)
{
    int o, i, a;
    for (o = 0; o < 6; ++o) {
        sequence s = parse_sequence(threejs_orders[o]);
        for (i = 0; i < THREEJS_CASES; ++i) {
            const double *ref = threejs_euler_of_quat[o][i];
            float e[3], q[4];
            test_context("order %s, case %d", threejs_orders[o], i);
            CHECK_RESULT(pm_quat_to_euler(threejs_quat[i], s.order, PM_ROTATION_POINT, e), PM_OK);
            CHECK_NEAR(e[s.axis[1]], ref[s.axis[1]], ANGLE_TOL(e[s.axis[1]]));
            if (lock_measure(&s, ref[s.axis[1]]) >= 1e-3) {
                for (a = 0; a < 3; a += 2)
                    CHECK_NEAR(angle_diff(e[s.axis[a]], ref[s.axis[a]]), 0.0, ANGLE_TOL(e[s.axis[a]]));
            } else {
                float seq_angles[3] = {e[s.axis[0]], e[s.axis[1]], e[s.axis[2]]};
                check_reproduces(&s, threejs_quat[i], seq_angles, ROUND_TRIP_TOL);
            }
            CHECK_RESULT(pm_euler_to_quat(threejs_euler[i], s.order, PM_ROTATION_POINT, q), PM_OK);
            CHECK_NEAR(test_quat_diff(q, threejs_quat_of_euler[o][i]), 0.0, QUAT_TOL);
        }
    }
}

void test_euler_matches_scipy(void)
{
    int n, i, a;
    for (n = 0; n < SCIPY_SEQUENCES; ++n) {
        sequence s = parse_sequence(scipy_sequences[n]);
        for (i = 0; i < SCIPY_CASES; ++i) {
            const double *ref = scipy_euler_of_quat[n][i];
            float angles[3], q[4];
            test_context("sequence %s, case %d", scipy_sequences[n], i);
            CHECK_RESULT(to_sequence_angles(&s, scipy_quat[i], angles), PM_OK);
            CHECK_NEAR(angles[1], ref[1], ANGLE_TOL(angles[1]));
            if (lock_measure(&s, ref[1]) >= 1e-3) {
                for (a = 0; a < 3; a += 2)
                    CHECK_NEAR(angle_diff(angles[a], ref[a]), 0.0, ANGLE_TOL(angles[a]));
            } else {
                check_reproduces(&s, scipy_quat[i], angles, ROUND_TRIP_TOL);
            }
            CHECK_RESULT(from_sequence_angles(&s, scipy_angles[i], q), PM_OK);
            CHECK_NEAR(test_quat_diff(q, scipy_quat_of_euler[n][i]), 0.0, QUAT_TOL);
        }
    }
}

/* Exactly at lock the sequence's third angle is 0 in both types (the TH.Utils
   QuaternionConverter library gets FRAME wrong) and the first carries the whole rotation. */
void test_euler_gimbal_lock(void)
{
    int c, o, t, k, exact_cases = 0;
    for (c = 0; c < (int)(sizeof scipy_lock_cases / sizeof scipy_lock_cases[0]); ++c) {
        const struct scipy_lock_case *lc = &scipy_lock_cases[c];
        sequence s;
        float angles[3];
        if (lc->offset != 0.0) continue;
        ++exact_cases;
        s = parse_sequence(scipy_sequences[lc->sequence]);
        test_context("sequence %s, case %d", scipy_sequences[lc->sequence], c);
        CHECK_RESULT(to_sequence_angles(&s, lc->quat, angles), PM_OK);
        CHECK(angles[2] == 0.0f);
        CHECK_NEAR(angles[1], lc->euler[1], ANGLE_TOL(angles[1]));
        check_reproduces(&s, lc->quat, angles, LOCK_ROUND_TRIP_TOL);
    }
    CHECK(exact_cases == 24 * 2 * 4);

    /* Our own angles at +-90 degrees exactly, every order and type: the
       first angle takes over the third one's share (sign depends on order). */
    for (o = 0; o < 6; ++o) {
        for (t = 0; t < 2; ++t) {
            sequence s = parse_sequence(pm_euler_order_name(all_orders[o]));
            s.type = all_types[t];
            for (k = 0; k < 16; ++k) {
                float in[3], back[3], q[4];
                float middle = k % 2 ? 90.0f : -90.0f;
                in[0] = -170.0f + 23.0f * (float)k;
                in[1] = middle;
                in[2] = 0.0f;
                test_context("order %s type %d, k %d", pm_euler_order_name(all_orders[o]), t, k);
                {
                    float e[3];
                    e[s.axis[0]] = in[0];
                    e[s.axis[1]] = in[1];
                    e[s.axis[2]] = in[2];
                    CHECK_RESULT(pm_euler_deg_to_quat(e, all_orders[o], all_types[t], q), PM_OK);
                    CHECK_RESULT(pm_quat_to_euler_deg(q, all_orders[o], all_types[t], e), PM_OK);
                    back[0] = e[s.axis[0]];
                    back[1] = e[s.axis[1]];
                    back[2] = e[s.axis[2]];
                }
                CHECK(back[2] == 0.0f && !signbit(back[2])); /* +0, never -0 */
                CHECK_NEAR(back[1], middle, 2e-5);
                CHECK_NEAR(angle_diff((double)back[0] * PI / 180.0, (double)in[0] * PI / 180.0), 0.0, 4e-7);
            }
        }
    }
}

void test_euler_near_gimbal_lock(void)
{
    int c, near_cases = 0;
    for (c = 0; c < (int)(sizeof scipy_lock_cases / sizeof scipy_lock_cases[0]); ++c) {
        const struct scipy_lock_case *lc = &scipy_lock_cases[c];
        sequence s;
        float angles[3];
        if (lc->offset == 0.0) continue;
        ++near_cases;
        s = parse_sequence(scipy_sequences[lc->sequence]);
        test_context("sequence %s, offset %g, case %d", scipy_sequences[lc->sequence], lc->offset, c);
        CHECK_RESULT(to_sequence_angles(&s, lc->quat, angles), PM_OK);
        CHECK_NEAR(angles[1], lc->euler[1], NEAR_LOCK_MIDDLE_TOL);
        check_reproduces(&s, lc->quat, angles, ROUND_TRIP_TOL);
    }
    CHECK(near_cases == 24 * 2 * 6 * 4);
}

/* xorshift64*: the tests' own reproducible random numbers. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static double rng_uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 0x2545f4914f6cdd1du) >> 11) / 9007199254740992.0;
}

static void random_quat(float q[4])
{
    double v[4], n2;
    int i;
    do {
        n2 = 0.0;
        for (i = 0; i < 4; ++i) {
            v[i] = 2.0 * rng_uniform() - 1.0;
            n2 += v[i] * v[i];
        }
    } while (n2 > 1.0 || n2 < 1e-4);
    for (i = 0; i < 4; ++i) q[i] = (float)(v[i] / sqrt(n2));
}

/* euler_to_quat(quat_to_euler(q)) == +-q, every order and type, in range. */
void test_euler_round_trip(void)
{
    int i, o, t;
    double worst = 0.0;
    for (i = 0; i < 20000; ++i) {
        float q[4];
        random_quat(q);
        for (o = 0; o < 6; ++o) {
            for (t = 0; t < 2; ++t) {
                sequence s = parse_sequence(pm_euler_order_name(all_orders[o]));
                sequence p = parse_sequence(pm_euler_order_name(all_proper_orders[o]));
                float e[3], back[4];
                double unit[4];
                s.type = p.type = all_types[t];
                normalize_quat(q, unit);
                test_context("order %s type %d, case %d", pm_euler_order_name(all_orders[o]), t, i);
                CHECK_RESULT(pm_quat_to_euler(q, all_orders[o], all_types[t], e), PM_OK);
                CHECK_RESULT(pm_euler_to_quat(e, all_orders[o], all_types[t], back), PM_OK);
                worst = fmax(worst, test_quat_diff(back, unit));
                CHECK_NEAR(test_quat_diff(back, unit), 0.0, ROUND_TRIP_TOL);
                CHECK(fabsf(e[s.axis[1]]) <= (float)(PI / 2));
                CHECK(e[s.axis[0]] > (float)-PI && e[s.axis[0]] <= (float)PI);
                CHECK(e[s.axis[2]] > (float)-PI && e[s.axis[2]] <= (float)PI);

                CHECK_RESULT(pm_quat_to_euler(q, all_proper_orders[o], all_types[t], e), PM_OK);
                CHECK_RESULT(pm_euler_to_quat(e, all_proper_orders[o], all_types[t], back), PM_OK);
                CHECK_NEAR(test_quat_diff(back, unit), 0.0, ROUND_TRIP_TOL);
                CHECK(e[1] >= 0.0f && e[1] <= (float)PI);
                CHECK(e[0] > (float)-PI && e[0] <= (float)PI);
                CHECK(e[2] > (float)-PI && e[2] <= (float)PI);
            }
        }
    }
    /* Typically ~1.5e-7: the tolerance is the promised 1e-6, this guards drift. */
    CHECK(worst < 3e-7);
}

/* Scaling a quaternion by a power of two is exact, and must not change a
   single bit of its angles (normalization happens in double). */
void test_euler_unnormalized(void)
{
    const float scales[4] = {4.0f, 0.25f, ldexpf(1.0f, -70), ldexpf(1.0f, 70)};
    int i, k, o, c;
    for (i = 0; i < 200; ++i) {
        float q[4], e[3], scaled[4], es[3];
        random_quat(q);
        for (o = 0; o < 6; ++o) {
            CHECK_RESULT(pm_quat_to_euler(q, all_orders[o], PM_ROTATION_FRAME, e), PM_OK);
            for (k = 0; k < 4; ++k) {
                for (c = 0; c < 4; ++c) scaled[c] = q[c] * scales[k];
                CHECK_RESULT(pm_quat_to_euler(scaled, all_orders[o], PM_ROTATION_FRAME, es), PM_OK);
                CHECK(memcmp(es, e, sizeof e) == 0);
            }
        }
    }
}

void test_euler_degrees(void)
{
    const float half_sqrt2 = 0.70710678f;
    const float x_half_turn[4] = {1.0f, 0.0f, 0.0f, 0.0f};
    const float y_quarter_turn[4] = {0.0f, half_sqrt2, 0.0f, half_sqrt2};
    float e[3], q[4], erad[3];
    int i, o, c;
    /* A half turn is +180, never -180. */
    for (o = 0; o < 6; ++o) {
        CHECK_RESULT(pm_quat_to_euler_deg(x_half_turn, all_orders[o], PM_ROTATION_POINT, e), PM_OK);
        CHECK(e[0] == 180.0f || e[0] == 0.0f);
        CHECK(e[0] > -180.0f && e[1] > -180.0f && e[2] > -180.0f);
    }
    CHECK_RESULT(pm_quat_to_euler_deg(y_quarter_turn, PM_EULER_XYZ, PM_ROTATION_POINT, e), PM_OK);
    CHECK_NEAR(e[1], 90.0, 1e-5);
    e[0] = 0.0f;
    e[1] = 90.0f;
    e[2] = 0.0f;
    CHECK_RESULT(pm_euler_deg_to_quat(e, PM_EULER_ZXY, PM_ROTATION_FRAME, q), PM_OK);
    CHECK_NEAR(quat_diff_f(q, y_quarter_turn), 0.0, 6e-8);
    /* Degrees are radians * 180 / pi: both are the same double angle rounded
       once, so they differ by at most half an ulp of each. */
    for (i = 0; i < 2000; ++i) {
        random_quat(q);
        for (o = 0; o < 6; ++o) {
            CHECK_RESULT(pm_quat_to_euler(q, all_orders[o], PM_ROTATION_POINT, erad), PM_OK);
            CHECK_RESULT(pm_quat_to_euler_deg(q, all_orders[o], PM_ROTATION_POINT, e), PM_OK);
            for (c = 0; c < 3; ++c)
                CHECK_NEAR(angle_diff((double)e[c] * PI / 180.0, (double)erad[c]), 0.0,
                           0.5 * (ulpf(e[c]) * PI / 180.0 + ulpf(erad[c])) * 1.0000001);
            {
                float qd[4], qr[4];
                CHECK_RESULT(pm_euler_deg_to_quat(e, all_orders[o], PM_ROTATION_POINT, qd), PM_OK);
                CHECK_RESULT(pm_euler_to_quat(erad, all_orders[o], PM_ROTATION_POINT, qr), PM_OK);
                /* plus the degree path's rounding of each angle to float
                   radians, <= 6e-8 per half angle */
                CHECK_NEAR(quat_diff_f(qd, qr), 0.0, 4e-7);
            }
        }
    }
}

static const glm_euler_seq cglm_orders[6] = {GLM_EULER_XYZ, GLM_EULER_XZY, GLM_EULER_YXZ,
                                             GLM_EULER_YZX, GLM_EULER_ZXY, GLM_EULER_ZYX};

/* Two angle triples of one order describe the same rotation. Matrix
   elements carry float rounding (~6e-8) that the angles amplify by up to
   1/cos(middle), so rotations are compared, not angles: 3e-7 per component
   is a few matrix roundings. */
static void check_same_rotation(const float a[3], const float b[3], pm_euler_order order,
                                pm_rotation_type type)
{
    float qa[4], qb[4];
    CHECK_RESULT(pm_euler_to_quat(a, order, type, qa), PM_OK);
    CHECK_RESULT(pm_euler_to_quat(b, order, type, qb), PM_OK);
    CHECK_NEAR(quat_diff_f(qa, qb), 0.0, 3e-7);
}

/* The proper sequences take every form the Tait-Bryan ones do: degrees are
   radians x 180 / pi (both one rounding of the same double, so within half
   an ulp of each); the matrix of the angles is cglm's matrix of the
   quaternion (glm_quat_mat4, float products: 7.2e-7 as below), and reads back
   as the same rotation. */
void test_euler_proper_forms(void)
{
    int i, o, t, c;
    for (i = 0; i < 300; ++i) {
        float q[4];
        random_quat(q);
        for (o = 0; o < 6; ++o)
            for (t = 0; t < 2; ++t) {
                const pm_euler_order order = all_proper_orders[o];
                float rad[3], deg[3], m4[16], m3[9], back[3], from_deg[4], from_rad[4];
                mat4 ref;
                versor aligned;
                test_context("order %s type %d, case %d", pm_euler_order_name(order), t, i);
                CHECK_RESULT(pm_quat_to_euler(q, order, all_types[t], rad), PM_OK);
                CHECK_RESULT(pm_quat_to_euler_deg(q, order, all_types[t], deg), PM_OK);
                for (c = 0; c < 3; ++c)
                    CHECK_NEAR(angle_diff((double)deg[c] * PI / 180.0, (double)rad[c]), 0.0,
                               0.5 * (ulpf(deg[c]) * PI / 180.0 + ulpf(rad[c])) * 1.0000001);
                CHECK_RESULT(pm_euler_deg_to_quat(deg, order, all_types[t], from_deg), PM_OK);
                CHECK_RESULT(pm_euler_to_quat(rad, order, all_types[t], from_rad), PM_OK);
                CHECK_NEAR(quat_diff_f(from_deg, from_rad), 0.0, 3e-7);
                CHECK_RESULT(pm_euler_to_mat4(rad, order, all_types[t], m4), PM_OK);
                CHECK_RESULT(pm_euler_to_mat3(rad, order, all_types[t], m3), PM_OK);
                memcpy(aligned, q, sizeof aligned);
                test_quat_normalize(aligned);
                glm_quat_mat4(aligned, ref);
                for (c = 0; c < 16; ++c) CHECK_NEAR(m4[c], ref[c / 4][c % 4], 7.2e-7);
                for (c = 0; c < 9; ++c) CHECK(m3[c] == m4[(c / 3) * 4 + c % 3]);
                CHECK_RESULT(pm_mat3_to_euler(m3, order, all_types[t], back), PM_OK);
                check_same_rotation(rad, back, order, all_types[t]);
                CHECK_RESULT(pm_mat4_to_euler(m4, order, all_types[t], back), PM_OK);
                check_same_rotation(rad, back, order, all_types[t]);
            }
    }
}

/* Matrices: POINT matches cglm's glm_euler_by_order (R = R_A R_B R_C); the
   mat3 and mat4 forms agree; scale is ignored; reflections are rejected. */
void test_euler_matrices(void)
{
    int i, o, c;
    for (i = 0; i < 500; ++i) {
        float q[4], e[3];
        random_quat(q);
        for (o = 0; o < 6; ++o) {
            mat4 ref = GLM_MAT4_IDENTITY_INIT;
            float m4[16], m3[9], e4[3], e3[3], scaled[16];
            test_context("order %s, case %d", pm_euler_order_name(all_orders[o]), i);
            CHECK_RESULT(pm_quat_to_euler(q, all_orders[o], PM_ROTATION_POINT, e), PM_OK);
            glm_euler_by_order(e, cglm_orders[o], ref);
            CHECK_RESULT(pm_euler_to_mat4(e, all_orders[o], PM_ROTATION_POINT, m4), PM_OK);
            CHECK_RESULT(pm_euler_to_mat3(e, all_orders[o], PM_ROTATION_POINT, m3), PM_OK);
            /* cglm sums float products of float sines: up to 6 ulp of 1, 7.2e-7,
               of its own (seen: 3.6e-7 on x86-64; 7.15e-7 where the compiler
               fuses multiply-adds, as aarch64's does by default) */
            for (c = 0; c < 16; ++c) CHECK_NEAR(m4[c], ref[c / 4][c % 4], 7.2e-7);
            for (c = 0; c < 9; ++c) CHECK(m3[c] == m4[(c / 3) * 4 + c % 3]);

            for (c = 0; c < 16; ++c) scaled[c] = m4[c] * (c < 4 ? 2.0f : c < 8 ? 0.5f : 7.0f);
            scaled[12] = 5.0f; /* a translation is ignored too */
            CHECK_RESULT(pm_mat4_to_euler(scaled, all_orders[o], PM_ROTATION_POINT, e4), PM_OK);
            CHECK_RESULT(pm_mat3_to_euler(m3, all_orders[o], PM_ROTATION_POINT, e3), PM_OK);
            check_same_rotation(e, e4, all_orders[o], PM_ROTATION_POINT);
            check_same_rotation(e, e3, all_orders[o], PM_ROTATION_POINT);
            CHECK_RESULT(pm_euler_to_mat4(e, all_orders[o], PM_ROTATION_FRAME, m4), PM_OK);
            CHECK_RESULT(pm_mat4_to_euler(m4, all_orders[o], PM_ROTATION_FRAME, e4), PM_OK);
            check_same_rotation(e, e4, all_orders[o], PM_ROTATION_FRAME);
        }
    }
    {
        float m3[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1}, e[3] = {1, 2, 3};
        CHECK_RESULT(pm_mat3_to_euler(m3, PM_EULER_XYZ, PM_ROTATION_POINT, e), PM_ERROR_INVALID_ARGUMENT);
        m3[8] = 0.0f;
        CHECK_RESULT(pm_mat3_to_euler(m3, PM_EULER_XYZ, PM_ROTATION_POINT, e), PM_ERROR_INVALID_ARGUMENT);
        m3[8] = NAN;
        CHECK_RESULT(pm_mat3_to_euler(m3, PM_EULER_XYZ, PM_ROTATION_POINT, e), PM_ERROR_INVALID_ARGUMENT);
        CHECK(e[0] == 1.0f && e[1] == 2.0f && e[2] == 3.0f);
    }
}

/* Every entry point, every kind of bad input: the result code, and the
   output left untouched. */
void test_euler_bad_input(void)
{
    const float good_q[4] = {0.1f, 0.2f, 0.3f, 0.9f}, good_e[3] = {0.1f, 0.2f, 0.3f};
    const float sentinel = 12345.0f;
    float bad_q[4], bad_e[3], out[16];
    const float specials[3] = {NAN, INFINITY, -INFINITY};
    /* C++ leaves a value outside an enum's range unspecified, so C++ builds
       only try the values that fit in its bits; C callers can pass any int. */
#ifdef __cplusplus
    const pm_euler_order bad_orders[] = {PM_EULER_ORDER_COUNT, (pm_euler_order)13};
#else
    const pm_euler_order bad_orders[] = {(pm_euler_order)-1, PM_EULER_ORDER_COUNT, (pm_euler_order)1000};
    const pm_rotation_type bad_types[] = {(pm_rotation_type)-1, (pm_rotation_type)2};
#endif
    int i, k, c;
#define RESET_OUT() for (c = 0; c < 16; ++c) out[c] = sentinel
#define CHECK_UNTOUCHED() for (c = 0; c < 16; ++c) CHECK(out[c] == sentinel)
#define EXPECT_INVALID(call)                                     \
    do {                                                         \
        RESET_OUT();                                             \
        CHECK_RESULT(call, PM_ERROR_INVALID_ARGUMENT);           \
        CHECK_UNTOUCHED();                                       \
    } while (0)

    /* NULL pointers */
    EXPECT_INVALID(pm_quat_to_euler(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_quat_to_euler(good_q, PM_EULER_XYZ, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_INVALID(pm_quat_to_euler_deg(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_quat_to_euler_deg(good_q, PM_EULER_XYZ, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_INVALID(pm_euler_to_quat(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_euler_to_quat(good_e, PM_EULER_XYZ, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_INVALID(pm_euler_deg_to_quat(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_euler_deg_to_quat(good_e, PM_EULER_XYZ, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_INVALID(pm_mat3_to_euler(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    EXPECT_INVALID(pm_mat4_to_euler(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    EXPECT_INVALID(pm_euler_to_mat3(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    EXPECT_INVALID(pm_euler_to_mat4(NULL, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_euler_to_mat3(good_e, PM_EULER_XYZ, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_euler_to_mat4(good_e, PM_EULER_XYZ, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_INVALID(pm_quat_to_euler(NULL, PM_EULER_XYX, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_quat_to_euler(good_q, PM_EULER_XYX, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_INVALID(pm_euler_to_quat(NULL, PM_EULER_XYX, PM_ROTATION_POINT, out));
    CHECK_RESULT(pm_euler_to_quat(good_e, PM_EULER_XYX, PM_ROTATION_POINT, NULL), PM_ERROR_INVALID_ARGUMENT);

    /* zero and non-finite quaternions, non-finite angles */
    memset(bad_q, 0, sizeof bad_q);
    EXPECT_INVALID(pm_quat_to_euler(bad_q, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    EXPECT_INVALID(pm_quat_to_euler(bad_q, PM_EULER_ZXZ, PM_ROTATION_FRAME, out));
    bad_q[3] = -0.0f;
    EXPECT_INVALID(pm_quat_to_euler_deg(bad_q, PM_EULER_XYZ, PM_ROTATION_POINT, out));
    for (k = 0; k < 3; ++k) {
        for (i = 0; i < 4; ++i) {
            memcpy(bad_q, good_q, sizeof bad_q);
            bad_q[i] = specials[k];
            EXPECT_INVALID(pm_quat_to_euler(bad_q, PM_EULER_ZXY, PM_ROTATION_FRAME, out));
            EXPECT_INVALID(pm_quat_to_euler_deg(bad_q, PM_EULER_ZXY, PM_ROTATION_FRAME, out));
            EXPECT_INVALID(pm_quat_to_euler(bad_q, PM_EULER_YXY, PM_ROTATION_POINT, out));
        }
        for (i = 0; i < 3; ++i) {
            memcpy(bad_e, good_e, sizeof bad_e);
            bad_e[i] = specials[k];
            EXPECT_INVALID(pm_euler_to_quat(bad_e, PM_EULER_YZX, PM_ROTATION_POINT, out));
            EXPECT_INVALID(pm_euler_deg_to_quat(bad_e, PM_EULER_YZX, PM_ROTATION_POINT, out));
            EXPECT_INVALID(pm_euler_to_mat3(bad_e, PM_EULER_YZX, PM_ROTATION_POINT, out));
            EXPECT_INVALID(pm_euler_to_mat4(bad_e, PM_EULER_YZX, PM_ROTATION_POINT, out));
            EXPECT_INVALID(pm_euler_to_quat(bad_e, PM_EULER_ZYZ, PM_ROTATION_FRAME, out));
        }
    }
    /* enum values outside their range */
    for (k = 0; k < (int)(sizeof bad_orders / sizeof bad_orders[0]); ++k) {
        float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        EXPECT_INVALID(pm_quat_to_euler(good_q, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_quat_to_euler_deg(good_q, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_euler_to_quat(good_e, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_euler_deg_to_quat(good_e, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_mat4_to_euler(m, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_mat3_to_euler(m, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_euler_to_mat4(good_e, bad_orders[k], PM_ROTATION_POINT, out));
        EXPECT_INVALID(pm_euler_to_mat3(good_e, bad_orders[k], PM_ROTATION_POINT, out));
    }
#ifndef __cplusplus
    for (k = 0; k < 2; ++k) {
        float m[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        EXPECT_INVALID(pm_quat_to_euler(good_q, PM_EULER_XYZ, bad_types[k], out));
        EXPECT_INVALID(pm_quat_to_euler_deg(good_q, PM_EULER_XYZ, bad_types[k], out));
        EXPECT_INVALID(pm_euler_to_quat(good_e, PM_EULER_XYZ, bad_types[k], out));
        EXPECT_INVALID(pm_euler_deg_to_quat(good_e, PM_EULER_XYZ, bad_types[k], out));
        EXPECT_INVALID(pm_mat3_to_euler(m, PM_EULER_XYZ, bad_types[k], out));
        EXPECT_INVALID(pm_euler_to_mat3(good_e, PM_EULER_XYZ, bad_types[k], out));
        EXPECT_INVALID(pm_quat_to_euler(good_q, PM_EULER_XYX, bad_types[k], out));
        EXPECT_INVALID(pm_euler_to_quat(good_e, PM_EULER_XYX, bad_types[k], out));
    }
#endif
#undef EXPECT_INVALID
#undef CHECK_UNTOUCHED
#undef RESET_OUT
}

/* 4-byte aligned (never 16-byte aligned) inputs and outputs give the same
   bits as aligned ones. */
void test_euler_misaligned(void)
{
    union {
        float align16[16];
        unsigned char bytes[160];
    } buffer;
    /* separate, each 4 bytes past a 16-byte boundary */
    float *mq = (float *)(void *)(buffer.bytes + 4);
    float *me = (float *)(void *)(buffer.bytes + 36);
    float *mm = (float *)(void *)(buffer.bytes + 68);
    versor q, qa;
    vec3 e, ea;
    mat4 m;
    int i, o, c;
    for (i = 0; i < 100; ++i) {
        random_quat(q);
        for (o = 0; o < 6; ++o) {
            memcpy(mq, q, sizeof(float) * 4);
            CHECK_RESULT(pm_quat_to_euler(q, all_orders[o], PM_ROTATION_FRAME, e), PM_OK);
            CHECK_RESULT(pm_quat_to_euler(mq, all_orders[o], PM_ROTATION_FRAME, me), PM_OK);
            CHECK(memcmp(e, me, sizeof e) == 0);
            CHECK_RESULT(pm_euler_to_quat(e, all_orders[o], PM_ROTATION_FRAME, qa), PM_OK);
            CHECK_RESULT(pm_euler_to_quat(me, all_orders[o], PM_ROTATION_FRAME, mq), PM_OK);
            CHECK(memcmp(qa, mq, sizeof qa) == 0);
            CHECK_RESULT(pm_quat_to_euler(q, all_proper_orders[o], PM_ROTATION_POINT, e), PM_OK);
            memcpy(mq, q, sizeof(float) * 4);
            CHECK_RESULT(pm_quat_to_euler(mq, all_proper_orders[o], PM_ROTATION_POINT, me), PM_OK);
            CHECK(memcmp(e, me, sizeof e) == 0);
            CHECK_RESULT(pm_euler_to_mat4(e, all_orders[o], PM_ROTATION_POINT, (float *)m), PM_OK);
            CHECK_RESULT(pm_euler_to_mat4(me, all_orders[o], PM_ROTATION_POINT, mm), PM_OK);
            CHECK(memcmp(m, mm, sizeof m) == 0);
            CHECK_RESULT(pm_mat4_to_euler(mm, all_orders[o], PM_ROTATION_POINT, me), PM_OK);
            CHECK_RESULT(pm_mat4_to_euler((float *)m, all_orders[o], PM_ROTATION_POINT, ea), PM_OK);
            for (c = 0; c < 3; ++c) CHECK(ea[c] == me[c]);
        }
    }
}

/* The SIMD and the portable code do the same operations in the same order:
   the same bits, unless the compiler may fuse multiply-adds differently. */
void test_euler_simd_matches_scalar(void)
{
    int i, o, t, c;
    for (i = 0; i < 20000; ++i) {
        float q[4];
        random_quat(q);
        if (i % 100 == 0) { /* exactly at lock too */
            q[0] = q[1] = 0.0f;
            q[2] = q[3] = 0.70710678f;
        }
        for (o = 0; o < 6; ++o) {
            for (t = 0; t < 2; ++t) {
                float simd[3], scalar[3], proper_simd[3], proper_scalar[3];
                CHECK_RESULT(pm_quat_to_euler(q, all_orders[o], all_types[t], simd), PM_OK);
                CHECK_RESULT(scalar_quat_to_euler(q, all_orders[o], all_types[t], scalar), PM_OK);
                CHECK_RESULT(pm_quat_to_euler(q, all_proper_orders[o], all_types[t], proper_simd), PM_OK);
                CHECK_RESULT(scalar_quat_to_euler(q, all_proper_orders[o], all_types[t], proper_scalar), PM_OK);
                for (c = 0; c < 3; ++c) {
                    test_context("order %d type %d, case %d", o, t, i);
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
                    CHECK_NEAR(simd[c], scalar[c], ulpf(scalar[c]));
                    CHECK_NEAR(proper_simd[c], proper_scalar[c], ulpf(proper_scalar[c]));
#else
                    CHECK(simd[c] == scalar[c]);
                    CHECK(proper_simd[c] == proper_scalar[c]);
#endif
                }
            }
        }
    }
}
