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
set -euo pipefail
cd "$(dirname "$0")/../.."
RECKON_BIN_DIR=$(realpath "${BIN:-.build/release}")
RECKON_ABUSE_MESSAGES=${MESSAGES:-1000000}
RECKON_ABUSE_SENDERS=${SENDERS:-8}
RECKON_ABUSE_IDLE_SECONDS=${IDLE:-20}
RECKON_ABUSE_WORKER_REPLACE_EVERY=${WORKER_REPLACE_EVERY:-2500}
RECKON_ABUSE_WORKER_FUZZ=${WORKER_FUZZ:-1}
RECKON_ABUSE_CALC_SLOTS=${SLOTS:-2}
export RECKON_BIN_DIR RECKON_ABUSE_MESSAGES RECKON_ABUSE_SENDERS RECKON_ABUSE_IDLE_SECONDS RECKON_ABUSE_WORKER_REPLACE_EVERY \
    RECKON_ABUSE_WORKER_FUZZ RECKON_ABUSE_CALC_SLOTS
# The test fails when a bound is not met; the figures are printed either way.
.build/debug/reckonPackageTests.xctest --testing-library swift-testing --filter AbuseTests 2>&1 |
    grep -E '^abuse:|recorded an issue' || true
