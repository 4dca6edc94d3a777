/* MMD bone evaluation (pm_mmd_evaluate) against babylon-mmd 1.3.0's
   MmdRuntime, physics off: tests/fixtures/rig.pmx (MMD's standard skeleton
   and the rarer grant, layer and physics rules) posed by
   tests/fixtures/dance.vmd (tests/gen/mmd_rig_write.py) at fractional
   frames: tests/fixtures/mmd_babylon.h. The skeleton comes through the
   examples' reader (examples/pmx.h, examples/mmd_play.h); each frame's
   local poses and IK switches are babylon-mmd's own samples, so that the
   check is on the evaluation alone (sampling is checked against
   babylon-mmd in test_vmd.c and test_mmd.c: its Bezier solver stops early,
   and its samples differ from exact curves by up to 0.03 of a key's
   change). From the last key on, where both sample the keys exactly, the
   examples' player (VMD tracks found by name, sampled, IK switches) is
   checked end to end too. */
#include "test.h"

#include "../examples/mmd_play.h"

#include "fixtures/mmd_babylon.h"

#include <string.h>

/* The angle between two rotations, radians: of a^-1 b, from its vector
   part (acos of the dot product would lose all below 3e-4 rad to float
   rounding of lengths). */
static double rotation_angle(const float a[4], const float b[4])
{
    double p[4], q[4], na = 0.0, nb = 0.0, x, y, z, w;
    int k;
    for (k = 0; k < 4; ++k) {
        p[k] = (double)a[k];
        q[k] = (double)b[k];
        na += p[k] * p[k];
        nb += q[k] * q[k];
    }
    for (k = 0; k < 4; ++k) {
        p[k] /= sqrt(na);
        q[k] /= sqrt(nb);
    }
    x = p[3] * q[0] - p[0] * q[3] - p[1] * q[2] + p[2] * q[1];
    y = p[3] * q[1] - p[1] * q[3] - p[2] * q[0] + p[0] * q[2];
    z = p[3] * q[2] - p[2] * q[3] - p[0] * q[1] + p[1] * q[0];
    w = p[3] * q[3] + p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    return 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
}

void test_mmd_matches_babylon(void)
{
    pmx model;
    vmd motion;
    mmd_player player;
    char error[160];
    double low = 1e30, high = -1e30, height, worst_position = 0.0, worst_rotation = 0.0;
    int r, b, k, worst_position_row = 0, worst_rotation_row = 0;
    const int rows = (int)(sizeof mmd_pose_rows / sizeof mmd_pose_rows[0]);
    if (pmx_load("tests/fixtures/rig.pmx", &model, error, sizeof error) != 0) {
        test_fail(__FILE__, __LINE__, "%s", error);
        return;
    }
    if (vmd_load("tests/fixtures/dance.vmd", &motion, error, sizeof error) != 0) {
        test_fail(__FILE__, __LINE__, "%s", error);
        pmx_free(&model);
        return;
    }
    CHECK(mmd_player_init(&player, &model, &motion, error, sizeof error) == 0);
    for (b = 0; b < model.bone_count; ++b) {
        low = fmin(low, (double)model.bones[b].position[1]);
        high = fmax(high, (double)model.bones[b].position[1]);
    }
    height = high - low;
    for (r = 0; r < rows && player.pose; r += model.bone_count) {
        const int end_to_end = mmd_pose_rows[r].frame >= 60.0f; /* dance.vmd's last keys */
        if (end_to_end) CHECK_RESULT(mmd_player_pose(&player, (double)mmd_pose_rows[r].frame), PM_OK);
        for (b = 0; !end_to_end && b < model.bone_count && r + b < rows; ++b) {
            memcpy(player.translation + 3 * b, mmd_pose_rows[r + b].local_translation, 3 * sizeof(float));
            memcpy(player.rotation + 4 * b, mmd_pose_rows[r + b].local_rotation, 4 * sizeof(float));
            player.ik_enabled[b] = (unsigned char)mmd_pose_rows[r + b].ik_enabled;
        }
        if (!end_to_end)
            CHECK_RESULT(pm_mmd_evaluate(&player.skeleton, player.translation, player.rotation, player.ik_enabled,
                                         PM_MMD_ALL_BONES, player.pose), PM_OK);
        for (b = 0; b < model.bone_count && r + b < rows; ++b) {
            const struct mmd_pose_row *row = &mmd_pose_rows[r + b];
            double distance = 0.0, angle = rotation_angle(player.pose[b].world_rotation, row->rotation);
            for (k = 0; k < 3; ++k)
                distance += ((double)player.pose[b].world_position[k] - (double)row->position[k]) *
                            ((double)player.pose[b].world_position[k] - (double)row->position[k]);
            distance = sqrt(distance) / height;
            CHECK(row->bone == b);
            if (distance > worst_position) worst_position = distance, worst_position_row = r + b;
            if (angle > worst_rotation) worst_rotation = angle, worst_rotation_row = r + b;
        }
    }
    printf("    worst: position %.2g of the height (frame %g, %s), rotation %.2g rad (frame %g, %s)\n", worst_position,
           (double)mmd_pose_rows[worst_position_row].frame, model.bones[mmd_pose_rows[worst_position_row].bone].name,
           worst_rotation, (double)mmd_pose_rows[worst_rotation_row].frame,
           model.bones[mmd_pose_rows[worst_rotation_row].bone].name);
    /* babylon-mmd keeps world matrices in float32: its rounding, carried
       down chains of up to 9 bones and through up to 40 IK iterations, is
       what remains (seen: 1.5e-7 of the height, 4.3e-7 rad); a rule done
       wrong moves bones by 1e-3 or more */
    CHECK(worst_position <= 2e-6);
    CHECK(worst_rotation <= 1e-5);
    mmd_player_free(&player);
    vmd_free(&motion);
    pmx_free(&model);
}
