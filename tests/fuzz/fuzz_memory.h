/* An allocator for the runtime headers' fuzz targets (posemath_mmd.h,
   posemath_vrm.h): malloc, except that allocation number fail_at (counted
   from 1; 0: none) fails, so that every out-of-memory path is taken;
   LeakSanitizer then checks that such a failure frees what was made. */
#ifndef FUZZ_MEMORY_H
#define FUZZ_MEMORY_H

#include "../../posemath.h"

#include <stdlib.h>
#include <string.h>

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

/* The allocator for one input: the default (0 returned, callbacks zeroed)
   or counted (1), failing at an allocation the input's size picks */
static int fuzz_memory_for(size_t size, fuzz_memory *memory, pm_memory *callbacks)
{
    memset(callbacks, 0, sizeof *callbacks);
    if (size % 3 == 0) return 0;
    memory->count = 0;
    memory->fail_at = size % 3 == 1 ? 0 : (long)(size / 3 % 24) + 1;
    callbacks->alloc_func = fuzz_alloc;
    callbacks->free_func = fuzz_free;
    callbacks->user_data = memory;
    return 1;
}

/* What a reader's failure must be: an error inside the file, or out of
   memory where the allocator failed; the report (error: NULL where none was
   asked for) filled */
static void fuzz_check_failure(pm_result result, int counted, const fuzz_memory *memory, const pm_parse_error *error,
                               size_t size)
{
    /* a file's fault: malformed, or what posemath's checks refuse in it (a loop of nodes, a missing bone); never
       storage too small (the readers size it) nor a file that cannot be read */
    if (result == PM_OK || result == PM_ERROR_CAPACITY || result == PM_ERROR_FILE) abort();
    if (result == PM_ERROR_OUT_OF_MEMORY && !(counted && memory->count >= memory->fail_at)) abort();
    if (error && (error->offset > size || !error->message)) abort();
}

#endif
