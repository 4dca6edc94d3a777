/* Skinning: meshes skinned by numpy from the MMD skinning article's equations (QDEF also by
   glm's dual quaternions), exact properties, and bad input.

   Tolerance: 1e-5 relative to the size of the position (1 + |p|): posemath
   skins in float, one blended matrix or quaternion and one product per
   vertex, so a few float roundings of |p| (~1e-7 |p|) are expected; normals
   and tangents are unit vectors, 1e-5. A wrong formula (unnormalized
   weights, M instead of M^-T, no sign alignment) is off by 1e-2 or more. */
#include "test.h"

#include <float.h>
#include <limits.h>
#include <string.h>

#include "fixtures/skinning_blended_numpy.h"
#include "fixtures/skinning_eight_numpy.h"
#include "fixtures/skinning_morph_numpy.h"
#include "fixtures/skinning_numpy.h"

#define SKIN_TOL 1e-5

typedef struct skin_case {
    pm_rigid bones[SKIN_BONES];
    pm_skin_bone prepared[SKIN_BONES];
    int morph_start[SKIN_VERTICES + 1];
    pm_vertex_morph morphs[SKIN_MORPHS * SKIN_VERTICES];
    float out_pos[3 * SKIN_VERTICES], out_nrm[3 * SKIN_VERTICES], out_tan[4 * SKIN_VERTICES];
    pm_skin_job job;
} skin_case;

static void load_skin_case(int index, skin_case *c)
{
    const struct skin_mesh *m = &skin_meshes[index];
    int b;
    memset(c, 0, sizeof *c);
    for (b = 0; b < SKIN_BONES; ++b) {
        memcpy(c->bones[b].rotation, m->bone_q + 4 * b, sizeof(versor));
        memcpy(c->bones[b].translation, m->bone_t + 3 * b, sizeof(vec3));
    }
    CHECK_RESULT(pm_morphs_group_by_vertex(SKIN_VERTICES, SKIN_MORPHS, m->morph_start, m->morph_vertex, m->morph_offset,
                                     c->morph_start, c->morphs, SKIN_MORPHS * SKIN_VERTICES),
                 PM_OK);
    c->job.vertex_count = SKIN_VERTICES;
    c->job.positions = m->pos;
    c->job.normals = m->nrm;
    c->job.tangents = m->tan;
    c->job.types = m->type;
    c->job.bone_indices = m->idx;
    c->job.bone_weights = m->wgt;
    c->job.sdef = m->sdef;
    c->job.morph_start = c->morph_start;
    c->job.morphs = c->morphs;
    c->job.morph_weights = m->morph_weight;
    c->job.morph_count = SKIN_MORPHS;
    c->job.bones = c->bones;
    c->job.bone_count = SKIN_BONES;
    c->job.prepared = c->prepared;
    c->job.out_positions = c->out_pos;
    c->job.out_normals = c->out_nrm;
    c->job.out_tangents = c->out_tan;
}

/* Largest |a - b| over 3 components, over 1 + |b|. */
static double position_error(const float *a, const double *b)
{
    double d = fmax(fabs((double)a[0] - b[0]), fmax(fabs((double)a[1] - b[1]), fabs((double)a[2] - b[2])));
    return d / (1.0 + sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]));
}

void test_skin_matches_numpy(void)
{
    static skin_case c;
    int n, v, k, split;
    double worst = 0.0;
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        load_skin_case(n, &c);
        test_context("mesh %d", n);
        CHECK_RESULT(pm_skin_job_validate(&c.job, NULL), PM_OK);
        CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
        for (split = 0; split < 2; ++split) { /* whole, and in three ranges as threads would */
            memset(c.out_pos, 0, sizeof c.out_pos);
            if (split) {
                CHECK_RESULT(pm_skin_job_run(&c.job, 0, 133), PM_OK);
                CHECK_RESULT(pm_skin_job_run(&c.job, 133, 200), PM_OK);
                CHECK_RESULT(pm_skin_job_run(&c.job, 333, SKIN_VERTICES - 333), PM_OK);
            } else {
                CHECK_RESULT(pm_skin_job_run(&c.job, 0, SKIN_VERTICES), PM_OK);
            }
            for (v = 0; v < SKIN_VERTICES; ++v) {
                double e = position_error(c.out_pos + 3 * v, m->out_pos + 3 * v);
                test_context("mesh %d vertex %d type %d", n, v, m->type[v]);
                worst = fmax(worst, e);
                CHECK_NEAR(e, 0.0, SKIN_TOL);
                for (k = 0; k < 3; ++k) {
                    CHECK_NEAR(c.out_nrm[3 * v + k], m->out_nrm[3 * v + k], SKIN_TOL);
                    CHECK_NEAR(c.out_tan[4 * v + k], m->out_tan[4 * v + k], SKIN_TOL);
                }
                CHECK(c.out_tan[4 * v + 3] == m->tan[4 * v + 3]);
            }
        }
        for (k = 0; k < m->glm_count; ++k) { /* QDEF, second opinion */
            test_context("mesh %d QDEF vertex %d (glm)", n, m->glm_vertex[k]);
            CHECK_NEAR(position_error(c.out_pos + 3 * m->glm_vertex[k], m->glm_pos + 3 * k), 0.0, SKIN_TOL);
        }
    }
    test_context("%s", "");
    CHECK(worst < 2e-6); /* seen: ~3e-7 */
}

/* glTF-style bones (world * inverseBind with scale, mirrors and shear), as
   numpy skins them: linear blends of the whole matrices, SDEF and QDEF
   rigid on the mesh scaled by the bones' weighted cbrt(det) (numpy's QDEF
   agrees with glm's to 4e-7). Unused slots hold 65535 or no bone; one mesh
   has types NULL and 300 bones. Tolerance as above: 1e-5 of 1 + |p|. */
void test_skin_affine_matches_numpy(void)
{
    static pm_skin_bone prepared[300];
    static float out_pos[3 * SKIN_VERTICES], out_nrm[3 * SKIN_VERTICES], out_tan[4 * SKIN_VERTICES];
    size_t n;
    int v, k, split;
    for (n = 0; n < sizeof skin_affine_meshes / sizeof skin_affine_meshes[0]; ++n) {
        const struct skin_affine_mesh *m = &skin_affine_meshes[n];
        pm_skin_job job;
        memset(&job, 0, sizeof job);
        job.vertex_count = SKIN_VERTICES;
        job.positions = m->pos;
        job.normals = m->nrm;
        job.tangents = m->tan;
        job.types = m->type;
        job.bone_indices = m->idx;
        job.bone_weights = m->wgt;
        job.sdef = m->sdef;
        job.bone_matrices = m->matrices;
        job.bone_count = m->bone_count;
        job.prepared = prepared;
        job.out_positions = out_pos;
        job.out_normals = out_nrm;
        job.out_tangents = out_tan;
        test_context("%s", m->description);
        CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
        CHECK_RESULT(pm_skin_job_prepare(&job), PM_OK);
        for (split = 0; split < 2; ++split) { /* whole, and in ranges as threads would */
            memset(out_pos, 0, sizeof out_pos);
            if (split) {
                CHECK_RESULT(pm_skin_job_run(&job, 0, 131), PM_OK);
                CHECK_RESULT(pm_skin_job_run(&job, 131, SKIN_VERTICES - 131), PM_OK);
            } else {
                CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_OK);
            }
            for (v = 0; v < SKIN_VERTICES; ++v) {
                test_context("%s: vertex %d type %d", m->description, v, m->type ? (int)m->type[v] : (int)PM_SKIN_BDEF4);
                CHECK_NEAR(position_error(out_pos + 3 * v, m->out_pos + 3 * v), 0.0, SKIN_TOL);
                for (k = 0; k < 3; ++k) {
                    CHECK_NEAR(out_nrm[3 * v + k], m->out_nrm[3 * v + k], SKIN_TOL);
                    CHECK_NEAR(out_tan[4 * v + k], m->out_tan[4 * v + k], SKIN_TOL);
                }
                CHECK(out_tan[4 * v + 3] == m->tan[4 * v + 3]);
            }
        }
    }
    test_context("%s", "");
}

/* A mesh of `count` (up to SMALL_MESH_MAX) vertices of one type on bones we
   set. */
enum { SMALL_MESH_MAX = 368 };
typedef struct small_mesh {
    float pos[3 * SMALL_MESH_MAX], nrm[3 * SMALL_MESH_MAX], tan[4 * SMALL_MESH_MAX], wgt[4 * SMALL_MESH_MAX],
        sdef[9 * SMALL_MESH_MAX];
    unsigned char type[SMALL_MESH_MAX];
    uint16_t idx[4 * SMALL_MESH_MAX];
    pm_rigid bones[4];
    pm_skin_bone prepared[4];
    float out_pos[3 * SMALL_MESH_MAX], out_nrm[3 * SMALL_MESH_MAX], out_tan[4 * SMALL_MESH_MAX];
    pm_skin_job job;
} small_mesh;

static void small_mesh_init(small_mesh *s, int count, int type)
{
    int v, k;
    memset(s, 0, sizeof *s);
    for (v = 0; v < count; ++v) {
        for (k = 0; k < 3; ++k) {
            s->pos[3 * v + k] = (float)((v * 7 + k * 3) % 11) * 0.1f - 0.5f;
            s->nrm[3 * v + k] = k == v % 3 ? 1.0f : 0.0f;
            s->tan[4 * v + k] = k == (v + 1) % 3 ? 1.0f : 0.0f;
            s->sdef[9 * v + k] = 0.1f * (float)k;
            s->sdef[9 * v + 3 + k] = 0.2f * (float)k;
            s->sdef[9 * v + 6 + k] = -0.1f * (float)k;
        }
        s->tan[4 * v + 3] = v % 2 ? 1.0f : -1.0f;
        s->type[v] = (unsigned char)(type >= 0 ? type : v % 5);
        for (k = 0; k < 4; ++k) {
            s->idx[4 * v + k] = (uint16_t)((v + k) % 4);
            s->wgt[4 * v + k] = 0.1f + 0.2f * (float)k;
        }
        s->wgt[4 * v + 1] = 1.0f - s->wgt[4 * v]; /* BDEF2/SDEF */
    }
    for (k = 0; k < 4; ++k) glm_quat_identity(s->bones[k].rotation);
    s->job.vertex_count = count;
    s->job.positions = s->pos;
    s->job.normals = s->nrm;
    s->job.tangents = s->tan;
    s->job.types = s->type;
    s->job.bone_indices = s->idx;
    s->job.bone_weights = s->wgt;
    s->job.sdef = s->sdef;
    s->job.bones = s->bones;
    s->job.bone_count = 4;
    s->job.prepared = s->prepared;
    s->job.out_positions = s->out_pos;
    s->job.out_normals = s->out_nrm;
    s->job.out_tangents = s->out_tan;
}

void test_skin_properties(void)
{
    static small_mesh s;
    int v, k, b;
    /* identity bones give back the (morphed) bind pose */
    small_mesh_init(&s, 60, -1);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&s.job, 0, 60), PM_OK);
    for (v = 0; v < 60; ++v)
        for (k = 0; k < 3; ++k) {
            CHECK_NEAR(s.out_pos[3 * v + k], s.pos[3 * v + k], 1e-6);
            CHECK_NEAR(s.out_nrm[3 * v + k], s.nrm[3 * v + k], 1e-6);
        }
    /* every bone the same rigid transform: that transform, for every type */
    {
        versor q;
        vec3 t = {3.0f, -2.0f, 0.5f}, axis = {0.3f, 0.8f, -0.5f};
        mat4 m;
        glm_quatv(q, 2.0f, axis);
        for (b = 0; b < 4; ++b) {
            glm_quat_copy(q, s.bones[b].rotation);
            glm_vec3_copy(t, s.bones[b].translation);
        }
        glm_quat_mat4(q, m);
        glm_vec3_copy(t, m[3]);
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&s.job, 0, 60), PM_OK);
        for (v = 0; v < 60; ++v) {
            vec3 expected, n;
            test_context("vertex %d type %d", v, s.type[v]);
            glm_mat4_mulv3(m, s.pos + 3 * v, 1.0f, expected);
            glm_mat4_mulv3(m, s.nrm + 3 * v, 0.0f, n);
            for (k = 0; k < 3; ++k) {
                CHECK_NEAR(s.out_pos[3 * v + k], expected[k], 2e-6);
                CHECK_NEAR(s.out_nrm[3 * v + k], n[k], 2e-6);
            }
        }
        test_context("%s", "");
    }
    /* a cylinder twisted half a turn between two bones: where both weigh
       0.5, linear blending collapses it to its axis; SDEF and QDEF keep its
       radius */
    {
        int t;
        for (t = 0; t < 3; ++t) {
            static const int types[3] = {PM_SKIN_BDEF2, PM_SKIN_SDEF, PM_SKIN_QDEF};
            double radius = 0.0;
            small_mesh_init(&s, 16, types[t]);
            for (v = 0; v < 16; ++v) { /* a ring of radius 1 about the Y axis at the joint */
                float a = (float)v * GLM_PIf / 8.0f;
                s.pos[3 * v] = cosf(a);
                s.pos[3 * v + 1] = 0.0f;
                s.pos[3 * v + 2] = sinf(a);
                s.idx[4 * v] = 0;
                s.idx[4 * v + 1] = 1;
                s.idx[4 * v + 2] = s.idx[4 * v + 3] = 0;
                s.wgt[4 * v] = s.wgt[4 * v + 1] = 0.5f;
                s.wgt[4 * v + 2] = s.wgt[4 * v + 3] = 0.0f;
                for (k = 0; k < 9; ++k) s.sdef[9 * v + k] = 0.0f; /* C, R0, R1 on the axis */
            }
            vec3 up = {0.0f, 1.0f, 0.0f};
            glm_quatv(s.bones[1].rotation, GLM_PIf * 0.999f, up);
            CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
            CHECK_RESULT(pm_skin_job_run(&s.job, 0, 16), PM_OK);
            for (v = 0; v < 16; ++v)
                radius = fmax(radius, sqrt((double)s.out_pos[3 * v] * s.out_pos[3 * v] +
                                           (double)s.out_pos[3 * v + 2] * s.out_pos[3 * v + 2]));
            test_context("type %d", types[t]);
            if (types[t] == PM_SKIN_BDEF2) CHECK(radius < 0.01); /* collapsed: cos(89.9 degrees) */
            else CHECK_NEAR(radius, 1.0, 1e-5);
        }
        test_context("%s", "");
    }
}

