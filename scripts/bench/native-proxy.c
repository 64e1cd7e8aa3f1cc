/* The native limit for one broker hop: libzmq's own zmq_proxy between a ROUTER for clients and a DEALER for
 * workers, in plain C. Used by peers.sh with native-echo workers behind it.
 *   native-proxy FRONTEND_ENDPOINT BACKEND_ENDPOINT
 */
#include <stdio.h>
#include <zmq.h>

int main(int argc, char **argv) {
    if (argc != 3) return fprintf(stderr, "usage: %s FRONTEND_ENDPOINT BACKEND_ENDPOINT\n", argv[0]), 2;
    void *context = zmq_ctx_new();
    void *frontend = zmq_socket(context, ZMQ_ROUTER);
    void *backend = zmq_socket(context, ZMQ_DEALER);
    if (zmq_bind(frontend, argv[1]) != 0 || zmq_bind(backend, argv[2]) != 0) return perror("zmq_bind"), 1;
    zmq_proxy(frontend, backend, NULL);
    return 0;
}
