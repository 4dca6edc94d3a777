/* vrma_tracks: reads a VRM animation (.vrma, glTF binary) with
   posemath_vrm.h and prints every keyframe of its first animation as
   three-vrm-animation's VRMAnimationLoaderPlugin gives its tracks: humanoid
   rotations normalized (as if the rig had identity rest rotations), the
   hips translation in model space, the expressions' weights and the lookAt
   rotation.

   usage: vrma_tracks FILE.vrma

   Output lines: "rotation BONE TIME X Y Z W", "translation hips TIME X Y Z",
   "expression NAME TIME W" and "rotation lookAt TIME X Y Z W". */
#include "../posemath_vrm.h"
#include "output.h"

#include <stdio.h>

/* Every key of a track; `only` (or -1): the one component to print */
static void print_track(const char *kind, const char *name, const pm_track *track, int only)
{
    int k, c;
    for (k = 0; k < track->key_count; ++k) {
        printf("%s %s %.9g", kind, name, (double)track->times[k]);
        for (c = 0; c < track->components; ++c)
            if (only < 0 || c == only) printf(" %.9g", (double)track->values[k * track->components + c]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    pm_vrma_motion motion;
    pm_parse_error error;
    int b, e;

    if (argc != 2) {
        fprintf(stderr, "usage: vrma_tracks FILE.vrma\n");
        return 2;
    }
    if (pm_vrma_parse_file(argv[1], NULL, &motion, &error) != PM_OK) {
        fprintf(stderr, "vrma_tracks: %s: byte %lu: %s\n", argv[1], (unsigned long)error.offset, error.message);
        return 1;
    }
    if (error.warning) fprintf(stderr, "vrma_tracks: %s: warning: %s\n", argv[1], error.warning);
    for (b = 0; b < PM_BONE_COUNT; ++b) print_track("rotation", pm_bone_name((pm_bone)b), &motion.rotation[b], -1);
    print_track("translation", "hips", &motion.hips_position, -1);
    for (e = 0; e < motion.expression_count; ++e) print_track("expression", motion.expressions[e].name, &motion.expressions[e].weight, 0);
    print_track("rotation", "lookAt", &motion.look_at, -1);
    pm_vrma_free(&motion);
    return output_close("vrma_tracks", 0);
}
