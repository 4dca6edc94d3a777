// The spring bones @pixiv/three-vrm-springbone 3.5.5's loader reads from a
// file: GLTFLoader with VRMSpringBoneLoaderPlugin, textures stubbed. Run
// with `make fixtures`:
//   node springbone_loader_threevrm.mjs FILE.vrm PREFIX    a real file (../shared's Godette, VRM 0.x)
//   node springbone_loader_threevrm.mjs --generated PREFIX  a glTF made here with a VRMC_springBone
//     extension that uses every shape, the extended colliders (and one of an
//     unknown version, which three-vrm reads as its base shape), defaults and
//     a center; its extension's JSON text goes into the fixture too.
// Per joint, in the manager's order: its node, its child node (-1: none),
// its settings and the colliders it collides with (node, shape, offset,
// radius, tail, normal); and the scene's parents, children in order and
// rest transforms, which the readers and the set need beside the JSON.
import { readFileSync } from 'node:fs';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMSpringBoneLoaderPlugin } from '@pixiv/three-vrm-springbone';
import { f32 } from './common.mjs';

const generated = process.argv[2] === '--generated', prefix = process.argv[3];

// nodes 0 root, 1 body, 2-5 a chain under the body, 6-8 a chain under the root, 9 a collider's node
function generatedGltf() {
  const nodes = [
    { children: [1, 6, 9] }, { translation: [0, 1, 0], rotation: [0, 0.2588190, 0, 0.9659258], children: [2] },
    { translation: [0, 0.1, 0], children: [3] }, { translation: [0, -0.1, 0.02], children: [4] },
    { translation: [0, -0.1, 0], scale: [1.5, 1.5, 1.5], children: [5] }, { translation: [0, -0.1, 0] },
    { translation: [0.3, 1.2, 0], children: [7] }, { translation: [0.1, 0, 0], children: [8] }, { translation: [0.1, 0, 0] },
    { translation: [0, 0.8, 0.1] },
  ];
  const ext = (shape, version = '1.0') => ({ VRMC_springBone_extended_collider: { specVersion: version, shape } });
  const extension = {
    specVersion: '1.0',
    colliders: [
      { node: 9, shape: { sphere: { offset: [0, 0.1, 0], radius: 0.2 } } },
      { node: 1, shape: { capsule: { offset: [0.1, 0, 0], radius: 0.05, tail: [-0.1, 0, 0] } } },
      { node: 9, shape: { sphere: { radius: 0.1 } }, extensions: ext({ sphere: { offset: [0, 0, 0.1], radius: 0.5, inside: true } }) },
      { node: 1, shape: { sphere: { radius: 0.1 } }, extensions: ext({ capsule: { radius: 0.6, tail: [0, -1, 0], inside: true } }) },
      { node: 1, shape: { sphere: { radius: 0.1 } }, extensions: ext({ plane: { offset: [0, -0.2, 0], normal: [0, 0, 1] } }) },
      { node: 0, shape: { sphere: { offset: [1, 2, 3], radius: 0.3 } }, extensions: ext({ plane: { normal: [0, 1, 0] } }, '2.0') },
      { node: 9, shape: { capsule: { radius: 0.02 } }, extensions: ext({ capsule: { offset: [0, 0.01, 0] } }) },
    ],
    colliderGroups: [{ name: 'a', colliders: [0, 1, 2] }, { name: 'b', colliders: [3, 4, 5, 6] }, { colliders: [] }],
    springs: [
      { name: 'chain', joints: [{ node: 2, hitRadius: 0.01, stiffness: 0.5, gravityPower: 0.2, gravityDir: [0, -1, 0.5], dragForce: 0.3 },
        { node: 3 }, { node: 4, stiffness: 2 }, { node: 5, dragForce: 0.9 }], colliderGroups: [0, 1], center: 0 },
      { joints: [{ node: 6 }, { node: 7, hitRadius: 0.05 }, { node: 8 }], colliderGroups: [2] },
      { name: 'one joint: no spring', joints: [{ node: 9 }] },
    ],
  };
  return { asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes, extensionsUsed: ['VRMC_springBone', 'VRMC_springBone_extended_collider'],
    extensions: { VRMC_springBone: extension } };
}

