#!/usr/bin/env bash
# Kiosk punches on PostgreSQL, as a group that outgrew one machine runs
# them: two instances of ./bin/packline on one database, 300 employees
# (employee n has PIN 1000+n), full punches (validate-pin, then clockin or
# clockout with its token, synchronous_commit on) from 16 connections, 8 on
# each instance, each instance's kiosks punching their own half of the
# employees (scripts/bench/punch.lua's parts), from 50 kiosk addresses.
# Beside it, in the same run and on the same server, the reference:
# pgbench's single-row INSERT (one durable transaction each) from 16
# clients. It prints and reports (a "SUMMARY" line to $BENCH_SUMMARY) the
# punches per second and their ratio to pgbench's transactions per second
# (goal ≥ 0.3×), the p50 and p99 of the punch requests of both instances
# together (goal p99 ≤ 50 ms), the errors, and checks the database after:
# every acknowledged punch is there once, and no employee's state was
# doubled (two ins or two outs in a row).
#
# BENCH_POSTGRES_URL names a database on the server to connect to
# (postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable, say): the
# script makes a database of its own there and drops it at the end. Without
# it the script says so and does nothing.
# Env: DURATION (default 10s), BIN (default ./bin/packline).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${BIN:-./bin/packline}"
DURATION="${DURATION:-10s}"
N=300
here=scripts/bench
admin="${BENCH_POSTGRES_URL:-}"
if [ -z "$admin" ]; then
  echo "postgres bench: skipped, BENCH_POSTGRES_URL is not set (a database on a PostgreSQL server; a database of the bench's own is made there)"
  exit 0
fi
command -v wrk >/dev/null || { echo "postgres bench: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }
[ -x "$BIN" ] || { echo "postgres bench: $BIN is missing (make build)" >&2; exit 1; }
pgtool() { command -v "$1" 2>/dev/null || ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -1; }
pgbench="$(pgtool pgbench)" psql="$(pgtool psql)"
[ -n "$pgbench" ] && [ -n "$psql" ] || { echo "postgres bench: pgbench and psql are needed (they come with PostgreSQL)" >&2; exit 1; }

name="packline_bench_$$"
# The bench's database: the URL's path replaced by its name.
url_for() { sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$1#" <<<"$admin"; }
dburl="$(url_for "$name")"
tmp="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  "$psql" -q "$admin" -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
summary() { [ -n "${BENCH_SUMMARY:-}" ] && echo "$1" >>"$BENCH_SUMMARY" || true; }
"$psql" -q -v ON_ERROR_STOP=1 "$admin" -c "CREATE DATABASE $name" >/dev/null
sql() { "$psql" -qAt -v ON_ERROR_STOP=1 "$dburl" -c "$1"; }

"$BIN" user create --db "$dburl" --email bench@packline.local --password bench-password --first Bench --last Runner >/dev/null
secret="bench-secret-$(date +%s)-0123456789abcdef0123456789"
base=$(( 20000 + RANDOM % 20000 ))
urls=()
for i in 0 1; do
  port=$((base + i))
  # Each instance logs every request at info level, as in production, into a file.
  "$BIN" serve --addr "127.0.0.1:$port" --db "$dburl" --trusted-proxies 127.0.0.1/32 --secret "$secret" >"$tmp/out$i.log" 2>"$tmp/server$i.log" &
  pids+=($!)
  urls+=("http://127.0.0.1:$port")
done
for u in "${urls[@]}"; do
  for _ in $(seq 1 600); do curl -fs "$u/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
  curl -fs "$u/api/health" >/dev/null || { echo "postgres bench: $u does not answer" >&2; tail -5 "$tmp"/server*.log >&2; exit 1; }
done
url="${urls[0]}"
token="$(curl -fs "$url/api/login" -H 'Content-Type: application/json' \
  -d '{"email":"bench@packline.local","password":"bench-password"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')"
last=""
for i in $(seq 1 $N); do
  last="$(curl -fs "$url/api/employees" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"first_name\":\"Bench$i\",\"last_name\":\"Employee$(printf %03d "$i")\",\"pin\":\"$((1000 + i))\"}")"
done
case "$last" in *"\"employee_id\":$N,"*) ;; *) echo "postgres bench: seeding did not give ids 1..$N: $last" >&2; exit 1 ;; esac
echo "two instances on one PostgreSQL database ($(sql 'SHOW server_version'), synchronous_commit $(sql 'SHOW synchronous_commit')), $N employees"

