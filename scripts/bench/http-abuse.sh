#!/usr/bin/env bash
# The bars of issue #35 against `reckon up` from BIN, through scripts/bench/http-abuse.py in a throwaway venv:
#   sockets    SILENT silent sockets from 30 addresses and SLOW slowloris ones from 8, while a good client
#              evaluates 1+1 (bar: p99 < 100 ms)
#   signin     a sign-in flood while a signed-in user calls auth.me (bar: p99 < 50 ms; the attacked user signs in)
#   longpolls  POLLS long polls kept outstanding by one account (bar: no 429 for another account)
# Every answer is checked, the attackers' too (see the driver); a run with any other answer fails and says why.
# Limits: `reckon up`'s defaults, which are what the bars are about: reckon-http's caller rate 100/s with a burst of
# 200, 16 waiting requests per caller, 256 connections per address, 10,000 in all; the gateway's 5,000 requests/s
# and 1,000 pending per caller; the ledger's slots (2 per CPU), sign-in throttle (5 failures per username and
# address, 30 per address, in 15 minutes) and Argon2id at libsodium's interactive level, one hashing thread per two
# cores with as many queued; LOG_LEVEL as set (default info).
#   BIN=.build/release scripts/bench/http-abuse.sh     (BIN defaults to .build/release: swift build -c release)
# Env: BIN, SILENT (20000), SLOW (2000), POLLS (1000), SECONDS_EACH (10), LOG_LEVEL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
bin=${BIN:-.build/release}
seconds=${SECONDS_EACH:-10}
make_workdir http-abuse
make_venv httpx==0.28.1
print_limits "reckon up's defaults: reckon-http caller rate 100/s (burst 200), 16 waiting requests per caller, 256 \
connections per address, 10,000 in all; $gateway_limits; ledger slots 2 per CPU ($(nproc) CPUs)"
# The attackers hold SILENT + SLOW sockets over five processes, and the bridge up to 10,000 of them: raise the
# descriptor limit as far as allowed (root may raise the hard limit).
ulimit -Hn 65536 2>/dev/null || true
ulimit -n "$(ulimit -Hn)"

http_port=$(free_port)
start_reckon_up "$bin" --client-endpoint "tcp://127.0.0.1:$(free_port)" \
    --worker-endpoint "tcp://127.0.0.1:$(free_port)" --http "127.0.0.1:$http_port"
url="http://127.0.0.1:$http_port"
driver() { "$work/venv/bin/python" scripts/bench/http-abuse.py "$@"; }
driver sockets "$url" "${SILENT:-20000}" "${SLOW:-2000}" "$seconds"
driver signin "$url" "$seconds"
driver longpolls "$url" "${POLLS:-1000}" "$seconds"
