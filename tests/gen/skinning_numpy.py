"""Reference values for skinning, from the MMD skinning article's equations in numpy.

Run with `make fixtures` (Debian python3-numpy; writes
tests/fixtures/skinning_numpy.h). Inputs are float32 values; the reference is
computed in double. SDEF is written as the article's equation (3) (blended
R~, centres C0 and C1), posemath implements the equivalent equation (4).
QDEF positions are also computed by tests/gen/skinning_qdef_glm.cpp with
glm's dual_quaternion.hpp (Debian libglm-dev): both are committed and
compared here.

The affine meshes give the bones as glTF does, world * inverseBind matrices
with scale and shear. Linear blends use the whole matrices (the glTF
specification's skinning). SDEF and QDEF skin rigidly: each bone's matrix A is
split into its polar rotation R (from numpy's SVD) and s = cbrt(det A), and the
vertex's mesh data is scaled by the weighted sum of its bones' s first; a
negative s (a mirror) negates normals and tangents.
"""
import subprocess
import sys

import numpy as np

rng = np.random.default_rng(20261121)
MESHES = 6
VERTICES = 400
BONES = 10
MORPHS = 6


def f32(a):
    return np.asarray(a, dtype=np.float32)


def quat_mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return np.array([aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
                     aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz])


def quat_matrix(q):
    x, y, z, w = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def random_quat():
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def make_bones():
    qs, ts = [], []
    for b in range(BONES):
        if b == 1:  # the same rotation as bone 0 with the other sign
            q = -qs[0]
        elif b == 2:  # a half turn about Y from bone 3's frame: twists
            q = np.array([0.0, 1.0, 0.0, 0.0])
        else:
            q = random_quat()
        t = rng.normal(size=3) * (300.0 if b == 9 else 0.5)  # bone 9 far from the origin
        qs.append(q)
        ts.append(t)
    return f32(qs), f32(ts)


def normalize(v):
    return v / np.linalg.norm(v)


def dual_quaternion_blend(quats, translations, weights):
    """Kavan's dual quaternion linear blend, each term on the running sum's side: (rotation matrix, translation)."""
    real, dual = np.zeros(4), np.zeros(4)
    for q, t, w in zip(quats, translations, weights):
        d = 0.5 * quat_mul(np.append(t, 0.0), q)
        side = -1.0 if real @ q < 0 else 1.0
        real += side * w * q
        dual += side * w * d
    norm = np.linalg.norm(real)
    real, dual = real / norm, dual / norm
    return quat_matrix(real), 2 * quat_mul(dual, real * np.array([-1, -1, -1, 1]))[:3]


