/* libFuzzer: any bytes through the examples' PMX reader (examples/pmx.h).
   The input is exactly `size` bytes, so AddressSanitizer reports any read
   past the end. A success must give indices in range (faces, bones, IK
   links, morph offsets) and names that are NUL-terminated, and streams the
   skinning job's validate checks without reading past them; a failure a
   message "byte N: ..." with N inside the file; nothing leaks. */
#include "../../examples/pmx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pmx m;
    char error[128];
    int i, k;
    if (pmx_parse(data, size, &m, error, sizeof error) != 0) {
        unsigned long at;
        if (sscanf(error, "byte %lu:", &at) != 1 || at > size) abort();
        if (m.positions || m.bones) abort();
        return 0;
    }
    for (i = 0; i < m.index_count; ++i)
        if (m.indices[i] >= (uint32_t)m.vertex_count) abort();
    for (i = 0; i < m.bone_count; ++i) {
        const pmx_bone *b = &m.bones[i];
        if (b->parent < -1 || b->parent >= m.bone_count || b->grant_parent >= m.bone_count || b->ik_target >= m.bone_count)
            abort();
        if (!memchr(b->name, 0, sizeof b->name)) abort();
        if (b->link_count < 0 || b->first_link + b->link_count > m.link_count) abort();
        for (k = 0; k < b->link_count; ++k)
            if (m.links[b->first_link + k].bone < 0 || m.links[b->first_link + k].bone >= m.bone_count) abort();
    }
    for (i = 0; i < m.vertex_offset_count; ++i)
        if (m.vertex_offset_vertex[i] < 0 || m.vertex_offset_vertex[i] >= m.vertex_count) abort();
    if (m.vertex_count > 0 && m.bone_count > 0) {
        pm_skin_job job;
        int bad;
        pmx_skin_job(&m, &job);
        job.normals = NULL; /* no normal outputs below */
        job.bone_matrices = m.positions;
        job.bone_count = m.bone_count < m.vertex_count ? m.bone_count : m.vertex_count; /* 16 floats each */
        job.bone_count = job.bone_count * 16 <= 3 * m.vertex_count ? job.bone_count : 3 * m.vertex_count / 16;
        job.prepared = (pm_skin_bone *)malloc(sizeof(pm_skin_bone) * (size_t)(job.bone_count ? job.bone_count : 1));
        job.out_positions = (float *)malloc(3 * sizeof(float) * (size_t)m.vertex_count);
        if (job.bone_count > 0) pm_skin_job_validate(&job, &bad);
        free(job.prepared);
        free(job.out_positions);
    }
    pmx_free(&m);
    return 0;
}
