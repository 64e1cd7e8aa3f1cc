#!/usr/bin/env bash
# bills.add (AMOUNT, 84.30, split equally among the 3 members of a household; each with a fresh idempotency key, as
# ReckonClient and reckon-http's Idempotency-Key send it, so each also stores its result) through the gateway, on SQLite and on
# PostgreSQL 15, at 1 client, 16 clients in one household (every write queues for the household's activity counter)
# and 16 clients each in a household of its own; one reckon-ledger with its default slots. On PostgreSQL, beside
# it, pgbench runs the statements one bills.add sends, traced from the server's log (trace-to-pgbench.py), against
# the same server with `-M prepared`, as Reckon sends them: one round trip each, and all in one round trip (a
# pipeline); and the gateway's own floor, one client's
# `calc evaluate "1+1"` through the same gateway. Each row has the CPU per request of the worker,
# the gateway and PostgreSQL, from /proc/PID/stat over all its runs (warm-up included). Then balances and
# settle.suggest in-process for 8 members and 10,000 bills. Nothing is measured before REQUESTS bills have filled
# the tables (fill_tables says why).
#   scripts/bench/ledger.sh                  (after: swift build -c release)
# On PostgreSQL, bills.add then goes over MDP and through reckon-http in turn, at 1 client and 16 in households of
# their own (HTTP=0 leaves it out).
# Env: BIN (.build/release), RUNS (3), REQUESTS (2000 measured per run), ENGINES ("sqlite postgres"), INPROCESS (1),
# PROFILE (seconds of perf on the worker while the tables fill, profile_worker; unset, none),
# HTTP (1), HTTP_SECONDS (5: each wrk run through reckon-http),
# SLOTS (the worker's --slots; its default when unset),
# AMOUNT (84.30: whole cents each, so rounding reads nothing; 100.00 leaves a cent over, so every bill rounds against
# the household's residues, docs/api.md "Rounding").
# PostgreSQL runs with fsync on, as SQLite runs with synchronous=FULL: every commit reaches the disk on both.
# Every reply must be a bill, and the floor's the value 2 (reckon-bench --expect); pgbench may fail no transaction.
# Limits: the gateway's per-client defaults, reckon-ledger at SLOTS, LOG_LEVEL as set (default info); reckon-http
# with its caller rate off (--caller-rate 0), its other limits at their defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
runs=${RUNS:-3}
requests=${REQUESTS:-2000}
amount=${AMOUNT:-84.30}
http_seconds=${HTTP_SECONDS:-5}
warmup=100
make_workdir ledger
[ -z "${PROFILE:-}" ] || scripts/ensure-packages.sh linux-perf >&2
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT

print_limits "$gateway_limits; reckon-ledger at ${SLOTS:-its default} slots (2 per CPU, $(nproc) CPUs); reckon-http \
--caller-rate 0 (off), its other limits at their defaults"
pg_port=$(free_port)
RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"

# The value of KEY in the JSON object on standard input.
field() { python3 -c "import json,sys; print(json.load(sys.stdin)[\"$1\"])"; }

# Signs up and in as USER on the gateway in RECKON_CLIENT_ENDPOINT; prints the token.
token_for() {
    "$bin/reckon" call ledger auth.signup --args "{\"username\": \"$1\", \"password\": \"bench password\"}" >/dev/null
    "$bin/reckon" call ledger auth.login --args "{\"username\": \"$1\", \"password\": \"bench password\"}" | field token
}

# A household owned by $token with the two other members; prints its id.
household_of_three() {
    local home request member
    home=$("$bin/reckon" call ledger household.create --token "$token" --args '{"name": "Bench"}' | field householdId)
    for member in 1 2; do
        request=$("$bin/reckon" call ledger roommates.request --token "$token" \
            --args "{\"householdId\": \"$home\", \"username\": \"member$member\"}" | field requestId)
        "$bin/reckon" call ledger roommates.accept --token "${member_tokens[$member]}" \
            --args "{\"requestId\": \"$request\"}" >/dev/null
    done
    echo "$home"
}

bill_args() {
    echo "{\"householdId\": \"$1\", \"description\": \"Groceries\", \"amount\": \"$amount\", \"paidBy\": \"$owner\", \"split\": {\"kind\": \"equal\"}}"
}

# Prints a row: SYSTEM CLIENTS HOUSEHOLDS, the medians of the runs in `results`, the CPU per request since
# start_ticks over `measured` requests, and the errors.
row() {
    local figures cpu
    figures=($(run_medians))
    cpu=($(cpu_columns "$([[ $1 == pgbench* ]] && echo 0 || echo 1)" "$measured"))
    printf "%-10s %-24s %-8s %-10s %-7s %-8s %-8s %-10s %-10s %-10s %s\n" "$engine" "$1" "$2" "$3" \
        "${figures[@]:0:3}" "${cpu[@]}" "${figures[3]}"
}

