/* bvh.h: a BVH (Biovision hierarchy) motion reader for the examples.

     bvh motion;
     char error[128];
     if (bvh_parse(text, length, &motion, error, sizeof error) != 0) puts(error);  // "line 12: ..."
     // or bvh_load("motion.bvh", &motion, error, sizeof error) for a file
     if (motion.warning[0]) puts(motion.warning);    // readable, but not as it should be
     bvh_local(&motion, joint, frame, translation, rotation);                       // posemath conventions
     bvh_rest(&motion, rest);                        // the zero-rotation pose, joints as a scene
     bvh_pose(&motion, frame, pose);                 // a frame, joints as a scene
     bvh_humanoid(&motion, bone_node);               // joint of each humanoid bone, by name
     bvh_free(&motion);

   Any channel order is accepted: a joint's rotation channels, in file order
   ABC, mean R = RA RB RC (an intrinsic product: posemath's PM_ROTATION_POINT
   with order ABC, in degrees). A joint's translation is its OFFSET plus its
   position channels, in the file's units (retargeting scales the hips by
   the ratio of rest hips heights, so units need not be converted). A BVH's
   rest is its zero-rotation pose: pm_humanoid_fit_tpose turns it into the VRM
   T-pose (CMU's has the legs apart, the arms down and the hips at the
   origin). Names: the mocap convention (CMU: Hips, LowerBack, Spine,
   Spine1, LeftArm, LeftUpLeg, ...), the collar one (Boxing_Toes.bvh: Ab,
   LeftCollar, LeftShoulder = upper arm, LeftHip, ...), or VRM bone names.
   A Frames: count below the frame lines is a warning (the count wins).
   Text is read up to `length` bytes, never further; any malformed input is
   an error with a line number, never a crash; what a file can make the
   reader allocate is bounded by the file's size (a "Frames:" count that the
   rest of the file cannot hold is an error). Example code: it allocates
   (bvh_free releases everything), and is single-file: include it where it
   is used. */
#ifndef EXAMPLES_BVH_H
#define EXAMPLES_BVH_H

#include "../posemath.h"
#include "read_file.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BVH_NAME_SIZE = 64, BVH_MAX_DEPTH = 256, BVH_MAX_VALUES = 1 << 24 };

typedef enum bvh_channel {
    BVH_XPOSITION, BVH_YPOSITION, BVH_ZPOSITION, BVH_XROTATION, BVH_YROTATION, BVH_ZROTATION
} bvh_channel;

typedef struct bvh_joint {
    char name[BVH_NAME_SIZE];
    int parent;                     /* -1 for a ROOT */
    float offset[3];
    int has_end_site;               /* an "End Site" child: its offset is the bone's tip */
    float end_site[3];
    int channel_count;              /* 0..6 */
    unsigned char channels[6];      /* bvh_channel, in file order */
    int first_channel;              /* where its values start in a frame */
    pm_euler_order rotation_order;  /* its rotation channels' order (axes it lacks appended) */
} bvh_joint;

typedef struct bvh {
    bvh_joint *joints;              /* parents before children */
    int joint_count;
    int channel_count;              /* values per frame */
    int frame_count;                /* as Frames: says */
    double frame_time;              /* seconds */
    char warning[128];              /* "line N: ..." when the file is off but readable, else "" */
    float *frames;                  /* frame_count x channel_count */
} bvh;

/* ---- reading ------------------------------------------------------------------ */

typedef struct bvh_reader {
    const char *text, *end;
    int line;
    char token[BVH_NAME_SIZE];
    char *error;
    size_t error_size;
} bvh_reader;

static int bvh_fail(bvh_reader *r, const char *format, ...)
{
    va_list args;
    int n = snprintf(r->error, r->error_size, "line %d: ", r->line);
    if (n >= 0 && (size_t)n < r->error_size) {
        va_start(args, format);
        vsnprintf(r->error + n, r->error_size - (size_t)n, format, args);
        va_end(args);
    }
    return -1;
}

/* The next word into r->token: braces are words of their own. 0 at the end
   of the text; -1 (with the error set) for a word too long. */
