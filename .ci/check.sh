# The check helper the CI steps share (sourced, not a step: .ci/run runs only .ci/steps/*.sh).
# check NAME COMMAND...: passes when the command succeeds; counts into $ok and $bad.
ok=0
bad=0
check() {
  local name=$1
  shift
  if "$@"; then
    ok=$((ok + 1))
    echo "ok   $name"
  else
    bad=$((bad + 1))
    echo "FAIL $name"
  fi
}
