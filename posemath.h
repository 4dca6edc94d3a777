/* posemath.h - v0.1.0 - pose math for VRM and MikuMikuDance content, on cglm
   MIT license at the end of this file.

   posemath is a single-header C library: quaternion <-> Euler conversion in
   every sequence, with more to come (humanoid retargeting, VRM node
   constraints, CPU skinning). It depends on cglm (types only) and libc.

   USAGE

     In exactly one C or C++ file, define POSEMATH_IMPLEMENTATION before the
     include to create the implementation:

       #define POSEMATH_IMPLEMENTATION
       #include "posemath.h"

     Every other file includes "posemath.h" without the define. Link with -lm.

       versor q = {0.0f, 0.38268343f, 0.0f, 0.92387953f};   // 45 deg about Y
       vec3 e;
       if (pm_quat_to_euler_deg(q, PM_EULER_ZXY, PM_ROTATION_FRAME, e) == PM_OK)
           printf("x %g y %g z %g\n", e[0], e[1], e[2]);    // Unity's eulerAngles

   OPTIONS (define before including the implementation)

     POSEMATH_STATIC   every function is static: private to the including file.
     PMDEF             decoration of every public function (default: extern, or
                       static with POSEMATH_STATIC).
     PM_ASSERT(x)      checks of internal invariants, never of caller input
                       (default: assert from <assert.h>).

   CONVENTIONS

     - Quaternions are cglm versors (x, y, z, w) with the Hamilton product:
       a*b applies b first, v' = q v q*. Matrices are column-major like cglm.
     - Single precision in and out; some internals run in double so that
       results are accurate to about 1 ulp.
     - Angles are radians unless the function name ends in _deg.
     - Right-handed, +Y up; VRM 1.0 models face +Z.
     - No alignment assumption on any pointer you pass: 4-byte aligned float
       arrays are fine (cglm's own SIMD functions need 16 bytes for versor).
     - No allocation, no global or static mutable state, no I/O: every
       function is reentrant and thread-safe on distinct outputs.
     - Bad input (NULL, NaN/Inf, zero quaternion, an enum value outside its
       range, malformed text) never crashes: the function returns a pm_result
       error and leaves every output untouched.

   EULER ANGLES (docs/euler.md has the long form)

     Tait-Bryan orders (XYZ, XZY, YXZ, YZX, ZXY, ZYX) take a vec3 indexed by
     AXIS: e[0] is the angle about X, e[1] about Y, e[2] about Z, whatever
     the order. For order ABC:
       PM_ROTATION_POINT (intrinsic): q = qA(eA) * qB(eB) * qC(eC)
                         = three.js Euler(x, y, z, 'ABC'), scipy "ABC"
       PM_ROTATION_FRAME (extrinsic): q = qC(eC) * qB(eB) * qA(eA)
                         = scipy "abc"; Unity's eulerAngles is FRAME ZXY.
     Proper Euler sequences (XYX, XZX, YXY, YZY, ZXZ, ZYZ) take their three
     angles in SEQUENCE order: a[0] about the first axis of the sequence.
     Ranges: the middle angle in [-pi/2, pi/2] (proper: [0, pi]), the others
     in (-pi, pi]. At gimbal lock the angle about the sequence's third axis
     is 0 and the first angle carries the rotation, for both types, and the
     angles still reproduce the quaternion.

   FUNCTION REFERENCE

     const char *pm_result_string(pm_result result)
         A short English description of a result code.

     pm_result   pm_euler_order_parse(const char *text, pm_euler_order *order)
     const char *pm_euler_order_name(pm_euler_order order)
         "XYZ" or "xyz" <-> PM_EULER_XYZ; the name is NULL for a bad value.
     pm_result pm_quat_to_euler(const versor q, pm_euler_order order,
                                pm_rotation_type type, vec3 euler)
     pm_result pm_euler_to_quat(const vec3 euler, pm_euler_order order,
                                pm_rotation_type type, versor q)
     pm_result pm_quat_to_euler_deg(...), pm_euler_deg_to_quat(...)
         The same in degrees.
     pm_result pm_mat3_to_euler(const float m[9], order, type, vec3 euler)
     pm_result pm_mat4_to_euler(const float m[16], order, type, vec3 euler)
         Rotation part of a column-major matrix (columns are normalized, so
         a scaled TRS matrix is fine; a reflection is an error).
     pm_result pm_euler_to_mat3(const vec3 euler, order, type, float m[9])
     pm_result pm_euler_to_mat4(const vec3 euler, order, type, float m[16])
         Rotation matrix; the mat4 has no translation. Pass a cglm matrix
         as (float *)m.
     pm_result   pm_proper_euler_order_parse(const char *text,
                                             pm_proper_euler_order *order)
     const char *pm_proper_euler_order_name(pm_proper_euler_order order)
     pm_result pm_quat_to_proper_euler(const versor q, pm_proper_euler_order,
                                       pm_rotation_type type, vec3 angles)
     pm_result pm_proper_euler_to_quat(const vec3 angles,
                                       pm_proper_euler_order order,
                                       pm_rotation_type type, versor q)
         Proper Euler sequences, angles in sequence order, radians.
*/

