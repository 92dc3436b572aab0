#!/bin/sh
# The Matrix tab, rendered headless at 1280x720 for a cube run, normal and in presenter mode: non-blank
# pictures that differ from the Scatter tab's (the tab really opened), whose cube tile moves with the player
# (the W pass early, the H pass late), and that a session keeps (the tab and the strategy round-trip). A --tab the app
# does not have is one line and exit code 2.   matrix_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HOME="$work/home"  # exports default to ~/Pictures/gradlab: keep them here
run="--op upsample2d-backward --in 4x4 --out 8x8 --strategy cube"

differ() {  # differ A B: the two pictures are not the same
  if "$check" --same "$1" "$2" 0 >/dev/null; then echo "FAIL: $1 and $2 are the same picture"; exit 1; fi
}

for mode in normal presenter; do
  flag=""
  [ "$mode" = presenter ] && flag="--presenter"
  # shellcheck disable=SC2086
  "$app" $run $flag --tab matrix --at 0.3 --screenshot "$mode-w.png" >"$mode.log" 2>&1 || {
    cat "$mode.log"; echo "FAIL: the Matrix tab ($mode) exited with an error"; exit 1; }
  # shellcheck disable=SC2086
  "$app" $run $flag --tab matrix --at 0.9 --screenshot "$mode-h.png" >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$app" $run $flag --at 0.3 --screenshot "$mode-scatter.png" >/dev/null 2>&1
  "$check" --size 1280x720 "$mode-w.png" "$mode-h.png"
  differ "$mode-w.png" "$mode-scatter.png"
  differ "$mode-w.png" "$mode-h.png"
done

# shellcheck disable=SC2086
"$app" $run --tab matrix --save-session matrix.gradlab --screenshot saved.png >/dev/null 2>&1
grep -q '"tab": "matrix"' matrix.gradlab && grep -q '"strategy": "cube"' matrix.gradlab || {
  cat matrix.gradlab; echo "FAIL: the session does not name the tab and the strategy"; exit 1; }
"$app" matrix.gradlab --screenshot reopened.png >/dev/null 2>&1
# The side panel (right quarter) prints the run's host time, which differs from run to run under load.
"$check" --same saved.png reopened.png 400 --region 0 0 0.75 1

# Adaptive pooling: the tab says in one line what it draws, and nothing breaks.
"$app" --op adaptive-max-pool2d-backward --in 8x8 --out 4x4 --tab matrix --screenshot pool.png >/dev/null 2>&1
"$check" --size 1280x720 pool.png

if "$app" $run --tab matrices --screenshot x.png >bad.log 2>&1; then echo "FAIL: --tab matrices was accepted"; exit 1; fi
code=0; "$app" $run --tab matrices --screenshot x.png >/dev/null 2>&1 || code=$?
[ "$code" -eq 2 ] || { echo "FAIL: a bad --tab exited with $code, not 2"; exit 1; }
grep -q 'takes scatter, tiling, pipeline, compare, verify, matrix or code' bad.log || { cat bad.log; echo "FAIL: no reason given"; exit 1; }
echo PASS
