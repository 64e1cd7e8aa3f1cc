#!/usr/bin/env bash
# cart.increment through the gateway at 1 client (latency) and 16 clients (throughput; all on one cart, where every
# write waits for the row, and each on a cart of its own), on SQLite and on PostgreSQL 15, with 1 (and 2)
# reckon-orders processes at their default slots, plus the in-process op costs. Every figure is a median of RUNS runs
# on fresh carts. On PostgreSQL, beside it, pgbench runs the statements one cart.increment sends, traced from the
# server's log (trace-to-pgbench.py), against the same server: one round trip each, and all in one round trip. Each
# row has the CPU per request of the workers, the gateway and PostgreSQL, from /proc/PID/stat over all its runs.
#   scripts/bench/orders.sh                  (after: swift build -c release)
# Env: BIN (.build/release), DRIVER (BIN: the reckon and reckon-bench that make carts and load, so an older BIN
# is driven by the same client), RUNS (3), REQUESTS (3000 measured per run; a cart line holds at most 9999),
# CLIENTS ("1 16": the client counts to run), PROCESSES ("1"), ENGINES ("sqlite postgres"), INPROCESS (1).
# PostgreSQL runs with fsync on, as SQLite runs with synchronous=FULL: every commit reaches the disk on both.
# Every reply must be a cart (reckon-bench --expect); limits: the gateway's per-client defaults, reckon-orders at its
# default slots (2 per CPU), LOG_LEVEL as set (default info).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
driver=${DRIVER:-$bin}
runs=${RUNS:-3}
requests=${REQUESTS:-3000}
client_counts=${CLIENTS:-1 16}
process_counts=${PROCESSES:-1}
warmup=200
make_workdir orders
print_limits "$gateway_limits; reckon-orders at its default slots (2 per CPU, $(nproc) CPUs)"
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT

pg_port=$(free_port)
RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"

# A new cart with one poutine in it; prints its id.
new_cart() {
    local cart
    cart=$("$driver/reckon" cart create)
    "$driver/reckon" cart add "$cart" poutine >/dev/null
    echo "$cart"
}

increment_args() { echo "{\"cartId\": \"$1\", \"itemId\": \"poutine\"}"; }

# Prints a row: SYSTEM PROCESSES CLIENTS CARTS, the medians of the runs in `results`, the CPU per request since
# start_ticks over `measured` requests, and the errors.
row() {
    local figures cpu
    figures=($(run_medians))
    cpu=($(cpu_columns "$([ "$1" = reckon ] && echo 1 || echo 0)" "$measured"))
    printf "%-10s %-24s %-10s %-8s %-6s %-7s %-8s %-8s %-10s %-10s %-10s %s\n" "$engine" "$1" "$2" "$3" "$4" \
        "${figures[@]:0:3}" "${cpu[@]}" "${figures[3]}"
}

printf "%-10s %-24s %-10s %-8s %-6s %-7s %-8s %-8s %-10s %-10s %-10s %s\n" engine system processes clients carts \
    req/s "p50 µs" "p90 µs" "worker ms" "gateway ms" "pg ms" errors
for engine in ${ENGINES:-sqlite postgres}; do
    for processes in $process_counts; do
        client_port=$(free_port)
        worker_port=$(free_port)
        client="tcp://127.0.0.1:$client_port"
        "$bin/reckon-gateway" --client-endpoint "$client" --worker-endpoint "tcp://127.0.0.1:$worker_port" \
            >"$work/gateway.log" 2>&1 &
        pids+=($!)
        gateway_pid=$!
        database=("--data-dir" "$work/sqlite-$processes")
        name="bench_$processes"
        pg_dir=
        if [ "$engine" = postgres ]; then
            pg_dir=$work/pg
            psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE $name" >/dev/null
            database=("--database" "postgres://postgres@127.0.0.1:$pg_port/$name")
        fi
        worker_pids=()
        for _ in $(seq "$processes"); do
            "$bin/reckon-orders" --gateway "tcp://127.0.0.1:$worker_port" "${database[@]}" >>"$work/orders.log" 2>&1 &
            pids+=($!)
            worker_pids+=($!)
        done
        export RECKON_CLIENT_ENDPOINT=$client
        for _ in $(seq 100); do
            "$driver/reckon" call orders ops >/dev/null 2>&1 && break
            sleep 0.2
        done
        for clients in $client_counts; do
            sharing=(one)
            [ "$clients" -gt 1 ] && sharing=(one own)
            for carts in "${sharing[@]}"; do
                results=()
                [ -z "$pg_dir" ] || vacuum_pg "$pg_port" "$name"
                start_ticks
                for _ in $(seq "$runs"); do
                    # Every client on one cart (all writes contend for one row), or each on a cart of its own.
                    args=()
                    for _ in $(seq "$([ "$carts" = own ] && echo "$clients" || echo 1)"); do
                        args+=(--args "$(increment_args "$(new_cart)")")
                    done
                    results+=("$("$driver/reckon-bench" run orders cart.increment --gateway "$client" \
                        --clients "$clients" --requests "$requests" --warmup "$warmup" --quiet --json "${args[@]}" \
                        --expect '"totalCount":' | report_figures)")
                done
                # The carts made for each run cost the workers a little too: 2 requests a cart.
                measured=$((runs * (requests + warmup)))
                row reckon "$processes" "$clients" "$carts"
            done
        done
        if [ "$engine" = postgres ] && [ "$processes" = "${process_counts%% *}" ]; then
            first=$(new_cart)
            trace_to_pgbench "$work/pg" "$pg_port" "$work/increment" \
                "'$driver/reckon-bench' run orders cart.increment --gateway '$client' --clients 1 --requests 1 \
                --warmup 0 --quiet --json --args '$(increment_args "$first")'" \
                --drop " AND updated_at = '?[0-9]+'?"
            own_scripts=()
            for index in $(seq 16); do
                cart=$(new_cart)
                for kind in each one; do sed "s/$first/$cart/g" "$work/increment-$kind.sql" >"$work/increment$index-$kind.sql"; done
                own_scripts+=("$work/increment$index")
            done
            for kind in each one; do
                system="pgbench $([ "$kind" = each ] && echo "$(grep -c ';$' "$work/increment-each.sql") round trips" || echo "1 round trip")"
                for clients in $client_counts; do
                    sharing=(one)
                    [ "$clients" -gt 1 ] && sharing=(one own)
                    for carts in "${sharing[@]}"; do
                        scripts=("$work/increment-$kind.sql")
                        [ "$carts" = own ] && scripts=("${own_scripts[@]/%/-$kind.sql}")
                        results=()
                        vacuum_pg "$pg_port" "$name"
                        start_ticks
                        for _ in $(seq "$runs"); do
                            results+=("$(run_pgbench "$pg_port" "$name" "$clients" $((requests / clients)) "${scripts[@]}")")
                        done
                        measured=$((runs * (requests / clients) * clients))
                        row "$system" - "$clients" "$carts"
                    done
                done
            done
        fi
        stop_all
    done
done
[ "${INPROCESS:-1}" = 1 ] || exit 0
echo
"$bin/reckon-bench" orders-inprocess
