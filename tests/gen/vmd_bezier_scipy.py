"""MMD's interpolation curves, solved exactly with scipy: for control points
(x1, y1, x2, y2) in 0..127 (extremes included) and a gradient x in [0, 1],
(rounded to float) the y of the cubic Bezier (0,0)-(x1,y1)-(x2,y2)-(1,1) (/127) at the t where
its x is the gradient (scipy.optimize.brentq to 1e-15). Prints lines
"x1 y1 x2 y2 x y". Run with `make fixtures`, which pipes it through
vmd_bezier_babylon.mjs (writes tests/fixtures/vmd_bezier.h)."""
import random
import struct
from scipy.optimize import brentq

random.seed(20261125)
cases = []
extremes = [0, 1, 20, 64, 107, 126, 127]
for _ in range(400):
    control = [random.choice(extremes) if random.random() < 0.3 else random.randint(0, 127) for _ in range(4)]
    for x in [0.0, 1e-4, 0.001, 0.25, 0.5, 0.75, 0.999, 1.0][random.randint(0, 7):][:2] + [random.random() for _ in range(3)]:
        cases.append((control, x))
f32 = lambda v: struct.unpack('<f', struct.pack('<f', v))[0]  # the gradients as the float API takes them
for control, x in cases:
    x = f32(x)
    x1, y1, x2, y2 = (c / 127.0 for c in control)
    bx = lambda t: 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t * t * x2 + t ** 3
    t = 0.0 if x <= 0 else 1.0 if x >= 1 else brentq(lambda t: bx(t) - x, 0.0, 1.0, xtol=1e-15, rtol=8.9e-16, maxiter=500)
    y = 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t * t * y2 + t ** 3
    print(*control, repr(float(x)), repr(float(y)))
