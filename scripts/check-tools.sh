#!/usr/bin/env bash
# Says clearly what is missing to build Packline, and stops if it is.
set -u
missing=0
need() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "packline: '$1' is missing — $2" >&2
    missing=1
  fi
}
need go "install Go 1.26 or newer (https://go.dev/dl)"
need node "install Node.js 20 or newer (Debian: apt-get install -y nodejs npm)"
need npm "install npm (Debian: apt-get install -y npm)"
exit $missing
