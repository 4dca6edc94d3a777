/* vrma_write.h: writes a VRM animation (.vrma: a glTF binary with the
   VRMC_vrm_animation 1.0 extension) from normalized humanoid poses, as
   bvh2vrma and vmd2vrma do: one node per humanoid bone in the VRM T-pose
   with identity rotations (bone positions from the rest's world matrices,
   in metres), children by the humanoid hierarchy; one animation whose
   rotation tracks are the normalized rotations and whose hips translation
   track is the hips' model-space position in metres, LINEAR.

     if (vrma_write("out.vrma", "my tool", &humanoid, world, unit, frames, times, poses, print, error, sizeof error))
         puts(error);

   world: the humanoid's rest world matrices (16 floats per node, as
   pm_scene_world_matrices gives them); unit: metres per scene unit; times:
   key times in seconds (floats that strictly increase); poses: one per key,
   hips_position in scene units. With print, it also prints the tracks
   written, as examples/vrma_tracks prints them ("rotation BONE TIME X Y Z
   W", "translation hips TIME X Y Z"). The eyes are left out (a VRM
   animation's lookAt drives them). A position that unit takes past
   float's range is an error: glTF stores floats, and the file would hold
   inf.

   face (or NULL) adds the face, as VRMC_vrm_animation 1.0 keys it: one
   node per expression (under "preset" for VRM 1.0's preset names, "custom"
   otherwise) whose translation x is the weight, and a lookAt node whose
   rotation is the gaze (yaw about Y, then pitch about X), each a LINEAR
   track on the same key times; printed as "expression NAME TIME W" and
   "lookAt TIME X Y Z W". Example code: it allocates; include it in one
   file. */
#ifndef EXAMPLES_VRMA_WRITE_H
#define EXAMPLES_VRMA_WRITE_H

#include "../posemath.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vrma_buffer {
    char *data;
    size_t size, capacity;
    int failed;
} vrma_buffer;

/* A VRM animation's face, per key: expression weights and the gaze */
typedef struct vrma_face {
    int expression_count;
    const char *const *names; /* UTF-8 expression names: VRM 1.0 presets ("happy") or custom ones */
    const float *weights;     /* expression_count per key, key after key */
    const float *look_at;     /* 4 per key (x, y, z, w), or NULL for no lookAt track */
} vrma_face;

static void vrma_append(vrma_buffer *g, const void *bytes, size_t n)
{
    if (g->failed) return;
    if (g->size + n > g->capacity) {
        size_t capacity = g->capacity ? 2 * g->capacity : 4096;
        char *grown;
        while (capacity < g->size + n) capacity *= 2;
        if (!(grown = (char *)realloc(g->data, capacity))) {
            g->failed = 1;
            return;
        }
        g->data = grown;
        g->capacity = capacity;
    }
    memcpy(g->data + g->size, bytes, n);
    g->size += n;
}

