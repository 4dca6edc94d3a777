# mmd_pose --physics against babylon-mmd 1.3.0's Bullet physics
# (tests/fixtures/mmd_physics_steps_babylon.txt, written by
# tests/gen/mmd_physics_steps_babylon.mjs): awk -v driven="BONE:ANCHOR ..."
# -v stale="BONE ..." -f this BABYLON ANIMATED PHYSICS, where ANIMATED is
# mmd_pose without physics and PHYSICS mmd_pose --physics, both on
# BABYLON's frames. driven names the bones the physics moves, each with the
# bone it hangs from (the head for hair, the lower body for a skirt); stale
# the bones without a body below them or turned by an IK that is skipped
# under physics (babylon-mmd's rules): they differ from the animated pose
# and are compared with babylon-mmd's step by step only.
#
# A physics simulation amplifies any difference in its input, and babylon-mmd
# and posemath (with Debian's Bullet build against babylon-mmd's WASM one)
# agree only to float rounding, so:
# - the first 20 steps: every bone within 1e-3 of the model's height (the
#   highest bone at the first frame, the feet at 0) of babylon-mmd's;
# - then statistically, against babylon-mmd's own spread when its gravity
#   changes by 1e-6 (eight runs: stronger, weaker, tilted six ways), on the
#   frames every run prints: per frame the RMS over driven bones of the
#   distance to babylon-mmd's, averaged over the run, at most 2x the same
#   average for babylon-mmd's changed runs, and no frame's RMS past 2x the
#   largest of theirs;
# - where each driven bone hangs (its mean offset from its anchor) and how far
#   it swings (the RMS of that offset about its mean): posemath's figure apart
#   from babylon-mmd's by at most 2x the largest of the changed runs' (a single
#   run's difference is one draw of a random quantity, hence the largest of
#   eight), plus how far apart the animation itself is (the largest
#   difference in an undriven bone);
# - the other bones: the animated pose bit for bit; every number finite.
BEGIN {
    n = split(driven, pairs, " "); for (i = 1; i <= n; ++i) { split(pairs[i], p, ":"); anchor[p[1]] = p[2] }
    n = split(stale, names, " "); for (i = 1; i <= n; ++i) is_stale[names[i]] = 1
}
FNR == 1 { ++file }
file == 1 {
    if (!($1 in is_run)) { is_run[$1] = 1; if ($1 != "gravity") members[++member_count] = $1 }
    key = $1 SUBSEP ($2 + 0) SUBSEP $3; x[key] = $4; y[key] = $5; z[key] = $6
    if ($1 == "gravity") {
        if (!(($2 + 0) in ref_frame)) { ref_frame[$2 + 0] = 1; frames[++frame_count] = $2 + 0 }
        if (!($3 in is_bone)) { is_bone[$3] = 1; bones[++bone_count] = $3 }
        if (frame_count == 1 && $5 > height) height = $5
    } else shared[$2 + 0] = 1
    next
}
file == 2 { animated[($1 + 0) SUBSEP $2] = $0; next }
{
    key = "ours" SUBSEP ($1 + 0) SUBSEP $2; x[key] = $3; y[key] = $4; z[key] = $5
    if (!((($1 + 0) SUBSEP $2) in animated)) { print "check: " $1 " " $2 " not printed without physics"; bad = 1 }
    else if (!($2 in anchor) && !($2 in is_stale) && $0 != animated[($1 + 0) SUBSEP $2]) {
        print "check: undriven bone moved by the physics: " $0; bad = 1
    }
    for (i = 3; i <= NF; ++i) if ($i !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) { print "check: not a finite number: " $0; bad = 1 }
}
function dist(r, s, f, b) {
    return sqrt((x[r, f, b] - x[s, f, b]) ^ 2 + (y[r, f, b] - y[s, f, b]) ^ 2 + (z[r, f, b] - z[s, f, b]) ^ 2)
}
# the run's hang and swing of bone b over the shared frames, into hang_x/y/z[r, b] and swing[r, b]
function hang_swing(r, b,    i, f, n, ox, oy, oz, sx, sy, sz, ss) {
    n = sx = sy = sz = ss = 0
    for (i = 1; i <= frame_count; ++i) {
        f = frames[i]; if (!(f in shared)) continue
        ox = x[r, f, b] - x[r, f, anchor[b]]; oy = y[r, f, b] - y[r, f, anchor[b]]; oz = z[r, f, b] - z[r, f, anchor[b]]
        sx += ox; sy += oy; sz += oz; ss += ox ^ 2 + oy ^ 2 + oz ^ 2; ++n
    }
    hang_x[r, b] = sx / n; hang_y[r, b] = sy / n; hang_z[r, b] = sz / n
    swing[r, b] = sqrt(ss / n - (sx / n) ^ 2 - (sy / n) ^ 2 - (sz / n) ^ 2)
}
function apart(r, b) { # hang, then swing, of run r from babylon-mmd's
    hang_apart = sqrt((hang_x[r, b] - hang_x["gravity", b]) ^ 2 + (hang_y[r, b] - hang_y["gravity", b]) ^ 2 + \
                      (hang_z[r, b] - hang_z["gravity", b]) ^ 2)
    swing_apart = swing[r, b] - swing["gravity", b]; if (swing_apart < 0) swing_apart = -swing_apart
}
END {
    runs[0] = "ours"; for (m = 1; m <= member_count; ++m) runs[m] = members[m]
    for (i = 1; i <= frame_count; ++i) {
        f = frames[i]
        for (j = 1; j <= bone_count; ++j) {
            b = bones[j]
            if (!(("ours" SUBSEP f SUBSEP b) in x)) { print "check: no output for frame " f " " b; bad = 1; continue }
            d = dist("ours", "gravity", f, b)
            if (i <= 21) {
                if (d > 1e-3 * height) { print "check: step " i - 1 ": " b " " d " from babylon-mmd"; bad = 1 }
                if (d > early) early = d
            }
            if (!(b in anchor) && !(b in is_stale) && d > floor) floor = d
        }
        if (!(f in shared)) continue
        ++samples
        for (m = 0; m <= member_count; ++m) {
            sum = count = 0
            for (b in anchor) { sum += dist(runs[m], "gravity", f, b) ^ 2; ++count }
            rms = sqrt(sum / count); mean[m] += rms; if (rms > worst[m]) worst[m] = rms
        }
    }
    if (samples == 0) { print "check: no frames shared by babylon-mmd's runs"; exit 1 }
    for (m = 1; m <= member_count; ++m) { theirs += mean[m] / samples / member_count; if (worst[m] > worst_theirs) worst_theirs = worst[m] }
    ours = mean[0] / samples
    if (ours > 2 * theirs) { print "check: mean RMS " ours " past 2x babylon-mmd's spread " theirs; bad = 1 }
    if (worst[0] > 2 * worst_theirs) { print "check: a frame's RMS " worst[0] " past 2x babylon-mmd's largest " worst_theirs; bad = 1 }
    for (b in anchor) {
        hang_swing("gravity", b)
        hang_spread = swing_spread = 0
        for (m = 1; m <= member_count; ++m) {
            hang_swing(members[m], b); apart(members[m], b)
            if (hang_apart > hang_spread) hang_spread = hang_apart
            if (swing_apart > swing_spread) swing_spread = swing_apart
        }
        hang_swing("ours", b); apart("ours", b)
        if (hang_apart > 2 * hang_spread + floor) { print "check: " b " hangs " hang_apart " off babylon-mmd's (spread " hang_spread ")"; bad = 1 }
        if (swing_apart > 2 * swing_spread + floor) { print "check: " b " swings " swing_apart " off babylon-mmd's (spread " swing_spread ")"; bad = 1 }
        detail = detail sprintf(" %s %.2g/%.2g %.2g/%.2g;", b, hang_apart, hang_spread, swing_apart, swing_spread)
    }
    if (bad) exit 1
    printf "mmd_pose --physics vs babylon-mmd's Bullet: first 20 steps within %.2g (%.1e of the height); over %d frames RMS of the driven bones %.3g (babylon-mmd's gravity spread %.3g), worst frame %.3g (%.3g); hang/swing apart, ours/spread:%s animation apart %.2g\n", \
        early, early / height, samples, ours, theirs, worst[0], worst_theirs, detail, floor
}
