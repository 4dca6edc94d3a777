/* vrm_springs: a VRM model's spring bones while a VRM animation plays on
   it, frame by frame, the way three-vrm's VRM.update runs them: the
   humanoid, the node constraints, the spring bones (docs/vrm.md, "Spring
   bones"). The tool to debug a model's springs with; make test compares it
   with three-vrm 3.5.5 frame by frame.

   usage: vrm_springs [--summary] MODEL.vrm MOTION.vrma FPS FRAMES

   The model is read at rest (its VRMC_springBone extension, or a VRM 0.x
   file's secondaryAnimation; VRMC_node_constraint on its nodes) and its
   spring state set there: tails at their rest places, no velocity. Then for
   k = 0 .. FRAMES - 1: the animation sampled at min(k / FPS, its duration)
   (no looping), put on the model as three-vrm-animation's clip does (a VRM
   0.x model gets it turned half about Y; the hips translation scaled by the
   ratio of the rest hips' heights), the constraints applied, the springs
   stepped by 1 / FPS. Prints for every spring joint node in the order the
   file lists them (VRM 0.x: every node of each bone group's subtrees, in
   three-vrm's order), and each spring's tail node after its last joint:
   "k NODE x y z qx qy qz qw", the glTF node, its world position in glTF
   space as stored (metres; a VRM 0.x model is not turned) and its local
   rotation after the step. With --summary (make demo VRM=... VRMA=...),
   one line per spring instead: its joints and how far they swung from their
   rest rotations, at most, and when. */
#include "../posemath.h"

#include "glb.h"
#include "gltf_json.h"
#include "vrma_read.h"
#include <math.h>

enum {
    MAX_NODES = 1024,
    MAX_SPRINGS = 256,
    MAX_JOINTS = 1024,
    MAX_COLLIDERS = 256,
    MAX_GROUPS = 256,
    MAX_INDICES = 4096,
    MAX_CONSTRAINTS = 256
};

static int fail(const char *path, const char *what, const char *detail)
{
    fprintf(stderr, "vrm_springs: %s: %s%s%s\n", path, what, detail ? ": " : "", detail ? detail : "");
    return 1;
}

/* A JSON reader's error: the byte is within the extension as cJSON prints it back. */
static int fail_json(const char *path, const char *what, const pm_parse_error *error)
{
    fprintf(stderr, "vrm_springs: %s: %s, byte %lu of the extension: %s\n", path, what, (unsigned long)error->offset,
            error->message);
    return 1;
}

/* The model's nodes, humanoid, springs and constraints, at rest. */
typedef struct model {
    int parent[MAX_NODES], child_start[MAX_NODES + 1], children[MAX_NODES], node_count, vrm0;
    pm_transform rest[MAX_NODES];
    pm_humanoid humanoid;
    pm_spring springs[MAX_SPRINGS];
    pm_spring_joint joints[MAX_JOINTS];
    pm_spring_collider colliders[MAX_COLLIDERS];
    pm_spring_collider_group groups[MAX_GROUPS];
    int indices[MAX_INDICES], cursor[MAX_NODES];
    pm_spring_set springs_set;
    pm_spring_joint_state joint_state[MAX_JOINTS];
    int spring_work[PM_SPRING_WORK_INTS(MAX_NODES, MAX_JOINTS)];
    float spring_lanes[PM_SPRING_LANE_FLOATS(MAX_JOINTS, MAX_COLLIDERS)];
    pm_constraint constraints[MAX_CONSTRAINTS];
    pm_constraint_rest constraint_rest[MAX_CONSTRAINTS];
    int constraint_order[MAX_CONSTRAINTS];
    pm_constraint_set constraint_set;
} model;

/* The scene's children in glTF's order, as pm_spring_parse_vrm0_json takes them. */
static void read_children(const cJSON *nodes, model *m)
{
    int n, count = 0;
    for (n = 0; n < m->node_count; ++n) {
        const cJSON *child;
        m->child_start[n] = count;
        cJSON_ArrayForEach(child, cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(nodes, n), "children")) {
            const int c = json_whole_value(child);
            if (c >= 0 && c < m->node_count && m->parent[c] == n && count < MAX_NODES) m->children[count++] = c;
        }
    }
    m->child_start[m->node_count] = count;
}

