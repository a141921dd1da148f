#!/usr/bin/env bash
# What Strata declares of libcurl and libmicrohttpd (the build reads no header of either) checked against their real
# headers, which .ci/run installs. Run by .ci/run after `swift test`; see scripts/check-c-declarations.
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/check.sh
check "libcurl and libmicrohttpd declarations match their headers" scripts/check-c-declarations
echo "declaration checks: $ok ok, $bad failing"
[ "$bad" -eq 0 ]
