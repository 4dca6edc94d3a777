/* retarget: moves a motion from one humanoid to another with different
   rest rotations, proportions and optional bones, checks that every bone
   ends up turned the same way in the world, and draws both skeletons.

   usage: retarget [PICTURE.png]

   A: all 55 VRM bones, identity rest rotations (like a VRM 0.x model).
   B: no upperChest and no toes, longer arms, shorter legs, a random rest
      rotation on every node and an extra non-humanoid node in the left leg
      (like a VRM 1.0 model from another tool).
   For every frame it prints nothing but a summary: the largest angle, over
   all frames and bones, between a bone's world rotation from rest in A and
   in B, measured on the scenes' world matrices (not with the retargeting
   math). Bones B lacks are folded: B's neck and shoulders take A's
   upperChest turn. The picture shows frame 4, front and side views, and
   what differs between the rigs: each node's frame as three axes (B's
   random rest rotations turn them every which way), the bones B lacks
   circled on A, and B's extra node. */
#include "../posemath.h"
#include "font.h"

#include "png_write.h"
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NODES = 64, FRAMES = 8, WIDTH = 960, HEIGHT = 480 };

typedef struct character {
    int node_count;
    int parent[MAX_NODES];
    pm_transform rest[MAX_NODES], pose[MAX_NODES];
    int bone_node[PM_BONE_COUNT];
    pm_humanoid humanoid;
} character;

/* T-pose offsets from the humanoid parent, left side (+X is the character's
   left; it faces +Z). Right-side bones mirror them. */
static void tpose_offset(int bone, vec3 out)
{
    static const float offsets[PM_BONE_COUNT][3] = {
        {0, 0.95f, 0}, {0, 0.1f, 0}, {0, 0.12f, 0}, {0, 0.12f, 0}, {0, 0.12f, 0}, {0, 0.1f, 0},
        {0.03f, 0.06f, 0.08f}, {-0.03f, 0.06f, 0.08f}, {0, 0.02f, 0.05f},
        {0.09f, -0.05f, 0}, {0, -0.42f, 0}, {0, -0.42f, 0}, {0, -0.06f, 0.12f},
        {-0.09f, -0.05f, 0}, {0, -0.42f, 0}, {0, -0.42f, 0}, {0, -0.06f, 0.12f},
        {0.03f, 0.1f, 0}, {0.1f, 0, 0}, {0.25f, 0, 0}, {0.24f, 0, 0},
        {-0.03f, 0.1f, 0}, {-0.1f, 0, 0}, {-0.25f, 0, 0}, {-0.24f, 0, 0}};
    static const float fingers[15][3] = {
        {0.02f, -0.01f, 0.03f}, {0.03f, 0, 0.02f}, {0.025f, 0, 0.01f},
        {0.08f, 0, 0.025f}, {0.03f, 0, 0}, {0.02f, 0, 0},
        {0.08f, 0, 0.005f}, {0.035f, 0, 0}, {0.022f, 0, 0},
        {0.075f, 0, -0.015f}, {0.03f, 0, 0}, {0.02f, 0, 0},
        {0.07f, 0, -0.035f}, {0.025f, 0, 0}, {0.018f, 0, 0}};
    if (bone < PM_BONE_LEFT_THUMB_METACARPAL) {
        glm_vec3_copy((float *)offsets[bone], out);
    } else {
        int finger = (bone - PM_BONE_LEFT_THUMB_METACARPAL) % 15;
        glm_vec3_copy((float *)fingers[finger], out);
        if (bone >= PM_BONE_RIGHT_THUMB_METACARPAL) out[0] = -out[0];
    }
}

static float random_unit(unsigned *state)
{
    *state = *state * 1664525u + 1013904223u;
    return (float)(*state >> 8) / 8388608.0f - 1.0f;
}

/* Builds a T-pose: world positions from the offsets (scaled per region),
   world rest rotations random or identity, local TRS derived from them. */
