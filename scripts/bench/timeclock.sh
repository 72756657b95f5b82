#!/usr/bin/env bash
# Load test of the employee kiosk: starts ./bin/packline on a fresh SQLite
# database, adds 300 employees through the office API (employee n has PIN
# 1000+n), then drives it with wrk at 16 and 64 connections:
#   - GET /api/employees (the kiosk's list), gzipped as browsers ask, and plain
#   - full punches: validate-pin, then clockin or clockout with its token
# and prints requests/s, punches/s and p99 latency. Punches come from 50
# kiosks (one address each, given in X-Forwarded-For by a trusted proxy), as
# a site's tablets would: the PIN throttle allows 30 PIN checks in flight per
# address, which one address with 64 connections would exceed.
# Beside them, in the same run, the references: bare net/http
# serving the list's gzipped bytes ready-made (scripts/bench/readyserve: the
# ceiling for an answer already made) and raw SQLite's single-row FULL-sync
# transactions from 16 writers (scripts/bench/rawsqlite). Each figure is also
# appended as a line "SUMMARY name|figure|reference" to $BENCH_SUMMARY when set.
# Env: DURATION (default 10s), PORT (default 18765), BIN (default ./bin/packline).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${BIN:-./bin/packline}"
PORT="${PORT:-18765}"
DURATION="${DURATION:-10s}"
N=300
here=scripts/bench
command -v wrk >/dev/null || { echo "timeclock bench: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }
[ -x "$BIN" ] || { echo "timeclock bench: $BIN is missing (make build)" >&2; exit 1; }

tmp="$(mktemp -d)"
pid=""
refpid=""
cleanup() {
  [ -n "$refpid" ] && kill "$refpid" 2>/dev/null && wait "$refpid" 2>/dev/null
  [ -n "${pbpid:-}" ] && kill "$pbpid" 2>/dev/null && wait "$pbpid" 2>/dev/null
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
summary() { [ -n "${BENCH_SUMMARY:-}" ] && echo "$1" >>"$BENCH_SUMMARY" || true; }
go build -o "$tmp/readyserve" ./scripts/bench/readyserve
go build -o "$tmp/rawsqlite" ./scripts/bench/rawsqlite
# PocketBase, in its own module (never Packline's go.mod); without it the
# other references still run.
pbpid=""
if ! (cd scripts/bench/pocketbase && go build -o "$tmp/pocketbase" .) >"$tmp/pb-build.log" 2>&1; then
  echo "timeclock bench: PocketBase could not be built, so it is left out: $(tail -1 "$tmp/pb-build.log")" >&2
fi
trap cleanup EXIT

db="${BENCH_DB:-$tmp/bench.db}" # BENCH_DB: an empty PostgreSQL database instead (postgres://…)
engine=SQLite; case "$db" in postgres*) engine=PostgreSQL ;; esac
"$BIN" user create --db "$db" --email bench@packline.local --password bench-password --first Bench --last Runner >/dev/null
# The proxy in front of the kiosks is this machine.
help="$("$BIN" serve --help 2>&1 || true)"
if [[ "$help" == *-trusted-proxies* ]]; then proxy=(--trusted-proxies 127.0.0.1/32); else proxy=(--trust-proxy); fi
# The server logs every request at info level, as in production, into a file.
secret=(); [ "$engine" = PostgreSQL ] && secret=(--secret "bench-secret-$(date +%s)-0123456789abcdef0123456789")
"$BIN" serve --addr "127.0.0.1:$PORT" --db "$db" "${proxy[@]}" "${secret[@]}" >"$tmp/out.log" 2>"$tmp/server.log" &
pid=$!
url="http://127.0.0.1:$PORT"
for _ in $(seq 1 600); do curl -fs "$url/api/health" >/dev/null 2>&1 && break; sleep 0.1; done # up to 60 s: migrating a new PostgreSQL database takes a while on a busy machine

token="$(curl -fs "$url/api/login" -H 'Content-Type: application/json' \
  -d '{"email":"bench@packline.local","password":"bench-password"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')"
last=""
for i in $(seq 1 $N); do
  last="$(curl -fs "$url/api/employees" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"first_name\":\"Bench$i\",\"last_name\":\"Employee$(printf %03d "$i")\",\"pin\":\"$((1000 + i))\"}")"
done
case "$last" in *"\"employee_id\":$N,"*) ;; *) echo "timeclock bench: seeding did not give ids 1..$N: $last" >&2; exit 1 ;; esac
bytes="$(curl -fs "$url/api/employees" | wc -c)"
echo "seeded $N employees; GET /api/employees is $bytes bytes"

# The ceiling: the same gzipped bytes, ready-made, from bare net/http.
curl -fs -H 'Accept-Encoding: gzip' "$url/api/employees" -o "$tmp/list.json.gz"
refport=$((PORT + 1))
"$tmp/readyserve" --addr "127.0.0.1:$refport" --gz "$tmp/list.json.gz" &
refpid=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$refport/" -o /dev/null && break; sleep 0.1; done

