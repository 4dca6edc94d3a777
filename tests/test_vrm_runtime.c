/* posemath_vrm.h's readers and avatar instance: every bad argument and
   malformed file an error at its byte; what three-vrm reads past read with
   a warning; every allocation through the host's callbacks, each failing
   in turn an error with nothing left allocated. (Agreement with three-vrm
   on real avatars: examples/vrm_play in make test.) */
#include "test.h"

#include "../examples/read_file.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vrm_rig.h"
#include "fixtures/first_person_threevrm.h"

static unsigned char *rig_glb(size_t *size) { return glb_of(rig_json, NULL, 0, size); }

/* Read, made, played 20 frames, freed; the first failure's result */
static pm_result vrm_life(const pm_vrm_options *options, const void *avatar_bytes, size_t avatar_size,
                          const void *motion_bytes, size_t motion_size)
{
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_vrm_model *model;
    pm_result result = pm_vrm_parse(avatar_bytes, avatar_size, options, &avatar, NULL);
    int k;
    if (result != PM_OK) return result;
    if ((result = pm_vrma_parse(motion_bytes, motion_size, options, &motion, NULL)) == PM_OK) {
        if ((result = pm_vrm_model_create(&avatar, options, &model, NULL)) == PM_OK) {
            result = pm_vrm_model_play(model, &motion);
            for (k = 0; k < 20 && result == PM_OK; ++k) result = pm_vrm_model_update(model, 1.0 / 30.0);
            pm_vrm_model_destroy(model);
        }
        pm_vrma_free(&motion);
    }
    pm_vrm_free(&avatar);
    return result;
}

static void memory_rule(const char *what, const unsigned char *avatar, size_t avatar_size, const unsigned char *motion,
                        size_t motion_size)
{
    counted_memory memory = {0, 0, 0};
    pm_vrm_options options;
    long total, k, failures = 0;
    options.memory.alloc_func = counted_alloc;
    options.memory.free_func = counted_free;
    options.memory.user_data = &memory;
    CHECK_RESULT(vrm_life(&options, avatar, avatar_size, motion, motion_size), PM_OK);
    total = memory.allocations;
    CHECK(total > 20 && memory.frees == total);
    for (k = 1; k <= total; ++k) {
        memory.allocations = memory.frees = 0, memory.fail_at = k;
        failures += vrm_life(&options, avatar, avatar_size, motion, motion_size) == PM_ERROR_OUT_OF_MEMORY;
        if (memory.frees != memory.allocations) test_fail(__FILE__, __LINE__, "allocation %ld failed: a leak", k);
    }
    CHECK(failures == total);
    printf("    %s: %ld allocations from reading to freeing, each failing in turn: out of memory, nothing left\n", what,
           total);
}

void test_vrm_runtime_memory(void)
{
    size_t rig_size, faces_size, godette_size;
    unsigned char *rig = rig_glb(&rig_size), *faces = read_file("tests/fixtures/faces.vrma", &faces_size);
    unsigned char *godette = read_file("../shared/data/vrm-samples/Godette_vrm_v4.vrm", &godette_size);
    CHECK(faces != NULL);
    if (faces) memory_rule("a small VRM 1.0 avatar with faces.vrma", rig, rig_size, faces, faces_size);
    if (faces && godette) memory_rule("Godette (VRM 0.x, spring bones) with faces.vrma", godette, godette_size, faces, faces_size);
    if (!godette) printf("    (../shared/data/vrm-samples absent: Godette skipped)\n");
    free(rig), free(faces), free(godette);
}

/* The JSON with its first `from` replaced by `to` */
static char *edited(const char *json, const char *from, const char *to)
{
    const char *at = strstr(json, from);
    char *out = (char *)malloc(strlen(json) + strlen(to) + 1);
    if (!at) test_fail(__FILE__, __LINE__, "no \"%s\" to edit", from);
    if (!at || !out) return free(out), (char *)NULL;
    memcpy(out, json, (size_t)(at - json));
    strcpy(out + (at - json), to);
    strcat(out, at + strlen(from));
    return out;
}

/* An avatar file of this JSON: the result, and the error's byte and message */
static pm_result parse_avatar_json(const char *json, pm_parse_error *error)
{
    size_t size;
    unsigned char *data = glb_of(json, NULL, 0, &size);
    pm_vrm_file avatar;
    pm_result result = pm_vrm_parse(data, size, NULL, &avatar, error);
    if (result == PM_OK) pm_vrm_free(&avatar);
    free(data);
    return result;
}

/* rig_json with its first `from` replaced by `to`, read into avatar (freed by the caller on success) */
static pm_result parse_rig_edited(const char *from, const char *to, pm_vrm_file *avatar, pm_parse_error *error)
{
    char *json = edited(rig_json, from, to);
    size_t size;
    unsigned char *data = glb_of(json, NULL, 0, &size);
    const pm_result result = pm_vrm_parse(data, size, NULL, avatar, error);
    free(data), free(json);
    return result;
}

/* rig_json with one edit must fail with `result` at the edit's byte (or, with at NULL, anywhere), saying `words` */
static void expect_avatar_error(const char *from, const char *to, const char *at, pm_result expected, const char *words)
{
    char *json = edited(rig_json, from, to);
    pm_parse_error error = {0, NULL, NULL};
    pm_result result;
    if (!json) return;
    result = parse_avatar_json(json, &error);
    if (result != expected || !error.message || !strstr(error.message, words) ||
        (at && error.offset != 20 + (size_t)(strstr(json, at) - json)))
        test_fail(__FILE__, __LINE__, "\"%s\" -> \"%s\": %s at byte %lu (\"%s\"), expected %s at byte %ld (\"%s\")", from, to,
                  pm_result_string(result), (unsigned long)error.offset, error.message ? error.message : "-",
                  pm_result_string(expected), at ? 20 + (long)(strstr(json, at) - json) : -1L, words);
    free(json);
}

