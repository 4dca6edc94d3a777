/* gltf_skin: skins the first skinned mesh of a glTF file with posemath at
   given times of its first animation, the way an engine feeds glTF to the
   skinning job: JOINTS_0 and WEIGHTS_0 as stored (types NULL: every vertex a
   4-influence linear blend), and world(joint) * inverseBindMatrix per joint
   as bone_matrices, scale and shear included. A file without a skin has its
   first mesh drawn by its node's world matrix: one bone, every weight on it.
   The mesh's morph targets (POSITION and NORMAL displacements) are added
   first, by glTF's rule, with the node's or the mesh's default weights or
   --morph-weights.

   usage: gltf_skin FILE.gltf [--root-scale S] [--morph-weights W,W,...] [--normals] TIME...

   --root-scale puts the scene under a node scaled by S (an armature exported
   in centimetres is S = 0.01). Prints "size S LARGEST_|P|_AT_THE_FIRST_TIME"
   then "position TIME S VERTEX X Y Z" in world space: the glTF
   specification's skinned positions, which three.js draws; with --normals,
   "normal TIME S VERTEX X Y Z" too (unit, by the job's exact rule). Reads
   .gltf files whose buffers are data: URIs or files beside them; the first
   animation's node samplers through pm_track_sample (its morph weights are
   not read: --morph-weights sets them), the bone matrices through
   pm_skin_compute_bone_matrices. */
#include "../posemath.h"

#include "gltf_accessor.h"
#include "gltf_json.h"
#include "output.h"
#include <float.h>
#include <math.h>
#include <stdint.h>

enum { MAX_NODES = 1024, MAX_VERTICES = 1 << 20, MAX_JOINTS = 1024, MAX_TARGETS = 64, MAX_MORPH_ENTRIES = 1 << 22 };

static const char usage[] = "usage: gltf_skin FILE.gltf [--root-scale S] [--morph-weights W,W,...] [--normals] TIME...\n";

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

/* The morph targets of a mesh's first primitive, grouped by vertex for the
   job: each target's POSITION and NORMAL displacements (0 where a target
   has none), dense (an entry per vertex and target). */
typedef struct gltf_morphs {
    int target_count;
    int *start;               /* vertex_count + 1 */
    pm_vertex_morph *entries; /* by vertex, the POSITION displacements as offsets */
    float *normals;           /* 3 per entry: its NORMAL displacement */
    float weights[MAX_TARGETS];
} gltf_morphs;

/* Attribute `name` of morph target t into `out` (3 floats per vertex), 0s
   where the target has none; 0 after a message naming the target when it
   cannot be read */
static int target_attribute(const gltf *g, const char *path, const cJSON *target, int t, const char *name,
                            int vertex_count, float *out)
{
    char what[64];
    if (!cJSON_GetObjectItemCaseSensitive(target, name)) {
        memset(out, 0, 3 * sizeof(float) * (size_t)vertex_count);
        return 1;
    }
    snprintf(what, sizeof what, "morph target %d %s", t, name);
    return read_accessor(g, path, what, json_whole(target, name, -1), 3, MAX_VERTICES, vertex_count, out, NULL) >= 0;
}

/* Reads `primitive`'s targets and their weights into m: the node's, else
   the mesh's, else 0 (glTF's order). pm_morphs_group_by_vertex groups the
   POSITION displacements, and again the NORMAL ones, whose entries come out
   in the same order. 0 after a message when they cannot be read. */
