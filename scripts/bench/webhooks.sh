#!/usr/bin/env bash
# Webhook delivery's delay (issue #42's bar: p99 under 1 s from commit to the receiver's answer, at 50 events a
# second), on SQLite and on PostgreSQL 15 (fsync on): a gateway, one reckon-ledger and one reckon-http; WRITES bills
# added through the bridge at RATE a second to a household with one webhook (a receiver on loopback that verifies each
# delivery with PyPI's standardwebhooks) and one live activity stream (SSE, the peer path, in the same run). Prints,
# per engine and round, the delay from each write's sending to the receiver having it and to the stream reading it
# (p50, p99, max, ms) beside the writes' own round trip, from scripts/bench/webhooks-latency.py (httpx, httpx-sse and
# standardwebhooks in a throwaway venv), ROUNDS rounds, then the medians.
# Every answer is checked (each call's status and content; every delivery verified, once, in cursor order, on both
# paths); a run with any other answer, or a delivery missing, fails and says why.
# Limits: reckon-http with its caller rate off (`--caller-rate 0`; the default, 100 calls a second, is above RATE
# anyway) and no cap on one caller's streams (`--max-long-polls-per-caller 0`; there is one), its other limits at
# their defaults; the gateway at its defaults; the ledger at its default slots (2 per
# CPU) with --webhook-allow-private (the receiver is on loopback) and the relay's defaults (4 lanes, 30 s lease, 1 s
# idle look); LOG_LEVEL as set (default info).
#   scripts/bench/webhooks.sh                (BIN defaults to .build/release: swift build -c release)
# Env: BIN, ROUNDS (3), RATE (50), WRITES (1000), LOG_LEVEL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
rounds=${ROUNDS:-3}
make_workdir webhooks
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT
scripts/ensure-packages.sh python3-venv postgresql-15
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check httpx==0.28.1 httpx-sse==0.4.3 standardwebhooks==1.1.0
print_limits "reckon-http --caller-rate 0 --max-long-polls-per-caller 0; $gateway_limits; reckon-ledger at its default slots (2 per CPU, $(nproc) \
CPUs), --webhook-allow-private, relay defaults (4 lanes)"
pg_port=$(free_port)
RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"

for engine in sqlite postgres; do
    for round in $(seq "$rounds"); do
        start_ledger_round "$engine" hooks "$round" --webhook-allow-private
        start_open_bridge "$client"
        report=$("$work/venv/bin/python" scripts/bench/webhooks-latency.py "$bridge" "${RATE:-50}" \
            "${WRITES:-1000}")
        echo "$engine round $round: $report"
        echo "$report" >>"$work/$engine"
        stop_all
    done
done
for engine in sqlite postgres; do
    python3 - "$work/$engine" "$engine" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
def median(path, key):
    return statistics.median(run[path][key] for run in runs)
print(f"{sys.argv[2]}: median of {len(runs)} rounds at {median('writes', 'rate')} writes/s "
      f"(write p50 {median('writes', 'p50_ms')} ms, p99 {median('writes', 'p99_ms')} ms): "
      f"webhook p50 {median('webhook', 'p50_ms')} ms, p99 {median('webhook', 'p99_ms')} ms, "
      f"max {median('webhook', 'max_ms')} ms; stream p50 {median('stream', 'p50_ms')} ms, "
      f"p99 {median('stream', 'p99_ms')} ms, max {median('stream', 'max_ms')} ms")
PY
done
