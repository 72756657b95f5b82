#!/usr/bin/env bash
# Inventory at scale (issue 5): 5,000 items, 50,000 batches, 1,000,000 moves
# on SQLite, then p95 latency of a page of the items list and of a batch page,
# measured with wrk against the real binary. Target: each under 50 ms at p95.
#   ITEMS, BATCHES (per item), MOVES (per batch), DURATION, CONNECTIONS override.
set -euo pipefail
cd "$(dirname "$0")/../.."
items="${ITEMS:-5000}" per_item="${BATCHES:-10}" per_batch="${MOVES:-20}"
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
go run ./scripts/bench/inventorygen --db "$work/bench.db" --items "$items" --batches "$per_item" --moves "$per_batch"

port=$(( 20000 + RANDOM % 20000 ))
"$bin" serve --addr "127.0.0.1:$port" --db "$work/bench.db" >"$work/serve.log" 2>&1 &
pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 50); do curl -sf "$url/api/health" >/dev/null && break; sleep 0.2; done
token=$(curl -sf -X POST "$url/api/login" -d '{"email":"bench@packline.local","password":"bench-password"}' |
  sed -E 's/.*"token":"([^"]+)".*/\1/')
[ -n "$token" ] || { echo "inventory bench: could not sign in" >&2; exit 1; }
pages=$(( items / 25 ))
batches=$(( items * per_item ))

run() { # name, N, paths
  local name=$1 n=$2 paths=$3 c
  for c in 1 "$conns"; do
    printf '%-44s c=%-2s' "$name" "$c"
    TOKEN="$token" N="$n" PATHS="$paths" wrk -t1 -c"$c" -d"$duration" --timeout 5s \
      -s scripts/bench/inventory.lua "$url" | tail -1
  done
}
run "items list page (sort name/sku/on_hand)" "$pages" \
  "/api/inventory/items?page={n}&page_size=25,/api/inventory/items?page={n}&page_size=25&sort=sku,/api/inventory/items?page={n}&page_size=25&sort=on_hand&order=desc"
run "items list filtered (search/kind/low/expiring)" 9 \
  "/api/inventory/items?search=sku-0{n},/api/inventory/items?search=rice&page={n},/api/inventory/items?kind=packaging&page={n},/api/inventory/items?low_stock=true&page={n},/api/inventory/items?expiring_within_days=3{n}&sort=sku"
run "batch page (batch with its moves)" "$batches" "/api/inventory/batches/{n}"
