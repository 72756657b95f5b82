#!/usr/bin/env bash
# The Debian package test (make test-deb, and make test): builds the package and checks
# its contents, its control fields, its config file, and the systemd unit with
# systemd-analyze verify where that tool exists.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Debian package"
if ! command -v dpkg-deb >/dev/null 2>&1; then
  [ "${CI:-false}" = "true" ] && { echo "packline: dpkg-deb is required in CI" >&2; exit 1; }
  echo "packline: dpkg-deb not found — package test skipped"
  exit 0
fi
deb="$(scripts/deb.sh)"
fail() { echo "package test: $*" >&2; exit 1; }
contents="$(dpkg-deb -c "$deb")"
for path in ./usr/bin/packline ./lib/systemd/system/packline.service ./etc/default/packline ./usr/share/doc/packline/operations.md; do
  grep -q " $path\$" <<<"$contents" || fail "$deb lacks $path"
done
grep -q -- '-rwxr-xr-x root/root .* ./usr/bin/packline$' <<<"$contents" || fail "/usr/bin/packline is not an executable owned by root"
[ "$(dpkg-deb -f "$deb" Package)" = packline ] || fail "package name"
[ "$(dpkg-deb -f "$deb" Architecture)" = "$(go env GOARCH)" ] || fail "architecture"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work/root"
dpkg-deb -e "$deb" "$work/control"
grep -q '^/etc/default/packline$' "$work/control/conffiles" || fail "/etc/default/packline is not a conffile (an upgrade would overwrite the operator's settings)"
unit="$work/root/lib/systemd/system/packline.service"
for want in DynamicUser=yes StateDirectory=packline ProtectSystem=strict NoNewPrivileges=yes Restart=on-failure \
    EnvironmentFile=-/etc/default/packline "ExecStart=/usr/bin/packline serve" LimitNOFILE=65536; do
  grep -qx "$want" "$unit" || fail "the unit lacks $want"
done
# Written to a file, not piped: grep -q stops reading at its match, and under pipefail
# the manual's next write (SIGPIPE) would fail the check.
"$work/root/usr/bin/packline" help >"$work/help.txt"
grep -q '^OPTIONS OF SERVE' "$work/help.txt" || fail "packline help prints no manual"
if command -v systemd-analyze >/dev/null 2>&1; then
  # verify checks that ExecStart's binary exists: a copy of the unit runs the package's.
  sed "s|^ExecStart=/usr/bin/packline|ExecStart=$work/root/usr/bin/packline|" "$unit" >"$work/packline.service"
  SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$work/packline.service" 2>"$work/verify.log" || {
    cat "$work/verify.log" >&2; fail "systemd-analyze verify"; }
  if grep -v -e 'Failed to connect to bus' -e 'unprivileged' "$work/verify.log" >"$work/verify-rest.log" || true; [ -s "$work/verify-rest.log" ]; then
    cat "$work/verify.log" >&2; fail "systemd-analyze verify warned"
  fi
  echo "package: $(basename "$deb"): contents, conffile, unit verified by systemd-analyze"
else
  echo "package: $(basename "$deb"): contents, conffile, unit (systemd-analyze not installed: not verified)"
fi
