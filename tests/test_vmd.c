/* posemath_mmd.h's VMD reader against babylon-mmd 1.3.0's
   VmdObject on a motion tests/gen/vmd_write.py writes (Shift_JIS names with
   a full-width "ＩＫ", a 15-byte name cut inside a character, keys out of
   order and two on one frame, physics toggle bytes, property keys):
   tests/fixtures/vmd_babylon.h. Names, frames, values and curves exactly;
   grouped by name, sorted by frame, the last key of a frame kept. And
   every malformed file an error at its byte. */
#include "test.h"

#include <string.h>

#include "../examples/read_file.h"

#include "fixtures/vmd_babylon.h"

static const pm_vmd_bone_track *bone_track(const pm_vmd_motion *m, const char *name)
{
    int i;
    for (i = 0; i < m->bone_count; ++i)
        if (strcmp(m->bones[i].name, name) == 0) return &m->bones[i];
    return NULL;
}

void test_vmd_matches_babylon(void)
{
    pm_vmd_motion m;
    char error[128];
    size_t i, j;
    int k, c, kept = 0, physics_on = 0;
    CHECK(load_vmd("tests/fixtures/missing.vmd", &m, error, sizeof error) == -1);
    CHECK(strcmp(error, "the file cannot be read") == 0);
    CHECK(load_vmd("tests/fixtures/motion.vmd", &m, error, sizeof error) == 0);
    CHECK(strcmp(m.model_name, "\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88\xe3\x83\xa2\xe3\x83\x87\xe3\x83\xab") == 0); /* テストモデル */
    for (i = 0; i < sizeof vmd_bone_rows / sizeof vmd_bone_rows[0]; ++i) {
        const struct vmd_bone_row *row = &vmd_bone_rows[i];
        const pm_vmd_bone_track *t = bone_track(&m, row->name);
        int later = 0;
        test_context("bone key %d (%s, frame %u)", (int)i, row->name, row->frame);
        CHECK(t != NULL);
        if (!t) continue;
        for (j = i + 1; j < sizeof vmd_bone_rows / sizeof vmd_bone_rows[0]; ++j)
            later |= strcmp(vmd_bone_rows[j].name, row->name) == 0 && vmd_bone_rows[j].frame == row->frame;
        for (k = 0; k < t->key_count && t->keys[k].frame != row->frame; ++k) continue;
        CHECK(k < t->key_count);
        if (k == t->key_count || later) continue; /* a later key on the frame wins */
        ++kept;
        CHECK(memcmp(t->keys[k].translation, row->translation, sizeof row->translation) == 0);
        CHECK(memcmp(t->keys[k].rotation, row->rotation, sizeof row->rotation) == 0);
        for (c = 0; c < 4; ++c) CHECK(memcmp(t->keys[k].curve[c], row->curve[c], 4) == 0);
        CHECK(t->physics[k].frame == row->frame && t->physics[k].enabled == row->physics);
        physics_on += row->physics;
    }
    test_context("%s", "");
    CHECK(kept == 10); /* 11 keys, two of them on one frame */
    CHECK(physics_on > 0 && physics_on < kept); /* both switches among them */
    for (k = 0; k < m.bone_count; ++k) { /* sorted, and what pm_vmd_bone_keys_validate accepts */
        int bad;
        test_context("track %s", m.bones[k].name);
        CHECK_RESULT(pm_vmd_bone_keys_validate(m.bones[k].keys, m.bones[k].key_count, &bad), PM_OK);
    }
    test_context("%s", "");
    CHECK(m.bone_count == 4 && m.morph_count == 2 && m.ik_count == 2);
    for (i = 0; i < sizeof vmd_morph_rows / sizeof vmd_morph_rows[0]; ++i) {
        int found = 0;
        for (k = 0; k < m.morph_count; ++k)
            if (strcmp(m.morphs[k].name, vmd_morph_rows[i].name) == 0)
                for (c = 0; c < m.morphs[k].key_count; ++c)
                    found += m.morphs[k].keys[c].frame == vmd_morph_rows[i].frame &&
                             m.morphs[k].keys[c].weight == vmd_morph_rows[i].weight;
        CHECK(found == 1);
    }
    for (i = 0; i < sizeof vmd_ik_rows / sizeof vmd_ik_rows[0]; ++i) {
        int found = 0;
        for (k = 0; k < m.ik_count; ++k)
            if (strcmp(m.iks[k].name, vmd_ik_rows[i].name) == 0)
                for (c = 0; c < m.iks[k].key_count; ++c)
                    found += m.iks[k].keys[c].frame == vmd_ik_rows[i].frame &&
                             m.iks[k].keys[c].enabled == vmd_ik_rows[i].enabled;
        CHECK(found == 1);
    }
    pm_vmd_free(&m);
}

/* Malformed files: an error with the byte offset, nothing allocated left. */
void test_vmd_errors(void)
{
    static unsigned char copy[4096];
    pm_vmd_motion m;
    char error[128];
    size_t size, cut;
    int failures = 0;
    unsigned char *data = read_file("tests/fixtures/motion.vmd", &size);
    CHECK(data != NULL && size + 1 < sizeof copy);
    if (!data || size + 1 >= sizeof copy) return;
    memcpy(copy, data, size);
    CHECK(parse_vmd(copy, 10, &m, error, sizeof error) == -1);
    CHECK(strcmp(error, "byte 0: not a VMD motion (\"Vocaloid Motion Data 0002\" and a model name)") == 0);
    copy[50] = 0xff; /* a bone key count of 2^32 - ... */
    copy[51] = 0xff;
    CHECK(parse_vmd(copy, size, &m, error, sizeof error) == -1);
    CHECK(strcmp(error, "byte 50: a key count past the end of the file") == 0);
    CHECK(m.bones == NULL && m.bone_count == 0);
    memcpy(copy, data, size);
    for (cut = 50; cut < size; ++cut) { /* every truncation is an error or a shorter motion, never a crash */
        unsigned char *exact = (unsigned char *)malloc(cut ? cut : 1);
        memcpy(exact, data, cut);
        if (parse_vmd(exact, cut, &m, error, sizeof error) == 0) pm_vmd_free(&m);
        else failures += strncmp(error, "byte ", 5) == 0;
        free(exact);
    }
    CHECK(failures > 100);
    { /* bytes after the IK switches (babylon-mmd's VmdObject warns "bytes left after parsing"): read, with a
         warning; the same motion */
        pm_parse_error e;
        pm_vmd_motion plain;
        copy[size] = 0x55;
        CHECK_RESULT(pm_vmd_parse(copy, size, NULL, &plain, &e), PM_OK);
        CHECK(e.warning == NULL);
        CHECK_RESULT(pm_vmd_parse(copy, size + 1, NULL, &m, &e), PM_OK);
        CHECK(e.warning != NULL && strstr(e.warning, "bytes left") != NULL);
        CHECK(m.bone_count == plain.bone_count && m.morph_count == plain.morph_count && m.ik_count == plain.ik_count &&
              m.ik_count > 0);
        pm_vmd_free(&m);
        pm_vmd_free(&plain);
    }
    free(data);
}
