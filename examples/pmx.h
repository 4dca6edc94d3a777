/* pmx.h: a PMX model reader (PMX 2.0 and 2.1, MikuMikuDance's model format)
   for the examples: the vertices as posemath's skinning job takes them, the
   faces, the bones with their grants, IK chains and limits, the morphs (as
   posemath's MMD morphs take them, with the vertex and UV offsets), the
   materials' morphable values, the rigid bodies and joints (as posemath's
   MMD physics takes them); textures, the rest of the materials, display
   frames, flip and impulse morphs and 2.1's soft bodies are checked and
   skipped.

     pmx model;
     char error[128];
     if (pmx_parse(bytes, size, &model, error, sizeof error) != 0) puts(error);  // "byte 1234: ..."
     // model.positions, normals, types, bone_indices, bone_weights, sdef: a pm_skin_job's streams
     // model.bones[i]: name (UTF-8), position, parent, layer, flags, grant, IK
     // pmx_morph_set(&model): a pm_mmd_morph_set; model.morph_names[i]: each morph's name
     // model.rigid_bodies, joints: a pm_mmd_physics's bodies and joints
     pmx_free(&model);

   Text is UTF-16LE or UTF-8 as the header says, converted to UTF-8 (names
   longer than PMX_NAME_SIZE bytes are cut at a character). Index sizes 1, 2
   and 4: bone, morph and other indices are signed (-1 for none), vertex
   indices of size 1 and 2 unsigned. A bone index of -1 in a vertex becomes
   65535 with weight 0 (the job skips slots of weight 0). Any malformed file
   is an error with the byte offset where it goes wrong, never a crash; every
   count is checked against the bytes left before anything is allocated.
   Example code: it allocates (pmx_free releases everything); include it in
   one file. */
#ifndef EXAMPLES_PMX_H
#define EXAMPLES_PMX_H

#include "../posemath.h"
#include "read_file.h"
#include "utf8.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PMX_NAME_SIZE = 128 };

/* How two names compare (a test counts the calls) */
#ifndef PMX_NAME_COMPARE
#define PMX_NAME_COMPARE strcmp
#endif

/* PMX bone flags */
enum {
    PMX_BONE_TAIL_IS_BONE = 0x0001, PMX_BONE_IK = 0x0020, PMX_BONE_LOCAL_GRANT = 0x0080,
    PMX_BONE_GRANT_ROTATION = 0x0100, PMX_BONE_GRANT_TRANSLATION = 0x0200, PMX_BONE_FIXED_AXIS = 0x0400,
    PMX_BONE_LOCAL_AXES = 0x0800, PMX_BONE_AFTER_PHYSICS = 0x1000, PMX_BONE_EXTERNAL_PARENT = 0x2000
};

typedef struct pmx_bone {
    char name[PMX_NAME_SIZE];
    float position[3];         /* rest position of the bone's head, model space */
    int parent;                /* -1 for a root */
    int layer;                 /* deform layer (transform order) */
    unsigned flags;
    int tail_bone;             /* with PMX_BONE_TAIL_IS_BONE, else -1 and tail_offset */
    float tail_offset[3];
    int grant_parent;          /* with PMX_BONE_GRANT_*: the source bone, else -1 */
    float grant_ratio;
    float fixed_axis[3];       /* with PMX_BONE_FIXED_AXIS */
    int ik_target;             /* with PMX_BONE_IK: the effector bone, else -1 */
    int ik_loop_count;
    float ik_limit_angle;      /* radians per iteration */
    int first_link, link_count; /* PMX order: from the effector's parent up; into pmx.links */
} pmx_bone;

/* A morph's name and display panel (its type and elements: pmx.morphs) */
typedef struct pmx_morph_name {
    char name[PMX_NAME_SIZE];
    int panel;
} pmx_morph_name;

typedef struct pmx {
    float version;             /* 2.0 or 2.1 */
    int utf8;                  /* the file's text encoding: 0 UTF-16LE, 1 UTF-8 */
    int additional_uvs;
    char name[PMX_NAME_SIZE];
    int vertex_count;
    float *positions, *normals;     /* 3 per vertex */
    unsigned char *types;           /* pm_skin_type per vertex */
    uint16_t *bone_indices;         /* 4 per vertex */
    float *bone_weights;            /* 4 per vertex */
    float *sdef;                    /* 9 per vertex: C, R0, R1 (zero for other types) */
    int index_count;
    uint32_t *indices;              /* 3 per face */
    int bone_count, link_count, morph_count;
    pmx_bone *bones;
    pm_mmd_ik_link *links;
    pmx_morph_name *morph_names;
    pm_mmd_morph *morphs;           /* each one's type and elements: entries [first, first + count) of the array of
                                       its type below (flip and impulse morphs: none) */
    int group_count, bone_element_count, material_element_count, vertex_offset_count, uv_offset_count;
    pm_mmd_group_element *groups;
    pm_mmd_bone_element *bone_elements;
    pm_mmd_material_element *material_elements;
    int *vertex_offset_vertex;      /* vertex morphs: the vertex, */
    float *vertex_offset;           /* and 3 floats of offset */
    int *uv_offset_vertex;          /* UV morphs (types 3 to 7): the vertex, */
    float *uv_offset;               /* and 4 floats of offset */
    int texture_count, material_count, frame_count;
    float *material_values;         /* PM_MMD_MATERIAL_VALUES per material (pm_mmd_material_defaults) */
    int rigid_body_count, joint_count;
    pm_mmd_rigid_body *rigid_bodies; /* bone: as stored, or by the body's name (babylon-mmd's rule), else -1 */
    pm_mmd_joint *joints;            /* those whose two bodies are in the file (babylon-mmd drops the rest) */
} pmx;

