/* posemath_vrm.h - v0.21.0 - VRM avatars and VRM animations read and played, on posemath.h
   MIT license: see posemath.h.

   The companion of posemath.h for programs that play VRM content: VRM 1.0
   and 0.x avatars (.vrm, binary glTF) and VRM animations (.vrma) read from
   memory, and an avatar instance that plays an animation with one update
   per frame, body, face and gaze included, in the order three-vrm 3.5.5's
   VRM.update runs them. posemath.h does the math and allocates nothing;
   this header reads files and allocates, through callbacks a host may
   replace (as cgltf does).

   USAGE

     In one C or C++ file, define POSEMATH_VRM_IMPLEMENTATION before the
     include (and POSEMATH_IMPLEMENTATION there or in another file, for
     posemath.h's own implementation):

       #define POSEMATH_VRM_IMPLEMENTATION
       #include "posemath_vrm.h"       // includes "posemath.h" beside it

       pm_vrm_file avatar;
       pm_vrma_motion motion;
       pm_vrm_model *model;
       pm_parse_error error;
       if (pm_vrm_parse_file("avatar.vrm", NULL, &avatar, &error) != PM_OK)
           printf("byte %zu: %s\n", error.offset, error.message);
       pm_vrma_parse_file("dance.vrma", NULL, &motion, &error);
       pm_vrm_model_create(&avatar, NULL, &model, NULL);
       pm_vrm_model_play(model, &motion);            // from its start
       for (;;) {
           pm_vrm_model_update(model, elapsed_seconds);  // the whole frame
           // model->world: each node's world matrix
           // model->skin_matrices: each skin's joint matrices for the GPU
           // model->morph_weights: each node's morph target weights
           // model->skin_jobs: or skinned on the CPU: copy a job, set
           //   out_positions (out_normals); prepare it, then pm_skin_job_run
           //   on any split of the vertices, on any threads
       }
       pm_vrm_model_destroy(model);
       pm_vrma_free(&motion);
       pm_vrm_free(&avatar);

   OPTIONS (define before including the implementation)

     POSEMATH_VRM_STATIC    every function is static: private to the
                            including file
     PMVRMDEF               decoration of every public function (default:
                            extern, or static with POSEMATH_VRM_STATIC)
     POSEMATH_VRM_NO_STDIO  no pm_vrm_parse_file and pm_vrma_parse_file

   CONVENTIONS

     - glTF space as the file stores it: metres, +Y up; VRM 1.0 avatars
       face +Z, VRM 0.x ones -Z (they are not turned: an animation is
       turned onto them, as three-vrm-animation turns it).
     - Memory: every allocation goes through pm_vrm_options.memory
       (malloc and free when NULL). A parsed file or motion keeps its
       allocator and frees itself with pm_vrm_free or pm_vrma_free.
     - Errors: pm_result values. The readers' pm_parse_error gives the
       byte offset in the file where it goes wrong and a message; a
       malformed file (bad JSON, an index out of range, an accessor outside
       its buffer) is an error, never a crash, and what a file can make a
       reader allocate is bounded by its size (accessor data read for
       several uses counts each time: past eight times the file and 1 MiB,
       PM_ERROR_LIMIT). What three-vrm 3.5.5 reads
       past (an unknown expression preset, a bind weight out of range, a
       bind past its mesh's targets, a translation track on a bone other
       than the hips, ...) is read as three-vrm reads it, and the parse's
       pm_parse_error.warning names the first.
     - Only binary glTF is read, and only its own binary chunk: a buffer
       with a uri is an error.
     - A pm_vrm_model is made and freed by this header: the host keeps the
       pointer, reads the outputs and writes only the fields marked as the
       host's.

   WHERE THIS DEPARTS FROM three-vrm 3.5.5 AND three-vrm-animation

     - STEP keys are held (glTF's rule): three-vrm-animation turns the
       humanoid rotation and expression tracks LINEAR.
     - An animation's expression weights are clamped to [0, 1], as
       VRMC_vrm_animation requires; three-vrm applies them as they are.
     - lookAt toward a target reads the head of this frame; three-vrm's
       reads the world matrix of the frame before.
     - A VRM 1.0 avatar without expressions keeps its lookAt (the
       specification's reading); three-vrm loads none then.
     - A first-person annotation concerns its node's mesh alone: three-vrm
       also sets the layers of the nodes below a one-primitive mesh node
       annotated firstPersonOnly or thirdPersonOnly (its traverse). An
       "auto" mesh without indices is read in order; three-vrm throws.

   FUNCTIONS

     pm_vrm_parse, pm_vrm_parse_file, pm_vrm_free
         A VRM avatar: the glTF nodes, skins and meshes (vertex streams as
         a skinning job takes them, indices, morph targets grouped by
         vertex; sparse accessors too); the humanoid (VRMC_vrm or VRM
         0.x's humanoid), lookAt and expressions; spring bones
         (VRMC_springBone with its extended colliders, or 0.x's
         secondaryAnimation); node constraints (VRMC_node_constraint);
         the first-person annotations (node_first_person) and the nodes
         on the head. Materials and textures are left to the host's
         renderer.
     pm_vrm_view_indices
         What a first-person or a third-person camera draws of a
         primitive, as three-vrm's VRMFirstPerson.setup() arranges the
         views: for the first person the triangles of an "auto" skinned
         mesh clear of the head, all or none of the others.
     pm_vrma_parse, pm_vrma_parse_file, pm_vrma_free
         A VRM animation (VRMC_vrm_animation 1.0), its first glTF
         animation: the humanoid tracks normalized (rotations as if every
         bone's rest were identity, the hips translation in model space),
         the expression tracks (a node's translation x) and the lookAt
         track (a node's rotation), as three-vrm-animation's
         VRMAnimationLoaderPlugin reads them. LINEAR and STEP samplers;
         CUBICSPLINE is an error.
     pm_vrm_model_create, pm_vrm_model_destroy
         An avatar instance over a parsed file (which must outlive it), at
         rest, its spring bones at rest.
     pm_vrm_model_play, pm_vrm_model_seek, pm_vrm_model_update
         An animation to play (NULL: none), from its start; the time the
         next update plays; one frame: the animation at that time (held
         at its last key after its end), then three-vrm's VRM.update order
         (humanoid, lookAt, expressions, node constraints, spring bones
         stepped by the elapsed seconds), then the time moves on by them.
     pm_vrm_model_look_at
         A point (glTF space) the eyes follow in every update, or NULL to
         let the animation's lookAt track (or the host's angles) steer them.
*/
#ifndef POSEMATH_VRM_H
#define POSEMATH_VRM_H

#include "posemath.h"

#include <stddef.h>
#include <stdint.h>

#ifndef PMVRMDEF
#ifdef POSEMATH_VRM_STATIC
#define PMVRMDEF static
#else
#define PMVRMDEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pm_vrm_options {
    pm_memory memory; /* allocation callbacks (posemath.h) */
} pm_vrm_options;

/* ---- VRM avatars ------------------------------------------------------------ */

typedef struct pm_vrm_skin {
    int joint_count;
    int *joints;         /* glTF nodes */
    float *inverse_bind; /* 16 per joint, column-major; identity where the skin gives none */
} pm_vrm_skin;

/* One glTF primitive's vertex streams, as a skinning job takes them */
typedef struct pm_vrm_primitive {
    int vertex_count;
    float *positions;            /* POSITION: 3 per vertex */
    float *normals;              /* NORMAL: 3 per vertex, or NULL */
    float *tangents;             /* TANGENT: 4 per vertex, or NULL */
    float *uvs;                  /* TEXCOORD_0: 2 per vertex, or NULL */
    uint16_t *bone_indices;      /* JOINTS_0: 4 per vertex, or NULL (the mesh follows its node) */
    float *bone_weights;         /* WEIGHTS_0: 4 per vertex, or NULL */
    int index_count;
    uint32_t *indices;           /* or NULL: the vertices in order */
    int mode;                    /* glTF's: 4 triangles (the default) */
    int vertices;                /* the primitive of the mesh whose streams these are: itself, or an earlier
                                    one with the same attributes and targets (the same vertices, other
                                    indices), which the instance skins for both */
    int target_count;            /* its morph targets, grouped by vertex for the skinning job: */
    int *morph_start;            /* vertex_count + 1, or NULL without targets */
    pm_vertex_morph *morphs;     /* POSITION displacements (an entry where a target moves the vertex) */
    float *morph_normals;        /* NORMAL displacements, 3 per entry, or NULL */
    float *morph_tangents;       /* TANGENT displacements, 3 per entry, or NULL */
    uint64_t *morph_masks;       /* pm_morph_masks */
    int attributes_, targets_;   /* private: the reader's tokens */
} pm_vrm_primitive;

typedef struct pm_vrm_mesh {
    int primitive_count;
    pm_vrm_primitive *primitives;
    int target_count;            /* three.js's morphTargetInfluences: the first primitive's targets */
} pm_vrm_mesh;

/* A mesh's place in a first-person view (VRMC_vrm's firstPerson "type",
   VRM 0.x's "firstPersonFlag"), as three-vrm's VRMFirstPerson shows it */
typedef enum pm_vrm_first_person {
    PM_VRM_FIRST_PERSON_AUTO,              /* both views, less what hangs on the head in the first person's */
    PM_VRM_FIRST_PERSON_BOTH,
    PM_VRM_FIRST_PERSON_THIRD_PERSON_ONLY,
    PM_VRM_FIRST_PERSON_FIRST_PERSON_ONLY
} pm_vrm_first_person;

typedef struct pm_vrm_file {
    int version;                   /* 1: VRMC_vrm 1.0; 0: VRM 0.x */
    int node_count;
    int *parent;                   /* per node: its parent, -1 for a root */
    pm_transform *rest;            /* per node: local translation, rotation and scale (a matrix decomposed) */
    int *node_mesh, *node_skin;    /* per node: its mesh and skin, or -1 */
    int *child_start, *children;   /* node n's children in glTF's order: children[child_start[n] .. child_start[n + 1]) */
    int mesh_count;
    pm_vrm_mesh *meshes;
    int skin_count;
    pm_vrm_skin *skins;
    pm_humanoid humanoid;          /* points at parent */
    unsigned char *node_first_person; /* per node: its mesh's pm_vrm_first_person (AUTO where no annotation names
                                         it), or NULL: a VRM 0.x file without "firstPerson" */
    unsigned char *node_on_head;   /* per node: 1 for the head and the nodes below it */
    pm_look_at look_at;
    int expression_count;
    pm_expression *expressions;    /* presets, then custom ones; names point into json */
    pm_spring_set springs;         /* springs, colliders and groups; an instance adds the joints' state */
    pm_constraint_set constraints; /* initialized: ready to apply */
    char *json;                    /* the file's JSON text */
    pm_memory memory;              /* what pm_vrm_free frees with */
    void **blocks_;                /* private: what pm_vrm_free frees */
    int block_count_;
} pm_vrm_file;

PMVRMDEF pm_result pm_vrm_parse(const void *data, size_t size, const pm_vrm_options *options, pm_vrm_file *out,
                                pm_parse_error *error);
PMVRMDEF void pm_vrm_free(pm_vrm_file *file);

/* The cameras of VRMFirstPerson */
typedef enum pm_vrm_view {
    PM_VRM_VIEW_FIRST_PERSON, /* a headset's, or a camera in the head */
    PM_VRM_VIEW_THIRD_PERSON  /* any other */
} pm_vrm_view;

/* The triangles a camera draws of node's primitive, as three-vrm's
   VRMFirstPerson.setup() arranges the views. The third person's: every
   primitive but the FIRST_PERSON_ONLY ones, whole. The first person's:
   all of them for BOTH and FIRST_PERSON_ONLY (and in a file without
   first-person settings), none for THIRD_PERSON_ONLY, and for AUTO: a
   skinned primitive's triangles none of whose vertices has a weight above
   0 on a joint of node_on_head (a vertex without weights counts as all on
   its first joint, as three.js normalizes it), none of a primitive without
   a skin on a node of node_on_head, all of another.
   indices (room for the primitive's index_count, or its vertex_count
   without indices: three-vrm needs indices) gets the triangles' indices
   in the primitive's order, *index_count how many. PM_ERROR_INVALID_ARGUMENT
   for NULL, a view not of the enum, a node without a mesh, a primitive out
   of range, or one not of triangles (glTF mode 4). */
PMVRMDEF pm_result pm_vrm_view_indices(const pm_vrm_file *avatar, pm_vrm_view view, int node, int primitive,
                                       uint32_t *indices, int *index_count);

/* ---- VRM animations --------------------------------------------------------- */

typedef struct pm_vrma_expression_track {
    char *name;      /* as the file's JSON spells it (escapes not decoded), NUL-terminated */
    pm_track weight; /* 3 components: the node's translation; the weight is x */
} pm_vrma_expression_track;

typedef struct pm_vrma_motion {
    pm_track rotation[PM_BONE_COUNT]; /* normalized; key_count 0 for a bone without a track */
    pm_track hips_position;           /* model space; key_count 0 without a track */
    float rest_hips[3];               /* the animation's rest hips, model space */
    int expression_count;
    pm_vrma_expression_track *expressions;
    pm_track look_at;                 /* rotations; key_count 0 without a track */
    double duration;                  /* the last key's time over every channel */
    pm_memory memory;
    void **blocks_;                   /* private: what pm_vrma_free frees */
    int block_count_;
} pm_vrma_motion;

PMVRMDEF pm_result pm_vrma_parse(const void *data, size_t size, const pm_vrm_options *options, pm_vrma_motion *out,
                                 pm_parse_error *error);
PMVRMDEF void pm_vrma_free(pm_vrma_motion *motion);

#if !defined(POSEMATH_VRM_NO_STDIO)
/* The file at path, read and parsed; a file that cannot be read:
   PM_ERROR_FILE, offset 0. What the binary glTF layout holds is read (the
   header and the chunks, to the lengths their headers give), and no more:
   a stream that does not end (a pipe, a device) is read no further. */
PMVRMDEF pm_result pm_vrm_parse_file(const char *path, const pm_vrm_options *options, pm_vrm_file *out,
                                     pm_parse_error *error);
PMVRMDEF pm_result pm_vrma_parse_file(const char *path, const pm_vrm_options *options, pm_vrma_motion *out,
                                      pm_parse_error *error);
#endif

/* ---- Avatar instances ------------------------------------------------------- */

/* What went wrong in pm_vrm_model_create, or what it played without */
typedef struct pm_vrm_report {
    const char *message; /* NULL on success */
    const char *warning; /* NULL, or what the instance plays without (spring bones init refused) */
    int spring, joint;   /* the spring bone at fault, or -1 */
} pm_vrm_report;

typedef struct pm_vrm_model {
    const pm_vrm_file *file;
    /* The host's: */
    pm_normalized_pose normalized; /* the humanoid pose each update puts on the avatar: an animation
                                      writes it (turned half about Y for VRM 0.x, its hips scaled to the
                                      avatar's); without one, the host's (the rest pose to start) */
    float *expression_weights;     /* per file expression: an animation's tracks write theirs (clamped to
                                      [0, 1]); the others are the host's (0 to start) */
    float look_yaw, look_pitch;    /* degrees (yaw toward the avatar's left, pitch up): an animation's
                                      lookAt track writes them, a look_at target replaces them */
    /* Outputs of each update: */
    pm_transform *pose;            /* per node: local TRS */
    float *world;                  /* per node: 16 floats, column-major */
    float *expression_applied;     /* per expression: the weight its binds apply (overrides, isBinary) */
    float *morph_weights;          /* node n's morph targets: morph_weights[morph_start[n] .. morph_start[n + 1]) */
    int *morph_start;              /* node_count + 1 */
    float *skin_matrices;          /* skin s's joints: 16 floats each from skin_matrices[16 * skin_start[s]] */
    int *skin_start;               /* skin_count + 1 */
    pm_skin_job *skin_jobs;        /* node n's mesh's primitive k: skin_jobs[skin_job_start[n] + k], its vertex
                                      streams, morph targets (at morph_weights) and bone matrices (its skin's,
                                      or its node's world matrix for a mesh without one): copy it, set
                                      out_positions (and out_normals, out_tangents), pm_skin_job_prepare it after
                                      each update (its prepared storage is the instance's) and run it on any
                                      split of its vertices. A primitive that shares an earlier one's vertices
                                      (pm_vrm_primitive.vertices) has an empty job: draw it from that one's. */
    int *skin_job_start;           /* node_count + 1 */
    pm_spring_set springs;         /* with the joints' state: pm_spring_set_reset and _teleport take it */
    /* Private: */
    const pm_vrma_motion *motion_;
    double time_;
    int *cursors_;                 /* per track of the motion */
    int *expression_of_track_;     /* per expression track of the motion: the avatar's expression, or -1 */
    float *slot_weights_;          /* VRM 0.x: per mesh's targets */
    int *slot_start_;
    int has_target_;
    float target_[3];
    int springs_on_;
    pm_skin_bone *prepared_;       /* the jobs' prepared storage, one block */
    uint16_t *zero_joints_;        /* joint 0 for every vertex of a mesh its node places */
    pm_memory memory_;
} pm_vrm_model;

