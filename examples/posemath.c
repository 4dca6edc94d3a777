/* posemath's implementation and its MMD runtime's, in a file of their own
   as an engine keeps them: every example links this one object. The
   implementation takes seconds to compile (posemath.h's USAGE has the
   figures); a program that defines POSEMATH_IMPLEMENTATION itself pays
   them again at each change. */
#define POSEMATH_IMPLEMENTATION
#define POSEMATH_MMD_IMPLEMENTATION
#include "../posemath_mmd.h"
