/* vmd2vrma: an MMD dance onto any VRM 1.0 model: a VMD motion, played on
   the PMX model it was made for, written as a VRM animation (.vrma) that
   VRM runtimes play on any humanoid (three-vrm's VRMAnimationLoaderPlugin,
   UniVRM).

   usage: vmd2vrma [options] MODEL.pmx MOTION.vmd OUT.vrma
     --map FILE   bone-name lines "PMXBoneName vrmBoneName" (# comments),
                  instead of MMD's standard names (below)
     --unit M     metres per MMD unit (default 0.08: MMD's scale, where a
                  character about 20 units tall is 1.6 m)
     --every N    keep every Nth frame (default 1: 30 keys per second)
     --print      also print the tracks written, as examples/vrma_tracks
                  prints them

   Each frame is evaluated as MMD does it (posemath_mmd.h's model instance: grants, IK
   with its switches, so the legs follow the feet; physics off), turned
   from MMD's left-handed space into glTF's (Z mirrored: the model then
   faces +Z, as VRM 1.0 models do), and read as a humanoid pose on the
   PMX's skeleton, whose rest is fitted to the VRM T-pose
   (pm_humanoid_fit_tpose); bones between humanoid bones (下半身,
   腰キャンセル, twist bones) fold into the bones below them, and the bones
   above the hips (センター, グルーブ, 全ての親) into the hips, whose track is
   its position in metres.

   The face: every morph the motion keys (and the model has) becomes a VRM
   expression track of the morph's weight, under the VRM 1.0 preset the
   table below names (あ aa, い ih, う ou, え ee, お oh, まばたき blink,
   ウィンク blinkLeft, ウィンク右 blinkRight, 笑い happy, 怒り angry, 困る sad,
   なごみ relaxed, びっくり surprised), or as a custom expression of the
   morph's own name: a VRM avatar with expressions of those names plays
   the dance's face. */
#include "../posemath.h"

#include "../posemath_mmd.h"
#include "bone_map.h"
#include "vrma_write.h"
#include "output.h"

#include <float.h>
#include <limits.h>

/* MMD's standard bone names for each VRM bone, most specific first (the
   hips: the first of 腰, グルーブ and センター the model has; finger joints
   numbered in full-width or ASCII digits). */
static const char *const mmd_names[][4] = {
    [PM_BONE_HIPS] = {"腰", "グルーブ", "センター"}, [PM_BONE_SPINE] = {"上半身"}, [PM_BONE_CHEST] = {"上半身2", "上半身２"},
    [PM_BONE_UPPER_CHEST] = {"上半身3", "上半身３"}, [PM_BONE_NECK] = {"首"}, [PM_BONE_HEAD] = {"頭"},
    [PM_BONE_LEFT_SHOULDER] = {"左肩"}, [PM_BONE_LEFT_UPPER_ARM] = {"左腕"}, [PM_BONE_LEFT_LOWER_ARM] = {"左ひじ"},
    [PM_BONE_LEFT_HAND] = {"左手首"}, [PM_BONE_RIGHT_SHOULDER] = {"右肩"}, [PM_BONE_RIGHT_UPPER_ARM] = {"右腕"},
    [PM_BONE_RIGHT_LOWER_ARM] = {"右ひじ"}, [PM_BONE_RIGHT_HAND] = {"右手首"}, [PM_BONE_LEFT_UPPER_LEG] = {"左足"},
    [PM_BONE_LEFT_LOWER_LEG] = {"左ひざ"}, [PM_BONE_LEFT_FOOT] = {"左足首"}, [PM_BONE_LEFT_TOES] = {"左足先EX"},
    [PM_BONE_RIGHT_UPPER_LEG] = {"右足"}, [PM_BONE_RIGHT_LOWER_LEG] = {"右ひざ"}, [PM_BONE_RIGHT_FOOT] = {"右足首"},
    [PM_BONE_RIGHT_TOES] = {"右足先EX"},
    [PM_BONE_LEFT_THUMB_METACARPAL] = {"左親指０", "左親指0"}, [PM_BONE_LEFT_THUMB_PROXIMAL] = {"左親指１", "左親指1"},
    [PM_BONE_LEFT_THUMB_DISTAL] = {"左親指２", "左親指2"}, [PM_BONE_LEFT_INDEX_PROXIMAL] = {"左人指１", "左人指1"},
    [PM_BONE_LEFT_INDEX_INTERMEDIATE] = {"左人指２", "左人指2"}, [PM_BONE_LEFT_INDEX_DISTAL] = {"左人指３", "左人指3"},
    [PM_BONE_LEFT_MIDDLE_PROXIMAL] = {"左中指１", "左中指1"}, [PM_BONE_LEFT_MIDDLE_INTERMEDIATE] = {"左中指２", "左中指2"},
    [PM_BONE_LEFT_MIDDLE_DISTAL] = {"左中指３", "左中指3"}, [PM_BONE_LEFT_RING_PROXIMAL] = {"左薬指１", "左薬指1"},
    [PM_BONE_LEFT_RING_INTERMEDIATE] = {"左薬指２", "左薬指2"}, [PM_BONE_LEFT_RING_DISTAL] = {"左薬指３", "左薬指3"},
    [PM_BONE_LEFT_LITTLE_PROXIMAL] = {"左小指１", "左小指1"}, [PM_BONE_LEFT_LITTLE_INTERMEDIATE] = {"左小指２", "左小指2"},
    [PM_BONE_LEFT_LITTLE_DISTAL] = {"左小指３", "左小指3"},
    [PM_BONE_RIGHT_THUMB_METACARPAL] = {"右親指０", "右親指0"}, [PM_BONE_RIGHT_THUMB_PROXIMAL] = {"右親指１", "右親指1"},
    [PM_BONE_RIGHT_THUMB_DISTAL] = {"右親指２", "右親指2"}, [PM_BONE_RIGHT_INDEX_PROXIMAL] = {"右人指１", "右人指1"},
    [PM_BONE_RIGHT_INDEX_INTERMEDIATE] = {"右人指２", "右人指2"}, [PM_BONE_RIGHT_INDEX_DISTAL] = {"右人指３", "右人指3"},
    [PM_BONE_RIGHT_MIDDLE_PROXIMAL] = {"右中指１", "右中指1"}, [PM_BONE_RIGHT_MIDDLE_INTERMEDIATE] = {"右中指２", "右中指2"},
    [PM_BONE_RIGHT_MIDDLE_DISTAL] = {"右中指３", "右中指3"}, [PM_BONE_RIGHT_RING_PROXIMAL] = {"右薬指１", "右薬指1"},
    [PM_BONE_RIGHT_RING_INTERMEDIATE] = {"右薬指２", "右薬指2"}, [PM_BONE_RIGHT_RING_DISTAL] = {"右薬指３", "右薬指3"},
    [PM_BONE_RIGHT_LITTLE_PROXIMAL] = {"右小指１", "右小指1"}, [PM_BONE_RIGHT_LITTLE_INTERMEDIATE] = {"右小指２", "右小指2"},
    [PM_BONE_RIGHT_LITTLE_DISTAL] = {"右小指３", "右小指3"},
};

