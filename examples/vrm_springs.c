/* vrm_springs: a VRM model's spring bones while a VRM animation plays on
   it, frame by frame, the way three-vrm's VRM.update runs them: the
   humanoid, the node constraints, the spring bones (docs/vrm.md, "Spring
   bones"). The tool to debug a model's springs with; make test compares it
   with three-vrm 3.5.5 frame by frame.

   usage: vrm_springs [--summary] MODEL.vrm MOTION.vrma FPS FRAMES

   posemath_vrm.h reads the model at rest (its VRMC_springBone extension, or
   a VRM 0.x file's secondaryAnimation; VRMC_node_constraint on its nodes)
   and sets its spring state there: tails at their rest places, no velocity.
   Then for k = 0 .. FRAMES - 1: the animation at min(k / FPS, its duration)
   (no looping), put on the model as three-vrm-animation's clip does (a VRM
   0.x model gets it turned half about Y; the hips translation scaled by the
   ratio of the rest hips' heights), the constraints applied, the springs
   stepped by 1 / FPS (pm_vrm_model_update). Prints for every spring joint
   node in the order the file lists them (VRM 0.x: every node of each bone
   group's subtrees, in three-vrm's order), and each spring's tail node
   after its last joint: "k NODE x y z qx qy qz qw", the glTF node, its world
   position in glTF space as stored (metres; a VRM 0.x model is not turned)
   and its local rotation after the step. With --summary (make demo VRM=...
   VRMA=...), one line per spring instead: its joints and how far they swung
   from their rest rotations, at most, and when. */
#include "../posemath_vrm.h"
#include "output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_vrm_model *model;
    pm_vrm_report report;
    pm_parse_error error;
    int *printed, printed_count, frames, k, i, s, summary = 0;
    char *is_joint;
    double fps, frames_value, *swing;
    int *swing_frame;

    if (argc > 1 && strcmp(argv[1], "--summary") == 0) summary = 1, --argc, ++argv;
    /* FPS from 1e-5: frames 1e5 s apart at most, 1e12 s in, as pm_vrm_model_update and _seek take */
    if (argc != 5 || !parse_count(argv[3], &fps) || !(fps >= 1e-5) || !parse_count(argv[4], &frames_value) ||
        frames_value < 0.0 || frames_value > 1e7 || frames_value != floor(frames_value)) {
        fprintf(stderr, "usage: vrm_springs [--summary] MODEL.vrm MOTION.vrma FPS FRAMES (FPS from 1e-5, FRAMES a whole "
                        "number up to 1e7)\n");
        return 2;
    }
    frames = (int)frames_value;
    if (pm_vrm_parse_file(argv[1], NULL, &avatar, &error) != PM_OK) {
        fprintf(stderr, "vrm_springs: %s: byte %lu: %s\n", argv[1], (unsigned long)error.offset, error.message);
        return 1;
    }
    if (error.warning) fprintf(stderr, "vrm_springs: %s: warning: %s\n", argv[1], error.warning);
    if (pm_vrma_parse_file(argv[2], NULL, &motion, &error) != PM_OK) {
        fprintf(stderr, "vrm_springs: %s: byte %lu: %s\n", argv[2], (unsigned long)error.offset, error.message);
        return 1;
    }
    if (pm_vrm_model_create(&avatar, NULL, &model, &report) != PM_OK || pm_vrm_model_play(model, &motion) != PM_OK) {
        fprintf(stderr, "vrm_springs: %s: %s\n", argv[1], report.message ? report.message : "out of memory");
        return 1;
    }
    if (report.warning) {
        fprintf(stderr, "vrm_springs: %s: spring %d, joint %d: %s\n", argv[1], report.spring, report.joint, report.warning);
        return 1;
    }
    printed = (int *)malloc(sizeof(int) * (2 * (size_t)model->springs.joint_count + 1));
    is_joint = (char *)malloc((size_t)avatar.node_count);
    swing = (double *)calloc((size_t)model->springs.spring_count + 1, sizeof(double));
    swing_frame = (int *)calloc((size_t)model->springs.spring_count + 1, sizeof(int));
    if (!printed || !is_joint || !swing || !swing_frame) {
        fprintf(stderr, "vrm_springs: out of memory\n");
        return 1;
    }
    printed_count = printed_nodes(&model->springs, is_joint, printed);
    for (k = 0; k < frames; ++k) {
        pm_result result;
        if ((result = pm_vrm_model_seek(model, (double)k / fps)) != PM_OK ||
            (result = pm_vrm_model_update(model, 1.0 / fps)) != PM_OK) {
            fprintf(stderr, "vrm_springs: frame %d: %s\n", k, pm_result_string(result));
            return 1;
        }
        for (i = 0; summary && i < model->springs.joint_count; ++i) { /* the turn from rest: 2 acos |q . rest| */
            const pm_spring_joint_state *st = &model->springs.joints[i];
            const float *q = st->rotation, *r = st->rest_rotation;
            const double dot = fabs((double)q[0] * r[0] + (double)q[1] * r[1] + (double)q[2] * r[2] + (double)q[3] * r[3]);
            const double angle = 2.0 * acos(dot < 1.0 ? dot : 1.0) * 180.0 / GLM_PI;
            if (angle > swing[st->spring]) swing[st->spring] = angle, swing_frame[st->spring] = k;
        }
        for (i = 0; !summary && i < printed_count; ++i) {
            const float *p = model->world + 16 * printed[i] + 12, *q = model->pose[printed[i]].rotation;
            printf("%d %d %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", k, printed[i], (double)p[0], (double)p[1], (double)p[2],
                   (double)q[0], (double)q[1], (double)q[2], (double)q[3]);
        }
    }
    for (s = 0; summary && s < model->springs.spring_count; ++s)
        printf("spring %d: %d joints, swung up to %.1f degrees from rest (frame %d)\n", s,
               model->springs.springs[s].joint_count, swing[s], swing_frame[s]);
    free(printed), free(is_joint), free(swing), free(swing_frame);
    pm_vrm_model_destroy(model);
    pm_vrma_free(&motion);
    pm_vrm_free(&avatar);
    return output_close("vrm_springs", 0);
}
