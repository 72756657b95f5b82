#!/bin/sh
# Builds Vuestic Admin (github.com/epicmaxco/vuestic-admin, the commit below) into
# web/bench/vuestic/dist, outside Packline's build, so that scripts/page-weight.mjs can
# serve its login page and measure its first paint beside ours in the same run.
# Needs git (or VUESTIC_SRC: a checkout or `git archive` of that commit) and npm.
# The repository carries its output, pruned by prune.mjs to what the login and the
# dashboard load (index.html, fifteen files of assets/ and Vuestic's MIT LICENSE: 2.1 MB of
# the build's 7.4 MB), so that the measurement runs on a machine without access to GitHub;
# running this script again replaces that copy with the whole build, which the measurement
# serves the same (`node bench/vuestic/prune.mjs` prunes it again).
# Its storybook, lint and test tooling is left out; the app's own dependencies and
# build plugins are installed as its package.json pins them (--legacy-peer-deps: its
# pinia asks for a newer vue than it pins).
set -eu
COMMIT=9c5b44f3674d4c3e7ad01cc043d5331cee953c49
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${VUESTIC_SRC:-}" ]; then
  cp -R "$VUESTIC_SRC"/. "$work"/
else
  git clone --quiet https://github.com/epicmaxco/vuestic-admin "$work"
  git -C "$work" checkout --quiet "$COMMIT"
fi
cd "$work"
node -e '
const fs = require("fs");
const p = JSON.parse(fs.readFileSync("package.json", "utf8"));
const keep = ["@vitejs/plugin-vue", "@intlify/unplugin-vue-i18n", "autoprefixer", "postcss", "tailwindcss", "typescript", "vite"];
p.devDependencies = Object.fromEntries(Object.entries(p.devDependencies).filter(([k]) => keep.includes(k)));
delete p.workspaces;
p.scripts = { build: "vite build" };
fs.writeFileSync("package.json", JSON.stringify(p, null, 2));
'
rm -f package-lock.json yarn.lock
npm install --no-audit --no-fund --ignore-scripts --legacy-peer-deps
npx vite build --logLevel warn
rm -rf "$here/dist"
cp -R dist "$here/dist"
cp LICENSE "$here/dist/LICENSE"
echo "Vuestic Admin built into $here/dist"