static void build(character *c, int variant)
{
    vec3 world_position[MAX_NODES];
    versor world_rotation[MAX_NODES];
    unsigned seed = 12345u;
    int b, n = 0;
    memset(c, 0, sizeof *c);
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        int up = pm_bone_parent((pm_bone)b), node, at;
        vec3 offset;
        if (variant && (b == PM_BONE_UPPER_CHEST || b == PM_BONE_LEFT_TOES || b == PM_BONE_RIGHT_TOES)) {
            c->bone_node[b] = -1;
            continue;
        }
        while (up >= 0 && c->bone_node[up] < 0) up = pm_bone_parent((pm_bone)up);
        tpose_offset(b, offset);
        if (variant) { /* B's proportions: longer arms, shorter legs */
            if (b >= PM_BONE_LEFT_UPPER_LEG && b <= PM_BONE_RIGHT_TOES && b != PM_BONE_LEFT_UPPER_LEG &&
                b != PM_BONE_RIGHT_UPPER_LEG)
                glm_vec3_scale(offset, 0.85f, offset);
            if (b >= PM_BONE_LEFT_UPPER_ARM) glm_vec3_scale(offset, 1.12f, offset);
            if (b == PM_BONE_NECK) offset[1] += 0.12f; /* upperChest's length goes to the neck */
            if (b == PM_BONE_HIPS) offset[1] = 0.82f;    /* on shorter legs */
        }
        at = up < 0 ? -1 : c->bone_node[up];
        if (variant && b == PM_BONE_LEFT_LOWER_LEG) { /* a non-humanoid node between thigh and shin */
            vec3 half;
            glm_vec3_scale(offset, 0.5f, half);
            glm_vec3_add(world_position[at], half, world_position[n]);
            glm_quat_identity(world_rotation[n]);
            c->parent[n] = at;
            at = n++;
            glm_vec3_copy(half, offset);
        }
        node = n++;
        c->bone_node[b] = node;
        c->parent[node] = at;
        if (at < 0) glm_vec3_copy(offset, world_position[node]);
        else glm_vec3_add(world_position[at], offset, world_position[node]);
        glm_quat_identity(world_rotation[node]);
        if (variant) {
            glm_quat_init(world_rotation[node], random_unit(&seed), random_unit(&seed), random_unit(&seed),
                          random_unit(&seed) + 1.2f);
            glm_quat_normalize(world_rotation[node]);
        }
    }
    c->node_count = n;
    for (n = 0; n < c->node_count; ++n) { /* local = parent^-1 world */
        pm_transform *t = &c->rest[n];
        int up = c->parent[n];
        glm_vec3_one(t->scale);
        if (up < 0) {
            glm_vec3_copy(world_position[n], t->translation);
            glm_quat_copy(world_rotation[n], t->rotation);
        } else {
            versor inv;
            vec3 d;
            glm_quat_inv(world_rotation[up], inv);
            glm_vec3_sub(world_position[n], world_position[up], d);
            glm_quat_rotatev(inv, d, t->translation);
            glm_quat_mul(inv, world_rotation[n], t->rotation);
        }
    }
    memcpy(c->pose, c->rest, sizeof c->pose);
    if (pm_humanoid_init(&c->humanoid, c->bone_node, c->parent, c->node_count, c->rest, NULL) != PM_OK) {
        fprintf(stderr, "retarget: bad humanoid\n");
        exit(1);
    }
}

