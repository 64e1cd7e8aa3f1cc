/* A plain C REP worker for native-proxy: it connects to the proxy's backend and sends every message back
 * unchanged, all frames included.
 *   native-echo BACKEND_ENDPOINT
 */
#include <stdio.h>
#include <zmq.h>

int main(int argc, char **argv) {
    if (argc != 2) return fprintf(stderr, "usage: %s BACKEND_ENDPOINT\n", argv[0]), 2;
    void *context = zmq_ctx_new();
    void *rep = zmq_socket(context, ZMQ_REP);
    if (zmq_connect(rep, argv[1]) != 0) return perror("zmq_connect"), 1;
    for (;;) {
        zmq_msg_t frame;
        int more;
        do {
            zmq_msg_init(&frame);
            if (zmq_msg_recv(&frame, rep, 0) < 0) return 0;
            more = zmq_msg_more(&frame);
            zmq_msg_send(&frame, rep, more ? ZMQ_SNDMORE : 0);
        } while (more);
    }
}