cpu_ticks() { awk '/^cpu /{t=0; for(i=2;i<=9;i++) t+=$i; print t, $9}' /proc/stat; }
read -r total0 steal0 < <(cpu_ticks)
load0="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "load average at the start: $load0"
secs="$(sed -E 's/s$//' <<<"$DURATION")"

# percentiles FILE: p50 and p99 in ms of "microseconds count" lines.
percentiles() {
  sort -n "$1" | awk '{ v[NR] = $1; c[NR] = $2; n += $2 }
    END { if (n == 0) { print "- -"; exit }
      p50 = 0; p99 = 0; s = 0
      for (i = 1; i <= NR; i++) { s += c[i]; if (!p50 && s >= 0.50 * n) p50 = v[i]; if (!p99 && s >= 0.99 * n) p99 = v[i] }
      printf "%.2f %.2f\n", p50 / 1000, p99 / 1000 }'
}

# The reference: pgbench's single-row INSERT, each its own durable
# transaction, from 16 clients, on the same server, just before the punches.
sql "CREATE TABLE bench_insert (id BIGSERIAL PRIMARY KEY, n INTEGER NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now())"
printf '\\set n random(1, 1000000)\nINSERT INTO bench_insert (n) VALUES (:n);\n' >"$tmp/insert.sql"
(cd "$tmp" && "$pgbench" -n -c 16 -j 2 -T "$secs" -f insert.sql -l --log-prefix=pgblog "$dburl") >"$tmp/pgbench.out" 2>&1 ||
  { cat "$tmp/pgbench.out" >&2; echo "postgres bench: pgbench failed" >&2; exit 1; }
reftps="$(sed -nE 's/^tps = ([0-9.]+) .*without initial connection time.*/\1/p' "$tmp/pgbench.out" | cut -d. -f1)"
reffail="$(sed -nE 's/^number of failed transactions: ([0-9]+).*/\1/p' "$tmp/pgbench.out")"
awk '{ n[$3]++ } END { for (v in n) print v, n[v] }' "$tmp"/pgblog.* >"$tmp/pgbench.hist" # the third field: latency in µs
read -r refp50 refp99 < <(percentiles "$tmp/pgbench.hist")
printf '%-44s %10s %8s %8s %7s\n' "" "per s" "p50 ms" "p99 ms" "errors"
printf '%-44s %10s %8s %8s %7s\n' "reference: pgbench single-row INSERT, 16" "$reftps" "$refp50" "$refp99" "${reffail:-0}"

# cpu_of PIDS...: their user and system CPU time together, in clock ticks.
cpu_of() { for p in "$@"; do awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null || echo 0; done | awk '{ s += $1 } END { print s + 0 }'; }
backends() { sql "SELECT pid FROM pg_stat_activity WHERE datname = '$name' AND pid <> pg_backend_pid()"; }

# The punches: 8 connections on each instance, at once.
cpu_packline0="$(cpu_of "${pids[@]}")"
for i in 0 1; do
  PUNCH_HISTOGRAM="$tmp/punch$i.hist" wrk -t1 -c8 -d"$DURATION" -s "$here/punch.lua" "${urls[$i]}" -- 1 $N "$i" 2 >"$tmp/wrk$i.out" 2>&1 &
  wrks[$i]=$!
done
sleep 1
be="$(backends)"
cpu_pg0="$(cpu_of $be)"
wait "${wrks[0]}" "${wrks[1]}" || true
cpu_packline1="$(cpu_of "${pids[@]}")" cpu_pg1="$(cpu_of $be)"
punches=0 failures=0 errors=0 seconds=0
for i in 0 1; do
  r="$(grep '^RESULT' "$tmp/wrk$i.out")" || { cat "$tmp/wrk$i.out" >&2; echo "postgres bench: wrk $i failed" >&2; exit 1; }
  punches=$((punches + $(sed -E 's/.*punches=([0-9]+).*/\1/' <<<"$r")))
  failures=$((failures + $(sed -E 's/.*failures=([0-9]+).*/\1/' <<<"$r")))
  errors=$((errors + $(sed -E 's/.*errors=([0-9]+).*/\1/' <<<"$r")))
  seconds="$(awk -v a="$seconds" -v b="$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<<"$r")" 'BEGIN{print (b > a) ? b : a}')"
  sockets="$(sed -nE 's/.*Socket errors: (.*)/\1/p' "$tmp/wrk$i.out")"
  echo "instance $((i + 1)): answers refused or unexpected by status: $(sed -E 's/.*failed=([^ ]+).*/\1/' <<<"$r")${sockets:+; socket errors: $sockets}"
