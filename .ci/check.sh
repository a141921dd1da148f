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

# no_library_skips LOG: fails, listing them, when a swift test log shows tests skipped for a library CI installs
# (Swift Testing prints `➜ Test … skipped: "<reason>"`; the reason of .needsLibmicrohttpd names the library).
no_library_skips() {
  local skipped
  skipped=$(grep -E '^➜ (Test|Suite) .* skipped: .*libmicrohttpd' "$1" || true)
  [ -z "$skipped" ] && return 0
  echo "FAIL $(grep -c . <<<"$skipped") tests or suites were skipped for libmicrohttpd, which CI installs:"
  echo "$skipped" | head -20
  return 1
}
