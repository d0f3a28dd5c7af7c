#!/usr/bin/env bash
# Debian packages some tests drive for real (browsers, Java for the Nu checker, sqlite3 for the
# fault suite): the ones missing are installed when we are allowed to (root with apt, as in CI),
# else a clear message says what to install.   usage: bash scripts/ensure-debian.sh PACKAGE…
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} from Debian for the tests…" >&2
  apt-get update -qq
  # Some packages (the JRE) link manual pages there; slim images leave the folder out.
  mkdir -p /usr/share/man/man1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "Missing Debian packages for the tests: ${missing[*]}" >&2
  echo "Install them (apt-get install ${missing[*]}) and run it again." >&2
  exit 1
fi