/* MMD's usual face morphs and the VRM 1.0 expression presets they match
   (MikuMikuDance's sample models' names); any other morph keeps its name */
static const char *const face_presets[][2] = {
    {"あ", "aa"}, {"い", "ih"}, {"う", "ou"}, {"え", "ee"}, {"お", "oh"}, {"まばたき", "blink"},
    {"ウィンク", "blinkLeft"}, {"ウィンク右", "blinkRight"}, {"笑い", "happy"}, {"怒り", "angry"}, {"困る", "sad"},
    {"なごみ", "relaxed"}, {"びっくり", "surprised"},
};

static const char *expression_name(const char *morph)
{
    size_t k;
    for (k = 0; k < sizeof face_presets / sizeof face_presets[0]; ++k)
        if (strcmp(morph, face_presets[k][0]) == 0) return face_presets[k][1];
    return morph;
}

static int bone_named(const void *pmx, const char *name)
{
    const pm_pmx_model *model = (const pm_pmx_model *)pmx;
    int b;
    for (b = 0; b < model->bone_count; ++b)
        if (strcmp(model->bones[b].name, name) == 0) return b;
    return -1;
}

/* The standard names' bones; an optional bone not below its humanoid
   parent's (足先EX under the 足首D deform bone, not under 足首) is left out. */
static void mmd_humanoid(const pm_pmx_model *model, int bone_node[PM_BONE_COUNT])
{
    int b, k;
    for (b = 0; b < PM_BONE_COUNT; ++b) {
        bone_node[b] = -1;
        for (k = 0; k < 4 && b < (int)(sizeof mmd_names / sizeof mmd_names[0]) && mmd_names[b][k] && bone_node[b] < 0; ++k)
            bone_node[b] = bone_named(model, mmd_names[b][k]);
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) { /* parents come first in pm_bone order */
        int up = pm_bone_parent((pm_bone)b), node, steps = 0;
        while (up != PM_BONE_NONE && bone_node[up] < 0) up = pm_bone_parent((pm_bone)up);
        if (bone_node[b] < 0 || up == PM_BONE_NONE || pm_bone_required((pm_bone)b)) continue;
        for (node = model->bones[bone_node[b]].parent; node >= 0 && node != bone_node[up] && steps < model->bone_count; ++steps)
            node = model->bones[node].parent;
        if (node != bone_node[up]) bone_node[b] = -1;
    }
}


