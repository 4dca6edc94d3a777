/* mmd_pose: a MikuMikuDance model posed by a motion, bone by bone, as
   posemath evaluates it: for each frame as given (fractional frames
   allowed) and each bone in the model's order, one line

     FRAME BONE x y z qx qy qz qw

   the bone's world position and world rotation in the PMX's own model
   space (no handedness change; BONE is the bone's name, any blank in it
   written as _). For debugging a model or a motion, and for comparing
   posemath's evaluation with another MMD runtime's.

   Physics off, unless --physics (built with posemath_mmd_bullet.cc where
   Debian's libbullet-dev is there): then the frames must increase on a
   grid of 0.5 from the first. At the first the simulation starts as
   babylon-mmd starts it (bones posed, every body placed on its bone,
   still); then the world steps 1/60 s (0.5 frames) at a time, gravity
   (0, -98, 0), one substep each, and each frame given is printed after its
   step: bones before physics, the bodies' targets (the motion's physics
   switches applied), Bullet's step, the write-back, bones after physics.

   With --physics=120 each step of 1/60 s is taken in two substeps of 1/120
   s (as saba and MMDAgent step), the way a real-time host steps by elapsed
   time in fixed substeps, at most 5 a step.

   The motion's morphs are applied (bone morphs move bones). With --morphs,
   each frame's bone lines are followed by

     FRAME morph INDEX WEIGHT

   for every vertex morph and UV morph (types 1 and 3) in PMX order, its
   weight with the groups' (its own plus weight x ratio from each group
   listing it), and one line per material in PMX order,

     FRAME material INDEX v1 ... v40

   its values after the material morphs (pm_mmd_morph_materials' order:
   diffuse rgba, specular rgb, shininess, ambient rgb, edge rgba, edge
   size, then the texture's, sphere's and toon's multiplicative and
   additive rgba; before morphs the PMX material's own, 1 and 0).

   usage: mmd_pose [--physics | --physics=120] [--morphs] MODEL.pmx MOTION.vmd FRAME... */
#include "../posemath_mmd.h"
#if defined(MMD_POSE_BULLET)
#include "../posemath_mmd_bullet.h"
#endif
#include "output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: mmd_pose [--physics | --physics=120] [--morphs] MODEL.pmx MOTION.vmd FRAME...\n");
    return 2;
}

/* The frame's lines: every bone's, then with morphs the morphs' and the
   materials' */
static void print_pose(const pm_mmd_model *model, int morphs, const char *frame)
{
    const pm_pmx_model *pmx = model->pmx;
    int b, m, k;
    for (b = 0; b < pmx->bone_count; ++b) {
        const pm_mmd_bone_pose *pose = &model->pose[b];
        char name[PM_PMX_NAME_SIZE], *c;
        memcpy(name, pmx->bones[b].name, sizeof name);
        if (!name[0]) snprintf(name, sizeof name, "bone%d", b);
        for (c = name; *c; ++c)
            if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r') *c = '_';
        printf("%s %s %.7g %.7g %.7g %.7g %.7g %.7g %.7g\n", frame, name, (double)pose->world_position[0],
               (double)pose->world_position[1], (double)pose->world_position[2], (double)pose->world_rotation[0],
               (double)pose->world_rotation[1], (double)pose->world_rotation[2], (double)pose->world_rotation[3]);
    }
    if (!morphs) return;
    for (m = 0; m < pmx->morph_count; ++m)
        if (pmx->morphs[m].type == PM_MMD_MORPH_VERTEX || pmx->morphs[m].type == PM_MMD_MORPH_UV)
            printf("%s morph %d %.9g\n", frame, m, (double)model->morph_applied[m]);
    for (m = 0; m < pmx->material_count; ++m) {
        printf("%s material %d", frame, m);
        for (k = 0; k < PM_MMD_MATERIAL_VALUES; ++k)
            printf(" %.9g", (double)model->material_values[PM_MMD_MATERIAL_VALUES * m + k]);
        printf("\n");
    }
}

/* Every frame's lines: with physics the first frame is a seek (every body
   placed on its bone) and each half frame after it an update of 1/60 s;
   0, or a message */
