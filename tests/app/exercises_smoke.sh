#!/bin/sh
# The exercises lesson rendered headless at 1280x720, normally and in presenter mode: every step writes its
# question, then its answer checked (the verdict and the outlined cells), then the animation.
#   exercises_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
. "$(dirname "$0")/render_lesson.sh"
for mode in normal presenter; do
  render_lesson "$app" "$work" "$mode" exercises
  questions=$(find "$work/$mode/exercises" -name 'question.png' | wc -l)
  answers=$(find "$work/$mode/exercises" -name 'answer.png' | wc -l)
  frames=$(find "$work/$mode/exercises" -name 'frame-000.png' | wc -l)
  [ "$questions" -eq 10 ] && [ "$answers" -eq 10 ] && [ "$frames" -eq 10 ] || {
    cat "$work/$mode.log"
    echo "FAIL: expected 10 questions, answers and first frames, got $questions, $answers and $frames"; exit 1; }
  "$check" --size 1280x720 $(find "$work/$mode/exercises" -name '*.png' | sort)
  # The answer is a different picture from the question (the verdict, the outlines), in every step.
  for q in $(find "$work/$mode/exercises" -name 'question.png' | sort); do
    a=$(dirname "$q")/answer.png
    if "$check" --same "$q" "$a" 0 >/dev/null; then echo "FAIL: $a shows nothing the question did not"; exit 1; fi
  done
done
echo "PASS"
