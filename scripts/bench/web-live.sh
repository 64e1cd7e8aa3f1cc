#!/usr/bin/env bash
# How fast a bill added in one browser shows in another (issues #26's and #39's bar: within 1 s p95 over 20 tries): runs the
# web app's two-roommates test (tests/python/http/test_web_household.py) in Debian's headless chromium against release
# binaries, on SQLite and PostgreSQL, at both widths, and prints the delays it measured: from the click that adds
# the bill in the first browser to the bill's row in the second, which learns of it through the activity feed
# (Server-Sent Events). Each figure includes selenium's own polling (every 50 ms).
# The test checks what each browser shows (every bill reaches the other browser, the balances settle); a run where it
# fails exits with pytest's status and prints pytest's one-line reason.
# Limits: the test's stack (tests/python/http/stack.py): reckon-http at its defaults (caller rate 100/s with a burst
# of 200, 16 streams per caller); the gateway's defaults but a 20 s deadline and 200 ms heartbeats; calc with 2 slots,
# orders and the ledger with their defaults (2 per CPU); the ledger's Argon2id cut to 1 pass of 1 MiB and its
# per-address sign-in lockout raised to 1,000,000 failures; LOG_LEVEL as set (default info).
#   scripts/bench/web-live.sh                  (BIN defaults to .build/release: swift build -c release)
# Env: BIN, LOG_LEVEL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=$(realpath "${BIN:-.build/release}")
make_workdir web-live
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT
scripts/ensure-packages.sh python3-venv postgresql-15 chromium chromium-driver
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check pytest==9.2.0 httpx==0.28.1 httpx-sse==0.4.3 \
    selenium==4.51.0
# As scripts/test.sh: axe-core 4.10 through axe-selenium-python 3.0.0, on this machine's Python 3.11.
"$work/venv/bin/pip" install -q --disable-pip-version-check --no-deps --ignore-requires-python axe-selenium-python==3.0.0
print_limits "tests/python/http/stack.py's stack: reckon-http defaults (caller rate 100/s, burst 200); gateway \
deadline 20 s; calc 2 slots, ledger and orders 2 per CPU ($(nproc) CPUs)"
pg_port=$(free_port)
scripts/postgres-test-server.sh start "$work/pg" "$pg_port"
# The figures, pytest's count and its line for each failure; with pipefail a failed test fails the run with pytest's
# status.
POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=$pg_port POSTGRES_USER=postgres RECKON_BIN=$bin \
    RECKON_SCREENSHOTS=$work/screenshots "$work/venv/bin/python" -m pytest -q -s -p no:cacheprovider \
    tests/python/http/test_web_household.py -k roommates 2>&1 |
    grep -E "^[.FEsxX]*a bill seen in the other browser|passed|failed|^(FAILED|ERROR) "