typedef struct pmx_reader {
    const unsigned char *data;
    size_t size, at;
    int utf8, index_size[6]; /* vertex, texture, material, bone, morph, rigid body */
    char *error;
    size_t error_size;
    struct pmx_named *bones_by_name; /* made at the first rigid body that names its bone (pmx_last_bone_named) */
} pmx_reader;

enum { PMX_VERTEX, PMX_TEXTURE, PMX_MATERIAL, PMX_BONE, PMX_MORPH, PMX_RIGID };

static int pmx_fail(pmx_reader *r, size_t at, const char *what)
{
    if (r->error_size && !r->error[0]) snprintf(r->error, r->error_size, "byte %lu: %s", (unsigned long)at, what);
    return -1;
}

/* n bytes at r->at, or NULL (error set) when the file ends first */
static const unsigned char *pmx_take(pmx_reader *r, size_t n, const char *what)
{
    const unsigned char *p;
    if (r->size - r->at < n) {
        pmx_fail(r, r->at, what);
        return NULL;
    }
    p = r->data + r->at;
    r->at += n;
    return p;
}

static uint32_t pmx_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int pmx_floats(pmx_reader *r, float *out, int n, const char *what)
{
    const unsigned char *p = pmx_take(r, 4 * (size_t)n, what);
    int i;
    if (!p) return -1;
    for (i = 0; i < n; ++i) {
        const uint32_t bits = pmx_u32(p + 4 * i); /* PMX is little-endian */
        memcpy(&out[i], &bits, sizeof bits);
    }
    return 0;
}

static int pmx_int(pmx_reader *r, int *out, const char *what)
{
    const unsigned char *p = pmx_take(r, 4, what);
    if (!p) return -1;
    *out = (int)(int32_t)pmx_u32(p);
    return 0;
}

/* An index of kind `kind`: signed, except vertex indices of 1 and 2 bytes;
   it must be -1 (when `none` allows) or in [0, count). */
/* An index of `kind` as stored, whatever its value */
static int pmx_raw_index(pmx_reader *r, int kind, int *out, const char *what)
{
    const int size = r->index_size[kind];
    const unsigned char *p = pmx_take(r, (size_t)size, what);
    if (!p) return -1;
    if (size == 1) *out = kind == PMX_VERTEX ? (int)p[0] : (int)(signed char)p[0];
    else if (size == 2) *out = kind == PMX_VERTEX ? (int)(p[0] | p[1] << 8) : (int)(int16_t)(uint16_t)(p[0] | p[1] << 8);
    else *out = (int)(int32_t)pmx_u32(p);
    return 0;
}

static int pmx_index(pmx_reader *r, int kind, int count, int none, int *out, const char *what)
{
    const size_t at = r->at;
    if (pmx_raw_index(r, kind, out, what) != 0) return -1;
    if ((*out == -1 && none) || (*out >= 0 && *out < count)) return 0;
    return pmx_fail(r, at, what);
}

/* A count of records of at least `smallest` bytes: non-negative, and that
   many must fit in what is left */
static int pmx_count(pmx_reader *r, size_t smallest, int *count, const char *what)
{
    const size_t at = r->at;
    if (pmx_int(r, count, what) != 0) return -1;
    if (*count < 0 || (size_t)*count > (r->size - r->at) / smallest) return pmx_fail(r, at, what);
    return 0;
}

/* A text (int32 byte length, then UTF-16LE or UTF-8) into UTF-8 `out`,
   cut at a character to fit out_size with its NUL; out may be NULL. */
static int pmx_text(pmx_reader *r, char *out, size_t out_size, const char *what)
{
    int length;
    size_t at = r->at, n = 0, i;
    const unsigned char *p;
    if (pmx_int(r, &length, what) != 0) return -1;
    if (length < 0 || (!r->utf8 && length % 2)) return pmx_fail(r, at, what);
    if (!(p = pmx_take(r, (size_t)length, what))) return -1;
    if (!out) return 0;
    for (i = 0; i < (size_t)length;) {
        unsigned code;
        unsigned char bytes[4];
        size_t size, k;
        if (r->utf8) { /* copied a character at a time, so the cut falls between characters */
            size = p[i] < 0x80 ? 1 : p[i] < 0xE0 ? 2 : p[i] < 0xF0 ? 3 : 4;
            if (i + size > (size_t)length) size = (size_t)length - i;
            memcpy(bytes, p + i, size);
            i += size;
        } else {
            code = (unsigned)(p[i] | p[i + 1] << 8);
            i += 2;
            if (code >= 0xD800 && code < 0xDC00 && i + 1 < (size_t)length) { /* a surrogate pair */
                const unsigned low = (unsigned)(p[i] | p[i + 1] << 8);
                if (low >= 0xDC00 && low < 0xE000) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    i += 2;
                }
            }
            if (code >= 0xD800 && code < 0xE000) code = 0xFFFD; /* a lone surrogate */
            size = utf8_encode(code, bytes);
        }
        if (n + size + 1 > out_size) break;
        for (k = 0; k < size; ++k) out[n++] = (char)bytes[k];
    }
    out[n] = '\0';
    return 0;
}

