#!/usr/bin/env bash
# The gateway's memory under two floods, each against a fresh `reckon up` stack (defaults) on free ports:
#   no-workers  10,000 requests at 1,000/s for a service no worker serves (each is answered `unknown_service`, or
#               `unavailable` in the gateway's first 3 s);
#   unread      200,000 `calc evaluate 1+1` requests as fast as the gateway takes them, from a client that reads
#               no reply while it floods, so the replies pile up at the gateway.
# The flood (flood.c) keeps its socket open for LINGER seconds after its last send; the gateway's VmRSS is sampled
# every 0.2 s meanwhile, and its VmHWM (the kernel's peak) read at the end. The bar: under 64 MB.
# Then the flood reads the replies the gateway kept (it drops those past its queue limit) and checks each: the
# answers above, or for unread "value":"2" or `resource_exhausted`. A send that failed, no reply, or any other
# answer fails the script.
#   BIN=.build-release/release scripts/bench/memory.sh      (BIN defaults to .build/release: swift build -c release)
# Env: BIN, LINGER (5).
# Limits: `reckon up`'s defaults: the gateway's per-client limits (5000 requests a second with a burst of 10000,
# 1000 pending, 8 MiB pending), so most of the unread flood is answered `resource_exhausted` at once; calc's slots
# (4 per CPU); LOG_LEVEL as set (default info: no line per request).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
linger=${LINGER:-5}
make_workdir memory
print_limits "$gateway_limits (the unread flood is one client); calc: 4 slots per CPU ($(nproc) CPUs)"
build_loadgen "$work"
cc -O2 -o "$work/flood" scripts/bench/flood.c -lzmq

kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$2/status"; }

echo "| flood | sent | seconds | gateway VmRSS before KiB | max sampled KiB | VmHWM KiB |"
echo "|---|---:|---:|---:|---:|---:|"
for flood in no-workers unread; do
    endpoint="tcp://127.0.0.1:$(free_port)"
    "$bin/reckon" up --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$(free_port)" \
        --data-dir "$work/$flood" --http none >>"$work/$flood.log" 2>&1 &
    pids+=($!)
    wait_for_calc "$endpoint"
    gateway=$(pgrep -f "reckon-gateway.*--client-endpoint $endpoint")
    before=$(kib VmRSS "$gateway")
    case $flood in
        no-workers) "$work/flood" "$endpoint" nosuch "$calc_body" 10000 1000 "$linger" '"code":"unknown_service"' \
            '"code":"unavailable"' >"$work/report" & ;;
        unread) "$work/flood" "$endpoint" calc "$calc_body" 200000 0 "$linger" "$calc_expect" \
            '"code":"resource_exhausted"' >"$work/report" & ;;
    esac
    flooder=$!
    peak=$before
    while kill -0 "$flooder" 2>/dev/null; do
        rss=$(kib VmRSS "$gateway")
        ((rss > peak)) && peak=$rss
        sleep 0.2
    done
    wait "$flooder"  # fails the script when the flood did
    report=$(cat "$work/report")
    sent=$(echo "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["sent"])')
    seconds=$(echo "$report" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
    echo "| $flood | $sent | $seconds | $before | $peak | $(kib VmHWM "$gateway") |"
    stop_all
done
