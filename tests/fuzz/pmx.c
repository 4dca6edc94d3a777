/* libFuzzer: any bytes through posemath_mmd.h's PMX reader, then a model
   instance made of what it read. The input is exactly `size` bytes, so
   AddressSanitizer reports any read past the end. A success must give
   indices in range (faces, bones, IK links, morph offsets) and names that
   are NUL-terminated, and streams the skinning job's validate checks
   without reading past them; a failure an error inside the file, or out
   of memory where the allocator failed (fuzz_memory.h), and nothing
   allocated left; nothing leaks. The error report's pointer is NULL for
   some inputs. */
#include "../../posemath_mmd.h"
#include "fuzz_memory.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_memory memory;
    pm_mmd_options options;
    const int counted = fuzz_memory_for(size, &memory, &options.memory);
    const pm_mmd_options *chosen = counted ? &options : NULL;
    pm_pmx_model m;
    pm_mmd_model *model = NULL;
    pm_parse_error error;
    pm_result result = pm_pmx_parse(data, size, chosen, &m, size % 5 == 4 ? NULL : &error);
    int i, k;
    if (result != PM_OK) {
        fuzz_check_failure(result, counted, &memory, size % 5 == 4 ? NULL : &error, size);
        if (m.positions || m.bones || m.morphs || m.rigid_bodies) abort();
        return 0;
    }
    for (i = 0; i < m.index_count; ++i)
        if (m.indices[i] >= (uint32_t)m.vertex_count) abort();
    for (i = 0; i < m.bone_count; ++i) {
        const pm_pmx_bone *b = &m.bones[i];
        if (b->parent < -1 || b->parent >= m.bone_count || b->grant_parent >= m.bone_count || b->ik_target >= m.bone_count)
            abort();
        if (!memchr(b->name, 0, sizeof b->name)) abort();
        if (b->link_count < 0 || b->first_link + b->link_count > m.link_count) abort();
        for (k = 0; k < b->link_count; ++k)
            if (m.links[b->first_link + k].bone < 0 || m.links[b->first_link + k].bone >= m.bone_count) abort();
    }
    for (i = 0; i < m.vertex_offset_count; ++i)
        if (m.vertex_offset_vertex[i] < 0 || m.vertex_offset_vertex[i] >= m.vertex_count) abort();
    for (i = 0; i < m.uv_offset_count; ++i)
        if (m.uv_offset_vertex[i] < 0 || m.uv_offset_vertex[i] >= m.vertex_count) abort();
    if (m.vertex_count > 0 && m.bone_count > 0) {
        pm_skin_job job;
        int bad;
        pm_pmx_skin_job(&m, &job);
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
    /* the instance: the model's own checks (skeleton, morphs, physics), the rest pose and a few updates */
    result = pm_mmd_model_create(&m, chosen, &model, NULL);
    if (result == PM_OK) {
        if (!model) abort();
        (void)pm_mmd_model_update(model, 0.5);
        (void)pm_mmd_model_seek(model, 3.0);
        pm_mmd_model_destroy(model);
    } else if (model) {
        abort();
    }
    pm_pmx_free(&m);
    return 0;
}
