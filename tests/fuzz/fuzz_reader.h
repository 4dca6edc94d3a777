/* The fuzz targets' reader of libFuzzer's bytes: past the end every byte
   reads as 0, so any input is a complete case. */
#ifndef FUZZ_READER_H
#define FUZZ_READER_H

#include "../finite_bits.h"

#include <stdint.h>
#include <string.h>

typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static int next_byte(reader *r)
{
    if (r->left == 0) return 0;
    --r->left;
    return *r->p++;
}

/* A float: when the first byte is below `tame_below`, a small value
   (next byte - 128) / tame_divisor; otherwise four raw bytes (NaN, Inf,
   denormals, anything). */
static float next_float(reader *r, int tame_below, float tame_divisor)
{
    uint8_t bytes[4] = {0, 0, 0, 0};
    float f;
    int i;
    if (next_byte(r) < tame_below) return (float)(next_byte(r) - 128) / tame_divisor;
    for (i = 0; i < 4; ++i) bytes[i] = (uint8_t)next_byte(r);
    memcpy(&f, bytes, sizeof f);
    return f;
}

#endif
