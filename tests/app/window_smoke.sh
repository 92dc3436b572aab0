#!/bin/sh
# Smoke test of the real window: under a virtual X server (xvfb-run), `gradlab --screenshot` opens an
# SDL window, renders the default lesson and saves a non-blank screenshot of it. Skipped (exit 77)
# without xvfb-run.   window_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipping"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
shot="$work/window.png"
xvfb-run -a -s "-screen 0 1280x800x24" env SDL_VIDEODRIVER=x11 "$app" --lesson first-steps --preset 2 \
  --screenshot "$shot" --size 1280x720 >"$work/window.log" 2>&1 || {
  cat "$work/window.log"; echo "FAIL: gradlab under xvfb-run exited with an error"; exit 1; }
cat "$work/window.log"
grep -q "no display\|instead" "$work/window.log" && { echo "FAIL: the app fell back to headless under X"; exit 1; }
"$check" --size 1280x720 "$shot"
echo "PASS"
