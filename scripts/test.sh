#!/usr/bin/env bash
# Runs Packline's tests. With no argument: all of them (go, web, e2e).
#
# PostgreSQL: PACKLINE_TEST_POSTGRES_URL, or a local server on 127.0.0.1:5432
# (database "test") if one answers. Chromium: /usr/bin/chromium.
# Where either is missing the matching tests are skipped with one clear line,
# unless CI=true, where both are required.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=("${@:-go web e2e}")
parts=(${parts[@]})
ci="${CI:-false}"

want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

if want go; then
  if [ -z "${PACKLINE_TEST_POSTGRES_URL:-}" ]; then
    candidate="postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
    if command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; then
      export PACKLINE_TEST_POSTGRES_URL="$candidate"
    elif [ "$ci" = "true" ]; then
      echo "packline: PostgreSQL is required in CI but none answers on 127.0.0.1:5432 (set PACKLINE_TEST_POSTGRES_URL)" >&2
      exit 1
    else
      echo "packline: PostgreSQL not found on 127.0.0.1:5432 — Go tests run on SQLite only (set PACKLINE_TEST_POSTGRES_URL to include it)"
    fi
  fi
  echo "== go test -race (SQLite${PACKLINE_TEST_POSTGRES_URL:+ and PostgreSQL})"
  go vet ./...
  go test -race -count=1 ./...
fi

if want web; then
  echo "== locale parity"
  if [ -x ../shared/tools/locale-parity ]; then ../shared/tools/locale-parity web; fi
  echo "== web: typecheck, lint, vitest"
  (cd web && npm run lint && npm test)
fi

if want e2e; then
  chromium="${PACKLINE_CHROMIUM:-/usr/bin/chromium}"
  if [ ! -x "$chromium" ]; then
    if [ "$ci" = "true" ]; then
      echo "packline: Chromium is required in CI but $chromium is missing (apt-get install -y chromium)" >&2
      exit 1
    fi
    echo "packline: Chromium not found at $chromium — end-to-end tests skipped (apt-get install -y chromium)"
  else
    echo "== playwright (Chromium, against the real binary)"
    (cd web && npx playwright test)
  fi
fi
