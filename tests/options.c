/* The header's options: a POSEMATH_STATIC copy with its own PM_ASSERT lives
   in this file beside the extern copy of tests/posemath.c (no symbol clash),
   and including the header twice is harmless. This copy is also built with
   POSEMATH_NO_SIMD, so tests can compare the portable code with the SIMD
   code in one program. */
static int options_assertions_failed;
#define PM_ASSERT(x) ((void)((x) || ++options_assertions_failed))
#define POSEMATH_STATIC
#ifndef POSEMATH_NO_SIMD
#define POSEMATH_NO_SIMD
#endif
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"
#include "../posemath.h"

#include "test.h"

#if POSEMATH_VERSION_MAJOR != 0 || POSEMATH_VERSION_MINOR < 1
#error "version macros"
#endif

void test_options_static_copy(void)
{
    const float q[4] = {0.0f, 0.0f, 0.38268343f, 0.92387953f}; /* 45 degrees about Z */
    float e[3];
    CHECK_RESULT(pm_quat_to_euler_deg(q, PM_EULER_XYZ, PM_ROTATION_POINT, e), PM_OK);
    CHECK_NEAR(e[2], 45.0, 1e-5);
    CHECK(options_assertions_failed == 0);
}

/* The slerp's weights in double, before the rounding to float that hides
   them, where this file sees the header's internals: against the slerp
   written out in long double with the C library's acosl and sinl. The
   series for near keys is within 6e-12 of exact (its truncation bound,
   posemath.h), the angle and sines for far keys within 6.6e-10 (the sine
   polynomial's); double rounding adds 1e-15. A term of the series left
   out, or any but its last coefficient 1% off, is off by more than that
   at the series' reach. */
void test_options_slerp_weights(void)
{
    static const double deltas[] = {1e-12, 1e-8, 1e-4, 0.01, 0.03, 0.06, 0.0899, 0.0901, 0.11, 0.15, 0.3, 0.7, 1.0};
    static const double a[4] = {0.0, 0.0, 0.0, 1.0};
    size_t d;
    int k;
    for (d = 0; d < sizeof deltas / sizeof deltas[0]; ++d) {
        const long double theta = acosl(1.0L - deltas[d]);
        const double b[4] = {(double)(0.6L * sinl(theta)), 0.0, (double)(0.8L * sinl(theta)), 1.0 - deltas[d]};
        const double bound = deltas[d] <= 0.09 ? 1e-11 : 1e-9;
        for (k = 1; k < 100; ++k) {
            const double u = k / 100.0;
            const long double wa = sinl((1.0L - u) * theta) / sinl(theta), wb = sinl(u * theta) / sinl(theta);
            double out[4];
            pm__slerp(a, b, u, out);
            CHECK_NEAR(out[3], (double)(wa + wb * (1.0L - deltas[d])), bound);
            CHECK_NEAR(out[0] / b[0], (double)wb, bound * (double)wb);
        }
    }
}

pm_result scalar_quat_to_euler(const float q[4], pm_euler_order order, pm_rotation_type type,
                               float euler[3])
{
    return pm_quat_to_euler(q, order, type, euler);
}

pm_result scalar_skin_job_prepare(const pm_skin_job *job)
{
    return pm_skin_job_prepare(job);
}

pm_result scalar_skin_job_run(const pm_skin_job *job, int first_vertex, int count)
{
    return pm_skin_job_run(job, first_vertex, count);
}
