"""A character shaped like a real MMD model, and a dance for it, for
`make bench` (pm_mmd_evaluate against babylon-mmd's runtimes on the same
files) and `make demo`: usage `mmd_character_write.py CHARACTER.pmx
DANCE.vmd`. 283 bones as real characters have them: MMD's standard
skeleton with D bones (足D, ひざD, 足首D: grants of IK-driven legs),
shoulder cancels, three-part arm and hand twists, fingers, eyes; 13 hair
chains (two of them twintails) with their own IK (15 loops, four links,
the root one limited); skirt bones that follow the legs by grants;
accessories. 17 IK chains (足ＩＫ 40 loops, つま先ＩＫ 3, hair 15) and 46
grants. Its mesh: tubes for the body, limbs and hair, the legs skinned to
the D bones, SDEF at the elbows and knees, a cone for the skirt, and a face
(eyes on the eye bones, a mouth on the head) with MMD's usual morphs: a
blink, the five vowels, smiling eyes, a smile group of them and a gaze bone
morph on the eye-control bone. Its
physics, shaped like a real model's: 102 rigid bodies (the hair's and the
skirt's capsules and boxes, dynamic, four on each chain, the first ones of
the twintails and of the skirt turning their bones in place (mode 2);
kinematic ones on the head, body, arms and legs for them to hit) and 122
joints (down each chain, and around the skirt between neighbouring
chains). The dance keys the body, arms and feet every 15 frames for 300
frames (10 seconds) with curved timing, and the face: blinks, the vowels in
turn, a smile, the gaze sweeping. Run with `make fixtures`."""
import math
import random
import sys

import mmd_files
from mmd_files import KNEE, bone_key, curves, deform, morph_offset, write_pmx, write_vmd

random.seed(283)
pmx_path, vmd_path = sys.argv[1], sys.argv[2]
B = []


def bone(name, parent, position, **extra):
    return mmd_files.bone(B, name, parent, position, **extra)


root = bone('全ての親', -1, (0, 0, 0))
center = bone('センター', root, (0, 8, 0))
groove = bone('グルーブ', center, (0, 8.2, 0))
waist = bone('腰', groove, (0, 9.5, 0))
upper = bone('上半身', waist, (0, 10, 0))
upper2 = bone('上半身2', upper, (0, 12, 0))
neck = bone('首', upper2, (0, 15, 0))
head = bone('頭', neck, (0, 16, 0))
lower = bone('下半身', waist, (0, 10, 0))
eyes = bone('両目', head, (0, 17, -0.5))
for side, s in (('左', 1), ('右', -1)):
    bone(side + '目', head, (0.3 * s, 17, -0.6), grant=(eyes, 1.0, 0, 1, 0))
legs = {}
for side, s in (('左', 1), ('右', -1)):
    cancel = bone('腰キャンセル' + side, lower, (0.9 * s, 10, 0), grant=(waist, -1.0, 0, 1, 0))
    leg = bone(side + '足', cancel, (0.9 * s, 10, 0))
    knee = bone(side + 'ひざ', leg, (0.9 * s, 5.5, -0.3))
    ankle = bone(side + '足首', knee, (0.9 * s, 1.2, 0))
    toe = bone(side + 'つま先', ankle, (0.9 * s, 0, -1.5))
    leg_d = bone(side + '足D', cancel, (0.9 * s, 10, 0), grant=(leg, 1.0, 0, 1, 0), layer=1)
    knee_d = bone(side + 'ひざD', leg_d, (0.9 * s, 5.5, -0.3), grant=(knee, 1.0, 0, 1, 0), layer=1)
    ankle_d = bone(side + '足首D', knee_d, (0.9 * s, 1.2, 0), grant=(ankle, 1.0, 0, 1, 0), layer=1)
    bone(side + '足先EX', ankle_d, (0.9 * s, 0.2, -1.2), layer=1)
    legs[side] = (leg, knee, ankle, toe)
for side, s in (('左', 1), ('右', -1)):
    leg, knee, ankle, toe = legs[side]
    ik = bone(side + '足ＩＫ', root, (0.9 * s, 1.2, 0), ik=(ankle, 40, 2.0, [(knee, KNEE), (leg, None)]), layer=1)
    bone(side + 'つま先ＩＫ', ik, (0.9 * s, 0, -1.5), ik=(toe, 3, 4.0, [(ankle, None)]), layer=1)
