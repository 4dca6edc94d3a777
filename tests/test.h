/* The test runner's checks. A test is a void function; it fails when any
   check in it fails. Each failure prints its file, line and values. */
#ifndef PM_TEST_H
#define PM_TEST_H

#include "../posemath_mmd.h"
#include "../posemath_vrm.h"
#include <math.h>
#include <stdio.h>

void test_fail(const char *file, int line, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) test_fail(__FILE__, __LINE__, "%s", #cond);                         \
    } while (0)

#define CHECK_RESULT(expr, expected)                                                     \
    do {                                                                                 \
        pm_result r_ = (expr), e_ = (expected);                                          \
        if (r_ != e_)                                                                    \
            test_fail(__FILE__, __LINE__, "%s\n    returned %s, expected %s", #expr,     \
                      pm_result_string(r_), pm_result_string(e_));                       \
    } while (0)

/* 2^-24: the most a float's rounding moves a value, relative to it. */
#define FLOAT_ROUNDING 5.9604644775390625e-8

/* |a - b| <= tol, and neither is NaN. */
#define CHECK_NEAR(a, b, tol)                                                            \
    do {                                                                                 \
        double a_ = (double)(a), b_ = (double)(b), t_ = (double)(tol);                   \
        if (!(fabs(a_ - b_) <= t_))                                                      \
            test_fail(__FILE__, __LINE__, "%s = %.9g\n    %s = %.9g\n    |diff| %.3g > %.3g", \
                      #a, a_, #b, b_, fabs(a_ - b_), t_);                                \
    } while (0)

/* Context printed with the next failures (which case of a table failed). */
void test_context(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Largest component difference between a and the closer of b and -b
   (q and -q are the same rotation). */
double test_quat_diff(const float a[4], const double b[4]);

/* *worst = the larger of it and value. Not fmax in a loop: Debian's aarch64
   gcc 12 stops on its vectorized reduction. */
void keep_worst(double *worst, double value);

/* 1 when the file opens for reading: a device such as /dev/zero, which
   not every system has */
int test_file_opens(const char *path);

/* An MMD bone at rest at (x, y, z) under parent, everything else zero (no
   flags, layer 0) */
void test_mmd_bone(pm_mmd_bone *bone, int parent, float x, float y, float z);

/* q made unit in double and rounded to float: within FLOAT_ROUNDING of the
   exact unit quaternion whatever the flags. References use it, not
   glm_quat_normalize: under -ffast-math compilers take a float 1/sqrt from
   the CPU's reciprocal square root estimate and one Newton step, whose
   error (up to 1.5 (1.5 x 2^-12)^2 = 2.0e-7 plus the step's roundings)
   depends on the CPU's vendor. */
void test_quat_normalize(float q[4]);

/* The object after `key` (quotes included: "\"VRM\"") in a GLB's JSON chunk,
   [*begin, *end); 0 when there is none. A test helper, not a JSON parser. */
int test_glb_extension(const unsigned char *glb, size_t size, const char *key, const char **begin, const char **end);

/* A transform from a fixture's 10 floats: translation, rotation (x, y, z, w), scale. */
void test_set_transform(pm_transform *t, const float trs[10]);

/* A scene node as the humanoid fixtures store it: its parent and its rest
   transform (test_set_transform's 10 floats). */
typedef struct fixture_node {
    int parent;
    float rest[10];
} fixture_node;

/* count fixture nodes into a parent array and rest transforms. */
void test_load_nodes(const fixture_node *nodes, int count, int *parent, pm_transform *rest);

/* World rotation from rest of every bone h has: the product of normalized
   rotations along its humanoid ancestors (cglm's quaternion product). */
void test_world_deltas(const pm_humanoid *h, const pm_normalized_pose *normalized, versor delta[PM_BONE_COUNT]);

/* Retargets raw_a from a to b and checks the rule: every bone b has turns
   from rest (world rotation) as a's nearest bone at or above it (itself when
   a has it), whatever b has in between, within 1e-5; the hips move by the
   hips rule. Returns how many of b's bones took an ancestor's turn. */
int test_check_retarget(const pm_humanoid *a, const pm_humanoid *b, const pm_raw_pose *raw_a);

/* tests/options.c: the same functions from a POSEMATH_NO_SIMD copy. */
pm_result scalar_quat_to_euler(const float q[4], pm_euler_order order, pm_rotation_type type,
                               float euler[3]);
pm_result scalar_skin_job_prepare(const pm_skin_job *job);
pm_result scalar_skin_job_run(const pm_skin_job *job, int first_vertex, int count);

/* tests/posemath.c: the skinning kernel passes the implementation compiled
   (its static functions, for test_skin_kernel_passes), the flags' first. */
/* posemath_mmd.h's readers, the error as "byte N: message" (or the message
   alone where the file cannot be read) in error: 0, or -1 (test_pmx.c) */
int load_pmx(const char *path, pm_pmx_model *model, char *error, size_t error_size);
int load_vmd(const char *path, pm_vmd_motion *motion, char *error, size_t error_size);
int parse_pmx(const void *data, size_t size, pm_pmx_model *model, char *error, size_t error_size);
int parse_vmd(const void *data, size_t size, pm_vmd_motion *motion, char *error, size_t error_size);
/* the PMX reader's name comparisons, counted (test_pmx_bodies_by_name) */
int test_pmx_name_compare(const char *a, const char *b);

/* Allocation callbacks (pm_memory) that count, and fail allocation number
   fail_at (from 1) once; 0: none (test_mmd_runtime.c, for both runtimes) */
typedef struct counted_memory {
    long allocations, frees, fail_at;
} counted_memory;
void *counted_alloc(void *user, size_t size);
void counted_free(void *user, void *p);

typedef void (*skin_range_fn)(const pm_skin_job *job, int first, int end);
int skin_kernel_passes(skin_range_fn range[3], const char *name[3]);

#define PM_TEST_LIST(X)                                                                  \
    X(result_string)                                                                     \
    X(skin_morph_masks)                                                                  \
    X(mmd_runtime_memory)                                                                \
    X(mmd_runtime_bad_input)                                                             \
    X(mmd_runtime_whole_chunks)                                                          \
    X(vrm_runtime_memory)                                                                \
    X(vrm_reader_bad_input)                                                              \
    X(vrma_reader)                                                                       \
    X(vrm_reader_lenient)                                                                \
    X(vrm_first_person)                                                                  \
    X(vrm_first_person_bad_input)                                                        \
    X(vrm_model)                                                                         \
    X(vrma_writer_face)                                                                  \
    X(vrma_reader_bounds)                                                                \
    X(springs_match_threevrm)                                                            \
    X(springs_properties)                                                                \
    X(springs_bad_input)                                                                 \
    X(springs_teleport)                                                                  \
    X(springs_center_scaled_to_nothing)                                                  \
    X(springs_degenerate_joint_holds)                                                    \
    X(springs_vrm0_godette)                                                              \
    X(springs_vrm0_json)                                                                 \
    X(springs_duplicate_joints)                                                          \
    X(springs_json)                                                                      \
    X(springs_options)                                                                   \
    X(look_at_match_threevrm)                                                     \
    X(look_at_angles)                                                             \
    X(look_at_files)                                                              \
    X(look_at_json)                                                               \
    X(look_at_bad_input)                                                          \
    X(expressions_match_threevrm)                                                 \
    X(expressions_bad_input)                                                      \
    X(expressions_files)                                                          \
    X(expressions_lenient)                                                        \
    X(expressions_json)                                                           \
    X(options_static_copy)                                                               \
    X(options_slerp_weights)                                                             \
    X(euler_order_parse)                                                                 \
    X(euler_matches_threejs)                                                             \
    X(euler_matches_scipy)                                                               \
    X(euler_gimbal_lock)                                                                 \
    X(euler_near_gimbal_lock)                                                            \
    X(euler_round_trip)                                                                  \
    X(euler_unnormalized)                                                                \
    X(euler_degrees)                                                                     \
    X(euler_matrices)                                                                    \
    X(euler_proper_forms)                                                                \
    X(euler_bad_input)                                                                   \
    X(euler_misaligned)                                                                  \
    X(euler_simd_matches_scalar)                                                         \
    X(scene_world_matrices)                                                              \
    X(track_matches_threejs)                                                             \
    X(track_properties)                                                                  \
    X(track_slerp_any_angle)                                                             \
    X(track_bad_input)                                                                   \
    X(scene_bad_input)                                                                   \
    X(hostile_scene_chain)                                                               \
    X(hostile_humanoid_chain)                                                            \
    X(hostile_constraint_chain)                                                          \
    X(constraints_match_threevrm)                                                        \
    X(constraints_order)                                                                 \
    X(constraints_properties)                                                            \
    X(constraints_sheared_parent)                                                        \
    X(constraints_bad_input)                                                             \
    X(constraints_circle)                                                                \
    X(constraints_misaligned)                                                            \
    X(constraints_parse_json)                                                            \
    X(constraints_parse_json_errors)                                                     \
    X(constraints_parse_json_report)                                                     \
    X(constraints_parse_json_numbers)                                                    \
    X(constraints_parse_json_rounding)                                                   \
    X(bone_table)                                                                        \
    X(humanoid_matches_threevrm)                                                         \
    X(humanoid_vrm_samples_match_threevrm)                                               \
    X(humanoid_normalize_keys)                                                           \
    X(humanoid_retarget)                                                                 \
    X(humanoid_retarget_crossing_chains)                                                 \
    X(humanoid_retarget_matches_threejs)                                                 \
    X(humanoid_retarget_round_trip)                                                      \
    X(humanoid_read_write_turn)                                                          \
    X(humanoid_read_folds_between)                                                       \
    X(humanoid_fit_tpose)                                                                \
    X(humanoid_bad_input)                                                                \
    X(humanoid_misaligned)                                                               \
    X(humanoid_reports)                                                                  \
    X(humanoid_map_matches_threevrm)                                                     \
    X(humanoid_map_errors)                                                               \
    X(skin_matches_numpy)                                                                \
    X(skin_properties)                                                                   \
    X(skin_helpers)                                                                      \
    X(skin_bad_input)                                                                    \
    X(skin_unused_slots)                                                                 \
    X(skin_affine_bones)                                                                 \
    X(skin_affine_matches_numpy)                                                         \
    X(skin_weight_scale)                                                                 \
    X(skin_optional_outputs)                                                             \
    X(skin_normal_scale)                                                                 \
    X(skin_bdef1_any_scale)                                                              \
    X(skin_type_runs)                                                                    \
    X(skin_misaligned)                                                                   \
    X(skin_strides)                                                                      \
    X(skin_interleaved_records)                                                          \
    X(skin_implied_weight)                                                               \
    X(skin_strides_refused)                                                              \
    X(skin_eight_influences)                                                             \
    X(skin_eight_influences_exact)                                                       \
    X(skin_partition_by_type)                                                            \
    X(skin_compact_bad_input)                                                            \
    X(skin_morph_normals)                                                                \
    X(skin_morph_normals_exact)                                                          \
    X(skin_simd_matches_scalar)                                                          \
    X(skin_kernels_name)                                                                 \
    X(skin_kernel_passes)                                                                \
    X(skin_bone_matrices)                                                                \
    X(skin_blended_normals)                                                              \
    X(mmd_bezier_exact)                                                                  \
    X(mmd_bone_keys)                                                                     \
    X(mmd_morph_and_switch_keys)                                                         \
    X(mmd_morphs_exact)                                                                  \
    X(mmd_morphs_on_bones)                                                               \
    X(mmd_morphs_bad_input)                                                              \
    X(mmd_keys_bad_input)                                                                \
    X(vmd_matches_babylon)                                                               \
    X(vmd_errors)                                                                        \
    X(pmx_matches_babylon)                                                               \
    X(pmx_errors)                                                                        \
    X(pmx_bodies_by_name)                                                                \
    X(mmd_matches_babylon)                                                               \
    X(mmd_grant_rule)                                                                    \
    X(mmd_passes_and_state)                                                              \
    X(mmd_ik_middle_angle)                                                               \
    X(mmd_ik_one_axis)                                                                   \
    X(mmd_physics_matches_babylon)                                                       \
    X(mmd_physics_replays_babylon)                                                       \
    X(mmd_physics_children)                                                              \
    X(mmd_physics_setup)                                                                 \
    X(mmd_physics_round_trip)                                                            \
    X(mmd_physics_bad_input)                                                             \
    X(mmd_bad_input)                                                                     \
    X(mmd_hostile_sizes)                                                                 \
    X(bvh_parse)                                                                         \
    X(bvh_errors)                                                                        \
    X(bvh_cmu_fit_tpose)                                                                 \
    X(bvh_cmu_between_joints)                                                            \
    X(bvh_cmu_onto_vrm)

#define PM_TEST_DECLARE(name) void test_##name(void);
PM_TEST_LIST(PM_TEST_DECLARE)

#endif
