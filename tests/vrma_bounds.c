/* What a .vrma can make examples/vrma_read.h do, counted rather than timed:
   - a file of many channels looks up a sampler only for the channels the
     reader keeps (a lookup per channel made 80,000 channels take seconds);
   - tracks that share an input accessor share its times, and the keys over
     all tracks stop at VRMA_MAX_KEYS (17 tracks reading one accessor each
     copied it: 84 times the file's size).
   The files are made here, in memory. Prints "vrma_bounds: ok" or fails. */
#include "../posemath.h"

#include <stdio.h>

static int sampler_lookups;
#define VRMA_MAX_KEYS 20000 /* the bound, small enough to reach quickly */

#define VRMA_SAMPLER_AT(samplers, index) (++sampler_lookups, cJSON_GetArrayItem(samplers, index))

#include "../examples/glb.h"
#include "../examples/gltf_json.h"
#include "../examples/vrma_read.h"

enum { BONES = 17 };
static const char *const bone_names[BONES] = {
    "hips",          "spine",         "chest",         "neck",          "head",         "leftUpperLeg",
    "leftLowerLeg",  "leftFoot",      "rightUpperLeg", "rightLowerLeg", "rightFoot",    "leftUpperArm",
    "leftLowerArm",  "leftHand",      "rightUpperArm", "rightLowerArm", "rightHand"};

static void fail(const char *what)
{
    fprintf(stderr, "vrma_bounds: %s\n", what);
    exit(1);
}

static void put_u32(unsigned char *p, size_t v)
{
    p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8), p[2] = (unsigned char)(v >> 16), p[3] = (unsigned char)(v >> 24);
}

/* A GLB of the JSON and `binary_length` bytes of BIN (in `binary`), into
   *size bytes (free them). */
static unsigned char *glb_bytes(const char *json, const unsigned char *binary, size_t binary_length, size_t *size)
{
    const size_t json_length = (strlen(json) + 3) / 4 * 4, bin_length = (binary_length + 3) / 4 * 4;
    unsigned char *out;
    *size = 28 + json_length + bin_length;
    if (!(out = (unsigned char *)calloc(*size, 1))) fail("out of memory");
    memcpy(out, "glTF", 4), put_u32(out + 4, 2), put_u32(out + 8, *size);
    put_u32(out + 12, json_length), memcpy(out + 16, "JSON", 4);
    memset(out + 20, ' ', json_length), memcpy(out + 20, json, strlen(json));
    put_u32(out + 20 + json_length, bin_length), memcpy(out + 24 + json_length, "BIN", 4);
    memcpy(out + 28 + json_length, binary, binary_length);
    return out;
}

/* A 17-bone rig (each bone a child of the one before) and its humanoid:
   the JSON of "nodes" and "extensions" */
static cJSON *rig_json(void)
{
    cJSON *root = cJSON_CreateObject(), *nodes = cJSON_AddArrayToObject(root, "nodes");
    cJSON *bones = cJSON_CreateObject();
    int i;
    for (i = 0; i < BONES; ++i) {
        cJSON *node = cJSON_CreateObject(), *bone = cJSON_CreateObject();
        const float t[3] = {0.0f, i == 0 ? 1.0f : 0.1f, 0.0f};
        cJSON_AddItemToObject(node, "translation", cJSON_CreateFloatArray(t, 3));
        if (i + 1 < BONES) {
            const int child = i + 1;
            cJSON_AddItemToObject(node, "children", cJSON_CreateIntArray(&child, 1));
        }
        cJSON_AddItemToArray(nodes, node);
        cJSON_AddNumberToObject(bone, "node", i);
        cJSON_AddItemToObject(bones, bone_names[i], bone);
    }
    cJSON_AddItemToObject(
        cJSON_AddObjectToObject(cJSON_AddObjectToObject(cJSON_AddObjectToObject(root, "extensions"), "VRMC_vrm_animation"),
                                "humanoid"),
        "humanBones", bones);
    return root;
}

static cJSON *accessor(int component_type, int count, const char *type)
{
    cJSON *a = cJSON_CreateObject();
    cJSON_AddNumberToObject(a, "bufferView", 0);
    cJSON_AddNumberToObject(a, "componentType", component_type);
    cJSON_AddNumberToObject(a, "count", count);
    cJSON_AddStringToObject(a, "type", type);
    if (component_type != 5126) cJSON_AddTrueToObject(a, "normalized");
    return a;
}

static cJSON *channel(int sampler, int node, const char *path)
{
    cJSON *c = cJSON_CreateObject(), *target = cJSON_AddObjectToObject(c, "target");
    cJSON_AddNumberToObject(c, "sampler", sampler);
    cJSON_AddNumberToObject(target, "node", node);
    cJSON_AddStringToObject(target, "path", path);
    return c;
}

/* The file's JSON around `channels` and `samplers`, with one buffer view of
   the binary's `length` bytes and the given accessors; read by vrma_read
   into *m. Returns vrma_read's result, the reason in *why. */
