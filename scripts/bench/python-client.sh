#!/usr/bin/env bash
# The Python client (clients/python, issue #25) against PyPI's majortomo 0.2.0 client, in one run against the same
# gateway and worker: `reckon up` from BIN (Reckon's gateway with calc), asked calc evaluate 1+1.
#   async      reckon.AsyncClient from one process, IN_FLIGHT calls in flight on one socket
#   blocking   reckon.Client, one call at a time (issue #36's bar: at least majortomo's)
#   majortomo  majortomo.client.Client, one request at a time (it holds one request at a time), each call's body
#              encoded from its arguments as reckon.Client encodes each call's (decision 0130)
#   majortomo-fixed  the same, sending one body encoded before the calls (the row before decision 0130)
# Both run in a throwaway venv (pyzmq, `pip install ./clients/python`, majortomo==0.2.0 and the six it imports
# undeclared), in turn, ROUNDS rounds; prints each figure, the medians, the ratios (the bars are 1 and 5) and each
# client process's CPU time a call (every thread's).
# Every reply is checked ("2"); a run with a wrong reply or an error fails and says why.
# Limits: `reckon up`'s defaults, with no reckon-http (so no caller rate): the gateway's per-client rate of 5,000
# requests a second with a burst of 10,000 (each driver run is a new client: calls past what the burst and the rate
# cover are refused, which fails the run) and 1,000 pending (IN_FLIGHT stays below it); calc's slots, 4 per CPU;
# LOG_LEVEL as set (default info).
#   BIN=.build/debug scripts/bench/python-client.sh        (BIN defaults to .build/release: swift build -c release)
# Env: BIN, ROUNDS (5), CALLS_ASYNC (10000), CALLS_MAJORTOMO (3000: also the blocking client's), IN_FLIGHT (100),
# LOG_LEVEL, BEFORE (a git revision: its clients/python is installed in a second venv, and its reckon.Client runs in
# the same rounds, one call at a time, for a side-by-side "before" row).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
rounds=${ROUNDS:-5}
make_workdir python-client
make_venv majortomo==0.2.0 six ./clients/python
# run LABEL NAME PYTHON MODE ARGS...: one driver run; records its calls a second in $work/NAME and its CPU a call in
# $work/NAME.cpu, and prints them after LABEL. A failed run ends the script (the figures are taken by assignment).
run() {
    local label=$1 name=$2 python=$3
    shift 3
    local figures
    figures=$("$python" scripts/bench/python-client.py "$@")
    echo "${figures% *}" >>"$work/$name"
    echo "${figures#* }" >>"$work/$name.cpu"
    echo "$label ${figures% *} calls/s, ${figures#* } µs of CPU a call"
}
if [[ -n ${BEFORE:-} ]]; then
    mkdir "$work/before"
    git archive "$BEFORE" clients/python | tar -x -C "$work/before"
    python3 -m venv "$work/venv-before"
    "$work/venv-before/bin/pip" install -q --disable-pip-version-check "$work/before/clients/python"
fi
print_limits "reckon up's defaults, no reckon-http: $gateway_limits; calc 4 slots per CPU ($(nproc) CPUs)"

endpoint="tcp://127.0.0.1:$(free_port)"
start_reckon_up "$bin" --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$(free_port)" --http none

calls=${CALLS_MAJORTOMO:-3000}
for round in $(seq "$rounds"); do
    run "round $round: majortomo" majortomo "$work/venv/bin/python" majortomo "$endpoint" "$calls"
    run "round $round: majortomo, one body" fixed "$work/venv/bin/python" majortomo-fixed "$endpoint" "$calls"
    run "round $round: Client" blocking "$work/venv/bin/python" blocking "$endpoint" "$calls"
    if [[ -n ${BEFORE:-} ]]; then
        run "round $round: Client at $BEFORE" blocking-before "$work/venv-before/bin/python" blocking "$endpoint" \
            "$calls"
    fi
    run "round $round: AsyncClient" async "$work/venv/bin/python" async "$endpoint" "${CALLS_ASYNC:-10000}" \
        "${IN_FLIGHT:-100}"
done
majortomo=$(median <"$work/majortomo")
ratio() { awk -v a="$1" -v m="$majortomo" 'BEGIN { printf "%.2f", a / m }'; }
row() { echo "| $1 | $(median <"$work/$2") | $(ratio "$(median <"$work/$2")") | $(median <"$work/$2.cpu") |"; }
echo
echo "| client | calls/s (median of $rounds) | / majortomo | CPU µs a call (median) |"
echo "|---|---:|---:|---:|"
row "majortomo 0.2.0 \`Client\`, one at a time" majortomo
row "the same, one body encoded once before the calls" fixed
row "reckon.Client, one at a time (bar ≥ 1.0)" blocking
if [[ -n ${BEFORE:-} ]]; then
    row "reckon.Client at $BEFORE, one at a time" blocking-before
fi
row "reckon.AsyncClient, ${IN_FLIGHT:-100} in flight (bar ≥ 5)" async
