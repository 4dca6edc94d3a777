/* raster.h: the examples' software rasterizer, a z-buffered RGB image with
   flat-shaded triangles. Example code:
   include it in one file. */
#ifndef EXAMPLES_RASTER_H
#define EXAMPLES_RASTER_H

#include "../posemath.h"

#include <math.h>
#include <string.h>

typedef struct raster {
    int width, height;
    unsigned char *rgb; /* width x height x 3 */
    float *depth;       /* width x height; larger is nearer */
} raster;

static void raster_clear(raster *r, unsigned char background)
{
    int i;
    memset(r->rgb, background, (size_t)r->width * (size_t)r->height * 3);
    for (i = 0; i < r->width * r->height; ++i) r->depth[i] = -1e30f;
}

static float raster_edge(const float a[3], const float b[3], float x, float y)
{
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
}

/* Screen-space triangle (x, y in pixels, z depth). Returns pixels written. */
static int raster_triangle(raster *r, const float a[3], const float b[3], const float c[3],
                           const unsigned char color[3])
{
    float area = raster_edge(a, b, c[0], c[1]);
    int x0 = (int)fmaxf(0.0f, floorf(fminf(a[0], fminf(b[0], c[0])))),
        x1 = (int)fminf((float)r->width - 1, ceilf(fmaxf(a[0], fmaxf(b[0], c[0])))),
        y0 = (int)fmaxf(0.0f, floorf(fminf(a[1], fminf(b[1], c[1])))),
        y1 = (int)fminf((float)r->height - 1, ceilf(fmaxf(a[1], fmaxf(b[1], c[1])))), x, y, written = 0;
    if (fabsf(area) < 1e-6f) return 0;
    for (y = y0; y <= y1; ++y)
        for (x = x0; x <= x1; ++x) {
            float px = (float)x + 0.5f, py = (float)y + 0.5f, z;
            float wa = raster_edge(b, c, px, py) / area, wb = raster_edge(c, a, px, py) / area,
                  wc = raster_edge(a, b, px, py) / area;
            if (wa < 0.0f || wb < 0.0f || wc < 0.0f) continue;
            z = wa * a[2] + wb * b[2] + wc * c[2];
            if (z <= r->depth[y * r->width + x]) continue;
            r->depth[y * r->width + x] = z;
            memcpy(r->rgb + 3 * (y * r->width + x), color, 3);
            ++written;
        }
    return written;
}

/* A quad (two triangles) in `base` color, lit from direction `light`
   through the sum of its corners' normals. Returns pixels written. */
static int raster_quad(raster *r, const float p[4][3], const float normal_sum[3], const float light[3],
                       const unsigned char base[3])
{
    float lengths = sqrtf((normal_sum[0] * normal_sum[0] + normal_sum[1] * normal_sum[1] +
                           normal_sum[2] * normal_sum[2]) *
                          (light[0] * light[0] + light[1] * light[1] + light[2] * light[2]));
    float shade = 0.38f + 0.62f * fmaxf(0.0f, (normal_sum[0] * light[0] + normal_sum[1] * light[1] +
                                               normal_sum[2] * light[2]) / (lengths + 1e-6f));
    unsigned char color[3];
    int k;
    for (k = 0; k < 3; ++k) color[k] = (unsigned char)((float)base[k] * shade);
    return raster_triangle(r, p[0], p[1], p[2], color) + raster_triangle(r, p[0], p[2], p[3], color);
}

#endif
