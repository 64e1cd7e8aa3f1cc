#!/usr/bin/env bash
# The gateway's memory after its request table was full (issue #28, "containers that keep their capacity"): starts
# BIN's reckon-gateway with no per-client limits and a 60 s deadline, registers WORKERS workers of capacity 1,024 for
# calc that take requests and never answer (held-requests.c), sends REQUESTS small requests from one client (as many
# as the byte budget admits are held), then has every worker send DISCONNECT and go, so every request is let go at
# once. Prints the gateway's VmRSS before, while held, and 2, 5 and 10 s after, and how many requests were held and
# refused. Every message is checked (held-requests.c): the workers may get only REQUESTs and HEARTBEATs, the client
# only `resource_exhausted`; anything else, or no request held, fails the script.
#   BIN=.build/debug scripts/bench/held-requests.sh
# Env: BIN (.build/release), WORKERS (64, at most 256), REQUESTS (70,000).
# Limits: the gateway's per-client rate and pending caps off (--client-rate 0 --max-client-pending 0
# --max-client-pending-bytes 0), its byte budget for all requests at its default (32 MiB, --max-pending-bytes),
# which is what refuses the rest; each worker takes 1,024 at once; LOG_LEVEL as set (default info).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
make_workdir held-requests
print_limits "gateway per client: no rate or pending caps; all requests: 32 MiB; ${WORKERS:-64} workers x 1024"
scripts/ensure-packages.sh libzmq3-dev
cc -O2 -o "$work/held-requests" scripts/bench/held-requests.c -lzmq
client="tcp://127.0.0.1:$(free_port)"
worker="tcp://127.0.0.1:$(free_port)"
"$bin/reckon-gateway" --client-endpoint "$client" --worker-endpoint "$worker" --client-rate 0 --max-client-pending 0 \
    --max-client-pending-bytes 0 --deadline-ms 60000 --metrics-port 0 >"$work/gateway.log" 2>&1 &
pids+=($!)
sleep 2
"$work/held-requests" "$client" "$worker" "${pids[0]}" "${WORKERS:-64}" "${REQUESTS:-70000}"
