/* The examples' BVH reader (examples/bvh.h): structure, rotations against
   cglm's own rotation products, and malformed files (each an error with a
   line number; every truncation read from an exact-size heap copy, so ASan
   sees any read past the end). */
#include "test.h"

#include "../examples/bvh.h"

static const char bvh_text[] =
    "HIERARCHY\n"
    "ROOT Hips\n"
    "{\n"
    "  OFFSET 0 90 0\n"
    "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
    "  JOINT Spine\n"
    "  {\n"
    "    OFFSET 0 10.5 0\n"
    "    CHANNELS 3 Xrotation Yrotation Zrotation\n"
    "    End Site\n"
    "    {\n"
    "      OFFSET 0 20 0\n"
    "    }\n"
    "  }\n"
    "  JOINT LeftLeg\n"
    "  {\n"
    "    OFFSET 10 -5 0\n"
    "    CHANNELS 2 Yrotation Xrotation\n"
    "    End Site { OFFSET 0 -40 0 }\n"
    "  }\n"
    "}\n"
    "MOTION\n"
    "Frames: 2\n"
    "Frame Time: 0.0333333\n"
    "1 2 3 10 20 30 40 50 60 70 80\n"
    "0 0 0 0 0 0 0 0 0 0 -90\n";

static int parse_copy(const char *text, size_t length, bvh *out, char *error, size_t error_size)
{
    char *copy = (char *)malloc(length ? length : 1);
    int result;
    memcpy(copy, text, length);
    result = bvh_parse(copy, length, out, error, error_size);
    free(copy);
    return result;
}

/* q's rotation matrix against R = R(axis0, angle0) R(axis1, angle1) ... built
   by cglm's glm_rotate (which multiplies on the right). */
static void check_rotation(const versor q, int count, const char *axes, const float *degrees)
{
    mat4 expected, got;
    int i, r, c;
    glm_mat4_identity(expected);
    for (i = 0; i < count; ++i) { /* by axis: glm_rotate would normalize the axis (a 1/sqrt estimate under -ffast-math) */
        const float angle = glm_rad(degrees[i]);
        if (axes[i] == 'X') glm_rotate_x(expected, angle, expected);
        else if (axes[i] == 'Y') glm_rotate_y(expected, angle, expected);
        else glm_rotate_z(expected, angle, expected);
    }
    {
        versor aligned;
        glm_quat_copy((float *)q, aligned);
        glm_quat_mat4(aligned, got);
    }
    for (c = 0; c < 3; ++c)
        for (r = 0; r < 3; ++r) CHECK_NEAR(got[c][r], expected[c][r], 1e-6);
}

void test_bvh_parse(void)
{
    static const float hips[3] = {10.0f, 20.0f, 30.0f}, spine[3] = {40.0f, 50.0f, 60.0f}, leg[2] = {70.0f, 80.0f},
                       leg_next[1] = {-90.0f};
    bvh b;
    char error[128];
    float t[3];
    versor q;
    CHECK(parse_copy(bvh_text, sizeof bvh_text - 1, &b, error, sizeof error) == 0);
    if (b.joint_count != 3) {
        CHECK(b.joint_count == 3);
        return;
    }
    CHECK(strcmp(b.joints[0].name, "Hips") == 0 && b.joints[0].parent == -1);
    CHECK(strcmp(b.joints[1].name, "Spine") == 0 && b.joints[1].parent == 0);
    CHECK(strcmp(b.joints[2].name, "LeftLeg") == 0 && b.joints[2].parent == 0);
    CHECK(b.joints[1].offset[1] == 10.5f && b.joints[2].offset[0] == 10.0f && b.joints[2].offset[1] == -5.0f);
    CHECK(!b.joints[0].has_end_site && b.joints[1].has_end_site && b.joints[1].end_site[1] == 20.0f);
    CHECK(b.joints[2].has_end_site && b.joints[2].end_site[1] == -40.0f);
    CHECK(b.joints[0].first_channel == 0 && b.joints[1].first_channel == 6 && b.joints[2].first_channel == 9);
    CHECK(b.joints[0].rotation_order == PM_EULER_ZXY && b.joints[1].rotation_order == PM_EULER_XYZ);
    CHECK(b.joints[2].rotation_order == PM_EULER_YXZ); /* Z, which it lacks, appended */
    CHECK(b.channel_count == 11 && b.frame_count == 2);
    CHECK_NEAR(b.frame_time, 0.0333333, 1e-12);
    CHECK(b.frames[10] == 80.0f && b.frames[21] == -90.0f);

    bvh_local(&b, 0, 0, t, q);
    CHECK(t[0] == 1.0f && t[1] == 92.0f && t[2] == 3.0f);
    check_rotation(q, 3, "ZXY", hips);
    bvh_local(&b, 1, 0, t, q);
    CHECK(t[0] == 0.0f && t[1] == 10.5f && t[2] == 0.0f);
    check_rotation(q, 3, "XYZ", spine);
    bvh_local(&b, 2, 0, t, q);
    check_rotation(q, 2, "YX", leg);
    bvh_local(&b, 2, 1, t, q);
    check_rotation(q, 1, "X", leg_next);
    bvh_local(&b, 0, 1, t, q);
    CHECK(t[1] == 90.0f && q[3] == 1.0f);
    bvh_free(&b);
    CHECK(b.joints == NULL && b.frames == NULL);
}

