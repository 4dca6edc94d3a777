/* libFuzzer: MMD physics without an engine on any description. The bytes
   give a small skeleton (parents in range, any rest positions), the body
   and joint counts (0 to 16), every field of every body and joint (indices
   in and out of range, groups, masks, shapes and modes the enums do not
   name, NaN, Inf and negative sizes and masses), which pointers are NULL,
   then a pose (NaN, Inf and zero rotations) and the engine's bodies, and
   the children placed again after the write-back. Arrays
   live in allocations of exactly their size, so AddressSanitizer reports
   any access past them. An init refused must name a body or joint in
   range, or none; the per-frame calls must never crash. */
#include "../../posemath.h"

#include <limits.h>
#include "fuzz_reader.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int next_index(reader *r, int count)
{
    const int b = next_byte(r);
    return b >= 250 ? (b == 255 ? INT_MAX : b == 254 ? INT_MIN : b - 252) : b % (count + 2) - 1; /* -1 .. count, and far off */
}

static void next_vec3(reader *r, float v[3])
{
    int k;
    for (k = 0; k < 3; ++k) v[k] = next_float(r, 200, 16.0f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const int bone_count = 1 + next_byte(&r) % 8, body_count = next_byte(&r) % 17, joint_count = next_byte(&r) % 17;
    const int nulls = next_byte(&r) < 224 ? 0 : next_byte(&r);
    pm_mmd_bone *bones = (pm_mmd_bone *)calloc((size_t)bone_count, sizeof *bones);
    int *tables = (int *)calloc((size_t)bone_count * PM_MMD_TABLE_INTS, sizeof *tables);
    pm_mmd_rigid_body *bodies = (pm_mmd_rigid_body *)calloc((size_t)(body_count ? body_count : 1), sizeof *bodies);
    pm_mmd_joint *joints = (pm_mmd_joint *)calloc((size_t)(joint_count ? joint_count : 1), sizeof *joints);
    pm_mmd_body_setup *body_setup = (pm_mmd_body_setup *)calloc((size_t)(body_count ? body_count : 1), sizeof *body_setup);
    pm_mmd_joint_setup *joint_setup = (pm_mmd_joint_setup *)calloc((size_t)(joint_count ? joint_count : 1), sizeof *joint_setup);
    pm_mmd_bone_pose *pose = (pm_mmd_bone_pose *)calloc((size_t)bone_count, sizeof *pose);
    pm_rigid *rigid = (pm_rigid *)calloc((size_t)(body_count ? body_count : 1), sizeof *rigid);
    unsigned char *moved = (unsigned char *)malloc((size_t)bone_count);
    pm_mmd_skeleton skeleton;
    pm_mmd_physics physics;
    pm_mmd_physics_report report;
    int i, k;
    for (i = 0; i < bone_count; ++i) {
        bones[i].parent = i == 0 ? -1 : next_byte(&r) % i;
        for (k = 0; k < 3; ++k) bones[i].position[k] = (float)(next_byte(&r) - 128) / 16.0f;
    }
    skeleton.bones = bones, skeleton.bone_count = bone_count, skeleton.ik_links = NULL, skeleton.ik_link_count = 0;
    skeleton.tables = tables;
    if (pm_mmd_skeleton_init(&skeleton, NULL) != PM_OK) abort(); /* parents in range, no flags */
    for (i = 0; i < body_count; ++i) {
        pm_mmd_rigid_body *b = &bodies[i];
        b->bone = next_index(&r, bone_count);
        b->group = next_byte(&r) % 20 - 2;
        b->mask = (unsigned)next_byte(&r) << (next_byte(&r) % 12);
        b->shape = (pm_mmd_shape)(next_byte(&r) % 4);
        b->mode = (pm_mmd_body_mode)(next_byte(&r) % 4);
        next_vec3(&r, b->size), next_vec3(&r, b->position), next_vec3(&r, b->rotation);
        b->mass = next_float(&r, 220, 4.0f), b->linear_damping = next_float(&r, 220, 64.0f);
        b->angular_damping = next_float(&r, 220, 64.0f), b->restitution = next_float(&r, 220, 64.0f);
        b->friction = next_float(&r, 220, 64.0f);
    }
    for (i = 0; i < joint_count; ++i) {
        pm_mmd_joint *j = &joints[i];
        j->body_a = next_index(&r, body_count), j->body_b = next_index(&r, body_count);
        next_vec3(&r, j->position), next_vec3(&r, j->rotation), next_vec3(&r, j->linear_lower);
        next_vec3(&r, j->linear_upper), next_vec3(&r, j->angular_lower), next_vec3(&r, j->angular_upper);
        next_vec3(&r, j->linear_stiffness), next_vec3(&r, j->angular_stiffness);
    }
    physics.skeleton = nulls & 1 ? NULL : &skeleton;
    physics.bodies = nulls & 2 ? NULL : bodies, physics.body_count = nulls & 64 ? -1 : body_count;
    physics.joints = nulls & 4 ? NULL : joints, physics.joint_count = nulls & 128 ? -1 : joint_count;
    physics.body_setup = nulls & 8 ? NULL : body_setup, physics.joint_setup = nulls & 16 ? NULL : joint_setup;
    if (pm_mmd_physics_init(nulls & 32 ? NULL : &physics, &report) != PM_OK) {
        if (report.body < -1 || report.body >= body_count || report.joint < -1 || report.joint >= joint_count ||
            !report.message)
            abort();
    } else {
        if (body_count > 0 && next_byte(&r) == 255) /* a body's bone changed after init, past the skeleton */
            bodies[next_byte(&r) % body_count].bone = bone_count + next_byte(&r) * 4000;
        for (i = 0; i < bone_count; ++i)
            for (k = 0; k < 4; ++k) pose[i].world_rotation[k] = next_float(&r, 250, 64.0f);
        for (i = 0; i < bone_count; ++i) next_vec3(&r, pose[i].world_position);
        (void)pm_mmd_physics_targets(&physics, pose, next_byte(&r) & 1, rigid);
        for (i = 0; i < body_count; ++i) {
            for (k = 0; k < 4; ++k) rigid[i].rotation[k] = next_float(&r, 250, 64.0f);
            next_vec3(&r, rigid[i].translation);
        }
        (void)pm_mmd_physics_write_back(&physics, rigid, pose);
        (void)pm_mmd_physics_update_children(&physics, next_byte(&r) & 1 ? NULL : moved, pose);
        (void)pm_mmd_physics_bone_flags(&physics, next_byte(&r) & 1 ? NULL : moved);
    }
    free(moved);
    free(bones), free(tables), free(bodies), free(joints), free(body_setup), free(joint_setup), free(pose), free(rigid);
    return 0;
}