PMVRMDEF pm_result pm_vrm_model_create(const pm_vrm_file *file, const pm_vrm_options *options, pm_vrm_model **out,
                                       pm_vrm_report *report);
PMVRMDEF void pm_vrm_model_destroy(pm_vrm_model *model);
PMVRMDEF pm_result pm_vrm_model_play(pm_vrm_model *model, const pm_vrma_motion *motion);
PMVRMDEF pm_result pm_vrm_model_seek(pm_vrm_model *model, double time);
PMVRMDEF pm_result pm_vrm_model_update(pm_vrm_model *model, double seconds);
PMVRMDEF pm_result pm_vrm_model_look_at(pm_vrm_model *model, const float target[3]);

#ifdef __cplusplus
}
#endif

#endif /* POSEMATH_VRM_H */

/* ======================================================================== */

#if defined(POSEMATH_VRM_IMPLEMENTATION) && !defined(POSEMATH_VRM_IMPLEMENTED)
#define POSEMATH_VRM_IMPLEMENTED

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if !defined(POSEMATH_VRM_NO_STDIO)
#include <stdio.h>
#endif

/* Whether a double or a float is finite, read from its bits: -ffast-math lets
   a compiler drop isfinite and the comparisons that catch a NaN */
static int pm__vrm_finite(double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return (bits >> 52 & 0x7ff) != 0x7ff;
}

static int pm__vrm_finite_f(float x)
{
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return (bits >> 23 & 0xff) != 0xff;
}

/* ---- Memory ----------------------------------------------------------------- */

static pm_memory pm__vrm_memory_of(const pm_vrm_options *options)
{
    pm_memory memory;
    memset(&memory, 0, sizeof memory);
    if (options) memory = options->memory;
    return memory;
}

/* count items of `item` bytes, zeroed (room for one at least), or NULL */
static void *pm__vrm_alloc(const pm_memory *memory, size_t count, size_t item)
{
    void *p;
    if (count == 0) count = 1;
    if (count > (size_t)-1 / item) return NULL;
    p = memory->alloc_func ? memory->alloc_func(memory->user_data, count * item) : malloc(count * item);
    if (p) memset(p, 0, count * item);
    return p;
}

static void pm__vrm_free(const pm_memory *memory, void *p)
{
    if (!p) return;
    if (memory->free_func) memory->free_func(memory->user_data, p);
    else free(p);
}

/* ---- JSON: the glTF document as tokens -------------------------------------

   Each value is a token; a container's children follow it, and `next` is
   the token after its whole subtree, so that arrays and objects are walked
   in linear time. An object's children alternate key and value. */

enum { PM__VJ_OBJECT, PM__VJ_ARRAY, PM__VJ_STRING, PM__VJ_NUMBER, PM__VJ_LITERAL };

typedef struct pm__vj_token {
    int type;
    int size;        /* members of an object, elements of an array */
    int next;        /* the token after this value's subtree (while a container is open: its parent) */
    int escaped;     /* a string with a backslash in it */
    size_t start, end; /* bytes of the value in the JSON text (a string's without its quotes) */
    double number;
} pm__vj_token;

/* A reader: the file, its JSON as tokens, and the first failure */
typedef struct pm__vrm_reader {
    pm_memory memory;
    const char *json;        /* the JSON chunk's text */
    size_t json_length, json_at; /* its length, and its offset in the file */
    const unsigned char *bin;
    size_t bin_length;
    pm__vj_token *tok;
    int token_count, token_capacity;
    int *nodes, *accessors, *views; /* token of each element of these arrays */
    int node_count, accessor_count, view_count;
    pm_result result;
    pm_parse_error *error;
    const char *warning;
    void **blocks;           /* what the parse hands over (or frees on failure) */
    int block_count, block_capacity;
    size_t budget;           /* bytes of accessor data the file may still make the reader keep */
} pm__vrm_reader;

/* A node's rest transform as glTF allows it: finite, and a rotation with a
   direction (a unit quaternion as stored, or one a matrix decomposes into) */
static int pm__vrm_rest_ok(const pm_transform *t)
{
    int k, finite = 1, turned = 0;
    for (k = 0; k < 3; ++k) finite &= pm__vrm_finite_f(t->translation[k]) & pm__vrm_finite_f(t->scale[k]);
    for (k = 0; k < 4; ++k) {
        finite &= pm__vrm_finite_f(t->rotation[k]);
        turned |= t->rotation[k] != 0.0f;
    }
    return finite && turned;
}

/* The reader's first failure at a byte of the JSON text; always 0 */
static int pm__vrm_fail_at(pm__vrm_reader *r, pm_result kind, size_t json_offset, const char *message)
{
    if (r->result == PM_OK) {
        r->result = kind;
        if (r->error) {
            r->error->offset = r->json_at + json_offset;
            r->error->message = message;
            r->error->warning = NULL;
        }
    }
    return 0;
}

static int pm__vrm_fail(pm__vrm_reader *r, int token, const char *message)
{
    /* a string's byte is its opening quote */
    return pm__vrm_fail_at(r, PM_ERROR_PARSE, token >= 0 ? r->tok[token].start - (r->tok[token].type == PM__VJ_STRING) : 0,
                           message);
}

static void pm__vrm_warn(pm__vrm_reader *r, const char *warning)
{
    if (!r->warning) r->warning = warning;
}

/* An allocation the parse keeps: freed with the result, or at a failure */
static void *pm__vrm_keep(pm__vrm_reader *r, size_t count, size_t item)
{
    void *p;
    if (r->block_count == r->block_capacity) {
        int grown = r->block_capacity ? 2 * r->block_capacity : 16;
        void **blocks = (void **)pm__vrm_alloc(&r->memory, (size_t)grown, sizeof(void *));
        if (!blocks) return pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, 0, "out of memory"), (void *)NULL;
        if (r->block_count) memcpy(blocks, r->blocks, sizeof(void *) * (size_t)r->block_count);
        pm__vrm_free(&r->memory, r->blocks);
        r->blocks = blocks;
        r->block_capacity = grown;
    }
    if (!(p = pm__vrm_alloc(&r->memory, count, item)))
        return pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, 0, "out of memory"), (void *)NULL;
    r->blocks[r->block_count++] = p;
    return p;
}

/* What a file may make the reader keep is bounded by its size: accessor
   data read for several uses (tracks or primitives on one accessor) is
   charged each time. 0 after failing. */
static int pm__vrm_spend(pm__vrm_reader *r, int at, size_t bytes)
{
    if (bytes > r->budget)
        return pm__vrm_fail_at(r, PM_ERROR_LIMIT, r->tok[at].start, "more accessor data than the file's size allows (read again and again)");
    r->budget -= bytes;
    return 1;
}

static void pm__vrm_free_blocks(const pm_memory *memory, void **blocks, int count)
{
    int i;
    for (i = 0; i < count; ++i) pm__vrm_free(memory, blocks[i]);
}

/* The blocks kept since `mark` freed: storage that turned out too small */
static void pm__vrm_drop(pm__vrm_reader *r, int mark)
{
    pm__vrm_free_blocks(&r->memory, r->blocks + mark, r->block_count - mark);
    r->block_count = mark;
}

/* A new token of `type` at `start`; -1 when memory runs out */
static int pm__vj_add(pm__vrm_reader *r, int type, size_t start, int parent)
{
    pm__vj_token *t;
    if (r->token_count == r->token_capacity) { /* no realloc in the callbacks: doubled and copied */
        int grown = r->token_capacity ? 2 * r->token_capacity : 256;
        pm__vj_token *tokens = (pm__vj_token *)pm__vrm_alloc(&r->memory, (size_t)grown, sizeof(pm__vj_token));
        if (!tokens || r->token_capacity > (1 << 29)) {
            pm__vrm_free(&r->memory, tokens);
            return pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, start, "out of memory"), -1;
        }
        if (r->token_count) memcpy(tokens, r->tok, sizeof(pm__vj_token) * (size_t)r->token_count);
        pm__vrm_free(&r->memory, r->tok);
        r->tok = tokens;
        r->token_capacity = grown;
    }
    t = &r->tok[r->token_count];
    memset(t, 0, sizeof *t);
    t->type = type;
    t->start = t->end = start;
    t->next = parent;
    if (parent >= 0 && (r->tok[parent].type == PM__VJ_ARRAY || type == PM__VJ_STRING)) ++r->tok[parent].size;
    return r->token_count++;
}

/* A string's end quote from its opening one (escapes and control characters checked), or 0 */
static size_t pm__vj_string_end(pm__vrm_reader *r, size_t p, int *escaped)
{
    static const char hex[] = "0123456789abcdefABCDEF";
    const char *s = r->json;
    size_t k;
    *escaped = 0;
    for (++p; p < r->json_length; ++p) {
        const unsigned char c = (unsigned char)s[p];
        if (c == '"') return p;
        if (c < 0x20) return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "a control character in a string"), 0;
        if (c != '\\') continue;
        *escaped = 1;
        if (++p >= r->json_length || !strchr("\"\\/bfnrtu", s[p]) || s[p] == '\0') break;
        if (s[p] == 'u')
            for (k = 1; k <= 4; ++k)
                if (p + k >= r->json_length || s[p + k] == '\0' || !strchr(hex, s[p + k]))
                    return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "a bad \\u escape"), 0;
    }
    return pm__vrm_fail_at(r, PM_ERROR_PARSE, p < r->json_length ? p : r->json_length,
                           p < r->json_length ? "an unknown escape" : "an unterminated string"),
           0;
}

enum { PM__VJ_WANT_VALUE, PM__VJ_WANT_VALUE_OR_CLOSE, PM__VJ_WANT_KEY, PM__VJ_WANT_KEY_OR_CLOSE, PM__VJ_WANT_COLON,
       PM__VJ_WANT_COMMA_OR_CLOSE, PM__VJ_DONE };

/* The JSON text as tokens, checked against RFC 8259's grammar; 0 on failure */
static int pm__vj_parse(pm__vrm_reader *r)
{
    const char *s = r->json;
    size_t p = 0;
    int parent = -1, want = PM__VJ_WANT_VALUE, t;
    for (;;) {
        char c;
        while (p < r->json_length && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')) ++p;
        if (want == PM__VJ_DONE) { /* padding only: spaces, or the zeros some writers pad the chunk with */
            while (p < r->json_length && (s[p] == ' ' || s[p] == '\0')) ++p;
            if (p < r->json_length) return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "text after the JSON value");
            return 1;
        }
        if (p >= r->json_length) return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "the JSON text ends early");
        c = s[p];
        if ((want == PM__VJ_WANT_VALUE_OR_CLOSE && c == ']') || (want == PM__VJ_WANT_KEY_OR_CLOSE && c == '}') ||
            (want == PM__VJ_WANT_COMMA_OR_CLOSE && (c == ']' || c == '}'))) {
            if (c != (r->tok[parent].type == PM__VJ_OBJECT ? '}' : ']'))
                return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "a bracket that does not close its container");
            t = parent;
            r->tok[t].end = ++p;
            parent = r->tok[t].next;
            r->tok[t].next = r->token_count;
            want = parent < 0 ? PM__VJ_DONE : PM__VJ_WANT_COMMA_OR_CLOSE;
        } else if (want == PM__VJ_WANT_COMMA_OR_CLOSE) {
            if (c != ',') return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "expected ',' or a closing bracket");
            ++p;
            want = r->tok[parent].type == PM__VJ_OBJECT ? PM__VJ_WANT_KEY : PM__VJ_WANT_VALUE;
        } else if (want == PM__VJ_WANT_COLON) {
            if (c != ':') return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "expected ':'");
            ++p;
            want = PM__VJ_WANT_VALUE;
        } else if (want == PM__VJ_WANT_KEY || want == PM__VJ_WANT_KEY_OR_CLOSE) {
            size_t end;
            int escaped;
            if (c != '"') return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "expected a member name");
            if (!(end = pm__vj_string_end(r, p, &escaped)) || (t = pm__vj_add(r, PM__VJ_STRING, p + 1, parent)) < 0) return 0;
            r->tok[t].end = end;
            r->tok[t].escaped = escaped;
            r->tok[t].next = t + 1;
            p = end + 1;
            want = PM__VJ_WANT_COLON;
        } else { /* a value */
            const int type = c == '{' ? PM__VJ_OBJECT : c == '[' ? PM__VJ_ARRAY : c == '"' ? PM__VJ_STRING
                           : (c == '-' || (c >= '0' && c <= '9')) ? PM__VJ_NUMBER : PM__VJ_LITERAL;
            const int in_object = parent >= 0 && r->tok[parent].type == PM__VJ_OBJECT;
            if ((t = pm__vj_add(r, type, type == PM__VJ_STRING ? p + 1 : p, in_object ? -1 : parent)) < 0) return 0;
            if (in_object) r->tok[t].next = parent; /* a member's value: counted with its key */
            if (type == PM__VJ_OBJECT || type == PM__VJ_ARRAY) {
                parent = t;
                ++p;
                want = type == PM__VJ_OBJECT ? PM__VJ_WANT_KEY_OR_CLOSE : PM__VJ_WANT_VALUE_OR_CLOSE;
                continue;
            }
            if (type == PM__VJ_STRING) {
                size_t end;
                int escaped;
                if (!(end = pm__vj_string_end(r, p, &escaped))) return 0;
                r->tok[t].end = end;
                r->tok[t].escaped = escaped;
                p = end + 1;
            } else if (type == PM__VJ_NUMBER) {
                size_t used;
                if (pm_json_number(s + p, r->json_length - p, &r->tok[t].number, &used) != PM_OK)
                    return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "a malformed number");
                p += used;
                r->tok[t].end = p;
            } else {
                static const char *const words[3] = {"true", "false", "null"};
                int w;
                for (w = 0; w < 3; ++w)
                    if (r->json_length - p >= strlen(words[w]) && memcmp(s + p, words[w], strlen(words[w])) == 0) break;
                if (w == 3) return pm__vrm_fail_at(r, PM_ERROR_PARSE, p, "expected a value");
                r->tok[t].number = w; /* 0 true, 1 false, 2 null */
                p += strlen(words[w]);
                r->tok[t].end = p;
            }
            r->tok[t].next = t + 1;
            want = parent < 0 ? PM__VJ_DONE : PM__VJ_WANT_COMMA_OR_CLOSE;
        }
    }
}

/* Whether string token t spells `text` (ASCII), escapes decoded */
static int pm__vj_is(const pm__vrm_reader *r, int t, const char *text)
{
    const char *s = r->json;
    size_t p;
    if (t < 0 || r->tok[t].type != PM__VJ_STRING) return 0;
    p = r->tok[t].start;
    if (!r->tok[t].escaped) return r->tok[t].end - p == strlen(text) && memcmp(s + p, text, strlen(text)) == 0;
    for (; p < r->tok[t].end; ++text) {
        unsigned c = (unsigned char)s[p++];
        if (c == '\\') {
            const char e = s[p++];
            if (e == 'u') {
                unsigned k, u = 0;
                for (k = 0; k < 4; ++k) {
                    const char h = s[p++];
                    u = u * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
                }
                c = u;
            } else {
                c = (unsigned char)(e == 'b' ? '\b' : e == 'f' ? '\f' : e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e);
            }
        }
        if (*text == '\0' || c != (unsigned char)*text) return 0;
    }
    return *text == '\0';
}

