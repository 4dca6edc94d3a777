# mmd_pose --physics started at a seek, against babylon-mmd 1.3.0 started
# there (tests/fixtures/mmd_physics_seek_babylon.txt, written by
# tests/gen/mmd_physics_steps_babylon.mjs with FIRST: `RUN FRAME BONE x y z`
# for the reference run and four runs started 1e-4 and 2e-4 frames either
# side): awk -f this BABYLON OURS. From a seek Bullet's first free step
# depends on the last bits of the placement (docs/mmd.md), so every step is
# compared with babylon-mmd's own spread: at each of the first 20 steps the
# farthest bone of ours from babylon-mmd's within 2x the farthest of those
# runs' (at least 1e-3 of the model's height: the held steps, where all
# agree to rounding); then per frame the RMS over the bones, its mean and
# its worst within 2x the runs'.
FNR == NR {
    if (!($1 in is_run)) { is_run[$1] = 1; if ($1 != "gravity") members[++member_count] = $1 }
    f = $2 + 0; key = $1 SUBSEP f SUBSEP $3; x[key] = $4; y[key] = $5; z[key] = $6
    if ($1 == "gravity") {
        if (!(f in is_frame)) { is_frame[f] = 1; frames[++frame_count] = f }
        if (!($3 in is_bone)) { is_bone[$3] = 1; bones[++bone_count] = $3 }
        if (frame_count == 1 && $5 > height) height = $5
    }
    next
}
{ f = $1 + 0; key = "ours" SUBSEP f SUBSEP $2; x[key] = $3; y[key] = $4; z[key] = $5 }
function dist(r, f, b) {
    return sqrt((x[r, f, b] - x["gravity", f, b]) ^ 2 + (y[r, f, b] - y["gravity", f, b]) ^ 2 + (z[r, f, b] - z["gravity", f, b]) ^ 2)
}
END {
    runs[0] = "ours"; for (m = 1; m <= member_count; ++m) runs[m] = members[m]
    if (member_count == 0 || frame_count < 22) { print "check: the fixture lacks runs or frames"; exit 1 }
    for (i = 1; i <= frame_count; ++i) {
        f = frames[i]
        for (m = 0; m <= member_count; ++m) {
            far = sum = 0
            for (j = 1; j <= bone_count; ++j) {
                b = bones[j]
                if (!((runs[m] SUBSEP f SUBSEP b) in x)) { print "check: no " runs[m] " line for frame " f " " b; exit 1 }
                d = dist(runs[m], f, b); sum += d * d; if (d > far) far = d
            }
            farthest[m] = far; rms = sqrt(sum / bone_count)
            if (i > 21) { mean[m] += rms; if (rms > worst[m]) worst[m] = rms }
        }
        spread = 0; for (m = 1; m <= member_count; ++m) if (farthest[m] > spread) spread = farthest[m]
        if (i <= 21) {
            bound = 2 * spread > 1e-3 * height ? 2 * spread : 1e-3 * height
            if (farthest[0] > bound) { print "check: step " i - 1 " (frame " f "): " farthest[0] " from babylon-mmd, past " bound; bad = 1 }
            if (spread > 0 && farthest[0] / spread > ratio) ratio = farthest[0] / spread
        } else ++samples
    }
    for (m = 1; m <= member_count; ++m) { theirs += mean[m] / samples / member_count; if (worst[m] > worst_theirs) worst_theirs = worst[m] }
    ours = mean[0] / samples
    if (ours > 2 * theirs) { print "check: mean RMS " ours " past 2x babylon-mmd's spread " theirs; bad = 1 }
    if (worst[0] > 2 * worst_theirs) { print "check: a frame's RMS " worst[0] " past 2x babylon-mmd's largest " worst_theirs; bad = 1 }
    if (bad) exit 1
    printf "mmd_pose --physics from frame %g vs babylon-mmd: first 20 steps within %.2fx of babylon-mmd's spread under a 1e-4-frame change of the seek; over %d more frames RMS %.3g (spread %.3g), worst %.3g (%.3g)\n", \
        frames[1], ratio, samples, ours, theirs, worst[0], worst_theirs
}