#ifndef POSEMATH_H
#define POSEMATH_H

#define POSEMATH_VERSION_MAJOR 0
#define POSEMATH_VERSION_MINOR 1
#define POSEMATH_VERSION_PATCH 0

#include <cglm/cglm.h>

#ifndef PMDEF
#ifdef POSEMATH_STATIC
#if defined(__GNUC__) || defined(__clang__)
#define PMDEF static __attribute__((unused))
#else
#define PMDEF static
#endif
#else
#define PMDEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pm_result {
    PM_OK = 0,
    PM_ERROR_INVALID_ARGUMENT = -1, /* NULL, NaN/Inf, zero quaternion, bad enum value, ... */
    PM_ERROR_OUT_OF_RANGE = -2,     /* an index outside [0, count) */
    PM_ERROR_CYCLE = -3,            /* circular dependency, or a loop in a parent array */
    PM_ERROR_MISSING_BONE = -4,     /* a required humanoid bone is absent */
    PM_ERROR_PARSE = -5,            /* malformed text */
    PM_ERROR_CAPACITY = -6          /* a caller-provided buffer is too small */
} pm_result;

PMDEF const char *pm_result_string(pm_result result);

/* A node's local transform: M = T(translation) * R(rotation) * S(scale). */
typedef struct pm_transform {
    vec3 translation;
    versor rotation;
    vec3 scale;
} pm_transform;

/* ---- Quaternion <-> Euler ---------------------------------------------- */

typedef enum pm_euler_order {
    PM_EULER_XYZ, PM_EULER_XZY, PM_EULER_YXZ, PM_EULER_YZX, PM_EULER_ZXY, PM_EULER_ZYX
} pm_euler_order;

typedef enum pm_proper_euler_order {
    PM_EULER_XYX, PM_EULER_XZX, PM_EULER_YXY, PM_EULER_YZY, PM_EULER_ZXZ, PM_EULER_ZYZ
} pm_proper_euler_order;

typedef enum pm_rotation_type {
    PM_ROTATION_POINT = 0, /* intrinsic: each rotation about the axes as already turned */
    PM_ROTATION_FRAME = 1  /* extrinsic: each rotation about the fixed axes */
} pm_rotation_type;

PMDEF pm_result pm_euler_order_parse(const char *text, pm_euler_order *order);
PMDEF const char *pm_euler_order_name(pm_euler_order order);
PMDEF pm_result pm_quat_to_euler(const versor q, pm_euler_order order, pm_rotation_type type,
                                 vec3 euler);
PMDEF pm_result pm_euler_to_quat(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 versor q);
PMDEF pm_result pm_quat_to_euler_deg(const versor q, pm_euler_order order, pm_rotation_type type,
                                     vec3 euler_deg);
PMDEF pm_result pm_euler_deg_to_quat(const vec3 euler_deg, pm_euler_order order,
                                     pm_rotation_type type, versor q);
PMDEF pm_result pm_mat3_to_euler(const float m[9], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler);
PMDEF pm_result pm_mat4_to_euler(const float m[16], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler);
PMDEF pm_result pm_euler_to_mat3(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[9]);
PMDEF pm_result pm_euler_to_mat4(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[16]);

PMDEF pm_result pm_proper_euler_order_parse(const char *text, pm_proper_euler_order *order);
PMDEF const char *pm_proper_euler_order_name(pm_proper_euler_order order);
PMDEF pm_result pm_quat_to_proper_euler(const versor q, pm_proper_euler_order order,
                                        pm_rotation_type type, vec3 angles);
PMDEF pm_result pm_proper_euler_to_quat(const vec3 angles, pm_proper_euler_order order,
                                        pm_rotation_type type, versor q);

#ifdef __cplusplus
}
#endif

#endif /* POSEMATH_H */

