#!/usr/bin/env bash
# Production at scale (issue 10): a year of entries — 20 lines × 10 hours × 365
# days, each with its consume and produce moves, and the punches of two people
# a line — on SQLite, then p95 latency of the daily report and of the year's
# overview, measured with wrk against the real binary.
# Targets: daily under 50 ms, the year's overview under 150 ms at p95.
#   LINES, HOURS, DAYS, DURATION, CONNECTIONS override.
set -euo pipefail
cd "$(dirname "$0")/../.."
lines="${LINES:-20}" hours="${HOURS:-10}" days="${DAYS:-365}"
duration="${DURATION:-15s}" conns="${CONNECTIONS:-4}"
work="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

bin=./bin/packline
if [ ! -x "$bin" ]; then
  go build -o "$work/packline" ./cmd/packline
  bin="$work/packline"
fi
go run ./scripts/bench/productiongen --db "$work/bench.db" --lines "$lines" --hours "$hours" --days "$days"

port=$(( 20000 + RANDOM % 20000 ))
"$bin" serve --addr "127.0.0.1:$port" --db "$work/bench.db" >"$work/serve.log" 2>&1 &
pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 50); do curl -sf "$url/api/health" >/dev/null && break; sleep 0.2; done
token=$(curl -sf -X POST "$url/api/login" -d '{"email":"bench@packline.local","password":"bench-password"}' |
  sed -E 's/.*"token":"([^"]+)".*/\1/')
[ -n "$token" ] || { echo "production bench: could not sign in" >&2; exit 1; }
to=$(TZ=America/Chicago date +%F)
from=$(TZ=America/Chicago date -d "$to - $(( days - 1 )) days" +%F)
# Daily pages over the year: {n} picks a day.
daypaths=""
for back in 0 1 2 3 4 5 6 30 90 180 300; do
  daypaths+="/api/production/daily?date=$(TZ=America/Chicago date -d "$to - $back days" +%F),"
done

run() { # name, paths
  local name=$1 paths=$2 c
  for c in 1 "$conns"; do
    printf '%-40s c=%-2s' "$name" "$c"
    TOKEN="$token" N=1 PATHS="$paths" wrk -t1 -c"$c" -d"$duration" --timeout 5s \
      -s scripts/bench/inventory.lua "$url" | tail -1
  done
}
# The first overview of the year computes every day's labour from the punches
# and keeps it (production_labour); later reads come from the day summaries.
printf '%-40s %s\n' "overview of the year, first read" \
  "$(curl -sf -o /dev/null -w '%{time_total}s' -H "Authorization: Bearer $token" "$url/api/production/overview?from=$from&to=$to")"
run "daily report (200 entries a day)" "${daypaths%,}"
run "overview of the year" "/api/production/overview?from=$from&to=$to"
