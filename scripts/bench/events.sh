#!/usr/bin/env bash
# Live events at scale (issue 16): 500 open event streams on one instance
# (SQLite), 50 chat messages 100 ms apart, each delivered to every stream;
# reports p99 delivery (from just before the POST to the event's arrival) and
# the server's peak RSS. Targets: p99 under 20 ms, under 80 MB.
#   STREAMS, MESSAGES, EVERY override.
set -euo pipefail
cd "$(dirname "$0")/../.."
streams="${STREAMS:-500}" messages="${MESSAGES:-50}" every="${EVERY:-100ms}"
source scripts/bench/lib.sh
bench_bin
go build -o "$work/eventsload" ./scripts/bench/eventsload
"$bin" user create --db "$work/bench.db" --email bench@packline.local --password bench-password --first Bench --last Load >/dev/null

# One account holds every stream: raise the per-person caps (8 and 32 by default) past them.
bench_serve "$work/bench.db" --log-level warn --max-streams-per-session "$streams" --max-streams-per-account "$streams"
bench_login events
echo "load: $(uptime | sed 's/.*load average/load average/')"
ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || true # the loader raises its own too
"$work/eventsload" --url "$url" --token "$token" --pid "$pid" --streams "$streams" --messages "$messages" --every "$every"
