#!/usr/bin/env bash
# Regenerates the machine-readable contract and the op tables of docs/api.md from the services' own `ops` replies:
# starts a throwaway `reckon up` on free loopback ports (binaries from ${BIN:-.build/debug}; build first), reads
# `ops` from the gateway, calc, orders and ledger, and writes
#   docs/ops.json   every listing in one document (sorted keys): the contract other tools are generated from
#   docs/api.md     one op table per service between its `<!-- BEGIN GENERATED: ops SERVICE ... -->` markers
#   docs/openapi.json  the OpenAPI 3.1 document reckon-http serves at /openapi.json, indented: what SDKs are
#                   generated from
#   Sources/Contracts/*/…Examples.swift  each op's example call, recorded from the same stack
#                   (scripts/api_examples.py)
# With --check it writes nothing and fails, with a diff, when any of them is out of date (an example: when a fresh
# recording differs from what the services list), or when an op lacks a result schema.
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
s = [socket.socket() for _ in range(3)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
read -r client_port worker_port http_port <<<"$ports"
endpoint=tcp://127.0.0.1:$client_port
# The sample ECB rates, so that calc's currency ops have examples too.
RECKON_RATES_FILE=$PWD/config/ecb-rates-sample.xml "$bin/reckon" up --client-endpoint "$endpoint" \
    --worker-endpoint "tcp://127.0.0.1:$worker_port" --data-dir "$work/stack" --http "127.0.0.1:$http_port" \
    >"$work/up.log" 2>&1 &
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
# Each op's example call, recorded afresh (scripts/api_examples.py): with --check, compared with the examples the
# services list; else written into the contracts' generated …Examples.swift, which take a build and a second run to
# reach the listings.
examples_status=0
if $check; then mode=check; else mode=record; fi
RECKON_STAFF_KEY=$(cat "$work/stack/staff-key") python3 scripts/api_examples.py $mode "$bin" "$endpoint" \
    || examples_status=1
out=$work/out
mkdir -p "$out"
python3 scripts/api_docs.py "$work" docs/api.md "$out"
# The bridge's document, once it holds every service (it reads their listings every 2 s until it has them all).
python3 - "http://127.0.0.1:$http_port/openapi.json" "$out/openapi.json" <<'PY'
import json, sys, time, urllib.error, urllib.request
url, target = sys.argv[1], sys.argv[2]
for attempt in range(120):
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            document = json.load(answer)
        if {tag["name"] for tag in document["tags"]} >= {"gateway", "calc", "orders", "ledger"}:
            break
    except (urllib.error.URLError, ConnectionError):
        pass
    time.sleep(0.5)
else:
    sys.exit("reckon-http's /openapi.json did not list every service in 60 s")
with open(target, "w", encoding="utf-8") as out:
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")
PY
if $check; then
    status=0
    for file in ops.json api.md openapi.json; do
        if ! diff -u "docs/$file" "$out/$file"; then status=1; fi
    done
    python3 scripts/api_docs.py --missing-result-schemas "$out/ops.json" || status=1
    [ $status = 0 ] || echo "docs/api.md, docs/ops.json or docs/openapi.json is out of date: run scripts/api-docs.sh" >&2
    [ $examples_status = 0 ] || status=1
    exit $status
fi
[ $examples_status = 0 ] || exit 1
cp "$out/ops.json" "$out/api.md" "$out/openapi.json" docs/
echo "wrote docs/ops.json, docs/openapi.json and the op tables of docs/api.md"
if ! git diff --quiet -- 'Sources/Contracts/*Examples.swift' 'Sources/Contracts/Wire/OpsListing+Example.swift'; then
    echo "the recorded examples changed: build, then run scripts/api-docs.sh again to carry them into docs/"
fi
