"""PMX models that exercise the PMX reader (posemath_mmd.h): usage
`pmx_write.py 2.0 OUT.pmx` writes PMX 2.0 in UTF-16LE with 1-byte indices,
`pmx_write.py 2.1 OUT.pmx` PMX 2.1 in UTF-8 with 2- and 4-byte indices. Both
hold every deform type the version has (BDEF1/2/4, SDEF; QDEF in 2.1) with
bone index -1 in unused slots, Japanese bone names, bones with tails (bone
or offset), rotation and translation grants (local, ratio -1 and 2), a fixed
axis, local axes, an IK chain with limited and free links, after-physics
bones, every morph type of the version (flip and impulse in 2.1), a
texture, a material, display frames, a rigid body and a joint. Run with
`make fixtures` (pmx_babylon.mjs then reads them with babylon-mmd)."""
import random
import struct
import sys

version, path = sys.argv[1], sys.argv[2]
v21 = version == '2.1'
random.seed(7 if v21 else 3)
utf8 = v21
sizes = (2, 1, 1, 2, 4, 2) if v21 else (1, 1, 1, 1, 1, 1)  # vertex, texture, material, bone, morph, rigid


def text(s):
    raw = s.encode('utf-8' if utf8 else 'utf-16-le')
    return struct.pack('<i', len(raw)) + raw


def index(kind, value):
    size = sizes[kind]
    if kind == 0 and size < 4:
        return struct.pack('<B' if size == 1 else '<H', value)
    return struct.pack({1: '<b', 2: '<h', 4: '<i'}[size], value)


def f(*values):
    return struct.pack('<%df' % len(values), *values)


def r(scale=1.0):
    return random.uniform(-scale, scale)


BONES = 12
out = bytearray(b'PMX ' + f(float(version)) + bytes([8, 1 if utf8 else 0, 1 if v21 else 0, *sizes]))
out += text('テストモデル' + version) + text('test model') + text('生成') + text('generated')
vertices = []
for v in range(24):
    kind = v % (5 if v21 else 4)
    body = f(r(), r(), r(), 0, 1, 0, random.random(), random.random()) + (f(r(), r(), r(), r()) if v21 else b'') + bytes([kind])
    bones = [random.randrange(BONES) for _ in range(4)]
    if kind == 0:
        body += index(3, bones[0])
    elif kind == 1:
        body += index(3, bones[0]) + index(3, -1 if v % 7 == 1 else bones[1]) + f(random.random())
    elif kind in (2, 4):
        body += b''.join(index(3, -1 if k == 3 and v % 2 else bones[k]) for k in range(4)) + f(0.4, 0.3, 0.2, 0.1)
    else:
        body += index(3, bones[0]) + index(3, bones[1]) + f(random.random()) + f(*(r() for _ in range(9)))
    vertices.append(body + f(1.0))
