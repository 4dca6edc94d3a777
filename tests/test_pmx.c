/* posemath_mmd.h's PMX reader against babylon-mmd 1.3.0's
   PmxReader on the two models tests/gen/pmx_write.py writes (PMX 2.0 in
   UTF-16LE with 1-byte indices, 2.1 in UTF-8 with 2- and 4-byte indices:
   every deform type, grants, IK with limits, every morph type):
   tests/fixtures/pmx_babylon.h. Everything exactly, with the skinning
   job's conventions on top (a missing bone: index 65535, weight 0; BDEF2
   and SDEF: w1 = 1 - w0); and every malformed file an error at its byte. */
#include "test.h"

#include <string.h>

static long name_comparisons;
int test_pmx_name_compare(const char *a, const char *b)
{
    ++name_comparisons;
    return strcmp(a, b);
}

static int with_message(pm_result result, const pm_parse_error *e, char *error, size_t error_size)
{
    if (result == PM_OK) return 0;
    if (result == PM_ERROR_FILE) snprintf(error, error_size, "%s", e->message);
    else snprintf(error, error_size, "byte %lu: %s", (unsigned long)e->offset, e->message);
    return -1;
}

int load_pmx(const char *path, pm_pmx_model *model, char *error, size_t error_size)
{
    pm_parse_error e;
    return with_message(pm_pmx_parse_file(path, NULL, model, &e), &e, error, error_size);
}

int load_vmd(const char *path, pm_vmd_motion *motion, char *error, size_t error_size)
{
    pm_parse_error e;
    return with_message(pm_vmd_parse_file(path, NULL, motion, &e), &e, error, error_size);
}

int parse_pmx(const void *data, size_t size, pm_pmx_model *model, char *error, size_t error_size)
{
    pm_parse_error e;
    return with_message(pm_pmx_parse(data, size, NULL, model, &e), &e, error, error_size);
}

int parse_vmd(const void *data, size_t size, pm_vmd_motion *motion, char *error, size_t error_size)
{
    pm_parse_error e;
    return with_message(pm_vmd_parse(data, size, NULL, motion, &e), &e, error, error_size);
}

#include "../examples/read_file.h"

#include "fixtures/pmx_babylon.h"

