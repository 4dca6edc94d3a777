/* bvh2vrma: converts a BVH motion into a VRM animation (.vrma: a glTF binary
   with the VRMC_vrm_animation 1.0 extension), which VRM 1.0 runtimes play
   on any model (three-vrm's VRMAnimationLoaderPlugin, UniVRM).

   usage: bvh2vrma [options] MOTION.bvh OUT.vrma
     --map FILE   joint-to-bone lines "JointName vrmBoneName" (# comments),
                  instead of the built-in names (examples/bvh.h)
     --unit M     metres per BVH unit (default: 1 or 0.01 when the rest hips
                  height looks like metres or centimetres, else the scale
                  that puts the hips 0.95 m high)
     --every N    keep every Nth frame (default 1: one keyframe per frame)
     --print      also print the tracks written, as examples/vrma_tracks
                  prints them ("rotation BONE TIME X Y Z W",
                  "translation hips TIME X Y Z")

   What it writes: one node per humanoid bone the BVH has (eyes excepted),
   in the VRM T-pose with identity rotations (the BVH's zero-rotation pose
   fitted to it by pm_humanoid_fit_tpose, in metres), children by the humanoid
   hierarchy; one animation whose rotation tracks are the normalized
   rotations (pm_pose_normalize: joints between bones, like CMU's LowerBack,
   folded in) and whose hips translation track is the hips' model-space
   position in metres, LINEAR, one key per kept frame. */
#include "../posemath.h"
#include "bvh.h"
#include "bone_map.h"
#include "vrma_write.h"
#include "output.h"

#include <float.h>
#include <limits.h>
#include <stdint.h>

/* The index of the BVH's joint called name, or -1 */
static int joint_named(const void *motion, const char *name)
{
    const bvh *m = (const bvh *)motion;
    int j;
    for (j = 0; j < m->joint_count; ++j)
        if (strcmp(m->joints[j].name, name) == 0) return j;
    return -1;
}

