#!/usr/bin/env bash
# Live events at scale (issue 16): 500 open event streams on one instance
# (SQLite), 50 chat messages 100 ms apart, each delivered to every stream;
# reports p99 delivery (from just before the POST to the event's arrival) and
# the server's peak RSS. Targets: p99 under 20 ms, under 80 MB.
#   STREAMS, MESSAGES, EVERY override.
set -euo pipefail
cd "$(dirname "$0")/../.."
streams="${STREAMS:-500}" messages="${MESSAGES:-50}" every="${EVERY:-100ms}"
work="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

bin=./bin/packline
if [ ! -x "$bin" ]; then
  go build -o "$work/packline" ./cmd/packline
  bin="$work/packline"
fi
go build -o "$work/eventsload" ./scripts/bench/eventsload
"$bin" user create --db "$work/bench.db" --email bench@packline.local --password bench-password --first Bench --last Load >/dev/null

port=$(( 20000 + RANDOM % 20000 ))
"$bin" serve --addr "127.0.0.1:$port" --db "$work/bench.db" --log-level warn >"$work/serve.log" 2>&1 &
pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 50); do curl -sf "$url/api/health" >/dev/null && break; sleep 0.2; done
token=$(curl -sf -X POST "$url/api/login" -d '{"email":"bench@packline.local","password":"bench-password"}' |
  sed -E 's/.*"token":"([^"]+)".*/\1/')
[ -n "$token" ] || { echo "events bench: could not sign in" >&2; exit 1; }
echo "load: $(uptime | sed 's/.*load average/load average/')"
ulimit -n 4096 2>/dev/null || true
"$work/eventsload" --url "$url" --token "$token" --pid "$pid" --streams "$streams" --messages "$messages" --every "$every"
