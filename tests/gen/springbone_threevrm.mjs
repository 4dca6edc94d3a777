// Reference runs of VRM spring bones from @pixiv/three-vrm-springbone 3.5.5
// on generated scenes. Run with `make fixtures` (writes
// tests/fixtures/springbone_threevrm.h); `node springbone_threevrm.mjs --stock`
// prints how far three-vrm's own bone length rule moves the result instead.
//
// Each scene is a three.js Object3D tree built by hand with
// VRMSpringBoneJoint, VRMSpringBoneCollider (every shape, inside ones
// included) and VRMSpringBoneManager, as the loader builds them. The
// scene's animated nodes get a local transform per frame (a root that
// walks, turns and jumps), the world matrices are computed
// (updateMatrixWorld, as a host does before the step), and the manager
// steps by 1 / fps. Per frame, every joint node's world position and local
// rotation are recorded.
//
// three-vrm measures a bone's length from its child's world matrix as it
// was after the step before; posemath measures it with the child where the
// node now is. For the reference, _calcWorldSpaceBoneLength refreshes the
// child's world matrix first (updateWorldMatrix(false, false, true)).
import * as THREE from 'three';
import {
  VRMSpringBoneCollider, VRMSpringBoneColliderShapeCapsule, VRMSpringBoneColliderShapePlane,
  VRMSpringBoneColliderShapeSphere, VRMSpringBoneJoint, VRMSpringBoneManager,
} from '@pixiv/three-vrm-springbone';
import { f32, objectTree } from './common.mjs';

const STOCK = process.argv.includes('--stock');
if (!STOCK) {
  const measure = VRMSpringBoneJoint.prototype._calcWorldSpaceBoneLength;
  VRMSpringBoneJoint.prototype._calcWorldSpaceBoneLength = function () {
    if (this.child) this.child.updateWorldMatrix(false, false, true); // forced: three.js 0.187 skips a matrix not marked for update
    measure.call(this);
  };
}

const SPHERE = 0, CAPSULE = 1, PLANE = 2, INSIDE_SPHERE = 3, INSIDE_CAPSULE = 4; // pm_collider_shape
const I = [0, 0, 0, 1], ONE = [1, 1, 1];
const axisAngle = (axis, angle) => {
  const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis).normalize(), angle);
  return [q.x, q.y, q.z, q.w].map(Math.fround);
};
const node = (parent, t, q = I, s = ONE) => ({ parent, t: t.map(Math.fround), q, s: s.map(Math.fround) });

// A chain of `count` nodes under `parent`, each `step` from the one before.
function chain(nodes, parent, count, step) {
  const list = [];
  for (let k = 0; k < count; k++) {
    nodes.push(node(k === 0 ? parent : nodes.length - 1, k === 0 ? step.map((x) => x * 0.5) : step));
    list.push(nodes.length - 1);
  }
  return list;
}

// Joints of a chain of nodes: each node but the last, the next as its child (VRMC_springBone's rule).
const chainJoints = (list, settings) => list.slice(0, -1).map((n, k) => ({ node: n, child: list[k + 1], ...settings(k) }));

