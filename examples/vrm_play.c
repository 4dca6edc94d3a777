/* vrm_play: a VRM avatar playing a VRM animation, every track (body, face,
   gaze), frame by frame, through posemath_vrm.h: the tool to check a
   player against, and make test compares it with three-vrm 3.5.5.

   usage: vrm_play MODEL.vrm MOTION.vrma FPS FRAMES [--vertices M]

   The avatar starts at rest, its spring bones at rest. Frame k (0 ..
   FRAMES - 1) plays the animation at min(k / FPS, its duration) and
   steps the avatar by 1 / FPS (pm_vrm_model_update: humanoid, lookAt,
   expressions, node constraints, spring bones). Prints, per frame:
     k expression NAME W             every expression's applied weight
     k morph NODE TARGET W           every morph target an expression drives
     k node NODE x y z qx qy qz qw   every glTF node's world position
                                     (metres) and rotation (scale taken out),
                                     glTF space as stored
   With --vertices M, also every Mth vertex of each primitive of each mesh,
   skinned by the instance's skinning jobs (morph targets included), in
   world space: "k vertex NODE PRIMITIVE V x y z". */
#include "../posemath_vrm.h"
#include "output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_number(const char *text, double *value)
{
    char *end;
    *value = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*value);
}

/* A world matrix's rotation with its scale taken out, as three.js's
   Matrix4.decompose and Quaternion.setFromRotationMatrix give it (same sign) */
static void world_rotation(const float *m, double q[4])
{
    double r[9], s[3], trace;
    int c, k;
    for (c = 0; c < 3; ++c)
        s[c] = sqrt((double)m[4 * c] * m[4 * c] + (double)m[4 * c + 1] * m[4 * c + 1] + (double)m[4 * c + 2] * m[4 * c + 2]);
    if ((double)m[0] * (m[5] * (double)m[10] - m[9] * (double)m[6]) - (double)m[4] * (m[1] * (double)m[10] - m[9] * (double)m[2]) +
            (double)m[8] * (m[1] * (double)m[6] - m[5] * (double)m[2]) < 0.0)
        s[0] = -s[0];
    for (c = 0; c < 3; ++c)
        for (k = 0; k < 3; ++k) r[3 * c + k] = s[c] != 0.0 ? m[4 * c + k] / s[c] : 0.0; /* r[3c + k]: row k, column c */
    trace = r[0] + r[4] + r[8];
    if (trace > 0.0) {
        const double t = 0.5 / sqrt(trace + 1.0);
        q[3] = 0.25 / t, q[0] = (r[5] - r[7]) * t, q[1] = (r[6] - r[2]) * t, q[2] = (r[1] - r[3]) * t;
    } else if (r[0] > r[4] && r[0] > r[8]) {
        const double t = 2.0 * sqrt(1.0 + r[0] - r[4] - r[8]);
        q[3] = (r[5] - r[7]) / t, q[0] = 0.25 * t, q[1] = (r[3] + r[1]) / t, q[2] = (r[6] + r[2]) / t;
    } else if (r[4] > r[8]) {
        const double t = 2.0 * sqrt(1.0 + r[4] - r[0] - r[8]);
        q[3] = (r[6] - r[2]) / t, q[0] = (r[3] + r[1]) / t, q[1] = 0.25 * t, q[2] = (r[7] + r[5]) / t;
    } else {
        const double t = 2.0 * sqrt(1.0 + r[8] - r[0] - r[4]);
        q[3] = (r[1] - r[3]) / t, q[0] = (r[6] + r[2]) / t, q[1] = (r[7] + r[5]) / t, q[2] = 0.25 * t;
    }
}

/* Whether some expression's bind drives target `index` of node `node`'s mesh */
static int driven(const pm_vrm_file *avatar, int node, int index)
{
    int e, b;
    for (e = 0; e < avatar->expression_count; ++e)
        for (b = 0; b < avatar->expressions[e].morph_bind_count; ++b) {
            const pm_expression_morph_bind *bind = &avatar->expressions[e].morph_binds[b];
            /* VRM 1.0 binds name the node; 0.x binds name the mesh, and drive every node that has it */
            if (bind->index == index && bind->mesh == (avatar->version == 1 ? node : avatar->node_mesh[node])) return 1;
        }
    return 0;
}

/* Every mesh skinned (each job once: primitives that share vertices print
   their owner's), every `every`th vertex printed; 0 after failing */
