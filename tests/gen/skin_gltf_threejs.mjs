// three.js's CPU skinning of glTF files: SkinnedMesh.getVertexPosition of
// every vertex of the first skinned mesh at the given animation times, with
// the file as it is and with its scene under a node scaled by 0.01 (an
// armature exported in centimetres). GLTFLoader binds with an identity bind
// matrix and getVertexPosition answers in the mesh node's space, so the
// mesh's world matrix times it is what three.js draws: sum w * world(joint) *
// inverseBind * p, the glTF specification's skinned position.
//
// A file without a skin: its first mesh, morphed by its targets with the
// given weights (three.js's computeMorphedAttributes, which adds POSITION and
// NORMAL displacements on the CPU as its shaders do) and placed by its node's
// world matrix; normals by that matrix's normal matrix, normalized.
//
//   node skin_gltf_threejs.mjs --write-chain FILE.gltf          writes the chain file
//   node skin_gltf_threejs.mjs FILE.gltf TIME...                 prints the skinned positions
//   node skin_gltf_threejs.mjs FILE.gltf --morph-weights W,W,... TIME...
//                                                                prints morphed positions and normals
//
// Output: "size SCALE S" (the largest |p| at the first time) then lines
// "position TIME SCALE VERTEX X Y Z" (and "normal ..." for a morphed mesh).
// Run with `make fixtures` (writes tests/fixtures/skin_*_threejs.txt and
// tests/fixtures/skin_chain.gltf).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { computeMorphedAttributes } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { seededRandom, randomQuaternion } from './common.mjs';

// FileLoader, which reads the data: URIs through fetch, reports progress with
// the browser's ProgressEvent, which Node lacks.
globalThis.ProgressEvent ??= class extends Event {
  constructor(type, init) { super(type); Object.assign(this, init); }
};