out += struct.pack('<i', len(vertices)) + b''.join(vertices)
faces = [random.randrange(24) for _ in range(30)]
out += struct.pack('<i', len(faces)) + b''.join(index(0, i) for i in faces)
out += struct.pack('<i', 1) + text('tex.png')
out += struct.pack('<i', 1) + text('材質') + text('material') + f(1, 1, 1, 1, 0, 0, 0, 5, 0.5, 0.5, 0.5) + bytes([0]) + f(0, 0, 0, 1, 1)
out += index(1, 0) + index(1, -1) + bytes([0, 1, 2]) + text('') + struct.pack('<i', len(faces))
names = ['センター', '下半身', '上半身', '腰キャンセル右', '右足', '右ひざ', '右足首', '右足ＩＫ', '右腕捩', '右ひじ', '親', '物理後']
bones = bytearray()
for b, name in enumerate(names):
    flags = 0x0002 | 0x0008 | 0x0010
    parent = [-1, 0, 0, 1, 3, 4, 5, 10, 2, 8, -1, 2][b]
    extra = b''
    tail = f(0, 1, 0)
    if b in (1, 4, 5):
        flags |= 0x0001
        tail = index(3, b + 1)
    if b == 3:
        flags |= 0x0100  # waist cancel: rotation grant of ratio -1
        extra += index(3, 1) + f(-1.0)
    if b == 8:
        flags |= 0x0100 | 0x0200 | 0x0080 | 0x0400  # twist: local rotation and translation grant, fixed axis
        extra += index(3, 9) + f(0.5) + f(1, 0, 0)
    if b == 9:
        flags |= 0x0800
        extra += f(1, 0, 0, 0, 0, 1)
    if b == 11:
        flags |= 0x1000 | 0x0100
        extra += index(3, 2) + f(2.0)
    if b == 10 and v21:
        flags |= 0x2000
        extra += struct.pack('<i', 3)
    if b == 7:
        flags |= 0x0020 | 0x0004
        extra += index(3, 6) + struct.pack('<i', 40) + f(0.5) + struct.pack('<i', 2)
        extra += index(3, 5) + bytes([1]) + f(-3.14159, 0, 0, -0.0087, 0, 0) + index(3, 4) + bytes([0])
    bones += text(name) + text('bone%d' % b) + f(r(), r() + 1, r()) + index(3, parent) + struct.pack('<i', 1 if b == 11 else 0)
    bones += struct.pack('<H', flags) + tail + extra
out += struct.pack('<i', len(names)) + bones
morphs = bytearray()
kinds = [0, 1, 2, 3, 4, 8] + ([9, 10] if v21 else [])
for m, kind in enumerate(kinds):
    morphs += text('モーフ%d' % m) + text('morph%d' % m) + bytes([m % 4 + 1, kind])
    count = 3
    morphs += struct.pack('<i', count)
    for k in range(count):
        if kind == 0:
            morphs += index(4, (m + k + 1) % len(kinds)) + f(random.random())
        elif kind == 1:
            morphs += index(0, random.randrange(24)) + f(r(), r(), r())
        elif kind == 2:
            morphs += index(3, random.randrange(BONES)) + f(r(), r(), r(), 0, 0, 0.3826834, 0.9238795)
        elif kind in (3, 4):
            morphs += index(0, random.randrange(24)) + f(r(), r(), r(), r())
        elif kind == 8:
            morphs += index(2, -1 if k == 2 else 0) + bytes([k % 2]) + f(*(r() for _ in range(28)))
        elif kind == 9:
            morphs += index(4, k) + f(random.random())
        else:
            morphs += index(5, 0) + bytes([1]) + f(r(), r(), r(), r(), r(), r())
out += struct.pack('<i', len(kinds)) + morphs
out += struct.pack('<i', 2) + text('Root') + text('Root') + bytes([1]) + struct.pack('<i', 1) + bytes([0]) + index(3, 0)
out += text('表情') + text('Exp') + bytes([0]) + struct.pack('<i', 2) + bytes([1]) + index(4, 0) + bytes([0]) + index(3, 2)
# rigid bodies: a box on bone 2; a sphere with no bone index but a bone's name (found by
# name, babylon-mmd's rule); a capsule whose bone index is past the bones and whose name
# is none (attached to none)
bodies = [('剛体', 2, 0, 0xffff, 1, 1), (names[3], -1, 5, 0x7ffe, 0, 2), ('なし', 100, 15, 0x0001, 2, 0)]
out += struct.pack('<i', len(bodies))
for name, bone, group, mask, shape, mode in bodies:
    out += text(name) + text('rigid') + index(3, bone) + bytes([group]) + struct.pack('<H', mask) + bytes([shape])
    out += f(*(r() for _ in range(9))) + f(1, 0.5, 0.5, 0, 0.5) + bytes([mode])
# joints: one whose body B is -1 (dropped, as babylon-mmd drops it), two between the bodies
out += struct.pack('<i', 3)
for a, b in ((0, -1), (0, 1), (1, 2)):
    out += text('ジョイント') + text('joint') + bytes([0]) + index(5, a) + index(5, b) + f(*(r() for _ in range(24)))
if v21:
    out += struct.pack('<i', 0)  # soft bodies
open(path, 'wb').write(out)
