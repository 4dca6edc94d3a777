/* MMD motion: VMD key sampling. The interpolation curves against scipy's
   exact root (brentq to 1e-15) and babylon-mmd 1.3.0's BezierInterpolate
   (tests/fixtures/vmd_bezier.h), bone keys against cglm's slerp on straight
   curves, exact key and step properties, and bad input. */
#include "test.h"

#include <limits.h>
#include <string.h>

#include "fixtures/vmd_bezier.h"

/* The curve's y at x (a float, as the fixture's gradients are): exact to
   the float's rounding of y, 6e-8 for y <= 1; 2e-7 allowed. A curve with x
   and y swapped is off by 0.1. babylon-mmd's BezierInterpolate (15
   bisections from t = 1/2, stopping once |x(t) - x| < 1e-5) is not exact:
   on these 1958 cases 32 differ from the exact root's y by more than 1e-4,
   up to 0.030 (curve 0 84 0 17 at x = 0: x(t) = t^3 is flat, the bisection
   stops at t = 0.02, and the weight at a key's own frame is 0.03, not 0).
   The fixture keeps babylon-mmd's column to measure that. */
void test_mmd_bezier_exact(void)
{
    int i;
    double worst = 0.0, babylon_worst = 0.0;
    for (i = 0; i < VMD_BEZIER_CASES; ++i) {
        const struct vmd_bezier_case *bc = &vmd_bezier_cases[i];
        const float y = pm_mmd_bezier(bc->control, (float)bc->x);
        test_context("case %d: %d %d %d %d at %g", i, bc->control[0], bc->control[1], bc->control[2], bc->control[3],
                     bc->x);
        CHECK_NEAR(y, bc->exact, 2e-7);
        worst = fmax(worst, fabs((double)y - bc->exact));
        babylon_worst = fmax(babylon_worst, fabs(bc->babylon - bc->exact));
    }
    test_context("%s", "");
    CHECK(worst < 1e-7);           /* seen: 3.0e-8, half an ulp */
    CHECK(babylon_worst > 0.029);  /* the fixture's babylon-mmd column is what was measured above */
}

/* A bone track: at its keys' frames the keys themselves (translation bit for
   bit; rotation normalized); on straight curves (20 20 107 107: y = x) the
   translation mixes linearly and the rotation is cglm's glm_quat_slerp of
   the two keys (float, 1e-6); each channel follows its own curve; clamped
   ends; a cursor from anywhere gives the bisection's answer. */
static void set_key(pm_vmd_bone_key *key, uint32_t frame, float x, float y, float z, const float q[4])
{
    int c;
    memset(key, 0, sizeof *key);
    key->frame = frame;
    key->translation[0] = x;
    key->translation[1] = y;
    key->translation[2] = z;
    memcpy(key->rotation, q, 4 * sizeof(float));
    for (c = 0; c < 4; ++c) {
        key->curve[c][0] = key->curve[c][1] = 20;
        key->curve[c][2] = key->curve[c][3] = 107;
    }
}

