/* mmd_dance: a MikuMikuDance model danced by a motion and skinned, drawn as
   a labelled contact sheet: the PMX and VMD readers, the motion sampled and
   the bones posed with grants and IK (examples/mmd_play.h), each bone's
   pose turned into a skinning transform (pm_rigid_from_bone) and the mesh
   skinned by the job (BDEF, SDEF, QDEF as the model has them), at the
   middles of six equal spans of the motion, seen from the front.

   usage: mmd_dance OUT.png [MODEL.pmx MOTION.vmd]

   Without files it plays tests/fixtures/character.pmx and its dance (283
   bones, 17 IK chains, 46 grants, SDEF at the elbows and knees;
   tests/gen/mmd_character_write.py writes them). Prints per frame the
   time to pose the bones and to skin the mesh, and how far each foot IK's
   target (the ankle) is from its IK bone: IK brought the feet where the
   motion put them. */
#define _POSIX_C_SOURCE 200112L /* clock_gettime */
#define POSEMATH_IMPLEMENTATION
#include "../posemath.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include "font.h"
#include "mmd_play.h"
#include "raster.h"

#include <time.h>

enum { PANELS = 6, PANEL_WIDTH = 300, HEIGHT = 480, WIDTH = PANELS * PANEL_WIDTH };

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* The last key's frame of any track: where the motion ends. */
static double motion_end(const vmd *motion)
{
    double end = 0.0;
    int t;
    for (t = 0; t < motion->bone_count; ++t)
        if (motion->bones[t].key_count > 0) end = fmax(end, (double)motion->bones[t].keys[motion->bones[t].key_count - 1].frame);
    return end;
}

/* Flat-shaded triangles, each in its first vertex's first bone's color, lit
   on the side facing the viewer. */