/* A node's VRMC_node_constraint member: a constraint of KIND from node SOURCE, with MORE members */
#define CONSTRAINT_ON(kind, source, more)                                                                          \
    "\"extensions\":{\"VRMC_node_constraint\":{\"specVersion\":\"1.0\",\"constraint\":{\"" kind "\":{\"source\":" source \
    more "}}}}"

/* The mesh node of rig_json with a chain of 20,000 nodes below it, the
   last six aiming at the head: their chains sum to 120,000 nodes, past
   PM_CONSTRAINT_AIM_DEPTH_LIMIT (4 x 20,016 + 16,384) */
static void aim_past_the_limit(void)
{
    enum { CHAIN = 20000, AIMS = 6 };
    const char *mesh_node = strstr(rig_json, "{\"mesh\":0}");
    char *json = (char *)malloc(strlen(rig_json) + (size_t)CHAIN * 200), *p = json;
    pm_parse_error error = {0, NULL, NULL};
    int k;
    memcpy(p, rig_json, (size_t)(mesh_node - rig_json));
    p += mesh_node - rig_json;
    p += sprintf(p, "{\"mesh\":0,\"children\":[16]}");
    for (k = 16; k < 16 + CHAIN; ++k) {
        p += sprintf(p, ",{\"translation\":[0,0.001,0]");
        if (k + 1 < 16 + CHAIN) p += sprintf(p, ",\"children\":[%d]", k + 1);
        if (k >= 16 + CHAIN - AIMS) p += sprintf(p, "," CONSTRAINT_ON("aim", "2", ",\"aimAxis\":\"PositiveY\""));
        *p++ = '}';
    }
    strcpy(p, mesh_node + strlen("{\"mesh\":0}"));
    CHECK_RESULT(parse_avatar_json(json, &error), PM_ERROR_LIMIT);
    CHECK(error.message && strstr(error.message, "PM_CONSTRAINT_AIM_DEPTH_LIMIT"));
    free(json);
}

