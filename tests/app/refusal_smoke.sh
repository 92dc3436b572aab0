#!/bin/sh
# A refused call rendered headless at 1280x720, normal and in presenter mode: the app exits cleanly and draws a
# real picture (the error, its explanation and the picture of the rule) that differs from the same call
# made legal.   refusal_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HOME="$work/home"  # exports default to ~/Pictures/gradlab: keep them here

for mode in normal presenter; do
  flag=""
  [ "$mode" = presenter ] && flag="--presenter"
  # shellcheck disable=SC2086
  "$app" --op upsample1d-backward --in 1 --out 60 $flag --screenshot "$mode-refused.png" >"$mode.log" 2>&1 || {
    cat "$mode.log"; echo "FAIL: the refused run ($mode) exited with an error"; exit 1; }
  # shellcheck disable=SC2086
  "$app" --op upsample1d-backward --in 2 --out 60 $flag --screenshot "$mode-legal.png" >/dev/null 2>&1
  "$check" --size 1280x720 "$mode-refused.png"
  if "$check" --same "$mode-refused.png" "$mode-legal.png" 0 >/dev/null; then
    echo "FAIL: the refused and the legal run look the same ($mode)"; exit 1
  fi
done
echo PASS
