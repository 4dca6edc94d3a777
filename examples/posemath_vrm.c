/* posemath_vrm.h's implementation (the VRM and VRM animation readers, the
   avatar instance), in a file of its own beside examples/posemath.c: the
   examples link all three objects. */
#define POSEMATH_VRM_IMPLEMENTATION
#include "../posemath_vrm.h"
