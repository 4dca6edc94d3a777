# Compares examples/constraints_gltf output with three-vrm's for the same
# file and motion: awk -f tests/compare.awk -f this EXPECTED OUTPUT.
# Quaternions must agree within 1e-5 per component, up to sign.
FNR == NR { want[$1 " " $2] = $3 " " $4 " " $5 " " $6; ++expected; next }
/^frame / { frame = $2; next }
/ q / {
    for (i = 1; i <= NF; ++i) if ($i == "q") break
    key = frame " " $1
    if (!(key in want)) { print "check: unexpected " key; bad = 1; next }
    split(want[key], w, " ")
    if (largest_difference(w, 1, 4, i, 1) > 1e-5) { print "check: " key " differs from three-vrm: " $0; bad = 1 }
    ++seen
}
END {
    if (seen != expected) { print "check: " seen " values, three-vrm has " expected; bad = 1 }
    if (bad) exit 1
    print "constraints_gltf on cubes.gltf matches three-vrm: " seen " rotations"
}
