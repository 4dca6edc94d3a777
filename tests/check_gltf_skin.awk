# Compares examples/gltf_skin output with three.js's positions (and normals,
# where three.js's file has them) for the same file:
# awk -v name=FILE -f tests/compare.awk -f this EXPECTED OUTPUT. Positions
# must agree within 1e-5 of the model's size at that root scale (float
# rounding of a few products is ~1e-7 of it; a joint's scale dropped, or the
# root's, is off by 10% or more); unit normals within 1e-5 (float rounding
# is ~1e-7; a morph target's NORMAL displacement left out is off by 0.1 or
# more on the vertices it moves).
FNR == NR && $1 == "size" { size[$2 + 0] = $3; next }
FNR == NR { key = $1 " " $2 + 0 " " $3 + 0 " " $4; want[key] = $0; ++expected; next }
$1 == "size" { next }
{
    key = $1 " " $2 + 0 " " $3 + 0 " " $4
    if (!(key in want)) { print "check: unexpected " $0; bad = 1; next }
    split(want[key], w, " ")
    d = largest_difference(w, 5, 7, 0, 0)
    scale = $1 == "normal" ? 1 : size[$3 + 0]
    if (d > worst[$1 " " $3 + 0] / scale) worst[$1 " " $3 + 0] = d * 1.0 / scale
    if (d > 1e-5 * scale) { print "check: " key " differs from three.js by " d ": " $0; bad = 1 }
    ++seen[$1]
}
END {
    if (seen["position"] + seen["normal"] != expected) {
        print "check: " seen["position"] + seen["normal"] " positions and normals, three.js has " expected; bad = 1
    }
    if (bad) exit 1
    printf "gltf_skin on %s matches three.js: %d positions, largest difference %.2g of the size (root scale 1), %.2g (0.01)", \
        name, seen["position"], worst["position 1"], worst["position 0.01"]
    if (seen["normal"]) printf "; %d normals, largest difference %.2g, %.2g", seen["normal"], worst["normal 1"], worst["normal 0.01"]
    printf "\n"
}
