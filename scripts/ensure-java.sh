#!/usr/bin/env bash
# The W3C Nu HTML checker (scripts/nu-validate.mjs) runs on Java: Debian's default-jre-headless,
# installed when `java` is missing and we are allowed to (root with apt), as for Chromium.
set -euo pipefail
command -v java >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Java from Debian for the Nu HTML checker…" >&2
  apt-get update -qq
  # The JRE's package links its manual page there; slim images leave the folder out.
  mkdir -p /usr/share/man/man1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
else
  echo "No java on PATH: install Java 11 or later (apt-get install default-jre-headless) for the" >&2
  echo "Nu HTML checker (npm run validate:html)." >&2
  exit 1
fi
