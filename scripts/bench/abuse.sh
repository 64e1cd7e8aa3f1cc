#!/usr/bin/env bash
# Both gateway endpoints abused at once (issue #28), at full size, against release binaries: runs the integration
# test HeavyLoadTests.AbuseTests (Tests/IntegrationTests/Fuzz/AbuseTests.swift) with RECKON_BIN_DIR set to BIN, so
# its gateway and calc worker are BIN's while the storm's senders and the correct client run in the test bundle.
# It prints one line: messages taken, the gateway's VmRSS before, at its peak and after IDLE seconds idle (from
# /proc/PID/status), the correct client's right replies, errors, p50, p99 and slowest reply, and the gateway's stats.
#   BIN=.build/release scripts/bench/abuse.sh
# Build first: swift build --build-tests (the test bundle), swift build -c release --product reckon-gateway, and
# the same for reckon-calc.
# Env: BIN (.build/release), MESSAGES (1,000,000 in all), SENDERS per endpoint (8), IDLE seconds (20),
# WORKER_REPLACE_EVERY (messages per fake worker socket, 2,500; larger keeps black holes registered past deadlines),
# WORKER_FUZZ (1; 0 makes fake workers pure black holes: heartbeats and late replies, no bad messages),
# SLOTS of the real calc worker (2; `reckon up` gives calc 4 per CPU).
# The test checks every reply of its correct client (right value, or only deadline_exceeded, unavailable or
# resource_exhausted) and the memory bounds; a run that fails any exits with the test's status.
# Limits: the gateway at its defaults (per client 5,000 requests a second with a burst of 10,000, 1,000 pending) but
# for the test's heartbeat of 250 ms, liveness 16 and 2 s deadline, and RECKON_ABUSE_GATEWAY_ARGS if set; calc with
# SLOTS slots; LOG_LEVEL as set (default info).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
RECKON_BIN_DIR=$(realpath "${BIN:-.build/release}")
RECKON_ABUSE_MESSAGES=${MESSAGES:-1000000}
RECKON_ABUSE_SENDERS=${SENDERS:-8}
RECKON_ABUSE_IDLE_SECONDS=${IDLE:-20}
RECKON_ABUSE_WORKER_REPLACE_EVERY=${WORKER_REPLACE_EVERY:-2500}
RECKON_ABUSE_WORKER_FUZZ=${WORKER_FUZZ:-1}
RECKON_ABUSE_CALC_SLOTS=${SLOTS:-2}
export RECKON_BIN_DIR RECKON_ABUSE_MESSAGES RECKON_ABUSE_SENDERS RECKON_ABUSE_IDLE_SECONDS RECKON_ABUSE_WORKER_REPLACE_EVERY \
    RECKON_ABUSE_WORKER_FUZZ RECKON_ABUSE_CALC_SLOTS
print_limits "calc $RECKON_ABUSE_CALC_SLOTS slots; $gateway_limits, but --heartbeat-ms 250 --liveness 16 \
--deadline-ms 2000 ${RECKON_ABUSE_GATEWAY_ARGS:-}"
# The figures are printed either way. A failed test (a bound not met) fails the run with its status; one that passed
# without printing them (no test matched the filter) fails it too.
.build/debug/reckonPackageTests.xctest --testing-library swift-testing --filter AbuseTests 2>&1 |
    grep -E '^abuse:|recorded an issue' || exit $((PIPESTATUS[0] ? PIPESTATUS[0] : 1))