/* ======================================================================== */

#if defined(POSEMATH_IMPLEMENTATION) && !defined(POSEMATH_IMPLEMENTED)
#define POSEMATH_IMPLEMENTED

#include <math.h>
#include <string.h>

/* SSE2 is part of x86-64; POSEMATH_NO_SIMD forces the portable scalar code. */
#if !defined(POSEMATH_NO_SIMD) && (defined(__SSE2__) || defined(_M_X64))
#define PM__SSE2
#include <emmintrin.h>
#endif

#ifndef PM_ASSERT
#include <assert.h>
#define PM_ASSERT(x) assert(x)
#endif

/* For the few small helpers on the hot path of a conversion. */
#if defined(__GNUC__) || defined(__clang__)
#define PM__INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define PM__INLINE __forceinline
#else
#define PM__INLINE
#endif

#define PM__PI 3.14159265358979323846
#define PM__HALF_PI 1.57079632679489661923

#ifdef __cplusplus
extern "C" {
#endif

PMDEF const char *pm_result_string(pm_result result)
{
    switch (result) {
    case PM_OK: return "ok";
    case PM_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case PM_ERROR_OUT_OF_RANGE: return "index out of range";
    case PM_ERROR_CYCLE: return "circular dependency";
    case PM_ERROR_MISSING_BONE: return "required bone missing";
    case PM_ERROR_PARSE: return "malformed text";
    case PM_ERROR_CAPACITY: return "buffer too small";
    }
    return "unknown result";
}

/* ---- Quaternion <-> Euler ----------------------------------------------

   Every sequence is handled as one intrinsic product
       q = q_{a0}(t0) * q_{a1}(t1) * q_{a2}(t2)
   (FRAME types reverse the factors). Decomposition follows Bernardes and
   Viollet, "Quaternion to Euler angles conversion: a direct, general and
   computationally efficient method", PLOS ONE 17(11) e0276302, 2022: for a
   proper sequence (a2 == a0) the quaternion components pair up as
       w = cos(t1/2) cos((t0+t2)/2)      q_a0 = cos(t1/2) sin((t0+t2)/2)
       q_a1 = sin(t1/2) cos((t0-t2)/2)   s*q_k = sin(t1/2) sin((t0-t2)/2)
   (k the unused axis, s the sign of e_a0 x e_a1 = s e_k), so every angle is
   an atan2 of well-conditioned sums: no asin of a matrix element, which
   loses half the digits near gimbal lock. A Tait-Bryan sequence becomes a
   proper one after multiplying by a 90 degree turn about a1 on the right. */

/* atan2 in double with a polynomial fitted (relative error 2.1e-11, far
   below float's half ulp of 3e-8) on |t| <= tan(pi/8), using
   atan(n/d) = pi/4 + atan((n-d)/(n+d)) above tan(pi/8); glibc's atan2f
   alone costs ~27 ns on our 2.4 GHz test machine. Branch-free, because on
   random input each octant branch would mispredict half the time. The SSE2
   form does two at once with the same operations in the same order, so
   both give the same bits. atan2(+-0, +-0) is +-0. */
static const double pm__atan_poly[7] = {
    0.99999999997929689, -0.33333332134777766, 0.1999988636520828, -0.14281650837894733,
    0.11041184188655341, -0.084597824209369982, 0.047143046530245043};
#define PM__TAN_EIGHTH_PI 0.41421356237309504880

static PM__INLINE double pm__atan2(double y, double x)
{
    const double *c = pm__atan_poly;
    double ax = fabs(x), ay = fabs(y);
    double num = ay < ax ? ay : ax, den = ay < ax ? ax : ay;
    int reduced = num > PM__TAN_EIGHTH_PI * den;
    double t, u, u2, p, r;
    den = den > 1e-300 ? den : 1e-300; /* 0/0 -> 0 */
    t = (num - (reduced ? den : 0.0)) / (den + (reduced ? num : 0.0));
    u = t * t;
    u2 = u * u;
    p = ((c[0] + c[1] * u) + u2 * (c[2] + c[3] * u)) + (u2 * u2) * ((c[4] + c[5] * u) + u2 * c[6]);
    r = (reduced ? 0.25 * PM__PI : 0.0) + t * p;
    r = ay > ax ? PM__HALF_PI - r : r;
    r = x < 0.0 ? PM__PI - r : r;
    return copysign(r, y);
}

#ifdef PM__SSE2
static PM__INLINE __m128d pm__select_pd(__m128d mask, __m128d if_set, __m128d if_clear)
{
    return _mm_or_pd(_mm_and_pd(mask, if_set), _mm_andnot_pd(mask, if_clear));
}

static PM__INLINE __m128d pm__atan2_pd(__m128d y, __m128d x)
{
    const double *c = pm__atan_poly;
    const __m128d sign = _mm_set1_pd(-0.0);
    __m128d ax = _mm_andnot_pd(sign, x), ay = _mm_andnot_pd(sign, y);
    __m128d num = _mm_min_pd(ay, ax), den = _mm_max_pd(ay, ax);
    __m128d reduced = _mm_cmpgt_pd(num, _mm_mul_pd(_mm_set1_pd(PM__TAN_EIGHTH_PI), den));
    __m128d t, u, u2, p, r;
    den = _mm_max_pd(den, _mm_set1_pd(1e-300));
    t = _mm_div_pd(_mm_sub_pd(num, _mm_and_pd(reduced, den)),
                   _mm_add_pd(den, _mm_and_pd(reduced, num)));
    u = _mm_mul_pd(t, t);
    u2 = _mm_mul_pd(u, u);
#define PM__LINEAR(c0, c1) _mm_add_pd(_mm_set1_pd(c0), _mm_mul_pd(_mm_set1_pd(c1), u))
    p = _mm_add_pd(_mm_add_pd(PM__LINEAR(c[0], c[1]), _mm_mul_pd(u2, PM__LINEAR(c[2], c[3]))),
                   _mm_mul_pd(_mm_mul_pd(u2, u2),
                              _mm_add_pd(PM__LINEAR(c[4], c[5]), _mm_mul_pd(u2, _mm_set1_pd(c[6])))));
#undef PM__LINEAR
    r = _mm_add_pd(_mm_and_pd(reduced, _mm_set1_pd(0.25 * PM__PI)), _mm_mul_pd(t, p));
    r = pm__select_pd(_mm_cmpgt_pd(ay, ax), _mm_sub_pd(_mm_set1_pd(PM__HALF_PI), r), r);
    r = pm__select_pd(_mm_cmplt_pd(x, _mm_setzero_pd()), _mm_sub_pd(_mm_set1_pd(PM__PI), r), r);
    return _mm_or_pd(r, _mm_and_pd(sign, y));
}
#endif

typedef struct pm__sequence {
    int axis[3];           /* factor axes in product order; axis[2] == axis[0] when proper */
    int k;                 /* the axis that is neither axis[0] nor axis[1] */
    double s;              /* e_axis0 x e_axis1 = s * e_k */
    int proper;
    int lock_zeroes_first; /* FRAME: at gimbal lock the product's first factor (the sequence's
                              last rotation) gets angle 0 */
} pm__sequence;

/* The sequence q = q_a0 * q_a1 * q_a2; `zero_first` at lock for FRAME. */
#define PM__SEQUENCE(a0, a1, a2, zero_first)                                            \
    {{a0, a1, a2}, 3 - (a0) - (a1), (a1) == ((a0) + 1) % 3 ? 1.0 : -1.0, (a2) == (a0), zero_first}

/* [type][order]: POINT runs the order's axes as written, FRAME reversed. */
static const pm__sequence pm__euler_sequences[2][6] = {
    {PM__SEQUENCE(0, 1, 2, 0), PM__SEQUENCE(0, 2, 1, 0), PM__SEQUENCE(1, 0, 2, 0),
     PM__SEQUENCE(1, 2, 0, 0), PM__SEQUENCE(2, 0, 1, 0), PM__SEQUENCE(2, 1, 0, 0)},
    {PM__SEQUENCE(2, 1, 0, 1), PM__SEQUENCE(1, 2, 0, 1), PM__SEQUENCE(2, 0, 1, 1),
     PM__SEQUENCE(0, 2, 1, 1), PM__SEQUENCE(1, 0, 2, 1), PM__SEQUENCE(0, 1, 2, 1)}};
static const pm__sequence pm__proper_euler_sequences[2][6] = {
    {PM__SEQUENCE(0, 1, 0, 0), PM__SEQUENCE(0, 2, 0, 0), PM__SEQUENCE(1, 0, 1, 0),
     PM__SEQUENCE(1, 2, 1, 0), PM__SEQUENCE(2, 0, 2, 0), PM__SEQUENCE(2, 1, 2, 0)},
    {PM__SEQUENCE(0, 1, 0, 1), PM__SEQUENCE(0, 2, 0, 1), PM__SEQUENCE(1, 0, 1, 1),
     PM__SEQUENCE(1, 2, 1, 1), PM__SEQUENCE(2, 0, 2, 1), PM__SEQUENCE(2, 1, 2, 1)}};

/* Angles t of q (any length, not necessarily unit) for seq; 0 when q is
   zero or not finite, and t is then untouched. */
static PM__INLINE int pm__quat_to_angles(const double q[4], const pm__sequence *seq, double t[3])
{
    /* Squared relative size below which the middle angle counts as locked:
       (2^-22)^2. 2^-22 leaves a margin of 4 over the rounding of a float
       quaternion built exactly at lock, and zeroing an angle there moves q
       by < 2.4e-7. */
    const double lock2 = 5.6843418860808015e-14;
    double w = q[3], qi = q[seq->axis[0]], qj = q[seq->axis[1]], qk = seq->s * q[seq->k];
    double a, b, c, d, ab2, cd2, middle, y0, x0, y2, x2, out0, out2;
    int locked = 1;
    if (seq->proper) {
        a = w; b = qi; c = qj; d = qk;
    } else { /* q * (1 + e_j): the same rotation followed by a quarter turn, now proper */
        a = w - qj; b = qi - qk; c = qj + w; d = qi + qk;
    }
    ab2 = a * a + b * b;
    cd2 = c * c + d * d;
    /* ab2 + cd2 is |q|^2 (twice that for Tait-Bryan): one test for zero, NaN and Inf */
    if (!(ab2 + cd2 > 0.0 && ab2 + cd2 <= 1.79769313486231570815e+308)) return 0;
    /* With (a + ib) = |.| e^{i(t0+t2)/2} and (c + id) = |.| e^{i(t0-t2)/2},
       t0 and t2 are the arguments of (a + ib)(c + id) and (a + ib)(c - id). At
       lock only one of t0 +- t2 is defined: it goes to the angle that is
       kept, as the argument of (a + ib)^2 or (c + id)^2, and the other
       angle gets the argument of 1. */
    if (cd2 <= lock2 * ab2) {          /* t1 = 0: t0 + t2 */
        y0 = 2.0 * a * b; x0 = a * a - b * b;
        y2 = 0.0; x2 = 1.0;
    } else if (ab2 <= lock2 * cd2) {   /* t1 = pi: t0 - t2 */
        y0 = 2.0 * c * d; x0 = c * c - d * d;
        y2 = 0.0; x2 = 1.0;
        if (seq->lock_zeroes_first) y0 = -y0;
    } else {
        y0 = b * c + a * d; x0 = a * c - b * d;
        y2 = b * c - a * d; x2 = a * c + b * d;
        locked = 0;
    }
    if (locked && seq->lock_zeroes_first) { /* FRAME keeps the product's last angle */
        y2 = y0; x2 = x0;
        y0 = 0.0; x0 = 1.0;
    }
#ifdef PM__SSE2
    {
        __m128d r = pm__atan2_pd(_mm_set_pd(y2, y0), _mm_set_pd(x2, x0));
        _mm_storel_pd(&out0, r);
        _mm_storeh_pd(&out2, r);
    }
#else
    out0 = pm__atan2(y0, x0);
    out2 = pm__atan2(y2, x2);
#endif
    /* The middle angle is 2 atan2(|cd|, |ab|); in double-angle form it takes
       one square root and keeps full relative accuracy near 0, pi/2 and pi. */
    if (seq->proper) {
        middle = pm__atan2(2.0 * sqrt(ab2 * cd2), ab2 - cd2);
    } else {
        middle = pm__atan2(cd2 - ab2, 2.0 * sqrt(ab2 * cd2)); /* minus the quarter turn */
        out2 *= -seq->s;                                        /* it maps e_k to -s e_i */
    }
    t[0] = out0;
    t[1] = middle;
    t[2] = out2;
    return 1;
}

static PM__INLINE void pm__angles_to_quat(const float t[3], const pm__sequence *seq, double q[4])
{
    double ca = (double)cosf(0.5f * t[0]), sa = (double)sinf(0.5f * t[0]);
    double cb = (double)cosf(0.5f * t[1]), sb = (double)sinf(0.5f * t[1]);
    double cc = (double)cosf(0.5f * t[2]), sc = (double)sinf(0.5f * t[2]);
    double s = seq->s;
    if (seq->proper) {
        q[3] = cb * (ca * cc - sa * sc);
        q[seq->axis[0]] = cb * (ca * sc + sa * cc);
        q[seq->axis[1]] = sb * (ca * cc + sa * sc);
        q[seq->k] = s * sb * (sa * cc - ca * sc);
    } else {
        q[3] = ca * cb * cc - s * sa * sb * sc;
        q[seq->axis[0]] = sa * cb * cc + s * ca * sb * sc;
        q[seq->axis[1]] = ca * sb * cc - s * sa * cb * sc;
        q[seq->k] = ca * cb * sc + s * sa * sb * cc;
    }
}

static PM__INLINE void pm__load_quat(const float *q, double out[4])
{
    out[0] = (double)q[0];
    out[1] = (double)q[1];
    out[2] = (double)q[2];
    out[3] = (double)q[3];
}

static const char *const pm__euler_names[6] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};
static const char *const pm__proper_euler_names[6] = {"XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ"};

