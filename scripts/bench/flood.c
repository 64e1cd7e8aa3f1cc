/* Sends MDP/0.2 client REQUESTs and never reads a reply: memory.sh's flood. One DEALER sends COUNT requests for
 * SERVICE with BODY, at RATE per second (0: as fast as the gateway takes them; sends block when its queue is
 * full, so nothing is lost on this side), then keeps the socket open for LINGER_S seconds so the replies pile up
 * at the gateway instead of being discarded with the connection. Prints one line of JSON:
 *   {"sent":N,"seconds":S}
 *   flood ENDPOINT SERVICE BODY COUNT RATE LINGER_S
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "timing.h"

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: flood ENDPOINT SERVICE BODY COUNT RATE LINGER_S\n");
        return 2;
    }
    const char *endpoint = argv[1], *service = argv[2], *body = argv[3];
    long count = atol(argv[4]);
    double rate = atof(argv[5]);
    int linger_s = atoi(argv[6]);
    void *context = zmq_ctx_new();
    void *socket = zmq_socket(context, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(socket, ZMQ_LINGER, &zero, sizeof zero);
    if (zmq_connect(socket, endpoint) != 0) {
        fprintf(stderr, "connect %s: %s\n", endpoint, zmq_strerror(zmq_errno()));
        return 1;
    }
    double started = now_us() / 1e6;
    long sent = 0;
    for (; sent < count; sent++) {
        if (rate > 0) {
            double due = started + sent / rate, wait = due - now_us() / 1e6;
            if (wait > 0) usleep((useconds_t)(wait * 1e6));
        }
        zmq_send(socket, "", 0, ZMQ_SNDMORE);
        zmq_send(socket, "MDPC02", 6, ZMQ_SNDMORE);
        zmq_send(socket, "\x01", 1, ZMQ_SNDMORE);
        zmq_send(socket, service, strlen(service), ZMQ_SNDMORE);
        if (zmq_send(socket, body, strlen(body), 0) < 0) break;
    }
    double seconds = now_us() / 1e6 - started;
    printf("{\"sent\":%ld,\"seconds\":%.3f}\n", sent, seconds);
    fflush(stdout);
    sleep(linger_s);
    zmq_close(socket);
    zmq_ctx_term(context);
    return 0;
}
