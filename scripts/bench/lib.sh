# Helpers the bench scripts share; source it after `cd` to the repository root.

# A free TCP port on loopback.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The median of the numbers on standard input, one a line (the lower one of an even count).
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Builds the C load generator (loadgen.c) into DIR/loadgen.
build_loadgen() {
    scripts/ensure-packages.sh libzmq3-dev
    cc -O2 -pthread -o "$1/loadgen" scripts/bench/loadgen.c -lzmq
}

# Builds the native pair (native-proxy.c, native-echo.c) and the C MDP/0.2 echo worker (mdp-echo.c) into DIR.
build_c_peers() {
    local program
    for program in native-proxy native-echo mdp-echo; do
        cc -O2 -pthread -o "$1/$program" "scripts/bench/$program.c" -lzmq
    done
}

# Starts the native pair built by build_c_peers on "$endpoint": libzmq's zmq_proxy in front of a C REP echo. Both
# are added to `pids`; their output goes to LOG.
#   start_native_pair LOG
start_native_pair() {
    local backend="tcp://127.0.0.1:$(free_port)"
    "$work/native-proxy" "$endpoint" "$backend" >>"$1" 2>&1 &
    pids+=($!)
    "$work/native-echo" "$backend" >>"$1" 2>&1 &
    pids+=($!)
}

# Starts reckon-gateway from bin dir DIR on "$endpoint" with the C MDP echo worker built by build_c_peers, for
# service calc, taking CAPACITY requests at once (empty: one at a time). Both are added to `pids`, and the gateway's
# id is `gateway_pid`; their output goes to LOG.
#   start_echo_gateway DIR CAPACITY LOG
start_echo_gateway() {
    local backend="tcp://127.0.0.1:$(free_port)"
    "$1/reckon-gateway" --client-endpoint "$endpoint" --worker-endpoint "$backend" >>"$3" 2>&1 &
    pids+=($!)
    gateway_pid=$!
    "$work/mdp-echo" "$backend" calc ${2:+"$2"} >>"$3" 2>&1 &
    pids+=($!)
}

# The processes a script started; stop_all stops them and waits for them to end.
pids=()
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
    pids=()
}

# Sets `work` to a new scratch folder /tmp/reckon-bench-NAME.*, removed with every process in `pids` stopped when
# the script exits.
make_workdir() {
    work=$(mktemp -d "/tmp/reckon-bench-$1.XXXXXX")
    trap 'stop_all; [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"' EXIT
}

# The request every calc load sends, what reckon-calc's answer to it holds (loadgen's EXPECT), and a wait (50 tries,
# 0.2 s apart) until `calc` at ENDPOINT answers it right: holding EXPECT, calc_expect unless given (an echo worker's
# is calc_body). It fails, saying why, when no try did. Needs build_loadgen's "$work/loadgen".
#   wait_for_calc ENDPOINT [EXPECT]
calc_body='{"op":"evaluate","args":{"expression":"1+1"}}'
calc_expect='"value":"2"'
wait_for_calc() {
    local why
    for _ in $(seq 50); do
        why=$("$work/loadgen" mdp "$1" 1 1 calc "$calc_body" "${2:-$calc_expect}" 2>&1 >/dev/null) && return
        sleep 0.2
    done
    echo "calc on $1 never answered right: $why" >&2
    return 1
}

# The gateway's limits per client (routing id; each loadgen client has its own) at their defaults, which every
# bench stack runs with unless its script says otherwise; and the line a script prints at its start with the limits
# it runs with, TEXT, and the log level (LOG_LEVEL, default info), so a figure is never read without them.
#   print_limits TEXT
gateway_limits='gateway at its per-client defaults: 5000 requests a second (burst 10000), 1000 pending, 8 MiB pending'
print_limits() { echo "limits: $1; LOG_LEVEL=${LOG_LEVEL:-info}" >&2; }

