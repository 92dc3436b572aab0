# Sourced by the lesson smoke tests. render_lesson APP WORK MODE LESSON: LESSON rendered headless at 1280x720
# into WORK/MODE (MODE normal or presenter), the first frame of every step and no GIFs; on an error
# the log is printed and the test fails.
render_lesson() {
  flag=""
  [ "$3" = presenter ] && flag="--presenter"
  # shellcheck disable=SC2086
  "$1" --headless $flag --lesson "$4" --out-dir "$2/$3" --frames 1 --no-gif >"$2/$3.log" 2>&1 || {
    cat "$2/$3.log"; echo "FAIL: the $3 render exited with an error"; exit 1; }
}
