#!/usr/bin/env bash
# Runs every test: builds everything (the integration tests start the real executables), runs the Swift Testing
# suites, checks formatting, and validates compose.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh libzmq3-dev docker-compose
swift build --build-tests
swift test --skip-build
swift format lint --strict --recursive Sources Tests Snippets Package.swift
docker-compose -f compose.yaml config --quiet
echo "all checks passed"
