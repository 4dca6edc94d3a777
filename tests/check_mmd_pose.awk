# mmd_pose's lines (FRAME BONE x y z qx qy qz qw) against babylon-mmd's rows
# of the same frames in tests/fixtures/mmd_babylon.h, bone by bone in PMX
# order. Usage: awk -f tests/check_mmd_pose.awk FIXTURE.h MMD_POSE.out
# Tolerance: the C test's (tests/test_mmd_bones.c): 2e-6 of the rig's
# height (23 units) in position, 1e-5 rad in rotation.
function abs(x) { return x < 0 ? -x : x }
FNR == NR {
    if ($0 !~ /^  \{[0-9.]+f, [0-9]+, /) next
    line = $0
    gsub(/[{}f,;]/, " ", line)
    n = split(line, v, " ")
    frame = v[1] + 0
    key = frame SUBSEP (count[frame]++)
    for (k = 0; k < 7; ++k) want[key, k] = v[n - 6 + k]
    next
}
{
    frame = $1 + 0
    key = frame SUBSEP (seen[frame]++)
    if (!((key, 0) in want)) { print "check_mmd_pose: no babylon-mmd row for frame " $1 " bone " $2; bad = 1; exit 1 }
    d = sqrt(($3 - want[key, 0]) ^ 2 + ($4 - want[key, 1]) ^ 2 + ($5 - want[key, 2]) ^ 2)
    ax = $6; ay = $7; az = $8; aw = $9
    bx = want[key, 3]; by = want[key, 4]; bz = want[key, 5]; bw = want[key, 6]
    x = aw * bx - ax * bw - ay * bz + az * by
    y = aw * by - ay * bw - az * bx + ax * bz
    z = aw * bz - az * bw - ax * by + ay * bx
    w = aw * bw + ax * bx + ay * by + az * bz
    angle = 2 * atan2(sqrt(x * x + y * y + z * z), abs(w))
    if (d > worst_d) worst_d = d
    if (angle > worst_a) worst_a = angle
    if (d > 2e-6 * 23 || angle > 1e-5) { print "check_mmd_pose: frame " $1 " " $2 ": off by " d " and " angle " rad"; bad = 1 }
    ++lines
}
END {
    if (bad) exit 1
    if (lines == 0) { print "check_mmd_pose: no lines"; exit 1 }
    printf "mmd_pose against babylon-mmd: %d bones posed, worst %.2g in position, %.2g rad\n", lines, worst_d, worst_a
}