static int bvh_next(bvh_reader *r)
{
    size_t n = 0;
    while (r->text < r->end && isspace((unsigned char)*r->text)) {
        if (*r->text == '\n') ++r->line;
        ++r->text;
    }
    if (r->text == r->end) return 0;
    if (*r->text == '{' || *r->text == '}') {
        r->token[n++] = *r->text++;
    } else {
        while (r->text < r->end && !isspace((unsigned char)*r->text) && *r->text != '{' && *r->text != '}') {
            if (n + 1 >= sizeof r->token) return bvh_fail(r, "a word longer than %d characters", BVH_NAME_SIZE - 1);
            r->token[n++] = *r->text++;
        }
    }
    r->token[n] = '\0';
    return 1;
}

/* The next word, which must be there: 0, or -1 with the error set. */
static int bvh_word(bvh_reader *r, const char *what)
{
    int got = bvh_next(r);
    if (got == 0) return bvh_fail(r, "expected %s, found the end of the file", what);
    return got < 0 ? -1 : 0;
}

/* The next word must be `word`. */
static int bvh_expect(bvh_reader *r, const char *word)
{
    if (bvh_word(r, word) != 0) return -1;
    if (strcmp(r->token, word) != 0) return bvh_fail(r, "expected %s, found \"%s\"", word, r->token);
    return 0;
}

/* Finiteness on the bits: -ffast-math removes isfinite(). */
static int bvh_finite(double value)
{
    unsigned long long bits;
    memcpy(&bits, &value, sizeof bits);
    return (bits >> 52 & 0x7ffu) != 0x7ffu;
}

/* The next word as a finite number. */
static int bvh_number(bvh_reader *r, double *value)
{
    char *stop;
    if (bvh_word(r, "a number") != 0) return -1;
    *value = strtod(r->token, &stop);
    if (stop == r->token || *stop != '\0' || !bvh_finite(*value))
        return bvh_fail(r, "expected a finite number, found \"%s\"", r->token);
    return 0;
}

static int bvh_integer(bvh_reader *r, int low, int high, int *value)
{
    double number;
    if (bvh_number(r, &number) != 0) return -1;
    if (number != floor(number) || number < low || number > high)
        return bvh_fail(r, "expected a whole number in [%d, %d], found \"%s\"", low, high, r->token);
    *value = (int)number;
    return 0;
}

static int bvh_offset(bvh_reader *r, float offset[3])
{
    double value;
    int k;
    if (bvh_expect(r, "OFFSET") != 0) return -1;
    for (k = 0; k < 3; ++k) {
        if (bvh_number(r, &value) != 0) return -1;
        if (fabs(value) > 3.0e38) return bvh_fail(r, "offset %s is out of float range", r->token);
        offset[k] = (float)value;
    }
    return 0;
}

static int bvh_channels(bvh_reader *r, bvh *out, bvh_joint *joint)
{
    static const char *const names[6] = {"Xposition", "Yposition", "Zposition",
                                         "Xrotation", "Yrotation", "Zrotation"};
    char order[4] = {0, 0, 0, 0};
    int i, c, seen = 0, rotations = 0;
    if (bvh_expect(r, "CHANNELS") != 0 || bvh_integer(r, 0, 6, &joint->channel_count) != 0) return -1;
    for (i = 0; i < joint->channel_count; ++i) {
        if (bvh_word(r, "a channel name") != 0) return -1;
        for (c = 0; c < 6 && strcmp(r->token, names[c]) != 0; ++c) continue;
        if (c == 6) return bvh_fail(r, "unknown channel \"%s\"", r->token);
        if (seen & (1 << c)) return bvh_fail(r, "channel %s appears twice", r->token);
        seen |= 1 << c;
        joint->channels[i] = (unsigned char)c;
        if (c >= BVH_XROTATION) order[rotations++] = (char)('X' + c - BVH_XROTATION);
    }
    for (c = 0; c < 3; ++c) /* axes without a channel turn by 0: append them */
        if (!(seen & (1 << (BVH_XROTATION + c)))) order[rotations++] = (char)('X' + c);
    pm_euler_order_parse(order, &joint->rotation_order); /* three distinct axes: always a valid order */
    joint->first_channel = out->channel_count;
    out->channel_count += joint->channel_count;
    return 0;
}