static void draw(raster *r, const pmx *model, const float *skinned, int panel, float scale, const float center[2])
{
    static const unsigned char palette[6][3] = {{214, 96, 77}, {244, 165, 130}, {146, 197, 222},
                                                {67, 147, 195}, {166, 217, 106}, {253, 219, 199}};
    const float light[3] = {0.3f, 0.6f, -0.75f}; /* from the front (MMD models face -Z), above, right */
    int f, k;
    for (f = 0; f + 2 < model->index_count; f += 3) {
        const float *v[3];
        float p[4][3], e1[3], e2[3], n[3];
        for (k = 0; k < 3; ++k) {
            v[k] = skinned + 3 * (size_t)model->indices[f + k];
            p[k][0] = (float)(panel * PANEL_WIDTH + PANEL_WIDTH / 2) + (v[k][0] - center[0]) * scale;
            p[k][1] = (float)HEIGHT - 40.0f - (v[k][1] - center[1]) * scale;
            p[k][2] = -v[k][2]; /* nearer the viewer at -Z: larger */
        }
        memcpy(p[3], p[2], sizeof p[3]); /* a triangle as a quad with two corners in one */
        for (k = 0; k < 3; ++k) {
            e1[k] = v[1][k] - v[0][k];
            e2[k] = v[2][k] - v[0][k];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        if (n[2] > 0.0f) n[0] = -n[0], n[1] = -n[1], n[2] = -n[2];
        raster_quad(r, (const float(*)[3])p, n, light, palette[model->bone_indices[4 * (size_t)model->indices[f]] % 6]);
    }
}

int main(int argc, char **argv)
{
    const char *model_path = argc > 3 ? argv[2] : "tests/fixtures/character.pmx";
    const char *motion_path = argc > 3 ? argv[3] : "tests/fixtures/character_dance.vmd";
    static unsigned char ink[3] = {60, 60, 60};
    pmx model;
    vmd motion;
    mmd_player player;
    pm_skin_job job;
    pm_rigid *bones;
    pm_skin_bone *prepared;
    float *skinned, center[2], scale, low = 1e30f, high = -1e30f;
    unsigned char *image;
    float *depth;
    char error[200], label[96];
    int b, panel, bad, ik_count = 0;
    double end;
    if (argc != 2 && argc != 4) {
        fprintf(stderr, "usage: mmd_dance OUT.png [MODEL.pmx MOTION.vmd]\n");
        return 2;
    }
    if (pmx_load(model_path, &model, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_dance: %s: %s\n", model_path, error);
        return 1;
    }
    if (vmd_load(motion_path, &motion, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_dance: %s: %s\n", motion_path, error);
        pmx_free(&model);
        return 1;
    }
    if (model.vertex_count == 0 || mmd_player_init(&player, &model, &motion, error, sizeof error) != 0) {
        fprintf(stderr, "mmd_dance: %s: %s\n", model_path, model.vertex_count ? error : "no vertices to draw");
        vmd_free(&motion);
        pmx_free(&model);
        return 1;
    }
    bones = (pm_rigid *)malloc(sizeof *bones * (size_t)model.bone_count);
    prepared = (pm_skin_bone *)malloc(sizeof *prepared * (size_t)model.bone_count);
    skinned = (float *)malloc(sizeof *skinned * 3 * (size_t)model.vertex_count);
    image = (unsigned char *)malloc((size_t)WIDTH * HEIGHT * 3);
    depth = (float *)malloc(sizeof *depth * (size_t)WIDTH * HEIGHT);
    pmx_skin_job(&model, &job);
    job.normals = NULL; /* the picture shades faces */
    job.bones = bones;
    job.bone_count = model.bone_count;
    job.prepared = prepared;
    job.out_positions = skinned;
    if (!bones || !prepared || !skinned || !image || !depth || pm_skin_job_validate(&job, &bad) != PM_OK) {
        fprintf(stderr, "mmd_dance: %s: the mesh is not one the skinning job takes (vertex %d)\n", model_path, bad);
        return 1;
    }
    for (b = 0; b < model.vertex_count; ++b) {
        low = fminf(low, model.positions[3 * b + 1]);
        high = fmaxf(high, model.positions[3 * b + 1]);
    }
    for (b = 0; b < model.bone_count; ++b) ik_count += (model.bones[b].flags & PMX_BONE_IK) != 0;
    scale = (float)(HEIGHT - 110) / fmaxf(high - low, 1e-6f);
    center[0] = 0.0f;
    center[1] = low;
    end = motion_end(&motion);
    {
        raster r = {WIDTH, HEIGHT, NULL, NULL};
        r.rgb = image;
        r.depth = depth;
        raster_clear(&r, 250);
        printf("%s: %d vertices, %d bones (%d IK), %d tracks; %s: frames 0 to %g\n", model_path, model.vertex_count,
               model.bone_count, ik_count, motion.bone_count, motion_path, end);
        for (panel = 0; panel < PANELS; ++panel) {
            const double frame = end * (2 * panel + 1) / (2 * PANELS); /* the middles of six equal spans */
            double t0 = now_us(), t1, t2, miss = 0.0;
            if (mmd_player_pose(&player, frame) != PM_OK) {
                fprintf(stderr, "mmd_dance: frame %g refused\n", frame);
                return 1;
            }
            for (b = 0; b < model.bone_count; ++b)
                pm_rigid_from_bone(player.pose[b].world_rotation, player.pose[b].world_position, model.bones[b].position,
                                   &bones[b]);
            t1 = now_us();
            if (pm_skin_job_prepare(&job) != PM_OK || pm_skin_job_run(&job, 0, model.vertex_count) != PM_OK) {
                fprintf(stderr, "mmd_dance: skinning frame %g failed\n", frame);
                return 1;
            }
            t2 = now_us();
            for (b = 0; b < model.bone_count; ++b) { /* the foot IKs (足ＩＫ: 3-byte ＩＫ in UTF-8) */
                const pmx_bone *bone = &model.bones[b];
                int k;
                double d = 0.0;
                if (!(bone->flags & PMX_BONE_IK) || !strstr(bone->name, "足ＩＫ") || strstr(bone->name, "つま先")) continue;
                for (k = 0; k < 3; ++k)
                    d += pow((double)player.pose[bone->ik_target].world_position[k] - (double)player.pose[b].world_position[k], 2);
                miss = fmax(miss, sqrt(d));
            }
            printf("frame %6.1f: bones posed in %5.1f us, %d vertices skinned in %5.1f us, feet %.2g from their IK\n",
                   frame, t1 - t0, model.vertex_count, t2 - t1, miss);
            draw(&r, &model, skinned, panel, scale, center);
            snprintf(label, sizeof label, "FRAME %g", frame);
            font_draw(image, WIDTH, HEIGHT, panel * PANEL_WIDTH + 10, HEIGHT - 24, 2, label, ink);
        }
        snprintf(label, sizeof label, "PMX %d VERTICES, %d BONES (%d IK) - VMD %d TRACKS - GRANTS, CCD IK, SDEF",
                 model.vertex_count, model.bone_count, ik_count, motion.bone_count);
        font_draw(image, WIDTH, HEIGHT, 10, 10, 2, label, ink);
    }
    if (!stbi_write_png(argv[1], WIDTH, HEIGHT, 3, image, WIDTH * 3)) {
        fprintf(stderr, "mmd_dance: cannot write %s\n", argv[1]);
        return 1;
    }
    printf("wrote %s\n", argv[1]);
    free(bones);
    free(prepared);
    free(skinned);
    free(image);
    free(depth);
    mmd_player_free(&player);
    vmd_free(&motion);
    pmx_free(&model);
    return 0;
}