static int read_vrma(cJSON *accessors, cJSON *channels, cJSON *samplers, const unsigned char *binary, size_t length,
                     vrma_motion *m, const char **why)
{
    cJSON *root = rig_json(), *view = cJSON_CreateObject(), *buffer = cJSON_CreateObject();
    cJSON *animation = cJSON_CreateObject();
    unsigned char *bytes;
    char *text;
    size_t size;
    glb g;
    int ok;
    cJSON_AddNumberToObject(buffer, "byteLength", (double)length);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(root, "buffers"), buffer);
    cJSON_AddNumberToObject(view, "buffer", 0);
    cJSON_AddNumberToObject(view, "byteLength", (double)length);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(root, "bufferViews"), view);
    cJSON_AddItemToObject(root, "accessors", accessors);
    cJSON_AddItemToObject(animation, "channels", channels);
    cJSON_AddItemToObject(animation, "samplers", samplers);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(root, "animations"), animation);
    if (!(text = cJSON_PrintUnformatted(root))) fail("out of memory");
    bytes = glb_bytes(text, binary, length, &size);
    if (!glb_open(bytes, size, &g)) fail("the test's GLB does not open");
    sampler_lookups = 0;
    ok = vrma_read(&g, m, why);
    cJSON_Delete(g.json);
    cJSON_Delete(root);
    free(text);
    free(bytes);
    return ok;
}

static cJSON *linear_sampler(int input, int output)
{
    cJSON *s = cJSON_CreateObject();
    cJSON_AddNumberToObject(s, "input", input);
    cJSON_AddNumberToObject(s, "output", output);
    cJSON_AddStringToObject(s, "interpolation", "LINEAR");
    return s;
}

/* 20,000 channels on no humanoid node, or on a path the reader skips, each
   naming the last of 20,000 samplers, then one on the hips: one lookup. */
static void many_channels(void)
{
    enum { N = 20000 };
    static vrma_motion m;
    const float binary[3] = {0.0f, 0.0f, 1.0f}; /* a time, then the hips' translation from the second float on */
    cJSON *accessors = cJSON_CreateArray(), *channels = cJSON_CreateArray(), *samplers = cJSON_CreateArray();
    const char *why = NULL;
    int i;
    for (i = 0; i < N; ++i) {
        cJSON_AddItemToArray(channels, i % 2 ? channel(N - 1, 999999, "rotation") : channel(N - 1, i % BONES, "scale"));
        cJSON_AddItemToArray(samplers, i < N - 1 ? cJSON_CreateObject() : linear_sampler(0, 1));
    }
    cJSON_AddItemToArray(channels, channel(N - 1, 0, "translation"));
    cJSON_AddItemToArray(accessors, accessor(5126, 1, "SCALAR"));
    cJSON_AddItemToArray(accessors, accessor(5126, 1, "VEC3"));
    if (!read_vrma(accessors, channels, samplers, (const unsigned char *)binary, sizeof binary, &m, &why)) {
        fprintf(stderr, "vrma_bounds: %s\n", why);
        fail("20,001 channels: not read");
    }
    if (sampler_lookups != 1 || m.hips_position.key_count != 1) {
        fprintf(stderr, "vrma_bounds: %d sampler lookups, %d hips keys\n", sampler_lookups, m.hips_position.key_count);
        fail("20,001 channels of which one is kept: a lookup per kept channel expected");
    }
    vrma_free(&m);
}

/* 17 rotation tracks of `keys` keys each, all reading one times accessor
   and one values accessor (normalized bytes) */
static int shared_accessors(int keys, vrma_motion *m, const char **why)
{
    const size_t length = 4 * (size_t)keys;
    float *binary = (float *)malloc(length);
    cJSON *accessors = cJSON_CreateArray(), *channels = cJSON_CreateArray(), *samplers = cJSON_CreateArray();
    int i, ok;
    if (!binary) fail("out of memory");
    for (i = 0; i < keys; ++i) binary[i] = 0.001f * (float)(i + 1); /* increasing times; as bytes, some rotation */
    cJSON_AddItemToArray(accessors, accessor(5126, keys, "SCALAR"));
    cJSON_AddItemToArray(accessors, accessor(5121, keys, "VEC4"));
    cJSON_AddItemToArray(samplers, linear_sampler(0, 1));
    for (i = 0; i < BONES; ++i) cJSON_AddItemToArray(channels, channel(0, i, "rotation"));
    ok = read_vrma(accessors, channels, samplers, (const unsigned char *)binary, length, m, why);
    free(binary);
    return ok;
}

static void shared_keys(void)
{
    static vrma_motion m;
    const char *why = NULL;
    int b, tracks = 0;
    /* within the bound: every track's times are the first's */
    if (!shared_accessors(1000, &m, &why)) {
        fprintf(stderr, "vrma_bounds: %s\n", why);
        fail("17 tracks of 1,000 keys sharing their accessors: not read");
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        if (!m.rotation[b].times) continue;
        ++tracks;
        if (m.rotation[b].times != m.rotation[PM_BONE_HIPS].times || m.rotation[b].key_count != 1000)
            fail("tracks of one input accessor: times not shared");
    }
    if (tracks != BONES || m.key_count != BONES * 1000) fail("17 tracks of 1,000 keys: not all read");
    vrma_free(&m);
    /* 17 x 2,000 keys, past VRMA_MAX_KEYS over all tracks though each track is within it */
    if (shared_accessors(2000, &m, &why) || !strstr(why, "more keys over all tracks"))
        fail("17 tracks of 2,000 keys each: not refused by the bound over all tracks");
    if (m.key_count > VRMA_MAX_KEYS) fail("keys read past VRMA_MAX_KEYS");
    vrma_free(&m);
}

int main(void)
{
    many_channels();
    shared_keys();
    printf("vrma_bounds: ok\n");
    return 0;
}
