// three.js's glTF interpolants (LinearInterpolant, QuaternionLinearInterpolant,
// DiscreteInterpolant, GLTFLoader's cubic spline ones) sampling the animation
// tracks of real files, as GLTFLoader reads them: the VRM animation
// test.vrma (three-vrm), Debian's glTF2/simple_skin, and a generated file
// of CUBICSPLINE, STEP and LINEAR tracks (tests/fixtures/tracks.gltf: rotations
// that cross the shorter-arc boundary, keys a hair apart). Each track's keys
// as three.js holds them and its values at times before, at, between and
// after the keys.
//
//   node track_threejs.mjs --write-generated FILE.gltf   writes the generated file
//   node track_threejs.mjs FILE...                        prints the C fixture
//
// Run with `make fixtures` (writes tests/fixtures/track_threejs.h).
import { readFileSync, writeFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { seededRandom, randomQuaternion, f32 } from './common.mjs';

globalThis.ProgressEvent ??= class extends Event {
  constructor(type, init) { super(type); Object.assign(this, init); }
};

function generatedGltf() {
  const random = seededRandom(20261125);
  const r = (scale) => Math.fround((random() * 2 - 1) * scale);
  const times = [0, 0.4, 0.5, 1.25, 2];
  const accessors = [], views = [], chunks = [];
  let offset = 0;
  const add = (numbers, type) => {
    const bytes = Buffer.from(new Float32Array(numbers).buffer);
    views.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length });
    accessors.push({ bufferView: views.length - 1, componentType: 5126, count: numbers.length / { SCALAR: 1, VEC3: 3, VEC4: 4 }[type], type,
      ...(type === 'SCALAR' ? { min: [Math.min(...numbers)], max: [Math.max(...numbers)] } : {}) });
    chunks.push(bytes);
    offset += bytes.length;
    return accessors.length - 1;
  };
  const input = add(times, 'SCALAR');
  const cubicTranslation = times.flatMap(() => [r(3), r(3), r(3), r(1), r(1), r(1), r(3), r(3), r(3)]);
  const cubicRotation = times.flatMap(() => [r(1), r(1), r(1), r(1), ...randomQuaternion(random), r(1), r(1), r(1), r(1)]);
  const stepScale = times.flatMap(() => [r(2) + 2.5, r(2) + 2.5, r(2) + 2.5]);
  const q = randomQuaternion(random);
  const far = randomQuaternion(random);
  // keys: a random one, its negation turned slightly (the shorter arc flips sign),
  // the same again a hair away (the near-parallel branch), a far one, back
  const linearRotation = [...q, ...q.map((x, i) => Math.fround(-x + (i === 0 ? 0.05 : 0))),
    ...q.map((x, i) => Math.fround(-x + (i === 0 ? 0.05 : 0) + (i === 1 ? 1e-7 : 0))), ...far, ...q];
  const channels = [
    ['translation', add(cubicTranslation, 'VEC3'), 'CUBICSPLINE'],
    ['rotation', add(cubicRotation, 'VEC4'), 'CUBICSPLINE'],
    ['scale', add(stepScale, 'VEC3'), 'STEP'],
    ['rotation', add(linearRotation, 'VEC4'), 'LINEAR'],
  ];
  const data = Buffer.concat(chunks);
  return {
    asset: { version: '2.0', generator: 'posemath tests/gen/track_threejs.mjs' },
    scene: 0, scenes: [{ nodes: [0, 1] }],
    nodes: [{ name: 'Cubic' }, { name: 'Other' }],
    animations: [{
      channels: channels.map(([path], i) => ({ sampler: i, target: { node: i === 3 ? 1 : i === 2 ? 1 : 0, path } })),
      samplers: channels.map(([, output, interpolation]) => ({ input, output, interpolation })),
    }],
    accessors, bufferViews: views,
    buffers: [{ byteLength: data.length, uri: `data:application/octet-stream;base64,${data.toString('base64')}` }],
  };
}

if (process.argv[2] === '--write-generated') {
  writeFileSync(process.argv[3], JSON.stringify(generatedGltf(), null, 1) + '\n');
  process.exit(0);
}

async function load(path) {
  const bytes = readFileSync(path);
  const loader = new GLTFLoader();
  if (path.endsWith('.gltf')) {
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    const json = JSON.parse(bytes.toString('utf8'));
    for (const b of json.buffers) // external buffers inline, so the loader needs no file access
      if (!b.uri.startsWith('data:')) b.uri = `data:application/octet-stream;base64,${readFileSync(dir + b.uri).toString('base64')}`;
    return loader.parseAsync(JSON.stringify(json), '');
  }
  return loader.parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '');
}

const num = (x) => f32(x);
const tracks = [];
for (const path of process.argv.slice(2)) {
  const gltf = await load(path);
  const name = path.slice(path.lastIndexOf('/') + 1);
  gltf.animations[0].tracks.forEach((track, channel) => {
    const cubic = track.createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline === true;
    const step = track.getInterpolation() === THREE.InterpolateDiscrete;
    const size = track.getValueSize();
    const times = Array.from(track.times);
    const interpolant = track.createInterpolant(new Float32Array(cubic ? size / 3 : size));
    const at = [times[0] - 0.5, times[times.length - 1] + 1];
    for (let k = 0; k < Math.min(times.length, 9); k++) {
      at.push(times[k]);
      if (k + 1 < times.length) for (const u of [0.1, 0.5, 0.93]) at.push(Math.fround(times[k] + u * (times[k + 1] - times[k])));
    }
    const samples = at.map((t) => [t, ...Array.from(interpolant.evaluate(t))]);
    tracks.push({ name, channel, size: cubic ? size / 3 : size, interpolation: cubic ? 2 : step ? 1 : 0, times, values: Array.from(track.values), samples });
  });
}
const floats = [], samples = [];
const rows = tracks.map((t) => {
  const first = floats.length;
  floats.push(...t.times, ...t.values);
  const firstSample = samples.length;
  samples.push(...t.samples);
  return `  {"${t.name}", ${t.channel}, ${t.size}, ${t.interpolation}, ${t.times.length}, ${first}, ${firstSample}, ${t.samples.length}}`;
});
console.log(`/* Generated by tests/gen/track_threejs.mjs (three.js r${THREE.REVISION}) from ${process.argv.slice(2).map((p) => p.slice(p.lastIndexOf('/') + 1)).join(', ')}:
   each animation track's keys as GLTFLoader reads them (times, then values),
   and three.js's interpolant at sample times (time, then the value). */
static const struct track_case { const char *file; int channel, components, interpolation, key_count, first_float, first_sample, sample_count; }
    track_cases[${rows.length}] = {
${rows.join(',\n')}};
#define TRACK_CASES ${rows.length}
static const float track_floats[${floats.length}] = {
${floats.map(num).join(', ').replace(/(([^,]*,){8})/g, '$1\n')}};
static const float track_samples[${samples.length}][5] = {
${samples.map((s) => `  {${[...s, ...Array(5 - s.length).fill(0)].map(num).join(', ')}}`).join(',\n')}};`);
