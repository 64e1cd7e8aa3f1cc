#!/usr/bin/env bash
# How many slots one reckon-calc process wants: for each count in SLOTS, a gateway and one reckon-calc --slots N,
# driven by the C closed-loop load generator (loadgen.c) at 1 client and 16 clients with calc evaluate 1+1.
# Prints each run's report, then the medians of ROUNDS rounds.
#   BIN=.build-release/release scripts/bench/slots.sh      (BIN defaults to .build/release: swift build -c release)
# Env: BIN, SLOTS ("1 2 4 8 16"), ROUNDS (3), REQUESTS_1 (5000), REQUESTS_16 (1000 per client).
# Every answer is checked (loadgen's EXPECT): it must hold "value":"2"; a run with any other answer, or none within
# 5 s, fails the script.
# Limits: the gateway at its per-client defaults (5000 requests a second with a burst of 10000, 1000 pending, 8 MiB
# pending; each loadgen client is a client of its own), calc's slots as SLOTS says; LOG_LEVEL as set (default info:
# no line per request).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
slot_counts=${SLOTS:-1 2 4 8 16}
rounds=${ROUNDS:-3}
requests_1=${REQUESTS_1:-5000}
requests_16=${REQUESTS_16:-1000}
make_workdir slots
print_limits "$gateway_limits; calc --slots each of $slot_counts"
build_loadgen "$work"

for slots in $slot_counts; do
    endpoint="tcp://127.0.0.1:$(free_port)"
    worker_endpoint="tcp://127.0.0.1:$(free_port)"
    "$bin/reckon-gateway" --client-endpoint "$endpoint" --worker-endpoint "$worker_endpoint" >>"$work/gateway.log" 2>&1 &
    pids+=($!)
    "$bin/reckon-calc" --gateway "$worker_endpoint" --slots "$slots" >>"$work/calc.log" 2>&1 &
    pids+=($!)
    wait_for_calc "$endpoint"
    measure_rounds "$slots" mdp calc "$calc_body" "$calc_expect"
    stop_all
done

PYTHONPATH=scripts/bench python3 - "$work/reports" "$rounds" <<'PY'
import sys
from reports import load, row
runs = load(sys.argv[1])
print(f"\nMedians of {sys.argv[2]} rounds, one reckon-calc process.\n")
print("| slots | 1-client p50 µs | 16-client req/s | 16-client p50 µs | errors |")
print("|---:|---:|---:|---:|---:|")
for slots in sorted({label for label, _ in runs}, key=int):
    print(f"| {slots} | {row(runs, slots)} |")
PY
