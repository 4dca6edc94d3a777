# Compares tracks (examples/vrma_tracks' output, or what bvh2vrma --print says
# it wrote) with three-vrm-animation's normalized tracks for the same file:
# awk -v name=WHAT -f tests/compare.awk -f this EXPECTED OUTPUT.
# Rotations (the bones' and the lookAt's) must agree within 1e-5 per
# component up to sign, translations and expression weights within 1e-5.
FNR == NR { key = $1 " " $2 " " $3 + 0; want[key] = $0; ++expected; next }
{
    key = $1 " " $2 " " $3 + 0
    if (!(key in want)) { print "check: unexpected " $0; bad = 1; next }
    n = split(want[key], w, " ")
    if (largest_difference(w, 4, n, 0, $1 == "rotation") > 1e-5) { print "check: " key " differs from three-vrm: " $0; bad = 1 }
    ++seen
}
END {
    if (seen != expected) { print "check: " seen " keyframes, three-vrm has " expected; bad = 1 }
    if (bad) exit 1
    print name " matches three-vrm-animation: " seen " keyframes"
}