cpu_ticks() { awk '/^cpu /{t=0; for(i=2;i<=9;i++) t+=$i; print t, $9}' /proc/stat; }
read -r total0 steal0 < <(cpu_ticks)
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %6s %12s %12s %9s\n' "scenario" "conns" "requests/s" "punches/s" "p99 ms"
list16="" ready16=""
# As a kiosk browser asks (Accept-Encoding: gzip), and uncompressed.
for enc in gzip identity; do
  for c in 16 64; do
    r="$(wrk -t2 -c"$c" -d"$DURATION" -H "Accept-Encoding: $enc" -s "$here/list.lua" "$url/api/employees" | grep '^RESULT')"
    rps="$(sed -E 's/.*requests_per_s=([0-9]+).*/\1/' <<<"$r")"
    p99="$(sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$r")"
    err="$(sed -E 's/.*errors=([0-9]+).*/\1/' <<<"$r")"
    printf '%-34s %6s %12s %12s %9s%s\n' "GET /api/employees ($enc)" "$c" "$rps" "-" "$p99" "$([ "$err" != 0 ] && echo "  ($err errors)")"
    if [ "$enc" = gzip ] && [ "$c" = 16 ]; then
      list16=$rps
      # The reference right after, in the same conditions.
      r="$(wrk -t2 -c16 -d"$DURATION" -H "Accept-Encoding: gzip" -s "$here/list.lua" "http://127.0.0.1:$refport/api/employees" | grep '^RESULT')"
      ready16="$(sed -E 's/.*requests_per_s=([0-9]+).*/\1/' <<<"$r")"
      printf '%-34s %6s %12s %12s %9s\n' "  reference: bare net/http, ready" 16 "$ready16" "-" "$(sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$r")"
      pb16="not measured"
      if [ -x "$tmp/pocketbase" ]; then
        # PocketBase's equivalent: its employees collection, 300 records, one page, gzipped.
        "$tmp/pocketbase" --dir "$tmp/pb" --addr "127.0.0.1:$((PORT + 2))" --employees $N >"$tmp/pb.log" 2>&1 &
        pbpid=$!
        for _ in $(seq 1 150); do curl -fs "http://127.0.0.1:$((PORT + 2))/api/health" >/dev/null 2>&1 && break; sleep 0.2; done
        r="$(wrk -t2 -c16 -d"$DURATION" -H "Accept-Encoding: gzip" -s "$here/list.lua" "http://127.0.0.1:$((PORT + 2))/api/collections/employees/records?perPage=500&skipTotal=1" | grep '^RESULT')"
        kill "$pbpid" 2>/dev/null && wait "$pbpid" 2>/dev/null || true
        pbpid=""
        pb16="$(sed -E 's/.*requests_per_s=([0-9]+).*/\1/' <<<"$r")"
        printf '%-34s %6s %12s %12s %9s\n' "  reference: PocketBase list" 16 "$pb16" "-" "$(sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$r")"
        pb16="$pb16 req/s ($(awk -v a="$list16" -v b="$pb16" 'BEGIN{printf "%.0f", a/b}')× fewer than Packline)"
      fi
      summary "SUMMARY kiosk list, gzip, 16 connections|$list16 req/s ($(awk -v a="$list16" -v b="$ready16" 'BEGIN{printf "%.2f", a/b}')× the ceiling; goal ≥ 0.7×)|bare net/http, same bytes ready-made: $ready16 req/s; PocketBase's list: $pb16|$(awk -v a="$list16" -v b="$ready16" 'BEGIN{print (a >= 0.7*b) ? "yes" : "no"}')"
    fi
  done
done
kill "$refpid" 2>/dev/null && wait "$refpid" 2>/dev/null || true
refpid=""
# Raw SQLite: single-row transactions, each fsynced, 16 writers.
raw="$("$tmp/rawsqlite" --db "$tmp/raw.db" --writers 16 --duration "$DURATION" | grep '^RESULT')"
rawtps="$(sed -E 's/.*tx_per_s=([0-9]+).*/\1/' <<<"$raw")"
printf '%-34s %6s %12s %12s %9s\n' "  reference: raw SQLite FULL tx" 16 "$rawtps" "-" "$(sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$raw")"

for c in 16 64; do
  r="$(wrk -t2 -c"$c" -d"$DURATION" -s "$here/punch.lua" "$url" -- 2 $N | grep '^RESULT')"
  rps="$(sed -E 's/.*requests_per_s=([0-9]+).*/\1/' <<<"$r")"
  pps="$(sed -E 's/.*punches_per_s=([0-9]+).*/\1/' <<<"$r")"
  p99="$(sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$r")"
  fail="$(sed -E 's/.*failures=([0-9]+).*/\1/' <<<"$r")"
  printf '%-34s %6s %12s %12s %9s%s\n' "punch (validate-pin + clock)" "$c" "$rps" "$pps" "$p99" "$([ "$fail" != 0 ] && echo "  ($fail failed)")"
  if [ "$c" = 16 ]; then
    summary "SUMMARY full punches ($engine), 16 connections|$pps punches/s ($(awk -v a="$pps" -v b="$rawtps" 'BEGIN{printf "%.2f", a/b}')× raw; goal ≥ 1.0×), p99 $p99 ms (goal ≤ 20)|raw SQLite, single-row FULL-sync transactions, 16 writers: $rawtps tx/s|$(awk -v a="$pps" -v b="$rawtps" -v p="$p99" 'BEGIN{print (a >= b && p <= 20) ? "yes" : (a >= b ? "rate yes, p99 no" : "no")}')"
  fi
done
read -r total1 steal1 < <(cpu_ticks)
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); CPU steal meanwhile $(awk -v a="$total0" -v b="$total1" -v c="$steal0" -v d="$steal1" 'BEGIN{ if (b>a) printf "%.1f%%", 100*(d-c)/(b-a); else print "?" }')"
punches="$(curl -fs "$url/api/staff/timeclock/now" -H "Authorization: Bearer $token" | sed -E 's/.*"count":([0-9]+).*/\1/')"
echo "clocked in at the end: $punches of $N"