void test_mmd_bone_keys(void)
{
    static const float q0[4] = {0, 0, 0, 1}, q1[4] = {0.2f, 0.3f, -0.1f, 0.927362f}, q2[4] = {-0.5f, 0.5f, 0.5f, 0.5f};
    pm_vmd_bone_key keys[3];
    float t[3], r[4];
    int i, c, cursor = 0, bad;
    set_key(&keys[0], 10, 0, 1, 2, q0);
    set_key(&keys[1], 30, 4, -1, 2, q1);
    set_key(&keys[2], 35, 4, 5, -3, q2);
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_OK);
    CHECK(bad == -1);
    for (i = 0; i < 3; ++i) {
        CHECK_RESULT(pm_vmd_bone_sample(keys, 3, keys[i].frame, NULL, t, r), PM_OK);
        {
        CHECK(memcmp(t, keys[i].translation, sizeof t) == 0);
        const float *k4 = keys[i].rotation; /* 4-byte aligned: no cglm SIMD here */
        const double norm = sqrt((double)k4[0] * k4[0] + (double)k4[1] * k4[1] + (double)k4[2] * k4[2] + (double)k4[3] * k4[3]);
        for (c = 0; c < 4; ++c) CHECK_NEAR(r[c], k4[c] / norm, 1.2e-7);
        }
    }
    for (i = 0; i <= 400; ++i) { /* frames 5 .. 45, straight curves */
        const double frame = 5.0 + 0.1 * i;
        const int k = frame < 30.0 ? 0 : 1;
        const double u = frame <= 10.0 ? 0.0 : frame >= 35.0 ? 1.0 : (frame - keys[k].frame) / (double)(keys[k + 1].frame - keys[k].frame);
        const int from = frame >= 35.0 ? 1 : k;
        versor a, b, expected;
        test_context("frame %g", frame);
        CHECK_RESULT(pm_vmd_bone_sample(keys, 3, frame, &cursor, t, r), PM_OK);
        for (c = 0; c < 3; ++c)
            CHECK_NEAR(t[c], keys[from].translation[c] + (keys[from + 1].translation[c] - keys[from].translation[c]) * u, 1e-6);
        memcpy(a, keys[from].rotation, sizeof a);
        memcpy(b, keys[from + 1].rotation, sizeof b);
        test_quat_normalize(a);
        test_quat_normalize(b);
        glm_quat_slerp(a, b, (float)u, expected);
        test_quat_normalize(expected);
        for (c = 0; c < 4; ++c) CHECK_NEAR(r[c], expected[c], 1e-6);
    }
    test_context("%s", "");
    /* each channel its own curve: x eases in, y is straight, the rotation holds until late */
    keys[1].curve[0][0] = 127, keys[1].curve[0][1] = 0, keys[1].curve[0][2] = 127, keys[1].curve[0][3] = 0;
    keys[1].curve[3][0] = 127, keys[1].curve[3][1] = 0, keys[1].curve[3][2] = 127, keys[1].curve[3][3] = 0;
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 20.0, NULL, t, r), PM_OK);
    CHECK_NEAR(t[0], 4.0f * pm_mmd_bezier(keys[1].curve[0], 0.5f), 1e-6);
    CHECK(t[0] < 1.0f);               /* eased: well behind the straight line's 2 */
    CHECK_NEAR(t[1], 0.0, 1e-6);      /* straight: halfway from 1 to -1 */
    CHECK(r[3] > 0.995f);             /* the rotation has barely left q0 */
    /* before the first key and after the last: clamped; one key: always it */
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, -100.0, &cursor, t, r), PM_OK);
    CHECK(memcmp(t, keys[0].translation, sizeof t) == 0);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 1e9, &cursor, t, r), PM_OK);
    CHECK(memcmp(t, keys[2].translation, sizeof t) == 0);
    CHECK_RESULT(pm_vmd_bone_sample(keys + 1, 1, 3.0, NULL, t, r), PM_OK);
    CHECK(memcmp(t, keys[1].translation, sizeof t) == 0);
    for (i = 0; i < 50; ++i) { /* any cursor, any frame: the same bits as bisection */
        const double frame = 8.0 + 0.7 * i;
        int cursors[3] = {-3, 1, 99}, j;
        float t0[3], r0[4];
        CHECK_RESULT(pm_vmd_bone_sample(keys, 3, frame, NULL, t0, r0), PM_OK);
        for (j = 0; j < 3; ++j) {
            CHECK_RESULT(pm_vmd_bone_sample(keys, 3, frame, &cursors[j], t, r), PM_OK);
            CHECK(memcmp(t, t0, sizeof t) == 0 && memcmp(r, r0, sizeof r) == 0);
        }
    }
}

/* Morph weights mix linearly (exact at keys and halfway); IK switches hold
   the key at or before the frame (the first before it). */