int main(int argc, char **argv)
{
    const char *map = NULL, *files[3] = {NULL, NULL, NULL};
    double unit = 0.08, end = 0.0;
    int every = 1, print = 0, i, b, f, m, frames, count = 0, bone_node[PM_BONE_COUNT], keyed = 0;
    int *parent, *keyed_morph;
    const char **names;
    float *weights;
    vrma_face face;
    pm_transform *rest, *fitted, *pose;
    float *world, *times;
    pm_normalized_pose *poses;
    pm_humanoid humanoid;
    pm_humanoid_report report = {-1, -1, NULL};
    pm_result result;
    pm_pmx_model model;
    pm_vmd_motion motion;
    pm_mmd_model *player;
    pm_mmd_model_report problem;
    pm_parse_error parse;
    char error[200];

    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--map") == 0 && i + 1 < argc) map = argv[++i];
        else if (strcmp(argv[i], "--unit") == 0 && i + 1 < argc) {
            char *stop;
            unit = strtod(argv[++i], &stop);
            if (*stop || !(unit > 0.0 && unit < 1e30)) every = 0; /* the usage line */
        } else if (strcmp(argv[i], "--every") == 0 && i + 1 < argc) {
            char *stop;
            const long n = strtol(argv[++i], &stop, 10);
            every = *stop == '\0' && n >= 1 && n <= INT_MAX ? (int)n : 0;
        } else if (strcmp(argv[i], "--print") == 0) print = 1;
        else if (count < 3) files[count++] = argv[i];
        else every = 0;
    }
    if (count != 3 || every < 1) {
        fprintf(stderr, "usage: vmd2vrma [--map FILE] [--unit M] [--every N] [--print] MODEL.pmx MOTION.vmd OUT.vrma\n");
        return 2;
    }
    if (pm_pmx_parse_file(files[0], NULL, &model, &parse) != PM_OK) {
        fprintf(stderr, "vmd2vrma: %s: byte %lu: %s\n", files[0], (unsigned long)parse.offset, parse.message);
        return 1;
    }
    if (pm_vmd_parse_file(files[1], NULL, &motion, &parse) != PM_OK) {
        fprintf(stderr, "vmd2vrma: %s: byte %lu: %s\n", files[1], (unsigned long)parse.offset, parse.message);
        return 1;
    }
    if (pm_mmd_model_create(&model, NULL, &player, &problem) != PM_OK || pm_mmd_model_play(player, &motion) != PM_OK) {
        fprintf(stderr, "vmd2vrma: %s: %s (bone %d, morph %d)\n", files[0], problem.message ? problem.message : "out of memory",
                problem.bone, problem.morph);
        return 1;
    }
    for (b = 0; b < model.bone_count; ++b) { /* the motion ends with its last key of a bone the model has */
        const int t = player->bone_track[b];
        if (t >= 0) end = fmax(end, (double)motion.bones[t].keys[motion.bones[t].key_count - 1].frame);
    }
    if (end / every >= (double)(1 << 24)) { /* about 155 hours at 30 keys a second: a file can claim any frame */
        fprintf(stderr, "vmd2vrma: %s: a key at frame %.0f: more than 2^24 keys to write (use --every)\n", files[1], end);
        return 1;
    }
    frames = (int)(end / every) + 1;
    if (map ? !bone_map_read("vmd2vrma", map, bone_named, &model,
                             "\"PMXBoneName vrmBoneName\" (a bone of the model, a VRM bone)", bone_node)
            : (mmd_humanoid(&model, bone_node), 0))
        return 1;

    /* the skeleton in glTF's space (Z mirrored), its rest fitted to the T-pose */
    parent = (int *)malloc(sizeof(int) * (size_t)model.bone_count);
    rest = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)model.bone_count);
    fitted = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)model.bone_count);
    pose = (pm_transform *)malloc(sizeof(pm_transform) * (size_t)model.bone_count);
    world = (float *)malloc(16 * sizeof(float) * (size_t)model.bone_count);
    times = (float *)malloc(sizeof(float) * (size_t)frames);
    poses = (pm_normalized_pose *)malloc(sizeof(pm_normalized_pose) * (size_t)frames);
    keyed_morph = (int *)malloc(sizeof(int) * (size_t)(model.morph_count + 1));
    names = (const char **)malloc(sizeof(char *) * (size_t)(model.morph_count + 1));
    for (m = 0; keyed_morph && names && m < model.morph_count; ++m) /* the face: the morphs the motion keys */
        if (player->morph_track[m] >= 0) keyed_morph[keyed] = m, names[keyed++] = expression_name(model.morph_names[m].name);
    weights = (float *)malloc(sizeof(float) * (size_t)frames * (size_t)(keyed + 1));
    if (!parent || !rest || !fitted || !pose || !world || !times || !poses || !keyed_morph || !names || !weights) {
        fprintf(stderr, "vmd2vrma: out of memory\n");
        return 1;
    }
    for (b = 0; b < model.bone_count; ++b) {
        /* the hips as a root: what moves it (センター, グルーブ, 全ての親) is in its world transform */
        const int up = b == bone_node[PM_BONE_HIPS] ? -1 : model.bones[b].parent;
        parent[b] = up;
        for (i = 0; i < 3; ++i) rest[b].translation[i] = model.bones[b].position[i] - (up >= 0 ? model.bones[up].position[i] : 0.0f);
        rest[b].translation[2] = -rest[b].translation[2];
        glm_quat_identity(rest[b].rotation);
        glm_vec3_one(rest[b].scale);
    }
    if ((result = pm_humanoid_fit_tpose(bone_node, parent, model.bone_count, rest, fitted, &report)) != PM_OK ||
        (result = pm_humanoid_init(&humanoid, bone_node, parent, model.bone_count, fitted, &report)) != PM_OK ||
        (result = pm_scene_world_matrices(parent, model.bone_count, fitted, world)) != PM_OK) {
        fprintf(stderr, "vmd2vrma: %s: not a humanoid skeleton: %s", files[0], pm_result_string(result));
        if (result == PM_ERROR_MISSING_BONE && report.bone >= 0)
            fprintf(stderr, map ? " (no %s bone in %s)" : " (no %s bone by MMD's standard names; name it with --map)",
                    pm_bone_name((pm_bone)report.bone), map);
        else if (report.message)
            fprintf(stderr, " (%s%s%s)", report.bone >= 0 ? pm_bone_name((pm_bone)report.bone) : "", report.bone >= 0 ? ": " : "",
                    report.message);
        fprintf(stderr, "\n");
        return 1;
    }

    /* each kept frame: posed as MMD does, mirrored, read as local transforms, normalized */
    for (f = 0; f < frames; ++f) {
        pm_raw_pose raw;
        times[f] = (float)((double)f * every / 30.0);
        if ((result = pm_mmd_model_seek(player, (double)f * every)) != PM_OK) {
            fprintf(stderr, "vmd2vrma: %s: frame %d: %s\n", files[1], f * every, pm_result_string(result));
            return 1;
        }
        for (b = 0; b < model.bone_count; ++b) {
            const pm_mmd_bone_pose *p = &player->pose[b];
            versor q = {-p->world_rotation[0], -p->world_rotation[1], p->world_rotation[2], p->world_rotation[3]};
            vec3 at = {p->world_position[0], p->world_position[1], -p->world_position[2]};
            if (parent[b] >= 0) {
                const pm_mmd_bone_pose *up = &player->pose[parent[b]];
                versor inverse = {up->world_rotation[0], up->world_rotation[1], -up->world_rotation[2], up->world_rotation[3]};
                vec3 from = {up->world_position[0], up->world_position[1], -up->world_position[2]};
                glm_quat_normalize(inverse); /* mirrored, then conjugated */
                glm_vec3_sub(at, from, at);
                glm_quat_rotatev(inverse, at, at);
                glm_quat_mul(inverse, q, q);
            }
            glm_vec3_copy(at, pose[b].translation);
            glm_quat_copy(q, pose[b].rotation);
            glm_vec3_one(pose[b].scale);
        }
        for (m = 0; m < keyed; ++m) weights[(size_t)f * (size_t)keyed + (size_t)m] = player->morph_weights[keyed_morph[m]];
        if ((result = pm_pose_read(&humanoid, pose, &raw)) != PM_OK ||
            (result = pm_pose_normalize(&humanoid, &raw, &poses[f])) != PM_OK) {
            fprintf(stderr, "vmd2vrma: %s: frame %d: %s\n", files[1], f * every, pm_result_string(result));
            return 1;
        }
    }
    face.expression_count = keyed;
    face.names = names;
    face.weights = weights;
    face.look_at = NULL; /* MMD keys the eyes as bones (両目): they are in the humanoid tracks */
    if (vrma_write(files[2], "posemath vmd2vrma", &humanoid, world, unit, frames, times, poses, &face, print, error,
                   sizeof error) != 0) {
        fprintf(stderr, "vmd2vrma: %s\n", error);
        return 1;
    }
    fprintf(stderr, "vmd2vrma: %s: %d keys (%.1f s), hips %.3f m high, %d expressions\n", files[2], frames,
            (double)times[frames - 1], (double)humanoid.rest_hips[1] * unit, keyed);
    free(parent), free(rest), free(fitted), free(pose), free(world), free(times), free(poses);
    free(keyed_morph), free(names), free(weights);
    pm_mmd_model_destroy(player);
    pm_vmd_free(&motion);
    pm_pmx_free(&model);
    return output_close("vmd2vrma", 0);
}
