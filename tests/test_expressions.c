/* VRM expressions against three-vrm 3.5.5's VRMExpressionManager
   (tests/gen/expressions_threevrm.mjs): 21 expressions (every preset,
   three custom ones; every override mode against each of the blink, lookAt
   and mouth groups; binary ones), 40 sets of weights (past [0, 1], 0.5
   exactly and one float step either side), the applied weights and the
   summed morph target weights; bad input.

   Tolerances. An applied weight is a product of up to two factors computed
   in double and rounded to float once: FLOAT_ROUNDING. A morph target's
   weight is a sum of up to n (here 6) bind weight x applied weight terms
   rounded to float as it goes, against three.js's double sum: (n + 1)
   FLOAT_ROUNDING of the sum of the terms' sizes, which is at most 6 x 1.2. */
#include "test.h"

#include <string.h>

#include "../examples/read_file.h"
#include "fixtures/expressions_threevrm.h"
#include "fixtures/expressions_loader_threevrm.h"
#include "fixtures/expressions_lenient_threevrm.h"

enum { EXPRESSION_CASES = sizeof expression_cases / sizeof expression_cases[0] };

static void load_expressions(pm_expression expressions[EXPRESSION_COUNT])
{
    int i;
    for (i = 0; i < EXPRESSION_COUNT; ++i) {
        const int *s = expression_settings[i];
        expressions[i].name = expression_names[i];
        expressions[i].name_length = strlen(expression_names[i]);
        expressions[i].preset = (pm_expression_preset)s[0];
        expressions[i].is_binary = s[1];
        expressions[i].override_blink = (pm_expression_override)s[2];
        expressions[i].override_look_at = (pm_expression_override)s[3];
        expressions[i].override_mouth = (pm_expression_override)s[4];
        expressions[i].morph_binds = expression_binds + s[5];
        expressions[i].morph_bind_count = s[6];
        expressions[i].material_binds = NULL;
        expressions[i].material_bind_count = 0;
    }
}

void test_expressions_match_threevrm(void)
{
    pm_expression expressions[EXPRESSION_COUNT];
    float applied[EXPRESSION_COUNT], morphs[13];
    double worst_applied = 0.0, worst_morph = 0.0;
    int c, i, bad;
    load_expressions(expressions);
    for (i = 0; i < EXPRESSION_COUNT; ++i) {
        pm_expression_preset p = expressions[i].preset;
        CHECK(p == PM_EXPRESSION_CUSTOM ? pm_expression_preset_name(p) == NULL
                                        : strcmp(pm_expression_preset_name(p), expression_names[i]) == 0);
    }
    for (c = 0; c < EXPRESSION_CASES; ++c) {
        const struct expression_case *k = &expression_cases[c];
        CHECK_RESULT(pm_expressions_resolve(expressions, EXPRESSION_COUNT, k->weights, applied), PM_OK);
        for (i = 0; i < EXPRESSION_COUNT; ++i) keep_worst(&worst_applied, fabs((double)applied[i] - k->applied[i]));
        CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, expression_morph_start,
                                                  EXPRESSION_MESHES, morphs, &bad),
                     PM_OK);
        for (i = 0; i < 13; ++i) keep_worst(&worst_morph, fabs((double)morphs[i] - k->morphs[i]));
    }
    printf("    expressions: %d sets of weights on %d expressions: applied within %.2g of three-vrm, morph targets %.2g\n",
           EXPRESSION_CASES, EXPRESSION_COUNT, worst_applied, worst_morph);
    CHECK(worst_applied <= FLOAT_ROUNDING);
    CHECK(worst_morph <= 7 * FLOAT_ROUNDING * 6 * 1.2);
}

