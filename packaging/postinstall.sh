#!/bin/sh
# Load the unit; start nothing: the operator sets /etc/default/packline first.
set -e
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null || true
fi
echo "packline: edit /etc/default/packline, then: systemctl enable --now packline"
