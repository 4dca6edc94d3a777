// ozz-animation's SkinningJob (../shared/peers/ozz-animation, 0.16.0) on the
// meshes tests/bench.c skins, for `make bench`: the peer measured in the
// same process, on the same arrays, with the same compiler flags, by the
// same harness (tests/bench.c times ozz_skin_run as it times
// pm_skin_job_run: the same ranges, threads and cache flushes).
#include <cstdint>
#include <new>
#include <vector>

#include "ozz/base/maths/simd_math.h"
#include "ozz/base/span.h"
#include "ozz/geometry/runtime/skinning_job.h"

// Bytes from one vertex's element to the next, 0 meaning packed (as
// posemath's pm_skin_job.stride)
struct ozz_strides {
  int indices, weights, positions, normals, out_positions, out_normals;
};

// A mesh as ozz's job reads it: `influences` (K) indices a vertex and K - 1
// weights (the last is 1 minus the others), packed unless `strides` says
// otherwise. Normals are transformed by the joint matrices (ozz's default
// without inverse transposes, exact for rigid bones) and not normalized.
struct ozz_skin {
  std::vector<ozz::math::Float4x4> joints;
  int influences, vertex_count;
  const uint16_t *indices;
  const float *weights, *positions, *normals;
  float *out_positions, *out_normals;
  size_t index_stride, weight_stride, position_stride, normal_stride, out_position_stride, out_normal_stride;
};

// `matrices`: 16 floats per bone, column-major
extern "C" ozz_skin *ozz_skin_create(int influences, int vertex_count, const float *matrices, int bone_count,
                                     const uint16_t *indices, const float *weights, const float *positions,
                                     const float *normals, float *out_positions, float *out_normals,
                                     const ozz_strides *strides) {
  ozz_skin *s = new (std::nothrow) ozz_skin;
  if (!s) return nullptr;
  s->joints.resize(static_cast<size_t>(bone_count));
  for (int i = 0; i < bone_count; ++i)
    for (int c = 0; c < 4; ++c)
      s->joints[static_cast<size_t>(i)].cols[c] = ozz::math::simd_float4::LoadPtrU(matrices + 16 * i + 4 * c);
  const ozz_strides packed = {0, 0, 0, 0, 0, 0};
  const ozz_strides &stride = strides ? *strides : packed;
  const auto step = [](int bytes, size_t packed_bytes) { return bytes ? static_cast<size_t>(bytes) : packed_bytes; };
  s->influences = influences, s->vertex_count = vertex_count;
  s->indices = indices, s->weights = weights, s->positions = positions, s->normals = normals;
  s->out_positions = out_positions, s->out_normals = out_normals;
  s->index_stride = step(stride.indices, static_cast<size_t>(influences) * sizeof(uint16_t));
  s->weight_stride = step(stride.weights, static_cast<size_t>(influences - 1) * sizeof(float));
  s->position_stride = step(stride.positions, 3 * sizeof(float));
  s->normal_stride = step(stride.normals, 3 * sizeof(float));
  s->out_position_stride = step(stride.out_positions, 3 * sizeof(float));
  s->out_normal_stride = step(stride.out_normals, 3 * sizeof(float));
  return s;
}

// Vertices [first, first + count): one job on the ranges' sub-spans, as a
// thread of a host would run it. 0 when ozz refuses the job.
extern "C" int ozz_skin_run(ozz_skin *s, int first, int count) {
  const size_t n = static_cast<size_t>(count), k = static_cast<size_t>(s->influences);
  const auto bytes = [n](size_t stride, size_t element) { return (n - 1) * stride + element; };
  const auto in = [first](const void *base, size_t stride) {
    return static_cast<const char *>(base) + static_cast<size_t>(first) * stride;
  };
  const auto out = [first](void *base, size_t stride) {
    return static_cast<char *>(base) + static_cast<size_t>(first) * stride;
  };
  ozz::geometry::SkinningJob job;
  job.vertex_count = count;
  job.influences_count = s->influences;
  job.joint_matrices = ozz::make_span(s->joints);
  job.joint_indices_stride = s->index_stride;
  job.joint_indices = ozz::span<const uint16_t>(reinterpret_cast<const uint16_t *>(in(s->indices, s->index_stride)),
                                                bytes(s->index_stride, k * 2) / 2);
  if (k > 1) {
    job.joint_weights_stride = s->weight_stride;
    job.joint_weights = ozz::span<const float>(reinterpret_cast<const float *>(in(s->weights, s->weight_stride)),
                                               bytes(s->weight_stride, (k - 1) * 4) / 4);
  }
  job.in_positions_stride = s->position_stride;
  job.in_positions = ozz::span<const float>(reinterpret_cast<const float *>(in(s->positions, s->position_stride)),
                                            bytes(s->position_stride, 12) / 4);
  job.in_normals_stride = s->normal_stride;
  job.in_normals = ozz::span<const float>(reinterpret_cast<const float *>(in(s->normals, s->normal_stride)),
                                          bytes(s->normal_stride, 12) / 4);
  job.out_positions_stride = s->out_position_stride;
  job.out_positions = ozz::span<float>(reinterpret_cast<float *>(out(s->out_positions, s->out_position_stride)),
                                       bytes(s->out_position_stride, 12) / 4);
  job.out_normals_stride = s->out_normal_stride;
  job.out_normals = ozz::span<float>(reinterpret_cast<float *>(out(s->out_normals, s->out_normal_stride)),
                                     bytes(s->out_normal_stride, 12) / 4);
  return job.Run() ? 1 : 0;
}

extern "C" void ozz_skin_free(ozz_skin *s) { delete s; }