static int print_vertices(const pm_vrm_file *avatar, const pm_vrm_model *model, long frame, int every)
{
    int n, k, v;
    for (n = 0; n < avatar->node_count; ++n) {
        const pm_vrm_mesh *mesh = avatar->node_mesh[n] >= 0 ? &avatar->meshes[avatar->node_mesh[n]] : NULL;
        for (k = 0; mesh && k < mesh->primitive_count; ++k) {
            const pm_vrm_primitive *p = &mesh->primitives[k];
            pm_skin_job job = model->skin_jobs[model->skin_job_start[n] + p->vertices]; /* the owner's */
            float *out = (float *)malloc(3 * sizeof(float) * (size_t)(job.vertex_count + 1));
            if (!out) return 0;
            job.out_positions = out;
            if (pm_skin_job_prepare(&job) != PM_OK || pm_skin_job_run(&job, 0, job.vertex_count) != PM_OK) {
                free(out);
                return 0;
            }
            for (v = 0; v < job.vertex_count; v += every)
                printf("%ld vertex %d %d %d %.9g %.9g %.9g\n", frame, n, k, v, (double)out[3 * v], (double)out[3 * v + 1],
                       (double)out[3 * v + 2]);
            free(out);
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    pm_vrm_file avatar;
    pm_vrma_motion motion;
    pm_vrm_model *model;
    pm_vrm_report report;
    pm_parse_error error;
    double fps, frames, vertices = 0.0;
    long k;
    int n, i;

    if (argc == 7 && strcmp(argv[5], "--vertices") == 0 && parse_number(argv[6], &vertices) && vertices >= 1.0 &&
        vertices <= 1e9 && vertices == floor(vertices))
        argc = 5;
    /* FPS from 1e-5: frames 1e5 s apart at most, 1e12 s in, as pm_vrm_model_update and _seek take */
    if (argc != 5 || !parse_number(argv[3], &fps) || !(fps >= 1e-5) || !parse_number(argv[4], &frames) || frames < 0.0 ||
        frames > 1e7 || frames != floor(frames)) {
        fprintf(stderr, "usage: vrm_play MODEL.vrm MOTION.vrma FPS FRAMES [--vertices M] (FPS from 1e-5, FRAMES a whole "
                        "number up to 1e7, M a whole number from 1)\n");
        return 2;
    }
    if (pm_vrm_parse_file(argv[1], NULL, &avatar, &error) != PM_OK) {
        fprintf(stderr, "vrm_play: %s: byte %lu: %s\n", argv[1], (unsigned long)error.offset, error.message);
        return 1;
    }
    if (error.warning) fprintf(stderr, "vrm_play: %s: warning: %s\n", argv[1], error.warning);
    if (pm_vrma_parse_file(argv[2], NULL, &motion, &error) != PM_OK) {
        fprintf(stderr, "vrm_play: %s: byte %lu: %s\n", argv[2], (unsigned long)error.offset, error.message);
        pm_vrm_free(&avatar);
        return 1;
    }
    if (error.warning) fprintf(stderr, "vrm_play: %s: warning: %s\n", argv[2], error.warning);
    if (pm_vrm_model_create(&avatar, NULL, &model, &report) != PM_OK || pm_vrm_model_play(model, &motion) != PM_OK) {
        fprintf(stderr, "vrm_play: %s: %s\n", argv[1], report.message ? report.message : "out of memory");
        pm_vrm_model_destroy(model);
        pm_vrma_free(&motion);
        pm_vrm_free(&avatar);
        return 1;
    }
    if (report.warning) fprintf(stderr, "vrm_play: %s: warning: spring bones left out: %s\n", argv[1], report.warning);

    for (k = 0; k < (long)frames; ++k) {
        pm_result result;
        if ((result = pm_vrm_model_seek(model, (double)k / fps)) != PM_OK ||
            (result = pm_vrm_model_update(model, 1.0 / fps)) != PM_OK) {
            fprintf(stderr, "vrm_play: frame %ld: %s\n", k, pm_result_string(result));
            break;
        }
        for (i = 0; i < avatar.expression_count; ++i)
            printf("%ld expression %.*s %.9g\n", k, (int)avatar.expressions[i].name_length, avatar.expressions[i].name,
                   (double)model->expression_applied[i]);
        for (n = 0; n < avatar.node_count; ++n)
            for (i = 0; i < model->morph_start[n + 1] - model->morph_start[n]; ++i)
                if (driven(&avatar, n, i))
                    printf("%ld morph %d %d %.9g\n", k, n, i, (double)model->morph_weights[model->morph_start[n] + i]);
        for (n = 0; n < avatar.node_count; ++n) {
            const float *m = model->world + 16 * n;
            double q[4];
            world_rotation(m, q);
            printf("%ld node %d %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", k, n, (double)m[12], (double)m[13], (double)m[14], q[0],
                   q[1], q[2], q[3]);
        }
        if (vertices >= 1.0 && !print_vertices(&avatar, model, k, (int)vertices)) {
            fprintf(stderr, "vrm_play: frame %ld: skinning refused, or out of memory\n", k);
            break;
        }
    }
    pm_vrm_model_destroy(model);
    pm_vrma_free(&motion);
    pm_vrm_free(&avatar);
    return output_close("vrm_play", k == (long)frames ? 0 : 1);
}
