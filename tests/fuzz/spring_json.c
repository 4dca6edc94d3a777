/* libFuzzer: any bytes through pm_spring_parse_json (VRMC_springBone) and
   pm_spring_parse_vrm0_json (VRM 0.x's secondaryAnimation) on a scene of
   40 nodes shaped as a chain, a star or a binary tree, with storage that
   may be too small. The input buffer is exactly `size` bytes, so
   AddressSanitizer reports any read past the end. A success must describe joints inside the scene and storage,
   which init then checks and the step runs; a failure must carry a
   message and an offset inside the text. */
#include "../../posemath.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { NODES = 40 };

/* The input's length picks the reader, the scene's shape and the storage's
   room, so that every byte is the JSON text. */
static int data_is_vrm0(size_t size)
{
    return (size / 12) % 2 == 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pm_spring springs[8];
    static pm_spring_joint joints[NODES];
    static pm_spring_collider colliders[8];
    static pm_spring_collider_group groups[8];
    static int indices[64], cursor[NODES], parent[NODES], child_start[NODES + 1], children[NODES];
    static int work[PM_SPRING_WORK_INTS(NODES, NODES)];
    static float lanes[PM_SPRING_LANE_FLOATS(NODES, 8)];
    static pm_spring_joint_state state[NODES];
    static pm_transform pose[NODES];
    static float world[16 * NODES];
    const int shape = (int)(size % 3), room = (int)(size / 3 % 4);
    const pm_spring_storage storage = {springs, room ? 8 : 1, joints, room == 1 ? 3 : NODES, colliders, room == 2 ? 1 : 8,
                                       groups, 8, indices, room ? 64 : 4, cursor};
    pm_spring_set set;
    pm_parse_error error;
    pm_result r;
    int n, k, s;
    for (n = 0; n < NODES; ++n) { /* parents first, so each node's children are its later nodes */
        parent[n] = n == 0 ? -1 : shape == 0 ? n - 1 : shape == 1 ? 0 : (n - 1) / 2;
        memset(&pose[n], 0, sizeof pose[n]);
        pose[n].translation[1] = 0.1f;
        pose[n].rotation[3] = pose[n].scale[0] = pose[n].scale[1] = pose[n].scale[2] = 1.0f;
    }
    for (n = 0, k = 0; n < NODES; ++n) {
        int c;
        child_start[n] = k;
        for (c = n + 1; c < NODES; ++c)
            if (parent[c] == n) children[k++] = c;
    }
    child_start[NODES] = k;
    memset(&set, 0, sizeof set);
    set.parent = parent;
    set.node_count = NODES;
    r = data_is_vrm0(size) ? pm_spring_parse_vrm0_json((const char *)data, size, child_start, children, &storage, &set, &error)
                                  : pm_spring_parse_json((const char *)data, size, &storage, &set, &error);
    if (r != PM_OK) {
        if ((r != PM_ERROR_PARSE && r != PM_ERROR_CAPACITY) || !error.message || error.offset > size ||
            set.spring_count != 0)
            abort();
        return 0;
    }
    if (error.message) abort();
    for (n = 0; n < NODES; ++n) cursor[n] = 0;
    for (s = 0; s < set.spring_count; ++s)
        for (k = 0; k < set.springs[s].joint_count; ++k) {
            const pm_spring_joint *j = &set.springs[s].joints[k];
            if (j->node >= 0 && j->node < NODES && cursor[j->node]++) abort(); /* a node with two joints left */
            /* VRMC_springBone's joints may name any nodes (init checks that each child is its node's); 0.x's follow the tree */
            if (j->node < 0 || j->node >= NODES ||
                (j->child != -1 && (j->child < 0 || j->child >= NODES || (data_is_vrm0(size) && parent[j->child] != j->node))))
                abort();
        }
    set.joints = state;
    set.joint_capacity = NODES;
    set.work = work;
    set.lanes = lanes;
    if (pm_spring_set_init(&set, pose, NULL) != PM_OK) return 0;
    if (pm_scene_world_matrices(parent, NODES, pose, world) != PM_OK) abort();
    pm_spring_set_reset(&set, pose, world);
    for (k = 0; k < 3; ++k) pm_spring_set_step(&set, pose, world, 1.0f / 60.0f);
    return 0;
}
