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
