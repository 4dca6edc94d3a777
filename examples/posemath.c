/* posemath's implementation, in a file of its own as an engine keeps it:
   every example links this one object. The implementation takes seconds
   to compile (posemath.h's USAGE has the figures); a program that defines
   POSEMATH_IMPLEMENTATION itself pays them again at each change. */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"