FINGERS = [('親指', 0, 0.6), ('人指', 1, 0.3), ('中指', 1, 0.0), ('薬指', 1, -0.3), ('小指', 1, -0.6)]  # first joint's number
DIGITS = '０１２３'  # MMD names number finger joints with full-width digits
for side, s in (('左', 1), ('右', -1)):
    shoulder_p = bone(side + '肩P', upper2, (0.5 * s, 14.5, 0))
    shoulder = bone(side + '肩', shoulder_p, (0.5 * s, 14.5, 0))
    shoulder_c = bone(side + '肩C', shoulder, (1.5 * s, 14.3, 0), grant=(shoulder_p, -1.0, 0, 1, 0))
    arm = bone(side + '腕', shoulder_c, (1.5 * s, 14.3, 0))
    twist = bone(side + '腕捩', arm, (2.8 * s, 13.4, 0), axis=(1.2 * s, -0.9, 0))
    for k, ratio in enumerate((0.25, 0.5, 0.75)):
        bone('%s腕捩%d' % (side, k + 1), arm, ((2.0 + 0.5 * k) * s, 13.9 - 0.35 * k, 0), grant=(twist, ratio, 0, 1, 0))
    elbow = bone(side + 'ひじ', twist, (4.0 * s, 12.5, 0))
    hand_twist = bone(side + '手捩', elbow, (5.0 * s, 11.9, 0), axis=(1.0 * s, -0.6, 0))
    for k, ratio in enumerate((0.25, 0.5, 0.75)):
        bone('%s手捩%d' % (side, k + 1), elbow, ((4.3 + 0.3 * k) * s, 12.3 - 0.2 * k, 0), grant=(hand_twist, ratio, 0, 1, 0))
    wrist = bone(side + '手首', hand_twist, (6.0 * s, 11.3, 0))
    for finger, first, z in FINGERS:
        parent = wrist
        for j in range(3):
            parent = bone(side + finger + DIGITS[first + j], parent, ((6.5 + 0.4 * j) * s, 11.0 - 0.25 * j, z))
TWINTAILS = {3: 1, 10: -1}  # the chains at the sides, tied high: twintails
for h in range(13):  # hair: five bones down from the head, pulled by an IK at their tip
    angle = 2 * math.pi * h / 13
    x, z = 1.2 * math.sin(angle), 1.2 * math.cos(angle)
    chain = [head]
    for j in range(5):
        position = ((1.6 + 0.5 * j) * TWINTAILS[h], 18.4 - 1.8 * j, 0.3) if h in TWINTAILS else \
            (x * (1 + 0.1 * j), 17 - 1.6 * j, z * (1 + 0.1 * j))
        chain.append(bone('髪%d_%d' % (h, j), chain[-1], position))
    bone('髪IK%d' % h, head, position, ik=(chain[5], 15, 0.5, [  # at the tip: at rest the IK is solved
        (chain[4], None), (chain[3], None), (chain[2], None), (chain[1], ((-1.0, -0.5, -1.0), (1.0, 0.5, 1.0)))]))
grants = 2 + 2 * 4 + 2 * 7  # eyes, legs (cancel, D bones), arms (shoulder cancel, twists)
for k in range(10):  # skirt: ten chains of five around the waist; the front ones follow the legs
    angle = 2 * math.pi * k / 10
    x, z = 1.5 * math.sin(angle), 1.5 * math.cos(angle)
    parent = lower
    for j in range(5):
        follow = legs['左' if x > 0 else '右'][0]
        extra = {'grant': (follow, 0.2 + 0.1 * j, 0, 1, 0)} if grants < 46 and j < 3 else {}
        grants += 'grant' in extra
        parent = bone('スカート%d_%d' % (k, j), parent, (x * (1 + 0.15 * j), 9.5 - 0.8 * j, z * (1 + 0.15 * j)), **extra)
while len(B) < 283:  # accessories: chains of three on the upper body
    k = len(B)
    parent = upper2 if k % 2 else head
    for j in range(min(3, 283 - len(B))):
        parent = bone('飾り%d_%d' % (k, j), parent, (0.3 * (k % 7 - 3), 14 + 0.3 * j, 0.5 + 0.2 * j))
assert len(B) == 283 and grants == 46, (len(B), grants)
assert sum('ik' in e for _, _, _, e in B) == 17
INDEX = {name: b for b, (name, _, _, _) in enumerate(B)}
POSITION = {name: position for name, _, position, _ in B}
vertices, faces = [], []


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def add(a, b, scale=1.0):
    return [x + scale * y for x, y in zip(a, b)]


