#!/bin/sh
# Bad command lines: the app exits 2 with one line on stderr naming the argument and its value, as
# gradlab-cli does (CLI11's own exit codes, 105 or 109, were left before); --help still exits 0.
#   arguments_smoke.sh APP WORKDIR
set -eu
app=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HOME="$work/home"

bad() {  # bad EXPECTED-MESSAGE ARGS...
  expected=$1
  shift
  code=0; "$app" "$@" >out.log 2>err.log || code=$?
  [ "$code" -eq 2 ] || { cat out.log err.log; echo "FAIL: '$*' exited with $code, not 2"; exit 1; }
  grep -q -- "$expected" err.log || { cat err.log; echo "FAIL: '$*': no '$expected'"; exit 1; }
  [ "$(wc -l <err.log)" -eq 1 ] || { cat err.log; echo "FAIL: '$*': more than one line"; exit 1; }
}
bad '^gradlab: .*--frames.*0' --frames 0 --headless
bad '^gradlab: .*--at.*7' --at 7 --screenshot x.png
bad '^gradlab: .*--bogus' --bogus
bad "^gradlab: .*--scales 'nan': 'nan' is not a finite number" --op upsample2d-backward --scales nan --headless
bad '^gradlab: .*--preset.*-3' --preset -3
bad '^gradlab: --preset: 0 is below 1, the least it can be' --preset 0
bad '^gradlab: .*nope.gradlab' nope.gradlab
bad '^gradlab: .*--n.*0' --op upsample2d --n 0
bad '^gradlab: .*--schedule.*sometimes' --op upsample2d --schedule sometimes
bad '^gradlab: .*--frames' --headless --frames
bad '^gradlab: --size must be' --size 10x10
# CLI11 looped for ever on this (an empty argument between a positional and an option; a link's "?a&b=&c").
bad '^gradlab: argument 2 is empty' a "" --z
"$app" --help >help.log 2>&1 || { cat help.log; echo "FAIL: --help did not exit 0"; exit 1; }
grep -q -- "--lesson" help.log || { cat help.log; echo "FAIL: --help lists no options"; exit 1; }
echo PASS
