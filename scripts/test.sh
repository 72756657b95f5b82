#!/usr/bin/env bash
# Runs Packline's tests. With no argument: all of them (go, web, e2e).
#
# PostgreSQL: PACKLINE_TEST_POSTGRES_URL, or a local server on 127.0.0.1:5432
# (database "test") if one answers. Chromium: /usr/bin/chromium.
# Where either is missing the matching tests are skipped with one clear line,
# unless CI=true, where both are required.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=("${@:-go web e2e image package}")
parts=(${parts[@]})
ci="${CI:-false}"

# free_port prints a TCP port nothing listens on, so that parallel runs do not collide.
free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# e2e_on_postgres runs the end-to-end specs that store data (sign-in, kiosk,
# time clock (kiosk and employees), inventory (with labels), documents, production, shipping, partners, projects, payments, chat, two-factor, faq, impact; PACKLINE_E2E_PG_SPECS to change) again with the binary
# on a fresh PostgreSQL schema, so those flows are proven on both engines.
e2e_on_postgres() {
  local base="${PACKLINE_TEST_POSTGRES_URL:-}"
  if [ -z "$base" ] && command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; then
    base="postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
  fi
  if [ -z "$base" ] || ! command -v psql >/dev/null 2>&1; then
    if [ "$ci" = "true" ]; then
      echo "packline: PostgreSQL (and psql) are required in CI for the end-to-end run on PostgreSQL" >&2
      return 1
    fi
    echo "packline: PostgreSQL or psql not found — end-to-end tests ran on SQLite only"
    return 0
  fi
  local schema="e2e_$$_$(date +%s)"
  psql -q "$base" -c "CREATE SCHEMA $schema" >/dev/null
  local sep='?'; case "$base" in *\?*) sep='&';; esac
  local url="${base}${sep}search_path=${schema}"
  local port; port=$(free_port)
  echo "== playwright (Chromium, against the real binary on PostgreSQL)"
  local rc=0
  # PACKLINE_E2E_DB: the tests make each worker's account in the same database.
  (cd web && PACKLINE_E2E_PORT=$port PACKLINE_E2E_DB="$url" PACKLINE_E2E_CMD="../bin/packline serve --addr 127.0.0.1:$port --db '$url' --secret packline-e2e-secret-0123456789 --demo --log-level warn" \
    npx playwright test --output test-results-pg ${PACKLINE_E2E_PG_SPECS:-auth timeclock inventory documents production.spec shipping.spec partners.spec projects.spec payments.spec messaging-chat twofactor.spec faq.spec impact.spec}) || rc=$?
  PGOPTIONS="-c client_min_messages=warning" psql -q "$base" -c "DROP SCHEMA $schema CASCADE" >/dev/null || true
  return $rc
}

want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

# Each part's wall time and result, for the table printed at the end.
times=()

record() { times+=("$(printf '%-10s %6ss  %s' "$1" "$2" "$3")"); }
summary() {
  echo "== time per part (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
  printf '%s\n' "${times[@]}"
  echo "total      $((SECONDS - started))s"
}
started=$SECONDS
trap 'summary' EXIT

# timed NAME FN runs FN in the foreground and records its time.
timed() {
  local t0=$SECONDS rc=0
  "$2" || rc=$?
  record "$1" $((SECONDS - t0)) "$([ $rc = 0 ] && echo ok || echo FAILED)"
  [ $rc = 0 ] || exit $rc
}

# side_by_side NAME1 FN1 NAME2 FN2 runs both at once, prints each log whole
# when both are done, records both times, and fails if either failed.
side_by_side() {
  local logs t0=$SECONDS rc1=0 rc2=0 p1 p2
  logs="$(mktemp -d)"
  ( t=$SECONDS; rc=0; "$2" || rc=$?; echo $((SECONDS - t)) >"$logs/$1.time"; exit $rc ) >"$logs/$1.log" 2>&1 &
  p1=$!
  ( t=$SECONDS; rc=0; "$4" || rc=$?; echo $((SECONDS - t)) >"$logs/$3.time"; exit $rc ) >"$logs/$3.log" 2>&1 &
  p2=$!
  wait "$p1" || rc1=$?
  wait "$p2" || rc2=$?
  cat "$logs/$1.log" "$logs/$3.log"
  record "$1" "$(cat "$logs/$1.time" 2>/dev/null || echo $((SECONDS - t0)))" "$([ $rc1 = 0 ] && echo ok || echo FAILED)"
  record "$3" "$(cat "$logs/$3.time" 2>/dev/null || echo $((SECONDS - t0)))" "$([ $rc2 = 0 ] && echo ok || echo FAILED)"
  rm -rf "$logs"
  [ $rc1 = 0 ] && [ $rc2 = 0 ] || exit 1
}