function sceneWalk() {
  // 0 root (walks, turns, jumps), 1 hips (rotated, scaled 1.2), 2 head, 3 left leg, 4 right leg
  const nodes = [node(-1, [0, 0, 0]), node(0, [0, 1, 0], axisAngle([0, 1, 0], 0.3), [1.2, 1.2, 1.2]),
    node(1, [0, 0.6, 0]), node(1, [0.1, -0.1, 0], axisAngle([0, 0, 1], 0.1)), node(1, [-0.1, -0.1, 0])];
  const hair = chain(nodes, 2, 6, [0, -0.05, -0.06]);            // a ponytail down the back
  const sideL = chain(nodes, 2, 5, [0.05, -0.06, 0]);            // hair on the left
  const skirt = chain(nodes, 1, 4, [0.02, -0.07, 0.06]);         // a skirt panel in front
  const colliders = [
    { node: 2, shape: SPHERE, offset: [0, 0.02, 0], radius: 0.1 },
    { node: 3, shape: CAPSULE, offset: [0, 0, 0], tail: [0, -0.4, 0], radius: 0.06 },
    { node: 4, shape: CAPSULE, offset: [0, 0, 0], tail: [0, -0.4, 0], radius: 0.06 },
    { node: 1, shape: PLANE, offset: [0, -0.05, 0.02], normal: [0, 0, 1] },
    { node: 2, shape: INSIDE_SPHERE, offset: [0, -0.1, 0], radius: 0.45 },
    { node: 1, shape: INSIDE_CAPSULE, offset: [0, 0.2, 0], tail: [0, -0.5, 0], radius: 0.35 },
  ];
  const groups = [[0, 4], [1, 2], [3, 5]];
  const springs = [
    { joints: chainJoints(hair, (k) => ({ hitRadius: 0.02, stiffness: 1.0 - 0.1 * k, gravityPower: 0.5, gravityDir: [0, -1, 0], dragForce: 0.4 })), groups: [0], center: -1 },
    { joints: chainJoints(sideL, (k) => ({ hitRadius: 0.015, stiffness: 0.6, gravityPower: 0.2, gravityDir: [0.3, -1, 0.2], dragForce: 0.2 + 0.1 * k })), groups: [0], center: 0 },
    { joints: chainJoints(skirt, () => ({ hitRadius: 0.03, stiffness: 1.5, gravityPower: 1.0, gravityDir: [0, -1, 0], dragForce: 0.5 })), groups: [1, 2], center: 0 },
  ];
  // the root walks forward, turns and hops; the hips sway
  const animate = (t) => [
    { node: 0, t: [0.3 * Math.sin(1.7 * t), 0.15 * Math.abs(Math.sin(4 * t)), 0.8 * t], q: axisAngle([0, 1, 0], 1.2 * Math.sin(1.3 * t)), s: ONE },
    { node: 1, t: [0, 1, 0], q: axisAngle([0.3, 1, 0.2], 0.3 + 0.5 * Math.sin(3.1 * t)), s: [1.2, 1.2, 1.2] },
  ];
  return { name: 'walk', fps: 60, seconds: 2, nodes, colliders, groups, springs, animate };
}

function sceneOnJoints() {
  // chain B swings freely; chain A's colliders ride on B's joints; a center node
  const nodes = [node(-1, [0, 0, 0]), node(0, [0, 1.5, 0], axisAngle([1, 0, 0], 0.2), [0.8, 1.1, 0.9])];
  const b = chain(nodes, 1, 5, [0.08, -0.05, 0]);
  const a = chain(nodes, 1, 6, [0.02, -0.08, 0.01]);
  const colliders = [
    { node: b[1], shape: SPHERE, offset: [0, 0, 0], radius: 0.05 },
    { node: b[2], shape: CAPSULE, offset: [0, 0, 0], tail: [0.05, -0.02, 0], radius: 0.04 },
    { node: b[3], shape: SPHERE, offset: [0.01, 0, 0], radius: 0.05 },
  ];
  const groups = [[0, 1, 2]];
  const springs = [
    { joints: chainJoints(a, () => ({ hitRadius: 0.03, stiffness: 0.3, gravityPower: 0.8, gravityDir: [0, -1, 0], dragForce: 0.3 })), groups: [0], center: 1 },
    { joints: chainJoints(b, (k) => ({ hitRadius: 0.0, stiffness: 0.8, gravityPower: 0.4, gravityDir: [-0.2, -0.5, 0.9], dragForce: 0.1 * k })), groups: [], center: -1 },
  ];
  const animate = (t) => [
    { node: 0, t: [Math.sin(2.3 * t) * 0.6, 0, Math.cos(1.1 * t) * 0.4 - 0.4], q: axisAngle([0.2, 1, 0.1], 2.0 * Math.sin(2.0 * t)), s: ONE },
  ];
  return { name: 'on_joints', fps: 30, seconds: 3, nodes, colliders, groups, springs, animate };
}