static int bvh_hierarchy(bvh_reader *r, bvh *out)
{
    int stack[BVH_MAX_DEPTH], depth = 0, capacity = 0, got;
    if (bvh_expect(r, "HIERARCHY") != 0) return -1;
    while ((got = bvh_next(r)) == 1) {
        int is_root = strcmp(r->token, "ROOT") == 0;
        if (strcmp(r->token, "MOTION") == 0 && depth == 0) break;
        if (strcmp(r->token, "}") == 0 && depth > 0) {
            --depth;
            continue;
        }
        if (is_root != (depth == 0) || (!is_root && strcmp(r->token, "JOINT") != 0 && strcmp(r->token, "End") != 0))
            return bvh_fail(r, "unexpected \"%s\"", r->token);
        if (strcmp(r->token, "End") == 0) { /* End Site { OFFSET x y z } */
            bvh_joint *parent = &out->joints[stack[depth - 1]];
            if (bvh_expect(r, "Site") != 0 || bvh_expect(r, "{") != 0 || bvh_offset(r, parent->end_site) != 0 ||
                bvh_expect(r, "}") != 0)
                return -1;
            parent->has_end_site = 1;
            continue;
        }
        if (depth == BVH_MAX_DEPTH) return bvh_fail(r, "joints nested deeper than %d", BVH_MAX_DEPTH);
        if (out->joint_count == capacity) {
            bvh_joint *grown;
            if (capacity > (1 << 20)) return bvh_fail(r, "more than %d joints", 1 << 20);
            capacity = capacity ? 2 * capacity : 32;
            grown = (bvh_joint *)realloc(out->joints, (size_t)capacity * sizeof *grown);
            if (!grown) return bvh_fail(r, "out of memory");
            out->joints = grown;
        }
        {
            bvh_joint *joint = &out->joints[out->joint_count];
            memset(joint, 0, sizeof *joint);
            joint->parent = depth ? stack[depth - 1] : -1;
            if (bvh_word(r, "a joint name") != 0) return -1;
            if (strcmp(r->token, "{") == 0) return bvh_fail(r, "a joint without a name");
            memcpy(joint->name, r->token, sizeof joint->name);
            if (bvh_expect(r, "{") != 0 || bvh_offset(r, joint->offset) != 0 || bvh_channels(r, out, joint) != 0)
                return -1;
            stack[depth++] = out->joint_count++;
        }
    }
    if (got < 0) return -1;
    if (got == 0) return bvh_fail(r, depth ? "unclosed joint \"%s\"" : "no MOTION section",
                                  depth ? out->joints[stack[depth - 1]].name : "");
    if (out->joint_count == 0) return bvh_fail(r, "no ROOT joint");
    return 0;
}

static int bvh_motion(bvh_reader *r, bvh *out)
{
    size_t count, per_frame, i;
    double value;
    int extra;
    if (bvh_expect(r, "Frames:") != 0 || bvh_integer(r, 0, 1 << 30, &out->frame_count) != 0 ||
        bvh_expect(r, "Frame") != 0 || bvh_expect(r, "Time:") != 0 || bvh_number(r, &out->frame_time) != 0)
        return -1;
    if (out->frame_time < 0.0) return bvh_fail(r, "negative frame time");
    /* What a file can make the reader allocate is bounded by its size: a
       frame is a line of values, each at least a digit and a separator (a
       frame without channels is at least a line break). */
    per_frame = out->channel_count ? 2 * (size_t)out->channel_count : 1;
    if ((size_t)out->frame_count > ((size_t)(r->end - r->text) + 1) / per_frame)
        return bvh_fail(r, "\"Frames: %d\" but the rest of the file holds at most %lu frames", out->frame_count,
                        (unsigned long)(((size_t)(r->end - r->text) + 1) / per_frame));
    count = (size_t)out->frame_count * (size_t)out->channel_count;
    if (count > BVH_MAX_VALUES) return bvh_fail(r, "more than %d motion values", BVH_MAX_VALUES);
    out->frames = (float *)malloc(count ? count * sizeof(float) : 1);
    if (!out->frames) return bvh_fail(r, "out of memory");
    for (i = 0; i < count; ++i) {
        if (bvh_number(r, &value) != 0) return -1;
        if (fabs(value) > 3.0e38) return bvh_fail(r, "value %s is out of float range", r->token);
        out->frames[i] = (float)value;
    }
    if ((extra = bvh_next(r)) < 0) return -1;
    if (extra) /* files with one frame line more than Frames: says exist (Boxing_Toes.bvh): its count wins */
        snprintf(out->warning, sizeof out->warning, "line %d: frame lines past \"Frames: %d\", ignored", r->line,
                 out->frame_count);
    return 0;
}

