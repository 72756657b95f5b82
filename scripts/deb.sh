#!/usr/bin/env bash
# Builds the Debian package build/packline_<version>_<arch>.deb with nfpm
# (packaging/nfpm.yaml) around ./bin/packline (make deb runs make build first).
# nfpm is pinned and built once into build/tools (nothing installed elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
NFPM=github.com/goreleaser/nfpm/v2/cmd/nfpm@v2.45.2
describe="$(git describe --tags --always --dirty 2>/dev/null || echo dev)"
# Debian versions start with a digit: a tag v1.2.3 is 1.2.3, anything else 0.0.0+git<id>.
case "$describe" in
  v[0-9]*) version="${describe#v}" ;;
  *) version="0.0.0+git${describe}" ;;
esac
version="${version//-/.}"
arch="$(go env GOARCH)"
mkdir -p build/deb
[ -x bin/packline ] || { echo "packline: bin/packline is missing (make build)" >&2; exit 1; }
cp bin/packline build/deb/packline
nfpm="build/tools/nfpm-${NFPM##*@}"
if [ ! -x "$nfpm" ]; then
  mkdir -p build/tools
  GOBIN="$PWD/build/tools/tmp" GOFLAGS=-mod=mod go install "$NFPM"
  mv build/tools/tmp/nfpm "$nfpm" && rmdir build/tools/tmp
fi
out="build/packline_${version}_${arch}.deb"
rm -f "$out"
PACKLINE_ARCH="$arch" PACKLINE_DEB_VERSION="$version" "$nfpm" package \
  --config packaging/nfpm.yaml --packager deb --target "$out" >/dev/null
echo "$out"