/* Each malformed file is an error whose message starts with its line. */
void test_bvh_errors(void)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"", "line 1: expected HIERARCHY, found the end of the file"},
        {"HIERARCHY\nJOINT A { OFFSET 0 0 0 CHANNELS 0 }\nMOTION\nFrames: 0\nFrame Time: 1\n", "line 2: unexpected \"JOINT\""},
        {"HIERARCHY\nEnd Site { OFFSET 0 0 0 }\n", "line 2: unexpected \"End\""},
        {"HIERARCHY\nMOTION\nFrames: 0\nFrame Time: 1\n", "line 2: no ROOT joint"},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 1 Wrotation\n}\n", "line 5: unknown channel \"Wrotation\""},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 7 Xrotation\n}\n", "line 5: expected a whole number in [0, 6]"},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 2 Xrotation Xrotation\n}\n", "line 5: channel Xrotation appears twice"},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 zero 0\n", "line 4: expected a finite number, found \"zero\""},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 1e39 0\n", "line 4: offset 1e39 is out of float range"},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 0\n", "line 6: unclosed joint \"A\""},
        {"HIERARCHY\nROOT {\n", "line 2: a joint without a name"},
        {"HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\n", "line 7: no MOTION section"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: -1\n", "line 4: expected a whole number"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 1.5\n", "line 4: expected a whole number"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 1\nFrame Time: -1\n", "line 5: negative frame time"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 2\nFrame Time: 1\n5\n",
         "line 7: expected a number, found the end of the file"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 1\nFrame Time: 1\nnan\n",
         "line 6: expected a finite number, found \"nan\""},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 1\nFrame Time: 1\ninf\n",
         "line 6: expected a finite number, found \"inf\""},
        /* what a file can make the reader allocate is bounded by its size */
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 100000000\nFrame Time: 1\n",
         "line 5: \"Frames: 100000000\" but the rest of the file holds at most 1 frames"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 0 }\nMOTION\nFrames: 1073741824\nFrame Time: 1\n",
         "line 5: \"Frames: 1073741824\" but the rest of the file holds at most 2 frames"},
        {"HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 2 Xrotation Yrotation }\nMOTION\nFrames: 3\nFrame Time: 1\n0 0\n0 0\n",
         "line 5: \"Frames: 3\" but the rest of the file holds at most 2 frames"},
        {"HIERARCHY\nROOT AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n",
         "line 2: a word longer than 63 characters"},
    };
    char error[128], text[16384];
    bvh b;
    size_t i, n;
    for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        test_context("case %d", (int)i);
        CHECK(parse_copy(cases[i].text, strlen(cases[i].text), &b, error, sizeof error) == -1);
        CHECK(strncmp(error, cases[i].message, strlen(cases[i].message)) == 0);
        CHECK(b.joints == NULL && b.frames == NULL && b.joint_count == 0);
        if (strncmp(error, cases[i].message, strlen(cases[i].message)) != 0) printf("    got: %s\n", error);
    }
    /* frame lines past Frames: (Boxing_Toes.bvh has one): a warning, the count wins */
    {
        static const char extra[] = "HIERARCHY\nROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 1\n"
                                    "Frame Time: 1\n5\n6\n7\n";
        test_context("extra frame lines");
        CHECK(parse_copy(extra, strlen(extra), &b, error, sizeof error) == 0);
        CHECK(b.frame_count == 1 && b.frames[0] == 5.0f);
        CHECK(strcmp(b.warning, "line 7: frame lines past \"Frames: 1\", ignored") == 0);
        bvh_free(&b);
        CHECK(parse_copy(bvh_text, sizeof bvh_text - 1, &b, error, sizeof error) == 0 && b.warning[0] == '\0');
        bvh_free(&b);
    }
    /* nesting: 256 levels are fine, 257 are not */
    n = (size_t)snprintf(text, sizeof text, "HIERARCHY\n");
    for (i = 0; i < 257; ++i)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s J%d { OFFSET 0 0 0 CHANNELS 0\n", i ? "JOINT" : "ROOT", (int)i);
    test_context("nesting");
    CHECK(parse_copy(text, n, &b, error, sizeof error) == -1);
    CHECK(strstr(error, "line 258: joints nested deeper than 256") != NULL);
    n = (size_t)snprintf(text, sizeof text, "HIERARCHY\n");
    for (i = 0; i < 256; ++i)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s J%d { OFFSET 0 0 0 CHANNELS 0\n", i ? "JOINT" : "ROOT", (int)i);
    for (i = 0; i < 256; ++i) n += (size_t)snprintf(text + n, sizeof text - n, "}");
    n += (size_t)snprintf(text + n, sizeof text - n, "\nMOTION\nFrames: 1\nFrame Time: 1\n");
    CHECK(parse_copy(text, n, &b, error, sizeof error) == 0 && b.joint_count == 256 && b.joints[255].parent == 254);
    bvh_free(&b);
    /* every truncation of a valid file is an error, except those that cut
       the last value "-90" to "-9" */
    for (i = 0; i + 2 < sizeof bvh_text - 1; ++i) {
        test_context("truncated to %d bytes", (int)i);
        CHECK(parse_copy(bvh_text, i, &b, error, sizeof error) == -1);
    }
    test_context("the last value cut");
    CHECK(parse_copy(bvh_text, sizeof bvh_text - 3, &b, error, sizeof error) == 0 && b.frames[21] == -9.0f);
    bvh_free(&b);
    test_context("no error buffer");
    CHECK(parse_copy("", 0, &b, NULL, 0) == -1);
}

/* ---- a real motion capture file: CMU's 01_01.bvh (Debian assimp-testmodels) ---- */

#include "fixtures/bvh_cmu_threejs.h"
#include "fixtures/humanoid_vrm_threevrm.h"

#define CMU_BVH "/usr/share/assimp/models/BVH/01_01.bvh"

typedef struct cmu_scene {
    bvh motion;
    int *parent, bone_node[PM_BONE_COUNT];
    pm_transform *rest, *fitted, *pose;
    float *world;
} cmu_scene;

/* The file as a scene: rest = the zero-rotation pose (the OFFSETs), bones by
   name. 0 when the file is not there. */
static int cmu_load(cmu_scene *s)
{
    FILE *present = fopen(CMU_BVH, "rb");
    char error[128];
    int j;
    memset(s, 0, sizeof *s);
    if (!present) {
        printf("  %s absent (Debian assimp-testmodels): CMU tests skipped\n", CMU_BVH);
        return 0;
    }
    fclose(present);
    CHECK(bvh_load(CMU_BVH, &s->motion, error, sizeof error) == 0);
    s->parent = (int *)malloc(sizeof(int) * (size_t)s->motion.joint_count);
    s->rest = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)s->motion.joint_count);
    s->fitted = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)s->motion.joint_count);
    s->pose = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)s->motion.joint_count);
    s->world = (float *)malloc(16 * sizeof(float) * (size_t)s->motion.joint_count);
    for (j = 0; j < s->motion.joint_count; ++j) s->parent[j] = s->motion.joints[j].parent;
    bvh_rest(&s->motion, s->rest);
    bvh_humanoid(&s->motion, s->bone_node);
    return 1;
}

