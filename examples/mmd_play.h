/* mmd_play.h: a PMX model posed by a VMD motion with posemath, for the
   examples: the motion's tracks found by the model's bone and morph names,
   each frame sampled (pm_vmd_bone_sample, pm_vmd_morph_sample,
   pm_vmd_switch_sample), the morphs weighed (pm_mmd_morph_weights: each
   vertex and UV morph's weight in player.morph_applied; pm_mmd_morph_bones)
   and the bones evaluated (pm_mmd_evaluate; a host with a rigid-body
   engine runs the two passes around its step, reads each bone's physics
   switch in player.physics_on and sets player.physics_flags, so that IK
   chains the physics drives are skipped as babylon-mmd skips them).

     mmd_player player;
     if (mmd_player_init(&player, &model, &motion, error, sizeof error) != 0) puts(error);
     mmd_player_pose(&player, 12.5);   // player.pose[b].world_position, world_rotation
     mmd_player_free(&player);

   Tracks of bones and morphs the model lacks are ignored, as MMD ignores
   them; a bone without a track keeps its rest pose, a morph its weight 0.
   Tracks are found by sorted names (O((bones + tracks) log tracks),
   whatever the files hold). The player keeps one cursor per track, so
   playing frames in order costs O(1) per key lookup. Example code: it
   allocates; include it in one file (it includes pmx.h and vmd.h). */
#ifndef EXAMPLES_MMD_PLAY_H
#define EXAMPLES_MMD_PLAY_H

#include "pmx.h"
#include "vmd.h"

typedef struct mmd_player {
    const vmd *motion;
    int bone_count;
    pm_mmd_bone *bones;
    pm_mmd_skeleton skeleton;
    int *bone_track, *ik_track, *bone_cursor, *ik_cursor; /* per bone: the track (-1 for none) and its cursor */
    float *translation, *rotation; /* per bone: the sampled local pose */
    pm_mmd_morph_set morphs;       /* the model's */
    int *morph_track, *morph_cursor; /* per morph: the track of its name (-1 for none) and its cursor */
    float *morph_weights;          /* per morph: the motion's weight */
    float *morph_applied;          /* per morph: with the groups' (pm_mmd_morph_weights) */
    float *bone_morphs;            /* per bone: pm_mmd_morph_bones' 7 floats */
    unsigned char *ik_enabled;
    unsigned char *physics_on; /* per bone: the motion's physics switch for its rigid bodies (1 without keys) */
    int *physics_cursor;
    const unsigned char *physics_flags; /* NULL, or pm_mmd_physics_bone_flags' while the host runs physics */
    int physics_off; /* with physics_flags: a bone the physics drives has its switch off at the last frame */
    pm_mmd_bone_pose *pose;
} mmd_player;

/* A PMX model's bones as pm_mmd_skeleton takes them (bones: bone_count
   entries; the IK links are m->links as they are). */
static void mmd_bones_of(const pmx *m, pm_mmd_bone *bones)
{
    int b;
    for (b = 0; b < m->bone_count; ++b) {
        const pmx_bone *from = &m->bones[b];
        pm_mmd_bone *to = &bones[b];
        memset(to, 0, sizeof *to);
        memcpy(to->position, from->position, sizeof to->position);
        to->parent = from->parent;
        to->layer = from->layer;
        to->flags = from->flags;
        to->grant_source = from->grant_parent;
        to->grant_ratio = from->grant_ratio;
        memcpy(to->fixed_axis, from->fixed_axis, sizeof to->fixed_axis);
        to->ik_target = from->ik_target;
        to->ik_loop_count = from->ik_loop_count;
        to->ik_unit_angle = from->ik_limit_angle;
        to->ik_first_link = from->first_link;
        to->ik_link_count = from->link_count;
    }
}

/* A track's name and place, for finding tracks by name */
typedef struct mmd_named {
    const char *name;
    int index;
} mmd_named;

static int mmd_named_order(const void *a, const void *b)
{
    return strcmp(((const mmd_named *)a)->name, ((const mmd_named *)b)->name);
}

/* For each of the model's `keys` bones or morphs (named by key_of), its
   track among count tracks named by name_of (-1 for none) */