static int read_model(const char *path, const glb *g, model *m)
{
    const cJSON *extensions = cJSON_GetObjectItemCaseSensitive(g->json, "extensions");
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(g->json, "nodes");
    const cJSON *vrm = cJSON_GetObjectItemCaseSensitive(extensions, "VRMC_vrm");
    const cJSON *springs = cJSON_GetObjectItemCaseSensitive(extensions, "VRMC_springBone");
    pm_spring_storage storage = {0};
    pm_spring_report report;
    pm_parse_error error = {0, NULL, NULL};
    int bone_node[PM_BONE_COUNT], i, count = 0;
    pm_result result = PM_OK;
    char *text;

    if ((m->node_count = read_scene(nodes, m->parent, m->rest, MAX_NODES)) < 0) return fail(path, "too many nodes", NULL);
    read_children(nodes, m);
    if (!vrm) m->vrm0 = (vrm = cJSON_GetObjectItemCaseSensitive(extensions, "VRM")) != NULL;
    if (!vrm || !(text = cJSON_PrintUnformatted(vrm))) return fail(path, "no VRMC_vrm or VRM extension", NULL);
    result = pm_humanoid_map_parse_json(text, strlen(text), m->node_count, bone_node, &error);
    if (result != PM_OK) return free(text), fail_json(path, "humanoid", &error);
    if ((result = pm_humanoid_init(&m->humanoid, bone_node, m->parent, m->node_count, m->rest, NULL)) != PM_OK)
        return free(text), fail(path, "humanoid", pm_result_string(result));

    /* the springs: VRMC_springBone, or the 0.x secondaryAnimation inside the VRM extension */
    storage.springs = m->springs, storage.spring_capacity = MAX_SPRINGS;
    storage.joints = m->joints, storage.joint_capacity = MAX_JOINTS;
    storage.colliders = m->colliders, storage.collider_capacity = MAX_COLLIDERS;
    storage.groups = m->groups, storage.group_capacity = MAX_GROUPS;
    storage.indices = m->indices, storage.index_capacity = MAX_INDICES;
    storage.cursor = m->cursor;
    m->springs_set.parent = m->parent;
    m->springs_set.node_count = m->node_count;
    m->springs_set.joints = m->joint_state;
    m->springs_set.joint_capacity = MAX_JOINTS;
    m->springs_set.work = m->spring_work;
    m->springs_set.lanes = m->spring_lanes;
    if (springs) {
        free(text);
        if (!(text = cJSON_PrintUnformatted(springs))) return fail(path, "VRMC_springBone", "out of memory");
        result = pm_spring_parse_json(text, strlen(text), &storage, &m->springs_set, &error);
    } else if (m->vrm0) {
        result = pm_spring_parse_vrm0_json(text, strlen(text), m->child_start, m->children, &storage, &m->springs_set,
                                           &error);
    }
    free(text);
    if (result != PM_OK) return fail_json(path, springs ? "VRMC_springBone" : "secondaryAnimation", &error);
    if (error.warning)
        fprintf(stderr, "vrm_springs: %s: %s: warning: %s\n", path, springs ? "VRMC_springBone" : "secondaryAnimation",
                error.warning);
    if ((result = pm_spring_set_init(&m->springs_set, m->rest, &report)) != PM_OK) {
        fprintf(stderr, "vrm_springs: %s: spring %d, joint %d, collider %d, group %d: %s\n", path, report.spring,
                report.joint, report.collider, report.group, report.message);
        return 1;
    }

    /* the node constraints, one per node that has the extension */
    for (i = 0; i < m->node_count; ++i) {
        const cJSON *constraint = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(nodes, i), "extensions"), "VRMC_node_constraint");
        if (!constraint) continue;
        if (count == MAX_CONSTRAINTS) return fail(path, "more node constraints than this tool reads", NULL);
        if (!(text = cJSON_PrintUnformatted(constraint))) return fail(path, "VRMC_node_constraint", "out of memory");
        result = pm_constraint_parse_json(text, strlen(text), i, &m->constraints[count++], &error);
        free(text);
        if (result != PM_OK) return fail_json(path, "VRMC_node_constraint", &error);
    }
    m->constraint_set.constraints = m->constraints;
    m->constraint_set.count = count;
    m->constraint_set.parent = m->parent;
    m->constraint_set.node_count = m->node_count;
    m->constraint_set.rest = m->constraint_rest;
    m->constraint_set.order = m->constraint_order;
    if ((result = pm_constraint_set_init(&m->constraint_set, m->rest)) != PM_OK)
        return fail(path, "VRMC_node_constraint", pm_result_string(result));
    return 0;
}