def skin(mesh):
    q_all, t_all = mesh["q"].astype(np.float64), mesh["t"].astype(np.float64)
    q_all = q_all / np.linalg.norm(q_all, axis=1, keepdims=True)
    mats = []
    for q, t in zip(q_all, t_all):
        m = np.eye(4)
        m[:3, :3] = quat_matrix(q)
        m[:3, 3] = t
        mats.append(m)
    out_p, out_n, out_t = [], [], []
    for v in range(VERTICES):
        p = mesh["pos"][v].astype(np.float64).copy()
        for j in range(MORPHS):
            for vert, off in zip(mesh["morph_vertex"][j], mesh["morph_offset"][j]):
                if vert == v:
                    p += mesh["morph_weight"][j] * off.astype(np.float64)
        n = mesh["nrm"][v].astype(np.float64)
        tan = mesh["tan"][v].astype(np.float64)
        kind = mesh["type"][v]
        k = mesh["idx"][v]
        w = mesh["wgt"][v].astype(np.float64)
        if kind == 0:  # BDEF1
            slots, w = 1, np.array([1.0, 0, 0, 0])
        else:
            slots = {1: 2, 2: 4, 3: 2, 4: 4}[kind]
        if kind in (0, 1, 2):
            ws = w[:slots] / w[:slots].sum()
            m = sum(ws[i] * mats[k[i]] for i in range(slots))
            a = m[:3, :3]
            out_p.append(a @ p + m[:3, 3])
            out_n.append(normalize(np.linalg.inv(a).T @ n))
            out_t.append(np.append(normalize(a @ tan[:3]), tan[3]))
        elif kind == 3:  # SDEF, equation (3)
            w0, w1 = w[:2] / w[:2].sum()
            q0, q1 = q_all[k[0]], q_all[k[1]]
            if q0 @ q1 < 0:
                q1 = -q1
            r = quat_matrix(normalize(w0 * q0 + w1 * q1))
            c, r0, r1 = (mesh["sdef"][v].astype(np.float64)[3 * i:3 * i + 3] for i in range(3))
            rt = w0 * r0 + w1 * r1
            c0, c1 = c + (r0 - rt) / 2, c + (r1 - rt) / 2
            m0, m1 = mats[k[0]], mats[k[1]]
            out_p.append(w0 * (m0[:3, :3] @ c0 + m0[:3, 3]) + w1 * (m1[:3, :3] @ c1 + m1[:3, 3]) + r @ (p - c))
            out_n.append(r @ n)
            out_t.append(np.append(r @ tan[:3], tan[3]))
        else:  # QDEF
            rot, trans = dual_quaternion_blend([q_all[i] for i in k], [t_all[i] for i in k], w)
            out_p.append(rot @ p + trans)
            out_n.append(rot @ n)
            out_t.append(np.append(rot @ tan[:3], tan[3]))
    return np.array(out_p), np.array(out_n), np.array(out_t)


