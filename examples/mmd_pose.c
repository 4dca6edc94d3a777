/* mmd_pose: a MikuMikuDance model posed by a motion, bone by bone, as
   posemath evaluates it: for each frame as given (fractional frames
   allowed) and each bone in the model's order, one line

     FRAME BONE x y z qx qy qz qw

   the bone's world position and world rotation in the PMX's own model
   space (no handedness change; BONE is the bone's name, any blank in it
   written as _). For debugging a model or a motion, and for comparing
   posemath's evaluation with another MMD runtime's.

   Physics off, unless --physics (built with examples/mmd_bullet.cc where
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
#include "../posemath.h"

#include "mmd_play.h"
#if defined(MMD_POSE_BULLET)
#include "mmd_simulation.h"
#endif

static int usage(void)
{
    fprintf(stderr, "usage: mmd_pose [--physics | --physics=120] [--morphs] MODEL.pmx MOTION.vmd FRAME...\n");
    return 2;
}

/* The frame's lines: every bone's, then with morphs the morphs' and the
   materials'; 0, or -1 (out of memory) */
static int print_pose(const pmx *model, const mmd_player *player, int morphs, const char *frame)
{
    const pm_mmd_bone_pose *poses = player->pose;
    float *values;
    int b, m, k;
    for (b = 0; b < model->bone_count; ++b) {
        const pm_mmd_bone_pose *pose = &poses[b];
        char name[PMX_NAME_SIZE], *c;
        memcpy(name, model->bones[b].name, sizeof name);
        if (!name[0]) snprintf(name, sizeof name, "bone%d", b);
        for (c = name; *c; ++c)
            if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r') *c = '_';
        printf("%s %s %.7g %.7g %.7g %.7g %.7g %.7g %.7g\n", frame, name, (double)pose->world_position[0],
               (double)pose->world_position[1], (double)pose->world_position[2], (double)pose->world_rotation[0],
               (double)pose->world_rotation[1], (double)pose->world_rotation[2], (double)pose->world_rotation[3]);
    }
    if (!morphs) return 0;
    for (m = 0; m < model->morph_count; ++m)
        if (model->morphs[m].type == PM_MMD_MORPH_VERTEX || model->morphs[m].type == PM_MMD_MORPH_UV)
            printf("%s morph %d %.9g\n", frame, m, (double)player->morph_applied[m]);
    if (!(values = (float *)malloc(sizeof(float) * PM_MMD_MATERIAL_VALUES * (size_t)(model->material_count + 1)))) return -1;
    if (pm_mmd_morph_materials(&player->morphs, player->morph_weights, model->material_values, values) != PM_OK) {
        free(values);
        return -1;
    }
    for (m = 0; m < model->material_count; ++m) {
        printf("%s material %d", frame, m);
        for (k = 0; k < PM_MMD_MATERIAL_VALUES; ++k) printf(" %.9g", (double)values[PM_MMD_MATERIAL_VALUES * m + k]);
        printf("\n");
    }
    free(values);
    return 0;
}

#if defined(MMD_POSE_BULLET)
/* The frames with physics; 0 or a message */
static const char *simulate(const pmx *model, mmd_player *player, int morphs, char **frames, int count, double substep)
{
    mmd_simulation sim;
    const char *message = mmd_simulation_init(&sim, model, player);
    const double first = strtod(frames[0], NULL);
    long step = 0;
    int a;
    for (a = 0; a < count && !message; ++a) {
        const long target = (long)((strtod(frames[a], NULL) - first) * 2.0);
        for (; step <= target && !message; ++step)
            message = mmd_simulation_step(&sim, first + 0.5 * (double)step, step == 0, substep);
        if (!message && print_pose(model, player, morphs, frames[a]) != 0) message = "the material morphs: not finite, or out of memory";
    }
    if (sim.recovered)
        fprintf(stderr, "mmd_pose: warning: Bullet lost %d bodies (not finite), placed back on their bones, still\n",
                sim.recovered);
    mmd_simulation_free(&sim);
    return message;
}
#endif

int main(int argc, char **argv)
{
    pmx model;
    vmd motion;
    mmd_player player;
    char error[200];
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
    if (physics) {
        fprintf(stderr, "mmd_pose: --physics: built without Bullet (Debian's libbullet-dev)\n");
        return 1;
    }
#endif
    if (pmx_load(args[1], &model, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_pose: %s: %s\n", args[1], error);
        return 1;
    }
    if (vmd_load(args[2], &motion, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_pose: %s: %s\n", args[2], error);
        pmx_free(&model);
        return 1;
    }
    if (mmd_player_init(&player, &model, &motion, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_pose: %s: %s\n", args[1], error);
        status = 1;
    }
#if defined(MMD_POSE_BULLET)
    if (physics && status == 0) {
        const char *message = simulate(&model, &player, morphs, args + 3, count - 3, 1.0 / 60.0 / substeps);
        if (message) {
            fprintf(stderr, "mmd_pose: %s: %s\n", args[1], message);
            status = 1;
        }
    }
#endif
    for (a = 3; a < count && status == 0 && !physics; ++a) {
        pm_result result = mmd_player_pose(&player, strtod(args[a], NULL));
        if (result != PM_OK) {
            fprintf(stderr, "mmd_pose: frame %s: %s\n", args[a], pm_result_string(result));
            status = 1;
            break;
        }
        if (print_pose(&model, &player, morphs, args[a]) != 0) {
            fprintf(stderr, "mmd_pose: frame %s: the material morphs: not finite, or out of memory\n", args[a]);
            status = 1;
        }
    }
    if (player.pose) mmd_player_free(&player);
    vmd_free(&motion);
    pmx_free(&model);
    return status;
}
