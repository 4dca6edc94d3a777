/* What every module shares: result codes. */
#include "test.h"

#include <string.h>

void test_result_string(void)
{
    static const pm_result all[] = {PM_OK, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_OUT_OF_RANGE,
                                    PM_ERROR_CYCLE, PM_ERROR_MISSING_BONE, PM_ERROR_PARSE,
                                    PM_ERROR_CAPACITY, PM_ERROR_LIMIT, PM_ERROR_HIPS_HEIGHT};
    const int count = (int)(sizeof all / sizeof all[0]);
    int i, j;
    for (i = 0; i < count; ++i) {
        const char *s = pm_result_string(all[i]);
        CHECK(s != NULL && s[0] != '\0');
        for (j = 0; j < i; ++j) CHECK(strcmp(s, pm_result_string(all[j])) != 0);
    }
    CHECK(strcmp(pm_result_string((pm_result)1), "unknown result") == 0);
    CHECK(strcmp(pm_result_string((pm_result)7), "unknown result") == 0);
}
