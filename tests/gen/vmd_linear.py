"""A copy of a VMD motion with every bone key's four curves made the
straight line (control points (20, 20) and (107, 107)), keeping the
physics switch bytes: usage `vmd_linear.py IN.vmd OUT.vmd`. The MMD physics
comparison with babylon-mmd plays such a motion so that the animation on
both sides agrees to float rounding (babylon-mmd solves the Bezier curves
its own way) and what differs is the physics."""
import struct
import sys

data = bytearray(open(sys.argv[1], 'rb').read())
count = struct.unpack_from('<I', data, 50)[0]
for k in range(count):
    curves = 54 + 111 * k + 15 + 4 + 28
    switch = data[curves + 2:curves + 4]
    for c in range(4):
        for i, v in enumerate((20, 20, 107, 107)):
            data[curves + 16 * c + 4 * i] = v
    data[curves + 2:curves + 4] = switch
open(sys.argv[2], 'wb').write(data)
