#!/usr/bin/env bash
# The HTTP bridge beside its floors, in one run (issues #24 and #36): wrk (Debian) and the C MDP load generator
# (loadgen.c) at 1 connection (latency) and 16 (throughput), rounds taken in turn, medians printed with the ratios
# of issue #36's bars:
#   nginx   Debian's nginx-light answering a fixed JSON body: the HTTP floor on this machine
#   floor   a bare Hummingbird route answering 200 (`reckon-bench http-floor`): a peer, what Hummingbird itself costs
#   mdp     calc evaluate 1+1 over MDP, straight to a gateway with one calc worker
#   bridge  the same op through reckon-http on that gateway (GET /v1/calc/evaluate?expression=1%2B1)
# and then `reckon-bench handoff`: the cost of the bridge's thread hand-offs (see docs/decisions.md).
# Every answer is checked (wrk through wrk-check.lua, loadgen by its EXPECT): the status, and for the op the value
# "2". A run with any other answer, socket error or timeout fails, and prints no figure.
# Limits: reckon-http runs with its caller rate limit off (`--caller-rate 0`; its default, 100 a second with a burst
# of 200, would answer nearly every request 429), its other limits at their defaults. The gateway's per-client rate
# is off too (`--client-rate 0`): the bridge names each request's caller, and wrk's one address is one caller, whose
# default 5,000 a second the bridge passes at 16 connections. Its pending caps stay at their defaults; calc has its
# default slots (4 per CPU); LOG_LEVEL as set (default info, so the access log is on).
#   BIN=.build/release ROUNDS=5 scripts/bench/http.sh          (BIN defaults to .build/release)
# Env: BIN, ROUNDS (5), SECONDS_EACH (5: wrk's duration), REQUESTS (20000: loadgen's requests per run, split
# over its clients), LOG_LEVEL.
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
print_limits "reckon-http --caller-rate 0 (off), its other limits at their defaults; the gateway --client-rate 0 (off), \
its pending caps at their defaults; calc at 4 slots per CPU, $(nproc) CPUs"

start_bridge_stack "$bin"
floor_port=$(free_port)
nginx_port=$(free_port)
"$bin/reckon-bench" http-floor --port "$floor_port" >>"$work/floor.log" 2>&1 &
pids+=($!)
answer=$calc_expect
start_nginx "$nginx_port" "{$answer}"
floor="http://127.0.0.1:$floor_port/"
nginx="http://127.0.0.1:$nginx_port/"
for _ in $(seq 120); do
    curl -sf "$floor" >/dev/null 2>&1 && curl -sf "$nginx" >/dev/null 2>&1 && break
    sleep 0.5
done
curl -sf "$floor" >/dev/null && curl -sf "$nginx" >/dev/null || { echo "a floor did not come up:" >&2; exit 1; }

# One loadgen run: prints "p50_us rps"; a wrong answer fails it (loadgen exits 1).
mdp_run() {
    local report
    report=$("$work/loadgen" mdp "$endpoint" "$1" $((requests / $1)) calc "$calc_body" "$answer")
    python3 -c 'import json, sys; r = json.loads(sys.argv[1]); print(r["p50_us"], r["rps"])' "$report"
}
# One row of results: SYSTEM CLIENTS P50_US RPS, added to "$work/results" only when its run passed.
record() {
    local figures
    figures=$("${@:3}")
    echo "$1 $2 $figures" >>"$work/results"
}

for round in $(seq "$rounds"); do
    for clients in 1 16; do
        record nginx "$clients" wrk_run "$nginx" "$clients" "$seconds" 200 "$answer"
        record floor "$clients" wrk_run "$floor" "$clients" "$seconds" 200 ok
        record mdp "$clients" mdp_run "$clients"
        record bridge "$clients" wrk_run "$bridge" "$clients" "$seconds" 200 "$answer"
    done
    echo "round $round done" >&2
done

scripts/bench/connection-medians.py "$work/results" "$rounds" --bars \
    "nginx=nginx, a fixed JSON body (HTTP floor)" "floor=bare Hummingbird route (peer)" \
    "mdp=calc evaluate 1+1 over MDP" "bridge=the same through reckon-http"

# The hand-offs the bridge pays (issue #24, item 7): ReckonClient's ZeroMQ thread against a DEALER used on the
# calling thread, the best a socket on the HTTP event loop (ZMQ_FD) could do, against the same stack.
echo
"$bin/reckon-bench" handoff --gateway "$endpoint" --rounds "$rounds"