# bills.add through the gateway by CLIENTS clients into the households HOME...
#   measure_reckon CLIENTS HOME...
measure_reckon() {
    local clients=$1 args=() home report
    shift
    for home in "$@"; do args+=(--args "$(bill_args "$home")"); done
    results=()
    [ -z "$pg_dir" ] || vacuum_pg "$pg_port" "$database_name"
    start_ticks
    for _ in $(seq "$runs"); do
        results+=("$("$bin/reckon-bench" run ledger bills.add --gateway "$RECKON_CLIENT_ENDPOINT" \
            --clients "$clients" --requests "$requests" --warmup "$warmup" --quiet --json --idempotency-keys \
            --token "$token" --expect '"billId":' "${args[@]}" | report_figures)")
    done
    measured=$((runs * (requests + warmup)))
    row reckon "$clients" "$([ $# -gt 1 ] && echo own || echo one)"
}

# Starts EXECUTABLE (in BIN) with ARGS... on the gateway, its output in SERVICE.log, as the one pid in worker_pids,
# and waits until SERVICE answers through the gateway.
#   start_worker EXECUTABLE SERVICE ARGS...
start_worker() {
    local executable=$1 service=$2
    shift 2
    "$bin/$executable" --gateway "tcp://127.0.0.1:$worker_port" "$@" >>"$work/$service.log" 2>&1 &
    pids+=($!)
    worker_pids=($!)
    for _ in $(seq 100); do
        "$bin/reckon" call "$service" ops >/dev/null 2>&1 && break
        sleep 0.2
    done
}

# Fills the tables a bill writes before anything is measured: REQUESTS bills by 16 clients into the 16 households,
# each checked, none counted. A statement prepared on a connection keeps the plan made from its tables' statistics
# of the moment: measured from the households' first bills, the lookup of a bill's idempotency key was planned as a
# scan of the whole table (analyzed at 83 rows), which grew to 6,300 rows within the 1-client runs, one scan a bill,
# where pgbench, prepared later, read one index entry (auto_explain, 2026-12-01). A running server's autoanalyze
# plans again as a table grows; a run of seconds outruns it. So every row is measured on tables of thousands of
# rows, analyzed (vacuum_pg), on both sides.
fill_tables() {
    local args=() home
    for home in "${homes[@]}"; do args+=(--args "$(bill_args "$home")"); done
    "$bin/reckon-bench" run ledger bills.add --gateway "$RECKON_CLIENT_ENDPOINT" --clients 16 --requests "$requests" \
        --warmup 0 --quiet --json --idempotency-keys --token "$token" --expect '"billId":' "${args[@]}" |
        report_figures >/dev/null
}

# With PROFILE=SECONDS: perf samples reckon-ledger for SECONDS while fill_tables runs (16 clients in their own
# households; REQUESTS large enough to outlast it, say 30000), then prints the shares of its samples by part of a bill
# (profile-shares.py; the parts overlap, so they do not add up to 100 %).
profile_worker() {
    local pid=${worker_pids[0]}
    sleep 2
    perf record -q -F 499 -g -o "$work/perf.data" -p "$pid" -- sleep "$PROFILE" 2>/dev/null
    perf script -i "$work/perf.data" -F comm,pid,tid,ip,sym 2>/dev/null | swift demangle --simplified |
        python3 scripts/bench/profile-shares.py "$pid" "MDP: the worker's socket loop=WorkerLoop" \
            "the op's arguments decoded (Codable)=ArgsDecoder" "JSON written (Codable)=JSONValueEncoder" \
            "JSON a type writes itself (JSONWriter)=JSONWriter" \
            "SQL built and rendered=SQL." "postgres-nio=Postgres" "the session and idempotency read=SessionStore.signedIn" \
            "the bill composed (split, amounts)=BillComposer" "the bill's row=BillStore.insert" \
            "the running totals=BalanceTotals.apply" "the activity entry=ActivityLog.record" \
            "a key path built at run time=_swift_getKeyPath" "memory freed (swift_release)=swift_release" \
            "system calls=entry_SYSCALL" >&2
}