static void cmu_free(cmu_scene *s)
{
    bvh_free(&s->motion);
    free(s->parent), free(s->rest), free(s->fitted), free(s->pose), free(s->world);
}

/* Angle in degrees between a bone (its joint to the next bone's joint) and an axis */
static double cmu_bone_angle(const cmu_scene *s, const float *world, pm_bone from, pm_bone to, const float axis[3])
{
    vec3 d;
    glm_vec3_sub((float *)world + 16 * s->bone_node[to] + 12, (float *)world + 16 * s->bone_node[from] + 12, d);
    glm_vec3_normalize(d);
    return acos(fmin(1.0, (double)glm_vec3_dot(d, (float *)axis))) * 180.0 / GLM_PI;
}

/* CMU's zero pose (legs apart, arms down, hips at the origin) fitted to the
   VRM T-pose: init refuses the unfitted rest for its hips height; fitted,
   every limb is within 1 degree of its T-pose axis (it is 15+ degrees off
   before), and the lowest foot or toes joint is on y = 0. */
void test_bvh_cmu_fit_tpose(void)
{
    static const struct { pm_bone from, to; float axis[3]; } limbs[] = {
        {PM_BONE_HIPS, PM_BONE_SPINE, {0, 1, 0}},
        {PM_BONE_LEFT_UPPER_LEG, PM_BONE_LEFT_LOWER_LEG, {0, -1, 0}},
        {PM_BONE_LEFT_LOWER_LEG, PM_BONE_LEFT_FOOT, {0, -1, 0}},
        {PM_BONE_RIGHT_UPPER_LEG, PM_BONE_RIGHT_LOWER_LEG, {0, -1, 0}},
        {PM_BONE_RIGHT_LOWER_LEG, PM_BONE_RIGHT_FOOT, {0, -1, 0}},
        {PM_BONE_LEFT_UPPER_ARM, PM_BONE_LEFT_LOWER_ARM, {1, 0, 0}},
        {PM_BONE_LEFT_LOWER_ARM, PM_BONE_LEFT_HAND, {1, 0, 0}},
        {PM_BONE_RIGHT_UPPER_ARM, PM_BONE_RIGHT_LOWER_ARM, {-1, 0, 0}},
        {PM_BONE_RIGHT_LOWER_ARM, PM_BONE_RIGHT_HAND, {-1, 0, 0}},
    };
    static cmu_scene s;
    pm_humanoid h;
    double before = 0.0;
    size_t k;
    int j;
    float lowest = 1e30f;
    if (!cmu_load(&s)) return;
    CHECK_RESULT(pm_humanoid_init(&h, s.bone_node, s.parent, s.motion.joint_count, s.rest, NULL), PM_ERROR_HIPS_HEIGHT);
    CHECK_RESULT(pm_scene_world_matrices(s.parent, s.motion.joint_count, s.rest, s.world), PM_OK);
    for (k = 0; k < sizeof limbs / sizeof limbs[0]; ++k)
        before = fmax(before, cmu_bone_angle(&s, s.world, limbs[k].from, limbs[k].to, limbs[k].axis));
    CHECK(before > 15.0);
    CHECK_RESULT(pm_humanoid_fit_tpose(s.bone_node, s.parent, s.motion.joint_count, s.rest, s.fitted, NULL), PM_OK);
    CHECK_RESULT(pm_humanoid_init(&h, s.bone_node, s.parent, s.motion.joint_count, s.fitted, NULL), PM_OK);
    CHECK_RESULT(pm_scene_world_matrices(s.parent, s.motion.joint_count, s.fitted, s.world), PM_OK);
    for (k = 0; k < sizeof limbs / sizeof limbs[0]; ++k) {
        test_context("%s", pm_bone_name(limbs[k].from));
        CHECK_NEAR(cmu_bone_angle(&s, s.world, limbs[k].from, limbs[k].to, limbs[k].axis), 0.0, 1.0);
    }
    test_context("%s", "");
    for (j = 0; j < s.motion.joint_count; ++j)
        if (j == s.bone_node[PM_BONE_LEFT_FOOT] || j == s.bone_node[PM_BONE_RIGHT_FOOT] ||
            j == s.bone_node[PM_BONE_LEFT_TOES] || j == s.bone_node[PM_BONE_RIGHT_TOES])
            lowest = fminf(lowest, s.world[16 * j + 13]);
    CHECK_NEAR(lowest, 0.0, 1e-4);
    cmu_free(&s);
}

