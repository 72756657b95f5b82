# Sourced by the bench scripts (from the repository's root) for what they
# share: a scratch folder $work, removed on exit with the server stopped; the
# binary $bin; a server on a random port ($pid, $url); the bench user's $token.

work="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# bench_bin: $bin is ./bin/packline, or one built into $work when there is none.
bench_bin() {
  bin=./bin/packline
  if [ ! -x "$bin" ]; then
    go build -o "$work/packline" ./cmd/packline
    bin="$work/packline"
  fi
}

# bench_serve DB [SERVE ARGS...]: serves DB in the background, its output in
# $work/serve.log, and waits (up to 10 s) until it answers.
bench_serve() {
  local db=$1
  shift
  port=$(( 20000 + RANDOM % 20000 ))
  "$bin" serve --addr "127.0.0.1:$port" --db "$db" "$@" >"$work/serve.log" 2>&1 &
  pid=$!
  url="http://127.0.0.1:$port"
  for _ in $(seq 1 50); do curl -sf "$url/api/health" >/dev/null && break; sleep 0.2; done
}

# bench_login NAME: $token signs in as bench@packline.local; NAME's bench stops when it cannot.
bench_login() {
  token=$(curl -sf -X POST "$url/api/login" -H 'Content-Type: application/json' -d '{"email":"bench@packline.local","password":"bench-password"}' |
    sed -E 's/.*"token":"([^"]+)".*/\1/')
  [ -n "$token" ] || { echo "$1 bench: could not sign in" >&2; exit 1; }
}
