# Checks mmd_pose --physics on tests/fixtures/snap.pmx and snap.vmd, where
# Debian's Bullet returns NaN at the second step (examples/mmd_bullet.h,
# mmd_bullet_recover) and the lost bodies are placed back on their bones:
# awk -f tests/check_mmd_recover.awk BABYLON OURS. babylon-mmd 1.3.0's run of
# the same files (tests/fixtures/mmd_snap_babylon.txt: `RUN FRAME BONE x y z`)
# does not lose them; ours, placed back and held one step as a placement
# holds, then runs as babylon-mmd's from its release, two steps (one frame)
# later: each bone at frame f + 1 within 1e-3 of the model's height (15
# units) of babylon-mmd's at frame f, the bound the step-by-step physics
# check allows Debian's Bullet against babylon-mmd's WASM build.
FNR == NR { if ($2 >= 1) { want[($2 + 1) " " $3] = $4 " " $5 " " $6; ++expected }; next }
{
    for (i = 3; i <= 9; ++i) if ($i != $i + 0 || $i ~ /nan|inf/) { print "check: not a finite number: " $0; bad = 1 }
    key = ($1 + 0) " " $2
    if (!(key in want)) next
    split(want[key], w, " ")
    for (i = 1; i <= 3; ++i) {
        d = $(i + 2) - w[i]; if (d < 0) d = -d
        if (d > worst) worst = d
        if (d > 0.015) { print "check: frame " $1 " " $2 " is not where babylon-mmd has it a frame earlier: " $0; bad = 1 }
    }
    ++seen
}
END {
    if (seen != expected) { print "check: " seen " bone frames found, babylon-mmd has " expected; bad = 1 }
    if (bad) exit 1
    printf "mmd_pose --physics on snap.pmx: the lost bodies placed back, then babylon-mmd's run a frame later: %d bone frames, worst %.1e units\n", seen, worst
}
