#!/bin/sh
# gradlab --host-class --headless: prints the student link and the teacher's token, serves the site and the
# class API (a student joins and answers; the teacher sees the answer and the CSV), stops on SIGTERM saying
# so, and leaves the record with the join and the try in it.   class_host_smoke.sh APP PROBE WORKDIR
set -eu
app=$1 probe=$2 work=$3
rm -rf "$work" && mkdir -p "$work/site" && cd "$work"
echo '<!doctype html><title>gradlab</title>' >site/index.html
"$app" --host-class --headless --lesson first-steps --preset 2 --port 0 --bind 127.0.0.1 --site site \
  --class-record class.jsonl --serve-seconds 120 >host.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
i=0
until grep -q 'teacher token' host.log; do
  i=$((i + 1))
  [ $i -lt 600 ] && kill -0 $pid 2>/dev/null || { cat host.log; echo "FAIL: no class link printed"; exit 1; }
  sleep 0.1
done
link=$(sed -n 's/.*students open \(http[^ ]*\) .*/\1/p' host.log)
token=$(sed -n 's/.*teacher token: \([0-9a-f]*\);.*/\1/p' host.log)
case $link in *"$token"*) echo "FAIL: the student link carries the teacher's token"; exit 1 ;; esac
"$probe" "$link" "$token"
kill -TERM $pid
wait $pid || { cat host.log; echo "FAIL: the host did not end cleanly on SIGTERM"; exit 1; }
trap - EXIT
grep -q 'class closed' host.log || { cat host.log; echo "FAIL: no closing line"; exit 1; }
grep -q '"event":"join"' class.jsonl && grep -q '"event":"try"' class.jsonl || {
  cat class.jsonl; echo "FAIL: the record lacks the join or the try"; exit 1; }
echo "ok: hosted, joined, answered, recorded"