/* Whether two values are written alike (both absent counts) */
static int pm__vj_same(const pm__vrm_reader *r, int a, int b)
{
    if (a < 0 || b < 0) return a == b;
    return r->tok[a].end - r->tok[a].start == r->tok[b].end - r->tok[b].start &&
           memcmp(r->json + r->tok[a].start, r->json + r->tok[b].start, r->tok[a].end - r->tok[a].start) == 0;
}

/* object[key]: the value's token, or -1 (also when `object` is not an object) */
static int pm__vj_get(const pm__vrm_reader *r, int object, const char *key)
{
    int k, i, found = -1;
    if (object < 0 || r->tok[object].type != PM__VJ_OBJECT) return -1;
    for (k = object + 1, i = 0; i < r->tok[object].size; ++i, k = r->tok[k + 1].next)
        if (pm__vj_is(r, k, key)) found = k + 1; /* the last of a name, as JavaScript's JSON.parse keeps */
    return found;
}

/* The first element of an array (walk on with tok[t].next), or -1 */
static int pm__vj_first(const pm__vrm_reader *r, int array)
{
    return array >= 0 && r->tok[array].type == PM__VJ_ARRAY && r->tok[array].size > 0 ? array + 1 : -1;
}

/* Whether token t is the literal true */
static int pm__vj_true(const pm__vrm_reader *r, int t)
{
    return t >= 0 && r->tok[t].type == PM__VJ_LITERAL && r->tok[t].number == 0.0;
}

/* A whole number in [0, INT_MAX], or -1 */
static int pm__vj_whole(const pm__vrm_reader *r, int t)
{
    double v;
    if (t < 0 || r->tok[t].type != PM__VJ_NUMBER) return -1;
    v = r->tok[t].number;
    return pm__vrm_finite(v) && v >= 0.0 && v <= 2147483647.0 && v == floor(v) ? (int)v : -1;
}

/* object[key] as an index into `count` things: -1 when absent, the index, or
   -2 after failing (not a whole number, or out of range) */
static int pm__vj_index(pm__vrm_reader *r, int object, const char *key, int count, const char *message)
{
    const int t = pm__vj_get(r, object, key);
    const int index = pm__vj_whole(r, t);
    if (t < 0) return -1;
    if (index < 0 || index >= count) return pm__vrm_fail(r, t, message), -2;
    return index;
}

/* array of `count` numbers into out (floats); absent leaves out alone; 0 after failing */
static int pm__vj_floats(pm__vrm_reader *r, int object, const char *key, float *out, int count, const char *message)
{
    const int t = pm__vj_get(r, object, key);
    int e, i;
    if (t < 0) return 1;
    if (r->tok[t].type != PM__VJ_ARRAY || r->tok[t].size != count) return pm__vrm_fail(r, t, message);
    for (e = pm__vj_first(r, t), i = 0; i < count; ++i, e = r->tok[e].next) {
        if (r->tok[e].type != PM__VJ_NUMBER || !(fabs(r->tok[e].number) <= 3.4028234663852886e38))
            return pm__vrm_fail(r, e, message);
        out[i] = (float)r->tok[e].number;
    }
    return 1;
}

/* The tokens of an array's elements (n of them) into a kept array; 0 after failing */
static int pm__vj_elements(pm__vrm_reader *r, int array, int **out, int *n, const char *message)
{
    int e, i;
    *n = 0;
    *out = NULL;
    if (array < 0) return 1;
    if (r->tok[array].type != PM__VJ_ARRAY) return pm__vrm_fail(r, array, message);
    if (!(*out = (int *)pm__vrm_keep(r, (size_t)r->tok[array].size, sizeof(int)))) return 0;
    for (e = pm__vj_first(r, array), i = 0; i < r->tok[array].size; ++i, e = r->tok[e].next) (*out)[i] = e;
    *n = r->tok[array].size;
    return 1;
}

/* ---- glTF binary and accessors ---------------------------------------------- */

static uint32_t pm__vrm_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The file's chunks (glTF 2.0's GLB layout), its JSON as tokens, and the
   arrays every reader indexes; 0 after failing */
static int pm__vrm_open(pm__vrm_reader *r, const unsigned char *data, size_t size)
{
    size_t json_length, at;
    int root;
    if (!data || size < 20 || memcmp(data, "glTF", 4) != 0)
        return pm__vrm_fail_at(r, PM_ERROR_PARSE, 0, "not a binary glTF file (no \"glTF\" magic)");
    r->json_at = 0;
    if (pm__vrm_u32(data + 4) != 2) return pm__vrm_fail_at(r, PM_ERROR_PARSE, 4, "a glTF container version other than 2");
    if (pm__vrm_u32(data + 16) != 0x4e4f534au) return pm__vrm_fail_at(r, PM_ERROR_PARSE, 16, "the first chunk is not JSON");
    json_length = pm__vrm_u32(data + 12);
    if (json_length > size - 20) return pm__vrm_fail_at(r, PM_ERROR_PARSE, 12, "the JSON chunk runs past the end of the file");
    r->json = (const char *)data + 20;
    r->json_length = json_length;
    /* eight times the file, and 1 MiB: every accessor read for several of its uses */
    r->budget = size < ((size_t)-1 - ((size_t)1 << 20)) / 8 ? 8 * size + ((size_t)1 << 20) : (size_t)-1;
    r->json_at = 20;
    at = 20 + ((json_length + 3) & ~(size_t)3); /* chunks start 4-byte aligned */
    if (at + 8 <= size && pm__vrm_u32(data + at + 4) == 0x004e4942u) { /* "BIN" */
        const size_t length = pm__vrm_u32(data + at);
        if (length > size - at - 8) {
            r->json_at = 0;
            return pm__vrm_fail_at(r, PM_ERROR_PARSE, at, "the binary chunk runs past the end of the file");
        }
        r->bin = data + at + 8;
        r->bin_length = length;
    }
    if (!pm__vj_parse(r)) return 0;
    root = 0;
    if (r->tok[root].type != PM__VJ_OBJECT) return pm__vrm_fail(r, root, "the glTF JSON is not an object");
    if (!pm__vj_elements(r, pm__vj_get(r, root, "nodes"), &r->nodes, &r->node_count, "\"nodes\" must be an array") ||
        !pm__vj_elements(r, pm__vj_get(r, root, "accessors"), &r->accessors, &r->accessor_count,
                         "\"accessors\" must be an array") ||
        !pm__vj_elements(r, pm__vj_get(r, root, "bufferViews"), &r->views, &r->view_count,
                         "\"bufferViews\" must be an array"))
        return 0;
    {
        const int buffers = pm__vj_get(r, root, "buffers");
        int b, i;
        for (b = pm__vj_first(r, buffers), i = 0; b >= 0 && i < r->tok[buffers].size; ++i, b = r->tok[b].next)
            if (pm__vj_get(r, b, "uri") >= 0 || i > 0)
                return pm__vrm_fail(r, b, "a buffer other than the file's binary chunk (only binary glTF is read)");
    }
    return 1;
}

/* How an accessor is read: floats (float, or normalized unsigned bytes and
   shorts), joint indices (unsigned bytes and shorts, as uint16) or vertex
   indices (unsigned bytes, shorts and ints, as uint32) */
enum { PM__VRM_FLOATS, PM__VRM_JOINTS, PM__VRM_INDICES };

/* The bytes of `count` elements of `element` bytes at `offset` in buffer
   view `view`, `stride` apart (0: the view's byteStride, else packed): NULL
   after failing. glTF 2.0's rules keep reads inside the binary chunk: the
   elements within the view, the view within the buffer, a stride of at
   least one element. */
static const unsigned char *pm__vrm_view_bytes(pm__vrm_reader *r, int at, int view, int offset, int count, int element,
                                               int *stride)
{
    int t, view_offset, view_length;
    if (view < 0 || view >= r->view_count) return pm__vrm_fail(r, at, "a buffer view index out of range"), (const unsigned char *)NULL;
    t = r->views[view];
    view_offset = pm__vj_get(r, t, "byteOffset") >= 0 ? pm__vj_whole(r, pm__vj_get(r, t, "byteOffset")) : 0;
    view_length = pm__vj_whole(r, pm__vj_get(r, t, "byteLength"));
    if (*stride == 0) *stride = pm__vj_get(r, t, "byteStride") >= 0 ? pm__vj_whole(r, pm__vj_get(r, t, "byteStride")) : element;
    if (pm__vj_whole(r, pm__vj_get(r, t, "buffer")) != 0 || !r->bin)
        return pm__vrm_fail(r, t, "a buffer view outside the file's binary chunk"), (const unsigned char *)NULL;
    if (view_offset < 0 || view_length < 0 || (size_t)view_length > r->bin_length ||
        (size_t)view_offset > r->bin_length - (size_t)view_length)
        return pm__vrm_fail(r, t, "a buffer view outside its buffer"), (const unsigned char *)NULL;
    if (*stride < element || offset < 0) return pm__vrm_fail(r, at, "a byteStride below the element's size, or a negative byteOffset"), (const unsigned char *)NULL;
    if (count > 0 && (offset > view_length - element ||
                      (size_t)(count - 1) > (size_t)(view_length - element - offset) / (size_t)*stride))
        return pm__vrm_fail(r, at, "an accessor outside its buffer view"), (const unsigned char *)NULL;
    return r->bin + view_offset + offset;
}

/* Component c of the element at `at`, of glTF component type `type`, as a float (normalized) or an integer */
static void pm__vrm_component(const unsigned char *at, int type, int c, int kind, float *f, uint32_t *u)
{
    if (type == 5126) {
        const uint32_t bits = pm__vrm_u32(at + 4 * c); /* glTF is little-endian */
        memcpy(f, &bits, 4);
        return;
    }
    *u = type == 5125 ? pm__vrm_u32(at + 4 * c) : type == 5123 ? (uint32_t)(at[2 * c] | at[2 * c + 1] << 8) : at[c];
    *f = kind == PM__VRM_FLOATS ? (float)*u / (type == 5123 ? 65535.0f : 255.0f) : 0.0f;
}

/* The accessor whose index is token index_token, `components` per element
   (16 for a MAT4), read as `kind` into a kept array of at most `max`
   elements (only checked when out is NULL); sparse accessors too, their
   values over the base (or zeros). -1 after failing, else the element
   count. */
static int pm__vrm_accessor_as(pm__vrm_reader *r, int index_token, int components, int kind, int max, void **out, int keep)
{
    const int index = pm__vj_whole(r, index_token);
    static const char *const types[5] = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT4"};
    int accessor, view, type, count, size, stride = 0, offset, i, c, sparse;
    const int normalized = index >= 0 && index < r->accessor_count && pm__vj_true(r, pm__vj_get(r, r->accessors[index], "normalized"));
    const unsigned char *first = NULL;
    float *floats = NULL;
    uint32_t *integers = NULL;
    if (out) *out = NULL;
    if (index < 0 || index >= r->accessor_count) return pm__vrm_fail(r, index_token, "an accessor index out of range"), -1;
    accessor = r->accessors[index];
    if (!pm__vj_is(r, pm__vj_get(r, accessor, "type"), types[components == 16 ? 4 : components - 1]))
        return pm__vrm_fail(r, accessor, "an accessor of another type than its use needs"), -1;
    view = pm__vj_index(r, accessor, "bufferView", r->view_count, "\"bufferView\" out of range");
    type = pm__vj_whole(r, pm__vj_get(r, accessor, "componentType"));
    count = pm__vj_whole(r, pm__vj_get(r, accessor, "count"));
    offset = pm__vj_get(r, accessor, "byteOffset") >= 0 ? pm__vj_whole(r, pm__vj_get(r, accessor, "byteOffset")) : 0;
    if (view == -2) return -1;
    size = type == 5126 || type == 5125 ? 4 : type == 5123 ? 2 : type == 5121 ? 1 : 0;
    if (kind == PM__VRM_FLOATS ? !(type == 5126 || ((type == 5121 || type == 5123) && normalized))
        : kind == PM__VRM_JOINTS ? !((type == 5121 || type == 5123) && !normalized) : !(size && type != 5126 && !normalized))
        return pm__vrm_fail(r, accessor, kind == PM__VRM_FLOATS ? "a component type other than float or normalized unsigned bytes and shorts"
                                         : kind == PM__VRM_JOINTS ? "joints that are not unsigned bytes or shorts"
                                                                  : "indices that are not unsigned integers"), -1;
    if (count < 0 || offset < 0) return pm__vrm_fail(r, accessor, "an accessor's count or byteOffset is not a whole number"), -1;
    if (count > max) return pm__vrm_fail(r, accessor, "an accessor with more elements than its use allows"), -1;
    if (view >= 0 && !(first = pm__vrm_view_bytes(r, accessor, view, offset, count, components * size, &stride))) return -1;
    sparse = pm__vj_get(r, accessor, "sparse");
    if (view < 0 && sparse < 0) return pm__vrm_fail(r, accessor, "an accessor without data"), -1;
    if (!out && sparse < 0) return count;
    /* each element into floats or integers (kept, within the file's budget, or the caller's to free); a sparse
       accessor's base (or zeros) first */
    if (keep && !pm__vrm_spend(r, accessor, (size_t)count * (size_t)components * 4)) return -1;
    if (keep) {
        if (kind == PM__VRM_FLOATS) floats = (float *)pm__vrm_keep(r, (size_t)count * (size_t)components, sizeof(float));
        else integers = (uint32_t *)pm__vrm_keep(r, (size_t)count * (size_t)components, sizeof(uint32_t));
    } else if (!(floats = (float *)pm__vrm_alloc(&r->memory, (size_t)count * (size_t)components, sizeof(float)))) {
        pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, 0, "out of memory");
    }
    if (!floats && !integers) return -1;
    for (i = 0; first && i < count; ++i)
        for (c = 0; c < components; ++c) {
            const size_t slot = (size_t)i * (size_t)components + (size_t)c;
            float f;
            uint32_t u;
            pm__vrm_component(first + (size_t)stride * (size_t)i, type, c, kind, &f, &u);
            if (floats) floats[slot] = f;
            else integers[slot] = u;
        }
    if (sparse >= 0) {
        const int n = pm__vj_whole(r, pm__vj_get(r, sparse, "count")), indices = pm__vj_get(r, sparse, "indices");
        const int values = pm__vj_get(r, sparse, "values");
        const int index_type = pm__vj_whole(r, pm__vj_get(r, indices, "componentType"));
        const int index_size = index_type == 5125 ? 4 : index_type == 5123 ? 2 : index_type == 5121 ? 1 : 0;
        int index_stride = index_size, value_stride = components * size;
        const unsigned char *at_index, *at_value;
        if (n < 1 || n > count || !index_size || indices < 0 || values < 0) {
            if (!keep) pm__vrm_free(&r->memory, floats);
            return pm__vrm_fail(r, sparse, "a sparse accessor's count, indices or values malformed"), -1;
        }
        at_index = pm__vrm_view_bytes(r, indices, pm__vj_whole(r, pm__vj_get(r, indices, "bufferView")),
                                      pm__vj_get(r, indices, "byteOffset") >= 0 ? pm__vj_whole(r, pm__vj_get(r, indices, "byteOffset")) : 0,
                                      n, index_size, &index_stride);
        at_value = at_index ? pm__vrm_view_bytes(r, values, pm__vj_whole(r, pm__vj_get(r, values, "bufferView")),
                                                 pm__vj_get(r, values, "byteOffset") >= 0 ? pm__vj_whole(r, pm__vj_get(r, values, "byteOffset")) : 0,
                                                 n, components * size, &value_stride)
                            : NULL;
        if (!at_value) {
            if (!keep) pm__vrm_free(&r->memory, floats);
            return -1;
        }
        for (i = 0; i < n; ++i) {
            float f;
            uint32_t element;
            pm__vrm_component(at_index + (size_t)index_stride * (size_t)i, index_type, 0, PM__VRM_INDICES, &f, &element);
            if (element >= (uint32_t)count) {
                if (!keep) pm__vrm_free(&r->memory, floats);
                return pm__vrm_fail(r, indices, "a sparse index past the accessor's count"), -1;
            }
            for (c = 0; c < components; ++c) {
                const size_t slot = (size_t)element * (size_t)components + (size_t)c;
                uint32_t u;
                pm__vrm_component(at_value + (size_t)value_stride * (size_t)i, type, c, kind, &f, &u);
                if (floats) floats[slot] = f;
                else integers[slot] = u;
            }
        }
    }
    if (out) *out = floats ? (void *)floats : (void *)integers;
    return count;
}