static void pmx_free(pmx *m)
{
    free(m->positions), free(m->normals), free(m->types), free(m->bone_indices), free(m->bone_weights);
    free(m->sdef), free(m->indices), free(m->bones), free(m->links), free(m->morph_names), free(m->morphs);
    free(m->groups), free(m->bone_elements), free(m->material_elements), free(m->vertex_offset_vertex);
    free(m->vertex_offset), free(m->uv_offset_vertex), free(m->uv_offset), free(m->material_values);
    free(m->rigid_bodies), free(m->joints);
    memset(m, 0, sizeof *m);
}

/* calloc of n items (at least one), or NULL */
static void *pmx_alloc(size_t n, size_t item)
{
    return calloc(n ? n : 1, item);
}

static int pmx_vertices(pmx_reader *r, pmx *m)
{
    int v, k;
    /* the smallest vertex: position, normal, uv, additional uvs, type, BDEF1's index, edge scale */
    if (pmx_count(r, 33 + 16 * (size_t)m->additional_uvs + (size_t)r->index_size[PMX_BONE], &m->vertex_count,
                  "a vertex count past the end of the file") != 0)
        return -1;
    m->positions = (float *)pmx_alloc(3 * (size_t)m->vertex_count, sizeof(float));
    m->normals = (float *)pmx_alloc(3 * (size_t)m->vertex_count, sizeof(float));
    m->types = (unsigned char *)pmx_alloc((size_t)m->vertex_count, 1);
    m->bone_indices = (uint16_t *)pmx_alloc(4 * (size_t)m->vertex_count, sizeof(uint16_t));
    m->bone_weights = (float *)pmx_alloc(4 * (size_t)m->vertex_count, sizeof(float));
    m->sdef = (float *)pmx_alloc(9 * (size_t)m->vertex_count, sizeof(float));
    if (!m->positions || !m->normals || !m->types || !m->bone_indices || !m->bone_weights || !m->sdef)
        return pmx_fail(r, r->at, "out of memory");
    for (v = 0; v < m->vertex_count; ++v) {
        float skip[4 * 4 + 2], *w = m->bone_weights + 4 * v;
        int bones[4] = {-1, -1, -1, -1}, count;
        const unsigned char *type;
        if (pmx_floats(r, m->positions + 3 * v, 3, "a vertex past the end of the file") != 0 ||
            pmx_floats(r, m->normals + 3 * v, 3, "a vertex past the end of the file") != 0 ||
            pmx_floats(r, skip, 2 + 4 * m->additional_uvs, "a vertex past the end of the file") != 0)
            return -1;
        if (!(type = pmx_take(r, 1, "a vertex past the end of the file"))) return -1;
        if (*type > 4 || (*type == 4 && m->version < 2.05f)) return pmx_fail(r, r->at - 1, "an unknown deform type");
        m->types[v] = *type;
        count = *type == 0 ? 1 : *type == 1 || *type == 3 ? 2 : 4;
        for (k = 0; k < count; ++k)
            if (pmx_index(r, PMX_BONE, INT32_MAX, 1, &bones[k], "a vertex's bone index out of range") != 0) return -1;
        if (*type == 0) {
            w[0] = 1.0f;
        } else if (*type == 1 || *type == 3) {
            if (pmx_floats(r, w, 1, "a vertex past the end of the file") != 0) return -1;
            w[1] = 1.0f - w[0];
            if (*type == 3 && pmx_floats(r, m->sdef + 9 * v, 9, "a vertex past the end of the file") != 0) return -1;
        } else if (pmx_floats(r, w, 4, "a vertex past the end of the file") != 0) {
            return -1;
        }
        for (k = 0; k < 4; ++k) { /* an absent bone: index 65535, weight 0 */
            if (bones[k] < 0 || bones[k] > 65534) w[k] = bones[k] < 0 ? 0.0f : w[k];
            m->bone_indices[4 * v + k] = (uint16_t)(bones[k] < 0 || bones[k] > 65534 ? 65535 : bones[k]);
        }
        if (pmx_floats(r, skip, 1, "a vertex past the end of the file") != 0) return -1; /* edge scale */
    }
    return 0;
}

/* One IK link more in m->links, growing it by doubling; NULL when out of memory */
static pm_mmd_ik_link *pmx_add_link(pmx *m, int *capacity)
{
    if (m->link_count == *capacity) {
        const int grown = *capacity ? 2 * *capacity : 16;
        pm_mmd_ik_link *links = (pm_mmd_ik_link *)realloc(m->links, sizeof *links * (size_t)grown);
        if (!links) return NULL;
        m->links = links;
        *capacity = grown;
    }
    memset(&m->links[m->link_count], 0, sizeof m->links[0]);
    return &m->links[m->link_count++];
}