void test_skin_helpers(void)
{
    /* PMX per-morph lists to per-vertex CSR */
    const int starts[3] = {0, 2, 5}, verts[5] = {3, 0, 0, 3, 1};
    const float offsets[15] = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5};
    int morph_start[5];
    pm_vertex_morph morphs[5];
    pm_rigid a;
    versor q;
    int k;
    vec3 world = {1.0f, 2.0f, 3.0f}, bind = {0.5f, -1.0f, 2.0f}, back, axis = {0.0f, 0.6f, 0.8f};
    CHECK_RESULT(pm_morphs_group_by_vertex(4, 2, starts, verts, offsets, morph_start, morphs, 5), PM_OK);
    CHECK(morph_start[0] == 0 && morph_start[1] == 2 && morph_start[2] == 3 && morph_start[3] == 3 &&
          morph_start[4] == 5);
    CHECK(morphs[0].morph == 0 && morphs[0].offset[0] == 2.0f); /* vertex 0: morph 0, then morph 1 */
    CHECK(morphs[1].morph == 1 && morphs[1].offset[0] == 3.0f);
    CHECK(morphs[2].morph == 1 && morphs[2].offset[0] == 5.0f); /* vertex 1 */
    CHECK(morphs[3].morph == 0 && morphs[4].morph == 1);        /* vertex 3 */
    CHECK_RESULT(pm_morphs_group_by_vertex(4, 2, starts, verts, offsets, morph_start, morphs, 4), PM_ERROR_CAPACITY);
    CHECK_RESULT(pm_morphs_group_by_vertex(3, 2, starts, verts, offsets, morph_start, morphs, 5), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_morphs_group_by_vertex(-1, 2, starts, verts, offsets, morph_start, morphs, 5),
                 PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_morphs_group_by_vertex(4, 2, starts, verts, offsets, NULL, morphs, 5), PM_ERROR_INVALID_ARGUMENT);
    {
        const int decreasing[3] = {0, 3, 2};
        float bad_offsets[15];
        memcpy(bad_offsets, offsets, sizeof bad_offsets);
        bad_offsets[7] = NAN;
        CHECK_RESULT(pm_morphs_group_by_vertex(4, 2, decreasing, verts, offsets, morph_start, morphs, 5),
                     PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_morphs_group_by_vertex(4, 2, starts, verts, bad_offsets, morph_start, morphs, 5),
                     PM_ERROR_INVALID_ARGUMENT);
    }
    /* MMD bone: M = T(world) R T(-bind) takes the bind position to the world position */
    glm_quatv(q, 1.0f, axis);
    CHECK_RESULT(pm_rigid_from_bone(q, world, bind, &a), PM_OK);
    glm_quat_rotatev(a.rotation, bind, back);
    glm_vec3_add(back, a.translation, back);
    for (k = 0; k < 3; ++k) CHECK_NEAR(back[k], world[k], 1e-6);
    { /* finite inputs: a sum of coordinates overflowing is fine, a difference overflowing is not */
        vec3 far_world = {3e38f, 3e38f, 3e38f}, far_bind = {-3e38f, 0.0f, 0.0f};
        versor identity = {0.0f, 0.0f, 0.0f, 1.0f};
        CHECK_RESULT(pm_rigid_from_bone(identity, far_world, bind, &a), PM_OK);
        CHECK_RESULT(pm_rigid_from_bone(identity, far_world, far_bind, &a), PM_ERROR_INVALID_ARGUMENT);
        glm_quatv(q, 1.0f, axis);
        CHECK_RESULT(pm_rigid_from_bone(q, world, bind, &a), PM_OK);
    }
    /* vertex_count + 1 entries must be countable: INT_MAX vertices are refused
       before morph_start is touched (the loop counter overflowed) */
    CHECK_RESULT(pm_morphs_group_by_vertex(2147483647, 0, NULL, NULL, NULL, morph_start, morphs, 0), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_rigid_from_bone(NULL, world, bind, &a), PM_ERROR_INVALID_ARGUMENT);
    glm_quat_init(q, 0.0f, 0.0f, 0.0f, 0.0f);
    CHECK_RESULT(pm_rigid_from_bone(q, world, bind, &a), PM_ERROR_INVALID_ARGUMENT);
    glm_quatv(q, 1.0f, axis);
    bind[1] = NAN;
    CHECK_RESULT(pm_rigid_from_bone(q, world, bind, &a), PM_ERROR_INVALID_ARGUMENT);
}

void test_skin_bad_input(void)
{
    static small_mesh s;
    pm_vertex_morph morph = {5, {1.0f, 0.0f, 0.0f}};
    int morph_start[61], v;
    float morph_weight[6] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f}; /* morph_count entries, as the job promises */
    /* validate's verdict, and run's: run checks the job, never the content */
#define EXPECT(change, validate_result, run_result)                                                   \
    do {                                                                                              \
        small_mesh_init(&s, 60, -1);                                                                  \
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);                                             \
        change;                                                                                       \
        test_context("%s", #change);                                                                  \
        CHECK_RESULT(pm_skin_job_validate(&s.job, NULL), validate_result);                            \
        CHECK_RESULT(pm_skin_job_run(&s.job, 0, 60), run_result);                                     \
    } while (0)
    EXPECT((void)0, PM_OK, PM_OK);
    EXPECT(s.job.positions = NULL, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.types = NULL, PM_OK, PM_OK); /* all BDEF4 */
    EXPECT(s.job.bone_indices = NULL, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.bone_weights = NULL, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.out_positions = NULL, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.prepared = NULL, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    /* off pm_skin_bone's 16-byte boundary (which SIMD loads need): refused, not read */
    EXPECT(s.job.prepared = (pm_skin_bone *)(void *)((char *)s.prepared + 4), PM_ERROR_INVALID_ARGUMENT,
           PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.prepared = (pm_skin_bone *)(void *)((char *)s.prepared + 8), PM_ERROR_INVALID_ARGUMENT,
           PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.bone_count = 0, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.vertex_count = -1, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.bone_count = -1, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT(s.job.morph_count = -1, PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    /* morphs off: morph_count and morph_weights are not read (a NULL was read before) */
    EXPECT((s.job.morph_count = 5, s.job.morph_weights = NULL), PM_OK, PM_OK);
    /* content: validate refuses it, run skins it all the same, in bounds */
    EXPECT(s.idx[4 * 7] = 4, PM_ERROR_OUT_OF_RANGE, PM_OK);
    EXPECT(s.idx[4 * 7] = 65535, PM_ERROR_OUT_OF_RANGE, PM_OK);
    EXPECT((s.idx[4 * 12 + 3] = 65535, s.wgt[4 * 12 + 3] = 0.0f), PM_OK, PM_OK); /* BDEF4: weight 0, unused */
    EXPECT((s.idx[4 * 11 + 1] = 65535, s.wgt[4 * 11] = 1.0f, s.wgt[4 * 11 + 1] = 0.0f), PM_OK, PM_OK); /* BDEF2 */
    EXPECT((s.idx[4 * 12 + 3] = 65535, s.wgt[4 * 12 + 3] = -0.0f), PM_OK, PM_OK);
    EXPECT((s.idx[4 * 12 + 3] = 4, s.wgt[4 * 12 + 3] = 1e-30f), PM_ERROR_OUT_OF_RANGE, PM_OK);
    EXPECT(s.type[9] = 5, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.type[9] = 255, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.wgt[4 * 12 + 1] = NAN, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.wgt[4 * 12] = INFINITY, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.wgt[4 * 14 + 2] = -0.5f, PM_ERROR_INVALID_ARGUMENT, PM_OK); /* QDEF vertex */
    EXPECT((s.wgt[4 * 12] = 0.0f, s.wgt[4 * 12 + 1] = 0.0f, s.wgt[4 * 12 + 2] = 0.0f, s.wgt[4 * 12 + 3] = 0.0f),
           PM_ERROR_INVALID_ARGUMENT, PM_OK); /* vertex 12 is BDEF4: weights sum to 0 */
    EXPECT((s.wgt[4 * 11] = 1e-39f, s.wgt[4 * 11 + 1] = 0.0f), PM_ERROR_INVALID_ARGUMENT,
           PM_OK); /* vertex 11 is BDEF2: a denormal sum, 1 / sum overflows */
    EXPECT((s.wgt[4 * 11] = FLT_MIN, s.wgt[4 * 11 + 1] = 0.0f), PM_ERROR_INVALID_ARGUMENT, PM_OK); /* 2^-126 */
    EXPECT((s.wgt[4 * 11] = 2.3509887e-38f, s.wgt[4 * 11 + 1] = 0.0f), PM_OK, PM_OK); /* 2^-125, the smallest sum */
    /* the largest sum that is fine is 2^125 (1 / sum, even rounded down, is a
       normal float, also where -ffast-math flushes denormals); 2^126 is not.
       Vertex 12 is BDEF4: run(0, 60) skins it in a block, run(12, 1) alone. */
    EXPECT((s.wgt[4 * 12] = 2.1267648e37f, s.wgt[4 * 12 + 1] = 2.1267648e37f, s.wgt[4 * 12 + 2] = 0.0f,
            s.wgt[4 * 12 + 3] = 0.0f),
           PM_OK, PM_OK);
    {
        float in_block[3];
        memcpy(in_block, s.out_pos + 3 * 12, sizeof in_block);
        CHECK_RESULT(pm_skin_job_run(&s.job, 12, 1), PM_OK);
        CHECK_NEAR(s.out_pos[3 * 12], in_block[0], 1e-6); /* the one-vertex path agrees with the block */
        CHECK_NEAR(s.out_pos[3 * 12], s.pos[3 * 12], 1.0); /* the bones are near identity: not 0, not inf */
    }
    EXPECT((s.wgt[4 * 12] = 4.2535296e37f, s.wgt[4 * 12 + 1] = 4.2535296e37f, s.wgt[4 * 12 + 2] = 0.0f,
            s.wgt[4 * 12 + 3] = 0.0f),
           PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.pos[3 * 20 + 1] = NAN, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.nrm[3 * 20] = INFINITY, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.tan[4 * 20 + 3] = NAN, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.job.sdef = NULL, PM_ERROR_INVALID_ARGUMENT, PM_OK); /* vertex 3 is SDEF: run skins it as BDEF2 */
    EXPECT((memset(s.type, PM_SKIN_SDEF, sizeof s.type), s.job.sdef = NULL), PM_ERROR_INVALID_ARGUMENT, PM_OK);
    EXPECT(s.sdef[9 * 3 + 4] = NAN, PM_ERROR_INVALID_ARGUMENT, PM_OK);
    /* outputs overlapping inputs or each other: validate refuses them (run
       would write over what it reads, or past the arrays here) */
#define EXPECT_VALIDATE(change, validate_result)                                                      \
    do {                                                                                              \
        small_mesh_init(&s, 60, -1);                                                                  \
        change;                                                                                       \
        test_context("%s", #change);                                                                  \
        CHECK_RESULT(pm_skin_job_validate(&s.job, NULL), validate_result);                            \
    } while (0)
    EXPECT_VALIDATE(s.job.out_positions = (float *)s.pos, PM_ERROR_INVALID_ARGUMENT);
    EXPECT_VALIDATE(s.job.out_normals = s.out_pos + 3, PM_ERROR_INVALID_ARGUMENT);
    EXPECT_VALIDATE(s.job.out_tangents = (float *)(void *)(s.idx + 8), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_VALIDATE(s.job.out_tangents = (float *)(void *)(s.prepared + 1), PM_ERROR_INVALID_ARGUMENT);
    EXPECT_VALIDATE(s.job.out_positions = s.out_tan + 4 * 59, PM_ERROR_INVALID_ARGUMENT);
    EXPECT_VALIDATE((s.job.vertex_count = 20, s.job.out_positions = s.out_tan + 4 * 20), PM_OK); /* just after */
#undef EXPECT_VALIDATE
    /* morphs: an index out of range, a bad CSR */
    for (v = 0; v <= 60; ++v) morph_start[v] = v > 30; /* vertex 30 has the one entry */
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = &morph, s.job.morph_weights = morph_weight,
            s.job.morph_count = 1),
           PM_ERROR_OUT_OF_RANGE, PM_OK); /* its morph index 5 >= morph_count */
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = &morph, s.job.morph_weights = morph_weight,
            s.job.morph_count = 6),
           PM_OK, PM_OK);
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = &morph, s.job.morph_weights = NULL,
            s.job.morph_count = 6),
           PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = NULL, s.job.morph_weights = morph_weight,
            s.job.morph_count = 6),
           PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT); /* one entry, no array */
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = &morph, s.job.morph_weights = morph_weight,
            s.job.morph_count = 6, memset(morph_start, 0, sizeof morph_start), morph_start[31] = 2),
           PM_ERROR_INVALID_ARGUMENT, PM_OK); /* decreasing, past the end */
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = NULL, memset(morph_start, 0, sizeof morph_start)),
           PM_OK, PM_OK); /* no entries, no array */
    EXPECT((s.job.morph_start = morph_start, s.job.morphs = &morph, s.job.morph_weights = morph_weight,
            s.job.morph_count = 6, memset(morph_start, 0, sizeof morph_start), morph_start[0] = 1),
           PM_ERROR_INVALID_ARGUMENT, PM_ERROR_INVALID_ARGUMENT);
    /* validate names the first bad vertex, or -1 when no vertex is at fault */
    {
        int bad;
        small_mesh_init(&s, 60, -1);
        s.idx[4 * 7] = 4;
        s.pos[3 * 20 + 1] = NAN;
        CHECK_RESULT(pm_skin_job_validate(&s.job, &bad), PM_ERROR_OUT_OF_RANGE);
        CHECK(bad == 7);
        s.idx[4 * 7] = 0;
        CHECK_RESULT(pm_skin_job_validate(&s.job, &bad), PM_ERROR_INVALID_ARGUMENT);
        CHECK(bad == 20);
        s.pos[3 * 20 + 1] = 0.0f;
        CHECK_RESULT(pm_skin_job_validate(&s.job, &bad), PM_OK);
        CHECK(bad == -1);
        s.job.positions = NULL;
        CHECK_RESULT(pm_skin_job_validate(&s.job, &bad), PM_ERROR_INVALID_ARGUMENT);
        CHECK(bad == -1);
    }
    /* ranges */
    small_mesh_init(&s, 60, -1);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
    test_context("%s", "ranges");
    CHECK_RESULT(pm_skin_job_run(&s.job, -1, 5), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_skin_job_run(&s.job, 0, 61), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_skin_job_run(&s.job, 58, 3), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_skin_job_run(&s.job, 1, -1), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_skin_job_run(&s.job, 2147483647, 2147483647), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_skin_job_run(&s.job, 60, 0), PM_OK);
    CHECK_RESULT(pm_skin_job_run(NULL, 0, 1), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_validate(NULL, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_prepare(NULL), PM_ERROR_INVALID_ARGUMENT);
    /* garbage content in a range: run writes exactly that range (SIMD
       builds take blocks of 4 or 8 and a tail through copies) */
    {
        static const unsigned char untouched[12] = {0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c};
        int first;
        for (first = 0; first < 12; ++first) {
            small_mesh_init(&s, 60, -1);
            CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
            for (v = 0; v < 60; ++v) {
                s.type[v] = (unsigned char)(v * 37 % 7);
                s.idx[4 * v + v % 4] = (uint16_t)(v * 4099);
                s.wgt[4 * v + (v + 1) % 4] = v % 3 ? -1.0f : NAN;
            }
            s.job.sdef = first % 2 ? NULL : s.sdef;
            memset(s.out_pos, 0x3c, sizeof s.out_pos);
            test_context("garbage from vertex %d", first);
            CHECK_RESULT(pm_skin_job_run(&s.job, first, 13), PM_OK);
            for (v = 0; v < 60; ++v)
                CHECK((memcmp(s.out_pos + 3 * v, untouched, sizeof untouched) == 0) == (v < first || v >= first + 13));
        }
        test_context("%s", "");
    }
    /* bones: zero or non-finite rotations, non-finite translations; non-unit is fine */
    small_mesh_init(&s, 60, -1);
    glm_quat_init(s.bones[2].rotation, 0.0f, 0.0f, 0.0f, 0.0f);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
    glm_quat_init(s.bones[2].rotation, NAN, 0.0f, 0.0f, 1.0f);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
    glm_quat_init(s.bones[2].rotation, 0.0f, 0.0f, 0.0f, 3.0f);
    s.bones[1].translation[2] = INFINITY;
    memset(s.prepared, 0x3c, sizeof s.prepared);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
    CHECK(((const unsigned char *)s.prepared)[0] == 0x3c); /* bone 0 is fine, but nothing is written */
    s.bones[1].translation[2] = 0.0f;
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
    CHECK(s.prepared[2].real[3] == 1.0f); /* normalized */
    { /* matrices: one kind of bone per job, finite elements; the last row is not read */
        float matrices[4 * 16];
        memset(matrices, 0, sizeof matrices);
        for (v = 0; v < 4; ++v) matrices[16 * v] = matrices[16 * v + 5] = matrices[16 * v + 10] = 1.0f;
        CHECK_RESULT((s.job.bone_matrices = matrices, pm_skin_job_prepare(&s.job)), PM_ERROR_INVALID_ARGUMENT);
        s.job.bones = NULL;
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
        matrices[16 * 3 + 7] = NAN;
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
        matrices[16 * 3 + 13] = INFINITY;
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
        matrices[16 * 3 + 13] = 0.0f;
        matrices[16 * 2 + 4] = NAN;
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
        s.job.bone_matrices = NULL;
        CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_ERROR_INVALID_ARGUMENT);
    }
