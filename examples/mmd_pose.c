/* mmd_pose: a MikuMikuDance model posed by a motion, bone by bone, as
   posemath evaluates it (physics off): for each frame as given (fractional
   frames allowed) and each bone in the model's order, one line

     FRAME BONE x y z qx qy qz qw

   the bone's world position and world rotation in the PMX's own model
   space (no handedness change; BONE is the bone's name, any blank in it
   written as _). For debugging a model or a motion, and for comparing
   posemath's evaluation with another MMD runtime's.

   usage: mmd_pose MODEL.pmx MOTION.vmd FRAME... */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#include "mmd_play.h"

static int usage(void)
{
    fprintf(stderr, "usage: mmd_pose MODEL.pmx MOTION.vmd FRAME...\n");
    return 2;
}

int main(int argc, char **argv)
{
    pmx model;
    vmd motion;
    mmd_player player;
    char error[200];
    int a, b, status = 0;
    if (argc < 4) return usage();
    for (a = 3; a < argc; ++a) { /* every frame a finite number, before any work */
        char *end;
        double frame = strtod(argv[a], &end);
        if (end == argv[a] || *end || !(frame > -1e300 && frame < 1e300)) {
            fprintf(stderr, "mmd_pose: frame \"%s\" is not a number\n", argv[a]);
            return usage();
        }
    }
    if (pmx_load(argv[1], &model, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_pose: %s: %s\n", argv[1], error);
        return 1;
    }
    if (vmd_load(argv[2], &motion, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_pose: %s: %s\n", argv[2], error);
        pmx_free(&model);
        return 1;
    }
    if (mmd_player_init(&player, &model, &motion, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_pose: %s: %s\n", argv[1], error);
        status = 1;
    }
    for (a = 3; a < argc && status == 0; ++a) {
        pm_result result = mmd_player_pose(&player, strtod(argv[a], NULL));
        if (result != PM_OK) {
            fprintf(stderr, "mmd_pose: frame %s: %s\n", argv[a], pm_result_string(result));
            status = 1;
            break;
        }
        for (b = 0; b < model.bone_count; ++b) {
            const pm_mmd_bone_pose *pose = &player.pose[b];
            char name[PMX_NAME_SIZE], *c;
            memcpy(name, model.bones[b].name, sizeof name);
            if (!name[0]) snprintf(name, sizeof name, "bone%d", b);
            for (c = name; *c; ++c)
                if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r') *c = '_';
            printf("%s %s %.7g %.7g %.7g %.7g %.7g %.7g %.7g\n", argv[a], name, (double)pose->world_position[0],
                   (double)pose->world_position[1], (double)pose->world_position[2], (double)pose->world_rotation[0],
                   (double)pose->world_rotation[1], (double)pose->world_rotation[2], (double)pose->world_rotation[3]);
        }
    }
    if (player.pose) mmd_player_free(&player);
    vmd_free(&motion);
    pmx_free(&model);
    return status;
}
