#!/usr/bin/env bash
# Production at scale: a year of entries — 20 lines × 10 hours × 365
# days, each with its consume and produce moves, and the punches of two people
# a line — on SQLite, then p95 latency of the daily report and of the year's
# overview, measured with wrk against the real binary.
# Targets: daily under 50 ms, the year's overview under 150 ms at p95.
#   LINES, HOURS, DAYS, DURATION, CONNECTIONS override.
set -euo pipefail
cd "$(dirname "$0")/../.."
lines="${LINES:-20}" hours="${HOURS:-10}" days="${DAYS:-365}"
duration="${DURATION:-15s}" conns="${CONNECTIONS:-4}"
source scripts/bench/lib.sh
bench_bin
go run ./scripts/bench/productiongen --db "$work/bench.db" --lines "$lines" --hours "$hours" --days "$days"

bench_serve "$work/bench.db"
bench_login production
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
