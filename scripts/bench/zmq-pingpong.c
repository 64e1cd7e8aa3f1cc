/* The floor for any ZeroMQ hop on this machine: a DEALER sends 5 bytes to a ROUTER that echoes them, one at a
 * time, in plain C. Prints the p50 and p99 round trip over 20,000 round trips after 2,000 warm-up ones. Every
 * reply must be those 5 bytes within 5 s: any other, none, or a send that fails ends the run with exit status 1.
 *   zmq-pingpong ENDPOINT server   # the echoing ROUTER
 *   zmq-pingpong ENDPOINT          # the measuring DEALER
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "timing.h"

enum { warmup = 2000, measured = 20000, timeout_ms = 5000 };

static int echo(void *context, const char *endpoint) {
    void *router = zmq_socket(context, ZMQ_ROUTER);
    if (zmq_bind(router, endpoint) != 0) return perror("zmq_bind"), 1;
    for (;;) {
        zmq_msg_t identity, body;
        zmq_msg_init(&identity);
        zmq_msg_init(&body);
        if (zmq_msg_recv(&identity, router, 0) < 0 || zmq_msg_recv(&body, router, 0) < 0) return 0;
        zmq_msg_send(&identity, router, ZMQ_SNDMORE);
        zmq_msg_send(&body, router, 0);
    }
}

static int measure(void *context, const char *endpoint) {
    void *dealer = zmq_socket(context, ZMQ_DEALER);
    if (zmq_connect(dealer, endpoint) != 0) return perror("zmq_connect"), 1;
    int timeout = timeout_ms;
    zmq_setsockopt(dealer, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    double *latencies = malloc(measured * sizeof(double));
    char buffer[16];
    for (int i = 0; i < warmup + measured; i++) {
        double started = now_us();
        if (zmq_send(dealer, "hello", 5, 0) != 5) return perror("zmq_send"), 1;
        int size = zmq_recv(dealer, buffer, sizeof buffer, 0);
        if (size < 0) return fprintf(stderr, "zmq-pingpong: round trip %d: %s\n", i, zmq_strerror(zmq_errno())), 1;
        if (size != 5 || memcmp(buffer, "hello", 5) != 0)
            return fprintf(stderr, "zmq-pingpong: round trip %d got %d bytes back, not \"hello\"\n", i, size), 1;
        if (i >= warmup) latencies[i - warmup] = now_us() - started;
    }
    qsort(latencies, measured, sizeof(double), compare_doubles);
    printf("p50 %.1f us  p99 %.1f us\n", latencies[measured / 2], latencies[measured * 99 / 100]);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return fprintf(stderr, "usage: %s ENDPOINT [server]\n", argv[0]), 2;
    void *context = zmq_ctx_new();
    return argc > 2 ? echo(context, argv[1]) : measure(context, argv[1]);
}
