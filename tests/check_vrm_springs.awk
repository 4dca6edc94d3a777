# Compares examples/vrm_springs' output with three-vrm 3.5.5's for the same
# model, motion and rate (tests/gen/springs_vrma_threevrm.mjs, which keeps
# some frames): awk -v name=WHAT -f tests/compare.awk -f this EXPECTED OUTPUT.
# Every expected frame and joint must be there, its world position within
# 1e-4 m and its rotation within 5e-4 per component up to sign (1e-3 rad),
# as tests/test_springs.c asks of the float step against three.js's doubles
# (docs/vrm.md): three-vrm's stock length rule lands 6e-3 m and 0.06 rad
# away on the same runs, so the bound tells the two rules apart.
FNR == NR { key = $1 " " $2; want[key] = $0; ++expected; next }
(($1 " " $2) in want) {
    key = $1 " " $2
    split(want[key], w, " ")
    p = largest_difference(w, 3, 5, 0, 0); q = largest_difference(w, 6, 9, 0, 1)
    if (p > worst_p) worst_p = p
    if (q > worst_q) worst_q = q
    if (p > 1e-4 || q > 5e-4) { print "check: frame " $1 " node " $2 " differs from three-vrm: " $0; bad = 1 }
    ++seen
}
END {
    if (seen != expected) { print "check: " seen " joint frames found, three-vrm has " expected; bad = 1 }
    if (bad) exit 1
    printf "%s matches three-vrm: %d joint frames, worst %.1e m, %.1e per rotation component\n", name, seen, worst_p, worst_q
}