/* CMU animates joints between bones (LowerBack up to 32 degrees, Neck1 up to
   59): read folds them into the bones, so that written back with those
   joints at rest every bone has the world rotation three.js's BVHLoader
   gives it with all joints animated (within 1e-5; without the folding the
   spine is off by 10+ degrees). */
void test_bvh_cmu_between_joints(void)
{
    static cmu_scene s;
    pm_humanoid h;
    size_t k;
    double unfolded = 0.0;
    if (!cmu_load(&s)) return;
    CHECK_RESULT(pm_humanoid_fit_tpose(s.bone_node, s.parent, s.motion.joint_count, s.rest, s.fitted, NULL), PM_OK);
    CHECK_RESULT(pm_humanoid_init(&h, s.bone_node, s.parent, s.motion.joint_count, s.fitted, NULL), PM_OK);
    for (k = 0; k < sizeof bvh_cmu_world / sizeof bvh_cmu_world[0]; ++k) {
        const struct bvh_world *w = &bvh_cmu_world[k];
        pm_raw_pose raw;
        versor q;
        mat4 m;
        int node, bone;
        for (bone = 0; bone < PM_BONE_COUNT; ++bone) /* the joint's bone */
            if (s.bone_node[bone] >= 0 && strcmp(s.motion.joints[s.bone_node[bone]].name, w->joint) == 0) break;
        if (bone == PM_BONE_COUNT) continue; /* a joint between bones, or past the hands */
        node = s.bone_node[bone];
        if (k == 0 || bvh_cmu_world[k - 1].frame != w->frame) { /* a new frame: read, write onto the rest */
            bvh_pose(&s.motion, w->frame, s.pose);
            CHECK_RESULT(pm_pose_read(&h, s.pose, &raw), PM_OK);
            memcpy(s.fitted, s.rest, sizeof(pm_transform) * (size_t)s.motion.joint_count);
            CHECK_RESULT(pm_pose_write(&h, &raw, s.fitted), PM_OK);
            CHECK_RESULT(pm_scene_world_matrices(s.parent, s.motion.joint_count, s.fitted, s.world), PM_OK);
        }
        memcpy(m, s.world + 16 * node, sizeof m);
        glm_mat4_quat(m, q);
        test_context("frame %d %s", w->frame, w->joint);
        CHECK_NEAR(test_quat_diff(q, w->rotation), 0.0, 1e-5);
        { /* the same bone with its local rotation copied and nothing folded */
            int j;
            memcpy(s.pose, s.rest, sizeof(pm_transform) * (size_t)s.motion.joint_count);
            for (j = 0; j < PM_BONE_COUNT; ++j) { /* the frame's rotations on the bones only */
                pm_transform frame_local;
                if (s.bone_node[j] < 0) continue;
                bvh_local(&s.motion, s.bone_node[j], w->frame, frame_local.translation, frame_local.rotation);
                glm_quat_copy(frame_local.rotation, s.pose[s.bone_node[j]].rotation);
            }
            CHECK_RESULT(pm_scene_world_matrices(s.parent, s.motion.joint_count, s.pose, s.world), PM_OK);
            memcpy(m, s.world + 16 * node, sizeof m);
            glm_mat4_quat(m, q);
            unfolded = fmax(unfolded, 2.0 * asin(fmin(1.0, test_quat_diff(q, w->rotation))) * 180.0 / GLM_PI);
            CHECK_RESULT(pm_scene_world_matrices(s.parent, s.motion.joint_count, s.fitted, s.world), PM_OK);
        }
    }
    test_context("%s", "");
    CHECK(unfolded > 10.0);
    cmu_free(&s);
}

