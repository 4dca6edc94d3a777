/* An allocator for the MMD fuzz targets: malloc, except that allocation
   number fail_at (counted from 1; 0: none) fails, so that every
   out-of-memory path of posemath_mmd.h is taken; LeakSanitizer then checks
   that such a failure frees what was made. */
#ifndef FUZZ_MMD_MEMORY_H
#define FUZZ_MMD_MEMORY_H

#include "../../posemath_mmd.h"

#include <stdlib.h>

typedef struct fuzz_memory {
    long count, fail_at;
} fuzz_memory;

static void *fuzz_alloc(void *user, size_t size)
{
    fuzz_memory *m = (fuzz_memory *)user;
    return ++m->count == m->fail_at ? NULL : malloc(size);
}

static void fuzz_free(void *user, void *p)
{
    (void)user;
    free(p);
}

/* The options for one input: default (NULL) or counted, failing at an
   allocation the input's size picks */
static const pm_mmd_options *fuzz_options(size_t size, fuzz_memory *memory, pm_mmd_options *options)
{
    if (size % 3 == 0) return NULL;
    memory->count = 0;
    memory->fail_at = size % 3 == 1 ? 0 : (long)(size / 3 % 24) + 1;
    options->memory.alloc_func = fuzz_alloc;
    options->memory.free_func = fuzz_free;
    options->memory.user_data = memory;
    return options;
}

/* What a reader's failure must be: an error inside the file, or out of
   memory where the allocator failed; the report (error: NULL where none was
   asked for) filled */
static void fuzz_check_failure(pm_result result, const pm_mmd_options *chosen, const fuzz_memory *memory,
                               const pm_parse_error *error, size_t size)
{
    if (result != PM_ERROR_PARSE && result != PM_ERROR_OUT_OF_MEMORY) abort();
    if (result == PM_ERROR_OUT_OF_MEMORY && !(chosen && memory->count >= memory->fail_at)) abort();
    if (error && (error->offset > size || !error->message)) abort();
}

#endif
