// make bench's three-vrm 3.5.5 column for spring bones: the scene of
// tests/bench.c's bench_springs, built the same way (an avatar with 100
// joints: 8 hair chains of 6 on the head, 8 skirt chains of 5 on the hips,
// 2 ribbons of 6 on the chest; 10 colliders: spheres on the head, neck,
// chest, hips and upper arms, capsules on the four leg bones), its root swaying and
// turning, the spine and head leaning. Per frame: the animated transforms
// set, then VRMSpringBoneManager.update(1/60), which updates the world
// matrices above the joints itself. Prints "three-vrm MEDIAN_US BEST_US
// JOINTS COLLIDERS": the lowest of fifteen runs' median microseconds per
// frame, and the fastest frame. Usage: node springs_bench_threevrm.mjs FRAMES
import * as THREE from 'three';
import {
  VRMSpringBoneCollider, VRMSpringBoneColliderShapeCapsule, VRMSpringBoneColliderShapeSphere,
  VRMSpringBoneJoint, VRMSpringBoneManager,
} from '@pixiv/three-vrm-springbone';

const frames = Number(process.argv[2] ?? 400);
const ROUNDS = 15;

const nodes = []; // { parent, t }
const add = (parent, t) => { nodes.push({ parent, t }); return nodes.length - 1; };
const root = add(-1, [0, 0, 0]), hips = add(root, [0, 1, 0]), spine = add(hips, [0, 0.15, 0]);
const chest = add(spine, [0, 0.15, 0]), neck = add(chest, [0, 0.12, 0]), head = add(neck, [0, 0.1, 0]);
const legs = [0.1, -0.1].map((x) => { const upper = add(hips, [x, -0.05, 0]); return [upper, add(upper, [0, -0.45, 0])]; });
const arms = [0.2, -0.2].map((x) => add(chest, [x, 0.1, 0]));
const chains = []; // { nodes, stiffness, gravity, drag, radius, groups }
const chain = (parent, first, step, count) => {
  const list = [add(parent, first)];
  for (let k = 1; k <= count; k++) list.push(add(list[k - 1], step)); // count joints and a tail
  return list;
};
for (let c = 0; c < 8; c++) {
  const a = (2 * Math.PI * c) / 8, s = Math.sin(a), co = Math.cos(a);
  chains.push({ nodes: chain(head, [0.08 * co, 0.05, 0.08 * s], [0.01 * co, -0.06, 0.01 * s], 6), stiffness: 0.8, gravity: 0.4, drag: 0.4, radius: 0.02, groups: [0] });
}
for (let c = 0; c < 8; c++) {
  const a = (2 * Math.PI * (c + 0.5)) / 8, s = Math.sin(a), co = Math.cos(a);
  chains.push({ nodes: chain(hips, [0.15 * co, -0.05, 0.15 * s], [0.02 * co, -0.07, 0.02 * s], 5), stiffness: 1.5, gravity: 1, drag: 0.5, radius: 0.03, groups: [1] });
}
for (const x of [0.06, -0.06]) {
  chains.push({ nodes: chain(chest, [x, 0, 0.1], [0, -0.05, 0.01], 6), stiffness: 0.5, gravity: 0.3, drag: 0.3, radius: 0.01, groups: [2] });
}
const colliders = [
  { node: head, sphere: true, offset: [0, 0.05, 0], radius: 0.1 }, { node: chest, sphere: true, offset: [0, 0, 0], radius: 0.12 },
  { node: hips, sphere: true, offset: [0, 0, 0], radius: 0.14 }, ...arms.map((n) => ({ node: n, sphere: true, offset: [0, 0, 0], radius: 0.05 })),
  ...legs.flat().map((n) => ({ node: n, sphere: false, offset: [0, 0, 0], tail: [0, -0.4, 0], radius: 0.07 })),
  { node: neck, sphere: true, offset: [0, 0, 0], radius: 0.05 },
];
const groups = [[0, 1, 3, 4, 9], [2, 5, 6, 7, 8], [1]];

const objects = nodes.map((n) => { const o = new THREE.Object3D(); o.position.fromArray(n.t); return o; });
nodes.forEach((n, i) => { if (n.parent >= 0) objects[n.parent].add(objects[i]); });
const colliderObjects = colliders.map((c) => {
  const offset = new THREE.Vector3(...c.offset);
  const shape = c.sphere ? new VRMSpringBoneColliderShapeSphere({ offset, radius: c.radius })
    : new VRMSpringBoneColliderShapeCapsule({ offset, tail: new THREE.Vector3(...c.tail), radius: c.radius });
  const collider = new VRMSpringBoneCollider(shape);
  objects[c.node].add(collider);
  return collider;
});
const groupObjects = groups.map((list) => ({ colliders: list.map((i) => colliderObjects[i]) }));
const manager = new VRMSpringBoneManager();
let joints = 0;
for (const c of chains) {
  for (let k = 0; k + 1 < c.nodes.length; k++, joints++) {
    manager.addJoint(new VRMSpringBoneJoint(objects[c.nodes[k]], objects[c.nodes[k + 1]], {
      hitRadius: c.radius, stiffness: c.stiffness, gravityPower: c.gravity, gravityDir: new THREE.Vector3(0, -1, 0), dragForce: c.drag,
    }, c.groups.map((g) => groupObjects[g])));
  }
}

const up = new THREE.Vector3(0, 1, 0), side = new THREE.Vector3(0, 0, 1);
function animate(t) { // tests/bench.c's springs_bench_motion
  objects[root].position.set(0.3 * Math.sin(1.7 * t), 0.05 * Math.abs(Math.sin(4 * t)), 0.5 * Math.sin(0.9 * t));
  objects[root].quaternion.setFromAxisAngle(up, 1.2 * Math.sin(1.3 * t));
  objects[spine].quaternion.setFromAxisAngle(side, 0.2 * Math.sin(2.1 * t));
  objects[head].quaternion.setFromAxisAngle(up, 0.6 * Math.sin(2.9 * t));
}

objects[root].updateMatrixWorld(true);
manager.setInitState();
let median = Infinity, best = Infinity;
for (let round = 0; round < ROUNDS; round++) {
  manager.reset();
  const times = [];
  for (let f = 0; f < frames; f++) {
    animate((f + 1) / 60);
    const start = process.hrtime.bigint();
    manager.update(1 / 60);
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  median = Math.min(median, times[frames >> 1]);
  best = Math.min(best, times[0]);
}
console.log(`three-vrm ${median.toFixed(3)} ${best.toFixed(3)} ${joints} ${colliders.length}`);
