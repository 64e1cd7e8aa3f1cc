# Helpers the bench scripts share; source it after `cd` to the repository root.

# A free TCP port on loopback.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The median of the numbers on standard input, one a line (the lower one of an even count).
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Builds the C load generator (loadgen.c) into DIR/loadgen.
build_loadgen() {
    scripts/ensure-packages.sh libzmq3-dev
    cc -O2 -pthread -o "$1/loadgen" scripts/bench/loadgen.c -lzmq
}