/* The product sequence of an order and type, or NULL for a bad value. */
static const pm__sequence *pm__euler_sequence(pm_euler_order order, pm_rotation_type type)
{
    if ((unsigned)order >= 6u || (unsigned)type >= 2u) return NULL;
    return &pm__euler_sequences[type][order];
}

static const pm__sequence *pm__proper_euler_sequence(pm_proper_euler_order order,
                                                     pm_rotation_type type)
{
    if ((unsigned)order >= 6u || (unsigned)type >= 2u) return NULL;
    return &pm__proper_euler_sequences[type][order];
}

/* Matches "ABC" or "abc" against names; 0..5, or -1. */
static int pm__parse_order(const char *text, const char *const names[6])
{
    int n, i, upper = 0, lower = 0;
    char buf[3];
    for (i = 0; i < 3; ++i) { /* stops at the terminator: never reads past it */
        char ch = text[i];
        if (ch == '\0') return -1;
        if (ch >= 'a' && ch <= 'z') {
            ch = (char)(ch - 'a' + 'A');
            lower = 1;
        } else {
            upper = 1;
        }
        buf[i] = ch;
    }
    if (text[3] != '\0' || (upper && lower)) return -1;
    for (n = 0; n < 6; ++n)
        if (memcmp(buf, names[n], 3) == 0) return n;
    return -1;
}

