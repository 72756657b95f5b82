#!/usr/bin/env bash
# Refused event streams cost nothing: ./bin/packline on SQLite under an
# open-file limit of 800 (soft and hard), 30 accounts signed in four times
# each try 40 live event streams each, all 1,200 at once, over connections
# the clients hold open whatever the answer (scripts/bench/streamflood),
# while the health check and the kiosk list are asked without pause. It
# reports how the attempts were answered (200, or 429 for a cap, or 503;
# nothing else), the slowest health check or kiosk list meanwhile (goal:
# 2 s), and whether the server logged "too many open files" (goal: never).
# A "SUMMARY" line goes to $BENCH_SUMMARY when set.
#   LIMIT, ACCOUNTS, ATTEMPTS override 800, 30, 40.
set -euo pipefail
cd "$(dirname "$0")/../.."
limit="${LIMIT:-800}" accounts="${ACCOUNTS:-30}" attempts="${ATTEMPTS:-40}"
source scripts/bench/lib.sh
bench_bin
go build -o "$work/streamflood" ./scripts/bench/streamflood
for i in $(seq 1 "$accounts"); do
  "$bin" user create --db "$work/bench.db" --email "staff$i@packline.local" --password bench-password --first Staff --last "No$i" >/dev/null
done
port=$(( 20000 + RANDOM % 20000 ))
url="http://127.0.0.1:$port"
(ulimit -n "$limit" && exec "$bin" serve --addr "127.0.0.1:$port" --db "$work/bench.db" >"$work/serve.log" 2>&1) &
pid=$!
for _ in $(seq 1 100); do curl -sf "$url/api/health" >/dev/null && break; sleep 0.2; done
limits="$( (grep -m1 '"serving within these limits"' "$work/serve.log" || true) |
  sed -E 's/.*"open_file_limit":([0-9]+).*"connections":([0-9]+),"streams":([0-9]+).*/open files \1, connections \2, streams \3/')"
limits="${limits:-open files $limit}"
echo "server: $limits"
for round in 1 2 3 4; do
  for i in $(seq 1 "$accounts"); do
    curl -sf -X POST "$url/api/login" -H 'Content-Type: application/json' -d "{\"email\":\"staff$i@packline.local\",\"password\":\"bench-password\"}" |
      sed -E 's/.*"token":"([^"]+)".*/\1/'
    echo
  done
done >"$work/tokens"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/streamflood" --url "$url" --attempts $((accounts * attempts)) <"$work/tokens" | tee "$work/flood.out"
r="$(grep '^RESULT' "$work/flood.out")"
field() { sed -E "s/.* $1=([0-9.]+).*/\\1/" <<<"$r"; }
emfile="$(grep -c 'too many open files' "$work/serve.log" || true)"
echo "\"too many open files\" in the server's log: $emfile"
other="$(field other)" fails="$(field check_failures)" slowest="$(field check_max_ms)"
met="$(awk -v o="$other" -v f="$fails" -v s="$slowest" -v e="$emfile" 'BEGIN{ print (o == 0 && f == 0 && s <= 2000 && e == 0) ? "yes" : "no" }')"
[ -n "${BENCH_SUMMARY:-}" ] && echo "SUMMARY refused streams, open-file limit $limit, $accounts accounts × $attempts attempts at once|$(field attempts) answered: $(field ok) streams, $(field refused) × 429, $(field unavailable) × 503, $other otherwise (goal 0); health check and kiosk list meanwhile slowest $slowest ms, p50 $(field check_p50_ms) ms, $fails failed (goal ≤ 2000 ms, 0); \"too many open files\" logged $emfile times (goal 0)|$limits (load $(cut -d' ' -f1-3 /proc/loadavg))|$met" >>"$BENCH_SUMMARY"
exit 0
