"""A PMX model and a VMD motion for MMD morphs: usage `mmd_morphs_write.py
MORPHS.pmx MORPHS.vmd`. Every morph type babylon-mmd applies: vertex and UV
morphs, bone morphs (two stacked on the eye-control bone, whose rotation the
left eye's grant reads; one on a fixed-axis arm; a translation on a tail whose
tip's grant reads it), material morphs (multiply one material, multiply all,
add to all), a group of them and a group listing that group (skipped, as
babylon-mmd skips groups in groups), and a vertex morph no track names.
The motion's morph keys go negative and past 1, ramp, hold a single key and
start late; a held bone key turns the eyes, another the arm (about its fixed
axis). The morphs whose order
matters (bone morphs stack by slerp, material morphs multiply and add) are
non-zero from frame 0 on, in PMX order: babylon-mmd applies morphs in the
order their weights first became non-zero, posemath in PMX order. Run with `make
fixtures` (mmd_morphs_babylon.mjs then prints what babylon-mmd 1.3.0 makes
of it, in mmd_pose --morphs' lines)."""
import math
import sys

from mmd_files import bone_key, deform, morph_offset, write_pmx, write_vmd
import mmd_files

B = []
bone = lambda name, parent, position, **extra: mmd_files.bone(B, name, parent, position, **extra)
center = bone('センター', -1, (0, 8, 0))
head = bone('頭', center, (0, 15, 0))
eyes = bone('両目', head, (0, 16.5, -0.5))
left_eye = bone('左目', head, (0.5, 16, -0.5), grant=(eyes, 1.0, False, True, False))
right_eye = bone('右目', head, (-0.5, 16, -0.5), grant=(eyes, 0.5, False, True, False))
arm = bone('腕', center, (2, 13, 0), axis=(1, 0, 0))
tail = bone('尻尾', center, (0, 8, 1))
tip = bone('尻尾先', tail, (0, 6, 2), grant=(tail, 0.5, False, False, True))

# a triangle on each bone but the center (BDEF1), 21 vertices; three materials of 2, 2 and 3 triangles
owners = [head, eyes, left_eye, right_eye, arm, tail, tip]
vertices, faces = [], []
for k, b in enumerate(owners):
    x, y, z = B[b][2]
    for corner in ((0, 0, 0), (0.3, 0, 0), (0, 0.3, 0.1)):
        vertices.append(((x + corner[0], y + corner[1], z + corner[2]), (0, 0, -1), deform('BDEF1', b)))
    faces.append((3 * k, 3 * k + 1, 3 * k + 2))
EDGE = 0x10  # the edge drawn: babylon-mmd reads the edge colour and size only then
materials = [((0.8, 0.7, 0.6, 1.0), (0.1, 0.2, 0.3), 12, (0.4, 0.35, 0.3), EDGE, (0.1, 0.1, 0.2, 0.9), 1.5, 2),
             ((0.5, 0.6, 0.9, 0.8), (0.9, 0.9, 0.9), 40, (0.2, 0.3, 0.45), EDGE, (0, 0, 0, 1), 0.5, 2),
             ((1.0, 1.0, 1.0, 1.0), (0, 0, 0), 5, (0.5, 0.5, 0.5), EDGE, (0.3, 0.2, 0.1, 1.0), 1.0, 3)]


def turn(axis, angle):
    n = math.sqrt(sum(a * a for a in axis))
    return tuple(a / n * math.sin(angle / 2) for a in axis) + (math.cos(angle / 2),)


def material(numbers_of):
    """28 numbers: diffuse rgba, specular rgb, shininess, ambient rgb, edge rgba, edge size, texture, sphere, toon"""
    return [numbers_of(k) for k in range(28)]


