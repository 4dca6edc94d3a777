// @pixiv/three-vrm-core 3.5.5's VRMLookAt and its appliers, the reference
// for posemath's lookAt. Run with `make fixtures` (writes
// tests/fixtures/lookat_threevrm.h):
//   node lookat_threevrm.mjs VRM_SAMPLES_DIRECTORY
// 1. A generated 17-bone humanoid with a random rest rotation on every node
//    (eyes included); per case a random normalized pose of the spine, neck
//    and head, a target point, and a lookAt (VRM 1.0 bone type with its own
//    range maps, VRM 0.x's (front -Z, offset's z flipped), defaults): the
//    raw local pose three-vrm wrote, the world matrices computed
//    (updateMatrixWorld: three-vrm's own update reads the head's world
//    matrix of the frame before), lookAt(target)'s yaw and pitch,
//    VRMLookAtBoneApplier's normalized eye rotations and
//    VRMLookAtExpressionApplier's four weights (a stub expression manager
//    records them).
// 2. Yaw and pitch given directly, at and past every range map's edge, on
//    both sides, through both appliers.
// 3. What VRMLookAtLoaderPlugin reads from the real files (type, offset,
//    front, the four maps).
import { readFileSync, readdirSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import {
  VRMCoreLoaderPlugin, VRMHumanoid, VRMLookAt, VRMLookAtBoneApplier, VRMLookAtExpressionApplier, VRMLookAtRangeMap,
} from '@pixiv/three-vrm-core';
import { f32, objectTree, randomQuaternion, seededRandom } from './common.mjs';

console.warn = () => {};
const random = seededRandom(0x100ca7);
const directory = process.argv[2];

// the rig: bone, parent bone, offset from the parent in metres (faces +Z, +X its left)
const RIG = [
  ['hips', null, [0, 0.9, 0]], ['spine', 'hips', [0, 0.1, 0]], ['chest', 'spine', [0, 0.15, 0]],
  ['neck', 'chest', [0, 0.2, 0]], ['head', 'neck', [0, 0.1, 0]],
  ['leftEye', 'head', [0.032, 0.06, 0.07]], ['rightEye', 'head', [-0.032, 0.06, 0.07]],
  ['leftUpperArm', 'chest', [0.15, 0.15, 0]], ['leftLowerArm', 'leftUpperArm', [0.25, 0, 0]], ['leftHand', 'leftLowerArm', [0.25, 0, 0]],
  ['rightUpperArm', 'chest', [-0.15, 0.15, 0]], ['rightLowerArm', 'rightUpperArm', [-0.25, 0, 0]], ['rightHand', 'rightLowerArm', [-0.25, 0, 0]],
  ['leftUpperLeg', 'hips', [0.09, -0.05, 0]], ['leftLowerLeg', 'leftUpperLeg', [0, -0.4, 0]], ['leftFoot', 'leftLowerLeg', [0, -0.4, 0]],
  ['rightUpperLeg', 'hips', [-0.09, -0.05, 0]], ['rightLowerLeg', 'rightUpperLeg', [0, -0.4, 0]], ['rightFoot', 'rightLowerLeg', [0, -0.4, 0]],
];
// world rest: positions summed, a random world rotation per node; local = parent^-1 world
const parent = RIG.map(([, p]) => RIG.findIndex(([b]) => b === p));
const worldQ = RIG.map(() => new THREE.Quaternion(...randomQuaternion(random)));
const worldP = [];
RIG.forEach(([, , o], i) => { worldP.push(new THREE.Vector3(...o).add(parent[i] >= 0 ? worldP[parent[i]] : new THREE.Vector3())); });
const rest = RIG.map((_, i) => {
  const p = parent[i], inv = p >= 0 ? worldQ[p].clone().invert() : new THREE.Quaternion();
  const t = worldP[i].clone().sub(p >= 0 ? worldP[p] : new THREE.Vector3()).applyQuaternion(inv);
  const q = inv.multiply(worldQ[i]);
  return { t: t.toArray().map(Math.fround), q: q.toArray().map(Math.fround), s: [1, 1, 1] };
});

const LOOKATS = [
  { name: 'bone, own maps', type: 'bone', front: [0, 0, 1], offset: [0.01, 0.07, 0.02], maps: [[60, 8], [80, 12], [30, 6], [45, 9]] },
  { name: 'VRM 0.x', type: 'expression', front: [0, 0, -1], offset: [0, 0.146, -0.122], maps: [[90, 10], [90, 7.1], [90, 3.9], [90, 2.9]] },
  { name: 'defaults', type: 'bone', front: [0, 0, 1], offset: [0, 0.06, 0], maps: [[90, 10], [90, 10], [90, 10], [90, 10]] },
  { name: 'VRM 0.x bone', type: 'bone', front: [0, 0, -1], offset: [0, 0.06, 0.03], maps: [[40, 20], [70, 25], [20, 10], [35, 15]] },
];

function build() {
  const objects = objectTree(rest, parent);
  const scene = new THREE.Object3D();
  scene.add(objects[0]);
  const humanBones = {};
  RIG.forEach(([bone], i) => { humanBones[bone] = { node: objects[i] }; });
  const humanoid = new VRMHumanoid(humanBones);
  scene.add(humanoid.normalizedHumanBonesRoot);
  scene.updateMatrixWorld(true);
  return { objects, scene, humanoid };
}

// three-vrm's appliers on one lookAt setting; returns [yaw, pitch] -> {eyes, weights}
function appliers(humanoid, l) {
  const maps = l.maps.map(([i, o]) => new VRMLookAtRangeMap(i, o));
  const bone = new VRMLookAtBoneApplier(humanoid, ...maps);
  bone.faceFront.fromArray(l.front);
  const weights = {};
  const expression = new VRMLookAtExpressionApplier({ setValue: (n, v) => { weights[n] = v; } }, ...maps);
  return (yaw, pitch) => {
    bone.applyYawPitch(yaw, pitch);
    expression.applyYawPitch(yaw, pitch);
    const eye = (b) => humanoid.getNormalizedBoneNode(b).quaternion.toArray();
    return { eyes: [eye('leftEye'), eye('rightEye')], weights: ['lookLeft', 'lookRight', 'lookUp', 'lookDown'].map((n) => weights[n]) };
  };
}

const out = [];
const list = (a) => a.map(f32).join(', ');
out.push('/* Generated by tests/gen/lookat_threevrm.mjs (make fixtures): @pixiv/three-vrm-core 3.5.5\'s');
out.push('   VRMLookAt, VRMLookAtBoneApplier, VRMLookAtExpressionApplier and VRMLookAtLoaderPlugin. Do not edit. */');
out.push(`#define LOOKAT_NODES ${RIG.length}`);
out.push(`static const char *const lookat_bones[] = {${RIG.map(([b]) => `"${b}"`).join(', ')}};`);
out.push(`static const int lookat_parent[] = {${parent.join(', ')}};`);
out.push(`static const float lookat_rest[] = {${rest.map((x) => list([...x.t, ...x.q, ...x.s])).join(',\n    ')}};`);
out.push('/* type (1 bone, 2 expression), front, offset, maps (inner, outer, down, up: input, output) */');
out.push(`static const float lookat_settings[][15] = {${LOOKATS.map((l) => `{${l.type === 'bone' ? 1 : 2}, ${list([...l.front, ...l.offset, ...l.maps.flat()])}}`).join(',\n    ')}};`);

// 1. targets
const cases = [];
for (let c = 0; c < 24; c++) {
  const l = LOOKATS[c % LOOKATS.length];
  const { objects, scene, humanoid } = build();
  const lookAt = new VRMLookAt(humanoid, { applyYawPitch() {} }); // made at rest, as the loader makes it
  lookAt.offsetFromHeadBone.fromArray(l.offset);
  lookAt.faceFront.fromArray(l.front);
  const pose = { hips: { rotation: randomQuaternion(random).map((x, i) => (i === 3 ? x + 3 : x)) } };
  for (const b of ['spine', 'chest', 'neck', 'head']) {
    const q = new THREE.Quaternion(...randomQuaternion(random)).slerp(new THREE.Quaternion(), 0.6);
    pose[b] = { rotation: q.toArray() };
  }
  pose.hips.rotation = new THREE.Quaternion(...pose.hips.rotation).normalize().toArray();
  humanoid.setNormalizedPose(pose);
  humanoid.update();
  scene.updateMatrixWorld(true);
  const eyes = lookAt.getLookAtWorldPosition(new THREE.Vector3());
  const dir = new THREE.Vector3(random() - 0.5, random() - 0.5, random() - 0.5).normalize();
  const target = eyes.clone().addScaledVector(dir, 0.3 + 2 * random()).toArray().map(Math.fround);
  lookAt.lookAt(new THREE.Vector3(...target));
  const r = appliers(humanoid, l)(Math.fround(lookAt.yaw), Math.fround(lookAt.pitch)); // the angles as the fixture holds them
  const local = objects.map((o) => [...o.position.toArray(), ...o.quaternion.toArray(), 1, 1, 1]);
  cases.push(`  {${c % LOOKATS.length}, {${list(local.flat())}},\n   {${list(target)}}, ${f32(lookAt.yaw)}, ${f32(lookAt.pitch)}, ` +
    `{{${list(r.eyes[0])}}, {${list(r.eyes[1])}}}, {${list(r.weights)}}}`);
}
out.push('struct lookat_case { int setting; float pose[LOOKAT_NODES * 10]; float target[3], yaw, pitch, eyes[2][4], weights[4]; };');
out.push(`static const struct lookat_case lookat_cases[] = {\n${cases.join(',\n')}};`);

// 2. yaw and pitch at the edges
const angles = [];
for (const [s, l] of LOOKATS.entries()) {
  const { humanoid } = build();
  const apply = appliers(humanoid, l);
  const edges = [0, 1e-3, ...l.maps.map(([i]) => i), ...l.maps.map(([i]) => i + 25), 90, 179.5];
  for (const e of edges)
    for (const [yaw, pitch] of [[e, 0], [-e, 0], [0, e], [0, -e], [e, -0.5 * e], [-e, 0.7 * e]].map((a) => a.map(Math.fround))) {
      const r = apply(yaw, pitch);
      angles.push(`  {${s}, ${f32(yaw)}, ${f32(pitch)}, {{${list(r.eyes[0])}}, {${list(r.eyes[1])}}}, {${list(r.weights)}}}`);
    }
}
out.push('struct lookat_angles { int setting; float yaw, pitch, eyes[2][4], weights[4]; };');
out.push(`static const struct lookat_angles lookat_angle_cases[] = {\n${angles.join(',\n')}};`);

// 3. the loader on the real files
const files = [];
for (const file of readdirSync(directory).filter((f) => f.endsWith('.vrm')).sort()) {
  const bytes = readFileSync(`${directory}/${file}`);
  const loader = new GLTFLoader();
  loader.register(() => ({ name: 'no-textures', loadTexture: () => Promise.resolve(null) }));
  loader.register((p) => new VRMCoreLoaderPlugin(p));
  const gltf = await new Promise((resolve, reject) =>
    loader.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '', resolve, reject));
  const lookAt = gltf.userData.vrmCore?.lookAt;
  if (!lookAt) { files.push(`  {"${file}", 0, {0}}`); continue; }
  const a = lookAt.applier, type = a instanceof VRMLookAtBoneApplier ? 1 : 2;
  const maps = [a.rangeMapHorizontalInner, a.rangeMapHorizontalOuter, a.rangeMapVerticalDown, a.rangeMapVerticalUp];
  files.push(`  {"${file}", ${type}, {${list([...lookAt.faceFront.toArray(), ...lookAt.offsetFromHeadBone.toArray(),
    ...maps.flatMap((m) => [m.inputMaxValue, m.outputScale])])}}}`);
}
out.push('struct lookat_file { const char *name; int type; float setting[14]; };');
out.push(`static const struct lookat_file lookat_files[] = {\n${files.join(',\n')}};`);
console.log(out.join('\n'));
