#!/usr/bin/env bash
# The Python client over HTTP (clients/python, issue #37, item 5) against httpx alone, in one run against the same
# bridge: calc evaluate 1+1, one call at a time, POST /v1/calc/evaluate with the same JSON body
# (scripts/bench/python-http.py):
#   reckon  reckon.Client("http://…"), which calls through an httpx.Client with httpx's default pool (its retries
#           off, so that a refusal fails the run rather than being tried again)
#   httpx   a bare httpx.Client with that same default pool, at its leanest (the body and the parsed URL made once)
# In each of ROUNDS rounds (a new process each) the two take turns, SLICE calls at a time, until each has made CALLS;
# a round's figure for each is the median of its slices' rates. Prints each round's figures, their medians and the
# ratio (the bar is 0.9). Both run in a throwaway venv
# (`pip install "./clients/python[http]"` with httpx==0.28.1). Every answer is checked (status 200 and the value
# "2"); a run with any other answer or an error fails, saying why.
# Limits (lib.sh's start_bridge_stack): reckon-http with its caller rate limit off (`--caller-rate 0`), its other
# limits at their defaults; the gateway's per-client rate off (`--client-rate 0`), its pending caps at their
# defaults; one reckon-calc at 4 slots per CPU; LOG_LEVEL as set (default info, so the bridge's access log is on).
#   BIN=.build/release ROUNDS=3 scripts/bench/python-http.sh        (BIN defaults to .build/release; no build)
# Env: BIN, ROUNDS (3), CALLS (10000 each a round), SLICE (100), LOG_LEVEL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
rounds=${ROUNDS:-3}
[ -x "$bin/reckon-http" ] || { echo "no $bin/reckon-http: swift build -c release first" >&2; exit 1; }
make_workdir python-http
make_venv httpx==0.28.1 "./clients/python[http]"
print_limits "reckon-http --caller-rate 0 (off), its other limits at their defaults; the gateway --client-rate 0 (off), \
its pending caps at their defaults; calc at 4 slots per CPU, $(nproc) CPUs"

start_bridge_stack "$bin"
url=${bridge%%/v1/*}

for round in $(seq "$rounds"); do
    figures=$("$work/venv/bin/python" scripts/bench/python-http.py "$url" "${CALLS:-10000}" "${SLICE:-100}")
    read -r reckon httpx <<<"$figures"
    echo "round $round: httpx $httpx calls/s, reckon.Client $reckon calls/s"
    echo "$httpx" >>"$work/httpx"
    echo "$reckon" >>"$work/reckon"
done
httpx=$(median <"$work/httpx")
reckon=$(median <"$work/reckon")
echo
echo "| client, one call at a time | calls/s (median of $rounds) | / httpx |"
echo "|---|---:|---:|"
echo "| httpx 0.28.1 \`Client\`, alone | $httpx | 1.00 |"
echo "| reckon.Client(\"http://…\") (bar ≥ 0.9) | $reckon | $(awk -v a="$reckon" -v h="$httpx" 'BEGIN { printf "%.2f", a / h }') |"
