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

enum { max_frames = 4 };

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

static bool is(zmq_msg_t *frame, const char *bytes) {
    return zmq_msg_size(frame) == strlen(bytes) && memcmp(zmq_msg_data(frame), bytes, strlen(bytes)) == 0;
}

static bool holds(zmq_msg_t *frame, const char *text) {
    return memmem(zmq_msg_data(frame), zmq_msg_size(frame), text, strlen(text)) != NULL;
}

/* Reads whole replies until none comes for `timeout_ms`; returns how many, and counts in `wrong` those that are not
 * a FINAL [MDPC02, 0x03, SERVICE, BODY] whose BODY holds one of `texts` (ended by NULL), showing the first. */
static long drain(void *socket, int timeout_ms, const char *service, const char *const *texts, long *wrong) {
    zmq_setsockopt(socket, ZMQ_RCVTIMEO, &timeout_ms, sizeof timeout_ms);
    for (long replies = 0;; replies++) {
        zmq_msg_t frames[max_frames];
        int count = 0;
        for (bool more = true; more; count++) {  // frames past max_frames are read into spare and dropped
            zmq_msg_t spare, *frame = count < max_frames ? &frames[count] : &spare;
            zmq_msg_init(frame);
            if (zmq_msg_recv(frame, socket, 0) < 0) return zmq_msg_close(frame), replies;
            more = zmq_msg_more(frame);
            if (frame == &spare) zmq_msg_close(frame);
        }
        bool right = count == max_frames && is(&frames[0], "MDPC02") && is(&frames[1], "\x03") &&
                     is(&frames[2], service);
        const char *const *text = texts;
        while (right && *text && !holds(&frames[3], *text)) text++;
        zmq_msg_t *last = &frames[(count < max_frames ? count : max_frames) - 1];
        if ((!right || !*text) && (*wrong)++ == 0)
            fprintf(stderr, "reused-id: a wrong reply of %d frames, the last: %.*s\n", count,
                    (int)(zmq_msg_size(last) < 300 ? zmq_msg_size(last) : 300), (char *)zmq_msg_data(last));
        for (int i = 0; i < count && i < max_frames; i++) zmq_msg_close(&frames[i]);
    }
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
    if (drain(first, 2000, "gateway", (const char *const[]){"\"ok\":true", NULL}, &wrong) != 1 || wrong) {
        fprintf(stderr, "reused-id: the first DEALER got no healthy reply\n");
        return 1;
    }
    void *second = dealer(context, endpoint);
    for (long sent = 0; sent < count; sent++) send_request(second, service, body, size);
    const char *const refusals[] = {"\"code\":\"unavailable\"", "\"code\":\"unknown_service\"", NULL};
    long answered = drain(second, 5000, service, refusals, &wrong);
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
