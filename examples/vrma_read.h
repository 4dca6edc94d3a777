/* vrma_read.h: a VRM animation (.vrma, glTF binary) as normalized humanoid
   tracks, the form three-vrm-animation's VRMAnimationLoaderPlugin gives:
   the humanoid from VRMC_vrm_animation's humanBones and the file's rest
   nodes, every rotation key normalized (as if the rig had identity rest
   rotations), the hips translation keys in model space. Reads the first
   animation's LINEAR and STEP samplers (a CUBICSPLINE one is refused: its
   tangents would need normalizing too). Example code: include it in one
   file.

   What a file can make it do is bounded: VRMA_MAX_KEYS keys over all
   tracks (define it to change the bound; a rotation key takes 20 bytes:
   84 MB at most; 4M keys hold 55 bones keyed at 60 fps for 21 minutes),
   tracks that share an input
   accessor share its times, and each channel's sampler is looked up only
   for the channels it keeps (at most one per bone and the hips'
   translation), so that a file of many channels reads in linear time. */
#ifndef EXAMPLES_VRMA_READ_H
#define EXAMPLES_VRMA_READ_H

#include "../posemath.h"
#include "glb.h"
#include "gltf_json.h"

enum { VRMA_MAX_NODES = 1024 };
#ifndef VRMA_MAX_KEYS
#define VRMA_MAX_KEYS (1 << 22)
#endif

/* The seam through which a channel's sampler is found: a test counts the
   lookups with it. */
#ifndef VRMA_SAMPLER_AT
#define VRMA_SAMPLER_AT(samplers, index) cJSON_GetArrayItem(samplers, index)
#endif

typedef struct vrma_motion {
    pm_humanoid humanoid;              /* the animation's rig */
    int parent[VRMA_MAX_NODES];        /* which pm_humanoid keeps */
    pm_track rotation[PM_BONE_COUNT];  /* normalized; key_count 0 for a bone without a track */
    pm_track hips_position;            /* model space; key_count 0 without a track */
    int key_count;                     /* over all tracks, at most VRMA_MAX_KEYS */
    float duration;                    /* the last key's time over all tracks */
} vrma_motion;

/* Accessor `index` as `components` floats per element into a new array
   (free it), at most `max` elements; NULL with the reason in *why. */
static float *vrma_read_floats(const glb *g, int index, int components, int max, int *count, const char **why)
{
    float *floats;
    if ((*count = gltf_read_accessor(g->json, &g->buffers, index, components, VRMA_MAX_KEYS, NULL, NULL, why)) < 0)
        return NULL;
    if (*count > max) return *why = "more keys over all tracks than this reader takes (VRMA_MAX_KEYS)", (float *)NULL;
    if (!(floats = (float *)malloc(sizeof(float) * (size_t)components * (size_t)*count + 1)))
        return *why = "out of memory", (float *)NULL;
    gltf_read_accessor(g->json, &g->buffers, index, components, max, floats, NULL, why);
    return floats;
}

/* Track t of m: a bone's rotation for t < PM_BONE_COUNT, the hips'
   translation for t == PM_BONE_COUNT */
static pm_track *vrma_track(vrma_motion *m, int t) { return t < PM_BONE_COUNT ? &m->rotation[t] : &m->hips_position; }

static void vrma_free(vrma_motion *m)
{
    int t, u;
    for (t = 0; t <= PM_BONE_COUNT; ++t) {
        const pm_track *track = vrma_track(m, t);
        for (u = 0; u < t && vrma_track(m, u)->times != track->times; ++u) continue;
        if (u == t) free((void *)track->times); /* the first of the tracks that share it */
        free((void *)track->values);
    }
    memset(m->rotation, 0, sizeof m->rotation);
    memset(&m->hips_position, 0, sizeof m->hips_position);
    m->key_count = 0;
}

/* The times of another track of m read from accessor `input`, or NULL */
static const float *vrma_shared_times(vrma_motion *m, const int *time_accessor, int input)
{
    int t;
    for (t = 0; t <= PM_BONE_COUNT; ++t)
        if (vrma_track(m, t)->times && time_accessor[t] == input) return vrma_track(m, t)->times;
    return NULL;
}

/* Reads the animation in g into *m (vrma_free it, also after a failure);
   0 with the reason in *why. */
