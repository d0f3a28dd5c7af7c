#!/usr/bin/env bash
# The W3C Nu HTML checker (scripts/nu-validate.mjs) runs on Java 11 or later: any `java` on PATH,
# else Debian's default-jre-headless.
set -euo pipefail
command -v java >/dev/null 2>&1 && exit 0
exec bash "$(dirname "$0")/ensure-debian.sh" default-jre-headless