static void vrma_appendf(vrma_buffer *g, const char *format, ...)
{
    char text[512];
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (n > 0) vrma_append(g, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

/* text as a JSON string's contents: quotes, backslashes and control characters escaped */
static void vrma_append_string(vrma_buffer *g, const char *text)
{
    for (; *text; ++text) {
        const unsigned char ch = (unsigned char)*text;
        if (ch == '"' || ch == '\\') vrma_appendf(g, "\\%c", ch);
        else if (ch < 0x20) vrma_appendf(g, "\\u%04x", ch);
        else vrma_append(g, text, 1);
    }
}

/* Whether name is one of VRM 1.0's expression presets */
static int vrma_preset(const char *name)
{
    int p;
    for (p = 0; p < PM_EXPRESSION_PRESET_COUNT; ++p)
        if (strcmp(name, pm_expression_preset_name((pm_expression_preset)p)) == 0) return 1;
    return 0;
}

static int vrma_write(const char *path, const char *generator, const pm_humanoid *humanoid, const float *world,
                      double unit, int frames, const float *times, const pm_normalized_pose *poses,
                      const vrma_face *face, int print, char *error, size_t error_size)
{
    vrma_buffer json = {NULL, 0, 0, 0}, bin = {NULL, 0, 0, 0};
    int bone_index[PM_BONE_COUNT], bones = 0, b, f, i, c, e, ok, group, past_float = 0;
    const int expressions = face ? face->expression_count : 0, looks = face && face->look_at;
    size_t rotations, translations, weights, gaze;
    FILE *file;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        bone_index[b] = humanoid->bone_node[b] >= 0 && b != PM_BONE_LEFT_EYE && b != PM_BONE_RIGHT_EYE ? bones++ : -1;

    /* BIN: key times, each bone's rotations, the hips' translations, each expression's (w, 0, 0), the gaze */
    vrma_append(&bin, times, sizeof *times * (size_t)frames);
    rotations = bin.size;
    translations = rotations + (size_t)bones * (size_t)frames * 16;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        for (f = 0; f < frames && bone_index[b] >= 0; ++f) {
            vrma_append(&bin, poses[f].rotation[b], 16);
            if (print)
                printf("rotation %s %.9g %.9g %.9g %.9g %.9g\n", pm_bone_name((pm_bone)b), (double)times[f],
                       (double)poses[f].rotation[b][0], (double)poses[f].rotation[b][1], (double)poses[f].rotation[b][2],
                       (double)poses[f].rotation[b][3]);
        }
    for (f = 0; f < frames; ++f) {
        float p[3];
        for (i = 0; i < 3; ++i) {
            p[i] = (float)(poses[f].hips_position[i] * unit);
            past_float |= !isfinite(p[i]);
        }
        vrma_append(&bin, p, sizeof p);
        if (print)
            printf("translation hips %.9g %.9g %.9g %.9g\n", (double)times[f], (double)p[0], (double)p[1], (double)p[2]);
    }
    weights = bin.size;
    for (e = 0; e < expressions; ++e)
        for (f = 0; f < frames; ++f) {
            const float x[3] = {face->weights[(size_t)f * (size_t)expressions + (size_t)e], 0.0f, 0.0f};
            vrma_append(&bin, x, sizeof x);
            if (print) printf("expression %s %.9g %.9g\n", face->names[e], (double)times[f], (double)x[0]);
        }
    gaze = bin.size;
    for (f = 0; f < frames && looks; ++f) {
        const float *q = face->look_at + 4 * (size_t)f;
        vrma_append(&bin, q, 16);
        if (print)
            printf("rotation lookAt %.9g %.9g %.9g %.9g %.9g\n", (double)times[f], (double)q[0], (double)q[1], (double)q[2],
                   (double)q[3]);
    }

    /* JSON: bones as nodes (rest: the T-pose, identity rotations, metres), then the face's nodes */
    vrma_appendf(&json, "{\"asset\":{\"version\":\"2.0\",\"generator\":\"%s\"},\"scene\":0,\"scenes\":[{\"nodes\":[%d",
                 generator, bone_index[PM_BONE_HIPS]);
    for (i = bones; i < bones + expressions + looks; ++i) vrma_appendf(&json, ",%d", i);
    vrma_appendf(&json, "]}],\"nodes\":[");
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        const int up = humanoid->parent_bone[b];
        const float *p, *q;
        int first = 1;
        if (bone_index[b] < 0) continue;
        p = world + 16 * humanoid->bone_node[b] + 12;
        q = up >= 0 ? world + 16 * humanoid->bone_node[up] + 12 : NULL;
        for (i = 0; i < 3; ++i) past_float |= !isfinite((float)((p[i] - (q ? q[i] : 0.0f)) * unit));
        vrma_appendf(&json, "%s{\"name\":\"%s\",\"translation\":[%.9g,%.9g,%.9g]", bone_index[b] ? "," : "",
                     pm_bone_name((pm_bone)b), (p[0] - (q ? q[0] : 0.0f)) * unit, (p[1] - (q ? q[1] : 0.0f)) * unit,
                     (p[2] - (q ? q[2] : 0.0f)) * unit);
        for (c = 0; c < PM_BONE_COUNT; ++c)
            if (bone_index[c] >= 0 && humanoid->parent_bone[c] == b) {
                vrma_appendf(&json, "%s%d", first ? ",\"children\":[" : ",", bone_index[c]);
                first = 0;
            }
        vrma_appendf(&json, "%s}", first ? "" : "]");
    }
    for (e = 0; e < expressions; ++e) {
        vrma_appendf(&json, ",{\"name\":\"");
        vrma_append_string(&json, face->names[e]);
        vrma_appendf(&json, "\"}");
    }
    if (looks) vrma_appendf(&json, ",{\"name\":\"lookAt\"}");
    vrma_appendf(&json, "],\"extensionsUsed\":[\"VRMC_vrm_animation\"],\"extensions\":{\"VRMC_vrm_animation\":"
                        "{\"specVersion\":\"1.0\",\"humanoid\":{\"humanBones\":{");
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (bone_index[b] >= 0)
            vrma_appendf(&json, "%s\"%s\":{\"node\":%d}", bone_index[b] ? "," : "", pm_bone_name((pm_bone)b), bone_index[b]);
    vrma_appendf(&json, "}}");
    if (expressions) { /* the presets, then the custom expressions */
        int presets = 0;
        for (e = 0; e < expressions; ++e) presets += vrma_preset(face->names[e]);
        vrma_appendf(&json, ",\"expressions\":{");
        for (group = 1; group >= 0; --group) {
            int first = 1;
            for (e = 0; e < expressions; ++e) {
                if (vrma_preset(face->names[e]) != group) continue;
                if (first) vrma_appendf(&json, "%s\"%s\":{\"", group || !presets ? "" : ",", group ? "preset" : "custom");
                else vrma_appendf(&json, ",\"");
                vrma_append_string(&json, face->names[e]);
                vrma_appendf(&json, "\":{\"node\":%d}", bones + e);
                first = 0;
            }
            if (!first) vrma_appendf(&json, "}");
        }
        vrma_appendf(&json, "}");
    }
    if (looks) vrma_appendf(&json, ",\"lookAt\":{\"node\":%d}", bones + expressions);
    /* accessor 0: times; 1..bones: rotations; bones + 1: hips translations; then each expression's; the gaze */
    vrma_appendf(&json, "}},\"animations\":[{\"channels\":[");
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (bone_index[b] >= 0)
            vrma_appendf(&json, "{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"rotation\"}},", bone_index[b], bone_index[b]);
    vrma_appendf(&json, "{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"translation\"}}", bones, bone_index[PM_BONE_HIPS]);
    for (e = 0; e < expressions; ++e)
        vrma_appendf(&json, ",{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"translation\"}}", bones + 1 + e, bones + e);
    if (looks)
        vrma_appendf(&json, ",{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"rotation\"}}", bones + 1 + expressions,
                     bones + expressions);
    vrma_appendf(&json, "],\"samplers\":[");
    for (i = 0; i <= bones + expressions + looks; ++i)
        vrma_appendf(&json, "%s{\"input\":0,\"output\":%d,\"interpolation\":\"LINEAR\"}", i ? "," : "", i + 1);
    vrma_appendf(&json, "]}],\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":%d,\"type\":\"SCALAR\","
                        "\"min\":[%.9g],\"max\":[%.9g]}", frames, (double)times[0], (double)times[frames - 1]);
    for (i = 0; i < bones; ++i)
        vrma_appendf(&json, ",{\"bufferView\":1,\"byteOffset\":%lu,\"componentType\":5126,\"count\":%d,\"type\":\"VEC4\"}",
                     (unsigned long)((size_t)i * (size_t)frames * 16), frames);
    vrma_appendf(&json, ",{\"bufferView\":2,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\"}", frames);
    for (e = 0; e < expressions; ++e) /* the face's views: 3 the weights, the next the gaze */
        vrma_appendf(&json, ",{\"bufferView\":3,\"byteOffset\":%lu,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\"}",
                     (unsigned long)((size_t)e * (size_t)frames * 12), frames);
    if (looks)
        vrma_appendf(&json, ",{\"bufferView\":%d,\"componentType\":5126,\"count\":%d,\"type\":\"VEC4\"}",
                     expressions ? 4 : 3, frames);
    vrma_appendf(&json, "],\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":%lu},"
                        "{\"buffer\":0,\"byteOffset\":%lu,\"byteLength\":%lu},{\"buffer\":0,\"byteOffset\":%lu,\"byteLength\":%lu}",
                 (unsigned long)rotations, (unsigned long)rotations, (unsigned long)(translations - rotations),
                 (unsigned long)translations, (unsigned long)((size_t)frames * 12));
    if (expressions)
        vrma_appendf(&json, ",{\"buffer\":0,\"byteOffset\":%lu,\"byteLength\":%lu}", (unsigned long)weights,
                     (unsigned long)(gaze - weights));
    if (looks)
        vrma_appendf(&json, ",{\"buffer\":0,\"byteOffset\":%lu,\"byteLength\":%lu}", (unsigned long)gaze,
                     (unsigned long)((size_t)frames * 16));
    vrma_appendf(&json, "],\"buffers\":[{\"byteLength\":%lu}]}", (unsigned long)bin.size);
    /* GLB: header, JSON chunk (space-padded), BIN chunk (zero-padded) */
    while (json.size % 4 && !json.failed) vrma_append(&json, " ", 1);
    while (bin.size % 4 && !bin.failed) vrma_append(&bin, "", 1);
    if (json.failed || bin.failed || past_float) { /* glTF's numbers are floats: a larger one would be written as inf */
        snprintf(error, error_size, past_float ? "a position past float's range in metres (is the unit right?)" : "out of memory");
        free(json.data), free(bin.data);
        return -1;
    }
    ok = (file = fopen(path, "wb")) != NULL;
    if (ok) {
        const uint32_t header[5] = {0x46546C67u, 2u, (uint32_t)(12 + 8 + json.size + 8 + bin.size), (uint32_t)json.size,
                                    0x4E4F534Au};
        const uint32_t bin_header[2] = {(uint32_t)bin.size, 0x004E4942u};
        ok = fwrite(header, sizeof header, 1, file) == 1 && fwrite(json.data, 1, json.size, file) == json.size &&
             fwrite(bin_header, sizeof bin_header, 1, file) == 1 && fwrite(bin.data, 1, bin.size, file) == bin.size;
        ok &= fclose(file) == 0;
    }
    if (!ok) snprintf(error, error_size, "cannot write %s", path);
    free(json.data), free(bin.data);
    return ok ? 0 : -1;
}

#endif