#undef EXPECT
}

/* glTF joints with scale and shear: the job takes world * inverseBind as
   given and a linear blend of those matrices is exact (cglm's product of
   the blended matrix and the point, within float rounding of the
   coordinates, 1e-6 of 1 + |p|). SDEF and QDEF skin a mesh scaled by one
   common uniform scale s exactly as the same bones without it, scaled by s:
   the same within 1e-5 of 1 + |p|. A mirror (det < 0) is a negative s. */
void test_skin_affine_bones(void)
{
    static skin_case rigid, affine;
    static float matrices[SKIN_BONES * 16];
    const float scales[3] = {0.01f, 2.0f, -1.5f};
    int n = 3, b, v, k, c;
    load_skin_case(n, &rigid);
    CHECK_RESULT(pm_skin_job_prepare(&rigid.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&rigid.job, 0, SKIN_VERTICES), PM_OK);
    for (c = 0; c < 3; ++c) { /* every bone times one uniform scale s about the origin: s M */
        load_skin_case(n, &affine);
        for (b = 0; b < SKIN_BONES; ++b) {
            mat4 m;
            glm_quat_mat4(rigid.bones[b].rotation, m);
            glm_vec3_copy(rigid.bones[b].translation, m[3]);
            for (k = 0; k < 12; ++k) m[k / 3][k % 3] *= scales[c]; /* rows 0-2 of every column */
            memcpy(matrices + 16 * b, m, sizeof m);
        }
        affine.job.bones = NULL;
        affine.job.bone_matrices = matrices;
        CHECK_RESULT(pm_skin_job_prepare(&affine.job), PM_OK);
        CHECK_NEAR(affine.prepared[0].scale, scales[c], 1e-6 * fabs(scales[c]));
        CHECK_RESULT(pm_skin_job_run(&affine.job, 0, SKIN_VERTICES), PM_OK);
        for (v = 0; v < SKIN_VERTICES; ++v) {
            const float *p = rigid.out_pos + 3 * v;
            double size = 1.0 + sqrt((double)p[0] * p[0] + (double)p[1] * p[1] + (double)p[2] * p[2]);
            test_context("scale %g vertex %d type %d", (double)scales[c], v, skin_meshes[n].type[v]);
            for (k = 0; k < 3; ++k) {
                /* every type: s times the rigid result; normals keep their direction, or flip with a mirror */
                CHECK_NEAR(affine.out_pos[3 * v + k], scales[c] * p[k], SKIN_TOL * size * fabs(scales[c]));
                CHECK_NEAR(affine.out_nrm[3 * v + k], (scales[c] < 0 ? -1.0f : 1.0f) * rigid.out_nrm[3 * v + k], SKIN_TOL);
            }
        }
    }
    /* scale and shear per bone: linear blends against cglm */
    load_skin_case(n, &affine);
    for (b = 0; b < SKIN_BONES; ++b) {
        mat4 m, shear = GLM_MAT4_IDENTITY_INIT;
        vec3 scale = {0.5f + 0.25f * (float)b, 1.0f, 2.0f - 0.1f * (float)b};
        glm_quat_mat4(rigid.bones[b].rotation, m);
        glm_vec3_copy(rigid.bones[b].translation, m[3]);
        glm_scale(m, scale);
        shear[1][0] = 0.3f; /* x += 0.3 y */
        glm_mat4_mul(m, shear, m);
        memcpy(matrices + 16 * b, m, sizeof m);
    }
    affine.job.bones = NULL;
    affine.job.bone_matrices = matrices;
    CHECK_RESULT(pm_skin_job_prepare(&affine.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&affine.job, 0, SKIN_VERTICES), PM_OK);
    for (v = 0; v < SKIN_VERTICES; ++v) {
        const struct skin_mesh *m = &skin_meshes[n];
        int slots = m->type[v] == PM_SKIN_BDEF1 ? 1 : m->type[v] == PM_SKIN_BDEF2 ? 2 : m->type[v] == PM_SKIN_BDEF4 ? 4 : 0;
        mat4 blend = GLM_MAT4_ZERO_INIT, inverse;
        vec3 point, expected, normal;
        float sum = 0.0f;
        if (!slots) continue;
        for (k = 0; k < slots; ++k) sum += slots == 1 ? 1.0f : m->wgt[4 * v + k];
        for (k = 0; k < slots; ++k) {
            const float w = slots == 1 ? 1.0f : m->wgt[4 * v + k] / sum;
            int e;
            for (e = 0; e < 16; ++e) blend[e / 4][e % 4] += w * matrices[16 * m->idx[4 * v + k] + e];
        }
        test_context("sheared vertex %d type %d", v, m->type[v]);
        memcpy(point, m->pos + 3 * v, sizeof point);
        {
            int j, e;
            for (j = 0; j < SKIN_MORPHS; ++j)
                for (e = m->morph_start[j]; e < m->morph_start[j + 1]; ++e)
                    if (m->morph_vertex[e] == v)
                        for (k = 0; k < 3; ++k) point[k] += m->morph_weight[j] * m->morph_offset[3 * e + k];
        }
        glm_mat4_mulv3(blend, point, 1.0f, expected);
        glm_mat4_inv(blend, inverse);
        glm_mat4_transpose(inverse);
        memcpy(normal, m->nrm + 3 * v, sizeof normal);
        glm_mat4_mulv3(inverse, normal, 0.0f, normal);
        glm_vec3_normalize(normal);
        for (k = 0; k < 3; ++k) {
            CHECK_NEAR(affine.out_pos[3 * v + k], expected[k], 1e-5 * (1.0 + glm_vec3_norm(expected)));
            CHECK_NEAR(affine.out_nrm[3 * v + k], normal[k], 1e-5);
        }
    }
    test_context("%s", "");
}

/* BDEF1 bones s R + t at scales from 1e-30 to 1e30, mirrored too: positions
   are s R p + t (worked out in double) and normals R n (negated by a
   mirror), in every build. The normal matrix is ready from
   pm_skin_job_prepare, scaled to fit a float: cof(s R) = s^2 R would
   overflow past |s| ~ 1e19 and its squared length past 1e9. Tangents are
   A t, whose squared length s^2 fits a float for |s| up to 1e12 and down to
   1e-12, where they are checked. 13 vertices: blocks and a tail. Both
   normal rules: for one bone, normalize(A n) = normalize(A^-T n) = sign(s) R n. */
void test_skin_bdef1_any_scale(void)
{
    enum { N = 13, BONES = 3 };
    static const double scales[6] = {1e-30, 1e-12, 1.0, -1e12, 1e30, -1e30};
    float pos[3 * N], nrm[3 * N], tan[4 * N], weights[4 * N], matrices[16 * BONES];
    float out_pos[3 * N], out_nrm[3 * N], out_tan[4 * N];
    double rotation[BONES][3][3]; /* [column][row] */
    uint16_t indices[4 * N];
    unsigned char types[N];
    pm_skin_bone prepared[BONES];
    pm_skin_job job;
    int c, b, v, k, e;
    for (v = 0; v < N; ++v) { /* spread-out values in [-1, 1] */
        vec3 n;
        for (k = 0; k < 3; ++k) {
            pos[3 * v + k] = (float)sin(1.3 * (3 * v + k) + 0.2);
            n[k] = (float)cos(2.1 * (3 * v + k) + 0.5);
        }
        glm_vec3_normalize(n);
        memcpy(nrm + 3 * v, n, sizeof n);
        for (k = 0; k < 3; ++k) tan[4 * v + k] = 2.0f * n[(k + 1) % 3]; /* any direction, any length */
        tan[4 * v + 3] = v % 2 ? 1.0f : -1.0f;
        for (k = 0; k < 4; ++k) {
            indices[4 * v + k] = (uint16_t)((v + k) % BONES);
            weights[4 * v + k] = k == 0 ? 0.5f : 0.0f; /* BDEF1 reads no weight */
        }
        types[v] = PM_SKIN_BDEF1;
    }
    for (b = 0; b < BONES; ++b) {
        versor q;
        mat4 m;
        glm_quat_init(q, (float)sin(b + 0.3), (float)cos(2.0 * b + 1.0), (float)sin(3.0 * b + 2.0), 1.0f);
        glm_quat_normalize(q);
        glm_quat_mat4(q, m);
        for (c = 0; c < 3; ++c)
            for (k = 0; k < 3; ++k) rotation[b][c][k] = (double)m[c][k];
    }
    for (e = 0; e < 12; ++e) { /* each scale by the exact rule, then by the blended one */
        const double s = scales[e % 6], sign = s < 0.0 ? -1.0 : 1.0;
        memset(&job, 0, sizeof job);
        job.normal_rule = e < 6 ? PM_SKIN_NORMALS_EXACT : PM_SKIN_NORMALS_BLENDED;
        for (b = 0; b < BONES; ++b) {
            for (c = 0; c < 4; ++c)
                for (k = 0; k < 4; ++k)
                    matrices[16 * b + 4 * c + k] = c < 3 ? (k < 3 ? (float)(s * rotation[b][c][k]) : 0.0f)
                                                         : (k < 3 ? (float)(s * (double)(b + k)) : 1.0f);
        }
        job.vertex_count = N;
        job.positions = pos;
        job.normals = nrm;
        job.tangents = tan;
        job.types = types;
        job.bone_indices = indices;
        job.bone_weights = weights;
        job.bone_matrices = matrices;
        job.bone_count = BONES;
        job.prepared = prepared;
        job.out_positions = out_pos;
        job.out_normals = out_nrm;
        job.out_tangents = out_tan;
        CHECK_RESULT(pm_skin_job_prepare(&job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&job, 0, N), PM_OK);
        for (v = 0; v < N; ++v) {
            const int i = indices[4 * v];
            double tangent[3], length = 0.0;
            test_context("scale %g vertex %d rule %d", s, v, (int)job.normal_rule);
            for (k = 0; k < 3; ++k) {
                double p = (double)matrices[16 * i + 12 + k], n = 0.0;
                tangent[k] = 0.0;
                for (c = 0; c < 3; ++c) {
                    p += (double)matrices[16 * i + 4 * c + k] * (double)pos[3 * v + c];
                    n += rotation[i][c][k] * (double)nrm[3 * v + c];
                    tangent[k] += rotation[i][c][k] * (double)tan[4 * v + c];
                }
                /* float matrices and products: a few roundings of |s| (3 |s| sized terms) */
                CHECK_NEAR(out_pos[3 * v + k], p, 1e-6 * fabs(s) * 4.0);
                CHECK_NEAR(out_nrm[3 * v + k], sign * n, 1e-6);
                length += tangent[k] * tangent[k];
            }
            if (fabs(s) >= 1e-12 && fabs(s) <= 1e12)
                for (k = 0; k < 3; ++k) CHECK_NEAR(out_tan[4 * v + k], sign * tangent[k] / sqrt(length), 1e-6);
            CHECK(out_tan[4 * v + 3] == tan[4 * v + 3]);
        }
    }
    test_context("%s", "");
}

/* Slots a type does not use are ignored, whatever they hold: PMX files fill
   them with -1 and any weight. Same bits as with the fixtures' own values. */
void test_skin_unused_slots(void)
{
    static skin_case clean, filled;
    static uint16_t idx[4 * SKIN_VERTICES];
    static float wgt[4 * SKIN_VERTICES];
    int n, v, k;
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        load_skin_case(n, &clean);
        load_skin_case(n, &filled);
        memcpy(idx, m->idx, sizeof idx);
        memcpy(wgt, m->wgt, sizeof wgt);
        for (v = 0; v < SKIN_VERTICES; ++v) {
            int used = m->type[v] == PM_SKIN_BDEF1 ? 1 : m->type[v] == PM_SKIN_BDEF2 || m->type[v] == PM_SKIN_SDEF ? 2 : 4;
            for (k = used; k < 4; ++k) {
                idx[4 * v + k] = (uint16_t)(v % 2 ? 65535 : 10 + v);
                wgt[4 * v + k] = NAN;
            }
            if (m->type[v] == PM_SKIN_BDEF1) wgt[4 * v] = v % 2 ? NAN : -1.0f; /* BDEF1's weight is 1 */
        }
        filled.job.bone_indices = idx;
        filled.job.bone_weights = wgt;
        test_context("mesh %d", n);
        CHECK_RESULT(pm_skin_job_validate(&filled.job, NULL), PM_OK);
        CHECK_RESULT(pm_skin_job_prepare(&clean.job), PM_OK);
        CHECK_RESULT(pm_skin_job_prepare(&filled.job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&clean.job, 0, SKIN_VERTICES), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&filled.job, 0, SKIN_VERTICES), PM_OK);
        CHECK(memcmp(clean.out_pos, filled.out_pos, sizeof clean.out_pos) == 0);
        CHECK(memcmp(clean.out_nrm, filled.out_nrm, sizeof clean.out_nrm) == 0);
        CHECK(memcmp(clean.out_tan, filled.out_tan, sizeof clean.out_tan) == 0);
    }
    test_context("%s", "");
}

/* Normals and tangents are optional, and leaving them out changes nothing
   else: the same bits for what is still skinned. */
void test_skin_optional_outputs(void)
{
    static skin_case full, part;
    int n, drop;
    for (n = 0; n < SKIN_MESHES; ++n) {
        load_skin_case(n, &full);
        CHECK_RESULT(pm_skin_job_prepare(&full.job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&full.job, 0, SKIN_VERTICES), PM_OK);
        for (drop = 0; drop < 3; ++drop) { /* no normals, no tangents, neither */
            load_skin_case(n, &part);
            if (drop != 1) part.job.normals = NULL;
            if (drop != 0) part.job.out_tangents = NULL;
            test_context("mesh %d, dropped %s", n, drop == 0 ? "normals" : drop == 1 ? "tangents" : "both");
            CHECK_RESULT(pm_skin_job_validate(&part.job, NULL), PM_OK);
            CHECK_RESULT(pm_skin_job_prepare(&part.job), PM_OK);
            CHECK_RESULT(pm_skin_job_run(&part.job, 0, SKIN_VERTICES), PM_OK);
            CHECK(memcmp(part.out_pos, full.out_pos, sizeof full.out_pos) == 0);
            if (drop == 1) CHECK(memcmp(part.out_nrm, full.out_nrm, sizeof full.out_nrm) == 0);
            if (drop == 0) CHECK(memcmp(part.out_tan, full.out_tan, sizeof full.out_tan) == 0);
        }
    }
    test_context("%s", "");
}

