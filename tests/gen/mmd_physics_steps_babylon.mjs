// babylon-mmd 1.3.0 playing a motion with its Bullet physics, one 1/60 s
// world step (half a VMD frame) at a time, for the step-by-step and the
// statistical comparison of mmd_pose --physics (tests/check_mmd_physics_babylon.awk).
// Each run starts at frame 0 with babylon-mmd's physics initialization (the
// bodies placed on the posed bones); each step: bones before physics,
// Bullet's step (useDeltaForWorldStep off, timeStep 1/60, one substep), the
// write-back and the bones after physics. Runs: gravity (0, -98, 0) in MMD
// units, then eight tiny changes of it (1e-6 of its size: stronger, weaker,
// tilted along +x, -x, +z, -z and the two diagonals between). Printed: `RUN FRAME BONE x y z`, every bone's
// world position after the step, on frames 0 to 10 every half frame (the
// reference run only) and every 4 frames to LAST.
// With FIRST, each run starts there instead (seekAnimation before play, as
// a player that opens at a frame or seeks there: the bodies placed on the
// bones posed at FIRST); the frames printed every half frame are FIRST to
// FIRST + 10 and the others every 4 frames from FIRST.
// Usage: node --import ./extensionless.mjs mmd_physics_steps_babylon.mjs
//   MODEL.pmx MOTION.vmd LAST [FIRST]   (run by make fixtures)
import { Matrix } from '@babylonjs/core/Maths/math.vector.js';
import { loadWithPhysics, loadMotion, decompose } from './mmd_babylon_physics.mjs';

const [pmxPath, vmdPath, lastArg, firstArg] = process.argv.slice(2);
const last = Number(lastArg), first = Number(firstArg ?? 0);
const g = 98, d = 98e-6;
const e = d / Math.SQRT2;
const runs = [['gravity', [0, -g, 0]], ['stronger', [0, -g - d, 0]], ['weaker', [0, -g + d, 0]],
              ['tilted_x', [d, -g, 0]], ['tilted_-x', [-d, -g, 0]], ['tilted_z', [0, -g, d]], ['tilted_-z', [0, -g, -d]],
              ['tilted_xz', [e, -g, e]], ['tilted_x-z', [e, -g, -e]]];
// 7 digits, the mantissa's trailing zeros dropped (an exponent's stay: e-10)
const g7 = (x) => Math.fround(x).toPrecision(7).replace(/(\.\d*?)0+(?=e|$)/, '$1').replace(/\.(?=e|$)/, '');
const matrix = new Matrix();
const lines = [];
for (const [run, gravity] of runs) {
  const { scene, runtime, physicsRuntime, model } = await loadWithPhysics(pmxPath, gravity);
  model.setRuntimeAnimation(model.createRuntimeAnimation(await loadMotion(scene, vmdPath)));
  runtime.setManualAnimationDuration(1e9);
  physicsRuntime.useDeltaForWorldStep = false;
  physicsRuntime.timeStep = 1 / 60;
  physicsRuntime.maxSubSteps = 1;
  if (first !== 0) await runtime.seekAnimation(first, true);
  await runtime.playAnimation(); // queues the physics initialization for the next beforePhysics
  for (let s = 0; s <= 2 * (last - first); ++s) {
    runtime.beforePhysics(s === 0 ? 0 : 1000 / 60);
    if (s > 0) physicsRuntime.afterAnimations(1000 / 60);
    runtime.afterPhysics();
    if (!((run === 'gravity' && s <= 20) || s % 8 === 0)) continue;
    for (const bone of model.runtimeBones) {
      const { t } = decompose(bone.getWorldMatrixToRef(matrix));
      lines.push(`${run} ${(first + s / 2).toFixed(1)} ${bone.name} ${[t.x, t.y, t.z].map(g7).join(' ')}`);
    }
  }
  runtime.dispose(scene);
}
// exit once the text is out: process.exit cuts a pipe's output short (the WASM runtime keeps node alive)
process.stdout.write(lines.join('\n') + '\n', () => process.exit(0));
