#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL 15 server, on loopback unless told otherwise, for tests and benchmarks.
#   scripts/postgres-test-server.sh start DIR PORT [ADDRESS]   creates a cluster in DIR (trust auth) and starts it,
#       listening on ADDRESS (default 127.0.0.1); another address also lets in, with trust, every host on its subnet
#       (a private network namespace's, say: scripts/multihost.sh)
#   scripts/postgres-test-server.sh stop DIR                   stops it (the files stay until DIR is removed)
#   scripts/postgres-test-server.sh terminate PORT              ends every client's backend (pg_terminate_backend),
#       as an operator or a crashed backend would; prints how many it ended
# The server runs as the `postgres` user when started by root (PostgreSQL refuses to run as root). Env:
# RECKON_TEST_PG_FSYNC (off), RECKON_TEST_PG_OPTIONS (more server options, "-c shared_preload_libraries=…" say).
set -euo pipefail
command=${1:?usage: start DIR PORT [ADDRESS] | stop DIR | terminate PORT}
if [ "$command" = terminate ]; then
    exec psql -h 127.0.0.1 -p "${2:?port}" -U postgres -d postgres -Atc \
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
fi
dir=${2:?data directory}
bin=/usr/lib/postgresql/15/bin
as_owner=()
if [ "$(id -u)" -eq 0 ]; then as_owner=(runuser -u postgres --); fi
case "$command" in
start)
    port=${3:?port}
    address=${4:-127.0.0.1}
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
        "${as_owner[@]}" "$bin/initdb" -D "$dir" --auth=trust --username=postgres --encoding=UTF8 --no-locale >/dev/null
        if [ "$address" != 127.0.0.1 ]; then echo "host all all samenet trust" >>"$dir/pg_hba.conf"; fi
    fi
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 30 \
        -o "-c listen_addresses=$address -p $port -k $dir -c fsync=${RECKON_TEST_PG_FSYNC:-off} -c max_connections=500 ${RECKON_TEST_PG_OPTIONS:-}" start >/dev/null
    ;;
stop)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
    ;;
*)
    echo "usage: $0 start DIR PORT [ADDRESS] | stop DIR | terminate PORT" >&2
    exit 2
    ;;
esac
