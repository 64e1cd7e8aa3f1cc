#!/usr/bin/env bash
# Reckon on several hosts, on one machine: each host is a network namespace with its own address, and the hosts
# reach each other only through a switch (a bridge in a namespace of its own), so every connection crosses a real
# link that can be cut. Needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN) and the built executables.
#
#   scripts/multihost.sh up                      builds the hosts; starts PostgreSQL, two gateways and the workers
#   scripts/multihost.sh down                    stops every process in the hosts and removes them (also a crashed
#                                                run's leftovers); does nothing when there are none
#   scripts/multihost.sh status                  the hosts, their addresses and the processes running in each
#   scripts/multihost.sh cut HOST                sets HOST's link down (`ip link set eth0 down` inside it)
#   scripts/multihost.sh restore HOST            sets it up again
#   scripts/multihost.sh served HOST [SERVICE]   requests HOST's workers (or its SERVICE worker) have answered so far,
#                                                from their /metrics
#   scripts/multihost.sh kill HOST NAME          SIGKILLs executable NAME (reckon-gateway, reckon-orders …) in HOST
#                                                and waits until it is gone
#   scripts/multihost.sh start HOST NAME         starts NAME in HOST again, with the arguments `up` gave it
#   scripts/multihost.sh restart-db              stops PostgreSQL (fast shutdown) and starts it again, same data
#
# Hosts, on 10.213.47.0/24 (MULTIHOST_SUBNET sets the first three numbers):
#   (this machine's own namespace) .1   the client host, on the link rk-client
#   gw-a .11, gw-b .12                  reckon-gateway: clients on :5555, workers on :5556
#   db .20                              PostgreSQL 15 on :5432, database `reckon` (data in a temporary folder)
#   worker-1 .31, worker-2 .32          reckon-calc, reckon-orders and reckon-ledger, each registered with both
#                                       gateways (MULTIHOST_SLOTS slots per gateway, default 2); /metrics on
#                                       127.0.0.1:9101, 9102 and 9103 inside the host
# Namespaces are rk-lan (the switch) and rk-HOST. `up` ends with `client endpoints: tcp://…,tcp://…`.
# The processes take every other setting from the environment as usual (RECKON_HEARTBEAT_MS, RECKON_DEADLINE_MS …);
# orders' staff key is RECKON_STAFF_KEY_FILE, or a fresh one in the run's folder. RECKON_BIN_DIR is where the
# executables are (default .build/debug). One run per machine at a time (the tests take /tmp/reckon-multihost.lock):
# `up` first removes whatever an earlier run left.
#
# Exit status: 0 done, 1 failed, 2 usage, 3 network namespaces are not permitted here (the notice says why).
set -euo pipefail
cd "$(dirname "$0")/.."
subnet=${MULTIHOST_SUBNET:-10.213.47}
slots=${MULTIHOST_SLOTS:-2}
bin=${RECKON_BIN_DIR:-$PWD/.build/debug}
hosts=(gw-a gw-b db worker-1 worker-2)
declare -A address=([gw-a]=11 [gw-b]=12 [db]=20 [worker-1]=31 [worker-2]=32)
lan=rk-lan
# Where `up` records its temporary folder, for `down`.
current=${TMPDIR:-/tmp}/reckon-multihost.current
metrics_ports=(9101 9102 9103)

fail() {
    echo "multihost: $*" >&2
    exit 1
}

host_of() {
    [ -n "${address[$1]:-}" ] || {
        echo "multihost: no host $1 (hosts: ${hosts[*]})" >&2
        exit 2
    }
}

# Kills every process in namespace $1 and waits (up to 5 s) until none is left.
kill_namespace() {
    local pids
    for _ in $(seq 50); do
        pids=$(ip netns pids "$1" 2>/dev/null || true)
        [ -z "$pids" ] && return 0
        kill -KILL $pids 2>/dev/null || true
        sleep 0.1
    done
    echo "multihost: processes still in $1: $pids" >&2
}

