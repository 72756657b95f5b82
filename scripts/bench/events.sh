#!/usr/bin/env bash
# Live events at scale: 5,000 open event streams on one
# instance (SQLite), 50 chat messages 100 ms apart, each delivered to every
# stream; reports p99 delivery (from just before the POST to the event's
# arrival) and the server's peak RSS. Goals: p99 at most 25 ms,
# at most 150 MB. Beside it, with the same loader: the ceiling on this
# machine (scripts/bench/fanoutserve, a bare server that only writes each
# frame to every stream) and PocketBase. A "SUMMARY" line goes to $BENCH_SUMMARY when set.
#   STREAMS, MESSAGES, EVERY override.
set -euo pipefail
cd "$(dirname "$0")/../.."
streams="${STREAMS:-5000}" messages="${MESSAGES:-50}" every="${EVERY:-100ms}"
source scripts/bench/lib.sh
bench_bin
go build -o "$work/eventsload" ./scripts/bench/eventsload
"$bin" user create --db "$work/bench.db" --email bench@packline.local --password bench-password --first Bench --last Load >/dev/null

# One account holds every stream: raise the per-person caps (8 and 32 by default) past them.
bench_serve "$work/bench.db" --log-level warn --max-streams-per-session "$streams" --max-streams-per-account "$streams"
bench_login events
echo "load: $(uptime | sed 's/.*load average/load average/')"
ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || true # the loader raises its own too
"$work/eventsload" --url "$url" --token "$token" --pid "$pid" --streams "$streams" --messages "$messages" --every "$every" | tee "$work/events.out" || echo "events bench: the Packline run failed" >&2
p99="$(sed -nE 's/.*p99 ([0-9.]+) ms.*/\1/p' "$work/events.out")"
rss="$(sed -nE 's/server peak RSS (.*)/\1/p' "$work/events.out")"
delivered="$(sed -nE 's/.*: ([0-9]+ of [0-9]+) deliveries.*/\1/p' "$work/events.out")"
kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
pid=""

# The ceiling on this machine: a bare server that only writes each message's
# frame to every stream (scripts/bench/fanoutserve), read by the same loader.
go build -o "$work/fanoutserve" ./scripts/bench/fanoutserve
ceilport=$(( 20000 + RANDOM % 20000 ))
"$work/fanoutserve" --addr "127.0.0.1:$ceilport" >"$work/fanout.log" 2>&1 &
pid=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$ceilport/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
echo "bare fan-out (the ceiling), the same load: $(cut -d' ' -f1-3 /proc/loadavg) load average"
ceiling="bare fan-out could not be measured"
if "$work/eventsload" --url "http://127.0.0.1:$ceilport" --token ceiling --pid "$pid" --streams "$streams" --messages "$messages" --every "$every" | tee "$work/ceiling.out"; then
  ceilp99="$(sed -nE 's/.*p99 ([0-9.]+) ms.*/\1/p' "$work/ceiling.out")"
  ceiling="bare fan-out, the ceiling here: p99 $ceilp99 ms"
fi
kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
pid=""

# PocketBase the same way: realtime subscriptions to a messages collection
# (scripts/bench/pocketbase, its own go.mod), one record created per message.
ref="PocketBase could not be built here"
if (cd scripts/bench/pocketbase && go build -o "$work/pocketbase" .) >"$work/pb-build.log" 2>&1; then
  pbport=$(( 20000 + RANDOM % 20000 ))
  "$work/pocketbase" --dir "$work/pb" --addr "127.0.0.1:$pbport" --employees 1 >"$work/pb.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 150); do curl -fs "http://127.0.0.1:$pbport/api/health" >/dev/null 2>&1 && break; sleep 0.2; done
  echo "PocketBase, the same load: $(cut -d' ' -f1-3 /proc/loadavg) load average"
  if "$work/eventsload" --pocketbase --url "http://127.0.0.1:$pbport" --pid "$pid" --streams "$streams" --messages "$messages" --every "$every" | tee "$work/pb.out"; then
    ref="PocketBase: delivered $(sed -nE 's/.*: ([0-9]+ of [0-9]+) deliveries.*/\1/p' "$work/pb.out"), p99 $(sed -nE 's/.*p99 ([0-9.]+) ms.*/\1/p' "$work/pb.out") ms, peak RSS $(sed -nE 's/server peak RSS (.*)/\1/p' "$work/pb.out")"
  else
    ref="PocketBase: the run failed ($(tail -1 "$work/pb.out" 2>/dev/null))"
  fi
else
  echo "events bench: PocketBase could not be built, so it is left out: $(tail -1 "$work/pb-build.log")" >&2
fi
[ -n "${BENCH_SUMMARY:-}" ] && echo "SUMMARY $streams event streams, $messages messages $every apart|delivered $delivered, p99 $p99 ms (goal ≤ 25), peak RSS $rss (goal ≤ 150 MB)|$ceiling; $ref|$(awk -v d="$delivered" -v p="${p99:-999999}" -v r="${rss%% *}" 'BEGIN{split(d, x, " of "); ok_d = (x[1] == x[2] && x[1] > 0); print (ok_d && p <= 25 && r <= 150) ? "yes" : ((ok_d && r <= 150) ? "delivery and memory yes, p99 no" : "no")}')" >>"$BENCH_SUMMARY" || true
