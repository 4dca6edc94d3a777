/* Animation tracks (glTF samplers): sampling against three.js's interpolants
   on real files (three-vrm's test.vrma, Debian's glTF2/simple_skin) and a
   generated CUBICSPLINE / STEP / LINEAR file (tests/fixtures/track_threejs.h),
   exact properties, and bad input.

   Tolerance: three.js evaluates in double from the same float32 keys and
   rounds once into a Float32Array, as posemath does; the operations differ
   in order (three.js's slerp takes sin(t angle) / sin(angle) from its own
   formula), so results agree to a few ulp: 4e-7 of the value's size. Keys
   stored a little off unit length (test.vrma's 0.7071, simple_skin's 0.707)
   are mixed by the same weights as in three.js. A
   wrong formula (a missing tangent scale d, slerp the long way round, the
   wrong key) is off by 1e-2 or more. */
#include "test.h"

#include <limits.h>
#include <string.h>

#include "fixtures/track_threejs.h"

static double size_of(const float *v, int n)
{
    double m = 1.0;
    int c;
    for (c = 0; c < n; ++c) m = fmax(m, fabs((double)v[c]));
    return m;
}

static void load_track(int index, pm_track *track)
{
    const struct track_case *tc = &track_cases[index];
    track->times = track_floats + tc->first_float;
    track->values = track->times + tc->key_count;
    track->key_count = tc->key_count;
    track->components = tc->components;
    track->interpolation = (pm_interpolation)tc->interpolation;
}

void test_track_matches_threejs(void)
{
    int n, s, c, checked = 0;
    double worst = 0.0;
    for (n = 0; n < TRACK_CASES; ++n) {
        const struct track_case *tc = &track_cases[n];
        pm_track track;
        int cursor = 0, bad_key = 7;
        load_track(n, &track);
        test_context("%s channel %d", tc->file, tc->channel);
        CHECK_RESULT(pm_track_validate(&track, &bad_key), PM_OK);
        CHECK(bad_key == -1);
        for (s = 0; s < tc->sample_count; ++s) {
            const float *sample = track_samples[tc->first_sample + s];
            float out[4], again[4], expected[4];
            double tolerance, length = 0.0;
            /* rotations compared as rotations: three.js's slerp keeps the length of
               keys stored slightly off unit (test.vrma's 0.7071s: |q| = 0.99998,
               simple_skin's 0.707s), posemath returns unit quaternions */
            for (c = 0; c < tc->components; ++c) length += (double)sample[1 + c] * sample[1 + c];
            length = tc->components == 4 ? sqrt(length) : 1.0;
            for (c = 0; c < tc->components; ++c) expected[c] = (float)(sample[1 + c] / length);
            tolerance = 4e-7 * size_of(expected, tc->components);
            test_context("%s channel %d, time %g", tc->file, tc->channel, (double)sample[0]);
            CHECK_RESULT(pm_track_sample(&track, sample[0], NULL, out), PM_OK);
            for (c = 0; c < tc->components; ++c) {
                double d = fabs((double)out[c] - expected[c]);
                worst = fmax(worst, d / size_of(expected, tc->components));
                CHECK_NEAR(d, 0.0, tolerance);
            }
            /* with a cursor (the samples run forward within each track's keys): the same bits */
            CHECK_RESULT(pm_track_sample(&track, sample[0], &cursor, again), PM_OK);
            CHECK(memcmp(out, again, (size_t)tc->components * sizeof(float)) == 0);
            CHECK(cursor >= 0 && cursor < tc->key_count);
            ++checked;
        }
    }
    test_context("%s", "");
    CHECK(checked > 150);
    CHECK(worst < 2e-7); /* relative to the value's size; seen: 6.0e-8, half an ulp */
}

/* Exact properties: STEP and the clamped ends give a key's stored floats;
   LINEAR and CUBICSPLINE pass through their keys; a cursor from anywhere,
   playback forward and backward give what bisection gives. */