void test_vrm_reader_bad_input(void)
{
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_parse_error error;
    size_t size, k;
    unsigned char *data = rig_glb(&size), *copy = (unsigned char *)malloc(size);
    char *deep;

    /* arguments, files */
    CHECK_RESULT(pm_vrm_parse(NULL, 10, NULL, &avatar, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_parse(data, size, NULL, NULL, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrma_parse(NULL, 10, NULL, &motion, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_parse_file(NULL, NULL, &avatar, &error), PM_ERROR_FILE);
    CHECK_RESULT(pm_vrma_parse_file("tests/fixtures", NULL, &motion, &error), PM_ERROR_FILE);
    if (test_file_opens("/dev/zero")) { /* a file that never ends, read no further than a binary glTF's header */
        CHECK_RESULT(pm_vrm_parse_file("/dev/zero", NULL, &avatar, &error), PM_ERROR_PARSE);
        CHECK(error.offset == 0 && error.message && strstr(error.message, "no \"glTF\" magic"));
        CHECK_RESULT(pm_vrma_parse_file("/dev/zero", NULL, &motion, &error), PM_ERROR_PARSE);
    }
    CHECK_RESULT(pm_vrm_parse(data, size, NULL, &avatar, NULL), PM_OK);
    pm_vrm_free(&avatar);
    pm_vrm_free(NULL);
    pm_vrma_free(NULL);

    /* the container: every prefix of the file an error inside it, never a read past it */
    for (k = 0; k < size; ++k) {
        memcpy(copy, data, k);
        if (pm_vrm_parse(copy, k, NULL, &avatar, &error) != PM_ERROR_PARSE || error.offset > k)
            test_fail(__FILE__, __LINE__, "a file cut to %lu bytes: not an error inside it", (unsigned long)k);
    }
    memcpy(copy, data, size);
    copy[4] = 3;
    CHECK_RESULT(pm_vrm_parse(copy, size, NULL, &avatar, &error), PM_ERROR_PARSE);
    CHECK(error.offset == 4);
    memcpy(copy, data, size);
    copy[16] = 'X';
    CHECK_RESULT(pm_vrm_parse(copy, size, NULL, &avatar, &error), PM_ERROR_PARSE);
    CHECK(error.offset == 16);

    /* JSON, each fault at its byte */
    expect_avatar_error("\"2.0\"}", "\"2.0\",}", "},\"nodes\"", PM_ERROR_PARSE, "expected a member name");
    expect_avatar_error("\"2.0\"", "\"2.\n0\"", "\n0\"", PM_ERROR_PARSE, "a control character");
    expect_avatar_error("\"2.0\"", "\"2.\\q0\"", "q0\"", PM_ERROR_PARSE, "an unknown escape");
    expect_avatar_error("\"2.0\"", "\"\\u12G4\"", "u12G4", PM_ERROR_PARSE, "a bad \\u escape");
    expect_avatar_error("{},{}]", "{},{}}", "}}]}],\"extensionsUsed\"", PM_ERROR_PARSE, "does not close");
    expect_avatar_error("\"wink\":{}}}}}}", "\"wink\":{}}}}}} @", "@", PM_ERROR_PARSE, "text after");
    expect_avatar_error("[0,1,0]", "[0,1.,0]", "1.,0]", PM_ERROR_PARSE, "a malformed number");
    expect_avatar_error("\"isBinary\":true", "\"isBinary\":tru", "tru,", PM_ERROR_PARSE, "expected a value");
    expect_avatar_error("\"version\":\"2.0\"}", "\"version\":\"2.0\"", NULL, PM_ERROR_PARSE, "");
    /* glTF */
    expect_avatar_error("\"children\":[1,9,12]", "\"children\":[1,9,99]", "99]", PM_ERROR_PARSE, "child index out of range");
    expect_avatar_error("\"children\":[2,3,6]", "\"children\":[2,3,6,4]", "4]},{\"translation\":[0.3", PM_ERROR_PARSE,
                        "two parents");
    expect_avatar_error("\"children\":[2,3,6]", "\"children\":[2,3,6,0]", "0]},{\"translation\":[0,0.5,0]}", PM_ERROR_CYCLE,
                        "loop");
    expect_avatar_error("\"children\":[1,9,12]},{\"translation\":[0,0.1,0],\"children\":[2,3,6]},{\"translation\":[0,0.5,0]}",
                        "\"children\":[9,12]},{\"translation\":[0,0.1,0],\"children\":[2,3,6]},{\"translation\":[0,0.5,0],"
                        "\"children\":[1]}",
                        "1]},{\"translation\":[0.2", PM_ERROR_CYCLE, "loop"); /* a loop below no root */
    expect_avatar_error("[0,0.5,0]", "[0,0.5]", "[0,0.5]", PM_ERROR_PARSE, "must be 3 numbers");
    expect_avatar_error("{\"translation\":[0,0.5,0]}", "{\"translation\":[0,0.5,0],\"rotation\":\"x\"}", "\"x\"",
                        PM_ERROR_PARSE, "must be 4 numbers");
    expect_avatar_error("{\"translation\":[0,0.5,0]}", "{\"translation\":[0,0.5,0],\"matrix\":[1,0,0]}", "[1,0,0]",
                        PM_ERROR_PARSE, "must be 16 numbers");
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":1}", "1}]", PM_ERROR_PARSE, "\"mesh\" out of range");
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":0.5}", "0.5}]", PM_ERROR_PARSE, "\"mesh\" out of range");
    expect_avatar_error("\"meshes\":[{\"primitives\":[{\"attributes\":{},\"targets\":[{},{}]}]}]", "\"meshes\":[{}]",
                        "{}]", PM_ERROR_PARSE, "without primitives");
    expect_avatar_error("\"asset\":", "\"buffers\":[{\"uri\":\"x.bin\",\"byteLength\":4}],\"asset\":", "{\"uri\"",
                        PM_ERROR_PARSE, "only binary glTF");
    expect_avatar_error("\"asset\":", "\"skins\":[{\"joints\":[0,99]}],\"asset\":", "99]", PM_ERROR_PARSE,
                        "joint index out of range");
    expect_avatar_error("\"asset\":", "\"skins\":[{\"joints\":[0],\"inverseBindMatrices\":3}],\"asset\":", "3}]",
                        PM_ERROR_PARSE, "out of range");
    /* VRM */
    expect_avatar_error("\"VRMC_vrm\":{", "\"VRMC_xxx\":{", NULL, PM_ERROR_PARSE, "no VRMC_vrm or VRM extension");
    expect_avatar_error("\"hips\":{\"node\":0}", "\"hips\":{\"node\":77}", "77}", PM_ERROR_PARSE, "node");
    expect_avatar_error("\"head\":{\"node\":2},", "", NULL, PM_ERROR_MISSING_BONE, "");
    expect_avatar_error("\"isBinary\":true", "\"isBinary\":7", "7,", PM_ERROR_PARSE, "isBinary");
    expect_avatar_error("\"attributes\":{}", "\"attributes\":{\"POSITION\":5}", "5}", PM_ERROR_PARSE,
                        "an accessor index out of range");
    /* rest transforms glTF does not allow */
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":0,\"rotation\":[0,0,0,0]}", "[0,0,0,0]", PM_ERROR_PARSE,
                        "\"rotation\" is zero");
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":0,\"matrix\":[0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}", "[0,0,0,0,0,1",
                        PM_ERROR_PARSE, "\"matrix\" is not a rotation, scale and translation");
    /* node constraints: sources outside the nodes or on the node itself, at their bytes; a circle at
       its first constraint in the file */
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":0," CONSTRAINT_ON("roll", "99", ",\"rollAxis\":\"Y\"") "}",
                        "99,\"rollAxis\"", PM_ERROR_PARSE, "\"source\" out of range");
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":0," CONSTRAINT_ON("aim", "16", ",\"aimAxis\":\"PositiveY\"") "}",
                        "16,\"aimAxis\"", PM_ERROR_PARSE, "\"source\" out of range");
    expect_avatar_error("{\"mesh\":0}", "{\"mesh\":0," CONSTRAINT_ON("rotation", "15", "") "}", "15}", PM_ERROR_PARSE,
                        "\"source\" is the node itself");
    expect_avatar_error("\"children\":[4]},{\"translation\":[0.3,0,0],\"children\":[5]}",
                        "\"children\":[4]," CONSTRAINT_ON("rotation", "4", "") "},{\"translation\":[0.3,0,0],\"children\":[5],"
                        CONSTRAINT_ON("rotation", "3", "") "}",
                        "{\"specVersion\":\"1.0\",\"constraint\":{\"rotation\":{\"source\":4}", PM_ERROR_CYCLE,
                        "depends on its own output through a circle of node constraints");
    aim_past_the_limit();
    /* spring bones: an index between the arrays past its array, at its byte once all arrays are read */
    expect_avatar_error("\"extensions\":{\"VRMC_vrm\":",
                        "\"extensions\":{\"VRMC_springBone\":{\"specVersion\":\"1.0\",\"colliderGroups\":[{\"colliders\":[2]}]},"
                        "\"VRMC_vrm\":",
                        "2]}]}", PM_ERROR_PARSE, "a collider group names a collider that is not there");

    /* nesting as deep as the file holds: walked without recursion */
    {
        const size_t depth = 200000;
        char *json = (char *)malloc(strlen(rig_json) + 2 * depth + 16);
        sprintf(json, "{\"extras\":");
        memset(json + strlen(json), '[', depth);
        memset(json + 10 + depth, ']', depth);
        strcpy(json + 10 + 2 * depth, ",");
        strcat(json, rig_json + 1);
        deep = json;
        CHECK_RESULT(parse_avatar_json(deep, &error), PM_OK);
        free(deep);
    }
    free(copy);
    free(data);
}

