// babylon-mmd 1.3.0's MmdRuntime (physics off, in node on a NullEngine)
// playing tests/fixtures/morphs.vmd on tests/fixtures/morphs.pmx (both
// written by tests/gen/mmd_morphs_write.py) with its MmdMorphController and
// MmdStandardMaterialProxy, printed as `mmd_pose --morphs` prints (the
// reference for tests/check_mmd_morphs.awk): per frame every bone's world
// position and rotation, `FRAME morph INDEX WEIGHT` for every vertex and UV
// morph (its morph targets' influence: own weight plus weight x ratio from
// each group listing it) and `FRAME material INDEX` with 40 values (diffuse
// rgba, specular rgb, shininess, ambient rgb, edge rgba, edge size, texture
// multiplicative and additive rgba, sphere's, toon's). Also `base material
// INDEX ...`: the proxies' values before any morph. The morphs of this
// motion all start together, so babylon-mmd's order (first non-zero first)
// is PMX order. Usage: node --import ./extensionless.mjs mmd_morphs_babylon.mjs
// MODEL.pmx MOTION.vmd FRAME...   (run by make fixtures)
import { readFileSync } from 'node:fs';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import { Matrix, Quaternion } from '@babylonjs/core/Maths/math.vector.js';
import { Logger } from '@babylonjs/core/Misc/logger.js';
import { MmdStandardMaterialBuilder } from 'babylon-mmd/esm/Loader/mmdStandardMaterialBuilder.js';
import 'babylon-mmd/esm/Loader/pmxLoader.js';
import { VmdLoader } from 'babylon-mmd/esm/Loader/vmdLoader.js';
import { MmdRuntime } from 'babylon-mmd/esm/Runtime/mmdRuntime.js';
import { MmdStandardMaterialProxy } from 'babylon-mmd/esm/Runtime/mmdStandardMaterialProxy.js';
import 'babylon-mmd/esm/Runtime/Animation/mmdRuntimeModelAnimation.js';

Logger.LogLevels = Logger.NoneLogLevel;
const [pmxPath, vmdPath, ...frameArgs] = process.argv.slice(2);
const scene = new Scene(new NullEngine());
const container = await LoadAssetContainerAsync(new Uint8Array(readFileSync(pmxPath)), scene,
  { pluginExtension: '.pmx', pluginOptions: { mmdmodel: { materialBuilder: new MmdStandardMaterialBuilder() } } });
container.addAllToScene();
const runtime = new MmdRuntime(scene);
const model = runtime.createMmdModel(container.meshes[0], { materialProxyConstructor: MmdStandardMaterialProxy });
const vmd = readFileSync(vmdPath);
model.setRuntimeAnimation(model.createRuntimeAnimation(
  await new VmdLoader(scene).loadFromBufferAsync('motion', vmd.buffer.slice(vmd.byteOffset, vmd.byteOffset + vmd.byteLength))));
runtime.setManualAnimationDuration(1000); // past the last key: the motion holds its last keys
const g = (x) => Math.fround(x).toPrecision(9); // a float, exactly
const values = (p) => [...p.diffuse, ...p.specular, p.shininess, ...p.ambient, ...p.edgeColor, p.edgeSize,
  ...p.textureMultiplicativeColor, ...p.textureAdditiveColor, ...p.sphereTextureMultiplicativeColor,
  ...p.sphereTextureAdditiveColor, ...p.toonTextureMultiplicativeColor, ...p.toonTextureAdditiveColor].map(g).join(' ');
const controller = model.morph, lines = [];
controller._materials.forEach((p, i) => lines.push(`base material ${i} ${values(p)}`));
const matrix = new Matrix(), rotation = new Quaternion();
for (const frame of frameArgs) {
  await runtime.seekAnimation(Number(frame), true);
  runtime.beforePhysics(0);
  runtime.afterPhysics();
  for (const bone of model.runtimeBones) {
    bone.getWorldMatrixToRef(matrix);
    Quaternion.FromRotationMatrixToRef(matrix, rotation);
    const m = matrix.m;
    lines.push(`${frame} ${bone.name} ${[m[12], m[13], m[14], rotation.x, rotation.y, rotation.z, rotation.w].map(g).join(' ')}`);
  }
  controller.morphs.forEach((morph, i) => {
    if (morph.type === 1 || morph.type === 3) lines.push(`${frame} morph ${i} ${g(morph.elements[0].influence)}`);
  });
  controller._materials.forEach((p, i) => lines.push(`${frame} material ${i} ${values(p)}`));
}
// exit once the text is out: process.exit cuts a pipe's output short (the WASM runtime keeps node alive)
process.stdout.write(lines.join('\n') + '\n', () => process.exit(0));
