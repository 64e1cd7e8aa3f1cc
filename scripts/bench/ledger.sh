#!/usr/bin/env bash
# bills.add through the gateway at 1 client (latency) and 16 clients (throughput, all into one household, so every
# write queues for the household's activity counter), on SQLite and on PostgreSQL 15, with 1 and 2 reckon-ledger
# processes (2 slots each); then balances and settle.suggest in-process for 8 members and 10,000 bills.
#   scripts/bench/ledger.sh                  (after: swift build -c release)
# Env: BIN (.build/release), RUNS (3), REQUESTS (2000 measured per run), CLIENTS ("1 16").
# PostgreSQL runs with fsync on, as SQLite runs with synchronous=FULL: every commit reaches the disk on both.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
runs=${RUNS:-3}
requests=${REQUESTS:-2000}
client_counts=${CLIENTS:-1 16}
make_workdir ledger
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT

pg_port=$(free_port)
RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"

# Signs up and in as USER on the gateway in RECKON_CLIENT_ENDPOINT; prints the token.
token_for() {
    "$bin/reckon" call ledger auth.signup --args "{\"username\": \"$1\", \"password\": \"bench password\"}" >/dev/null
    "$bin/reckon" call ledger auth.login --args "{\"username\": \"$1\", \"password\": \"bench password\"}" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}

echo "engine     processes  clients  req/s (median of $runs)  p50 µs  p90 µs  errors"
for engine in sqlite postgres; do
    for processes in 1 2; do
        client_port=$(free_port)
        worker_port=$(free_port)
        export RECKON_CLIENT_ENDPOINT="tcp://127.0.0.1:$client_port"
        "$bin/reckon-gateway" --client-endpoint "$RECKON_CLIENT_ENDPOINT" \
            --worker-endpoint "tcp://127.0.0.1:$worker_port" >"$work/gateway.log" 2>&1 &
        pids+=($!)
        database=("--data-dir" "$work/sqlite-$processes")
        if [ "$engine" = postgres ]; then
            psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE bench_$processes" >/dev/null
            database=("--database" "postgres://postgres@127.0.0.1:$pg_port/bench_$processes")
        fi
        for _ in $(seq "$processes"); do
            "$bin/reckon-ledger" --gateway "tcp://127.0.0.1:$worker_port" --slots 2 "${database[@]}" \
                >>"$work/ledger.log" 2>&1 &
            pids+=($!)
        done
        for _ in $(seq 100); do
            "$bin/reckon" call ledger ops >/dev/null 2>&1 && break
            sleep 0.2
        done
        token=$(token_for "owner$processes")
        household=$("$bin/reckon" call ledger household.create --token "$token" --args '{"name": "Bench"}' \
            | python3 -c 'import json,sys; print(json.load(sys.stdin)["householdId"])')
        member=$("$bin/reckon" call ledger auth.me --token "$token" \
            | python3 -c 'import json,sys; print(json.load(sys.stdin)["userId"])')
        args="{\"householdId\": \"$household\", \"description\": \"Groceries\", \"amount\": \"84.30\", \"paidBy\": \"$member\", \"split\": {\"kind\": \"equal\"}}"
        for clients in $client_counts; do
            rates=()
            p50s=()
            p90s=()
            errors=0
            for _ in $(seq "$runs"); do
                report=$("$bin/reckon-bench" run ledger bills.add --gateway "$RECKON_CLIENT_ENDPOINT" \
                    --clients "$clients" --requests "$requests" --warmup 100 --quiet --json --token "$token" \
                    --args "$args")
                rates+=("$(echo "$report" | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["requests_per_second"]))')")
                p50s+=("$(echo "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["latency"]["p50"])')")
                p90s+=("$(echo "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["latency"]["p90"])')")
                errors=$((errors + $(echo "$report" | python3 -c 'import json,sys; r = json.load(sys.stdin); print(r["errors"] + r.get("malformed", 0))')))
            done
            printf "%-10s %-10s %-8s %-21s %-7s %-7s %s\n" "$engine" "$processes" "$clients" \
                "$(printf '%s\n' "${rates[@]}" | median)" "$(printf '%s\n' "${p50s[@]}" | median)" \
                "$(printf '%s\n' "${p90s[@]}" | median)" "$errors"
        done
        stop_all
    done
done
echo
"$bin/reckon-bench" ledger-inprocess
psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE bench_inprocess" >/dev/null
"$bin/reckon-bench" ledger-inprocess --database "postgres://postgres@127.0.0.1:$pg_port/bench_inprocess"
