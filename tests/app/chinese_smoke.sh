#!/bin/sh
# Every lesson renders headless in Chinese and in English (one frame a step, its question and answer stills),
# the app's messages are Chinese under --lang zh and English under --lang en, and the issue's screenshot
# (first-steps in presenter mode, Chinese) is a real picture.   chinese_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
lessons=$("$app" --list-lessons | awk '{print $1}')
[ -n "$lessons" ] || { echo "FAIL: no lessons listed"; exit 1; }
"$app" --lang zh --list-lessons | grep -q "入门" || { echo "FAIL: --lang zh --list-lessons is not in Chinese"; exit 1; }
# GRADLAB_SMOKE_LANGUAGES: the languages to render every lesson in (default "zh en").
languages=${GRADLAB_SMOKE_LANGUAGES:-zh en}
for lang in $languages; do
  for lesson in $lessons; do
    log="$work/$lang-$lesson.log"
    "$app" --lang "$lang" --headless --lesson "$lesson" --out-dir "$work/$lang" --frames 1 --no-gif --size 640x360 \
      >"$log" 2>&1 || { cat "$log"; echo "FAIL: $lesson in $lang exited with $?"; exit 1; }
    frames=$(find "$work/$lang/$lesson" -name 'frame-*.png' | wc -l)
    [ "$frames" -ge 1 ] || { cat "$log"; echo "FAIL: $lesson in $lang wrote no frame"; exit 1; }
  done
  echo "$lang: $(find "$work/$lang" -name '*.png' | wc -l) pictures of $(echo $lessons | wc -w) lessons"
done
grep -q "正在渲染课程" "$work/zh-first-steps.log" || { cat "$work/zh-first-steps.log"; echo "FAIL: the Chinese run speaks English"; exit 1; }
if [ -d "$work/en" ]; then
  grep -q "rendering lesson" "$work/en-first-steps.log" || { cat "$work/en-first-steps.log"; echo "FAIL: the English run is not English"; exit 1; }
  # The same folders in both languages (file names come from the English titles).
  [ "$(cd "$work/zh" && find . -type d | sort)" = "$(cd "$work/en" && find . -type d | sort)" ] || {
    echo "FAIL: the Chinese render's folders differ from the English"; exit 1; }
fi
"$app" --lang zh --lesson first-steps --presenter --screenshot "$work/zh-presenter.png" >/dev/null 2>&1
"$check" --size 1280x720 "$work/zh-presenter.png"
echo "PASS"