static int pmx_bones(pmx_reader *r, pmx *m)
{
    int b, k, capacity = 0;
    /* the smallest bone: two empty names, position, parent, layer, flags, tail offset */
    if (pmx_count(r, 8 + 12 + (size_t)r->index_size[PMX_BONE] + 4 + 2 + 12, &m->bone_count,
                  "a bone count past the end of the file") != 0)
        return -1;
    if (!(m->bones = (pmx_bone *)pmx_alloc((size_t)m->bone_count, sizeof *m->bones)))
        return pmx_fail(r, r->at, "out of memory");
    for (b = 0; b < m->bone_count; ++b) {
        pmx_bone *bone = &m->bones[b];
        const unsigned char *flags;
        float skip[6];
        int external;
        if (pmx_text(r, bone->name, sizeof bone->name, "a bone name past the end of the file") != 0 ||
            pmx_text(r, NULL, 0, "a bone name past the end of the file") != 0 ||
            pmx_floats(r, bone->position, 3, "a bone past the end of the file") != 0 ||
            pmx_index(r, PMX_BONE, m->bone_count, 1, &bone->parent, "a parent bone index out of range") != 0 ||
            pmx_int(r, &bone->layer, "a bone past the end of the file") != 0 ||
            !(flags = pmx_take(r, 2, "a bone past the end of the file")))
            return -1;
        bone->flags = (unsigned)(flags[0] | flags[1] << 8);
        bone->tail_bone = bone->grant_parent = bone->ik_target = -1;
        if (bone->flags & PMX_BONE_TAIL_IS_BONE) {
            if (pmx_index(r, PMX_BONE, m->bone_count, 1, &bone->tail_bone, "a tail bone index out of range") != 0) return -1;
        } else if (pmx_floats(r, bone->tail_offset, 3, "a bone past the end of the file") != 0) {
            return -1;
        }
        if (bone->flags & (PMX_BONE_GRANT_ROTATION | PMX_BONE_GRANT_TRANSLATION))
            if (pmx_index(r, PMX_BONE, m->bone_count, 1, &bone->grant_parent, "a grant's bone index out of range") != 0 ||
                pmx_floats(r, &bone->grant_ratio, 1, "a bone past the end of the file") != 0)
                return -1;
        if ((bone->flags & PMX_BONE_FIXED_AXIS) && pmx_floats(r, bone->fixed_axis, 3, "a bone past the end of the file") != 0)
            return -1;
        if ((bone->flags & PMX_BONE_LOCAL_AXES) && pmx_floats(r, skip, 6, "a bone past the end of the file") != 0) return -1;
        if ((bone->flags & PMX_BONE_EXTERNAL_PARENT) && pmx_int(r, &external, "a bone past the end of the file") != 0) return -1;
        if (!(bone->flags & PMX_BONE_IK)) continue;
        if (pmx_index(r, PMX_BONE, m->bone_count, 0, &bone->ik_target, "an IK target bone index out of range") != 0 ||
            pmx_int(r, &bone->ik_loop_count, "an IK past the end of the file") != 0 ||
            pmx_floats(r, &bone->ik_limit_angle, 1, "an IK past the end of the file") != 0 ||
            pmx_count(r, (size_t)r->index_size[PMX_BONE] + 1, &bone->link_count, "an IK link count past the end of the file") != 0)
            return -1;
        bone->first_link = m->link_count;
        for (k = 0; k < bone->link_count; ++k) {
            pm_mmd_ik_link *link = pmx_add_link(m, &capacity);
            const unsigned char *limit;
            if (!link) return pmx_fail(r, r->at, "out of memory");
            if (pmx_index(r, PMX_BONE, m->bone_count, 0, &link->bone, "an IK link's bone index out of range") != 0 ||
                !(limit = pmx_take(r, 1, "an IK link past the end of the file")))
                return -1;
            link->limited = *limit != 0;
            if (link->limited && (pmx_floats(r, link->lower, 3, "an IK link past the end of the file") != 0 ||
                                    pmx_floats(r, link->upper, 3, "an IK link past the end of the file") != 0))
                return -1;
        }
    }
    return 0;
}

/* Room for `more` floats or ints at the end of an array of `count` */
static int pmx_grow(void **array, size_t count, size_t more, size_t item)
{
    void *grown = realloc(*array, (count + more ? count + more : 1) * item);
    if (!grown) return 0;
    *array = grown;
    return 1;
}

/* Reads morph `morph`'s next offset into entry `at` of its type's array
   (room made): 0, or -1 with the error recorded */
typedef int (*pmx_offset_reader)(pmx_reader *r, pmx *m, int morph, int at);

static int pmx_group_offset(pmx_reader *r, pmx *m, int morph, int at)
{
    (void)morph;
    return pmx_index(r, PMX_MORPH, m->morph_count, 0, &m->groups[at].morph, "a group morph's morph index out of range") != 0 ||
                   pmx_floats(r, &m->groups[at].ratio, 1, "") != 0
               ? -1 : 0;
}

