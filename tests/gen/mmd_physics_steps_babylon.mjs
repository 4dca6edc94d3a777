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
// bones posed at FIRST), and the other eight runs start 1e-4, 2e-4, 3e-4 and
// 5e-4 frames either side of it (babylon-mmd's spread under a tiny change of the
// placement, which flips which locked joints Bullet holds in the first free
// step: docs/mmd.md); every run prints FIRST to FIRST + 10 every half frame,
// then every 4 frames. BONES (a regular expression) prints only the bones
// whose names it matches.
// Usage: node --import ./extensionless.mjs mmd_physics_steps_babylon.mjs
//   MODEL.pmx MOTION.vmd LAST [FIRST [BONES]]   (run by make fixtures)
import { Matrix } from '@babylonjs/core/Maths/math.vector.js';
import { loadWithPhysics, loadMotion, decompose } from './mmd_babylon_physics.mjs';

const [pmxPath, vmdPath, lastArg, firstArg, bonesArg] = process.argv.slice(2);
const last = Number(lastArg), first = Number(firstArg ?? 0), printed = new RegExp(bonesArg ?? '');
const g = 98, d = 98e-6;
const e = d / Math.SQRT2;
const runs = firstArg === undefined
  ? [['gravity', [0, -g, 0], 0], ['stronger', [0, -g - d, 0], 0], ['weaker', [0, -g + d, 0], 0],
     ['tilted_x', [d, -g, 0], 0], ['tilted_-x', [-d, -g, 0], 0], ['tilted_z', [0, -g, d], 0], ['tilted_-z', [0, -g, -d], 0],
     ['tilted_xz', [e, -g, e], 0], ['tilted_x-z', [e, -g, -e], 0]]
  : [['gravity', [0, -g, 0], 0]].concat([1e-4, 2e-4, 3e-4, 5e-4].flatMap((t) =>
      [[`seek+${t}`, [0, -g, 0], t], [`seek-${t}`, [0, -g, 0], -t]]));
// 7 digits, the mantissa's trailing zeros dropped (an exponent's stay: e-10)
const g7 = (x) => Math.fround(x).toPrecision(7).replace(/(\.\d*?)0+(?=e|$)/, '$1').replace(/\.(?=e|$)/, '');
const matrix = new Matrix();
const lines = [];
for (const [run, gravity, offset] of runs) {
  const { scene, runtime, physicsRuntime, model } = await loadWithPhysics(pmxPath, gravity);
  model.setRuntimeAnimation(model.createRuntimeAnimation(await loadMotion(scene, vmdPath)));
  runtime.setManualAnimationDuration(1e9);
  physicsRuntime.useDeltaForWorldStep = false;
  physicsRuntime.timeStep = 1 / 60;
  physicsRuntime.maxSubSteps = 1;
  if (first + offset !== 0) await runtime.seekAnimation(first + offset, true);
  await runtime.playAnimation(); // queues the physics initialization for the next beforePhysics
  for (let s = 0; s <= 2 * (last - first); ++s) {
    runtime.beforePhysics(s === 0 ? 0 : 1000 / 60);
    if (s > 0) physicsRuntime.afterAnimations(1000 / 60);
    runtime.afterPhysics();
    if (!(((run === 'gravity' || firstArg !== undefined) && s <= 20) || s % 8 === 0)) continue;
    for (const bone of model.runtimeBones) {
      if (!printed.test(bone.name)) continue;
      const { t } = decompose(bone.getWorldMatrixToRef(matrix));
      lines.push(`${run} ${(first + s / 2).toFixed(1)} ${bone.name} ${[t.x, t.y, t.z].map(g7).join(' ')}`);
    }
  }
  runtime.dispose(scene);
}
// exit once the text is out: process.exit cuts a pipe's output short (the WASM runtime keeps node alive)
process.stdout.write(lines.join('\n') + '\n', () => process.exit(0));