void test_mmd_morph_and_switch_keys(void)
{
    const pm_vmd_morph_key morphs[3] = {{0, 0.0f}, {10, 1.0f}, {40, 0.25f}};
    const pm_vmd_switch_key switches[3] = {{5, 1}, {20, 0}, {21, 7}};
    float w;
    int on, cursor = 0;
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 5.0, &cursor, &w), PM_OK);
    CHECK(w == 0.5f);
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 25.0, &cursor, &w), PM_OK);
    CHECK(w == 0.625f);
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 10.0, &cursor, &w), PM_OK);
    CHECK(w == 1.0f);
    CHECK_RESULT(pm_vmd_morph_sample(morphs, 3, 99.0, NULL, &w), PM_OK);
    CHECK(w == 0.25f);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 0.0, NULL, &on), PM_OK);
    CHECK(on == 1);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 19.99, &cursor, &on), PM_OK);
    CHECK(on == 1);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 20.0, &cursor, &on), PM_OK);
    CHECK(on == 0);
    CHECK_RESULT(pm_vmd_switch_sample(switches, 3, 30.0, &cursor, &on), PM_OK);
    CHECK(on == 1); /* any nonzero byte is on */
}

void test_mmd_keys_bad_input(void)
{
    static const float q[4] = {0, 0, 0, 1};
    pm_vmd_bone_key keys[3];
    const pm_vmd_morph_key morph = {0, 1.0f}, bad_morph = {0, NAN};
    const pm_vmd_switch_key on = {0, 1};
    float t[3] = {9, 9, 9}, r[4] = {9, 9, 9, 9}, w = 9.0f;
    int bad, enabled = 9, k;
    for (k = 0; k < 3; ++k) {
        memset(&keys[k], 0, sizeof keys[k]);
        keys[k].frame = (uint32_t)(10 * k);
        memcpy(keys[k].rotation, q, sizeof q);
    }
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_OK);
    CHECK_RESULT(pm_vmd_bone_keys_validate(NULL, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == -1);
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 0, &bad), PM_ERROR_INVALID_ARGUMENT);
    keys[2].frame = 10; /* not increasing */
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 2);
    keys[2].frame = 20;
    keys[1].curve[2][3] = 128; /* past 127 */
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 1);
    keys[1].curve[2][3] = 0;
    keys[1].translation[1] = INFINITY;
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 1);
    keys[1].translation[1] = 0.0f;
    memset(keys[2].rotation, 0, sizeof keys[2].rotation);
    CHECK_RESULT(pm_vmd_bone_keys_validate(keys, 3, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 2);
    /* sampling what validate refused: an error, outputs untouched, nothing read out of bounds */
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 25.0, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK(t[0] == 9.0f && r[0] == 9.0f);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, NAN, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, INFINITY, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(NULL, 3, 1.0, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 0, 1.0, NULL, t, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 1.0, NULL, NULL, r), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_bone_sample(keys, 3, 1.0, NULL, t, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_morph_sample(&bad_morph, 1, 0.0, NULL, &w), PM_ERROR_INVALID_ARGUMENT);
    CHECK(w == 9.0f);
    CHECK_RESULT(pm_vmd_morph_sample(&morph, 1, NAN, NULL, &w), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_morph_sample(&morph, 1, 0.0, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_morph_sample(NULL, 1, 0.0, NULL, &w), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_switch_sample(&on, 0, 0.0, NULL, &enabled), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_switch_sample(&on, 1, NAN, NULL, &enabled), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_switch_sample(&on, 1, 0.0, NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK(enabled == 9);
    CHECK(pm_mmd_bezier(NULL, 0.5f) == 0.0f && pm_mmd_bezier(keys[0].curve[0], NAN) == 0.0f &&
          pm_mmd_bezier(keys[0].curve[0], 2.0f) == 1.0f);
}

/* ---- MMD morphs --------------------------------------------------------------
   A small set where every result is exact: weights and ratios are
   multiples of 1/8, so sums and products round nowhere. babylon-mmd's own
   results on a generated model are make test's examples check
   (tests/check_mmd_morphs.awk). */

enum { MORPHS_BONES = 2, MORPHS_MATERIALS = 2 };

static const pm_mmd_morph exact_morphs[8] = {
    {PM_MMD_MORPH_VERTEX, 0, 0}, {PM_MMD_MORPH_UV, 0, 0},       /* their offsets are the host's */
    {PM_MMD_MORPH_GROUP, 0, 3},  {PM_MMD_MORPH_GROUP, 3, 1},    /* 2 lists 0, 1 and the group 3 (skipped) */
    {PM_MMD_MORPH_BONE, 0, 1},   {PM_MMD_MORPH_BONE, 1, 1},     /* both on bone 1 */
    {PM_MMD_MORPH_MATERIAL, 0, 1}, {PM_MMD_MORPH_MATERIAL, 1, 1}};
static const pm_mmd_group_element exact_groups[4] = {{0, 0.5f}, {1, -2.0f}, {3, 1.0f}, {0, 1.0f}};
static const pm_mmd_bone_element exact_bones[2] = {{1, {1.0f, 2.0f, 3.0f}, {0.0f, 0.0f, 0.6f, 0.8f}},
                                                   {1, {0.5f, 0.0f, 0.0f}, {0.6f, 0.0f, 0.0f, 0.8f}}};

static void exact_material_elements(pm_mmd_material_element elements[2])
{
    int k;
    elements[0].material = 1, elements[0].add = 0; /* multiply material 1 */
    elements[1].material = -1, elements[1].add = 1; /* add to every material */
    for (k = 0; k < PM_MMD_MATERIAL_ELEMENT_VALUES; ++k) {
        elements[0].values[k] = 0.5f + 0.25f * (float)(k % 4);
        elements[1].values[k] = 0.125f * (float)(k % 3);
    }
}

static pm_mmd_morph_set exact_set(const pm_mmd_material_element *materials)
{
    pm_mmd_morph_set set;
    set.morphs = exact_morphs, set.morph_count = 8;
    set.groups = exact_groups, set.group_count = 4;
    set.bones = exact_bones, set.bone_element_count = 2;
    set.materials = materials, set.material_element_count = 2;
    set.bone_count = MORPHS_BONES, set.material_count = MORPHS_MATERIALS;
    return set;
}

void test_mmd_morphs_exact(void)
{
    static const float diffuse[4] = {0.5f, 0.25f, 1.0f, 1.0f}, specular[3] = {0.125f, 0.25f, 0.5f};
    static const float ambient[3] = {0.25f, 0.25f, 0.25f}, edge[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    pm_mmd_material_element elements[2];
    pm_mmd_morph_set set;
    float weights[8] = {0.25f, 0.5f, 0.75f, 2.0f, 1.0f, 0.0f, 1.0f, 0.5f}, applied[8], bone_morphs[7 * MORPHS_BONES];
    float base[PM_MMD_MATERIAL_VALUES * MORPHS_MATERIALS], values[PM_MMD_MATERIAL_VALUES * MORPHS_MATERIALS];
    int k, bad = 0;
    exact_material_elements(elements);
    set = exact_set(elements);
    CHECK_RESULT(pm_mmd_morph_set_validate(&set, &bad), PM_OK);
    CHECK(bad == -1);
    /* vertex 0: its own 0.25, group 2's 0.75 x 0.5, group 3's 2 x 1 (3 inside 2 is skipped); UV 1: 0.5 + 0.75 x -2 */
    CHECK_RESULT(pm_mmd_morph_weights(&set, weights, applied), PM_OK);
    CHECK(applied[0] == 0.25f + 0.375f + 2.0f && applied[1] == 0.5f - 1.5f && applied[2] == 0.75f && applied[3] == 2.0f);
    /* bone 1: morph 4 at weight 1 (morph 5 is at 0): its translation, its rotation (a unit quaternion, whole) */
    CHECK_RESULT(pm_mmd_morph_bones(&set, weights, bone_morphs), PM_OK);
    CHECK(bone_morphs[0] == 0.0f && bone_morphs[6] == 1.0f); /* bone 0: none */
    CHECK(bone_morphs[7] == 1.0f && bone_morphs[8] == 2.0f && bone_morphs[9] == 3.0f);
    for (k = 0; k < 4; ++k) CHECK_NEAR(bone_morphs[10 + k], exact_bones[0].rotation[k], 1.2e-7);
    /* both at weight 1, chained: slerp(slerp(identity, A, 1), B, 1) = B; translations add */
    weights[5] = 1.0f;
    CHECK_RESULT(pm_mmd_morph_bones(&set, weights, bone_morphs), PM_OK);
    CHECK(bone_morphs[7] == 1.5f && bone_morphs[8] == 2.0f && bone_morphs[9] == 3.0f);
    for (k = 0; k < 4; ++k) CHECK_NEAR(bone_morphs[10 + k], exact_bones[1].rotation[k], 2.4e-7);
    /* materials: material 1 multiplied at 1 then both added to at 0.5; the colours' multiplicative and additive parts */
    pm_mmd_material_defaults(diffuse, specular, 8.0f, ambient, edge, 1.0f, base);
    pm_mmd_material_defaults(diffuse, specular, 8.0f, ambient, edge, 1.0f, base + PM_MMD_MATERIAL_VALUES);
    CHECK(base[PM_MMD_MATERIAL_SHININESS] == 8.0f && base[PM_MMD_MATERIAL_TEXTURE] == 1.0f &&
          base[PM_MMD_MATERIAL_TEXTURE + 4] == 0.0f && base[PM_MMD_MATERIAL_TOON + 7] == 0.0f);
    CHECK_RESULT(pm_mmd_morph_materials(&set, weights, base, values), PM_OK);
    for (k = 0; k < PM_MMD_MATERIAL_ELEMENT_VALUES; ++k) {
        const int at = k < 16 ? k : PM_MMD_MATERIAL_TEXTURE + 8 * ((k - 16) / 4) + (k - 16) % 4;
        const float added = 0.5f * elements[1].values[k];
        test_context("element value %d", k);
        if (k < 16) {
            CHECK(values[at] == base[at] + added); /* material 0: added only */
            CHECK(values[PM_MMD_MATERIAL_VALUES + at] == base[at] * elements[0].values[k] + added);
        } else { /* the multiplicative colour multiplied, the additive one (at + 4) added to */
            CHECK(values[at] == 1.0f && values[at + 4] == added);
            CHECK(values[PM_MMD_MATERIAL_VALUES + at] == elements[0].values[k] && values[PM_MMD_MATERIAL_VALUES + at + 4] == added);
        }
    }
    test_context("%s", "");
}

/* A bone morph moves a bone as the same turn and offset in its animation
   would (a bone without a fixed axis; float rounding apart), grants read
   the morphed source, and identity morphs change no number. */
void test_mmd_morphs_on_bones(void)
{
    static const pm_mmd_bone bones[3] = {{{0, 0, 0}, -1, 0, 0, 0, 0, {0, 0, 0}, 0, 0, 0, 0, 0},
                                         {{0, 1, 0}, 0, 0, 0, 0, 0, {0, 0, 0}, 0, 0, 0, 0, 0},
                                         {{1, 1, 0}, 0, 0, PM_MMD_BONE_GRANT_ROTATION | PM_MMD_BONE_GRANT_TRANSLATION, 1,
                                          0.5f, {0, 0, 0}, 0, 0, 0, 0, 0}};
    static const float turned[4] = {0.0f, 0.38268343f, 0.0f, 0.92387953f}; /* a quarter turn about y */
    int tables[3 * PM_MMD_TABLE_INTS], b, k;
    pm_mmd_skeleton s = {bones, 3, NULL, 0, tables};
    float translation[9] = {0}, rotation[12] = {0}, morphs[21] = {0};
    pm_mmd_bone_pose plain[3], morphed[3], animated[3];
    for (b = 0; b < 3; ++b) rotation[4 * b + 3] = morphs[7 * b + 6] = 1.0f;
    CHECK_RESULT(pm_mmd_skeleton_init(&s, NULL), PM_OK);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, plain), PM_OK);
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, morphs, NULL, PM_MMD_ALL_BONES, morphed), PM_OK);
    for (b = 0; b < 3; ++b)
        for (k = 0; k < 4; ++k) CHECK(plain[b].world_rotation[k] == morphed[b].world_rotation[k] && (k == 3 ||
                                      plain[b].world_position[k] == morphed[b].world_position[k]));
    /* bone 1 turned and moved by a morph, or by its animation: the same pose; bone 2 grants half of either */
    memcpy(morphs + 7 + 3, turned, sizeof turned);
    morphs[7] = 0.25f;
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, morphs, NULL, PM_MMD_ALL_BONES, morphed), PM_OK);
    memcpy(rotation + 4, turned, sizeof turned);
    translation[3] = 0.25f;
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, NULL, NULL, PM_MMD_ALL_BONES, animated), PM_OK);
    for (b = 0; b < 3; ++b) {
        test_context("bone %d", b);
        for (k = 0; k < 4; ++k) CHECK_NEAR(morphed[b].world_rotation[k], animated[b].world_rotation[k], 2.4e-7);
        for (k = 0; k < 3; ++k) CHECK_NEAR(morphed[b].world_position[k], animated[b].world_position[k], 4.8e-7);
    }
    test_context("%s", "");
    CHECK(morphed[2].world_position[0] == 1.125f && morphed[2].world_rotation[1] != 0.0f); /* the grant read the morph */
    /* a bone morph that is not finite, or a zero rotation: refused, the pose untouched */
    memcpy(plain, morphed, sizeof plain);
    morphs[7 + 4] = nanf("");
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, morphs, NULL, PM_MMD_ALL_BONES, morphed), PM_ERROR_INVALID_ARGUMENT);
    morphs[7 + 4] = 0.0f, morphs[7 + 6] = 0.0f, morphs[7 + 3] = 0.0f;
    CHECK_RESULT(pm_mmd_evaluate(&s, translation, rotation, morphs, NULL, PM_MMD_ALL_BONES, morphed), PM_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(plain, morphed, sizeof plain) == 0);
}

