/* One runner for every test: `runner [substring]` runs the tests whose name
   contains the substring (all by default) and ends with "N passed, N failed".
   The exit status is non-zero when any test failed. */
#include "test.h"

#include <stdarg.h>
#include <string.h>

static struct {
    const char *name;
    void (*run)(void);
} const tests[] = {
#define PM_TEST_ENTRY(name) {#name, test_##name},
    PM_TEST_LIST(PM_TEST_ENTRY)
};

/* The runner is single-threaded; these belong to the test being run. */
static const char *current_test;
static int current_failures;
static char current_context[256];

enum { MAX_REPORTS_PER_TEST = 8 };

void test_context(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(current_context, sizeof current_context, format, args);
    va_end(args);
}

void test_fail(const char *file, int line, const char *format, ...)
{
    va_list args;
    if (++current_failures > MAX_REPORTS_PER_TEST) return;
    printf("FAIL %s  %s:%d%s%s\n    ", current_test, file, line, current_context[0] ? "  " : "",
           current_context);
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    printf("\n");
}

double test_quat_diff(const float a[4], const double b[4])
{
    double plus = 0.0, minus = 0.0;
    int i;
    for (i = 0; i < 4; ++i) { /* not fmax: Debian's aarch64 gcc 12 stops on its vectorized reduction here */
        const double p = fabs((double)a[i] - b[i]), m = fabs((double)a[i] + b[i]);
        if (p > plus) plus = p;
        if (m > minus) minus = m;
    }
    return fmin(plus, minus);
}

void keep_worst(double *worst, double value)
{
    if (value > *worst) *worst = value;
}

int test_file_opens(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

void test_mmd_bone(pm_mmd_bone *bone, int parent, float x, float y, float z)
{
    memset(bone, 0, sizeof *bone);
    bone->parent = parent;
    bone->position[0] = x;
    bone->position[1] = y;
    bone->position[2] = z;
}

int test_glb_extension(const unsigned char *glb, size_t size, const char *key, const char **begin, const char **end)
{
    const char *json = (const char *)glb + 20, *p;
    const size_t key_length = strlen(key);
    size_t length;
    int depth = 0, in_string = 0;
    if (size < 20) return 0;
    length = (size_t)glb[12] | (size_t)glb[13] << 8 | (size_t)glb[14] << 16 | (size_t)glb[15] << 24;
    if (length > size - 20) return 0;
    for (p = json; p + key_length < json + length; ++p) {
        const char *q = p + key_length;
        if (memcmp(p, key, key_length) != 0) continue;
        while (q < json + length && (*q == ' ' || *q == '\n' || *q == '\r' || *q == '\t')) ++q;
        if (q >= json + length || *q != ':') continue;
        for (++q; q < json + length && *q != '{'; ++q) continue;
        *begin = q;
        for (; q < json + length; ++q) {
            if (in_string) {
                if (*q == '\\') ++q;
                else if (*q == '"') in_string = 0;
            } else if (*q == '"') {
                in_string = 1;
            } else if (*q == '{') {
                ++depth;
            } else if (*q == '}' && --depth == 0) {
                *end = q + 1;
                return 1;
            }
        }
        return 0;
    }
    return 0;
}

void test_quat_normalize(float q[4])
{
    const double length = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
    int i;
    for (i = 0; i < 4; ++i) q[i] = (float)(q[i] / length);
}

void test_set_transform(pm_transform *t, const float trs[10])
{
    memcpy(t->translation, trs, 3 * sizeof(float));
    memcpy(t->rotation, trs + 3, 4 * sizeof(float));
    memcpy(t->scale, trs + 7, 3 * sizeof(float));
}

void test_load_nodes(const fixture_node *nodes, int count, int *parent, pm_transform *rest)
{
    int i;
    for (i = 0; i < count; ++i) {
        parent[i] = nodes[i].parent;
        test_set_transform(&rest[i], nodes[i].rest);
    }
}

void test_world_deltas(const pm_humanoid *h, const pm_normalized_pose *normalized, versor delta[PM_BONE_COUNT])
{
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        versor n;
        const int up = h->parent_bone[b];
        if (h->bone_node[b] < 0) continue;
        memcpy(n, normalized->rotation[b], sizeof n);
        if (up < 0) glm_quat_copy(n, delta[b]);
        else glm_quat_mul(delta[up], n, delta[b]);
    }
}

int test_check_retarget(const pm_humanoid *a, const pm_humanoid *b, const pm_raw_pose *raw_a)
{
    pm_raw_pose raw_b;
    pm_normalized_pose norm_a, norm_b;
    versor da[PM_BONE_COUNT], db[PM_BONE_COUNT];
    float scale;
    int bone, c, inherited = 0;
    CHECK_RESULT(pm_retarget_once(a, raw_a, b, &raw_b), PM_OK);
    CHECK_RESULT(pm_pose_normalize(a, raw_a, &norm_a), PM_OK);
    CHECK_RESULT(pm_pose_normalize(b, &raw_b, &norm_b), PM_OK);
    test_world_deltas(a, &norm_a, da);
    test_world_deltas(b, &norm_b, db);
    for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
        double expected[4];
        int source = bone;
        if (b->bone_node[bone] < 0) continue;
        while (a->bone_node[source] < 0) source = pm_bone_parent((pm_bone)source);
        inherited += source != bone;
        for (c = 0; c < 4; ++c) expected[c] = da[source][c];
        CHECK_NEAR(test_quat_diff(db[bone], expected), 0.0, 1e-5);
    }
    scale = b->rest_hips[1] / a->rest_hips[1];
    for (c = 0; c < 3; ++c)
        CHECK_NEAR(norm_b.hips_position[c], b->rest_hips[c] + (norm_a.hips_position[c] - a->rest_hips[c]) * scale, 1e-5);
    return inherited;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    size_t i;
    for (i = 0; i < sizeof tests / sizeof tests[0]; ++i) {
        if (argc > 1 && !strstr(tests[i].name, argv[1])) continue;
        current_test = tests[i].name;
        current_failures = 0;
        current_context[0] = '\0';
        tests[i].run();
        if (current_failures > MAX_REPORTS_PER_TEST)
            printf("FAIL %s  (%d more failures not shown)\n", current_test,
                   current_failures - MAX_REPORTS_PER_TEST);
        if (current_failures)
            ++failed;
        else
            ++passed;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
