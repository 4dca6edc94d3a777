/* gltf_skin: skins the first skinned mesh of a glTF file with posemath at
   given times of its first animation, the way an engine feeds glTF to the
   skinning job: JOINTS_0 and WEIGHTS_0 as stored (types NULL: every vertex a
   4-influence linear blend), and world(joint) * inverseBindMatrix per joint
   as bone_matrices, scale and shear included.

   usage: gltf_skin FILE.gltf [--root-scale S] TIME...

   --root-scale puts the scene under a node scaled by S (an armature exported
   in centimetres is S = 0.01). Prints "size S LARGEST_|P|_AT_THE_FIRST_TIME"
   then "position TIME S VERTEX X Y Z" in world space: the glTF
   specification's skinned positions, which three.js draws. Reads .gltf files
   whose buffers are data: URIs or files beside them; the first animation's
   samplers through pm_track_sample, the bone matrices through
   pm_skin_compute_bone_matrices. */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#include "gltf_accessor.h"
#include "gltf_json.h"
#include <math.h>
#include <stdint.h>

enum { MAX_NODES = 1024, MAX_VERTICES = 1 << 20, MAX_JOINTS = 1024 };

typedef struct gltf {
    cJSON *json;
    gltf_buffers buffers;
} gltf;

/* RFC 4648 base64 into out (room for 3/4 of the text); the decoded length */
static size_t base64_decode(const char *text, unsigned char *out)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    uint32_t bits = 0;
    int have = 0;
    size_t length = 0;
    for (; *text && *text != '='; ++text) {
        const char *at = strchr(alphabet, *text);
        if (!at) continue;
        bits = bits << 6 | (uint32_t)(at - alphabet);
        if ((have += 6) >= 8) {
            have -= 8;
            out[length++] = (unsigned char)(bits >> have);
        }
    }
    return length;
}

/* The buffers' bytes: data: URIs decoded, other URIs read beside `path`. */
static int load_buffers(gltf *g, const char *path)
{
    const cJSON *buffer;
    int i = 0;
    cJSON_ArrayForEach(buffer, cJSON_GetObjectItemCaseSensitive(g->json, "buffers")) {
        const cJSON *uri = cJSON_GetObjectItemCaseSensitive(buffer, "uri");
        const char *comma;
        if (i == GLTF_MAX_BUFFERS || !cJSON_IsString(uri)) return 0;
        if (strncmp(uri->valuestring, "data:", 5) == 0 && (comma = strstr(uri->valuestring, ";base64,")) != NULL) {
            comma += 8;
            if (!(g->buffers.data[i] = (unsigned char *)malloc(strlen(comma) / 4 * 3 + 3))) return 0;
            g->buffers.length[i] = base64_decode(comma, g->buffers.data[i]);
        } else {
            const char *slash = strrchr(path, '/');
            size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
            char *file = (char *)malloc(dir + strlen(uri->valuestring) + 1);
            if (!file) return 0;
            memcpy(file, path, dir);
            strcpy(file + dir, uri->valuestring);
            g->buffers.data[i] = read_file(file, &g->buffers.length[i]);
            free(file);
            if (!g->buffers.data[i]) return 0;
        }
        ++i;
    }
    return 1;
}

/* Accessor `index` (gltf_read_accessor) with `expected` elements (any
   count when -1); else -1 and a message naming `what` and the reason. */
static int read_accessor(const gltf *g, const char *path, const char *what, int index, int components, int max,
                         int expected, float *floats, uint16_t *integers)
{
    const char *why = "a count unlike the other accessors'";
    const int count = gltf_read_accessor(g->json, &g->buffers, index, components, max, floats, integers, &why);
    if (count >= 0 && (expected < 0 || count == expected)) return count;
    fprintf(stderr, "gltf_skin: %s: %s: %s\n", path, what, why);
    return -1;
}

/* Vertex attribute `name` (`components` of glTF component `type` each,
   `expected` elements or any count when -1) as the skinning job reads it:
   in its buffer at *stride bytes apart where it is stored as the job reads
   it (interleaved or not: no copy), else copied into `copy` (*stride 0).
   *count gets its element count; NULL after a message when it cannot be
   read. */
static const void *vertex_attribute(const gltf *g, const char *path, const cJSON *attributes, const char *name,
                                    int components, int type, int expected, void *copy, int *stride, int *count)
{
    const int index = json_whole(attributes, name, -1);
    const void *in_place = gltf_accessor_in_place(g->json, &g->buffers, index, components, MAX_VERTICES, type, stride,
                                                  count);
    if (in_place && (expected < 0 || *count == expected)) {
        fprintf(stderr, "gltf_skin: %s: %s read in place, %d bytes apart\n", path, name, *stride);
        return in_place;
    }
    *stride = 0;
    *count = read_accessor(g, path, name, index, components, MAX_VERTICES, expected, type == 5126 ? (float *)copy : NULL,
                           type == 5126 ? NULL : (uint16_t *)copy);
    return *count < 0 ? NULL : copy;
}

/* The first animation's value of every animated node property at `time`
   (pm_track_sample: STEP, LINEAR, CUBICSPLINE) */