void test_expressions_bad_input(void)
{
    static const int start[4] = {0, 4, 10, 13}, backwards[4] = {0, 4, 3, 13}, late[4] = {1, 4, 10, 13};
    pm_expression expressions[EXPRESSION_COUNT], bad_one;
    pm_expression_morph_bind far = {3, 0, 1.0f}, past = {2, 3, 1.0f}, nan_weight = {0, 0, NAN};
    float weights[EXPRESSION_COUNT], applied[EXPRESSION_COUNT], morphs[13];
    int i, bad;
    load_expressions(expressions);
    for (i = 0; i < EXPRESSION_COUNT; ++i) weights[i] = 0.25f;
    CHECK_RESULT(pm_expressions_resolve(expressions, EXPRESSION_COUNT, weights, applied), PM_OK);
    CHECK_RESULT(pm_expressions_resolve(expressions, 0, NULL, NULL), PM_OK);
    CHECK_RESULT(pm_expressions_resolve(NULL, 1, weights, applied), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_resolve(expressions, 1, NULL, applied), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_resolve(expressions, 1, weights, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_resolve(expressions, -1, weights, applied), PM_ERROR_INVALID_ARGUMENT);
    weights[3] = NAN;
    CHECK_RESULT(pm_expressions_resolve(expressions, EXPRESSION_COUNT, weights, applied), PM_ERROR_INVALID_ARGUMENT);
    weights[3] = 0.25f;
    for (i = 0; i < 6; ++i) { /* a field outside its enum or range */
        pm_expression saved = expressions[5];
        bad_one = saved;
        if (i == 0) bad_one.preset = PM_EXPRESSION_PRESET_COUNT;
        if (i == 1) bad_one.is_binary = 2;
        if (i == 2) bad_one.override_blink = (pm_expression_override)3;
        if (i == 3) bad_one.override_mouth = (pm_expression_override)3;
        if (i == 4) bad_one.morph_bind_count = -1;
        if (i == 5) bad_one.morph_binds = NULL;
        expressions[5] = bad_one;
        test_context("field %d", i);
        CHECK_RESULT(pm_expressions_resolve(expressions, EXPRESSION_COUNT, weights, applied), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                     PM_ERROR_INVALID_ARGUMENT);
        CHECK(bad == 5);
        expressions[5] = saved;
    }
    test_context("%s", "");
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad), PM_OK);
    CHECK(bad == -1);
    /* binds outside the meshes, past a mesh's targets, or not finite: named, nothing written */
    morphs[0] = 42.0f;
    expressions[7].morph_binds = &far, expressions[7].morph_bind_count = 1;
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                 PM_ERROR_OUT_OF_RANGE);
    CHECK(bad == 7 && morphs[0] == 42.0f);
    expressions[7].morph_binds = &past;
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                 PM_ERROR_OUT_OF_RANGE);
    expressions[7].morph_binds = &nan_weight;
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 7 && morphs[0] == 42.0f);
    load_expressions(expressions);
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, backwards, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, late, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, NULL, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, NULL, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, NULL, start, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, -1, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    /* two binds of 3e38 on one target: its sum would overflow a float; refused, nothing written */
    {
        pm_expression_morph_bind huge[2] = {{0, 0, 3e38f}, {0, 0, 3e38f}};
        expressions[7].morph_binds = huge, expressions[7].morph_bind_count = 2;
        applied[7] = 1.0f;
        morphs[0] = 42.0f;
        CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                     PM_ERROR_INVALID_ARGUMENT);
        CHECK(bad == 7 && morphs[0] == 42.0f);
        huge[1].weight = -3e38f; /* the magnitudes add up past a float, whatever the signs */
        CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                     PM_ERROR_INVALID_ARGUMENT);
        huge[1].weight = 3e37f; /* 3.3e38: a float */
        CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad), PM_OK);
        CHECK(morphs[0] > 3.2e38f && morphs[0] <= FLT_MAX);
        load_expressions(expressions);
    }
    applied[2] = INFINITY;
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 2);
    CHECK_RESULT(pm_expressions_morph_weights(NULL, 0, NULL, start, 0, NULL, NULL), PM_OK);
}

/* Whether count parsed expressions are three-vrm's loader's `want`, in its
   order, with the same names, settings and binds, bit for bit (each
   difference printed) */
