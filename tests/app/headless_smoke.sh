#!/bin/sh
# Smoke test of `gradlab --headless`: the default lesson renders to non-blank PNG frames and GIFs, and the
# app says where it wrote them. Then the no-display fallback: no --headless and no DISPLAY renders the
# same lesson into ./gradlab-out/ and says so.   headless_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work"

log="$work/headless.log"
"$app" --headless --lesson first-steps --out-dir "$work/out" --frames 3 --size 960x540 >"$log" 2>&1 || {
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
# Under ThreadSanitizer the threaded render above is what it is for: what follows runs on one thread.
if [ "${GRADLAB_HEADLESS_SMOKE_THREADED_ONLY:-0}" = 1 ]; then echo "PASS (the threaded render only)"; exit 0; fi

# With no thread (as the browser's build for pages without cross-origin isolation): the same files, byte
# for byte (the runs, and the GIFs written on the window's thread instead of a worker).
"$app" --one-thread --headless --lesson first-steps --out-dir "$work/one" --frames 3 --size 960x540 >"$work/one.log" 2>&1 || {
  cat "$work/one.log"; echo "FAIL: gradlab --one-thread --headless exited with $?"; exit 1; }
diff -r "$work/out" "$work/one" || { echo "FAIL: --one-thread wrote other files than the threaded app"; exit 1; }

# A run from gradlab-cli's own flags instead of a lesson: its frames and a screenshot.
"$app" --op upsample2d-backward --in 3x5 --out 7x11 --dtype bf16 --deterministic --headless --out-dir "$work/run" \
  --frames 2 --no-gif >"$work/run.log" 2>&1 || { cat "$work/run.log"; echo "FAIL: a --op run exited with an error"; exit 1; }
grep -q "of UpsampleNearestExact2dBackward to $work/run/run" "$work/run.log" || {
  cat "$work/run.log"; echo "FAIL: the --op run does not say where it wrote"; exit 1; }
"$app" --op upsample2d-backward --in 3x5 --out 7x11 --screenshot "$work/run.png" >/dev/null 2>&1
"$check" --size 1280x720 "$work/run/run/frame-000.png" "$work/run.png"
if "$app" --op upsample2d-backward --dtype uint8 --screenshot "$work/bad.png" >"$work/bad.log" 2>&1; then
  echo "FAIL: a dtype the operator refuses was accepted"; exit 1; fi
grep -q "takes float32, float16 or bfloat16" "$work/bad.log" || { cat "$work/bad.log"; echo "FAIL: no reason given"; exit 1; }

# A write that fails (a full disk) is one line naming the file and exit code 1, never a crash.
if [ -w /dev/full ]; then
  if "$app" --op upsample2d-backward --in 3x5 --out 7x11 --screenshot /dev/full >"$work/full.log" 2>&1; then
    echo "FAIL: a failed write reported success"; exit 1; fi
  grep -q "cannot write /dev/full" "$work/full.log" || { cat "$work/full.log"; echo "FAIL: the failed write is not named"; exit 1; }
  ! grep -q "libpng" "$work/full.log" || { cat "$work/full.log"; echo "FAIL: libpng's own message leaked"; exit 1; }
fi

# No display: the same lesson, rendered headless into ~/Pictures/gradlab (never the current directory),
# with a message saying so and where.
mkdir -p "$work/nodisplay"
cd "$work/nodisplay"
HOME="$work/home" env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$app" --frames 2 --no-gif >"$work/nodisplay.log" 2>&1 || {
  cat "$work/nodisplay.log"; echo "FAIL: the no-display fallback exited with an error"; exit 1; }
cat "$work/nodisplay.log"
grep -q "no display" "$work/nodisplay.log" || { echo "FAIL: the fallback does not say why"; exit 1; }
grep -q "$work/home/Pictures/gradlab/first-steps" "$work/nodisplay.log" || { echo "FAIL: where is not said"; exit 1; }
[ -z "$(ls -A "$work/nodisplay")" ] || { echo "FAIL: files were written into the current directory"; exit 1; }
"$check" --size 1280x720 "$work"/home/Pictures/gradlab/first-steps/01-*/frame-000.png
echo "PASS"