// A tube along +Y on a chain of five joints under a scaled, turned root:
// joints with non-uniform and uniform rest scales, every vertex on its four
// nearest joints, some slots with weight 0 and index 65535, and an animation
// of rotations, a translation and a non-uniform scale.
function chainGltf() {
  const random = seededRandom(20261123);
  const JOINTS = 5, RINGS = 21, SIDES = 8, LENGTH = 2.5;
  const nodes = [{ name: 'Armature', translation: [0, 0.1, 0], rotation: [0, 0.19509032, 0, 0.98078528], scale: [2, 2, 2],
    children: [1, JOINTS + 1] }];
  const restScale = [[1, 1, 1], [1.2, 1, 0.8], [1, 1, 1], [0.7, 0.7, 0.7], [1, 1.3, 1]];
  for (let j = 0; j < JOINTS; j++) {
    nodes.push({ name: `Joint${j}`, translation: [0, j ? 0.5 : 0, 0], scale: restScale[j], ...(j + 1 < JOINTS ? { children: [j + 2] } : {}) });
  }
  nodes.push({ name: 'Tube', mesh: 0, skin: 0 });

  // joints' rest world matrices below the Armature (the mesh's bind space), and their inverses
  const local = restScale.map((s, j) => new THREE.Matrix4().compose(new THREE.Vector3(0, j ? 0.5 : 0, 0), new THREE.Quaternion(), new THREE.Vector3(...s)));
  const world = [];
  local.forEach((m, j) => world.push(j ? world[j - 1].clone().multiply(m) : m.clone()));
  const inverseBind = world.map((m) => m.clone().invert());
  const jointY = world.map((m) => m.elements[13]);

  const positions = [], normals = [], joints = [], weights = [], indices = [];
  for (let r = 0; r < RINGS; r++) {
    const y = (LENGTH * r) / (RINGS - 1);
    const order = [...Array(JOINTS).keys()].sort((a, b) => Math.abs(jointY[a] - y) - Math.abs(jointY[b] - y));
    for (let s = 0; s < SIDES; s++) {
      const a = (2 * Math.PI * s) / SIDES, radius = 0.2 + 0.05 * Math.sin(3 * y);
      positions.push(radius * Math.cos(a), y, radius * Math.sin(a));
      normals.push(Math.cos(a), 0, Math.sin(a));
      const w = order.slice(0, 4).map((j) => 1 / (0.05 + Math.abs(jointY[j] - y)) ** 2);
      if ((r + s) % 5 === 0) w[3] = 0; // an unused slot
      const sum = w.reduce((x, v) => x + v, 0);
      const f = w.map((v) => Math.fround(v / sum));
      joints.push(...order.slice(0, 4).map((j, k) => (f[k] === 0 ? 65535 : j)));
      weights.push(...f);
    }
  }
  for (let r = 0; r + 1 < RINGS; r++) {
    for (let s = 0; s < SIDES; s++) {
      const a = r * SIDES + s, b = r * SIDES + ((s + 1) % SIDES);
      indices.push(a, a + SIDES, b, b, a + SIDES, b + SIDES);
    }
  }

  const times = [0, 0.5, 1, 1.5, 2];
  const rotations = [];
  for (let j = 0; j < JOINTS; j++) {
    const keys = times.map(() => randomQuaternion(random).map((x, k) => (k === 3 ? 3 + x : x)));
    rotations.push(keys.flatMap((q) => new THREE.Quaternion(...q).normalize().toArray()));
  }
  const translation = times.flatMap((t) => [0.1 * Math.sin(3 * t), 0.5 + 0.2 * t, 0]);
  const scale = times.flatMap((t) => [1 + 0.3 * t, 1 - 0.2 * t, 0.8 + 0.1 * t]);

  // one buffer: each array tightly packed, 4-byte aligned
  const parts = [
    ['SCALAR', 5123, new Uint16Array(indices)], ['VEC3', 5126, new Float32Array(positions)],
    ['VEC3', 5126, new Float32Array(normals)], ['VEC4', 5123, new Uint16Array(joints)],
    ['VEC4', 5126, new Float32Array(weights)], ['MAT4', 5126, new Float32Array(inverseBind.flatMap((m) => m.elements))],
    ['SCALAR', 5126, new Float32Array(times)], ...rotations.map((r) => ['VEC4', 5126, new Float32Array(r)]),
    ['VEC3', 5126, new Float32Array(translation)], ['VEC3', 5126, new Float32Array(scale)],
  ];
  const size = { SCALAR: 1, VEC3: 3, VEC4: 4, MAT4: 16 };
  const bufferViews = [], accessors = [], chunks = [];
  let offset = 0;
  parts.forEach(([type, componentType, array]) => {
    const bytes = new Uint8Array(array.buffer);
    const padded = (bytes.length + 3) & ~3;
    const chunk = new Uint8Array(padded);
    chunk.set(bytes);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length });
    accessors.push({ bufferView: bufferViews.length - 1, componentType, count: array.length / size[type], type });
    chunks.push(chunk);
    offset += padded;
  });
  const position = accessors[1];
  position.min = [0, 1, 2].map((k) => Math.min(...positions.filter((_, i) => i % 3 === k).map(Math.fround)));
  position.max = [0, 1, 2].map((k) => Math.max(...positions.filter((_, i) => i % 3 === k).map(Math.fround)));
  const all = new Uint8Array(offset);
  let at = 0;
  chunks.forEach((c) => { all.set(c, at); at += c.length; });

  const channels = [], samplers = [];
  const channel = (node, path, output) => {
    samplers.push({ input: 6, interpolation: 'LINEAR', output });
    channels.push({ sampler: samplers.length - 1, target: { node, path } });
  };
  for (let j = 0; j < JOINTS; j++) channel(j + 1, 'rotation', 7 + j);
  channel(3, 'translation', 7 + JOINTS);
  channel(4, 'scale', 8 + JOINTS);
  return {
    asset: { version: '2.0', generator: 'posemath tests/gen/skin_gltf_threejs.mjs' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    meshes: [{ primitives: [{ attributes: { POSITION: 1, NORMAL: 2, JOINTS_0: 3, WEIGHTS_0: 4 }, indices: 0 }] }],
    skins: [{ inverseBindMatrices: 5, joints: [...Array(JOINTS).keys()].map((j) => j + 1) }],
    animations: [{ channels, samplers }],
    buffers: [{ byteLength: all.length, uri: `data:application/octet-stream;base64,${Buffer.from(all).toString('base64')}` }],
    bufferViews,
    accessors,
  };
}

// The glTF under one more node scaled by rootScale, loaded by GLTFLoader
function loadScaled(json, rootScale) {
  if (rootScale !== 1) {
    const scene = json.scenes[json.scene ?? 0];
    json.nodes.push({ name: 'Scaled', scale: [rootScale, rootScale, rootScale], children: scene.nodes });
    scene.nodes = [json.nodes.length - 1];
  }
  return new GLTFLoader().parseAsync(JSON.stringify(json), '');
}