down() {
    local state=
    [ -f "$current" ] && state=$(cat "$current")
    # PostgreSQL stopped cleanly first, so it leaves no shared memory behind; everything else is killed.
    if [ -n "$state" ] && [ -d "$state/pg" ] && ip netns pids rk-db >/dev/null 2>&1; then
        ip netns exec rk-db scripts/postgres-test-server.sh stop "$state/pg" 2>/dev/null || true
    fi
    for host in "${hosts[@]}"; do
        if ip netns pids "rk-$host" >/dev/null 2>&1; then
            kill_namespace "rk-$host"
            ip netns delete "rk-$host"
        fi
    done
    # Deleting the switch's namespace deletes the bridge and every link's far end, and so rk-client too.
    if ip netns pids "$lan" >/dev/null 2>&1; then ip netns delete "$lan"; fi
    # The kernel takes a deleted namespace's links away in the background: wait until the client host's is gone,
    # deleting it meanwhile (which fails harmlessly when the kernel got there first).
    for _ in $(seq 50); do
        ip link show rk-client >/dev/null 2>&1 || break
        ip link delete rk-client 2>/dev/null || true
        sleep 0.1
    done
    if ip link show rk-client >/dev/null 2>&1; then fail "rk-client is still there"; fi
    if [ -n "$state" ]; then rm -rf "$state"; fi
    rm -f "$current"
}

# Makes the switch, the client host's link and every host's namespace and link.
make_hosts() {
    local failure
    if [ -n "$(ip -4 -o addr show to "$subnet.0/24")$(ip -4 route show root "$subnet.0/24")" ]; then
        fail "$subnet.0/24 is already in use on this machine; choose another with MULTIHOST_SUBNET"
    fi
    if ! failure=$(ip netns add "$lan" 2>&1); then
        echo "multi-host test needs network namespaces: \`ip netns add\` failed here (${failure:-no reason given})." >&2
        echo "Run it as root, or with CAP_NET_ADMIN and CAP_SYS_ADMIN, on a kernel with network namespaces." >&2
        exit 3
    fi
    ip -n "$lan" link add lan type bridge
    ip -n "$lan" link set lan up
    ip link add rk-client type veth peer name client netns "$lan"
    ip -n "$lan" link set client master lan up
    ip addr add "$subnet.1/24" dev rk-client
    ip link set rk-client up
    for host in "${hosts[@]}"; do
        ip netns add "rk-$host"
        ip link add eth0 netns "rk-$host" type veth peer name "$host" netns "$lan"
        ip -n "$lan" link set "$host" master lan up
        ip -n "rk-$host" addr add "$subnet.${address[$host]}/24" dev eth0
        ip -n "rk-$host" link set eth0 up
        ip -n "rk-$host" link set lo up
    done
}

# Starts executable $2 in host $1 with the remaining arguments, its output in the run's folder (appended, so a
# restart keeps what came before); keeps the arguments there for `start`.
start_in() {
    local host=$1 name=$2
    shift 2
    printf '%q ' "$@" >"$state/$host-$name.args"
    ip netns exec "rk-$host" "$bin/$name" "$@" </dev/null >>"$state/$host-$name.log" 2>&1 &
}

# The run's folder, for the commands that act on a running set of hosts.
running_state() {
    [ -f "$current" ] || fail "no hosts are up"
    state=$(cat "$current")
}

