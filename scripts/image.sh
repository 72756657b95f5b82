#!/usr/bin/env bash
# Builds Packline's container image (Containerfile) with podman, or docker where
# podman is missing: packline:VERSION and packline:latest, around ./bin/packline
# (make image runs make build first: a static binary, nothing else is compiled here).
set -euo pipefail
cd "$(dirname "$0")/.."
version="${VERSION:-$(git describe --always --dirty 2>/dev/null || echo dev)}"
engine="$(command -v podman || command -v docker || true)"
if [ -z "$engine" ]; then
  echo "packline: neither podman nor docker is installed (Debian: apt-get install -y podman)" >&2
  exit 1
fi
ctx="build/image"
rm -rf "$ctx" && mkdir -p "$ctx/data"
[ -x bin/packline ] || { echo "packline: bin/packline is missing (make build)" >&2; exit 1; }
# Static (make build: CGO_ENABLED=0), so no C library in the image.
cp bin/packline "$ctx/packline"
certs=/etc/ssl/certs/ca-certificates.crt
if [ ! -f "$certs" ]; then
  echo "packline: $certs is missing (Debian: apt-get install -y ca-certificates)" >&2
  exit 1
fi
cp "$certs" "$ctx/ca-certificates.crt"
format=()
# The OCI format has no HEALTHCHECK; podman keeps it in the docker format.
case "$engine" in *podman) format=(--format docker) ;; esac
"$engine" build "${format[@]}" -f Containerfile -t "packline:$version" -t packline:latest "$ctx"
echo "Built packline:$version with $(basename "$engine")."
