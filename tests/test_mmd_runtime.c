/* posemath_mmd.h's model instance and its memory rule: every bad argument
   an error; every allocation through the host's callbacks and freed by
   them; each allocation failing in turn an error, with nothing left
   allocated. */
#include "test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Allocation callbacks that count, and fail once where asked (test.h) */
void *counted_alloc(void *user, size_t size)
{
    counted_memory *m = (counted_memory *)user;
    if (m->allocations + 1 == m->fail_at) {
        m->fail_at = 0; /* once: what follows must cope with what failed */
        return NULL;
    }
    ++m->allocations;
    return malloc(size);
}

void counted_free(void *user, void *p)
{
    ++((counted_memory *)user)->frees;
    free(p);
}

/* The whole life of a model and a motion through the callbacks: read,
   made, played a second with physics off, freed. The first failure's
   result, or PM_OK. */
static pm_result mmd_life(const pm_mmd_options *options, const void *pmx_bytes, size_t pmx_size, const void *vmd_bytes,
                          size_t vmd_size)
{
    pm_pmx_model pmx;
    pm_vmd_motion motion;
    pm_mmd_model *model = NULL;
    pm_result result = pm_pmx_parse(pmx_bytes, pmx_size, options, &pmx, NULL);
    int k;
    if (result != PM_OK) return result;
    if ((result = pm_vmd_parse(vmd_bytes, vmd_size, options, &motion, NULL)) == PM_OK) {
        if ((result = pm_mmd_model_create(&pmx, options, &model, NULL)) == PM_OK) {
            result = pm_mmd_model_play(model, &motion);
            for (k = 0; k < 30 && result == PM_OK; ++k) result = pm_mmd_model_update(model, 1.0 / 30.0);
            pm_mmd_model_destroy(model);
        }
        pm_vmd_free(&motion);
    }
    pm_pmx_free(&pmx);
    return result;
}

#include "../examples/read_file.h"

void test_mmd_runtime_memory(void)
{
    size_t pmx_size, vmd_size;
    unsigned char *pmx = read_file("tests/fixtures/morphs.pmx", &pmx_size), *vmd = read_file("tests/fixtures/morphs.vmd", &vmd_size);
    counted_memory memory = {0, 0, 0};
    pm_mmd_options options;
    long total, k, failures = 0;
    CHECK(pmx != NULL && vmd != NULL);
    if (!pmx || !vmd) return;
    options.memory.alloc_func = counted_alloc;
    options.memory.free_func = counted_free;
    options.memory.user_data = &memory;
    CHECK_RESULT(mmd_life(&options, pmx, pmx_size, vmd, vmd_size), PM_OK);
    total = memory.allocations;
    CHECK(total > 20 && memory.frees == total); /* all through the callbacks, all freed */
    for (k = 1; k <= total; ++k) { /* each allocation failing in turn: out of memory, nothing left */
        pm_result result;
        memory.allocations = memory.frees = 0, memory.fail_at = k;
        result = mmd_life(&options, pmx, pmx_size, vmd, vmd_size);
        failures += result == PM_ERROR_OUT_OF_MEMORY;
        if (memory.frees != memory.allocations) test_fail(__FILE__, __LINE__, "allocation %ld failed: a leak", k);
    }
    CHECK(failures == total);
    printf("    %ld allocations from reading to freeing, each failing in turn: out of memory, nothing left\n", total);
    free(pmx), free(vmd);
}

/* Writes a VMD motion of `bones` keys of bone "b" and `morphs` keys of
   morph "m" (frames 0, 1, ...), then `sections` zero counts (the camera's,
   light's, self-shadow's and property keys'), zeros to `size` bytes;
   returns whether it could. */
static int write_chunk_vmd(const char *path, int bones, int morphs, int sections, size_t size)
{
    unsigned char *bytes = (unsigned char *)calloc(size, 1), *at;
    const float one = 1.0f, half = 0.5f;
    FILE *f;
    int k, written;
    if (!bytes) return 0;
    memcpy(bytes, "Vocaloid Motion Data 0002", 25);
    at = bytes + 50;
    at[0] = (unsigned char)bones, at[1] = (unsigned char)(bones >> 8); /* little-endian counts */
    at += 4;
    for (k = 0; k < bones; ++k, at += 111) { /* name, frame, position, rotation (0, 0, 0, 1), interpolation */
        at[0] = 'b';
        at[15] = (unsigned char)k, at[16] = (unsigned char)(k >> 8);
        memcpy(at + 19 + 12 + 12, &one, 4);
    }
    at[0] = (unsigned char)morphs, at[1] = (unsigned char)(morphs >> 8);
    at += 4;
    for (k = 0; k < morphs; ++k, at += 23) { /* name, frame, weight */
        at[0] = 'm';
        at[15] = (unsigned char)k, at[16] = (unsigned char)(k >> 8);
        memcpy(at + 19, &half, 4);
    }
    CHECK((size_t)(at + 4 * sections - bytes) <= size);
    written = (f = fopen(path, "wb")) != NULL && fwrite(bytes, 1, size, f) == size;
    if (f && fclose(f) != 0) written = 0;
    free(bytes);
    return written;
}

/* A file whose size is a whole number of the reader's chunks (64 KiB,
   doubling) is parsed as it comes, as a stream is: a motion that ends
   where an optional section may begin is read to the file's end; one
   whole before its end is taken with its warning. */