/* A binary glTF file's JSON and binary chunk, to edit and put back together (glb_of) */
typedef struct glb_parts {
    char *json;
    unsigned char *bin;
    size_t bin_size;
} glb_parts;

static int glb_parts_read(const char *path, glb_parts *parts)
{
    size_t size, json_size;
    unsigned char *data = read_file(path, &size);
    uint32_t length;
    if (!data) return 0;
    memcpy(&length, data + 12, 4);
    json_size = length;
    parts->json = (char *)calloc(1, json_size + 1);
    memcpy(parts->json, data + 20, json_size);
    memcpy(&length, data + 20 + json_size, 4);
    parts->bin_size = length;
    parts->bin = (unsigned char *)malloc(length);
    memcpy(parts->bin, data + 28 + json_size, length);
    free(data);
    return 1;
}

/* faces.vrma with one edit to its JSON: the result, error and warning */
static pm_result parse_faces_edited(const glb_parts *parts, const char *from, const char *to, pm_parse_error *error,
                                    pm_vrma_motion *kept)
{
    char *json = edited(parts->json, from, to);
    size_t size;
    unsigned char *data;
    pm_vrma_motion motion;
    pm_result result;
    if (!json) return PM_ERROR_INVALID_ARGUMENT;
    data = glb_of(json, parts->bin, parts->bin_size, &size);
    result = pm_vrma_parse(data, size, NULL, &motion, error);
    if (result == PM_OK && kept) *kept = motion;
    else if (result == PM_OK) pm_vrma_free(&motion);
    free(data), free(json);
    return result;
}

/* faces.vrma with one edit must fail with PM_ERROR_PARSE at the byte of `at` in the edited JSON, saying `words` */
static void expect_vrma_error(const glb_parts *parts, const char *from, const char *to, const char *at, const char *words)
{
    char *json = edited(parts->json, from, to);
    pm_parse_error error = {0, NULL, NULL};
    pm_result result;
    if (!json) return;
    result = parse_faces_edited(parts, from, to, &error, NULL);
    if (result != PM_ERROR_PARSE || !error.message || !strstr(error.message, words) ||
        error.offset != 20 + (size_t)(strstr(json, at) - json))
        test_fail(__FILE__, __LINE__, "\"%s\" -> \"%s\": %s at byte %lu (\"%s\"), expected a parse error at byte %ld (\"%s\")",
                  from, to, pm_result_string(result), (unsigned long)error.offset, error.message ? error.message : "-",
                  20 + (long)(strstr(json, at) - json), words);
    free(json);
}

void test_vrma_reader(void)
{
    glb_parts parts = {NULL, NULL, 0};
    pm_vrma_motion motion;
    pm_parse_error error;
    int happy = -1, k;
    CHECK(glb_parts_read("tests/fixtures/faces.vrma", &parts));
    if (!parts.json) return;
    /* as written: every track where it belongs */
    CHECK_RESULT(parse_faces_edited(&parts, "{", "{", &error, &motion), PM_OK);
    CHECK(error.warning == NULL);
    CHECK(motion.rotation[PM_BONE_RIGHT_UPPER_ARM].key_count == 5 && motion.rotation[PM_BONE_LEFT_UPPER_ARM].key_count == 5 &&
          motion.rotation[PM_BONE_SPINE].key_count == 5 && motion.rotation[PM_BONE_HEAD].key_count == 3 &&
          motion.hips_position.key_count == 5 && motion.look_at.key_count == 9 && motion.expression_count == 7);
    CHECK(motion.rotation[PM_BONE_LEFT_UPPER_ARM].interpolation == PM_INTERPOLATION_STEP && motion.duration == 2.0);
    for (k = 0; k < motion.expression_count; ++k)
        if (strcmp(motion.expressions[k].name, "happy") == 0) happy = k;
    CHECK(happy >= 0 && motion.expressions[happy].weight.key_count == 4 && motion.expressions[happy].weight.values[3] == 1.4f);
    pm_vrma_free(&motion);

    /* errors */
    CHECK_RESULT(parse_faces_edited(&parts, "\"specVersion\":\"1.0\"", "\"specVersion\":\"2.0\"", &error, NULL), PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "other than 1.0"));
    CHECK_RESULT(parse_faces_edited(&parts, "\"interpolation\":\"LINEAR\"", "\"interpolation\":\"CUBICSPLINE\"", &error, NULL),
                 PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "CUBICSPLINE"));
    CHECK_RESULT(parse_faces_edited(&parts, "\"interpolation\":\"LINEAR\"", "\"interpolation\":\"SMOOTH\"", &error, NULL),
                 PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "unknown interpolation"));
    CHECK_RESULT(parse_faces_edited(&parts, "\"path\":\"rotation\"", "\"path\":\"scale\"", &error, NULL), PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "path other than"));
    CHECK_RESULT(parse_faces_edited(&parts, "\"VRMC_vrm_animation\":{", "\"VRMC_vrm_animatio\":{", &error, NULL), PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "not a VRM animation"));
    CHECK_RESULT(parse_faces_edited(&parts, "\"sampler\":0,", "\"sampler\":99,", &error, NULL), PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "sampler out of range"));
    expect_vrma_error(&parts, "\"input\":0,", "\"input\":999,", "999,", "input missing or out of range");
    expect_vrma_error(&parts, "{\"input\":0,\"output\":1,", "{\"output\":1,", "{\"output\":1,", "input missing or out of range");
    expect_vrma_error(&parts, "\"output\":1,", "\"output\":999,", "999,", "an accessor index out of range");
    CHECK_RESULT(parse_faces_edited(&parts, "\"input\":0,", "\"input\":1,", &error, NULL), PM_ERROR_PARSE);
    CHECK(error.message && (strstr(error.message, "another type") != NULL));
    CHECK_RESULT(parse_faces_edited(&parts, "\"byteOffset\":0,\"byteLength\":20", "\"byteOffset\":99999,\"byteLength\":20",
                                    &error, NULL),
                 PM_ERROR_PARSE);
    CHECK(error.message && strstr(error.message, "outside its buffer"));
    /* read past with a warning, as three-vrm-animation reads it */
    CHECK_RESULT(parse_faces_edited(&parts, "\"leftToes\"", "\"leftTail\"", &error, NULL), PM_OK);
    CHECK(error.warning && strstr(error.warning, "unknown humanoid bone"));
    free(parts.json), free(parts.bin);
}

