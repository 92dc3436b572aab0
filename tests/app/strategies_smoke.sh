#!/bin/sh
# The strategies lesson rendered headless at 1280x720, normally and in presenter mode: every step (the
# Pipeline tab's lanes, the cube's intermediate grid, the Compare tab's strategies) is a real picture.
#   strategies_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
. "$(dirname "$0")/render_lesson.sh"
for mode in normal presenter; do
  render_lesson "$app" "$work" "$mode" npu-strategies
  steps=$(find "$work/$mode/npu-strategies" -name 'frame-000.png' | wc -l)
  [ "$steps" -eq 7 ] || { cat "$work/$mode.log"; echo "FAIL: expected 7 steps, got $steps"; exit 1; }
  "$check" --size 1280x720 $(find "$work/$mode/npu-strategies" -name 'frame-000.png' | sort)
done
# The pipeline and cube steps differ between the two modes (presenter mode is not just the same picture).
a=$(find "$work/normal/npu-strategies" -path '*05-*' -name 'frame-000.png')
b=$(find "$work/presenter/npu-strategies" -path '*05-*' -name 'frame-000.png')
if "$check" --same "$a" "$b" 0 >/dev/null; then echo "FAIL: presenter mode drew the same picture"; exit 1; fi
echo "PASS"
