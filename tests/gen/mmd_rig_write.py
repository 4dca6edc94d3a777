"""A PMX rig and a VMD dance for it that exercise MMD's bone rules
(posemath's pm_mmd_evaluate, examples/mmd_pose.c): usage
`mmd_rig_write.py RIG.pmx DANCE.vmd`. The rig has MMD's standard skeleton
(センター, グルーブ, 上半身, 下半身, 首, 頭, 肩, 腕, 腕捩, ひじ, 手捩, 手首, 足,
ひざ, 足首, つま先, 足ＩＫ and つま先ＩＫ with knee limits, 腰キャンセル grants
of ratio -1, fixed-axis twist bones and their half-twist grants) plus bones
for the rules real rigs use less: a grant of a grant (両目 -> 左目, ratio 2),
a grant of an IK-driven knee, a translation grant of ratio 2 and a
translation grant of that one, a local grant of rotation and translation,
deform layers (a local grant reading a bone later in index order, a bone
whose parent evaluates after it), an after-physics bone with a child
before physics, a tail IK chain limited on all axes (each of the three
Euler sequences MMD's limits use), and a ribbon IK chain through a bone
with a grant. The dance keys them with Bezier curves of extreme control
points, lifts and swings the feet so the knees bend (and straighten past
reach), and switches 右足ＩＫ off from frame 30 to 50. Run with
`make fixtures` (mmd_babylon.mjs then poses it with babylon-mmd)."""
import math
import random
import sys

from mmd_files import KNEE, bone_key, curves, write_pmx, write_vmd
import mmd_files

random.seed(20261126)
pmx_path, vmd_path = sys.argv[1], sys.argv[2]


# name, parent, position, extra: grant=(source, ratio, local, rotation, translation), axis, ik=(target, loops, unit, links),
# layer, after (physics)
B = []


def bone(name, parent, position, **extra):
    return mmd_files.bone(B, name, parent, position, **extra)


root = bone('全ての親', -1, (0, 0, 0))
center = bone('センター', root, (0, 8, 0))
groove = bone('グルーブ', center, (0, 8.2, 0))
upper = bone('上半身', groove, (0, 10, 0))
upper2 = bone('上半身2', upper, (0, 12, 0))
neck = bone('首', upper2, (0, 15, 0))
head = bone('頭', neck, (0, 16, 0))
lower = bone('下半身', groove, (0, 10, 0))
legs = {}
for side, s in (('左', 1), ('右', -1)):
    cancel = bone('腰キャンセル' + side, lower, (0.9 * s, 10, 0), grant=(lower, -1.0, 0, 1, 0))
    leg = bone(side + '足', cancel, (0.9 * s, 10, 0))
    knee = bone(side + 'ひざ', leg, (0.9 * s, 5.5, -0.3))
    ankle = bone(side + '足首', knee, (0.9 * s, 1.2, 0))
    toe = bone(side + 'つま先', ankle, (0.9 * s, 0, -1.5))
    legs[side] = (leg, knee, ankle, toe)
for side, s in (('左', 1), ('右', -1)):
    leg, knee, ankle, toe = legs[side]
    ik = bone(side + '足ＩＫ', root, (0.9 * s, 1.2, 0), ik=(ankle, 40, 2.0, [(knee, KNEE), (leg, None)]))
    bone(side + 'つま先ＩＫ', ik, (0.9 * s, 0, -1.5), ik=(toe, 3, 4.0, [(ankle, None)]))
for side, s in (('左', 1), ('右', -1)):
    shoulder = bone(side + '肩', upper2, (0.5 * s, 14.5, 0))
    arm = bone(side + '腕', shoulder, (1.5 * s, 14.3, 0))
    twist = bone(side + '腕捩', arm, (2.8 * s, 13.4, 0), axis=(1.2 * s, -0.9, 0))
    elbow = bone(side + 'ひじ', twist, (4.0 * s, 12.5, 0))
    hand_twist = bone(side + '手捩', elbow, (5.0 * s, 11.9, 0), axis=(1.0 * s, -0.6, 0))
    bone(side + '手首', hand_twist, (6.0 * s, 11.3, 0))
    bone(side + '腕捩1', arm, (3.2 * s, 13.1, 0), grant=(twist, 0.5, 0, 1, 0))
