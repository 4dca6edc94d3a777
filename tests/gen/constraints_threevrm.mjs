// Reference scenes for VRMC_node_constraint from @pixiv/three-vrm-node-constraint
// driving three.js Object3D graphs. Run with `make fixtures` (writes
// tests/fixtures/constraints_threevrm.h).
//
// Each scene: a random hierarchy (2..30 nodes, children may come before
// parents), random rest TRS, 1..10 constraints of every kind and axis with
// random weights, then random local poses of the sources and their
// ancestors; VRMNodeConstraintManager.update() gives the destinations'
// rotations. Where three-vrm reports a circular dependency that is not one
// under posemath's rule (roll/rotation read only their source's local
// rotation), the same three-vrm constraint objects are updated one by one
// in an order that respects the true dependencies. Scenes where an aim's
// parent frame is sheared (non-uniform scale above a rotation) are rebuilt
// with uniform scales: three-vrm then works with a non-unit quaternion.
import * as THREE from 'three';
import {
  VRMAimConstraint, VRMNodeConstraintManager, VRMRollConstraint, VRMRotationConstraint,
} from '@pixiv/three-vrm-node-constraint';
import { f32, f64, objectTree, randomQuaternion as randomRotation, round, seededRandom } from './common.mjs';

const RANDOM_SCENES = 1000;
const ROLL = 0, AIM = 1, ROTATION = 2;                 // pm_constraint_type
const AIM_AXES = ['PositiveX', 'NegativeX', 'PositiveY', 'NegativeY', 'PositiveZ', 'NegativeZ']; // pm_axis
const ROLL_AXES = { 0: 'X', 2: 'Y', 4: 'Z' };
const CYCLE = -3;                                      // PM_ERROR_CYCLE

const random = seededRandom(0xc0ffee21);
const randInt = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const randomQuaternion = () => randomRotation(random);
const randomTranslation = () => [0, 1, 2].map(() => round(2 * random() - 1, 3));
function randomScale(uniformOnly) {
  if (uniformOnly || random() < 0.75) { const s = round(0.5 + 1.5 * random(), 2); return [s, s, s]; }
  return [0, 1, 2].map(() => round(0.5 + 1.5 * random(), 2));
}

function randomScene(uniformOnly) {
  const n = randInt(2, 30);
  const perm = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
  const parent = new Array(n).fill(-1);
  for (let k = 1; k < n; k++) if (random() > 0.1) parent[perm[k]] = perm[randInt(0, k - 1)];
  const rest = Array.from({ length: n }, () => ({ t: randomTranslation(), q: randomQuaternion(), s: randomScale(uniformOnly) }));
  const count = randInt(1, Math.min(10, n - 1));
  const destinations = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5).slice(0, count);
  const constraints = destinations.map((destination) => {
    let source; do { source = randInt(0, n - 1); } while (source === destination);
    const type = randInt(0, 2);
    const axis = type === ROLL ? 2 * randInt(0, 2) : type === AIM ? randInt(0, 5) : 0;
    const r = random();
    const weight = r < 0.25 ? 1 : r < 0.35 ? 0 : Math.fround(random());
    return { type, destination, source, axis, weight };
  });
  // pose the sources and their ancestors (rotation always, translation often)
  const pose = rest.map((x) => ({ t: [...x.t], q: [...x.q], s: [...x.s] }));
  for (const c of constraints) {
    for (let node = c.source; node >= 0; node = parent[node]) {
      pose[node].q = randomQuaternion();
      if (random() < 0.5) pose[node].t = randomTranslation();
    }
  }
  return { parent, rest, pose, constraints };
}

