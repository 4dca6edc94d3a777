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
   whose buffers are data: URIs or files beside them; LINEAR and STEP
   samplers. */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#include "gltf_accessor.h"
#include "gltf_json.h"
#include <math.h>
#include <stdint.h>

enum { MAX_NODES = 1024 };

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

/* Shortest-path spherical interpolation, in double */
static void slerp(const float *a, const float *b, double u, float *out)
{
    double dot = 0.0, sa = 1.0 - u, sb = u, side, length = 0.0;
    int k;
    for (k = 0; k < 4; ++k) dot += (double)a[k] * b[k];
    side = dot < 0.0 ? -1.0 : 1.0;
    dot = fabs(dot);
    if (dot < 0.9999) {
        double angle = acos(dot);
        sa = sin(sa * angle) / sin(angle);
        sb = sin(sb * angle) / sin(angle);
    }
    for (k = 0; k < 4; ++k) length += pow(sa * a[k] + side * sb * b[k], 2.0);
    for (k = 0; k < 4; ++k) out[k] = (float)((sa * a[k] + side * sb * b[k]) / sqrt(length));
}

/* The first animation's value of every animated node property at `time` */
static int animate(const gltf *g, const char *file, double time, int node_count, pm_transform *pose)
{
    enum { MAX_KEYS = 4096 };
    static float times[MAX_KEYS], values[4 * MAX_KEYS];
    const cJSON *animation = json_at(g->json, "animations", 0), *channel;
    cJSON_ArrayForEach(channel, cJSON_GetObjectItemCaseSensitive(animation, "channels")) {
        const cJSON *target = cJSON_GetObjectItemCaseSensitive(channel, "target");
        const cJSON *path = cJSON_GetObjectItemCaseSensitive(target, "path");
        const cJSON *sampler = json_at(animation, "samplers", json_whole(channel, "sampler", -1));
        const cJSON *interpolation = cJSON_GetObjectItemCaseSensitive(sampler, "interpolation");
        const int node = json_whole(target, "node", -1);
        int size, keys, k = 0;
        float *out;
        if (node < 0 || node >= node_count || !cJSON_IsString(path)) continue;
        if (strcmp(path->valuestring, "rotation") == 0) out = pose[node].rotation, size = 4;
        else if (strcmp(path->valuestring, "translation") == 0) out = pose[node].translation, size = 3;
        else if (strcmp(path->valuestring, "scale") == 0) out = pose[node].scale, size = 3;
        else continue; /* morph weights */
        if (cJSON_IsString(interpolation) && strcmp(interpolation->valuestring, "LINEAR") != 0 &&
            strcmp(interpolation->valuestring, "STEP") != 0)
            return 0; /* CUBICSPLINE */
        keys = read_accessor(g, file, "animation input", json_whole(sampler, "input", -1), 1, MAX_KEYS, -1, times, NULL);
        if (keys < 1 || read_accessor(g, file, "animation output", json_whole(sampler, "output", -1), size, MAX_KEYS,
                                      keys, values, NULL) < 0)
            return 0;
        while (k + 1 < keys && times[k + 1] <= time) ++k;
        if (k + 1 == keys || time <= times[0]) { /* before the first key or after the last */
            memcpy(out, values + size * (time <= times[0] ? 0 : k), (size_t)size * sizeof(float));
        } else if (cJSON_IsString(interpolation) && strcmp(interpolation->valuestring, "STEP") == 0) {
            memcpy(out, values + size * k, (size_t)size * sizeof(float));
        } else {
            const double u = (time - times[k]) / ((double)times[k + 1] - times[k]);
            const float *a = values + size * k, *b = a + size;
            int c;
            if (size == 4) slerp(a, b, u, out);
            else
                for (c = 0; c < size; ++c) out[c] = (float)((1.0 - u) * a[c] + u * b[c]);
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
    enum { MAX_VERTICES = 1 << 20, MAX_JOINTS = 1024 };
    float *positions, *normals, *weights, *out_positions, *out_normals, *inverse_bind, *bone_matrices;
    uint16_t *joints;
    pm_skin_bone *prepared;
    const cJSON *node, *skin, *attributes;
    const char *path;
    double root_scale = 1.0;
    int node_count, mesh_node = -1, vertex_count, joint_count, first_time = 2, t, i, j, bad_vertex;
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

    vertex_count = read_accessor(&g, path, "POSITION", json_whole(attributes, "POSITION", -1), 3, MAX_VERTICES, -1,
                                 positions, NULL);
    if (vertex_count < 0 ||
        read_accessor(&g, path, "JOINTS_0", json_whole(attributes, "JOINTS_0", -1), 4, MAX_VERTICES, vertex_count,
                      NULL, joints) < 0 ||
        read_accessor(&g, path, "WEIGHTS_0", json_whole(attributes, "WEIGHTS_0", -1), 4, MAX_VERTICES, vertex_count,
                      weights, NULL) < 0)
        return 1;
    joint_count = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(skin, "joints"));
    if (joint_count < 1 || joint_count > MAX_JOINTS) return fail(path, "a skin without joints, or too many");
    for (j = 0; j < joint_count; ++j) memcpy(inverse_bind + 16 * j, GLM_MAT4_IDENTITY, sizeof(mat4));
    if (cJSON_GetObjectItemCaseSensitive(skin, "inverseBindMatrices") &&
        read_accessor(&g, path, "inverseBindMatrices", json_whole(skin, "inverseBindMatrices", -1), 16, MAX_JOINTS,
                      joint_count, inverse_bind, NULL) < 0)
        return 1;

    memset(&job, 0, sizeof job);
    job.vertex_count = vertex_count;
    job.positions = positions;
    job.bone_indices = joints; /* JOINTS_0 as stored; types NULL: every vertex blends 4 */
    job.bone_weights = weights;
    job.bone_matrices = bone_matrices;
    job.bone_count = joint_count;
    job.prepared = prepared;
    job.out_positions = out_positions;
    if (cJSON_GetObjectItemCaseSensitive(attributes, "NORMAL")) {
        if (read_accessor(&g, path, "NORMAL", json_whole(attributes, "NORMAL", -1), 3, MAX_VERTICES, vertex_count,
                          normals, NULL) < 0)
            return 1;
        job.normals = normals;
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
        for (j = 0; j < joint_count; ++j) { /* the skinning matrix of each joint, as glTF defines it */
            const int joint = json_whole_value(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(skin, "joints"), j));
            mat4 joint_world, joint_inverse_bind, product; /* cglm's own alignment */
            if (joint < 0 || joint >= node_count) return fail(path, "a joint that is not a node");
            memcpy(joint_world, world + 16 * joint, sizeof(mat4));
            memcpy(joint_inverse_bind, inverse_bind + 16 * j, sizeof(mat4));
            glm_mat4_mul(joint_world, joint_inverse_bind, product);
            memcpy(bone_matrices + 16 * j, product, sizeof(mat4));
        }
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