PMDEF pm_result pm_euler_order_parse(const char *text, pm_euler_order *order)
{
    int n;
    if (!text || !order) return PM_ERROR_INVALID_ARGUMENT;
    n = pm__parse_order(text, pm__euler_names);
    if (n < 0) return PM_ERROR_PARSE;
    *order = (pm_euler_order)n;
    return PM_OK;
}

PMDEF const char *pm_euler_order_name(pm_euler_order order)
{
    return (unsigned)order < 6u ? pm__euler_names[order] : NULL;
}

PMDEF pm_result pm_proper_euler_order_parse(const char *text, pm_proper_euler_order *order)
{
    int n;
    if (!text || !order) return PM_ERROR_INVALID_ARGUMENT;
    n = pm__parse_order(text, pm__proper_euler_names);
    if (n < 0) return PM_ERROR_PARSE;
    *order = (pm_proper_euler_order)n;
    return PM_OK;
}

PMDEF const char *pm_proper_euler_order_name(pm_proper_euler_order order)
{
    return (unsigned)order < 6u ? pm__proper_euler_names[order] : NULL;
}

/* Rounds an angle in (-pi, pi] (scaled to degrees by `scale`) to float
   without landing on the excluded lower end. */
static PM__INLINE float pm__round_angle(double angle, double scale)
{
    float f = (float)(angle * scale), bound = (float)(PM__PI * scale);
    PM_ASSERT(f >= -bound && f <= bound);
    return (f > -bound ? f : bound) + 0.0f; /* + 0 turns -0 into 0 */
}

