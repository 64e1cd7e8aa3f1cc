#!/usr/bin/env bash
# CPU time per call through reckon-http beside its floors (issue #36, item 2), without a profiler's own cost: the
# systems of http.sh at 1 connection and at 16, ROUNDS rounds taken in turn, and for each run the user + system time
# each server process used (from /proc/PID/stat) over the calls made meanwhile (wrk's, or loadgen's and its warm-up):
#   nginx   Debian's nginx-light answering a fixed JSON body (its master and its workers, one per CPU)
#   mdp     calc evaluate 1+1 over MDP from the C load generator, straight to the gateway (gateway, calc)
#   mdp-envelope  the same with the envelope reckon-http sends (bridge_body: its caller, call id and a read's
#           idempotency key), to tell what the envelope costs the gateway and calc from what the bridge's traffic does
#   bridge  the same op through reckon-http (reckon-http, gateway, calc)
# Every answer is checked (wrk-check.lua, loadgen's EXPECT): a run with any other answer fails, and prints no figure.
# Limits: as http.sh (reckon-http --caller-rate 0, the gateway --client-rate 0, calc at 4 slots per CPU).
#   BIN=.build/release ROUNDS=3 scripts/bench/http-cpu.sh
# Env: BIN (.build/release), ROUNDS (3), SECONDS_EACH (8: wrk's duration), REQUESTS (20000: loadgen's, split over its
# clients), LOG_LEVEL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
rounds=${ROUNDS:-3}
seconds=${SECONDS_EACH:-8}
requests=${REQUESTS:-20000}
scripts/ensure-packages.sh wrk libzmq3-dev nginx-light
make_workdir http-cpu
build_loadgen "$work"
print_limits "reckon-http --caller-rate 0 (off), its other limits at their defaults; the gateway --client-rate 0 \
(off), its pending caps at their defaults; calc at 4 slots per CPU, $(nproc) CPUs"
start_bridge_stack "$bin"
nginx_port=$(free_port)
start_nginx "$nginx_port" "{$calc_expect}"
nginx="http://127.0.0.1:$nginx_port/"
for _ in $(seq 60); do curl -sf "$nginx" >/dev/null 2>&1 && break; sleep 0.5; done
nginx_pids=("${pids[-1]}" $(pgrep -P "${pids[-1]}"))
ticks=$(getconf CLK_TCK)
# What reckon-http sends for GET /v1/calc/evaluate?expression=1%2B1 from 127.0.0.1 (QueuedRequest, OpEndpoint): the
# caller first, the call's id and, for a read, a fresh idempotency key (the same one here on every call: calc keeps none).
bridge_body='{"caller":"address:127.0.0.1","op":"evaluate","args":{"expression":"1+1"},"id":"lc-4021380117-1",'
bridge_body+='"idempotencyKey":"0D5E1B4A-7C1F-4E55-9C3B-5A8E0F4C2D91"}'

# The clock ticks (user + system) the processes PIDS... have used, one figure each.
used() { for pid in "$@"; do awk '{ printf "%d ", $14 + $15 }' "/proc/$pid/stat"; done; }
# One run of SYSTEM at CONNECTIONS: prints its row, "p50, req/s, then µs of CPU a call for each process watched".
#   measure SYSTEM CONNECTIONS PIDS...
measure() {
    local system=$1 connections=$2 before after p50 rps calls report figures
    shift 2
    read -r -a before <<<"$(used "$@")"
    if [[ $system == mdp* ]]; then
        report=$("$work/loadgen" mdp "$endpoint" "$connections" $((requests / connections)) calc \
            "$([[ $system == mdp ]] && echo "$calc_body" || echo "$bridge_body")" "$calc_expect")
        figures=$(python3 -c 'import json, sys; r = json.loads(sys.argv[1]); print(r["p50_us"], r["rps"])' "$report")
        read -r p50 rps <<<"$figures"
        calls=$((requests + 200 * connections))  # and loadgen's 200 warm-up calls a client
    else
        # An assignment, so that a failed run (any unexpected answer) ends the script under `set -e`.
        figures=$(wrk_run "$([[ $system == nginx ]] && echo "$nginx" || echo "$bridge")" "$connections" "$seconds" \
            200 "$calc_expect")
        read -r p50 rps <<<"$figures"
        calls=$(awk -v r="$rps" -v s="$seconds" 'BEGIN { print r * s }')
    fi
    read -r -a after <<<"$(used "$@")"
    local row="| $system | $connections | ${p50%.*} | ${rps%.*}" total=0 index us
    for index in "${!after[@]}"; do
        us=$(awk -v t=$((after[index] - before[index])) -v hz="$ticks" -v n="$calls" \
            'BEGIN { printf "%.0f", t * 1e6 / hz / n }')
        row+=" | $us"
        total=$((total + us))
    done
    for ((index = ${#after[@]}; index < 3; index++)); do row+=" | —"; done
    echo "$row | $total |"
}

echo "| system | connections | p50 µs | req/s | µs of CPU a call: first process | second | third | all |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
    for connections in 1 16; do
        measure nginx "$connections" "${nginx_pids[@]}"
        measure mdp "$connections" "${stack_pids[0]}" "${stack_pids[1]}"
        measure mdp-envelope "$connections" "${stack_pids[0]}" "${stack_pids[1]}"
        measure bridge "$connections" "${stack_pids[2]}" "${stack_pids[0]}" "${stack_pids[1]}"
    done
    echo "round $round done" >&2
done
echo "processes: nginx: master, then its workers; mdp, mdp-envelope: gateway, calc; bridge: reckon-http, gateway, calc"