# `rounds` rounds of the load generator against $endpoint at 1 client (requests_1 requests) and 16 clients
# (requests_16 each), each report printed and added, labelled LABEL, to "$work/reports" for reports.py. With
# `cpu_pid` set, each report also gets cpu_us: the CPU time that process spent per request (the sum of its threads'
# on-CPU time from /proc/PID/task/*/schedstat over the run, divided by its requests, warm-up included). Every reply
# is checked against EXPECT (loadgen's rule); a run with any other answer fails, its report on standard error.
#   measure_rounds LABEL MODE SERVICE BODY EXPECT
measure_rounds() {
    local clients requests report before
    for _ in $(seq "$rounds"); do
        for clients in 1 16; do
            requests=$((clients == 1 ? requests_1 : requests_16))
            [ -n "${cpu_pid:-}" ] && before=$(cpu_ns "$cpu_pid")
            if ! report=$("$work/loadgen" "$2" "$endpoint" "$clients" "$requests" "$3" "$4" "$5"); then
                echo "$1 at $clients clients: $report" >&2
                return 1
            fi
            if [ -n "${cpu_pid:-}" ]; then
                report="${report%\}},\"cpu_us\":$(awk -v ns=$(($(cpu_ns "$cpu_pid") - before)) \
                    -v n=$((clients * (requests + 200))) 'BEGIN { printf "%.1f", ns / n / 1000 }')}"
            fi
            printf '%-10s %s\n' "$1" "$report"
            echo "$1 $report" >>"$work/reports"
        done
    done
}

# Nanoseconds the threads of process PID have spent on a CPU so far.
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ sum += $1 } END { printf "%.0f\n", sum }'; }

# The settings of the closed-loop scripts (BIN, ROUNDS, REQUESTS_1, REQUESTS_16; the calc body), and a scratch folder
# named after NAME (make_workdir).
closed_loop_settings() {
    bin=${BIN:-.build/release}
    rounds=${ROUNDS:-3}
    requests_1=${REQUESTS_1:-5000}
    requests_16=${REQUESTS_16:-1000}
    body=$calc_body
    make_workdir "$1"
}

# Clock ticks (utime + stime in /proc/PID/stat) that the processes PID... have spent on a CPU so far.
cpu_ticks() {
    local pid
    for pid in "$@"; do awk '{ print $14 + $15 }' "/proc/$pid/stat"; done | awk '{ sum += $1 } END { print sum + 0 }'
}

# Clock ticks that the PostgreSQL server in DIR has spent on a CPU so far: the postmaster with the children it has
# reaped (cutime + cstime), and every live child (backends, writers).
pg_cpu_ticks() {
    local postmaster pid
    postmaster=$(head -1 "$1/postmaster.pid")
    {
        awk '{ print $14 + $15 + $16 + $17 }' "/proc/$postmaster/stat"
        for pid in $(pgrep -P "$postmaster"); do awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || true; done
    } | awk '{ sum += $1 } END { print sum + 0 }'
}

# Milliseconds of CPU per request: TICKS spent over REQUESTS requests.
#   ms_per TICKS REQUESTS
ms_per() { awk -v t="$1" -v n="$2" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t * 1000 / hz / n }'; }

# The statements one request sends, traced on the PostgreSQL server in DIR (port PORT) and written as pgbench
# scripts OUT-each.sql and OUT-one.sql (trace-to-pgbench.py; its --fresh options follow): statement
# logging is switched on for the whole server, COMMAND is run (it must send exactly one request), and switched off.
#   trace_to_pgbench DIR PORT OUT "COMMAND" [--fresh PREFIX]...
trace_to_pgbench() {
    local dir=$1 port=$2 out=$3 command=$4 from
    shift 4
    from=$(($(wc -l <"$dir/server.log") + 1))
    psql -q -h 127.0.0.1 -p "$port" -U postgres -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
    sleep 0.5  # the reload reaches every session asynchronously
    eval "$command" >/dev/null
    psql -q -h 127.0.0.1 -p "$port" -U postgres -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
    tail -n "+$from" "$dir/server.log" >"$out.log"
    python3 scripts/bench/trace-to-pgbench.py "$out.log" "$out" "$@" >/dev/null
}

