// ozz-animation's SkinningJob (../shared/peers/ozz-animation, 0.16.0) on the
// mesh tests/bench.c skins, for `make bench`: the peer measured in the same
// process, on the same arrays, with the same compiler flags.
#include <chrono>
#include <cstdint>
#include <vector>

#include "ozz/base/maths/simd_math.h"
#include "ozz/base/span.h"
#include "ozz/geometry/runtime/skinning_job.h"

// Best of `runs`, in million vertices per second, one thread. `matrices`
// holds 16 floats per bone, column-major; indices and weights 4 per vertex
// (ozz reads the first K, and K - 1 weights: the last is 1 minus the
// others). Normals are transformed by the joint matrices (ozz's default
// without inverse transposes, exact for rigid bones) and not normalized.
// Returns 0 when ozz refuses the job.
extern "C" double ozz_skin_rate(int influences, int vertex_count, const float *matrices, int bone_count,
                                const uint16_t *indices, const float *weights, const float *positions,
                                const float *normals, float *out_positions, float *out_normals, int runs) {
  std::vector<ozz::math::Float4x4> joints(static_cast<size_t>(bone_count));
  for (int i = 0; i < bone_count; ++i)
    for (int c = 0; c < 4; ++c) joints[static_cast<size_t>(i)].cols[c] = ozz::math::simd_float4::LoadPtrU(matrices + 16 * i + 4 * c);
  const size_t n = static_cast<size_t>(vertex_count);
  ozz::geometry::SkinningJob job;
  job.vertex_count = vertex_count;
  job.influences_count = influences;
  job.joint_matrices = ozz::make_span(joints);
  const size_t per_vertex = influences > 4 ? 8 : 4;  // indices and weights a vertex, as posemath's job reads them
  job.joint_indices = ozz::span<const uint16_t>(indices, per_vertex * n);
  job.joint_indices_stride = per_vertex * sizeof(uint16_t);
  if (influences > 1) {
    job.joint_weights = ozz::span<const float>(weights, per_vertex * n);
    job.joint_weights_stride = per_vertex * sizeof(float);
  }
  job.in_positions = ozz::span<const float>(positions, 3 * n);
  job.in_positions_stride = 3 * sizeof(float);
  job.in_normals = ozz::span<const float>(normals, 3 * n);
  job.in_normals_stride = 3 * sizeof(float);
  job.out_positions = ozz::span<float>(out_positions, 3 * n);
  job.out_positions_stride = 3 * sizeof(float);
  job.out_normals = ozz::span<float>(out_normals, 3 * n);
  job.out_normals_stride = 3 * sizeof(float);
  double best = 0.0;
  for (int run = 0; run < runs; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!job.Run()) return 0.0;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (vertex_count / seconds * 1e-6 > best) best = vertex_count / seconds * 1e-6;
  }
  return best;
}
