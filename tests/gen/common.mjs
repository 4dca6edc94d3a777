// What the fixture generators share: a seeded generator so that every
// fixture is reproducible, random rotations, float32 text, and three.js
// object trees.
import * as THREE from 'three';

// mulberry32, a small seeded generator: returns () => a number in [0, 1).
export function seededRandom(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Uniformly distributed rotation (Shoemake, Graphics Gems III), rounded to float32.
export function randomQuaternion(random) {
  const u1 = random(), u2 = 2 * Math.PI * random(), u3 = 2 * Math.PI * random();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)].map(Math.fround);
}

// x rounded to `places` decimals, as a float32.
export const round = (x, places) => Math.fround(Math.round(x * 10 ** places) / 10 ** places);

// The shortest C text that reads back as the same float32.
export function f32(x) {
  for (let p = 1; p <= 9; p++) {
    const s = Math.fround(x).toPrecision(p);
    if (Math.fround(parseFloat(s)) === Math.fround(x)) return (/[.e]/.test(s) ? s : s + '.0') + 'f';
  }
  throw new Error('unreachable');
}
export const f64 = (x) => (Math.abs(x) < 1e-12 ? '0' : x.toPrecision(10));

// Object3Ds with local TRS ({t, q, s} each) under parent[i] (-1 for a root).
export function objectTree(transforms, parent) {
  const objects = transforms.map((x) => {
    const o = new THREE.Object3D();
    o.position.fromArray(x.t); o.quaternion.fromArray(x.q); o.scale.fromArray(x.s);
    return o;
  });
  parent.forEach((p, i) => { if (p >= 0) objects[p].add(objects[i]); });
  return objects;
}

// VRM 1.0's humanoid bones in posemath's pm_bone order.
export const BONES = ['hips', 'spine', 'chest', 'upperChest', 'neck', 'head', 'leftEye', 'rightEye', 'jaw',
  'leftUpperLeg', 'leftLowerLeg', 'leftFoot', 'leftToes', 'rightUpperLeg', 'rightLowerLeg', 'rightFoot', 'rightToes',
  'leftShoulder', 'leftUpperArm', 'leftLowerArm', 'leftHand', 'rightShoulder', 'rightUpperArm', 'rightLowerArm', 'rightHand',
  ...['left', 'right'].flatMap((side) => ['Thumb', 'Index', 'Middle', 'Ring', 'Little'].flatMap((finger) =>
    (finger === 'Thumb' ? ['Metacarpal', 'Proximal', 'Distal'] : ['Proximal', 'Intermediate', 'Distal']).map((j) => side + finger + j)))];

// Each bone's parent in VRM's humanoid table (humanoid.md), by index in BONES.
export const PARENT = [-1, 0, 1, 2, 3, 4, 5, 5, 5, 0, 9, 10, 11, 0, 13, 14, 15, 3, 17, 18, 19, 3, 21, 22, 23,
  20, 25, 26, 20, 28, 29, 20, 31, 32, 20, 34, 35, 20, 37, 38, 24, 40, 41, 24, 43, 44, 24, 46, 47, 24, 49, 50, 24, 52, 53];

// A glTF binary file (.vrm, .vrma) through three's GLTFLoader with the given
// loader plugins (functions of the parser), textures stubbed: three-vrm's
// loaders run in node that way.
export async function loadGlb(path, plugins) {
  const { readFileSync } = await import('node:fs');
  const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
  const loader = new GLTFLoader();
  loader.register(() => ({ name: 'no-textures', loadTexture: () => Promise.resolve(null) }));
  plugins.forEach((p) => loader.register(p));
  const bytes = readFileSync(path);
  return new Promise((resolve, reject) =>
    loader.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '', resolve, reject));
}