# Runs pgbench (`-M prepared`: each statement prepared once per connection, as Reckon sends them; each pgbench seeded
# from a strong random source, since pgbenches started at once with the time's seed draw the same fresh ids) with
# SCRIPT... against DATABASE on PORT, one pgbench of 1 client per script at once
# when there are several (each client its own script), else CLIENTS clients on the one script, TRANSACTIONS each.
# Prints "TPS P50_US P90_US FAILED".
#   run_pgbench PORT DATABASE CLIENTS TRANSACTIONS SCRIPT...
run_pgbench() {
    local port=$1 database=$2 clients=$3 transactions=$4 logs script rates=() pgbench_pids=()
    shift 4
    logs=$(mktemp -d "$work/pgbench.XXXXXX")
    for script in "$@"; do
        [ $# -gt 1 ] && clients=1
        /usr/lib/postgresql/15/bin/pgbench -n -M prepared --random-seed=rand -h 127.0.0.1 -p "$port" -U postgres -c "$clients" \
            -t "$transactions" -f "$script" -l --log-prefix="$logs/log$RANDOM" "$database" >"$logs/out.$RANDOM" 2>&1 &
        pgbench_pids+=($!)
    done
    local pid passed=true figures
    for pid in "${pgbench_pids[@]}"; do wait "$pid" || passed=false; done
    figures=$(cat "$logs"/log* | awk '{ print $3 }' | sort -n | awk -v failed="$(grep -h "failed transactions" \
        "$logs"/out.* | awk '{ sum += $4 } END { print sum + 0 }')" -v tps="$(grep -h "^tps" "$logs"/out.* \
        | awk '{ sum += $3 } END { printf "%.0f", sum }')" \
        '{ a[NR] = $1 } END { print tps, a[int((NR + 1) / 2)], a[int(NR * 0.9)], failed }')
    if ! $passed || [ "${figures##* }" != 0 ]; then
        echo "pgbench failed or had failed transactions, so this run is no figure:" >&2
        cat "$logs"/out.* >&2
        rm -rf "$logs"
        return 1
    fi
    rm -rf "$logs"
    echo "$figures"
}

# Notes in `ticks` the CPU ticks so far of the worker processes `worker_pids`, the gateway `gateway_pid` and, when
# `pg_dir` is set, the PostgreSQL server there; cpu_columns then prints what each spent per request since.
start_ticks() {
    ticks=("$(cpu_ticks "${worker_pids[@]}")" "$(cpu_ticks "$gateway_pid")" \
        "$([ -n "${pg_dir:-}" ] && pg_cpu_ticks "$pg_dir" || echo 0)")
}

# Milliseconds of CPU per request since start_ticks, over REQUESTS requests: the worker's and the gateway's ("-"
# unless WORKER is 1) and PostgreSQL's ("-" without `pg_dir`), separated by spaces.
#   cpu_columns WORKER REQUESTS
cpu_columns() {
    if [ "$1" = 1 ]; then
        echo "$(ms_per $(($(cpu_ticks "${worker_pids[@]}") - ticks[0])) "$2")" \
            "$(ms_per $(($(cpu_ticks "$gateway_pid") - ticks[1])) "$2")"
    else
        echo "- -"
    fi
    [ -n "${pg_dir:-}" ] && ms_per $(($(pg_cpu_ticks "$pg_dir") - ticks[2])) "$2" || echo -
}

# The medians of the runs in `results` (each "RATE P50 P90 ERRORS"): "RATE P50 P90", then the errors summed.
run_medians() {
    local column
    for column in 1 2 3; do printf '%s\n' "${results[@]}" | awk -v c=$column '{ print $c }' | median; done
    printf '%s\n' "${results[@]}" | awk '{ sum += $4 } END { print sum }'
}

# "RATE P50 P90 ERRORS" of a reckon-bench --json report on standard input.
# A report with any error or malformed reply fails (exit 1): such a run is no figure.
report_figures() {
    python3 -c 'import json,sys; r = json.load(sys.stdin); l = r["latency"]; bad = r["errors"] + r.get("malformed", 0)
bad and sys.exit(f"reckon-bench counted {bad} unexpected replies, so this run is no figure: {r}")
print(round(r["requests_per_second"]), round(l["p50"]), round(l["p90"]), bad)'
}

# Vacuums and analyzes DATABASE on the PostgreSQL server at PORT, so a row starts without the dead row versions the
# rows before it left behind, with statistics that match its tables (the plans of Reckon's prepared statements are
# made from them: decision 0121), and PostgreSQL's CPU per request counts no vacuum of someone else's.
#   vacuum_pg PORT DATABASE
vacuum_pg() { psql -q -h 127.0.0.1 -p "$1" -U postgres -c "VACUUM ANALYZE" "$2" >/dev/null; }

# Starts `reckon up` from bin dir DIR with its data in "$work/stack" and its output in "$work/up.log", passing the
# further ARGS, and waits (60 s at most) for its ready line. It is added to `pids`.
#   start_reckon_up DIR ARGS...
start_reckon_up() {
    local bin=$1
    shift
    : >"$work/up.log"
    "$bin/reckon" up --data-dir "$work/stack" "$@" >>"$work/up.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 120); do
        grep -q '^ready:' "$work/up.log" && return
        sleep 0.5
    done
    cat "$work/up.log" >&2
    return 1
}

# A throwaway venv in "$work/venv" with the pip PACKAGES installed.
#   make_venv PACKAGES...
make_venv() {
    scripts/ensure-packages.sh python3-venv
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q --disable-pip-version-check "$@"
}

# One wrk run of SECONDS against URL over CONNECTIONS (one thread), with every answer checked by wrk-check.lua: its
# status must be STATUS and, given TEXT, its body must hold TEXT. Prints "P50_US RPS". Any other answer, or any socket
# error or timeout, fails the run with wrk's counts on standard error: such a run is no figure.
#   wrk_run URL CONNECTIONS SECONDS STATUS [TEXT]
# With `wrk_script=scripts/bench/wrk-post.lua` it POSTs instead: STATUS TEXT BODIES TOKEN (see that script).
wrk_run() {
    local out checked
    out=$(wrk -t1 -c"$2" -d"$3s" --latency -s "${wrk_script:-scripts/bench/wrk-check.lua}" "$1" -- "${@:4}")
    checked=$(grep '^checked:' <<<"$out")
    if [[ $checked != *" unexpected=0 "* || $checked == "checked: expected=0 "* ||
        $checked != *"errors=connect:0,read:0,write:0,timeout:0" ]]; then
        echo "wrk against $1 at $2 connections got unexpected answers, so this run is no figure: $checked" >&2
        return 1
    fi
    awk '
        function us(v) { if (v ~ /us$/) return v + 0; if (v ~ /ms$/) return v * 1000; if (v ~ /s$/) return v * 1e6; return v }
        $1 == "50%" { p50 = us($2) }
        $1 == "Requests/sec:" { rps = $2 }
        END { printf "%.1f %.0f\n", p50, rps }' <<<"$out"
}

# Starts nginx (Debian's nginx-light) on 127.0.0.1:PORT answering every request with 200 and BODY as JSON, access
# log off, one worker process per core: the HTTP floor on this machine. It is added to `pids`.
#   start_nginx PORT BODY
start_nginx() {
    scripts/ensure-packages.sh nginx-light
    mkdir -p "$work/nginx"
    cat >"$work/nginx/nginx.conf" <<CONF
daemon off;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx;
    server {
        listen 127.0.0.1:$1;
        location / { default_type application/json; return 200 '$2'; }
    }
}
CONF
    /usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
    pids+=($!)
}

