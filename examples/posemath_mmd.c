/* posemath_mmd.h's implementation (the PMX and VMD readers, the model
   instance), in a file of its own beside examples/posemath.c: the examples
   link both objects. */
#define POSEMATH_MMD_IMPLEMENTATION
#include "../posemath_mmd.h"
