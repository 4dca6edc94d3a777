# Compares examples/vrm_play's output with three-vrm 3.5.5's for the same
# avatar, animation and rate (tests/gen/vrm_play_threevrm.mjs, which keeps
# some frames): awk -v name=WHAT -f tests/compare.awk -f this EXPECTED OUTPUT.
# Every expected line must be there.
# - Expression and morph weights within 1e-6: a few float32 roundings of
#   weights up to 1.4 (1.7e-7 each: interpolation, overrides, sums), and the
#   gaze's angles, which a float slerp puts within 3e-5 degrees of the
#   doubles, over a range map of 90 degrees (3e-7).
# - Nodes within 5e-5 m and 5e-5 rad (the rotation's angle, up to sign),
#   spring joints included: float chains of 10 to 20 nodes against three.js's
#   doubles, each matrix product rounding at 6e-8 relative, and the spring
#   step's own 1.1e-6 m (docs/vrm.md).
# - Skinned vertices (vrm_play --vertices) within 5e-5 m: the same chains, a
#   skinning matrix product and a blend of four.
function line_key() { return $1 " " $2 " " $3 ($2 == "morph" ? " " $4 : $2 == "vertex" ? " " $4 " " $5 : "") }
FNR == NR { want[line_key()] = $0; ++expected; next }
{
    key = line_key()
    if (!(key in want)) next
    split(want[key], w, " ")
    if ($2 == "node") {
        p = largest_difference(w, 4, 6, 0, 0)
        plus = minus = 0
        for (k = 7; k <= 10; ++k) { plus += ($k - w[k]) ^ 2; minus += ($k + w[k]) ^ 2 }
        q = 2 * sqrt(plus < minus ? plus : minus)
        if (p > worst_p) worst_p = p
        if (q > worst_q) worst_q = q
        if (p > 5e-5 || q > 5e-5) { print "check: " $0 " differs from three-vrm: " want[key]; bad = 1 }
    } else if ($2 == "vertex") {
        p = largest_difference(w, 6, 8, 0, 0)
        if (p > worst_v) worst_v = p
        if (p > 5e-5) { print "check: " $0 " differs from three-vrm: " want[key]; bad = 1 }
    } else {
        d = abs($NF - w[NF])
        if (d > worst_w) worst_w = d
        if (d > 1e-6) { print "check: " $0 " differs from three-vrm: " want[key]; bad = 1 }
    }
    ++seen; delete want[key]
}
END {
    if (seen != expected) { print "check: " seen " lines found, three-vrm has " expected; bad = 1 }
    if (bad) exit 1
    printf "%s matches three-vrm: %d lines, worst %.1e m, %.1e rad, %.1e in weights%s\n", name, seen, worst_p, worst_q,
        worst_w, worst_v ? sprintf(", %.1e m in skinned vertices", worst_v) : ""
}