done
cat "$tmp/punch0.hist" "$tmp/punch1.hist" >"$tmp/punch.hist"
read -r p50 p99 < <(percentiles "$tmp/punch.hist")
pps="$(awk -v p="$punches" -v s="$seconds" 'BEGIN{printf "%.0f", p / s}')"
bad=$((failures + errors))
printf '%-44s %10s %8s %8s %7s\n' "full punches, two instances, 8 + 8 conns" "$pps" "$p50" "$p99" "$bad"
# CPU a punch costs (PostgreSQL's from its backends serving the instances,
# counted from a second into the load: nearly all of it), whatever else the
# machine runs.
tick="$(getconf CLK_TCK)"
echo "CPU a punch: Packline $(awk -v a="$cpu_packline0" -v b="$cpu_packline1" -v n="$punches" -v t="$tick" 'BEGIN{ printf "%.0f", (b - a) / t / n * 1e6 }') µs (both instances), PostgreSQL $(awk -v a="$cpu_pg0" -v b="$cpu_pg1" -v n="$punches" -v s="$seconds" -v t="$tick" 'BEGIN{ printf "%.0f", (b - a) / t / (n * (s - 1) / s) * 1e6 }') µs (its backends)"
read -r total1 steal1 < <(cpu_ticks)
load1="$(cut -d' ' -f1-3 /proc/loadavg)"
steal="$(awk -v a="$total0" -v b="$total1" -v c="$steal0" -v d="$steal1" 'BEGIN{ if (b>a) printf "%.1f%%", 100*(d-c)/(b-a); else print "?" }')"
echo "load average at the end: $load1; CPU steal meanwhile $steal"

# What the database holds: every acknowledged punch, and no state doubled.
sleep 1 # the last requests wrk left in flight finish
recorded="$(sql "SELECT COUNT(*) FROM punches")"
doubled="$(sql "SELECT COUNT(*) FROM (SELECT kind, LAG(kind) OVER (PARTITION BY employee_id ORDER BY at, id) AS prev FROM punches) p WHERE kind = prev")"
astray="$(sql "SELECT COUNT(*) FROM employees e WHERE e.clock_status <> COALESCE((SELECT CASE p.kind WHEN 'in' THEN 'clocked_in' ELSE 'clocked_out' END
  FROM punches p WHERE p.employee_id = e.id ORDER BY p.at DESC, p.id DESC LIMIT 1), 'clocked_out')")"
inflight=$((recorded - punches))
check="recorded $recorded punches for $punches acknowledged ($inflight in flight when the load stopped, at most 16), $doubled doubled states, $astray employees whose state is not their last punch"
echo "$check"
ok=yes
if [ "$inflight" -lt 0 ] || [ "$inflight" -gt 16 ] || [ "$doubled" != 0 ] || [ "$astray" != 0 ]; then
  ok=no
  echo "postgres bench: the database does not hold the punches as acknowledged" >&2
fi
ratio="$(awk -v a="$pps" -v b="$reftps" 'BEGIN{ if (b > 0) printf "%.2f", a / b; else print "?" }')"
met="$(awk -v r="$ratio" -v p="$p99" -v e="$bad" -v ok="$ok" 'BEGIN{ print (r >= 0.3 && p <= 50 && e == 0 && ok == "yes") ? "yes" : "no" }')"
summary "SUMMARY full punches (PostgreSQL, two instances on one database), 16 connections|$pps punches/s (${ratio}× pgbench; goal ≥ 0.3×), p50 $p50 ms, p99 $p99 ms (goal ≤ 50), $bad errors; $recorded recorded for $punches acknowledged, $doubled doubled|pgbench single-row INSERT from 16 clients, same server, just before: $reftps tx/s, p50 $refp50 ms, p99 $refp99 ms (load $load0 → $load1)|$met"