void test_mmd_morphs_bad_input(void)
{
    pm_mmd_material_element elements[2];
    pm_mmd_group_element groups[4];
    pm_mmd_bone_element bones[2];
    pm_mmd_morph morphs[8];
    pm_mmd_morph_set set, good;
    float weights[8] = {0}, applied[8], bone_morphs[7 * MORPHS_BONES], base[2 * PM_MMD_MATERIAL_VALUES] = {0};
    float values[2 * PM_MMD_MATERIAL_VALUES];
    int bad, i;
    static const struct {
        int what, at;        /* what: the field broken (below), at: which morph validate names */
        pm_result result;
    } cases[] = {
        {0, 0, PM_ERROR_INVALID_ARGUMENT}, /* a type past impulse */
        {1, 2, PM_ERROR_OUT_OF_RANGE},     /* a group's elements past the array */
        {2, 2, PM_ERROR_OUT_OF_RANGE},     /* a group naming morph 8 of 8 */
        {3, 2, PM_ERROR_INVALID_ARGUMENT}, /* a ratio that is not finite */
        {4, 4, PM_ERROR_OUT_OF_RANGE},     /* a bone morph on bone 2 of 2 */
        {5, 4, PM_ERROR_INVALID_ARGUMENT}, /* a bone morph's rotation of zero */
        {6, 6, PM_ERROR_OUT_OF_RANGE},     /* a material -2 */
        {7, 6, PM_ERROR_INVALID_ARGUMENT}, /* an operation of 2 */
        {8, 7, PM_ERROR_INVALID_ARGUMENT}, /* a material value that is infinite */
        {9, 4, PM_ERROR_OUT_OF_RANGE},     /* a negative first element */
        {10, -1, PM_ERROR_INVALID_ARGUMENT}, /* a count with a NULL array */
        {11, -1, PM_ERROR_INVALID_ARGUMENT}, /* a negative count */
        {12, -1, PM_ERROR_INVALID_ARGUMENT}, /* more materials than 40 values each can index */
    };
    exact_material_elements(elements);
    good = exact_set(elements);
    for (i = 0; i < (int)(sizeof cases / sizeof cases[0]); ++i) {
        memcpy(morphs, exact_morphs, sizeof morphs), memcpy(groups, exact_groups, sizeof groups);
        memcpy(bones, exact_bones, sizeof bones), exact_material_elements(elements);
        set = good;
        set.morphs = morphs, set.groups = groups, set.bones = bones, set.materials = elements;
        switch (cases[i].what) {
        case 0: morphs[0].type = 11; break;
        case 1: morphs[2].count = 5; break;
        case 2: groups[1].morph = 8; break;
        case 3: groups[0].ratio = INFINITY; break;
        case 4: bones[0].bone = 2; break;
        case 5: memset(bones[0].rotation, 0, sizeof bones[0].rotation); break;
        case 6: elements[0].material = -2; break;
        case 7: elements[0].add = 2; break;
        case 8: elements[1].values[27] = INFINITY; break;
        case 9: morphs[4].first = -1; break;
        case 10: set.groups = NULL; break;
        case 11: set.bone_element_count = -1; break;
        default: set.material_count = INT_MAX / 8; break;
        }
        test_context("case %d", i);
        CHECK_RESULT(pm_mmd_morph_set_validate(&set, &bad), cases[i].result);
        CHECK(bad == cases[i].at);
        /* every per-frame call checks the set it is given */
        CHECK_RESULT(pm_mmd_morph_weights(&set, weights, applied), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_mmd_morph_bones(&set, weights, bone_morphs), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_mmd_morph_materials(&set, weights, base, values), PM_ERROR_INVALID_ARGUMENT);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_mmd_morph_set_validate(NULL, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_morph_set_validate(&good, NULL), PM_OK);
    /* NULL outputs and weights, weights that are not finite, base values that are not finite */
    CHECK_RESULT(pm_mmd_morph_weights(&good, NULL, applied), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_morph_weights(&good, weights, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_morph_bones(&good, weights, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_morph_materials(&good, weights, NULL, values), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_morph_materials(&good, weights, base, NULL), PM_ERROR_INVALID_ARGUMENT);
    weights[3] = nanf("");
    CHECK_RESULT(pm_mmd_morph_weights(&good, weights, applied), PM_ERROR_INVALID_ARGUMENT);
    weights[3] = 0.0f;
    base[5] = INFINITY;
    CHECK_RESULT(pm_mmd_morph_materials(&good, weights, base, values), PM_ERROR_INVALID_ARGUMENT);
    base[5] = 0.0f;
    /* weights whose sums or products pass a float: an error, not an infinity */
    weights[0] = weights[2] = 3e38f;
    CHECK_RESULT(pm_mmd_morph_weights(&good, weights, applied), PM_ERROR_INVALID_ARGUMENT);
    weights[0] = weights[2] = 0.0f;
    weights[4] = 3e38f;
    CHECK_RESULT(pm_mmd_morph_bones(&good, weights, bone_morphs), PM_ERROR_INVALID_ARGUMENT);
    weights[4] = 0.0f;
    weights[7] = 3e38f;
    base[2] = 3e38f; /* diffuse b, added to by 0.25 x 3e38 */
    CHECK_RESULT(pm_mmd_morph_materials(&good, weights, base, values), PM_ERROR_INVALID_ARGUMENT);
}
