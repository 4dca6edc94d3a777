/* vmd.h: a VMD motion reader (MikuMikuDance's Vocaloid Motion Data) for the
   examples: bone, morph and IK switch keys, grouped into one track per name
   (names converted from Shift_JIS to UTF-8, so that they match a PMX's),
   sorted by frame, ready for posemath's pm_vmd_bone_sample and friends.

     vmd motion;
     char error[128];
     if (vmd_parse(bytes, size, &motion, error, sizeof error) != 0) puts(error);  // "byte 52: ..."
     // motion.bones[i].name, .keys, .key_count: one bone's track (pm_vmd_bone_key),
     // .physics: each key's physics switch (pm_vmd_switch_key)
     // motion.morphs[i], motion.iks[i]: morph weights and IK switches likewise
     vmd_free(&motion);

   Camera, light and self-shadow keys are checked and skipped. A bone key's
   64 interpolation bytes hold the four curves as MMD writes them: channel c
   (x, y, z, rotation) at bytes 16c + {0, 4, 8, 12} for x1, y1, x2, y2 (the
   same bytes babylon-mmd reads), except bytes 2 and 3, where MikuMikuDance
   7.39 and later store a physics switch for the bone's rigid bodies: 0x63
   0x0F off (the bodies follow the animation), 0x00 0x00 on; babylon-mmd
   reads any other pair as off, and so does this reader (track.physics,
   sampled like the IK switches). Keys of one name on the same frame: the
   last in the file wins. Any malformed file is an error with the byte
   offset where it goes wrong, never a crash; what a file can make the reader
   allocate is bounded by its size. Example code: it allocates (vmd_free
   releases everything); include it in one file. */
#ifndef EXAMPLES_VMD_H
#define EXAMPLES_VMD_H

#include "../posemath.h"
#include "read_file.h"
#include "sjis.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VMD_NAME_SIZE = 64 };

typedef struct vmd_bone_track {
    char name[VMD_NAME_SIZE];
    pm_vmd_bone_key *keys;
    pm_vmd_switch_key *physics; /* each key's physics switch for the bone's rigid bodies */
    int key_count;
} vmd_bone_track;

typedef struct vmd_morph_track {
    char name[VMD_NAME_SIZE];
    pm_vmd_morph_key *keys;
    int key_count;
} vmd_morph_track;

typedef struct vmd_ik_track {
    char name[VMD_NAME_SIZE];
    pm_vmd_switch_key *keys;
    int key_count;
} vmd_ik_track;

typedef struct vmd {
    char model_name[VMD_NAME_SIZE];
    vmd_bone_track *bones;
    vmd_morph_track *morphs;
    vmd_ik_track *iks;
    int bone_count, morph_count, ik_count;
} vmd;

typedef struct vmd_reader {
    const unsigned char *data;
    size_t size, at;
    char *error;
    size_t error_size;
} vmd_reader;

static int vmd_fail(vmd_reader *r, size_t at, const char *what)
{
    if (r->error_size) snprintf(r->error, r->error_size, "byte %lu: %s", (unsigned long)at, what);
    return -1;
}