// A few cases chosen on purpose: exact 180-degree roll, aim at itself,
// weights 0 and 1, root destinations, scaled parents, false cycles.
function specialScenes() {
  const identity = [0, 0, 0, 1];
  const node = (t, q = identity, s = [1, 1, 1]) => ({ t, q, s });
  const half = Math.fround(Math.SQRT1_2);
  const scenes = [];
  for (const axis of [0, 2, 4]) { // source turned 180 degrees about an axis perpendicular to the roll axis
    const flip = axis === 0 ? [0, 1, 0, 0] : axis === 2 ? [0, 0, 1, 0] : [1, 0, 0, 0];
    for (const weight of [1, 0.5, 0]) {
      scenes.push({ parent: [-1, 0, 0], rest: [node([0, 0, 0]), node([1, 0, 0]), node([0, 1, 0])],
        pose: [node([0, 0, 0]), node([1, 0, 0], flip), node([0, 1, 0])],
        constraints: [{ type: ROLL, destination: 2, source: 1, axis, weight }] });
    }
  }
  for (const axis of [0, 3, 5]) { // aim with the source exactly on the destination
    scenes.push({ parent: [-1, 0, 0], rest: [node([0, 0, 0]), node([0.5, 0, 0]), node([0.5, 0, 0], [0, half, 0, half])],
      pose: [node([0, 0, 0], [half, 0, 0, half]), node([0.5, 0, 0]), node([0.5, 0, 0], [0, half, 0, half])],
      constraints: [{ type: AIM, destination: 2, source: 1, axis, weight: 1 }] });
  }
  for (const scale of [[2, 2, 2], [1, 3, 0.5]]) { // aim under a scaled parent, destination a root for rotation
    scenes.push({ parent: [-1, 0, 1, -1], rest: [node([0, 0, 0], identity, scale), node([0, 1, 0], [0, 0, half, half]),
      node([1, 0, 0]), node([3, 0, 0])],
      pose: [node([0, 0, 0], identity, scale), node([0, 1, 0], [0, 0, half, half]), node([1, 0, 0]), node([3, 2, 1], [half, 0, 0, half])],
      constraints: [{ type: AIM, destination: 1, source: 3, axis: 2, weight: 1 },
        { type: ROTATION, destination: 3, source: 2, axis: 0, weight: 1 }] });
  }
  // three-vrm sees a cycle (rotation on 2 reads node 1, whose parent 0 is
  // constrained by a roll that reads node 2); posemath does not.
  scenes.push({ parent: [-1, 0, -1], rest: [node([0, 0, 0]), node([0, 1, 0]), node([2, 0, 0])],
    pose: [node([0, 0, 0]), node([0, 1, 0], [0, half, 0, half]), node([2, 0, 0], [half, 0, 0, half])],
    constraints: [{ type: ROTATION, destination: 2, source: 1, axis: 0, weight: 1 },
      { type: ROLL, destination: 0, source: 2, axis: 0, weight: 0.75 }] });
  // true cycles of length 2 and 3
  scenes.push({ parent: [-1, -1], rest: [node([0, 0, 0]), node([1, 0, 0])], pose: [node([0, 0, 0]), node([1, 0, 0])],
    constraints: [{ type: ROTATION, destination: 0, source: 1, axis: 0, weight: 1 }, { type: ROLL, destination: 1, source: 0, axis: 2, weight: 1 }] });
  scenes.push({ parent: [-1, -1, -1], rest: [node([0, 0, 0]), node([1, 0, 0]), node([2, 0, 0])],
    pose: [node([0, 0, 0]), node([1, 0, 0]), node([2, 0, 0])],
    constraints: [{ type: ROTATION, destination: 0, source: 1, axis: 0, weight: 1 }, { type: ROTATION, destination: 1, source: 2, axis: 0, weight: 1 },
      { type: ROTATION, destination: 2, source: 0, axis: 0, weight: 1 }] });
  return scenes;
}

// posemath's dependency rule: roll/rotation need the constraint on their
// source; aim also those on the source's and the destination's ancestors.
function trueOrder(scene) {
  const on = new Map(scene.constraints.map((c, i) => [c.destination, i]));
  const deps = scene.constraints.map((c) => {
    const nodes = [c.source];
    if (c.type === AIM) {
      for (let n = scene.parent[c.source]; n >= 0; n = scene.parent[n]) nodes.push(n);
      for (let n = scene.parent[c.destination]; n >= 0; n = scene.parent[n]) nodes.push(n);
    }
    return nodes.filter((n) => on.has(n)).map((n) => on.get(n));
  });
  const state = new Array(scene.constraints.length).fill(0), order = [];
  const visit = (i) => {
    if (state[i] === 2) return true;
    if (state[i] === 1) return false;
    state[i] = 1;
    for (const d of deps[i]) if (!visit(d)) return false;
    state[i] = 2;
    order.push(i);
    return true;
  };
  for (let i = 0; i < deps.length; i++) if (!visit(i)) return null;
  return order;
}

const buildObjects = (scene, which) => objectTree(scene[which], scene.parent);

function sheared(objects, scene) {
  const m = new THREE.Matrix4(), e = m.elements;
  for (const c of scene.constraints) {
    const p = scene.parent[c.destination];
    if (c.type !== AIM || p < 0) continue;
    objects[p].updateWorldMatrix(true, false);
    m.copy(objects[p].matrixWorld);
    const col = (k) => new THREE.Vector3(e[4 * k], e[4 * k + 1], e[4 * k + 2]).normalize();
    if (Math.abs(col(0).dot(col(1))) > 1e-9 || Math.abs(col(0).dot(col(2))) > 1e-9 || Math.abs(col(1).dot(col(2))) > 1e-9) return true;
  }
  return false;
}

