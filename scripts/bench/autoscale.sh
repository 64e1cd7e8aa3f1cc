#!/usr/bin/env bash
# Issue #40's bars: a load ramp through the gateway (CLIENTS a step, default 1 → 32 → 1, STEP_SECONDS each) of calc
# tax.estimate with one write in ten (orders cart.create under an idempotency key), against three calc set-ups side
# by side in one run: `reckon autoscale --scale calc=1..N/SLOTS` (a script starting and draining reckon-calc, the
# scaler reading every 500 ms, TARGET utilisation, STABILISATION seconds), N fixed processes, and 1. Every answer is
# checked (autoscale-ramp.py); a run with any other answer fails. Prints, per set-up: the p99 at the peak and over
# the whole ramp, the time-weighted mean of calc processes, errors, and writes against the carts stored (each
# answered write stored once); then the bars' ratios; and writes an SVG of the processes over time (OUT, default
# docs/performance/autoscale.svg).
# Limits: the gateway's per-client rate off (--client-rate 0; each client is its own routing id), its deadline 30 s;
# calc SLOTS slots a process (1: slots, not the 2 cores, run short first); orders 1 process at its defaults on SQLite;
# LOG_LEVEL as set (default info).
#   BIN=.build/release scripts/bench/autoscale.sh
# Env: BIN (.build/release), N (4), SLOTS (1), STEP_SECONDS (20), CLIENTS (1,2,4,8,16,32,32,16,8,4,2,1),
# RATE (calls a second per client, paced; 0 for closed-loop clients: 20), TARGET (the target utilisation, 0.5: room
# for the load to double in one step), STABILISATION (20), OUT.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=$(realpath "${BIN:-.build/release}")
n=${N:-4}
slots=${SLOTS:-1}
step=${STEP_SECONDS:-20}
clients=${CLIENTS:-1,2,4,8,16,32,32,16,8,4,2,1}
rate=${RATE:-20}
target=${TARGET:-0.5}
stabilisation=${STABILISATION:-20}
out=${OUT:-docs/performance/autoscale.svg}
make_workdir autoscale
# The calc processes the set-ups' scale.sh started are no child of this script: stop them too, however it ends.
trap 'for pid in "$work"/*/pids/*; do kill "$(cat "$pid")" 2>/dev/null || true; done; stop_all
      [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"' EXIT
make_venv ./clients/python
print_limits "gateway --client-rate 0, deadline 30 s; calc $slots slots a process; target $target, $rate calls/s a client; orders 1 process (SQLite)"

# run MODE: one ramp against a fresh gateway; MODE is autoscale, or fixed-K (K calc processes).
run() {
    local mode=$1 client="tcp://127.0.0.1:$(free_port)" worker="tcp://127.0.0.1:$(free_port)" folder="$work/$1"
    mkdir -p "$folder/data"
    head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$folder/staff-key"
    "$bin/reckon-gateway" --client-endpoint "$client" --worker-endpoint "$worker" --client-rate 0 \
        --deadline-ms 30000 >>"$folder/gateway.log" 2>&1 &
    pids+=($!)
    "$bin/reckon-orders" --gateway "$worker" --data-dir "$folder/data" --staff-key-file "$folder/staff-key" \
        >>"$folder/orders.log" 2>&1 &
    pids+=($!)
    cat >"$folder/scale.sh" <<SCRIPT
#!/bin/sh
# scale.sh N: N calc processes, started or drained (SIGTERM) newest first; each count logged with its time.
mkdir -p "$folder/pids"
have=\$(ls "$folder/pids" | wc -l)
while [ "\$have" -lt "\$1" ]; do
    have=\$((have + 1))
    "$bin/reckon-calc" --gateway "$worker" --slots $slots >>"$folder/calc-\$have.log" 2>&1 &
    echo \$! >"$folder/pids/\$have"
done
while [ "\$have" -gt "\$1" ]; do
    kill -TERM "\$(cat "$folder/pids/\$have")"
    rm "$folder/pids/\$have"
    have=\$((have - 1))
done
echo "\$(date +%s.%N) \$1" >>"$folder/counts"
SCRIPT
    if [[ $mode == autoscale ]]; then
        "$bin/reckon" autoscale --gateway "$client" --scale "calc=1..$n/$slots" --run "sh $folder/scale.sh {n}" \
            --interval-ms 500 --target-utilisation "$target" --stabilisation-seconds "$stabilisation" >>"$folder/autoscale.log" 2>&1 &
        pids+=($!)
    else
        sh "$folder/scale.sh" "${mode#fixed-}"
    fi
    local began
    began=$(date +%s.%N)
    "$work/venv/bin/python" scripts/bench/autoscale-ramp.py "$client" "$step" "$clients" "$rate" >"$folder/report.json"
    local ended
    ended=$(date +%s.%N)
    local carts
    carts=$(sqlite3 "$folder/data/orders.sqlite" "SELECT count(*) FROM orders_carts")
    stop_all
    for pid in "$folder"/pids/*; do kill -TERM "$(cat "$pid")" 2>/dev/null || true; done
    python3 - "$mode" "$folder" "$began" "$ended" "$carts" >>"$work/rows" <<'PY'
import json, sys
mode, folder, began, ended, carts = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
report = json.load(open(f"{folder}/report.json"))
changes = [(float(t), int(k)) for t, k in (line.split() for line in open(f"{folder}/counts"))]
count, weighted, last, timeline = changes[0][1], 0.0, began, []
for at, new in changes[1:] + [(ended, None)]:
    at = min(max(at, began), ended)
    weighted += count * (at - last)
    timeline.append((last - began, count))
    last = at
    if new is not None:
        count = new
timeline.append((ended - began, count))
peak = max(report["steps"], key=lambda s: (s["clients"], s["p99_ms"] or 0))
print(json.dumps({"mode": mode, "peak_p99_ms": peak["p99_ms"], "p99_ms": report["p99_ms"], "p50_ms": report["p50_ms"],
                  "calls": report["calls"], "mean_processes": weighted / (ended - began), "errors": report["errors"],
                  "writes": report["writes"], "carts": carts, "timeline": timeline,
                  "changes": [[at - began, k] for at, k in changes]}))
PY
}

for mode in autoscale "fixed-$n" fixed-1; do
    echo "ramp $clients clients at $rate calls/s each (0: closed loop), $step s a step: $mode" >&2
    run "$mode"
done
python3 scripts/bench/autoscale-report.py "$work/rows" "$n" "$stabilisation" "$step" "$clients" "$out"