static int pmx_vertex_offset(pmx_reader *r, pmx *m, int morph, int at)
{
    (void)morph;
    return pmx_index(r, PMX_VERTEX, m->vertex_count, 0, &m->vertex_offset_vertex[at],
                     "a vertex morph's vertex index out of range") != 0 ||
                   pmx_floats(r, m->vertex_offset + 3 * (size_t)at, 3, "") != 0
               ? -1 : 0;
}

static int pmx_bone_offset(pmx_reader *r, pmx *m, int morph, int at)
{
    pm_mmd_bone_element *e = &m->bone_elements[at];
    (void)morph;
    return pmx_index(r, PMX_BONE, m->bone_count, 0, &e->bone, "a bone morph's bone index out of range") != 0 ||
                   pmx_floats(r, e->translation, 3, "") != 0 || pmx_floats(r, e->rotation, 4, "") != 0
               ? -1 : 0;
}

static int pmx_uv_offset(pmx_reader *r, pmx *m, int morph, int at)
{
    (void)morph;
    return pmx_index(r, PMX_VERTEX, m->vertex_count, 0, &m->uv_offset_vertex[at], "a UV morph's vertex index out of range") != 0 ||
                   pmx_floats(r, m->uv_offset + 4 * (size_t)at, 4, "") != 0
               ? -1 : 0;
}

static int pmx_material_offset(pmx_reader *r, pmx *m, int morph, int at)
{
    pm_mmd_material_element *e = &m->material_elements[at];
    const unsigned char *operation;
    (void)morph;
    if (pmx_index(r, PMX_MATERIAL, m->material_count, 1, &e->material, "a material morph's material index out of range") != 0 ||
        !(operation = pmx_take(r, 1, "a morph offset past the end of the file")))
        return -1;
    if (*operation > 1) return pmx_fail(r, r->at - 1, "a material morph's operation that is neither 0 (multiply) nor 1 (add)");
    e->add = *operation;
    return pmx_floats(r, e->values, PM_MMD_MATERIAL_ELEMENT_VALUES, "");
}

/* Flip and impulse morphs: checked and skipped, as babylon-mmd skips them */
static int pmx_skipped_offset(pmx_reader *r, pmx *m, int morph, int at)
{
    const int flip = m->morphs[morph].type == PM_MMD_MORPH_FLIP;
    int index;
    (void)at;
    return pmx_index(r, flip ? PMX_MORPH : PMX_RIGID, flip ? m->morph_count : INT32_MAX /* rigid bodies come later */, 0,
                     &index, "a morph offset's index out of range") != 0 ||
                   !pmx_take(r, flip ? 4 : 25, "a morph offset past the end of the file")
               ? -1 : 0;
}

static int pmx_morphs(pmx_reader *r, pmx *m)
{
    int i, k;
    const size_t vertex = (size_t)r->index_size[PMX_VERTEX], bone = (size_t)r->index_size[PMX_BONE];
    if (pmx_count(r, 8 + 1 + 1 + 4, &m->morph_count, "a morph count past the end of the file") != 0) return -1;
    if (!(m->morph_names = (pmx_morph_name *)pmx_alloc((size_t)m->morph_count, sizeof *m->morph_names)) ||
        !(m->morphs = (pm_mmd_morph *)pmx_alloc((size_t)m->morph_count, sizeof *m->morphs)))
        return pmx_fail(r, r->at, "out of memory");
    for (i = 0; i < m->morph_count; ++i) {
        pmx_morph_name *name = &m->morph_names[i];
        pm_mmd_morph *morph = &m->morphs[i];
        const unsigned char *kind;
        int count, *used = NULL, ok = 1;
        size_t record;
        pmx_offset_reader read;
        if (pmx_text(r, name->name, sizeof name->name, "a morph name past the end of the file") != 0 ||
            pmx_text(r, NULL, 0, "a morph name past the end of the file") != 0 ||
            !(kind = pmx_take(r, 2, "a morph past the end of the file")))
            return -1;
        name->panel = kind[0];
        morph->type = kind[1];
        if (morph->type > 10 || (morph->type > 8 && m->version < 2.05f)) return pmx_fail(r, r->at - 1, "an unknown morph type");
        record = morph->type == PM_MMD_MORPH_GROUP    ? (size_t)r->index_size[PMX_MORPH] + 4
               : morph->type == PM_MMD_MORPH_VERTEX   ? vertex + 12
               : morph->type == PM_MMD_MORPH_BONE     ? bone + 28
               : morph->type <= 7                     ? vertex + 16
               : morph->type == PM_MMD_MORPH_MATERIAL ? (size_t)r->index_size[PMX_MATERIAL] + 113
               : morph->type == PM_MMD_MORPH_FLIP     ? (size_t)r->index_size[PMX_MORPH] + 4
                                                      : (size_t)r->index_size[PMX_RIGID] + 25;
        if (pmx_count(r, record, &count, "a morph offset count past the end of the file") != 0) return -1;
        switch (morph->type) { /* room for the offsets, then each read */
        case PM_MMD_MORPH_GROUP:
            used = &m->group_count, read = pmx_group_offset;
            ok = pmx_grow((void **)&m->groups, (size_t)*used, (size_t)count, sizeof *m->groups);
            break;
        case PM_MMD_MORPH_VERTEX:
            used = &m->vertex_offset_count, read = pmx_vertex_offset;
            ok = pmx_grow((void **)&m->vertex_offset_vertex, (size_t)*used, (size_t)count, sizeof(int)) &&
                 pmx_grow((void **)&m->vertex_offset, 3 * (size_t)*used, 3 * (size_t)count, sizeof(float));
            break;
        case PM_MMD_MORPH_BONE:
            used = &m->bone_element_count, read = pmx_bone_offset;
            ok = pmx_grow((void **)&m->bone_elements, (size_t)*used, (size_t)count, sizeof *m->bone_elements);
            break;
        case PM_MMD_MORPH_MATERIAL:
            used = &m->material_element_count, read = pmx_material_offset;
            ok = pmx_grow((void **)&m->material_elements, (size_t)*used, (size_t)count, sizeof *m->material_elements);
            break;
        case PM_MMD_MORPH_FLIP:
        case PM_MMD_MORPH_IMPULSE: read = pmx_skipped_offset; break;
        default: /* UV, set 0 and the additional sets */
            used = &m->uv_offset_count, read = pmx_uv_offset;
            ok = pmx_grow((void **)&m->uv_offset_vertex, (size_t)*used, (size_t)count, sizeof(int)) &&
                 pmx_grow((void **)&m->uv_offset, 4 * (size_t)*used, 4 * (size_t)count, sizeof(float));
        }
        if (!ok) return pmx_fail(r, r->at, "out of memory");
        morph->first = used ? *used : 0;
        morph->count = used ? count : 0;
        for (k = 0; k < count; ++k)
            if (read(r, m, i, morph->first + k) != 0) return -1;
        if (used) *used += count;
    }
    return 0;
}