def make_mesh(index):
    mesh = {}
    mesh["q"], mesh["t"] = make_bones()
    mesh["pos"] = f32(rng.normal(size=(VERTICES, 3)) * (200.0 if index == 5 else 0.6))
    mesh["nrm"] = f32([normalize(v) for v in rng.normal(size=(VERTICES, 3))])
    mesh["tan"] = f32([np.append(normalize(v), rng.choice([-1.0, 1.0])) for v in rng.normal(size=(VERTICES, 3))])
    mesh["type"] = rng.integers(0, 5, size=VERTICES) if index else np.repeat(np.arange(5), VERTICES // 5)
    mesh["idx"] = rng.integers(0, BONES, size=(VERTICES, 4))
    w = rng.uniform(0.05, 1.0, size=(VERTICES, 4))
    for v in range(VERTICES):
        if mesh["type"][v] in (1, 3):  # BDEF2/SDEF: w1 = 1 - w0
            w[v, 1] = 1.0 - w[v, 0]
            w[v, 2:] = 0.0
    mesh["wgt"] = f32(w)
    c = rng.normal(size=(VERTICES, 3)) * 0.3
    mesh["sdef"] = f32(np.hstack([c, c + rng.normal(size=(VERTICES, 3)) * 0.2, c + rng.normal(size=(VERTICES, 3)) * 0.2]))
    mesh["morph_vertex"], mesh["morph_offset"] = [], []
    for j in range(MORPHS):  # overlapping targets: every vertex can be in several morphs
        verts = np.sort(rng.choice(VERTICES, size=rng.integers(20, 120), replace=False))
        mesh["morph_vertex"].append(verts)
        mesh["morph_offset"].append(f32(rng.normal(size=(len(verts), 3)) * 0.05))
    mesh["morph_weight"] = f32(rng.uniform(-0.2, 1.0, size=MORPHS))
    return mesh


def glm_qdef(mesh):
    """QDEF positions of the mesh's QDEF vertices by glm, after morphing."""
    lines = [str(BONES)] + ["%.9g %.9g %.9g %.9g %.9g %.9g %.9g" % (*q, *t) for q, t in zip(mesh["q"], mesh["t"])]
    verts = [v for v in range(VERTICES) if mesh["type"][v] == 4]
    lines.append(str(len(verts)))
    for v in verts:
        p = mesh["pos"][v].astype(np.float64).copy()
        for j in range(MORPHS):
            for vert, off in zip(mesh["morph_vertex"][j], mesh["morph_offset"][j]):
                if vert == v:
                    p += mesh["morph_weight"][j] * off.astype(np.float64)
        lines.append("%d %d %d %d %.9g %.9g %.9g %.9g %.17g %.17g %.17g" % (*mesh["idx"][v], *mesh["wgt"][v], *p))
    out = subprocess.run([sys.argv[1]], input="\n".join(lines), capture_output=True, text=True, check=True).stdout
    return verts, np.array([[float(x) for x in line.split()] for line in out.strip().split("\n")])


def c_floats(a):
    return ", ".join("%.9gf" % x if ("%.9g" % x).count(".") or "e" in "%.9g" % x else "%.9g.0f" % x for x in np.ravel(a))


def c_doubles(a):
    return ", ".join("%.12g" % x for x in np.ravel(a))


out = ["/* Generated by tests/gen/skinning_numpy.py (numpy %s) and tests/gen/skinning_qdef_glm.cpp (glm);" % np.__version__,
       "   `make fixtures`. Do not edit. %d meshes of %d vertices, %d bones, %d vertex morphs in PMX layout." % (MESHES, VERTICES, BONES, MORPHS),
       "   Mesh 0 has every type in blocks, the others mix them; bone 1 is bone 0's rotation negated, bone 2 a",
       "   half turn, bone 9 is far from the origin, and mesh 5's vertices too. The affine meshes give the",
       "   bones as glTF matrices with scale and shear (see skin_affine_meshes[].description). */",
       "#define SKIN_MESHES %d" % MESHES, "#define SKIN_VERTICES %d" % VERTICES, "#define SKIN_BONES %d" % BONES,
       "#define SKIN_MORPHS %d" % MORPHS]
structs = []
worst_glm = 0.0
for index in range(MESHES):
    mesh = make_mesh(index)
    p, n, t = skin(mesh)
    verts, glm_p = glm_qdef(mesh)
    scale = 1.0 + np.linalg.norm(p[verts], axis=1, keepdims=True)  # glm works in float
    worst_glm = max(worst_glm, float(np.max(np.abs(glm_p - p[verts]) / scale)))
    starts = np.concatenate([[0], np.cumsum([len(v) for v in mesh["morph_vertex"]])])
    name = "skin_mesh%d" % index
    out.append("static const float %s_bone_q[] = {%s};" % (name, c_floats(mesh["q"])))
    out.append("static const float %s_bone_t[] = {%s};" % (name, c_floats(mesh["t"])))
    out.append("static const float %s_pos[] = {%s};" % (name, c_floats(mesh["pos"])))
    out.append("static const float %s_nrm[] = {%s};" % (name, c_floats(mesh["nrm"])))
    out.append("static const float %s_tan[] = {%s};" % (name, c_floats(mesh["tan"])))
    out.append("static const unsigned char %s_type[] = {%s};" % (name, ", ".join(str(x) for x in mesh["type"])))
    out.append("static const uint16_t %s_idx[] = {%s};" % (name, ", ".join(str(x) for x in np.ravel(mesh["idx"]))))
    out.append("static const float %s_wgt[] = {%s};" % (name, c_floats(mesh["wgt"])))
    out.append("static const float %s_sdef[] = {%s};" % (name, c_floats(mesh["sdef"])))
    out.append("static const int %s_morph_start[] = {%s};" % (name, ", ".join(str(x) for x in starts)))
    out.append("static const int %s_morph_vertex[] = {%s};" % (name, ", ".join(str(x) for x in np.concatenate(mesh["morph_vertex"]))))
    out.append("static const float %s_morph_offset[] = {%s};" % (name, c_floats(np.concatenate(mesh["morph_offset"]))))
    out.append("static const float %s_morph_weight[] = {%s};" % (name, c_floats(mesh["morph_weight"])))
    out.append("static const double %s_out_pos[] = {%s};" % (name, c_doubles(p)))
    out.append("static const double %s_out_nrm[] = {%s};" % (name, c_doubles(n)))
    out.append("static const double %s_out_tan[] = {%s};" % (name, c_doubles(t)))
    out.append("static const int %s_glm_vertex[] = {%s};" % (name, ", ".join(str(v) for v in verts)))
    out.append("static const double %s_glm_pos[] = {%s};" % (name, c_doubles(glm_p)))
    structs.append("  {%s_bone_q, %s_bone_t, %s_pos, %s_nrm, %s_tan, %s_type, %s_idx, %s_wgt, %s_sdef, %s_morph_start, "
                   "%s_morph_vertex, %s_morph_offset, %s_morph_weight, %s_out_pos, %s_out_nrm, %s_out_tan, %s_glm_vertex, "
                   "%s_glm_pos, %d}" % ((name,) * 18 + (len(verts),)))
out.append("static const struct skin_mesh { const float *bone_q, *bone_t, *pos, *nrm, *tan; const unsigned char *type;")
out.append("    const uint16_t *idx; const float *wgt, *sdef; const int *morph_start, *morph_vertex; const float *morph_offset, *morph_weight;")
out.append("    const double *out_pos, *out_nrm, *out_tan; const int *glm_vertex; const double *glm_pos; int glm_count; }")
out.append("    skin_meshes[%d] = {\n%s};" % (MESHES, ",\n".join(structs)))

AFFINE_MESHES = [  # (description, bone count, types?)
    ("every bone scaled by 0.01, as an armature exported in centimetres", BONES, True),
    ("a uniform scale per bone, 0.5 to 3, bone 3 mirrored (scale -1.5)", BONES, True),
    ("a non-uniform scale and a shear on every bone", BONES, True),
    ("types NULL (all BDEF4), 300 bones with scale and shear, indices past 255", 300, False),
]
AFFINE_UNUSED = 65535  # an unused slot's index in glTF padding; others hold bone_count + 7


def polar(a):
    """a = s R: R the rotation of a's polar decomposition, s = cbrt(det a)."""
    u, _, vt = np.linalg.svd(a)
    r = u @ vt
    if np.linalg.det(r) < 0:  # a mirror: the rotation of -a
        r = -r
    return r, np.cbrt(np.linalg.det(a))


def matrix_quat(r):
    """A unit quaternion (x, y, z, w) of the rotation matrix r."""
    w = np.sqrt(max(0.0, 1.0 + r[0, 0] + r[1, 1] + r[2, 2])) / 2
    x = np.sqrt(max(0.0, 1.0 + r[0, 0] - r[1, 1] - r[2, 2])) / 2
    y = np.sqrt(max(0.0, 1.0 - r[0, 0] + r[1, 1] - r[2, 2])) / 2
    z = np.sqrt(max(0.0, 1.0 - r[0, 0] - r[1, 1] + r[2, 2])) / 2
    x = np.copysign(x, r[2, 1] - r[1, 2])
    y = np.copysign(y, r[0, 2] - r[2, 0])
    z = np.copysign(z, r[1, 0] - r[0, 1])
    return normalize(np.array([x, y, z, w]))


def affine_bones(kind, count):
    mats = []
    for b in range(count):
        m = np.eye(4)
        rot = quat_matrix(random_quat())
        if kind == 0:
            a = 0.01 * rot
        elif kind == 1:
            a = (-1.5 if b == 3 else rng.uniform(0.5, 3.0)) * rot
        else:  # rotation * shear * non-uniform scale
            shear = np.eye(3)
            shear[0, 1], shear[1, 2] = rng.uniform(-0.4, 0.4, size=2)
            a = rot @ shear @ np.diag(rng.uniform(0.5, 2.0, size=3))
        m[:3, :3] = a
        m[:3, 3] = rng.normal(size=3) * 0.5
        mats.append(m)
    return f32([m.T.ravel() for m in mats])  # column-major, as glTF stores them


def skin_affine(mesh):
    mats = [m.astype(np.float64).reshape(4, 4).T for m in mesh["mat"]]
    rigid = [polar(m[:3, :3]) for m in mats]
    out_p, out_n, out_t, qdef_input = [], [], [], []
    for v in range(len(mesh["pos"])):
        p, n, tan = (mesh[key][v].astype(np.float64) for key in ("pos", "nrm", "tan"))
        kind = mesh["type"][v] if mesh["type"] is not None else 2
        k, w = mesh["idx"][v], mesh["wgt"][v].astype(np.float64)
        if kind == 0:
            w = np.array([1.0, 0, 0, 0])
        slots = {0: 1, 1: 2, 2: 4, 3: 2, 4: 4}[kind]
        used = [i for i in range(slots) if w[i] != 0.0]
        w = w / w[:slots].sum()
        if kind in (0, 1, 2):
            m = sum(w[i] * mats[k[i]] for i in used)
            a = m[:3, :3]
            out_p.append(a @ p + m[:3, 3])
            out_n.append(normalize(np.linalg.inv(a).T @ n))
            out_t.append(np.append(normalize(a @ tan[:3]), tan[3]))
            continue
        s = sum(w[i] * rigid[k[i]][1] for i in used)
        sign = -1.0 if s < 0 else 1.0
        if kind == 3:  # SDEF, equation (3), on the mesh scaled by s
            q0, q1 = matrix_quat(rigid[k[0]][0]), matrix_quat(rigid[k[1]][0])
            if q0 @ q1 < 0:
                q1 = -q1
            r = quat_matrix(normalize(w[0] * q0 + w[1] * q1))
            c, r0, r1 = (s * mesh["sdef"][v].astype(np.float64)[3 * i:3 * i + 3] for i in range(3))
            rt = w[0] * r0 + w[1] * r1
            c0, c1 = c + (r0 - rt) / 2, c + (r1 - rt) / 2
            (m0, _), (m1, _) = rigid[k[0]], rigid[k[1]]
            t0, t1 = mats[k[0]][:3, 3], mats[k[1]][:3, 3]
            out_p.append(w[0] * (m0 @ c0 + t0) + w[1] * (m1 @ c1 + t1) + r @ (s * p - c))
        else:  # QDEF on the mesh scaled by s
            r, trans = dual_quaternion_blend([matrix_quat(rigid[k[i]][0]) for i in used],
                                             [mats[k[i]][:3, 3] for i in used], [w[i] for i in used])
            out_p.append(r @ (s * p) + trans)
            qdef_input.append((v, [k[i] if w[i] != 0.0 else 0 for i in range(4)], s * p))
        out_n.append(sign * (r @ n))
        out_t.append(np.append(sign * (r @ tan[:3]), tan[3]))
    return np.array(out_p), np.array(out_n), np.array(out_t), rigid, qdef_input


def glm_affine_qdef(mesh, rigid, qdef_input):
    """The QDEF positions by glm's dual quaternions of the bones' polar rotations, on the scaled mesh."""
    mats = [m.astype(np.float64).reshape(4, 4).T for m in mesh["mat"]]
    lines = [str(len(rigid))] + ["%.17g %.17g %.17g %.17g %.17g %.17g %.17g" % (*matrix_quat(r), *m[:3, 3])
                                 for (r, _), m in zip(rigid, mats)]
    lines.append(str(len(qdef_input)))
    for v, k, p in qdef_input:
        lines.append("%d %d %d %d %.9g %.9g %.9g %.9g %.17g %.17g %.17g" % (*k, *mesh["wgt"][v], *p))
    out = subprocess.run([sys.argv[1]], input="\n".join(lines), capture_output=True, text=True, check=True).stdout
    return [v for v, _, _ in qdef_input], np.array([[float(x) for x in line.split()] for line in out.strip().split("\n")])


def make_affine_mesh(kind, count, typed):
    mesh = {"mat": affine_bones(min(kind, 2), count)}
    mesh["pos"] = f32(rng.normal(size=(VERTICES, 3)) * 0.6)
    mesh["nrm"] = f32([normalize(v) for v in rng.normal(size=(VERTICES, 3))])
    mesh["tan"] = f32([np.append(normalize(v), rng.choice([-1.0, 1.0])) for v in rng.normal(size=(VERTICES, 3))])
    mesh["type"] = rng.integers(0, 5, size=VERTICES) if typed else None
    idx = rng.integers(0, count, size=(VERTICES, 4))
    w = rng.uniform(0.05, 1.0, size=(VERTICES, 4))
    for v in range(VERTICES):
        kind_v = mesh["type"][v] if typed else 2
        if kind_v in (1, 3):
            w[v, 1] = 1.0 - w[v, 0]
            w[v, 2:] = 0.0
        if kind_v in (2, 4) and v % 3 == 0:  # unused slots whose index is no bone
            for i in rng.choice(4, size=rng.integers(1, 4), replace=False):
                w[v, i] = 0.0
                idx[v, i] = AFFINE_UNUSED if v % 2 else count + 7
    mesh["idx"], mesh["wgt"] = idx, f32(w)
    c = rng.normal(size=(VERTICES, 3)) * 0.3
    mesh["sdef"] = f32(np.hstack([c, c + rng.normal(size=(VERTICES, 3)) * 0.2, c + rng.normal(size=(VERTICES, 3)) * 0.2]))
    return mesh


affine_structs = []
for index, (description, count, typed) in enumerate(AFFINE_MESHES):
    mesh = make_affine_mesh(index, count, typed)
    p, n, t, rigid, qdef_input = skin_affine(mesh)
    name = "skin_affine%d" % index
    if qdef_input:
        verts, glm_p = glm_affine_qdef(mesh, rigid, qdef_input)
        scale = 1.0 + np.linalg.norm(p[verts], axis=1, keepdims=True)
        worst_glm = max(worst_glm, float(np.max(np.abs(glm_p - p[verts]) / scale)))
    out.append("static const float %s_matrices[] = {%s};" % (name, c_floats(mesh["mat"])))
    out.append("static const float %s_pos[] = {%s};" % (name, c_floats(mesh["pos"])))
    out.append("static const float %s_nrm[] = {%s};" % (name, c_floats(mesh["nrm"])))
    out.append("static const float %s_tan[] = {%s};" % (name, c_floats(mesh["tan"])))
    if typed:
        out.append("static const unsigned char %s_type[] = {%s};" % (name, ", ".join(str(x) for x in mesh["type"])))
    out.append("static const uint16_t %s_idx[] = {%s};" % (name, ", ".join(str(x) for x in np.ravel(mesh["idx"]))))
    out.append("static const float %s_wgt[] = {%s};" % (name, c_floats(mesh["wgt"])))
    out.append("static const float %s_sdef[] = {%s};" % (name, c_floats(mesh["sdef"])))
    out.append("static const double %s_out_pos[] = {%s};" % (name, c_doubles(p)))
    out.append("static const double %s_out_nrm[] = {%s};" % (name, c_doubles(n)))
    out.append("static const double %s_out_tan[] = {%s};" % (name, c_doubles(t)))
    affine_structs.append('  {"%s", %d, %s_matrices, %s_pos, %s_nrm, %s_tan, %s, %s_idx, %s_wgt, %s_sdef, %s_out_pos, '
                          '%s_out_nrm, %s_out_tan}' % ((description, count) + (name,) * 4 + (name + "_type" if typed else "NULL",)
                                                      + (name,) * 6))
out.append("static const struct skin_affine_mesh { const char *description; int bone_count; const float *matrices, *pos, *nrm, *tan;")
out.append("    const unsigned char *type; const uint16_t *idx; const float *wgt, *sdef; const double *out_pos, *out_nrm, *out_tan; }")
out.append("    skin_affine_meshes[%d] = {\n%s};" % (len(AFFINE_MESHES), ",\n".join(affine_structs)))
out.append("/* glm and numpy agree on every QDEF position within %.2g of 1 + |p|. */" % worst_glm)
assert worst_glm < 1e-5, worst_glm
print("\n".join(out))
