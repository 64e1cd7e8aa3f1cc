#!/usr/bin/env bash
# The ledger's op code before and after a change, side by side (issue #38: a reshaping keeps the figures within their
# noise): `reckon-bench ledger-inprocess` from bin dir BASE and from bin dir VARIANT, in turn, ROUNDS times on each
# engine of ENGINES, each run on a fresh SQLite file or a fresh PostgreSQL database. reckon-bench checks every reply
# (an error fails the run, and this script with it). Prints each op's median p50 per side and the variant's ratio.
# Limits: in process (no sockets, no gateway, no slots), LOG_LEVEL as set; BILLS bills (3000) added to a household
# of 8, then CALLS calls (300) of balances and of settle.suggest; PostgreSQL at POSTGRES_HOST:POSTGRES_PORT as
# POSTGRES_USER (scripts/postgres-test-server.sh starts one), its database `reckon_ab` made afresh each run.
#   BASE=/tmp/base/.build/release VARIANT=.build/release ROUNDS=5 ENGINES="sqlite postgres" \
#       scripts/bench/ledger-inprocess-ab.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${BASE:?BASE is the bin dir of the reckon-bench to compare against}
variant=${VARIANT:?VARIANT is the bin dir of the changed reckon-bench}
rounds=${ROUNDS:-5}
pg_host=${POSTGRES_HOST:-127.0.0.1} pg_port=${POSTGRES_PORT:-5432} pg_user=${POSTGRES_USER:-postgres}
echo "limits: in process, $rounds rounds, ${BILLS:-3000} bills, ${CALLS:-300} calls; LOG_LEVEL=${LOG_LEVEL:-info}" >&2
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for engine in ${ENGINES:-sqlite}; do
    for _ in $(seq "$rounds"); do
        for side in base variant; do
            bin=$base
            [[ $side = variant ]] && bin=$variant
            database=()
            if [[ $engine = postgres ]]; then
                psql -q -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -c "DROP DATABASE IF EXISTS reckon_ab" \
                    -c "CREATE DATABASE reckon_ab" >/dev/null
                database=(--database "postgres://$pg_user@$pg_host:$pg_port/reckon_ab")
            fi
            "$bin/reckon-bench" ledger-inprocess --bills "${BILLS:-3000}" --calls "${CALLS:-300}" "${database[@]}" \
                | awk -v engine="$engine" -v side="$side" \
                    '/^(bills.add|balances|settle.suggest) +[0-9]/ { print engine, $1, side, $2 }' >>"$results"
        done
    done
done
python3 - "$results" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    engine, op, side, p50 = line.split()
    runs.setdefault((engine, op), {}).setdefault(side, []).append(float(p50))
print(f"{'engine':9} {'op':15} {'base p50 µs':>12} {'variant p50 µs':>15} {'ratio':>6}")
for (engine, op), sides in runs.items():
    base, variant = statistics.median(sides["base"]), statistics.median(sides["variant"])
    print(f"{engine:9} {op:15} {base:12.1f} {variant:15.1f} {variant / base:6.2f}")
PY
