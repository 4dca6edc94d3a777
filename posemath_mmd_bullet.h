/* posemath_mmd_bullet.h - v0.18.0 - MMD rigid bodies on Bullet, for posemath_mmd.h
   MIT license: see posemath.h.

   A pm_mmd_physics_engine on Bullet (Debian's libbullet-dev), set up as
   babylon-mmd 1.3.0 sets up its Bullet, from the table posemath computes
   (pm_mmd_model.physics). Compile posemath_mmd_bullet.cc as C++ (C++11 or
   later) beside this header and link `pkg-config --libs bullet`; the
   program using it may be C or C++.

     pm_mmd_physics_engine bullet;
     if (pm_mmd_bullet_create(&model->physics, -98.0f, &bullet) == PM_OK)  // MMD units
         pm_mmd_model_set_physics(model, &bullet);  // the model destroys it
     pm_mmd_model_seek(model, frame);               // bodies placed on their bones

   Each update then steps Bullet by the elapsed time in fixed substeps
   (pm_mmd_model.substep, at most max_substeps: Bullet's stepSimulation,
   which carries the remainder to the next update). An update returns
   PM_ERROR_LIMIT when more than PM_MMD_BULLET_MAX_PAIRS pairs of bodies
   touched: Bullet keeps about 1.5 KB for each pair, so this bounds what a
   file can make it allocate to about 50 MB (a model's 100 bodies touch in
   a few hundred pairs; 300 bodies piled on one spot in 44,850).

   OPTIONS (define when compiling posemath_mmd_bullet.cc)

     PM_MMD_BULLET_MAX_PAIRS   the bound above (default 32768)
     PM_MMD_BULLET_NO_SIMD     Bullet's own scalar constraint rows instead
                               of SSE2 ones with the same bits
*/
#ifndef POSEMATH_MMD_BULLET_H
#define POSEMATH_MMD_BULLET_H

#include "posemath_mmd.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef PM_MMD_BULLET_MAX_PAIRS
#define PM_MMD_BULLET_MAX_PAIRS 32768
#endif

/* A Bullet world with physics' bodies and joints, in `engine`;
   PM_ERROR_INVALID_ARGUMENT unless physics passed pm_mmd_physics_init,
   PM_ERROR_OUT_OF_MEMORY. gravity: along Y, -98 in MMD units (babylon-mmd's
   default). */
pm_result pm_mmd_bullet_create(const pm_mmd_physics *physics, float gravity, pm_mmd_physics_engine *engine);

#ifdef __cplusplus
}
#endif

#endif
