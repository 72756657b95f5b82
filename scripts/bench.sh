#!/usr/bin/env bash
# Performance, measured: Go benchmarks, then every load script in scripts/bench/
# (each starts ./bin/packline on a fresh database of its own and drives it with wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== go benchmarks"
go test -run '^$' -bench . -benchmem ./... 2>&1 | grep -Ev '^(\?|ok|PASS)' || true
command -v wrk >/dev/null || { echo "bench: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }
for s in scripts/bench/*.sh; do
  [ -e "$s" ] || continue
  echo "== $s"
  bash "$s"
done
