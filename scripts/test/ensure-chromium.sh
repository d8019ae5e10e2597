#!/usr/bin/env bash
# Playwright cannot download its own browser here, so e2e drives Debian's chromium.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then echo "chromium: $("$path" --version 2>/dev/null | head -1)"; exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "chromium is missing; installing Debian's package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  echo "chromium: $("$path" --version | head -1)"
  exit 0
fi
echo "chromium is missing: install it (sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again." >&2
exit 1
