#!/usr/bin/env bash
# The gateway's memory when a DEALER reuses the routing id of a live connection (reused-id.c): 2,000 requests of
# 100 kB each for a service no worker serves, from the second connection, then both leave; ROUNDS times against one
# gateway. Prints, per round, how many requests were answered and the gateway's VmRSS 2 s after both DEALERs
# closed: memory that stays the same from round to round is the allocator's reuse, memory that grows is a leak.
# Every answer is checked (reused-id.c): the first DEALER's health must hold "ok":true, each flood request must get
# `unavailable` or `unknown_service`; any other answer, or a request without one, fails the script.
#   BIN=.build/debug scripts/bench/reused-id.sh      (BIN defaults to .build/release)
# Env: BIN, COUNT (2000), SIZE (100000), ROUNDS (3).
# Limits: the gateway at its per-client defaults (5000 requests a second with a burst of 10000, 1000 pending, 8 MiB
# pending), the DEALERs of a round one client to it (routing id "dup"): a COUNT past the burst, or a SIZE over
# --max-message-bytes (1 MiB), is answered `resource_exhausted` and fails the run; no worker, so no slots;
# LOG_LEVEL as set (default info: no line per request).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
make_workdir reused-id
print_limits "$gateway_limits, a round's DEALERs one client (routing id dup); no worker"
scripts/ensure-packages.sh libzmq3-dev
cc -O2 -o "$work/reused-id" scripts/bench/reused-id.c -lzmq

kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$2/status"; }

endpoint="tcp://127.0.0.1:$(free_port)"
"$bin/reckon-gateway" --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$(free_port)" \
    --metrics-port 0 >"$work/gateway.log" 2>&1 &
gateway=$!
pids+=("$gateway")
sleep 1
echo "| round | flood | gateway VmRSS after KiB |"
echo "|---:|---|---:|"
echo "| 0 | none | $(kib VmRSS "$gateway") |"
for round in $(seq "${ROUNDS:-3}"); do
    report=$("$work/reused-id" "$endpoint" nosuch "${COUNT:-2000}" "${SIZE:-100000}")
    sleep 2
    echo "| $round | $report | $(kib VmRSS "$gateway") |"
done
