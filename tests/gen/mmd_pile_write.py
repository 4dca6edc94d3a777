"""A PMX model of 300 dynamic spheres on one spot, each colliding with every
other (44,850 pairs, past posemath_mmd_bullet.h's PM_MMD_BULLET_MAX_PAIRS): usage
`mmd_pile_write.py PILE.pmx`. Bullet keeps about 1.5 KB a pair: 2,000 such
spheres (a 155 KB file) made it allocate 2.9 GB. Run with `make fixtures`."""
import sys

from mmd_files import write_pmx
import mmd_files

B = []
root = mmd_files.bone(B, 'root', -1, (0, 0, 0))
center = mmd_files.bone(B, 'center', root, (0, 10, 0))
# (name, bone, group, mask, shape, size, position, rotation, mass, linear damping, angular damping, restitution,
#  friction, mode): spheres of radius 1 on the center bone, in group 0 and colliding with every group
bodies = [('b%d' % i, center, 0, 0xffff, 0, (1, 0, 0), (0, 10, 0), (0, 0, 0), 1, 0, 0, 0, 0.5, 1) for i in range(300)]
write_pmx(sys.argv[1], 'pile', B, bodies=bodies)