/* Weights mean only their ratios: scaled by 1.5 * 2^122 (the fixtures'
   sums, up to 4, become at most 1.5 * 2^124, near the largest allowed;
   blending bones translated by more than 16 with such raw weights would
   overflow), by 3 * 2^-100 or by 0.3 (sums that are not a power of two,
   as the fixtures' are), every type skins as with the fixtures' own
   weights, within SKIN_TOL. */
void test_skin_weight_scale(void)
{
    static skin_case clean, scaled;
    static float wgt[4 * SKIN_VERTICES];
    const float scales[3] = {ldexpf(1.5f, 122), ldexpf(3.0f, -100), 0.3f};
    int n, v, k, s;
    for (n = 0; n < SKIN_MESHES; ++n) {
        load_skin_case(n, &clean);
        CHECK_RESULT(pm_skin_job_prepare(&clean.job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&clean.job, 0, SKIN_VERTICES), PM_OK);
        for (s = 0; s < 3; ++s) {
            load_skin_case(n, &scaled);
            for (k = 0; k < 4 * SKIN_VERTICES; ++k) wgt[k] = skin_meshes[n].wgt[k] * scales[s];
            scaled.job.bone_weights = wgt;
            test_context("mesh %d, weights times %g", n, (double)scales[s]);
            CHECK_RESULT(pm_skin_job_validate(&scaled.job, NULL), PM_OK);
            CHECK_RESULT(pm_skin_job_prepare(&scaled.job), PM_OK);
            CHECK_RESULT(pm_skin_job_run(&scaled.job, 0, SKIN_VERTICES), PM_OK);
            for (v = 0; v < SKIN_VERTICES; ++v) {
                const float *p = clean.out_pos + 3 * v;
                double size = 1.0 + sqrt((double)p[0] * p[0] + (double)p[1] * p[1] + (double)p[2] * p[2]);
                for (k = 0; k < 3; ++k) {
                    CHECK_NEAR(scaled.out_pos[3 * v + k], p[k], SKIN_TOL * size);
                    CHECK_NEAR(scaled.out_nrm[3 * v + k], clean.out_nrm[3 * v + k], SKIN_TOL);
                }
            }
        }
    }
    test_context("%s", "");
}

/* Normals and tangents three times too long: linear blends normalize them,
   so BDEF vertices come out as with the originals; SDEF and QDEF rotate
   them rigidly, so theirs come out three times as long. Within
   1e-6: rsqrt plus one Newton step is good to about 2e-7, and the longer
   input rounds differently. Positions keep every bit. */
void test_skin_normal_scale(void)
{
    static skin_case clean, scaled;
    static float nrm[3 * SKIN_VERTICES], tan[4 * SKIN_VERTICES];
    int n, v, k;
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        load_skin_case(n, &clean);
        load_skin_case(n, &scaled);
        for (v = 0; v < SKIN_VERTICES; ++v) {
            for (k = 0; k < 3; ++k) {
                nrm[3 * v + k] = 3.0f * m->nrm[3 * v + k];
                tan[4 * v + k] = 3.0f * m->tan[4 * v + k];
            }
            tan[4 * v + 3] = m->tan[4 * v + 3];
        }
        scaled.job.normals = nrm;
        scaled.job.tangents = tan;
        CHECK_RESULT(pm_skin_job_prepare(&clean.job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&clean.job, 0, SKIN_VERTICES), PM_OK);
        CHECK_RESULT(pm_skin_job_prepare(&scaled.job), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&scaled.job, 0, SKIN_VERTICES), PM_OK);
        CHECK(memcmp(scaled.out_pos, clean.out_pos, sizeof clean.out_pos) == 0);
        for (v = 0; v < SKIN_VERTICES; ++v) {
            const float length = m->type[v] >= PM_SKIN_SDEF ? 3.0f : 1.0f;
            test_context("mesh %d, vertex %d (type %d)", n, v, m->type[v]);
            for (k = 0; k < 3; ++k) {
                CHECK_NEAR(scaled.out_nrm[3 * v + k], length * clean.out_nrm[3 * v + k], 1e-6 * length);
                CHECK_NEAR(scaled.out_tan[4 * v + k], length * clean.out_tan[4 * v + k], 1e-6 * length);
            }
            CHECK(scaled.out_tan[4 * v + 3] == clean.out_tan[4 * v + 3]);
        }
    }
    test_context("%s", "");
}

/* Runs of one type longer than the 64 type bytes run compares at a time,
   switching where the bytes do (an unknown byte is BDEF4's), and runs one
   block long (4, 8, 16 vertices) before 64 bytes of another type: each
   vertex skinned by its own type, as the portable path, which takes a
   vertex at a time, does (within SKIN_TOL, as test_skin_simd_matches_scalar). */
void test_skin_type_runs(void)
{
    static const struct { int type, length; } runs[] = {
        {PM_SKIN_BDEF1, 4},  {PM_SKIN_BDEF2, 76}, {PM_SKIN_BDEF1, 8},    {PM_SKIN_BDEF2, 72},
        {PM_SKIN_BDEF1, 16}, {PM_SKIN_BDEF2, 64}, {7, 68}, {PM_SKIN_BDEF4, 3}, {PM_SKIN_QDEF, 57}};
    static small_mesh s;
    static float expected_pos[3 * SMALL_MESH_MAX], expected_nrm[3 * SMALL_MESH_MAX], expected_tan[4 * SMALL_MESH_MAX];
    int v = 0, r, k, i;
    small_mesh_init(&s, SMALL_MESH_MAX, PM_SKIN_BDEF1);
    for (r = 0; r < (int)(sizeof runs / sizeof runs[0]); ++r)
        for (i = 0; i < runs[r].length; ++i, ++v) s.type[v] = (unsigned char)runs[r].type;
    CHECK(v == SMALL_MESH_MAX);
    for (k = 0; k < 4; ++k) {
        vec3 axis = {1.0f, (float)k, 0.5f};
        glm_quatv(s.bones[k].rotation, 0.4f * (float)(k + 1), axis);
        s.bones[k].translation[0] = (float)k;
        s.bones[k].translation[1] = 0.5f;
        s.bones[k].translation[2] = -1.0f;
    }
    CHECK_RESULT(pm_skin_job_validate(&s.job, NULL), PM_ERROR_INVALID_ARGUMENT); /* the byte 7 */
    CHECK_RESULT(scalar_skin_job_prepare(&s.job), PM_OK);
    CHECK_RESULT(scalar_skin_job_run(&s.job, 0, SMALL_MESH_MAX), PM_OK);
    memcpy(expected_pos, s.out_pos, sizeof expected_pos);
    memcpy(expected_nrm, s.out_nrm, sizeof expected_nrm);
    memcpy(expected_tan, s.out_tan, sizeof expected_tan);
    CHECK_RESULT(pm_skin_job_prepare(&s.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&s.job, 0, SMALL_MESH_MAX), PM_OK);
    for (v = 0; v < SMALL_MESH_MAX; ++v) {
        test_context("vertex %d type %d", v, s.type[v]);
        for (k = 0; k < 3; ++k) { /* SKIN_TOL of the mesh size: its points lie within 4 of 0 */
            CHECK_NEAR(s.out_pos[3 * v + k], expected_pos[3 * v + k], SKIN_TOL * 4.0);
            CHECK_NEAR(s.out_nrm[3 * v + k], expected_nrm[3 * v + k], SKIN_TOL);
        }
        for (k = 0; k < 4; ++k) CHECK_NEAR(s.out_tan[4 * v + k], expected_tan[4 * v + k], SKIN_TOL);
    }
    test_context("%s", "");
}

/* Float arrays 4 bytes off a 16-byte boundary give the same bits as aligned
   ones (structs such as pm_rigid keep their type's alignment: the one rule
   of the conventions). */
void test_skin_misaligned(void)
{
    static skin_case c;
    static float positions[3 * SKIN_VERTICES + 4], out[3 * SKIN_VERTICES + 4];
    pm_skin_job job;
    float aligned[3 * SKIN_VERTICES];
    load_skin_case(2, &c);
    CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&c.job, 0, SKIN_VERTICES), PM_OK);
    memcpy(aligned, c.out_pos, sizeof aligned);
    job = c.job;
    memcpy(positions + 1, c.job.positions, sizeof aligned);
    job.positions = positions + 1;
    job.out_positions = out + 1;
    CHECK(((uintptr_t)job.out_positions & 15u) != 0);
    CHECK_RESULT(pm_skin_job_prepare(&job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_OK);
    CHECK(memcmp(out + 1, aligned, sizeof aligned) == 0);
}

/* An engine's interleaved vertex buffer, and its skinned copy: 100 and 44
   bytes a vertex */
typedef struct engine_vertex {
    float position[3], normal[3], tangent[4];
    uint16_t joints[4];
    float weights[4], sdef[9];
} engine_vertex;

typedef struct engine_skinned {
    float position[3], normal[3], tangent[4], unused;
} engine_skinned;

/* A job reading its streams from one interleaved buffer and writing its
   outputs to another, in place, gives the packed job's bits for every mesh
   of the numpy fixture (morphs and every type included), over the whole
   mesh and over ranges that start and end inside blocks: strided streams go
   through copies and the same kernels, in the same blocks, and the packed
   streams beside them are read and written in place. Every stream is tried
   strided by itself, and all of them at once; no byte of the output buffer
   outside the outputs' elements is written. */
void test_skin_strides(void)
{
    static skin_case packed;
    static engine_vertex vertex[SKIN_VERTICES];
    static engine_skinned skinned[SKIN_VERTICES];
    static float out_pos[3 * SKIN_VERTICES], out_nrm[3 * SKIN_VERTICES], out_tan[4 * SKIN_VERTICES];
    static const int cuts[][2] = {{0, SKIN_VERTICES}, {5, SKIN_VERTICES - 6}, {0, 133}, {133, 333}, {333, SKIN_VERTICES}};
    pm_skin_job job;
    int n, v, c, bad, layout;
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        load_skin_case(n, &packed);
        CHECK_RESULT(pm_skin_job_prepare(&packed.job), PM_OK);
        for (v = 0; v < SKIN_VERTICES; ++v) {
            memcpy(vertex[v].position, m->pos + 3 * v, sizeof vertex[v].position);
            memcpy(vertex[v].normal, m->nrm + 3 * v, sizeof vertex[v].normal);
            memcpy(vertex[v].tangent, m->tan + 4 * v, sizeof vertex[v].tangent);
            memcpy(vertex[v].joints, m->idx + 4 * v, sizeof vertex[v].joints);
            memcpy(vertex[v].weights, m->wgt + 4 * v, sizeof vertex[v].weights);
            memcpy(vertex[v].sdef, m->sdef + 9 * v, sizeof vertex[v].sdef);
        }
        for (layout = 0; layout <= 9; ++layout) { /* stream `layout` strided (pm_skin_strides's order), 9: all */
            const int in = sizeof(engine_vertex), out = sizeof(engine_skinned);
#define STRIDED(k) (layout == 9 || layout == (k))
            job = packed.job;
            job.out_positions = out_pos;
            job.out_normals = out_nrm;
            job.out_tangents = out_tan;
            if (STRIDED(0)) job.positions = vertex[0].position, job.stride.positions = in;
            if (STRIDED(1)) job.normals = vertex[0].normal, job.stride.normals = in;
            if (STRIDED(2)) job.tangents = vertex[0].tangent, job.stride.tangents = in;
            if (STRIDED(3)) job.bone_indices = vertex[0].joints, job.stride.bone_indices = in;
            if (STRIDED(4)) job.bone_weights = vertex[0].weights, job.stride.bone_weights = in;
            if (STRIDED(5)) job.sdef = vertex[0].sdef, job.stride.sdef = in;
            if (STRIDED(6)) job.out_positions = skinned[0].position, job.stride.out_positions = out;
            if (STRIDED(7)) job.out_normals = skinned[0].normal, job.stride.out_normals = out;
            if (STRIDED(8)) job.out_tangents = skinned[0].tangent, job.stride.out_tangents = out;
            CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_OK);
            for (c = 0; c < (int)(sizeof cuts / sizeof cuts[0]); ++c) {
                const int first = cuts[c][0], count = cuts[c][1] - cuts[c][0];
                test_context("mesh %d, stream %d strided (9: all), vertices %d..%d", n, layout, first, first + count - 1);
                memset(skinned, 0, sizeof skinned);
                memset(out_pos, 0, sizeof out_pos);
                memset(out_nrm, 0, sizeof out_nrm);
                memset(out_tan, 0, sizeof out_tan);
                memset(packed.out_pos, 0, sizeof packed.out_pos);
                CHECK_RESULT(pm_skin_job_run(&packed.job, first, count), PM_OK);
                CHECK_RESULT(pm_skin_job_run(&job, first, count), PM_OK);
                for (v = 0; v < SKIN_VERTICES; ++v) { /* and the output buffer's other bytes still 0 */
                    static const float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f};
                    const int inside = v >= first && v < first + count;
                    CHECK(memcmp(STRIDED(6) ? skinned[v].position : out_pos + 3 * v, packed.out_pos + 3 * v, 12) == 0);
                    if (inside) CHECK(memcmp(STRIDED(7) ? skinned[v].normal : out_nrm + 3 * v, packed.out_nrm + 3 * v, 12) == 0);
                    if (inside) CHECK(memcmp(STRIDED(8) ? skinned[v].tangent : out_tan + 4 * v, packed.out_tan + 4 * v, 16) == 0);
                    if (!STRIDED(6)) CHECK(memcmp(skinned[v].position, zero, 12) == 0);
                    if (!inside || !STRIDED(7)) CHECK(memcmp(skinned[v].normal, zero, 12) == 0);
                    if (!inside || !STRIDED(8)) CHECK(memcmp(skinned[v].tangent, zero, 16) == 0);
                    CHECK(skinned[v].unused == 0.0f);
                }
            }
#undef STRIDED
        }
    }
    test_context("%s", "");
}

/* Interleaved vertex records, fields in any order (an engine's), read and
   written in place by the linear-blend kernels (types NULL, no morphs:
   BDEF4 from 4 influences, the compact 1 and 2): the packed job's bits for
   every mesh, both normal rules, with tangents, in ranges that start and
   end inside a block; the records' other bytes untouched. */
typedef struct record_in {
    float pos[3];
    uint16_t joints[4];
    float nrm[3], weights[4], tan[4];
} record_in;

typedef struct record_out {
    float nrm[3], pad, tan[4], pos[3];
} record_out;

/* Ranges that start and end inside blocks */
static const int record_cuts[][2] = {{0, SKIN_VERTICES}, {5, SKIN_VERTICES - 6}, {0, 133}, {133, 333}, {333, SKIN_VERTICES}};

/* job run on [first, end) into the records out: the packed job's bits
   there, the zeroed records' elsewhere and in their padding */
static void check_records(const pm_skin_job *job, int first, int end, const skin_case *packed, record_out *out)
{
    static const float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    int v;
    memset(out, 0, SKIN_VERTICES * sizeof *out);
    CHECK_RESULT(pm_skin_job_run(job, first, end - first), PM_OK);
    for (v = 0; v < SKIN_VERTICES; ++v) {
        const int inside = v >= first && v < end;
        CHECK(memcmp(out[v].pos, inside ? packed->out_pos + 3 * v : zero, 12) == 0);
        CHECK(memcmp(out[v].nrm, inside ? packed->out_nrm + 3 * v : zero, 12) == 0);
        CHECK(memcmp(out[v].tan, inside ? packed->out_tan + 4 * v : zero, 16) == 0);
        CHECK(out[v].pad == 0.0f);
    }
}