/* A bone's name and index: the bones sorted by name (then index) find a
   name in log(bones) comparisons */
typedef struct pmx_named {
    const char *name;
    int index;
} pmx_named;

static int pmx_named_order(const void *a, const void *b)
{
    const pmx_named *x = (const pmx_named *)a, *y = (const pmx_named *)b;
    const int order = PMX_NAME_COMPARE(x->name, y->name);
    return order ? order : (x->index > y->index) - (x->index < y->index);
}

/* The last bone named `name`, else -1 (babylon-mmd's rule for a rigid body
   whose bone index is out of range); *sorted holds the bones sorted by name
   from the first call on (NULL before; the caller frees it) */
static int pmx_last_bone_named(const pmx *m, pmx_named **sorted, const char *name)
{
    int low = 0, high = m->bone_count, k;
    if (!*sorted) {
        if (!(*sorted = (pmx_named *)pmx_alloc((size_t)m->bone_count, sizeof **sorted))) return -2;
        for (k = 0; k < m->bone_count; ++k) (*sorted)[k].name = m->bones[k].name, (*sorted)[k].index = k;
        qsort(*sorted, (size_t)m->bone_count, sizeof **sorted, pmx_named_order);
    }
    while (low < high) { /* the first entry past the name */
        const int middle = low + (high - low) / 2;
        if (PMX_NAME_COMPARE((*sorted)[middle].name, name) <= 0) low = middle + 1;
        else high = middle;
    }
    return low > 0 && PMX_NAME_COMPARE((*sorted)[low - 1].name, name) == 0 ? (*sorted)[low - 1].index : -1;
}

/* Display frames (checked and skipped), rigid bodies and joints; (2.1)
   soft bodies are not read */