/* The accessor at index_token as floats, kept (see pm__vrm_accessor_as) */
static int pm__vrm_accessor(pm__vrm_reader *r, int index_token, int components, int max, float **out)
{
    void *values = NULL;
    const int count = pm__vrm_accessor_as(r, index_token, components, PM__VRM_FLOATS, max, out ? &values : NULL, 1);
    if (out) *out = (float *)values;
    return count;
}

/* A node on a loop of parents, where there is one: walks up from each node
   in turn, marking each node with its walk, until a root, a node an earlier
   walk marked, or one this walk marked, which is on the loop. Linear. */
static int pm__vrm_node_on_loop(const int *parent, int *walk_of, int n)
{
    int i, node;
    for (i = 0; i < n; ++i) walk_of[i] = -1;
    for (i = 0; i < n; ++i)
        for (node = i; node >= 0 && walk_of[node] < 0; node = parent[node]) {
            walk_of[node] = i;
            if (parent[node] >= 0 && walk_of[parent[node]] == i) return parent[node];
        }
    return -1;
}

/* The token of the entry of node up's "children" that names child */
static int pm__vrm_child_entry(const pm__vrm_reader *r, int up, int child)
{
    const int list = pm__vj_get(r, r->nodes[up], "children");
    int c, k;
    for (c = pm__vj_first(r, list), k = 0; k < r->tok[list].size; ++k, c = r->tok[c].next)
        if (pm__vj_whole(r, c) == child) return c;
    return list;
}

/* The glTF nodes: parents from "children", the children in order, rest
   TRS (a matrix decomposed, as three.js does), the tree checked; 0 after
   failing */
static int pm__vrm_nodes(pm__vrm_reader *r, int **parent_out, pm_transform **rest_out, int **child_start_out,
                         int **children_out)
{
    const int n = r->node_count;
    int *parent, *child_start, *children, *depth, i, count = 0;
    pm_transform *rest;
    pm_result result;
    if (!(parent = (int *)pm__vrm_keep(r, (size_t)n, sizeof(int))) ||
        !(rest = (pm_transform *)pm__vrm_keep(r, (size_t)n, sizeof(pm_transform))) ||
        !(child_start = (int *)pm__vrm_keep(r, (size_t)n + 1, sizeof(int))) ||
        !(depth = (int *)pm__vrm_keep(r, (size_t)n, sizeof(int))))
        return 0;
    for (i = 0; i < n; ++i) parent[i] = -1;
    for (i = 0; i < n; ++i) {
        const int list = pm__vj_get(r, r->nodes[i], "children");
        int c, k;
        if (list >= 0 && r->tok[list].type != PM__VJ_ARRAY) return pm__vrm_fail(r, list, "\"children\" must be an array");
        for (c = pm__vj_first(r, list), k = 0; list >= 0 && k < r->tok[list].size; ++k, c = r->tok[c].next) {
            const int child = pm__vj_whole(r, c);
            if (child < 0 || child >= n) return pm__vrm_fail(r, c, "a child index out of range");
            if (parent[child] >= 0 || child == i) return pm__vrm_fail(r, c, "a node with two parents, or its own child");
            parent[child] = i;
            ++count;
        }
    }
    if (!(children = (int *)pm__vrm_keep(r, (size_t)count, sizeof(int)))) return 0;
    for (i = 0, count = 0; i < n; ++i) {
        const int list = pm__vj_get(r, r->nodes[i], "children");
        const int node = r->nodes[i];
        float matrix[16];
        int c, k;
        child_start[i] = count;
        for (c = pm__vj_first(r, list), k = 0; list >= 0 && k < r->tok[list].size; ++k, c = r->tok[c].next)
            children[count++] = pm__vj_whole(r, c);
        memset(&rest[i], 0, sizeof rest[i]);
        rest[i].rotation[3] = 1.0f;
        rest[i].scale[0] = rest[i].scale[1] = rest[i].scale[2] = 1.0f;
        if (!pm__vj_floats(r, node, "translation", rest[i].translation, 3, "\"translation\" must be 3 numbers") ||
            !pm__vj_floats(r, node, "rotation", rest[i].rotation, 4, "\"rotation\" must be 4 numbers") ||
            !pm__vj_floats(r, node, "scale", rest[i].scale, 3, "\"scale\" must be 3 numbers"))
            return 0;
        if (pm__vj_get(r, node, "matrix") >= 0) {
            mat4 m, rotation;
            vec4 t;
            vec3 s;
            if (!pm__vj_floats(r, node, "matrix", matrix, 16, "\"matrix\" must be 16 numbers")) return 0;
            memcpy(m, matrix, sizeof m);
            glm_decompose(m, t, rotation, s);
            glm_mat4_quat(rotation, rest[i].rotation);
            glm_vec3_copy(t, rest[i].translation);
            glm_vec3_copy(s, rest[i].scale);
        }
        if (!pm__vrm_rest_ok(&rest[i])) { /* a matrix, decomposed, or a stored rotation */
            const int matrix_token = pm__vj_get(r, node, "matrix");
            return matrix_token >= 0 ? pm__vrm_fail(r, matrix_token, "\"matrix\" is not a rotation, scale and translation")
                                     : pm__vrm_fail(r, pm__vj_get(r, node, "rotation"), "\"rotation\" is zero");
        }
    }
    child_start[n] = count;
    if ((result = pm_scene_validate(parent, n, depth)) != PM_OK) { /* the children's indices are in range: a loop */
        const int node = pm__vrm_node_on_loop(parent, depth, n);
        return pm__vrm_fail_at(r, result, r->tok[pm__vrm_child_entry(r, parent[node], node)].start,
                               "the nodes' children form a loop");
    }
    *parent_out = parent;
    *rest_out = rest;
    *child_start_out = child_start;
    *children_out = children;
    return 1;
}

/* Target `target`'s displacements (POSITION, NORMAL, TANGENT: NULL where
   it has none), n each, read for the moment (the caller frees them); 0
   after failing */
static int pm__vrm_target_read(pm__vrm_reader *r, int target, int n, float *delta[3])
{
    static const char *const names[3] = {"POSITION", "NORMAL", "TANGENT"};
    int a;
    delta[0] = delta[1] = delta[2] = NULL;
    if (r->tok[target].type != PM__VJ_OBJECT) return pm__vrm_fail(r, target, "a morph target must be an object");
    for (a = 0; a < 3; ++a) {
        const int accessor = pm__vj_get(r, target, names[a]);
        void *values = NULL;
        if (accessor >= 0 && pm__vrm_accessor_as(r, accessor, 3, PM__VRM_FLOATS, n, &values, 0) != n) {
            pm__vrm_free(&r->memory, values);
            while (a > 0) pm__vrm_free(&r->memory, delta[--a]);
            return r->result == PM_OK ? pm__vrm_fail(r, accessor, "a morph target's count is not its primitive's") : 0;
        }
        delta[a] = (float *)values;
    }
    return 1;
}

/* Whether a target moves vertex v (any of its displacements not zero) */
static int pm__vrm_target_moves(float *const delta[3], int v)
{
    int a, k;
    for (a = 0; a < 3; ++a)
        for (k = 0; k < 3 && delta[a]; ++k)
            if (delta[a][3 * v + k] != 0.0f) return 1;
    return 0;
}

/* The morph targets of a primitive (token `targets`), grouped by vertex:
   an entry for each vertex a target moves, in pm_morphs_group_by_vertex's
   order, which the normal and tangent displacements follow. Two passes
   over the targets (the entries counted, then written), one target's
   displacements in memory at a time. */
static int pm__vrm_targets(pm__vrm_reader *r, int targets, pm_vrm_primitive *p)
{
    const int n = p->vertex_count, count = r->tok[targets].size;
    int *first = NULL, *vertex = NULL, *scratch_start = NULL, t, a, v, target, pass, entries = 0, ok = 0;
    float *offsets[3] = {NULL, NULL, NULL}, *delta[3];
    pm_vertex_morph *scratch = NULL;
    int has[3] = {0, 0, 0};
    for (pass = 0; pass < 2; ++pass) {
        if (pass == 1) { /* the entries' room, kept within the file's budget */
            if (!pm__vrm_spend(r, targets, (size_t)entries * 48 + (size_t)n * 8)) goto done;
            first = (int *)pm__vrm_alloc(&r->memory, (size_t)count + 1, sizeof(int));
            vertex = (int *)pm__vrm_alloc(&r->memory, (size_t)entries, sizeof(int));
            for (a = 0; a < 3; ++a) offsets[a] = (float *)pm__vrm_alloc(&r->memory, 3 * (size_t)entries, sizeof(float));
            if (!first || !vertex || !offsets[0] || !offsets[1] || !offsets[2]) {
                pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, 0, "out of memory");
                goto done;
            }
            entries = 0;
        }
        for (target = pm__vj_first(r, targets), t = 0; t < count; ++t, target = r->tok[target].next) {
            if (!pm__vrm_target_read(r, target, n, delta)) goto done;
            if (pass == 1) first[t] = entries;
            for (v = 0; v < n; ++v) {
                int k;
                if (!pm__vrm_target_moves(delta, v)) continue;
                if (pass == 1) {
                    vertex[entries] = v;
                    for (a = 0; a < 3; ++a)
                        for (k = 0; k < 3; ++k) offsets[a][3 * (size_t)entries + (size_t)k] = delta[a] ? delta[a][3 * v + k] : 0.0f;
                }
                ++entries;
            }
            for (a = 0; a < 3; ++a) {
                has[a] |= delta[a] != NULL;
                pm__vrm_free(&r->memory, delta[a]);
            }
        }
    }
    first[count] = entries;
    p->target_count = count;
    if (!(p->morph_start = (int *)pm__vrm_keep(r, (size_t)n + 1, sizeof(int))) ||
        !(p->morphs = (pm_vertex_morph *)pm__vrm_keep(r, (size_t)entries, sizeof(pm_vertex_morph))) ||
        !(p->morph_masks = (uint64_t *)pm__vrm_keep(r, (size_t)n / PM_MORPH_MASK_VERTICES + 1, sizeof(uint64_t))) ||
        (has[1] && !(p->morph_normals = (float *)pm__vrm_keep(r, 3 * (size_t)entries, sizeof(float)))) ||
        (has[2] && !(p->morph_tangents = (float *)pm__vrm_keep(r, 3 * (size_t)entries, sizeof(float))))) goto done;
    if (!(scratch_start = (int *)pm__vrm_alloc(&r->memory, (size_t)n + 1, sizeof(int))) ||
        !(scratch = (pm_vertex_morph *)pm__vrm_alloc(&r->memory, (size_t)entries, sizeof(pm_vertex_morph)))) {
        pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, 0, "out of memory");
        goto done;
    }
    if (pm_morphs_group_by_vertex(n, count, first, vertex, offsets[0], p->morph_start, p->morphs, entries) != PM_OK ||
        pm_morph_masks(n, p->morph_start, p->morphs, p->morph_masks) != PM_OK) {
        pm__vrm_fail(r, targets, "morph targets that do not group by vertex");
        goto done;
    }
    for (a = 1; a < 3; ++a) { /* the same grouping, the same order: the normal and tangent entries line up */
        float *out = a == 1 ? p->morph_normals : p->morph_tangents;
        int e;
        if (!out) continue;
        pm_morphs_group_by_vertex(n, count, first, vertex, offsets[a], scratch_start, scratch, entries);
        for (e = 0; e < entries; ++e) memcpy(out + 3 * (size_t)e, scratch[e].offset, 3 * sizeof(float));
    }
    ok = 1;
done:
    pm__vrm_free(&r->memory, first), pm__vrm_free(&r->memory, vertex), pm__vrm_free(&r->memory, scratch_start);
    pm__vrm_free(&r->memory, scratch);
    for (a = 0; a < 3; ++a) pm__vrm_free(&r->memory, offsets[a]);
    return ok;
}

/* A glTF mesh's primitives: their vertex streams and morph targets */
static int pm__vrm_mesh(pm__vrm_reader *r, int mesh, pm_vrm_mesh *out)
{
    const int primitives = pm__vj_get(r, mesh, "primitives");
    int k, t;
    if (primitives < 0 || r->tok[primitives].type != PM__VJ_ARRAY || r->tok[primitives].size < 1)
        return pm__vrm_fail(r, mesh, "a mesh without primitives");
    out->primitive_count = r->tok[primitives].size;
    if (!(out->primitives = (pm_vrm_primitive *)pm__vrm_keep(r, (size_t)out->primitive_count, sizeof(pm_vrm_primitive))))
        return 0;
    for (t = pm__vj_first(r, primitives), k = 0; k < out->primitive_count; ++k, t = r->tok[t].next) {
        pm_vrm_primitive *p = &out->primitives[k];
        const int attributes = pm__vj_get(r, t, "attributes"), targets = pm__vj_get(r, t, "targets");
        const int position = pm__vj_get(r, attributes, "POSITION"), normal = pm__vj_get(r, attributes, "NORMAL");
        const int tangent = pm__vj_get(r, attributes, "TANGENT"), uv = pm__vj_get(r, attributes, "TEXCOORD_0");
        const int joints = pm__vj_get(r, attributes, "JOINTS_0"), weights = pm__vj_get(r, attributes, "WEIGHTS_0");
        const int indices = pm__vj_get(r, t, "indices"), mode = pm__vj_get(r, t, "mode");
        const int max = INT_MAX / 16;
        uint32_t *joint_values = NULL;
        void *index_values = NULL;
        int v;
        for (p->vertices = 0; p->vertices < k; ++p->vertices) { /* the same attributes and targets, as written */
            const pm_vrm_primitive *q = &out->primitives[p->vertices];
            if (q->vertices == p->vertices && pm__vj_same(r, attributes, q->attributes_) && pm__vj_same(r, targets, q->targets_))
                break;
        }
        p->attributes_ = attributes, p->targets_ = targets;
        if (p->vertices < k) { /* its streams are that primitive's; its own indices and mode follow */
            const pm_vrm_primitive *q = &out->primitives[p->vertices];
            const int vertices = p->vertices;
            *p = *q;
            p->vertices = vertices, p->index_count = 0, p->indices = NULL;
        }
        p->mode = mode >= 0 ? pm__vj_whole(r, mode) : 4;
        if (p->mode < 0 || p->mode > 6) return pm__vrm_fail(r, mode, "an unknown primitive mode");
        if (indices >= 0) {
            if ((p->index_count = pm__vrm_accessor_as(r, indices, 1, PM__VRM_INDICES, max, &index_values, 1)) < 0)
                return 0;
            p->indices = (uint32_t *)index_values;
        }
        if (p->vertices < k) { /* read: its indices checked against the vertices */
            for (v = 0; v < p->index_count; ++v)
                if (p->indices[v] >= (uint32_t)p->vertex_count) return pm__vrm_fail(r, indices, "a vertex index past the vertices");
            continue;
        }
        if (position >= 0 && (p->vertex_count = pm__vrm_accessor(r, position, 3, max, &p->positions)) < 0)
            return 0; /* without POSITION: no vertices, as three.js draws it */
        if ((normal >= 0 && pm__vrm_accessor(r, normal, 3, p->vertex_count, &p->normals) != p->vertex_count) ||
            (tangent >= 0 && pm__vrm_accessor(r, tangent, 4, p->vertex_count, &p->tangents) != p->vertex_count) ||
            (uv >= 0 && pm__vrm_accessor(r, uv, 2, p->vertex_count, &p->uvs) != p->vertex_count))
            return r->result == PM_OK ? pm__vrm_fail(r, t, "an attribute's count is not POSITION's") : 0;
        if ((joints >= 0) != (weights >= 0)) return pm__vrm_fail(r, t, "JOINTS_0 without WEIGHTS_0, or the other way");
        if (joints >= 0) {
            if (pm__vrm_accessor_as(r, joints, 4, PM__VRM_JOINTS, p->vertex_count, (void **)&joint_values, 1) !=
                    p->vertex_count ||
                pm__vrm_accessor(r, weights, 4, p->vertex_count, &p->bone_weights) != p->vertex_count)
                return r->result == PM_OK ? pm__vrm_fail(r, t, "an attribute's count is not POSITION's") : 0;
            if (!(p->bone_indices = (uint16_t *)pm__vrm_keep(r, 4 * (size_t)p->vertex_count, sizeof(uint16_t)))) return 0;
            for (v = 0; v < 4 * p->vertex_count; ++v) p->bone_indices[v] = (uint16_t)joint_values[v];
        }
        if (p->index_count > 0)
            for (v = 0; v < p->index_count; ++v)
                if (p->indices[v] >= (uint32_t)p->vertex_count) return pm__vrm_fail(r, indices, "a vertex index past the vertices");
        if (targets >= 0) {
            if (r->tok[targets].type != PM__VJ_ARRAY) return pm__vrm_fail(r, targets, "\"targets\" must be an array");
            if (r->tok[targets].size > 0 && !pm__vrm_targets(r, targets, p)) return 0;
        }
    }
    out->target_count = out->primitives[0].target_count;
    return 1;
}

