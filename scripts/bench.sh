#!/usr/bin/env bash
# Performance, measured: Go benchmarks, then every load script in scripts/bench/
# (each starts ./bin/packline on a fresh database of its own and drives it with
# wrk), only against 127.0.0.1. The scripts' "SUMMARY" lines (each figure, its
# goal and its reference measured in the same run) end as one table, printed
# and written to docs/bench.md with the machine's load average and CPU steal.
# The whole run is bounded (BENCH_BUDGET seconds, default 720): the headline
# figures first (timeclock.sh, timeclock_postgres.sh, streams_nofile.sh,
# events.sh), then the other load scripts and the Go benchmarks while time
# remains; what the budget cuts off is said.
# PostgreSQL: timeclock_postgres.sh measures punches from two instances on
# one database beside pgbench on the same server, on the server of
# BENCH_POSTGRES_URL, else PACKLINE_TEST_POSTGRES_URL's, else the tests'
# default (127.0.0.1:5432) when it answers; it makes a database of its own
# there.
# docs/bench.md's measurement history, from its "<!-- make bench" line on, is kept.
# The pages' first paint in Chromium (web/scripts/page-weight.mjs with its paint
# rounds and the Vuestic reference) runs after the load scripts, before the Go benchmarks.
#   BENCH_GO=0 skips the Go benchmarks, BENCH_PAINT=0 the first paint, BENCH_LIGHTHOUSE=0 Lighthouse; BENCH_SCRIPTS="a.sh b.sh" runs only those load scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "bench: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }
export BENCH_SUMMARY
BENCH_SUMMARY="$(mktemp)"
trap 'rm -f "$BENCH_SUMMARY"' EXIT

# cpu_ticks: the machine's total and steal ticks from /proc/stat.
cpu_ticks() { awk '/^cpu /{t=0; for(i=2;i<=9;i++) t+=$i; print t, $9}' /proc/stat; }
read -r total0 steal0 < <(cpu_ticks)
load0="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u '+%Y-%m-%d %H:%M UTC')"

budget="${BENCH_BUDGET:-720}"
if [ -z "${BENCH_POSTGRES_URL:-}" ]; then
  BENCH_POSTGRES_URL="${PACKLINE_TEST_POSTGRES_URL:-}"
  if [ -z "$BENCH_POSTGRES_URL" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
    BENCH_POSTGRES_URL="postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
  fi
fi
export BENCH_POSTGRES_URL
start=$SECONDS
left() { echo $(( budget - (SECONDS - start) )); }
# run_bounded NAME CMD...: runs CMD within what is left of the budget.
run_bounded() {
  local name=$1
  shift
  if [ "$(left)" -le 20 ]; then
    echo "bench: $name skipped, the run's ${budget}s budget is spent" >&2
    return
  fi
  echo "== $name"
  timeout --kill-after=15 "$(left)" "$@" || echo "bench: $name failed or was cut off by the budget" >&2
}
for s in ${BENCH_SCRIPTS:-scripts/bench/timeclock.sh scripts/bench/timeclock_postgres.sh scripts/bench/streams_nofile.sh scripts/bench/events.sh scripts/bench/*.sh}; do
  [ -e "$s" ] || continue
  case "$s" in */lib.sh) continue ;; esac # sourced by the others
  case " ${done_scripts:-} " in *" $s "*) continue ;; esac
  done_scripts="${done_scripts:-} $s"
  run_bounded "$s" bash "$s"
done
# The pages' first paint (median of cold loads, as is and on a slow tablet's profile) and
# its ratio to Vuestic Admin's login measured in the same run (bench/vuestic/build.sh),
# failing above the goal (--strict-paint): timings, so here on a machine kept quiet rather
# than in `make test`, which checks only the bytes and request waves (--quick).
if [ "${BENCH_PAINT:-1}" != 0 ]; then
  if [ -x "${PACKLINE_CHROMIUM:-/usr/bin/chromium}" ]; then
    port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
    run_bounded "page weight and first paint" env -C web PACKLINE_E2E_PORT="$port" node scripts/page-weight.mjs --strict-paint
  else
    echo "bench: page weight and first paint skipped, Chromium is missing (apt-get install -y chromium)" >&2
  fi
fi
# Lighthouse 12.2.3 (web/bench/lighthouse, installed here on first use, never by the app or its
# tests) on the five pages, phone and desktop: its scores, paints, blocking time and layout
# shift, and the goals it checks, into the summary.
if [ "${BENCH_LIGHTHOUSE:-1}" != 0 ] && [ -x "${PACKLINE_CHROMIUM:-/usr/bin/chromium}" ]; then
  [ -d web/bench/lighthouse/node_modules ] || (cd web/bench/lighthouse && npm ci --no-audit --no-fund >/dev/null)
  port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  run_bounded "lighthouse" env -C web PACKLINE_E2E_PORT="$port" node bench/lighthouse/run.mjs
fi
if [ "${BENCH_GO:-1}" != 0 ]; then
  run_bounded "go benchmarks" bash -c "go test -run '^\$' -bench . -benchmem -benchtime 200ms ./... 2>&1 | grep -Ev '^(\?|ok|PASS)' || true"
fi

read -r total1 steal1 < <(cpu_ticks)
load1="$(cut -d' ' -f1-3 /proc/loadavg)"
steal="$(awk -v a="$total0" -v b="$total1" -v c="$steal0" -v d="$steal1" 'BEGIN{ if (b>a) printf "%.1f%%", 100*(d-c)/(b-a); else print "?" }')"
history="$(sed -n '/^<!-- make bench/,$p' docs/bench.md 2>/dev/null || true)"
{
  echo "# make bench: the figures against their goals and references"
  echo
  echo "Written by \`make bench\` (scripts/bench.sh), $started, on $(nproc) cores, load generator on the same machine."
  echo "Load average at the start $load0, at the end $load1; CPU steal over the run $steal."
  echo "Each reference is measured in the same run, right beside its figure."
  echo
  echo "| what | figure (goal) | reference, same run | goal met |"
  echo "|---|---|---|---|"
  sed -n 's/^SUMMARY //p' "$BENCH_SUMMARY" | awk -F'|' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }'
  if [ -n "$history" ]; then
    echo
    printf '%s\n' "$history"
  fi
} >docs/bench.md
echo "== summary (docs/bench.md)"
cat docs/bench.md
