# Checks mmd_pose --physics on tests/fixtures/physics.pmx dancing physics.vmd against mmd_pose
# without physics on the same frames: awk -f this ANIMATED PHYSICS. The
# first frame is the animated pose bit for bit (every body placed on its
# bone, nothing simulated yet); every number is finite; the twintail's
# bones (髪1-3) stay within reach of the head, and 髪2 swings off its
# animated place by more than 0.1 unit somewhere. Reach: the chain from the
# head to 髪3 is 6.6 units long at rest; its joints are soft (Bullet's stop
# ERP 0.475) and stretch while the head jerks (babylon-mmd's own run of this
# motion takes 髪3 8.3 units from the head); a body flung off its joints
# goes past twice the chain (13).
# The twintail's IK (髪IK) is not solved while the physics drives all its
# links (babylon-mmd's rule), so the twintail (髪*) differs from mmd_pose
# without physics from the first frame; every other bone is compared.
FNR == NR { animated[$1 " " $2] = $0; next }
{
    key = $1 " " $2
    for (i = 3; i <= 9; ++i) if ($i !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) { print "check: not a finite number: " $0; bad = 1 }
    if ($1 == first_frame || first_frame == "") {
        first_frame = $1
        if ($2 !~ /^髪/ && $0 != animated[key]) { print "check: the first frame is not the animated pose: " $0; bad = 1 }
    }
    position[key, 1] = $3; position[key, 2] = $4; position[key, 3] = $5
    frames[$1] = 1
    if ($2 == "髪2" && key in animated) {
        split(animated[key], a, " ")
        d = sqrt(($3 - a[3]) ^ 2 + ($4 - a[4]) ^ 2 + ($5 - a[5]) ^ 2)
        if (d > swing) swing = d
    }
    ++lines
}
END {
    for (f in frames)
        for (k = 1; k <= 3; ++k) {
            h = f SUBSEP "頭"; b = f " 髪" k
            d = sqrt((position[b, 1] - position[f " 頭", 1]) ^ 2 + (position[b, 2] - position[f " 頭", 2]) ^ 2 + \
                     (position[b, 3] - position[f " 頭", 3]) ^ 2)
            if (d > 13) { print "check: frame " f ": 髪" k " is " d " from the head"; bad = 1 }
        }
    if (swing <= 0.1) { print "check: 髪2 never swings off its animated place (" swing ")"; bad = 1 }
    if (lines == 0) { print "check: no output"; bad = 1 }
    if (bad) exit 1
    printf "mmd_pose --physics: the twintail swings up to %.2f units off its animated place, jointed under the head\n", swing
}
