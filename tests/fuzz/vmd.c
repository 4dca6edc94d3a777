/* libFuzzer: any bytes through the examples' VMD reader (examples/vmd.h).
   The input is exactly `size` bytes, so AddressSanitizer reports any read
   past the end. A success must give tracks whose keys are sorted by frame
   (strictly) and whose names are NUL-terminated; a failure a message
   "byte N: ..." with N inside the file; either way nothing leaks. The bone
   tracks then go through pm_vmd_bone_keys_validate and a few samples. */
#include "../../examples/vmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vmd m;
    char error[128];
    int t, k;
    if (vmd_parse(data, size, &m, error, sizeof error) != 0) {
        unsigned long at;
        if (sscanf(error, "byte %lu:", &at) != 1 || at > size) abort();
        if (m.bones || m.morphs || m.iks) abort();
        return 0;
    }
    for (t = 0; t < m.bone_count; ++t) {
        const vmd_bone_track *track = &m.bones[t];
        int bad, cursor = 0;
        if (memchr(track->name, 0, sizeof track->name) == NULL) abort();
        for (k = 1; k < track->key_count; ++k)
            if (!(track->keys[k].frame > track->keys[k - 1].frame)) abort();
        if (track->key_count > 0 && pm_vmd_bone_keys_validate(track->keys, track->key_count, &bad) == PM_OK)
            for (k = 0; k < 8; ++k) {
                float translation[3], rotation[4];
                pm_vmd_bone_sample(track->keys, track->key_count, 7.5 * k, &cursor, translation, rotation);
            }
    }
    for (t = 0; t < m.morph_count; ++t)
        for (k = 1; k < m.morphs[t].key_count; ++k)
            if (!(m.morphs[t].keys[k].frame > m.morphs[t].keys[k - 1].frame)) abort();
    for (t = 0; t < m.ik_count; ++t)
        for (k = 1; k < m.iks[t].key_count; ++k)
            if (!(m.iks[t].keys[k].frame > m.iks[t].keys[k - 1].frame)) abort();
    vmd_free(&m);
    return 0;
}
