#!/usr/bin/env bash
# ctest step: builds sample programs with the plain compiler line a CANN user types after set_env.sh:
#   $CXX <flags> sample.cpp -I$ASCEND_HOME_PATH/include -I$ASCEND_HOME_PATH/include/aclnnop \
#        -L$ASCEND_HOME_PATH/lib64 -lascendcl -lnnopbase -lopapi
# tests/toolkit/gxx_build.sh <compiler> FLAGS=<extra flags> <samples dir> <output dir> <sample>...
# (run through with_set_env.sh).
set -euo pipefail
cxx=$1 extra=${2#FLAGS=} samples=$3 output=$4
shift 4
mkdir -p "$output"
for sample in "$@"; do
  rm -f "$output/$sample"
  # shellcheck disable=SC2086
  (set -x; "$cxx" $extra -std=c++17 "$samples/$sample.cpp" -I"$ASCEND_HOME_PATH/include" \
    -I"$ASCEND_HOME_PATH/include/aclnnop" -L"$ASCEND_HOME_PATH/lib64" -lascendcl -lnnopbase -lopapi -o "$output/$sample")
done
