#!/usr/bin/env bash
# Quick start: install everything, build, and serve the site on http://localhost:4321.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/node24.sh npm install --no-audit --no-fund
bash scripts/node24.sh node scripts/build.mjs   # atomic: dist moves only to a complete build
exec bash scripts/node24.sh node ./server.mjs