/* rig_json with happy's morph bind edited to `to`: read, the bind left
   out with a warning saying `words` (three-vrm leaves such a bind out), the
   blink's bind kept */
static void expect_bind_left_out(const char *to, const char *words)
{
    pm_vrm_file avatar;
    pm_parse_error error;
    CHECK_RESULT(parse_rig_edited("{\"node\":15,\"index\":1,\"weight\":0.5}", to, &avatar, &error), PM_OK);
    CHECK(error.warning && strstr(error.warning, words));
    CHECK(avatar.expression_count == 4 && avatar.expressions[0].morph_bind_count == 0 &&
          avatar.expressions[1].morph_bind_count == 1);
    pm_vrm_free(&avatar);
}

void test_vrm_reader_lenient(void)
{
    expect_bind_left_out("{\"node\":15,\"index\":7,\"weight\":0.5}", "a morph target its mesh lacks");
    expect_bind_left_out("{\"node\":99,\"index\":1,\"weight\":0.5}", "a node without a mesh, or a mesh the file lacks");
    expect_bind_left_out("{\"node\":2,\"index\":1,\"weight\":0.5}", "a node without a mesh, or a mesh the file lacks");
}

/* FNV-1a over 32-bit values, little-endian bytes, as first_person_threevrm.mjs hashes them */
static unsigned fnv1a(const uint32_t *values, int count)
{
    uint32_t h = 0x811c9dc5u;
    int i, b;
    for (i = 0; i < count; ++i)
        for (b = 0; b < 4; ++b) h = (h ^ ((values[i] >> (8 * b)) & 0xffu)) * 0x01000193u;
    return (unsigned)h;
}

/* The first-person view of the real avatars (Godette's "Auto" skinned meshes
   made headless; the VRM 1.0 samples' thirdPersonOnly face and the meshes on
   the head) against three-vrm's VRMFirstPerson.setup(): every mesh node's
   primitives, the same indices in the same order; the third-person view
   draws all but the firstPersonOnly ones. */
void test_vrm_first_person(void)
{
    size_t f;
    for (f = 0; f < sizeof first_person_files / sizeof first_person_files[0]; ++f) {
        char path[256];
        size_t size;
        unsigned char *data;
        pm_vrm_file avatar;
        int k, i, node, primitives = 0;
        snprintf(path, sizeof path, "../shared/data/vrm-samples/%s", first_person_files[f].name);
        if (!(data = read_file(path, &size))) {
            printf("    (%s absent: skipped)\n", path);
            continue;
        }
        test_context("%s", first_person_files[f].name);
        CHECK_RESULT(pm_vrm_parse(data, size, NULL, &avatar, NULL), PM_OK);
        for (node = 0; node < avatar.node_count; ++node)
            if (avatar.node_mesh[node] >= 0) primitives += avatar.meshes[avatar.node_mesh[node]].primitive_count;
        CHECK(primitives == first_person_files[f].count);
        for (k = first_person_files[f].first; k < first_person_files[f].first + first_person_files[f].count; ++k) {
            const struct first_person_primitive *want = &first_person_primitives[k];
            const pm_vrm_primitive *p = &avatar.meshes[avatar.node_mesh[want->node]].primitives[want->primitive];
            uint32_t *indices = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)(p->indices ? p->index_count : p->vertex_count) + 1);
            int count = -1;
            test_context("%s node %d primitive %d", first_person_files[f].name, want->node, want->primitive);
            CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, want->node, want->primitive, indices, &count),
                         PM_OK);
            CHECK(count == want->first_count && fnv1a(indices, count) == want->first_hash);
            CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_THIRD_PERSON, want->node, want->primitive, indices, &count),
                         PM_OK);
            CHECK(count == (want->third ? (p->indices ? p->index_count : p->vertex_count) : 0)); /* whole or none */
            for (i = 0; i < count; ++i) CHECK(indices[i] == (p->indices ? p->indices[i] : (uint32_t)i));
            free(indices);
        }
        pm_vrm_free(&avatar);
        free(data);
    }
    test_context("%s", "");
}

/* The annotations of rig_json's head node (15, a mesh) after an edit, with the warning */
static int rig_first_person(const char *annotations, const char *warning)
{
    pm_vrm_file avatar;
    pm_parse_error error;
    int type = -1;
    CHECK_RESULT(parse_rig_edited("\"lookAt\":", annotations, &avatar, &error), PM_OK);
    CHECK(warning ? error.warning && strstr(error.warning, warning) : error.warning == NULL);
    if (avatar.node_first_person) type = avatar.node_first_person[15];
    pm_vrm_free(&avatar);
    return type;
}

/* Godette (VRM 0.x) with its first annotation edited: the result, error,
   and the first mesh's nodes' annotation (-1 without settings) */
static pm_result godette_first_person(const glb_parts *godette, const char *to, pm_parse_error *error, int *type)
{
    char *json = edited(godette->json, "{\"firstPersonFlag\":\"Auto\",\"mesh\":0}", to);
    size_t size, n;
    unsigned char *data = glb_of(json, godette->bin, godette->bin_size, &size);
    pm_vrm_file avatar;
    pm_result result = pm_vrm_parse(data, size, NULL, &avatar, error);
    *type = -2;
    if (result == PM_OK) {
        for (n = 0; n < (size_t)avatar.node_count && avatar.node_mesh[n] != 0; ++n) continue;
        *type = n == (size_t)avatar.node_count ? -3 : avatar.node_first_person ? avatar.node_first_person[n] : -1;
        pm_vrm_free(&avatar);
    }
    free(data), free(json);
    return result;
}

