/* vrm_pose: a VRM model from its file to a posed, skinned mesh through
   posemath_vrm.h, the way docs/vrm.md walks through it: the avatar read, a
   normalized pose (the same numbers on every VRM model) put on it, one
   update (humanoid, lookAt, expressions, node constraints), and every mesh
   skinned by its skinning job: glTF skins by their joints, meshes without
   a skin by their node (one joint, weight 1), which is how glTF places
   them.

   usage: vrm_pose MODEL.vrm [OUT.obj] [--rest] [--first-person]
                   [--look-at X Y Z] [--expression NAME=WEIGHT]...

   The pose lowers both arms 60 degrees and turns the head 20 degrees
   (--rest keeps the T-pose). Prints the model's counts, how far the left
   hand dropped against what the arm's rest direction says it must (the
   normalized pose turns the arm about the world's Z axis: a T-pose arm
   along X drops by its length times sin 60, one that hangs a little lower
   at rest as far as the turn takes it), and writes the posed meshes as
   Wavefront OBJ: the triangles a third-person camera draws, or with
   --first-person those a first-person camera draws (the file's
   first-person annotations: the head's triangles left out of an "auto"
   skinned mesh, as three-vrm's VRMFirstPerson shows it).

   The face, as three-vrm's VRM.update resolves it after the humanoid:
   --look-at turns the eyes toward a point (glTF space, metres) with the
   file's lookAt (a bone lookAt turns the eye bones, an expression one sets
   the lookLeft/Right/Up/Down weights); --expression sets an expression's
   weight (a preset such as blink or happy, or a custom name as the file
   spells it). Prints the angles, the eye bones' local rotations, every
   expression's applied weight and every morph target weight that is not
   zero ("morph NODE TARGET WEIGHT", per glTF node with a mesh), which are
   what the skinning jobs' morph weights take. */
#include "../posemath_vrm.h"
#include "output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SET = 64 };

static int fail(const char *path, const char *what, const char *detail)
{
    fprintf(stderr, "vrm_pose: %s: %s%s%s\n", path, what, detail ? ": " : "", detail ? detail : "");
    return 1;
}

/* The VRM's normalized pose: T-pose, arms lowered, head turned. The
   angles are a VRM 1.0 model's (facing +Z, its left arm along +X); a VRM
   0.x model faces -Z, so its pose is the same one turned half about Y. */
static void choose_pose(const pm_humanoid *h, int rest, int vrm0, pm_normalized_pose *pose)
{
    const vec3 down_left = {0, 0, -60}, down_right = {0, 0, 60}, turn = {0, 20, 0};
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) glm_quat_identity(pose->rotation[b]);
    if (!rest) {
        pm_euler_deg_to_quat(down_left, PM_EULER_XYZ, PM_ROTATION_POINT, pose->rotation[PM_BONE_LEFT_UPPER_ARM]);
        pm_euler_deg_to_quat(down_right, PM_EULER_XYZ, PM_ROTATION_POINT, pose->rotation[PM_BONE_RIGHT_UPPER_ARM]);
        pm_euler_deg_to_quat(turn, PM_EULER_XYZ, PM_ROTATION_POINT, pose->rotation[PM_BONE_HEAD]);
        if (vrm0) pm_pose_turn_y180(pose, pose);
    }
    memcpy(pose->hips_position, h->rest_hips, sizeof(vec3));
}

/* The weights the command line sets */
typedef struct face_request {
    int look_at;
    float target[3];
    const char *names[MAX_SET];
    float weights[MAX_SET];
    int count;
} face_request;

/* Every mesh skinned into the OBJ file's vertices (or only counted), job j's first at first_vertex[j]
   (from 0); the vertex count, or -1 (reported) */
static int skin_meshes(const pm_vrm_file *avatar, pm_vrm_model *model, const char *path, FILE *obj, int *first_vertex)
{
    int j, v, vertices = 0;
    for (j = 0; j < model->skin_job_start[avatar->node_count]; ++j) {
        pm_skin_job job = model->skin_jobs[j]; /* a copy: the outputs are this program's */
        float *out = (float *)malloc(3 * sizeof(float) * (size_t)(job.vertex_count + 1));
        pm_result result;
        first_vertex[j] = vertices;
        if (!out) return fail(path, "out of memory", NULL), -1;
        job.out_positions = out;
        if ((result = pm_skin_job_prepare(&job)) != PM_OK || (result = pm_skin_job_run(&job, 0, job.vertex_count)) != PM_OK) {
            free(out);
            return fail(path, "skinning", pm_result_string(result)), -1;
        }
        for (v = 0; obj && v < job.vertex_count; ++v)
            fprintf(obj, "v %.6f %.6f %.6f\n", (double)out[3 * v], (double)out[3 * v + 1], (double)out[3 * v + 2]);
        vertices += job.vertex_count;
        free(out);
    }
    return vertices;
}

