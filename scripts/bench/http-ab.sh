#!/usr/bin/env bash
# One change to reckon-http, measured alone (issue #36, item 3): two bridges, reckon-http from bin dir BASE and from
# bin dir VARIANT, on one gateway with one calc worker (both from BASE), driven in turn with wrk at 1 connection
# (latency) and 16 (throughput), `calc evaluate 1+1` each call, with every answer checked (status 200 and "value":"2";
# a run with any other answer fails and prints no figure). Prints the medians of ROUNDS rounds and the variant's
# ratios to the base, so the figure of a change is taken side by side with what it changes, in one run.
# Limits: as http.sh (both bridges with their caller rate off, the gateway's per-client rate off, calc at 4 slots per
# CPU), LOG_LEVEL as set (default info: the access log on).
#   BASE=/tmp/base VARIANT=.build/release ROUNDS=5 scripts/bench/http-ab.sh
# Env: BASE, VARIANT (bin dirs holding reckon-http; BASE also reckon-gateway and reckon-calc), ROUNDS (5),
# SECONDS_EACH (5: wrk's duration), CALL (another call, a path under /v1/ with its query: `calc/ops` for a reply of
# about 67 kB) and EXPECT (text its every answer must hold; "value":"2" by default). LEDGER=1 measures `bills.add`
# instead: a reckon-ledger on SQLite joins the stack, one user with 16 households of one, and wrk POSTs a bill into
# each household in turn, each with a fresh Idempotency-Key, every answer a 200 holding a bill.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
base=${BASE:?BASE is the bin dir of the reckon-http to compare against}
variant=${VARIANT:?VARIANT is the bin dir of the changed reckon-http}
rounds=${ROUNDS:-5}
seconds=${SECONDS_EACH:-5}
scripts/ensure-packages.sh wrk
make_workdir http-ab
print_limits "both reckon-http --caller-rate 0 (off), their other limits at their defaults; the gateway \
--client-rate 0 (off); calc at 4 slots per CPU, $(nproc) CPUs"

expect=${EXPECT:-$calc_expect}
call=${CALL:-calc/evaluate?expression=1%2B1}
start_bridge_stack "$base"
if [[ ${LEDGER:-0} = 1 ]]; then
    "$base/reckon-ledger" --gateway "$workers" --data-dir "$work/ledger" >>"$work/ledger.log" 2>&1 &
    pids+=($!)
    call=ledger/bills.add
    expect='"billId":'
    post_with_ledger_user "${bridge%%/v1/*}" 16 >"$work/bodies"
    posting=1
fi
base_url=${bridge%%/v1/*}/v1/$call
start_bridge "$variant" variant
variant_url=${bridge%%/v1/*}/v1/$call
echo "each call: $([[ -n ${posting:-} ]] && echo POST || echo GET) $base_url, every answer holding $expect" >&2

# One wrk run against URL at CLIENTS connections: the GET, or the bills' POST (fresh keys each run).
#   measure URL CLIENTS
measure() {
    if [[ -n ${posting:-} ]]; then
        wrk_script=scripts/bench/wrk-post.lua wrk_run "$1" "$2" "$seconds" 200 "$expect" "$work/bodies" "$token" \
            "ab-$2-$RANDOM$RANDOM"
    else
        wrk_run "$1" "$2" "$seconds" 200 "$expect"
    fi
}

for round in $(seq "$rounds"); do
    for clients in 1 16; do
        echo "base $clients $(measure "$base_url" "$clients")" >>"$work/results"
        echo "variant $clients $(measure "$variant_url" "$clients")" >>"$work/results"
    done
    echo "round $round done" >&2
done

scripts/bench/connection-medians.py "$work/results" "$rounds" --versus base variant \
    "base=reckon-http from $base" "variant=reckon-http from $variant"
