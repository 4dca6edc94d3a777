/* vrma_tracks: reads a VRM animation (.vrma, glTF binary), builds its
   humanoid from VRMC_vrm_animation's humanBones and its rest nodes, and
   prints every humanoid keyframe normalized: rotations as if the rig had
   identity rest rotations, the hips translation in model space.

   usage: vrma_tracks FILE.vrma

   Output lines: "rotation BONE TIME X Y Z W" or "translation hips TIME X Y Z",
   the form in which three-vrm's VRMAnimationLoaderPlugin gives its tracks. */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#include "glb.h"
#include "gltf_json.h"
#include <stdint.h>

enum { MAX_NODES = 1024 };

/* Accessor `index` as `components` floats per element into a new array
   (free it); NULL with the reason in *why. */
static float *read_floats_new(const glb *g, int index, int components, int *count, const char **why)
{
    float *floats;
    if ((*count = gltf_read_accessor(g->json, &g->buffers, index, components, 1 << 24, NULL, NULL, why)) < 0) return NULL;
    if (!(floats = (float *)malloc(sizeof(float) * (size_t)components * (size_t)*count + 1))) return *why = "out of memory", NULL;
    gltf_read_accessor(g->json, &g->buffers, index, components, 1 << 24, floats, NULL, why);
    return floats;
}

int main(int argc, char **argv)
{
    static int parent[MAX_NODES], node_bone[MAX_NODES];
    static pm_transform rest[MAX_NODES];
    int bone_node[PM_BONE_COUNT], node_count, i, b;
    const cJSON *nodes, *bones, *entry, *channel, *animation;
    pm_humanoid humanoid;
    pm_raw_pose rest_pose;
    unsigned char *data;
    size_t size;
    glb g;
    pm_result result;

    if (argc != 2) {
        fprintf(stderr, "usage: vrma_tracks FILE.vrma\n");
        return 2;
    }
    if (!(data = read_file(argv[1], &size)) || !glb_open(data, size, &g)) {
        fprintf(stderr, "vrma_tracks: %s is not a readable glTF binary\n", argv[1]);
        return 1;
    }
    nodes = cJSON_GetObjectItemCaseSensitive(g.json, "nodes");
    if ((node_count = read_scene(nodes, parent, rest, MAX_NODES)) < 0) node_count = 0;
    for (i = 0; i < node_count; ++i) node_bone[i] = PM_BONE_NONE;
    for (b = 0; b < PM_BONE_COUNT; ++b) bone_node[b] = -1;
    bones = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(g.json, "extensions"),
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
    if ((result = pm_humanoid_init(&humanoid, bone_node, parent, node_count, rest, NULL)) != PM_OK ||
        (result = pm_pose_read(&humanoid, rest, &rest_pose)) != PM_OK) {
        fprintf(stderr, "vrma_tracks: %s: humanoid: %s\n", argv[1], pm_result_string(result));
        return 1;
    }

    animation = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(g.json, "animations"), 0);
    cJSON_ArrayForEach(channel, cJSON_GetObjectItemCaseSensitive(animation, "channels")) {
        const cJSON *target = cJSON_GetObjectItemCaseSensitive(channel, "target");
        const cJSON *path = cJSON_GetObjectItemCaseSensitive(target, "path");
        const cJSON *sampler = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(animation, "samplers"),
                                                  json_whole(channel, "sampler", -1));
        int node = json_whole(target, "node", -1), rotation, keys, values, k;
        const char *why = "";
        float *times, *out;
        if (node < 0 || node >= node_count || node_bone[node] < 0 || !cJSON_IsString(path)) continue;
        rotation = strcmp(path->valuestring, "rotation") == 0;
        if (!rotation && (strcmp(path->valuestring, "translation") != 0 || node_bone[node] != PM_BONE_HIPS))
            continue;
        times = read_floats_new(&g, json_whole(sampler, "input", -1), 1, &keys, &why);
        out = times ? read_floats_new(&g, json_whole(sampler, "output", -1), rotation ? 4 : 3, &values, &why) : NULL;
        if (!out || values != keys) {
            fprintf(stderr, "vrma_tracks: %s: a sampler this example cannot read: %s\n", argv[1],
                    out ? "unlike counts of times and values" : why);
            return 1;
        }
        for (k = 0; k < keys; ++k) { /* one keyframe on the rest pose, normalized */
            pm_raw_pose raw = rest_pose;
            pm_normalized_pose normalized;
            const float t = times[k], *v = out + (size_t)k * (rotation ? 4 : 3);
            if (rotation) memcpy(raw.rotation[node_bone[node]], v, sizeof(versor));
            else memcpy(raw.hips_translation, v, sizeof(vec3));
            if ((result = pm_pose_normalize(&humanoid, &raw, &normalized)) != PM_OK) {
                fprintf(stderr, "vrma_tracks: %s: key %d: %s\n", argv[1], k, pm_result_string(result));
                return 1;
            }
            if (rotation) {
                const float *q = normalized.rotation[node_bone[node]];
                printf("rotation %s %.9g %.9g %.9g %.9g %.9g\n", pm_bone_name((pm_bone)node_bone[node]), (double)t,
                       (double)q[0], (double)q[1], (double)q[2], (double)q[3]);
            } else {
                printf("translation hips %.9g %.9g %.9g %.9g\n", (double)t, (double)normalized.hips_position[0],
                       (double)normalized.hips_position[1], (double)normalized.hips_position[2]);
            }
        }
        free(times);
        free(out);
    }
    cJSON_Delete(g.json);
    free(data);
    return 0;
}