void test_track_properties(void)
{
    int n, k, c, i;
    for (n = 0; n < TRACK_CASES; ++n) {
        const struct track_case *tc = &track_cases[n];
        const int cubic = tc->interpolation == PM_INTERPOLATION_CUBICSPLINE;
        const int stride = tc->components * (cubic ? 3 : 1);
        pm_track track;
        float out[4], before[4], after[4];
        load_track(n, &track);
        test_context("%s channel %d", tc->file, tc->channel);
        for (k = 0; k < tc->key_count; ++k) {
            const float *key = track.values + k * stride + (cubic ? tc->components : 0);
            CHECK_RESULT(pm_track_sample(&track, track.times[k], NULL, out), PM_OK);
            for (c = 0; c < tc->components; ++c) {
                if (tc->components == 3) CHECK(out[c] == key[c]); /* u = 0: the key itself */
                else CHECK_NEAR(fabs(out[c] - key[c] / sqrt((double)key[0] * key[0] + (double)key[1] * key[1] +
                                                                (double)key[2] * key[2] + (double)key[3] * key[3])),
                                0.0, 1.2e-7);
            }
            if (tc->interpolation == PM_INTERPOLATION_STEP && k + 1 < tc->key_count) {
                CHECK_RESULT(pm_track_sample(&track, nextafterf(track.times[k + 1], -INFINITY), NULL, out), PM_OK);
                CHECK(memcmp(out, key, (size_t)tc->components * sizeof(float)) == 0);
            }
        }
        CHECK_RESULT(pm_track_sample(&track, track.times[0] - 100.0f, NULL, before), PM_OK);
        CHECK_RESULT(pm_track_sample(&track, track.times[0], NULL, out), PM_OK);
        CHECK(memcmp(before, out, (size_t)tc->components * sizeof(float)) == 0);
        CHECK_RESULT(pm_track_sample(&track, track.times[tc->key_count - 1] + 100.0f, NULL, after), PM_OK);
        CHECK_RESULT(pm_track_sample(&track, track.times[tc->key_count - 1], NULL, out), PM_OK);
        CHECK(memcmp(after, out, (size_t)tc->components * sizeof(float)) == 0);
        for (i = 0; i < 200; ++i) { /* any cursor value, even one out of range: the bisection's answer */
            const float t = track.times[0] - 0.3f + (float)i * (track.times[tc->key_count - 1] - track.times[0] + 0.6f) / 199.0f;
            int cursors[4] = {-5, 0, tc->key_count / 2, tc->key_count + 3}, j;
            float reference[4];
            CHECK_RESULT(pm_track_sample(&track, t, NULL, reference), PM_OK);
            for (j = 0; j < 4; ++j) {
                CHECK_RESULT(pm_track_sample(&track, t, &cursors[j], out), PM_OK);
                CHECK(memcmp(out, reference, (size_t)tc->components * sizeof(float)) == 0);
            }
        }
    }
    test_context("%s", "");
    {
        pm_interpolation interpolation = PM_INTERPOLATION_STEP;
        CHECK_RESULT(pm_interpolation_parse("CUBICSPLINE", &interpolation), PM_OK);
        CHECK(interpolation == PM_INTERPOLATION_CUBICSPLINE);
        CHECK_RESULT(pm_interpolation_parse("LINEAR", &interpolation), PM_OK);
        CHECK(interpolation == PM_INTERPOLATION_LINEAR);
        CHECK_RESULT(pm_interpolation_parse("STEP", &interpolation), PM_OK);
        CHECK(interpolation == PM_INTERPOLATION_STEP);
        CHECK_RESULT(pm_interpolation_parse("linear", &interpolation), PM_ERROR_PARSE);
        CHECK(interpolation == PM_INTERPOLATION_STEP);
        CHECK_RESULT(pm_interpolation_parse(NULL, &interpolation), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_interpolation_parse("STEP", NULL), PM_ERROR_INVALID_ARGUMENT);
    }
}

/* LINEAR rotations at every angle between the keys, the near ones (a
   motion's) and the far, against the slerp written out in long double
   with the C library's acosl and sinl from the same stored keys. posemath
   rounds once to float from weights within 2.1e-11 of exact, so each
   component is within half a float ulp (below 2^-25 for components under
   1) and 1e-10; mixing linearly, the normalized chord, is off by 4e-5
   at delta 0.01 and by more at every wider angle. (The weights before that rounding:
   test_options_slerp_weights.) */
