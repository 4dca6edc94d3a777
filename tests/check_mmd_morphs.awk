# mmd_pose --morphs against babylon-mmd 1.3.0 on the same files
# (tests/fixtures/mmd_morphs_babylon.txt, tests/gen/mmd_morphs_babylon.mjs):
# awk -f tests/check_mmd_morphs.awk BABYLON OURS. Every line of babylon-mmd's
# but its `base` ones must be there: bones within 2e-6 of the model's height
# (17 units) in position and 1e-5 rad in rotation (mmd_pose's own check
# against babylon-mmd); morph weights and material values within 1e-6 of
# their size (at least 1): 8 float ulps, where each value takes at most four
# elements' rounding to float against babylon-mmd's doubles (both sides
# print 9 digits, a float exactly). Its `base` lines (the materials before
# any morph) are checked by the Makefile against mmd_pose with a motion
# without morphs.
function abs(x) { return x < 0 ? -x : x }
function key_of(    k) { k = ($1 + 0) " " $2; if ($2 == "morph" || $2 == "material") k = k " " $3; return k }
FNR == NR {
    if ($1 == "base") next
    want[key_of()] = $0; ++expected; next
}
{
    k = key_of()
    if (!(k in want)) next
    n = split(want[k], w, " ")
    if ($2 == "morph" || $2 == "material") {
        for (i = 4; i <= n; ++i) {
            d = abs($i - w[i]); scale = abs(w[i]) > 1 ? abs(w[i]) : 1
            if (d / scale > worst_v) worst_v = d / scale
            if (d > 1e-6 * scale) { print "check: " k ", value " i - 3 ": " $i " against babylon-mmd's " w[i]; bad = 1 }
        }
        if ($2 == "material") ++materials; else ++morphs
    } else {
        d = sqrt(($3 - w[3]) ^ 2 + ($4 - w[4]) ^ 2 + ($5 - w[5]) ^ 2)
        x = $9 * w[6] - $6 * w[9] - $7 * w[8] + $8 * w[7]; y = $9 * w[7] - $7 * w[9] - $8 * w[6] + $6 * w[8]
        z = $9 * w[8] - $8 * w[9] - $6 * w[7] + $7 * w[6]; c = $9 * w[9] + $6 * w[6] + $7 * w[7] + $8 * w[8]
        angle = 2 * atan2(sqrt(x * x + y * y + z * z), abs(c))
        if (d > worst_d) worst_d = d
        if (angle > worst_a) worst_a = angle
        if (d > 2e-6 * 17 || angle > 1e-5) { print "check: frame " $1 " " $2 ": off by " d " and " angle " rad"; bad = 1 }
        ++bones
    }
    ++seen
}
END {
    if (seen != expected) { print "check: " seen " lines matched, babylon-mmd has " expected; bad = 1 }
    if (bad) exit 1
    printf "mmd_pose --morphs against babylon-mmd: %d bone, %d morph and %d material lines; worst %.2g in position, %.2g rad, %.2g of a value\n", bones, morphs, materials, worst_d, worst_a, worst_v
}