/* The normalized pose at `time` (clamped to the keys), cursors one per
   bone and one for the hips (PM_BONE_COUNT + 1, zeros to start); a bone
   without a track at identity, the hips without one at the rest hips. */
static void vrma_sample(const vrma_motion *m, double time, int *cursors, pm_normalized_pose *pose)
{
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (m->rotation[b].key_count == 0 || pm_track_sample(&m->rotation[b], time, &cursors[b], pose->rotation[b]) != PM_OK)
            glm_quat_identity(pose->rotation[b]);
    if (m->hips_position.key_count == 0 ||
        pm_track_sample(&m->hips_position, time, &cursors[PM_BONE_COUNT], pose->hips_position) != PM_OK)
        glm_vec3_copy((float *)m->humanoid.rest_hips, pose->hips_position);
}

/* The motion's pose at `time` on the model, as three-vrm-animation's
   createVRMAnimationClip and VRMHumanoid.update put it there. */
static pm_result pose_model(const model *m, const vrma_motion *motion, double time, int *cursors, pm_transform *pose)
{
    pm_normalized_pose normalized;
    pm_raw_pose raw;
    pm_result result;
    vrma_sample(motion, time, cursors, &normalized);
    if (m->vrm0 && (result = pm_pose_turn_y180(&normalized, &normalized)) != PM_OK) return result;
    if (motion->hips_position.key_count > 0) /* the motion's hips, at the model's height */
        glm_vec3_scale(normalized.hips_position, m->humanoid.rest_hips[1] / motion->humanoid.rest_hips[1],
                       normalized.hips_position);
    else
        glm_vec3_copy((float *)m->humanoid.rest_hips, normalized.hips_position);
    if ((result = pm_pose_denormalize(&m->humanoid, &normalized, &raw)) != PM_OK ||
        (result = pm_pose_write(&m->humanoid, &raw, pose)) != PM_OK)
        return result;
    return pm_constraint_set_apply(&m->constraint_set, pose);
}

/* The printed nodes: every joint, and a spring's tail node after its last
   joint (a node that is no joint's: marked in is_joint, node_count entries) */
static int printed_nodes(const pm_spring_set *set, char *is_joint, int *nodes)
{
    int s, j, count = 0;
    memset(is_joint, 0, (size_t)set->node_count);
    for (s = 0; s < set->spring_count; ++s)
        for (j = 0; j < set->springs[s].joint_count; ++j) is_joint[set->springs[s].joints[j].node] = 1;
    for (s = 0; s < set->spring_count; ++s) {
        const pm_spring *spring = &set->springs[s];
        for (j = 0; j < spring->joint_count; ++j) nodes[count++] = spring->joints[j].node;
        if (spring->joint_count > 0 && spring->joints[spring->joint_count - 1].child >= 0 &&
            !is_joint[spring->joints[spring->joint_count - 1].child])
            nodes[count++] = spring->joints[spring->joint_count - 1].child;
    }
    return count;
}

static int parse_count(const char *text, double *value)
{
    char *end;
    *value = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*value);
}