def unit(v):
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def tube(start, end, radius, rings, weights, segments=10):
    """A closed-side tube from start to end; weights(s) gives ring s's deform (s in [0, 1])."""
    axis = unit(sub(end, start))
    side = unit(cross(axis, [0, 0, 1] if abs(axis[2]) < 0.9 else [1, 0, 0]))
    other = cross(axis, side)
    first = len(vertices)
    for ring in range(rings):
        t = ring / (rings - 1)
        center = add(start, sub(end, start), t)
        for k in range(segments):
            a = 2 * math.pi * k / segments
            normal = add([math.cos(a) * x for x in side], other, math.sin(a))
            vertices.append((add(center, normal, radius), normal, weights(t)))
    for ring in range(rings - 1):
        for k in range(segments):
            i, j = first + ring * segments + k, first + ring * segments + (k + 1) % segments
            faces.extend([(i, j, j + segments), (i, j + segments, i + segments)])


def one(bone_name):
    return lambda t: deform('BDEF1', INDEX[bone_name])


def joint(upper, lower, at, upper_end, lower_end):
    """Rings near the joint `at` (t past 0.75 on the upper part, before 0.25 on the lower) are SDEF
    between the two bones (C at the joint, R0 and R1 along each bone), as MMD models have at elbows and
    knees; the rest are rigid."""
    c, r0, r1 = POSITION[at], add(POSITION[at], sub(POSITION[upper_end], POSITION[at]), 0.3), \
        add(POSITION[at], sub(POSITION[lower_end], POSITION[at]), 0.3)

    def upper_part(t):
        return deform('SDEF', INDEX[upper], INDEX[lower], 0.5 + 0.5 * (1 - t) / 0.25, c, r0, r1) if t > 0.75 \
            else deform('BDEF1', INDEX[upper])

    def lower_part(t):
        return deform('SDEF', INDEX[upper], INDEX[lower], 0.5 - 0.5 * t / 0.25, c, r0, r1) if t < 0.25 \
            else deform('BDEF1', INDEX[lower])
    return upper_part, lower_part


tube([0, 8.4, 0], [0, 10.2, 0], 1.4, 3, one('下半身'))
tube([0, 10.0, 0], [0, 12.2, 0], 1.3, 3, one('上半身'))
tube([0, 12.0, 0], [0, 15.0, 0], 1.5, 4, one('上半身2'))
tube([0, 14.8, 0], [0, 16.2, 0], 0.45, 3, one('首'))
tube([0, 16.0, 0], [0, 19.0, 0], 1.2, 5, one('頭'))
for side in '左右':
    upper, lower = joint(side + '腕', side + 'ひじ', side + 'ひじ', side + '腕', side + '手首')
    tube(POSITION[side + '腕'], POSITION[side + 'ひじ'], 0.45, 6, upper)
    tube(POSITION[side + 'ひじ'], POSITION[side + '手首'], 0.4, 6, lower)
    tube(POSITION[side + '手首'], add(POSITION[side + '手首'], sub(POSITION[side + '手首'], POSITION[side + 'ひじ']), 0.5),
         0.35, 3, one(side + '手首'))
    upper, lower = joint(side + '足D', side + 'ひざD', side + 'ひざ', side + '足', side + '足首')
    tube(POSITION[side + '足'], POSITION[side + 'ひざ'], 0.7, 6, upper)
    tube(POSITION[side + 'ひざ'], POSITION[side + '足首'], 0.55, 6, lower)
    tube(POSITION[side + '足首'], POSITION[side + 'つま先'], 0.4, 3, one(side + '足首D'))
for h in range(13):  # each hair bone's piece of the hair (the tip bones, under physics bones, carry none)
    for j in range(4):
        tube(POSITION['髪%d_%d' % (h, j)], POSITION['髪%d_%d' % (h, j + 1)], 0.35 if h in TWINTAILS else 0.2, 2,
             one('髪%d_%d' % (h, j)), segments=6)
first = len(vertices)  # the skirt: a cone of rings through the chains' bones, each vertex on its chain's bone
for j in range(5):
    for k in range(10):
        p = POSITION['スカート%d_%d' % (k, j)]
        vertices.append((p, unit([p[0], 0.4, p[2]]), deform('BDEF1', INDEX['スカート%d_%d' % (k, min(j, 3))])))
for j in range(4):
    for k in range(10):
        a, b = first + 10 * j + k, first + 10 * j + (k + 1) % 10
        faces.extend([(a, b, b + 10), (a, b + 10, a + 10)])


