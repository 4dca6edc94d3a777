/* libFuzzer: VMD key sampling on any keys. The bytes give the key count
   (0 to 64, or a NULL array), each key's frame, values and curve bytes
   (frames as they come: validate must refuse what is out of order), and
   frames to sample, forward and at random, with and without a cursor. The
   keys live in an allocation of exactly their size, so AddressSanitizer
   reports any read past them. Keys validate accepted must sample to a unit
   rotation and finite values; any keys must never crash or hang. */
#include "../../posemath.h"
#include "fuzz_reader.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const int count = next_byte(&r) % 66 - 1; /* -1: a NULL array */
    pm_vmd_bone_key *keys = count > 0 ? (pm_vmd_bone_key *)malloc(sizeof *keys * (size_t)count) : NULL;
    pm_vmd_morph_key *morphs = count > 0 ? (pm_vmd_morph_key *)malloc(sizeof *morphs * (size_t)count) : NULL;
    pm_vmd_switch_key *switches = count > 0 ? (pm_vmd_switch_key *)malloc(sizeof *switches * (size_t)count) : NULL;
    int k, c, i, valid, bad, cursor = next_byte(&r) - 100, enabled;
    uint32_t frame = 0;
    for (k = 0; k < count; ++k) {
        frame += (uint32_t)next_byte(&r) - (next_byte(&r) == 0 ? 40u : 0u); /* mostly rising, sometimes not */
        keys[k].frame = frame;
        for (c = 0; c < 3; ++c) keys[k].translation[c] = next_float(&r, 200, 10.0f);
        for (c = 0; c < 4; ++c) keys[k].rotation[c] = next_float(&r, 200, 100.0f);
        for (c = 0; c < 16; ++c) keys[k].curve[c / 4][c % 4] = (unsigned char)(next_byte(&r) % 136);
        morphs[k].frame = frame;
        morphs[k].weight = next_float(&r, 200, 100.0f);
        switches[k].frame = frame;
        switches[k].enabled = next_byte(&r) & 1;
    }
    valid = pm_vmd_bone_keys_validate(count < 0 ? NULL : keys, count < 0 ? 1 : count, &bad) == PM_OK;
    if (!valid && count > 0 && (bad < 0 || bad >= count)) abort();
    for (i = 0; i < 24; ++i) {
        const double at = i < 12 ? (double)i * 7.5 - 10.0 : (double)next_float(&r, 250, 0.25f);
        float t[3], q[4], w;
        const pm_result result =
            pm_vmd_bone_sample(count < 0 ? NULL : keys, count, at, i % 3 ? &cursor : NULL, t, q);
        if (valid && at == at) { /* not NaN: a frame */
            const float n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
            if (result == PM_OK && !(n > 0.999f && n < 1.001f)) abort();
        }
        pm_vmd_morph_sample(count < 0 ? NULL : morphs, count, at, i % 2 ? &cursor : NULL, &w);
        pm_vmd_switch_sample(count < 0 ? NULL : switches, count, at, &cursor, &enabled);
        (void)pm_mmd_bezier(count > 0 ? keys[0].curve[3] : NULL, (float)at * 0.01f);
    }
    free(keys);
    free(morphs);
    free(switches);
    return 0;
}
