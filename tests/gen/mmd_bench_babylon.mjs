// make bench's babylon-mmd 1.3.0 columns: its WASM runtime (MmdWasmRuntime,
// the single-threaded release build, index_bg.wasm loaded with initSync as
// node has no fetch of module files) and its JS runtime (MmdRuntime) playing
// a motion on a model, physics off, in node on a NullEngine; then its WASM
// runtime with its Bullet physics (the single-threaded physics release
// build, MmdWasmPhysics: gravity (0, -98, 0), one 1/60 s step a frame).
// Prints one line per runtime: the lowest of fifteen runs' median
// microseconds per frame, and the fastest frame (sampling every track and
// posing every bone: beforePhysics + afterPhysics, advancing 0.75 frame each
// time without physics, 0.5 frame (1/60 s) with it). Usage: node --import
// ./extensionless.mjs mmd_bench_babylon.mjs MODEL.pmx MOTION.vmd FRAMES
// [physics] (physics: the runtime with physics alone, as make bench runs
// it in turns with posemath's)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import { Logger } from '@babylonjs/core/Misc/logger.js';
import 'babylon-mmd/esm/Loader/pmxLoader.js';
import { VmdLoader } from 'babylon-mmd/esm/Loader/vmdLoader.js';
import { MmdRuntime } from 'babylon-mmd/esm/Runtime/mmdRuntime.js';
import 'babylon-mmd/esm/Runtime/Animation/mmdRuntimeModelAnimation.js';
import { MmdWasmRuntime } from 'babylon-mmd/esm/Runtime/Optimized/mmdWasmRuntime.js';
import { GetMmdWasmInstance } from 'babylon-mmd/esm/Runtime/Optimized/mmdWasmInstance.js';
import { MmdWasmAnimation } from 'babylon-mmd/esm/Runtime/Optimized/Animation/mmdWasmAnimation.js';
import 'babylon-mmd/esm/Runtime/Optimized/Animation/mmdWasmRuntimeModelAnimation.js';
import * as singleRelease from 'babylon-mmd/esm/Runtime/Optimized/wasm/sr/index.js';
import * as singlePhysicsRelease from 'babylon-mmd/esm/Runtime/Optimized/wasm/spr/index.js';
import { MmdWasmPhysics } from 'babylon-mmd/esm/Runtime/Optimized/Physics/mmdWasmPhysics.js';

Logger.LogLevels = Logger.NoneLogLevel;
const [pmxPath, vmdPath, framesArg, only] = process.argv.slice(2);
const frames = Number(framesArg);
const BETWEEN_KEYS = 1000 / 30 * 0.75; // milliseconds: 0.75 frame, so most samples fall between keys

async function load(scene) {
  const container = await LoadAssetContainerAsync(new Uint8Array(readFileSync(pmxPath)), scene, { pluginExtension: '.pmx' });
  container.addAllToScene();
  const vmd = readFileSync(vmdPath);
  const motion = await new VmdLoader(scene).loadFromBufferAsync('dance', vmd.buffer.slice(vmd.byteOffset, vmd.byteOffset + vmd.byteLength));
  return { mesh: container.meshes[0], motion };
}

async function measure(name, runtime, model, animation, step) {
  model.setRuntimeAnimation(model.createRuntimeAnimation(animation));
  runtime.setManualAnimationDuration(1e9);
  await runtime.playAnimation();
  let median = Infinity, best = Infinity;
  for (let round = 0; round < 15; ++round) {
    const times = [];
    for (let f = 0; f < frames * 1000 / 30 / step; ++f) {
      const start = process.hrtime.bigint();
      runtime.beforePhysics(step);
      runtime.afterPhysics();
      times.push(Number(process.hrtime.bigint() - start) / 1000);
    }
    await runtime.seekAnimation(0, false);
    times.sort((a, b) => a - b);
    median = Math.min(median, times[times.length >> 1]);
    best = Math.min(best, times[0]);
  }
  console.log(`${name} ${median.toFixed(2)} ${best.toFixed(2)}`);
}

if (only !== 'physics') {
  const scene = new Scene(new NullEngine());
  const { mesh, motion } = await load(scene);
  const runtime = new MmdRuntime(scene);
  await measure('babylon-mmd-js', runtime, runtime.createMmdModel(mesh), motion, BETWEEN_KEYS);
}
// a WASM build's instance: the build's module, its directory under wasm/
async function wasmInstance(build, directory) {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve(`babylon-mmd/esm/Runtime/Optimized/wasm/${directory}/index_bg.wasm`);
  const inner = { ...build, default: async () => build.initSync({ module: readFileSync(wasmPath) }) };
  return GetMmdWasmInstance({ getWasmInstanceInner: () => inner }, 1);
}

if (only !== 'physics') {
  const instance = await wasmInstance(singleRelease, 'sr');
  const scene = new Scene(new NullEngine());
  const { mesh, motion } = await load(scene);
  const runtime = new MmdWasmRuntime(instance, scene);
  await measure('babylon-mmd-wasm', runtime, runtime.createMmdModel(mesh), new MmdWasmAnimation(motion, instance, scene),
                BETWEEN_KEYS);
}
{
  const instance = await wasmInstance(singlePhysicsRelease, 'spr');
  const scene = new Scene(new NullEngine());
  const { mesh, motion } = await load(scene);
  const runtime = new MmdWasmRuntime(instance, scene, new MmdWasmPhysics(scene)); // gravity (0, -98, 0); a NullEngine's clock: 1/60 s
  await measure('babylon-mmd-wasm-physics', runtime, runtime.createMmdModel(mesh), new MmdWasmAnimation(motion, instance, scene),
                1000 / 60);
}
