# Compares examples/gltf_skin output with three.js's skinned positions for
# the same file: awk -v name=FILE -f tests/compare.awk -f this EXPECTED OUTPUT. Positions
# must agree within 1e-5 of the model's size at that root scale (float
# rounding of a few products is ~1e-7 of it; a joint's scale dropped, or the
# root's, is off by 10% or more).
FNR == NR && $1 == "size" { size[$2 + 0] = $3; next }
FNR == NR { key = $2 + 0 " " $3 + 0 " " $4; want[key] = $0; ++expected; next }
$1 == "size" { next }
{
    key = $2 + 0 " " $3 + 0 " " $4
    if (!(key in want)) { print "check: unexpected " $0; bad = 1; next }
    split(want[key], w, " ")
    d = largest_difference(w, 5, 7, 0, 0)
    if (d > worst[$3 + 0] / size[$3 + 0]) worst[$3 + 0] = d * 1.0 / size[$3 + 0]
    if (d > 1e-5 * size[$3 + 0]) { print "check: " key " differs from three.js by " d ": " $0; bad = 1 }
    ++seen
}
END {
    if (seen != expected) { print "check: " seen " positions, three.js has " expected; bad = 1 }
    if (bad) exit 1
    printf "gltf_skin on %s matches three.js: %d positions, largest difference %.2g of the size (root scale 1), %.2g (0.01)\n", \
        name, seen, worst[1], worst[0.01]
}
