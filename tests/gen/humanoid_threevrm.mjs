// Reference values for humanoid normalization from @pixiv/three-vrm-core:
// random humanoids on three.js Object3D graphs, a random normalized pose set
// with VRMHumanoid.setNormalizedPose + update(), and the raw local rotations
// and hips position it produces. Run with `make fixtures` (writes
// tests/fixtures/humanoid_threevrm.h).
//
// Each rig: all required bones and a random subset of the optional ones;
// random rest rotations (not identity); sometimes a non-humanoid node with its
// own rotation between a bone and its humanoid parent, and 1..2 above the hips;
// uniform random scales; node indices in random order.
import * as THREE from 'three';
import { VRMHumanoid } from '@pixiv/three-vrm-core';
import { f32, f64, objectTree, randomQuaternion as randomRotation, round, seededRandom } from './common.mjs';

const RIGS = 300;
const BONES = ['hips', 'spine', 'chest', 'upperChest', 'neck', 'head', 'leftEye', 'rightEye', 'jaw',
  'leftUpperLeg', 'leftLowerLeg', 'leftFoot', 'leftToes', 'rightUpperLeg', 'rightLowerLeg', 'rightFoot', 'rightToes',
  'leftShoulder', 'leftUpperArm', 'leftLowerArm', 'leftHand', 'rightShoulder', 'rightUpperArm', 'rightLowerArm', 'rightHand',
  ...['left', 'right'].flatMap((side) => ['Thumb', 'Index', 'Middle', 'Ring', 'Little'].flatMap((finger) =>
    (finger === 'Thumb' ? ['Metacarpal', 'Proximal', 'Distal'] : ['Proximal', 'Intermediate', 'Distal']).map((j) => side + finger + j)))];
const PARENT = [-1, 0, 1, 2, 3, 4, 5, 5, 5, 0, 9, 10, 11, 0, 13, 14, 15, 3, 17, 18, 19, 3, 21, 22, 23,
  20, 25, 26, 20, 28, 29, 20, 31, 32, 20, 34, 35, 20, 37, 38, 24, 40, 41, 24, 43, 44, 24, 46, 47, 24, 49, 50, 24, 52, 53];
const REQUIRED = new Set(['hips', 'spine', 'head', 'leftUpperLeg', 'leftLowerLeg', 'leftFoot', 'rightUpperLeg',
  'rightLowerLeg', 'rightFoot', 'leftUpperArm', 'leftLowerArm', 'leftHand', 'rightUpperArm', 'rightLowerArm', 'rightHand']);

const random = seededRandom(0x7a11b0e5);
const randomQuaternion = () => randomRotation(random);
const offset = (size) => [0, 1, 2].map(() => round((2 * random() - 1) * size, 3));

function makeRig() {
  const nodes = []; // {parent (list index), t, q, s}
  const add = (parent, t) => {
    const s = round(0.7 + 0.7 * random(), 2);
    nodes.push({ parent, t, q: randomQuaternion(), s: [s, s, s] });
    return nodes.length - 1;
  };
  const between = (parent) => (random() < 0.35 ? add(parent, offset(0.1)) : parent); // a non-humanoid node, sometimes
  const present = BONES.map((name, b) => REQUIRED.has(name) || random() < 0.6);
  const boneNode = new Array(BONES.length).fill(-1);
  const top = between(add(-1, offset(0.1))); // the model root, maybe one more: three-vrm needs a parent above the hips
  BONES.forEach((name, b) => {
    if (!present[b]) return;
    let up = PARENT[b];
    while (up >= 0 && boneNode[up] < 0) up = PARENT[up];
    const t = b === 0 ? [round(offset(0.1)[0], 3), round(0.8 + 0.4 * random(), 3), round(offset(0.1)[2], 3)] : offset(0.3);
    boneNode[b] = add(between(up < 0 ? top : boneNode[up]), t);
  });
  // a root above the hips must lift them: keep the hips' model-space height positive below
  return { nodes, boneNode };
}
function randInt(lo, hi) { return lo + Math.floor(random() * (hi - lo + 1)); }