eyes = bone('両目', head, (0, 17, -0.5), grant=(head, 2.0, 0, 1, 0))
bone('左目', head, (0.3, 17, -0.6), grant=(eyes, 1.0, 0, 1, 0))
bone('ひざ追従', legs['左'][0], (0.9, 5.5, -0.8), grant=(legs['左'][1], 0.5, 0, 1, 0))
double = bone('センター倍', root, (0, 3, 1), grant=(center, 2.0, 0, 0, 1))
bone('センター倍半', root, (0, 3, 2), grant=(double, 0.5, 0, 1, 1))
bone('頭ローカル', root, (0, 18, 1), grant=(head, 0.5, 1, 1, 1))
late = len(B) + 1  # the next bone's source: later in index order, evaluated first by its layer
bone('上層', upper2, (0, 13, 1), grant=(late, 1.0, 1, 1, 0), layer=1)
bone('後続', upper, (0, 12, 1.5))
bone('先行', len(B) + 1, (0, 18, -1))  # its parent, the next bone, evaluates after it (layer 2)
bone('後層', upper2, (0, 17, 0), layer=2)
physics = bone('物理後', head, (0, 19, 0), after=1)
bone('物理前', physics, (0, 20, 0))
tail = [bone('尻尾1', lower, (0, 9, 1))]
tail.append(bone('尻尾2', tail[-1], (0, 8, 2.5)))
tail.append(bone('尻尾3', tail[-1], (0, 7.5, 4)))
tail.append(bone('尻尾先', tail[-1], (0, 7.5, 5.5)))
bone('尻尾ＩＫ', root, (0, 7.5, 5.5), ik=(tail[3], 15, 0.5, [  # each link limited on all axes: every Euler sequence
    (tail[2], ((-1.56, -3, -0.2), (1.56, 3, 0.5))),             # x inside +-90 degrees (past 88): YXZ
    (tail[1], ((-3, -0.3, -3), (3, 1.5, 3))),                   # then y: ZYX
    (tail[0], ((-3, -3, -1.4), (3, 3, 1.4)))]))                 # else z: XZY
ribbon = [bone('リボン1', upper2, (0, 13, -1))]  # an IK chain through a bone with a grant (the head's turn)
ribbon.append(bone('リボン2', ribbon[-1], (0, 12, -2.5), grant=(head, 0.3, 0, 1, 0)))
ribbon.append(bone('リボン先', ribbon[-1], (0, 11, -3.5)))
bone('リボンＩＫ', root, (0, 11, -3.5), ik=(ribbon[2], 10, 0.8, [(ribbon[1], None), (ribbon[0], ((-1, -1, -1), (1, 1, 1)))]))

write_pmx(pmx_path, 'リグ', B)


def turn(most):
    axis = [random.gauss(0, 1) for _ in range(3)]
    n = math.sqrt(sum(a * a for a in axis))
    angle = random.uniform(-most, most)
    return [a / n * math.sin(angle / 2) for a in axis] + [math.cos(angle / 2)]


FRAMES = [0, 10, 25, 40, 60]
keys = []
for b, (bname, parent, position, extra) in enumerate(B):
    if 'ＩＫ' in bname or bname in ('全ての親', '左目', '腰キャンセル左', '腰キャンセル右'):
        continue
    for frame in FRAMES:
        move = [random.uniform(-1, 1) for _ in range(3)] if bname in ('センター', 'グルーブ', '後続') else [0, 0, 0]
        keys.append(bone_key(bname, frame, move, turn(math.radians(50)), curves()))
feet = {  # foot IK offsets per frame: raised, forward, and at 40 pulled below reach (a straight knee)
    '左足ＩＫ': [(0, 0, 0), (0, 2.5, -1.5), (0.5, 1, 1), (0, -3, 0), (-0.3, 3.5, -2)],
    '右足ＩＫ': [(0, 0.5, 0), (0, 1.5, 1), (-0.5, 3, -1), (0, 0.2, 0.5), (0.2, 2, 0)],
    '尻尾ＩＫ': [(0, 0, 0), (3, 4, -2), (0, 2, -2.5), (0, 6, -6), (5, -2, 1)],
    'リボンＩＫ': [(0, 0, 0), (1, 1, -1), (-1, 2, 0.5), (0.5, -1, -1), (2, 0, 0)],
}
for bname, offsets in feet.items():
    for frame, offset in zip(FRAMES, offsets):
        keys.append(bone_key(bname, frame, offset, turn(math.radians(20)), curves()))
write_vmd(vmd_path, 'リグ', keys, [(0, '右足ＩＫ', 1), (30, '右足ＩＫ', 0), (50, '右足ＩＫ', 1)])
