#!/usr/bin/env bash
# The live activity feed's delay (issue #24's SSE bar), on SQLite and on PostgreSQL 15: a gateway, one reckon-ledger
# and two reckon-http replicas; SUBSCRIBERS Server-Sent Events streams of one household on the first replica and
# OTHERS on the second; WRITES bills added through the first, 200 ms apart. Prints, per engine and replica, the
# deliveries and the delay from each write's sending to its event's reading (p50, p99, max), in ms, beside the
# write's own round trip through the bridge (the floor under each delivery), from
# scripts/bench/sse-latency.py (httpx + httpx-sse in a throwaway venv), ROUNDS rounds, and the medians.
# Every answer is checked (each call's status and content, each stream's status, each bill delivered once and in
# order to every subscriber); a run with any other answer, or a delivery missing, fails and says why.
# Limits: both reckon-http replicas run with their caller rate limit off (`--caller-rate 0`) and no cap on one
# caller's streams (`--max-long-polls-per-caller 0`): every stream is one user's, and the defaults (100 calls a
# second, 16 streams) would refuse all but 16 of them; their other limits and the gateway's at their defaults; the
# ledger at its default slots (2 per CPU); LOG_LEVEL as set (default info).
#   scripts/bench/sse.sh                     (BIN defaults to .build/release: swift build -c release)
# Env: BIN, ROUNDS (3), SUBSCRIBERS (100), OTHERS (10), WRITES (50), LOG_LEVEL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
rounds=${ROUNDS:-3}
make_workdir sse
chmod 755 "$work"  # the postgres user keeps its server in here
trap 'stop_all; scripts/postgres-test-server.sh stop "$work/pg" 2>/dev/null || true; rm -rf "$work"' EXIT
scripts/ensure-packages.sh python3-venv postgresql-15
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check httpx==0.28.1 httpx-sse==0.4.3
print_limits "reckon-http --caller-rate 0 --max-long-polls-per-caller 0 (both off); $gateway_limits; reckon-ledger at \
its default slots (2 per CPU, $(nproc) CPUs)"
pg_port=$(free_port)
RECKON_TEST_PG_FSYNC=on scripts/postgres-test-server.sh start "$work/pg" "$pg_port"

for engine in sqlite postgres; do
    for round in $(seq "$rounds"); do
        start_ledger_round "$engine" sse "$round"
        start_open_bridge "$client"
        first=$bridge
        start_open_bridge "$client"
        second=$bridge
        report=$("$work/venv/bin/python" scripts/bench/sse-latency.py "$first" "$second" "${SUBSCRIBERS:-100}" \
            "${OTHERS:-10}" "${WRITES:-50}")
        echo "$engine round $round: $report"
        echo "$report" >>"$work/$engine"
        stop_all
    done
done
for engine in sqlite postgres; do
    python3 - "$work/$engine" "$engine" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
for replica, name in (("a", "same replica"), ("b", "other replica")):
    figures = {key: statistics.median(run[replica][key] for run in runs) for key in ("p50_ms", "p99_ms", "max_ms")}
    write = statistics.median(run["write"]["p50_ms"] for run in runs)
    print(f"{sys.argv[2]} {name}: median of {len(runs)} rounds: p50 {figures['p50_ms']} ms, "
          f"p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms; the write's own round trip "
          f"p50 {write} ms")
PY
done
