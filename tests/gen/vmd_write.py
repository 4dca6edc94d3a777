"""A VMD motion that exercises the VMD reader (posemath_mmd.h): Shift_JIS
bone, morph and IK names (code page 932, as MikuMikuDance writes them: a
full-width "ＩＫ", a 15-byte name with no NUL, names padded with 0xFD after
their NUL), bone keys out of frame order and two on one frame, all four
curves and the physics toggle bytes, morph keys, empty camera, light and
self-shadow sections, and property keys switching IK chains. Run with
`make fixtures` (writes tests/fixtures/motion.vmd; vmd_babylon.mjs then
reads it with babylon-mmd)."""
import random
import struct
import sys

random.seed(20261125)


def name(text, size):
    raw = text.encode('cp932')[:size]
    return raw + (b'\0' + b'\xfd' * (size - len(raw) - 1) if len(raw) < size else b'')


def curves():
    block = bytearray(64)
    for c in range(4):
        x1, y1, x2, y2 = (random.choice([0, 20, 64, 107, 127, random.randint(0, 127)]) for _ in range(4))
        for k, v in enumerate((x1, y1, x2, y2)):
            block[16 * c + 4 * k] = v
    block[2], block[3] = random.choice([(0, 0), (0x63, 0x0f)])  # physics toggle
    return bytes(block)


def quat():
    q = [random.uniform(-1, 1) for _ in range(4)]
    n = sum(x * x for x in q) ** 0.5
    return [x / n for x in q]


bones = []
for bone, frames in [('センター', [30, 0, 15, 15, 60]), ('左ひじ', [0, 45, 10]), ('右足ＩＫ', [5, 0]),
                     ('上半身２ああああああ', [0])]:  # that last one: 15 bytes exactly, no NUL
    for f in frames:
        bones.append(name(bone, 15) + struct.pack('<I3f4f', f, *[random.uniform(-5, 5) for _ in range(3)], *quat()) + curves())
random.shuffle(bones)
morphs = [name(m, 15) + struct.pack('<If', f, w) for m, f, w in
          [('まばたき', 10, 1.0), ('あ', 0, 0.25), ('まばたき', 0, 0.0), ('まばたき', 20, 0.5)]]
properties = []
for frame, states in [(0, [('左足ＩＫ', 1), ('右足ＩＫ', 1)]), (30, [('左足ＩＫ', 0)]), (31, [('左足ＩＫ', 1), ('右足ＩＫ', 0)])]:
    properties.append(struct.pack('<IBI', frame, 1, len(states)) + b''.join(name(n, 20) + bytes([e]) for n, e in states))
data = (b'Vocaloid Motion Data 0002' + b'\0' * 5 + name('テストモデル', 20) + struct.pack('<I', len(bones)) + b''.join(bones) +
        struct.pack('<I', len(morphs)) + b''.join(morphs) + struct.pack('<III', 0, 0, 0) +
        struct.pack('<I', len(properties)) + b''.join(properties))
sys.stdout.buffer.write(data)