/* The first-person annotations read strictly where the JSON is malformed
   or an index out of range, leniently where three-vrm reads past a fault;
   pm_vrm_view_indices' bad arguments */
void test_vrm_first_person_bad_input(void)
{
    glb_parts godette = {NULL, NULL, 0};
    pm_parse_error error;
    int type;
    uint32_t indices[4];
    int count;
    size_t size;
    unsigned char *data = rig_glb(&size);
    pm_vrm_file avatar;
    /* VRM 1.0: by node */
    expect_avatar_error("\"lookAt\":", "\"firstPerson\":7,\"lookAt\":", "7,\"lookAt\"", PM_ERROR_PARSE,
                        "expected an object");
    expect_avatar_error("\"lookAt\":", "\"firstPerson\":{\"meshAnnotations\":{}},\"lookAt\":", "{}},", PM_ERROR_PARSE,
                        "\"meshAnnotations\" must be an array");
    expect_avatar_error("\"lookAt\":", "\"firstPerson\":{\"meshAnnotations\":[5]},\"lookAt\":", "5]},\"lookAt\"", PM_ERROR_PARSE,
                        "a mesh annotation must be an object");
    expect_avatar_error("\"lookAt\":", "\"firstPerson\":{\"meshAnnotations\":[{\"node\":99,\"type\":\"auto\"}]},\"lookAt\":",
                        "99,", PM_ERROR_PARSE, "\"node\" out of range");
    expect_avatar_error("\"lookAt\":", "\"firstPerson\":{\"meshAnnotations\":[{\"node\":15,\"type\":7}]},\"lookAt\":",
                        "7}]", PM_ERROR_PARSE, "\"type\" must be a string");
    CHECK(rig_first_person("\"lookAt\":", NULL) == PM_VRM_FIRST_PERSON_AUTO); /* no firstPerson: every mesh "auto" */
    CHECK(rig_first_person("\"firstPerson\":{\"meshAnnotations\":[{\"node\":15,\"type\":\"thirdPersonOnly\"},"
                           "{\"node\":15,\"type\":\"both\"}]},\"lookAt\":", NULL) == PM_VRM_FIRST_PERSON_THIRD_PERSON_ONLY);
    { /* the first of 300 annotations of one node counts, however many follow */
        char *many = (char *)malloc(300 * 32 + 64), *at = many;
        int k;
        at += sprintf(at, "\"firstPerson\":{\"meshAnnotations\":[{\"node\":15,\"type\":\"thirdPersonOnly\"}");
        for (k = 1; k < 300; ++k) at += sprintf(at, ",{\"node\":15,\"type\":\"both\"}");
        strcpy(at, "]},\"lookAt\":");
        CHECK(rig_first_person(many, NULL) == PM_VRM_FIRST_PERSON_THIRD_PERSON_ONLY);
        free(many);
    }
    CHECK(rig_first_person("\"firstPerson\":{\"meshAnnotations\":[{\"node\":15,\"type\":\"sideways\"}]},\"lookAt\":",
                           "unknown \"type\"") == PM_VRM_FIRST_PERSON_BOTH);
    CHECK(rig_first_person("\"firstPerson\":{\"meshAnnotations\":[{\"type\":\"firstPersonOnly\"}]},\"lookAt\":",
                           "without \"node\"") == PM_VRM_FIRST_PERSON_AUTO);
    CHECK(rig_first_person("\"firstPerson\":{\"meshAnnotations\":[{\"node\":15}]},\"lookAt\":", NULL) ==
          PM_VRM_FIRST_PERSON_AUTO);

    /* VRM 0.x: by mesh */
    if (glb_parts_read("../shared/data/vrm-samples/Godette_vrm_v4.vrm", &godette)) {
        CHECK_RESULT(godette_first_person(&godette, "{\"firstPersonFlag\":\"Auto\",\"mesh\":9}", &error, &type),
                     PM_ERROR_PARSE);
        CHECK(error.message && strstr(error.message, "\"mesh\" out of range"));
        CHECK_RESULT(godette_first_person(&godette, "{\"firstPersonFlag\":3,\"mesh\":0}", &error, &type), PM_ERROR_PARSE);
        CHECK(error.message && strstr(error.message, "\"firstPersonFlag\" must be a string"));
        CHECK_RESULT(godette_first_person(&godette, "{\"firstPersonFlag\":\"ThirdPersonOnly\",\"mesh\":0}", &error, &type),
                     PM_OK);
        CHECK(type == PM_VRM_FIRST_PERSON_THIRD_PERSON_ONLY);
        CHECK_RESULT(godette_first_person(&godette, "{\"firstPersonFlag\":\"Sideways\",\"mesh\":0}", &error, &type), PM_OK);
        CHECK(type == PM_VRM_FIRST_PERSON_AUTO && error.warning && strstr(error.warning, "unknown \"firstPersonFlag\""));
        free(godette.json), free(godette.bin);
    } else {
        printf("    (../shared/data/vrm-samples absent: Godette's annotations skipped)\n");
    }

    /* the indices' arguments */
    CHECK_RESULT(pm_vrm_parse(data, size, NULL, &avatar, NULL), PM_OK);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, 15, 0, indices, &count), PM_OK);
    CHECK(count == 0); /* no POSITION: no vertices */
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_THIRD_PERSON, 15, 0, indices, &count), PM_OK);
    CHECK(count == 0);
    CHECK_RESULT(pm_vrm_view_indices(NULL, PM_VRM_VIEW_FIRST_PERSON, 15, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, 15, 0, NULL, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, 15, 0, indices, NULL), PM_ERROR_INVALID_ARGUMENT);
