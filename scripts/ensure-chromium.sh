#!/usr/bin/env bash
# Playwright drives a system Chromium (it downloads no browser here). CHROME_PATH wins; otherwise
# /usr/bin/chromium, installed from Debian when missing and we are allowed to (root with apt).
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ]; then
  [ -x "$CHROME_PATH" ] || { echo "CHROME_PATH=$CHROME_PATH is not an executable" >&2; exit 1; }
  exit 0
fi
command -v /usr/bin/chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium from Debian for the browser tests…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
else
  echo "No Chromium at /usr/bin/chromium: install it (apt-get install chromium) or set CHROME_PATH" >&2
  echo "to a Chrome or Chromium binary, e.g. Playwright's own." >&2
  exit 1
fi