static int mmd_find_tracks(const pmx *model, int keys, const char *(*key_of)(const pmx *, int), int count,
                           const char *(*name_of)(const vmd *, int), const vmd *motion, int *track)
{
    mmd_named *sorted = (mmd_named *)malloc(sizeof *sorted * (size_t)(count > 0 ? count : 1));
    int b, t;
    if (!sorted) return -1;
    for (t = 0; t < count; ++t) {
        sorted[t].name = name_of(motion, t);
        sorted[t].index = t;
    }
    qsort(sorted, (size_t)count, sizeof *sorted, mmd_named_order);
    for (b = 0; b < keys; ++b) {
        const mmd_named key = {key_of(model, b), 0};
        const mmd_named *found = count > 0 ? (const mmd_named *)bsearch(&key, sorted, (size_t)count, sizeof *sorted,
                                                                        mmd_named_order)
                                           : NULL;
        track[b] = found ? found->index : -1;
    }
    free(sorted);
    return 0;
}

static const char *mmd_bone_track_name(const vmd *motion, int t) { return motion->bones[t].name; }
static const char *mmd_ik_track_name(const vmd *motion, int t) { return motion->iks[t].name; }
static const char *mmd_morph_track_name(const vmd *motion, int t) { return motion->morphs[t].name; }
static const char *mmd_bone_name(const pmx *model, int b) { return model->bones[b].name; }
static const char *mmd_morph_name(const pmx *model, int m) { return model->morph_names[m].name; }

static void mmd_player_free(mmd_player *p)
{
    free(p->bones);
    free(p->skeleton.tables);
    free(p->bone_track);
    free(p->translation);
    free(p->rotation);
    free(p->ik_enabled);
    free(p->physics_on);
    free(p->physics_cursor);
    free(p->pose);
    free(p->morph_track);
    free(p->morph_weights);
    free(p->bone_morphs);
    memset(p, 0, sizeof *p);
}

