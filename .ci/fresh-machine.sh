#!/usr/bin/env bash
# The README's two commands as a newcomer runs them on a fresh machine: only the image's own packages (no libcurl
# headers, no libmicrohttpd). Run by .ci/run first, under ../shared/tools/fresh-machine (which hides every package
# the fresh image lacks), before anything is installed; also runnable alone the same way:
#   ../shared/tools/fresh-machine -- bash .ci/fresh-machine.sh
# In a clean clone it builds into .build, which the later steps reuse (the build reads no header of the packages
# installed after it, so nothing they add changes it); where .build exists already, into .build-fresh, which is
# only ever built here, so a build made with the packages present cannot hide a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=()
[ -d .build ] && scratch=(--scratch-path .build-fresh)
bin=$(swift build "${scratch[@]}" --show-bin-path)
work=$(mktemp -d /tmp/strata-ci-fresh-XXXXXX)
sock=strata-ci-fresh-$$
# The tmux server is gone by itself once its pane's `sleep 600` ends (a swift test longer than that): under `set -e`
# a failing command in this trap would make the script's status 1, so kill-server's failure is ignored.
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
source .ci/check.sh

start=$SECONDS
status=0
swift build "${scratch[@]}" >"$work/build.log" 2>&1 || status=$?
grep -vE '^\[[0-9]+/[0-9]+\]' "$work/build.log" | tail -30
check "swift build" test "$status" = 0
echo "   (swift build took $((SECONDS - start)) s)"

# `swift run strata` in a terminal: the explorer opens on the demo session; q quits with status 0.
tmux -L "$sock" new-session -d -x 120 -y 40 -c "$PWD" \
  "env TERM=xterm-256color swift run ${scratch[*]} strata 2>'$work/stderr'; echo \$? >'$work/status'; sleep 600"
opened=no
for _ in $(seq 1 600); do
  if tmux -L "$sock" capture-pane -p -t 0 | grep -q 'listProducts'; then opened=yes; break; fi
  [ -e "$work/status" ] && break
  sleep 0.2
done
tmux -L "$sock" capture-pane -p -t 0 >"$work/screen"
tmux -L "$sock" send-keys -t 0 q
for _ in $(seq 1 100); do [ -e "$work/status" ] && break; sleep 0.1; done
check "swift run strata opens the explorer on the demo's routes" test "$opened" = yes
check "q quits it with status 0" test "$(cat "$work/status" 2>/dev/null)" = 0
[ "$opened" = yes ] || { echo "the screen:"; cat "$work/screen"; cat "$work/stderr"; }

# strata serve: one line saying what is missing and how to install it, exit 1.
code=0
"$bin/strata" serve Sessions/demo --port 0 >"$work/serve.out" 2>"$work/serve.err" || code=$?
check "strata serve exits 1 without libmicrohttpd" test "$code" = 1
check "with one line naming it and how to install it" bash -c \
  "[ \$(wc -l <'$work/serve.err') = 1 ] && grep -q 'libmicrohttpd is needed for serving; install it with \`sudo apt-get install libmicrohttpd12\`' '$work/serve.err'"
cat "$work/serve.err"

# swift test: everything passes; what needs libmicrohttpd is skipped, saying so.
start=$SECONDS
set +e
swift test "${scratch[@]}" 2>&1 | tee "$work/test.log" | grep -vE '^\[[0-9]+/[0-9]+\]' | grep -E '^✘|Test run with|error:'
status=${PIPESTATUS[0]}
set -e
check "swift test passes" test "$status" = 0
skipped=$(grep -cE '^➜ (Test|Suite) .* skipped: .*libmicrohttpd' "$work/test.log" || true)
echo "   (swift test took $((SECONDS - start)) s; $skipped tests and suites skipped for libmicrohttpd)"
check "the tests that need libmicrohttpd say so when skipped" test "$skipped" -gt 0

echo "fresh-machine checks: $ok ok, $bad failing"
[ "$bad" -eq 0 ]
