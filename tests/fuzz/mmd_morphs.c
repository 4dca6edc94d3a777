/* libFuzzer: MMD morph sets from bytes through pm_mmd_morph_set_validate
   and the per-frame calls (pm_mmd_morph_weights, _bones, _materials):
   every count (negative ones too) and index, every pointer NULL or not,
   any float. A set validate accepts must give finite outputs or an error;
   one it refuses must be refused by every per-frame call. */
#include "../../posemath.h"

#include "fuzz_reader.h"
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX = 12 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    pm_mmd_morph morphs[MAX];
    pm_mmd_group_element groups[MAX];
    pm_mmd_bone_element bones[MAX];
    pm_mmd_material_element materials[MAX];
    float weights[MAX], applied[MAX], bone_morphs[7 * MAX], base[PM_MMD_MATERIAL_VALUES * MAX];
    float values[PM_MMD_MATERIAL_VALUES * MAX];
    pm_mmd_morph_set set;
    const int nulls = next_byte(&r);
    int i, k, valid;
    set.morph_count = next_byte(&r) % (MAX + 2) - 1, set.group_count = next_byte(&r) % (MAX + 2) - 1;
    set.bone_element_count = next_byte(&r) % (MAX + 2) - 1, set.material_element_count = next_byte(&r) % (MAX + 2) - 1;
    set.bone_count = next_byte(&r) % (MAX + 1) - (next_byte(&r) == 255), set.material_count = next_byte(&r) % (MAX + 1);
    set.morphs = nulls & 1 ? NULL : morphs, set.groups = nulls & 2 ? NULL : groups;
    set.bones = nulls & 4 ? NULL : bones, set.materials = nulls & 8 ? NULL : materials;
    for (i = 0; i < MAX; ++i) {
        morphs[i].type = next_byte(&r) % 13 - 1;
        morphs[i].first = next_byte(&r) % (MAX + 2) - 1, morphs[i].count = next_byte(&r) % (MAX + 2) - 1;
        groups[i].morph = next_byte(&r) % (MAX + 2) - 1, groups[i].ratio = next_float(&r, 240, 16.0f);
        bones[i].bone = next_byte(&r) % (MAX + 2) - 1;
        for (k = 0; k < 3; ++k) bones[i].translation[k] = next_float(&r, 240, 16.0f);
        for (k = 0; k < 4; ++k) bones[i].rotation[k] = next_float(&r, 240, 128.0f);
        materials[i].material = next_byte(&r) % (MAX + 3) - 2, materials[i].add = next_byte(&r) % 4 - 1;
        for (k = 0; k < PM_MMD_MATERIAL_ELEMENT_VALUES; ++k) materials[i].values[k] = next_float(&r, 250, 32.0f);
        weights[i] = next_float(&r, 240, 32.0f);
    }
    for (i = 0; i < PM_MMD_MATERIAL_VALUES * MAX; ++i) base[i] = next_float(&r, 250, 16.0f);
    valid = pm_mmd_morph_set_validate(&set, NULL) == PM_OK;
    {
        const float *w = nulls & 16 ? NULL : weights;
        const pm_result a = pm_mmd_morph_weights(&set, w, nulls & 32 ? NULL : applied);
        const pm_result b = pm_mmd_morph_bones(&set, w, nulls & 64 ? NULL : bone_morphs);
        const pm_result c = pm_mmd_morph_materials(&set, w, nulls & 128 ? NULL : base, values);
        if (!valid && (a == PM_OK || b == PM_OK || c == PM_OK)) abort();
        if (a == PM_OK && !all_finite(applied, set.morph_count)) abort();
        if (b == PM_OK && !all_finite(bone_morphs, 7 * set.bone_count)) abort();
        if (c == PM_OK && !all_finite(values, PM_MMD_MATERIAL_VALUES * set.material_count)) abort();
    }
    return 0;
}
