#!/usr/bin/env bash
# A tool some tests drive for real, from Debian: installed when missing and we are allowed to (root
# with apt, as in CI), else a clear message.   usage: bash scripts/ensure-debian.sh COMMAND PACKAGE
#   e.g. bash scripts/ensure-debian.sh sqlite3 sqlite3   (the fault suite's operator tool)
set -euo pipefail
command=$1 package=$2
command -v "$command" >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing $package from Debian for the tests…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null
else
  echo "No $command on this machine: install it (apt-get install $package) to run these tests." >&2
  exit 1
fi
