// make bench's three-vrm 3.5.5 column for a whole avatar: Godette playing
// the generated character's dance (tests/fixtures/character_dance.vrma),
// as a three.js program plays it: an AnimationMixer on
// createVRMAnimationClip's clip, then VRMCore.update (humanoid, lookAt,
// expressions), the node constraints and the spring bones, then what
// three.js's renderer computes before it skins: the scene's world matrices
// and each skeleton's bone matrices (Skeleton.update), the outputs
// posemath's update hands out. One frame at 60 fps. Prints "three-vrm MEDIAN_US BEST_US NODES
// JOINTS": the lowest of fifteen runs' median microseconds per frame, and
// the fastest frame.
// Usage: node vrm_bench_threevrm.mjs MODEL.vrm MOTION.vrma FRAMES
import * as THREE from 'three';
import { VRMCoreLoaderPlugin } from '@pixiv/three-vrm-core';
import { VRMNodeConstraintLoaderPlugin } from '@pixiv/three-vrm-node-constraint';
import { VRMSpringBoneLoaderPlugin } from '@pixiv/three-vrm-springbone';
import { VRMAnimationLoaderPlugin, createVRMAnimationClip } from '@pixiv/three-vrm-animation';
import { loadGlb } from './common.mjs';

const [modelPath, motionPath, framesText] = process.argv.slice(2);
const frames = Number(framesText ?? 600), ROUNDS = 15;
console.warn = () => {};
const model = await loadGlb(modelPath, [(p) => new VRMCoreLoaderPlugin(p), (p) => new VRMNodeConstraintLoaderPlugin(p),
  (p) => new VRMSpringBoneLoaderPlugin(p)]);
const motion = await loadGlb(motionPath, [(p) => new VRMAnimationLoaderPlugin(p)]);
const vrm = model.userData.vrmCore, springs = model.userData.vrmSpringBoneManager;
const constraints = model.userData.vrmNodeConstraintManager;
const skeletons = new Set();
vrm.scene.traverse((o) => { if (o.isSkinnedMesh) skeletons.add(o.skeleton); });
const mixer = new THREE.AnimationMixer(vrm.scene);
mixer.clipAction(createVRMAnimationClip(motion.userData.vrmAnimations[0], vrm)).play();
const times = new Float64Array(frames);
let best = Infinity, lowestMedian = Infinity;
for (let round = 0; round < ROUNDS; round++) {
  mixer.setTime(0);
  vrm.scene.updateMatrixWorld(true);
  springs?.reset();
  for (let f = 0; f < frames; f++) {
    const start = process.hrtime.bigint();
    mixer.update(1 / 60);
    vrm.update(1 / 60);
    constraints?.update();
    springs?.update(1 / 60);
    vrm.scene.updateMatrixWorld();
    for (const skeleton of skeletons) skeleton.update();
    times[f] = Number(process.hrtime.bigint() - start) / 1000;
  }
  const sorted = [...times].sort((a, b) => a - b);
  lowestMedian = Math.min(lowestMedian, sorted[frames >> 1]);
  best = Math.min(best, sorted[0]);
}
console.log('three-vrm', lowestMedian.toFixed(2), best.toFixed(2), model.parser.json.nodes.length, springs?.joints.size ?? 0);