static int read_morphs(const gltf *g, const char *path, const cJSON *node, const cJSON *mesh, const cJSON *primitive,
                       int vertex_count, gltf_morphs *m)
{
    const cJSON *targets = cJSON_GetObjectItemCaseSensitive(primitive, "targets"), *target, *weight;
    const cJSON *weights = cJSON_GetObjectItemCaseSensitive(node, "weights") ? cJSON_GetObjectItemCaseSensitive(node, "weights")
                                                                             : cJSON_GetObjectItemCaseSensitive(mesh, "weights");
    int *first, *vertex, *normal_start, t = 0, v, entries;
    float *offsets, *normal_offsets;
    pm_vertex_morph *normal_entries;
    memset(m, 0, sizeof *m);
    if (!targets) return 1;
    if (!cJSON_IsArray(targets) || cJSON_GetArraySize(targets) > MAX_TARGETS ||
        (size_t)cJSON_GetArraySize(targets) * (size_t)vertex_count > MAX_MORPH_ENTRIES) {
        fprintf(stderr, "gltf_skin: %s: targets: not an array, or more than this example holds\n", path);
        return 0;
    }
    m->target_count = cJSON_GetArraySize(targets);
    entries = m->target_count * vertex_count;
    first = (int *)malloc(sizeof(int) * (size_t)(m->target_count + 1));
    vertex = (int *)malloc(sizeof(int) * (size_t)entries + 1);
    normal_start = (int *)malloc(sizeof(int) * (size_t)(vertex_count + 1));
    offsets = (float *)malloc(3 * sizeof(float) * (size_t)entries + 1);
    normal_offsets = (float *)malloc(3 * sizeof(float) * (size_t)entries + 1);
    normal_entries = (pm_vertex_morph *)malloc(sizeof(pm_vertex_morph) * (size_t)entries + 1);
    m->start = (int *)malloc(sizeof(int) * (size_t)(vertex_count + 1));
    m->entries = (pm_vertex_morph *)malloc(sizeof(pm_vertex_morph) * (size_t)entries + 1);
    m->normals = (float *)malloc(3 * sizeof(float) * (size_t)entries + 1);
    if (!first || !vertex || !normal_start || !offsets || !normal_offsets || !normal_entries || !m->start || !m->entries ||
        !m->normals) {
        fprintf(stderr, "gltf_skin: %s: out of memory\n", path);
        return 0;
    }
    cJSON_ArrayForEach(target, targets) {
        first[t] = t * vertex_count;
        for (v = 0; v < vertex_count; ++v) vertex[first[t] + v] = v;
        if (!target_attribute(g, path, target, t, "POSITION", vertex_count, offsets + 3 * (size_t)first[t]) ||
            !target_attribute(g, path, target, t, "NORMAL", vertex_count, normal_offsets + 3 * (size_t)first[t]))
            return 0;
        ++t;
    }
    first[t] = entries;
    if (pm_morphs_group_by_vertex(vertex_count, m->target_count, first, vertex, offsets, m->start, m->entries, entries) !=
            PM_OK ||
        pm_morphs_group_by_vertex(vertex_count, m->target_count, first, vertex, normal_offsets, normal_start,
                                  normal_entries, entries) != PM_OK) {
        fprintf(stderr, "gltf_skin: %s: targets: not grouped by vertex\n", path);
        return 0;
    }
    for (v = 0; v < entries; ++v) memcpy(m->normals + 3 * (size_t)v, normal_entries[v].offset, 3 * sizeof(float));
    t = 0;
    cJSON_ArrayForEach(weight, weights) {
        if (t == m->target_count || !cJSON_IsNumber(weight) || !(fabs(weight->valuedouble) <= FLT_MAX)) break;
        m->weights[t++] = (float)weight->valuedouble;
    }
    if (weights && (weight || t != m->target_count)) {
        fprintf(stderr, "gltf_skin: %s: the %s's weights: not a float for each of the %d targets\n", path,
                cJSON_GetObjectItemCaseSensitive(node, "weights") ? "node" : "mesh", m->target_count);
        return 0;
    }
    free(first);
    free(vertex);
    free(normal_start);
    free(offsets);
    free(normal_offsets);
    free(normal_entries);
    return 1;
}