void test_pmx_matches_babylon(void)
{
    int file, v, b, k, c;
    for (file = 0; file < 2; ++file) {
        const struct pmx_file_row *fr = &pmx_file_rows[file];
        char path[128], error[128];
        pm_pmx_model m;
        pm_skin_job job;
        float *matrices;
        int bad_vertex;
        snprintf(path, sizeof path, "tests/fixtures/%s", fr->file);
        test_context("%s", fr->file);
        CHECK(load_pmx(path, &m, error, sizeof error) == 0);
        if (m.vertex_count == 0) continue;
        CHECK(m.vertex_count == fr->vertex_count && m.index_count == fr->index_count && m.bone_count == fr->bone_count &&
              m.morph_count == fr->morph_count);
        for (v = 0; v < m.vertex_count && v < fr->vertex_count; ++v) {
            const struct pmx_vertex_row *row = &pmx_vertex_rows[fr->first_vertex + v];
            const int slots = row->type == 0 ? 1 : row->type == 1 || row->type == 3 ? 2 : 4;
            test_context("%s vertex %d", fr->file, v);
            CHECK(m.types[v] == row->type);
            CHECK(memcmp(m.positions + 3 * v, row->position, sizeof row->position) == 0);
            for (k = 0; k < 4; ++k) {
                const float weight = k >= slots ? 0.0f
                                   : slots == 2 ? (k == 0 ? row->weights[0] : 1.0f - row->weights[0])
                                   : row->weights[k];
                const int bone = k < slots ? row->bones[k] : -1;
                CHECK(m.bone_indices[4 * v + k] == (bone < 0 ? 65535 : bone));
                CHECK(m.bone_weights[4 * v + k] == (bone < 0 ? 0.0f : weight));
            }
            CHECK(memcmp(m.sdef + 9 * v, row->sdef, sizeof row->sdef) == 0);
        }
        for (b = 0; b < m.bone_count && b < fr->bone_count; ++b) {
            const struct pmx_bone_row *row = &pmx_bone_rows[fr->first_bone + b];
            const pm_pmx_bone *bone = &m.bones[b];
            test_context("%s bone %d %s", fr->file, b, row->name);
            CHECK(strcmp(bone->name, row->name) == 0);
            CHECK(memcmp(bone->position, row->position, sizeof row->position) == 0);
            CHECK(bone->parent == row->parent && bone->layer == row->layer && (int)bone->flags == row->flags);
            CHECK(bone->tail_bone == row->tail_bone);
            if (row->tail_bone < 0) CHECK(memcmp(bone->tail_offset, row->tail_offset, sizeof row->tail_offset) == 0);
            CHECK(bone->grant_parent == row->grant_parent && bone->grant_ratio == row->grant_ratio);
            CHECK(bone->ik_target == row->ik_target);
            if (row->ik_target < 0) continue;
            CHECK(bone->ik_loop_count == row->ik_loop_count && bone->ik_limit_angle == row->ik_limit_angle &&
                  bone->link_count == row->link_count);
            for (k = 0; k < bone->link_count && k < row->link_count; ++k) {
                const struct pmx_link_row *link = &pmx_link_rows[row->first_link + k];
                const pm_mmd_ik_link *mine = &m.links[bone->first_link + k];
                CHECK(mine->bone == link->bone && mine->limited == link->has_limit);
                for (c = 0; c < 3 && link->has_limit; ++c) CHECK(mine->lower[c] == link->lower[c] && mine->upper[c] == link->upper[c]);
            }
        }
        for (k = 0; k < m.morph_count && k < fr->morph_count; ++k) {
            const struct pmx_morph_row *row = &pmx_morph_rows[fr->first_morph + k];
            const pm_mmd_morph *morph = &m.morphs[k];
            test_context("%s morph %d", fr->file, k);
            CHECK(strcmp(m.morph_names[k].name, row->name) == 0 && m.morph_names[k].panel == row->panel &&
                  morph->type == row->type);
            if (morph->type > 2) continue; /* the fixture has the offsets of group, vertex and bone morphs */
            CHECK(morph->count == row->count);
            for (c = 0; c < morph->count && c < row->count; ++c) {
                const struct pmx_offset_row *offset = &pmx_offset_rows[row->first + c];
                const int at = morph->first + c;
                if (morph->type == PM_MMD_MORPH_GROUP)
                    CHECK(m.groups[at].morph == offset->index && m.groups[at].ratio == offset->values[0]);
                else if (morph->type == PM_MMD_MORPH_VERTEX)
                    CHECK(m.vertex_offset_vertex[at] == offset->index &&
                          memcmp(m.vertex_offset + 3 * at, offset->values, 3 * sizeof(float)) == 0);
                else
                    CHECK(m.bone_elements[at].bone == offset->index &&
                          memcmp(m.bone_elements[at].translation, offset->values, 3 * sizeof(float)) == 0 &&
                          memcmp(m.bone_elements[at].rotation, offset->values + 3, 4 * sizeof(float)) == 0);
            }
        }
        /* rigid bodies: as stored, a bone index out of range resolved by the body's name as babylon-mmd's
           MmdBulletPhysics resolves it (the last bone of that name, else none); joints: those whose two
           bodies are in the file, as babylon-mmd creates them */
        CHECK(m.rigid_body_count == fr->body_count);
        for (k = 0; k < m.rigid_body_count && k < fr->body_count; ++k) {
            const struct pmx_body_row *row = &pmx_body_rows[fr->first_body + k];
            const pm_mmd_rigid_body *body = &m.rigid_bodies[k];
            const float *numbers = row->mass_damping_restitution_friction;
            int bone = row->bone >= 0 && row->bone < fr->bone_count ? row->bone : -1;
            for (b = 0; b < fr->bone_count && (row->bone < 0 || row->bone >= fr->bone_count); ++b)
                if (strcmp(pmx_bone_rows[fr->first_bone + b].name, row->name) == 0) bone = b;
            test_context("%s body %d", fr->file, k);
            CHECK(body->bone == bone && body->group == row->group && (int)body->mask == row->mask &&
                  (int)body->shape == row->shape && (int)body->mode == row->mode);
            CHECK(memcmp(body->size, row->size, sizeof row->size) == 0 &&
                  memcmp(body->position, row->position, sizeof row->position) == 0 &&
                  memcmp(body->rotation, row->rotation, sizeof row->rotation) == 0);
            CHECK(body->mass == numbers[0] && body->linear_damping == numbers[1] && body->angular_damping == numbers[2] &&
                  body->restitution == numbers[3] && body->friction == numbers[4]);
        }
        CHECK(m.rigid_bodies[1].bone == 3 && m.rigid_bodies[2].bone == -1); /* found by name; none */
        for (k = 0, c = 0; k < fr->joint_count; ++k) {
            const struct pmx_joint_row *row = &pmx_joint_rows[fr->first_joint + k];
            const pm_mmd_joint *joint = &m.joints[c];
            if (row->body_a < 0 || row->body_b < 0) continue;
            test_context("%s joint %d", fr->file, k);
            CHECK(c < m.joint_count && joint->body_a == row->body_a && joint->body_b == row->body_b);
            CHECK(memcmp(joint->position, row->values, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->rotation, row->values + 3, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->linear_lower, row->values + 6, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->linear_upper, row->values + 9, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->angular_lower, row->values + 12, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->angular_upper, row->values + 15, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->linear_stiffness, row->values + 18, 3 * sizeof(float)) == 0 &&
                  memcmp(joint->angular_stiffness, row->values + 21, 3 * sizeof(float)) == 0);
            ++c;
        }
        CHECK(m.joint_count == 2 && c == 2);
        /* the streams are the skinning job's, as they come */
        pm_pmx_skin_job(&m, &job);
        /* bone matrices of their own: validate refuses arrays that overlap, and a matrix array lent from
           another (smaller) one would reach into whatever the heap put after it */
        matrices = (float *)calloc(16 * (size_t)m.bone_count, sizeof(float));
        job.bone_matrices = matrices;
        job.bone_count = m.bone_count;
        job.prepared = (pm_skin_bone *)malloc(sizeof(pm_skin_bone) * (size_t)m.bone_count);
        job.out_positions = (float *)malloc(3 * sizeof(float) * (size_t)m.vertex_count);
        test_context("%s", fr->file);
        CHECK_RESULT(pm_skin_job_validate(&job, &bad_vertex), PM_OK);
        free(matrices);
        free(job.prepared);
        free(job.out_positions);
        pm_pmx_free(&m);
    }
    test_context("%s", "");
}

