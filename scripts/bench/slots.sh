#!/usr/bin/env bash
# How many slots one reckon-calc process wants: for each count in SLOTS, a gateway and one reckon-calc --slots N,
# driven by the C closed-loop load generator (loadgen.c) at 1 client and 16 clients with calc evaluate 1+1.
# Prints each run's report, then the medians of ROUNDS rounds.
#   BIN=.build-release/release scripts/bench/slots.sh      (BIN defaults to .build/release: swift build -c release)
# Env: BIN, SLOTS ("1 2 4 8 16"), ROUNDS (3), REQUESTS_1 (5000), REQUESTS_16 (1000 per client).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
slot_counts=${SLOTS:-1 2 4 8 16}
rounds=${ROUNDS:-3}
requests_1=${REQUESTS_1:-5000}
requests_16=${REQUESTS_16:-1000}
body='{"op":"evaluate","args":{"expression":"1+1"}}'
work=$(mktemp -d /tmp/reckon-bench-slots.XXXXXX)
pids=()
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
    pids=()
}
cleanup() { stop_all; rm -rf "$work"; }
trap cleanup EXIT
build_loadgen "$work"

for slots in $slot_counts; do
    endpoint="tcp://127.0.0.1:$(free_port)"
    worker_endpoint="tcp://127.0.0.1:$(free_port)"
    "$bin/reckon-gateway" --client-endpoint "$endpoint" --worker-endpoint "$worker_endpoint" >>"$work/gateway.log" 2>&1 &
    pids+=($!)
    "$bin/reckon-calc" --gateway "$worker_endpoint" --slots "$slots" >>"$work/calc.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 50); do
        [[ $("$work/loadgen" mdp "$endpoint" 1 1 calc "$body") == *'"errors":0}' ]] && break
        sleep 0.2
    done
    for _ in $(seq "$rounds"); do
        for clients in 1 16; do
            requests=$((clients == 1 ? requests_1 : requests_16))
            report=$("$work/loadgen" mdp "$endpoint" "$clients" "$requests" calc "$body")
            printf 'slots %-3s %s\n' "$slots" "$report"
            echo "$slots $report" >>"$work/reports"
        done
    done
    stop_all
done

python3 - "$work/reports" "$rounds" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    slots, report = line.split(" ", 1)
    report = json.loads(report)
    runs.setdefault((int(slots), report["clients"]), []).append(report)
def median(slots, clients, key):
    return statistics.median_low(run[key] for run in runs[slots, clients])
print(f"\nMedians of {sys.argv[2]} rounds, one reckon-calc process.\n")
print("| slots | 1-client p50 µs | 16-client req/s | 16-client p50 µs | errors |")
print("|---:|---:|---:|---:|---:|")
for slots in sorted({slots for slots, _ in runs}):
    errors = sum(run["errors"] for clients in (1, 16) for run in runs[slots, clients])
    print(f"| {slots} | {median(slots, 1, 'p50_us'):.0f} | {median(slots, 16, 'rps'):.0f} "
          f"| {median(slots, 16, 'p50_us'):.0f} | {errors} |")
PY
