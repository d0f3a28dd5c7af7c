#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest. Works on a fresh machine: it brings
# Node 24 (scripts/node24.sh), the dependencies and, where it can, Chromium, Firefox ESR and WebKit.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1

[ -d node_modules ] || bash scripts/node24.sh npm install --no-audit --no-fund
bash scripts/ensure-chromium.sh
bash scripts/ensure-java.sh          # the Nu HTML checker's runtime

# Netlify's CLI, for the static-host tests near the end, is installed on first use (a fresh
# clone, CI): about a minute, mostly waiting on the registry (measured: 285 s for 31 s of CPU on
# a busy machine). Fetched in the background from here, it is ready by then.
netlify_log=$(mktemp)
bash scripts/netlify.sh --version >"$netlify_log" 2>&1 &
netlify_pid=$!
trap '[ -z "$netlify_pid" ] || kill "$netlify_pid" 2>/dev/null || true' EXIT

# Each step says how long it took: the whole run must stay under 25 minutes on a 2-core CI machine.
run() {
  local start=$SECONDS
  printf '\n▶ %s\n' "$*"
  bash scripts/node24.sh "$@"
  printf '◀ %s s: %s\n' "$((SECONDS - start))" "$*"
}

# Steps that each leave a core idle (one core busy, or mostly waiting), run side by side: each
# one's output is printed whole once all are done, with its own time; fails if any failed. Only
# steps that time nothing (a check of files, not of speed), so the sharing changes no result. A
# step is a command line; `a && b` runs two in turn, beside the other steps.
#   usage: together 'command args…' 'command args… && command args…' …
together() {
  local start=$SECONDS out i failed=0 pids=()
  out=$(mktemp -d)
  for i in $(seq 0 $(($# - 1))); do
    local step=${*:i+1:1}
    (
      begun=$SECONDS
      code=0
      bash scripts/node24.sh bash -c "$step" >"$out/$i" 2>&1 || code=$?
      echo "$((SECONDS - begun)) $code" >"$out/$i.end"
      exit "$code"
    ) &
    pids+=($!)
  done
  for i in $(seq 0 $(($# - 1))); do
    wait "${pids[i]}" || failed=1
    printf '\n▶ %s\n' "${*:i+1:1}"
    cat "$out/$i"
    printf '◀ %s s: %s\n' "$(cut -d' ' -f1 "$out/$i.end")" "${*:i+1:1}"
  done
  printf '◀ %s s together\n' "$((SECONDS - start))"
  rm -rf "$out"
  return "$failed"
}

# Lint (ESLint's, TypeScript's, Astro's, jsx-a11y's, React hooks' rules), formatting (`npm run
# format` writes it) and types (TypeScript strict over .ts, .tsx and .astro): one core each.
together 'npx eslint --max-warnings 0 .' 'npx prettier --check .' 'npx astro check'
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
# (one Java run over every page; it finds what the first does not); and the weight budgets of
# every page (bytes, not times). One core each, side by side.
together 'npx html-validate dist/client' 'node scripts/nu-validate.mjs' \
  'node scripts/weight-report.mjs --out dist/weight-report.md'
run npx playwright test              # end to end in Chromium, axe and link checks included
# The visitor paths in Debian's Firefox ESR and WebKitGTK, and the header, menus and layout in WPE
# WebKit 2.38 (Safari 16's engine), against the same build (tests/browsers); then every template at
# 390 and 1280 px in en and fr against its committed baseline (docs/testing.md: Screenshots as a
# test; `npm run screenshots:update` accepts an intended change): one after the other, as both
# serve the e2e build on TEST_PORT. Beside them, the editing UI (npm run cms) in a copy of the
# project, on ports of its own: a posting created in it builds; then the static output on
# Cloudflare's and Netlify's runtimes (wrangler, netlify dev) on their fixed ports, the forms
# posting to the Node server on another origin (tests/static-hosts/playwright.config.ts), with its
# fake backend on a port of its own (the screenshots' is the built one). The browsers mostly wait
# on their drivers (about a third of a core), the editing UI on its dev server and the static hosts
# on theirs starting, so each chain leaves a core idle; none of them times anything.
bash scripts/ensure-browsers.sh
wait "$netlify_pid" || { cat "$netlify_log"; exit 1; }
netlify_pid=
together 'npx vitest run --project browsers && npm run screenshots' \
  'npx playwright test --config tests/cms/playwright.config.ts && BACKEND_GRAPHQL_URL=http://localhost:4399/graphql npm run test:static-hosts'
# The form receiver under faults (full disk on a tmpfs when root, locked database, SIGKILL under
# load, memory at the worst case, abuse) and the operator's routine (receipt views, the team
# command, a backup, Debian's sqlite3, restarts, a restore) on the real server: two to three
# minutes, alone (it bounds latencies).
bash scripts/ensure-debian.sh sqlite3   # the operator's own tool, in the fault suite
run npx vitest run --project faults
# Lighthouse last, alone on the machine: its timings must not compete with the browsers above
# (other work on the machine is allowed for: each run's CPU slowdown follows the benchmark index
# it measured). HTML report of every page in dist/lighthouse/.
run node scripts/lighthouse.mjs --out dist/lighthouse-report.md
