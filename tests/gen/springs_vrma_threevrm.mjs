// What three-vrm 3.5.5 does with a VRM model's spring bones while a VRM
// animation plays on it, frame by frame: the reference for
// examples/vrm_springs (same arguments, same output). Run with
// `make fixtures`:
//   node springs_vrma_threevrm.mjs MODEL.vrm MOTION.vrma FPS FRAMES [--stock]
// The model loads with GLTFLoader and @pixiv/three-vrm-core's
// VRMCoreLoaderPlugin, @pixiv/three-vrm-node-constraint's and
// @pixiv/three-vrm-springbone's plugins (textures stubbed); the motion with
// @pixiv/three-vrm-animation's plugin and createVRMAnimationClip (its VRM
// 0.x turn and hips scale). The world matrices are computed at rest and the
// spring state set there (setInitState). Then for k = 0 .. FRAMES - 1 the
// clip's tracks are sampled at min(k / FPS, duration) onto the normalized
// bones, and VRM.update's order runs: humanoid, node constraints, spring
// bones by 1 / FPS. Printed per frame, for every joint node in the
// manager's list order (and each VRMC_springBone spring's last node, which
// is a tail): "k NODE x y z qx qy qz qw", the node's world position (glTF
// space, no VRM 0.x turn) and its local rotation.
//
// Without --stock, _calcWorldSpaceBoneLength refreshes the child's world
// matrix first, as tests/gen/springbone_threevrm.mjs explains; --stock runs
// three-vrm as shipped.
import * as THREE from 'three';
import { VRMCoreLoaderPlugin } from '@pixiv/three-vrm-core';
import { VRMNodeConstraintLoaderPlugin } from '@pixiv/three-vrm-node-constraint';
import { VRMSpringBoneJoint, VRMSpringBoneLoaderPlugin } from '@pixiv/three-vrm-springbone';
import { VRMAnimationLoaderPlugin, createVRMAnimationClip } from '@pixiv/three-vrm-animation';
import { loadGlb } from './common.mjs';

const [modelPath, motionPath, fpsText, framesText] = process.argv.slice(2);
const fps = Number(fpsText), frames = Number(framesText);
if (!process.argv.includes('--stock')) {
  const measure = VRMSpringBoneJoint.prototype._calcWorldSpaceBoneLength;
  VRMSpringBoneJoint.prototype._calcWorldSpaceBoneLength = function () {
    if (this.child) this.child.updateWorldMatrix(false, false, true);
    measure.call(this);
  };
}
console.warn = () => {}; // the loaders' notes (no lookAt proxy, ...) are not results

const model = await loadGlb(modelPath, [(p) => new VRMCoreLoaderPlugin(p), (p) => new VRMNodeConstraintLoaderPlugin(p),
  (p) => new VRMSpringBoneLoaderPlugin(p)]);
const motion = await loadGlb(motionPath, [(p) => new VRMAnimationLoaderPlugin(p)]);
const vrm = model.userData.vrmCore, springs = model.userData.vrmSpringBoneManager;
const constraints = model.userData.vrmNodeConstraintManager;
const clip = createVRMAnimationClip(motion.userData.vrmAnimations[0], { ...vrm, lookAt: null, expressionManager: null });
const nodeOf = (object) => model.parser.associations.get(object)?.nodes;

// the printed nodes: the manager's joints, then a VRMC_springBone spring's tail node after its last joint
const printed = [];
const jointBones = new Set([...springs.joints].map((j) => j.bone));
for (const joint of springs.joints) {
  printed.push(joint.bone);
  if (joint.child && !jointBones.has(joint.child) && model.parser.json.extensions.VRMC_springBone) printed.push(joint.child);
}

const sampled = clip.tracks.map((track) => {
  const [name, property] = track.name.split('.');
  return { object: vrm.scene.getObjectByName(name), property, interpolant: track.createInterpolant() };
});
vrm.scene.updateMatrixWorld(true);
springs.setInitState();
for (let k = 0; k < frames; k++) {
  const t = Math.min(k / fps, clip.duration);
  for (const s of sampled) s.object[s.property].fromArray(s.interpolant.evaluate(t));
  vrm.humanoid.update();
  constraints?.update();
  springs.update(1 / fps);
  for (const bone of printed) {
    bone.updateWorldMatrix(false, false); // a spring's tail node: below the last joint, which moved it
    const p = new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld), q = bone.quaternion;
    console.log(k, nodeOf(bone), ...[p.x, p.y, p.z, q.x, q.y, q.z, q.w].map((x) => x.toPrecision(9)));
  }
}