void test_track_slerp_any_angle(void)
{
    static const double deltas[] = {0.0, 1e-10, 1e-6, 1e-3, 0.01, 0.05, 0.0899, 0.0901, 0.2, 0.5, 0.9, 1.0};
    static const double us[] = {0.1, 0.25, 0.5, 0.77, 0.9};
    const long double start[4] = {0.3L, -0.5L, 0.2L, 0.8L}, axis[3] = {0.6L, 0.0L, 0.8L};
    long double start_length = 0.0L;
    size_t d, i;
    int c;
    for (c = 0; c < 4; ++c) start_length += start[c] * start[c];
    start_length = sqrtl(start_length);
    for (d = 0; d < sizeof deltas / sizeof deltas[0]; ++d) {
        /* b = a (axis, 2 angle): a . b = cos(angle) = 1 - delta */
        const long double angle = acosl(1.0L - deltas[d]), s = sinl(angle), w = cosl(angle);
        const long double turn[4] = {axis[0] * s, axis[1] * s, axis[2] * s, w};
        long double a[4], b[4];
        float keys[8];
        const float times[2] = {0.0f, 1.0f};
        pm_track track;
        for (c = 0; c < 4; ++c) a[c] = start[c] / start_length;
        b[0] = a[3] * turn[0] + a[0] * turn[3] + a[1] * turn[2] - a[2] * turn[1];
        b[1] = a[3] * turn[1] - a[0] * turn[2] + a[1] * turn[3] + a[2] * turn[0];
        b[2] = a[3] * turn[2] + a[0] * turn[1] - a[1] * turn[0] + a[2] * turn[3];
        b[3] = a[3] * turn[3] - a[0] * turn[0] - a[1] * turn[1] - a[2] * turn[2];
        for (c = 0; c < 4; ++c) keys[c] = (float)a[c], keys[4 + c] = (float)b[c];
        track.times = times;
        track.values = keys;
        track.key_count = 2;
        track.components = 4;
        track.interpolation = PM_INTERPOLATION_LINEAR;
        for (i = 0; i < sizeof us / sizeof us[0]; ++i) {
            long double dot = 0.0L, mixed[4], length = 0.0L, wa = 1.0L - us[i], wb = us[i], theta;
            float out[4];
            for (c = 0; c < 4; ++c) dot += (long double)keys[c] * keys[4 + c];
            if (dot < 1.0L) { /* the keys as stored: not always exactly delta apart */
                theta = acosl(dot);
                wa = sinl((1.0L - us[i]) * theta) / sinl(theta);
                wb = sinl(us[i] * theta) / sinl(theta);
            }
            for (c = 0; c < 4; ++c) {
                mixed[c] = wa * keys[c] + wb * keys[4 + c];
                length += mixed[c] * mixed[c];
            }
            test_context("delta %g, u %g", deltas[d], us[i]);
            CHECK_RESULT(pm_track_sample(&track, us[i], NULL, out), PM_OK);
            for (c = 0; c < 4; ++c) CHECK_NEAR(out[c], (double)(mixed[c] / sqrtl(length)), FLOAT_ROUNDING / 2.0 + 1e-10);
        }
    }
    test_context("%s", "");
}

void test_track_bad_input(void)
{
    static const float times[4] = {0.0f, 1.0f, 2.0f, 3.0f};
    static const float quats[16] = {0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0};
    float values[16], out[4] = {9, 9, 9, 9}, bad_times[4];
    pm_track track, t;
    int bad_key, cursor = 0;
    memcpy(values, quats, sizeof values);
    track.times = times;
    track.values = values;
    track.key_count = 4;
    track.components = 4;
    track.interpolation = PM_INTERPOLATION_LINEAR;
    CHECK_RESULT(pm_track_validate(&track, NULL), PM_OK);
#define EXPECT_SHAPE_ERROR(field, value)                                                   \
    do {                                                                                   \
        t = track;                                                                         \
        t.field = value;                                                                   \
        CHECK_RESULT(pm_track_validate(&t, &bad_key), PM_ERROR_INVALID_ARGUMENT);          \
        CHECK(bad_key == -1);                                                              \
        CHECK_RESULT(pm_track_sample(&t, 0.5f, &cursor, out), PM_ERROR_INVALID_ARGUMENT);  \
        CHECK(out[0] == 9.0f);                                                             \
    } while (0)
    EXPECT_SHAPE_ERROR(times, NULL);
    EXPECT_SHAPE_ERROR(values, NULL);
    EXPECT_SHAPE_ERROR(key_count, 0);
    EXPECT_SHAPE_ERROR(key_count, -3);
    EXPECT_SHAPE_ERROR(key_count, INT_MAX);
    EXPECT_SHAPE_ERROR(components, 2);
    EXPECT_SHAPE_ERROR(components, 5);
#ifndef __cplusplus
    EXPECT_SHAPE_ERROR(interpolation, (pm_interpolation)3);
    EXPECT_SHAPE_ERROR(interpolation, (pm_interpolation)-1);
#endif
#undef EXPECT_SHAPE_ERROR
    CHECK_RESULT(pm_track_validate(NULL, &bad_key), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_track_sample(NULL, 0.5f, NULL, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_track_sample(&track, 0.5f, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_track_sample(&track, NAN, NULL, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_track_sample(&track, INFINITY, NULL, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK(out[0] == 9.0f);
    /* content: the first bad key is named */
    memcpy(bad_times, times, sizeof bad_times);
    bad_times[2] = 1.0f; /* not increasing */
    t = track;
    t.times = bad_times;
    CHECK_RESULT(pm_track_validate(&t, &bad_key), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad_key == 2);
    bad_times[2] = NAN;
    CHECK_RESULT(pm_track_validate(&t, &bad_key), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad_key == 2);
    values[13] = INFINITY;
    CHECK_RESULT(pm_track_validate(&track, &bad_key), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad_key == 3);
    memset(values + 4, 0, 4 * sizeof(float)); /* a zero rotation */
    CHECK_RESULT(pm_track_validate(&track, &bad_key), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad_key == 1);
    /* sampling content validate refuses: an error where the result is not a number, never out of bounds */
    CHECK_RESULT(pm_track_sample(&track, 1.0f, NULL, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK(out[0] == 9.0f);
    t = track;
    t.times = bad_times;
    bad_times[2] = -5.0f;
    CHECK_RESULT(pm_track_sample(&t, 1.5f, &cursor, out), PM_ERROR_INVALID_ARGUMENT); /* lands on the zero key */
}