void test_skin_interleaved_records(void)
{
    static skin_case packed;
    static record_in in[SKIN_VERTICES];
    static record_out out[SKIN_VERTICES];
    static uint16_t idx1[SKIN_VERTICES], idx2[2 * SKIN_VERTICES];
    static float w0[SKIN_VERTICES];
    pm_skin_job job;
    int n, v, c, rule, influences;
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        for (v = 0; v < SKIN_VERTICES; ++v) {
            memcpy(in[v].pos, m->pos + 3 * v, 12);
            memcpy(in[v].nrm, m->nrm + 3 * v, 12);
            memcpy(in[v].tan, m->tan + 4 * v, 16);
            memcpy(in[v].joints, m->idx + 4 * v, 8);
            memcpy(in[v].weights, m->wgt + 4 * v, 16);
            in[v].weights[0] = w0[v] = (float)(v % 7) / 6.0f; /* w0 in [0, 1], for the 2 influences' w1 = 1 - w0 */
            idx1[v] = m->idx[4 * v];
            idx2[2 * v] = m->idx[4 * v], idx2[2 * v + 1] = m->idx[4 * v + 1];
        }
        for (influences = 1; influences <= 4; influences += influences == 2 ? 2 : 1)
            for (rule = 0; rule < 2; ++rule) {
                load_skin_case(n, &packed);
                packed.job.types = NULL;
                packed.job.morph_start = NULL, packed.job.morphs = NULL;
                packed.job.influences = influences;
                packed.job.normal_rule = rule ? PM_SKIN_NORMALS_BLENDED : PM_SKIN_NORMALS_EXACT;
                if (influences == 1) packed.job.bone_indices = idx1, packed.job.bone_weights = NULL;
                if (influences == 2) packed.job.bone_indices = idx2, packed.job.bone_weights = w0;
                if (influences == 4) { /* the records' weights */
                    static float weights[4 * SKIN_VERTICES];
                    for (v = 0; v < SKIN_VERTICES; ++v) memcpy(weights + 4 * v, in[v].weights, 16);
                    packed.job.bone_weights = weights;
                }
                CHECK_RESULT(pm_skin_job_prepare(&packed.job), PM_OK);
                CHECK_RESULT(pm_skin_job_run(&packed.job, 0, SKIN_VERTICES), PM_OK);
                job = packed.job;
                job.positions = in[0].pos, job.normals = in[0].nrm, job.tangents = in[0].tan;
                job.bone_indices = in[0].joints, job.bone_weights = influences == 1 ? NULL : in[0].weights;
                job.out_positions = out[0].pos, job.out_normals = out[0].nrm, job.out_tangents = out[0].tan;
                job.stride.positions = job.stride.normals = job.stride.tangents = job.stride.bone_indices =
                    job.stride.bone_weights = (int)sizeof(record_in);
                job.stride.out_positions = job.stride.out_normals = job.stride.out_tangents = (int)sizeof(record_out);
                CHECK_RESULT(pm_skin_job_validate(&job, NULL), pm_skin_job_validate(&packed.job, NULL));
                for (c = 0; c < (int)(sizeof record_cuts / sizeof record_cuts[0]); ++c) {
                    test_context("mesh %d, %d influences, normal rule %d, vertices %d..%d", n, influences, rule,
                                 record_cuts[c][0], record_cuts[c][1] - 1);
                    check_records(&job, record_cuts[c][0], record_cuts[c][1], &packed, out);
                }
                for (v = 0; v < SKIN_VERTICES; ++v) /* the inputs untouched */
                    CHECK(memcmp(in[v].pos, m->pos + 3 * v, 12) == 0 && memcmp(in[v].nrm, m->nrm + 3 * v, 12) == 0 &&
                          memcmp(in[v].tan, m->tan + 4 * v, 16) == 0 && in[v].weights[0] == w0[v]);
            }
    }
    test_context("%s", "");
}

/* 4 influences with the 4th weight implied (3 stored): bit for bit the
   packed job given w3 = 1 - (w0 + w1 + w2) as a 4th weight, packed with
   morphs, in interleaved records (whose 4th weight slot holds a NaN no
   kernel may read), and through the packed copies of a job with morphs
   and strided positions; over ranges that start and end inside blocks.
   The weights are multiples of 2^-5 summing to at most 0.75, so that w3 is
   exact however a compiler orders the sum (-ffast-math). */
void test_skin_implied_weight(void)
{
    static skin_case packed;
    static record_in in[SKIN_VERTICES];
    static record_out out[SKIN_VERTICES];
    static float weights4[4 * SKIN_VERTICES], weights3[3 * SKIN_VERTICES]; /* exactly 3 a vertex: ASan sees a read past */
    pm_skin_job job;
    int n, v, c, k, variant;
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        for (v = 0; v < SKIN_VERTICES; ++v) {
            const float w[3] = {(float)(v % 7) / 32.0f, (float)(v % 5) / 32.0f, (float)(v % 3 + 1) / 32.0f};
            memcpy(in[v].pos, m->pos + 3 * v, 12);
            memcpy(in[v].nrm, m->nrm + 3 * v, 12);
            memcpy(in[v].tan, m->tan + 4 * v, 16);
            memcpy(in[v].joints, m->idx + 4 * v, 8);
            for (k = 0; k < 3; ++k) in[v].weights[k] = weights4[4 * v + k] = weights3[3 * v + k] = w[k];
            in[v].weights[3] = (float)NAN;
            weights4[4 * v + 3] = 1.0f - (w[0] + w[1] + w[2]);
        }
        for (variant = 0; variant < 3; ++variant) { /* packed with morphs; records; copies (morphs, strided positions) */
            load_skin_case(n, &packed);
            packed.job.types = NULL;
            packed.job.bone_weights = weights4;
            if (variant == 1) packed.job.morph_start = NULL, packed.job.morphs = NULL;
            CHECK_RESULT(pm_skin_job_prepare(&packed.job), PM_OK);
            CHECK_RESULT(pm_skin_job_validate(&packed.job, NULL), PM_OK);
            CHECK_RESULT(pm_skin_job_run(&packed.job, 0, SKIN_VERTICES), PM_OK);
            job = packed.job;
            job.last_weight_implied = 1;
            job.bone_weights = weights3;
            job.out_positions = out[0].pos, job.out_normals = out[0].nrm, job.out_tangents = out[0].tan;
            job.stride.out_positions = job.stride.out_normals = job.stride.out_tangents = (int)sizeof(record_out);
            if (variant == 1) {
                job.positions = in[0].pos, job.normals = in[0].nrm, job.tangents = in[0].tan;
                job.bone_indices = in[0].joints, job.bone_weights = in[0].weights;
                job.stride.positions = job.stride.normals = job.stride.tangents = job.stride.bone_indices =
                    job.stride.bone_weights = (int)sizeof(record_in);
            }
            if (variant == 2) job.positions = in[0].pos, job.stride.positions = (int)sizeof(record_in);
            CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
            for (c = 0; c < (int)(sizeof record_cuts / sizeof record_cuts[0]); ++c) {
                test_context("mesh %d, variant %d, vertices %d..%d", n, variant, record_cuts[c][0], record_cuts[c][1] - 1);
                check_records(&job, record_cuts[c][0], record_cuts[c][1], &packed, out);
            }
        }
    }
    test_context("%s", "");
}

/* Strides below an element or off its alignment are refused by validate
   and run; an index stride of 10 bytes (2-byte aligned) is taken, with the
   packed job's bits; outputs that share a buffer with inputs or each other
   are taken where their elements stay apart, refused where they meet. */
void test_skin_strides_refused(void)
{
    static skin_case packed;
    static uint16_t joints[5 * SKIN_VERTICES];
    static engine_vertex vertex[SKIN_VERTICES + 1]; /* one past: an output 88 bytes into the last vertex ends there */
    static const struct {
        int field; /* 0 positions, 1 bone_indices, 2 bone_weights, 3 out_normals */
        int stride;
    } bad[] = {{0, 8}, {0, 14}, {0, -12}, {1, 6}, {1, 9}, {2, 12}, {2, 18}, {3, 11}, {3, 2147483647}};
    pm_skin_job job;
    int k, v;
    load_skin_case(1, &packed);
    CHECK_RESULT(pm_skin_job_prepare(&packed.job), PM_OK);
    for (k = 0; k < (int)(sizeof bad / sizeof bad[0]); ++k) {
        test_context("stream %d, stride %d", bad[k].field, bad[k].stride);
        job = packed.job;
        if (bad[k].field == 0) job.stride.positions = bad[k].stride;
        if (bad[k].field == 1) job.stride.bone_indices = bad[k].stride;
        if (bad[k].field == 2) job.stride.bone_weights = bad[k].stride;
        if (bad[k].field == 3) job.stride.out_normals = bad[k].stride;
        CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    }
    test_context("%s", "");
    CHECK_RESULT(pm_skin_job_run(&packed.job, 0, SKIN_VERTICES), PM_OK);
    { /* indices 10 bytes apart */
        float out[3 * SKIN_VERTICES];
        job = packed.job;
        for (v = 0; v < SKIN_VERTICES; ++v) memcpy(joints + 5 * v, skin_meshes[1].idx + 4 * v, 8);
        job.bone_indices = joints;
        job.stride.bone_indices = 10;
        job.out_positions = out;
        CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
        CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_OK);
        CHECK(memcmp(out, packed.out_pos, sizeof out) == 0);
    }
    /* outputs in an input's buffer: into fields no input stream reads, taken; onto one, refused */
    job = packed.job;
    job.tangents = NULL;
    job.bone_weights = vertex[0].weights;
    job.stride.bone_weights = (int)sizeof(engine_vertex);
    job.out_tangents = vertex[0].tangent;
    job.stride.out_tangents = (int)sizeof(engine_vertex);
    for (v = 0; v < SKIN_VERTICES; ++v) memcpy(vertex[v].weights, skin_meshes[1].wgt + 4 * v, 16);
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    job.out_tangents = vertex[0].sdef + 2; /* 16 bytes from 8 into sdef: apart from weights */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    job.out_tangents = vertex[0].tangent + 3; /* its last float on weights[0] */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    job.out_tangents = vertex[0].sdef + 6; /* its last float on the next vertex's position */
    job.out_normals = NULL;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK); /* positions are not in this buffer */
    job.positions = vertex[0].position;
    job.stride.positions = (int)sizeof(engine_vertex);
    for (v = 0; v < SKIN_VERTICES; ++v) memcpy(vertex[v].position, skin_meshes[1].pos + 3 * v, 12);
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    job.out_tangents = packed.out_tan;
    job.stride.out_tangents = 0;
    job.out_positions = vertex[0].tangent; /* out positions interleaved with two input streams */
    job.stride.out_positions = (int)sizeof(engine_vertex);
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    job.stride.out_positions = 2 * (int)sizeof(engine_vertex); /* another stride: its span meets theirs */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
}

#define EIGHT_VERTICES ((int)(sizeof eight_vertices / sizeof eight_vertices[0]))
#define EIGHT_BONES ((int)(sizeof eight_bones / sizeof eight_bones[0]))

typedef struct eight_case {
    float pos[3 * EIGHT_VERTICES], nrm[3 * EIGHT_VERTICES], tan[4 * EIGHT_VERTICES], wgt[8 * EIGHT_VERTICES];
    uint16_t idx[8 * EIGHT_VERTICES];
    pm_skin_bone prepared[EIGHT_BONES];
    float out_pos[3 * EIGHT_VERTICES], out_nrm[3 * EIGHT_VERTICES], out_tan[4 * EIGHT_VERTICES];
    pm_skin_job job;
} eight_case;

static void load_eight_case(eight_case *c)
{
    int v;
    memset(c, 0, sizeof *c);
    for (v = 0; v < EIGHT_VERTICES; ++v) {
        memcpy(c->pos + 3 * v, eight_vertices[v].position, 12);
        memcpy(c->nrm + 3 * v, eight_vertices[v].normal, 12);
        memcpy(c->tan + 4 * v, eight_vertices[v].tangent, 16);
        memcpy(c->idx + 8 * v, eight_vertices[v].bones, 16);
        memcpy(c->wgt + 8 * v, eight_vertices[v].weights, 32);
    }
    c->job.vertex_count = EIGHT_VERTICES;
    c->job.positions = c->pos;
    c->job.normals = c->nrm;
    c->job.tangents = c->tan;
    c->job.bone_indices = c->idx;
    c->job.bone_weights = c->wgt;
    c->job.influences = 8;
    c->job.bone_matrices = eight_bones[0];
    c->job.bone_count = EIGHT_BONES;
    c->job.prepared = c->prepared;
    c->job.out_positions = c->out_pos;
    c->job.out_normals = c->out_nrm;
    c->job.out_tangents = c->out_tan;
}

/* numpy's outputs for one vertex, as the fixtures below store them */
typedef struct numpy_outputs {
    const double *position, *normal_exact, *normal_blended, *tangent;
} numpy_outputs;

/* Runs a job (outputs out_pos, out_nrm, out_tan) with both normal rules,
   whole and split at split_at, against numpy's outputs (expected(v)) within
   SKIN_TOL; tangent w stays `w`. */
static void check_numpy_rules(pm_skin_job *job, int split_at, float *out_pos, const float *out_nrm, const float *out_tan,
                              numpy_outputs (*expected)(int v), float w)
{
    int rule, split, v, k;
    CHECK_RESULT(pm_skin_job_validate(job, NULL), PM_OK);
    for (rule = 0; rule < 2; ++rule)
        for (split = 0; split < 2; ++split) {
            job->normal_rule = rule ? PM_SKIN_NORMALS_BLENDED : PM_SKIN_NORMALS_EXACT;
            CHECK_RESULT(pm_skin_job_prepare(job), PM_OK);
            memset(out_pos, 0, 3 * sizeof(float) * (size_t)job->vertex_count);
            if (split) {
                CHECK_RESULT(pm_skin_job_run(job, 0, split_at), PM_OK);
                CHECK_RESULT(pm_skin_job_run(job, split_at, job->vertex_count - split_at), PM_OK);
            } else {
                CHECK_RESULT(pm_skin_job_run(job, 0, job->vertex_count), PM_OK);
            }
            for (v = 0; v < job->vertex_count; ++v) {
                const numpy_outputs e = expected(v);
                test_context("rule %d vertex %d", rule, v);
                CHECK_NEAR(position_error(out_pos + 3 * v, e.position), 0.0, SKIN_TOL);
                for (k = 0; k < 3; ++k) {
                    CHECK_NEAR(out_nrm[3 * v + k], rule ? e.normal_blended[k] : e.normal_exact[k], SKIN_TOL);
                    CHECK_NEAR(out_tan[4 * v + k], e.tangent[k], SKIN_TOL);
                }
                CHECK(out_tan[4 * v + 3] == w);
            }
        }
    test_context("%s", "");
}

static numpy_outputs eight_expected(int v)
{
    const struct eight_vertex *e = &eight_vertices[v];
    numpy_outputs out;
    out.position = e->position_out;
    out.normal_exact = e->normal_exact;
    out.normal_blended = e->normal_blended;
    out.tangent = e->tangent_out;
    return out;
}

/* Eight influences (glTF JOINTS_0/1, WEIGHTS_0/1) as numpy blends them by
   glTF's rule, on affine bones, with both normal rules, over the whole mesh
   and in ranges that start and end inside blocks; tolerances as the
   4-influence fixture's (SKIN_TOL). */
void test_skin_eight_influences(void)
{
    static eight_case c;
    load_eight_case(&c);
    check_numpy_rules(&c.job, 37, c.out_pos, c.out_nrm, c.out_tan, eight_expected, -1.0f);
}

