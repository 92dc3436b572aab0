#!/bin/sh
# Smoke test of `gradlab --headless`: the default lesson renders to non-blank PNG frames and GIFs, and the
# app says where it wrote them. Then the no-display fallback: no --headless and no DISPLAY renders the
# same lesson into ./gradlab-out/ and says so.   headless_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work"

log="$work/headless.log"
"$app" --headless --lesson first-steps --out "$work/out" --frames 3 --size 960x540 >"$log" 2>&1 || {
  cat "$log"; echo "FAIL: gradlab --headless exited with $?"; exit 1; }
cat "$log"
grep -q "$work/out/first-steps" "$log" || { echo "FAIL: the output directory is not printed"; exit 1; }
frames=$(find "$work/out/first-steps" -name 'frame-*.png' | wc -l)
gifs=$(find "$work/out/first-steps" -name '*.gif' | wc -l)
echo "frames: $frames, gifs: $gifs"
[ "$frames" -ge 10 ] || { echo "FAIL: expected at least 10 frames"; exit 1; }
[ "$gifs" -ge 4 ] || { echo "FAIL: expected a GIF per preset"; exit 1; }
for g in "$work"/out/first-steps/*.gif; do
  [ "$(head -c 6 "$g")" = "GIF89a" ] || { echo "FAIL: $g is not a GIF89a file"; exit 1; }
done
"$check" --size 960x540 $(find "$work/out/first-steps" -name 'frame-00[02].png' | sort)

# No display: the same lesson, rendered headless into ./gradlab-out/, with a message saying so.
mkdir -p "$work/nodisplay"
cd "$work/nodisplay"
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$app" --frames 2 --no-gif >"$work/nodisplay.log" 2>&1 || {
  cat "$work/nodisplay.log"; echo "FAIL: the no-display fallback exited with an error"; exit 1; }
cat "$work/nodisplay.log"
grep -q "no display" "$work/nodisplay.log" || { echo "FAIL: the fallback does not say why"; exit 1; }
"$check" --size 1280x720 gradlab-out/first-steps/01-*/frame-000.png
echo "PASS"
