#!/usr/bin/env bash
# Runs Netlify's CLI (`netlify dev`, its local copy of Netlify's static hosting: `_redirects`,
# `_headers`, 404 rules) for the static-host tests. It is not a dependency of the project (a
# thousand packages, 350 MB, for one test run): the pinned version is installed once into
# .tooling/netlify (git-ignored) from the npm registry, as scripts/node24.sh does for Node.
#   usage: bash scripts/netlify.sh <netlify arguments…>
set -euo pipefail
NETLIFY_CLI_VERSION=27.10.2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="$root/.tooling/netlify"
bin="$prefix/node_modules/.bin/netlify"
if [ ! -x "$bin" ] || ! grep -q "\"version\": \"$NETLIFY_CLI_VERSION\"" "$prefix/node_modules/netlify-cli/package.json"; then
  echo "netlify: installing netlify-cli $NETLIFY_CLI_VERSION into .tooling/netlify" >&2
  bash "$root/scripts/node24.sh" npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    --prefix "$prefix" "netlify-cli@$NETLIFY_CLI_VERSION" >&2
fi
export NETLIFY_TELEMETRY_DISABLED=1
exec bash "$root/scripts/node24.sh" "$bin" "$@"
