/* mmd_dance: a MikuMikuDance model danced by a motion and skinned, drawn as
   a labelled contact sheet: the PMX and VMD readers, the motion sampled and
   morphs weighed and the bones posed with bone morphs, grants and IK
   (posemath_mmd.h's model instance, which also turns each bone's pose into
   a skinning transform), and the mesh skinned by the job (BDEF, SDEF, QDEF as
   the model has them, the vertex morphs at their weights: a face), at the
   middles of six equal spans of the motion, seen from the front.

   usage: mmd_dance OUT.png [OUT.gif] [MODEL.pmx MOTION.vmd]

   Without files it plays tests/fixtures/character.pmx and its dance (283
   bones, 17 IK chains, 46 grants, SDEF at the elbows and knees, 102 rigid
   bodies and 122 joints in its hair and skirt, a face that blinks, speaks,
   smiles and looks about; tests/gen/mmd_character_write.py writes them). Built with Bullet (posemath_mmd_bullet.cc, Debian's
   libbullet-dev) it plays the model's rigid bodies too, from the motion's
   frame 0 (every body placed on its bone) in steps of 1/60 s, as
   mmd_pose --physics does; built with giflib it writes the first four
   seconds as an animated GIF (20 frames a second) where asked. Prints per
   frame the time to pose the bones (and step the physics) and to skin the
   mesh, and how far each foot IK's target (the ankle) is from its IK bone:
   IK brought the feet where the motion put them. */
#define _POSIX_C_SOURCE 200112L /* clock_gettime */
#include "../posemath_mmd.h"
#if defined(MMD_DANCE_BULLET)
#include "../posemath_mmd_bullet.h"
#endif

#include "png_write.h"

#include "font.h"
#include "raster.h"
#if defined(MMD_DANCE_GIF)
#include "gif_write.h"
#endif
#include "output.h"

#include <time.h>

enum { PANELS = 6, PANEL_WIDTH = 300, HEIGHT = 480, WIDTH = PANELS * PANEL_WIDTH };
enum { GIF_STEPS = 4 * 60, GIF_EVERY = 3 }; /* four seconds of 1/60 s steps; every 3rd shown: 20 a second, 5/100 s each */

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* Flat-shaded triangles, each in its first vertex's first bone's color, lit
   on the side facing the viewer. */
static void draw(raster *r, const pm_pmx_model *model, const float *skinned, int panel, float scale, const float center[2])
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

static int ends_with(const char *text, const char *end)
{
    const size_t n = strlen(text), m = strlen(end);
    return n >= m && strcmp(text + n - m, end) == 0;
}