int main(int argc, char **argv)
{
    static model m;
    static vrma_motion motion;
    static pm_transform pose[MAX_NODES];
    static float world[16 * MAX_NODES];
    static int printed[2 * MAX_JOINTS];
    static char is_joint[MAX_NODES];
    static double swing[MAX_SPRINGS];
    static int swing_frame[MAX_SPRINGS];
    int cursors[PM_BONE_COUNT + 1] = {0}, printed_count, frames, k, i, summary = 0;
    double fps, frames_value;
    const char *why = "";
    unsigned char *model_data, *motion_data;
    size_t size;
    glb model_glb, motion_glb;
    pm_result result;

    if (argc > 1 && strcmp(argv[1], "--summary") == 0) summary = 1, --argc, ++argv;
    if (argc != 5 || !parse_count(argv[3], &fps) || fps <= 0.0 || !parse_count(argv[4], &frames_value) ||
        frames_value < 0.0 || frames_value > 1e7 || frames_value != floor(frames_value)) {
        fprintf(stderr, "usage: vrm_springs [--summary] MODEL.vrm MOTION.vrma FPS FRAMES (FPS > 0, FRAMES a whole number "
                        "up to 1e7)\n");
        return 2;
    }
    frames = (int)frames_value;
    if (!(model_data = read_file(argv[1], &size)) || !glb_open(model_data, size, &model_glb))
        return fail(argv[1], "not a glTF binary", NULL);
    if (read_model(argv[1], &model_glb, &m) != 0) return 1;
    if (!(motion_data = read_file(argv[2], &size)) || !glb_open(motion_data, size, &motion_glb))
        return fail(argv[2], "not a glTF binary", NULL);
    if (!vrma_read(&motion_glb, &motion, &why)) return fail(argv[2], why, NULL);

    printed_count = printed_nodes(&m.springs_set, is_joint, printed);
    memcpy(pose, m.rest, sizeof(pm_transform) * (size_t)m.node_count); /* the spring state at rest */
    if ((result = pm_scene_world_matrices(m.parent, m.node_count, pose, world)) != PM_OK ||
        (result = pm_spring_set_reset(&m.springs_set, pose, world)) != PM_OK)
        return fail(argv[1], "the rest pose", pm_result_string(result));
    for (k = 0; k < frames; ++k) {
        double time = (double)k / fps;
        if (time > (double)motion.duration) time = (double)motion.duration;
        if ((result = pose_model(&m, &motion, time, cursors, pose)) != PM_OK ||
            (result = pm_scene_world_matrices(m.parent, m.node_count, pose, world)) != PM_OK ||
            (result = pm_spring_set_step(&m.springs_set, pose, world, (float)(1.0 / fps))) != PM_OK) {
            fprintf(stderr, "vrm_springs: frame %d: %s\n", k, pm_result_string(result));
            return 1;
        }
        for (i = 0; summary && i < m.springs_set.joint_count; ++i) { /* the turn from rest: 2 acos |q . rest| */
            const pm_spring_joint_state *st = &m.springs_set.joints[i];
            const float *q = st->rotation, *r = st->rest_rotation;
            const double dot = fabs((double)q[0] * r[0] + (double)q[1] * r[1] + (double)q[2] * r[2] + (double)q[3] * r[3]);
            const double angle = 2.0 * acos(dot < 1.0 ? dot : 1.0) * 180.0 / GLM_PI;
            if (angle > swing[st->spring]) swing[st->spring] = angle, swing_frame[st->spring] = k;
        }
        for (i = 0; !summary && i < printed_count; ++i) {
            const float *p = world + 16 * printed[i] + 12, *q = pose[printed[i]].rotation;
            printf("%d %d %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", k, printed[i], (double)p[0], (double)p[1], (double)p[2],
                   (double)q[0], (double)q[1], (double)q[2], (double)q[3]);
        }
    }
    for (i = 0; summary && i < m.springs_set.spring_count; ++i)
        printf("spring %d: %d joints, swung up to %.1f degrees from rest (frame %d)\n", i,
               m.springs_set.springs[i].joint_count, swing[i], swing_frame[i]);
    vrma_free(&motion);
    cJSON_Delete(motion_glb.json);
    cJSON_Delete(model_glb.json);
    free(motion_data);
    free(model_data);
    return 0;
}
