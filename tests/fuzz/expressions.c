/* libFuzzer: any bytes through pm_expressions_parse_json (VRMC_vrm's
   expressions or VRM 0.x's blendShapeMaster) with storage that may be too
   small (the input's length picks its room), then, when they read, the
   expressions resolved under weights taken from the input's first bytes
   (raw float bits: NaN, Inf, huge) and their morph target weights on 4 mesh
   slots of 8 targets. The input buffer is exactly `size` bytes, so
   AddressSanitizer reports any read past the end. A failure carries a
   message and an offset inside the text; a success gives names inside the
   text, finite applied weights in [0, 1] for finite weights, and morph
   weights or a bind named out of range. */
#include "../../posemath.h"

#include <stdint.h>
#include <stdlib.h>

#include "fuzz_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { EXPRESSIONS = 24, BINDS = 48 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pm_expression expressions[EXPRESSIONS];
    static pm_expression_morph_bind binds[BINDS];
    static pm_expression_material_bind material_binds[BINDS];
    static const int morph_start[5] = {0, 8, 16, 24, 32};
    const pm_expression_storage storage = {expressions, (int)(size % (EXPRESSIONS + 1)), binds, (int)((size / 7) % (BINDS + 1)),
                                           material_binds, (int)((size / 11) % (BINDS + 1))};
    const char *text = (const char *)data;
    float weights[EXPRESSIONS], applied[EXPRESSIONS], morphs[32];
    pm_parse_error error;
    pm_result result;
    int count = -1, i, k, bad;
    result = pm_expressions_parse_json(text, size, &storage, &count, &error);
    if (result != PM_OK) {
        if ((result != PM_ERROR_PARSE && result != PM_ERROR_CAPACITY && result != PM_ERROR_LIMIT) || !error.message ||
            error.offset > size)
            abort();
        return 0;
    }
    if (count < 0 || count > storage.expression_capacity) abort();
    for (i = 0; i < count; ++i) {
        const pm_expression *e = &expressions[i];
        const int preset_name = e->preset != PM_EXPRESSION_CUSTOM && e->name == pm_expression_preset_name(e->preset);
        if (!preset_name && (e->name < text || e->name + e->name_length > text + size)) abort();
        for (k = 0; k < e->material_bind_count; ++k) /* read means finite: _MainTex_ST's flipped offset too */
            if (!all_finite(e->material_binds[k].target, 4)) abort();
        weights[i] = 0.5f;
        if ((size_t)(4 * i + 4) <= size) memcpy(&weights[i], data + 4 * i, sizeof(float));
    }
    result = pm_expressions_resolve(expressions, count, weights, applied);
    for (i = 0; i < count && result == PM_OK; ++i)
        if (!(applied[i] >= 0.0f && applied[i] <= 1.0f)) abort();
    if (result != PM_OK) return 0; /* a weight that is not finite */
    result = pm_expressions_morph_weights(expressions, count, applied, morph_start, 4, morphs, &bad);
    if (result == PM_OK) {
        if (bad != -1 || !all_finite(morphs, 32)) abort();
    } else if (bad < 0 || bad >= count) {
        abort();
    }
    return 0;
}