/* A posemath JSON reader's failure inside the extension object at token t */
static int pm__vrm_fail_inside(pm__vrm_reader *r, int t, pm_result result, const pm_parse_error *inner, const char *fallback)
{
    return pm__vrm_fail_at(r, result, r->tok[t].start + (inner->message ? inner->offset : 0),
                           inner->message ? inner->message : fallback);
}

/* ---- VRM avatars ------------------------------------------------------------ */

/* The expressions, in storage grown until they fit; binds on a node without
   a mesh or past its mesh's targets left out with a warning (three-vrm
   writes such a bind into nothing) */
static int pm__vrm_expressions(pm__vrm_reader *r, pm_vrm_file *f, int vrm)
{
    size_t capacity = 64;
    pm_parse_error inner = {0, NULL, NULL};
    pm_expression_morph_bind *all_binds = NULL;
    pm_result result;
    int e;
    for (;;) {
        const int mark = r->block_count;
        pm_expression_storage storage;
        /* the expressions grow with the binds, up to the parser's own limit */
        storage.expression_capacity = capacity < PM_EXPRESSION_LIMIT ? (int)capacity : PM_EXPRESSION_LIMIT;
        storage.morph_bind_capacity = storage.material_bind_capacity = (int)capacity;
        if (!(storage.expressions =
                  (pm_expression *)pm__vrm_keep(r, (size_t)storage.expression_capacity, sizeof(pm_expression))) ||
            !(storage.morph_binds = (pm_expression_morph_bind *)pm__vrm_keep(r, capacity, sizeof(pm_expression_morph_bind))) ||
            !(storage.material_binds =
                  (pm_expression_material_bind *)pm__vrm_keep(r, capacity, sizeof(pm_expression_material_bind))))
            return 0;
        result = pm_expressions_parse_json(f->json + r->tok[vrm].start, r->tok[vrm].end - r->tok[vrm].start, &storage,
                                           &f->expression_count, &inner);
        if (result == PM_OK) {
            f->expressions = storage.expressions;
            all_binds = storage.morph_binds;
            break;
        }
        if (result != PM_ERROR_CAPACITY || capacity > r->json_length) /* each bind takes more than a byte */
            return pm__vrm_fail_inside(r, vrm, result, &inner, "expressions");
        pm__vrm_drop(r, mark);
        capacity *= 4;
    }
    if (inner.warning) pm__vrm_warn(r, inner.warning);
    for (e = 0; e < f->expression_count; ++e) {
        pm_expression *x = &f->expressions[e];
        pm_expression_morph_bind *binds = all_binds + (x->morph_binds - all_binds); /* the storage is the reader's */
        int b, kept = 0;
        for (b = 0; b < x->morph_bind_count; ++b) {
            const int mesh = f->version == 1 ? (binds[b].mesh < f->node_count ? f->node_mesh[binds[b].mesh] : -1)
                                             : (binds[b].mesh < f->mesh_count ? binds[b].mesh : -1);
            if (mesh < 0)
                pm__vrm_warn(r, "an expression binds a node without a mesh, or a mesh the file lacks (left out, as three-vrm "
                                "writes it nowhere)");
            else if (binds[b].index < 0 || binds[b].index >= f->meshes[mesh].target_count)
                pm__vrm_warn(r, "an expression binds a morph target its mesh lacks (left out, as three-vrm writes it nowhere)");
            else binds[kept++] = binds[b];
        }
        x->morph_bind_count = kept;
    }
    return 1;
}

/* The spring bones: VRMC_springBone, or the VRM 0.x secondaryAnimation;
   storage grown until it fits */
static int pm__vrm_springs(pm__vrm_reader *r, pm_vrm_file *f, int springs, int vrm)
{
    const int object = springs >= 0 ? springs : vrm;
    size_t capacity = 64;
    pm_parse_error inner = {0, NULL, NULL};
    pm_result result;
    f->springs.parent = f->parent;
    f->springs.node_count = f->node_count;
    if (springs < 0 && f->version == 1) return 1;
    for (;;) {
        const int mark = r->block_count;
        pm_spring_storage storage;
        pm_spring_set set = f->springs;
        storage.spring_capacity = storage.joint_capacity = storage.collider_capacity = storage.group_capacity =
            storage.index_capacity = (int)capacity;
        if (!(storage.springs = (pm_spring *)pm__vrm_keep(r, capacity, sizeof(pm_spring))) ||
            !(storage.joints = (pm_spring_joint *)pm__vrm_keep(r, capacity, sizeof(pm_spring_joint))) ||
            !(storage.colliders = (pm_spring_collider *)pm__vrm_keep(r, capacity, sizeof(pm_spring_collider))) ||
            !(storage.groups = (pm_spring_collider_group *)pm__vrm_keep(r, capacity, sizeof(pm_spring_collider_group))) ||
            !(storage.indices = (int *)pm__vrm_keep(r, capacity, sizeof(int))) ||
            !(storage.cursor = (int *)pm__vrm_keep(r, (size_t)f->node_count, sizeof(int))))
            return 0;
        result = springs >= 0 ? pm_spring_parse_json(f->json + r->tok[object].start,
                                                     r->tok[object].end - r->tok[object].start, &storage, &set, &inner)
                              : pm_spring_parse_vrm0_json(f->json + r->tok[object].start,
                                                          r->tok[object].end - r->tok[object].start, f->child_start,
                                                          f->children, &storage, &set, &inner);
        if (result == PM_OK) {
            f->springs = set;
            break;
        }
        /* a VRM 0.x bone group's joints are the nodes below it: past the JSON's size, bounded by the nodes' */
        if (result != PM_ERROR_CAPACITY || capacity > r->json_length + (size_t)f->node_count * 4)
            return pm__vrm_fail_inside(r, object, result, &inner, springs >= 0 ? "VRMC_springBone" : "secondaryAnimation");
        pm__vrm_drop(r, mark);
        capacity *= 4;
    }
    if (inner.warning) pm__vrm_warn(r, inner.warning);
    return 1;
}

/* The "source" token of the VRMC_node_constraint object at token t, which
   pm_constraint_parse_json has read: in its one constraint of the three kinds */
static int pm__vrm_constraint_source(const pm__vrm_reader *r, int t)
{
    static const char *const kinds[3] = {"roll", "aim", "rotation"};
    const int constraint = pm__vj_get(r, t, "constraint");
    int k, source = -1;
    for (k = 0; k < 3 && source < 0; ++k) source = pm__vj_get(r, pm__vj_get(r, constraint, kinds[k]), "source");
    return source;
}

/* The VRMC_node_constraint object, first in the file, of the circle that
   pm_constraint_set_init left at the front of the constraints' order */
static int pm__vrm_first_in_circle(const pm__vrm_reader *r, const pm_vrm_file *f)
{
    const pm_constraint_set *set = &f->constraints;
    int node = set->constraints[set->order[0]].destination, k;
    for (k = 1; k < set->count && set->order[k] >= 0; ++k)
        if (set->constraints[set->order[k]].destination < node) node = set->constraints[set->order[k]].destination;
    return pm__vj_get(r, pm__vj_get(r, r->nodes[node], "extensions"), "VRMC_node_constraint");
}

/* The node constraints, one per node that has the extension */
static int pm__vrm_constraints(pm__vrm_reader *r, pm_vrm_file *f)
{
    pm_constraint *constraints;
    pm_parse_error inner = {0, NULL, NULL};
    pm_result result;
    int i, count = 0;
    for (i = 0; i < f->node_count; ++i)
        count += pm__vj_get(r, pm__vj_get(r, r->nodes[i], "extensions"), "VRMC_node_constraint") >= 0;
    if (!(constraints = (pm_constraint *)pm__vrm_keep(r, (size_t)count, sizeof(pm_constraint))) ||
        !(f->constraints.rest = (pm_constraint_rest *)pm__vrm_keep(r, (size_t)count, sizeof(pm_constraint_rest))) ||
        !(f->constraints.order = (int *)pm__vrm_keep(r, (size_t)count, sizeof(int))))
        return 0;
    for (i = 0, count = 0; i < f->node_count; ++i) {
        const int t = pm__vj_get(r, pm__vj_get(r, r->nodes[i], "extensions"), "VRMC_node_constraint");
        if (t < 0) continue;
        pm_constraint *c = &constraints[count++];
        result = pm_constraint_parse_json(f->json + r->tok[t].start, r->tok[t].end - r->tok[t].start, i, c, &inner);
        if (result != PM_OK) return pm__vrm_fail_inside(r, t, result, &inner, "VRMC_node_constraint");
        if (c->source >= f->node_count) return pm__vrm_fail(r, pm__vrm_constraint_source(r, t), "\"source\" out of range");
    }
    f->constraints.constraints = constraints;
    f->constraints.count = count;
    f->constraints.parent = f->parent;
    f->constraints.node_count = f->node_count;
    result = pm_constraint_set_init(&f->constraints, f->rest);
    if (result == PM_ERROR_CYCLE && f->constraints.order[0] >= 0) /* (the parents, read before, have no loop) */
        return pm__vrm_fail_at(r, result, r->tok[pm__vrm_first_in_circle(r, f)].start,
                               "this node constraint depends on its own output through a circle of node constraints");
    if (result != PM_OK)
        return pm__vrm_fail_at(r, result, 0,
                               result == PM_ERROR_LIMIT ? "the aim constraints' chains sum past PM_CONSTRAINT_AIM_DEPTH_LIMIT nodes"
                                                        : "the node constraints cannot be set up");
    return 1;
}

/* The first-person annotations, as three-vrm's VRMFirstPersonLoaderPlugin
   reads them: VRM 1.0's by node, VRM 0.x's by mesh (each node showing the
   mesh), the first annotation of a node or mesh the one that counts; and
   the nodes on the head, which the AUTO view leaves out */
static int pm__vrm_first_person(pm__vrm_reader *r, pm_vrm_file *f, int vrm)
{
    static const char *const types[2][4] = {{"Auto", "Both", "ThirdPersonOnly", "FirstPersonOnly"},
                                            {"auto", "both", "thirdPersonOnly", "firstPersonOnly"}};
    const int first_person = pm__vj_get(r, vrm, "firstPerson"), head = f->humanoid.bone_node[PM_BONE_HEAD];
    const int annotations = pm__vj_get(r, first_person, "meshAnnotations");
    const int slots = f->version ? f->node_count : f->mesh_count;
    unsigned char *slot_type, *named;
    int *below, a, e, n, k, end;
    /* the head's subtree, breadth first down the children lists */
    if (!(f->node_on_head = (unsigned char *)pm__vrm_keep(r, (size_t)f->node_count, 1))) return 0;
    if (!(below = (int *)pm__vrm_alloc(&r->memory, (size_t)f->node_count, sizeof(int))))
        return pm__vrm_fail_at(r, PM_ERROR_OUT_OF_MEMORY, 0, "out of memory");
    f->node_on_head[head] = 1;
    below[0] = head;
    for (n = 0, end = 1; n < end; ++n)
        for (k = f->child_start[below[n]]; k < f->child_start[below[n] + 1]; ++k)
            f->node_on_head[below[end++] = f->children[k]] = 1;
    pm__vrm_free(&r->memory, below);

    if (first_person < 0 && f->version == 0) return 1;
    /* "firstPerson" is an object: pm_look_at_parse_json has read it */
    if (annotations >= 0 && r->tok[annotations].type != PM__VJ_ARRAY)
        return pm__vrm_fail(r, annotations, "\"meshAnnotations\" must be an array");
    if (!(f->node_first_person = (unsigned char *)pm__vrm_keep(r, (size_t)f->node_count, 1)) ||
        !(slot_type = (unsigned char *)pm__vrm_keep(r, (size_t)slots, 1)) ||
        !(named = (unsigned char *)pm__vrm_keep(r, (size_t)slots, 1)))
        return 0;
    for (a = 0, e = pm__vj_first(r, annotations); e >= 0 && a < r->tok[annotations].size; ++a, e = r->tok[e].next) {
        int slot, type, t = 0;
        if (r->tok[e].type != PM__VJ_OBJECT) return pm__vrm_fail(r, e, "a mesh annotation must be an object");
        slot = pm__vj_index(r, e, f->version ? "node" : "mesh", slots,
                            f->version ? "\"node\" out of range" : "\"mesh\" out of range");
        type = pm__vj_get(r, e, f->version ? "type" : "firstPersonFlag");
        if (slot == -2) return 0;
        if (type >= 0 && r->tok[type].type != PM__VJ_STRING)
            return pm__vrm_fail(r, type, f->version ? "\"type\" must be a string" : "\"firstPersonFlag\" must be a string");
        while (type >= 0 && t < 4 && !pm__vj_is(r, type, types[f->version][t])) ++t;
        if (t == 4) { /* three-vrm: VRM 0.x's unknown flags are "auto"; VRM 1.0's unknown types change neither view */
            t = f->version ? PM_VRM_FIRST_PERSON_BOTH : PM_VRM_FIRST_PERSON_AUTO;
            pm__vrm_warn(r, f->version ? "a mesh annotation's unknown \"type\": shown in both views, as three-vrm does"
                                       : "a mesh annotation's unknown \"firstPersonFlag\": \"Auto\", as three-vrm reads it");
        }
        if (slot < 0) pm__vrm_warn(r, f->version ? "a mesh annotation without \"node\": left out, as three-vrm does"
                                                 : "a mesh annotation without \"mesh\": left out, as three-vrm does");
        else if (!named[slot]) named[slot] = 1, slot_type[slot] = (unsigned char)t;
    }
    for (n = 0; n < f->node_count; ++n)
        f->node_first_person[n] = f->version ? slot_type[n] : f->node_mesh[n] >= 0 ? slot_type[f->node_mesh[n]] : 0;
    return 1;
}

/* The reader's state at the start of a parse */
static void pm__vrm_reader_start(pm__vrm_reader *r, const pm_vrm_options *options, pm_parse_error *error)
{
    memset(r, 0, sizeof *r);
    r->memory = pm__vrm_memory_of(options);
    r->error = error;
    if (error) error->offset = 0, error->message = error->warning = NULL;
}

/* The parse's end: its tokens freed; kept blocks handed over on success */
static pm_result pm__vrm_reader_end(pm__vrm_reader *r)
{
    pm__vrm_free(&r->memory, r->tok);
    r->tok = NULL;
    if (r->result != PM_OK) {
        pm__vrm_free_blocks(&r->memory, r->blocks, r->block_count);
        pm__vrm_free(&r->memory, r->blocks);
        r->blocks = NULL;
        r->block_count = 0;
    } else if (r->error) {
        r->error->warning = r->warning;
    }
    return r->result;
}