/* A's motion at frame f: a bow, an upper-chest twist, a raised arm, a step. */
static void motion(int f, const pm_humanoid *a, pm_raw_pose *pose)
{
    float s = sinf(0.8f * (float)f), t = (float)f / (float)(FRAMES - 1);
    int b;
    for (b = 0; b < PM_BONE_COUNT; ++b) glm_quat_identity(pose->rotation[b]);
    glm_quatv(pose->rotation[PM_BONE_SPINE], 0.25f * t, (vec3){1, 0, 0});
    glm_quatv(pose->rotation[PM_BONE_UPPER_CHEST], 0.5f * s, (vec3){0, 1, 0});
    glm_quatv(pose->rotation[PM_BONE_HEAD], -0.3f * s, (vec3){0, 1, 0});
    glm_quatv(pose->rotation[PM_BONE_LEFT_UPPER_ARM], 1.1f * t, (vec3){0, 0, 1});
    glm_quatv(pose->rotation[PM_BONE_LEFT_LOWER_ARM], 0.9f * t, (vec3){0, 1, 0});
    glm_quatv(pose->rotation[PM_BONE_RIGHT_UPPER_ARM], -0.9f, (vec3){0, 0, 1});
    glm_quatv(pose->rotation[PM_BONE_RIGHT_LOWER_ARM], -1.2f * t, (vec3){0, 1, 0});
    glm_quatv(pose->rotation[PM_BONE_LEFT_UPPER_LEG], -0.7f * t, (vec3){1, 0, 0});
    glm_quatv(pose->rotation[PM_BONE_LEFT_LOWER_LEG], 1.0f * t, (vec3){1, 0, 0});
    glm_quatv(pose->rotation[PM_BONE_LEFT_TOES], 0.4f * t, (vec3){1, 0, 0});
    glm_quatv(pose->rotation[PM_BONE_RIGHT_INDEX_PROXIMAL], 1.0f * t, (vec3){0, 0, 1});
    glm_vec3_copy((vec3){0.05f * s, 0.95f - 0.05f * t, 0.1f * t}, pose->hips_translation);
    pose->rig = a->rig; /* a raw pose of A's rig, made by hand */
}

/* World rotation from rest and world position of every node of c's pose;
   posed gets the world matrices. */
static void world_state(const character *c, versor delta[MAX_NODES], vec3 position[MAX_NODES],
                        float posed[MAX_NODES * 16])
{
    float rest[MAX_NODES * 16];
    int n;
    pm_scene_world_matrices(c->parent, c->node_count, c->rest, rest);
    pm_scene_world_matrices(c->parent, c->node_count, c->pose, posed);
    for (n = 0; n < c->node_count; ++n) {
        mat4 m;
        versor w_rest, w_posed;
        memcpy(m, rest + 16 * n, sizeof m);
        glm_mat4_quat(m, w_rest);
        memcpy(m, posed + 16 * n, sizeof m);
        glm_mat4_quat(m, w_posed);
        glm_quat_inv(w_rest, w_rest);
        glm_quat_mul(w_posed, w_rest, delta[n]);
        glm_vec3_copy(m[3], position[n]);
    }
}

/* The angle of a^-1 b in degrees, as 2 atan2(|v|, |w|): exact for small
   angles, where 2 acos(w) in float cannot resolve less than ~0.04 degrees. */
static float angle_between(versor a, versor b)
{
    double x = (double)a[3] * b[0] - (double)a[0] * b[3] - (double)a[1] * b[2] + (double)a[2] * b[1];
    double y = (double)a[3] * b[1] + (double)a[0] * b[2] - (double)a[1] * b[3] - (double)a[2] * b[0];
    double z = (double)a[3] * b[2] - (double)a[0] * b[1] + (double)a[1] * b[0] - (double)a[2] * b[3];
    double w = (double)a[3] * b[3] + (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2];
    return (float)(2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w)) * 180.0 / GLM_PI);
}

/* ---- drawing ---------------------------------------------------------------- */

static void plot(unsigned char *image, int x, int y, const unsigned char color[3])
{
    int dx, dy;
    for (dy = -1; dy <= 1; ++dy)
        for (dx = -1; dx <= 1; ++dx) {
            int px = x + dx, py = y + dy;
            if (px >= 0 && px < WIDTH && py >= 0 && py < HEIGHT) memcpy(image + 3 * (py * WIDTH + px), color, 3);
        }
}

/* A filled square of `radius` pixels around (x, y) */
static void dot(unsigned char *image, int x, int y, int radius, const unsigned char color[3])
{
    int dx, dy;
    for (dy = -radius; dy <= radius; ++dy)
        for (dx = -radius; dx <= radius; ++dx)
            plot(image, x + dx, y + dy, color);
}

static void line(unsigned char *image, float x0, float y0, float x1, float y1, const unsigned char color[3])
{
    int steps = (int)(fmaxf(fabsf(x1 - x0), fabsf(y1 - y0))) + 1, i;
    for (i = 0; i <= steps; ++i) {
        float t = (float)i / (float)steps;
        plot(image, (int)(x0 + (x1 - x0) * t), (int)(y0 + (y1 - y0) * t), color);
    }
}