static int animate(const gltf *g, const char *file, double time, int node_count, pm_transform *pose)
{
    enum { MAX_KEYS = 4096 };
    static float times[MAX_KEYS], values[3 * 4 * MAX_KEYS];
    const cJSON *animation = json_at(g->json, "animations", 0), *channel;
    cJSON_ArrayForEach(channel, cJSON_GetObjectItemCaseSensitive(animation, "channels")) {
        const cJSON *target = cJSON_GetObjectItemCaseSensitive(channel, "target");
        const cJSON *path = cJSON_GetObjectItemCaseSensitive(target, "path");
        const cJSON *sampler = json_at(animation, "samplers", json_whole(channel, "sampler", -1));
        const cJSON *interpolation = cJSON_GetObjectItemCaseSensitive(sampler, "interpolation");
        const int node = json_whole(target, "node", -1);
        pm_track track;
        float *out;
        if (node < 0 || node >= node_count || !cJSON_IsString(path)) continue;
        if (strcmp(path->valuestring, "rotation") == 0) out = pose[node].rotation, track.components = 4;
        else if (strcmp(path->valuestring, "translation") == 0) out = pose[node].translation, track.components = 3;
        else if (strcmp(path->valuestring, "scale") == 0) out = pose[node].scale, track.components = 3;
        else continue; /* morph weights */
        track.interpolation = PM_INTERPOLATION_LINEAR; /* glTF's default */
        if (interpolation && (!cJSON_IsString(interpolation) ||
                              pm_interpolation_parse(interpolation->valuestring, &track.interpolation) != PM_OK)) {
            fprintf(stderr, "gltf_skin: %s: an unknown interpolation\n", file);
            return 0;
        }
        track.key_count = read_accessor(g, file, "animation input", json_whole(sampler, "input", -1), 1, MAX_KEYS, -1,
                                        times, NULL);
        if (track.key_count < 1 ||
            read_accessor(g, file, "animation output", json_whole(sampler, "output", -1), track.components, 3 * MAX_KEYS,
                          track.key_count * (track.interpolation == PM_INTERPOLATION_CUBICSPLINE ? 3 : 1), values,
                          NULL) < 0)
            return 0;
        track.times = times;
        track.values = values;
        if (pm_track_validate(&track, NULL) != PM_OK || pm_track_sample(&track, time, NULL, out) != PM_OK) {
            fprintf(stderr, "gltf_skin: %s: a track whose times do not increase or whose values are not finite\n", file);
            return 0;
        }
    }
    return 1;
}

static int fail(const char *path, const char *what)
{
    fprintf(stderr, "gltf_skin: %s: %s\n", path, what);
    return 1;
}