static void bvh_free(bvh *b)
{
    free(b->joints);
    free(b->frames);
    memset(b, 0, sizeof *b);
}

/* 0, or -1 with a message "line N: ..." in error (and *out empty). */
static int bvh_parse(const char *text, size_t length, bvh *out, char *error, size_t error_size)
{
    bvh_reader r;
    char unused[1];
    memset(out, 0, sizeof *out);
    r.text = text;
    r.end = text + length;
    r.line = 1;
    r.error = error_size ? error : unused;
    r.error_size = error_size ? error_size : sizeof unused;
    r.error[0] = '\0';
    if (bvh_hierarchy(&r, out) != 0 || bvh_motion(&r, out) != 0) {
        bvh_free(out);
        return -1;
    }
    return 0;
}

/* bvh_parse on the file at path: 0, or -1 with "cannot be read" or the
   parser's "line N: ..." in error. */
static int bvh_load(const char *path, bvh *out, char *error, size_t error_size)
{
    size_t length;
    char *text = (char *)read_file(path, &length);
    int result;
    if (!text) {
        memset(out, 0, sizeof *out);
        if (error_size) snprintf(error, error_size, "cannot be read");
        return -1;
    }
    result = bvh_parse(text, length, out, error, error_size);
    free(text);
    return result;
}

/* Joint's local translation and rotation at a frame (no checks: joint and
   frame must be in range). */
static void bvh_local(const bvh *b, int joint, int frame, float translation[3], versor rotation)
{
    const bvh_joint *j = &b->joints[joint];
    const float *values = b->frames + (size_t)frame * (size_t)b->channel_count + j->first_channel;
    vec3 degrees = {0.0f, 0.0f, 0.0f};
    int i;
    memcpy(translation, j->offset, sizeof j->offset);
    for (i = 0; i < j->channel_count; ++i) {
        if (j->channels[i] < BVH_XROTATION) translation[j->channels[i]] += values[i];
        else degrees[j->channels[i] - BVH_XROTATION] = values[i];
    }
    if (pm_euler_deg_to_quat(degrees, j->rotation_order, PM_ROTATION_POINT, rotation) != PM_OK) {
        rotation[0] = rotation[1] = rotation[2] = 0.0f; /* cannot happen: the reader keeps values finite */
        rotation[3] = 1.0f;
    }
}

/* ---- the skeleton as a humanoid ------------------------------------------------ */

/* The zero-rotation pose: every joint at its OFFSET, unrotated. A BVH's
   rest (pm_humanoid_fit_tpose turns it into the T-pose). */
static void bvh_rest(const bvh *b, pm_transform *rest)
{
    int j;
    for (j = 0; j < b->joint_count; ++j) {
        memcpy(rest[j].translation, b->joints[j].offset, sizeof rest[j].translation);
        rest[j].rotation[0] = rest[j].rotation[1] = rest[j].rotation[2] = 0.0f;
        rest[j].rotation[3] = 1.0f;
        rest[j].scale[0] = rest[j].scale[1] = rest[j].scale[2] = 1.0f;
    }
}

/* A frame as a scene pose: each joint's local transform (bvh_local). */
static void bvh_pose(const bvh *b, int frame, pm_transform *pose)
{
    int j;
    for (j = 0; j < b->joint_count; ++j) {
        bvh_local(b, j, frame, pose[j].translation, pose[j].rotation);
        pose[j].scale[0] = pose[j].scale[1] = pose[j].scale[2] = 1.0f;
    }
}

typedef struct bvh_name {
    const char *name;
    pm_bone bone;
} bvh_name;

/* Mocap naming, as CMU's files (and many tools') use it. LowerBack, Neck1,
   LHipJoint and RHipJoint are joints between bones: no bones of their own,
   their turns folded in by pm_pose_read. */