#ifndef __cplusplus /* C callers can pass any int as an enum */
    CHECK_RESULT(pm_vrm_view_indices(&avatar, (pm_vrm_view)2, 15, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, (pm_vrm_view)-1, 15, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
#endif
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, -1, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, 16, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_THIRD_PERSON, 2, 0, indices, &count),
                 PM_ERROR_INVALID_ARGUMENT); /* no mesh */
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, 15, 1, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_THIRD_PERSON, 15, -1, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    avatar.meshes[0].primitives[0].mode = 1; /* lines */
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_FIRST_PERSON, 15, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_view_indices(&avatar, PM_VRM_VIEW_THIRD_PERSON, 15, 0, indices, &count), PM_ERROR_INVALID_ARGUMENT);
    pm_vrm_free(&avatar);
    free(data);
}

/* The instance: bad arguments; an expression track's weight clamped to [0, 1] (VRMC_vrm_animation) */
void test_vrm_model(void)
{
    size_t size;
    unsigned char *data = rig_glb(&size);
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_vrm_model *model = NULL;
    pm_vrm_report report;
    double nan;
    float target[3] = {0.0f, 1.5f, 1.0f};
    memset(&nan, 0xFF, sizeof nan); /* a NaN's bits, whatever -ffast-math assumes */
    CHECK_RESULT(pm_vrm_parse(data, size, NULL, &avatar, NULL), PM_OK);
    CHECK_RESULT(pm_vrma_parse_file("tests/fixtures/faces.vrma", NULL, &motion, NULL), PM_OK);
    CHECK_RESULT(pm_vrm_model_create(NULL, NULL, &model, &report), PM_ERROR_INVALID_ARGUMENT);
    CHECK(model == NULL && report.message != NULL);
    CHECK_RESULT(pm_vrm_model_create(&avatar, NULL, NULL, &report), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_model_play(NULL, &motion), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_model_seek(NULL, 0.0), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_model_update(NULL, 0.0), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vrm_model_look_at(NULL, target), PM_ERROR_INVALID_ARGUMENT);
    pm_vrm_model_destroy(NULL);
    CHECK_RESULT(pm_vrm_model_create(&avatar, NULL, &model, &report), PM_OK);
    if (model) {
        const int happy_morph = model->morph_start[15] + 1;
        CHECK(report.message == NULL && report.warning == NULL);
        CHECK_RESULT(pm_vrm_model_seek(model, nan), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_vrm_model_seek(model, -1.0), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_vrm_model_update(model, nan), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_vrm_model_update(model, -1.0 / 60.0), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_vrm_model_update(model, HUGE_VAL), PM_ERROR_INVALID_ARGUMENT);
        target[0] = (float)nan;
        CHECK_RESULT(pm_vrm_model_look_at(model, target), PM_ERROR_INVALID_ARGUMENT);
        model->expression_weights[0] = (float)nan;
        CHECK_RESULT(pm_vrm_model_update(model, 0.0), PM_ERROR_INVALID_ARGUMENT);
        model->expression_weights[0] = 0.0f;
        CHECK_RESULT(pm_vrm_model_play(model, &motion), PM_OK);
        /* happy's track is 1.4 at 0.6 s: clamped to 1, its bind of weight 0.5 gives 0.5 */
        CHECK_RESULT(pm_vrm_model_seek(model, 0.6), PM_OK);
        CHECK_RESULT(pm_vrm_model_update(model, 1.0 / 60.0), PM_OK);
        CHECK(model->expression_weights[0] == 1.0f && model->expression_applied[0] == 1.0f &&
              model->morph_weights[happy_morph] == 0.5f);
        /* -0.3 at 1.2 s: clamped to 0 */
        CHECK_RESULT(pm_vrm_model_seek(model, 1.2), PM_OK);
        CHECK_RESULT(pm_vrm_model_update(model, 1.0 / 60.0), PM_OK);
        CHECK(model->expression_weights[0] == 0.0f && model->morph_weights[happy_morph] == 0.0f);
        CHECK_RESULT(pm_vrm_model_play(model, NULL), PM_OK);
        CHECK_RESULT(pm_vrm_model_update(model, 1.0 / 60.0), PM_OK);
        pm_vrm_model_destroy(model);
    }
    pm_vrma_free(&motion);
    pm_vrm_free(&avatar);
    free(data);
}

#include "../examples/vrma_write.h"
#include <unistd.h>

/* The VRMA writer's face (examples/vrma_write.h, which bvh2vrma and
   vmd2vrma use) read back by pm_vrma_parse: every expression's weights and
   the gaze's rotations, the same floats; a custom name with a quote in it
   escaped and read back as the JSON spells it */