/* The same bits; built with -ffast-math, which lets the compiler associate
   each loop's sums its own way (the 8-slot loop's and the 4-slot one's
   came out differently in gcc 12 and clang 14), within 2^-21 of the
   largest coordinate: the blend and A p + t sum at most 8 and 4 terms, 10
   roundings of 2^-24 of partial sums no larger than about that coordinate
   (the bones are rigid with scales near 1). */
static int same_positions(const float *a, const float *b, int n)
{
#if defined(__FAST_MATH__)
    float largest = 0.0f;
    int k;
    for (k = 0; k < n; ++k) largest = fabsf(a[k]) > largest ? fabsf(a[k]) : largest;
    for (k = 0; k < n; ++k)
        if (!(fabsf(a[k] - b[k]) <= largest * 4.76837158e-7f)) return 0;
    return 1;
#else
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
#endif
}

/* Exact properties: an 8-influence job whose slots 4-7 weigh 0 gives the
   4-influence job's bits (-ffast-math: same_positions); JOINTS_0/1 and WEIGHTS_0/1 interleaved in one
   buffer give the packed job's bits. Refused: 8 influences with types, a
   count other than 4 or 8, a used slot past 4 out of range or negative. */
void test_skin_eight_influences_exact(void)
{
    static eight_case c, four;
    static struct {
        uint16_t joints[8];
        float weights[8];
    } interleaved[EIGHT_VERTICES];
    static unsigned char types[EIGHT_VERTICES];
    float packed_pos[3 * EIGHT_VERTICES], packed_nrm[3 * EIGHT_VERTICES];
    pm_skin_job job;
    int v, k, bad;
    load_eight_case(&c);
    load_eight_case(&four);
    for (v = 0; v < EIGHT_VERTICES; ++v) {
        for (k = 4; k < 8; ++k) c.wgt[8 * v + k] = 0.0f;
        for (k = 0; k < 4; ++k) {
            four.idx[4 * v + k] = c.idx[8 * v + k];
            four.wgt[4 * v + k] = c.wgt[8 * v + k];
        }
    }
    four.job.influences = 4;
    CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
    CHECK_RESULT(pm_skin_job_prepare(&four.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&c.job, 0, EIGHT_VERTICES), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&four.job, 0, EIGHT_VERTICES), PM_OK);
    CHECK(same_positions(c.out_pos, four.out_pos, (int)(sizeof c.out_pos / sizeof c.out_pos[0])));
    CHECK(memcmp(c.out_nrm, four.out_nrm, sizeof c.out_nrm) == 0);
    CHECK(memcmp(c.out_tan, four.out_tan, sizeof c.out_tan) == 0);

    load_eight_case(&c);
    CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&c.job, 0, EIGHT_VERTICES), PM_OK);
    memcpy(packed_pos, c.out_pos, sizeof packed_pos);
    memcpy(packed_nrm, c.out_nrm, sizeof packed_nrm);
    for (v = 0; v < EIGHT_VERTICES; ++v) {
        memcpy(interleaved[v].joints, c.idx + 8 * v, 16);
        memcpy(interleaved[v].weights, c.wgt + 8 * v, 32);
    }
    job = c.job;
    job.bone_indices = interleaved[0].joints;
    job.bone_weights = interleaved[0].weights;
    job.stride.bone_indices = job.stride.bone_weights = (int)sizeof interleaved[0];
    memset(c.out_pos, 0, sizeof c.out_pos);
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&job, 0, EIGHT_VERTICES), PM_OK);
    CHECK(memcmp(c.out_pos, packed_pos, sizeof packed_pos) == 0 && memcmp(c.out_nrm, packed_nrm, sizeof packed_nrm) == 0);
    job.stride.bone_weights = 16; /* below 8 weights */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, EIGHT_VERTICES), PM_ERROR_INVALID_ARGUMENT);

    job = c.job;
    job.types = types;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, EIGHT_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    for (k = 0; k < 4; ++k) {
        static const int counts[4] = {-1, 3, 5, 16};
        job = c.job;
        job.influences = counts[k];
        CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_skin_job_run(&job, 0, EIGHT_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    }
    c.idx[8 * 40 + 4] = EIGHT_BONES; /* vertex 40 uses slots 0-4 (5 + 40 % 4 influences) */
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_ERROR_OUT_OF_RANGE);
    CHECK(bad == 40);
    c.idx[8 * 40 + 5] = EIGHT_BONES; /* its slot 5 weighs 0: unused, whatever its index */
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_ERROR_OUT_OF_RANGE);
    c.idx[8 * 40 + 4] = 0;
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_OK);
    c.wgt[8 * 43 + 7] = -0.5f; /* vertex 43 uses 8 */
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 43);
}

/* A PMX mesh split by pm_skin_partition_by_type: the permutation and its
   inverse round-trip, each type's part keeps its vertices' order; each
   part skinned alone (BDEF1 from an index a vertex, BDEF2 from two indices
   and w0, the others as they are) gives, bit for bit, what the packed job
   gives those vertices with their type in every slot of `types` (the same
   kernels' math), in ranges that start and end inside a block, packed and
   with the compact streams interleaved in an engine's record; and numpy's
   skinning within SKIN_TOL, as test_skin_matches_numpy. Morphs move with
   their vertices. */
typedef struct part_vertex { /* an engine's record of the compact streams */
    uint16_t joints[2];
    float weight, pad;
} part_vertex;

typedef struct skin_part {
    float pos[3 * SKIN_VERTICES], nrm[3 * SKIN_VERTICES], tan[4 * SKIN_VERTICES], wgt[4 * SKIN_VERTICES],
        sdef[9 * SKIN_VERTICES], w0[SKIN_VERTICES];
    uint16_t idx[4 * SKIN_VERTICES], idx1[SKIN_VERTICES], idx2[2 * SKIN_VERTICES];
    part_vertex record[SKIN_VERTICES];
    unsigned char type[SKIN_VERTICES];
    int morph_start[SKIN_VERTICES + 1];
    pm_vertex_morph morphs[SKIN_MORPHS * SKIN_VERTICES];
    float ref_pos[3 * SKIN_VERTICES], ref_nrm[3 * SKIN_VERTICES], ref_tan[4 * SKIN_VERTICES];
    float out_pos[3 * SKIN_VERTICES], out_nrm[3 * SKIN_VERTICES], out_tan[4 * SKIN_VERTICES];
} skin_part;

/* Vertices order[0..count-1] of the mesh c skins into p's arrays, in that order */
static void skin_part_gather(const skin_case *c, const int *order, int count, skin_part *p)
{
    const pm_skin_job *j = &c->job;
    int i, k, entries = 0;
    for (i = 0; i < count; ++i) {
        const int v = order[i];
        memcpy(p->pos + 3 * i, j->positions + 3 * v, 12);
        memcpy(p->nrm + 3 * i, j->normals + 3 * v, 12);
        memcpy(p->tan + 4 * i, j->tangents + 4 * v, 16);
        memcpy(p->sdef + 9 * i, j->sdef + 9 * v, 36);
        memcpy(p->idx + 4 * i, j->bone_indices + 4 * v, 8);
        memcpy(p->wgt + 4 * i, j->bone_weights + 4 * v, 16);
        p->type[i] = j->types[v];
        if (p->type[i] == PM_SKIN_BDEF2) p->wgt[4 * i + 1] = 1.0f - p->wgt[4 * i]; /* as a PMX reader stores it */
        p->idx1[i] = p->idx[4 * i];
        p->idx2[2 * i] = p->idx[4 * i], p->idx2[2 * i + 1] = p->idx[4 * i + 1];
        p->w0[i] = p->wgt[4 * i];
        p->record[i].joints[0] = p->idx[4 * i], p->record[i].joints[1] = p->idx[4 * i + 1];
        p->record[i].weight = p->wgt[4 * i], p->record[i].pad = -1.0f;
        p->morph_start[i] = entries;
        for (k = j->morph_start[v]; k < j->morph_start[v + 1]; ++k) p->morphs[entries++] = j->morphs[k];
    }
    p->morph_start[count] = entries;
}

static void skin_part_job(const skin_case *c, skin_part *p, int count, pm_skin_job *job)
{
    *job = c->job;
    job->vertex_count = count;
    job->positions = p->pos, job->normals = p->nrm, job->tangents = p->tan, job->sdef = p->sdef;
    job->types = p->type, job->bone_indices = p->idx, job->bone_weights = p->wgt;
    job->morph_start = p->morph_start, job->morphs = p->morphs;
    job->out_positions = p->ref_pos, job->out_normals = p->ref_nrm, job->out_tangents = p->ref_tan;
}

void test_skin_partition_by_type(void)
{
    static skin_case c;
    static skin_part p;
    static int order[SKIN_VERTICES], position[SKIN_VERTICES];
    int n, t, i, layout, cut, part[6];
    for (n = 0; n < SKIN_MESHES; ++n) {
        const struct skin_mesh *m = &skin_meshes[n];
        load_skin_case(n, &c);
        CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
        test_context("mesh %d", n);
        CHECK_RESULT(pm_skin_partition_by_type(SKIN_VERTICES, m->type, order, position, part), PM_OK);
        CHECK(part[0] == 0 && part[5] == SKIN_VERTICES);
        for (i = 0; i < SKIN_VERTICES; ++i) {
            CHECK(position[order[i]] == i && order[position[i]] == i);
            CHECK(i >= part[m->type[order[i]]] && i < part[m->type[order[i]] + 1]);
            if (i > 0 && m->type[order[i]] == m->type[order[i - 1]]) CHECK(order[i] > order[i - 1]);
        }
        for (t = 0; t <= PM_SKIN_QDEF; ++t) {
            const int count = part[t + 1] - part[t];
            pm_skin_job reference, compact;
            CHECK(part[t + 1] >= part[t]);
            if (count == 0) continue;
            skin_part_gather(&c, order + part[t], count, &p);
            skin_part_job(&c, &p, count, &reference);
            CHECK_RESULT(pm_skin_job_validate(&reference, NULL), PM_OK);
            CHECK_RESULT(pm_skin_job_run(&reference, 0, count), PM_OK);
            for (i = 0; i < count; ++i) {
                const int v = order[part[t] + i], k = 0;
                test_context("mesh %d type %d vertex %d", n, t, v);
                CHECK_NEAR(position_error(p.ref_pos + 3 * i, m->out_pos + 3 * v), 0.0, SKIN_TOL);
                CHECK_NEAR(p.ref_nrm[3 * i + k], m->out_nrm[3 * v + k], SKIN_TOL);
            }
            for (layout = 0; layout < 3; ++layout) { /* the part's own layout: packed, interleaved, and (2) as stored */
                static const int cuts[][2] = {{0, 1}, {1, 2}, {3, 3}, {5, 3}, {17, 2}, {0, 2}};
                compact = reference;
                compact.out_positions = p.out_pos, compact.out_normals = p.out_nrm, compact.out_tangents = p.out_tan;
                if (layout < 2 && (t == PM_SKIN_BDEF1 || t == PM_SKIN_BDEF2 || t == PM_SKIN_BDEF4)) compact.types = NULL;
                if (layout < 2 && t == PM_SKIN_BDEF1) compact.influences = 1, compact.bone_weights = NULL;
                if (layout < 2 && t == PM_SKIN_BDEF2) compact.influences = 2, compact.bone_weights = p.w0;
                if (compact.influences == 1) compact.bone_indices = layout == 0 ? p.idx1 : p.record[0].joints;
                if (compact.influences == 2) compact.bone_indices = layout == 0 ? p.idx2 : p.record[0].joints;
                if (layout == 1 && compact.influences == 2) compact.bone_weights = &p.record[0].weight;
                if (layout == 1 && compact.influences) compact.stride.bone_indices = compact.stride.bone_weights = (int)sizeof(part_vertex);
                CHECK_RESULT(pm_skin_job_validate(&compact, NULL), PM_OK);
                for (cut = 0; cut < (int)(sizeof cuts / sizeof cuts[0]); ++cut) { /* [a, b) as a count + a / 16 ... */
                    const int first = cuts[cut][0] < count ? cuts[cut][0] : 0;
                    const int split = first + (count - first) / cuts[cut][1];
                    test_context("mesh %d type %d layout %d, vertices %d..%d..%d", n, t, layout, first, split, count);
                    memset(p.out_pos, 0, sizeof p.out_pos);
                    memset(p.out_nrm, 0, sizeof p.out_nrm);
                    memset(p.out_tan, 0, sizeof p.out_tan);
                    CHECK_RESULT(pm_skin_job_run(&compact, first, split - first), PM_OK);
                    CHECK_RESULT(pm_skin_job_run(&compact, split, count - split), PM_OK);
                    CHECK(memcmp(p.out_pos + 3 * first, p.ref_pos + 3 * first, 12 * (size_t)(count - first)) == 0);
                    CHECK(memcmp(p.out_nrm + 3 * first, p.ref_nrm + 3 * first, 12 * (size_t)(count - first)) == 0);
                    CHECK(memcmp(p.out_tan + 4 * first, p.ref_tan + 4 * first, 16 * (size_t)(count - first)) == 0);
                }
            }
        }
    }
    test_context("%s", "");
}

