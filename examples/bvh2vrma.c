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
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"
#include "bvh.h"

#include <float.h>
#include <limits.h>
#include <stdint.h>

typedef struct growing {
    char *data;
    size_t size, capacity;
} growing;

static void append(growing *g, const void *bytes, size_t n)
{
    if (g->size + n > g->capacity) {
        size_t capacity = g->capacity ? 2 * g->capacity : 4096;
        while (capacity < g->size + n) capacity *= 2;
        g->data = (char *)realloc(g->data, capacity);
        if (!g->data) {
            fprintf(stderr, "bvh2vrma: out of memory\n");
            exit(1);
        }
        g->capacity = capacity;
    }
    memcpy(g->data + g->size, bytes, n);
    g->size += n;
}

static void appendf(growing *g, const char *format, ...)
{
    char text[512];
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    append(g, text, (size_t)n);
}

/* "JointName vrmBoneName" lines into bone_node; 0 on a bad line (reported). */
static int read_map(const char *path, const bvh *motion, int bone_node[PM_BONE_COUNT])
{
    size_t length;
    char *text = (char *)read_file(path, &length), *line, *next;
    int number = 0, b, j;
    if (!text) {
        fprintf(stderr, "bvh2vrma: cannot read %s\n", path);
        return 0;
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) bone_node[b] = -1;
    for (line = text; line && *line; line = next) {
        char joint[BVH_NAME_SIZE], name[64];
        pm_bone bone;
        int fields;
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        ++number;
        if (strchr(line, '#')) *strchr(line, '#') = '\0';
        fields = sscanf(line, "%63s %63s", joint, name);
        if (fields <= 0) continue;
        for (j = 0; j < motion->joint_count && strcmp(motion->joints[j].name, joint) != 0; ++j) continue;
        if (fields != 2 || pm_bone_parse(name, &bone) != PM_OK || j == motion->joint_count) {
            fprintf(stderr, "bvh2vrma: %s:%d: expected \"JointName vrmBoneName\" with a joint of the BVH\n", path, number);
            free(text);
            return 0;
        }
        bone_node[bone] = j;
    }
    free(text);
    return 1;
}

