"""A PMX model for MMD physics (posemath's pm_mmd_physics_*): usage
`mmd_physics_write.py PHYSICS.pmx PHYSICS.vmd`. A small body (センター, 下半身, 上半身,
頭) with a twintail of three bones under the head and a skirt bone under
the lower body. Bodies of every shape and mode: kinematic spheres on the
head and lower body, the twintail's capsules (mode 1, then mode 2 bodies
jointed to their parent bone's dynamic body, which babylon-mmd makes mode
1), the skirt's mode-2 box jointed to the kinematic lower body (stays 2), a
body found by its name (bone index -1) and one attached to none. Joints
with every limit and spring, rotations in all three Euler angles.

The motion dances for 1500 frames (3000 physics steps): bounces, dashes,
sways and sudden spins. Its keys have straight-line curves, where
babylon-mmd's Bezier bisection (which stops within 1e-5 of the frame) errs
least, and its first 150 frames have a key on every frame, where the
bisection lands exactly on the half frames the physics steps sample (t =
0.5 solves the straight line's equation at once): so babylon-mmd and
posemath animate the bones alike to float rounding and the physics
comparison compares physics. Later keys are 15 frames apart. Physics switch
keys (bytes 2 and 3 of a key's curves 0x63 0x0F) turn 髪1's body off from
frame 8 to 18 (its parent bone's body is kinematic: it follows as a
kinematic body) and 髪3's from frame 22 to 28 (under 髪2's dynamic body: it
is pulled by velocities). Run with
`make fixtures` (mmd_physics_babylon.mjs then reads babylon-mmd's setup,
mmd_physics_steps_babylon.mjs its simulation)."""
import math
import sys

from mmd_files import bone_key, write_pmx, write_vmd
import mmd_files

B = []
bone = lambda name, parent, position: mmd_files.bone(B, name, parent, position)
center = bone('センター', -1, (0, 8, 0))
lower = bone('下半身', center, (0, 11, 0.2))
upper = bone('上半身', center, (0, 11.5, 0))
head = bone('頭', upper, (0, 16, -0.3))
tail = [bone('髪1', head, (1.5, 17, 0.5))]
tail.append(bone('髪2', tail[0], (2.5, 15, 0.8)))
tail.append(bone('髪3', tail[1], (3.0, 12.5, 1.2)))
skirt = bone('スカート', lower, (0.8, 10, -1.0))
tip = bone('髪先', tail[2], (3.3, 10.5, 1.4))  # the twintail's tip: no body, below a physics bone
B_IK = mmd_files.bone(B, '髪IK', head, (2.0, 11.0, 2.5), ik=(tip, 10, 1.0, [(tail[2], None), (tail[1], None), (tail[0], None)]))

SPHERE, BOX, CAPSULE = 0, 1, 2
numbers = (1.0, 0.5, 0.5, 0.0, 0.5)  # mass, linear and angular damping, restitution, friction
bodies = [
    ('頭', head, 0, 0xfffe, SPHERE, (1.2, 0, 0), (0, 16.8, -0.2), (0, 0, 0), *numbers, 0),
    ('下半身', lower, 0, 0xfffe, SPHERE, (1.5, 0, 0), (0, 10.5, 0), (0.1, 0, 0), *numbers, 0),
    ('髪1', tail[0], 1, 0xfffc, CAPSULE, (0.3, 1.6, 0), (2.0, 16.0, 0.65), (0.2, -0.3, 0.6), *numbers, 1),
    ('髪2', tail[1], 1, 0xfffc, CAPSULE, (0.3, 2.0, 0), (2.75, 13.75, 1.0), (-0.4, 0.5, 0.25), *numbers, 2),
    ('髪3', tail[2], 1, 0xfffc, CAPSULE, (0.25, 1.5, 0), (3.2, 11.5, 1.4), (0.7, 1.2, -0.9), *numbers, 2),
    ('スカート', skirt, 2, 0xfffa, BOX, (1.0, 1.2, 0.2), (0.9, 9.2, -1.1), (-0.2, 0.4, 0.1), *numbers, 2),
    ('髪3', -1, 3, 0xffff, BOX, (0.2, 0.2, 0.2), (3.1, 11.0, 1.3), (0.3, 0.2, 0.1), *numbers, 0),  # by name, kinematic
    ('飾り', -1, 4, 0x0000, SPHERE, (0.0, 0, 0), (5, 5, 5), (0, 0, 0), *numbers, 1),  # attached to none, zero volume
]
limits = ((-0.1, -0.2, -0.3), (0.1, 0.2, 0.3), (-0.5, -0.6, -0.7), (0.5, 0.6, 0.7))
joints = [
    (0, 2, (1.5, 17, 0.5), (0.3, -0.2, 0.1), *limits, (0, 10, 0), (5, 10, 20)),
    (2, 3, (2.5, 15, 0.8), (-0.6, 0.4, 0.9), *limits, (0, 0, 0), (1, 2, 3)),
    (3, 4, (3.0, 12.5, 1.2), (1.1, -0.7, 0.2), *limits, (3, 0, 0), (0, 0, 0)),
    (1, 5, (0.8, 10, -1.0), (0.05, 0.1, -0.15), *limits, (0, 0, 0), (10, 10, 10)),
]
write_pmx(sys.argv[1], '物理', B, bodies=bodies, joints=joints)

STRAIGHT = bytes(b for c in range(4) for b in (20, 0, 0, 0, 20, 0, 0, 0, 107, 0, 0, 0, 107, 0, 0, 0))


def axis_angle(axis, angle):
    s = math.sin(angle / 2)
    return [axis[0] * s, axis[1] * s, axis[2] * s, math.cos(angle / 2)]


def spin(f):  # a quarter turn in 3 frames at frame 100, back at 160
    return math.pi / 2 * (min(max((f - 100) / 3, 0), 1) - min(max((f - 160) / 3, 0), 1))


keys = []
for f in list(range(0, 151)) + list(range(165, 1501, 15)):
    w = 2 * math.pi * f
    keys.append(bone_key('センター', f, (3 * math.sin(w / 40), 2.5 * abs(math.sin(w / 25)), 2 * math.sin(w / 55)),
                         axis_angle((0, 1, 0), 0.8 * math.sin(w / 30) + spin(f)), STRAIGHT))
    keys.append(bone_key('上半身', f, (0, 0, 0), axis_angle((1, 0, 0), 0.4 * math.sin(w / 20)), STRAIGHT))
    keys.append(bone_key('下半身', f, (0, 0, 0), axis_angle((0, 0, 1), 0.25 * math.sin(w / 18)), STRAIGHT))
    keys.append(bone_key('頭', f, (0, 0, 0), axis_angle((0.6, 0, 0.8), 0.3 * math.sin(w / 15)), STRAIGHT))
SWITCHED_OFF = bytes(b if i != 2 and i != 3 else (0x63, 0x0f)[i - 2] for i, b in enumerate(STRAIGHT))
for bone_name, off, on in (('髪1', 8, 18), ('髪3', 22, 28)):  # physics switch keys: the bodies follow the animation
    for f, shape in ((0, STRAIGHT), (off, SWITCHED_OFF), (on, STRAIGHT)):
        keys.append(bone_key(bone_name, f, (0, 0, 0), (0, 0, 0, 1), shape))
write_vmd(sys.argv[2], '物理', keys, [])