static int same_as_loader(const pm_expression *expressions, int count, const struct loaded_expression *want_all,
                          int want_count)
{
    int i, b, same = count == want_count;
    if (!same) printf("      %d expressions, three-vrm %d\n", count, want_count);
    for (i = 0; i < want_count && i < count; ++i) {
        const struct loaded_expression *want = &want_all[i];
        const pm_expression *got = &expressions[i];
        if (got->name_length != strlen(want->name) || memcmp(got->name, want->name, got->name_length) != 0 ||
            (int)got->preset != want->preset || got->is_binary != want->binary ||
            (int)got->override_blink != want->overrides[0] || (int)got->override_look_at != want->overrides[1] ||
            (int)got->override_mouth != want->overrides[2] || got->morph_bind_count != want->bind_count) {
            printf("      expression %d (%s) differs\n", i, want->name);
            same = 0;
            continue;
        }
        if (got->material_bind_count != want->material_count) {
            printf("      expression %d (%s): %d material binds, three-vrm %d\n", i, want->name, got->material_bind_count,
                   want->material_count);
            same = 0;
        }
        for (b = 0; b < want->material_count && b < got->material_bind_count; ++b) {
            const pm_expression_material_bind *m = &got->material_binds[b];
            const float *w = want->materials[b];
            if ((float)m->material != w[0] || (float)m->property != w[1] || memcmp(m->target, w + 2, sizeof m->target) != 0) {
                printf("      expression %d (%s): material bind %d differs\n", i, want->name, b);
                same = 0;
            }
        }
        for (b = 0; b < want->bind_count; ++b)
            if (got->morph_binds[b].mesh != want->binds[b].mesh || got->morph_binds[b].index != want->binds[b].index ||
                got->morph_binds[b].weight != want->binds[b].weight) {
                printf("      expression %d (%s): bind %d differs\n", i, want->name, b);
                same = 0;
            }
    }
    return same;
}

/* The readers on the real files give three-vrm's loader's expressions, in
   its order, with the same names, settings and morph target binds, bit for
   bit. */
void test_expressions_files(void)
{
    static pm_expression expressions[64];
    static pm_expression_morph_bind binds[512];
    static pm_expression_material_bind material_binds[64];
    const pm_expression_storage storage = {expressions, 64, binds, 512, material_binds, 64};
    size_t f;
    for (f = 0; f < sizeof loaded_expression_files / sizeof loaded_expression_files[0]; ++f) {
        const struct loaded_expression_file *file = &loaded_expression_files[f];
        char path[256];
        unsigned char *glb;
        const char *begin, *end;
        size_t size;
        pm_parse_error error;
        int count = -1;
        snprintf(path, sizeof path, "../shared/data/vrm-samples/%s", file->name);
        if (!(glb = read_file(path, &size))) {
            printf("    (%s absent: skipped)\n", path);
            continue;
        }
        test_context("%s", file->name);
        CHECK(test_glb_extension(glb, size, "\"VRMC_vrm\"", &begin, &end) ||
              test_glb_extension(glb, size, "\"VRM\"", &begin, &end));
        CHECK_RESULT(pm_expressions_parse_json(begin, (size_t)(end - begin), &storage, &count, &error), PM_OK);
        CHECK(error.warning == NULL); /* nothing these files hold is outside the specifications */
        CHECK(same_as_loader(expressions, count, loaded_expressions + file->first, file->count));
        printf("    expressions of %s: %d, as three-vrm's loader reads them\n", file->name, count);
        free(glb);
    }
    test_context("%s", "");
}

/* Text `inserted` (up to its line's end) put after the first `after` in
   json[0 .. length): a new string (malloc), or NULL */
static char *inserted_after(const char *json, size_t length, const char *after, const char *inserted, size_t *out_length)
{
    const size_t n = strcspn(inserted, "\n"), a = strlen(after);
    const char *at = NULL;
    size_t i;
    char *out;
    for (i = 0; i + a <= length && !at; ++i)
        if (memcmp(json + i, after, a) == 0) at = json + i + a;
    if (!at || !(out = (char *)malloc(length + n + 1))) return NULL;
    memcpy(out, json, (size_t)(at - json));
    memcpy(out + (at - json), inserted, n);
    memcpy(out + (at - json) + n, at, length - (size_t)(at - json));
    out[length + n] = '\0';
    *out_length = length + n;
    return out;
}

/* What three-vrm reads and the VRM specifications do not allow (a bind
   weight past the range, an unknown preset, a custom expression named like
   a preset, binds without their node or mesh, a VRM 0.x group without a
   name or of a name an earlier one has, a 0.x custom group named like a
   VRM 1.0 preset): Godette and a VRM 1.0 sample with such expressions put
   in (tests/fixtures/expressions_lenient_vrm0.txt and _vrm1.txt, as
   tests/gen/expressions_lenient_write.py puts them in for three-vrm) read
   as three-vrm's loader reads them, with a warning. */
