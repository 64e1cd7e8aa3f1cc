#!/usr/bin/env bash
# Runs every test: builds everything (the integration tests start the real executables), starts a throwaway
# PostgreSQL 15 on loopback so every storage test runs against both SQLite and PostgreSQL (the multi-host tests,
# which need root for their network namespaces, start one of their own in theirs), makes a throwaway Python
# venv with an independent iCalendar parser for the calendar tests, runs the Swift Testing suites, the Python
# client's checks and suite, checks formatting, and validates compose.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh libzmq3-dev libsodium-dev libsqlite3-dev postgresql-15 docker-compose iproute2 procps
swift build --build-tests

# A PostgreSQL server of the test run's own, on a free loopback port, removed when the run ends.
pg_dir=$(mktemp -d /tmp/reckon-test-pg.XXXXXX)
ical_venv=$(mktemp -d /tmp/reckon-test-ical.XXXXXX)
pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# On the way out, also kill what a hung or killed run leaves behind: `timeout` stops `swift test`, but the test
# bundle it started, and the gateways and workers that bundle started, would keep running; and so would the
# network namespaces of a multi-host test it interrupted (removed once no other checkout's run holds them).
clean_up() {
    pkill -KILL -f "^$PWD/.build/.*/reckonPackageTests.xctest" 2>/dev/null || true
    pkill -KILL -f "^$PWD/.build/.*/reckon-" 2>/dev/null || true
    pkill -KILL -f "^$PWD/.build/.*/reckon up" 2>/dev/null || true
    flock -w 10 /tmp/reckon-multihost.lock scripts/multihost.sh down 2>/dev/null || true
    scripts/postgres-test-server.sh stop "$pg_dir" 2>/dev/null || true
    rm -rf "$pg_dir" "$ical_venv"
}
trap clean_up EXIT
scripts/postgres-test-server.sh start "$pg_dir" "$pg_port"
export POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=$pg_port POSTGRES_USER=postgres
echo "PostgreSQL 15 for the tests on 127.0.0.1:$pg_port"

# The calendar tests read `events.ical` back with PyPI's icalendar (and recurring_ical_events to expand repeats),
# through scripts/ical-events.py; without RECKON_ICALENDAR_PYTHON they fail rather than skip.
scripts/ensure-packages.sh python3-venv
python3 -m venv "$ical_venv"
"$ical_venv/bin/pip" install -q --disable-pip-version-check icalendar==7.3.0 recurring_ical_events==3.8.2
export RECKON_ICALENDAR_PYTHON=$ical_venv/bin/python

# The Python client (clients/python, issue #25): its test tools and the package itself, in the same venv.
"$ical_venv/bin/pip" install -q --disable-pip-version-check pyzmq==27.3.0 pytest==9.2.0 pytest-asyncio==1.5.0 \
    mypy==2.4.1 ./clients/python

# The suite takes a few minutes; a hang (a test waiting on a peer that never answers) fails after 15 minutes with
# the output so far, instead of running into CI's own limit.
timeout --kill-after=30s 15m swift test --skip-build

# The Python client: its generated helpers match docs/ops.json (once that file is in the tree), mypy --strict, and
# its pytest suite, which starts its own stacks from .build/debug on free loopback ports and stops them.
if [ -f docs/ops.json ]; then
    "$ical_venv/bin/python" scripts/generate-python-client.py --check
else
    echo "no docs/ops.json: the Python client's generated helpers are not checked"
fi
(cd clients/python && "$ical_venv/bin/mypy" --strict --cache-dir=/dev/null src/reckon tests)
(cd clients/python && RECKON_BIN=$PWD/../../.build/debug timeout --kill-after=30s 5m "$ical_venv/bin/python" -m pytest \
    -q -p no:cacheprovider)
swift format lint --strict --recursive Sources Tests Snippets Package.swift
docker-compose -f compose.yaml config --quiet
echo "all checks passed"
