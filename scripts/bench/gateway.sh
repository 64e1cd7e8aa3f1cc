#!/usr/bin/env bash
# The gateway alone: reckon-gateway with one C MDP/0.2 echo worker (mdp-echo.c) behind it, driven by the C load
# generator (loadgen.c, mdp mode) at 1 client and 16 clients, so the figures are the gateway's and libzmq's only.
# Besides loadgen's report, each run gives the CPU time the gateway process spent per request (measure_rounds'
# cpu_us), which the other processes on the machine disturb less than latency.
#   BIN=.build-release/release BASELINE=/tmp/old-bin scripts/bench/gateway.sh
# With BASELINE set, BASELINE's reckon-gateway is measured in the same run, round by round in turn with BIN's, for
# before/after figures side by side. Prints each run's report, then a markdown table of the medians of ROUNDS rounds.
# Env: BIN (.build/release), BASELINE (unset), ROUNDS (3), REQUESTS_1 (5000), REQUESTS_16 (1000 per client),
# CAPACITY (unset: the echo takes one request at a time; 8 matches `reckon up`'s calc on two CPUs, and so gives the
# most any worker could get through this gateway).
# Every reply is checked (loadgen's EXPECT): it must be a FINAL holding the request's body, which the echo sends
# back; a run with any other answer, or none within 5 s, fails the script.
# Limits: the gateway at its per-client defaults (5000 requests a second with a burst of 10000, 1000 pending, 8 MiB
# pending; each loadgen client is a client of its own), the echo's capacity CAPACITY (unset: 1); LOG_LEVEL as set
# (default info: no line per request).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
closed_loop_settings gateway
print_limits "$gateway_limits; the C echo takes ${CAPACITY:-1} at once"

build_loadgen "$work"
build_c_peers "$work"

# Starts SYSTEM's gateway from bin dir DIR, with its CPU time measured, and the echo worker.
#   start_gateway SYSTEM DIR
start_gateway() {
    start_echo_gateway "$2" "${CAPACITY:-}" "$work/$1.log"
    cpu_pid=$gateway_pid
}

# Both gateways run at once on their own ports, and the rounds alternate between them, so a change in the machine's
# load during the run weighs on both alike.
systems=(reckon)
[ -n "${BASELINE:-}" ] && systems+=(baseline)
declare -A endpoints cpu_pids
for system in "${systems[@]}"; do
    endpoint="tcp://127.0.0.1:$(free_port)"
    if [ "$system" = reckon ]; then start_gateway "$system" "$bin"; else start_gateway "$system" "$BASELINE"; fi
    wait_for_calc "$endpoint" "$body"
    endpoints[$system]=$endpoint
    cpu_pids[$system]=$cpu_pid
done
for _ in $(seq "$rounds"); do
    for system in "${systems[@]}"; do
        endpoint=${endpoints[$system]} cpu_pid=${cpu_pids[$system]} rounds=1 \
            measure_rounds "$system" mdp calc "$body" "$body"
    done
done

PYTHONPATH=scripts/bench python3 - "$work/reports" "$rounds" <<'EOF'
import sys
from reports import load, median, row
runs = load(sys.argv[1])
print(f"\nMedians of {sys.argv[2]} rounds; errors are summed over every run, warm-up included.\n")
print("| gateway | 1-client p50 µs | 16-client req/s | 16-client p50 µs | errors | CPU µs/request, 1 client | 16 clients |")
print("|---|---:|---:|---:|---:|---:|---:|")
systems = {"reckon": "reckon-gateway (BIN)", "baseline": "reckon-gateway (BASELINE)"}
for system, name in systems.items():
    if (system, 1) in runs:
        cpu = " | ".join(f"{median(runs, system, clients, 'cpu_us'):.1f}" for clients in (1, 16))
        print(f"| {name} | {row(runs, system)} | {cpu} |")
if ("baseline", 1) in runs:
    def ratio(clients, key):
        return median(runs, "reckon", clients, key) / median(runs, "baseline", clients, key)
    print("\n| ratio | value |\n|---|---:|")
    print(f"| BIN / BASELINE, 1-client p50 | {ratio(1, 'p50_us'):.2f} |")
    print(f"| BIN / BASELINE, 16-client req/s | {ratio(16, 'rps'):.2f} |")
    print(f"| BIN / BASELINE, CPU per request at 1 client | {ratio(1, 'cpu_us'):.2f} |")
    print(f"| BIN / BASELINE, CPU per request at 16 clients | {ratio(16, 'cpu_us'):.2f} |")
EOF