static PM__INLINE pm_result pm__quat_to_euler(const float *q, pm_euler_order order,
                                              pm_rotation_type type, float *euler, double scale)
{
    const pm__sequence *seq;
    double uq[4], t[3];
    int n;
    if (!q || !euler || !(seq = pm__euler_sequence(order, type))) return PM_ERROR_INVALID_ARGUMENT;
    pm__load_quat(q, uq);
    if (!pm__quat_to_angles(uq, seq, t)) return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) euler[seq->axis[n]] = pm__round_angle(t[n], scale);
    return PM_OK;
}

/* Angles by axis, scaled to radians by `scale`, to a quaternion in double. */
static PM__INLINE pm_result pm__euler_to_quat(const float *euler, pm_euler_order order,
                                              pm_rotation_type type, double scale, double q[4])
{
    const pm__sequence *seq;
    float t[3];
    int n;
    if (!euler || !(seq = pm__euler_sequence(order, type))) return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) {
        if (!isfinite(euler[seq->axis[n]])) return PM_ERROR_INVALID_ARGUMENT;
        t[n] = (float)((double)euler[seq->axis[n]] * scale);
    }
    pm__angles_to_quat(t, seq, q);
    return PM_OK;
}

static void pm__store_quat(const double q[4], float *out)
{
    int i;
    for (i = 0; i < 4; ++i) out[i] = (float)q[i];
}

