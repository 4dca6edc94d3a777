/* The skinning kernels alone, for a runtime-dispatch build: compiled once
   with -mavx2 -mfma and once with -mavx512f -mavx2 -mfma, and linked beside
   an implementation built with POSEMATH_DISPATCH_AVX2 and
   POSEMATH_DISPATCH_AVX512 (make test's test-dispatch, make bench
   BENCH_DISPATCH=1). */
#define POSEMATH_SKIN_KERNELS
#include "../posemath.h"