# go_tests: vet, the race-detected suite on both engines, and the fuzz runs.
go_tests() {
  echo "== go test -race (SQLite${PACKLINE_TEST_POSTGRES_URL:+ and PostgreSQL})"
  # (Each step ends the part when it fails: these functions run as the left
  # side of ||, where set -e does not hold.)
  # Our packages by name: ./... would also find the Go package one npm module
  # ships under web/node_modules.
  local packages="./cmd/... ./internal/... ./scripts/... ./web"
  go vet $packages || return 1
  # The race detector instruments our code, the standard library and every
  # other module except the SQLite engine: modernc.org/sqlite is SQLite's C
  # translated to Go, run on its own C-style runtime (modernc.org/libc).
  # Instrumenting it finds nothing of ours and made every SQLite query about
  # 20 times slower (the demo's load: 61 s -> 9 s without it).
  # -parallel: a test mostly waits on its database (each has its own), so
  # more run at once than there are cores.
  go test -race -count=1 -timeout 30m -parallel "${PACKLINE_TEST_PARALLEL:-6}" \
    -gcflags='modernc.org/sqlite/...=-race=false' -gcflags='modernc.org/libc/...=-race=false' $packages || return 1
  # A bounded fuzz run of each import fuzz target (the seeds already ran
  # above as plain tests): any bytes as an import file, never a panic.
  for target in FuzzImportReader FuzzParseImport; do
    echo "== go test -fuzz $target (10 s)"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime 10s ./internal/inventory || return 1
  done
}

# web_checks: the API types against the OpenAPI document, typecheck, lint, Vitest.
# Locale parity (same keys, real translations, placeholders, plural forms) is
# src/i18n/*.test.ts, run with the rest of Vitest; `npm run locales` runs it alone.
web_checks() {
  echo "== web: API types match the OpenAPI document, typecheck, lint, vitest"
  (cd web && npm run api:check && npm run lint && npm test)
}

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
fi

# The Go suite waits mostly on its databases, the web checks on the CPU: run
# them side by side, each one's log printed whole when it is done.
if want go && want web; then
  side_by_side go go_tests web web_checks
elif want go; then
  timed go go_tests
elif want web; then
  timed web web_checks
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
    # Only what is the same on every machine: bytes and request waves, one cold load a
    # page. The first paint (timings, and their ratio to Vuestic's) is `make bench`'s.
    echo "== page weight (login, kiosk ≤ 150 KB, dashboard ≤ 250 KB gzipped; ≤ 2 request waves before the first paint)"
    t0=$SECONDS
    (cd web && PACKLINE_E2E_PORT=$(free_port) node scripts/page-weight.mjs --strict --quick) || { record weight $((SECONDS - t0)) FAILED; exit 1; }
    record weight $((SECONDS - t0)) ok
    # Two workers keep both cores busy (playwright.config.ts), so the SQLite run and
    # the PostgreSQL run go one after the other: side by side they would be the same
    # work with every page waiting longer for the CPU.
    echo "== playwright (Chromium, against the real binary) on SQLite"
    t0=$SECONDS
    e2e_rc=0
    (cd web && PACKLINE_E2E_PORT=$(free_port) npx playwright test) || e2e_rc=1
    record e2e-sqlite $((SECONDS - t0)) "$([ "$e2e_rc" = 0 ] && echo ok || echo FAILED)"
    t0=$SECONDS
    pg_rc=0
    e2e_on_postgres || pg_rc=1
    record e2e-pg $((SECONDS - t0)) "$([ "$pg_rc" = 0 ] && echo ok || echo FAILED)"
    [ "$pg_rc" = 0 ] || e2e_rc=1
    [ "$e2e_rc" = 0 ] || { echo "packline: end-to-end tests failed (logs above)" >&2; exit 1; }
  fi
fi

# The container image (make test-image: skipped with one line without podman
# or docker, required in CI) and the Debian package (make test-deb: contents,
# conffile, systemd-analyze verify), both around bin/packline.
if want image && want package; then
  side_by_side image scripts/test-image.sh package scripts/test-deb.sh
elif want image; then
  timed image scripts/test-image.sh
elif want package; then
  timed package scripts/test-deb.sh
fi