const build = (rig) => objectTree(rig.nodes, rig.nodes.map((n) => n.parent));

const rigLines = [], nodeLines = [], boneLines = [];
let made = 0;
while (made < RIGS) {
  const rig = makeRig();
  const objects = build(rig);
  const hipsWorld = objects[rig.boneNode[0]].getWorldPosition(new THREE.Vector3());
  if (hipsWorld.y <= 0.05) continue; // retargeting needs a positive rest hips height
  // scene indices in random order: list index -> scene index
  const order = rig.nodes.map((_, i) => i).sort(() => random() - 0.5);
  const sceneIndex = new Array(order.length);
  order.forEach((listIndex, k) => { sceneIndex[listIndex] = k; });
  const humanBones = {};
  BONES.forEach((name, b) => { if (rig.boneNode[b] >= 0) humanBones[name] = { node: objects[rig.boneNode[b]] }; });
  const humanoid = new VRMHumanoid(humanBones);
  const pose = {}, normalized = {};
  BONES.forEach((name, b) => {
    if (rig.boneNode[b] < 0) return;
    normalized[name] = randomQuaternion();
    pose[name] = { rotation: normalized[name] };
  });
  pose.hips.position = offset(0.3);
  humanoid.setNormalizedPose(pose);
  humanoid.update();
  const hipsNormalized = humanoid.getNormalizedBoneNode('hips').getWorldPosition(new THREE.Vector3()).toArray();
  const hipsRaw = objects[rig.boneNode[0]].position.toArray();
  rigLines.push(`  {${rig.nodes.length}, ${nodeLines.length}, {${rig.boneNode.map((n) => (n < 0 ? -1 : sceneIndex[n])).join(', ')}}, ` +
    `{${hipsNormalized.map(f64).join(', ')}}, {${hipsRaw.map(f64).join(', ')}}, ${boneLines.length}}`);
  order.forEach((listIndex) => {
    const n = rig.nodes[listIndex];
    nodeLines.push(`  {${n.parent < 0 ? -1 : sceneIndex[n.parent]}, {${[...n.t, ...n.q, ...n.s].map(f32).join(', ')}}}`);
  });
  BONES.forEach((name, b) => {
    if (rig.boneNode[b] < 0) return;
    boneLines.push(`  {${b}, {${normalized[name].map(f32).join(', ')}}, {${objects[rig.boneNode[b]].quaternion.toArray().map(f64).join(', ')}}}`);
  });
  ++made;
}

const out = [];
out.push(`/* Generated by tests/gen/humanoid_threevrm.mjs (three.js r${THREE.REVISION}, @pixiv/three-vrm-core 3.5.5); \`make fixtures\`. Do not edit.`);
out.push(`   ${RIGS} random humanoids. For each: the scene (parent, rest {t, q, s}), the node of each bone (-1: absent),`);
out.push('   the normalized pose given to VRMHumanoid.setNormalizedPose, the normalized hips position in model space,');
out.push('   and what update() wrote: each bone\'s raw local rotation and the hips\' local position. */');
out.push(`#define HUMANOID_RIGS ${RIGS}`);
out.push('static const struct humanoid_rig { int node_count, first_node, bone_node[55]; double hips_normalized[3], hips_raw[3]; int first_bone; }');
out.push(`    humanoid_rigs[${rigLines.length}] = {\n${rigLines.join(',\n')}};`);
out.push('static const struct humanoid_node { int parent; float rest[10]; }');
out.push(`    humanoid_nodes[${nodeLines.length}] = {\n${nodeLines.join(',\n')}};`);
out.push('static const struct humanoid_bone_value { int bone; float normalized[4]; double raw[4]; }');
out.push(`    humanoid_bone_values[${boneLines.length}] = {\n${boneLines.join(',\n')}};`);
console.log(out.join('\n'));