static const char *play(pm_mmd_model *model, int physics, int morphs, char **frames, int count)
{
    long step = 0;
    int a;
    for (a = 0; a < count; ++a) {
        const double frame = strtod(frames[a], NULL);
        pm_result result = PM_OK;
        if (!physics) {
            result = pm_mmd_model_seek(model, frame);
        } else {
            const long target = (long)((frame - strtod(frames[0], NULL)) * 2.0);
            for (; step <= target && result == PM_OK; ++step)
                result = step == 0 ? pm_mmd_model_seek(model, frame) : pm_mmd_model_update(model, 1.0 / 60.0);
        }
        if (result == PM_ERROR_LIMIT)
            return "more pairs of bodies touch than PM_MMD_BULLET_MAX_PAIRS (posemath_mmd_bullet.h): bodies piled on one spot";
        if (result != PM_OK) return physics ? "a body flew off, or a bone's pose is not finite" : "a bone's pose is not finite";
        print_pose(model, morphs, frames[a]);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pm_pmx_model pmx;
    pm_vmd_motion motion;
    pm_mmd_model *model = NULL;
    pm_mmd_model_report report;
    pm_parse_error error;
    const char *message;
    int physics = 0, morphs = 0, substeps = 1, options = 1, a, status = 0, count;
    char **args;
    for (; options < argc && strncmp(argv[options], "--", 2) == 0; ++options) {
        if (!physics && (strcmp(argv[options], "--physics") == 0 || strcmp(argv[options], "--physics=120") == 0))
            physics = 1, substeps = argv[options][9] ? 2 : 1;
        else if (!morphs && strcmp(argv[options], "--morphs") == 0) morphs = 1;
        else return usage();
    }
    args = argv + options - 1;
    count = argc - options + 1;
    if (count < 4) return usage();
    for (a = 3; a < count; ++a) { /* every frame a finite number, before any work */
        char *end;
        const double frame = strtod(args[a], &end), first = strtod(args[3], NULL), half_steps = (frame - first) * 2.0;
        if (end == args[a] || *end || !(frame > -1e300 && frame < 1e300)) {
            fprintf(stderr, "mmd_pose: frame \"%s\" is not a number\n", args[a]);
            return usage();
        }
        if (physics && (half_steps != floor(half_steps) || half_steps > 1e7 ||
                        (a > 3 && !(frame > strtod(args[a - 1], NULL))))) {
            fprintf(stderr, "mmd_pose: with --physics, frame %s must follow the one before on a grid of 0.5 from %s\n",
                    args[a], args[3]);
            return usage();
        }
    }
#if !defined(MMD_POSE_BULLET)
    (void)substeps;
    if (physics) {
        fprintf(stderr, "mmd_pose: --physics: built without Bullet (Debian's libbullet-dev)\n");
        return 1;
    }
#endif
    if (pm_pmx_parse_file(args[1], NULL, &pmx, &error) != PM_OK) {
        fprintf(stderr, "mmd_pose: %s: byte %lu: %s\n", args[1], (unsigned long)error.offset, error.message);
        return 1;
    }
    if (pm_vmd_parse_file(args[2], NULL, &motion, &error) != PM_OK) {
        fprintf(stderr, "mmd_pose: %s: byte %lu: %s\n", args[2], (unsigned long)error.offset, error.message);
        pm_pmx_free(&pmx);
        return 1;
    }
    if (pm_mmd_model_create(&pmx, NULL, &model, &report) != PM_OK) {
        fprintf(stderr, "mmd_pose: %s: %s (bone %d, morph %d)\n", args[1], report.message, report.bone, report.morph);
        status = 1;
    } else if (report.warning && physics) {
        fprintf(stderr, "mmd_pose: %s: %s (body %d, joint %d)\n", args[1], report.warning, report.body, report.joint);
        status = 1;
    }
#if defined(MMD_POSE_BULLET)
    if (status == 0 && physics) {
        pm_mmd_physics_engine bullet;
        if (pm_mmd_bullet_create(&model->physics, -98.0f, &bullet) != PM_OK) {
            fprintf(stderr, "mmd_pose: %s: Bullet: out of memory\n", args[1]);
            status = 1;
        }
        pm_mmd_model_set_physics(model, &bullet);
        model->substep = 1.0 / 60.0 / substeps;
    }
#endif
    if (status == 0) {
        message = pm_mmd_model_play(model, &motion) != PM_OK ? "the motion: out of memory, or a pose not finite"
                                                             : play(model, physics, morphs, args + 3, count - 3);
        if (message) {
            fprintf(stderr, "mmd_pose: %s: %s\n", args[1], message);
            status = 1;
        }
    }
    if (model && model->recovered)
        fprintf(stderr, "mmd_pose: warning: Bullet lost %d bodies (not finite), placed back on their bones, still\n",
                model->recovered);
    pm_mmd_model_destroy(model);
    pm_vmd_free(&motion);
    pm_pmx_free(&pmx);
    return output_close("mmd_pose", status);
}
