#!/usr/bin/env bash
# What tracing costs (issue #41), in one run: stacks of a gateway, one calc worker and reckon-http, driven in turn
# with wrk at 1 connection (latency), 16 (throughput) and 16 paced (the CPU a request costs below capacity),
# `calc evaluate 1+1` each call, every answer checked (status 200 and "value":"2"; a run with any other answer fails
# and prints no figure):
#   base    every process from bin dir BASE: the commit before tracing
#   off     every process from bin dir VARIANT, tracing off (no OTEL_* endpoint: the default)
#   on      every process from VARIANT exporting every span (sampler always_on) over OTLP/HTTP to a sink: nginx
#           answering `POST /v1/traces` 200, so the figure is Reckon's cost and not a collector's; the sink's access
#           log proves the exports arrived
#   tenth   the same, sampling a tenth of the traces (parentbased_traceidratio 0.1)
#   none    the same, sampling nothing (always_off): what the instrumentation costs with no span recorded or exported
# and the CPU time of the three processes per request (their threads' schedstat, over each wrk run).
# Limits: as http.sh (each reckon-http --caller-rate 0, the gateway --client-rate 0, calc at 4 slots per CPU),
# LOG_LEVEL as set (default info: the access log on); the exporter's batch delay 1000 ms, its queue 2048 spans.
#   BASE=/tmp/base/.build/release VARIANT=.build/release ROUNDS=5 scripts/bench/tracing.sh
# Env: BASE, VARIANT (bin dirs holding reckon-gateway, reckon-calc and reckon-http), ROUNDS (5), SECONDS_EACH (5),
# PAUSE_MS (8: the paced load's wait between one connection's requests).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
base=${BASE:?BASE is the bin dir of the commit before tracing}
variant=${VARIANT:-.build/release}
rounds=${ROUNDS:-5}
seconds=${SECONDS_EACH:-5}
pause_ms=${PAUSE_MS:-8}
scripts/ensure-packages.sh wrk nginx-light
make_workdir tracing
print_limits "each reckon-http --caller-rate 0 (off); each gateway --client-rate 0 (off); calc at 4 slots per CPU, \
$(nproc) CPUs; tracing on: sampler always_on (or a tenth, or none), batch delay 1000 ms, queue 2048 spans"

sink_port=$(free_port)
mkdir -p "$work/sink"
cat >"$work/sink/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/sink/nginx.pid;
error_log $work/sink/error.log;
events { worker_connections 256; }
http {
    log_format export '\$request_length';
    client_body_temp_path $work/sink;
    client_max_body_size 64m;
    server {
        listen 127.0.0.1:$sink_port;
        location = /v1/traces { access_log $work/sink/exports.log export; default_type application/x-protobuf; return 200 ''; }
    }
}
CONF
/usr/sbin/nginx -p "$work/sink" -c "$work/sink/nginx.conf" &
pids+=($!)

declare -A url stack
start_bridge_stack "$base"
url[base]=$bridge stack[base]=${stack_pids[*]}
start_bridge_stack "$variant"
url[off]=$bridge stack[off]=${stack_pids[*]}
OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$sink_port OTEL_TRACES_SAMPLER=always_on OTEL_BSP_SCHEDULE_DELAY=1000 \
    start_bridge_stack "$variant"
url[on]=$bridge stack[on]=${stack_pids[*]}
OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$sink_port OTEL_TRACES_SAMPLER=parentbased_traceidratio \
    OTEL_TRACES_SAMPLER_ARG=0.1 OTEL_BSP_SCHEDULE_DELAY=1000 start_bridge_stack "$variant"
url[tenth]=$bridge stack[tenth]=${stack_pids[*]}
OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$sink_port OTEL_TRACES_SAMPLER=always_off start_bridge_stack "$variant"
url[none]=$bridge stack[none]=${stack_pids[*]}

# One wrk run: "P50_US RPS CPU_US_PER_REQUEST", the CPU of the stack's three processes over the run. LOAD is a number
# of connections, or `paced`: 16 connections each waiting PAUSE_MS after an answer, a load below the machine's
# capacity, where the CPU a request costs is not also the throughput lost.
#   measure SYSTEM LOAD
measure() {
    local before after figures
    # shellcheck disable=SC2086 # the stack's pids, one word each
    before=$(for pid in ${stack[$1]}; do cpu_ns "$pid"; done | awk '{ s += $1 } END { printf "%.0f", s }')
    if [[ $2 == paced ]]; then
        figures=$(export WRK_PAUSE_MS=$pause_ms; wrk_run "${url[$1]}" 16 "$seconds" 200 "$calc_expect")
    else
        figures=$(wrk_run "${url[$1]}" "$2" "$seconds" 200 "$calc_expect")
    fi
    # shellcheck disable=SC2086
    after=$(for pid in ${stack[$1]}; do cpu_ns "$pid"; done | awk '{ s += $1 } END { printf "%.0f", s }')
    awk -v f="$figures" -v ns=$((after - before)) -v s="$seconds" \
        'BEGIN { split(f, a, " "); printf "%s %s %.1f\n", a[1], a[2], ns / (a[2] * s) / 1000 }'
}

for round in $(seq "$rounds"); do
    for clients in 1 16 paced; do
        for system in base off on tenth none; do
            echo "$system $clients $(measure "$system" "$clients")" >>"$work/results"
        done
    done
    echo "round $round done" >&2
done
exports=$(wc -l <"$work/sink/exports.log")
[[ $exports -gt 0 ]] || { echo "the tracing stack sent no export to the sink, so this run is no figure" >&2; exit 1; }
echo "the sink took $exports exports, $(awk '{ s += $1 } END { printf "%.1f", s / 1048576 }' "$work/sink/exports.log") MiB" >&2
scripts/bench/tracing-report.py "$work/results" "$rounds"
