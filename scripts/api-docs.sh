#!/usr/bin/env bash
# Regenerates the machine-readable contract and the op tables of docs/api.md from the services' own `ops` replies:
# starts a throwaway `reckon up` on free loopback ports (binaries from ${BIN:-.build/debug}; build first), reads
# `ops` from the gateway, calc, orders and ledger, and writes
#   docs/ops.json   every listing in one document (sorted keys): the contract other tools are generated from
#   docs/api.md     one op table per service between its `<!-- BEGIN GENERATED: ops SERVICE ... -->` markers
# With --check it writes nothing and fails, with a diff, when either file is out of date, or when an op lacks a
# result schema.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" = --check ] && check=true
bin=${BIN:-.build/debug}
work=$(mktemp -d /tmp/reckon-api-docs.XXXXXX)
stack_pid=
stop_stack() {
    if [ -n "$stack_pid" ]; then
        kill -INT "$stack_pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$stack_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$stack_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap stop_stack EXIT
ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
read -r client_port worker_port <<<"$ports"
endpoint=tcp://127.0.0.1:$client_port
"$bin/reckon" up --client-endpoint "$endpoint" --worker-endpoint "tcp://127.0.0.1:$worker_port" \
    --data-dir "$work/stack" --http none >"$work/up.log" 2>&1 &
stack_pid=$!
call() { "$bin/reckon" call "$1" "$2" --endpoint "$endpoint" --json; }
for attempt in $(seq 1 120); do
    if call gateway health 2>/dev/null | python3 -c '
import json, sys
names = {s["name"] for s in json.load(sys.stdin)["services"] if s["workers"] > 0}
sys.exit(0 if {"calc", "orders", "ledger"} <= names else 1)'; then break; fi
    [ "$attempt" = 120 ] && { echo "the stack did not come up in 60 s:" >&2; cat "$work/up.log" >&2; exit 1; }
    sleep 0.5
done
for service in gateway calc orders ledger; do call "$service" ops >"$work/$service.json"; done
out=$work/out
mkdir -p "$out"
python3 scripts/api_docs.py "$work" docs/api.md "$out"
if $check; then
    status=0
    for file in ops.json api.md; do
        if ! diff -u "docs/$file" "$out/$file"; then status=1; fi
    done
    python3 scripts/api_docs.py --missing-result-schemas "$out/ops.json" || status=1
    [ $status = 0 ] || echo "docs/api.md or docs/ops.json is out of date: run scripts/api-docs.sh" >&2
    exit $status
fi
cp "$out/ops.json" "$out/api.md" docs/
echo "wrote docs/ops.json and the op tables of docs/api.md"
