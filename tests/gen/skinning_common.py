"""What the numpy skinning fixtures share: rotation matrices and random affine
bones (rotation, non-uniform scale in [0.5, 2], a shear, a translation)."""
import numpy as np


def rotation(q):
    x, y, z, w = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def affine_bones(rng, count):
    """count float32 4x4 bone matrices, drawn from rng"""
    matrices = []
    for b in range(count):
        a = rotation(rng.normal(size=4)) @ np.diag(rng.uniform(0.5, 2.0, 3))
        a[0, 1] += rng.uniform(-0.3, 0.3)  # shear
        m = np.eye(4, dtype=np.float32)
        m[:3, :3] = a
        m[:3, 3] = rng.uniform(-1, 1, 3)
        matrices.append(m.astype(np.float32))
    return matrices