# Starts, from bin dir DIR, a gateway with its per-client rate off, one reckon-calc and reckon-http with its caller
# rate off (so a load generator from one address is neither throttled by the bridge nor, as one named caller, by the
# gateway); sets `endpoint` (the gateway's client endpoint), `bridge` (evaluate 1+1 through reckon-http) and
# `stack_pids` (gateway, calc, bridge), all added to `pids`, and `workers` (the gateway's worker endpoint). Their output goes to "$work"/*.log. Returns once the
# bridge answers evaluate 1+1 right, or fails with their logs after 60 s.
#   start_bridge_stack DIR
start_bridge_stack() {
    workers="tcp://127.0.0.1:$(free_port)"
    endpoint="tcp://127.0.0.1:$(free_port)"
    "$1/reckon-gateway" --client-endpoint "$endpoint" --worker-endpoint "$workers" --client-rate 0 \
        >>"$work/gateway.log" 2>&1 &
    stack_pids=($!)
    "$1/reckon-calc" --gateway "$workers" >>"$work/calc.log" 2>&1 &
    stack_pids+=($!)
    pids+=("${stack_pids[@]}")
    start_bridge "$1" http
    stack_pids+=("$bridge_pid")
}

# Starts reckon-http from bin dir DIR on "$endpoint" with its caller rate off, its output in "$work/NAME.log"; sets
# `bridge` (evaluate 1+1 through it) and `bridge_pid` (added to `pids`). Returns once it answers evaluate 1+1 right,
# or fails with the logs after 60 s.
#   start_bridge DIR NAME
start_bridge() {
    local http_port=$(free_port)
    "$1/reckon-http" --host 127.0.0.1 --port "$http_port" --gateway "$endpoint" --caller-rate 0 \
        >>"$work/$2.log" 2>&1 &
    bridge_pid=$!
    pids+=($!)
    bridge="http://127.0.0.1:$http_port/v1/calc/evaluate?expression=1%2B1"
    for _ in $(seq 120); do
        [[ $(curl -sf "$bridge" 2>/dev/null) == *"$calc_expect"* ]] && return
        sleep 0.5
    done
    echo "the bridge from $1 did not come up:" >&2
    cat "$work"/*.log >&2
    return 1
}

# Through the bridge at BASE (http://HOST:PORT), once its ledger answers: signs up a user, sets `token` to its
# session, makes HOUSEHOLDS households of that one member, and prints one `bills.add` body a line, a bill of 84.30
# paid by the user into each.
#   post_with_ledger_user BASE HOUSEHOLDS
post_with_ledger_user() {
    local user="bench$RANDOM" home me
    for _ in $(seq 120); do
        curl -sf -X POST -H 'Content-Type: application/json' "$1/v1/ledger/auth.signup" \
            --data "{\"username\": \"$user\", \"password\": \"bench password\"}" >/dev/null && break
        sleep 0.5
    done
    token=$(curl -sf -X POST -H 'Content-Type: application/json' "$1/v1/ledger/auth.login" \
        --data "{\"username\": \"$user\", \"password\": \"bench password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    me=$(curl -sf -X POST -H "Authorization: Bearer $token" "$1/v1/ledger/auth.me" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["userId"])')
    for _ in $(seq "$2"); do
        home=$(curl -sf -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
            "$1/v1/ledger/household.create" --data '{"name": "Bench"}' |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["householdId"])')
        echo "{\"householdId\": \"$home\", \"description\": \"Groceries\", \"amount\": \"84.30\", \"paidBy\": \"$me\"," \
            "\"split\": {\"kind\": \"equal\"}}"
    done
}

# One round of the live-feed benchmarks (sse.sh, webhooks.sh): a gateway and a reckon-ledger from "$bin" on ENGINE
# (a fresh database NAME_ROUND on the PostgreSQL server at "$pg_port", or a fresh SQLite folder), the ledger with
# EXTRA arguments; sets `client` to the gateway's client endpoint. Logs go to "$work".
#   start_ledger_round ENGINE NAME ROUND [EXTRA...]
start_ledger_round() {
    local engine=$1 name=$2 round=$3 worker database
    shift 3
    client="tcp://127.0.0.1:$(free_port)"
    worker="tcp://127.0.0.1:$(free_port)"
    if [ "$engine" = postgres ]; then
        psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -c "CREATE DATABASE ${name}_$round" >/dev/null
        database=("--database" "postgres://postgres@127.0.0.1:$pg_port/${name}_$round")
    else
        database=("--data-dir" "$work/sqlite-$round")
    fi
    "$bin/reckon-gateway" --client-endpoint "$client" --worker-endpoint "$worker" --metrics-port 0 \
        >>"$work/gateway.log" 2>&1 &
    pids+=($!)
    "$bin/reckon-ledger" --gateway "$worker" "${database[@]}" --metrics-port 0 "$@" >>"$work/ledger.log" 2>&1 &
    pids+=($!)
}

# Starts reckon-http from "$bin" on a free port in front of the gateway at CLIENT, with its caller rate and its cap
# on one caller's streams off, and sets `bridge` to its base URL once it answers /ready. Not called in $(...): a
# subshell's `pids` would not reach stop_all, and the bridge would outlive the script.
#   start_open_bridge CLIENT
start_open_bridge() {
    local port
    port=$(free_port)
    "$bin/reckon-http" --port "$port" --gateway "$1" --caller-rate 0 --max-long-polls-per-caller 0 \
        --metrics-port 0 >>"$work/http.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 120); do
        curl -sf "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break
        sleep 0.25
    done
    bridge="http://127.0.0.1:$port"
}
