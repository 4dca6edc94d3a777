/* libFuzzer: any bytes through posemath_vrm.h's readers, as an avatar when
   the first byte is even and as an animation when it is odd (the rest of
   the input is exactly the file, so AddressSanitizer reports any read past
   its end). An avatar read plays without an animation, its eyes on a
   target and its expressions weighted; an animation read plays on the
   tests' small avatar (tests/vrm_rig.h). A success must give indices in range (parents, meshes,
   skins, joints, binds, first-person triangles) and an instance that updates or fails cleanly; a
   failure an error inside the file, or out of memory where the allocator
   failed (fuzz_memory.h), and nothing allocated left. The error report's
   pointer is NULL for some inputs. */
#include "../../posemath_vrm.h"
#include "fuzz_memory.h"
#include "../vrm_rig.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void play(pm_vrm_model *model, int frames)
{
    const float target[3] = {0.3f, 1.4f, 2.0f};
    int k;
    for (k = 0; k < frames; ++k) {
        if (pm_vrm_model_seek(model, 0.37 * k) != PM_OK || pm_vrm_model_update(model, 1.0 / 30.0) != PM_OK) return;
        if (k == 1 && pm_vrm_model_look_at(model, target) != PM_OK) abort();
    }
}

static void check_avatar(const pm_vrm_file *f)
{
    int i, j;
    for (i = 0; i < f->node_count; ++i)
        if (f->parent[i] < -1 || f->parent[i] >= f->node_count || f->node_mesh[i] < -1 || f->node_mesh[i] >= f->mesh_count ||
            f->node_skin[i] < -1 || f->node_skin[i] >= f->skin_count)
            abort();
    for (i = 0; i < f->skin_count; ++i)
        for (j = 0; j < f->skins[i].joint_count; ++j)
            if (f->skins[i].joints[j] < 0 || f->skins[i].joints[j] >= f->node_count) abort();
    for (i = 0; i < f->expression_count; ++i)
        for (j = 0; j < f->expressions[i].morph_bind_count; ++j) {
            const pm_expression_morph_bind *b = &f->expressions[i].morph_binds[j];
            const int mesh = f->version == 1 ? f->node_mesh[b->mesh] : b->mesh;
            if (mesh < 0 || mesh >= f->mesh_count || b->index < 0 || b->index >= f->meshes[mesh].target_count) abort();
        }
    /* both views of every primitive: triangles of its own indices, at most all of them */
    for (i = 0; i < f->node_count; ++i)
        for (j = 0; f->node_mesh[i] >= 0 && j < f->meshes[f->node_mesh[i]].primitive_count; ++j) {
            const pm_vrm_primitive *p = &f->meshes[f->node_mesh[i]].primitives[j];
            const int room = p->indices ? p->index_count : p->vertex_count;
            uint32_t *indices = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)room + 1);
            int view, count = -1, k;
            for (view = PM_VRM_VIEW_FIRST_PERSON; view <= PM_VRM_VIEW_THIRD_PERSON; ++view) {
                const pm_result result = pm_vrm_view_indices(f, (pm_vrm_view)view, i, j, indices, &count);
                if (result != (p->mode == 4 ? PM_OK : PM_ERROR_INVALID_ARGUMENT) || count < 0 || count > room) abort();
                for (k = 0; k < count; ++k)
                    if (indices[k] >= (uint32_t)(p->indices ? p->vertex_count : room)) abort();
            }
            free(indices);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_memory memory;
    pm_vrm_options options;
    int counted;
    const pm_vrm_options *chosen;
    pm_parse_error error, *report;
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_vrm_model *model = NULL;
    unsigned char *file;
    pm_result result;
    int animation;
    if (size < 1) return 0;
    animation = data[0] & 1;
    ++data, --size;
    counted = fuzz_memory_for(size, &memory, &options.memory);
    chosen = counted ? &options : NULL;
    report = size % 5 == 4 ? NULL : &error;
    file = (unsigned char *)malloc(size ? size : 1); /* exactly the file's bytes */
    memcpy(file, data, size);
    if (!animation) {
        result = pm_vrm_parse(file, size, chosen, &avatar, report);
        if (result != PM_OK) {
            fuzz_check_failure(result, counted, &memory, report, size);
            if (avatar.parent || avatar.json) abort();
        } else {
            check_avatar(&avatar);
            if (pm_vrm_model_create(&avatar, chosen, &model, NULL) == PM_OK) {
                int e;
                for (e = 0; e < avatar.expression_count; ++e) model->expression_weights[e] = 0.25f * (float)(e % 5);
                play(model, 4);
                pm_vrm_model_destroy(model);
            }
            pm_vrm_free(&avatar);
        }
    } else {
        result = pm_vrma_parse(file, size, chosen, &motion, report);
        if (result != PM_OK) {
            fuzz_check_failure(result, counted, &memory, report, size);
            if (motion.expressions || motion.blocks_) abort();
        } else {
            size_t rig_size;
            unsigned char *rig = glb_of(rig_json, NULL, 0, &rig_size); /* the avatar the animation plays on */
            if (pm_vrm_parse(rig, rig_size, NULL, &avatar, NULL) != PM_OK) abort();
            if (pm_vrm_model_create(&avatar, NULL, &model, NULL) != PM_OK) abort();
            if (pm_vrm_model_play(model, &motion) == PM_OK) play(model, 6);
            pm_vrm_model_destroy(model);
            pm_vrm_free(&avatar);
            pm_vrma_free(&motion);
            free(rig);
        }
    }
    free(file);
    return 0;
}
