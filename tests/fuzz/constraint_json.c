/* libFuzzer: any bytes through pm_constraint_parse_json. The input buffer
   is exactly `size` bytes (libFuzzer allocates it so), so AddressSanitizer
   reports any read past the end. A success must give a valid constraint,
   a failure a message and an offset inside the text. */
#define POSEMATH_IMPLEMENTATION
#include "../../posemath.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pm_constraint c;
    pm_parse_error error;
    pm_result r = pm_constraint_parse_json((const char *)data, size, 7, &c, &error);
    if (r == PM_OK) {
        if ((unsigned)c.type > PM_CONSTRAINT_ROTATION || (unsigned)c.axis > PM_AXIS_NEGATIVE_Z ||
            c.source < 0 || c.destination != 7 || !(c.weight >= 0.0f && c.weight <= 1.0f) || error.message)
            abort();
    } else if (r != PM_ERROR_PARSE || !error.message || error.offset > size) {
        abort();
    }
    /* without the report, the same verdict */
    if (pm_constraint_parse_json((const char *)data, size, 7, &c, NULL) != r) abort();
    return 0;
}
