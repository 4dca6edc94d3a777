// ozz-animation's SkinningJob (../shared/peers/ozz-animation, 0.16.0) on the
// mesh tests/bench.c skins, for `make bench`: the peer measured in the same
// process, on the same arrays, with the same compiler flags.
#include <chrono>
#include <cstdint>
#include <vector>

#include "ozz/base/maths/simd_math.h"
#include "ozz/base/span.h"
#include "ozz/geometry/runtime/skinning_job.h"

// Bytes from one vertex's element to the next, 0 meaning packed (as
// posemath's pm_skin_job.stride)
struct ozz_strides {
  int indices, weights, positions, normals, out_positions, out_normals;
};

// Best of `runs`, in million vertices per second, one thread. `matrices`
// holds 16 floats per bone, column-major; indices and weights 4 per vertex
// (strides NULL: every stream packed)
// (ozz reads the first K, and K - 1 weights: the last is 1 minus the
// others). Normals are transformed by the joint matrices (ozz's default
// without inverse transposes, exact for rigid bones) and not normalized.
// Returns 0 when ozz refuses the job.
extern "C" double ozz_skin_rate(int influences, int vertex_count, const float *matrices, int bone_count,
                                const uint16_t *indices, const float *weights, const float *positions,
                                const float *normals, float *out_positions, float *out_normals,
                                const ozz_strides *strides, int runs) {
  std::vector<ozz::math::Float4x4> joints(static_cast<size_t>(bone_count));
  for (int i = 0; i < bone_count; ++i)
    for (int c = 0; c < 4; ++c) joints[static_cast<size_t>(i)].cols[c] = ozz::math::simd_float4::LoadPtrU(matrices + 16 * i + 4 * c);
  const size_t n = static_cast<size_t>(vertex_count);
  ozz::geometry::SkinningJob job;
  job.vertex_count = vertex_count;
  job.influences_count = influences;
  job.joint_matrices = ozz::make_span(joints);
  const size_t per_vertex = influences > 4 ? 8 : 4;  // indices and weights a vertex, as posemath's job reads them
  const ozz_strides packed = {0, 0, 0, 0, 0, 0};
  const ozz_strides &stride = strides ? *strides : packed;
  // Each stream's stride in bytes, and the span from its first element to
  // the end of its last
  const auto step = [](int stride_bytes, size_t packed_bytes) {
    return stride_bytes ? static_cast<size_t>(stride_bytes) : packed_bytes;
  };
  const auto floats = [n](const float *p, size_t stride_bytes, size_t count) {
    return ozz::span<const float>(p, (n - 1) * stride_bytes / sizeof(float) + count);
  };
  job.joint_indices_stride = step(stride.indices, per_vertex * sizeof(uint16_t));
  job.joint_indices = ozz::span<const uint16_t>(indices, (n - 1) * job.joint_indices_stride / sizeof(uint16_t) + per_vertex);
  if (influences > 1) {
    job.joint_weights_stride = step(stride.weights, per_vertex * sizeof(float));
    job.joint_weights = floats(weights, job.joint_weights_stride, per_vertex);
  }
  job.in_positions_stride = step(stride.positions, 3 * sizeof(float));
  job.in_positions = floats(positions, job.in_positions_stride, 3);
  job.in_normals_stride = step(stride.normals, 3 * sizeof(float));
  job.in_normals = floats(normals, job.in_normals_stride, 3);
  job.out_positions_stride = step(stride.out_positions, 3 * sizeof(float));
  job.out_positions = ozz::span<float>(out_positions, (n - 1) * job.out_positions_stride / sizeof(float) + 3);
  job.out_normals_stride = step(stride.out_normals, 3 * sizeof(float));
  job.out_normals = ozz::span<float>(out_normals, (n - 1) * job.out_normals_stride / sizeof(float) + 3);
  double best = 0.0;
  for (int run = 0; run < runs; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!job.Run()) return 0.0;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (vertex_count / seconds * 1e-6 > best) best = vertex_count / seconds * 1e-6;
  }
  return best;
}