PMDEF pm_result pm_quat_to_euler(const versor q, pm_euler_order order, pm_rotation_type type,
                                 vec3 euler)
{
    return pm__quat_to_euler(q, order, type, euler, 1.0);
}

PMDEF pm_result pm_quat_to_euler_deg(const versor q, pm_euler_order order, pm_rotation_type type,
                                     vec3 euler_deg)
{
    return pm__quat_to_euler(q, order, type, euler_deg, 180.0 / PM__PI);
}

PMDEF pm_result pm_euler_to_quat(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 versor q)
{
    double dq[4];
    pm_result r;
    if (!q) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler, order, type, 1.0, dq);
    if (r == PM_OK) pm__store_quat(dq, q);
    return r;
}

PMDEF pm_result pm_euler_deg_to_quat(const vec3 euler_deg, pm_euler_order order,
                                     pm_rotation_type type, versor q)
{
    double dq[4];
    pm_result r;
    if (!q) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler_deg, order, type, PM__PI / 180.0, dq);
    if (r == PM_OK) pm__store_quat(dq, q);
    return r;
}

/* Unit quaternion of the rotation part of a 3x3 block whose column c starts at
   m[c * stride]. Columns are normalized (scale is not rotation); a zero or
   non-finite column or a reflection is rejected. */
static int pm__mat_to_quat(const float *m, int stride, double q[4])
{
    double r[3][3], tr, s;
    int c, i;
    for (c = 0; c < 3; ++c) {
        double n2 = 0.0;
        for (i = 0; i < 3; ++i) {
            if (!isfinite(m[c * stride + i])) return 0;
            r[c][i] = (double)m[c * stride + i];
            n2 += r[c][i] * r[c][i];
        }
        if (n2 == 0.0) return 0;
        for (i = 0; i < 3; ++i) r[c][i] /= sqrt(n2);
    }
    if (r[0][0] * (r[1][1] * r[2][2] - r[2][1] * r[1][2]) -
            r[1][0] * (r[0][1] * r[2][2] - r[2][1] * r[0][2]) +
            r[2][0] * (r[0][1] * r[1][2] - r[1][1] * r[0][2]) <= 0.0)
        return 0;
    /* Shepperd: take the square root of the largest of 4w^2, 4x^2, 4y^2,
       4z^2 so that every division is well conditioned. r[col][row]. */
    tr = r[0][0] + r[1][1] + r[2][2];
    if (tr > r[0][0] && tr > r[1][1] && tr > r[2][2]) {
        s = 2.0 * sqrt(1.0 + tr);
        q[3] = 0.25 * s;
        q[0] = (r[1][2] - r[2][1]) / s;
        q[1] = (r[2][0] - r[0][2]) / s;
        q[2] = (r[0][1] - r[1][0]) / s;
    } else if (r[0][0] >= r[1][1] && r[0][0] >= r[2][2]) {
        s = 2.0 * sqrt(1.0 + r[0][0] - r[1][1] - r[2][2]);
        q[0] = 0.25 * s;
        q[3] = (r[1][2] - r[2][1]) / s;
        q[1] = (r[0][1] + r[1][0]) / s;
        q[2] = (r[2][0] + r[0][2]) / s;
    } else if (r[1][1] >= r[2][2]) {
        s = 2.0 * sqrt(1.0 - r[0][0] + r[1][1] - r[2][2]);
        q[1] = 0.25 * s;
        q[3] = (r[2][0] - r[0][2]) / s;
        q[0] = (r[0][1] + r[1][0]) / s;
        q[2] = (r[1][2] + r[2][1]) / s;
    } else {
        s = 2.0 * sqrt(1.0 - r[0][0] - r[1][1] + r[2][2]);
        q[2] = 0.25 * s;
        q[3] = (r[0][1] - r[1][0]) / s;
        q[0] = (r[2][0] + r[0][2]) / s;
        q[1] = (r[1][2] + r[2][1]) / s;
    }
    return 1;
}

