#!/usr/bin/env bash
# The browser suite (npm run test:browsers) drives Debian's own Firefox ESR and WebKit builds:
# Firefox ESR, WebKitGTK's WebDriver under Xvfb (with Python's GTK bindings for the suite's narrow
# window, tests/browsers/webkitgtk-window.py), and WPE WebKit 2.38 (cog and its WebDriver).
# Installed from Debian when missing and we are allowed to (root with apt), as Chromium is.
set -euo pipefail
packages=(firefox-esr webkit2gtk-driver gir1.2-webkit2-4.1 python3-gi xvfb cog wpewebkit-driver)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} from Debian for the browser suite…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "Missing Debian packages for the browser suite: ${missing[*]}" >&2
  echo "Install them (apt-get install ${missing[*]}) and run it again." >&2
  exit 1
fi
