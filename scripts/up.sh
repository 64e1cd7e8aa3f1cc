#!/usr/bin/env bash
# Starts the whole Reckon stack locally: the gateway and one process of every worker, on loopback, data and logs
# in ./.reckon/. Ctrl-C stops everything. Extra arguments go to `reckon up` (e.g. --client-endpoint ...).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh libzmq3-dev libsodium-dev libsqlite3-dev zlib1g-dev
swift build -c release
exec .build/release/reckon up "$@"
