#!/usr/bin/env bash
# End-to-end checks of `strata serve` with curl: matching, near misses, HEAD, CORS, sequences, faults, limits,
# admin endpoints, the journal file, and a clean stop on SIGTERM. Run by .ci/run after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
STRATA=${STRATA_BIN:-.build/debug/strata}
[ -x "$STRATA" ] || swift build --product strata >/dev/null

WORK=$(mktemp -d /tmp/strata-serve-XXXXXX)
PID=
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/s/fixtures"
cat >"$WORK/s/session.json" <<'JSON'
{ "name": "ci", "redact": ["token"],
  "routes": [ { "name": "items", "path": "/items" }, { "name": "job", "path": "/job" } ] }
JSON
cat >"$WORK/s/fixtures/items.json" <<'JSON'
{
  "/items": [
    { "request": { "method": "GET", "params": { "page": "2" } },
      "response": { "headers": { "X-Page": "2" }, "body": { "page": 2 } } },
    { "request": { "method": "POST", "params": { "name": "lamp" } }, "response": { "status": 201, "body": "made" } }
  ],
  "/job": [ { "responses": [ { "status": 202, "body": "pending" }, { "status": 200, "body": "done" } ] } ],
  "/reset": [ { "response": { "fault": "reset" } } ]
}
JSON

"$STRATA" serve "$WORK/s" --port 0 --max-request-body 1000 --journal "$WORK/journal.jsonl" >"$WORK/out" 2>&1 &
PID=$!
for _ in $(seq 1 100); do
  grep -q '^serving' "$WORK/out" 2>/dev/null && break
  sleep 0.05
done
URL=$(grep -m1 '^serving' "$WORK/out" | awk '{print $NF}')
[ -n "$URL" ] || { echo "FAIL strata serve did not say where it serves:"; sed 's/^/  /' "$WORK/out"; exit 1; }

source .ci/check.sh
status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }

check "GET with a query param matches" test "$(curl -s "$URL/items?page=2")" = '{ "page": 2 }'
check "the pair's header is served" bash -c "curl -sI '$URL/items?page=2' | grep -qi '^X-Page: 2'"
check "HEAD answers 200 with no body" test "$(curl -s -I -o /dev/null -w '%{http_code} %{size_download}' "$URL/items?page=2")" = "200 0"
check "a form POST matches" test "$(status -d name=lamp "$URL/items")" = 201
check "a near miss is 404" test "$(status "$URL/items?page=9")" = 404
check "the near miss names the nearest pair" bash -c "curl -sI '$URL/items?page=9' | grep -qi '^Strata-Near-Miss: .*items.json'"
check "JSON near miss when asked" bash -c "curl -s -H 'Accept: application/json' '$URL/items?page=9' | grep -q '\"error\": \"no fixture matches\"'"
check "CORS preflight" test "$(status -X OPTIONS -H 'Origin: http://x.test' -H 'Access-Control-Request-Method: POST' "$URL/items")" = 204
check "a sequence goes in turn" test "$(curl -s "$URL/job") $(curl -s "$URL/job") $(curl -s "$URL/job")" = "pending done done"
check "POST reset restarts it" bash -c "curl -s -X POST '$URL/__strata/reset' >/dev/null && test \"\$(curl -s '$URL/job')\" = pending"
check "a reset fault fails the client" bash -c "! curl -s '$URL/reset' >/dev/null"
check "a body over --max-request-body is 413" test "$(status --data-binary @<(head -c 2000 /dev/zero) "$URL/items")" = 413
check "headers over the limit are 431" test "$(status -H "X-Big: $(head -c 70000 /dev/zero | tr '\0' a)" "$URL/items")" = 431
check "health answers" bash -c "curl -s '$URL/__strata/health' | grep -q '\"status\": \"ok\"'"
check "requests lists the journal, secrets redacted" bash -c "curl -s '$URL/items?token=sek' >/dev/null; curl -s '$URL/__strata/requests' | grep -q 'token=<redacted>'"
check "the journal file has a line per request" test "$(wc -l <"$WORK/journal.jsonl")" -ge 10
check "the journal file never holds the secret" bash -c "! grep -q sek '$WORK/journal.jsonl'"
kill -TERM "$PID"
code=0
wait "$PID" || code=$?
PID=
check "SIGTERM stops it with exit 0" test "$code" = 0
check "it logged a line per request" grep -q ' GET /items?page=2 200 ' "$WORK/out"

echo "serve checks: $ok ok, $bad failing"
[ "$bad" -eq 0 ]