# The floor under one client's bills.add through the gateway: `calc evaluate "1+1"` by one client through the same
# gateway, answered by a calc worker of its own (the round trips through the gateway with no database behind them);
# its worker column is the calc worker's CPU.
measure_floor() {
    local ledger_pids=("${worker_pids[@]}")
    start_worker reckon-calc calc
    results=()
    start_ticks
    for _ in $(seq "$runs"); do
        results+=("$("$bin/reckon-bench" run calc evaluate --gateway "$RECKON_CLIENT_ENDPOINT" --clients 1 \
            --requests "$requests" --warmup "$warmup" --quiet --json --args '{"expression": "1+1"}' \
            --expect "$calc_expect" | report_figures)")
    done
    measured=$((runs * (requests + warmup)))
    row "gateway floor (calc 1+1)" 1 -
    worker_pids=("${ledger_pids[@]}")
}

# CPU ticks so far of the worker, the gateway, PostgreSQL and reckon-http, separated by spaces.
ticks_now() {
    echo "$(cpu_ticks "${worker_pids[@]}") $(cpu_ticks "$gateway_pid") $(pg_cpu_ticks "$pg_dir")" \
        "$(cpu_ticks "$bridge_pid")"
}

# Adds the ticks spent between BEFORE and AFTER (ticks_now's) to the array named TOTAL.
#   add_ticks TOTAL "BEFORE" "AFTER"
add_ticks() {
    local -n total=$1
    local before=($2) after=($3) index
    for index in 0 1 2 3; do total[index]=$((${total[index]:-0} + after[index] - before[index])); done
}

