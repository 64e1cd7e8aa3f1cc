/* The routing-id reuse flood: a first DEALER takes routing id "dup" and asks the gateway's health (the answer must
 * hold "ok":true); a second DEALER with the same id sends COUNT MDP/0.2 REQUESTs for SERVICE, each with a body of
 * SIZE bytes, then both close. Prints one line of JSON: how many of the second DEALER's requests were answered within
 * 5 s of the last send.
 *   {"sent":N,"answered":A}
 *   reused-id ENDPOINT SERVICE COUNT SIZE
 * SERVICE is one no worker serves, so each answer must be a FINAL with the error a gateway gives such a request:
 * `unavailable` in its first heartbeat expiry (3 s at the defaults), `unknown_service` after. Any other answer, or
 * fewer answers than requests, fails the run: the report is still printed, a line on standard error says why, and
 * the exit status is 1.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "replies.h"

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

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: reused-id ENDPOINT SERVICE COUNT SIZE\n");
        return 2;
    }
    const char *endpoint = argv[1], *service = argv[2];
    long count = atol(argv[3]), wrong = 0;
    size_t size = (size_t)atol(argv[4]);
    char *body = malloc(size);
    memset(body, 'x', size);
    memcpy(body, "{\"op\":\"x\",\"pad\":\"", 17);
    memcpy(body + size - 2, "\"}", 2);
    void *context = zmq_ctx_new();
    void *first = dealer(context, endpoint);
    const char *health = "{\"op\":\"health\"}";
    send_request(first, "gateway", health, strlen(health));
    const char *const healthy[] = {"\"ok\":true", NULL};
    if (drain_finals(first, 2000, false, "gateway", healthy, "reused-id", &wrong) != 1 || wrong) {
        fprintf(stderr, "reused-id: the first DEALER got no healthy reply\n");
        return 1;
    }
    void *second = dealer(context, endpoint);
    for (long sent = 0; sent < count; sent++) send_request(second, service, body, size);
    const char *const refusals[] = {"\"code\":\"unavailable\"", "\"code\":\"unknown_service\"", NULL};
    long answered = drain_finals(second, 5000, false, service, refusals, "reused-id", &wrong);
    printf("{\"sent\":%ld,\"answered\":%ld}\n", count, answered);
    zmq_close(first);
    zmq_close(second);
    zmq_ctx_term(context);
    free(body);
    if (answered == count && wrong == 0) return 0;
    fprintf(stderr, "reused-id: %ld of %ld requests answered, %ld of the answers wrong: this run is no figure\n",
            answered, count, wrong);
    return 1;
}