static int pm__vrm_read_avatar(pm__vrm_reader *r, const unsigned char *data, size_t size, pm_vrm_file *f)
{
    int extensions, vrm, meshes, skins, m, i, t, bone_node[PM_BONE_COUNT];
    pm_parse_error inner = {0, NULL, NULL};
    pm_humanoid_report report;
    pm_result result;
    if (!pm__vrm_open(r, data, size)) return 0;
    /* the JSON kept: expression names point into it, and the offsets of tokens index it */
    if (!(f->json = (char *)pm__vrm_keep(r, r->json_length + 1, 1))) return 0;
    memcpy(f->json, r->json, r->json_length);
    f->node_count = r->node_count;
    if (!pm__vrm_nodes(r, &f->parent, &f->rest, &f->child_start, &f->children)) return 0;
    extensions = pm__vj_get(r, 0, "extensions");
    f->version = 1;
    if ((vrm = pm__vj_get(r, extensions, "VRMC_vrm")) < 0) {
        f->version = 0;
        if ((vrm = pm__vj_get(r, extensions, "VRM")) < 0)
            return pm__vrm_fail(r, extensions >= 0 ? extensions : 0, "no VRMC_vrm or VRM extension: not a VRM avatar");
    }
    if (r->tok[vrm].type != PM__VJ_OBJECT) return pm__vrm_fail(r, vrm, "the VRM extension must be an object");

    meshes = pm__vj_get(r, 0, "meshes");
    if (meshes >= 0 && r->tok[meshes].type != PM__VJ_ARRAY) return pm__vrm_fail(r, meshes, "\"meshes\" must be an array");
    f->mesh_count = meshes >= 0 ? r->tok[meshes].size : 0;
    if (!(f->meshes = (pm_vrm_mesh *)pm__vrm_keep(r, (size_t)f->mesh_count, sizeof(pm_vrm_mesh)))) return 0;
    for (m = 0, t = pm__vj_first(r, meshes); m < f->mesh_count; ++m, t = r->tok[t].next)
        if (!pm__vrm_mesh(r, t, &f->meshes[m])) return 0;
    skins = pm__vj_get(r, 0, "skins");
    if (skins >= 0 && r->tok[skins].type != PM__VJ_ARRAY) return pm__vrm_fail(r, skins, "\"skins\" must be an array");
    f->skin_count = skins >= 0 ? r->tok[skins].size : 0;
    if (!(f->skins = (pm_vrm_skin *)pm__vrm_keep(r, (size_t)f->skin_count, sizeof(pm_vrm_skin)))) return 0;
    for (m = 0, t = pm__vj_first(r, skins); m < f->skin_count; ++m, t = r->tok[t].next) {
        pm_vrm_skin *skin = &f->skins[m];
        const int joints = pm__vj_get(r, t, "joints");
        const int inverse = pm__vj_index(r, t, "inverseBindMatrices", r->accessor_count, "\"inverseBindMatrices\" out of range");
        int j, e;
        if (joints < 0 || r->tok[joints].type != PM__VJ_ARRAY || r->tok[joints].size < 1)
            return pm__vrm_fail(r, t, "a skin without joints");
        skin->joint_count = r->tok[joints].size;
        if (!(skin->joints = (int *)pm__vrm_keep(r, (size_t)skin->joint_count, sizeof(int)))) return 0;
        for (j = 0, e = pm__vj_first(r, joints); j < skin->joint_count; ++j, e = r->tok[e].next)
            if ((skin->joints[j] = pm__vj_whole(r, e)) < 0 || skin->joints[j] >= f->node_count)
                return pm__vrm_fail(r, e, "a joint index out of range");
        if (inverse == -2) return 0;
        if (inverse >= 0) {
            const int inverse_token = pm__vj_get(r, t, "inverseBindMatrices");
            if (pm__vrm_accessor(r, inverse_token, 16, skin->joint_count, &skin->inverse_bind) < 0) return 0;
            if (pm__vrm_accessor(r, inverse_token, 16, skin->joint_count, NULL) != skin->joint_count)
                return pm__vrm_fail(r, t, "fewer inverse bind matrices than joints");
        } else {
            if (!(skin->inverse_bind = (float *)pm__vrm_keep(r, 16 * (size_t)skin->joint_count, sizeof(float)))) return 0;
            for (j = 0; j < skin->joint_count; ++j) glm_mat4_identity((vec4 *)(skin->inverse_bind + 16 * j));
        }
    }
    if (!(f->node_mesh = (int *)pm__vrm_keep(r, (size_t)f->node_count, sizeof(int))) ||
        !(f->node_skin = (int *)pm__vrm_keep(r, (size_t)f->node_count, sizeof(int))))
        return 0;
    for (i = 0; i < f->node_count; ++i) {
        if ((f->node_mesh[i] = pm__vj_index(r, r->nodes[i], "mesh", f->mesh_count, "\"mesh\" out of range")) == -2 ||
            (f->node_skin[i] = pm__vj_index(r, r->nodes[i], "skin", f->skin_count, "\"skin\" out of range")) == -2)
            return 0;
    }

    /* the VRM extension: humanoid, lookAt, expressions; then springs and constraints */
    if ((result = pm_humanoid_map_parse_json(f->json + r->tok[vrm].start, r->tok[vrm].end - r->tok[vrm].start,
                                             f->node_count, bone_node, &inner)) != PM_OK)
        return pm__vrm_fail_inside(r, vrm, result, &inner, "humanoid");
    if ((result = pm_humanoid_init(&f->humanoid, bone_node, f->parent, f->node_count, f->rest, &report)) != PM_OK)
        return pm__vrm_fail_at(r, result, r->tok[vrm].start, report.message ? report.message : pm_result_string(result));
    if ((result = pm_look_at_parse_json(f->json + r->tok[vrm].start, r->tok[vrm].end - r->tok[vrm].start, &f->look_at,
                                        &inner)) != PM_OK)
        return pm__vrm_fail_inside(r, vrm, result, &inner, "lookAt");
    return pm__vrm_first_person(r, f, vrm) && pm__vrm_expressions(r, f, vrm) &&
           pm__vrm_springs(r, f, pm__vj_get(r, extensions, "VRMC_springBone"), vrm) &&
           pm__vrm_constraints(r, f);
}

PMVRMDEF pm_result pm_vrm_parse(const void *data, size_t size, const pm_vrm_options *options, pm_vrm_file *out,
                                pm_parse_error *error)
{
    pm__vrm_reader r;
    pm_vrm_file f;
    pm__vrm_reader_start(&r, options, error);
    if (!out || (!data && size > 0))
        return pm__vrm_fail_at(&r, PM_ERROR_INVALID_ARGUMENT, 0, "no data, or no output"), PM_ERROR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    memset(&f, 0, sizeof f);
    f.memory = r.memory;
    pm__vrm_read_avatar(&r, (const unsigned char *)data, size, &f);
    if (pm__vrm_reader_end(&r) != PM_OK) return r.result;
    f.blocks_ = r.blocks;
    f.block_count_ = r.block_count;
    *out = f;
    return PM_OK;
}

/* Whether vertex v of a skinned primitive hangs on the head: a weight above
   0 on a joint that is the head or below it, the weights as three.js
   normalizes them (all 0: all on the first joint) */
static int pm__vrm_on_head(const pm_vrm_file *avatar, const pm_vrm_skin *skin, const pm_vrm_primitive *p, uint32_t v)
{
    const float *w = p->bone_weights + 4 * (size_t)v;
    const uint16_t *j = p->bone_indices + 4 * (size_t)v;
    const int unweighted = w[0] == 0.0f && w[1] == 0.0f && w[2] == 0.0f && w[3] == 0.0f;
    int c;
    for (c = 0; c < 4; ++c)
        if ((w[c] > 0.0f || (unweighted && c == 0)) && j[c] < skin->joint_count && avatar->node_on_head[skin->joints[j[c]]])
            return 1;
    return 0;
}

PMVRMDEF pm_result pm_vrm_view_indices(const pm_vrm_file *avatar, pm_vrm_view view, int node, int primitive,
                                       uint32_t *indices, int *index_count)
{
    const pm_vrm_primitive *p;
    const pm_vrm_skin *skin = NULL;
    int type, count, k, c, on_head = 0;
    if (index_count) *index_count = 0;
    if (!avatar || !indices || !index_count || (unsigned)view > (unsigned)PM_VRM_VIEW_THIRD_PERSON || node < 0 ||
        node >= avatar->node_count || avatar->node_mesh[node] < 0 || primitive < 0 ||
        primitive >= avatar->meshes[avatar->node_mesh[node]].primitive_count)
        return PM_ERROR_INVALID_ARGUMENT;
    p = &avatar->meshes[avatar->node_mesh[node]].primitives[primitive];
    if (p->mode != 4) return PM_ERROR_INVALID_ARGUMENT;
    type = avatar->node_first_person ? (int)avatar->node_first_person[node] : (int)PM_VRM_FIRST_PERSON_BOTH;
    if (view == PM_VRM_VIEW_THIRD_PERSON) /* the third person's camera sees all but the first person's own */
        type = type == PM_VRM_FIRST_PERSON_FIRST_PERSON_ONLY ? PM_VRM_FIRST_PERSON_THIRD_PERSON_ONLY : PM_VRM_FIRST_PERSON_BOTH;
    count = p->indices ? p->index_count : p->vertex_count;
    if (avatar->node_skin[node] >= 0 && p->bone_indices && p->bone_weights) { /* what three.js makes a SkinnedMesh */
        skin = &avatar->skins[avatar->node_skin[node]];
        for (k = 0; k < skin->joint_count; ++k) on_head |= avatar->node_on_head[skin->joints[k]];
    } else {
        on_head = avatar->node_on_head[node];
    }
    if (type == PM_VRM_FIRST_PERSON_THIRD_PERSON_ONLY || (type == PM_VRM_FIRST_PERSON_AUTO && !skin && on_head))
        return PM_OK;
    if (type != PM_VRM_FIRST_PERSON_AUTO || !on_head) { /* the primitive whole */
        for (k = 0; k < count; ++k) indices[k] = p->indices ? p->indices[k] : (uint32_t)k;
        *index_count = count;
        return PM_OK;
    }
    for (k = 0; k + 3 <= count; k += 3) { /* three-vrm's headless copy: the triangles clear of the head */
        uint32_t corner[3];
        int kept = 1;
        for (c = 0; c < 3; ++c) {
            corner[c] = p->indices ? p->indices[k + c] : (uint32_t)(k + c);
            kept &= !pm__vrm_on_head(avatar, skin, p, corner[c]);
        }
        for (c = 0; kept && c < 3; ++c) indices[(*index_count)++] = corner[c];
    }
    return PM_OK;
}

PMVRMDEF void pm_vrm_free(pm_vrm_file *file)
{
    if (!file) return;
    pm__vrm_free_blocks(&file->memory, file->blocks_, file->block_count_);
    pm__vrm_free(&file->memory, file->blocks_);
    memset(file, 0, sizeof *file);
}

/* ---- VRM animations --------------------------------------------------------- */

/* The nodes the animation's extension names: each node's bone, or its
   expression (an index into the motion's), or the lookAt's; -1 for none */
typedef struct pm__vrma_targets {
    int *bone, *expression;
    int look_at;
} pm__vrma_targets;

/* VRMC_vrm_animation's expressions ("preset" and "custom": name -> {node}) into the motion's tracks */
static int pm__vrma_expressions(pm__vrm_reader *r, int extension, pm_vrma_motion *m, pm__vrma_targets *targets)
{
    const int expressions = pm__vj_get(r, extension, "expressions");
    int kind, count = 0;
    for (kind = 0; kind < 2; ++kind) {
        const int group = pm__vj_get(r, expressions, kind ? "custom" : "preset");
        if (group >= 0 && r->tok[group].type != PM__VJ_OBJECT) return pm__vrm_fail(r, group, "expressions' groups must be objects");
        count += group >= 0 ? r->tok[group].size : 0;
    }
    if (!(m->expressions = (pm_vrma_expression_track *)pm__vrm_keep(r, (size_t)count, sizeof(pm_vrma_expression_track))))
        return 0;
    for (kind = 0; kind < 2; ++kind) {
        const int group = pm__vj_get(r, expressions, kind ? "custom" : "preset");
        int k, i;
        for (k = group + 1, i = 0; group >= 0 && i < r->tok[group].size; ++i, k = r->tok[k + 1].next) {
            const size_t length = r->tok[k].end - r->tok[k].start;
            const int node = pm__vj_index(r, k + 1, "node", r->node_count, "an expression's node out of range");
            pm_vrma_expression_track *track = &m->expressions[m->expression_count];
            if (node == -2) return 0;
            if (node < 0) continue; /* three-vrm-animation skips an expression without a node */
            if (!(track->name = (char *)pm__vrm_keep(r, length + 1, 1))) return 0;
            memcpy(track->name, r->json + r->tok[k].start, length);
            targets->expression[node] = m->expression_count++; /* a node named twice: the last name, as three-vrm */
        }
    }
    return 1;
}

/* The times of the accessor whose index (in range) is token index_token,
   read once however many channels share them */
static const float *pm__vrma_times(pm__vrm_reader *r, float **times_of_accessor, int *count_of_accessor, int index_token)
{
    const int index = pm__vj_whole(r, index_token);
    float *times;
    if (times_of_accessor[index]) return times_of_accessor[index];
    if ((count_of_accessor[index] = pm__vrm_accessor(r, index_token, 1, INT_MAX / 4, &times)) < 0) return NULL;
    return times_of_accessor[index] = times;
}

/* One channel of the first animation into its track (or left out) */
static int pm__vrma_channel(pm__vrm_reader *r, int channel, const int *samplers, int sampler_count,
                            const pm__vrma_targets *targets,
                            const pm_humanoid *humanoid, float **times_of_accessor,
                            int *count_of_accessor, pm_vrma_motion *m)
{
    const int target = pm__vj_get(r, channel, "target");
    const int path = pm__vj_get(r, target, "path");
    const int node = pm__vj_index(r, target, "node", r->node_count, "a channel's node out of range");
    const int sampler_index = pm__vj_whole(r, pm__vj_get(r, channel, "sampler"));
    const int rotation = pm__vj_is(r, path, "rotation"), translation = pm__vj_is(r, path, "translation");
    int sampler, input, input_token, values_count, bone = -1, k;
    const char *interpolation_name;
    pm_track track, *into;
    float *values;
    if (node == -2) return 0;
    if (sampler_index < 0 || sampler_index >= sampler_count) return pm__vrm_fail(r, channel, "a channel's sampler out of range");
    sampler = samplers[sampler_index];
    input_token = pm__vj_get(r, sampler, "input");
    input = pm__vj_whole(r, input_token);
    if (input < 0 || input >= r->accessor_count)
        return pm__vrm_fail(r, input_token >= 0 ? input_token : sampler, "a sampler's input missing or out of range");
    memset(&track, 0, sizeof track);
    if (!(track.times = pm__vrma_times(r, times_of_accessor, count_of_accessor, input_token))) return 0;
    track.key_count = count_of_accessor[input];
    if (track.key_count > 0 && (double)track.times[track.key_count - 1] > m->duration)
        m->duration = (double)track.times[track.key_count - 1];
    if (node < 0) return 1; /* three-vrm-animation skips a channel without a node */
    if (targets->bone[node] >= 0) {
        bone = targets->bone[node];
        if (translation && bone != PM_BONE_HIPS) {
            pm__vrm_warn(r, "a translation track on a bone other than the hips (left out, as three-vrm-animation leaves it)");
            return 1;
        }
        into = rotation ? &m->rotation[bone] : &m->hips_position;
    } else if (targets->expression[node] >= 0) {
        into = &m->expressions[targets->expression[node]].weight;
    } else if (node == targets->look_at) {
        into = &m->look_at;
    } else {
        return 1; /* a node the extension does not name */
    }
    if (!(targets->bone[node] >= 0 ? rotation || translation : into == &m->look_at ? rotation : translation))
        return pm__vrm_fail(r, path, "a channel's path other than its VRM animation target allows");
    if (into->key_count > 0) { /* the channels are read last first: a later one for this target was read */
        pm__vrm_warn(r, "two channels for one target (the last played, as three-vrm-animation plays it)");
        return 1;
    }
    interpolation_name = "LINEAR";
    if (pm__vj_get(r, sampler, "interpolation") >= 0) {
        const int t = pm__vj_get(r, sampler, "interpolation");
        interpolation_name = pm__vj_is(r, t, "STEP") ? "STEP" : pm__vj_is(r, t, "LINEAR") ? "LINEAR" : NULL;
        if (!interpolation_name)
            return pm__vrm_fail(r, t, pm__vj_is(r, t, "CUBICSPLINE") ? "a CUBICSPLINE sampler (not played)" : "an unknown interpolation");
    }
    pm_interpolation_parse(interpolation_name, &track.interpolation);
    track.components = rotation ? 4 : 3;
    if ((values_count = pm__vrm_accessor(r, pm__vj_get(r, sampler, "output"), track.components,
                                         track.key_count, &values)) < 0)
        return 0;
    if (values_count != track.key_count) return pm__vrm_fail(r, sampler, "a sampler with unlike counts of times and values");
    track.values = values;
    if (track.key_count == 0) return pm__vrm_fail(r, sampler, "a sampler without keys");
    if (pm_track_validate(&track, &k) != PM_OK)
        return pm__vrm_fail(r, sampler, "key times not increasing, or values not finite, or a zero rotation");
    if (bone >= 0 && pm_pose_normalize_keys(humanoid, (pm_bone)bone, track.components, track.key_count, values, values) != PM_OK)
        return pm__vrm_fail(r, sampler, "a key that does not normalize");
    *into = track;
    return 1;
}

