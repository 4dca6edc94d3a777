/* skinning_twist: a cylinder on two bones, its second half twisted 150
   degrees about the cylinder's axis, skinned three ways: BDEF2 (linear blend),
   SDEF and QDEF (dual quaternions). Linear blending collapses the joint
   into the "candy wrapper"; SDEF and QDEF keep its volume. Each mesh is
   skinned by two threads, each taking half the vertex range: the job is
   shared, read only, and the ranges do not overlap.

   usage: skinning_twist [PICTURE.png]
   Prints the cylinder's radius at the joint for each method and, with a
   path, draws the three meshes side by side (left to right: BDEF2, SDEF,
   QDEF). */
#include "../posemath.h"

#include "png_write.h"

#include "font.h"
#include "raster.h"
#include "skin_pool.h"
#include "output.h"

#include <stdio.h>
#include <string.h>

enum { RINGS = 48, SEGMENTS = 36, VERTICES = RINGS * SEGMENTS, WIDTH = 960, HEIGHT = 360 };

typedef struct mesh {
    float pos[3 * VERTICES], nrm[3 * VERTICES], wgt[4 * VERTICES], sdef[9 * VERTICES];
    float out_pos[3 * VERTICES], out_nrm[3 * VERTICES];
    uint16_t idx[4 * VERTICES];
    unsigned char type[VERTICES];
    pm_rigid bones[2];
    pm_skin_bone prepared[2];
    pm_skin_job job;
} mesh;

/* Radius 0.25 along X from -1 to 1; bone 1 takes over around x = 0. */
static void build(mesh *m, pm_skin_type type, float twist)
{
    int r, s;
    vec3 axis = {1.0f, 0.0f, 0.0f};
    memset(m, 0, sizeof *m);
    for (r = 0; r < RINGS; ++r) {
        float x = -1.0f + 2.0f * (float)r / (float)(RINGS - 1);
        float w1 = glm_clamp((x + 0.3f) / 0.6f, 0.0f, 1.0f);
        w1 = w1 * w1 * (3.0f - 2.0f * w1); /* smoothstep */
        for (s = 0; s < SEGMENTS; ++s) {
            int v = r * SEGMENTS + s;
            float a = 2.0f * GLM_PIf * (float)s / (float)SEGMENTS;
            m->pos[3 * v] = x;
            m->pos[3 * v + 1] = 0.25f * cosf(a);
            m->pos[3 * v + 2] = 0.25f * sinf(a);
            m->nrm[3 * v + 1] = cosf(a);
            m->nrm[3 * v + 2] = sinf(a);
            m->idx[4 * v + 1] = 1;
            m->wgt[4 * v] = 1.0f - w1;
            m->wgt[4 * v + 1] = w1;
            m->sdef[9 * v] = m->sdef[9 * v + 3] = m->sdef[9 * v + 6] = 0.0f; /* C, R0, R1: the joint, on the axis */
            m->type[v] = (unsigned char)type;
        }
    }
    glm_quat_identity(m->bones[0].rotation);
    glm_quatv(m->bones[1].rotation, twist, axis);
    m->job.vertex_count = VERTICES;
    m->job.positions = m->pos;
    m->job.normals = m->nrm;
    m->job.types = m->type;
    m->job.bone_indices = m->idx;
    m->job.bone_weights = m->wgt;
    m->job.sdef = m->sdef;
    m->job.bones = m->bones;
    m->job.bone_count = 2;
    m->job.prepared = m->prepared;
    m->job.out_positions = m->out_pos;
    m->job.out_normals = m->out_nrm;
}

/* validate once, then (each frame) prepare and run on two threads */
static int skin(mesh *m, skin_pool *pool)
{
    return pm_skin_job_validate(&m->job, NULL) == PM_OK && pm_skin_job_prepare(&m->job) == PM_OK &&
           skin_pool_run(pool, &m->job) == PM_OK;
}

/* ---- drawing ------------------------------------------------------------------ */

static unsigned char image[WIDTH * HEIGHT * 3];
static float depth[WIDTH * HEIGHT];