/* The compact layouts' and the partition's bad input */
void test_skin_compact_bad_input(void)
{
    static skin_case c;
    static skin_part p;
    static int order[SKIN_VERTICES], position[SKIN_VERTICES];
    static unsigned char types[SKIN_VERTICES];
    pm_skin_job job;
    int i, bad, part[6];
    load_skin_case(0, &c);
    CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
    for (i = 0; i < SKIN_VERTICES; ++i) order[i] = i;
    skin_part_gather(&c, order, SKIN_VERTICES, &p);
    skin_part_job(&c, &p, SKIN_VERTICES, &job);
    job.types = NULL;
    job.influences = 2;
    job.bone_indices = p.idx2;
    job.bone_weights = p.w0;
    for (i = 0; i < SKIN_VERTICES; ++i) p.w0[i] = 0.25f;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    p.w0[7] = 1.5f; /* w1 = -0.5 */
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 7);
    p.w0[7] = -0.25f;
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_ERROR_INVALID_ARGUMENT);
    p.w0[7] = 1.0f; /* w1 = 0: the second index unused, whatever it is */
    p.idx2[2 * 7 + 1] = SKIN_BONES;
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_OK);
    p.idx2[2 * 9 + 1] = SKIN_BONES;
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_ERROR_OUT_OF_RANGE);
    CHECK(bad == 9);
    p.idx2[2 * 9 + 1] = 0;
    job.stride.bone_indices = 2; /* below two indices */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.stride.bone_indices = 6; /* 2-byte aligned: taken */
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES / 3), PM_OK);
    job.stride.bone_indices = 0;
    job.stride.bone_weights = 2; /* below a float, and off its alignment */
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.stride.bone_weights = 0;
    job.bone_weights = NULL; /* w0 needed */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.types = types; /* a compact layout is one type's */
    job.bone_weights = p.w0;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.influences = 1;
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.types = NULL;
    job.bone_indices = p.idx1;
    job.bone_weights = NULL; /* none needed */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    job.stride.bone_weights = 3; /* off its alignment: refused as any stride is, its stream read or not */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    job.stride.bone_weights = 0;
    job.stride.bone_indices = 3; /* off the indices' alignment */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    job.stride.bone_indices = 0;
    p.idx1[SKIN_VERTICES - 1] = SKIN_BONES;
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_ERROR_OUT_OF_RANGE);
    CHECK(bad == SKIN_VERTICES - 1);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_OK); /* refused content: clamped, inside the arrays */

    /* the implied 4th weight: 4 influences, no types; w0 + w1 + w2 above 1 a bad vertex */
    job.influences = 4;
    job.last_weight_implied = 1;
    job.bone_indices = p.idx;
    job.bone_weights = p.wgt; /* read as 3 a vertex */
    for (i = 0; i < 3 * SKIN_VERTICES; ++i) p.wgt[i] = 0.25f;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    p.wgt[3 * 11 + 2] = 0.5f + FLT_EPSILON; /* w3 = 1 - (0.25 + 0.25 + 0.5 + 2^-23) = -2^-23 */
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 11);
    p.wgt[3 * 11 + 2] = 0.5f; /* w3 = 0: the 4th index unused, whatever it is */
    p.idx[4 * 11 + 3] = SKIN_BONES;
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_OK);
    p.idx[4 * 12 + 3] = SKIN_BONES; /* w3 = 0.25 */
    CHECK_RESULT(pm_skin_job_validate(&job, &bad), PM_ERROR_OUT_OF_RANGE);
    CHECK(bad == 12);
    p.idx[4 * 12 + 3] = 0;
    job.stride.bone_weights = 12; /* 3 floats: taken */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    job.stride.bone_weights = 8; /* below them */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.stride.bone_weights = 0;
    job.bone_weights = NULL;
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    job.bone_weights = p.wgt;
    job.influences = 0; /* a zeroed job's 4 */
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    for (i = 0; i < 4; ++i) { /* other values, other counts, types */
        job.influences = i == 1 ? 2 : i == 2 ? 8 : 4;
        job.last_weight_implied = i == 0 ? 2 : i == 3 ? -1 : 1;
        CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);
    }
    job.influences = 4;
    job.last_weight_implied = 1;
    job.types = types;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_job_run(&job, 0, SKIN_VERTICES), PM_ERROR_INVALID_ARGUMENT);

    /* the partition: bad types, counts and arrays; nothing written on an error */
    memcpy(types, skin_meshes[1].type, sizeof types);
    types[123] = PM_SKIN_QDEF + 1;
    for (i = 0; i < SKIN_VERTICES; ++i) order[i] = position[i] = -7;
    part[0] = part[5] = -7;
    CHECK_RESULT(pm_skin_partition_by_type(SKIN_VERTICES, types, order, position, part), PM_ERROR_INVALID_ARGUMENT);
    CHECK(order[0] == -7 && position[0] == -7 && part[0] == -7 && part[5] == -7);
    CHECK_RESULT(pm_skin_partition_by_type(-1, types, order, position, part), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_partition_by_type(INT_MIN, types, order, position, part), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_partition_by_type(SKIN_VERTICES, NULL, order, position, part), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_partition_by_type(SKIN_VERTICES, types, NULL, position, part), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_partition_by_type(SKIN_VERTICES, types, order, NULL, part), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_partition_by_type(SKIN_VERTICES, types, order, position, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_partition_by_type(0, NULL, NULL, NULL, part), PM_OK);
    CHECK(part[0] == 0 && part[5] == 0);
    CHECK_RESULT(pm_skin_partition_by_type(123, types, order, position, part), PM_OK); /* the bad byte past the count */
    CHECK(part[5] == 123);
}

#define MORPH_VERTICES ((int)(sizeof morph_vertices / sizeof morph_vertices[0]))
#define MORPH_BONES ((int)(sizeof morph_bones / sizeof morph_bones[0]))
#define MORPH_TARGETS ((int)(sizeof morph_target_weights / sizeof morph_target_weights[0]))

typedef struct morph_case {
    float pos[3 * MORPH_VERTICES], nrm[3 * MORPH_VERTICES], tan[4 * MORPH_VERTICES], wgt[4 * MORPH_VERTICES];
    uint16_t idx[4 * MORPH_VERTICES];
    int morph_start[MORPH_VERTICES + 1];
    pm_vertex_morph morphs[MORPH_TARGETS * MORPH_VERTICES];
    float morph_normals[3 * MORPH_TARGETS * MORPH_VERTICES], morph_tangents[3 * MORPH_TARGETS * MORPH_VERTICES];
    pm_skin_bone prepared[MORPH_BONES];
    float out_pos[3 * MORPH_VERTICES], out_nrm[3 * MORPH_VERTICES], out_tan[4 * MORPH_VERTICES];
    pm_skin_job job;
} morph_case;

static void load_morph_case(morph_case *c)
{
    int v, e, entries = 0;
    memset(c, 0, sizeof *c);
    for (v = 0; v < MORPH_VERTICES; ++v) {
        const struct morph_vertex *m = &morph_vertices[v];
        memcpy(c->pos + 3 * v, m->position, 12);
        memcpy(c->nrm + 3 * v, m->normal, 12);
        memcpy(c->tan + 4 * v, m->tangent, 16);
        memcpy(c->idx + 4 * v, m->bones, 8);
        memcpy(c->wgt + 4 * v, m->weights, 16);
        c->morph_start[v] = entries;
        for (e = 0; e < m->entry_count; ++e, ++entries) {
            c->morphs[entries].morph = m->entry[e].target;
            memcpy(c->morphs[entries].offset, m->entry[e].position, 12);
            memcpy(c->morph_normals + 3 * entries, m->entry[e].normal, 12);
            memcpy(c->morph_tangents + 3 * entries, m->entry[e].tangent, 12);
        }
    }
    c->morph_start[MORPH_VERTICES] = entries;
    c->job.vertex_count = MORPH_VERTICES;
    c->job.positions = c->pos;
    c->job.normals = c->nrm;
    c->job.tangents = c->tan;
    c->job.bone_indices = c->idx;
    c->job.bone_weights = c->wgt;
    c->job.morph_start = c->morph_start;
    c->job.morphs = c->morphs;
    c->job.morph_normals = c->morph_normals;
    c->job.morph_tangents = c->morph_tangents;
    c->job.morph_weights = morph_target_weights;
    c->job.morph_count = MORPH_TARGETS;
    c->job.bone_matrices = morph_bones[0];
    c->job.bone_count = MORPH_BONES;
    c->job.prepared = c->prepared;
    c->job.out_positions = c->out_pos;
    c->job.out_normals = c->out_nrm;
    c->job.out_tangents = c->out_tan;
}

static numpy_outputs morph_expected(int v)
{
    const struct morph_vertex *e = &morph_vertices[v];
    numpy_outputs out;
    out.position = e->position_out;
    out.normal_exact = e->normal_exact;
    out.normal_blended = e->normal_blended;
    out.tangent = e->tangent_out;
    return out;
}

/* glTF morph targets with NORMAL and TANGENT displacements (VRM
   expressions), morphed and skinned as numpy does by glTF's rules, with
   both normal rules, whole and in ranges that start and end inside blocks;
   SKIN_TOL as the other fixtures (a morph that left the normals or
   tangents alone is off by 0.1 or more here). */
void test_skin_morph_normals(void)
{
    static morph_case c;
    load_morph_case(&c);
    check_numpy_rules(&c.job, 21, c.out_pos, c.out_nrm, c.out_tan, morph_expected, 1.0f);
}

/* Exact properties and bad input: with every target's weight 0 the job
   gives the bits of the job without normal and tangent displacements;
   positions morph the same with or without them; glTF's per-target lists
   grouped by pm_morphs_group_by_vertex, once for positions and once for
   normals, line up entry by entry; a non-finite displacement is refused,
   and an array that overlaps an output. */
void test_skin_morph_normals_exact(void)
{
    static morph_case c, plain;
    static const float zero[MORPH_TARGETS] = {0.0f, 0.0f, 0.0f};
    int bad;
    load_morph_case(&c);
    load_morph_case(&plain);
    plain.job.morph_normals = plain.job.morph_tangents = NULL;
    CHECK_RESULT(pm_skin_job_prepare(&c.job), PM_OK);
    CHECK_RESULT(pm_skin_job_prepare(&plain.job), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&c.job, 0, MORPH_VERTICES), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&plain.job, 0, MORPH_VERTICES), PM_OK);
    CHECK(memcmp(c.out_pos, plain.out_pos, sizeof c.out_pos) == 0);
    CHECK(memcmp(c.out_nrm, plain.out_nrm, sizeof c.out_nrm) != 0);
    c.job.morph_weights = plain.job.morph_weights = zero;
    CHECK_RESULT(pm_skin_job_run(&c.job, 0, MORPH_VERTICES), PM_OK);
    CHECK_RESULT(pm_skin_job_run(&plain.job, 0, MORPH_VERTICES), PM_OK);
    CHECK(memcmp(c.out_pos, plain.out_pos, sizeof c.out_pos) == 0);
    CHECK(memcmp(c.out_nrm, plain.out_nrm, sizeof c.out_nrm) == 0);
    CHECK(memcmp(c.out_tan, plain.out_tan, sizeof c.out_tan) == 0);

    { /* glTF's per-target lists grouped by vertex: two calls, positions and normals, give the same entries */
        static int start[MORPH_TARGETS + 1], vertex[MORPH_TARGETS * MORPH_VERTICES], grouped_start[MORPH_VERTICES + 1];
        static float offset[3 * MORPH_TARGETS * MORPH_VERTICES], normal[3 * MORPH_TARGETS * MORPH_VERTICES];
        static pm_vertex_morph by_position[MORPH_TARGETS * MORPH_VERTICES], by_normal[MORPH_TARGETS * MORPH_VERTICES];
        int t, v, e, n = 0;
        load_morph_case(&c);
        for (t = 0; t < MORPH_TARGETS; ++t) {
            start[t] = n;
            for (v = 0; v < MORPH_VERTICES; ++v)
                for (e = 0; e < morph_vertices[v].entry_count; ++e)
                    if (morph_vertices[v].entry[e].target == t) {
                        vertex[n] = v;
                        memcpy(offset + 3 * n, morph_vertices[v].entry[e].position, 12);
                        memcpy(normal + 3 * n, morph_vertices[v].entry[e].normal, 12);
                        ++n;
                    }
        }
        start[MORPH_TARGETS] = n;
        CHECK_RESULT(pm_morphs_group_by_vertex(MORPH_VERTICES, MORPH_TARGETS, start, vertex, offset, grouped_start,
                                               by_position, n), PM_OK);
        CHECK_RESULT(pm_morphs_group_by_vertex(MORPH_VERTICES, MORPH_TARGETS, start, vertex, normal, grouped_start,
                                               by_normal, n), PM_OK);
        CHECK(memcmp(grouped_start, c.morph_start, sizeof grouped_start) == 0);
        for (e = 0; e < n; ++e) {
            CHECK(by_position[e].morph == c.morphs[e].morph && by_normal[e].morph == c.morphs[e].morph);
            CHECK(memcmp(by_position[e].offset, c.morphs[e].offset, 12) == 0);
            CHECK(memcmp(by_normal[e].offset, c.morph_normals + 3 * e, 12) == 0);
        }
    }

    load_morph_case(&c);
    c.morph_tangents[3 * 7 + 1] = INFINITY; /* entry 7: vertex 5's (vertices 0, 3, 6... move in one target, the rest in two) */
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad >= 0 && c.morph_start[bad] <= 7 && 7 < c.morph_start[bad + 1]);
    load_morph_case(&c);
    c.morph_normals[5] = NAN;
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == 0);
    load_morph_case(&c);
    c.job.out_tangents = c.morph_normals + 3; /* an output on the displacements */
    CHECK_RESULT(pm_skin_job_validate(&c.job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == -1);
}

/* The SIMD path this build compiled (SSE2, or AVX2 + FMA) against the
   portable one, on every fixture mesh, ranges split at odd places so that
   blocks of four straddle them. Promised: within 1e-5 (measured: positions
   5.4e-7 of their size, normals 9.8e-7). */
void test_skin_simd_matches_scalar(void)
{
    static skin_case simd, scalar;
    int n, v, k, first;
    for (n = 0; n < SKIN_MESHES; ++n) {
        load_skin_case(n, &simd);
        load_skin_case(n, &scalar);
        CHECK_RESULT(pm_skin_job_prepare(&simd.job), PM_OK);
        CHECK_RESULT(scalar_skin_job_prepare(&scalar.job), PM_OK);
        for (first = 0; first < SKIN_VERTICES; first += 37) {
            int count = first + 37 <= SKIN_VERTICES ? 37 : SKIN_VERTICES - first;
            CHECK_RESULT(pm_skin_job_run(&simd.job, first, count), PM_OK);
            CHECK_RESULT(scalar_skin_job_run(&scalar.job, first, count), PM_OK);
        }
        for (v = 0; v < SKIN_VERTICES; ++v) {
            const float *p = scalar.out_pos + 3 * v;
            double size = 1.0 + sqrt((double)p[0] * p[0] + (double)p[1] * p[1] + (double)p[2] * p[2]);
            test_context("mesh %d vertex %d type %d", n, v, skin_meshes[n].type[v]);
            for (k = 0; k < 3; ++k) {
                CHECK_NEAR(simd.out_pos[3 * v + k], p[k], SKIN_TOL * size);
                CHECK_NEAR(simd.out_nrm[3 * v + k], scalar.out_nrm[3 * v + k], SKIN_TOL);
            }
            for (k = 0; k < 4; ++k) CHECK_NEAR(simd.out_tan[4 * v + k], scalar.out_tan[4 * v + k], SKIN_TOL);
        }
    }
}

/* Whether this CPU runs the kernels of that name */
static int cpu_runs(const char *kernels)
{
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    if (strcmp(kernels, "AVX-512F") == 0)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    if (strcmp(kernels, "AVX2 + FMA") == 0) return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    (void)kernels;
#endif
    return 1; /* the flags' own, or SSE2 on x86-64 */
}

/* pm_skin_job_get_kernels names the widest kernels the CPU runs: with gcc or
   clang on x86 (but for POSEMATH_NO_DISPATCH and -O0), AVX-512 or AVX2 + FMA if the
   CPU has them, whatever the flags; else what the flags target. */