/* A panel's view: front (x right, y up) or side (z right), 170 px per metre. */
static void project(const float p[3], int panel, int side, float out[2])
{
    out[0] = (float)(panel * WIDTH / 4 + WIDTH / 8) + 170.0f * (side ? p[2] : p[0]);
    out[1] = (float)HEIGHT - 40.0f - 170.0f * p[1];
}

/* One skeleton in one panel, and at each node (fingers left out) its frame:
   its world x, y and z axes, 6 cm long, in red, green and blue. */
static void draw(unsigned char *image, const character *c, vec3 position[MAX_NODES], const float *world,
                 int panel, int side, const unsigned char color[3])
{
    static const unsigned char axis_color[3][3] = {{230, 40, 40}, {40, 170, 40}, {40, 60, 230}};
    int b, k;
    for (b = 1; b < PM_BONE_COUNT; ++b) {
        int node = c->bone_node[b], up = c->humanoid.parent_bone[b];
        float p[2], q[2];
        if (node < 0) continue;
        project(position[node], panel, side, p);
        project(position[c->bone_node[up]], panel, side, q);
        line(image, p[0], p[1], q[0], q[1], color);
    }
    for (b = 0; b < PM_BONE_LEFT_THUMB_METACARPAL; ++b) {
        const int node = c->bone_node[b];
        float p[2], tip[2];
        if (node < 0) continue;
        project(position[node], panel, side, p);
        for (k = 0; k < 3; ++k) {
            vec3 end;
            glm_vec3_copy(position[node], end);
            glm_vec3_muladds((float *)world + 16 * node + 4 * k, 0.06f / glm_vec3_norm((float *)world + 16 * node + 4 * k),
                             end);
            project(end, panel, side, tip);
            line(image, p[0], p[1], tip[0], tip[1], axis_color[k]);
        }
    }
}

/* A mark and a label at node `node` of a skeleton drawn in a panel */
static void mark(unsigned char *image, const float position[3], int panel, int side, const char *label,
                 const unsigned char color[3])
{
    float p[2];
    project(position, panel, side, p);
    dot(image, (int)p[0], (int)p[1], 4, color);
    font_draw(image, WIDTH, HEIGHT, (int)p[0] + 8, (int)p[1] - 3, 1, label, color);
}