/* Malformed files: an error with its byte offset; every truncation too. */
void test_pmx_errors(void)
{
    static const struct { size_t at; unsigned char value; const char *message; } cases[] = {
        {0, 'Q', "byte 0: not a PMX model (\"PMX \")"},
        {6, 0x40, "byte 4: a PMX version other than 2.0 and 2.1"},
        {8, 7, "byte 8: fewer than 8 header values"},
        {9, 2, "byte 9: an unknown text encoding"},
        {10, 5, "byte 10: more than 4 additional UVs"},
        {14, 3, "byte 14: an index size other than 1, 2 and 4"},
        {3183, 3, "byte 3183: a rigid body's shape is not a sphere, box or capsule"},
        {3240, 3, "byte 3240: a rigid body's physics mode is not 0, 1 or 2"},
    };
    static unsigned char copy[8192];
    size_t size, i, cut;
    int failures = 0;
    char error[128];
    pm_pmx_model m;
    unsigned char *data = read_file("tests/fixtures/model20.pmx", &size);
    CHECK(data != NULL && size < sizeof copy);
    if (!data || size >= sizeof copy) return;
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        memcpy(copy, data, size);
        copy[cases[i].at] = cases[i].value;
        test_context("case %d", (int)i);
        CHECK(parse_pmx(copy, size, &m, error, sizeof error) == -1);
        CHECK(strcmp(error, cases[i].message) == 0);
        if (strcmp(error, cases[i].message) != 0) printf("    got: %s\n", error);
        CHECK(m.positions == NULL && m.bones == NULL);
    }
    test_context("%s", "");
    for (cut = 0; cut < size; ++cut) { /* every truncation is an error at a byte inside the file */
        unsigned char *exact = (unsigned char *)malloc(cut ? cut : 1);
        unsigned long at = 0;
        memcpy(exact, data, cut);
        if (parse_pmx(exact, cut, &m, error, sizeof error) == 0) {
            pm_pmx_free(&m);
        } else {
            failures += sscanf(error, "byte %lu:", &at) == 1 && at <= cut;
        }
        free(exact);
    }
    CHECK(failures == (int)size);
    { /* what babylon-mmd 1.3.0's PmxReader warns of ("bytes left after parsing", globalsCount past 8): read, with a
         warning, the same model; on morphs.pmx, which has nothing else to warn of */
        size_t plain_size;
        unsigned char *plain_bytes = read_file("tests/fixtures/morphs.pmx", &plain_size),
                      *longer = (unsigned char *)calloc(plain_size + 16, 1);
        pm_parse_error e;
        pm_pmx_model plain, read;
        CHECK(plain_bytes != NULL && longer != NULL);
        if (plain_bytes && longer) {
            CHECK_RESULT(pm_pmx_parse(plain_bytes, plain_size, NULL, &plain, &e), PM_OK);
            CHECK(e.warning == NULL);
            memcpy(longer, plain_bytes, plain_size);
            longer[plain_size] = 0x55;
            CHECK_RESULT(pm_pmx_parse(longer, plain_size + 1, NULL, &read, &e), PM_OK);
            CHECK(e.warning != NULL && strstr(e.warning, "bytes left") != NULL);
            CHECK(read.vertex_count == plain.vertex_count && read.morph_count == plain.morph_count);
            pm_pmx_free(&read);
            memcpy(longer, plain_bytes, 9); /* a ninth header value, 0, after the eight */
            longer[8] = 9;
            memcpy(longer + 9, plain_bytes + 9, 8);
            longer[17] = 0;
            memcpy(longer + 18, plain_bytes + 17, plain_size - 17);
            CHECK_RESULT(pm_pmx_parse(longer, plain_size + 1, NULL, &read, &e), PM_OK);
            CHECK(e.warning != NULL && strstr(e.warning, "more than 8 header values") != NULL);
            CHECK(read.vertex_count == plain.vertex_count && read.bone_count == plain.bone_count &&
                  read.morph_count == plain.morph_count);
            pm_pmx_free(&read);
            pm_pmx_free(&plain);
        }
        free(plain_bytes), free(longer);
    }
    { /* model20's body whose bone neither its index nor its name finds: babylon-mmd's warning */
        pm_parse_error e;
        CHECK_RESULT(pm_pmx_parse(data, size, NULL, &m, &e), PM_OK);
        CHECK(e.warning != NULL && strstr(e.warning, "attached to none") != NULL);
        pm_pmx_free(&m);
    }
    CHECK(load_pmx("tests/fixtures/missing.pmx", &m, error, sizeof error) == -1);
    CHECK(strcmp(error, "the file cannot be read") == 0);
    free(data);
}

