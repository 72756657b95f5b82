#!/usr/bin/env bash
# The container image test (make test-image): builds the image, checks what it is
# (user, entrypoint, port, volume, health check, size), then runs it: in a container
# where the machine can run one, else the binary taken out of the image, on the host,
# against a folder standing in for the volume. Either way: sign in, punch at the
# kiosk, restart, find the punch. Skipped with one line where neither podman nor
# docker is installed (required when CI=true).
set -euo pipefail
cd "$(dirname "$0")/.."
engine="$(command -v podman || true)"
[ -z "$engine" ] && docker info >/dev/null 2>&1 && engine="$(command -v docker)"
if [ -z "$engine" ]; then
  if [ "${CI:-false}" = "true" ]; then
    echo "packline: podman is required in CI for the image test (apt-get install -y podman)" >&2
    exit 1
  fi
  echo "packline: neither podman nor a running docker — image test skipped (apt-get install -y podman)"
  exit 0
fi
echo "== container image ($(basename "$engine"))"
scripts/image.sh >/dev/null
image=packline:latest
fail() { echo "image test: $*" >&2; exit 1; }

# What the image is.
inspect() { "$engine" image inspect "$image" --format "$1"; }
[ "$(inspect '{{.Config.User}}')" = "65532:65532" ] || fail "runs as $(inspect '{{.Config.User}}'), want 65532:65532"
[ "$(inspect '{{json .Config.Entrypoint}}')" = '["/usr/bin/packline"]' ] || fail "entrypoint $(inspect '{{json .Config.Entrypoint}}')"
inspect '{{json .Config.ExposedPorts}}' | grep -q '"8080/tcp"' || fail "port 8080 is not exposed"
inspect '{{json .Config.Volumes}}' | grep -q '"/data"' || fail "/data is not a volume"
inspect '{{json .Config.Healthcheck}}' | grep -q 'packline","health' || fail "no health check by packline health"
inspect '{{index .Config.Labels "run"}}' | grep -q -- '--ulimit nofile=65536:65536' || fail "the run label sets no open-file limit"
size=$(inspect '{{.Size}}')
[ "$size" -lt $((40 * 1000 * 1000)) ] || fail "the image is $size bytes, over 40 MB"
echo "image: user 65532, entrypoint packline, port 8080, volume /data, health check, run label with an open-file limit, $((size / 1000000)) MB"

work="$(mktemp -d)"
trap 'rm -rf "$work"; "$engine" rm -f packline-image-test >/dev/null 2>&1 || true' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
url="http://127.0.0.1:$port"
secret=image-test-secret-0123456789
json() { python3 -c "import sys,json; d=json.load(sys.stdin); print($1)"; }
wait_up() {
  for _ in $(seq 1 120); do curl -fsS "$url/api/health" >/dev/null 2>&1 && return 0; sleep 0.5; done
  fail "the server did not answer on $url"
}

# Run it in a container where this machine can; these sandboxes refuse the
# container's rlimits (crun: setrlimit RLIMIT_NOFILE), so fall back to the
# binary from the image.
mode=container
"$engine" volume create packline-image-test >/dev/null 2>&1 || true
if ! "$engine" run -d --name packline-image-test -p "127.0.0.1:$port:8080" -v packline-image-test:/data \
    "$image" serve --secret "$secret" >"$work/run.log" 2>&1 || ! sleep 2 || \
   [ "$("$engine" inspect -f '{{.State.Running}}' packline-image-test 2>/dev/null)" != "true" ]; then
  mode=binary
  echo "image: this machine cannot run containers ($(tr '\n' ' ' <"$work/run.log" | cut -c1-160)); testing the image's binary on the host"
  "$engine" rm -f packline-image-test >/dev/null 2>&1 || true
  "$engine" create --name packline-image-test "$image" >/dev/null
  "$engine" export packline-image-test | tar -x -C "$work" usr/bin/packline
  "$engine" rm -f packline-image-test >/dev/null
  mkdir -p "$work/data"
fi
bin="$work/usr/bin/packline"
start() {
  if [ "$mode" = container ]; then
    "$engine" start packline-image-test >/dev/null
  else
    PACKLINE_DB="$work/data/packline.db" "$bin" serve --addr "127.0.0.1:$port" --secret "$secret" >>"$work/serve.log" 2>&1 &
    echo $! >"$work/pid"
  fi
  wait_up
}
stop() {
  if [ "$mode" = container ]; then "$engine" stop -t 20 packline-image-test >/dev/null
  else kill -TERM "$(cat "$work/pid")"; wait "$(cat "$work/pid")" || true; fi
}
usercreate() {
  if [ "$mode" = container ]; then "$engine" exec packline-image-test /usr/bin/packline user create "$@"
  else PACKLINE_DB="$work/data/packline.db" "$bin" user create "$@"; fi
}

[ "$mode" = container ] && wait_up || start
usercreate --email admin@example.org --password image-test-password --first Ada >/dev/null
if [ "$mode" = container ]; then "$engine" exec packline-image-test /usr/bin/packline health >/dev/null || fail "health in the container"
else "$bin" health --addr "127.0.0.1:$port" >/dev/null || fail "packline health"; fi
token=$(curl -fsS -X POST "$url/api/login" -H 'Content-Type: application/json' -d '{"email":"admin@example.org","password":"image-test-password"}' | json 'd["token"]')
emp=$(curl -fsS -X POST "$url/api/employees" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"first_name":"Ima","last_name":"Ge","pin":"4826"}' | json 'd["employee_id"]')
clock=$(curl -fsS -X POST "$url/api/employees/validate-pin" -H 'Content-Type: application/json' -d "{\"employee_id\":$emp,\"pin\":\"4826\"}" | json 'd["clock_token"]')
curl -fsS -X POST "$url/api/employees/clockin" -H 'Content-Type: application/json' -d "{\"employee_id\":$emp,\"clock_token\":\"$clock\"}" >/dev/null
stop
start
status=$(curl -fsS "$url/api/employees" | json "[e['clock_status'] for e in d if e['employee_id']==$emp][0]")
[ "$status" = clocked_in ] || fail "after the restart the employee is $status, want clocked_in"
stop
echo "image: signed in, punched, restarted, the punch is there ($mode)"
