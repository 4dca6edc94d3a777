/* libFuzzer: any bytes through posemath_mmd.h's VMD reader, then played on
   tests/fixtures/morphs.pmx (bones, morphs of every type). The input is
   exactly `size` bytes, so AddressSanitizer reports any read past the end.
   A success must give tracks whose keys are sorted by frame (strictly) and
   whose names are NUL-terminated; a failure an error inside the file, or
   out of memory where the allocator failed (fuzz_memory.h), and nothing
   allocated left; nothing leaks. The bone tracks then go through
   pm_vmd_bone_keys_validate and a few samples. */
#include "../../posemath_mmd.h"
#include "fuzz_memory.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static pm_pmx_model model; /* read once */
static int model_read;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_memory memory;
    pm_mmd_options options;
    const int counted = fuzz_memory_for(size, &memory, &options.memory);
    const pm_mmd_options *chosen = counted ? &options : NULL;
    pm_vmd_motion m;
    pm_mmd_model *player = NULL;
    pm_parse_error error;
    pm_result result = pm_vmd_parse(data, size, chosen, &m, size % 5 == 4 ? NULL : &error);
    int t, k;
    if (!model_read) model_read = pm_pmx_parse_file("tests/fixtures/morphs.pmx", NULL, &model, NULL) == PM_OK ? 1 : -1;
    if (model_read < 0) abort(); /* run from the repository's root */
    if (result != PM_OK) {
        fuzz_check_failure(result, counted, &memory, size % 5 == 4 ? NULL : &error, size);
        if (m.bones || m.morphs || m.iks) abort();
        return 0;
    }
    for (t = 0; t < m.bone_count; ++t) {
        const pm_vmd_bone_track *track = &m.bones[t];
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
    /* played: tracks found by name, a few updates; a key the samplers refuse is an error, never a crash */
    if (pm_mmd_model_create(&model, chosen, &player, NULL) == PM_OK) {
        if (pm_mmd_model_play(player, &m) == PM_OK)
            for (k = 0; k < 4; ++k) (void)pm_mmd_model_update(player, 0.25);
        pm_mmd_model_destroy(player);
    }
    pm_vmd_free(&m);
    return 0;
}