/* CMU's motion, fitted and read with its joints between bones folded in,
   onto the real 53-bone VRM 1.0 rig of the VRM specification's samples
   (rotated and scaled nodes, no upperChest, fingers the motion lacks):
   every 50th frame keeps the retargeting rule (test_check_retarget). */
void test_bvh_cmu_onto_vrm(void)
{
    static cmu_scene s;
    static pm_transform vrm_rest[64];
    int vrm_parent[64], n = 0, i, frame, inherited = 0;
    const struct vrm_rig *vr = &vrm_rigs[0];
    pm_humanoid cmu, vrm;
    if (!cmu_load(&s)) return;
    CHECK(vr->node_count <= 64);
    test_load_nodes(vrm_nodes + vr->first_node, vr->node_count, vrm_parent, vrm_rest);
    for (i = 0; i < PM_BONE_COUNT; ++i) n += vr->bone_node[i] >= 0;
    CHECK(n == 53);
    CHECK_RESULT(pm_humanoid_init(&vrm, vr->bone_node, vrm_parent, vr->node_count, vrm_rest, NULL), PM_OK);
    CHECK_RESULT(pm_humanoid_fit_tpose(s.bone_node, s.parent, s.motion.joint_count, s.rest, s.fitted, NULL), PM_OK);
    CHECK_RESULT(pm_humanoid_init(&cmu, s.bone_node, s.parent, s.motion.joint_count, s.fitted, NULL), PM_OK);
    for (frame = 0; frame < s.motion.frame_count; frame += 50) {
        pm_raw_pose raw;
        bvh_pose(&s.motion, frame, s.pose);
        CHECK_RESULT(pm_pose_read(&cmu, s.pose, &raw), PM_OK);
        test_context("frame %d", frame);
        inherited += test_check_retarget(&cmu, &vrm, &raw);
    }
    test_context("%s", "");
    CHECK(inherited > 0); /* the rig's fingers and upper chest follow the motion's hands and chest */
    cmu_free(&s);
}
