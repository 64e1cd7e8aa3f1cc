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
    trap 'stop_all; rm -rf "$work"' EXIT
}

# The request every calc load sends, and a wait (10 s at most) until `calc` at ENDPOINT answers it right; needs
# build_loadgen's "$work/loadgen".
calc_body='{"op":"evaluate","args":{"expression":"1+1"}}'
wait_for_calc() {
    for _ in $(seq 50); do
        [[ $("$work/loadgen" mdp "$1" 1 1 calc "$calc_body") == *'"errors":0}' ]] && return
        sleep 0.2
    done
}

# `rounds` rounds of the load generator against $endpoint at 1 client (requests_1 requests) and 16 clients
# (requests_16 each), each report printed and added, labelled LABEL, to "$work/reports" for reports.py. With
# `cpu_pid` set, each report also gets cpu_us: the CPU time that process spent per request (the sum of its threads'
# on-CPU time from /proc/PID/task/*/schedstat over the run, divided by its requests, warm-up included).
#   measure_rounds LABEL MODE SERVICE BODY
measure_rounds() {
    local clients requests report before
    for _ in $(seq "$rounds"); do
        for clients in 1 16; do
            requests=$((clients == 1 ? requests_1 : requests_16))
            [ -n "${cpu_pid:-}" ] && before=$(cpu_ns "$cpu_pid")
            report=$("$work/loadgen" "$2" "$endpoint" "$clients" "$requests" "$3" "$4")
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
