/* libFuzzer: arbitrary scenes through pm_constraint_set_init and _apply.
   The bytes choose node and constraint counts, parent indices (some out of
   range or looping), constraint fields (including values outside their
   enums and ranges) and raw float bits for every transform (NaN, Inf,
   denormals, zero quaternions). Nothing may crash or read out of bounds,
   and a circular dependency's order must be a circle: each constraint
   reads what the one before it writes, the first the last's. */
#include "../../posemath.h"
#include "../constraint_reads.h"
#include "fuzz_reader.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static float next_value(reader *r) /* mostly small values, the rest raw bits */
{
    return next_float(r, 128, 64.0f);
}


static void next_transform(reader *r, pm_transform *t)
{
    int i;
    for (i = 0; i < 3; ++i) t->translation[i] = next_value(r);
    for (i = 0; i < 4; ++i) t->rotation[i] = next_value(r);
    for (i = 0; i < 3; ++i) t->scale[i] = next_value(r);
}

static void check_circle(const pm_constraint_set *set)
{
    int length = 0, k;
    while (length < set->count && set->order[length] >= 0) ++length;
    for (k = 0; k < set->count; ++k)
        if (k < length ? set->order[k] >= set->count : set->order[k] != -1) abort();
    for (k = 0; k < length; ++k)
        if (!constraint_reads(set, set->order[k], set->order[(k + length - 1) % length])) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum { MAX_NODES = 40, MAX_CONSTRAINTS = 16 };
    reader r = {data, size};
    int parent[MAX_NODES];
    pm_transform rest[MAX_NODES], pose[MAX_NODES];
    pm_constraint constraints[MAX_CONSTRAINTS];
    pm_constraint_rest rests[MAX_CONSTRAINTS];
    int order[MAX_CONSTRAINTS];
    pm_constraint_set set;
    int node_count = next_byte(&r) % (MAX_NODES + 1), count = next_byte(&r) % (MAX_CONSTRAINTS + 1), i;
    for (i = 0; i < node_count; ++i) parent[i] = next_byte(&r) % (node_count + 3) - 2;
    for (i = 0; i < node_count; ++i) {
        next_transform(&r, &rest[i]);
        next_transform(&r, &pose[i]);
    }
    for (i = 0; i < count; ++i) {
        int w = next_byte(&r);
        constraints[i].type = (pm_constraint_type)(next_byte(&r) % 5 - 1);
        constraints[i].destination = next_byte(&r) % (node_count + 2) - 1;
        constraints[i].source = next_byte(&r) % (node_count + 2) - 1;
        constraints[i].axis = (pm_axis)(next_byte(&r) % 8 - 1);
        constraints[i].weight = w < 200 ? (float)w / 199.0f : next_value(&r);
    }
    set.constraints = constraints;
    set.count = count;
    set.parent = parent;
    set.node_count = node_count;
    set.rest = rests;
    set.order = order;
    switch (pm_constraint_set_init(&set, rest)) {
    case PM_OK: pm_constraint_set_apply(&set, pose); break;
    case PM_ERROR_CYCLE:
        if (count > 0 && order[0] >= 0) check_circle(&set);
        break;
    default: break;
    }
    return 0;
}