# The ids of the processes of executable $2 in host $1.
pids_of() {
    local pid executable
    executable=$(realpath "$bin/$2")
    for pid in $(ip netns pids "rk-$1" 2>/dev/null); do
        [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$executable" ] && echo "$pid"
    done
    return 0
}

kill_process() {
    local pids
    pids=$(pids_of "$1" "$2")
    [ -n "$pids" ] || fail "no $2 runs in $1"
    kill -KILL $pids
    for _ in $(seq 50); do
        [ -z "$(pids_of "$1" "$2")" ] && return 0
        sleep 0.1
    done
    fail "$2 in $1 outlived SIGKILL"
}

start_again() {
    running_state
    [ -f "$state/$1-$2.args" ] || fail "\`up\` started no $2 in $1"
    eval "local arguments=($(cat "$state/$1-$2.args"))"
    start_in "$1" "$2" "${arguments[@]}"
}

restart_db() {
    running_state
    ip netns exec rk-db scripts/postgres-test-server.sh stop "$state/pg"
    ip netns exec rk-db scripts/postgres-test-server.sh start "$state/pg" 5432 "$subnet.${address[db]}"
}

# Waits (up to 20 s) until host $1 accepts TCP connections on $2:$3.
wait_for_port() {
    for _ in $(seq 200); do
        ip netns exec "rk-$1" bash -c "exec 3<>/dev/tcp/$2/$3" 2>/dev/null && return 0
        sleep 0.1
    done
    tail -n 5 "$state"/*.log >&2
    fail "rk-$1 cannot reach $2:$3 (the processes' logs are above and in $state)"
}

up() {
    for name in reckon-gateway reckon-calc reckon-orders reckon-ledger; do
        [ -x "$bin/$name" ] || fail "$bin/$name is missing: run \`swift build\` first (or set RECKON_BIN_DIR)"
    done
    down
    make_hosts
    state=$(mktemp -d "${TMPDIR:-/tmp}/reckon-multihost.XXXXXX")
    chmod 755 "$state"
    echo "$state" >"$current"
    local db="$subnet.${address[db]}"
    ip netns exec rk-db scripts/postgres-test-server.sh start "$state/pg" 5432 "$db"
    runuser -u postgres -- /usr/lib/postgresql/15/bin/createdb -h "$state/pg" -p 5432 reckon
    local gateways=()
    for host in gw-a gw-b; do
        local at="$subnet.${address[$host]}"
        start_in "$host" reckon-gateway --client-endpoint "tcp://$at:5555" --worker-endpoint "tcp://$at:5556"
        gateways+=("tcp://$at:5556")
    done
    local staff=${RECKON_STAFF_KEY_FILE:-$state/staff-key}
    [ -f "$staff" ] || (umask 077 && od -An -tx1 -N24 /dev/urandom | tr -d ' \n' >"$staff")
    local common=(--gateway "$(IFS=,; echo "${gateways[*]}")" --slots "$slots")
    for host in worker-1 worker-2; do
        start_in "$host" reckon-calc "${common[@]}" --metrics-port "${metrics_ports[0]}"
        start_in "$host" reckon-orders "${common[@]}" --metrics-port "${metrics_ports[1]}" \
            --database "postgres://postgres@$db:5432/reckon" --staff-key-file "$staff"
        start_in "$host" reckon-ledger "${common[@]}" --metrics-port "${metrics_ports[2]}" \
            --database "postgres://postgres@$db:5432/reckon"
    done
    # Every host reaches the others through the switch; the workers reach both gateways and the database.
    for host in worker-1 worker-2; do
        wait_for_port "$host" "$db" 5432
        for host_gateway in gw-a gw-b; do wait_for_port "$host" "$subnet.${address[$host_gateway]}" 5556; done
    done
    echo "hosts up on $subnet.0/24; logs and PostgreSQL's data in $state; orders' staff key in $staff"
    echo "client endpoints: tcp://$subnet.${address[gw-a]}:5555,tcp://$subnet.${address[gw-b]}:5555"
}

status() {
    [ -f "$current" ] && echo "run folder: $(cat "$current")"
    ip -br addr show rk-client 2>/dev/null || echo "no client link"
    for host in "${hosts[@]}"; do
        if ! ip netns pids "rk-$host" >/dev/null 2>&1; then
            echo "$host: down"
            continue
        fi
        echo "$host: $(ip -n "rk-$host" -br addr show eth0)"
        for pid in $(ip netns pids "rk-$host"); do ps -o pid=,args= -p "$pid" || true; done
    done
}

# Sums worker_requests_total over the /metrics of HOST's workers, or of its worker of SERVICE.
served() {
    local total=0 count ports=("${metrics_ports[@]}")
    case "${2:-}" in
    "") ;;
    calc) ports=("${metrics_ports[0]}") ;;
    orders) ports=("${metrics_ports[1]}") ;;
    ledger) ports=("${metrics_ports[2]}") ;;
    *)
        echo "multihost: no service $2 (calc, orders, ledger)" >&2
        exit 2
        ;;
    esac
    for port in "${ports[@]}"; do
        count=$({ ip netns exec "rk-$1" timeout 5 bash -c '
            exec 3<>/dev/tcp/127.0.0.1/'"$port"'
            printf "GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" >&3
            cat <&3' || true; } | awk '/^worker_requests_total/ { sum += $NF } END { print sum + 0 }')
        total=$((total + count))
    done
    echo "$total"
}

case "${1:-}" in
up) up ;;
down) down ;;
status) status ;;
cut | restore)
    host_of "${2:-}"
    ip -n "rk-$2" link set eth0 "$([ "$1" = cut ] && echo down || echo up)"
    ;;
served)
    host_of "${2:-}"
    served "$2" "${3:-}"
    ;;
kill | start)
    host_of "${2:-}"
    [ -n "${3:-}" ] || fail "which executable? (reckon-gateway, reckon-calc, reckon-orders, reckon-ledger)"
    if [ "$1" = kill ]; then kill_process "$2" "$3"; else start_again "$2" "$3"; fi
    ;;
restart-db) restart_db ;;
*)
    echo "usage: $0 up | down | status | cut HOST | restore HOST | served HOST [SERVICE] | kill HOST NAME |" \
        "start HOST NAME | restart-db" >&2
    exit 2
    ;;
esac