int main(int argc, char **argv)
{
    const char *map = NULL, *in = NULL, *out = NULL;
    double unit = 0.0;
    int every = 1, print = 0, i, b, f, bone_node[PM_BONE_COUNT], bones = 0, frames;
    int *parent;
    pm_transform *rest, *pose;
    float *world, *times;
    pm_normalized_pose *poses;
    pm_humanoid humanoid;
    pm_result result;
    bvh motion;
    char error[160];
    float rest_hips;

    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--map") == 0 && i + 1 < argc) map = argv[++i];
        else if (strcmp(argv[i], "--unit") == 0 && i + 1 < argc) {
            char *stop;
            unit = strtod(argv[++i], &stop);
            if (*stop || !(unit > 0.0 && unit < 1e30)) unit = -1.0; /* the usage line */
        }
        else if (strcmp(argv[i], "--every") == 0 && i + 1 < argc) {
            char *end;
            const long n = strtol(argv[++i], &end, 10);
            every = *end == '\0' && n >= 1 && n <= INT_MAX ? (int)n : 0; /* 0: the usage line */
        }
        else if (strcmp(argv[i], "--print") == 0) print = 1;
        else if (!in) in = argv[i];
        else if (!out) out = argv[i];
        else every = 0; /* one file too many: the usage line */
    }
    if (!in || !out || every < 1 || unit < 0.0) {
        fprintf(stderr, "usage: bvh2vrma [--map FILE] [--unit M] [--every N] [--print] MOTION.bvh OUT.vrma\n");
        return 2;
    }
    if (bvh_load(in, &motion, error, sizeof error) != 0) {
        fprintf(stderr, "bvh2vrma: %s: %s\n", in, error);
        return 1;
    }
    if (motion.warning[0]) fprintf(stderr, "bvh2vrma: %s: %s\n", in, motion.warning);
    if (motion.frame_count == 0) {
        fprintf(stderr, "bvh2vrma: %s: no frames to convert (\"Frames: 0\")\n", in);
        bvh_free(&motion);
        return 1;
    }
    /* glTF key times are floats that strictly increase */
    frames = (motion.frame_count - 1) / every + 1;
    for (f = 1; f < frames; ++f) {
        const double t = (double)f * every * motion.frame_time;
        if (!(t <= FLT_MAX) || (float)t <= (float)((double)(f - 1) * every * motion.frame_time)) {
            fprintf(stderr, "bvh2vrma: %s: \"Frame Time: %g\" gives key times that do not increase as floats\n", in,
                    motion.frame_time);
            bvh_free(&motion);
            return 1;
        }
    }
    if (!map) bvh_humanoid(&motion, bone_node);
    else if (!bone_map_read("bvh2vrma", map, joint_named, &motion, "\"JointName vrmBoneName\" with a joint of the BVH",
                            bone_node))
        return 1;
    bone_node[PM_BONE_LEFT_EYE] = bone_node[PM_BONE_RIGHT_EYE] = -1; /* the eyes are lookAt's in a VRM animation */

    /* the skeleton, its rest fitted to the T-pose */
    parent = (int *)malloc(sizeof(int) * (size_t)motion.joint_count);
    rest = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)motion.joint_count);
    pose = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)motion.joint_count);
    world = (float *)malloc(16 * sizeof(float) * (size_t)motion.joint_count);
    if (!parent || !rest || !pose || !world) return 1;
    for (i = 0; i < motion.joint_count; ++i) parent[i] = motion.joints[i].parent;
    bvh_rest(&motion, rest);
    if ((result = pm_humanoid_fit_tpose(bone_node, parent, motion.joint_count, rest, rest, NULL)) != PM_OK ||
        (result = pm_humanoid_init(&humanoid, bone_node, parent, motion.joint_count, rest, NULL)) != PM_OK ||
        (result = pm_scene_world_matrices(parent, motion.joint_count, rest, world)) != PM_OK) {
        fprintf(stderr, "bvh2vrma: %s: not a humanoid skeleton: %s", in, pm_result_string(result));
        for (b = 0; result == PM_ERROR_MISSING_BONE && b < PM_BONE_COUNT; ++b)
            if (pm_bone_required((pm_bone)b) && bone_node[b] < 0) fprintf(stderr, " (no %s joint)", pm_bone_name((pm_bone)b));
        fprintf(stderr, "\n");
        return 1;
    }
    rest_hips = humanoid.rest_hips[1];
    if (unit == 0.0) unit = rest_hips >= 0.5f && rest_hips <= 2.5f ? 1.0 : rest_hips >= 50.0f && rest_hips <= 250.0f ? 0.01 : 0.95 / rest_hips;

    times = (float *)malloc(sizeof(float) * (size_t)frames);
    poses = (pm_normalized_pose *)malloc(sizeof(pm_normalized_pose) * (size_t)frames);
    if (!times || !poses) return 1;
    for (f = 0; f < frames; ++f) {
        pm_raw_pose raw;
        times[f] = (float)(f * every * motion.frame_time);
        bvh_pose(&motion, f * every, pose);
        if ((result = pm_pose_read(&humanoid, pose, &raw)) != PM_OK ||
            (result = pm_pose_normalize(&humanoid, &raw, &poses[f])) != PM_OK) {
            fprintf(stderr, "bvh2vrma: %s: frame %d: %s\n", in, f * every, pm_result_string(result));
            return 1;
        }
    }
    if (vrma_write(out, "posemath bvh2vrma", &humanoid, world, unit, frames, times, poses, NULL, print, error, sizeof error) != 0) {
        fprintf(stderr, "bvh2vrma: %s\n", error);
        return 1;
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) bones += bone_node[b] >= 0;
    fprintf(stderr, "bvh2vrma: %s: %d bones, %d keys (%.1f s), hips %.3f m high\n", out, bones, frames,
            (frames - 1) * every * motion.frame_time, rest_hips * unit);
    free(parent), free(rest), free(pose), free(world), free(times), free(poses);
    bvh_free(&motion);
    return output_close("bvh2vrma", 0);
}