static uint32_t vmd_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float vmd_f32(const unsigned char *p)
{
    const uint32_t bits = vmd_u32(p); /* VMD is little-endian */
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* A count of records of `record` bytes: they must fit in what is left. */
static int vmd_count(vmd_reader *r, size_t record, const char *what, uint32_t *count)
{
    if (r->size - r->at < 4) return vmd_fail(r, r->at, what);
    *count = vmd_u32(r->data + r->at);
    if (*count > (r->size - r->at - 4) / record) return vmd_fail(r, r->at, "a key count past the end of the file");
    r->at += 4;
    return 0;
}

/* A key's place in the file, for grouping: name bytes, frame, file order */
typedef struct vmd_entry {
    const unsigned char *name;
    size_t name_size;
    uint32_t frame;
    size_t at;
} vmd_entry;

static int vmd_entry_order(const void *a, const void *b)
{
    const vmd_entry *x = (const vmd_entry *)a, *y = (const vmd_entry *)b;
    const int names = memcmp(x->name, y->name, x->name_size);
    if (names) return names;
    if (x->frame != y->frame) return x->frame < y->frame ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at; /* file order: the last of a frame comes last */
}

/* The name as far as its NUL (MMD pads with bytes after it), for comparison */
static void vmd_name_bytes(const unsigned char *from, size_t size, unsigned char *to)
{
    size_t i, end = 0;
    while (end < size && from[end]) ++end;
    for (i = 0; i < size; ++i) to[i] = i < end ? from[i] : 0;
}

/* Sorts `count` entries by name, frame and file order: *tracks gets the
   number of names, keep[i] whether entry i is the last of its name and
   frame (the one that counts). */
static void vmd_group(vmd_entry *entries, size_t count, int *keep, int *tracks)
{
    size_t i;
    qsort(entries, count, sizeof *entries, vmd_entry_order);
    *tracks = 0;
    for (i = 0; i < count; ++i) {
        const int new_name = i == 0 || memcmp(entries[i].name, entries[i - 1].name, entries[i].name_size) != 0;
        *tracks += new_name;
        keep[i] = i + 1 == count || memcmp(entries[i].name, entries[i + 1].name, entries[i].name_size) != 0 ||
                  entries[i].frame != entries[i + 1].frame;
    }
}

static void vmd_free(vmd *m)
{
    int i;
    for (i = 0; i < m->bone_count; ++i) free(m->bones[i].keys), free(m->bones[i].physics);
    for (i = 0; i < m->morph_count; ++i) free(m->morphs[i].keys);
    for (i = 0; i < m->ik_count; ++i) free(m->iks[i].keys);
    free(m->bones);
    free(m->morphs);
    free(m->iks);
    memset(m, 0, sizeof *m);
}

/* The bone keys at r->at (count records of 111 bytes) into tracks */
static int vmd_read_bones(vmd_reader *r, uint32_t count, vmd *out)
{
    enum { RECORD = 111 };
    vmd_entry *entries = (vmd_entry *)malloc(sizeof *entries * (count ? count : 1));
    unsigned char *names = (unsigned char *)malloc(15 * (size_t)(count ? count : 1));
    int *keep = (int *)malloc(sizeof *keep * (count ? count : 1)), track = -1, tracks;
    size_t i;
    if (!entries || !names || !keep) {
        free(entries), free(names), free(keep);
        return vmd_fail(r, r->at, "out of memory");
    }
    for (i = 0; i < count; ++i) {
        const unsigned char *p = r->data + r->at + RECORD * i;
        vmd_name_bytes(p, 15, names + 15 * i);
        entries[i].name = names + 15 * i;
        entries[i].name_size = 15;
        entries[i].frame = vmd_u32(p + 15);
        entries[i].at = r->at + RECORD * i;
    }
    vmd_group(entries, count, keep, &tracks);
    out->bones = (vmd_bone_track *)calloc((size_t)(tracks ? tracks : 1), sizeof *out->bones);
    if (!out->bones) {
        free(entries), free(names), free(keep);
        return vmd_fail(r, r->at, "out of memory");
    }
    for (i = 0; i < count; ++i) {
        const unsigned char *p = r->data + entries[i].at;
        pm_vmd_bone_key *key;
        int c, k;
        if (i == 0 || memcmp(entries[i].name, entries[i - 1].name, 15) != 0) { /* a new track: room for its keys */
            size_t j = i;
            while (j < count && memcmp(entries[j].name, entries[i].name, 15) == 0) ++j;
            vmd_bone_track *t = &out->bones[++track];
            sjis_to_utf8(entries[i].name, 15, t->name, sizeof t->name);
            t->physics = (pm_vmd_switch_key *)malloc(sizeof *t->physics * (j - i));
            if (!(t->keys = (pm_vmd_bone_key *)malloc(sizeof *t->keys * (j - i))) || !t->physics) {
                out->bone_count = track + 1;
                free(entries), free(names), free(keep);
                return vmd_fail(r, r->at, "out of memory");
            }
        }
        out->bone_count = track + 1;
        if (!keep[i]) continue;
        out->bones[track].physics[out->bones[track].key_count].frame = entries[i].frame;
        out->bones[track].physics[out->bones[track].key_count].enabled = p[47 + 2] == 0 && p[47 + 3] == 0;
        key = &out->bones[track].keys[out->bones[track].key_count++];
        key->frame = entries[i].frame;
        for (c = 0; c < 3; ++c) key->translation[c] = vmd_f32(p + 19 + 4 * c);
        for (c = 0; c < 4; ++c) key->rotation[c] = vmd_f32(p + 31 + 4 * c);
        for (c = 0; c < 4; ++c)
            for (k = 0; k < 4; ++k) key->curve[c][k] = p[47 + 16 * c + 4 * k];
    }
    free(entries), free(names), free(keep);
    r->at += RECORD * (size_t)count;
    return 0;
}

/* Morph keys (23 bytes: name, frame, weight), or IK switches gathered from
   the property keys (entries point at 21-byte name + flag records, frames
   given): into tracks of pm_vmd_morph_key or pm_vmd_switch_key. */
static int vmd_tracks_of(vmd_reader *r, vmd_entry *entries, size_t count, size_t name_size, int morphs, vmd *out)
{
    int *keep = (int *)malloc(sizeof *keep * (count ? count : 1)), track = -1, tracks;
    size_t i;
    if (!keep) return vmd_fail(r, r->at, "out of memory");
    vmd_group(entries, count, keep, &tracks);
    if (morphs) out->morphs = (vmd_morph_track *)calloc((size_t)(tracks ? tracks : 1), sizeof *out->morphs);
    else out->iks = (vmd_ik_track *)calloc((size_t)(tracks ? tracks : 1), sizeof *out->iks);
    if (morphs ? !out->morphs : !out->iks) {
        free(keep);
        return vmd_fail(r, r->at, "out of memory");
    }
    for (i = 0; i < count; ++i) {
        const unsigned char *p = r->data + entries[i].at;
        if (i == 0 || memcmp(entries[i].name, entries[i - 1].name, name_size) != 0) {
            size_t j = i, n;
            void *keys;
            while (j < count && memcmp(entries[j].name, entries[i].name, name_size) == 0) ++j;
            n = j - i;
            ++track;
            if (morphs) {
                sjis_to_utf8(entries[i].name, name_size, out->morphs[track].name, VMD_NAME_SIZE);
                keys = out->morphs[track].keys = (pm_vmd_morph_key *)malloc(sizeof(pm_vmd_morph_key) * n);
                out->morph_count = track + 1;
            } else {
                sjis_to_utf8(entries[i].name, name_size, out->iks[track].name, VMD_NAME_SIZE);
                keys = out->iks[track].keys = (pm_vmd_switch_key *)malloc(sizeof(pm_vmd_switch_key) * n);
                out->ik_count = track + 1;
            }
            if (!keys) {
                free(keep);
                return vmd_fail(r, r->at, "out of memory");
            }
        }
        if (!keep[i]) continue;
        if (morphs) {
            pm_vmd_morph_key *key = &out->morphs[track].keys[out->morphs[track].key_count++];
            key->frame = entries[i].frame;
            key->weight = vmd_f32(p + 19);
        } else {
            pm_vmd_switch_key *key = &out->iks[track].keys[out->iks[track].key_count++];
            key->frame = entries[i].frame;
            key->enabled = p[20] != 0;
        }
    }
    free(keep);
    return 0;
}

/* 0, or -1 with "byte N: ..." in error (and *out empty). */
static int vmd_parse(const unsigned char *data, size_t size, vmd *out, char *error, size_t error_size)
{
    static const char signature[] = "Vocaloid Motion Data 0002";
    vmd_reader r;
    vmd_entry *entries = NULL;
    unsigned char *names = NULL;
    uint32_t count, i, properties, states;
    size_t start, total;
    char unused[1];
    memset(out, 0, sizeof *out);
    r.data = data;
    r.size = size;
    r.at = 0;
    r.error = error_size ? error : unused;
    r.error_size = error_size ? error_size : sizeof unused;
    r.error[0] = '\0';
    if (size < 50 || memcmp(data, signature, sizeof signature - 1) != 0)
        return vmd_fail(&r, 0, "not a VMD motion (\"Vocaloid Motion Data 0002\" and a model name)");
    sjis_to_utf8(data + 30, 20, out->model_name, sizeof out->model_name);
    r.at = 50;
    if (vmd_count(&r, 111, "no bone key count", &count) != 0 || vmd_read_bones(&r, count, out) != 0) goto fail;
    if (vmd_count(&r, 23, "no morph key count", &count) != 0) goto fail;
    entries = (vmd_entry *)malloc(sizeof *entries * (count ? count : 1));
    names = (unsigned char *)malloc(15 * (size_t)(count ? count : 1));
    if (!entries || !names) {
        vmd_fail(&r, r.at, "out of memory");
        goto fail;
    }
    for (i = 0; i < count; ++i) {
        const unsigned char *p = data + r.at + 23 * (size_t)i;
        vmd_name_bytes(p, 15, names + 15 * (size_t)i);
        entries[i].name = names + 15 * (size_t)i;
        entries[i].name_size = 15;
        entries[i].frame = vmd_u32(p + 15);
        entries[i].at = r.at + 23 * (size_t)i;
    }
    if (vmd_tracks_of(&r, entries, count, 15, 1, out) != 0) goto fail;
    r.at += 23 * (size_t)count;
    free(entries), free(names);
    entries = NULL, names = NULL;
    /* camera (61 bytes a key), light (28) and self-shadow (9): optional, skipped */
    if (r.at < size && (vmd_count(&r, 61, "no camera key count", &count) != 0 || (r.at += 61 * (size_t)count, 0))) goto fail;
    if (r.at < size && (vmd_count(&r, 28, "no light key count", &count) != 0 || (r.at += 28 * (size_t)count, 0))) goto fail;
    if (r.at < size && (vmd_count(&r, 9, "no self-shadow key count", &count) != 0 || (r.at += 9 * (size_t)count, 0))) goto fail;
    if (r.at >= size) return 0;
    /* property keys: frame, visibility, then IK switches (20-byte name, flag) */
    if (vmd_count(&r, 9, "no property key count", &properties) != 0) goto fail;
    start = r.at;
    total = 0;
    for (i = 0; i < properties; ++i) { /* a first pass: sizes checked, switches counted */
        if (size - r.at < 9) { vmd_fail(&r, r.at, "a property key past the end of the file"); goto fail; }
        states = vmd_u32(data + r.at + 5);
        if (states > (size - r.at - 9) / 21) { vmd_fail(&r, r.at + 5, "an IK switch count past the end of the file"); goto fail; }
        total += states;
        r.at += 9 + 21 * (size_t)states;
    }
    entries = (vmd_entry *)malloc(sizeof *entries * (total ? total : 1));
    names = (unsigned char *)malloc(20 * (total ? total : 1));
    if (!entries || !names) {
        vmd_fail(&r, r.at, "out of memory");
        goto fail;
    }
    r.at = start;
    total = 0;
    for (i = 0; i < properties; ++i) {
        const uint32_t frame = vmd_u32(data + r.at);
        uint32_t s;
        states = vmd_u32(data + r.at + 5);
        for (s = 0; s < states; ++s, ++total) {
            const size_t at = r.at + 9 + 21 * (size_t)s;
            vmd_name_bytes(data + at, 20, names + 20 * total);
            entries[total].name = names + 20 * total;
            entries[total].name_size = 20;
            entries[total].frame = frame;
            entries[total].at = at;
        }
        r.at += 9 + 21 * (size_t)states;
    }
    if (vmd_tracks_of(&r, entries, total, 20, 0, out) != 0) goto fail;
    free(entries), free(names);
    return 0;
fail:
    free(entries), free(names);
    vmd_free(out);
    return -1;
}

/* vmd_parse on the file at path: 0, or -1 with "cannot be read" or the
   parser's "byte N: ..." in error. */
static int vmd_load(const char *path, vmd *out, char *error, size_t error_size)
{
    size_t length;
    unsigned char *data = read_file(path, &length);
    int result;
    if (!data) {
        memset(out, 0, sizeof *out);
        if (error_size) snprintf(error, error_size, "cannot be read");
        return -1;
    }
    result = vmd_parse(data, length, out, error, error_size);
    free(data);
    return result;
}

#endif
