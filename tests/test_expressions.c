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

#include "fixtures/expressions_threevrm.h"

enum { EXPRESSION_CASES = sizeof expression_cases / sizeof expression_cases[0] };

static void load_expressions(pm_expression expressions[EXPRESSION_COUNT])
{
    int i;
    for (i = 0; i < EXPRESSION_COUNT; ++i) {
        const int *s = expression_settings[i];
        expressions[i].preset = (pm_expression_preset)s[0];
        expressions[i].is_binary = s[1];
        expressions[i].override_blink = (pm_expression_override)s[2];
        expressions[i].override_look_at = (pm_expression_override)s[3];
        expressions[i].override_mouth = (pm_expression_override)s[4];
        expressions[i].morph_binds = expression_binds + s[5];
        expressions[i].morph_bind_count = s[6];
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
        for (i = 0; i < EXPRESSION_COUNT; ++i) worst_applied = fmax(worst_applied, fabs((double)applied[i] - k->applied[i]));
        CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, expression_morph_start,
                                                  EXPRESSION_MESHES, morphs, &bad),
                     PM_OK);
        for (i = 0; i < 13; ++i) worst_morph = fmax(worst_morph, fabs((double)morphs[i] - k->morphs[i]));
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
    applied[2] = INFINITY;
    CHECK_RESULT(pm_expressions_morph_weights(expressions, EXPRESSION_COUNT, applied, start, 3, morphs, &bad),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 2);
    CHECK_RESULT(pm_expressions_morph_weights(NULL, 0, NULL, start, 0, NULL, NULL), PM_OK);
}