static int pmx_rest(pmx_reader *r, pmx *m)
{
    int i, k, count;
    if (pmx_count(r, 8 + 1 + 4, &m->frame_count, "a display frame count past the end of the file") != 0) return -1;
    for (i = 0; i < m->frame_count; ++i) {
        if (pmx_text(r, NULL, 0, "a display frame past the end of the file") != 0 ||
            pmx_text(r, NULL, 0, "a display frame past the end of the file") != 0 ||
            !pmx_take(r, 1, "a display frame past the end of the file") ||
            pmx_count(r, 2, &count, "a display frame element count past the end of the file") != 0)
            return -1;
        for (k = 0; k < count; ++k) {
            const unsigned char *kind = pmx_take(r, 1, "a display frame element past the end of the file");
            int index;
            if (!kind) return -1;
            if (*kind > 1) return pmx_fail(r, r->at - 1, "an unknown display frame element");
            if (pmx_index(r, *kind ? PMX_MORPH : PMX_BONE, *kind ? m->morph_count : m->bone_count, 0, &index,
                          "a display frame element's index out of range") != 0)
                return -1;
        }
    }
    if (pmx_count(r, 8 + (size_t)r->index_size[PMX_BONE] + 61, &m->rigid_body_count,
                  "a rigid body count past the end of the file") != 0 ||
        !(m->rigid_bodies = (pm_mmd_rigid_body *)pmx_alloc((size_t)m->rigid_body_count, sizeof *m->rigid_bodies)))
        return -1;
    for (i = 0; i < m->rigid_body_count; ++i) {
        pm_mmd_rigid_body *b = &m->rigid_bodies[i];
        char name[PMX_NAME_SIZE];
        const unsigned char *p;
        if (pmx_text(r, name, sizeof name, "a rigid body past the end of the file") != 0 ||
            pmx_text(r, NULL, 0, "a rigid body past the end of the file") != 0 ||
            pmx_raw_index(r, PMX_BONE, &b->bone, "a rigid body past the end of the file") != 0 ||
            !(p = pmx_take(r, 4, "a rigid body past the end of the file")))
            return -1;
        if ((b->bone < 0 || b->bone >= m->bone_count) && (b->bone = pmx_last_bone_named(m, &r->bones_by_name, name)) == -2)
            return pmx_fail(r, r->at, "out of memory");
        b->group = p[0], b->mask = (unsigned)p[1] | (unsigned)p[2] << 8;
        if (p[3] > 2) return pmx_fail(r, r->at - 1, "a rigid body's shape is not a sphere, box or capsule");
        b->shape = (pm_mmd_shape)p[3];
        if (pmx_floats(r, b->size, 3, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, b->position, 3, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, b->rotation, 3, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, &b->mass, 1, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, &b->linear_damping, 1, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, &b->angular_damping, 1, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, &b->restitution, 1, "a rigid body past the end of the file") != 0 ||
            pmx_floats(r, &b->friction, 1, "a rigid body past the end of the file") != 0 ||
            !(p = pmx_take(r, 1, "a rigid body past the end of the file")))
            return -1;
        if (p[0] > 2) return pmx_fail(r, r->at - 1, "a rigid body's physics mode is not 0, 1 or 2");
        b->mode = (pm_mmd_body_mode)p[0];
    }
    if (pmx_count(r, 8 + 1 + 2 * (size_t)r->index_size[PMX_RIGID] + 96, &count, "a joint count past the end of the file") != 0 ||
        !(m->joints = (pm_mmd_joint *)pmx_alloc((size_t)count, sizeof *m->joints)))
        return -1;
    for (i = 0; i < count; ++i) {
        pm_mmd_joint *j = &m->joints[m->joint_count];
        if (pmx_text(r, NULL, 0, "a joint past the end of the file") != 0 ||
            pmx_text(r, NULL, 0, "a joint past the end of the file") != 0 ||
            !pmx_take(r, 1, "a joint past the end of the file") || /* its type: every one a spring 6DOF, as babylon-mmd */
            pmx_index(r, PMX_RIGID, m->rigid_body_count, 1, &j->body_a, "a joint's rigid body index out of range") != 0 ||
            pmx_index(r, PMX_RIGID, m->rigid_body_count, 1, &j->body_b, "a joint's rigid body index out of range") != 0 ||
            pmx_floats(r, j->position, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->rotation, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->linear_lower, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->linear_upper, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->angular_lower, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->angular_upper, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->linear_stiffness, 3, "a joint past the end of the file") != 0 ||
            pmx_floats(r, j->angular_stiffness, 3, "a joint past the end of the file") != 0)
            return -1;
        if (j->body_a >= 0 && j->body_b >= 0) ++m->joint_count;
    }
    return 0; /* 2.1's soft bodies, if any, follow: posemath has no use for them */
}

