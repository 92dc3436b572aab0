#!/bin/sh
# A run is admitted by what it really takes: the estimate the app and gradlab-cli admit a run by is never
# below the peak the process then reaches (measured by the kernel: --memory), for each kind of run; and in
# a memory cgroup too small for a run, the run is refused with the figures (never killed), while a small one
# runs. A .npy input is weighed before it is read.   memory_smoke.sh APP CLI WORKDIR
# Not under the sanitizers: their shadow memory and quarantine are not the program's.
set -eu
app=$1 cli=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HOME="$work/home"

# holds LOG: the --memory line's estimate is at least its measured peak.
holds() {
  line=$(grep 'memory: the run was estimated at' "$1") || { cat "$1"; echo "FAIL: no --memory line in $1"; exit 1; }
  estimate=$(echo "$line" | sed 's/.*estimated at \([0-9]*\) bytes.*/\1/')
  peak=$(echo "$line" | sed 's/.*peaked \([0-9?]*\) bytes.*/\1/')
  [ "$peak" = "?" ] && { echo "SKIP: this host does not report peak memory"; exit 77; }
  [ "$peak" -le "$estimate" ] || { cat "$1"; echo "FAIL: $1: peaked at $peak bytes, above the $estimate estimated"; exit 1; }
  echo "ok $1: peak $peak <= estimate $estimate"
}

# bounded LOG RATIO: the measured peak is at most RATIO x the run's tensor bytes plus its trace cap.
bounded() {
  peak=$(sed -n 's/.*peaked \([0-9]*\) bytes.*/\1/p' "$1")
  tensors=$(sed -n 's/.*its tensors take \([0-9]*\) bytes.*/\1/p' "$1")
  cap=$(sed -n 's/.*its trace at most \([0-9]*\) bytes.*/\1/p' "$1")
  [ -n "$peak" ] && [ -n "$tensors" ] && [ -n "$cap" ] || { cat "$1"; echo "FAIL: $1 names no peak, tensors or trace cap"; exit 1; }
  limit=$(awk -v t="$tensors" -v c="$cap" -v r="$2" 'BEGIN { printf "%.0f", r * t + c }')
  [ "$peak" -le "$limit" ] || { cat "$1"; echo "FAIL: $1: peaked at $peak bytes, above $2 x $tensors tensor bytes + $cap trace cap"; exit 1; }
  echo "ok $1: peak $peak <= $2 x tensors $tensors + trace cap $cap"
}

# A large run holds its tensors once (fp32 results are read where the operator wrote them, the scene shares
# them) and its trace once: 1024 planes, 335 MB of tensors.
"$app" --op upsample2d-backward --n 16 --c 64 --in 128x128 --out 256x256 --screenshot large.png --memory >large.log 2>&1 || {
  cat large.log; echo "FAIL: the large app run"; exit 1; }
holds large.log
bounded large.log 1.5
"$cli" --op upsample2d-backward --n 16 --c 64 --in 128x128 --out 256x256 --memory >large-cli.log 2>&1 || {
  cat large-cli.log; echo "FAIL: the large gradlab-cli run"; exit 1; }
holds large-cli.log
bounded large-cli.log 1.25

n=0
for run in "--op upsample2d-backward --c 8 --in 512x512 --out 1024x1024" \
           "--op upsample2d-backward --c 8 --in 512x512 --out 1024x1024 --dtype f16" \
           "--op upsample2d-backward --c 8 --in 512x512 --out 1024x1024 --deterministic" \
           "--op adaptive-max-pool2d-backward --c 8 --in 1024x1024 --out 300x300" \
           "--op upsample2d --c 8 --in 512x512 --out 1024x1024" \
           "--op upsample1d-backward --c 64 --in 40000 --out 100000"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$app" $run --screenshot "app$n.png" --memory >"app$n.log" 2>&1 || { cat "app$n.log"; echo "FAIL: app $run"; exit 1; }
  grep -q 'the run did not run' "app$n.log" && { cat "app$n.log"; echo "FAIL: app $run was refused"; exit 1; }
  holds "app$n.log"
done
"$cli" --op upsample2d-backward --c 8 --in 512x512 --out 1024x1024 --memory --save-outputs tensors >cli.log 2>&1 || {
  cat cli.log; echo "FAIL: gradlab-cli"; exit 1; }
holds cli.log
"$cli" --input tensors/gradOutput.npy --op upsample2d-backward --in 512x512 --memory >input.log 2>&1 || {
  cat input.log; echo "FAIL: gradlab-cli --input"; exit 1; }
holds input.log

# A memory cgroup of 400 MiB (v1 or v2), where this host lets us make one (root, a writable hierarchy).
cgroup=""
for root in /sys/fs/cgroup/memory /sys/fs/cgroup; do
  if [ -w "$root" ] && mkdir -p "$root/gradlab-memory-smoke-$$" 2>/dev/null; then
    dir="$root/gradlab-memory-smoke-$$"
    if [ -e "$dir/memory.limit_in_bytes" ]; then echo $((400 << 20)) >"$dir/memory.limit_in_bytes" && cgroup=$dir
    elif [ -e "$dir/memory.max" ]; then echo $((400 << 20)) >"$dir/memory.max" && cgroup=$dir
    else rmdir "$dir"; fi
    [ -n "$cgroup" ] && break
  fi
done
if [ -z "$cgroup" ]; then
  echo "note: no memory cgroup can be made here; the admission checks in a cgroup were skipped"
  exit 0
fi
trap 'rmdir "$cgroup" 2>/dev/null || true' EXIT
inside() { sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$cgroup" "$@"; }

# 64 x 1024 x 1024 gradOutput (256 MiB) with its gradInput, host copies and trace: about 1.5 GB estimated.
status=0
inside "$app" --op upsample2d-backward --c 64 --in 512x512 --out 1024x1024 --screenshot big.png --memory >big.log 2>&1 ||
  status=$?
[ "$status" -eq 0 ] || { cat big.log; echo "FAIL: the app ended with $status in a 400 MiB cgroup (137: killed)"; exit 1; }
grep -q 'the run did not run: the run needs about .*cgroup' big.log || {
  cat big.log; echo "FAIL: the large run was not refused with its figures"; exit 1; }
inside "$app" --op upsample2d-backward --c 1 --in 512x512 --out 1024x1024 --screenshot small.png --memory >small.log 2>&1 || {
  cat small.log; echo "FAIL: a small run in the cgroup"; exit 1; }
grep -q 'the run did not run' small.log && { cat small.log; echo "FAIL: a small run was refused in the cgroup"; exit 1; }
holds small.log
# A .npy of 256 MiB is weighed before it is read: refused with its size, not read whole and killed.
"$cli" --op upsample2d-backward --c 64 --in 512x512 --out 1024x1024 --values ones --save-outputs bigtensors >/dev/null 2>&1
status=0
inside "$cli" --input bigtensors/gradOutput.npy --op upsample2d-backward --in 512x512 >npy.log 2>&1 || status=$?
[ "$status" -ne 137 ] && [ "$status" -ne 0 ] || { cat npy.log; echo "FAIL: gradlab-cli --input ended with $status"; exit 1; }
grep -q 'bigtensors/gradOutput.npy (268435584 bytes) is not read: the run needs about' npy.log || {
  cat npy.log; echo "FAIL: the large .npy was not refused before it was read"; exit 1; }
echo "ok: in a 400 MiB cgroup the large run and the large .npy were refused with their figures, a small run ran"
