#!/usr/bin/env bash
# Inventory at scale: 5,000 items, 50,000 batches, 1,000,000 moves
# on SQLite, then p95 latency of a page of the items list and of a batch page,
# measured with wrk against the real binary. Target: each under 50 ms at p95.
#   ITEMS, BATCHES (per item), MOVES (per batch), DURATION, CONNECTIONS override.
set -euo pipefail
cd "$(dirname "$0")/../.."
items="${ITEMS:-5000}" per_item="${BATCHES:-10}" per_batch="${MOVES:-20}"
duration="${DURATION:-15s}" conns="${CONNECTIONS:-4}"
source scripts/bench/lib.sh
bench_bin
go run ./scripts/bench/inventorygen --db "$work/bench.db" --items "$items" --batches "$per_item" --moves "$per_batch"

bench_serve "$work/bench.db"
bench_login inventory
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
