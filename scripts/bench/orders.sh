#!/usr/bin/env bash
# cart.increment through the gateway at 1 client (latency) and 16 clients (throughput; all on one cart, where every
# write waits for the row, and each on a cart of its own), on SQLite and on PostgreSQL 15, with 1 and 2 reckon-orders
# processes (2 slots each), plus the in-process op costs. Every figure is a median of RUNS runs on fresh carts.
#   scripts/bench/orders.sh                  (after: swift build -c release)
# Env: BIN (.build/release), DRIVER (BIN: the reckon and reckon-bench that make carts and load, so an older BIN
# is driven by the same client), RUNS (3), REQUESTS (3000 measured per run; a cart line holds at most 9999),
# CLIENTS ("1 16": the client counts to run).
# PostgreSQL runs with fsync on, as SQLite runs with synchronous=FULL: every commit reaches the disk on both.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
driver=${DRIVER:-$bin}
runs=${RUNS:-3}
requests=${REQUESTS:-3000}
client_counts=${CLIENTS:-1 16}
work=$(mktemp -d /tmp/reckon-bench-orders.XXXXXX)
chmod 755 "$work"  # the postgres user keeps its server in here
pids=()
stop_all() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; pids=(); sleep 0.5; }
cleanup() { stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

pg_port=$(free_port)
RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"


echo "engine     processes  clients  carts  req/s (median of $runs)  p50 µs  p90 µs  errors"
for engine in sqlite postgres; do
    for processes in 1 2; do
        client_port=$(free_port)
        worker_port=$(free_port)
        client="tcp://127.0.0.1:$client_port"
        "$bin/reckon-gateway" --client-endpoint "$client" --worker-endpoint "tcp://127.0.0.1:$worker_port" \
            >"$work/gateway.log" 2>&1 &
        pids+=($!)
        database=("--data-dir" "$work/sqlite-$processes")
        if [ "$engine" = postgres ]; then
            name="bench_$processes"
            psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE $name" >/dev/null
            database=("--database" "postgres://postgres@127.0.0.1:$pg_port/$name")
        fi
        for _ in $(seq "$processes"); do
            "$bin/reckon-orders" --gateway "tcp://127.0.0.1:$worker_port" --slots 2 "${database[@]}" \
                >>"$work/orders.log" 2>&1 &
            pids+=($!)
        done
        export RECKON_CLIENT_ENDPOINT=$client
        for _ in $(seq 100); do
            workers=$("$driver/reckon" call gateway health --json 2>/dev/null \
                | python3 -c 'import json,sys; print(sum(s["workers"] for s in json.load(sys.stdin)["services"] if s["name"] == "orders"))' \
                2>/dev/null || echo 0)
            [ "$workers" = $((processes * 2)) ] && break
            sleep 0.2
        done
        for clients in $client_counts; do
            sharing=(one)
            [ "$clients" -gt 1 ] && sharing=(one own)
            for carts in "${sharing[@]}"; do
                rates=()
                p50s=()
                p90s=()
                errors=0
                for _ in $(seq "$runs"); do
                    # Every client on one cart (all writes contend for one row), or each on a cart of its own.
                    args=()
                    for _ in $(seq "$([ "$carts" = own ] && echo "$clients" || echo 1)"); do
                        cart=$("$driver/reckon" cart create)
                        "$driver/reckon" cart add "$cart" poutine >/dev/null
                        args+=(--args "{\"cartId\": \"$cart\", \"itemId\": \"poutine\"}")
                    done
                    report=$("$driver/reckon-bench" run orders cart.increment --gateway "$client" --clients "$clients" \
                        --requests "$requests" --warmup 200ms --quiet --json "${args[@]}")
                    rates+=("$(echo "$report" | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["requests_per_second"]))')")
                    p50s+=("$(echo "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["latency"]["p50"])')")
                    p90s+=("$(echo "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["latency"]["p90"])')")
                    errors=$((errors + $(echo "$report" | python3 -c 'import json,sys; r = json.load(sys.stdin); print(r["errors"] + r.get("malformed", 0))')))
                done
                printf "%-10s %-10s %-8s %-6s %-21s %-7s %-7s %s\n" "$engine" "$processes" "$clients" "$carts" \
                    "$(printf '%s\n' "${rates[@]}" | median)" "$(printf '%s\n' "${p50s[@]}" | median)" \
                    "$(printf '%s\n' "${p90s[@]}" | median)" "$errors"
            done
        done
        stop_all
    done
done
echo
"$bin/reckon-bench" orders-inprocess
