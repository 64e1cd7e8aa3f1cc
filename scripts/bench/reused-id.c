/* The routing-id reuse flood: a first DEALER takes routing id "dup" and stays connected; a second DEALER with the
 * same id sends COUNT MDP/0.2 REQUESTs for SERVICE, each with a body of SIZE bytes, then both close. Prints one
 * line of JSON: how many of the second DEALER's requests were answered within 5 s of the last send.
 *   {"sent":N,"answered":A}
 *   reused-id ENDPOINT SERVICE COUNT SIZE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

static void *dealer(void *context, const char *endpoint) {
    void *socket = zmq_socket(context, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(socket, ZMQ_LINGER, &zero, sizeof zero);
    zmq_setsockopt(socket, ZMQ_ROUTING_ID, "dup", 3);
    zmq_connect(socket, endpoint);
    return socket;
}

static void send_request(void *socket, const char *service, const char *body, size_t size) {
    zmq_send(socket, "MDPC02", 6, ZMQ_SNDMORE);
    zmq_send(socket, "\x01", 1, ZMQ_SNDMORE);
    zmq_send(socket, service, strlen(service), ZMQ_SNDMORE);
    zmq_send(socket, body, size, 0);
}

/* Reads whole messages until none comes for `timeout_ms`; returns how many. */
static long drain(void *socket, int timeout_ms) {
    long messages = 0;
    zmq_setsockopt(socket, ZMQ_RCVTIMEO, &timeout_ms, sizeof timeout_ms);
    zmq_msg_t frame;
    zmq_msg_init(&frame);
    while (zmq_msg_recv(&frame, socket, 0) >= 0) {
        if (!zmq_msg_more(&frame)) messages++;
    }
    zmq_msg_close(&frame);
    return messages;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: reused-id ENDPOINT SERVICE COUNT SIZE\n");
        return 2;
    }
    const char *endpoint = argv[1], *service = argv[2];
    long count = atol(argv[3]);
    size_t size = (size_t)atol(argv[4]);
    char *body = malloc(size);
    memset(body, 'x', size);
    memcpy(body, "{\"op\":\"x\",\"pad\":\"", 17);
    memcpy(body + size - 2, "\"}", 2);
    void *context = zmq_ctx_new();
    void *first = dealer(context, endpoint);
    const char *health = "{\"op\":\"health\"}";
    send_request(first, "gateway", health, strlen(health));
    if (drain(first, 2000) != 1) {
        fprintf(stderr, "the first DEALER got no reply\n");
        return 1;
    }
    void *second = dealer(context, endpoint);
    for (long sent = 0; sent < count; sent++) send_request(second, service, body, size);
    long answered = drain(second, 5000);
    printf("{\"sent\":%ld,\"answered\":%ld}\n", count, answered);
    zmq_close(first);
    zmq_close(second);
    zmq_ctx_term(context);
    free(body);
    return 0;
}
