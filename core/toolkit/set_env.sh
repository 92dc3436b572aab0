# gradlab's emulated CANN toolkit: `source <prefix>/share/gradlab/ascend-toolkit/set_env.sh`, as with the
# real toolkit's set_env.sh, then build and run a CANN project unchanged. Works from wherever the install
# was moved to (bash and zsh tell this file's own path; other shells cannot, and get a one-line error).
if [ -n "${BASH_VERSION:-}" ]; then
  gradlab_set_env_file=${BASH_SOURCE[0]}
elif [ -n "${ZSH_VERSION:-}" ]; then
  gradlab_set_env_file=${(%):-%x}
else
  gradlab_set_env_file=$0
fi
gradlab_set_env_dir=$(cd "$(dirname "$gradlab_set_env_file")" 2>/dev/null && pwd -P)
if [ -z "$gradlab_set_env_dir" ] || [ ! -d "$gradlab_set_env_dir/latest/lib64" ]; then
  echo "set_env.sh: cannot tell where this file is ('$gradlab_set_env_file'); source it from bash or zsh" >&2
else
  export ASCEND_TOOLKIT_HOME="$gradlab_set_env_dir/latest"
  export ASCEND_HOME_PATH="$ASCEND_TOOLKIT_HOME"
  export ASCEND_OPP_PATH="$ASCEND_TOOLKIT_HOME/opp"
  export ASCEND_AICPU_PATH="$ASCEND_TOOLKIT_HOME"
  export LD_LIBRARY_PATH="$ASCEND_TOOLKIT_HOME/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  # gradlab-cli and the app, from the prefix this toolkit belongs to (<prefix>/share/gradlab/ascend-toolkit).
  gradlab_set_env_bin=$(cd "$gradlab_set_env_dir/../../../bin" 2>/dev/null && pwd -P)
  if [ -n "$gradlab_set_env_bin" ]; then
    case ":$PATH:" in *":$gradlab_set_env_bin:"*) ;; *) export PATH="$gradlab_set_env_bin:$PATH" ;; esac
  fi
fi
unset gradlab_set_env_file gradlab_set_env_dir gradlab_set_env_bin
