#!/usr/bin/env bash
# Where a request's CPU goes, thread by thread, for the systems of peers.sh but majortomo: the native pair (zmq_proxy
# + C echo), Reckon as `reckon up` starts it, and Reckon's gateway with the C MDP echo worker (and, with BASELINE
# set, an older build's `reckon up`), all started at once on their own ports and driven in turn, round by round, by
# the C load generator at 16 clients and at 1 client.
# For each thread that did work it prints the on-CPU time per request (from /proc/PID/task/TID/schedstat) and how
# often it went to sleep per request (its voluntary context switches), with the load generator's own CPU time and
# the share of the machine's CPU time left idle during the run (from /proc/stat): medians of ROUNDS rounds.
#   BIN=.build-release/release BASELINE=/tmp/old-bin scripts/bench/threads.sh
# Env: BIN (.build/release), BASELINE (unset), ROUNDS (3), REQUESTS_1 (5000), REQUESTS_16 (2000 per client).
# Every reply is checked (loadgen's EXPECT): the echoes must be the request's body, calc's answer must hold
# "value":"2"; a run with any other answer, or none within 5 s, fails the script.
# Limits: Reckon's gateways at their per-client defaults (5000 requests a second with a burst of 10000, 1000
# pending, 8 MiB pending; each loadgen client is a client of its own), calc's slots at their default (4 per CPU),
# the C echo's capacity 4 per CPU; LOG_LEVEL as set (default info: no line per request).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
REQUESTS_16=${REQUESTS_16:-2000}
closed_loop_settings threads
print_limits "$gateway_limits; calc: 4 slots per CPU, the C echo 4 per CPU ($(nproc) CPUs)"

build_loadgen "$work"
build_c_peers "$work"

# Starts SYSTEM on "$endpoint"; its process ids are added to `pids` and to "$work/SYSTEM.pids".
#   start SYSTEM
start() {
    local first=${#pids[@]}
    case $1 in
        native) start_native_pair "$work/native.log" ;;
        gateway) start_echo_gateway "$bin" $((4 * $(nproc))) "$work/gateway.log" ;;
        reckon | baseline)
            local dir=$bin
            [ "$1" = baseline ] && dir=$BASELINE
            "$dir/reckon" up --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$(free_port)" \
                --data-dir "$work/$1" --http none >>"$work/$1.log" 2>&1 &
            pids+=($!)
            ;;
    esac
    printf '%s\n' "${pids[@]:first}" >"$work/$1.pids"
}

# Until one request is answered right, holding EXPECT (50 tries, 0.2 s apart).
#   wait_ready MODE SERVICE EXPECT
wait_ready() {
    local why
    for _ in $(seq 50); do
        why=$("$work/loadgen" "$1" "$endpoint" 1 1 "$2" "$body" "$3" 2>&1 >/dev/null) && return
        sleep 0.2
    done
    echo "$system did not answer right on $endpoint ($why); its log:" >&2
    cat "$work/$system.log" >&2
    return 1
}

# One line per thread of SYSTEM's processes and their children: "PROCESS/THREAD TID CPU_NS VOLUNTARY_SWITCHES".
snapshot() {
    local pid task
    for pid in $(cat "$work/$1.pids") $(cat "$work/$1.pids" | xargs -n1 pgrep -P 2>/dev/null || true); do
        for task in /proc/"$pid"/task/*; do
            printf '%s/%s %s %s %s\n' "$(cat /proc/"$pid"/comm 2>/dev/null)" "$(tr ' ' _ <"$task/comm" 2>/dev/null)" \
                "${task##*/}" "$(cut -d' ' -f1 "$task/schedstat" 2>/dev/null)" \
                "$(awk '/^voluntary_ctxt_switches/ { print $2 }' "$task/status" 2>/dev/null)"
        done
    done
}

# Idle and total CPU time of the machine so far, in clock ticks: "IDLE TOTAL".
cpu_times() { awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat; }

declare -A endpoints modes services expects
systems=(native reckon gateway)
[ -n "${BASELINE:-}" ] && systems+=(baseline)
for system in "${systems[@]}"; do
    endpoint="tcp://127.0.0.1:$(free_port)"
    case $system in
        native) modes[$system]=raw services[$system]=echo expects[$system]=$body ;;
        gateway) modes[$system]=mdp services[$system]=calc expects[$system]=$body ;;
        *) modes[$system]=mdp services[$system]=calc expects[$system]=$calc_expect ;;
    esac
    start "$system"
    wait_ready "${modes[$system]}" "${services[$system]}" "${expects[$system]}"
    endpoints[$system]=$endpoint
