/* Whether n floats or doubles are finite, from their bits: the tests and
   fuzz targets are also built with -ffast-math, where isfinite folds to 1.
   Inline: a file may use only one of them. */
#ifndef TESTS_FINITE_BITS_H
#define TESTS_FINITE_BITS_H

#include <stdint.h>
#include <string.h>

static inline int all_finite(const float *v, int n)
{
    int k;
    for (k = 0; k < n; ++k) {
        uint32_t bits;
        memcpy(&bits, &v[k], sizeof bits);
        if ((bits & 0x7f800000u) == 0x7f800000u) return 0;
    }
    return 1;
}

static inline int all_finite_d(const double *v, int n)
{
    int k;
    for (k = 0; k < n; ++k) {
        uint64_t bits;
        memcpy(&bits, &v[k], sizeof bits);
        if ((bits & 0x7ff0000000000000u) == 0x7ff0000000000000u) return 0;
    }
    return 1;
}

#endif
