#!/usr/bin/env bash
# The gateway's memory when a DEALER reuses the routing id of a live connection (reused-id.c): 2,000 requests of
# 100 kB each for a service no worker serves, from the second connection, then both leave; ROUNDS times against one
# gateway. Prints, per round, how many requests were answered and the gateway's VmRSS 2 s after both DEALERs
# closed: memory that stays the same from round to round is the allocator's reuse, memory that grows is a leak.
#   BIN=.build/debug scripts/bench/reused-id.sh      (BIN defaults to .build/release)
# Env: BIN, COUNT (2000), SIZE (100000), ROUNDS (3).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
make_workdir reused-id
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