/* A PMX 2.0 (UTF-8, 4-byte indices) of n bones named "b0".."b<n-2>" and
   a last one named "b0" again, and n rigid bodies whose bone index is -1 and
   whose names are bones' (body k: bone (7 k) mod n's): in `out`, its size
   returned */
static size_t big_pmx(int n, unsigned char *out)
{
    unsigned char *p = out;
    const float two = 2.0f, zero3[3] = {0.0f, 0.0f, 0.0f};
    const int32_t zero = 0, none = -1;
    int k, i;
    char name[16];
#define PUT(v) (memcpy(p, &(v), sizeof(v)), p += sizeof(v))
#define PUT_NAME(s)                                                                                               \
    do {                                                                                                          \
        const int32_t length_ = (int32_t)strlen(s);                                                               \
        PUT(length_);                                                                                             \
        memcpy(p, s, (size_t)length_), p += length_;                                                              \
        PUT(zero); /* the English name */                                                                         \
    } while (0)
    memcpy(p, "PMX ", 4), p += 4;
    PUT(two);
    *p++ = 8, *p++ = 1, *p++ = 0;
    for (i = 0; i < 6; ++i) *p++ = 4;
    for (i = 0; i < 4; ++i) PUT(zero); /* names and comments */
    for (i = 0; i < 4; ++i) PUT(zero); /* vertices, faces, textures, materials */
    PUT(n);
    for (k = 0; k < n; ++k) {
        sprintf(name, "b%d", k == n - 1 ? 0 : k);
        PUT_NAME(name);
        PUT(zero3), PUT(none), PUT(zero);
        *p++ = 0, *p++ = 0; /* flags: a tail offset */
        PUT(zero3);
    }
    PUT(zero), PUT(zero); /* morphs, display frames */
    PUT(n);
    for (k = 0; k < n; ++k) {
        const float one = 1.0f;
        sprintf(name, "b%d", (int)((7L * k) % n));
        PUT_NAME(name);
        PUT(none);
        *p++ = 0, *p++ = 0xff, *p++ = 0xff, *p++ = 0; /* group, mask, a sphere */
        PUT(zero3), PUT(zero3), PUT(zero3);
        for (i = 0; i < 5; ++i) PUT(one); /* mass, dampings, restitution, friction */
        *p++ = 0;                         /* follows its bone */
    }
    PUT(zero); /* joints */
#undef PUT_NAME
#undef PUT
    return (size_t)(p - out);
}

