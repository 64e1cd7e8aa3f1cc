#!/usr/bin/env bash
# The HTTP bridge beside its floors, in one run (issue #24): wrk (Debian) and the C MDP load generator (loadgen.c)
# at 1 connection (latency) and 16 (throughput), rounds taken in turn, medians printed with the issue's ratios:
#   floor   a bare Hummingbird route answering 200 (`reckon-bench http-floor`): the HTTP floor on this machine
#   mdp     calc evaluate 1+1 over MDP, straight to the gateway of a `reckon up` stack
#   bridge  the same op through that stack's reckon-http (GET /v1/calc/evaluate?expression=1%2B1)
# and then `reckon-bench handoff`: the cost of the bridge's thread hand-offs (see docs/decisions.md).
#   BIN=.build/release ROUNDS=5 scripts/bench/http.sh          (BIN defaults to .build/release)
# Env: BIN, ROUNDS (5), SECONDS_EACH (5: wrk's duration), REQUESTS (20000: loadgen's requests per run, split
# over its clients).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
rounds=${ROUNDS:-5}
seconds=${SECONDS_EACH:-5}
requests=${REQUESTS:-20000}
scripts/ensure-packages.sh wrk libzmq3-dev
make_workdir http
build_loadgen "$work"

endpoint="tcp://127.0.0.1:$(free_port)"
http_port=$(free_port)
floor_port=$(free_port)
"$bin/reckon" up --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$(free_port)" \
    --data-dir "$work/stack" --http "127.0.0.1:$http_port" >>"$work/up.log" 2>&1 &
pids+=($!)
"$bin/reckon-bench" http-floor --port "$floor_port" >>"$work/floor.log" 2>&1 &
pids+=($!)
bridge="http://127.0.0.1:$http_port/v1/calc/evaluate?expression=1%2B1"
floor="http://127.0.0.1:$floor_port/"
body='{"op":"evaluate","args":{"expression":"1+1"}}'
for _ in $(seq 120); do
    if curl -sf "$bridge" >/dev/null 2>&1 && curl -sf "$floor" >/dev/null 2>&1; then break; fi
    sleep 0.5
done
curl -sf "$bridge" >/dev/null || { echo "the stack did not come up:" >&2; cat "$work"/*.log >&2; exit 1; }

# One wrk run: prints "p50_us rps".
wrk_run() {
    wrk -t1 -c"$2" -d"${seconds}s" --latency "$1" | awk '
        function us(v) { if (v ~ /us$/) return v + 0; if (v ~ /ms$/) return v * 1000; if (v ~ /s$/) return v * 1e6; return v }
        $1 == "50%" { p50 = us($2) }
        $1 == "Requests/sec:" { rps = $2 }
        END { printf "%.1f %.0f\n", p50, rps }'
}
# One loadgen run: prints "p50_us rps".
mdp_run() {
    "$work/loadgen" mdp "$endpoint" "$1" $((requests / $1)) calc "$body" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["errors"] == 0, r
print(r["p50_us"], r["rps"])'
}

for round in $(seq "$rounds"); do
    for clients in 1 16; do
        echo "floor $clients $(wrk_run "$floor" "$clients")" >>"$work/results"
        echo "mdp $clients $(mdp_run "$clients")" >>"$work/results"
        echo "bridge $clients $(wrk_run "$bridge" "$clients")" >>"$work/results"
    done
    echo "round $round done" >&2
done

python3 - "$work/results" "$rounds" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def median(system, clients, index):
    return statistics.median_low(float(r[index]) for r in rows if r[0] == system and r[1] == str(clients))
print(f"\nMedians of {sys.argv[2]} rounds (p50 in µs, throughput in requests a second).\n")
print("| system | 1-conn p50 µs | 1-conn req/s | 16-conn p50 µs | 16-conn req/s |")
print("|---|---:|---:|---:|---:|")
names = {"floor": "bare Hummingbird route (HTTP floor)", "mdp": "calc evaluate 1+1 over MDP",
         "bridge": "the same through reckon-http"}
for system, name in names.items():
    print(f"| {name} | {median(system, 1, 2):.0f} | {median(system, 1, 3):.0f} | {median(system, 16, 2):.0f} "
          f"| {median(system, 16, 3):.0f} |")
latency = median("bridge", 1, 2) / (median("floor", 1, 2) + median("mdp", 1, 2))
throughput = median("bridge", 16, 3) / min(median("floor", 16, 3), median("mdp", 16, 3))
print("\n| ratio (bar) | value |\n|---|---:|")
print(f"| bridge 1-conn p50 / (floor p50 + MDP p50) (≤ 1.2) | {latency:.2f} |")
print(f"| bridge 16-conn req/s / min(floor, MDP) (≥ 0.6) | {throughput:.2f} |")
PY

# The hand-offs the bridge pays (issue #24, item 7): ReckonClient's ZeroMQ thread against a DEALER used on the
# calling thread, the best a socket on the HTTP event loop (ZMQ_FD) could do, against the same stack.
echo
"$bin/reckon-bench" handoff --gateway "$endpoint" --rounds "$rounds"
