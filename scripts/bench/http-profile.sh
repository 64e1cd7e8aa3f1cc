#!/usr/bin/env bash
# Where a call through reckon-http spends its CPU (issue #36, item 2): the stack of http.sh (a gateway, one calc
# worker and reckon-http, every limit that would throttle one address off) under wrk at CONNECTIONS, sampled by perf
# for SECONDS. Prints each process's and each thread's share of the samples, the CPU per request they add up to, and
# reckon-http's hottest symbols. wrk's answers are checked (wrk-check.lua): a run with any other answer fails.
#   BIN=.build/release scripts/bench/http-profile.sh
# Env: BIN (.build/release), CONNECTIONS (1), SECONDS_EACH (15), FREQUENCY (2999 samples a second), LOG_LEVEL.
# LEDGER=1 profiles `bills.add` instead, as http-ab.sh drives it: a reckon-ledger on SQLite joins the stack (and the
# profile), and wrk POSTs a bill into one of 16 households in turn, each with a fresh Idempotency-Key.
# perf's own sampling costs CPU too, so the figures are shares and an upper bound per request, not a latency.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
connections=${CONNECTIONS:-1}
seconds=${SECONDS_EACH:-15}
frequency=${FREQUENCY:-2999}
scripts/ensure-packages.sh wrk linux-perf
make_workdir http-profile
print_limits "reckon-http --caller-rate 0 (off); the gateway --client-rate 0 (off); calc at 4 slots per CPU, \
$(nproc) CPUs; perf at $frequency Hz with call graphs"
start_bridge_stack "$bin"
names=(reckon-gateway reckon-calc reckon-http)
if [[ ${LEDGER:-0} = 1 ]]; then
    "$bin/reckon-ledger" --gateway "$workers" --data-dir "$work/ledger" >>"$work/ledger.log" 2>&1 &
    pids+=($!)
    stack_pids+=($!)
    names+=(reckon-ledger)
    post_with_ledger_user "${bridge%%/v1/*}" 16 >"$work/bodies"
fi
# wrk runs two seconds longer than perf on both sides, so every sample falls in steady load.
if [[ ${LEDGER:-0} = 1 ]]; then
    wrk_script=scripts/bench/wrk-post.lua wrk_run "${bridge%%/v1/*}/v1/ledger/bills.add" "$connections" \
        $((seconds + 4)) 200 '"billId":' "$work/bodies" "$token" "profile-$RANDOM$RANDOM" >"$work/wrk" &
else
    wrk_run "$bridge" "$connections" $((seconds + 4)) 200 "$calc_expect" >"$work/wrk" &
fi
wrk_pid=$!
sleep 2
perf record -q -F "$frequency" -g -o "$work/perf.data" -p "$(IFS=,; echo "${stack_pids[*]}")" -- sleep "$seconds" \
    2>/dev/null
wait "$wrk_pid"
read -r p50 rps <"$work/wrk"
echo "wrk at $connections connection(s) under perf: p50 $p50 µs, $rps requests a second"
perf script -i "$work/perf.data" -F pid,tid,comm 2>/dev/null | awk -v rps="$rps" -v hz="$frequency" \
    -v s="$seconds" -v names="${names[*]}" -v ids="${stack_pids[*]}" '
    BEGIN { split(names, name, " "); split(ids, id, " "); for (i in id) process[id[i]] = name[i] }
    { split($NF, pt, "/"); thread[process[pt[1]] " " $1 " (" pt[2] ")"]++; per[process[pt[1]]]++; total++ }
    END {
        printf "\n| process | share of samples | CPU µs per request |\n|---|---:|---:|\n"
        for (p in per) printf "| %s | %.1f %% | %.0f |\n", p, 100 * per[p] / total, per[p] * 1e6 / hz / (rps * s)
        printf "\n| thread | share of samples |\n|---|---:|\n"
        for (t in thread) printf "| %s | %.1f %% |\n", t, 100 * thread[t] / total
    }'
echo
echo "reckon-http's hottest symbols (share of its samples, callers not included):"
perf report -i "$work/perf.data" --pid "${stack_pids[2]}" --no-children -g none --sort sym --stdio 2>/dev/null |
    grep -v '^#' | grep -v '^$' | head -25