function evaluate(scene) {
  const objects = buildObjects(scene, 'rest');
  if (sheared(objects, scene)) return null;
  const manager = new VRMNodeConstraintManager();
  const made = scene.constraints.map((c) => {
    const dst = objects[c.destination], src = objects[c.source];
    const k = c.type === ROLL ? new VRMRollConstraint(dst, src) : c.type === AIM ? new VRMAimConstraint(dst, src) : new VRMRotationConstraint(dst, src);
    if (c.type === ROLL) k.rollAxis = ROLL_AXES[c.axis];
    if (c.type === AIM) k.aimAxis = AIM_AXES[c.axis];
    k.weight = c.weight;
    manager.addConstraint(k);
    return k;
  });
  made.forEach((k) => k.setInitState()); // rests are local rotations: order does not matter
  scene.pose.forEach((x, i) => {
    objects[i].position.fromArray(x.t); objects[i].quaternion.fromArray(x.q); objects[i].scale.fromArray(x.s);
  });
  if (sheared(objects, scene)) return null;
  const order = trueOrder(scene);
  let falseCycle = 0;
  try {
    manager.update();
    if (!order) throw new Error('three-vrm found no cycle where posemath does');
  } catch (error) {
    if (!/Circular/.test(error.message)) throw error;
    if (!order) return { result: CYCLE, falseCycle: 0, expected: scene.constraints.map(() => [0, 0, 0, 1]) };
    falseCycle = 1;
    order.forEach((i) => made[i].update());
  }
  return { result: 0, falseCycle, expected: scene.constraints.map((c) => objects[c.destination].quaternion.toArray()) };
}


const scenes = [];
let falseCycles = 0, cycles = 0;
for (const special of specialScenes()) scenes.push({ ...special, ...evaluate(special) });
const SPECIAL = scenes.length;
while (scenes.length < SPECIAL + RANDOM_SCENES) {
  let scene = randomScene(false), result = evaluate(scene);
  while (!result) { scene = randomScene(true); result = evaluate(scene); }
  scenes.push({ ...scene, ...result });
}
for (const s of scenes) { falseCycles += s.falseCycle; cycles += s.result === CYCLE; }

const out = [];
out.push(`/* Generated by tests/gen/constraints_threevrm.mjs (three.js r${THREE.REVISION}, @pixiv/three-vrm-node-constraint 3.5.5); \`make fixtures\`. Do not edit.`);
out.push(`   ${scenes.length} scenes (the first ${SPECIAL} chosen on purpose), ${cycles} with a true cycle, ${falseCycles} that three-vrm`);
out.push('   rejects as circular but posemath does not (evaluated with three-vrm in a true dependency order).');
out.push('   Transforms are {tx, ty, tz, qx, qy, qz, qw, sx, sy, sz}; a node that is not `moved` keeps its rest pose. */');
out.push(`#define CONSTRAINT_SCENES ${scenes.length}`);
out.push(`#define CONSTRAINT_SPECIAL_SCENES ${SPECIAL}`);
const nodes = [], cons = [], heads = [];
for (const s of scenes) {
  heads.push(`  {${s.parent.length}, ${nodes.length}, ${s.constraints.length}, ${cons.length}, ${s.result}, ${s.falseCycle}}`);
  s.parent.forEach((p, i) => {
    const trs = (x) => [...x.t, ...x.q, ...x.s].map(f32).join(', ');
    const moved = trs(s.rest[i]) !== trs(s.pose[i]);
    nodes.push(`  {${p}, {${trs(s.rest[i])}}, ${moved ? 1 : 0}, {${moved ? trs(s.pose[i]) : '0'}}}`);
  });
  s.constraints.forEach((c, i) => {
    cons.push(`  {${c.type}, ${c.destination}, ${c.source}, ${c.axis}, ${f32(c.weight)}, {${s.expected[i].map(f64).join(', ')}}}`);
  });
}
out.push('static const struct constraint_scene { int node_count, first_node, constraint_count, first_constraint, result, three_vrm_false_cycle; }');
out.push(`    constraint_scenes[${heads.length}] = {\n${heads.join(',\n')}};`);
out.push('static const struct scene_node { int parent; float rest[10]; int moved; float pose[10]; }');
out.push(`    scene_nodes[${nodes.length}] = {\n${nodes.join(',\n')}};`);
out.push('static const struct scene_constraint { int type, destination, source, axis; float weight; double expected[4]; }');
out.push(`    scene_constraints[${cons.length}] = {\n${cons.join(',\n')}};`);
console.log(out.join('\n'));
