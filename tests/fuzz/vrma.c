/* libFuzzer: any bytes as a VRM animation file through the examples' glb.h
   and vrma_read.h (examples/vrm_springs and vrma_tracks read .vrma files
   with them). The bytes are copied into an allocation of exactly their
   size, so AddressSanitizer reports any read past the end. A file that
   reads gives tracks pm_track_validate accepts, which pm_track_sample then
   samples before, inside and past their keys into finite values. */
#include "../../posemath.h"

#include "../../examples/glb.h"
#include "../../examples/gltf_json.h"
#include "../../examples/vrma_read.h"
#include "../finite_bits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void sample_everywhere(const pm_track *track, float duration)
{
    const double times[4] = {-1.0, 0.0, 0.5 * (double)duration, (double)duration + 1.0};
    int cursor = 0, bad_key, i;
    float out[4];
    if (track->key_count == 0) return;
    if (pm_track_validate(track, &bad_key) != PM_OK) abort();
    for (i = 0; i < 4; ++i) {
        if (pm_track_sample(track, times[i], &cursor, out) != PM_OK) abort();
        if (!all_finite(out, track->components)) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vrma_motion motion;
    unsigned char *bytes = (unsigned char *)malloc(size ? size : 1);
    const char *why = NULL;
    glb g;
    int b;
    if (!bytes) abort();
    memcpy(bytes, data, size);
    if (glb_open(bytes, size, &g)) {
        if (vrma_read(&g, &motion, &why)) {
            for (b = 0; b < PM_BONE_COUNT; ++b) sample_everywhere(&motion.rotation[b], motion.duration);
            sample_everywhere(&motion.hips_position, motion.duration);
        } else if (!why || !*why) {
            abort();
        }
        vrma_free(&motion);
    }
    cJSON_Delete(g.json);
    free(bytes);
    return 0;
}