done
sleep 1

TIMEFORMAT='%U %S'
for round in $(seq "$rounds"); do
    for clients in 16 1; do
        requests=$((clients == 1 ? requests_1 : requests_16))
        for system in "${systems[@]}"; do
            snapshot "$system" >"$work/before"
            read -r idle_before total_before < <(cpu_times)
            # time's figures go to loadgen-time, loadgen's own standard error (why a run failed) to the script's.
            { time "$work/loadgen" "${modes[$system]}" "${endpoints[$system]}" "$clients" "$requests" \
                "${services[$system]}" "$body" "${expects[$system]}" >"$work/report" 2>&3; } 3>&2 2>"$work/loadgen-time"
            read -r idle_after total_after < <(cpu_times)
            snapshot "$system" >"$work/after"
            echo "$system $clients $(cat "$work/report")" >&2
            python3 - "$work" "$system" "$clients" "$((clients * (requests + 200)))" "$round" \
                "$((idle_after - idle_before)) $((total_after - total_before))" >>"$work/rows" <<'EOF'
import json, sys
work, system, clients, requests, round_, cpu = sys.argv[1:]
requests = int(requests)
def threads(path):
    found = {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 4:
            found[parts[0], parts[1]] = (int(parts[2]), int(parts[3]))
    return found
before, after = threads(f"{work}/before"), threads(f"{work}/after")
per_name = {}
for key, (ns, switches) in after.items():
    old_ns, old_switches = before.get(key, (0, 0))
    total = per_name.setdefault(key[0], [0, 0])
    total[0] += ns - old_ns
    total[1] += switches - old_switches
user, system_time = map(float, open(f"{work}/loadgen-time").read().split())
idle, total = map(int, cpu.split())
row = {"system": system, "clients": int(clients), "round": int(round_),
       "rps": json.load(open(f"{work}/report"))["rps"],
       "loadgen_us": (user + system_time) * 1e6 / requests, "idle": idle / total if total else 0,
       "threads": {name: (ns / requests / 1000, switches / requests) for name, (ns, switches) in per_name.items()}}
print(json.dumps(row))
EOF
        done
    done
done

python3 - "$work/rows" "$rounds" "${systems[@]}" <<'EOF'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
rounds, systems = sys.argv[2], sys.argv[3:]
def median(values):
    return statistics.median_low(values) if values else 0.0
print(f"\nMedians of {rounds} rounds. µs: on-CPU time per request; sleeps: voluntary context switches per "
      "request.\n")
print("| system | thread | 16 clients µs | sleeps | 1 client µs | sleeps |")
print("|---|---|---:|---:|---:|---:|")
for system in systems:
    mine = {clients: [row for row in rows if row["system"] == system and row["clients"] == clients]
            for clients in (16, 1)}
    names = sorted({name for row in mine[16] + mine[1] for name in row["threads"]})
    def cell(clients, name, index):
        return median([row["threads"].get(name, (0.0, 0.0))[index] for row in mine[clients]])
    shown = [name for name in names if max(cell(16, name, 0), cell(1, name, 0)) >= 0.2]
    for name in shown:
        print(f"| {system} | {name} | {cell(16, name, 0):.1f} | {cell(16, name, 1):.2f} "
              f"| {cell(1, name, 0):.1f} | {cell(1, name, 1):.2f} |")
    def total(clients):
        return median([sum(t for t, _ in row["threads"].values()) for row in mine[clients]])
    print(f"| {system} | **all its threads** | **{total(16):.1f}** | | **{total(1):.1f}** | |")
    loadgen = [median([row["loadgen_us"] for row in mine[clients]]) for clients in (16, 1)]
    print(f"| {system} | load generator (user + system) | {loadgen[0]:.1f} | | {loadgen[1]:.1f} | |")
print("\n| system | 16-client req/s | machine idle at 16 clients | 1-client req/s |")
print("|---|---:|---:|---:|")
for system in systems:
    def med(clients, key):
        return median([row[key] for row in rows if row["system"] == system and row["clients"] == clients])
    print(f"| {system} | {med(16, 'rps'):.0f} | {100 * med(16, 'idle'):.0f} % | {med(1, 'rps'):.0f} |")
EOF