void test_expressions_lenient(void)
{
    static pm_expression expressions[64];
    static pm_expression_morph_bind binds[512];
    static pm_expression_material_bind material_binds[64];
    const pm_expression_storage storage = {expressions, 64, binds, 512, material_binds, 64};
    static const char *const samples[2] = {"Godette_vrm_v4.vrm", "VRMC_vrm_expressions_isBinary_Overrides.vrm"};
    static const char *const insertions[2] = {"tests/fixtures/expressions_lenient_vrm0.txt",
                                              "tests/fixtures/expressions_lenient_vrm1.txt"};
    int f;
    for (f = 0; f < 2; ++f) {
        const struct loaded_expression_file *file = &lenient_expression_files[f];
        char path[256], *once, *twice = NULL;
        unsigned char *glb, *text;
        const char *begin, *end;
        size_t size, text_size, length = 0;
        pm_parse_error error;
        int count = -1;
        snprintf(path, sizeof path, "../shared/data/vrm-samples/%s", samples[f]);
        if (!(glb = read_file(path, &size))) {
            printf("    (%s absent: skipped)\n", path);
            continue;
        }
        test_context("%s", file->name);
        text = read_file(insertions[f], &text_size);
        CHECK(text != NULL && (test_glb_extension(glb, size, "\"VRMC_vrm\"", &begin, &end) ||
                               test_glb_extension(glb, size, "\"VRM\"", &begin, &end)));
        if (!text) {
            free(glb);
            continue;
        }
        once = f == 0 ? inserted_after(begin, (size_t)(end - begin), "\"blendShapeGroups\":[", (const char *)text, &length)
                      : inserted_after(begin, (size_t)(end - begin), "\"expressions\":{", (const char *)text, &length);
        if (f == 1 && once) {
            twice = inserted_after(once, length, "\"preset\":{", strchr((const char *)text, '\n') + 1, &length);
            free(once);
            once = twice;
        }
        CHECK(once != NULL);
        if (once) {
            CHECK_RESULT(pm_expressions_parse_json(once, length, &storage, &count, &error), PM_OK);
            CHECK(error.warning != NULL);
            CHECK(same_as_loader(expressions, count, lenient_expressions + file->first, file->count));
            printf("    %s with expressions past the specifications: %d, as three-vrm's loader reads them (\"%s\")\n",
                   samples[f], count, error.warning ? error.warning : "no warning");
        }
        free(once), free(text), free(glb);
    }
    test_context("%s", "");
}

