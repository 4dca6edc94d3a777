/* vrma_tracks: reads a VRM animation (.vrma, glTF binary) with vrma_read.h
   and prints every humanoid keyframe normalized: rotations as if the rig
   had identity rest rotations, the hips translation in model space.

   usage: vrma_tracks FILE.vrma

   Output lines: "rotation BONE TIME X Y Z W" or "translation hips TIME X Y Z",
   the form in which three-vrm's VRMAnimationLoaderPlugin gives its tracks. */
#include "../posemath.h"

#include "glb.h"
#include "gltf_json.h"
#include "vrma_read.h"

static void print_track(const char *kind, const char *bone, const pm_track *track)
{
    int k, c;
    for (k = 0; k < track->key_count; ++k) {
        printf("%s %s %.9g", kind, bone, (double)track->times[k]);
        for (c = 0; c < track->components; ++c) printf(" %.9g", (double)track->values[k * track->components + c]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    static vrma_motion motion;
    const char *why = "";
    unsigned char *data;
    size_t size;
    glb g;
    int b;

    if (argc != 2) {
        fprintf(stderr, "usage: vrma_tracks FILE.vrma\n");
        return 2;
    }
    if (!(data = read_file(argv[1], &size)) || !glb_open(data, size, &g)) {
        fprintf(stderr, "vrma_tracks: %s is not a readable glTF binary\n", argv[1]);
        return 1;
    }
    if (!vrma_read(&g, &motion, &why)) {
        fprintf(stderr, "vrma_tracks: %s: %s\n", argv[1], why);
        return 1;
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) print_track("rotation", pm_bone_name((pm_bone)b), &motion.rotation[b]);
    print_track("translation", "hips", &motion.hips_position);
    vrma_free(&motion);
    cJSON_Delete(g.json);
    free(data);
    return 0;
}
