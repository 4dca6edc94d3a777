// babylon-mmd 1.3.0's JS runtime (MmdRuntime) with its MmdBulletPhysics on
// the single-threaded physics release WASM (wasm/spr, loaded with initSync:
// node has no fetch of module files), in node on a NullEngine. Shared by
// the MMD physics fixture scripts; needs `node --import ./extensionless.mjs`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import { Matrix, Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Logger } from '@babylonjs/core/Misc/logger.js';
import 'babylon-mmd/esm/Loader/pmxLoader.js';
import { VmdLoader } from 'babylon-mmd/esm/Loader/vmdLoader.js';
import { MmdRuntime } from 'babylon-mmd/esm/Runtime/mmdRuntime.js';
import 'babylon-mmd/esm/Runtime/Animation/mmdRuntimeModelAnimation.js';
import { GetMmdWasmInstance } from 'babylon-mmd/esm/Runtime/Optimized/mmdWasmInstance.js';
import { MultiPhysicsRuntime } from 'babylon-mmd/esm/Runtime/Optimized/Physics/Bind/Impl/multiPhysicsRuntime.js';
import { MmdBulletPhysics } from 'babylon-mmd/esm/Runtime/Optimized/Physics/mmdBulletPhysics.js';
import * as physicsRelease from 'babylon-mmd/esm/Runtime/Optimized/wasm/spr/index.js';

Logger.LogLevels = Logger.NoneLogLevel;

/* A model loaded into babylon-mmd with Bullet physics, gravity [x, y, z] in
   MMD units. onJoint(frameA, frameB) sees every joint's frames as
   babylon-mmd hands them to Bullet's btGeneric6DofSpringConstraint. */
export async function loadWithPhysics(pmxPath, gravity, onJoint) {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve('babylon-mmd/esm/Runtime/Optimized/wasm/spr/index_bg.wasm');
  const inner = { ...physicsRelease, default: async () => physicsRelease.initSync({ module: readFileSync(wasmPath) }) };
  const instance = await GetMmdWasmInstance({ getWasmInstanceInner: () => inner }, 1);
  const physicsRuntime = new MultiPhysicsRuntime(instance);
  physicsRuntime.setGravity(new Vector3(...gravity));
  if (onJoint) {
    const create = instance.createGeneric6DofSpringConstraintFromBundle.bind(instance);
    instance.createGeneric6DofSpringConstraintFromBundle = (bundle, a, b, frameA, frameB, useA) => {
      const read = (ptr) => Matrix.FromArray(Array.from(instance.createTypedArray(Float32Array, ptr, 16).array));
      onJoint(read(frameA), read(frameB));
      return create(bundle, a, b, frameA, frameB, useA);
    };
  }
  const scene = new Scene(new NullEngine());
  physicsRuntime.register(scene);
  const container = await LoadAssetContainerAsync(new Uint8Array(readFileSync(pmxPath)), scene, { pluginExtension: '.pmx' });
  container.addAllToScene();
  const runtime = new MmdRuntime(scene, new MmdBulletPhysics(physicsRuntime));
  const model = runtime.createMmdModel(container.meshes[0]);
  return { scene, runtime, physicsRuntime, model };
}

export async function loadMotion(scene, vmdPath) {
  const vmd = readFileSync(vmdPath);
  return new VmdLoader(scene).loadFromBufferAsync('motion', vmd.buffer.slice(vmd.byteOffset, vmd.byteOffset + vmd.byteLength));
}

/* A matrix as a quaternion and a translation */
export function decompose(m) {
  const scale = new Vector3(), q = new Quaternion(), t = new Vector3();
  m.decompose(scale, q, t);
  return { q, t };
}