static int mmd_player_init(mmd_player *p, const pmx *model, const vmd *motion, char *error, size_t error_size)
{
    const size_t n = (size_t)(model->bone_count > 0 ? model->bone_count : 1);
    const size_t morphs = (size_t)(model->morph_count > 0 ? model->morph_count : 1);
    int bad = -1, b;
    pm_result result;
    memset(p, 0, sizeof *p);
    p->motion = motion;
    p->bone_count = model->bone_count;
    p->bones = (pm_mmd_bone *)calloc(n, sizeof *p->bones);
    p->skeleton.tables = (int *)calloc(n, PM_MMD_TABLE_INTS * sizeof(int));
    p->bone_track = (int *)calloc(n, 4 * sizeof(int));
    p->translation = (float *)calloc(n, 3 * sizeof(float));
    p->rotation = (float *)calloc(n, 4 * sizeof(float));
    p->ik_enabled = (unsigned char *)calloc(n, 1);
    p->physics_on = (unsigned char *)calloc(n, 1);
    p->physics_cursor = (int *)calloc(n, sizeof(int));
    p->pose = (pm_mmd_bone_pose *)calloc(n, sizeof *p->pose);
    p->morph_track = (int *)calloc(morphs, 2 * sizeof(int));
    p->morph_weights = (float *)calloc(morphs, 2 * sizeof(float));
    p->bone_morphs = (float *)calloc(n, 7 * sizeof(float));
    if (!p->bones || !p->skeleton.tables || !p->bone_track || !p->translation || !p->rotation || !p->ik_enabled ||
        !p->physics_on || !p->physics_cursor || !p->pose || !p->morph_track || !p->morph_weights || !p->bone_morphs) {
        mmd_player_free(p);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    p->ik_track = p->bone_track + n;
    p->bone_cursor = p->bone_track + 2 * n;
    p->ik_cursor = p->bone_track + 3 * n;
    p->morph_cursor = p->morph_track + morphs;
    p->morph_applied = p->morph_weights + morphs;
    p->morphs = pmx_morph_set(model);
    for (b = 0; b < model->bone_count; ++b) p->bone_morphs[7 * b + 6] = 1.0f; /* none until a frame is played */
    mmd_bones_of(model, p->bones);
    p->skeleton.bones = p->bones;
    p->skeleton.bone_count = model->bone_count;
    p->skeleton.ik_links = model->links;
    p->skeleton.ik_link_count = model->link_count;
    if ((result = pm_mmd_skeleton_init(&p->skeleton, &bad)) != PM_OK) {
        snprintf(error, error_size, "bone %d (%s): %s", bad, bad >= 0 ? model->bones[bad].name : "-", pm_result_string(result));
        mmd_player_free(p);
        return -1;
    }
    if ((result = pm_mmd_morph_set_validate(&p->morphs, &bad)) != PM_OK) {
        snprintf(error, error_size, "morph %d (%s): %s", bad, bad >= 0 ? model->morph_names[bad].name : "-",
                 pm_result_string(result));
        mmd_player_free(p);
        return -1;
    }
    if (mmd_find_tracks(model, model->bone_count, mmd_bone_name, motion->bone_count, mmd_bone_track_name, motion,
                        p->bone_track) != 0 ||
        mmd_find_tracks(model, model->bone_count, mmd_bone_name, motion->ik_count, mmd_ik_track_name, motion,
                        p->ik_track) != 0 ||
        mmd_find_tracks(model, model->morph_count, mmd_morph_name, motion->morph_count, mmd_morph_track_name, motion,
                        p->morph_track) != 0) {
        mmd_player_free(p);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    return 0;
}

/* The bones of `pass` at a (fractional) frame into p->pose; the after-physics
   pass reuses the local poses its before-physics pass sampled. */
static pm_result mmd_player_pass(mmd_player *p, double frame, pm_mmd_pass pass)
{
    static const float rest_rotation[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    pm_result result;
    int b, on;
    for (b = 0; b < p->bone_count && pass != PM_MMD_AFTER_PHYSICS; ++b) {
        const int t = p->bone_track[b], k = p->ik_track[b];
        float *translation = p->translation + 3 * b, *rotation = p->rotation + 4 * b;
        if (t < 0) {
            memset(translation, 0, 3 * sizeof *translation);
            memcpy(rotation, rest_rotation, sizeof rest_rotation);
        } else if ((result = pm_vmd_bone_sample(p->motion->bones[t].keys, p->motion->bones[t].key_count, frame,
                                                &p->bone_cursor[b], translation, rotation)) != PM_OK) {
            return result;
        }
        on = 1;
        if (t >= 0 && (result = pm_vmd_switch_sample(p->motion->bones[t].physics, p->motion->bones[t].key_count, frame,
                                                     &p->physics_cursor[b], &on)) != PM_OK)
            return result;
        p->physics_on[b] = (unsigned char)on;
        on = 1;
        if (k >= 0 && (result = pm_vmd_switch_sample(p->motion->iks[k].keys, p->motion->iks[k].key_count, frame,
                                                     &p->ik_cursor[b], &on)) != PM_OK)
            return result;
        p->ik_enabled[b] = (unsigned char)on;
    }
    for (b = 0; b < p->morphs.morph_count && pass != PM_MMD_AFTER_PHYSICS; ++b) {
        const int t = p->morph_track[b];
        p->morph_weights[b] = 0.0f;
        if (t >= 0 && (result = pm_vmd_morph_sample(p->motion->morphs[t].keys, p->motion->morphs[t].key_count, frame,
                                                    &p->morph_cursor[b], &p->morph_weights[b])) != PM_OK)
            return result;
    }
    if (pass != PM_MMD_AFTER_PHYSICS &&
        ((result = pm_mmd_morph_weights(&p->morphs, p->morph_weights, p->morph_applied)) != PM_OK ||
         (result = pm_mmd_morph_bones(&p->morphs, p->morph_weights, p->bone_morphs)) != PM_OK))
        return result;
    if (p->physics_flags && pass != PM_MMD_AFTER_PHYSICS) { /* babylon-mmd's IK skip, unless a dynamic body is off */
        p->physics_off = 0;
        for (b = 0; b < p->bone_count; ++b) p->physics_off |= (p->physics_flags[b] & PM_MMD_PHYSICS_DRIVEN) && !p->physics_on[b];
        for (b = 0; b < p->bone_count && !p->physics_off; ++b)
            if (p->physics_flags[b] & PM_MMD_PHYSICS_IK_SKIPPED) p->ik_enabled[b] = 0;
    }
    return pm_mmd_evaluate(&p->skeleton, p->translation, p->rotation, p->bone_morphs, p->ik_enabled, pass, p->pose);
}

/* Every bone's world transform at a (fractional) frame into p->pose. */
static pm_result mmd_player_pose(mmd_player *p, double frame) { return mmd_player_pass(p, frame, PM_MMD_ALL_BONES); }

#endif
