/* libFuzzer: any bytes through the examples' BVH reader (examples/bvh.h).
   The input is exactly `size` bytes, so AddressSanitizer reports any read
   past the end. A success must give a consistent motion whose rotations
   are unit quaternions (translations may overflow: offset + value). */
#define POSEMATH_IMPLEMENTATION
#include "../../examples/bvh.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bvh b;
    char error[96];
    int j, f, channels = 0;
    if (bvh_parse((const char *)data, size, &b, error, sizeof error) != 0) {
        if (strncmp(error, "line ", 5) != 0) abort();
        return 0;
    }
    for (j = 0; j < b.joint_count; ++j) {
        if (b.joints[j].parent >= j || b.joints[j].parent < -1 || b.joints[j].first_channel != channels) abort();
        channels += b.joints[j].channel_count;
    }
    if (channels != b.channel_count) abort();
    for (f = 0; f < b.frame_count && f < 4; ++f)
        for (j = 0; j < b.joint_count; ++j) {
            float t[3];
            versor q;
            bvh_local(&b, j, f, t, q);
            if (!(fabsf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] - 1.0f) < 1e-5f)) abort();
        }
    bvh_free(&b);
    return 0;
}
