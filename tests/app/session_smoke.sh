#!/bin/sh
# Sessions: a run opened from gradlab-cli's flags, saved as a session and opened again, gives the same
# picture (but for the host time the inspector prints); a lesson step round-trips; bad session files get a
# one-line error and exit code 2, never a crash.   session_smoke.sh APP PNG_CHECK WORKDIR
set -eu
app=$1 check=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HOME="$work/home"  # exports default to ~/Pictures/gradlab: keep them here

"$app" --op upsample2d-backward --in 3x5 --out 7x11 --save-session run.gradlab --screenshot flags.png >flags.log 2>&1 || {
  cat flags.log; echo "FAIL: --op run with --save-session"; exit 1; }
grep -q '"gradlab-session": 1' run.gradlab || { cat run.gradlab; echo "FAIL: no version in the session"; exit 1; }
"$app" run.gradlab --screenshot session.png >session.log 2>&1 || { cat session.log; echo "FAIL: opening it"; exit 1; }
# The side panel (right quarter) prints the run's host time, which differs from run to run under load.
"$check" --same flags.png session.png 400 --region 0 0 0.75 1

# A seeded schedule (--schedule N) is part of the call: it is saved, and opening the session keeps it.
"$app" --op upsample2d-backward --in 3x5 --out 7x11 --schedule 7 --save-session seeded.gradlab --screenshot seeded.png \
  >seeded.log 2>&1 || { cat seeded.log; echo "FAIL: --schedule 7 with --save-session"; exit 1; }
grep -q '"schedule": "seed:7"' seeded.gradlab || { cat seeded.gradlab; echo "FAIL: --schedule 7 is not in the session"; exit 1; }
"$app" seeded.gradlab --save-session again.gradlab --screenshot again.png >again.log 2>&1 || {
  cat again.log; echo "FAIL: opening the seeded session"; exit 1; }
grep -q '"schedule": "seed:7"' again.gradlab || { cat again.gradlab; echo "FAIL: the schedule is lost on opening"; exit 1; }

# A device spec with overrides opens on its built-in profile with those numbers (it opened on "atlas-a2-custom",
# which is no built-in profile, and the run was refused).
"$app" --op upsample2d-backward --in 4x4 --out 8x8 --device atlas-a2:cores=8,ub=64k --save-session device.gradlab \
  --screenshot device.png >device.log 2>&1 || { cat device.log; echo "FAIL: --device atlas-a2:cores=8,ub=64k"; exit 1; }
grep -q '"device": "atlas-a2",' device.gradlab && grep -q '"cores": 8,' device.gradlab && grep -q '"ub": 65536,' device.gradlab || {
  cat device.gradlab; echo "FAIL: the device spec did not open on atlas-a2 with 8 cores and 64 KiB"; exit 1; }

"$app" --lesson tiling-and-cores --preset 3 --save-session step.gradlab --screenshot lesson.png >/dev/null 2>&1
grep -q '"lesson": "tiling-and-cores"' step.gradlab && grep -q '"step": 2' step.gradlab || {
  cat step.gradlab; echo "FAIL: the lesson step is not in the session"; exit 1; }
"$app" step.gradlab --screenshot step.png >/dev/null 2>&1
"$check" --same lesson.png step.png 400 --region 0 0 0.75 1

bad() {  # bad NAME CONTENT EXPECTED-MESSAGE
  printf '%s' "$2" >"$1.gradlab"
  if "$app" "$1.gradlab" --screenshot x.png >"$1.log" 2>&1; then echo "FAIL: $1 was accepted"; exit 1; fi
  code=0; "$app" "$1.gradlab" --screenshot x.png >/dev/null 2>&1 || code=$?
  [ "$code" -eq 2 ] || { echo "FAIL: $1 exited with $code, not 2"; exit 1; }
  grep -q "$3" "$1.log" || { cat "$1.log"; echo "FAIL: $1: no '$3'"; exit 1; }
  [ "$(wc -l <"$1.log")" -eq 1 ] || { cat "$1.log"; echo "FAIL: $1: more than one line"; exit 1; }
}
bad truncated '{"gradlab-session": 1, "request": {' "not valid JSON"
bad newer '{"gradlab-session": 99, "request": {"op": "upsample2d"}}' "version 99, newer than this app reads"
bad unversioned '{"request": {"op": "upsample2d"}}' "not a gradlab session"
bad badfield '{"gradlab-session": 1, "request": {"op": "upsample2d", "inH": 0}}' '"inH" is 0, outside \[1, 1024\]'
bad badop '{"gradlab-session": 1, "request": {"op": "conv2d"}}' 'unknown op "conv2d"'
bad badschedule '{"gradlab-session": 1, "request": {"op": "upsample2d", "schedule": "sometimes"}}' 'unknown schedule "sometimes"'
bad badstep '{"gradlab-session": 1, "lesson": "first-steps", "step": 40, "request": {"op": "upsample2d"}}' "has no step 41"

# A lesson that is not one of the app's (a path, control characters): its run opens in free exploration, and
# the app says so (it said nothing), with the name in printable form.
printf '%s' '{"gradlab-session": 1, "lesson": "../../etc/passwd\u0007\u001b[31m", "request": {"op": "upsample2d"}}' >alien.gradlab
"$app" alien.gradlab --screenshot alien.png >alien.log 2>&1 || { cat alien.log; echo "FAIL: a session with an unknown lesson"; exit 1; }
grep -q 'is not one of this app.s lessons: its run opens in free exploration' alien.log || {
  cat alien.log; echo "FAIL: the unknown lesson is not said"; exit 1; }
if LC_ALL=C grep -q "$(printf '\033')" alien.log; then echo "FAIL: a control character reached the terminal"; exit 1; fi
echo PASS