/* Rotation matrix of a unit quaternion into the 3x3 block at stride. */
static void pm__quat_to_mat(const double q[4], float *m, int stride)
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    m[0] = (float)(1.0 - 2.0 * (y * y + z * z));
    m[1] = (float)(2.0 * (x * y + z * w));
    m[2] = (float)(2.0 * (x * z - y * w));
    m[stride + 0] = (float)(2.0 * (x * y - z * w));
    m[stride + 1] = (float)(1.0 - 2.0 * (x * x + z * z));
    m[stride + 2] = (float)(2.0 * (y * z + x * w));
    m[2 * stride + 0] = (float)(2.0 * (x * z + y * w));
    m[2 * stride + 1] = (float)(2.0 * (y * z - x * w));
    m[2 * stride + 2] = (float)(1.0 - 2.0 * (x * x + y * y));
}

static pm_result pm__mat_to_euler(const float *m, int stride, pm_euler_order order,
                                  pm_rotation_type type, float *euler)
{
    const pm__sequence *seq;
    double q[4], t[3];
    int n;
    if (!m || !euler || !(seq = pm__euler_sequence(order, type)) || !pm__mat_to_quat(m, stride, q) ||
        !pm__quat_to_angles(q, seq, t))
        return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) euler[seq->axis[n]] = pm__round_angle(t[n], 1.0);
    return PM_OK;
}

PMDEF pm_result pm_mat3_to_euler(const float m[9], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler)
{
    return pm__mat_to_euler(m, 3, order, type, euler);
}

PMDEF pm_result pm_mat4_to_euler(const float m[16], pm_euler_order order, pm_rotation_type type,
                                 vec3 euler)
{
    return pm__mat_to_euler(m, 4, order, type, euler);
}

PMDEF pm_result pm_euler_to_mat3(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[9])
{
    double q[4];
    pm_result r;
    if (!m) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler, order, type, 1.0, q);
    if (r == PM_OK) pm__quat_to_mat(q, m, 3);
    return r;
}

PMDEF pm_result pm_euler_to_mat4(const vec3 euler, pm_euler_order order, pm_rotation_type type,
                                 float m[16])
{
    double q[4];
    pm_result r;
    if (!m) return PM_ERROR_INVALID_ARGUMENT;
    r = pm__euler_to_quat(euler, order, type, 1.0, q);
    if (r != PM_OK) return r;
    pm__quat_to_mat(q, m, 4);
    m[3] = m[7] = m[11] = m[12] = m[13] = m[14] = 0.0f;
    m[15] = 1.0f;
    return PM_OK;
}

PMDEF pm_result pm_quat_to_proper_euler(const versor q, pm_proper_euler_order order,
                                        pm_rotation_type type, vec3 angles)
{
    const pm__sequence *seq;
    double uq[4], t[3];
    int n;
    if (!q || !angles || !(seq = pm__proper_euler_sequence(order, type)))
        return PM_ERROR_INVALID_ARGUMENT;
    pm__load_quat(q, uq);
    if (!pm__quat_to_angles(uq, seq, t)) return PM_ERROR_INVALID_ARGUMENT;
    /* FRAME factors run in reverse sequence order. */
    for (n = 0; n < 3; ++n)
        angles[type == PM_ROTATION_FRAME ? 2 - n : n] = pm__round_angle(t[n], 1.0);
    return PM_OK;
}

PMDEF pm_result pm_proper_euler_to_quat(const vec3 angles, pm_proper_euler_order order,
                                        pm_rotation_type type, versor q)
{
    const pm__sequence *seq;
    double dq[4];
    float t[3];
    int n;
    if (!angles || !q || !(seq = pm__proper_euler_sequence(order, type)))
        return PM_ERROR_INVALID_ARGUMENT;
    for (n = 0; n < 3; ++n) {
        if (!isfinite(angles[n])) return PM_ERROR_INVALID_ARGUMENT;
        t[type == PM_ROTATION_FRAME ? 2 - n : n] = angles[n];
    }
    pm__angles_to_quat(t, seq, dq);
    pm__store_quat(dq, q);
    return PM_OK;
}

#ifdef __cplusplus
}
#endif

#endif /* POSEMATH_IMPLEMENTATION */

/*
------------------------------------------------------------------------------
MIT License

Copyright (c) 2026 the posemath authors

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
------------------------------------------------------------------------------
*/
