/* The implementation every test links against. */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"