const loader = new GLTFLoader();
loader.register(() => ({ name: 'no-textures', loadTexture: () => Promise.resolve(null) }));
loader.register((parser) => new VRMSpringBoneLoaderPlugin(parser));
let input, json;
if (generated) {
  json = generatedGltf();
  input = JSON.stringify(json);
} else {
  const data = readFileSync(process.argv[2]);
  input = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
}
const gltf = await new Promise((resolve, reject) => loader.parse(input, '', resolve, reject));
json = gltf.parser.json;
const manager = gltf.userData.vrmSpringBoneManager;
const nodeOf = (object) => (object ? gltf.parser.associations.get(object)?.nodes ?? -2 : -1);
const SHAPES = { sphere: 0, capsule: 1, plane: 2 }; // pm_collider_shape, inside ones + 3
const colliderFloats = (c) => {
  const s = c.shape, inside = s.inside ? 3 : 0;
  return [nodeOf(c.parent), SHAPES[s.type] + inside, s.offset.x, s.offset.y, s.offset.z, s.radius ?? 0,
    ...(s.tail ? [s.tail.x, s.tail.y, s.tail.z] : [0, 0, 0]), ...(s.normal ? [s.normal.x, s.normal.y, s.normal.z] : [0, 0, 0])];
};
const lines = [];
for (const joint of manager.joints) {
  const s = joint.settings;
  const colliders = joint.colliderGroups.flatMap((g) => g.colliders).map((c) => colliderFloats(c).map(f32).join(', '));
  lines.push(`    {${nodeOf(joint.bone)}, ${nodeOf(joint.child)}, ${[s.hitRadius, s.stiffness, s.gravityPower].map(f32).join(', ')}, ` +
    `{${[s.gravityDir.x, s.gravityDir.y, s.gravityDir.z].map(f32).join(', ')}}, ${f32(s.dragForce)}, ${colliders.length}, ` +
    `{${colliders.map((c) => `{${c}}`).join(', ') || '{0}'}}},`);
}
const nodes = json.nodes;
const parent = nodes.map(() => -1);
nodes.forEach((n, i) => (n.children ?? []).forEach((c) => { parent[c] = i; }));
const childStart = [0];
nodes.forEach((n) => childStart.push(childStart[childStart.length - 1] + (n.children ?? []).length));
const children = nodes.flatMap((n) => n.children ?? []);
if (nodes.some((n) => n.matrix)) throw new Error('a node with a matrix: not handled here');
const rest = nodes.map((n) => [...(n.translation ?? [0, 0, 0]), ...(n.rotation ?? [0, 0, 0, 1]), ...(n.scale ?? [1, 1, 1])]);
const most = Math.max(1, ...[...manager.joints].map((j) => j.colliderGroups.flatMap((g) => g.colliders).length));
const P = prefix.toUpperCase();
const out = [`/* Generated by tests/gen/springbone_loader_threevrm.mjs (make fixtures): the spring bones @pixiv/three-vrm-springbone
   3.5.5 reads from ${generated ? 'a glTF made there' : process.argv[2].split('/').pop()}, and its nodes. Do not edit.${generated ? '' : `
   Godette: original model (C) SirRichard94, VRM adaptation (C) 2021 Lyuma, CC-BY 3.0
   (https://github.com/SirRichard94/low-poly-godette, V-Sekai/godot-vrm's vrm_samples).`} */`];
if (generated) out.push(`static const char ${prefix}_json[] = ${JSON.stringify(JSON.stringify(json.extensions.VRMC_springBone))};`);
if (most > 8) throw new Error('more than 8 colliders on a joint: struct loader_joint holds 8');
out.push(`#define ${P}_JOINTS ${manager.joints.size}
static const struct loader_joint ${prefix}_joints[${P}_JOINTS] = { /* struct loader_joint: tests/test_springs.c */
${lines.join('\n')}
};
#define ${P}_NODES ${nodes.length}
static const int ${prefix}_parent[${P}_NODES] = {${parent.join(', ')}};
static const int ${prefix}_child_start[${P}_NODES + 1] = {${childStart.join(', ')}};
static const int ${prefix}_children[] = {${children.join(', ') || '0'}};
static const float ${prefix}_rest[${P}_NODES][10] = {
${rest.map((r) => `    {${r.map(f32).join(', ')}},`).join('\n')}
};`);
console.log(out.join('\n'));
