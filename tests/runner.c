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
    for (i = 0; i < 4; ++i) {
        plus = fmax(plus, fabs((double)a[i] - b[i]));
        minus = fmax(minus, fabs((double)a[i] + b[i]));
    }
    return fmin(plus, minus);
}

void test_set_transform(pm_transform *t, const float trs[10])
{
    memcpy(t->translation, trs, 3 * sizeof(float));
    memcpy(t->rotation, trs + 3, 4 * sizeof(float));
    memcpy(t->scale, trs + 7, 3 * sizeof(float));
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
