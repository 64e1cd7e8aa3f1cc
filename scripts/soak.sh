#!/usr/bin/env bash
# The soak test with faults (issue #28, item 7):  scripts/soak.sh --minutes N
#
# Builds the five hosts of scripts/multihost.sh (two gateways, PostgreSQL, two worker hosts each running calc,
# orders and ledger registered with both gateways), runs a mixed load of calc sums, orders and ledger bills through
# both gateways for N minutes (scripts/soak/load.py: the Python client, failing over between the gateways, every
# write under an idempotency key and sent again under it while the answer is transient), and meanwhile a fault every
# 20 s, in turn:
#   1. a worker SIGKILLed on worker-1 (calc, orders, ledger in turn) and started again 2 s later;
#   2. gateway gw-a SIGKILLed and started again 3 s later;
#   3. PostgreSQL restarted;
#   4. worker-2's link cut for 5 s.
# Gateway gw-b and worker-2's processes are never killed, so they run through the whole soak and their memory is
# held to the bar. At the end (scripts/soak/check.py) every acknowledged write must be stored exactly once, the
# ledger's running totals must equal a recomputation from its entries, and both gateways must list every worker
# again; and (scripts/soak/memory.py) no process that ran through may have grown by more than 16 MB between the
# 5th minute (the first fifth, for runs shorter than 10 minutes) and the end. Exits 1 on any failure.
#
# Needs root (network namespaces) and the built executables: RECKON_BIN_DIR (default .build/debug). The Python client
# comes from RECKON_SOAK_PYTHON (an interpreter with pyzmq and clients/python installed, as scripts/test.sh's venv
# has), else from a throwaway venv made here. Takes /tmp/reckon-multihost.lock, as the multi-host tests do, and
# leaves no host, process or file behind. The run's folder (the load's records, the samples, the processes' logs)
# is kept on failure, or always with --keep, and named at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=
keep=false
while [ $# -gt 0 ]; do
    case "$1" in
    --minutes) minutes=${2:?--minutes needs a number} && shift 2 ;;
    --keep) keep=true && shift ;;
    *)
        echo "usage: $0 --minutes N [--keep]" >&2
        exit 2
        ;;
    esac
done
[[ "$minutes" =~ ^[0-9]+([.][0-9]+)?$ ]] || {
    echo "usage: $0 --minutes N [--keep]" >&2
    exit 2
}
[ "$(id -u)" -eq 0 ] || {
    echo "soak: needs root for the network namespaces of scripts/multihost.sh" >&2
    exit 1
}
export RECKON_BIN_DIR=${RECKON_BIN_DIR:-$PWD/.build/debug}
seconds=$(python3 -c "print(round($minutes * 60))")
# RSS growth is measured from the 5th minute, or from the first fifth of a shorter run.
from=$((seconds >= 600 ? 300 : seconds / 5))
period=20
run=$(mktemp -d /tmp/reckon-soak.XXXXXX)
venv=
background=()
passed=false

clean_up() {
    local pid
    for pid in "${background[@]}"; do
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    scripts/multihost.sh down 9>&- || true
    [ -n "$venv" ] && rm -rf "$venv"
    if $passed && ! $keep; then rm -rf "$run"; else echo "soak: the run's records and logs are in $run"; fi
}
trap clean_up EXIT

# One multi-host run per machine: the hosts' names and addresses are fixed.
exec 9>/tmp/reckon-multihost.lock
flock -w 900 9 || {
    echo "soak: another multi-host run held /tmp/reckon-multihost.lock for 15 minutes" >&2
    exit 1
}

python=${RECKON_SOAK_PYTHON:-}
if [ -z "$python" ]; then
    venv=$(mktemp -d /tmp/reckon-soak-py.XXXXXX)
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check pyzmq==27.3.0 ./clients/python
    python=$venv/bin/python
fi

# The multi-host tests' settings (Tests/IntegrationTests/Support/MultiHost.swift): 500 ms heartbeats, liveness 3,
# deadlines long enough for debug builds under load, and cheap password hashing for the sign-ups.
up=$(RECKON_HEARTBEAT_MS=500 RECKON_LIVENESS=3 RECKON_DEADLINE_MS=20000 RECKON_REQUEST_TIMEOUT_MS=15000 \
    RECKON_ARGON2_PASSES=1 RECKON_ARGON2_MEMORY_MIB=1 scripts/multihost.sh up 9>&-)
echo "$up"
endpoints=$(sed -n 's/^client endpoints: //p' <<<"$up")
db_host=$(sed -E 's|^tcp://([0-9.]+)\.[0-9]+:.*|\1.20|' <<<"$endpoints")
workers=$((2 * ${MULTIHOST_SLOTS:-2}))
"$python" scripts/soak/check.py --workers-only --endpoints "$endpoints" --workers "$workers" 9>&-

"$python" scripts/soak/load.py --endpoints "$endpoints" --seconds "$seconds" --acks "$run/acks.jsonl" \
    --ready "$run/ready" --summary "$run/load.json" 9>&- &
load=$!
background+=("$load")
while [ ! -f "$run/ready" ]; do
    kill -0 "$load" 2>/dev/null || {
        echo "soak: the load ended before it started" >&2
        exit 1
    }
    sleep 0.2
done
"$python" scripts/soak/memory.py sample --out "$run/rss.tsv" 9>&- &
background+=("$!")
echo "soak: load running for $seconds s, a fault every $period s"

fault() {
    echo "soak: $(date -u +%T) $*"
    scripts/multihost.sh "$@" 9>&-
}
workers_in_turn=(reckon-calc reckon-orders reckon-ledger)
end=$((SECONDS + seconds))
count=0
# The last fault starts no later than 30 s before the load's end, so the run ends with every host back.
while [ $((SECONDS + period + 30)) -le "$end" ]; do
    sleep "$period"
    case $((count % 4)) in
    0)
        name=${workers_in_turn[$((count / 4 % 3))]}
        fault kill worker-1 "$name" && sleep 2 && fault start worker-1 "$name"
        ;;
    1) fault kill gw-a reckon-gateway && sleep 3 && fault start gw-a reckon-gateway ;;
    2) fault restart-db ;;
    3) fault cut worker-2 && sleep 5 && fault restore worker-2 ;;
    esac
    count=$((count + 1))
done
echo "soak: $count faults; waiting for the load's last rounds"
wait "$load"
sleep 5
verdict=0
"$python" scripts/soak/check.py --acks "$run/acks.jsonl" --db-host "$db_host" --endpoints "$endpoints" \
    --workers "$workers" --result "$run/check.json" 9>&- || verdict=1
"$python" scripts/soak/memory.py report --samples "$run/rss.tsv" --from "$from" --result "$run/memory.json" ||
    verdict=1
# The check of the check, on the finished run's data: a verdict blind to a lost, doubled or miscounted write fails.
[ "$verdict" -eq 0 ] && {
    "$python" scripts/soak/check.py --plant --acks "$run/acks.jsonl" --db-host "$db_host" --endpoints "$endpoints" \
        --workers "$workers" --result "$run/planted.json" 9>&- || verdict=1
}
python3 -c 'import json, sys; load = json.load(open(sys.argv[1])); sys.exit(1 if load["sumsWrong"] else 0)' \
    "$run/load.json" || {
    echo "soak: a calc sum came back wrong" >&2
    verdict=1
}
[ "$verdict" -eq 0 ] && passed=true
echo "soak: $minutes minutes, $count faults: $($passed && echo passed || echo FAILED)"
exit "$verdict"