int main(int argc, char **argv)
{
    static int parent[MAX_NODES];
    static pm_transform rest[MAX_NODES], pose[MAX_NODES];
    static float world[16 * MAX_NODES];
    static int joint_node[1024];

    float *positions, *normals, *weights, *out_positions, *out_normals, *inverse_bind, *bone_matrices;
    uint16_t *joints;
    pm_skin_bone *prepared;
    const cJSON *node, *skin, *attributes;
    const char *path;
    double root_scale = 1.0;
    int node_count, mesh_node = -1, vertex_count, count, joint_count, first_time = 2, t, i, j, bad_vertex;
    unsigned char *text;
    size_t size;
    gltf g;
    pm_skin_job job;
    pm_result result;

    if (argc >= 4 && strcmp(argv[2], "--root-scale") == 0) {
        root_scale = atof(argv[3]);
        first_time = 4;
    }
    if (argc <= first_time) {
        fprintf(stderr, "usage: gltf_skin FILE.gltf [--root-scale S] TIME...\n");
        return 2;
    }
    path = argv[1];
    memset(&g, 0, sizeof g);
    if (!(text = read_file(path, &size)) || !(g.json = cJSON_Parse((const char *)text))) return fail(path, "not a readable glTF");
    if (!load_buffers(&g, path)) return fail(path, "a buffer this example cannot read");
    if ((node_count = read_scene(cJSON_GetObjectItemCaseSensitive(g.json, "nodes"), parent, rest, MAX_NODES)) < 0)
        return fail(path, "too many nodes");
    for (i = 0; i < node_count && mesh_node < 0; ++i) {
        node = json_at(g.json, "nodes", i);
        if (cJSON_GetObjectItemCaseSensitive(node, "skin") && cJSON_GetObjectItemCaseSensitive(node, "mesh")) mesh_node = i;
    }
    if (mesh_node < 0) return fail(path, "no skinned mesh");
    node = json_at(g.json, "nodes", mesh_node);
    skin = json_at(g.json, "skins", json_whole(node, "skin", -1));
    attributes = cJSON_GetObjectItemCaseSensitive(
        json_at(json_at(g.json, "meshes", json_whole(node, "mesh", -1)), "primitives", 0), "attributes");

    positions = (float *)malloc(3 * sizeof(float) * MAX_VERTICES);
    normals = (float *)malloc(3 * sizeof(float) * MAX_VERTICES);
    weights = (float *)malloc(4 * sizeof(float) * MAX_VERTICES);
    joints = (uint16_t *)malloc(4 * sizeof(uint16_t) * MAX_VERTICES);
    out_positions = (float *)malloc(3 * sizeof(float) * MAX_VERTICES);
    out_normals = (float *)malloc(3 * sizeof(float) * MAX_VERTICES);
    inverse_bind = (float *)malloc(16 * sizeof(float) * MAX_JOINTS);
    bone_matrices = (float *)malloc(16 * sizeof(float) * MAX_JOINTS);
    prepared = (pm_skin_bone *)malloc(sizeof(pm_skin_bone) * MAX_JOINTS);
    if (!positions || !normals || !weights || !joints || !out_positions || !out_normals || !inverse_bind ||
        !bone_matrices || !prepared)
        return fail(path, "out of memory");

    memset(&job, 0, sizeof job);
    if (!(job.positions = (const float *)vertex_attribute(&g, path, attributes, "POSITION", 3, 5126, -1, positions,
                                                          &job.stride.positions, &vertex_count)) ||
        !(job.bone_indices = (const uint16_t *)vertex_attribute(&g, path, attributes, "JOINTS_0", 4, 5123, vertex_count,
                                                                joints, &job.stride.bone_indices, &count)) ||
        !(job.bone_weights = (const float *)vertex_attribute(&g, path, attributes, "WEIGHTS_0", 4, 5126, vertex_count,
                                                             weights, &job.stride.bone_weights, &count)))
        return 1;
    joint_count = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(skin, "joints"));
    if (joint_count < 1 || joint_count > MAX_JOINTS) return fail(path, "a skin without joints, or too many");
    for (j = 0; j < joint_count; ++j) /* a joint that is not a node: pm_skin_compute_bone_matrices says so */
        joint_node[j] = json_whole_value(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(skin, "joints"), j));
    for (j = 0; j < joint_count; ++j) memcpy(inverse_bind + 16 * j, GLM_MAT4_IDENTITY, sizeof(mat4));
    if (cJSON_GetObjectItemCaseSensitive(skin, "inverseBindMatrices") &&
        read_accessor(&g, path, "inverseBindMatrices", json_whole(skin, "inverseBindMatrices", -1), 16, MAX_JOINTS,
                      joint_count, inverse_bind, NULL) < 0)
        return 1;

    job.vertex_count = vertex_count; /* types NULL: every vertex blends JOINTS_0 by WEIGHTS_0 */
    job.bone_matrices = bone_matrices;
    job.bone_count = joint_count;
    job.prepared = prepared;
    job.out_positions = out_positions;
    if (cJSON_GetObjectItemCaseSensitive(attributes, "NORMAL")) {
        if (!(job.normals = (const float *)vertex_attribute(&g, path, attributes, "NORMAL", 3, 5126, vertex_count, normals,
                                                           &job.stride.normals, &count)))
            return 1;
        job.out_normals = out_normals;
    }
    if ((result = pm_skin_job_validate(&job, &bad_vertex)) != PM_OK) {
        fprintf(stderr, "gltf_skin: %s: vertex %d: %s\n", path, bad_vertex, pm_result_string(result));
        return 1;
    }
    for (t = first_time; t < argc; ++t) {
        const double time = atof(argv[t]);
        double largest = 0.0;
        memcpy(pose, rest, sizeof(pm_transform) * (size_t)node_count);
        if (!animate(&g, path, time, node_count, pose)) return fail(path, "an animation this example cannot read");
        for (i = 0; i < node_count; ++i) /* the scene under a node scaled by root_scale */
            if (parent[i] < 0) {
                glm_vec3_scale(pose[i].translation, (float)root_scale, pose[i].translation);
                glm_vec3_scale(pose[i].scale, (float)root_scale, pose[i].scale);
            }
        if ((result = pm_scene_world_matrices(parent, node_count, pose, world)) != PM_OK) return fail(path, pm_result_string(result));
        if ((result = pm_skin_compute_bone_matrices(world, node_count, joint_node, joint_count, inverse_bind,
                                                    bone_matrices)) != PM_OK)
            return fail(path, pm_result_string(result));
        if ((result = pm_skin_job_prepare(&job)) != PM_OK || (result = pm_skin_job_run(&job, 0, vertex_count)) != PM_OK)
            return fail(path, pm_result_string(result));
        if (t == first_time) {
            for (i = 0; i < vertex_count; ++i) largest = fmax(largest, (double)glm_vec3_norm(out_positions + 3 * i));
            printf("size %g %.9g\n", root_scale, largest);
        }
        for (i = 0; i < vertex_count; ++i)
            printf("position %g %g %d %.9g %.9g %.9g\n", time, root_scale, i, (double)out_positions[3 * i],
                   (double)out_positions[3 * i + 1], (double)out_positions[3 * i + 2]);
    }
    for (i = 0; i < GLTF_MAX_BUFFERS; ++i) free(g.buffers.data[i]);
    cJSON_Delete(g.json);
    free(text);
    return 0;
}
