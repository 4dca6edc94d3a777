/* libFuzzer: arbitrary spring bone descriptions and scenes through
   pm_spring_set_init, _reset, _step, _step_fixed and _teleport. The bytes choose node,
   joint, collider, group and spring counts (some past the storage given),
   NULL arrays, parents (some out of range or looping), joints (nodes and
   children mostly valid, some not, zero-length bones), collider fields
   (shapes outside the enum, colliders at a joint's head), raw float bits
   for every number (NaN, Inf, denormals, zero quaternions), the steps'
   dt, and tails overwritten and jumps between steps. Nothing may crash,
   hang or read out of bounds. */
#include "../../posemath.h"
#include "fuzz_reader.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_NODES = 24, MAX_JOINTS = 16, MAX_COLLIDERS = 6, MAX_GROUPS = 4, MAX_SPRINGS = 4, MAX_STEPS = 6 };

static float next_value(reader *r) /* mostly small values, the rest raw bits */
{
    return next_float(r, 160, 64.0f);
}

static void next_vec3(reader *r, float v[3])
{
    int i;
    for (i = 0; i < 3; ++i) v[i] = next_value(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    int parent[MAX_NODES], group_colliders[MAX_GROUPS][MAX_COLLIDERS], spring_groups[MAX_SPRINGS][MAX_GROUPS];
    int work[PM_SPRING_WORK_INTS(MAX_NODES, MAX_JOINTS)];
    float lanes[PM_SPRING_LANE_FLOATS(MAX_JOINTS, MAX_COLLIDERS)];
    pm_transform rest[MAX_NODES], pose[MAX_NODES];
    float world[16 * MAX_NODES];
    pm_spring_joint joints[MAX_SPRINGS][MAX_JOINTS];
    pm_spring springs[MAX_SPRINGS];
    pm_spring_collider colliders[MAX_COLLIDERS];
    pm_spring_collider_group groups[MAX_GROUPS];
    pm_spring_joint_state state[MAX_JOINTS];
    pm_spring_report report;
    pm_spring_set set;
    pm_spring_clock clock;
    float previous_world[16 * MAX_NODES], substep_world[16 * MAX_NODES];
    const int node_count = next_byte(&r) % (MAX_NODES + 1);
    const int nulls = next_byte(&r) < 224 ? 0 : next_byte(&r) | next_byte(&r) << 8; /* mostly none: the step is the part to reach */
    int i, k, s, steps, finite_before;
    pm_result result;
    memset(&set, 0, sizeof set);
    for (i = 0; i < node_count; ++i) {
        parent[i] = next_byte(&r) % 8 == 0 ? next_byte(&r) % (node_count + 3) - 2 : i - 1 - next_byte(&r) % 3;
        if (parent[i] < -1) parent[i] = -1;
        next_vec3(&r, rest[i].translation);
        for (k = 0; k < 4; ++k) rest[i].rotation[k] = next_value(&r);
        next_vec3(&r, rest[i].scale);
    }
    set.collider_count = next_byte(&r) % (MAX_COLLIDERS + 1);
    for (i = 0; i < set.collider_count; ++i) {
        colliders[i].node = next_byte(&r) % (node_count + 2) - 1;
        colliders[i].shape = (pm_collider_shape)(next_byte(&r) % 7);
        next_vec3(&r, colliders[i].offset);
        colliders[i].radius = next_value(&r);
        next_vec3(&r, colliders[i].tail);
        next_vec3(&r, colliders[i].normal);
        if (next_byte(&r) % 2) { /* a unit normal, as most files have */
            colliders[i].normal[0] = colliders[i].normal[1] = 0.0f;
            colliders[i].normal[2] = 1.0f;
        }
    }
    set.group_count = next_byte(&r) % (MAX_GROUPS + 1);
    for (i = 0; i < set.group_count; ++i) {
        groups[i].colliders = group_colliders[i];
        groups[i].collider_count = next_byte(&r) % (MAX_COLLIDERS + 1);
        for (k = 0; k < groups[i].collider_count; ++k) group_colliders[i][k] = next_byte(&r) % (set.collider_count + 2) - 1;
    }
    set.spring_count = next_byte(&r) % (MAX_SPRINGS + 1);
    for (s = 0; s < set.spring_count; ++s) {
        springs[s].joints = joints[s];
        springs[s].joint_count = next_byte(&r) % (MAX_JOINTS / 2 + 1);
        springs[s].collider_groups = spring_groups[s];
        springs[s].collider_group_count = next_byte(&r) % (MAX_GROUPS + 1);
        springs[s].center = next_byte(&r) % (node_count + 2) - 1;
        for (k = 0; k < springs[s].collider_group_count; ++k) spring_groups[s][k] = next_byte(&r) % (set.group_count + 2) - 1;
        for (k = 0; k < springs[s].joint_count; ++k) {
            pm_spring_joint *j = &joints[s][k];
            int child;
            j->node = next_byte(&r) % (node_count + 2) - 1;
            for (child = 0; child < node_count && parent[child] != j->node; ++child) {} /* a child of node, if any */
            j->child = next_byte(&r) % 4 == 0 || child == node_count ? next_byte(&r) % (node_count + 2) - 2 : child;
            j->hit_radius = next_value(&r);
            j->stiffness = next_value(&r);
            j->gravity_power = next_value(&r);
            next_vec3(&r, j->gravity_dir);
            j->drag_force = (float)next_byte(&r) / 200.0f;
        }
    }
    set.springs = nulls & 1 ? NULL : springs;
    set.colliders = nulls & 2 ? NULL : colliders;
    set.groups = nulls & 4 ? NULL : groups;
    set.parent = nulls & 8 ? NULL : parent;
    set.node_count = nulls & 512 ? -1 - next_byte(&r) : node_count; /* a negative count: init refuses it */
    set.joints = nulls & 16 ? NULL : state;
    set.joint_capacity = next_byte(&r) % (MAX_JOINTS + 1);
    set.work = nulls & 32 ? NULL : work;
    set.lanes = nulls & 256 ? NULL : lanes;
    if (pm_spring_set_init(&set, nulls & 64 ? NULL : rest, &report) != PM_OK) {
        /* the set as a failed init leaves it: every per-frame entry point refuses it or does nothing */
        static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        memset(&clock, 0, sizeof clock);
        clock.substep = 1.0f / 120.0f, clock.max_substeps = 4;
        clock.previous_world = previous_world, clock.substep_world = substep_world;
        memcpy(pose, rest, sizeof(pm_transform) * (size_t)node_count);
        memset(world, 0, sizeof(float) * 16 * (size_t)node_count);
        pm_spring_set_reset(&set, pose, world);
        pm_spring_set_step(&set, pose, world, 1.0f / 60.0f);
        pm_spring_set_step_fixed(&set, &clock, pose, world, 1.0f / 60.0f);
        pm_spring_set_teleport(&set, identity, 1);
        return 0;
    }
    memcpy(pose, rest, sizeof(pm_transform) * (size_t)node_count);
    if (pm_scene_world_matrices(parent, node_count, pose, world) != PM_OK)
        for (i = 0; i < 16 * node_count; ++i) world[i] = next_value(&r);
    pm_spring_set_reset(&set, pose, world);
    /* the options beyond three-vrm: wind, UniVRM's scale rule, and a fixed-substep clock, NULLs included */
    if (next_byte(&r) % 2) next_vec3(&r, set.external_force);
    set.scale_with_world = next_byte(&r) % 2;
    memset(&clock, 0, sizeof clock);
    clock.substep = next_byte(&r) < 200 ? (float)(1 + next_byte(&r)) / 4000.0f : next_value(&r);
    clock.max_substeps = next_byte(&r) % 6 - 1;
    clock.previous_world = nulls & 128 ? NULL : previous_world;
    clock.substep_world = nulls & 128 && next_byte(&r) % 2 ? NULL : substep_world;
    if (next_byte(&r) % 4 == 0) clock.leftover = (double)next_value(&r);
    steps = next_byte(&r) % (MAX_STEPS + 1);
    for (i = 0; i < steps; ++i) {
        const int poke = next_byte(&r);
        if (poke % 5 == 0 && node_count > 0) /* a node moves */
            next_vec3(&r, pose[next_byte(&r) % node_count].translation);
        if (poke % 7 == 0 && set.joint_count > 0) /* a tail anywhere, NaN included */
            for (k = 0; k < 3; ++k) state[next_byte(&r) % set.joint_count].tail[k] = (double)next_value(&r);
        if (poke % 11 == 0) { /* a jump: any 16 floats */
            float jump[16];
            for (k = 0; k < 16; ++k) jump[k] = next_value(&r);
            pm_spring_set_teleport(&set, jump, poke % 2);
        }
        if (poke % 13 == 0 && node_count > 0) { /* a node hidden (scaled to 0) or shrunk to a denormal */
            pm_transform *hidden = &pose[next_byte(&r) % node_count];
            hidden->scale[0] = hidden->scale[1] = hidden->scale[2] = next_byte(&r) % 2 ? 0.0f : 2e-39f;
        }
        if (pm_scene_world_matrices(parent, node_count, pose, world) != PM_OK) continue;
        for (finite_before = 1, k = 0; k < set.joint_count; ++k)
            finite_before &= all_finite_d(state[k].tail, 3) && all_finite_d(state[k].previous_tail, 3) &&
                             all_finite(state[k].rotation, 4);
        if (poke % 3 == 0)
            result = pm_spring_set_step_fixed(&set, next_byte(&r) == 255 ? NULL : &clock, pose, world,
                                              next_byte(&r) < 200 ? (float)next_byte(&r) / 1000.0f : next_value(&r));
        else
            result = pm_spring_set_step(&set, pose, world,
                                        next_byte(&r) < 200 ? (float)next_byte(&r) / 1000.0f : next_value(&r));
        if (result == PM_OK && finite_before) /* an ok step leaves finite joints finite */
            for (k = 0; k < set.joint_count; ++k) {
                const pm_spring_joint_state *st = &state[k];
                if (!all_finite_d(st->tail, 3) || !all_finite_d(st->previous_tail, 3) || !all_finite(st->rotation, 4))
                    abort();
            }
    }
    return 0;
}
