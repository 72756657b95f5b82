#!/usr/bin/env bash
# Builds the Debian package build/packline_<version>_<arch>.deb with nfpm
# (packaging/nfpm.yaml; nfpm pinned, run with go run, nothing installed).
# Expects the web app built (make deb runs make web first).
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
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$describe" -o build/deb/packline ./cmd/packline
out="build/packline_${version}_${arch}.deb"
rm -f "$out"
PACKLINE_ARCH="$arch" PACKLINE_DEB_VERSION="$version" GOFLAGS=-mod=mod go run "$NFPM" package \
  --config packaging/nfpm.yaml --packager deb --target "$out" >/dev/null
echo "$out"
