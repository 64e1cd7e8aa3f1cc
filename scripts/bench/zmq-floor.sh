#!/usr/bin/env bash
# Measures the raw libzmq round trip over loopback TCP three ways: free scheduling, both processes on one CPU,
# and on different CPUs. It shows what a thread hand-off costs on this machine (see docs/performance.md).
# Every reply is checked (zmq-pingpong.c): it must be the 5 bytes sent; any other fails the script.
# Limits: none of Reckon's: two C processes on libzmq's defaults, no gateway, so no rate limit, slots or log level.
set -euo pipefail
cd "$(dirname "$0")"
../ensure-packages.sh libzmq3-dev
binary=$(mktemp -d)/zmq-pingpong
cc -O2 -o "$binary" zmq-pingpong.c -lzmq
echo "limits: none of Reckon's (libzmq alone: no gateway, rate limit, slots or log level)" >&2
run() {  # run LABEL SERVER_CPUS CLIENT_CPUS PORT
    taskset -c "$2" "$binary" "tcp://127.0.0.1:$4" server & server=$!
    sleep 0.3
    printf '%-16s ' "$1"
    taskset -c "$3" "$binary" "tcp://127.0.0.1:$4" || { kill "$server"; exit 1; }
    kill "$server"; wait "$server" 2>/dev/null || true
}
all=$(seq -s, 0 $(($(nproc) - 1)))
run "free" "$all" "$all" 29911
run "same CPU" 0 0 29912
run "different CPUs" 1 0 29913
