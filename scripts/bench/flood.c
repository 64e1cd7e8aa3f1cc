/* Sends MDP/0.2 client REQUESTs and reads no reply while it floods: memory.sh's flood. One DEALER sends COUNT
 * requests for SERVICE with BODY, at RATE per second (0: as fast as the gateway takes them; sends block when its
 * queue is full, so nothing is lost on this side), then keeps the socket open for LINGER_S seconds so the replies
 * pile up at the gateway instead of being discarded with the connection. Only then does it read the replies that
 * reached it (the gateway drops those past its queue limit), until none comes for 1 s: each must be a FINAL whose
 * body holds one of the EXPECTs. Prints one line of JSON (WRONG: the replies read that were not):
 *   {"sent":N,"seconds":S,"read":R,"wrong":WRONG}
 *   flood ENDPOINT SERVICE BODY COUNT RATE LINGER_S EXPECT...
 * A send that fails, no reply at all, or any other reply fails the run: the report is still printed, a line on
 * standard error says why, and the exit status is 1.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "replies.h"
#include "timing.h"

enum { drain_timeout_ms = 1000 };

static bool send_frame(void *socket, const char *bytes, size_t size, int flags) {
    if (zmq_send(socket, bytes, size, flags) == (int)size) return true;
    fprintf(stderr, "flood: a send failed: %s\n", zmq_strerror(zmq_errno()));
    return false;
}

int main(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr, "usage: flood ENDPOINT SERVICE BODY COUNT RATE LINGER_S EXPECT...\n");
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
        if (!send_frame(socket, "", 0, ZMQ_SNDMORE) || !send_frame(socket, "MDPC02", 6, ZMQ_SNDMORE) ||
            !send_frame(socket, "\x01", 1, ZMQ_SNDMORE) || !send_frame(socket, service, strlen(service), ZMQ_SNDMORE) ||
            !send_frame(socket, body, strlen(body), 0))
            break;
    }
    double seconds = now_us() / 1e6 - started;
    sleep(linger_s);
    // argv ends with NULL, so the EXPECTs are a NULL-ended list as they stand.
    long wrong = 0, replies = drain_finals(socket, drain_timeout_ms, true, service, (const char *const *)argv + 7,
                                           "flood", &wrong);
    printf("{\"sent\":%ld,\"seconds\":%.3f,\"read\":%ld,\"wrong\":%ld}\n", sent, seconds, replies, wrong);
    zmq_close(socket);
    zmq_ctx_term(context);
    if (sent == count && replies > 0 && wrong == 0) return 0;
    fprintf(stderr, "flood: %ld of %ld requests sent; %ld replies read, %ld of them wrong: this run is no figure\n",
            sent, count, replies, wrong);
    return 1;
}
