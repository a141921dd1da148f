#!/usr/bin/env bash
# Runs every libFuzzer target briefly (STRATA_CI_FUZZ_SECONDS each, default 5) under AddressSanitizer: a crash,
# sanitizer report, broken invariant, slow input or out-of-memory fails the step. One fuzzer binary serves all
# targets; it is cached in .build/fuzz by a hash of the sources, so only the first run pays for the build.
# Run by .ci/run after `swift test`; also runnable alone. See scripts/fuzz and the README's Reliability section.
set -euo pipefail
cd "$(dirname "$0")/../.."

SECONDS_EACH=${STRATA_CI_FUZZ_SECONDS:-5}
# A fixed seed: from a clean clone CI tries the same inputs in the same order, so whether it lands depends on the
# code, not on luck; a finding is a real bug all the same. Long exploratory runs (scripts/fuzz TARGET 7200) keep
# libFuzzer's random seed.
export FUZZ_SEED=${STRATA_CI_FUZZ_SEED:-1}
start=$SECONDS
scripts/fuzz --build >/dev/null
echo "fuzzer binary ready after $((SECONDS - start)) s"

# The targets run side by side, one per core (STRATA_CI_FUZZ_JOBS, default nproc): each libFuzzer process is one
# thread, so on two cores the twelve took 83 s one after another. Each run's output is shown whole, in list order.
width=${STRATA_CI_FUZZ_JOBS:-$(nproc)}
out=$(mktemp -d /tmp/strata-ci-fuzz-XXXXXX)
trap 'rm -rf "$out"' EXIT
mapfile -t targets < <(scripts/fuzz --list)
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$width" ]; do wait -n || true; done
  (
    if scripts/fuzz "$target" "$SECONDS_EACH" >"$out/$target.log" 2>&1; then
      echo ok >"$out/$target.status"
    else
      echo bad >"$out/$target.status"
    fi
  ) &
done
wait
ok=0
bad=0
for target in "${targets[@]}"; do
  cat "$out/$target.log"
  if [ "$(cat "$out/$target.status" 2>/dev/null)" = ok ]; then
    ok=$((ok + 1))
  else
    bad=$((bad + 1))
  fi
done
echo "fuzz step took $((SECONDS - start)) s"
echo "fuzz checks: $ok ok, $bad failing"
[ "$bad" -eq 0 ]