/* Order, names and defaults; every malformed member at its byte; storage too small */
void test_expressions_json(void)
{
    static const char custom_first[] =
        "{\"expressions\": {\"custom\": {\"smirk\": {}}, \"preset\": {\"blink\": {\"isBinary\": true, "
        "\"overrideMouth\": \"blend\", \"morphTargetBinds\": [{\"node\": 3, \"index\": 2}]}, \"aa\": {}}}}";
    static const char vrm0[] =
        "{\"blendShapeMaster\": {\"blendShapeGroups\": [{\"name\": \"Joy\", \"presetName\": \"joy\", \"binds\": "
        "[{\"mesh\": 1, \"index\": 4, \"weight\": 50}, {\"mesh\": 0, \"index\": 0}]}, {\"name\": \"wink\", \"presetName\": "
        "\"unknown\"}]}}";
    static const struct {
        const char *json;
        int offset;
        const char *message;
    } bad[] = {
        {"{\"blendShapeMaster\": {\"blendShapeGroups\": [{\"name\": \"x\", \"materialValues\": [{\"materialName\": "
         "\"Face\", \"propertyName\": \"_MainTex_ST\", \"targetValue\": [1, -3e38, 0, -3e38]}]}]}}",
         76,
         "_MainTex_ST's v offset, flipped (1 - offset - scale), is past a float"},
        {"{\"expressions\": {\"custom\": {\"x\": {}, \"x\": {}}}}", 38, "an expression twice"},
        {"{\"expressions\": {\"preset\": {\"aa\": {\"isBinary\": 1}}}}", 47, "\"isBinary\" must be true or false"},
        {"{\"expressions\": {\"preset\": {\"aa\": {\"overrideBlink\": \"stop\"}}}}", 52,
         "an override must be \"none\", \"block\" or \"blend\""},
        {"{\"expressions\": {\"preset\": {\"aa\": {\"morphTargetBinds\": [{\"node\": -1, \"index\": 1}]}}}}", 65,
         "\"node\" must be a whole number from 0"},
        {"{\"expressions\": [] }", 16, "expected an object"},
        {"{\"expressions\": {\"preset\": {\"aa\": {\"materialColorBinds\": [{\"material\": 0, \"type\": \"gloss\", "
         "\"targetValue\": [1, 1, 1, 1]}]}}}}", 82,
         "\"type\" must be \"color\", \"emissionColor\", \"shadeColor\", \"matcapColor\", \"rimColor\" or \"outlineColor\""},
        {"{\"expressions\": {\"preset\": {\"aa\": {\"materialColorBinds\": [{\"material\": 0, \"type\": \"color\", "
         "\"targetValue\": [1, 1, 1]}]}}}}", 106, "\"targetValue\" must be 4 finite numbers"},
        {"{\"expressions\": {\"preset\": {\"aa\": {\"textureTransformBinds\": [{\"scale\": [1, 1]}]}}}}", 61,
         "a texture transform bind without \"material\""},
    };
    static pm_expression expressions[8];
    static pm_expression_morph_bind binds[8];
    static pm_expression_material_bind material_binds[8];
    const pm_expression_storage storage = {expressions, 8, binds, 8, material_binds, 8},
                                one = {expressions, 1, binds, 8, material_binds, 8},
                                no_binds = {expressions, 8, binds, 0, material_binds, 8};
    pm_parse_error error;
    int count = -1;
    size_t i;
    CHECK_RESULT(pm_expressions_parse_json(custom_first, strlen(custom_first), &storage, &count, &error), PM_OK);
    CHECK(count == 3 && expressions[0].preset == PM_EXPRESSION_BLINK && expressions[1].preset == PM_EXPRESSION_AA &&
          expressions[2].preset == PM_EXPRESSION_CUSTOM); /* presets before customs, as three-vrm registers them */
    CHECK(expressions[2].name_length == 5 && memcmp(expressions[2].name, "smirk", 5) == 0);
    CHECK(expressions[0].is_binary == 1 && expressions[0].override_mouth == PM_EXPRESSION_OVERRIDE_BLEND &&
          expressions[0].override_blink == PM_EXPRESSION_OVERRIDE_NONE);
    CHECK(expressions[0].morph_bind_count == 1 && expressions[0].morph_binds[0].mesh == 3 &&
          expressions[0].morph_binds[0].index == 2 && expressions[0].morph_binds[0].weight == 1.0f); /* weight 1 */
    CHECK_RESULT(pm_expressions_parse_json(vrm0, strlen(vrm0), &storage, &count, &error), PM_OK);
    CHECK(count == 2 && expressions[0].preset == PM_EXPRESSION_HAPPY && expressions[0].name_length == 5 &&
          memcmp(expressions[0].name, "happy", 5) == 0 && expressions[1].preset == PM_EXPRESSION_CUSTOM &&
          expressions[1].name_length == 4 && memcmp(expressions[1].name, "wink", 4) == 0);
    CHECK(expressions[0].morph_bind_count == 2 && expressions[0].morph_binds[0].weight == (float)(0.01 * 50.0) &&
          expressions[0].morph_binds[1].weight == 1.0f); /* 0.x: weight / 100, missing 100 */
    CHECK_RESULT(pm_expressions_parse_json("{}", 2, &storage, &count, &error), PM_OK);
    CHECK(count == 0);
    { /* material binds: VRM 1.0's defaults; VRM 0.x's _MainTex_ST with v flipped, unknown properties skipped */
        static const char vrm1_materials[] =
            "{\"expressions\": {\"preset\": {\"angry\": {\"materialColorBinds\": [{\"material\": 2, \"type\": \"rimColor\", "
            "\"targetValue\": [1, 0.5, 0, 1]}], \"textureTransformBinds\": [{\"material\": 1, \"offset\": [0.5, 0]}]}}}}";
        static const char vrm0_materials[] =
            "{\"blendShapeMaster\": {\"blendShapeGroups\": [{\"name\": \"x\", \"materialValues\": [{\"materialName\": "
            "\"Face\", \"propertyName\": \"_MainTex_ST\", \"targetValue\": [0.5, 0.25, 0.5, 0.25]}, {\"materialName\": "
            "\"Face\", \"propertyName\": \"_BumpScale\", \"targetValue\": [1, 1, 1, 1]}]}]}}";
        const pm_expression_material_bind *m = material_binds;
        CHECK_RESULT(pm_expressions_parse_json(vrm1_materials, strlen(vrm1_materials), &storage, &count, &error), PM_OK);
        CHECK(count == 1 && expressions[0].material_bind_count == 2 && m[0].material == 2 &&
              m[0].property == PM_EXPRESSION_RIM_COLOR && m[0].target[1] == 0.5f && m[1].material == 1 &&
              m[1].property == PM_EXPRESSION_TEXTURE_TRANSFORM && m[1].target[0] == 1.0f && m[1].target[1] == 1.0f &&
              m[1].target[2] == 0.5f && m[1].target[3] == 0.0f);
        CHECK_RESULT(pm_expressions_parse_json(vrm0_materials, strlen(vrm0_materials), &storage, &count, &error), PM_OK);
        CHECK(count == 1 && expressions[0].material_bind_count == 1 && m[0].material == -1 &&
              m[0].material_name_length == 4 && memcmp(m[0].material_name, "Face", 4) == 0 &&
              m[0].property == PM_EXPRESSION_TEXTURE_TRANSFORM && m[0].target[0] == 0.5f && m[0].target[1] == 0.25f &&
              m[0].target[2] == 0.5f && m[0].target[3] == 0.5f); /* 1 - 0.25 - 0.25 */
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        const char *message = bad[i].message;
        const int offset = bad[i].offset;
        test_context("%s", bad[i].json);
        CHECK_RESULT(pm_expressions_parse_json(bad[i].json, strlen(bad[i].json), &storage, &count, &error), PM_ERROR_PARSE);
        CHECK((int)error.offset == offset && error.message && strcmp(error.message, message) == 0);
        if ((int)error.offset != offset || !error.message || strcmp(error.message, message) != 0)
            printf("      got byte %d: %s\n", (int)error.offset, error.message ? error.message : "(none)");
    }
    test_context("%s", "");
    CHECK_RESULT(pm_expressions_parse_json(custom_first, strlen(custom_first), &one, &count, &error), PM_ERROR_CAPACITY);
    CHECK(error.message && strcmp(error.message, "more expressions than the storage holds") == 0);
    CHECK_RESULT(pm_expressions_parse_json(custom_first, strlen(custom_first), &no_binds, &count, &error), PM_ERROR_CAPACITY);
    { /* past PM_EXPRESSION_LIMIT, whatever the storage holds: the names' check stays bounded */
        static pm_expression many[PM_EXPRESSION_LIMIT + 1];
        static char text[16 * (PM_EXPRESSION_LIMIT + 1) + 64];
        const pm_expression_storage room = {many, PM_EXPRESSION_LIMIT + 1, binds, 8, material_binds, 8};
        size_t used = (size_t)sprintf(text, "{\"expressions\": {\"custom\": {");
        for (i = 0; i <= PM_EXPRESSION_LIMIT; ++i) used += (size_t)sprintf(text + used, "%s\"e%d\": {}", i ? ", " : "", (int)i);
        used += (size_t)sprintf(text + used, "}}}");
        CHECK_RESULT(pm_expressions_parse_json(text, used, &room, &count, &error), PM_ERROR_LIMIT);
        CHECK(error.message && strcmp(error.message, "more expressions than PM_EXPRESSION_LIMIT (1024)") == 0);
        text[used - 3 - strlen(", \"e1024\": {}")] = '\0'; /* one fewer: read */
        strcat(text, "}}}");
        CHECK_RESULT(pm_expressions_parse_json(text, strlen(text), &room, &count, &error), PM_OK);
        CHECK(count == PM_EXPRESSION_LIMIT);
    }
    CHECK_RESULT(pm_expressions_parse_json(NULL, 0, &storage, &count, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_parse_json("{}", 2, NULL, &count, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_expressions_parse_json("{}", 2, &storage, NULL, &error), PM_ERROR_INVALID_ARGUMENT);
}
