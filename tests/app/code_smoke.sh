#!/bin/sh
# The Code tab, rendered headless at 1280x720 during the playback of a cube run, normal and in presenter mode:
# non-blank pictures that differ from the Scatter tab's (the tab really opened); the lit kernel code moves with
# the player (early: the W pass's Mmad in MatmulW, late: the H pass's in MatmulH), so the listing's part of the
# two pictures differs, and the same moment renders the same listing again (the light comes from the run's
# steps, not from chance); a session keeps the tab.   code_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HOME="$work/home"  # exports default to ~/Pictures/gradlab: keep them here
run="--op upsample2d-backward --in 4x4 --out 8x8 --strategy cube"

differ() {  # differ A B [--region X0 Y0 X1 Y1]: the two pictures (or those parts of them) are not the same
  a=$1 b=$2
  shift 2
  if "$check" --same "$a" "$b" 0 "$@" >/dev/null; then echo "FAIL: $a and $b are the same picture ($*)"; exit 1; fi
}

for mode in normal presenter; do
  flag=""
  listing="0.25 0.2 0.5 0.6"  # the code lines, left of the grids (fractions of the window)
  if [ "$mode" = presenter ]; then flag="--presenter" listing="0.02 0.3 0.4 0.8"; fi
  # shellcheck disable=SC2086
  "$app" $run $flag --tab code --at 0.2 --screenshot "$mode-early.png" >"$mode.log" 2>&1 || {
    cat "$mode.log"; echo "FAIL: the Code tab ($mode) exited with an error"; exit 1; }
  # shellcheck disable=SC2086
  "$app" $run $flag --tab code --at 0.8 --screenshot "$mode-late.png" >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$app" $run $flag --tab code --at 0.2 --screenshot "$mode-again.png" >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$app" $run $flag --at 0.2 --screenshot "$mode-scatter.png" >/dev/null 2>&1
  "$check" --size 1280x720 "$mode-early.png" "$mode-late.png"
  differ "$mode-early.png" "$mode-scatter.png"
  # shellcheck disable=SC2086
  differ "$mode-early.png" "$mode-late.png" --region $listing
  # shellcheck disable=SC2086
  "$check" --same "$mode-early.png" "$mode-again.png" 0 --region $listing
done

# shellcheck disable=SC2086
"$app" $run --tab code --save-session code.gradlab --screenshot saved.png >/dev/null 2>&1
grep -q '"tab": "code"' code.gradlab || { cat code.gradlab; echo "FAIL: the session does not name the tab"; exit 1; }
"$app" code.gradlab --screenshot reopened.png >/dev/null 2>&1
# All but the side panel, whose host time differs from run to run.
"$check" --same saved.png reopened.png 0 --region 0 0 0.75 1

# Adaptive pooling's lanes (CANN's kernel) and a forward: the tab draws them too.
"$app" --op adaptive-max-pool2d-backward --in 9x11 --out 4x5 --strategy lanes --tab code --at 0.5 --presenter \
  --screenshot lanes.png >/dev/null 2>&1
"$app" --op upsample2d --in 2x3 --out 8x6 --tab code --at 0.5 --screenshot forward.png >/dev/null 2>&1
"$check" --size 1280x720 lanes.png forward.png
echo PASS
