#!/bin/sh
# Runs UI scenarios against the real app in a fresh virtual X server (1280x800, the app's window 1280x720).
#   run_scenarios.sh DRIVER APP WORKDIR SCENARIO.json...
set -eu
driver=$1 app=$2 work=$3
shift 3
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipping"; exit 77; }
mkdir -p "$work"
# Under -DGRADLAB_SANITIZE the X11/GL/D-Bus stack SDL loads leaks a few blocks at exit: not ours to fix.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
# ctest starts scenarios side by side: each xvfb-run looks for a free display from its own starting number,
# so that two never race for the same one.
exec xvfb-run -a -n $((100 + $$ % 800)) -s "-screen 0 1280x800x24" "$driver" "$app" "$work" "$@" ${GRADLAB_UI_VERBOSE:+--verbose}