void test_skin_kernels_name(void)
{
    const char *expected = "SSE2";
#if defined(POSEMATH_NO_SIMD)
    expected = "portable";
#elif defined(__aarch64__) || defined(_M_ARM64)
    expected = "NEON";
#elif !(defined(__SSE2__) || defined(_M_X64))
    expected = "portable";
#elif defined(__AVX512F__) && defined(__AVX2__) && defined(__FMA__)
    expected = "AVX-512F";
#elif defined(__AVX2__) && defined(__FMA__)
    expected = "AVX2 + FMA";
#endif
#if !defined(POSEMATH_NO_SIMD) && !defined(POSEMATH_NO_DISPATCH) && !defined(__AVX512F__) && defined(__OPTIMIZE__) && \
    (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    if (cpu_runs("AVX-512F")) expected = "AVX-512F";
    else if (cpu_runs("AVX2 + FMA")) expected = "AVX2 + FMA";
#endif
    CHECK(strcmp(pm_skin_job_get_kernels(), expected) == 0);
}

/* Each kernel pass the implementation compiled (the flags' and, with gcc or
   clang on x86, AVX2 + FMA and AVX-512 under their target pragmas) that
   this CPU runs skins every mesh of the numpy fixture within SKIN_TOL, over
   a range that starts and ends inside blocks; and pm_skin_job_run is the
   pass pm_skin_job_get_kernels names, bit for bit (the widths differ in
   their last bits: fused multiply-adds, rsqrt14 against rsqrt). */
void test_skin_kernel_passes(void)
{
    static skin_case direct, through_run;
    skin_range_fn range[3];
    const char *name[3];
    const int first = 5, end = SKIN_VERTICES - 6;
    int passes = skin_kernel_passes(range, name), p, n, v, k, ran = 0, matched = 0;
    for (p = 0; p < passes; ++p) {
        if (!cpu_runs(name[p])) {
            printf("skin_kernel_passes: %s compiled, skipped: this CPU cannot run it\n", name[p]);
            continue;
        }
        ++ran;
        for (n = 0; n < SKIN_MESHES; ++n) {
            const struct skin_mesh *m = &skin_meshes[n];
            test_context("%s kernels, mesh %d", name[p], n);
            load_skin_case(n, &direct);
            load_skin_case(n, &through_run);
            CHECK_RESULT(pm_skin_job_prepare(&direct.job), PM_OK);
            CHECK_RESULT(pm_skin_job_prepare(&through_run.job), PM_OK);
            range[p](&direct.job, first, end);
            for (v = first; v < end; ++v) {
                CHECK_NEAR(position_error(direct.out_pos + 3 * v, m->out_pos + 3 * v), 0.0, SKIN_TOL);
                for (k = 0; k < 3; ++k) {
                    CHECK_NEAR(direct.out_nrm[3 * v + k], m->out_nrm[3 * v + k], SKIN_TOL);
                    CHECK_NEAR(direct.out_tan[4 * v + k], m->out_tan[4 * v + k], SKIN_TOL);
                }
            }
            CHECK(direct.out_pos[3 * first - 1] == 0.0f && direct.out_pos[3 * end] == 0.0f); /* nothing outside */
            if (strcmp(name[p], pm_skin_job_get_kernels()) != 0) continue;
            CHECK_RESULT(pm_skin_job_run(&through_run.job, first, end - first), PM_OK);
            CHECK(memcmp(through_run.out_pos, direct.out_pos, sizeof direct.out_pos) == 0);
            CHECK(memcmp(through_run.out_nrm, direct.out_nrm, sizeof direct.out_nrm) == 0);
            CHECK(memcmp(through_run.out_tan, direct.out_tan, sizeof direct.out_tan) == 0);
            matched = 1;
        }
    }
    test_context("%s", "");
    CHECK(ran >= 1 && matched);
}

/* glTF's joint matrices, world(joint) * inverseBind: against cglm's
   glm_mat4_mul (float products, a few ulp of the entries' size: 1e-6 for
   entries up to ~4), inputs and output 4 bytes off a 16-byte boundary;
   NULL inverse binds are identity (the world matrix, exactly); bad input. */
void test_skin_bone_matrices(void)
{
    enum { NODES = 6, JOINTS = 4 };
    static float world_store[16 * NODES + 1], inverse_store[16 * JOINTS + 1], out_store[16 * JOINTS + 1];
    float *world = world_store + 1, *inverse_bind = inverse_store + 1, *out = out_store + 1;
    const int joint_node[JOINTS] = {5, 0, 3, 3}, bad_joint[JOINTS] = {5, 0, 6, 3};
    uint32_t state = 12345u;
    int i, j, c;
    for (i = 0; i < 16 * NODES; ++i) {
        state = state * 1664525u + 1013904223u;
        world[i] = (float)(state >> 8) / 8388608.0f * 2.0f - 1.0f;
    }
    for (i = 0; i < 16 * JOINTS; ++i) {
        state = state * 1664525u + 1013904223u;
        inverse_bind[i] = (float)(state >> 8) / 8388608.0f * 2.0f - 1.0f;
    }
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, joint_node, JOINTS, inverse_bind, out), PM_OK);
    for (j = 0; j < JOINTS; ++j) {
        mat4 a, b, expected;
        memcpy(a, world + 16 * joint_node[j], sizeof a);
        memcpy(b, inverse_bind + 16 * j, sizeof b);
        glm_mat4_mul(a, b, expected);
        for (c = 0; c < 16; ++c) CHECK_NEAR(out[16 * j + c], expected[c / 4][c % 4], 1e-6);
    }
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, joint_node, JOINTS, NULL, out), PM_OK);
    for (j = 0; j < JOINTS; ++j) CHECK(memcmp(out + 16 * j, world + 16 * joint_node[j], 16 * sizeof(float)) == 0);
    /* bad input */
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, bad_joint, JOINTS, inverse_bind, out), PM_ERROR_OUT_OF_RANGE);
    CHECK_RESULT(pm_skin_compute_bone_matrices(NULL, NODES, joint_node, JOINTS, inverse_bind, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, NULL, JOINTS, inverse_bind, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, joint_node, JOINTS, inverse_bind, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, -1, joint_node, JOINTS, inverse_bind, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, joint_node, -1, inverse_bind, out), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_skin_compute_bone_matrices(NULL, 0, NULL, 0, NULL, NULL), PM_OK); /* nothing to do */
    world[16 * 3 + 5] = 3e38f; /* finite, and the products overflow */
    inverse_bind[16 * 2 + 5] = 3e38f;
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, joint_node, JOINTS, inverse_bind, out), PM_ERROR_INVALID_ARGUMENT);
    for (i = 0; i < 16 * JOINTS; ++i) CHECK(out[i] == 0.0f);
    world[16 * 3 + 5] = NAN;
    CHECK_RESULT(pm_skin_compute_bone_matrices(world, NODES, joint_node, JOINTS, NULL, out), PM_ERROR_INVALID_ARGUMENT);
    for (i = 0; i < 16; ++i) { /* 2 I times an inverse bind that overflows in entry i alone */
        static const int one_joint[1] = {0};
        float twice[16] = {0}, bind[16] = {0};
        for (c = 0; c < 4; ++c) twice[5 * c] = 2.0f, bind[5 * c] = 1.0f;
        bind[i] = 3e38f;
        test_context("entry %d", i);
        CHECK_RESULT(pm_skin_compute_bone_matrices(twice, 1, one_joint, 1, bind, out), PM_ERROR_INVALID_ARGUMENT);
        CHECK(out[i] == 0.0f);
        bind[i] = 1.5e38f;
        CHECK_RESULT(pm_skin_compute_bone_matrices(twice, 1, one_joint, 1, bind, out), PM_OK);
        CHECK(out[i] == 3e38f);
    }
    test_context("%s", "");
}

/* PM_SKIN_NORMALS_BLENDED against numpy's normalize(M n) and normalize(M t)
   (M the weight-normalized blend of the bones' 3x3 parts, with scale and
   shear), on BDEF1/2/4 vertices, whole and split as threads would, SIMD and
   portable. Tolerance 2e-6: float rounding of a 3x3 product and a
   normalization (measured under 4e-7); the exact rule differs by 0.1 or more on
   these sheared bones. A normal_rule outside the enum is bad input. */
void test_skin_blended_normals(void)
{
    enum { N = sizeof blended_vertices / sizeof blended_vertices[0], BONES = 6 };
    static float position[3 * N], normal[3 * N], tangent[4 * N], weight[4 * N], out_pos[3 * N], out_nrm[3 * N],
        out_tan[4 * N];
    static uint16_t bone[4 * N];
    static unsigned char type[N];
    pm_skin_bone prepared[BONES];
    pm_skin_job job;
    double exact_difference = 0.0;
    int v, k, path;
    for (v = 0; v < N; ++v) {
        type[v] = blended_vertices[v].type;
        memcpy(position + 3 * v, blended_vertices[v].position, 3 * sizeof(float));
        memcpy(normal + 3 * v, blended_vertices[v].normal, 3 * sizeof(float));
        memcpy(tangent + 4 * v, blended_vertices[v].tangent, 4 * sizeof(float));
        memcpy(bone + 4 * v, blended_vertices[v].bones, 4 * sizeof(uint16_t));
        memcpy(weight + 4 * v, blended_vertices[v].weights, 4 * sizeof(float));
    }
    memset(&job, 0, sizeof job);
    job.vertex_count = N;
    job.positions = position;
    job.normals = normal;
    job.tangents = tangent;
    job.types = type;
    job.bone_indices = bone;
    job.bone_weights = weight;
    job.bone_matrices = &blended_bones[0][0];
    job.bone_count = BONES;
    job.prepared = prepared;
    job.out_positions = out_pos;
    job.out_normals = out_nrm;
    job.out_tangents = out_tan;
    CHECK_RESULT(pm_skin_job_prepare(&job), PM_OK); /* the exact rule, to show the two differ here */
    CHECK_RESULT(pm_skin_job_run(&job, 0, N), PM_OK);
    for (v = 0; v < 3 * N; ++v) exact_difference = fmax(exact_difference, fabs(out_nrm[v] - blended_vertices[v / 3].normal_out[v % 3]));
    CHECK(exact_difference > 0.1);
    job.normal_rule = PM_SKIN_NORMALS_BLENDED;
    CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_OK);
    for (path = 0; path < 3; ++path) { /* SIMD whole, SIMD split, portable */
        memset(out_nrm, 0, sizeof out_nrm);
        memset(out_tan, 0, sizeof out_tan);
        if (path < 2) {
            CHECK_RESULT(pm_skin_job_prepare(&job), PM_OK);
            CHECK_RESULT(pm_skin_job_run(&job, 0, path ? 37 : N), PM_OK);
            if (path) CHECK_RESULT(pm_skin_job_run(&job, 37, N - 37), PM_OK);
        } else {
            CHECK_RESULT(scalar_skin_job_prepare(&job), PM_OK);
            CHECK_RESULT(scalar_skin_job_run(&job, 0, N), PM_OK);
        }
        for (v = 0; v < N; ++v) {
            test_context("path %d vertex %d type %d", path, v, type[v]);
            for (k = 0; k < 3; ++k) {
                CHECK_NEAR(out_nrm[3 * v + k], blended_vertices[v].normal_out[k], 2e-6);
                CHECK_NEAR(out_tan[4 * v + k], blended_vertices[v].tangent_out[k], 2e-6);
            }
            CHECK(out_tan[4 * v + 3] == tangent[4 * v + 3]);
        }
    }
    test_context("%s", "");
    /* an int the enum does not name, as a file or a C caller can store
       (C++ cannot convert it, so the bytes are written) */
    CHECK(sizeof job.normal_rule == sizeof(int));
    for (k = -1; k <= 2; k += 3) {
        memcpy(&job.normal_rule, &k, sizeof k);
        CHECK_RESULT(pm_skin_job_validate(&job, NULL), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_skin_job_prepare(&job), PM_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT(pm_skin_job_run(&job, 0, N), PM_ERROR_INVALID_ARGUMENT);
    }
}

/* A job's morph_masks change which vertices go through the morphs, never a
   result: for every kernel pass this build has (the SSE2/AVX2/AVX-512 or
   NEON lanes, in place, and the copies' path of a strided output), every
   mesh and weights with some morphs at 0, the same bits with the masks as
   without. pm_morph_masks sets exactly the bits of the morphs each 16
   vertices have (m % 64); validate refuses a mask without one of them. */
void test_skin_morph_masks(void)
{
    static skin_case plain, masked;
    static float strided[2][8 * SKIN_VERTICES];
    static const float patterns[4][SKIN_MORPHS] = {
        {0, 0, 0, 0, 0, 0}, {0, 0.7f, 0, 0, 0, 0}, {0, 0, 0, 0, 0, -1.5f}, {0.25f, 0, 0.5f, 0, 1, 0}};
    uint64_t masks[(SKIN_VERTICES + PM_MORPH_MASK_VERTICES - 1) / PM_MORPH_MASK_VERTICES];
    skin_range_fn range[3];
    const char *name[3];
    int passes = skin_kernel_passes(range, name), p, n, w, v, k, strides, bad = -1;
    for (n = 0; n < SKIN_MESHES; ++n) {
        load_skin_case(n, &plain);
        CHECK_RESULT(pm_morph_masks(SKIN_VERTICES, plain.morph_start, plain.morphs, masks), PM_OK);
        for (v = 0; v < SKIN_VERTICES; v += PM_MORPH_MASK_VERTICES) { /* exactly each group's morphs */
            uint64_t expected = 0;
            for (k = plain.morph_start[v]; k < plain.morph_start[v + PM_MORPH_MASK_VERTICES < SKIN_VERTICES
                                                                    ? v + PM_MORPH_MASK_VERTICES : SKIN_VERTICES];
                 ++k)
                expected |= (uint64_t)1 << plain.morphs[k].morph;
            CHECK(masks[v / PM_MORPH_MASK_VERTICES] == expected);
        }
        for (p = 0; p < passes; ++p) {
            if (!cpu_runs(name[p])) continue;
            for (w = 0; w < 4; ++w)
                for (strides = 0; strides < 2; ++strides) {
                    test_context("%s kernels, mesh %d, weights %d, strided %d", name[p], n, w, strides);
                    load_skin_case(n, &plain);
                    load_skin_case(n, &masked);
                    plain.job.morph_weights = masked.job.morph_weights = patterns[w];
                    masked.job.morph_masks = masks;
                    if (strides) { /* positions written 8 floats apart: the copies' path */
                        plain.job.out_positions = strided[0], masked.job.out_positions = strided[1];
                        plain.job.stride.out_positions = masked.job.stride.out_positions = 32;
                    }
                    CHECK_RESULT(pm_skin_job_validate(&masked.job, &bad), PM_OK);
                    CHECK_RESULT(pm_skin_job_prepare(&plain.job), PM_OK);
                    CHECK_RESULT(pm_skin_job_prepare(&masked.job), PM_OK);
                    range[p](&plain.job, 0, SKIN_VERTICES);
                    range[p](&masked.job, 0, SKIN_VERTICES);
                    CHECK(memcmp(plain.job.out_positions, masked.job.out_positions,
                                 sizeof(float) * (strides ? 8 : 3) * SKIN_VERTICES) == 0);
                    CHECK(memcmp(plain.out_nrm, masked.out_nrm, sizeof plain.out_nrm) == 0);
                    CHECK(memcmp(plain.out_tan, masked.out_tan, sizeof plain.out_tan) == 0);
                }
        }
    }
    test_context("%s", "");
    /* a mask without a morph its vertices have would leave the morph out: refused at its vertex */
    load_skin_case(0, &masked);
    CHECK_RESULT(pm_morph_masks(SKIN_VERTICES, masked.morph_start, masked.morphs, masks), PM_OK);
    for (v = 0; v < SKIN_VERTICES && masked.morph_start[v] == masked.morph_start[v + 1]; ++v) continue;
    CHECK(v < SKIN_VERTICES);
    masks[v / PM_MORPH_MASK_VERTICES] &= ~((uint64_t)1 << masked.morphs[masked.morph_start[v]].morph);
    masked.job.morph_masks = masks;
    CHECK_RESULT(pm_skin_job_validate(&masked.job, &bad), PM_ERROR_INVALID_ARGUMENT);
    CHECK(bad == v);
    /* bad arguments, and a morph_start that is not pm_morphs_group_by_vertex's */
    CHECK_RESULT(pm_morph_masks(-1, masked.morph_start, masked.morphs, masks), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_morph_masks(SKIN_VERTICES, NULL, masked.morphs, masks), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_morph_masks(SKIN_VERTICES, masked.morph_start, NULL, masks), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_morph_masks(SKIN_VERTICES, masked.morph_start, masked.morphs, NULL), PM_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(pm_morph_masks(0, masked.morph_start, masked.morphs, masks), PM_OK);
    {
        int start[4] = {0, 2, 1, 2};
        pm_vertex_morph entries[2] = {{0, {0, 0, 0}}, {1, {0, 0, 0}}};
        CHECK_RESULT(pm_morph_masks(3, start, entries, masks), PM_ERROR_INVALID_ARGUMENT); /* decreasing */
        start[0] = 1;
        CHECK_RESULT(pm_morph_masks(3, start, entries, masks), PM_ERROR_INVALID_ARGUMENT); /* not from 0 */
    }
}
