#!/bin/sh
# gradlab-cli at the largest shapes inside a real 1 GiB memory cgroup gets a message (exit 1, status
# 207001), never the OOM killer (exit 137); a run that fits still runs. Needs root and a writable cgroup
# hierarchy (v2, else v1's memory controller); exits 77 (ctest: skipped) where neither can be made.
#   cgroup_limit.sh CLI
set -u
cli=$1
name=gradlab-cgroup-test-$$
group=""
if [ -w /sys/fs/cgroup/cgroup.procs ] && [ -f /sys/fs/cgroup/cgroup.controllers ] &&
   mkdir "/sys/fs/cgroup/$name" 2>/dev/null; then
  group=/sys/fs/cgroup/$name
  echo 1073741824 >"$group/memory.max" 2>/dev/null || { rmdir "$group"; group=""; }
fi
if [ -z "$group" ] && [ -d /sys/fs/cgroup/memory ] && mkdir "/sys/fs/cgroup/memory/$name" 2>/dev/null; then
  group=/sys/fs/cgroup/memory/$name
  echo 1073741824 >"$group/memory.limit_in_bytes" 2>/dev/null || { rmdir "$group"; group=""; }
fi
[ -n "$group" ] || { echo "SKIP: cannot make a memory cgroup here (needs root and a writable hierarchy)"; exit 77; }
trap 'rmdir "$group" 2>/dev/null' EXIT
failed=0
expect() {  # expect CODE ARGS...
  want=$1
  shift
  sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$group" "$cli" "$@" >run.log 2>&1
  code=$?
  if [ "$code" -ne "$want" ]; then
    echo "FAIL: $* exited with $code, not $want (137: killed)"; head -c 600 run.log; echo; failed=1
  elif [ "$want" -eq 1 ] && ! grep -q "status 207001: the run needs about" run.log; then
    echo "FAIL: $*: no refusal message"; head -c 600 run.log; echo; failed=1
  fi
}
cd "$(mktemp -d)" || exit 1
expect 1 --op upsample2d-backward --n 32 --c 16 --in 1024x1024 --out 1024x1024
expect 1 --op adaptive-max-pool2d-backward --n 32 --c 16 --in 1024x1024 --out 1024x1024
expect 1 --op upsample2d --n 32 --c 16 --in 1024x1024 --out 1024x1024
# --check's reference is counted: 896 MiB of tensors fit without it, not with its chunk of reference beside them;
# 384 MiB of tensors are checked within the limit (the reference takes a chunk of planes at a time).
expect 1 --op upsample2d-backward --n 7 --c 16 --in 1024x1024 --out 1024x1024 --check
expect 0 --op upsample2d-backward --n 3 --c 16 --in 1024x1024 --out 1024x1024 --check
expect 0 --op upsample2d-backward --n 1 --c 4 --in 256x256 --out 512x512 --check
[ "$failed" -eq 0 ] && echo PASS
exit "$failed"
