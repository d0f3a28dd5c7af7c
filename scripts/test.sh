#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest. Works on a fresh machine: it brings
# Node 24 (scripts/node24.sh), the dependencies and, where it can, Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1

[ -d node_modules ] || bash scripts/node24.sh npm install --no-audit --no-fund
bash scripts/ensure-chromium.sh

run() { printf '\n▶ %s\n' "$*"; bash scripts/node24.sh "$@"; }

run npx eslint --max-warnings 0 .    # lint: ESLint's, TypeScript's, Astro's, jsx-a11y's, React hooks' rules
run npx prettier --check .           # formatting (`npm run format` writes it)
run npx astro check                  # types: TypeScript strict over .ts, .tsx and .astro
run npx vitest run                   # unit tests
# The site as `npm start` serves it, configured with the test values of tests/e2e/e2e.env
# (analytics ids, a fake backend, a booking app) so every configured path is exercised.
run npm run build:e2e
run npx html-validate dist/client    # every prerendered page is valid HTML
run node scripts/weight-report.mjs --out dist/weight-report.md   # weight budgets of every page
run npx playwright test              # end to end in Chromium, axe and link checks included
# Lighthouse last, alone on the machine: its timings must not compete with the browsers above.
run node scripts/lighthouse.mjs --out dist/lighthouse-report.md