GROUP, VERTEX, BONE, UV, MATERIAL = 0, 1, 2, 3, 8
morphs = [
    ('まばたき', 1, VERTEX, [morph_offset(VERTEX, v, 0, -0.2, 0.05 * v) for v in (0, 1, 2)]),
    ('笑い', 3, VERTEX, [morph_offset(VERTEX, v, 0.1, 0.02 * v, 0) for v in (3, 4, 5)]),
    ('あ', 2, VERTEX, [morph_offset(VERTEX, v, 0, 0.1, -0.1) for v in (0, 3, 6)]),
    ('UV', 4, UV, [morph_offset(UV, v, 0.1, -0.2, 0, 0) for v in (0, 1, 2, 3)]),
    ('目玉', 4, BONE, [morph_offset(BONE, eyes, 0, 0.1, 0, *turn((0, 1, 0), 0.3))]),
    ('目玉2', 4, BONE, [morph_offset(BONE, eyes, 0.05, 0, 0, *turn((1, 0, 0), 0.5))]),
    ('腕', 4, BONE, [morph_offset(BONE, arm, 0.2, 0, 0, *turn((0, 0, 1), 0.4))]),
    ('尻尾', 4, BONE, [morph_offset(BONE, tail, 0, 0, 0.5, 0, 0, 0, 1)]),
    ('材質乗算', 4, MATERIAL, [morph_offset(MATERIAL, 1, 0, *material(lambda k: 0.5 + 0.05 * k))]),
    ('材質加算', 4, MATERIAL, [morph_offset(MATERIAL, -1, 1, *material(lambda k: 0.02 * k - 0.2))]),
    ('材質乗算全', 4, MATERIAL, [morph_offset(MATERIAL, -1, 0, *material(lambda k: 1.5 - 0.04 * k))]),
    ('笑顔', 3, GROUP, [morph_offset(GROUP, m, r) for m, r in ((0, 0.5), (1, 1.0), (4, 0.8), (8, 1.0), (3, 0.5))]),
    ('グループ', 3, GROUP, [morph_offset(GROUP, m, r) for m, r in ((11, 1.0), (2, 0.7), (7, -1.0))]),
    ('未使用', 1, VERTEX, [morph_offset(VERTEX, 20, 1, 1, 1)]),
]
write_pmx(sys.argv[1], 'モーフ', B, vertices, faces, morphs=morphs, materials=materials)

STRAIGHT = bytes(b for c in range(4) for b in (20, 0, 0, 0, 20, 0, 0, 0, 107, 0, 0, 0, 107, 0, 0, 0))
# one key each, held: babylon-mmd's Bezier bisection (which stops within 1e-5 of the frame) would move a ramp's samples
keys = [bone_key('両目', 0, (0, 0, 0), turn((0, 1, 0), 0.4), STRAIGHT), bone_key('腕', 0, (0, 0, 0), turn((0.2, 1, 0.3), 0.6), STRAIGHT)]
morph_keys = [('まばたき', 10, 0.0), ('まばたき', 20, 1.0), ('まばたき', 30, 0.0),
              ('笑い', 0, 0.2), ('笑い', 40, 1.5),
              ('あ', 5, -0.5), ('あ', 25, 0.8),
              ('UV', 0, 0.0), ('UV', 30, 1.0),
              ('目玉', 0, 0.2), ('目玉', 20, 1.0), ('目玉', 40, 0.3),
              ('目玉2', 10, 0.6),
              ('腕', 0, 1.0), ('腕', 40, -0.5),
              ('尻尾', 15, 2.0),
              ('材質乗算', 0, 0.1), ('材質乗算', 20, 1.0),
              ('材質加算', 0, 1.0), ('材質加算', 40, 0.0),
              ('材質乗算全', 10, 0.5), ('材質乗算全', 30, 1.2),
              ('笑顔', 0, 0.1), ('笑顔', 20, 1.0), ('笑顔', 40, 0.5),
              ('グループ', 0, 1.0)]
write_vmd(sys.argv[2], 'モーフ', keys, [], morph_keys)
