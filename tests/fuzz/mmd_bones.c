/* libFuzzer: MMD bone evaluation on any skeleton. The bytes give the bone
   count (0 to 32, and sizes past what the tables can hold), each bone's
   parent, layer, flags, grant, fixed axis and IK (targets, loop counts up
   to 2^31 - 1, unit angles, links with any limits, indices in and out of
   range), which pointers are NULL, the pass (also values the enum does not
   name), and per frame the local poses (NaN, Inf and zero rotations
   included) and IK switches. Arrays live in allocations of exactly their
   size, so AddressSanitizer reports any access past them. A skeleton init
   refused must name a bone in range or none; evaluation must never crash,
   hang (IK work per frame is bounded by init) or write a pose it refuses. */
#include "../../posemath.h"

#include <limits.h>
#include "fuzz_reader.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int next_index(reader *r, int count)
{
    const int b = next_byte(r);
    return b >= 250 ? (b == 255 ? INT_MAX : b == 254 ? INT_MIN : b - 252) : b % (count + 2) - 1; /* -1 .. count, and far off */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const int shape = next_byte(&r);
    const int count = shape % 33, link_count = next_byte(&r) % 17, nulls = next_byte(&r);
    const int with_morphs = shape >= 128; /* bone morphs given, or NULL */
    const size_t bones_size = (size_t)(count ? count : 1);
    pm_mmd_bone *bones = (pm_mmd_bone *)calloc(bones_size, sizeof *bones);
    pm_mmd_ik_link *links = (pm_mmd_ik_link *)calloc((size_t)(link_count ? link_count : 1), sizeof *links);
    int *tables = (int *)malloc(bones_size * PM_MMD_TABLE_INTS * sizeof(int));
    float *translation = (float *)malloc(bones_size * 3 * sizeof(float));
    float *rotation = (float *)malloc(bones_size * 4 * sizeof(float));
    float *bone_morphs = (float *)malloc(bones_size * 7 * sizeof(float));
    unsigned char *ik_enabled = (unsigned char *)malloc(bones_size);
    pm_mmd_bone_pose *pose = (pm_mmd_bone_pose *)malloc(bones_size * sizeof *pose), *before;
    pm_mmd_skeleton s;
    pm_result result;
    int b, k, frame, bad, pass_value;
    pm_mmd_pass pass;
    before = (pm_mmd_bone_pose *)malloc(bones_size * sizeof *before);
    for (b = 0; b < count; ++b) {
        pm_mmd_bone *bone = &bones[b];
        for (k = 0; k < 3; ++k) bone->position[k] = next_float(&r, 230, 8.0f);
        bone->parent = next_byte(&r) < 40 ? -1 : next_index(&r, b < 1 ? 1 : b); /* mostly earlier bones */
        bone->layer = next_byte(&r) % 4 - 1;
        bone->flags = (unsigned)next_byte(&r) << 5 & 0x1fe0u;
        bone->grant_source = next_index(&r, count);
        bone->grant_ratio = next_float(&r, 220, 32.0f);
        for (k = 0; k < 3; ++k) bone->fixed_axis[k] = next_float(&r, 230, 16.0f);
        bone->ik_target = next_index(&r, count);
        bone->ik_loop_count = next_byte(&r) == 255 ? INT_MAX : next_byte(&r) - 2;
        bone->ik_unit_angle = next_float(&r, 220, 64.0f);
        bone->ik_first_link = next_index(&r, link_count);
        bone->ik_link_count = next_index(&r, link_count);
    }
    for (k = 0; k < link_count; ++k) {
        int c;
        links[k].bone = next_index(&r, count);
        links[k].limited = next_byte(&r) & 1;
        for (c = 0; c < 3; ++c) {
            links[k].lower[c] = next_byte(&r) < 60 ? 0.0f : next_float(&r, 220, 40.0f);
            links[k].upper[c] = next_byte(&r) < 60 ? 0.0f : next_float(&r, 220, 40.0f);
        }
    }
    s.bones = nulls & 1 ? NULL : bones;
    s.bone_count = shape >= 250 ? INT_MAX / PM_MMD_TABLE_INTS + (shape - 249) : count; /* sizes past the tables */
    s.ik_links = nulls & 2 ? NULL : links;
    s.ik_link_count = nulls & 4 ? -1 : link_count;
    s.tables = nulls & 8 ? NULL : tables;
    result = pm_mmd_skeleton_init(nulls & 16 ? NULL : &s, &bad);
    if (result != PM_OK && (bad < -1 || bad >= count)) abort();
    if (result == PM_OK && s.bone_count != count) abort();
    pass_value = next_byte(&r) % 5 - 1;
    memcpy(&pass, &pass_value, sizeof pass);
    for (frame = 0; frame < 3 && result == PM_OK; ++frame) {
        pm_result evaluated;
        for (b = 0; b < count; ++b) {
            for (k = 0; k < 3; ++k) translation[3 * b + k] = next_float(&r, 240, 16.0f);
            for (k = 0; k < 4; ++k) rotation[4 * b + k] = next_float(&r, 240, 64.0f);
            ik_enabled[b] = (unsigned char)(next_byte(&r) & 1);
            for (k = 0; k < 7; ++k) bone_morphs[7 * b + k] = next_float(&r, 240, 4.0f);
        }
        memcpy(before, pose, bones_size * sizeof *pose);
        evaluated = pm_mmd_evaluate(&s, nulls & 32 ? NULL : translation, nulls & 64 ? NULL : rotation,
                                    with_morphs ? bone_morphs : NULL, nulls & 128 ? NULL : ik_enabled, pass, pose);
        if (evaluated != PM_OK && memcmp(before, pose, bones_size * sizeof *pose) != 0) abort();
    }
    free(bones);
    free(links);
    free(tables);
    free(translation);
    free(rotation);
    free(bone_morphs);
    free(ik_enabled);
    free(pose);
    free(before);
    return 0;
}