/* 0, or -1 with "byte N: ..." in error (and *out empty). */
static int pmx_parse(const unsigned char *data, size_t size, pmx *out, char *error, size_t error_size)
{
    pmx_reader r;
    const unsigned char *globals;
    char unused[1];
    int i;
    memset(out, 0, sizeof *out);
    memset(&r, 0, sizeof r);
    r.data = data;
    r.size = size;
    r.error = error_size ? error : unused;
    r.error_size = error_size ? error_size : sizeof unused;
    r.error[0] = '\0';
    if (size < 17 || memcmp(data, "PMX ", 4) != 0) return pmx_fail(&r, 0, "not a PMX model (\"PMX \")");
    r.at = 4;
    pmx_floats(&r, &out->version, 1, "");
    if (!(out->version == 2.0f || out->version == 2.1f)) return pmx_fail(&r, 4, "a PMX version other than 2.0 and 2.1");
    if (data[8] < 8) return pmx_fail(&r, 8, "fewer than 8 header values");
    r.at = 9;
    if (!(globals = pmx_take(&r, data[8], "a header past the end of the file"))) return -1;
    if (globals[0] > 1) return pmx_fail(&r, 9, "an unknown text encoding");
    if (globals[1] > 4) return pmx_fail(&r, 10, "more than 4 additional UVs");
    for (i = 0; i < 6; ++i)
        if (globals[2 + i] != 1 && globals[2 + i] != 2 && globals[2 + i] != 4)
            return pmx_fail(&r, 11 + (size_t)i, "an index size other than 1, 2 and 4");
    r.utf8 = out->utf8 = globals[0];
    out->additional_uvs = globals[1];
    for (i = 0; i < 6; ++i) r.index_size[i] = globals[2 + i];
    if (pmx_text(&r, out->name, sizeof out->name, "a model name past the end of the file") != 0 ||
        pmx_text(&r, NULL, 0, "a model name past the end of the file") != 0 ||
        pmx_text(&r, NULL, 0, "a comment past the end of the file") != 0 ||
        pmx_text(&r, NULL, 0, "a comment past the end of the file") != 0 || pmx_vertices(&r, out) != 0)
        goto fail;
    if (pmx_count(&r, (size_t)r.index_size[PMX_VERTEX], &out->index_count, "a face index count past the end of the file") != 0)
        goto fail;
    if (out->index_count % 3) {
        pmx_fail(&r, r.at - 4, "a face index count that is not a multiple of 3");
        goto fail;
    }
    if (!(out->indices = (uint32_t *)pmx_alloc((size_t)out->index_count, sizeof(uint32_t)))) {
        pmx_fail(&r, r.at, "out of memory");
        goto fail;
    }
    for (i = 0; i < out->index_count; ++i) {
        int index;
        if (pmx_index(&r, PMX_VERTEX, out->vertex_count, 0, &index, "a face's vertex index out of range") != 0) goto fail;
        out->indices[i] = (uint32_t)index;
    }
    if (pmx_count(&r, 4, &out->texture_count, "a texture count past the end of the file") != 0) goto fail;
    for (i = 0; i < out->texture_count; ++i)
        if (pmx_text(&r, NULL, 0, "a texture path past the end of the file") != 0) goto fail;
    if (pmx_count(&r, 8 + 16 + 12 + 4 + 12 + 1 + 16 + 4 + 2 * (size_t)r.index_size[PMX_TEXTURE] + 2 + 1 + 4 + 4,
                  &out->material_count, "a material count past the end of the file") != 0)
        goto fail;
    if (!(out->material_values = (float *)pmx_alloc((size_t)out->material_count * PM_MMD_MATERIAL_VALUES, sizeof(float)))) {
        pmx_fail(&r, r.at, "out of memory");
        goto fail;
    }
    for (i = 0; i < out->material_count; ++i) {
        const unsigned char *shared;
        int texture, sphere, toon, faces;
        float v[16]; /* diffuse, specular, shininess, ambient, then after the flags byte edge colour and size */
        if (pmx_text(&r, NULL, 0, "a material past the end of the file") != 0 ||
            pmx_text(&r, NULL, 0, "a material past the end of the file") != 0 ||
            pmx_floats(&r, v, 11, "a material past the end of the file") != 0 ||
            !pmx_take(&r, 1, "a material past the end of the file") ||
            pmx_floats(&r, v + 11, 5, "a material past the end of the file") != 0 ||
            pmx_index(&r, PMX_TEXTURE, out->texture_count, 1, &texture, "a material's texture index out of range") != 0 ||
            pmx_index(&r, PMX_TEXTURE, out->texture_count, 1, &sphere, "a material's texture index out of range") != 0 ||
            !pmx_take(&r, 1, "a material past the end of the file") ||
            !(shared = pmx_take(&r, 1, "a material past the end of the file")))
            goto fail;
        if (*shared ? !pmx_take(&r, 1, "a material past the end of the file")
                    : pmx_index(&r, PMX_TEXTURE, out->texture_count, 1, &toon, "a material's toon index out of range") != 0)
            goto fail;
        if (pmx_text(&r, NULL, 0, "a material memo past the end of the file") != 0 ||
            pmx_int(&r, &faces, "a material past the end of the file") != 0)
            goto fail;
        pm_mmd_material_defaults(v, v + 4, v[7], v + 8, v + 11, v[15], out->material_values + PM_MMD_MATERIAL_VALUES * (size_t)i);
    }
    if (pmx_bones(&r, out) != 0 || pmx_morphs(&r, out) != 0 || pmx_rest(&r, out) != 0) goto fail;
    free(r.bones_by_name);
    return 0;
fail:
    free(r.bones_by_name);
    pmx_free(out);
    return -1;
}

/* The model's morphs as posemath's MMD morphs take them (pointing into m) */
static inline pm_mmd_morph_set pmx_morph_set(const pmx *m)
{
    pm_mmd_morph_set set;
    set.morphs = m->morphs, set.morph_count = m->morph_count;
    set.groups = m->groups, set.group_count = m->group_count;
    set.bones = m->bone_elements, set.bone_element_count = m->bone_element_count;
    set.materials = m->material_elements, set.material_element_count = m->material_element_count;
    set.bone_count = m->bone_count, set.material_count = m->material_count;
    return set;
}

/* A skinning job whose vertex streams are the model's (docs/mmd.md's
   mapping), everything else zero: set its bones, prepared, outputs. */
static inline void pmx_skin_job(const pmx *m, pm_skin_job *job)
{
    memset(job, 0, sizeof *job);
    job->vertex_count = m->vertex_count;
    job->positions = m->positions;
    job->normals = m->normals;
    job->types = m->types;
    job->bone_indices = m->bone_indices;
    job->bone_weights = m->bone_weights;
    job->sdef = m->sdef;
}

/* pmx_parse on the file at path: 0, or -1 with "cannot be read" or the
   parser's "byte N: ..." in error. */
static int pmx_load(const char *path, pmx *out, char *error, size_t error_size)
{
    size_t length;
    unsigned char *data = read_file(path, &length);
    int result;
    if (!data) {
        memset(out, 0, sizeof *out);
        if (error_size) snprintf(error, error_size, "cannot be read");
        return -1;
    }
    result = pmx_parse(data, length, out, error, error_size);
    free(data);
    return result;
}

#endif
