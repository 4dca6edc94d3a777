/* libFuzzer: any bytes through the library's two JSON readers,
   pm_constraint_parse_json and pm_humanoid_map_parse_json. The input buffer
   is exactly `size` bytes (libFuzzer allocates it so), so AddressSanitizer
   reports any read past the end. A success must give a valid constraint or
   a map of nodes in range (a node may carry two bones: that is
   pm_humanoid_init's to refuse), a failure a message and an
   offset inside the text and the map untouched. */
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
            c.source < 0 || c.source == 7 || c.destination != 7 || !(c.weight >= 0.0f && c.weight <= 1.0f) || error.message)
            abort();
    } else if (r != PM_ERROR_PARSE || !error.message || error.offset > size) {
        abort();
    }
    /* without the report, the same verdict */
    if (pm_constraint_parse_json((const char *)data, size, 7, &c, NULL) != r) abort();
    {
        int bone_node[PM_BONE_COUNT], b;
        const int node_count = size ? data[0] % 64 : 0; /* the count varies with the input too */
        for (b = 0; b < PM_BONE_COUNT; ++b) bone_node[b] = -7;
        r = pm_humanoid_map_parse_json((const char *)data, size, node_count, bone_node, &error);
        if (r == PM_OK) {
            for (b = 0; b < PM_BONE_COUNT; ++b)
                if (bone_node[b] < -1 || bone_node[b] >= node_count) abort();
            if (error.message) abort();
        } else {
            if (r != PM_ERROR_PARSE || !error.message || error.offset > size) abort();
            for (b = 0; b < PM_BONE_COUNT; ++b)
                if (bone_node[b] != -7) abort();
        }
    }
    return 0;
}
