// Retargeting computed on three.js Object3D graphs, as the VRM animation
// specification's how_to_transform_human_pose defines it ("each bone
// oriented the same way"): every bone the target has gets the world rotation
// from rest of the source's nearest bone at or above it; the hips move by
// the source's movement scaled by the ratio of rest hips heights. Rig pairs
// whose chains cross (each lacks a bone the other has), both directions,
// with random rest rotations and nodes between bones. Run with
// `make fixtures` (writes tests/fixtures/retarget_threejs.h).
import * as THREE from 'three';
import { BONES, PARENT, f32, f64, objectTree, randomQuaternion, round, seededRandom } from './common.mjs';

const CASES = [ // bones the source lacks, bones the target lacks
  [['neck'], ['chest']],
  [['neck', 'upperChest'], ['chest']],
  [['leftShoulder', 'rightShoulder'], ['upperChest']],
  [['leftIndexIntermediate', 'rightMiddleIntermediate'], ['leftIndexDistal', 'rightMiddleDistal']],
  [['leftToes', 'chest'], ['upperChest']],
];
const POSES = 3;
const random = seededRandom(0x2e7a26e7);
const offset = (size) => [0, 1, 2].map(() => round((2 * random() - 1) * size, 3));
const bone = (name) => BONES.indexOf(name);

function makeRig(lacking) {
  const nodes = [];
  const add = (parent, t, q = randomQuaternion(random)) => {
    nodes.push({ parent, t, q, s: [1, 1, 1] });
    return nodes.length - 1;
  };
  const between = (parent) => (random() < 0.3 ? add(parent, offset(0.05)) : parent);
  const boneNode = BONES.map(() => -1);
  const root = add(-1, [0, 0, 0], [0, 0, 0, 1]); // upright: the hips 1 above the floor
  BONES.forEach((name, b) => {
    if (lacking.includes(name)) return;
    let up = PARENT[b];
    while (up >= 0 && boneNode[up] < 0) up = PARENT[up];
    const t = b === 0 ? [0, 1, 0] : offset(0.2);
    boneNode[b] = add(up < 0 ? root : between(boneNode[up]), t);
  });
  return { nodes, boneNode };
}

const worldQuaternion = (o) => o.getWorldQuaternion(new THREE.Quaternion());
const rigLines = [], nodeLines = [], caseLines = [];
const rigIndex = new Map();
// The rig at rest as fresh objects, and its index in the fixture
function restRig(rig) {
  if (!rigIndex.has(rig)) {
    rigIndex.set(rig, rigLines.length);
    rigLines.push(`  {${rig.nodes.length}, ${nodeLines.length}, {${rig.boneNode.join(', ')}}}`);
    rig.nodes.forEach((n) => nodeLines.push(`  {${n.parent}, {${[...n.t, ...n.q, ...n.s].map(f32).join(', ')}}}`));
  }
  return { index: rigIndex.get(rig), objects: objectTree(rig.nodes, rig.nodes.map((n) => n.parent)), rig };
}

function retarget(a, b, pose) {
  // rest: world rotations W and the hips' world position
  a.objects[0].updateMatrixWorld(true);
  b.objects[0].updateMatrixWorld(true);
  const restA = a.rig.boneNode.map((n) => (n >= 0 ? worldQuaternion(a.objects[n]) : null));
  const restB = b.rig.boneNode.map((n) => (n >= 0 ? worldQuaternion(b.objects[n]) : null));
  const hipsRestA = a.objects[a.rig.boneNode[0]].getWorldPosition(new THREE.Vector3());
  const hipsRestB = b.objects[b.rig.boneNode[0]].getWorldPosition(new THREE.Vector3());
  // the source posed: D(b) = G(b) W(b)^-1
  BONES.forEach((_, k) => { if (a.rig.boneNode[k] >= 0) a.objects[a.rig.boneNode[k]].quaternion.fromArray(pose.rotation[k]); });
  a.objects[a.rig.boneNode[0]].position.fromArray(pose.hips);
  a.objects[0].updateMatrixWorld(true);
  const delta = BONES.map((_, k) => (a.rig.boneNode[k] >= 0
    ? worldQuaternion(a.objects[a.rig.boneNode[k]]).multiply(restA[k].clone().invert()) : null));
  // the target, top down: G'(b) = D(s(b)) W'(b), local = parent world^-1 G'
  BONES.forEach((_, k) => {
    if (b.rig.boneNode[k] < 0) return;
    let s = k;
    while (a.rig.boneNode[s] < 0) s = PARENT[s];
    const node = b.objects[b.rig.boneNode[k]];
    node.parent.updateMatrixWorld(true);
    const goal = delta[s].clone().multiply(restB[k]);
    node.quaternion.copy(worldQuaternion(node.parent).invert().multiply(goal));
    node.updateMatrixWorld(true);
  });
  const hipsA = a.objects[a.rig.boneNode[0]].getWorldPosition(new THREE.Vector3());
  const scale = hipsRestB.y / hipsRestA.y;
  const hipsB = hipsA.sub(hipsRestA).multiplyScalar(scale).add(hipsRestB);
  const hipsNode = b.objects[b.rig.boneNode[0]];
  hipsNode.parent.updateMatrixWorld(true);
  const local = hipsNode.parent.worldToLocal(hipsB.clone());
  return { rotation: BONES.map((_, k) => (b.rig.boneNode[k] >= 0 ? b.objects[b.rig.boneNode[k]].quaternion.toArray() : [0, 0, 0, 1])), hips: local.toArray() };
}

CASES.forEach(([lackA, lackB]) => {
  const ra = makeRig(lackA), rb = makeRig(lackB);
  const pair = [[ra, rb], [rb, ra]];
  for (const [sourceRig, targetRig] of pair) {
    for (let p = 0; p < POSES; p++) {
      const a = restRig(sourceRig), b = restRig(targetRig);
      const pose = { rotation: BONES.map(() => randomQuaternion(random)), hips: [0, 1, 0].map((x) => Math.fround(x + (random() - 0.5) * 0.2)) };
      const result = retarget(a, b, pose);
      caseLines.push(`  {${a.index}, ${b.index}, {${pose.rotation.map((q) => `{${q.map(f32).join(', ')}}`).join(', ')}},\n   {${pose.hips.map(f32).join(', ')}},\n` +
        `   {${result.rotation.map((q) => `{${q.map(f64).join(', ')}}`).join(', ')}},\n   {${result.hips.map(f64).join(', ')}}}`);
    }
  }
});

console.log([
  `/* Generated by tests/gen/retarget_threejs.mjs (three.js r${THREE.REVISION}); \`make fixtures\`. Do not edit.`,
  '   Rig pairs whose humanoid chains cross, both directions: the source\'s raw pose and the target\'s raw pose',
  '   computed on three.js Object3D graphs by the VRM animation specification\'s rule. */',
  `#define RETARGET_CASES ${caseLines.length}`,
  'static const struct retarget_rig { int node_count, first_node, bone_node[55]; }',
  `    retarget_rigs[${rigLines.length}] = {\n${rigLines.join(',\n')}};`,
  'static const fixture_node /* tests/test.h: parent, rest {t, q, s} */',
  `    retarget_nodes[${nodeLines.length}] = {\n${nodeLines.join(',\n')}};`,
  'static const struct retarget_case { int source, target; float source_raw[55][4], source_hips[3]; double target_raw[55][4], target_hips[3]; }',
  `    retarget_cases[${caseLines.length}] = {\n${caseLines.join(',\n')}};`,
].join('\n'));
