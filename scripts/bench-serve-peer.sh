#!/usr/bin/env bash
# The peer for `strata-bench serve`: httpbin under gunicorn with 4 workers, installed from PyPI into a virtualenv
# (the versions .ci/steps/httpbin.sh uses). `bench-serve-peer.sh start PORT` starts it and waits until it answers;
# `bench-serve-peer.sh stop PORT` stops it. Installs wrk (Debian) too when it is missing.
set -euo pipefail
VENV=${STRATA_HTTPBIN_VENV:-/tmp/strata-httpbin-venv}
ACTION=${1:?start or stop}
PORT=${2:?port}
PIDFILE=/tmp/strata-bench-peer-$PORT.pid
LOG=/tmp/strata-bench-peer-$PORT.log

stop_peer() {
  if [ -f "$PIDFILE" ]; then
    kill "$(cat "$PIDFILE")" 2>/dev/null || true
    rm -f "$PIDFILE"
  fi
}

case "$ACTION" in
stop) stop_peer ;;
start)
  # The load tool, from Debian, when missing.
  if ! command -v wrk >/dev/null; then
    echo "installing wrk" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  fi
  if ! "$VENV/bin/python" -c 'import httpbin, gunicorn' 2>/dev/null; then
    echo "installing httpbin and gunicorn into $VENV" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check \
      httpbin==0.10.4 gunicorn==27.0.1 Flask==3.1.3 Werkzeug==3.1.9 >&2
  fi
  stop_peer
  "$VENV/bin/gunicorn" --bind "127.0.0.1:$PORT" --workers 4 --daemon --pid "$PIDFILE" --log-file "$LOG" httpbin:app
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$PORT/json" >/dev/null 2>&1 && exit 0
    sleep 0.1
  done
  echo "httpbin did not start; log:" >&2
  cat "$LOG" >&2
  exit 1
  ;;
*) echo "usage: $0 start|stop PORT" >&2; exit 2 ;;
esac
