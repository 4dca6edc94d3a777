/* mmd_simulation.h: a PMX model's rigid bodies on Bullet (mmd_bullet.h)
   under a motion played by mmd_play.h, a 1/60 s step at a time as
   babylon-mmd steps them, for the examples and make bench:

     mmd_simulation sim;
     const char *message = mmd_simulation_init(&sim, &model, &player);  // 0 or why not
     mmd_simulation_step(&sim, 0.0, 1, 1.0 / 60.0);     // the start: every body placed on its bone
     mmd_simulation_step(&sim, 0.5, 0, 1.0 / 60.0);     // then 1/60 s (0.5 frames) a step
     // player.pose: every bone's world transform
     mmd_simulation_free(&sim);

   Each step: the bones before physics, the bodies' targets (the motion's
   physics switches applied), Bullet's step in substeps (at most 5, as
   babylon-mmd's WASM runtime), the write-back, the bones after physics. A
   body Bullet makes non-finite is placed back on its bone, still, and
   counted in `recovered` (mmd_bullet_recover): a host warns of it.
   init sets player->physics_flags (babylon-mmd's IK skip); free clears it.
   Example code: it allocates; include it in one file, after mmd_play.h. */
#ifndef EXAMPLES_MMD_SIMULATION_H
#define EXAMPLES_MMD_SIMULATION_H

#include "mmd_bullet.h"
#include "mmd_play.h"

typedef struct mmd_simulation {
    mmd_player *player;
    pm_mmd_physics physics;
    pm_rigid *bodies;       /* per body: targets, then what Bullet's motion states hold */
    unsigned char *flags;   /* pm_mmd_physics_bone_flags */
    mmd_bullet *world;
    int recovered;          /* bodies Bullet lost and that were placed back on their bones (mmd_bullet_recover) */
} mmd_simulation;

static void mmd_simulation_free(mmd_simulation *s)
{
    mmd_bullet_free(s->world);
    if (s->player) s->player->physics_flags = NULL;
    free(s->physics.body_setup), free(s->physics.joint_setup), free(s->bodies), free(s->flags);
    memset(s, 0, sizeof *s);
}

/* 0, or a message (then free what init left) */
static const char *mmd_simulation_init(mmd_simulation *s, const pmx *model, mmd_player *player)
{
    pm_mmd_physics_report report;
    memset(s, 0, sizeof *s);
    s->player = player;
    s->physics.skeleton = &player->skeleton;
    s->physics.bodies = model->rigid_bodies, s->physics.body_count = model->rigid_body_count;
    s->physics.joints = model->joints, s->physics.joint_count = model->joint_count;
    s->physics.body_setup = (pm_mmd_body_setup *)calloc((size_t)model->rigid_body_count + 1, sizeof *s->physics.body_setup);
    s->physics.joint_setup = (pm_mmd_joint_setup *)calloc((size_t)model->joint_count + 1, sizeof *s->physics.joint_setup);
    s->bodies = (pm_rigid *)calloc((size_t)model->rigid_body_count + 1, sizeof *s->bodies);
    s->flags = (unsigned char *)calloc((size_t)model->bone_count + 1, 1);
    if (!s->physics.body_setup || !s->physics.joint_setup || !s->bodies || !s->flags) return "out of memory";
    if (pm_mmd_physics_init(&s->physics, &report) != PM_OK) return report.message;
    if (!(s->world = mmd_bullet_create(&s->physics, -98.0f))) return "out of memory";
    if (pm_mmd_physics_bone_flags(&s->physics, s->flags) != PM_OK) return "the skeleton is not initialized";
    player->physics_flags = s->flags;
    return NULL;
}

/* The pose at `frame`, after a placement (start: every body on its bone,
   still) or a step of 1/60 s in substeps of `substep` seconds; 0 or a
   message. */
static const char *mmd_simulation_step(mmd_simulation *s, double frame, int start, double substep)
{
    if (mmd_player_pass(s->player, frame, PM_MMD_BEFORE_PHYSICS) != PM_OK) return "a bone's pose is not finite";
    /* the dynamic bodies' targets where they are placed or switched off */
    if (pm_mmd_physics_targets(&s->physics, s->player->pose, start || s->player->physics_off, s->bodies) != PM_OK)
        return "a bone's pose is not finite";
    if (start) {
        mmd_bullet_place(s->world, s->bodies);
    } else {
        mmd_bullet_drive(s->world, s->bodies, s->player->physics_on);
        if (!mmd_bullet_step(s->world, 1.0 / 60.0, 5, substep))
            return "more pairs of bodies touch than MMD_BULLET_MAX_PAIRS (mmd_bullet.h): bodies piled on one spot";
        mmd_bullet_read(s->world, s->bodies);
        if (pm_mmd_physics_write_back(&s->physics, s->bodies, s->player->pose) != PM_OK) {
            /* a body Bullet lost (mmd_bullet_recover): back on its bone, still, as a placement; the write-back
               wrote nothing, so the pose is still the one before physics */
            if (pm_mmd_physics_targets(&s->physics, s->player->pose, 1, s->bodies) != PM_OK)
                return "a bone's pose is not finite";
            s->recovered += mmd_bullet_recover(s->world, s->bodies);
            mmd_bullet_read(s->world, s->bodies);
            if (pm_mmd_physics_write_back(&s->physics, s->bodies, s->player->pose) != PM_OK) return "a body flew off";
        }
    }
    if (mmd_player_pass(s->player, frame, PM_MMD_AFTER_PHYSICS) != PM_OK) return "a bone's pose is not finite";
    return NULL;
}

#endif