void test_vrma_writer_face(void)
{
    static const char *const names[3] = {"happy", "blinkLeft", "say \"hi\""};
    const float times[3] = {0.0f, 0.5f, 1.25f};
    const float weights[9] = {0.0f, 1.0f, 0.25f, 0.5f, 0.0f, 1.5f, 1.0f, 0.75f, -0.125f};
    float look[12], world[16 * 16];
    pm_normalized_pose poses[3];
    size_t size;
    unsigned char *data = rig_glb(&size);
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    vrma_face face;
    char error[200], path[64];
    int k, e, b, c;
    CHECK_RESULT(pm_vrm_parse(data, size, NULL, &avatar, NULL), PM_OK);
    CHECK_RESULT(pm_scene_world_matrices(avatar.parent, avatar.node_count, avatar.rest, world), PM_OK);
    for (k = 0; k < 3; ++k) {
        const vec3 angles = {10.0f * (float)k, -40.0f + 35.0f * (float)k, 0.0f};
        for (b = 0; b < PM_BONE_COUNT; ++b) glm_quat_identity(poses[k].rotation[b]);
        memcpy(poses[k].hips_position, avatar.humanoid.rest_hips, sizeof(vec3));
        pm_euler_deg_to_quat(angles, PM_EULER_YXZ, PM_ROTATION_POINT, look + 4 * k);
    }
    face.expression_count = 3, face.names = names, face.weights = weights, face.look_at = look;
    /* a file of this process's own: the configurations run side by side */
    snprintf(path, sizeof path, "build/test_face_%ld.vrma", (long)getpid());
    CHECK(vrma_write(path, "posemath test", &avatar.humanoid, world, 1.0, 3, times, poses, &face, 0, error, sizeof error) == 0);
    CHECK_RESULT(pm_vrma_parse_file(path, NULL, &motion, NULL), PM_OK);
    remove(path);
    CHECK(motion.expression_count == 3 && motion.look_at.key_count == 3 && motion.duration == 1.25);
    for (e = 0; e < motion.expression_count && motion.expression_count == 3; ++e) {
        const char *expected = e == 2 ? "say \\\"hi\\\"" : names[e]; /* as the JSON spells it */
        CHECK(strcmp(motion.expressions[e].name, expected) == 0 && motion.expressions[e].weight.key_count == 3);
        for (k = 0; k < 3 && motion.expressions[e].weight.key_count == 3; ++k)
            CHECK(motion.expressions[e].weight.values[3 * k] == weights[3 * k + e] &&
                  motion.expressions[e].weight.times[k] == times[k]);
    }
    for (k = 0; k < 3 && motion.look_at.key_count == 3; ++k)
        for (c = 0; c < 4; ++c) CHECK(motion.look_at.values[4 * k + c] == look[4 * k + c]);
    pm_vrma_free(&motion);
    pm_vrm_free(&avatar);
    free(data);
}

/* What a VRM animation can make the reader do is bounded by its size: a
   channel finds its sampler at once (100,000 channels on as many samplers
   read in linear time: a walk along the samplers per channel would take 5e9
   steps), two channels on one target read the last one's keys only, and
   keys read again and again for many tracks stop at the file's budget
   (PM_ERROR_LIMIT) instead of taking gigabytes. */
void test_vrma_reader_bounds(void)
{
    enum { CHANNELS = 100000, KEYS = 100000, EXPRESSIONS = 2000 };
    const size_t room = (size_t)CHANNELS * 120 + (size_t)EXPRESSIONS * 120 + 4096;
    char *json = (char *)malloc(room), *at;
    float *bin = (float *)calloc((size_t)KEYS * 4, sizeof(float));
    unsigned char *data;
    size_t size;
    pm_vrma_motion motion;
    pm_parse_error error;
    int k;
    if (!json || !bin) return;
    for (k = 0; k < KEYS; ++k) bin[k] = (float)k / 30.0f; /* times; then KEYS (x, 0, 0) weights */
    /* many channels, each on its own sampler, all on the hips */
    at = json + sprintf(json, "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{}],\"extensionsUsed\":[\"VRMC_vrm_animation\"],"
                              "\"extensions\":{\"VRMC_vrm_animation\":{\"specVersion\":\"1.0\",\"expressions\":{\"preset\":"
                              "{\"happy\":{\"node\":0}}}}},\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,"
                              "\"type\":\"SCALAR\"},{\"bufferView\":1,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}],"
                              "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":24}],"
                              "\"buffers\":[{\"byteLength\":32}],\"animations\":[{\"channels\":[");
    for (k = 0; k < CHANNELS; ++k)
        at += sprintf(at, "%s{\"sampler\":%d,\"target\":{\"node\":0,\"path\":\"translation\"}}", k ? "," : "", k);
    at += sprintf(at, "],\"samplers\":[");
    for (k = 0; k < CHANNELS; ++k) at += sprintf(at, "%s{\"input\":0,\"output\":1}", k ? "," : "");
    sprintf(at, "]}]}");
    data = glb_of(json, bin, 32, &size);
    CHECK_RESULT(pm_vrma_parse(data, size, NULL, &motion, &error), PM_OK);
    CHECK(error.warning && strstr(error.warning, "two channels for one target") && motion.expression_count == 1);
    pm_vrma_free(&motion);
    free(data);

    /* many expressions' tracks on one accessor of 100,000 keys (1.2 MB each time it is read) */
    at = json + sprintf(json, "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[");
    for (k = 0; k < EXPRESSIONS; ++k) at += sprintf(at, "%s{}", k ? "," : "");
    at += sprintf(at, "],\"extensions\":{\"VRMC_vrm_animation\":{\"expressions\":{\"custom\":{");
    for (k = 0; k < EXPRESSIONS; ++k) at += sprintf(at, "%s\"e%d\":{\"node\":%d}", k ? "," : "", k, k);
    at += sprintf(at, "}}}},\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":%d,\"type\":\"SCALAR\"},"
                      "{\"bufferView\":1,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\"}],\"bufferViews\":[{\"buffer\":0,"
                      "\"byteLength\":%d},{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":%d}],\"buffers\":[{\"byteLength\":%d}],"
                      "\"animations\":[{\"samplers\":[{\"input\":0,\"output\":1}],\"channels\":[",
                  KEYS, KEYS, 4 * KEYS, 4 * KEYS, 12 * KEYS, 16 * KEYS);
    for (k = 0; k < EXPRESSIONS; ++k)
        at += sprintf(at, "%s{\"sampler\":0,\"target\":{\"node\":%d,\"path\":\"translation\"}}", k ? "," : "", k);
    sprintf(at, "]}]}");
    data = glb_of(json, bin, 16 * (size_t)KEYS, &size);
    CHECK_RESULT(pm_vrma_parse(data, size, NULL, &motion, &error), PM_ERROR_LIMIT);
    CHECK(error.message && strstr(error.message, "more accessor data than the file's size allows"));
    free(data), free(json), free(bin);
}