static int pm__vrma_read(pm__vrm_reader *r, const unsigned char *data, size_t size, pm_vrma_motion *m)
{
    int *parent, *child_start, *children, *channel_tokens, *sampler_tokens, extension, bones, animation, channels, samplers;
    int channel_count, sampler_count, i, k;
    int bone_node[PM_BONE_COUNT];
    pm_transform *rest;
    pm__vrma_targets targets;
    pm_humanoid *humanoid;
    float **times_of_accessor;
    int *count_of_accessor;
    pm_humanoid_report report;
    pm_result result;
    if (!pm__vrm_open(r, data, size)) return 0;
    extension = pm__vj_get(r, pm__vj_get(r, 0, "extensions"), "VRMC_vrm_animation");
    if (extension < 0 || r->tok[extension].type != PM__VJ_OBJECT)
        return pm__vrm_fail(r, 0, "no VRMC_vrm_animation extension: not a VRM animation");
    if (pm__vj_get(r, extension, "specVersion") >= 0 && !pm__vj_is(r, pm__vj_get(r, extension, "specVersion"), "1.0") &&
        !pm__vj_is(r, pm__vj_get(r, extension, "specVersion"), "1.0-draft"))
        return pm__vrm_fail(r, pm__vj_get(r, extension, "specVersion"), "a VRMC_vrm_animation version other than 1.0");
    if (!pm__vrm_nodes(r, &parent, &rest, &child_start, &children)) return 0;
    if (!(targets.bone = (int *)pm__vrm_keep(r, (size_t)r->node_count, sizeof(int))) ||
        !(targets.expression = (int *)pm__vrm_keep(r, (size_t)r->node_count, sizeof(int))) ||
        !(humanoid = (pm_humanoid *)pm__vrm_keep(r, 1, sizeof(pm_humanoid))) ||
        !(times_of_accessor = (float **)pm__vrm_keep(r, (size_t)r->accessor_count, sizeof(float *))) ||
        !(count_of_accessor = (int *)pm__vrm_keep(r, (size_t)r->accessor_count, sizeof(int))))
        return 0;
    for (i = 0; i < r->node_count; ++i) targets.bone[i] = targets.expression[i] = -1;
    for (i = 0; i < PM_BONE_COUNT; ++i) bone_node[i] = -1;

    /* the humanoid: humanBones by VRM 1.0's names; an unknown name left out (three-vrm-animation finds no bone for it) */
    bones = pm__vj_get(r, pm__vj_get(r, extension, "humanoid"), "humanBones");
    if (bones >= 0 && r->tok[bones].type != PM__VJ_OBJECT) return pm__vrm_fail(r, bones, "\"humanBones\" must be an object");
    for (k = bones + 1, i = 0; bones >= 0 && i < r->tok[bones].size; ++i, k = r->tok[k + 1].next) {
        const int node = pm__vj_index(r, k + 1, "node", r->node_count, "a bone's node out of range");
        char name[32];
        const size_t length = r->tok[k].end - r->tok[k].start;
        pm_bone bone;
        if (node == -2) return 0;
        memset(name, 0, sizeof name);
        if (length < sizeof name) memcpy(name, r->json + r->tok[k].start, length);
        if (node < 0 || r->tok[k].escaped || pm_bone_parse(name, &bone) != PM_OK) {
            pm__vrm_warn(r, "an unknown humanoid bone, or one without a node (left out)");
            continue;
        }
        bone_node[bone] = node;
    }
    if (bones >= 0) {
        if ((result = pm_humanoid_init(humanoid, bone_node, parent, r->node_count, rest, &report)) != PM_OK)
            return pm__vrm_fail_at(r, result, r->tok[bones].start, report.message ? report.message : pm_result_string(result));
        for (i = 0; i < PM_BONE_COUNT; ++i)
            if (bone_node[i] >= 0) targets.bone[bone_node[i]] = i;
        glm_vec3_copy(humanoid->rest_hips, m->rest_hips);
    }
    if (!pm__vrma_expressions(r, extension, m, &targets)) return 0;
    targets.look_at = pm__vj_index(r, pm__vj_get(r, extension, "lookAt"), "node", r->node_count, "the lookAt node out of range");
    if (targets.look_at == -2) return 0;

    animation = pm__vj_first(r, pm__vj_get(r, 0, "animations"));
    if (animation < 0) return pm__vrm_fail(r, 0, "no animation");
    channels = pm__vj_get(r, animation, "channels");
    samplers = pm__vj_get(r, animation, "samplers");
    if (channels < 0 || !pm__vj_elements(r, channels, &channel_tokens, &channel_count, "\"channels\" must be an array") ||
        !pm__vj_elements(r, samplers, &sampler_tokens, &sampler_count, "\"samplers\" must be an array"))
        return channels < 0 ? pm__vrm_fail(r, animation, "an animation without channels") : 0;
    for (i = channel_count - 1; i >= 0; --i) /* the last first: where two channels move one target, it plays */
        if (!pm__vrma_channel(r, channel_tokens[i], sampler_tokens, sampler_count, &targets, humanoid,
                              times_of_accessor, count_of_accessor, m))
            return 0;
    return 1;
}

PMVRMDEF pm_result pm_vrma_parse(const void *data, size_t size, const pm_vrm_options *options, pm_vrma_motion *out,
                                 pm_parse_error *error)
{
    pm__vrm_reader r;
    pm_vrma_motion m;
    pm__vrm_reader_start(&r, options, error);
    if (!out || (!data && size > 0))
        return pm__vrm_fail_at(&r, PM_ERROR_INVALID_ARGUMENT, 0, "no data, or no output"), PM_ERROR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    memset(&m, 0, sizeof m);
    m.memory = r.memory;
    pm__vrma_read(&r, (const unsigned char *)data, size, &m);
    if (pm__vrm_reader_end(&r) != PM_OK) return r.result;
    m.blocks_ = r.blocks;
    m.block_count_ = r.block_count;
    *out = m;
    return PM_OK;
}

PMVRMDEF void pm_vrma_free(pm_vrma_motion *motion)
{
    if (!motion) return;
    pm__vrm_free_blocks(&motion->memory, motion->blocks_, motion->block_count_);
    pm__vrm_free(&motion->memory, motion->blocks_);
    memset(motion, 0, sizeof *motion);
}

#if !defined(POSEMATH_VRM_NO_STDIO)
/* Reads on to `want` bytes of the file in all (fewer where it ends) into
   *data, grown in doubling blocks; 0 when memory or the read fails */
static int pm__vrm_read_to(FILE *f, const pm_memory *memory, unsigned char **data, size_t *used, size_t *capacity,
                           size_t want)
{
    size_t got = 1;
    while (*used < want && got > 0) {
        if (*used == *capacity) {
            const size_t grown = *capacity ? 2 * *capacity : 65536;
            unsigned char *p = *capacity > (size_t)-1 / 4 ? NULL : (unsigned char *)pm__vrm_alloc(memory, grown, 1);
            if (!p) return 0;
            if (*used) memcpy(p, *data, *used);
            pm__vrm_free(memory, *data);
            *data = p;
            *capacity = grown;
        }
        *used += got = fread(*data + *used, 1, (want < *capacity ? want : *capacity) - *used, f);
    }
    return !ferror(f);
}

/* A binary glTF file's bytes through the allocator, or NULL: its header and
   the two chunks the readers read, each to the length its header gives
   (glTF 2.0's "Binary glTF Layout"), and nothing after them. So a stream
   that does not end (a device, a pipe) is read no further than its chunk
   lengths allow, and one that is not binary glTF no further than 20 bytes. */
static unsigned char *pm__vrm_read_file(const char *path, const pm_memory *memory, size_t *size)
{
    FILE *f = path ? fopen(path, "rb") : NULL;
    unsigned char *data = NULL;
    size_t used = 0, capacity = 0, json_length;
    int ok;
    if (!f) return NULL;
    ok = pm__vrm_read_to(f, memory, &data, &used, &capacity, 20); /* the header and the JSON chunk's header */
    json_length = ok && used == 20 && memcmp(data, "glTF", 4) == 0 ? pm__vrm_u32(data + 12) : (size_t)-1;
    if (json_length <= (size_t)-1 - 32) {
        const size_t bin_at = 20 + ((json_length + 3) & ~(size_t)3); /* chunks are 4-byte aligned */
        ok = pm__vrm_read_to(f, memory, &data, &used, &capacity, bin_at + 8);
        if (ok && used == bin_at + 8 && pm__vrm_u32(data + bin_at + 4) == 0x004e4942u && /* "BIN" */
            pm__vrm_u32(data + bin_at) <= (size_t)-1 - used)
            ok = pm__vrm_read_to(f, memory, &data, &used, &capacity, used + pm__vrm_u32(data + bin_at));
    }
    if (!ok) {
        pm__vrm_free(memory, data);
        data = NULL;
    }
    fclose(f);
    *size = used;
    return data;
}

/* A file parsed by a reader: the bytes read, handed over, freed. A file
   that cannot be read goes through the reader as no data (which empties
   its output), its error then the file's. */
static pm_result pm__vrm_parse_file(const char *path, const pm_vrm_options *options, void *out, pm_parse_error *error,
                                    pm_result (*parse)(const void *, size_t, const pm_vrm_options *, void *,
                                                       pm_parse_error *))
{
    const pm_memory memory = pm__vrm_memory_of(options);
    size_t size = 0;
    unsigned char *data = pm__vrm_read_file(path, &memory, &size);
    pm_result result = parse(data, size, options, out, error);
    if (!data) {
        if (error) error->offset = 0, error->message = "the file cannot be read", error->warning = NULL;
        return PM_ERROR_FILE;
    }
    pm__vrm_free(&memory, data);
    return result;
}

static pm_result pm__vrm_parse_any(const void *data, size_t size, const pm_vrm_options *options, void *out,
                                   pm_parse_error *error)
{
    return pm_vrm_parse(data, size, options, (pm_vrm_file *)out, error);
}

static pm_result pm__vrma_parse_any(const void *data, size_t size, const pm_vrm_options *options, void *out,
                                    pm_parse_error *error)
{
    return pm_vrma_parse(data, size, options, (pm_vrma_motion *)out, error);
}

PMVRMDEF pm_result pm_vrm_parse_file(const char *path, const pm_vrm_options *options, pm_vrm_file *out,
                                     pm_parse_error *error)
{
    return pm__vrm_parse_file(path, options, out, error, pm__vrm_parse_any);
}

PMVRMDEF pm_result pm_vrma_parse_file(const char *path, const pm_vrm_options *options, pm_vrma_motion *out,
                                      pm_parse_error *error)
{
    return pm__vrm_parse_file(path, options, out, error, pm__vrma_parse_any);
}
#endif

/* ---- Avatar instances ------------------------------------------------------- */

/* The skinning matrices from the world matrices */
static pm_result pm__vrm_model_skins(pm_vrm_model *m)
{
    const pm_vrm_file *f = m->file;
    pm_result result;
    int s;
    for (s = 0; s < f->skin_count; ++s)
        if ((result = pm_skin_compute_bone_matrices(m->world, f->node_count, f->skins[s].joints, f->skins[s].joint_count,
                                                    f->skins[s].inverse_bind, m->skin_matrices + 16 * (size_t)m->skin_start[s])) != PM_OK)
            return result;
    return PM_OK;
}

/* The normalized pose, the eyes and the expression weights from the motion at the model's time */
static void pm__vrm_model_sample(pm_vrm_model *m)
{
    const pm_vrma_motion *motion = m->motion_;
    const pm_vrm_file *f = m->file;
    const double time = m->time_ < motion->duration ? m->time_ : motion->duration;
    int *cursor = m->cursors_, b, e;
    for (b = 0; b < PM_BONE_COUNT; ++b)
        if (motion->rotation[b].key_count == 0 ||
            pm_track_sample(&motion->rotation[b], time, &cursor[b], m->normalized.rotation[b]) != PM_OK)
            glm_quat_identity(m->normalized.rotation[b]);
    if (motion->hips_position.key_count == 0 ||
        pm_track_sample(&motion->hips_position, time, &cursor[PM_BONE_COUNT], m->normalized.hips_position) != PM_OK)
        glm_vec3_zero(m->normalized.hips_position);
    if (f->version == 0) pm_pose_turn_y180(&m->normalized, &m->normalized);
    if (motion->hips_position.key_count > 0) /* the animation's hips, at the avatar's height */
        glm_vec3_scale(m->normalized.hips_position, f->humanoid.rest_hips[1] / motion->rest_hips[1], m->normalized.hips_position);
    else
        memcpy(m->normalized.hips_position, f->humanoid.rest_hips, sizeof(vec3));
    for (e = 0; e < motion->expression_count; ++e) {
        float weight[3];
        if (m->expression_of_track_[e] < 0 || motion->expressions[e].weight.key_count == 0 ||
            pm_track_sample(&motion->expressions[e].weight, time, &cursor[PM_BONE_COUNT + 2 + e], weight) != PM_OK)
            continue;
        m->expression_weights[m->expression_of_track_[e]] = weight[0] < 0.0f ? 0.0f : weight[0] > 1.0f ? 1.0f : weight[0];
    }
    if (motion->look_at.key_count > 0) { /* the rotation as intrinsic Y-X-Z angles, the roll dropped */
        versor q;
        if (pm_track_sample(&motion->look_at, time, &cursor[PM_BONE_COUNT + 1], q) == PM_OK) {
            const double x = (double)q[0], y = (double)q[1], z = (double)q[2], w = (double)q[3], s = 2.0 * (x * w - y * z);
            m->look_yaw = (float)(atan2(2.0 * (x * z + y * w), 1.0 - 2.0 * (x * x + y * y)) * (180.0 / GLM_PI));
            m->look_pitch = (float)(asin(s < -1.0 ? -1.0 : s > 1.0 ? 1.0 : s) * (180.0 / GLM_PI));
        }
    }
}

/* The humanoid's pose onto the nodes */
static pm_result pm__vrm_model_pose(pm_vrm_model *m)
{
    pm_raw_pose raw;
    pm_result result;
    if ((result = pm_pose_denormalize(&m->file->humanoid, &m->normalized, &raw)) != PM_OK) return result;
    return pm_pose_write(&m->file->humanoid, &raw, m->pose);
}

/* The morph target weights: per node (VRM 1.0's binds name nodes), or per mesh spread to its nodes (0.x) */
static pm_result pm__vrm_model_morphs(pm_vrm_model *m)
{
    const pm_vrm_file *f = m->file;
    pm_result result;
    int n, bad;
    if (f->version == 1)
        return pm_expressions_morph_weights(f->expressions, f->expression_count, m->expression_applied, m->morph_start,
                                            f->node_count, m->morph_weights, &bad);
    if ((result = pm_expressions_morph_weights(f->expressions, f->expression_count, m->expression_applied, m->slot_start_,
                                               f->mesh_count, m->slot_weights_, &bad)) != PM_OK)
        return result;
    for (n = 0; n < f->node_count; ++n)
        if (f->node_mesh[n] >= 0)
            memcpy(m->morph_weights + m->morph_start[n], m->slot_weights_ + m->slot_start_[f->node_mesh[n]],
                   sizeof(float) * (size_t)f->meshes[f->node_mesh[n]].target_count);
    return PM_OK;
}