function sceneTree() {
  // VRM 0.x's rule: every node of a subtree a joint, children[0] its child, leaves 7 cm along their own offset
  const nodes = [node(-1, [0, 0, 0]), node(0, [0, 1.4, 0])];
  nodes.push(node(1, [0, 0.05, -0.05], axisAngle([1, 0, 0], 2.5)));     // 2: group root
  nodes.push(node(2, [0, 0.1, 0]));                                     // 3
  nodes.push(node(3, [0.02, 0.1, 0]));                                  // 4 (leaf)
  nodes.push(node(3, [-0.03, 0.09, 0.01]));                             // 5, a second child
  nodes.push(node(5, [0, 0.08, 0], axisAngle([0, 0, 1], 0.4), [1.3, 1.3, 1.3])); // 6 (leaf, scaled)
  const joints = [2, 3, 4, 5, 6].map((n) => ({ node: n, child: n === 2 ? 3 : n === 3 ? 4 : n === 5 ? 6 : -1,
    hitRadius: 0.02, stiffness: 0.7, gravityPower: 0.3, gravityDir: [0, -1, 0], dragForce: 0.45 }));
  const colliders = [{ node: 1, shape: SPHERE, offset: [0, 0.05, 0.03], radius: 0.09 }];
  const springs = [{ joints, groups: [0], center: 0 }];
  const animate = (t) => [
    { node: 0, t: [0, 0.2 * Math.sin(6 * t), 0], q: axisAngle([0, 1, 0], 3 * t), s: ONE },
    { node: 1, t: [0, 1.4, 0], q: axisAngle([1, 0, 0.3], 0.8 * Math.sin(5 * t)), s: ONE },
  ];
  return { name: 'tree', fps: 144, seconds: 1.5, nodes, colliders, groups: [[0]], springs, animate };
}

function run(scene) {
  const objects = objectTree(scene.nodes, scene.nodes.map((n) => n.parent));
  const root = objects[0];
  const colliders = scene.colliders.map((c) => {
    const offset = new THREE.Vector3(...c.offset);
    const shape = c.shape === SPHERE || c.shape === INSIDE_SPHERE
      ? new VRMSpringBoneColliderShapeSphere({ offset, radius: c.radius, inside: c.shape === INSIDE_SPHERE })
      : c.shape === PLANE ? new VRMSpringBoneColliderShapePlane({ offset, normal: new THREE.Vector3(...c.normal) })
        : new VRMSpringBoneColliderShapeCapsule({ offset, tail: new THREE.Vector3(...c.tail), radius: c.radius, inside: c.shape === INSIDE_CAPSULE });
    const collider = new VRMSpringBoneCollider(shape);
    objects[c.node].add(collider);
    return collider;
  });
  const groups = scene.groups.map((list) => ({ colliders: list.map((i) => colliders[i]) }));
  const manager = new VRMSpringBoneManager();
  const joints = [];
  for (const spring of scene.springs) {
    for (const j of spring.joints) {
      const joint = new VRMSpringBoneJoint(objects[j.node], j.child >= 0 ? objects[j.child] : null, {
        hitRadius: j.hitRadius, stiffness: j.stiffness, gravityPower: j.gravityPower,
        gravityDir: new THREE.Vector3(...j.gravityDir), dragForce: j.dragForce,
      }, spring.groups.map((g) => groups[g]));
      if (spring.center >= 0) joint.center = objects[spring.center];
      manager.addJoint(joint);
      joints.push(j.node);
    }
  }
  root.updateMatrixWorld(true);
  manager.setInitState();
  const frames = Math.round(scene.fps * scene.seconds), dt = 1 / scene.fps;
  const poses = [], results = [];
  for (let k = 0; k < frames; k++) {
    const pose = scene.animate((k + 1) * dt).map((p) => ({ node: p.node, t: p.t.map(Math.fround), q: p.q, s: p.s.map(Math.fround) }));
    for (const p of pose) {
      objects[p.node].position.fromArray(p.t); objects[p.node].quaternion.fromArray(p.q); objects[p.node].scale.fromArray(p.s);
    }
    root.updateMatrixWorld(true);
    manager.update(dt);
    poses.push(pose);
    results.push(joints.map((n) => {
      const o = objects[n], p = new THREE.Vector3().setFromMatrixPosition(o.matrixWorld);
      return [p.x, p.y, p.z, o.quaternion.x, o.quaternion.y, o.quaternion.z, o.quaternion.w];
    }));
  }
  return { frames, joints, poses, results };
}

