/* libFuzzer: arbitrary skinning jobs through validate, prepare and run. The
   bytes choose counts, whether each array is there at all (every pointer
   independently NULL or not), every vertex's type byte, bone indices and
   weights (out of range, NaN, Inf, zero sums; 4 or 8 per vertex, or a
   refused count), positions, SDEF parameters,
   the morph CSR (including bad starts and indices, its masks, normal and tangent
   displacements or none), each stream's stride
   (packed, interleaved, or refused), bones as rigid
   transforms or matrices (zero and non-finite ones) and the run range. run
   is called whatever validate said: content is not its business, but
   nothing may crash or read or write out of bounds (every array is an
   exact-size heap copy, so AddressSanitizer sees one element too far). On
   jobs validate accepts, run must succeed. */
#include "../../posemath.h"
#include "fuzz_reader.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static float next_value(reader *r) /* mostly small values, the rest raw bits */
{
    return next_float(r, 200, 32.0f);
}

/* An exact-size heap array of `count` elements of `size` bytes, zeroed. */
static void *heap_array(size_t count, size_t size)
{
    void *array = malloc(count * size ? count * size : 1); /* malloc(0) may return NULL */
    if (!array) abort();
    memset(array, 0, count * size);
    return array;
}

/* An exact-size heap copy (NULL stays NULL). */
static void *heap_copy(const void *data, size_t count, size_t size)
{
    void *copy;
    if (!data) return NULL;
    copy = heap_array(count, size);
    memcpy(copy, data, count * size);
    return copy;
}

/* A stream's stride: mostly packed (0) or its element size plus 0-3
   alignment units, else one validate and run refuse (negative, below the
   element, off its alignment). */
static int next_stride(reader *r, int size, int alignment)
{
    const int b = next_byte(r);
    return b < 128 ? 0 : b < 232 ? size + alignment * (b % 4) : b < 244 ? size + 1 : b % 8 - 3;
}

/* The bytes n elements of `size` take at `stride` apart (0: packed); a
   stride run refuses gets the packed size. */
static size_t stream_bytes(size_t n, int size, int stride)
{
    return n && stride >= size ? (n - 1) * (size_t)stride + (size_t)size : n * (size_t)size;
}

/* An exact-size heap copy of n packed elements laid `stride` bytes apart,
   the gaps 0x55 (NULL stays NULL). */
