#!/usr/bin/env bash
# ctest step: runs a command in the environment a CANN user has after `source <toolkit>/set_env.sh`.
# tests/toolkit/with_set_env.sh <toolkit dir holding set_env.sh> <command> [args...]
set -euo pipefail
toolkit=$1
shift
unset ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME ASCEND_OPP_PATH
# shellcheck disable=SC1091
source "$toolkit/set_env.sh"
for var in ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME ASCEND_OPP_PATH; do
  if [ -z "${!var:-}" ] || [ ! -d "${!var}" ]; then
    echo "set_env.sh left $var='${!var:-}', not a directory" >&2
    exit 1
  fi
done
case ":$LD_LIBRARY_PATH:" in
  *":$ASCEND_HOME_PATH/lib64:"*) ;;
  *) echo "set_env.sh did not put $ASCEND_HOME_PATH/lib64 on LD_LIBRARY_PATH ($LD_LIBRARY_PATH)" >&2; exit 1 ;;
esac
exec "$@"