int main(int argc, char **argv)
{
    const char *map = NULL, *in = NULL, *out = NULL;
    double unit = 0.0;
    int every = 1, print = 0, i, b, f, bone_node[PM_BONE_COUNT], bone_index[PM_BONE_COUNT], bones = 0, frames;
    int *parent;
    pm_transform *rest, *pose;
    float *world;
    pm_humanoid humanoid;
    pm_result result;
    bvh motion;
    char error[160];
    growing json = {NULL, 0, 0}, bin = {NULL, 0, 0};
    float rest_hips;
    FILE *file;

    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--map") == 0 && i + 1 < argc) map = argv[++i];
        else if (strcmp(argv[i], "--unit") == 0 && i + 1 < argc) unit = atof(argv[++i]);
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
    else if (!read_map(map, &motion, bone_node)) return 1;
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

    /* BIN: key times, then each bone's rotations, then the hips' translations */
    for (f = 0; f < frames; ++f) {
        float t = (float)(f * every * motion.frame_time);
        append(&bin, &t, sizeof t);
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) bone_index[b] = bone_node[b] >= 0 ? bones++ : -1;
    {
        const size_t rotations = bin.size, translations = rotations + (size_t)bones * (size_t)frames * 16;
        char *keys = (char *)calloc(1, translations + (size_t)frames * 12 - rotations);
        if (!keys) return 1;
        for (f = 0; f < frames; ++f) {
            pm_raw_pose raw;
            pm_normalized_pose normalized;
            bvh_pose(&motion, f * every, pose);
            if ((result = pm_pose_read(&humanoid, pose, &raw)) != PM_OK ||
                (result = pm_pose_normalize(&humanoid, &raw, &normalized)) != PM_OK) {
                fprintf(stderr, "bvh2vrma: %s: frame %d: %s\n", in, f * every, pm_result_string(result));
                return 1;
            }
            for (b = 0; b < PM_BONE_COUNT; ++b) {
                if (bone_index[b] < 0) continue;
                memcpy(keys + ((size_t)bone_index[b] * (size_t)frames + (size_t)f) * 16, normalized.rotation[b], 16);
                if (print)
                    printf("rotation %s %.9g %.9g %.9g %.9g %.9g\n", pm_bone_name((pm_bone)b),
                           (double)(float)(f * every * motion.frame_time), (double)normalized.rotation[b][0],
                           (double)normalized.rotation[b][1], (double)normalized.rotation[b][2],
                           (double)normalized.rotation[b][3]);
            }
            for (i = 0; i < 3; ++i) normalized.hips_position[i] = (float)(normalized.hips_position[i] * unit);
            memcpy(keys + translations - rotations + (size_t)f * 12, normalized.hips_position, 12);
            if (print)
                printf("translation hips %.9g %.9g %.9g %.9g\n", (double)(float)(f * every * motion.frame_time),
                       (double)normalized.hips_position[0], (double)normalized.hips_position[1],
                       (double)normalized.hips_position[2]);
        }
        append(&bin, keys, translations + (size_t)frames * 12 - rotations);
        free(keys);

        /* JSON: bones as nodes (rest: the fitted T-pose, identity rotations, metres) */
        appendf(&json, "{\"asset\":{\"version\":\"2.0\",\"generator\":\"posemath bvh2vrma\"},\"scene\":0,"
                       "\"scenes\":[{\"nodes\":[%d]}],\"nodes\":[", bone_index[PM_BONE_HIPS]);
        for (b = 0; b < PM_BONE_COUNT; ++b) {
            const int up = humanoid.parent_bone[b];
            const float *p = world + 16 * bone_node[b] + 12, *q = up >= 0 ? world + 16 * bone_node[up] + 12 : NULL;
            int c, first = 1;
            if (bone_index[b] < 0) continue;
            appendf(&json, "%s{\"name\":\"%s\",\"translation\":[%.9g,%.9g,%.9g]", bone_index[b] ? "," : "",
                    pm_bone_name((pm_bone)b), (p[0] - (q ? q[0] : 0.0f)) * unit, (p[1] - (q ? q[1] : 0.0f)) * unit,
                    (p[2] - (q ? q[2] : 0.0f)) * unit);
            for (c = 0; c < PM_BONE_COUNT; ++c)
                if (bone_index[c] >= 0 && humanoid.parent_bone[c] == b) {
                    appendf(&json, "%s%d", first ? ",\"children\":[" : ",", bone_index[c]);
                    first = 0;
                }
            appendf(&json, "%s}", first ? "" : "]");
        }
        appendf(&json, "],\"extensionsUsed\":[\"VRMC_vrm_animation\"],\"extensions\":{\"VRMC_vrm_animation\":"
                       "{\"specVersion\":\"1.0\",\"humanoid\":{\"humanBones\":{");
        for (b = 0; b < PM_BONE_COUNT; ++b)
            if (bone_index[b] >= 0)
                appendf(&json, "%s\"%s\":{\"node\":%d}", bone_index[b] ? "," : "", pm_bone_name((pm_bone)b), bone_index[b]);
        /* accessor 0: times; 1..bones: rotations; bones + 1: hips translations */
        appendf(&json, "}}}},\"animations\":[{\"channels\":[");
        for (b = 0; b < PM_BONE_COUNT; ++b)
            if (bone_index[b] >= 0)
                appendf(&json, "{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"rotation\"}},", bone_index[b], bone_index[b]);
        appendf(&json, "{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"translation\"}}],\"samplers\":[", bones,
                bone_index[PM_BONE_HIPS]);
        for (i = 0; i <= bones; ++i) appendf(&json, "%s{\"input\":0,\"output\":%d,\"interpolation\":\"LINEAR\"}", i ? "," : "", i + 1);
        appendf(&json, "]}],\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":%d,\"type\":\"SCALAR\","
                       "\"min\":[0],\"max\":[%.9g]}", frames, (double)(float)((frames - 1) * every * motion.frame_time));
        for (i = 0; i < bones; ++i)
            appendf(&json, ",{\"bufferView\":1,\"byteOffset\":%lu,\"componentType\":5126,\"count\":%d,\"type\":\"VEC4\"}",
                    (unsigned long)((size_t)i * (size_t)frames * 16), frames);
        appendf(&json, ",{\"bufferView\":2,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\"}],\"bufferViews\":["
                       "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":%lu},{\"buffer\":0,\"byteOffset\":%lu,\"byteLength\":%lu},"
                       "{\"buffer\":0,\"byteOffset\":%lu,\"byteLength\":%lu}],\"buffers\":[{\"byteLength\":%lu}]}",
                frames, (unsigned long)rotations, (unsigned long)rotations, (unsigned long)(translations - rotations),
                (unsigned long)translations, (unsigned long)((size_t)frames * 12), (unsigned long)bin.size);
    }

    /* GLB: header, JSON chunk (space-padded), BIN chunk (zero-padded) */
    while (json.size % 4) append(&json, " ", 1);
    while (bin.size % 4) append(&bin, "", 1);
    if (!(file = fopen(out, "wb"))) {
        fprintf(stderr, "bvh2vrma: cannot write %s\n", out);
        return 1;
    }
    {
        const uint32_t header[5] = {0x46546C67u, 2u, (uint32_t)(12 + 8 + json.size + 8 + bin.size), (uint32_t)json.size,
                                    0x4E4F534Au};
        const uint32_t bin_header[2] = {(uint32_t)bin.size, 0x004E4942u};
        int ok = fwrite(header, sizeof header, 1, file) == 1 && fwrite(json.data, 1, json.size, file) == json.size &&
                 fwrite(bin_header, sizeof bin_header, 1, file) == 1 && fwrite(bin.data, 1, bin.size, file) == bin.size;
        if (fclose(file) != 0 || !ok) {
            fprintf(stderr, "bvh2vrma: cannot write %s\n", out);
            return 1;
        }
    }
    fprintf(stderr, "bvh2vrma: %s: %d bones, %d keys (%.1f s), hips %.3f m high\n", out, bones, frames,
            (frames - 1) * every * motion.frame_time, rest_hips * unit);
    free(json.data), free(bin.data), free(parent), free(rest), free(pose), free(world);
    bvh_free(&motion);
    return 0;
}
