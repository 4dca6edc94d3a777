"""VRM files that three-vrm reads and the VRM specifications do not allow,
for tests/gen/expressions_loader_threevrm.mjs: Godette (VRM 0.x) with the
blend shape groups of tests/fixtures/expressions_lenient_vrm0.txt put first
in "blendShapeGroups" (a bind weight of 150, a group without a name, a bind
without "mesh", a name twice, a custom group named like a VRM 1.0 preset),
and VRMC_vrm_expressions_isBinary_Overrides (VRM 1.0) with
expressions_lenient_vrm1.txt's first line put first in "expressions" (a
custom expression named like a preset) and its second first in "preset" (an
unknown preset, a bind without "node"). test_expressions_lenient makes the
same insertions in the JSON. Run with `make fixtures`:
  expressions_lenient_write.py VRM_SAMPLES_DIRECTORY OUT_DIRECTORY"""
import os
import struct
import sys

samples, out = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))


def insertions(name):
    with open(os.path.join(here, '..', 'fixtures', name), encoding='utf-8') as f:
        return f.read().split('\n')


def rewrite(source, target, edits):
    data = open(os.path.join(samples, source), 'rb').read()
    length = struct.unpack('<I', data[12:16])[0]
    text = data[20:20 + length].decode('utf-8')
    for after, inserted in edits:
        at = text.index(after) + len(after)
        text = text[:at] + inserted + text[at:]
    body = text.rstrip(' ').encode('utf-8')
    body += b' ' * (-len(body) % 4)
    rest = data[20 + length:]
    glb = struct.pack('<4sII', b'glTF', 2, 12 + 8 + len(body) + len(rest)) + struct.pack('<I4s', len(body), b'JSON')
    open(os.path.join(out, target), 'wb').write(glb + body + rest)


vrm0, vrm1 = insertions('expressions_lenient_vrm0.txt'), insertions('expressions_lenient_vrm1.txt')
rewrite('Godette_vrm_v4.vrm', 'lenient_vrm0.vrm', [('"blendShapeGroups":[', vrm0[0])])
rewrite('VRMC_vrm_expressions_isBinary_Overrides.vrm', 'lenient_vrm1.vrm',
        [('"expressions":{', vrm1[0]), ('"preset":{', vrm1[1])])