/* Every primitive of triangles as OBJ faces over the vertices of the job that holds its streams: what a
   third-person camera draws, or with first_person what a first-person camera draws; the triangle count,
   or -1 (reported) */
static int write_faces(const pm_vrm_file *avatar, const pm_vrm_model *model, const int *first_vertex, int first_person,
                       const char *path, FILE *obj)
{
    int n, k, i, triangles = 0;
    for (n = 0; n < avatar->node_count; ++n)
        for (k = 0; avatar->node_mesh[n] >= 0 && k < avatar->meshes[avatar->node_mesh[n]].primitive_count; ++k) {
            const pm_vrm_primitive *p = &avatar->meshes[avatar->node_mesh[n]].primitives[k];
            const int base = first_vertex[model->skin_job_start[n] + p->vertices] + 1, all = p->indices ? p->index_count : p->vertex_count;
            uint32_t *indices = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)all + 1);
            int count = 0;
            if (!indices) return fail(path, "out of memory", NULL), -1;
            if (p->mode == 4) /* triangles */
                pm_vrm_view_indices(avatar, first_person ? PM_VRM_VIEW_FIRST_PERSON : PM_VRM_VIEW_THIRD_PERSON, n, k, indices,
                                    &count);
            for (i = 0; i + 3 <= count; i += 3, ++triangles)
                fprintf(obj, "f %ld %ld %ld\n", base + (long)indices[i], base + (long)indices[i + 1], base + (long)indices[i + 2]);
            free(indices);
        }
    return triangles;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *obj_path = NULL;
    int i, k, n, meshes = 0, vertices, triangles = 0, keep_rest = 0, first_person = 0, bones = 0, *first_vertex;
    pm_vrm_file avatar;
    pm_vrm_model *model;
    pm_vrm_report report;
    pm_parse_error error;
    pm_result result;
    float *rest_world;
    FILE *obj = NULL;
    face_request face;

    memset(&face, 0, sizeof face);
    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--rest") == 0) keep_rest = 1;
        else if (strcmp(argv[i], "--first-person") == 0) first_person = 1;
        else if (strcmp(argv[i], "--look-at") == 0 && i + 3 < argc) {
            face.look_at = 1;
            for (k = 0; k < 3; ++k) {
                char *end;
                face.target[k] = strtof(argv[++i], &end);
                if (end == argv[i] || *end || !isfinite(face.target[k])) path = NULL, i = argc;
            }
        } else if (strcmp(argv[i], "--expression") == 0 && i + 1 < argc && face.count < MAX_SET) {
            char *equals = strchr(argv[++i], '='), *end;
            if (!equals) {
                path = NULL;
                break;
            }
            *equals = '\0';
            face.names[face.count] = argv[i];
            face.weights[face.count] = strtof(equals + 1, &end);
            if (end == equals + 1 || *end || !isfinite(face.weights[face.count])) path = NULL, i = argc;
            else ++face.count;
        }
        else if (!path) path = argv[i];
        else if (!obj_path) obj_path = argv[i];
        else path = NULL, i = argc;
    }
    if (!path) {
        fprintf(stderr, "usage: vrm_pose MODEL.vrm [OUT.obj] [--rest] [--first-person] [--look-at X Y Z] "
                        "[--expression NAME=WEIGHT]...\n");
        return 2;
    }
    if (pm_vrm_parse_file(path, NULL, &avatar, &error) != PM_OK) {
        fprintf(stderr, "vrm_pose: %s: byte %lu: %s\n", path, (unsigned long)error.offset, error.message);
        return 1;
    }
    if (error.warning) fprintf(stderr, "vrm_pose: %s: warning: %s\n", path, error.warning);
    if ((result = pm_vrm_model_create(&avatar, NULL, &model, &report)) != PM_OK)
        return fail(path, report.message ? report.message : "out of memory", NULL);
    for (i = 0; i < PM_BONE_COUNT; ++i) bones += avatar.humanoid.bone_node[i] >= 0;

    /* the pose, the face's weights, the gaze; then one update (no time passes: the springs stay) */
    choose_pose(&avatar.humanoid, keep_rest, avatar.version == 0, &model->normalized);
    for (k = 0; k < face.count; ++k) {
        for (i = 0; i < avatar.expression_count; ++i)
            if (avatar.expressions[i].name_length == strlen(face.names[k]) &&
                memcmp(avatar.expressions[i].name, face.names[k], avatar.expressions[i].name_length) == 0)
                break;
        if (i == avatar.expression_count) return fail(path, "no such expression", face.names[k]);
        model->expression_weights[i] = face.weights[k];
    }
    if ((face.look_at && (result = pm_vrm_model_look_at(model, face.target)) != PM_OK) ||
        (result = pm_vrm_model_update(model, 0.0)) != PM_OK)
        return fail(path, "pose", pm_result_string(result));
    if (face.look_at)
        printf("lookAt (%s): yaw %.4f, pitch %.4f degrees\n",
               avatar.look_at.type == PM_LOOK_AT_BONE ? "bone" : avatar.look_at.type == PM_LOOK_AT_EXPRESSION ? "expression" : "none",
               (double)model->look_yaw, (double)model->look_pitch);
    if (face.look_at || face.count > 0) {
        for (k = 0; k < 2; ++k) {
            const int node = avatar.humanoid.bone_node[k ? PM_BONE_RIGHT_EYE : PM_BONE_LEFT_EYE];
            const float *q = node >= 0 ? model->pose[node].rotation : NULL;
            if (q) printf("%s %.6f %.6f %.6f %.6f\n", k ? "rightEye" : "leftEye", (double)q[0], (double)q[1], (double)q[2], (double)q[3]);
        }
        for (i = 0; i < avatar.expression_count; ++i)
            if (model->expression_applied[i] != 0.0f)
                printf("expression %.*s %.6f\n", (int)avatar.expressions[i].name_length, avatar.expressions[i].name,
                       (double)model->expression_applied[i]);
        for (n = 0; n < avatar.node_count; ++n)
            for (i = model->morph_start[n]; i < model->morph_start[n + 1]; ++i)
                if (model->morph_weights[i] != 0.0f)
                    printf("morph %d %d %.6f\n", n, i - model->morph_start[n], (double)model->morph_weights[i]);
    }

    /* every mesh, skinned */
    if (!(first_vertex = (int *)malloc(sizeof(int) * (size_t)(model->skin_job_start[avatar.node_count] + 1))))
        return fail(path, "out of memory", NULL);
    if (obj_path && !(obj = fopen(obj_path, "w"))) return fail(obj_path, "cannot be written", NULL);
    if ((vertices = skin_meshes(&avatar, model, path, obj, first_vertex)) < 0 ||
        (obj && (triangles = write_faces(&avatar, model, first_vertex, first_person, path, obj)) < 0))
        return 1;
    if (obj && fclose(obj) != 0) return fail(obj_path, "cannot be written", NULL);
    free(first_vertex);
    for (n = 0; n < avatar.node_count; ++n) meshes += avatar.node_mesh[n] >= 0;
    printf("%s: %d nodes, %d humanoid bones, %d meshes, %d vertices", path, avatar.node_count, bones, meshes, vertices);
    if (obj_path) printf(", written with the %d triangles a %s-person camera draws", triangles, first_person ? "first" : "third");
    printf("\n");
    if (!(rest_world = (float *)malloc(16 * sizeof(float) * (size_t)avatar.node_count)) ||
        pm_scene_world_matrices(avatar.parent, avatar.node_count, avatar.rest, rest_world) != PM_OK)
        return fail(path, "the rest pose", NULL);
    { /* the normalized pose turns the arm 60 degrees about the world's Z axis at the shoulder joint (upperArm):
         the hand drops by |dx| sin 60 + dy (1 - cos 60), for the rest arm (dx, dy, dz) from shoulder to hand */
        const int *bone_node = avatar.humanoid.bone_node;
        const float *shoulder = rest_world + 16 * bone_node[PM_BONE_LEFT_UPPER_ARM] + 12;
        const float *hand_rest = rest_world + 16 * bone_node[PM_BONE_LEFT_HAND] + 12;
        const float *hand = model->world + 16 * bone_node[PM_BONE_LEFT_HAND] + 12;
        const double dx = (double)hand_rest[0] - shoulder[0], dy = (double)hand_rest[1] - shoulder[1];
        printf("left hand dropped %.6f m, the arm's rest direction says %.6f m\n", (double)(hand_rest[1] - hand[1]),
               keep_rest ? 0.0 : fabs(dx) * sin(60.0 * GLM_PI / 180.0) + dy * (1.0 - cos(60.0 * GLM_PI / 180.0)));
    }
    free(rest_world);
    pm_vrm_model_destroy(model);
    pm_vrm_free(&avatar);
    return output_close("vrm_pose", 0);
}