# bills.add by CLIENTS clients into the households HOME..., over MDP (reckon-bench, as measure_reckon) and through
# reckon-http (`POST /v1/ledger/bills.add` by wrk over CLIENTS connections, the households in turn, HTTP_SECONDS a
# run, every answer a 200 holding a bill), taking turns run by run, so that the two are measured side by side, each
# run after a vacuum (a run in one household leaves thousands of dead row versions for the next to step over). Both
# send a fresh idempotency key with every bill (reckon-bench as ReckonClient does, wrk in `Idempotency-Key`): the same
# call. The reckon-http row's p90 is not read (-), its requests are wrk's rate times its seconds, and its last column
# adds reckon-http's own CPU per request.
#   measure_pair CLIENTS HOME...
measure_pair() {
    local clients=$1 home run args=() figures p50 rate rates=() p50s=() before mdp_ticks=() http_ticks=()
    local http_requests=0
    shift
    for home in "$@"; do
        args+=(--args "$(bill_args "$home")")
        bill_args "$home"
    done >"$work/bodies"
    results=()
    for run in $(seq "$runs"); do
        vacuum_pg "$pg_port" "$database_name"
        before=$(ticks_now)
        results+=("$("$bin/reckon-bench" run ledger bills.add --gateway "$RECKON_CLIENT_ENDPOINT" \
            --clients "$clients" --requests "$requests" --warmup "$warmup" --quiet --json --idempotency-keys \
            --token "$token" --expect '"billId":' "${args[@]}" | report_figures)")
        add_ticks mdp_ticks "$before" "$(ticks_now)"
        vacuum_pg "$pg_port" "$database_name"
        before=$(ticks_now)
        figures=$(wrk_script=scripts/bench/wrk-post.lua wrk_run "$bridge_bills" "$clients" "$http_seconds" 200 \
            '"billId":' "$work/bodies" "$token" "bench-$clients-$run-$RANDOM$RANDOM")
        add_ticks http_ticks "$before" "$(ticks_now)"
        read -r p50 rate <<<"$figures"
        rates+=("$rate")
        p50s+=("$p50")
        http_requests=$((http_requests + rate * http_seconds))
    done
    local households=$([ $# -gt 1 ] && echo own || echo one) mdp_requests=$((runs * (requests + warmup)))
    figures=($(run_medians))
    printf "%-10s %-24s %-8s %-10s %-7s %-8s %-8s %-10s %-10s %-10s %s\n" "$engine" "reckon, beside HTTP" \
        "$clients" "$households" "${figures[@]:0:3}" "$(ms_per "${mdp_ticks[0]}" "$mdp_requests")" \
        "$(ms_per "${mdp_ticks[1]}" "$mdp_requests")" "$(ms_per "${mdp_ticks[2]}" "$mdp_requests")" "${figures[3]}"
    printf "%-10s %-24s %-8s %-10s %-7s %-8s %-8s %-10s %-10s %-10s %s\n" "$engine" "reckon-http bills.add" \
        "$clients" "$households" "$(printf '%s\n' "${rates[@]}" | median)" "$(printf '%s\n' "${p50s[@]}" | median)" - \
        "$(ms_per "${http_ticks[0]}" "$http_requests")" "$(ms_per "${http_ticks[1]}" "$http_requests")" \
        "$(ms_per "${http_ticks[2]}" "$http_requests")" \
        "0 (reckon-http $(ms_per "${http_ticks[3]}" "$http_requests") ms)"
}

# pgbench's script KIND (each, one) by CLIENTS clients, into household 0 or (own) each into its own.
#   measure_pgbench KIND CLIENTS one|own
measure_pgbench() {
    local scripts=("$work/bill-$1.sql")
    [ "$3" = own ] && scripts=("${own_scripts[@]/%/-$1.sql}")
    results=()
    vacuum_pg "$pg_port" "$database_name"
    start_ticks
    for _ in $(seq "$runs"); do
        results+=("$(run_pgbench "$pg_port" "$database_name" "$2" $((requests / $2)) "${scripts[@]}")")
    done
    measured=$((runs * (requests / $2) * $2))
    row "pgbench $([ "$1" = each ] && echo "$(grep -c ';$' "$work/bill-each.sql") round trips" || echo "1 round trip")" \
        "$2" "$3"
}

printf "%-10s %-24s %-8s %-10s %-7s %-8s %-8s %-10s %-10s %-10s %s\n" engine system clients households req/s \
    "p50 µs" "p90 µs" "worker ms" "gateway ms" "pg ms" errors
for engine in ${ENGINES:-sqlite postgres}; do
    client_port=$(free_port)
    worker_port=$(free_port)
    export RECKON_CLIENT_ENDPOINT="tcp://127.0.0.1:$client_port"
    "$bin/reckon-gateway" --client-endpoint "$RECKON_CLIENT_ENDPOINT" \
        --worker-endpoint "tcp://127.0.0.1:$worker_port" >"$work/gateway.log" 2>&1 &
    pids+=($!)
    gateway_pid=$!
    database=("--data-dir" "$work/sqlite")
    database_name=bench
    pg_dir=
    if [ "$engine" = postgres ]; then
        pg_dir=$work/pg
        psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE $database_name" >/dev/null
        database=("--database" "postgres://postgres@127.0.0.1:$pg_port/$database_name")
    fi
    start_worker reckon-ledger ledger "${database[@]}" ${SLOTS:+--slots "$SLOTS"}
    token=$(token_for owner)
    member_tokens=("$token" "$(token_for member1)" "$(token_for member2)")
    owner=$("$bin/reckon" call ledger auth.me --token "$token" | field userId)
    homes=()
    for _ in $(seq 16); do homes+=("$(household_of_three)"); done
    if [ "$engine" = postgres ]; then
        trace_to_pgbench "$work/pg" "$pg_port" "$work/bill" \
            "'$bin/reckon-bench' run ledger bills.add --gateway '$RECKON_CLIENT_ENDPOINT' --clients 1 --requests 1 \
            --warmup 0 --quiet --json --idempotency-keys --token '$token' --args '$(bill_args "${homes[0]}")'" \
            --fresh b_ --fresh r_ --fresh / --drop "WHERE ledger_rounding.version = '?[0-9]+'?" \
            --ignore "FROM ledger_webhooks"
        own_scripts=()
        for index in "${!homes[@]}"; do
            for kind in each one; do
                sed "s/${homes[0]}/${homes[$index]}/g" "$work/bill-$kind.sql" >"$work/bill$index-$kind.sql"
            done
            own_scripts+=("$work/bill$index")
        done
    fi
    profiler=
    if [ -n "${PROFILE:-}" ]; then
        profile_worker &
        profiler=$!
    fi
    fill_tables
    [ -z "$profiler" ] || wait "$profiler"
    measure_reckon 1 "${homes[0]}"
    measure_reckon 16 "${homes[0]}"
    measure_reckon 16 "${homes[@]}"
    if [ "$engine" = postgres ]; then
        measure_floor
        if [ "${HTTP:-1}" = 1 ]; then
            endpoint=$RECKON_CLIENT_ENDPOINT
            start_bridge "$bin" http  # answers once calc, which measure_floor started, does
            bridge_bills=${bridge%%/v1/*}/v1/ledger/bills.add
            measure_pair 1 "${homes[0]}"
            measure_pair 16 "${homes[@]}"
        fi
        for kind in each one; do
            measure_pgbench "$kind" 1 one
            measure_pgbench "$kind" 16 one
            measure_pgbench "$kind" 16 own
        done
    fi
    stop_all
done
[ "${INPROCESS:-1}" = 1 ] || exit 0
echo
"$bin/reckon-bench" ledger-inprocess
psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE bench_inprocess" >/dev/null
"$bin/reckon-bench" ledger-inprocess --database "postgres://postgres@127.0.0.1:$pg_port/bench_inprocess"
