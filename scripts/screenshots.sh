#!/usr/bin/env bash
# The README's screenshots of the web app (docs/screenshots/APP.png): runs the web app's browser tests
# (tests/python/http/test_web_app.py and test_web_household.py, Debian's headless chromium) on SQLite at desktop width, which save each app's
# page, and copies the top of each. They illustrate; no check compares them, as each run's data differs.
#   scripts/screenshots.sh                  (BIN defaults to .build/debug: swift build)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench/lib.sh
bin=$(realpath "${BIN:-.build/debug}")
make_workdir screenshots
scripts/ensure-packages.sh python3-venv chromium chromium-driver
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check pytest==9.2.0 httpx==0.28.1 httpx-sse==0.4.3 \
    selenium==4.51.0
# As scripts/test.sh: axe-core 4.10 through axe-selenium-python 3.0.0, on this machine's Python 3.11.
"$work/venv/bin/pip" install -q --disable-pip-version-check --no-deps --ignore-requires-python axe-selenium-python==3.0.0
RECKON_BIN=$bin RECKON_SCREENSHOTS=$work/shots "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
    tests/python/http/test_web_app.py tests/python/http/test_web_household.py \
    -k "sqlite and desktop and (calculator or tax or ceiling or ordering or roommates)"
mkdir -p docs/screenshots
for app in calculator tax ceiling order household; do
    cp "$work/shots/$app-desktop-top.png" "docs/screenshots/$app.png"
done
ls -la docs/screenshots