void test_mmd_runtime_whole_chunks(void)
{
    enum { SIZE = 131072 };
    char path[64];
    int bones, morphs = 0, sections;
    pm_vmd_motion motion;
    pm_parse_error error;
    snprintf(path, sizeof path, "/tmp/posemath-test-%lx.vmd", (unsigned long)(size_t)&bones ^ (unsigned long)time(NULL));
    while ((SIZE - 58 - 23 * morphs) % 111 != 0) ++morphs; /* 50 + 4 + 111 bones + 4 + 23 morphs = SIZE */
    bones = (SIZE - 58 - 23 * morphs) / 111;
    for (sections = 0; sections <= 4; sections += 4) {
        test_context("%d bone and %d morph keys in %d bytes, %d counts after them", bones, morphs, SIZE, sections);
        if (!write_chunk_vmd(path, sections ? bones - 1 : bones, morphs, sections, SIZE)) {
            printf("    (%s cannot be written: skipped)\n", path);
            return;
        }
        CHECK_RESULT(pm_vmd_parse_file(path, NULL, &motion, &error), PM_OK);
        CHECK(motion.bone_count == 1 && motion.bones[0].key_count == (sections ? bones - 1 : bones));
        CHECK(motion.morph_count == 1 && motion.morphs[0].key_count == morphs);
        CHECK(sections ? error.warning && strstr(error.warning, "bytes left after the IK switches") : !error.warning);
        pm_vmd_free(&motion);
    }
    remove(path);
}

void test_mmd_runtime_bad_input(void)
{
    pm_pmx_model pmx;
    pm_vmd_motion motion;
    pm_mmd_model *model = NULL;
    pm_mmd_model_report report;
    pm_parse_error error;
    static const double bad[] = {-1.0 / 60.0, HUGE_VAL, -HUGE_VAL, 1e308}; /* the last: a frame past a double */
    double nan;
    int k;
    memset(&nan, 0xFF, sizeof nan); /* a NaN's bits, whatever -ffast-math assumes */
    CHECK_RESULT(pm_pmx_parse(NULL, 10, NULL, &pmx, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pmx_parse("PMX ", 4, NULL, NULL, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_parse(NULL, 10, NULL, &motion, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_vmd_parse("Vocaloid", 8, NULL, NULL, &error), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_pmx_parse_file(NULL, NULL, &pmx, &error), PM_ERROR_FILE);
    CHECK_RESULT(pm_vmd_parse_file("tests/fixtures", NULL, &motion, &error), PM_ERROR_FILE);
    if (test_file_opens("/dev/zero")) { /* a file that never ends, read no further than its start without the signature */
        CHECK_RESULT(pm_pmx_parse_file("/dev/zero", NULL, &pmx, &error), PM_ERROR_PARSE);
        CHECK(error.offset == 0 && error.message && strstr(error.message, "not a PMX model"));
        CHECK_RESULT(pm_vmd_parse_file("/dev/zero", NULL, &motion, &error), PM_ERROR_PARSE);
        CHECK(error.offset == 0 && error.message && strstr(error.message, "not a VMD motion"));
    }
    CHECK_RESULT(pm_pmx_parse_file("tests/fixtures/morphs.pmx", NULL, &pmx, &error), PM_OK);
    CHECK_RESULT(pm_vmd_parse_file("tests/fixtures/morphs.vmd", NULL, &motion, &error), PM_OK);
    CHECK_RESULT(pm_mmd_model_create(&pmx, NULL, NULL, &report), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_model_create(NULL, NULL, &model, &report), PM_ERROR_INVALID_ARGUMENT);
    CHECK(model == NULL && report.message != NULL);
    pmx.bone_count = -pmx.bone_count;
    CHECK_RESULT(pm_mmd_model_create(&pmx, NULL, &model, &report), PM_ERROR_INVALID_ARGUMENT);
    pmx.bone_count = -pmx.bone_count;
    CHECK_RESULT(pm_mmd_model_create(&pmx, NULL, &model, &report), PM_OK);
    CHECK(report.message == NULL && report.warning == NULL);
    CHECK_RESULT(pm_mmd_model_play(NULL, &motion), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_model_seek(NULL, 0.0), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_model_update(NULL, 0.0), PM_ERROR_INVALID_ARGUMENT);
    pm_mmd_model_set_physics(NULL, NULL);
    pm_mmd_model_destroy(NULL);
    if (!model) return;
    CHECK_RESULT(pm_mmd_model_play(model, &motion), PM_OK);
    CHECK_RESULT(pm_mmd_model_seek(model, nan), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_mmd_model_update(model, nan), PM_ERROR_INVALID_ARGUMENT);
    for (k = 0; k < 4; ++k) {
        test_context("seconds %g", bad[k]);
        CHECK_RESULT(pm_mmd_model_update(model, bad[k]), PM_ERROR_INVALID_ARGUMENT);
    }
    test_context("%s", "");
    CHECK(model->frame == 0.0); /* refused updates leave the frame */
    model->substep = 0.0;
    CHECK_RESULT(pm_mmd_model_update(model, 1.0 / 60.0), PM_ERROR_INVALID_ARGUMENT);
    model->substep = 1.0 / 60.0, model->max_substeps = 0;
    CHECK_RESULT(pm_mmd_model_update(model, 1.0 / 60.0), PM_ERROR_INVALID_ARGUMENT);
    model->max_substeps = 5;
    CHECK_RESULT(pm_mmd_model_update(model, 0.5), PM_OK);
    CHECK(model->frame == 15.0);
    /* a play of no motion: every bone at rest, every morph at 0 */
    CHECK_RESULT(pm_mmd_model_play(model, NULL), PM_OK);
    for (k = 0; k < pmx.morph_count; ++k) CHECK(model->morph_weights[k] == 0.0f);
    pm_mmd_model_destroy(model);
    pm_vmd_free(&motion);
    pm_pmx_free(&pmx);
}