static int vrma_read(const glb *g, vrma_motion *m, const char **why)
{
    static pm_transform rest[VRMA_MAX_NODES];
    int node_bone[VRMA_MAX_NODES], bone_node[PM_BONE_COUNT], time_accessor[PM_BONE_COUNT + 1], node_count, i, b;
    const cJSON *bones, *entry, *channel, *animation, *samplers;
    pm_raw_pose rest_pose;

    memset(m, 0, sizeof *m);
    if ((node_count = read_scene(cJSON_GetObjectItemCaseSensitive(g->json, "nodes"), m->parent, rest,
                                 VRMA_MAX_NODES)) < 0)
        return *why = "more nodes than this example reads", 0;
    for (i = 0; i < node_count; ++i) node_bone[i] = PM_BONE_NONE;
    for (b = 0; b < PM_BONE_COUNT; ++b) bone_node[b] = -1;
    bones = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(g->json, "extensions"),
                                             "VRMC_vrm_animation"),
            "humanoid"),
        "humanBones");
    cJSON_ArrayForEach(entry, bones) {
        pm_bone bone;
        int node = json_whole(entry, "node", -1);
        if (pm_bone_parse(entry->string, &bone) != PM_OK || node < 0 || node >= node_count) continue;
        bone_node[bone] = node;
        node_bone[node] = (int)bone;
    }
    if (pm_humanoid_init(&m->humanoid, bone_node, m->parent, node_count, rest, NULL) != PM_OK ||
        pm_pose_read(&m->humanoid, rest, &rest_pose) != PM_OK)
        return *why = "no VRMC_vrm_animation humanoid in its rest pose", 0;

    animation = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(g->json, "animations"), 0);
    samplers = cJSON_GetObjectItemCaseSensitive(animation, "samplers");
    cJSON_ArrayForEach(channel, cJSON_GetObjectItemCaseSensitive(animation, "channels")) {
        const cJSON *target = cJSON_GetObjectItemCaseSensitive(channel, "target");
        const cJSON *path = cJSON_GetObjectItemCaseSensitive(target, "path");
        const cJSON *sampler, *interpolation;
        int node = json_whole(target, "node", -1), rotation, t, input, values, k, bad_key;
        pm_track *track;
        float *out;
        if (node < 0 || node >= node_count || node_bone[node] < 0 || !cJSON_IsString(path)) continue;
        rotation = strcmp(path->valuestring, "rotation") == 0;
        if (!rotation && (strcmp(path->valuestring, "translation") != 0 || node_bone[node] != PM_BONE_HIPS)) continue;
        t = rotation ? node_bone[node] : PM_BONE_COUNT;
        track = vrma_track(m, t);
        if (track->times) return *why = "two tracks for one bone", 0;
        sampler = VRMA_SAMPLER_AT(samplers, json_whole(channel, "sampler", -1));
        interpolation = cJSON_GetObjectItemCaseSensitive(sampler, "interpolation");
        if (interpolation && pm_interpolation_parse(cJSON_GetStringValue(interpolation), &track->interpolation) != PM_OK)
            return *why = "an unknown interpolation", 0;
        if (track->interpolation == PM_INTERPOLATION_CUBICSPLINE) return *why = "a CUBICSPLINE sampler", 0;
        input = time_accessor[t] = json_whole(sampler, "input", -1);
        if (!(track->times = vrma_shared_times(m, time_accessor, input))) {
            track->times = vrma_read_floats(g, input, 1, VRMA_MAX_KEYS - m->key_count, &track->key_count, why);
            if (!track->times) return 0;
        }
        track->values = out = vrma_read_floats(g, json_whole(sampler, "output", -1), rotation ? 4 : 3,
                                               VRMA_MAX_KEYS - m->key_count, &values, why);
        if (!out) return 0;
        track->key_count = values;
        track->components = rotation ? 4 : 3;
        if (gltf_read_accessor(g->json, &g->buffers, input, 1, values, NULL, NULL, why) != values)
            return *why = "unlike counts of times and values", 0;
        m->key_count += values;
        if (pm_track_validate(track, &bad_key) != PM_OK) return *why = "key times not increasing, or values not finite", 0;
        for (k = 0; k < track->key_count; ++k) { /* each key on the rest pose, normalized */
            pm_raw_pose raw = rest_pose;
            pm_normalized_pose normalized;
            float *v = out + (size_t)k * (size_t)track->components;
            if (rotation) memcpy(raw.rotation[node_bone[node]], v, sizeof(versor));
            else memcpy(raw.hips_translation, v, sizeof(vec3));
            if (pm_pose_normalize(&m->humanoid, &raw, &normalized) != PM_OK) return *why = "a key posemath refuses", 0;
            memcpy(v, rotation ? normalized.rotation[node_bone[node]] : normalized.hips_position,
                   sizeof(float) * (size_t)track->components);
        }
        if (track->key_count > 0 && track->times[track->key_count - 1] > m->duration)
            m->duration = track->times[track->key_count - 1];
    }
    return 1;
}

#endif
