/* MMD motion: VMD key sampling. The interpolation curves against scipy's
   exact root (brentq to 1e-15) and babylon-mmd 1.3.0's BezierInterpolate
   (tests/fixtures/vmd_bezier.h), bone keys against cglm's slerp on straight
   curves, exact key and step properties, and bad input. */
#include "test.h"

#include <string.h>

#include "fixtures/vmd_bezier.h"

/* The curve's y at x (a float, as the fixture's gradients are): exact to
   the float's rounding of y, 6e-8 for y <= 1; 2e-7 allowed. A curve with x
   and y swapped is off by 0.1. babylon-mmd's BezierInterpolate (15
   bisections from t = 1/2, stopping once |x(t) - x| < 1e-5) is not exact:
   on these 1958 cases 32 differ from the exact root's y by more than 1e-4,
   up to 0.030 (curve 0 84 0 17 at x = 0: x(t) = t^3 is flat, the bisection
   stops at t = 0.02, and the weight at a key's own frame is 0.03, not 0).
   The fixture keeps babylon-mmd's column to measure that. */
void test_mmd_bezier_exact(void)
{
    int i;
    double worst = 0.0, babylon_worst = 0.0;
    for (i = 0; i < VMD_BEZIER_CASES; ++i) {
        const struct vmd_bezier_case *bc = &vmd_bezier_cases[i];
        const float y = pm_mmd_bezier(bc->control, (float)bc->x);
        test_context("case %d: %d %d %d %d at %g", i, bc->control[0], bc->control[1], bc->control[2], bc->control[3],
                     bc->x);
        CHECK_NEAR(y, bc->exact, 2e-7);
        worst = fmax(worst, fabs((double)y - bc->exact));
        babylon_worst = fmax(babylon_worst, fabs(bc->babylon - bc->exact));
    }
    test_context("%s", "");
    CHECK(worst < 1e-7);           /* seen: 3.0e-8, half an ulp */
    CHECK(babylon_worst > 0.029);  /* the fixture's babylon-mmd column is what was measured above */
}

/* A bone track: at its keys' frames the keys themselves (translation bit for
   bit; rotation normalized); on straight curves (20 20 107 107: y = x) the
   translation mixes linearly and the rotation is cglm's glm_quat_slerp of
   the two keys (float, 1e-6); each channel follows its own curve; clamped
   ends; a cursor from anywhere gives the bisection's answer. */
static void set_key(pm_vmd_bone_key *key, uint32_t frame, float x, float y, float z, const float q[4])
{
    int c;
    memset(key, 0, sizeof *key);
    key->frame = frame;
    key->translation[0] = x;
    key->translation[1] = y;
    key->translation[2] = z;
    memcpy(key->rotation, q, 4 * sizeof(float));
    for (c = 0; c < 4; ++c) {
        key->curve[c][0] = key->curve[c][1] = 20;
        key->curve[c][2] = key->curve[c][3] = 107;
    }
}

void test_mmd_bone_keys(void)
{
    static const float q0[4] = {0, 0, 0, 1}, q1[4] = {0.2f, 0.3f, -0.1f, 0.927362f}, q2[4] = {-0.5f, 0.5f, 0.5f, 0.5f};
    pm_vmd_bone_key keys[3];
    float t[3], r[4];
    int i, c, cursor = 0, bad;
    set_key(&keys[0], 10, 0, 1, 2, q0);
    set_key(&keys[1], 30, 4, -1, 2, q1);
    set_key(&keys[2], 35, 4, 5, -3, q2);
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_OK);
    CHECK(bad == -1);
    for (i = 0; i < 3; ++i) {
        CHECK_RESULT(pm_vmd_bone_sample(keys, 3, keys[i].frame, NULL, t, r), PM_OK);
        {
        CHECK(memcmp(t, keys[i].translation, sizeof t) == 0);
        const float *k4 = keys[i].rotation; /* 4-byte aligned: no cglm SIMD here */
        const double norm = sqrt((double)k4[0] * k4[0] + (double)k4[1] * k4[1] + (double)k4[2] * k4[2] + (double)k4[3] * k4[3]);
        for (c = 0; c < 4; ++c) CHECK_NEAR(r[c], k4[c] / norm, 1.2e-7);
        }
    }
    for (i = 0; i <= 400; ++i) { /* frames 5 .. 45, straight curves */
        const double frame = 5.0 + 0.1 * i;
        const int k = frame < 30.0 ? 0 : 1;
        const double u = frame <= 10.0 ? 0.0 : frame >= 35.0 ? 1.0 : (frame - keys[k].frame) / (double)(keys[k + 1].frame - keys[k].frame);
        const int from = frame >= 35.0 ? 1 : k;
        versor a, b, expected;
        test_context("frame %g", frame);
        CHECK_RESULT(pm_vmd_bone_sample(keys, 3, frame, &cursor, t, r), PM_OK);
        for (c = 0; c < 3; ++c)
            CHECK_NEAR(t[c], keys[from].translation[c] + (keys[from + 1].translation[c] - keys[from].translation[c]) * u, 1e-6);
        memcpy(a, keys[from].rotation, sizeof a);
        memcpy(b, keys[from + 1].rotation, sizeof b);
        test_quat_normalize(a);
        test_quat_normalize(b);
        glm_quat_slerp(a, b, (float)u, expected);
        test_quat_normalize(expected);
        for (c = 0; c < 4; ++c) CHECK_NEAR(r[c], expected[c], 1e-6);
    }
    test_context("%s", "");
    /* each channel its own curve: x eases in, y is straight, the rotation holds until late */
    keys[1].curve[0][0] = 127, keys[1].curve[0][1] = 0, keys[1].curve[0][2] = 127, keys[1].curve[0][3] = 0;
    keys[1].curve[3][0] = 127, keys[1].curve[3][1] = 0, keys[1].curve[3][2] = 127, keys[1].curve[3][3] = 0;
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 20.0, NULL, t, r), PM_OK);
    CHECK_NEAR(t[0], 4.0f * pm_mmd_bezier(keys[1].curve[0], 0.5f), 1e-6);
    CHECK(t[0] < 1.0f);               /* eased: well behind the straight line's 2 */
    CHECK_NEAR(t[1], 0.0, 1e-6);      /* straight: halfway from 1 to -1 */
    CHECK(r[3] > 0.995f);             /* the rotation has barely left q0 */
    /* before the first key and after the last: clamped; one key: always it */
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, -100.0, &cursor, t, r), PM_OK);
    CHECK(memcmp(t, keys[0].translation, sizeof t) == 0);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 1e9, &cursor, t, r), PM_OK);
    CHECK(memcmp(t, keys[2].translation, sizeof t) == 0);
    CHECK_RESULT(pm_vmd_bone_sample(keys + 1, 1, 3.0, NULL, t, r), PM_OK);
    CHECK(memcmp(t, keys[1].translation, sizeof t) == 0);
    for (i = 0; i < 50; ++i) { /* any cursor, any frame: the same bits as bisection */
        const double frame = 8.0 + 0.7 * i;
        int cursors[3] = {-3, 1, 99}, j;
        float t0[3], r0[4];
        CHECK_RESULT(pm_vmd_bone_sample(keys, 3, frame, NULL, t0, r0), PM_OK);
        for (j = 0; j < 3; ++j) {
            CHECK_RESULT(pm_vmd_bone_sample(keys, 3, frame, &cursors[j], t, r), PM_OK);
            CHECK(memcmp(t, t0, sizeof t) == 0 && memcmp(r, r0, sizeof r) == 0);
        }
    }
}