/* Rigid bodies whose bone index is out of range take the last bone of
   their name (babylon-mmd's rule), found in the bones sorted by name: the
   name comparisons grow as n log n. 8 times the bones and bodies take at
   most 16 times the comparisons (n log2 n: 10.4 times from 1,000 to 8,000;
   every body against every bone: 64 times). */
void test_pmx_bodies_by_name(void)
{
    enum { SMALL = 1000, BIG = 8000 };
    static unsigned char data[BIG * 160 + 256]; /* at most 47 bytes a bone, 82 a body */
    long comparisons[2];
    int pass, k, parsed;
    for (pass = 0; pass < 2; ++pass) {
        const int n = pass ? BIG : SMALL;
        const size_t size = big_pmx(n, data);
        char error[128];
        pm_pmx_model m;
        name_comparisons = 0;
        CHECK(size <= sizeof data);
        parsed = parse_pmx(data, size, &m, error, sizeof error) == 0;
        CHECK(parsed);
        if (!parsed) {
            printf("    %s\n", error);
            return;
        }
        comparisons[pass] = name_comparisons;
        if (pass == 0) { /* the body whose name no bone has: attached to none, with babylon-mmd's warning */
            pm_pmx_model again;
            pm_parse_error e;
            CHECK_RESULT(pm_pmx_parse(data, size, NULL, &again, &e), PM_OK);
            CHECK(e.warning != NULL && strstr(e.warning, "attached to none") != NULL);
            pm_pmx_free(&again);
        }
        CHECK(m.rigid_body_count == n);
        for (k = 0; k < m.rigid_body_count; ++k) {
            const int named = (int)((7L * k) % n);
            if (m.rigid_bodies[k].bone != (named == 0 ? n - 1 : named == n - 1 ? -1 : named)) break; /* no "b<n-1>" */
        }
        CHECK(k == n);
        pm_pmx_free(&m);
    }
    CHECK(comparisons[0] > 0 && comparisons[1] <= 16 * comparisons[0]); /* names compared, through the count */
    printf("    rigid bodies found by bone name: %ld comparisons for 1,000 bones and bodies, %ld for 8,000\n",
           comparisons[0], comparisons[1]);
}