def quad(center, width, height, weights):
    """Four vertices on the face's front (-z), top left, top right, bottom right, bottom left; their index"""
    first = len(vertices)
    for dx, dy in ((-1, 1), (1, 1), (1, -1), (-1, -1)):
        vertices.append(((center[0] + dx * width / 2, center[1] + dy * height / 2, center[2]), (0, 0, -1), weights))
    faces.extend([(first, first + 1, first + 2), (first, first + 2, first + 3)])
    return first


EYE = {side: quad((0.5 * s, 17.6, -1.3), 0.7, 0.55, deform('BDEF1', INDEX[side + '目'])) for side, s in (('左', 1), ('右', -1))}
# the mouth moves with the head; its first bone (at weight 0) is the neck, whose colour mmd_dance gives it
MOUTH = quad((0, 16.6, -1.3), 0.9, 0.18, deform('BDEF2', INDEX['首'], INDEX['頭'], 0.0))
SPHERE, BOX, CAPSULE = 0, 1, 2
FOLLOW_BONE, PHYSICS, PHYSICS_WITH_BONE = 0, 1, 2
BODY, HAIR, SKIRT = 0, 1, 2  # collision groups: hair and skirt hit the body, not themselves
bodies, joints = [], []


def along(start, end):
    """The Euler angles (PMX's R = Ry Rx Rz) that turn +Y to the direction from start to end."""
    d = unit(sub(end, start))
    return (math.atan2(math.hypot(d[0], d[2]), d[1]), math.atan2(d[0], d[2]), 0.0)


def body(name, bone_name, group, shape, size, start, end, mode):
    mask = 0xffff & ~(1 << group) if group != BODY else 0xffff
    numbers = (1.0, 0.5, 0.5, 0.0, 0.5)  # mass, linear and angular damping, restitution, friction
    bodies.append((name, INDEX[bone_name], group, mask, shape, size, add(start, sub(end, start), 0.5),
                   along(start, end), *numbers, mode))
    return len(bodies) - 1


def segment(name, child=None):
    """Where a body along a bone lies: from its head to its child's (its first, unless named)"""
    child = child or next(n for n, parent, _, _ in B if parent == INDEX[name])
    return POSITION[name], POSITION[child]


def joint_at(a, b, position, swing, spring):
    joints.append((a, b, position, (0, 0, 0), (0, 0, 0), (0, 0, 0), (-swing, -swing / 4, -swing), (swing, swing / 4, swing),
                   (0, 0, 0), (spring, spring, spring)))


head_body = body('頭', '頭', BODY, SPHERE, (1.4, 0, 0), [0, 17.4, 0], [0, 17.6, 0], FOLLOW_BONE)
body('上半身2', '上半身2', BODY, CAPSULE, (1.4, 1.0, 0), *segment('上半身2', '首'), FOLLOW_BONE)
body('上半身', '上半身', BODY, CAPSULE, (1.2, 0.5, 0), *segment('上半身', '上半身2'), FOLLOW_BONE)
lower_body = body('下半身', '下半身', BODY, SPHERE, (1.5, 0, 0), [0, 9.2, 0], [0, 9.0, 0], FOLLOW_BONE)
for side in '左右':
    for name, child, radius in (('足', 'ひざ', 0.75), ('ひざ', '足首', 0.6), ('ひじ', '手首', 0.45)):
        start, end = segment(side + name, side + child)
        body(side + name, side + name, BODY, CAPSULE, (radius, math.dist(start, end) * 0.6, 0), start, end, FOLLOW_BONE)
for h in range(13):
    previous = head_body
    for j in range(4):
        start, end = segment('髪%d_%d' % (h, j))
        current = body('髪%d_%d' % (h, j), '髪%d_%d' % (h, j), HAIR, CAPSULE, (0.25, 1.0, 0), start, end,
                       PHYSICS_WITH_BONE if h in TWINTAILS and j == 0 else PHYSICS)
        joint_at(previous, current, start, 0.35, 5.0)
        previous = current
skirt = [[0] * 4 for _ in range(10)]
for k in range(10):
    previous = lower_body
    for j in range(4):
        start, end = segment('スカート%d_%d' % (k, j))
        skirt[k][j] = body('スカート%d_%d' % (k, j), 'スカート%d_%d' % (k, j), SKIRT, BOX, (0.45, 0.4, 0.08), start, end,
                           PHYSICS_WITH_BONE if j == 0 else PHYSICS)
        joint_at(previous, skirt[k][j], start, 0.3, 10.0)
        previous = skirt[k][j]