static void pm__vrm_model_release(pm_vrm_model *m)
{
    const pm_memory memory = m->memory_;
    pm__vrm_free(&memory, m->pose);
    pm__vrm_free(&memory, m->world);
    pm__vrm_free(&memory, m->expression_weights);
    pm__vrm_free(&memory, m->expression_applied);
    pm__vrm_free(&memory, m->morph_weights);
    pm__vrm_free(&memory, m->morph_start);
    pm__vrm_free(&memory, m->skin_matrices);
    pm__vrm_free(&memory, m->skin_start);
    pm__vrm_free(&memory, m->springs.joints);
    pm__vrm_free(&memory, m->springs.work);
    pm__vrm_free(&memory, m->springs.lanes);
    pm__vrm_free(&memory, m->cursors_);
    pm__vrm_free(&memory, m->expression_of_track_);
    pm__vrm_free(&memory, m->slot_weights_);
    pm__vrm_free(&memory, m->slot_start_);
    pm__vrm_free(&memory, m->skin_jobs);
    pm__vrm_free(&memory, m->skin_job_start);
    pm__vrm_free(&memory, m->prepared_);
    pm__vrm_free(&memory, m->zero_joints_);
    pm__vrm_free(&memory, m);
}

/* The skinning jobs: one per primitive of each node with a mesh, checked
   (pm_skin_job_validate: a joint past its skin's, a weight not finite) */
static pm_result pm__vrm_model_jobs(pm_vrm_model *m, pm_vrm_report *report)
{
    const pm_vrm_file *f = m->file;
    size_t bones = 0, most_vertices = 1;
    int n, k, jobs = 0;
    pm_skin_bone *prepared;
    float *scratch;
    if (!(m->skin_job_start = (int *)pm__vrm_alloc(&m->memory_, (size_t)f->node_count + 1, sizeof(int))))
        return PM_ERROR_OUT_OF_MEMORY;
    for (n = 0; n < f->node_count; ++n) { /* how many jobs, bones and vertices */
        const pm_vrm_mesh *mesh = f->node_mesh[n] >= 0 ? &f->meshes[f->node_mesh[n]] : NULL;
        m->skin_job_start[n] = jobs;
        for (k = 0; mesh && k < mesh->primitive_count; ++k) {
            const int skinned = f->node_skin[n] >= 0 && mesh->primitives[k].bone_indices;
            bones += skinned ? (size_t)f->skins[f->node_skin[n]].joint_count : 1;
            if ((size_t)mesh->primitives[k].vertex_count > most_vertices) most_vertices = (size_t)mesh->primitives[k].vertex_count;
        }
        jobs += mesh ? mesh->primitive_count : 0;
    }
    m->skin_job_start[f->node_count] = jobs;
    if (!(m->skin_jobs = (pm_skin_job *)pm__vrm_alloc(&m->memory_, (size_t)jobs, sizeof(pm_skin_job))) ||
        !(m->prepared_ = (pm_skin_bone *)pm__vrm_alloc(&m->memory_, bones, sizeof(pm_skin_bone))) ||
        !(m->zero_joints_ = (uint16_t *)pm__vrm_alloc(&m->memory_, most_vertices, sizeof(uint16_t))) ||
        !(scratch = (float *)pm__vrm_alloc(&m->memory_, 4 * most_vertices, sizeof(float))))
        return PM_ERROR_OUT_OF_MEMORY;
    prepared = m->prepared_;
    for (n = 0; n < f->node_count; ++n) {
        const pm_vrm_mesh *mesh = f->node_mesh[n] >= 0 ? &f->meshes[f->node_mesh[n]] : NULL;
        for (k = 0; mesh && k < mesh->primitive_count; ++k) {
            const pm_vrm_primitive *p = &mesh->primitives[k];
            pm_skin_job *job = &m->skin_jobs[m->skin_job_start[n] + k];
            const int skinned = f->node_skin[n] >= 0 && p->bone_indices;
            pm_result result;
            int bad;
            memset(job, 0, sizeof *job);
            job->vertex_count = p->vertices == k ? p->vertex_count : 0;
            job->positions = p->positions, job->normals = p->normals, job->tangents = p->tangents;
            if (skinned) { /* glTF's skin: its joints' world matrices times their inverse binds */
                job->bone_indices = p->bone_indices, job->bone_weights = p->bone_weights, job->influences = 4;
                job->bone_matrices = m->skin_matrices + 16 * (size_t)m->skin_start[f->node_skin[n]];
                job->bone_count = f->skins[f->node_skin[n]].joint_count;
            } else { /* glTF places a mesh without a skin by its node: one joint, weight 1 */
                job->bone_indices = m->zero_joints_, job->influences = 1;
                job->bone_matrices = m->world + 16 * (size_t)n;
                job->bone_count = 1;
            }
            if (p->morph_start) {
                job->morph_start = p->morph_start, job->morphs = p->morphs, job->morph_masks = p->morph_masks;
                job->morph_normals = p->morph_normals, job->morph_tangents = p->morph_tangents;
                job->morph_weights = m->morph_weights + m->morph_start[n];
                job->morph_count = p->target_count < mesh->target_count ? p->target_count : mesh->target_count;
            }
            job->prepared = prepared;
            prepared += job->bone_count;
            job->out_positions = scratch; /* for the check: the host sets its own */
            result = pm_skin_job_validate(job, &bad);
            job->out_positions = NULL;
            if (result != PM_OK) {
                if (report) report->message = "a vertex whose joints or weights its skin cannot take (pm_skin_job_validate)";
                pm__vrm_free(&m->memory_, scratch);
                return result;
            }
        }
    }
    pm__vrm_free(&m->memory_, scratch);
    return PM_OK;
}

PMVRMDEF pm_result pm_vrm_model_create(const pm_vrm_file *file, const pm_vrm_options *options, pm_vrm_model **out,
                                       pm_vrm_report *report)
{
    const pm_memory memory = pm__vrm_memory_of(options);
    pm_vrm_model *m;
    pm_spring_report spring_report;
    pm_result result;
    int n, s, targets = 0, slots = 0, joints = 0, b;
    if (report) report->message = report->warning = NULL, report->spring = report->joint = -1;
    if (out) *out = NULL;
    if (!file || !out || file->node_count < 1 || !file->parent) {
        if (report) report->message = "no file, or no output";
        return PM_ERROR_INVALID_ARGUMENT;
    }
    if (!(m = (pm_vrm_model *)pm__vrm_alloc(&memory, 1, sizeof *m))) return PM_ERROR_OUT_OF_MEMORY;
    m->file = file;
    m->memory_ = memory;
    for (n = 0; n < file->node_count; ++n) targets += file->node_mesh[n] >= 0 ? file->meshes[file->node_mesh[n]].target_count : 0;
    for (n = 0; n < file->mesh_count; ++n) slots += file->meshes[n].target_count;
    for (s = 0; s < file->springs.spring_count; ++s) joints += file->springs.springs[s].joint_count;
    m->springs = file->springs;
    m->springs.joint_capacity = joints;
    if (!(m->pose = (pm_transform *)pm__vrm_alloc(&memory, (size_t)file->node_count, sizeof(pm_transform))) ||
        !(m->world = (float *)pm__vrm_alloc(&memory, 16 * (size_t)file->node_count, sizeof(float))) ||
        !(m->expression_weights = (float *)pm__vrm_alloc(&memory, (size_t)file->expression_count, sizeof(float))) ||
        !(m->expression_applied = (float *)pm__vrm_alloc(&memory, (size_t)file->expression_count, sizeof(float))) ||
        !(m->morph_weights = (float *)pm__vrm_alloc(&memory, (size_t)targets, sizeof(float))) ||
        !(m->morph_start = (int *)pm__vrm_alloc(&memory, (size_t)file->node_count + 1, sizeof(int))) ||
        !(m->skin_start = (int *)pm__vrm_alloc(&memory, (size_t)file->skin_count + 1, sizeof(int))) ||
        !(m->slot_weights_ = (float *)pm__vrm_alloc(&memory, (size_t)slots, sizeof(float))) ||
        !(m->slot_start_ = (int *)pm__vrm_alloc(&memory, (size_t)file->mesh_count + 1, sizeof(int))) ||
        !(m->springs.joints = (pm_spring_joint_state *)pm__vrm_alloc(&memory, (size_t)joints, sizeof(pm_spring_joint_state))) ||
        !(m->springs.work = (int *)pm__vrm_alloc(&memory, PM_SPRING_WORK_INTS(file->node_count, joints), sizeof(int))) ||
        !(m->springs.lanes = (float *)pm__vrm_alloc(&memory, PM_SPRING_LANE_FLOATS(joints, file->springs.collider_count),
                                                     sizeof(float)))) {
        pm__vrm_model_release(m);
        return PM_ERROR_OUT_OF_MEMORY;
    }
    for (n = 0; n < file->node_count; ++n)
        m->morph_start[n + 1] = m->morph_start[n] + (file->node_mesh[n] >= 0 ? file->meshes[file->node_mesh[n]].target_count : 0);
    for (n = 0; n < file->mesh_count; ++n) m->slot_start_[n + 1] = m->slot_start_[n] + file->meshes[n].target_count;
    for (s = 0; s < file->skin_count; ++s) m->skin_start[s + 1] = m->skin_start[s] + file->skins[s].joint_count;
    if (!(m->skin_matrices = (float *)pm__vrm_alloc(&memory, 16 * (size_t)m->skin_start[file->skin_count], sizeof(float)))) {
        pm__vrm_model_release(m);
        return PM_ERROR_OUT_OF_MEMORY;
    }
    memcpy(m->pose, file->rest, sizeof(pm_transform) * (size_t)file->node_count);
    for (b = 0; b < PM_BONE_COUNT; ++b) glm_quat_identity(m->normalized.rotation[b]);
    memcpy(m->normalized.hips_position, file->humanoid.rest_hips, sizeof(vec3));
    m->springs_on_ = 1;
    if ((result = pm_spring_set_init(&m->springs, file->rest, &spring_report)) != PM_OK) {
        /* the avatar plays without its spring bones, as an MMD model plays without bodies physics refuses */
        m->springs_on_ = 0;
        if (report) report->warning = spring_report.message, report->spring = spring_report.spring, report->joint = spring_report.joint;
    }
    if ((result = pm_scene_world_matrices(file->parent, file->node_count, m->pose, m->world)) != PM_OK ||
        (m->springs_on_ && (result = pm_spring_set_reset(&m->springs, m->pose, m->world)) != PM_OK) ||
        (result = pm__vrm_model_skins(m)) != PM_OK) {
        if (report) report->message = "the rest pose does not make world matrices (a scale overflows)";
        pm__vrm_model_release(m);
        return result;
    }
    if ((result = pm__vrm_model_jobs(m, report)) != PM_OK) {
        pm__vrm_model_release(m);
        return result;
    }
    *out = m;
    return PM_OK;
}

PMVRMDEF void pm_vrm_model_destroy(pm_vrm_model *model)
{
    if (model) pm__vrm_model_release(model);
}

PMVRMDEF pm_result pm_vrm_model_play(pm_vrm_model *m, const pm_vrma_motion *motion)
{
    int *cursors = NULL, *expression_of_track = NULL, e, i;
    if (!m) return PM_ERROR_INVALID_ARGUMENT;
    if (motion) {
        if (!(cursors = (int *)pm__vrm_alloc(&m->memory_, (size_t)PM_BONE_COUNT + 2 + (size_t)motion->expression_count,
                                             sizeof(int))) ||
            !(expression_of_track = (int *)pm__vrm_alloc(&m->memory_, (size_t)motion->expression_count, sizeof(int)))) {
            pm__vrm_free(&m->memory_, cursors);
            return PM_ERROR_OUT_OF_MEMORY;
        }
        for (e = 0; e < motion->expression_count; ++e) { /* the avatar's expression of that name, or none */
            const size_t length = strlen(motion->expressions[e].name);
            expression_of_track[e] = -1;
            for (i = 0; i < m->file->expression_count; ++i)
                if (m->file->expressions[i].name_length == length &&
                    memcmp(m->file->expressions[i].name, motion->expressions[e].name, length) == 0)
                    expression_of_track[e] = i;
        }
    }
    pm__vrm_free(&m->memory_, m->cursors_);
    pm__vrm_free(&m->memory_, m->expression_of_track_);
    m->cursors_ = cursors;
    m->expression_of_track_ = expression_of_track;
    m->motion_ = motion;
    m->time_ = 0.0;
    return PM_OK;
}

PMVRMDEF pm_result pm_vrm_model_seek(pm_vrm_model *m, double time)
{
    if (!m || !pm__vrm_finite(time) || time < 0.0 || time > 1e12) return PM_ERROR_INVALID_ARGUMENT;
    m->time_ = time;
    return PM_OK;
}

PMVRMDEF pm_result pm_vrm_model_look_at(pm_vrm_model *m, const float target[3])
{
    if (!m || (target && !(pm__vrm_finite_f(target[0]) && pm__vrm_finite_f(target[1]) && pm__vrm_finite_f(target[2]))))
        return PM_ERROR_INVALID_ARGUMENT;
    m->has_target_ = target != NULL;
    if (target) memcpy(m->target_, target, sizeof m->target_);
    return PM_OK;
}

PMVRMDEF pm_result pm_vrm_model_update(pm_vrm_model *m, double seconds)
{
    const pm_vrm_file *f;
    pm_result result;
    int e, posed; /* whether m->pose holds this frame's humanoid pose */
    if (!m || !pm__vrm_finite(seconds) || seconds < 0.0 || seconds > 1e6 || !pm__vrm_finite_f(m->look_yaw) ||
        !pm__vrm_finite_f(m->look_pitch))
        return PM_ERROR_INVALID_ARGUMENT;
    f = m->file;
    for (e = 0; e < f->expression_count; ++e)
        if (!pm__vrm_finite_f(m->expression_weights[e])) return PM_ERROR_INVALID_ARGUMENT;
    if (m->motion_) pm__vrm_model_sample(m);
    /* 1. the humanoid; 2. lookAt (toward a target: from the head this pose puts there) */
    if (m->has_target_ && ((result = pm__vrm_model_pose(m)) != PM_OK ||
                           (result = pm_scene_world_matrices(f->parent, f->node_count, m->pose, m->world)) != PM_OK ||
                           (result = pm_look_at_yaw_pitch(&f->look_at, &f->humanoid, m->world, m->target_, &m->look_yaw,
                                                          &m->look_pitch)) != PM_OK))
        return result;
    posed = m->has_target_;
    if (f->look_at.type == PM_LOOK_AT_BONE) { /* the eyes change the humanoid pose */
        if ((result = pm_look_at_eyes(&f->look_at, m->look_yaw, m->look_pitch, &m->normalized)) != PM_OK) return result;
        posed = 0;
    } else if (f->look_at.type == PM_LOOK_AT_EXPRESSION) { /* its weights replace what was set, as its applier's do */
        float look[PM_LOOK_WEIGHT_COUNT];
        if ((result = pm_look_at_weights(&f->look_at, m->look_yaw, m->look_pitch, look)) != PM_OK) return result;
        for (e = 0; e < f->expression_count; ++e) {
            const pm_expression_preset p = f->expressions[e].preset;
            if (p == PM_EXPRESSION_LOOK_UP) m->expression_weights[e] = look[PM_LOOK_UP];
            else if (p == PM_EXPRESSION_LOOK_DOWN) m->expression_weights[e] = look[PM_LOOK_DOWN];
            else if (p == PM_EXPRESSION_LOOK_LEFT) m->expression_weights[e] = look[PM_LOOK_LEFT];
            else if (p == PM_EXPRESSION_LOOK_RIGHT) m->expression_weights[e] = look[PM_LOOK_RIGHT];
        }
    }
    /* 3. the expressions; 4. the node constraints; 5. the spring bones; then the skins */
    if ((!posed && (result = pm__vrm_model_pose(m)) != PM_OK) ||
        (result = pm_expressions_resolve(f->expressions, f->expression_count, m->expression_weights,
                                         m->expression_applied)) != PM_OK ||
        (result = pm__vrm_model_morphs(m)) != PM_OK ||
        (result = pm_constraint_set_apply(&f->constraints, m->pose)) != PM_OK ||
        (result = pm_scene_world_matrices(f->parent, f->node_count, m->pose, m->world)) != PM_OK ||
        (m->springs_on_ && (result = pm_spring_set_step(&m->springs, m->pose, m->world, (float)seconds)) != PM_OK) ||
        (result = pm__vrm_model_skins(m)) != PM_OK)
        return result;
    m->time_ += seconds;
    return PM_OK;
}

#endif /* POSEMATH_VRM_IMPLEMENTATION */