async function morphedMesh(json, rootScale, weights, times) {
  const gltf = await loadScaled(json, rootScale);
  let mesh = null;
  gltf.scene.traverse((o) => { if (!mesh && o.isMesh) mesh = o; });
  if (mesh.isSkinnedMesh || mesh.morphTargetInfluences.length !== weights.length) throw new Error('not a mesh with these targets');
  mesh.morphTargetInfluences.splice(0, weights.length, ...weights);
  gltf.scene.updateMatrixWorld(true);
  const { morphedPositionAttribute, morphedNormalAttribute } = computeMorphedAttributes(mesh);
  const normalMatrix = new THREE.Matrix3().getNormalMatrix(mesh.matrixWorld);
  const p = new THREE.Vector3(), n = new THREE.Vector3();
  const lines = [], normals = [];
  let size = 0;
  for (const t of times) { // no animation moves this mesh: the same pose each time
    for (let v = 0; v < morphedPositionAttribute.count; v++) {
      p.fromBufferAttribute(morphedPositionAttribute, v).applyMatrix4(mesh.matrixWorld);
      n.fromBufferAttribute(morphedNormalAttribute, v).applyMatrix3(normalMatrix).normalize();
      if (t === times[0]) size = Math.max(size, p.length());
      lines.push(`position ${t} ${rootScale} ${v} ${p.x.toPrecision(9)} ${p.y.toPrecision(9)} ${p.z.toPrecision(9)}`);
      normals.push(`normal ${t} ${rootScale} ${v} ${n.x.toPrecision(9)} ${n.y.toPrecision(9)} ${n.z.toPrecision(9)}`);
    }
  }
  return [`size ${rootScale} ${size.toPrecision(9)}`, ...lines, ...normals];
}

async function skinnedPositions(json, rootScale, times) {
  const gltf = await loadScaled(json, rootScale);
  let mesh = null;
  gltf.scene.traverse((o) => { if (!mesh && o.isSkinnedMesh) mesh = o; });
  if (!mesh.bindMatrix.equals(new THREE.Matrix4())) throw new Error('bind matrix is not the identity');
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]).play();
  const lines = [];
  let size = 0;
  for (const t of times) {
    mixer.setTime(t);
    // simple_skin's keys store sqrt(1/2) as 0.707 (length 0.99985), which three.js
    // would compose into matrices unnormalized, shrinking the arm by 3e-4;
    // posemath normalizes rotations, and so does this reference.
    gltf.scene.traverse((o) => o.quaternion.normalize());
    gltf.scene.updateMatrixWorld(true);
    const p = new THREE.Vector3();
    for (let v = 0; v < mesh.geometry.attributes.position.count; v++) {
      mesh.getVertexPosition(v, p).applyMatrix4(mesh.matrixWorld);
      if (t === times[0]) size = Math.max(size, p.length());
      lines.push(`position ${t} ${rootScale} ${v} ${p.x.toPrecision(9)} ${p.y.toPrecision(9)} ${p.z.toPrecision(9)}`);
    }
  }
  return [`size ${rootScale} ${size.toPrecision(9)}`, ...lines];
}

if (process.argv[2] === '--write-chain') {
  writeFileSync(process.argv[3], `${JSON.stringify(chainGltf(), null, 1)}\n`);
} else if (process.argv[3] === '--morph-weights') {
  const file = process.argv[2], json = JSON.parse(readFileSync(file, 'utf8'));
  const weights = process.argv[4].split(',').map(Number), times = process.argv.slice(5).map(Number);
  for (const buffer of json.buffers) { // files beside the glTF as data: URIs (Node's fetch reads no file: URLs)
    if (!buffer.uri.startsWith('data:')) {
      buffer.uri = `data:application/octet-stream;base64,${readFileSync(join(dirname(file), buffer.uri)).toString('base64')}`;
    }
  }
  for (const scale of [1, 0.01]) {
    for (const line of await morphedMesh(structuredClone(json), scale, weights, times)) console.log(line);
  }
} else {
  const text = readFileSync(process.argv[2], 'utf8');
  const times = process.argv.slice(3).map(Number);
  for (const scale of [1, 0.01]) {
    for (const line of await skinnedPositions(JSON.parse(text), scale, times)) console.log(line);
  }
}