for k in range(10):  # around the skirt: each chain to its neighbour, at the middle of their bodies
    for j in range(3):
        a, b = bodies[skirt[k][j]], bodies[skirt[(k + 1) % 10][j]]
        joint_at(skirt[k][j], skirt[(k + 1) % 10][j], add(a[6], sub(b[6], a[6]), 0.5), 0.5, 2.0)
assert len(bodies) == 102 and len(joints) == 122, (len(bodies), len(joints))


def vertex_morph(moves):
    """Offsets: (vertex, dx, dy) pairs"""
    return [morph_offset(1, v, dx, dy, 0) for v, dx, dy in moves]


def eyes(corner, dy):
    return [(EYE[side] + corner, 0, dy) for side in EYE]


def mouth(side, bottom):
    """the mouth's corners out by `side` each, its bottom down by `bottom`"""
    return [(MOUTH, -side, 0), (MOUTH + 3, -side, -bottom), (MOUTH + 1, side, 0), (MOUTH + 2, side, -bottom)]


VOWELS = (('あ', 0.05, 0.5), ('い', 0.25, 0.05), ('う', -0.25, 0.15), ('え', 0.15, 0.25), ('お', -0.1, 0.4))
morphs = [('まばたき', 1, 1, vertex_morph(eyes(0, -0.53) + eyes(1, -0.53)))]
morphs += [(name, 3, 1, vertex_morph(mouth(side, bottom))) for name, side, bottom in VOWELS]
morphs += [('笑い', 1, 1, vertex_morph(eyes(2, 0.3) + eyes(3, 0.3))),
           ('笑顔', 4, 0, [morph_offset(0, 6, 1.0), morph_offset(0, 1, 0.4)]),  # smiling eyes and an open mouth
           ('目線', 4, 2, [morph_offset(2, INDEX['両目'], 0, 0, 0, 0, math.sin(0.15), 0, math.cos(0.15))])]
write_pmx(pmx_path, 'キャラクター', B, vertices, faces, bodies, joints, morphs=morphs)


def turn(most):
    axis = [random.gauss(0, 1) for _ in range(3)]
    n = math.sqrt(sum(a * a for a in axis))
    angle = random.uniform(-most, most)
    return [a / n * math.sin(angle / 2) for a in axis] + [math.cos(angle / 2)]


FRAMES = range(0, 301, 15)
ANIMATED = ['センター', 'グルーブ', '腰', '上半身', '上半身2', '首', '頭', '下半身'] + \
    [side + part for side in '左右' for part in ('肩', '腕', '腕捩', 'ひじ', '手捩', '手首', '足ＩＫ', 'つま先ＩＫ')] + \
    [side + finger + DIGITS[first + j] for side in '左右' for finger, first, _ in FINGERS for j in range(3)]
keys = []
for bone_name in ANIMATED:
    for frame in FRAMES:
        if 'ＩＫ' in bone_name:  # feet step and lift within reach; the toes tip
            phase = frame / 30 * math.pi + (0 if bone_name[0] == '左' else math.pi)
            move = [0.3 * math.sin(phase), max(0.0, 1.5 * math.sin(phase)), 1.0 * math.cos(phase)]
            rotation = turn(math.radians(15))
        else:  # the body sways, the head nods, the arms and fingers swing wide
            move = [random.uniform(-0.5, 0.5), random.uniform(-0.6, 0.1), random.uniform(-0.5, 0.5)] \
                if bone_name in ('センター', 'グルーブ') else [0, 0, 0]
            most = 50 if bone_name[1:] in ('腕', 'ひじ', '肩', '手首') else 25 if bone_name == '頭' else \
                10 if bone_name in ('センター', 'グルーブ', '腰', '上半身', '上半身2', '下半身', '首') else 30
            rotation = turn(math.radians(most))
        keys.append(bone_key(bone_name, frame, move, rotation, curves()))
# the face: blinks, the vowels in turn (each in its 15 frames), a smile, the gaze from one side to the other and back
face = []
for frame in (40, 130, 220, 290):
    face += [('まばたき', frame - 3, 0.0), ('まばたき', frame, 1.0), ('まばたき', frame + 3, 0.0)]
for k in range(10):
    name = VOWELS[k % 5][0]
    face += [(name, 60 + 15 * k, 0.0), (name, 67 + 15 * k, 1.0), (name, 74 + 15 * k, 0.0)]
face += [('笑顔', 200, 0.0), ('笑顔', 215, 1.0), ('笑顔', 250, 1.0), ('笑顔', 265, 0.0)]
face += [('目線', 0, -1.0), ('目線', 150, 1.0), ('目線', 300, -1.0)]
write_vmd(vmd_path, 'キャラクター', keys, [], face)
