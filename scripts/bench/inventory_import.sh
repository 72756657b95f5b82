#!/usr/bin/env bash
# A large inventory import next to the kiosk, on SQLite,
# where both share the one writer: starts ./bin/packline on a fresh database,
# adds 100 employees, then
# and has CONNECTIONS kiosk tablets punch (validate-pin, then clock in or
# out) without pause while 5,000-row CSV imports (2,500 new items, 5,000
# batches) run one at a time, two seconds apart (scripts/bench/importpunch).
# It prints each import's time and the p50/p99 of the punch requests that
# started while an import ran, and of the others.
# Targets: an import well under a second; a punch's p99 under 100 ms during one.
# Env: CONNECTIONS (default 4), IMPORTS (default 3), BIN.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${BIN:-./bin/packline}"
conns="${CONNECTIONS:-4}"
N=100
[ -x "$BIN" ] || { echo "import bench: $BIN is missing (make build)" >&2; exit 1; }

tmp="$(mktemp -d)"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

db="$tmp/bench.db"
port=$(( 20000 + RANDOM % 20000 ))
"$BIN" user create --db "$db" --email bench@packline.local --password bench-password --first Bench --last Runner >/dev/null
"$BIN" serve --addr "127.0.0.1:$port" --db "$db" >"$tmp/out.log" 2>"$tmp/server.log" &
pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fs "$url/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
token="$(curl -fs "$url/api/login" -H 'Content-Type: application/json' \
  -d '{"email":"bench@packline.local","password":"bench-password"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')"
for i in $(seq 1 $N); do
  curl -fs "$url/api/employees" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"first_name\":\"Bench$i\",\"last_name\":\"Employee$(printf %03d "$i")\",\"pin\":\"$((1000 + i))\"}" >/dev/null
done

# 5,000 rows, 2,500 new items each with two batches; {P} is each import's SKU prefix.
awk 'BEGIN {
  print "sku,name,kind,unit,category,location,reorder_level,batch_code,quantity,received_at,expires_at,source,source_type"
  for (i = 0; i < 5000; i++) {
    item = int(i / 2)
    if (i % 2 == 0)
      printf "{P}-%05d,Imported item %d,raw_material,kg,Grains,Dry store %d,10,L%d,250.5,2025-08-01,2026-08-01,Harvest Foods,supplier\n", item, item, item % 7, i
    else
      printf "{P}-%05d,,,,,,,L%d,12,2025-08-02,2026-09-01,,\n", item, i
  }
}' >"$tmp/import.csv"

go run ./scripts/bench/importpunch --url "$url" --token "$token" --employees $N --workers "$conns" \
  --imports "${IMPORTS:-3}" --csv "$tmp/import.csv"
