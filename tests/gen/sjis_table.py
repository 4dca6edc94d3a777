"""The Shift_JIS (Windows code page 932, as MikuMikuDance writes it) to
Unicode table posemath_mmd.h's VMD reader uses: every two-byte code, lead
bytes 0x81-0x9F and 0xE0-0xFC, trail bytes 0x40-0xFC, from Python's cp932
codec (0 where the pair is not a character). Run with `make fixtures`: it
rewrites the lines between the header's "sjis table begin" and "sjis table
end" comments."""
import sys

leads = list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))
rows = []
for lead in leads:
    codes = []
    for trail in range(0x40, 0xFD):
        try:
            text = bytes([lead, trail]).decode('cp932')
            codes.append(ord(text) if len(text) == 1 and ord(text) < 0x10000 else 0)
        except UnicodeDecodeError:
            codes.append(0)
    rows.append(codes)
table = ['static const unsigned short pm__sjis_table[60][189] = {']
table += ['{' + ','.join(str(c) for c in codes) + '},' for codes in rows]
table += ['};']

path = sys.argv[1]
lines = open(path, encoding='utf-8').read().split('\n')
begin = lines.index('/* sjis table begin */')
end = lines.index('/* sjis table end */')
lines[begin + 1:end] = table
open(path, 'w', encoding='utf-8').write('\n'.join(lines))
