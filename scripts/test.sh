#!/usr/bin/env bash
# Runs every test: builds everything (the integration tests start the real executables), starts a throwaway
# PostgreSQL 15 on loopback so every storage test runs against both SQLite and PostgreSQL (the multi-host tests,
# which need root for their network namespaces, start one of their own in theirs), makes a throwaway Python
# venv with the independent checkers (an iCalendar parser for the calendar tests, a JSON Schema validator for the
# replies), checks that docs/ops.json, docs/openapi.json, docs/api.md's op tables and the Python client's generated
# helpers match the services' ops, builds the Swift SDK generated from docs/openapi.json, runs the Swift Testing
# suites while recording every reply the end-to-end suites receive, validates each reply against its op's result
# schema and every op's recorded example against its op's schemas, runs the Python tests (the HTTP bridge's, the generated SDKs' and the Python client's), checks formatting,
# validates compose.yaml, and runs a 3-minute soak test with faults (scripts/soak.sh) beside schemathesis.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh libzmq3-dev libsodium-dev libsqlite3-dev zlib1g-dev postgresql-15 docker-compose iproute2 procps openssl
swift build --build-tests
# Generated files match the services' own ops replies: docs/ops.json and docs/api.md's op tables
# (scripts/api-docs.sh, which also records every op's example afresh and compares it with the one the op lists), and
# the Python client's typed helpers (scripts/generate-python-client.py).
scripts/api-docs.sh --check
python3 scripts/generate-python-client.py --check
# A PostgreSQL server of the test run's own, on a free loopback port, removed when the run ends.
pg_dir=$(mktemp -d /tmp/reckon-test-pg.XXXXXX)
py_venv=$(mktemp -d /tmp/reckon-test-py.XXXXXX)
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
    [ -z "${sdk_build:-}" ] || kill "$sdk_build" 2>/dev/null || true
    [ -z "${schemathesis:-}" ] || kill "$schemathesis" 2>/dev/null || true
    rm -rf "$pg_dir" "$py_venv" "$pg_dir.replies.jsonl" "$pg_dir.sdk.log" "$pg_dir.schemathesis.log"
}
trap clean_up EXIT

# The Swift SDK generated from docs/openapi.json (Examples/ReckonSDK: swift-openapi-generator at build time), whose
# flow tests/python/http/test_swift_sdk.py runs against a live stack. About 5 minutes the first time, so it builds
# while PostgreSQL starts and the venvs below install, which wait mostly on the network.
swift build --package-path Examples/ReckonSDK --product reckon-sdk-flow >"$pg_dir.sdk.log" 2>&1 &
sdk_build=$!
export RECKON_SWIFT_SDK_FLOW=$PWD/Examples/ReckonSDK/.build/debug/reckon-sdk-flow
scripts/postgres-test-server.sh start "$pg_dir" "$pg_port"
export POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=$pg_port POSTGRES_USER=postgres
echo "PostgreSQL 15 for the tests on 127.0.0.1:$pg_port"

# The calendar tests read `events.ical` back with PyPI's icalendar (and recurring_ical_events to expand repeats),
# through scripts/ical-events.py; without RECKON_ICALENDAR_PYTHON they fail rather than skip. The replies are
# checked with PyPI's jsonschema (scripts/check-replies.py), and the Python tests run under pytest.
# The HTTP bridge's CORS is also checked in a real browser: Debian's headless chromium under selenium, and its
# /openapi.json is fuzzed by schemathesis against the live stack (about 4 minutes, on PostgreSQL) and turned into a
# Python client by openapi-python-client, whose calls the tests make. The webhook receiver of the webhook tests
# verifies each delivery with PyPI's standardwebhooks, the reference Python library of Standard Webhooks.
scripts/ensure-packages.sh python3-venv chromium chromium-driver
python3 -m venv "$py_venv"
"$py_venv/bin/pip" install -q --disable-pip-version-check icalendar==7.3.0 recurring_ical_events==3.8.2 \
    jsonschema==4.26.0 pytest==9.2.0 httpx==0.28.1 httpx-sse==0.4.3 openapi-spec-validator==0.7.2 selenium==4.51.0 \
    schemathesis==4.32.5 openapi-python-client==0.29.1 kubernetes-validate==1.37.0 opentelemetry-proto==1.45.2 \
    standardwebhooks==1.1.0
