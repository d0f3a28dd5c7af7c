#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest. Works on a fresh machine: it brings
# Node 24 (scripts/node24.sh), the dependencies and, where it can, Chromium, Firefox ESR and WebKit.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1

[ -d node_modules ] || bash scripts/node24.sh npm install --no-audit --no-fund
bash scripts/ensure-chromium.sh
bash scripts/ensure-java.sh          # the Nu HTML checker's runtime

# Each step says how long it took: the whole run must stay under 25 minutes on a 2-core CI machine.
run() {
  local start=$SECONDS
  printf '\n▶ %s\n' "$*"
  bash scripts/node24.sh "$@"
  printf '◀ %s s: %s\n' "$((SECONDS - start))" "$*"
}

run npx eslint --max-warnings 0 .    # lint: ESLint's, TypeScript's, Astro's, jsx-a11y's, React hooks' rules
run npx prettier --check .           # formatting (`npm run format` writes it)
run npx astro check                  # types: TypeScript strict over .ts, .tsx and .astro
run npx vitest run --project unit     # unit tests
# The site built twice more, with no optional configuration and with a booking app and a careers
# site, in temporary folders: what each setting changes for a visitor (tests/variants).
run npx vitest run --project variants
# Copies of the project built as an operator and an editor would: a failed build never reaches a
# running server; an editor's ordinary edits keep the tests green (tests/builds).
run npx vitest run --project builds
# The site as `npm start` serves it, configured with the test values of tests/e2e/e2e.env
# (analytics ids, a fake backend, a booking app) so every configured path is exercised.
run npm run build:e2e
# Every prerendered page is valid HTML, to both validators: html-validate, and the W3C Nu checker
# (one Java run over every page; it finds what the first does not).
run npx html-validate dist/client
run node scripts/nu-validate.mjs
run node scripts/weight-report.mjs --out dist/weight-report.md   # weight budgets of every page
run npx playwright test              # end to end in Chromium, axe and link checks included
# The visitor paths in Debian's Firefox ESR and WebKitGTK, and the header, menus and layout in WPE
# WebKit 2.38 (Safari 16's engine), against the same build: about a minute (tests/browsers).
bash scripts/ensure-browsers.sh
run npx vitest run --project browsers
# Every template at 390 and 1280 px in en and fr against its committed baseline (README:
# Screenshots as a test); `npm run screenshots:update` accepts an intended change.
run npm run screenshots
# The editing UI (npm run cms) in a copy of the project: a posting created in it builds.
run npx playwright test --config tests/cms/playwright.config.ts
# The form receiver under faults (full disk on a tmpfs when root, locked database, SIGKILL under
# load, memory at the worst case, abuse) and the operator's routine (receipt views, the team
# command, a backup, Debian's sqlite3, restarts, a restore) on the real server: two to three minutes.
bash scripts/ensure-debian.sh sqlite3   # the operator's own tool, in the fault suite
run npx vitest run --project faults
# The static output on Cloudflare's and Netlify's runtimes (wrangler, netlify dev), the forms
# posting to the Node server on another origin (tests/static-hosts/playwright.config.ts).
run npm run test:static-hosts
# Lighthouse last, alone on the machine: its timings must not compete with the browsers above
# (other work on the machine is allowed for: each run's CPU slowdown follows the benchmark index
# it measured). HTML report of every page in dist/lighthouse/.
run node scripts/lighthouse.mjs --out dist/lighthouse-report.md
