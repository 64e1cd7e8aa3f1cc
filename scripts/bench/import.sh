#!/usr/bin/env bash
# import.start of a generated Splitwise group export (ROWS rows; import-run.py writes it) through reckon-http, the
# gateway and one reckon-ledger, on SQLite and on PostgreSQL 15, RUNS times each, into a fresh household each time:
# the dry run, then the import (one transaction), each timed from the request to its answer; then, on the imported
# household, `balances` and `settle.suggest` plain (running totals) beside the same with `in: CAD` (every entry read).
#   scripts/bench/import.sh            (after: swift build -c release)
# Env: BIN (.build/release), RUNS (3), ROWS (2000), ENGINES ("sqlite postgres").
# PostgreSQL runs with fsync on, as SQLite runs with synchronous=FULL.
# Every answer is checked (import-run.py): a 200, the file's bill and payment counts, no row errors, and after the
# import every member's `balances` net equal to the file's own closing total. Any other answer fails the run.
# Limits: the gateway at its per-client defaults; reckon-ledger at its default slots; reckon-http with its caller
# rate off (--caller-rate 0) and its 1 MiB body limit (the file is under it); LOG_LEVEL as set (default info).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
make_workdir import
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT
print_limits "$gateway_limits; reckon-ledger at its default slots; reckon-http --caller-rate 0, 1 MiB bodies"

for engine in ${ENGINES:-sqlite postgres}; do
    workers="tcp://127.0.0.1:$(free_port)"
    endpoint="tcp://127.0.0.1:$(free_port)"
    "$bin/reckon-gateway" --client-endpoint "$endpoint" --worker-endpoint "$workers" >>"$work/gateway.log" 2>&1 &
    pids+=($!)
    "$bin/reckon-calc" --gateway "$workers" >>"$work/calc.log" 2>&1 &
    pids+=($!)
    if [ "$engine" = postgres ]; then
        pg_port=$(free_port)
        RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"
        createdb -h 127.0.0.1 -p "$pg_port" -U postgres reckon
        storage=(--database "postgres://postgres@127.0.0.1:$pg_port/reckon")
    else
        storage=(--data-dir "$work/sqlite")
    fi
    "$bin/reckon-ledger" --gateway "$workers" "${storage[@]}" >>"$work/ledger.log" 2>&1 &
    pids+=($!)
    start_bridge "$bin" http
    base=${bridge%%/v1/*}
    echo "== $engine"
    python3 scripts/bench/import-run.py "$base" "${ROWS:-2000}" "${RUNS:-3}"
    stop_all
    [ "$engine" != postgres ] || scripts/postgres-test-server.sh stop "$work/pg"
done
