#!/usr/bin/env bash
# The browser suite (npm run test:browsers) drives Debian's own Firefox ESR and WebKit builds:
# Firefox ESR, WebKitGTK's WebDriver under Xvfb (with Python's GTK bindings for the suite's narrow
# window, tests/browsers/webkitgtk-window.py), and WPE WebKit 2.38 (cog and its WebDriver).
exec bash "$(dirname "$0")/ensure-debian.sh" \
  firefox-esr webkit2gtk-driver gir1.2-webkit2-4.1 python3-gi xvfb cog wpewebkit-driver
