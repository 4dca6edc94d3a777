/* mmd_bullet.h: MMD rigid bodies on Bullet (Debian's libbullet-dev), set up
   as babylon-mmd 1.3.0 sets its Bullet up, from the table
   pm_mmd_physics_init computes (docs/mmd.md, Physics). C interface to
   examples/mmd_bullet.cc; link with g++ and `pkg-config --libs bullet`.

     mmd_bullet *world = mmd_bullet_create(&physics, -98.0f);  // MMD units
     pm_mmd_physics_targets(&physics, pose, 1, bodies);        // at the start, a seek or a loop:
     mmd_bullet_place(world, bodies);                          //   every body on its bone, still
     // each step: the before-physics pass, then
     pm_mmd_physics_targets(&physics, pose, player.physics_off, bodies); // dynamic ones too if switched off
     mmd_bullet_drive(world, bodies, player.physics_on);       // targets, the motion's physics switches
     mmd_bullet_step(world, 1.0 / 60.0, 1, 1.0 / 60.0);
     mmd_bullet_read(world, bodies);                           // where Bullet's motion states put them
     pm_mmd_physics_write_back(&physics, bodies, pose);        // then the after-physics pass
     mmd_bullet_free(world);
*/
#ifndef MMD_BULLET_H
#define MMD_BULLET_H

#include "../posemath.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mmd_bullet mmd_bullet;

/* At most this many pairs of bodies whose boxes overlap (and whose groups
   and masks let them collide): Bullet keeps about 1.5 KB for each, so this
   bounds what a file can make it allocate to about 50 MB. The 102 bodies of
   tests/fixtures/character.pmx peak at 166 pairs in its dance; 300 bodies
   piled on one spot have 44,850. */
#ifndef MMD_BULLET_MAX_PAIRS
#define MMD_BULLET_MAX_PAIRS 32768
#endif

/* NULL when out of memory; physics must have passed pm_mmd_physics_init */
mmd_bullet *mmd_bullet_create(const pm_mmd_physics *physics, float gravity);
void mmd_bullet_free(mmd_bullet *world);
/* every body at bodies[i] (body_count entries), as babylon-mmd's physics
   initialization: a dynamic body attached to a bone is held there as a
   kinematic body through the next step and released still at the start of
   the one after; a dynamic body attached to none is left alone */
void mmd_bullet_place(mmd_bullet *world, const pm_rigid *bodies);
/* the targets for the next step: of the kinematic bodies, and of the
   dynamic bodies whose bone's physics switch is off (bone_on[bone] 0; NULL:
   all on), which follow their bones as babylon-mmd makes them: moved as
   kinematic bodies, or pulled by velocities where a switched-on dynamic body
   is above them. pm_mmd_physics_targets gives the first with every_body 0,
   both with 1. The other entries are not read. */
void mmd_bullet_drive(mmd_bullet *world, const pm_rigid *bodies, const unsigned char *bone_on);
/* seconds of simulation in substeps of `substep` seconds, at most
   max_substeps (Bullet's stepSimulation, which carries the remainder to the
   next call): a real-time host passes the elapsed time with substeps of
   1/60 s (babylon-mmd) or 1/120 s (saba, MMDAgent) and a cap of a few, so
   that a stalled frame does not pile up steps. 0 once a pair past
   MMD_BULLET_MAX_PAIRS was refused (the run is no longer Bullet's), else 1. */
int mmd_bullet_step(mmd_bullet *world, double seconds, int max_substeps, double substep);
/* every body's transform as its motion state holds it */
void mmd_bullet_read(const mmd_bullet *world, pm_rigid *bodies);
/* After a step that left a body's transform or velocity not finite: every
   such body placed back at targets[i] (pm_mmd_physics_targets with
   every_body 1), still, held as mmd_bullet_place holds it; returns how many.
   Bullet's btGeneric6DofConstraint normalizes the cross product of two
   frame axes, which is zero when the joint's Y angle is exactly a quarter
   turn (the Euler singularity Bullet's docs warn of): a motion that turns a
   kinematic body by exactly 90 degrees while a jointed body is held at its
   placement makes Bullet return NaN. babylon-mmd 1.3.0's run of the same
   files passes Bullet a rotation an ulp off the quarter turn and goes on;
   so does this one after placing the lost bodies back on their bones. */
int mmd_bullet_recover(mmd_bullet *world, const pm_rigid *targets);

#ifdef __cplusplus
}
#endif

#endif
