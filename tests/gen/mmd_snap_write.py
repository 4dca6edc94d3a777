"""A PMX model and a VMD motion that make Bullet return NaN: usage
`mmd_snap_write.py SNAP.pmx SNAP.vmd`. A kinematic sphere on `center` with a
chain of three dynamic bodies below it, the first jointed to the sphere;
the motion turns `center` by exactly a quarter turn about Y between frames
0 and 1. The chain is held at its placement for the first step (babylon-mmd's
physics initialization) and released at the second, with the sphere turned
by exactly 90 degrees from it: btGeneric6DofConstraint's Y angle then sits
on its Euler singularity, Bullet normalizes a zero axis, and every body of
the chain comes back NaN. Run with `make fixtures`."""
import math
import sys

from mmd_files import bone_key, write_pmx, write_vmd
import mmd_files

B = []
bone = lambda name, parent, position: mmd_files.bone(B, name, parent, position)
root = bone('root', -1, (0, 0, 0))
center = bone('center', root, (0, 10, 0))
hair = [bone('hair', center, (0, 15, 0))]
hair.append(bone('hair2', hair[0], (0, 13, 0)))
hair.append(bone('hair3', hair[1], (0, 11, 0)))

SPHERE, BOX, CAPSULE = 0, 1, 2
numbers = (1.0, 0.5, 0.5, 0.0, 0.5)  # mass, linear and angular damping, restitution, friction
bodies = [
    ('c', center, 0, 0xfffe, SPHERE, (1, 0, 0), (0, 10, 0), (0, 0, 0), *numbers, 0),
    ('h1', hair[0], 1, 0xfffd, CAPSULE, (0.3, 2, 0), (0, 14, 0), (0, 0, 0), *numbers, 1),
    ('h2', hair[1], 1, 0xfffd, CAPSULE, (0.3, 2, 0), (0, 12, 0), (0, 0, 0), *numbers, 1),
    ('h3', hair[2], 1, 0xfffd, BOX, (0.3, 0.3, 0.3), (0, 10.5, 0), (0, 0, 0), *numbers, 1),
]
limits = ((0, 0, 0), (0, 0, 0), (-0.5, -0.5, -0.5), (0.5, 0.5, 0.5))
joints = [(a, a + 1, (0, 15 - 2 * a, 0), (0, 0, 0), *limits, (0, 0, 0), (0, 0, 0)) for a in range(3)]
write_pmx(sys.argv[1], 'snap', B, bodies=bodies, joints=joints)

STRAIGHT = bytes(b for c in range(4) for b in (20, 0, 0, 0, 20, 0, 0, 0, 107, 0, 0, 0, 107, 0, 0, 0))
quarter = [0, math.sin(math.pi / 4), 0, math.cos(math.pi / 4)]
write_vmd(sys.argv[2], 'snap', [bone_key('center', 0, (0, 0, 0), (0, 0, 0, 1), STRAIGHT),
                                bone_key('center', 1, (0, 0, 0), quarter, STRAIGHT)], [])
