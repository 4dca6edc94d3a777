// What @pixiv/three-vrm-node-constraint makes of a glTF file's constraints
// under the motion examples/constraints_gltf.c applies: at frame f (0..5)
// every source node turns from rest by 0.6 f rad about (0.3, 1, 0.2).
// Prints "frame destination_name qx qy qz qw" per constraint and frame.
// Run with `make fixtures` (writes tests/fixtures/cubes_gltf_threevrm.txt).
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { VRMAimConstraint, VRMNodeConstraintManager, VRMRollConstraint, VRMRotationConstraint } from '@pixiv/three-vrm-node-constraint';

const gltf = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const objects = gltf.nodes.map((node) => {
  const o = new THREE.Object3D();
  o.name = node.name ?? '';
  if (node.translation) o.position.fromArray(node.translation);
  if (node.rotation) o.quaternion.fromArray(node.rotation);
  if (node.scale) o.scale.fromArray(node.scale);
  return o;
});
gltf.nodes.forEach((node, i) => (node.children ?? []).forEach((c) => objects[i].add(objects[c])));
const manager = new VRMNodeConstraintManager();
const made = [];
gltf.nodes.forEach((node, i) => {
  const def = node.extensions?.VRMC_node_constraint?.constraint;
  if (!def) return;
  const kind = def.roll ? 'roll' : def.aim ? 'aim' : 'rotation';
  const d = def[kind], dst = objects[i], src = objects[d.source];
  const c = kind === 'roll' ? new VRMRollConstraint(dst, src) : kind === 'aim' ? new VRMAimConstraint(dst, src) : new VRMRotationConstraint(dst, src);
  if (kind === 'roll') c.rollAxis = d.rollAxis;
  if (kind === 'aim') c.aimAxis = d.aimAxis;
  if (d.weight != null) c.weight = d.weight;
  manager.addConstraint(c);
  made.push({ c, source: d.source });
});
manager.setInitState();
const rest = objects.map((o) => o.quaternion.clone());
const axis = new THREE.Vector3(0.3, 1, 0.2).normalize();
for (let f = 0; f < 6; f++) {
  const turn = new THREE.Quaternion().setFromAxisAngle(axis, 0.6 * f);
  objects.forEach((o, i) => o.quaternion.copy(rest[i]));
  for (const m of made) objects[m.source].quaternion.copy(rest[m.source]).premultiply(turn);
  manager.update();
  for (const m of made) console.log(f, m.c.destination.name, ...m.c.destination.quaternion.toArray().map((x) => x.toFixed(9)));
}