int main(int argc, char **argv)
{
    const char *gif_path = argc > 2 && ends_with(argv[2], ".gif") ? argv[2] : NULL;
    const int files = gif_path ? 3 : 2; /* where MODEL.pmx MOTION.vmd would start */
    const char *model_path = argc > files ? argv[files] : "tests/fixtures/character.pmx";
    const char *motion_path = argc > files ? argv[files + 1] : "tests/fixtures/character_dance.vmd";
    static unsigned char ink[3] = {60, 60, 60};
    pm_pmx_model model;
    pm_vmd_motion motion;
    pm_mmd_model *dancer = NULL;
    pm_mmd_model_report report;
    pm_parse_error error;
    pm_skin_job job;
    float *skinned, center[2], scale, low = 1e30f, high = -1e30f;
    unsigned char *image;
    float *depth;
    char label[128];
    int b, panel = 0, bad = -1, ik_count = 0, physics = 0;
    long step, panel_step[PANELS], last_step;
    double end;
#if defined(MMD_DANCE_GIF)
    gif_writer gif;
    raster film = {PANEL_WIDTH, HEIGHT, NULL, NULL}; /* the GIF's frames: one panel */
#endif
    if (argc != files && argc != files + 2) {
        fprintf(stderr, "usage: mmd_dance OUT.png [OUT.gif] [MODEL.pmx MOTION.vmd]\n");
        return 2;
    }
    if (pm_pmx_parse_file(model_path, NULL, &model, &error) != PM_OK) {
        fprintf(stderr, "mmd_dance: %s: byte %lu: %s\n", model_path, (unsigned long)error.offset, error.message);
        return 1;
    }
    if (pm_vmd_parse_file(motion_path, NULL, &motion, &error) != PM_OK) {
        fprintf(stderr, "mmd_dance: %s: byte %lu: %s\n", motion_path, (unsigned long)error.offset, error.message);
        pm_pmx_free(&model);
        return 1;
    }
    if (model.vertex_count == 0 || pm_mmd_model_create(&model, NULL, &dancer, &report) != PM_OK) {
        fprintf(stderr, "mmd_dance: %s: %s\n", model_path, model.vertex_count ? report.message : "no vertices to draw");
        pm_vmd_free(&motion);
        pm_pmx_free(&model);
        return 1;
    }
    if (report.warning)
        printf("mmd_dance: %s: played without its rigid bodies: %s (body %d, joint %d)\n", model_path, report.warning,
               report.body, report.joint);
#if defined(MMD_DANCE_BULLET)
    if (dancer->physics.body_count > 0) { /* the rigid bodies on Bullet, from the motion's frame 0 */
        pm_mmd_physics_engine bullet;
        if (pm_mmd_bullet_create(&dancer->physics, -98.0f, &bullet) != PM_OK) {
            fprintf(stderr, "mmd_dance: %s: physics: out of memory\n", model_path);
            return 1;
        }
        pm_mmd_model_set_physics(dancer, &bullet);
        physics = 1;
    }
#endif
    if (pm_mmd_model_play(dancer, &motion) != PM_OK) {
        fprintf(stderr, "mmd_dance: %s: out of memory, or a pose not finite at frame 0\n", motion_path);
        return 1;
    }
    skinned = (float *)malloc(sizeof *skinned * 3 * (size_t)model.vertex_count);
    image = (unsigned char *)malloc((size_t)WIDTH * HEIGHT * 3);
    depth = (float *)malloc(sizeof *depth * (size_t)WIDTH * HEIGHT);
    if (!skinned || !image || !depth) {
        fprintf(stderr, "mmd_dance: out of memory\n");
        return 1;
    }
    job = dancer->skin_job; /* the mesh, its face's vertex morphs and the bones, as the instance keeps them */
    job.normals = NULL;     /* the picture shades faces */
    job.out_positions = skinned;
    if (pm_skin_job_validate(&job, &bad) != PM_OK) {
        fprintf(stderr, "mmd_dance: %s: the mesh is not one the skinning job takes (vertex %d)\n", model_path, bad);
        return 1;
    }
    for (b = 0; b < model.vertex_count; ++b) {
        low = fminf(low, model.positions[3 * b + 1]);
        high = fmaxf(high, model.positions[3 * b + 1]);
    }
    for (b = 0; b < model.bone_count; ++b) ik_count += (model.bones[b].flags & PM_PMX_BONE_IK) != 0;
    scale = (float)(HEIGHT - 110) / fmaxf(high - low, 1e-6f);
    center[0] = 0.0f;
    center[1] = low;
    end = pm_vmd_last_frame(&motion);
    for (panel = 0; panel < PANELS; ++panel) /* the middles of six equal spans, on the steps' grid of half frames */
        panel_step[panel] = lround(end * (2 * panel + 1) / PANELS);
    last_step = panel_step[PANELS - 1];
#if defined(MMD_DANCE_GIF)
    film.rgb = (unsigned char *)malloc((size_t)PANEL_WIDTH * HEIGHT * 3);
    film.depth = (float *)malloc(sizeof *film.depth * (size_t)PANEL_WIDTH * HEIGHT);
    if (!film.rgb || !film.depth) {
        fprintf(stderr, "mmd_dance: out of memory\n");
        return 1;
    }
    if (gif_path && gif_open(&gif, gif_path, PANEL_WIDTH, HEIGHT) != 0) {
        fprintf(stderr, "mmd_dance: %s: %s\n", gif_path, gif.error);
        return 1;
    }
    if (gif_path && last_step < GIF_STEPS) last_step = GIF_STEPS;
#else
    if (gif_path) printf("mmd_dance: %s skipped: built without giflib (Debian's libgif-dev)\n", gif_path);
#endif
    printf("%s: %d vertices, %d bones (%d IK), %d morphs (%d vertex offsets); %s: %d bone and %d morph tracks, frames 0 to "
           "%g\n", model_path, model.vertex_count, model.bone_count, ik_count, model.morph_count, model.vertex_offset_count,
           motion_path, motion.bone_count, motion.morph_count, end);
#if defined(MMD_DANCE_BULLET)
    if (physics)
        printf("physics: %d rigid bodies, %d joints on Bullet, from frame 0 (every body placed on its bone), steps of 1/60 s\n",
               model.rigid_body_count, model.joint_count);
    else
        printf("physics: none, the model has no rigid bodies\n");
#else
    printf("physics: off, built without Bullet (Debian's libbullet-dev)%s\n",
           model.rigid_body_count ? "; the rigid bodies stay where their bones put them" : "");
#endif
    {
        raster r = {WIDTH, HEIGHT, NULL, NULL};
        r.rgb = image, r.depth = depth;
        raster_clear(&r, 250);
        for (step = 0, panel = 0; step <= last_step; ++step) {
            const int shown = panel < PANELS && step == panel_step[panel];
            const int filmed = gif_path && step <= GIF_STEPS && step % GIF_EVERY == 0;
            double t0 = now_us(), t1, t2, miss = 0.0;
            if (step > 0 && pm_mmd_model_update(dancer, 1.0 / 60.0) != PM_OK) { /* step 0: frame 0, where play put it */
                fprintf(stderr, "mmd_dance: frame %g: a body flew off, or a pose is not finite\n", 0.5 * (double)step);
                return 1;
            }
            if (!shown && !filmed) continue;
            t1 = now_us();
            if (pm_skin_job_prepare(&job) != PM_OK || pm_skin_job_run(&job, 0, model.vertex_count) != PM_OK) {
                fprintf(stderr, "mmd_dance: skinning frame %g failed\n", 0.5 * (double)step);
                return 1;
            }
            t2 = now_us();
#if defined(MMD_DANCE_GIF)
            if (filmed) {
                raster_clear(&film, 250);
                draw(&film, &model, skinned, 0, scale, center);
                snprintf(label, sizeof label, "FRAME %g", 0.5 * (double)step);
                font_draw(film.rgb, PANEL_WIDTH, HEIGHT, 10, HEIGHT - 24, 2, label, ink);
                if (gif_add(&gif, film.rgb, 100 / (60 / GIF_EVERY)) != 0) {
                    fprintf(stderr, "mmd_dance: %s: %s\n", gif_path, gif.error);
                    return 1;
                }
            }
#endif
            if (!shown) continue;
            for (b = 0; b < model.bone_count; ++b) { /* the foot IKs (足ＩＫ: 3-byte ＩＫ in UTF-8) */
                const pm_pmx_bone *bone = &model.bones[b];
                int k;
                double d = 0.0;
                if (!(bone->flags & PM_PMX_BONE_IK) || !strstr(bone->name, "足ＩＫ") || strstr(bone->name, "つま先")) continue;
                for (k = 0; k < 3; ++k)
                    d += pow((double)dancer->pose[bone->ik_target].world_position[k] - (double)dancer->pose[b].world_position[k], 2);
                miss = fmax(miss, sqrt(d));
            }
            printf("frame %6.1f: bones posed in %5.1f us, %d vertices skinned in %5.1f us, feet %.2g from their IK\n",
                   0.5 * (double)step, t1 - t0, model.vertex_count, t2 - t1, miss);
            draw(&r, &model, skinned, panel, scale, center);
            snprintf(label, sizeof label, "FRAME %g", 0.5 * (double)step);
            font_draw(image, WIDTH, HEIGHT, panel * PANEL_WIDTH + 10, HEIGHT - 24, 2, label, ink);
            ++panel;
        }
        snprintf(label, sizeof label, "PMX %d VERTICES, %d BONES (%d IK) - VMD %d TRACKS - GRANTS, CCD IK, SDEF%s",
                 model.vertex_count, model.bone_count, ik_count, motion.bone_count,
                 physics ? ", PHYSICS" : "");
        font_draw(image, WIDTH, HEIGHT, 10, 10, 2, label, ink);
    }
#if defined(MMD_DANCE_GIF)
    if (gif_path) {
        if (gif_close(&gif) != 0) {
            fprintf(stderr, "mmd_dance: %s: %s\n", gif_path, gif.error);
            return 1;
        }
        printf("wrote %s (%d frames, 4 s)\n", gif_path, GIF_STEPS / GIF_EVERY + 1);
    }
#endif
    if (!png_write(argv[1], WIDTH, HEIGHT, image)) {
        fprintf(stderr, "mmd_dance: cannot write %s\n", argv[1]);
        return 1;
    }
    printf("wrote %s\n", argv[1]);
    pm_mmd_model_destroy(dancer);
    free(skinned);
    free(image);
    free(depth);
#if defined(MMD_DANCE_GIF)
    free(film.rgb);
    free(film.depth);
#endif
    pm_vmd_free(&motion);
    pm_pmx_free(&model);
    return output_close("mmd_dance", 0);
}