# axe-selenium-python 3.0.0 bundles axe-core 4.10 (2.1.6 bundled 3.1, of 2018). It asks for Python 3.12 but is pure
# Python that runs on this machine's 3.11; its only needs (selenium, pytest) are pinned above.
"$py_venv/bin/pip" install -q --disable-pip-version-check --no-deps --ignore-requires-python axe-selenium-python==3.0.0
export RECKON_ICALENDAR_PYTHON=$py_venv/bin/python
# A real IHateMoney (7.2.1, a Flask app) in a venv of its own, so that its pins never meet the test tools': the import
# test makes a project in it and imports its export (tests/python/http/ihatemoney_project.py).
python3 -m venv "$py_venv/ihatemoney"
"$py_venv/ihatemoney/bin/pip" install -q --disable-pip-version-check ihatemoney==7.2.1
export RECKON_IHATEMONEY_PYTHON=$py_venv/ihatemoney/bin/python
wait "$sdk_build" || { cat "$pg_dir.sdk.log"; echo "the Swift SDK's build failed"; exit 1; }
sdk_build=
tail -n 1 "$pg_dir.sdk.log"
# Every reply the end-to-end suites' clients receive, one JSON line each (Tests/IntegrationTests/Support).
export RECKON_REPLY_LOG=$pg_dir.replies.jsonl

# The Python client (clients/python, issues #25 and #37): its test tools and the package itself with its HTTP extra
# (httpx, pinned above) and its tracing extra (opentelemetry-api), in the same venv.
"$py_venv/bin/pip" install -q --disable-pip-version-check pyzmq==27.3.0 pytest-asyncio==1.5.0 \
    mypy==2.4.1 httpx==0.28.1 opentelemetry-api==1.45.2 "./clients/python[http,tracing]"

# The suite takes a few minutes; a hang (a test waiting on a peer that never answers) fails after 15 minutes with
# the output so far, instead of running into CI's own limit.
timeout --kill-after=30s 15m swift test --skip-build
# A reply that breaks its op's result schema fails the run (docs/ops.json holds the schemas).
"$py_venv/bin/python" scripts/check-replies.py "$RECKON_REPLY_LOG"
# Every op's example call (recorded by scripts/api-docs.sh) against its op's schemas, with the same validator.
"$py_venv/bin/python" scripts/check-replies.py --examples
"$py_venv/bin/python" -m pytest -q -p no:cacheprovider --ignore tests/python/http/test_schemathesis.py tests/python

# The Python client: mypy --strict, and its pytest suite, which starts its own stacks from .build/debug on free
# loopback ports and stops them.
(cd clients/python && "$py_venv/bin/mypy" --strict --cache-dir=/dev/null src/reckon tests)
(cd clients/python && RECKON_BIN=$PWD/../../.build/debug timeout --kill-after=30s 5m "$py_venv/bin/python" -m pytest \
    -q -p no:cacheprovider)
# schemathesis (about 4 minutes of CPU) against a stack of its own on loopback, in the background from here to the
# end: beside the lints and the soak, whose 3 minutes of load are fixed in length. Not beside the client's suite,
# whose failover tests wait 0.3 s for a gateway's answer (decision 0122). Its output is printed when it has failed.
"$py_venv/bin/python" -m pytest -q -p no:cacheprovider tests/python/http/test_schemathesis.py \
    >"$pg_dir.schemathesis.log" 2>&1 &
schemathesis=$!
swift format lint --strict --recursive Sources Tests Snippets Package.swift
docker-compose -f compose.yaml config --quiet
# Last, the soak test with faults (issue #28): 3 minutes of mixed load through the five hosts of scripts/multihost.sh
# while a worker, a gateway and PostgreSQL are killed and a worker host's link is cut, on the debug build above and
# this run's venv; every acknowledged write stored once, the ledger's totals recomputed, every process's RSS.
RECKON_SOAK_PYTHON=$py_venv/bin/python timeout --kill-after=30s 20m scripts/soak.sh --minutes 3
wait "$schemathesis" || { cat "$pg_dir.schemathesis.log"; echo "schemathesis failed"; exit 1; }
schemathesis=
tail -n 1 "$pg_dir.schemathesis.log"
echo "all checks passed"