int main(int argc, char **argv)
{
    static character a, b;
    static const char *const names[4] = {"A front", "A side", "B front", "B side"};
    vec3 pos_a[MAX_NODES], pos_b[MAX_NODES], draw_a[MAX_NODES], draw_b[MAX_NODES];
    static float world_a[MAX_NODES * 16], world_b[MAX_NODES * 16], drawn_a[MAX_NODES * 16], drawn_b[MAX_NODES * 16];
    versor delta_a[MAX_NODES], delta_b[MAX_NODES];
    pm_retarget a_to_b; /* worked out once for the pair of rigs */
    float worst[PM_BONE_COUNT] = {0}, overall = 0.0f;
    int f, bone, checked = 0;
    build(&a, 0);
    build(&b, 1);
    if (pm_retarget_init(&a_to_b, &a.humanoid, &b.humanoid) != PM_OK) {
        fprintf(stderr, "retarget: A cannot be retargeted to B\n");
        return 1;
    }
    printf("A: %d bones, identity rest; B: %d bones (no upperChest, no toes), random rest rotations,\n"
           "   longer arms, shorter legs, an extra node in the left leg. Rest hips height %.3f and %.3f.\n",
           (int)PM_BONE_COUNT, b.node_count - 1, (double)a.humanoid.rest_hips[1], (double)b.humanoid.rest_hips[1]);
    for (f = 0; f < FRAMES; ++f) {
        pm_raw_pose raw_a, raw_b;
        motion(f, &a.humanoid, &raw_a);
        if (pm_pose_write(&a.humanoid, &raw_a, a.pose) != PM_OK ||
            pm_retarget_apply(&a_to_b, &raw_a, &raw_b) != PM_OK ||
            pm_pose_write(&b.humanoid, &raw_b, b.pose) != PM_OK) {
            fprintf(stderr, "retarget: frame %d failed\n", f);
            return 1;
        }
        world_state(&a, delta_a, pos_a, world_a);
        world_state(&b, delta_b, pos_b, world_b);
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) { /* a bone B lacks has nothing to compare */
            float e;
            if (b.bone_node[bone] < 0) continue;
            e = angle_between(delta_a[a.bone_node[bone]], delta_b[b.bone_node[bone]]);
            worst[bone] = fmaxf(worst[bone], e);
            overall = fmaxf(overall, e);
            ++checked;
        }
        if (f == 4) {
            memcpy(draw_a, pos_a, sizeof draw_a);
            memcpy(draw_b, pos_b, sizeof draw_b);
            memcpy(drawn_a, world_a, sizeof drawn_a);
            memcpy(drawn_b, world_b, sizeof drawn_b);
        }
    }
    printf("largest world-direction error per bone over %d frames (degrees):\n", FRAMES);
    for (bone = 0; bone < PM_BONE_COUNT; ++bone) {
        if (b.bone_node[bone] < 0) {
            printf("  %-24s (B has none: folded into its children)\n", pm_bone_name((pm_bone)bone));
            continue;
        }
        if (bone < PM_BONE_LEFT_THUMB_METACARPAL || bone == PM_BONE_RIGHT_INDEX_PROXIMAL)
            printf("  %-24s %.5f\n", pm_bone_name((pm_bone)bone), (double)worst[bone]);
    }
    printf("all %d bone-frames: largest error %.5f degrees (fingers included)\n", checked, (double)overall);

    if (argc > 1) {
        static unsigned char image[WIDTH * HEIGHT * 3];
        static const unsigned char color_a[3] = {40, 90, 200}, color_b[3] = {210, 80, 40}, grey[3] = {200, 200, 200},
                                   grey_ink[3] = {90, 90, 90}, ink[3] = {30, 30, 30};
        int p;
        memset(image, 255, sizeof image);
        for (p = 1; p < 4; ++p) line(image, (float)(p * WIDTH / 4), 0, (float)(p * WIDTH / 4), HEIGHT - 40, grey);
        line(image, 0, HEIGHT - 40, WIDTH - 1, HEIGHT - 40, grey);
        for (p = 0; p < 4; ++p) {
            const int side = p % 2;
            if (p < 2) {
                draw(image, &a, draw_a, drawn_a, p, side, color_a);
                mark(image, draw_a[a.bone_node[PM_BONE_UPPER_CHEST]], p, side, "UPPERCHEST: NOT IN B", ink);
                mark(image, draw_a[a.bone_node[PM_BONE_LEFT_TOES]], p, side, "TOES: NOT IN B", ink);
                mark(image, draw_a[a.bone_node[PM_BONE_RIGHT_TOES]], p, side, "", ink);
            } else {
                draw(image, &b, draw_b, drawn_b, p, side, color_b);
                mark(image, draw_b[b.parent[b.bone_node[PM_BONE_LEFT_LOWER_LEG]]], p, side, "EXTRA NODE", ink);
            }
        }
        for (p = 0; p < 4; ++p) font_draw(image, WIDTH, HEIGHT, p * WIDTH / 4 + 10, 10, 2, names[p], p < 2 ? color_a : color_b);
        font_draw(image, WIDTH, HEIGHT, 10, HEIGHT - 30, 2, "FRAME 4", grey_ink);
        font_draw(image, WIDTH, HEIGHT, 110, HEIGHT - 26, 1,
                  "A: ALL BONES, IDENTITY REST.  B: NO UPPERCHEST, NO TOES, RANDOM REST ROTATIONS, OTHER PROPORTIONS",
                  grey_ink);
        font_draw(image, WIDTH, HEIGHT, 110, HEIGHT - 14, 1,
                  "AXES: THE FRAME OF EVERY NODE (X RED, Y GREEN, Z BLUE). SAME POSTURE, OTHER LOCAL ROTATIONS", grey_ink);
        if (!png_write(argv[1], WIDTH, HEIGHT, image)) {
            fprintf(stderr, "retarget: cannot write %s\n", argv[1]);
            return 1;
        }
        printf("wrote %s: %s, %s, %s, %s (frame 4)\n", argv[1], names[0], names[1], names[2], names[3]);
    }
    return output_close("retarget", overall < 0.01f ? 0 : 1);
}