static void *strided_copy(const void *packed, size_t n, int size, int stride)
{
    unsigned char *copy;
    size_t i;
    if (!packed) return NULL;
    if (stride < size) return heap_copy(packed, n, (size_t)size);
    copy = (unsigned char *)heap_array(stream_bytes(n, size, stride), 1);
    memset(copy, 0x55, stream_bytes(n, size, stride));
    for (i = 0; i < n; ++i) memcpy(copy + i * (size_t)stride, (const unsigned char *)packed + i * (size_t)size, (size_t)size);
    return copy;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum { MAX_V = 24, MAX_B = 6, MAX_M = 4, MAX_ENTRIES = 16 };
    reader r = {data, size};
    float pos[3 * MAX_V], nrm[3 * MAX_V], tan[4 * MAX_V], wgt[8 * MAX_V], sdef[9 * MAX_V], morph_weights[MAX_M];
    unsigned char types[MAX_V];
    uint16_t idx[8 * MAX_V];
    int morph_start[MAX_V + 1], i, entries, index_count, weight_count;
    unsigned present;
    unsigned char *prepared_storage;
    pm_vertex_morph morphs[MAX_ENTRIES];
    float morph_normals[3 * MAX_ENTRIES], morph_tangents[3 * MAX_ENTRIES];
    pm_rigid bones[MAX_B];
    float matrices[16 * MAX_B];
    pm_skin_job job;
    pm_result valid;
    memset(&job, 0, sizeof job);
    job.vertex_count = next_byte(&r) % (MAX_V + 1);
    job.bone_count = next_byte(&r) % (MAX_B + 1);
    job.morph_count = next_byte(&r) % (MAX_M + 1);
    {
        int rule = next_byte(&r) % 4 - 1; /* -1 and 2 are no rule: refused */
        memcpy(&job.normal_rule, &rule, sizeof rule);
    }
    {
        static const int influences[7] = {0, 4, 8, 1, 2, 3, -8}; /* the last two refused */
        static const int implied[4] = {0, 1, 1, 2}; /* 2 refused, as 1 with types or without 4 influences */
        job.influences = influences[next_byte(&r) % 7];
        job.last_weight_implied = implied[next_byte(&r) % 4];
    }
    /* indices and weights per vertex: the compact layouts' (1: no weight, 2: w0 alone, 4 with 3 weights), 8, else 4 */
    index_count = job.influences == 1 || job.influences == 2 || job.influences == 8 ? job.influences : 4;
    weight_count = index_count <= 2 || job.last_weight_implied ? index_count - 1 : index_count;
    for (i = 0; i < job.vertex_count; ++i) types[i] = (unsigned char)(next_byte(&r) % 7);
    { /* the partition of these types, when every byte is a type: a permutation and its inverse */
        static int order[MAX_V], position[MAX_V];
        int part[6], at;
        if (pm_skin_partition_by_type(job.vertex_count, types, order, position, part) == PM_OK) {
            if (part[0] != 0 || part[5] != job.vertex_count) abort();
            for (at = 0; at < job.vertex_count; ++at)
                if (order[at] < 0 || order[at] >= job.vertex_count || position[order[at]] != at ||
                    at < part[types[order[at]]] || at >= part[types[order[at]] + 1])
                    abort();
        }
    }
    for (i = 0; i < 8 * job.vertex_count; ++i) {
        idx[i] = (uint16_t)(next_byte(&r) == 255 ? 65535 : next_byte(&r) % (job.bone_count + 2));
        wgt[i] = next_value(&r);
    }
    for (i = 0; i < 4 * job.vertex_count; ++i) tan[i] = next_value(&r);
    for (i = 0; i < 3 * job.vertex_count; ++i) {
        pos[i] = next_value(&r);
        nrm[i] = next_value(&r);
    }
    for (i = 0; i < 9 * job.vertex_count; ++i) sdef[i] = next_value(&r);
    for (i = 0; i < job.bone_count; ++i) {
        int k;
        for (k = 0; k < 4; ++k) bones[i].rotation[k] = next_value(&r);
        for (k = 0; k < 3; ++k) bones[i].translation[k] = next_value(&r);
        for (k = 0; k < 16; ++k) matrices[16 * i + k] = next_value(&r);
    }
    for (i = 0; i < job.morph_count; ++i) morph_weights[i] = next_value(&r);
    /* a morph CSR: mostly well formed, sometimes not */
    entries = 0;
    morph_start[0] = 0;
    for (i = 0; i < job.vertex_count; ++i) {
        int add = next_byte(&r) % 3;
        if (entries + add > MAX_ENTRIES) add = 0;
        entries += add;
        morph_start[i + 1] = entries;
    }
    if (job.vertex_count > 0 && next_byte(&r) == 7) morph_start[next_byte(&r) % (job.vertex_count + 1)] = MAX_ENTRIES + 5;
    for (i = 0; i < entries; ++i) {
        int k;
        morphs[i].morph = next_byte(&r) % (job.morph_count + 2) - 1;
        for (k = 0; k < 3; ++k) {
            morphs[i].offset[k] = next_value(&r);
            morph_normals[3 * i + k] = next_value(&r);
            morph_tangents[3 * i + k] = next_value(&r);
        }
    }
    /* one bit per pointer: present or NULL */
    present = (unsigned)next_byte(&r) | (unsigned)next_byte(&r) << 8 | (unsigned)next_byte(&r) << 16;
    job.positions = present & 1u ? pos : NULL;
    job.normals = present & 2u ? nrm : NULL;
    job.tangents = present & 4u ? tan : NULL;
    job.types = present & 8u ? types : NULL;
    job.bone_indices = present & 16u ? idx : NULL;
    job.bone_weights = present & 32u ? wgt : NULL;
    job.sdef = present & 64u ? sdef : NULL;
    job.morph_start = present & 128u ? morph_start : NULL;
    job.morphs = present & 256u ? morphs : NULL;
    job.morph_weights = present & 512u ? morph_weights : NULL;
    job.morph_normals = present & 131072u ? morph_normals : NULL;
    job.morph_tangents = present & 262144u ? morph_tangents : NULL;
    job.bones = present & 1024u ? bones : NULL;
    job.bone_matrices = present & 2048u ? matrices : NULL;
    job.stride.positions = next_stride(&r, 12, 4);
    job.stride.normals = next_stride(&r, 12, 4);
    job.stride.tangents = next_stride(&r, 16, 4);
    job.stride.bone_indices = next_stride(&r, 2 * index_count, 2);
    job.stride.bone_weights = next_stride(&r, 4 * weight_count, 4);
    job.stride.sdef = next_stride(&r, 36, 4);
    job.stride.out_positions = next_stride(&r, 12, 4);
    job.stride.out_normals = next_stride(&r, 12, 4);
    job.stride.out_tangents = next_stride(&r, 16, 4);
    /* a corrupt CSR end past the storage is the caller's promise broken: only
       ranges inside it are fed to run */
    if (job.morph_start && morph_start[job.vertex_count] > MAX_ENTRIES) job.morph_start = NULL;
    {
        size_t n = (size_t)job.vertex_count, m = job.morph_start ? (size_t)morph_start[job.vertex_count] : 0,
               off = present & 65536u ? 4 : 0; /* prepared: exact, or 4 bytes off pm_skin_bone's 16-byte boundary */
        job.positions = (const float *)strided_copy(job.positions, n, 12, job.stride.positions);
        job.normals = (const float *)strided_copy(job.normals, n, 12, job.stride.normals);
        job.tangents = (const float *)strided_copy(job.tangents, n, 16, job.stride.tangents);
        job.types = (const unsigned char *)heap_copy(job.types, n, 1);
        job.bone_indices = (const uint16_t *)strided_copy(job.bone_indices, n, 2 * index_count, job.stride.bone_indices);
        job.bone_weights = (const float *)strided_copy(job.bone_weights, n, 4 * weight_count, job.stride.bone_weights);
        job.sdef = (const float *)strided_copy(job.sdef, n, 36, job.stride.sdef);
        job.morph_start = (const int *)heap_copy(job.morph_start, n + 1, sizeof(int));
        job.morphs = (const pm_vertex_morph *)heap_copy(job.morphs, m, sizeof(pm_vertex_morph));
        job.morph_normals = (const float *)heap_copy(job.morph_normals, 3 * m, sizeof(float));
        job.morph_tangents = (const float *)heap_copy(job.morph_tangents, 3 * m, sizeof(float));
        job.morph_weights = (const float *)heap_copy(job.morph_weights, (size_t)job.morph_count, sizeof(float));
        if (present & 524288u) { /* morph masks: pm_morph_masks' where it takes the CSR, else whatever the input says */
            uint64_t *masks = (uint64_t *)heap_array((n + PM_MORPH_MASK_VERTICES - 1) / PM_MORPH_MASK_VERTICES,
                                                     sizeof(uint64_t));
            size_t g;
            if (!job.morph_start || pm_morph_masks(job.vertex_count, job.morph_start, job.morphs, masks) != PM_OK)
                for (g = 0; g < (n + PM_MORPH_MASK_VERTICES - 1) / PM_MORPH_MASK_VERTICES; ++g)
                    masks[g] = (uint64_t)next_byte(&r) * 0x0101010101010101u;
            job.morph_masks = masks;
        }
        job.bones = (const pm_rigid *)heap_copy(job.bones, (size_t)job.bone_count, sizeof(pm_rigid));
        job.bone_matrices = (const float *)heap_copy(job.bone_matrices, 16 * (size_t)job.bone_count, sizeof(float));
        prepared_storage = present & 4096u ? (unsigned char *)heap_array((size_t)job.bone_count * sizeof(pm_skin_bone) + off, 1) : NULL;
        job.prepared = prepared_storage ? (pm_skin_bone *)(void *)(prepared_storage + off) : NULL;
        job.out_positions = present & 8192u ? (float *)heap_array(stream_bytes(n, 12, job.stride.out_positions), 1) : NULL;
        job.out_normals = present & 16384u ? (float *)heap_array(stream_bytes(n, 12, job.stride.out_normals), 1) : NULL;
        job.out_tangents = present & 32768u ? (float *)heap_array(stream_bytes(n, 16, job.stride.out_tangents), 1) : NULL;
    }
    {
        int bad_vertex = -2, report = next_byte(&r) & 1;
        valid = pm_skin_job_validate(&job, report ? &bad_vertex : NULL);
        /* the vertex at fault is a vertex of the job, or -1 when none is */
        if (report && (bad_vertex < -1 || bad_vertex >= job.vertex_count || (valid == PM_OK && bad_vertex != -1)))
            abort();
    }
    pm_skin_job_prepare(&job); /* on failure the zeroed bones stay: run must cope */
    {
        int first = next_byte(&r) % (job.vertex_count + 3) - 1, count = next_byte(&r) % (job.vertex_count + 3) - 1;
        pm_result ran = pm_skin_job_run(&job, first, count);
        if (valid == PM_OK && first >= 0 && count >= 0 && first + count <= job.vertex_count && ran != PM_OK) abort();
    }
    free((void *)job.positions);
    free((void *)job.normals);
    free((void *)job.tangents);
    free((void *)job.types);
    free((void *)job.bone_indices);
    free((void *)job.bone_weights);
    free((void *)job.sdef);
    free((void *)job.morph_start);
    free((void *)job.morphs);
    free((void *)job.morph_normals);
    free((void *)job.morph_tangents);
    free((void *)job.morph_masks);
    free((void *)job.morph_weights);
    free((void *)job.bones);
    free((void *)job.bone_matrices);
    free(prepared_storage);
    free(job.out_positions);
    free(job.out_normals);
    free(job.out_tangents);
    return 0;
}
