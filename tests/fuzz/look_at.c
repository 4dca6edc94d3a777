/* libFuzzer: any bytes through pm_look_at_parse_json (VRMC_vrm's lookAt or
   VRM 0.x's firstPerson), then, when they read, the three lookAt
   functions on the settings read with the input's last bytes as yaw and
   pitch (raw float bits: NaN, Inf, huge). The input buffer is exactly
   `size` bytes, so AddressSanitizer reports any read past the end. A
   success gives settings the lookAt functions accept and results that are
   finite; a failure carries a message and an offset inside the text. */
#include "../../posemath.h"

#include <stdint.h>
#include <stdlib.h>

#include "fuzz_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pm_look_at look_at;
    pm_parse_error error;
    pm_normalized_pose pose;
    float angles[2] = {0.0f, 0.0f}, weights[PM_LOOK_WEIGHT_COUNT];
    int k;
    if (pm_look_at_parse_json((const char *)data, size, &look_at, &error) != PM_OK) {
        if (!error.message || error.offset > size) abort();
        return 0;
    }
    if (size >= 8) memcpy(angles, data + size - 8, sizeof angles);
    for (k = 0; k < 2; ++k) {
        const float yaw = k ? angles[0] : 12.5f, pitch = k ? angles[1] : -40.0f;
        const int finite = all_finite(&yaw, 1) && all_finite(&pitch, 1);
        if ((pm_look_at_eyes(&look_at, yaw, pitch, &pose) == PM_OK) != finite) abort();
        if ((pm_look_at_weights(&look_at, yaw, pitch, weights) == PM_OK) != finite) abort();
        if (finite && (!all_finite(weights, PM_LOOK_WEIGHT_COUNT) ||
                       (look_at.type == PM_LOOK_AT_BONE && (!all_finite(pose.rotation[PM_BONE_LEFT_EYE], 4) ||
                                                            !all_finite(pose.rotation[PM_BONE_RIGHT_EYE], 4)))))
            abort();
    }
    return 0;
}