const scenes = [sceneWalk(), sceneOnJoints(), sceneTree()];
if (STOCK) {
  // how far three-vrm's own length rule (the child's world matrix of the step before) lands from the patched one
  const { execFileSync } = await import('node:child_process');
  const patched = JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--json']).toString());
  scenes.forEach((scene, i) => {
    const r = run(scene);
    let worst = 0;
    r.results.forEach((frame, k) => frame.forEach((v, j) => {
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(v[c] - patched[i][k][j][c]));
    }));
    console.log(`${scene.name}: three-vrm's stock length rule moves joints by up to ${worst.toExponential(2)} m`);
  });
} else if (process.argv.includes('--json')) {
  console.log(JSON.stringify(scenes.map((scene) => run(scene).results)));
} else {
  const out = [];
  const f = (x) => f32(x);
  out.push('/* Generated by tests/gen/springbone_threevrm.mjs (make fixtures): @pixiv/three-vrm-springbone 3.5.5,');
  out.push('   bone lengths measured with the child refreshed. Do not edit. */');
  out.push(`#define SPRING_SCENES ${scenes.length}`);
  scenes.forEach((scene, i) => {
    const r = run(scene);
    const p = `spring${i}`;
    out.push(`static const int ${p}_parent[] = {${scene.nodes.map((n) => n.parent).join(', ')}};`);
    out.push(`static const float ${p}_rest[] = {${scene.nodes.map((n) => [...n.t, ...n.q, ...n.s].map(f).join(', ')).join(',\n    ')}};`);
    out.push(`static const int ${p}_group_colliders[] = {${scene.groups.flat().join(', ') || '0'}};`);
    out.push(`static const int ${p}_group_sizes[] = {${scene.groups.map((g) => g.length).join(', ')}};`);
    out.push(`static const float ${p}_colliders[] = { /* node, shape, offset, radius, tail, normal */\n    ${scene.colliders.map((c) =>
      [c.node, c.shape, ...c.offset, c.radius ?? 0, ...(c.tail ?? [0, 0, 0]), ...(c.normal ?? [0, 0, 0])].map(f).join(', ')).join(',\n    ')}};`);
    out.push(`static const int ${p}_spring_groups[] = {${scene.springs.flatMap((s) => s.groups).join(', ') || '0'}};`);
    out.push(`static const int ${p}_springs[] = { /* joints, groups, center */\n    ${scene.springs.map((s) => [s.joints.length, s.groups.length, s.center].join(', ')).join(',\n    ')}};`);
    out.push(`static const float ${p}_joints[] = { /* node, child, hit radius, stiffness, gravity power, gravity dir, drag */\n    ${scene.springs.flatMap((s) => s.joints).map((j) =>
      [j.node, j.child, j.hitRadius, j.stiffness, j.gravityPower, ...j.gravityDir, j.dragForce].map(f).join(', ')).join(',\n    ')}};`);
    out.push(`static const float ${p}_animation[] = { /* per frame, per animated node: node, TRS */\n    ${r.poses.map((pose) =>
      pose.map((n) => [n.node, ...n.t, ...n.q, ...n.s].map(f).join(', ')).join(', ')).join(',\n    ')}};`);
    out.push(`static const float ${p}_expected[] = { /* per frame, per joint: world position, local rotation */\n    ${r.results.map((frame) =>
      frame.map((v) => v.map(f).join(', ')).join(', ')).join(',\n    ')}};`);
  });
  out.push('static const struct spring_scene {');
  out.push('    const char *name;');
  out.push('    int fps, frames, node_count, collider_count, group_count, spring_count, joint_count, animated;');
  out.push('    const int *parent, *group_colliders, *group_sizes, *spring_groups, *springs;');
  out.push('    const float *rest, *colliders, *joints, *animation, *expected;');
  out.push('} spring_scenes[SPRING_SCENES] = {');
  scenes.forEach((scene, i) => {
    const p = `spring${i}`, r = run(scene);
    out.push(`    {"${scene.name}", ${scene.fps}, ${r.frames}, ${scene.nodes.length}, ${scene.colliders.length}, ${scene.groups.length}, ${scene.springs.length}, ${r.joints.length}, ${r.poses[0].length},`);
    out.push(`     ${p}_parent, ${p}_group_colliders, ${p}_group_sizes, ${p}_spring_groups, ${p}_springs,`);
    out.push(`     ${p}_rest, ${p}_colliders, ${p}_joints, ${p}_animation, ${p}_expected},`);
  });
  out.push('};');
  console.log(out.join('\n'));
}