static const bvh_name bvh_names_mocap[] = {
    {"Hips", PM_BONE_HIPS}, {"Spine", PM_BONE_SPINE}, {"Spine1", PM_BONE_CHEST}, {"Chest", PM_BONE_CHEST},
    {"Neck", PM_BONE_NECK}, {"Head", PM_BONE_HEAD},
    {"LeftShoulder", PM_BONE_LEFT_SHOULDER}, {"LeftArm", PM_BONE_LEFT_UPPER_ARM},
    {"LeftForeArm", PM_BONE_LEFT_LOWER_ARM}, {"LeftHand", PM_BONE_LEFT_HAND},
    {"RightShoulder", PM_BONE_RIGHT_SHOULDER}, {"RightArm", PM_BONE_RIGHT_UPPER_ARM},
    {"RightForeArm", PM_BONE_RIGHT_LOWER_ARM}, {"RightHand", PM_BONE_RIGHT_HAND},
    {"LeftUpLeg", PM_BONE_LEFT_UPPER_LEG}, {"LeftLeg", PM_BONE_LEFT_LOWER_LEG}, {"LeftFoot", PM_BONE_LEFT_FOOT},
    {"LeftToeBase", PM_BONE_LEFT_TOES}, {"RightUpLeg", PM_BONE_RIGHT_UPPER_LEG},
    {"RightLeg", PM_BONE_RIGHT_LOWER_LEG}, {"RightFoot", PM_BONE_RIGHT_FOOT}, {"RightToeBase", PM_BONE_RIGHT_TOES},
    {NULL, PM_BONE_HIPS}};

/* The collar naming (Boxing_Toes.bvh and other older captures): Ab is the
   spine, LeftCollar the shoulder, LeftShoulder the *upper arm*, LeftHip the
   upper leg. Used when a skeleton has a LeftCollar or RightCollar joint. */
static const bvh_name bvh_names_collar[] = {
    {"Hips", PM_BONE_HIPS}, {"Ab", PM_BONE_SPINE}, {"Chest", PM_BONE_CHEST}, {"Neck", PM_BONE_NECK},
    {"Head", PM_BONE_HEAD},
    {"LeftCollar", PM_BONE_LEFT_SHOULDER}, {"LeftShoulder", PM_BONE_LEFT_UPPER_ARM},
    {"LeftElbow", PM_BONE_LEFT_LOWER_ARM}, {"LeftWrist", PM_BONE_LEFT_HAND},
    {"RightCollar", PM_BONE_RIGHT_SHOULDER}, {"RightShoulder", PM_BONE_RIGHT_UPPER_ARM},
    {"RightElbow", PM_BONE_RIGHT_LOWER_ARM}, {"RightWrist", PM_BONE_RIGHT_HAND},
    {"LeftHip", PM_BONE_LEFT_UPPER_LEG}, {"LeftKnee", PM_BONE_LEFT_LOWER_LEG}, {"LeftAnkle", PM_BONE_LEFT_FOOT},
    {"LeftToes", PM_BONE_LEFT_TOES}, {"RightHip", PM_BONE_RIGHT_UPPER_LEG}, {"RightKnee", PM_BONE_RIGHT_LOWER_LEG},
    {"RightAnkle", PM_BONE_RIGHT_FOOT}, {"RightToes", PM_BONE_RIGHT_TOES},
    {NULL, PM_BONE_HIPS}};

/* Each humanoid bone's joint, or -1: by the skeleton's naming convention
   (collar or mocap), then by VRM bone names (leftUpperArm, ...). The first
   joint of a name wins. */
static void bvh_humanoid(const bvh *b, int bone_node[PM_BONE_COUNT])
{
    const bvh_name *names = bvh_names_mocap;
    int j, k;
    for (k = 0; k < PM_BONE_COUNT; ++k) bone_node[k] = -1;
    for (j = 0; j < b->joint_count; ++j)
        if (strcmp(b->joints[j].name, "LeftCollar") == 0 || strcmp(b->joints[j].name, "RightCollar") == 0)
            names = bvh_names_collar;
    for (j = 0; j < b->joint_count; ++j) {
        pm_bone bone = PM_BONE_HIPS;
        int found = 0;
        for (k = 0; names[k].name && !found; ++k)
            if (strcmp(b->joints[j].name, names[k].name) == 0) {
                bone = names[k].bone;
                found = 1;
            }
        if (!found) found = pm_bone_parse(b->joints[j].name, &bone) == PM_OK;
        if (found && bone_node[bone] < 0) bone_node[bone] = j;
    }
}

#endif
