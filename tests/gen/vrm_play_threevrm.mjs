// What three-vrm 3.5.5 and three-vrm-animation do with a VRM avatar playing
// a VRM animation, frame by frame: the reference for examples/vrm_play
// (same arguments, same output). Run with `make fixtures`:
//   node vrm_play_threevrm.mjs MODEL.vrm MOTION.vrma FPS FRAMES [--every N] [--vertices M]
// (--every N prints every Nth frame only: the fixtures keep some frames, the
// check asks for those; --vertices M adds every Mth vertex of each mesh,
// skinned and morphed as three.js draws it, in world space: "k vertex NODE
// PRIMITIVE V x y z", as examples/vrm_play --vertices M prints it)
// The avatar loads with GLTFLoader and @pixiv/three-vrm-core's,
// -node-constraint's and -springbone's plugins (textures stubbed); the
// animation with VRMAnimationLoaderPlugin and createVRMAnimationClip. Two
// departures from three-vrm-animation, where it departs from the
// specifications: a STEP sampler's track is sampled STEP (three-vrm-animation
// rebuilds the humanoid rotation and expression tracks LINEAR), and an
// expression track's weight is clamped to [0, 1] (VRMC_vrm_animation: an
// implementation must clamp). The lookAt angles are set every frame (0, 0
// without a lookAt track), so the applier runs every frame.
// World matrices at rest, spring state set there (setInitState); then for
// k = 0 .. FRAMES - 1: every track sampled at min(k / FPS, duration), then
// VRMCore.update (humanoid, lookAt, expressions), the node constraints, the
// spring bones by 1 / FPS (bone lengths from this frame's matrices, as
// springs_vrma_threevrm.mjs measures them). Printed per frame:
//   k expression NAME W        each expression's weight as its binds get it
//   k morph NODE TARGET W      each morph target an expression's bind drives
//   k node NODE x y z qx qy qz qw   each glTF node's world position and
//                              rotation (scale taken out), glTF space
import * as THREE from 'three';
import { VRMCoreLoaderPlugin } from '@pixiv/three-vrm-core';
import { VRMNodeConstraintLoaderPlugin } from '@pixiv/three-vrm-node-constraint';
import { VRMSpringBoneJoint, VRMSpringBoneLoaderPlugin } from '@pixiv/three-vrm-springbone';
import { VRMAnimationLoaderPlugin, VRMLookAtQuaternionProxy, createVRMAnimationClip } from '@pixiv/three-vrm-animation';
import { loadGlb } from './common.mjs';

const [modelPath, motionPath, fpsText, framesText] = process.argv.slice(2);
const fps = Number(fpsText), frames = Number(framesText);
const option = (name) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : 0);
const every = option('--every') || 1, vertexEvery = option('--vertices');
const measure = VRMSpringBoneJoint.prototype._calcWorldSpaceBoneLength;
VRMSpringBoneJoint.prototype._calcWorldSpaceBoneLength = function () {
  if (this.child) this.child.updateWorldMatrix(false, false, true);
  measure.call(this);
};
console.warn = () => {}; // the loaders' notes are not results

const model = await loadGlb(modelPath, [(p) => new VRMCoreLoaderPlugin(p), (p) => new VRMNodeConstraintLoaderPlugin(p),
  (p) => new VRMSpringBoneLoaderPlugin(p)]);
const motion = await loadGlb(motionPath, [(p) => new VRMAnimationLoaderPlugin(p)]);
const vrm = model.userData.vrmCore, springs = model.userData.vrmSpringBoneManager;
const constraints = model.userData.vrmNodeConstraintManager;
const lookAtProxy = new VRMLookAtQuaternionProxy(vrm.lookAt);
lookAtProxy.name = 'VRMLookAtQuaternionProxy';
vrm.scene.add(lookAtProxy);
const clip = createVRMAnimationClip(motion.userData.vrmAnimations[0], vrm);

