/* libFuzzer: any bytes through the examples' BVH reader (examples/bvh.h),
   then, when the skeleton names the required bones, through the humanoid
   as the examples drive it: T-pose fitting, init, read (joints between
   bones folded in), retarget onto itself. The input is exactly `size`
   bytes, so AddressSanitizer reports any read past the end. A success must
   give a consistent motion whose rotations are unit quaternions
   (translations may overflow: offset + value); every humanoid call returns
   a result it documents, and a retarget that succeeds gives finite unit
   rotations. */
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
    if (b.joint_count <= 64) {
        int parent[64], bone_node[PM_BONE_COUNT], k;
        pm_transform rest[64], pose[64];
        pm_humanoid h;
        pm_result r;
        for (j = 0; j < b.joint_count; ++j) parent[j] = b.joints[j].parent;
        bvh_humanoid(&b, bone_node);
        bvh_rest(&b, rest);
        r = pm_humanoid_fit_tpose(bone_node, parent, b.joint_count, rest, rest, NULL);
        if (r != PM_OK && r != PM_ERROR_MISSING_BONE && r != PM_ERROR_INVALID_ARGUMENT) abort();
        if (r == PM_OK) r = pm_humanoid_init(&h, bone_node, parent, b.joint_count, rest, NULL);
        if (r != PM_OK && r != PM_ERROR_MISSING_BONE && r != PM_ERROR_INVALID_ARGUMENT && r != PM_ERROR_HIPS_HEIGHT) abort();
        for (f = 0; r == PM_OK && f < b.frame_count && f < 2; ++f) {
            pm_raw_pose raw, same;
            pm_result read, moved;
            bvh_pose(&b, f, pose);
            read = pm_pose_read(&h, pose, &raw);
            if (read != PM_OK && read != PM_ERROR_INVALID_ARGUMENT) abort();
            if (read != PM_OK) continue;
            moved = pm_retarget_once(&h, &raw, &h, &same);
            if (moved != PM_OK && moved != PM_ERROR_INVALID_ARGUMENT) abort();
            for (k = 0; moved == PM_OK && k < PM_BONE_COUNT; ++k) {
                const float *q = same.rotation[k];
                if (!(fabsf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] - 1.0f) < 1e-4f)) abort();
            }
        }
    }
    bvh_free(&b);
    return 0;
}
