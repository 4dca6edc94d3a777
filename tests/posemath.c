/* The implementation every test links against. */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#include "test.h"

/* posemath_mmd.h's too, its PMX reader's name comparisons counted */
#define PM_PMX_NAME_COMPARE test_pmx_name_compare
#define POSEMATH_MMD_IMPLEMENTATION
#include "../posemath_mmd.h"

/* White-box access for test_skin_kernel_passes: the skinning kernel passes
   this build compiled, the flags' first. */
int skin_kernel_passes(skin_range_fn range[3], const char *name[3])
{
    int n = 0;
    range[n] = pm__base_skin_range;
    name[n++] = pm__base_kernels_name;
#if defined(PM__DISPATCH)
#if !defined(PM__FLAGS_AVX2)
    range[n] = pm__avx2_skin_range;
    name[n++] = pm__avx2_kernels_name;
#endif
    range[n] = pm__avx512_skin_range;
    name[n++] = pm__avx512_kernels_name;
#endif
    return n;
}

/* and posemath_vrm.h's */
#define POSEMATH_VRM_IMPLEMENTATION
#include "../posemath_vrm.h"