// each clip track's sampler interpolation in the file, by the clip's track name
const json = motion.parser.json, extension = json.extensions.VRMC_vrm_animation;
const interpolation = new Map();
for (const channel of json.animations[0].channels) {
  const node = channel.target.node, mode = json.animations[0].samplers[channel.sampler].interpolation ?? 'LINEAR';
  for (const [bone, { node: n }] of Object.entries(extension.humanoid?.humanBones ?? {})) {
    const normalized = vrm.humanoid.getNormalizedBoneNode(bone);
    if (n === node && normalized) interpolation.set(`${normalized.name}.${channel.target.path === 'rotation' ? 'quaternion' : 'position'}`, mode);
  }
  for (const group of ['preset', 'custom'])
    for (const [name, { node: n }] of Object.entries(extension.expressions?.[group] ?? {}))
      if (n === node && vrm.expressionManager?.getExpressionTrackName(name)) interpolation.set(vrm.expressionManager.getExpressionTrackName(name), mode);
}
const sampled = clip.tracks.map((track) => {
  if (interpolation.get(track.name) === 'STEP') track.setInterpolation(THREE.InterpolateDiscrete);
  const [name, property] = track.name.split('.');
  return { object: vrm.scene.getObjectByName(name), property, interpolant: track.createInterpolant() };
});
const looks = sampled.some((s) => s.object === lookAtProxy);

// what each expression hands its binds: a probe bind records it
const applied = new Map();
for (const expression of vrm.expressionManager?.expressions ?? [])
  expression.addBind({ applyWeight: (w) => applied.set(expression.expressionName, w), clearAppliedWeight: () => {} });

// the morph targets binds drive: VRM 1.0's binds name nodes, 0.x's name meshes (every node with it)
const nodes = await model.parser.getDependencies('node');
const driven = new Set();
const vrmJson = model.parser.json.extensions.VRMC_vrm, vrm0 = model.parser.json.extensions.VRM;
if (vrmJson) {
  for (const group of ['preset', 'custom'])
    for (const e of Object.values(vrmJson.expressions?.[group] ?? {}))
      for (const b of e.morphTargetBinds ?? []) driven.add(`${b.node} ${b.index}`);
} else {
  for (const g of vrm0.blendShapeMaster?.blendShapeGroups ?? [])
    for (const b of g.binds ?? [])
      model.parser.json.nodes.forEach((n, i) => { if (n.mesh === b.mesh) driven.add(`${i} ${b.index}`); });
}
const morphs = [...driven].map((key) => key.split(' ').map(Number)).filter(([node, index]) => {
  const mesh = nodes[node]?.isMesh ? nodes[node] : nodes[node]?.children.find((c) => c.isMesh);
  return mesh?.morphTargetInfluences && index < mesh.morphTargetInfluences.length;
}).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
const influence = (node, index) => (nodes[node].isMesh ? nodes[node] : nodes[node].children.find((c) => c.isMesh)).morphTargetInfluences[index];

vrm.scene.updateMatrixWorld(true);
springs?.setInitState();
const p = new THREE.Vector3(), q = new THREE.Quaternion(), s = new THREE.Vector3();
const f = (x) => x.toPrecision(9);
for (let k = 0; k < frames; k++) {
  const t = Math.min(k / fps, clip.duration);
  if (!looks && vrm.lookAt) { vrm.lookAt.yaw = 0; vrm.lookAt.pitch = 0; }
  for (const x of sampled) {
    const v = x.interpolant.evaluate(t);
    if (x.property === 'weight') x.object.weight = Math.min(1, Math.max(0, v[0]));
    else x.object[x.property].fromArray(v);
  }
  vrm.update(1 / fps);
  constraints?.update();
  springs?.update(1 / fps);
  vrm.scene.updateMatrixWorld(true);
  if (k % every !== 0) continue;
  for (const e of vrm.expressionManager?.expressions ?? []) console.log(k, 'expression', e.expressionName, f(applied.get(e.expressionName)));
  for (const [node, index] of morphs) console.log(k, 'morph', node, index, f(influence(node, index)));
  nodes.forEach((o, i) => {
    o.matrixWorld.decompose(p, q, s);
    console.log(k, 'node', i, ...[p.x, p.y, p.z, q.x, q.y, q.z, q.w].map(f));
  });
  // the meshes as drawn: each glTF primitive a three.js mesh (the node itself, or its children in order)
  model.parser.json.nodes.forEach((def, i) => {
    if (!vertexEvery || def.mesh === undefined) return;
    const meshes = nodes[i].isMesh ? [nodes[i]] : nodes[i].children.filter((c) => c.isMesh);
    meshes.forEach((mesh, primitive) => {
      if (mesh.isSkinnedMesh) mesh.skeleton.update();
      const count = mesh.geometry.attributes.position.count;
      for (let v = 0; v < count; v += vertexEvery) {
        mesh.getVertexPosition(v, p).applyMatrix4(mesh.matrixWorld);
        console.log(k, 'vertex', i, primitive, v, ...[p.x, p.y, p.z].map(f));
      }
    });
  });
}