/* "W,W,..." into weights: exactly `count` (> 0) numbers that a float holds, else 0 */
static int parse_weights(const char *text, int count, float *weights)
{
    int k;
    for (k = 0; k < count; ++k) {
        char *end;
        const double w = strtod(text, &end);
        if (end == text || !(fabs(w) <= FLT_MAX) || *end != (k + 1 < count ? ',' : '\0')) return 0;
        weights[k] = (float)w;
        text = end + 1;
    }
    return 1;
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
    const cJSON *node, *skin, *mesh, *primitive, *attributes;
    const char *path, *morph_weights = NULL;
    double root_scale = 1.0;
    int node_count, mesh_node = -1, vertex_count, count, joint_count, first_time, print_normals = 0, t, i, j, bad_vertex;
    unsigned char *text;
    size_t size;
    gltf g;
    gltf_morphs morphs;
    pm_skin_job job;
    pm_result result;

    for (first_time = 2; first_time < argc && strncmp(argv[first_time], "--", 2) == 0; ++first_time) {
        if (strcmp(argv[first_time], "--root-scale") == 0 && first_time + 1 < argc) root_scale = atof(argv[++first_time]);
        else if (strcmp(argv[first_time], "--morph-weights") == 0 && first_time + 1 < argc) morph_weights = argv[++first_time];
        else if (strcmp(argv[first_time], "--normals") == 0) print_normals = 1;
        else break;
    }
    if (argc < 2 || first_time >= argc || strncmp(argv[first_time], "--", 2) == 0) {
        fputs(usage, stderr);
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
    for (i = 0; i < node_count && mesh_node < 0; ++i) /* else the first mesh, on its node as one bone */
        if (cJSON_GetObjectItemCaseSensitive(json_at(g.json, "nodes", i), "mesh")) mesh_node = i;
    if (mesh_node < 0) return fail(path, "no mesh");
    node = json_at(g.json, "nodes", mesh_node);
    skin = json_at(g.json, "skins", json_whole(node, "skin", -1));
    mesh = json_at(g.json, "meshes", json_whole(node, "mesh", -1));
    primitive = json_at(mesh, "primitives", 0);
    attributes = cJSON_GetObjectItemCaseSensitive(primitive, "attributes");

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
                                                          &job.stride.positions, &vertex_count)))
        return 1;
    if (!skin) { /* one bone, the mesh node's world matrix, every vertex's whole weight on it */
        joint_count = 1;
        joint_node[0] = mesh_node;
        memset(joints, 0, 4 * sizeof(uint16_t) * (size_t)vertex_count);
        for (i = 0; i < vertex_count; ++i) glm_vec4_copy((vec4){1.0f, 0.0f, 0.0f, 0.0f}, weights + 4 * i);
        job.bone_indices = joints;
        job.bone_weights = weights;
    } else if (!(job.bone_indices = (const uint16_t *)vertex_attribute(&g, path, attributes, "JOINTS_0", 4, 5123,
                                                                       vertex_count, joints, &job.stride.bone_indices,
                                                                       &count)) ||
               !(job.bone_weights = (const float *)vertex_attribute(&g, path, attributes, "WEIGHTS_0", 4, 5126,
                                                                    vertex_count, weights, &job.stride.bone_weights,
                                                                    &count))) {
        return 1;
    } else {
        joint_count = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(skin, "joints"));
        if (joint_count < 1 || joint_count > MAX_JOINTS) return fail(path, "a skin without joints, or too many");
        for (j = 0; j < joint_count; ++j) /* a joint that is not a node: pm_skin_compute_bone_matrices says so */
            joint_node[j] = json_whole_value(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(skin, "joints"), j));
    }
    for (j = 0; j < joint_count; ++j) memcpy(inverse_bind + 16 * j, GLM_MAT4_IDENTITY, sizeof(mat4));
    if (cJSON_GetObjectItemCaseSensitive(skin, "inverseBindMatrices") &&
        read_accessor(&g, path, "inverseBindMatrices", json_whole(skin, "inverseBindMatrices", -1), 16, MAX_JOINTS,
                      joint_count, inverse_bind, NULL) < 0)
        return 1;
    if (!read_morphs(&g, path, node, mesh, primitive, vertex_count, &morphs)) return 1;
    if (morph_weights && !morphs.target_count) return fail(path, "--morph-weights: the mesh has no morph targets");
    if (morph_weights && !parse_weights(morph_weights, morphs.target_count, morphs.weights)) {
        fprintf(stderr, "gltf_skin: %s: --morph-weights: not %d finite numbers, one for each morph target\n", path,
                morphs.target_count);
        return 1;
    }
    if (morphs.target_count) {
        job.morph_start = morphs.start;
        job.morphs = morphs.entries;
        job.morph_weights = morphs.weights;
        job.morph_count = morphs.target_count;
    }

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
        if (morphs.target_count) job.morph_normals = morphs.normals;
    }
    if (print_normals && !job.normals) return fail(path, "--normals: the mesh has no NORMAL");
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
        for (i = 0; print_normals && i < vertex_count; ++i)
            printf("normal %g %g %d %.9g %.9g %.9g\n", time, root_scale, i, (double)out_normals[3 * i],
                   (double)out_normals[3 * i + 1], (double)out_normals[3 * i + 2]);
    }
    for (i = 0; i < GLTF_MAX_BUFFERS; ++i) free(g.buffers.data[i]);
    cJSON_Delete(g.json);
    free(text);
    return output_close("gltf_skin", 0);
}