/* Morph weights mix linearly (exact at keys and halfway); IK switches hold
   the key at or before the frame (the first before it). */
void test_mmd_morph_and_switch_keys(void)
{
    const pm_vmd_morph_key morphs[3] = {{0, 0.0f}, {10, 1.0f}, {40, 0.25f}};
    const pm_vmd_switch_key switches[3] = {{5, 1}, {20, 0}, {21, 7}};
    float w;
    int on, cursor = 0;
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 5.0, &cursor, &w), PM_OK);
    CHECK(w == 0.5f);
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 25.0, &cursor, &w), PM_OK);
    CHECK(w == 0.625f);
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 10.0, &cursor, &w), PM_OK);
    CHECK(w == 1.0f);
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 99.0, NULL, &w), PM_OK);
    CHECK(w == 0.25f);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 0.0, NULL, &on), PM_OK);
    CHECK(on == 1);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 19.99, &cursor, &on), PM_OK);
    CHECK(on == 1);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 20.0, &cursor, &on), PM_OK);
    CHECK(on == 0);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 30.0, &cursor, &on), PM_OK);
    CHECK(on == 1); /* any nonzero byte is on */
}

void test_mmd_keys_bad_input(void)
{
    static const float q[4] = {0, 0, 0, 1};
    pm_vmd_bone_key keys[3];
    const pm_vmd_morph_key morph = {0, 1.0f}, bad_morph = {0, NAN};
    const pm_vmd_switch_key on = {0, 1};
    float t[3] = {9, 9, 9}, r[4] = {9, 9, 9, 9}, w = 9.0f;
    int bad, enabled = 9, k;
    for (k = 0; k < 3; ++k) {
        memset(&keys[k], 0, sizeof keys[k]);
        keys[k].frame = (uint32_t)(10 * k);
        memcpy(keys[k].rotation, q, sizeof q);
    }
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_OK);
    CHECK_RESULT(pm_vmd_bone_keys_validate(NULL, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == -1);
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 0, &bad), PM_ERROR_INVALID_ARGUMENT);
    keys[2].frame = 10; /* not increasing */
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 2);
    keys[2].frame = 20;
    keys[1].curve[2][3] = 128; /* past 127 */
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 1);
    keys[1].curve[2][3] = 0;
    keys[1].translation[1] = INFINITY;
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 1);
    keys[1].translation[1] = 0.0f;
    memset(keys[2].rotation, 0, sizeof keys[2].rotation);
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 2);
    /* sampling what validate refused: an error, outputs untouched, nothing read out of bounds */
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 25.0, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK(t[0] == 9.0f && r[0] == 9.0f);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, NAN, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, INFINITY, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(NULL, 3, 1.0, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 0, 1.0, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 1.0, NULL, NULL, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 1.0, NULL, t, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_morph_sample(&bad_morph, 1, 0.0, NULL, &w), PM_ERROR_INVALID_ARGUMENT);
    CHECK(w == 9.0f);
    CHECK_RESULT(pm_vmd_morph_sample(&morph, 1, NAN, NULL, &w), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_morph_sample(&morph, 1, 0.0, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_morph_sample(NULL, 1, 0.0, NULL, &w), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_switch_sample(&on, 0, 0.0, NULL, &enabled), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_switch_sample(&on, 1, NAN, NULL, &enabled), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_switch_sample(&on, 1, 0.0, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK(enabled == 9);
    CHECK(pm_mmd_bezier(NULL, 0.5f) == 0.0f && pm_mmd_bezier(keys[0].curve[0], NAN) == 0.0f &&
          pm_mmd_bezier(keys[0].curve[0], 2.0f) == 1.0f);
}
