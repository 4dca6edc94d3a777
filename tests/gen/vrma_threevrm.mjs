// What @pixiv/three-vrm-animation's VRMAnimationLoaderPlugin makes of a
// .vrma file: its normalized humanoid tracks (rotations relative to an
// identity-rest rig, hips translation in model space), its expression
// tracks and its lookAt track. Runs three's GLTFLoader.parse in Node. Prints
// "rotation|translation bone time values...", "expression NAME time weight"
// and "rotation lookAt time x y z w".
// Run with `make fixtures` (writes tests/fixtures/vrma_threevrm.txt).
import { readFileSync } from 'node:fs';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMAnimationLoaderPlugin } from '@pixiv/three-vrm-animation';

const bytes = readFileSync(process.argv[2]);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const loader = new GLTFLoader();
loader.register((parser) => new VRMAnimationLoaderPlugin(parser));
loader.parse(buffer, '', (gltf) => {
  const animation = gltf.userData.vrmAnimations[0];
  for (const kind of ['rotation', 'translation']) {
    for (const [bone, track] of animation.humanoidTracks[kind]) {
      const size = kind === 'rotation' ? 4 : 3;
      track.times.forEach((t, k) => {
        const v = Array.from(track.values.slice(k * size, k * size + size));
        console.log(kind, bone, t.toPrecision(9), ...v.map((x) => x.toPrecision(9)));
      });
    }
  }
  for (const group of ['preset', 'custom'])
    for (const [name, track] of animation.expressionTracks[group])
      track.times.forEach((t, k) => console.log('expression', name, t.toPrecision(9), track.values[k].toPrecision(9)));
  const look = animation.lookAtTrack;
  look?.times.forEach((t, k) => console.log('rotation', 'lookAt', t.toPrecision(9),
    ...Array.from(look.values.slice(4 * k, 4 * k + 4)).map((x) => x.toPrecision(9))));
}, (error) => { console.error(error); process.exit(1); });