/* View: turned 35 degrees about Y and tilted 25 about X, orthographic. */
static void project(const float p[3], int panel, float out[3])
{
    const float cy = cosf(0.6f), sy = sinf(0.6f), cx = cosf(0.45f), sx = sinf(0.45f);
    float x = cy * p[0] + sy * p[2], z = -sy * p[0] + cy * p[2];
    float y = cx * p[1] - sx * z;
    z = sx * p[1] + cx * z;
    out[0] = (float)(panel * WIDTH / 3 + WIDTH / 6) + 130.0f * x;
    out[1] = (float)HEIGHT * 0.5f - 130.0f * y;
    out[2] = z;
}

/* Flat shading from the skinned normals; stripes every third segment. */
static void draw(raster *r, const mesh *m, int panel, const unsigned char base[3])
{
    static const unsigned char white[3] = {235, 235, 235};
    const float light[3] = {0.3f, 0.8f, 0.5f};
    int ring, s, k;
    for (ring = 0; ring + 1 < RINGS; ++ring)
        for (s = 0; s < SEGMENTS; ++s) {
            int q[4] = {ring * SEGMENTS + s, ring * SEGMENTS + (s + 1) % SEGMENTS,
                        (ring + 1) * SEGMENTS + (s + 1) % SEGMENTS, (ring + 1) * SEGMENTS + s};
            float p[4][3], n[3] = {0, 0, 0};
            for (k = 0; k < 4; ++k) {
                project(m->out_pos + 3 * q[k], panel, p[k]);
                n[0] += m->out_nrm[3 * q[k]];
                n[1] += m->out_nrm[3 * q[k] + 1];
                n[2] += m->out_nrm[3 * q[k] + 2];
            }
            raster_quad(r, (const float(*)[3])p, n, light, s / 3 % 2 ? base : white);
        }
}

int main(int argc, char **argv)
{
    static mesh meshes[3];
    static const pm_skin_type types[3] = {PM_SKIN_BDEF2, PM_SKIN_SDEF, PM_SKIN_QDEF};
    static const char *const names[3] = {"BDEF2", "SDEF", "QDEF"};
    static const unsigned char colors[3][3] = {{200, 70, 50}, {60, 160, 80}, {50, 90, 200}};
    const float twist = 150.0f * GLM_PIf / 180.0f;
    int i, s, ring = RINGS / 2;
    skin_pool pool;
    printf("a cylinder of radius 0.25 twisted %.0f degrees across its joint, skinned by two threads:\n",
           (double)(twist * 180.0f / GLM_PIf));
    skin_pool_start(&pool);
    for (i = 0; i < 3; ++i) {
        double radius = 0.0;
        build(&meshes[i], types[i], twist);
        if (!skin(&meshes[i], &pool)) {
            fprintf(stderr, "skinning_twist: %s failed\n", names[i]);
            return 1;
        }
        for (s = 0; s < SEGMENTS; ++s) { /* the ring nearest the joint */
            const float *p = meshes[i].out_pos + 3 * (ring * SEGMENTS + s);
            radius += sqrt((double)p[1] * p[1] + (double)p[2] * p[2]) / SEGMENTS;
        }
        printf("  %-6s radius at the joint %.4f\n", names[i], radius);
    }
    skin_pool_stop(&pool);
    if (argc > 1) {
        raster r = {WIDTH, HEIGHT, image, depth};
        raster_clear(&r, 250);
        static const unsigned char ink[3] = {60, 60, 60};
        char label[64];
        for (i = 0; i < 3; ++i) {
            draw(&r, &meshes[i], i, colors[i]);
            font_draw(image, WIDTH, HEIGHT, i * WIDTH / 3 + 10, 10, 3, names[i], ink);
        }
        snprintf(label, sizeof label, "RADIUS 0.25, TWISTED %.0f DEGREES ACROSS THE JOINT",
                 (double)(twist * 180.0f / GLM_PIf));
        font_draw(image, WIDTH, HEIGHT, 10, HEIGHT - 18, 1, label, ink);
        if (!png_write(argv[1], WIDTH, HEIGHT, image)) {
            fprintf(stderr, "skinning_twist: cannot write %s\n", argv[1]);
            return 1;
        }
        printf("wrote %s: BDEF2, SDEF, QDEF from left to right\n", argv[1]);
    }
    return output_close("skinning_twist", 0);
}
