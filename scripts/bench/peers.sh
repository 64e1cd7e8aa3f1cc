#!/usr/bin/env bash
# Reckon beside two peers, each one broker hop in front of one worker process, all driven by the same closed-loop
# C load generator (loadgen.c) at 1 client (latency) and 16 clients (throughput), one system at a time:
#   native     libzmq's zmq_proxy (native-proxy.c) with a C REP echo worker (native-echo.c): the floor for a hop.
#   majortomo  majortomo 0.2.0, a Python MDP/0.2 broker, with its bundled echo worker, in a throwaway venv. Its
#              broker logs a line per request at its default level (INFO), so it runs at WARNING: Reckon logs none.
#   reckon     `reckon up` with its defaults (gateway, reckon-calc, reckon-orders), asked calc evaluate 1+1.
#   gateway    Reckon's gateway (`reckon-gateway` from BIN) with the C MDP/0.2 echo worker (mdp-echo.c) taking
#              4 requests per CPU at once, as `reckon up`'s calc does: the broker like for like with the two above,
#              whose workers echo too, and the most any worker could get through Reckon's gateway here.
# Every system gets the body {"op":"evaluate","args":{"expression":"1+1"}}; the echo workers send it back.
#   baseline   with BASELINE set: `reckon up` from the bin dir BASELINE (an older build), for before/after figures
#              measured side by side in one run.
# Every reply is checked (loadgen's EXPECT): the echoes must be that body, calc's answer must hold "value":"2". A
# run with any other answer, or none within 5 s, fails the script.
# Prints each run's report, then a markdown table of the medians of ROUNDS rounds and Reckon's ratios.
#   BIN=.build-release/release scripts/bench/peers.sh        (BIN defaults to .build/release: swift build -c release)
# Env: BIN, BASELINE (unset), ROUNDS (3), REQUESTS_1 (5000 measured requests at 1 client), REQUESTS_16 (1000 measured requests per
# client at 16 clients). Every client first makes 200 unmeasured requests.
# Limits: Reckon's gateways at their per-client defaults (5000 requests a second with a burst of 10000, 1000
# pending, 8 MiB pending; each loadgen client is a client of its own), calc's slots at their default (4 per CPU),
# the C echo's capacity 4 per CPU; LOG_LEVEL as set (default info: no line per request); majortomo at WARNING.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
closed_loop_settings peers
print_limits "$gateway_limits; calc: 4 slots per CPU, the C echo 4 per CPU ($(nproc) CPUs); majortomo at WARNING"

scripts/ensure-packages.sh python3-venv
build_loadgen "$work"
build_c_peers "$work"
python3 -m venv "$work/venv"
# majortomo 0.2.0 imports six without declaring it.
"$work/venv/bin/pip" install -q --disable-pip-version-check majortomo==0.2.0 six
printf 'logging:\n  root:\n    level: WARNING\n' >"$work/majortomo.yaml"

start_native() { start_native_pair "$work/native.log"; }
start_majortomo() {
    "$work/venv/bin/python" -m majortomo.broker --bind-url "$endpoint" --config "$work/majortomo.yaml" \
        >>"$work/majortomo.log" 2>&1 &
    pids+=($!)
    "$work/venv/bin/python" -m majortomo.echo --broker_url "$endpoint" --service-name echo worker \
        >>"$work/majortomo.log" 2>&1 &
    pids+=($!)
}
start_gateway() { start_echo_gateway "$bin" $((4 * $(nproc))) "$work/gateway.log"; }
start_reckon() { start_reckon_from "$bin"; }
start_baseline() { start_reckon_from "$BASELINE"; }
start_reckon_from() {
    "$1/reckon" up --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$(free_port)" \
        --data-dir "$work/$system" --http none >>"$work/$system.log" 2>&1 &
    pids+=($!)
}
# Until one request is answered right, or a process it started has died; each try waits at most 5 s for its reply.
wait_ready() {
    local why="a process it started has died"
    for _ in $(seq 12); do
        kill -0 "${pids[@]}" 2>/dev/null || break
        why=$("$work/loadgen" "$mode" "$endpoint" 1 1 "$service" "$body" "$expect" 2>&1 >/dev/null) && return
        sleep 0.5
    done
    echo "$system did not answer right on $endpoint ($why); its logs:" >&2
    cat "$work/$system.log" "$work/$system"/logs/*.log >&2 2>/dev/null || true
    return 1
}

systems=(native majortomo reckon gateway)
[ -n "${BASELINE:-}" ] && systems+=(baseline)
for system in "${systems[@]}"; do
    case $system in
        native) mode=raw service=echo expect=$body ;;
        majortomo) mode=majortomo service=echo expect=$body ;;
        gateway) mode=mdp service=calc expect=$body ;;
        reckon | baseline) mode=mdp service=calc expect=$calc_expect ;;
    esac
    endpoint="tcp://127.0.0.1:$(free_port)"
    "start_$system"
    wait_ready
    measure_rounds "$system" "$mode" "$service" "$body" "$expect"
    stop_all
done

PYTHONPATH=scripts/bench python3 - "$work/reports" "$rounds" <<'EOF'
import sys
from reports import load, median, row
runs = load(sys.argv[1])
names = {"native": "native (zmq_proxy + C echo)", "majortomo": "majortomo 0.2.0 (Python)",
         "reckon": "Reckon (`reckon up`, calc evaluate)", "baseline": "Reckon baseline (BASELINE)",
         "gateway": "Reckon's gateway + C MDP echo"}
print(f"\nMedians of {sys.argv[2]} rounds; errors are summed over every run, warm-up included.\n")
print("| system | 1-client p50 µs | 16-client req/s | 16-client p50 µs | errors |")
print("|---|---:|---:|---:|---:|")
for system, name in names.items():
    if (system, 1) in runs:
        print(f"| {name} | {row(runs, system)} |")
def ratio(system, clients, key, of="reckon"):
    return median(runs, of, clients, key) / median(runs, system, clients, key)
print("\n| ratio | value |\n|---|---:|")
print(f"| Reckon / native, 1-client p50 | {ratio('native', 1, 'p50_us'):.2f} |")
print(f"| Reckon / native, 16-client req/s | {ratio('native', 16, 'rps'):.2f} |")
print(f"| Reckon / majortomo, 16-client req/s | {ratio('majortomo', 16, 'rps'):.2f} |")
print(f"| Reckon's gateway + C echo / native, 1-client p50 | {ratio('native', 1, 'p50_us', 'gateway'):.2f} |")
print(f"| Reckon's gateway + C echo / native, 16-client req/s | {ratio('native', 16, 'rps', 'gateway'):.2f} |")
print(f"| Reckon's gateway + C echo / majortomo, 16-client req/s | {ratio('majortomo', 16, 'rps', 'gateway'):.2f} |")
if ("baseline", 1) in runs:
    print(f"| Reckon / baseline, 1-client p50 | {ratio('baseline', 1, 'p50_us'):.2f} |")
    print(f"| Reckon / baseline, 16-client req/s | {ratio('baseline', 16, 'rps'):.2f} |")
EOF
