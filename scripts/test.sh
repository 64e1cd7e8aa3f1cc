#!/usr/bin/env bash
# Runs every test: builds everything (the integration tests start the real executables), runs the Swift Testing
# suites, checks formatting, and validates compose.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh libzmq3-dev docker-compose
swift build --build-tests
# The suite takes well under a minute; a hang (a test waiting on a peer that never answers) fails after 15 minutes
# with the output so far, instead of running into CI's own limit.
timeout --kill-after=30s 15m swift test --skip-build
swift format lint --strict --recursive Sources Tests Snippets Package.swift
docker-compose -f compose.yaml config --quiet
echo "all checks passed"
