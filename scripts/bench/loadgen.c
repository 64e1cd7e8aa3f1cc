/* The one closed-loop load generator the bench scripts drive every system with. Each client is a thread with its
 * own DEALER socket: it sends a request, waits for the reply, and repeats. 200 warm-up requests per client go
 * unmeasured; then every right answer's round trip is timed. Prints one line of JSON:
 *   {"clients":N,"requests":MEASURED,"seconds":S,"rps":R,"p50_us":..,"p90_us":..,"p99_us":..,"errors":E}
 *   loadgen MODE ENDPOINT CLIENTS REQUESTS_PER_CLIENT [SERVICE BODY [EXPECT]]
 * MODE is what the client speaks, always behind an empty delimiter frame:
 *   raw        ["", BODY], answered ["", BODY]: zmq_proxy with echo workers.
 *   mdp        MDP/0.2 (RFC 18): REQUEST ["", "MDPC02", 0x01, SERVICE, BODY], answered by PARTIALs (0x02) and one
 *              FINAL ["", "MDPC02", 0x03, SERVICE, BODY].
 *   majortomo  what majortomo 0.2.0 speaks instead: REQUEST is 0x02, PARTIAL 0x03, FINAL 0x04 and replies carry
 *              no SERVICE frame: FINAL ["", "MDPC02", 0x04, BODY].
 * A reply is right when its BODY holds EXPECT; without EXPECT, in mdp mode, when it holds "ok":true (Reckon's
 * success; its errors are {"error":{...},"ok":false}). So calc evaluate 1+1 is checked with EXPECT "value":"2", and
 * an echo worker behind Reckon's gateway (mdp-echo.c) with EXPECT the request's BODY. In raw and majortomo mode the
 * workers echo, so the BODY must also equal the request's. An error is a reply of any other shape or BODY (not
 * timed), or none within 5 s, after which that client stops. Warm-up errors count too. Any error, or fewer right
 * answers than requests, fails the run: the report is still printed, a line on standard error says why, and the
 * exit status is 1.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "timing.h"

enum { warmup = 200, timeout_ms = 5000, max_frames = 6 };
enum mode { raw, mdp, majortomo };
enum outcome { answered, wrong, partial, timed_out };

static struct {
    enum mode mode;
    const char *endpoint, *service, *body, *expect;
    int requests;
    atomic_bool shown;  // whether the first wrong reply has been shown on standard error
    void *context;
    pthread_barrier_t warm;
} run;

struct client {
    pthread_t thread;
    double *latencies;
    int measured, wrong, timeouts;
};

static double percentile(const double *sorted, int count, int p) {
    return count ? sorted[(size_t)count * p / 100] : 0;
}

static bool is(zmq_msg_t *frame, const char *bytes, size_t size) {
    return zmq_msg_size(frame) == size && memcmp(zmq_msg_data(frame), bytes, size) == 0;
}

/* Whether a reply's BODY is right: it holds EXPECT and, from an echo worker, equals the request's. */
static bool right_body(zmq_msg_t *body, bool echoed) {
    return memmem(zmq_msg_data(body), zmq_msg_size(body), run.expect, strlen(run.expect)) &&
           (!echoed || is(body, run.body, strlen(run.body)));
}

static void send_request(void *socket) {
    static const char *const commands[] = {[mdp] = "\x01", [majortomo] = "\x02"};
    zmq_send(socket, "", 0, ZMQ_SNDMORE);
    if (run.mode != raw) {
        zmq_send(socket, "MDPC02", 6, ZMQ_SNDMORE);
        zmq_send(socket, commands[run.mode], 1, ZMQ_SNDMORE);
        zmq_send(socket, run.service, strlen(run.service), ZMQ_SNDMORE);
    }
    zmq_send(socket, run.body, strlen(run.body), 0);
}

/* Judges one reply's frames: the right FINAL (or raw echo), a PARTIAL to skip, or wrong. */
static enum outcome judge(zmq_msg_t *frames, int count) {
    if (count < 2 || !is(&frames[0], "", 0)) return wrong;
    if (run.mode == raw) return count == 2 && right_body(&frames[1], true) ? answered : wrong;
    if (count < 4 || !is(&frames[1], "MDPC02", 6)) return wrong;
    if (run.mode == mdp) {
        if (is(&frames[2], "\x02", 1)) return partial;
        return count == 5 && is(&frames[2], "\x03", 1) && is(&frames[3], run.service, strlen(run.service)) &&
                       right_body(&frames[4], false)
                   ? answered
                   : wrong;
    }
    if (is(&frames[2], "\x03", 1)) return partial;
    return count == 4 && is(&frames[2], "\x04", 1) && right_body(&frames[3], true) ? answered : wrong;
}

/* Shows the first wrong reply of the run (its last frame, cut at 300 bytes) on standard error. */
static void show_wrong(zmq_msg_t *frames, int count) {
    if (atomic_exchange(&run.shown, true)) return;
    zmq_msg_t *last = &frames[count - 1];
    int size = zmq_msg_size(last) < 300 ? (int)zmq_msg_size(last) : 300;
    fprintf(stderr, "loadgen: a wrong reply of %d frames, the last: %.*s\n", count, size, (char *)zmq_msg_data(last));
}

static enum outcome receive_reply(void *socket) {
    zmq_pollitem_t item = {socket, 0, ZMQ_POLLIN, 0};
    if (zmq_poll(&item, 1, timeout_ms) <= 0) return timed_out;
    zmq_msg_t frames[max_frames];
    int count = 0;
    for (bool more = true; more; count++) {  // frames past max_frames are read into spare and dropped
        zmq_msg_t spare, *frame = count < max_frames ? &frames[count] : &spare;
        zmq_msg_init(frame);
        zmq_msg_recv(frame, socket, 0);
        more = zmq_msg_more(frame);
        if (frame == &spare) zmq_msg_close(frame);
    }
    enum outcome outcome = count <= max_frames ? judge(frames, count) : wrong;
    if (outcome == wrong) show_wrong(frames, count < max_frames ? count : max_frames);
    for (int i = 0; i < count && i < max_frames; i++) zmq_msg_close(&frames[i]);
    return outcome;
}

/* One request and its reply, timed when measured and right; false when no reply came in time. */
static bool call(void *socket, struct client *client, bool measured) {
    double started = now_us();
    send_request(socket);
    enum outcome outcome;
    while ((outcome = receive_reply(socket)) == partial) {}
    if (outcome == timed_out) return client->timeouts++, false;
    if (outcome == wrong) client->wrong++;
    else if (measured) client->latencies[client->measured++] = now_us() - started;
    return true;
}

static void *client_main(void *argument) {
    struct client *client = argument;
    void *socket = zmq_socket(run.context, ZMQ_DEALER);
    int linger = 0;
    zmq_setsockopt(socket, ZMQ_LINGER, &linger, sizeof linger);
    bool alive = zmq_connect(socket, run.endpoint) == 0;
    for (int i = 0; i < warmup && alive; i++) alive = call(socket, client, false);
    pthread_barrier_wait(&run.warm);
    for (int i = 0; i < run.requests && alive; i++) alive = call(socket, client, true);
    zmq_close(socket);
    return NULL;
}

int main(int argc, char **argv) {
    static const char *const modes[] = {[raw] = "raw", [mdp] = "mdp", [majortomo] = "majortomo"};
    int mode = 0;
    while (argc > 1 && mode <= majortomo && strcmp(argv[1], modes[mode]) != 0) mode++;
    int clients = argc > 3 ? atoi(argv[3]) : 0;
    run.requests = argc > 4 ? atoi(argv[4]) : 0;
    if ((argc != 5 && argc != 7 && argc != 8) || mode > majortomo || clients < 1 || run.requests < 1)
        return fprintf(stderr,
                       "usage: %s raw|mdp|majortomo ENDPOINT CLIENTS REQUESTS_PER_CLIENT [SERVICE BODY [EXPECT]]\n",
                       argv[0]),
               2;
    run.mode = mode;
    run.endpoint = argv[2];
    run.service = argc >= 7 ? argv[5] : "calc";
    run.body = argc >= 7 ? argv[6] : "{\"op\":\"evaluate\",\"args\":{\"expression\":\"1+1\"}}";
    run.expect = argc == 8 ? argv[7] : mode == mdp ? "\"ok\":true" : "";
    run.context = zmq_ctx_new();
    pthread_barrier_init(&run.warm, NULL, clients + 1);

    struct client *all = calloc(clients, sizeof *all);
    for (int i = 0; i < clients; i++) {
        all[i].latencies = malloc(run.requests * sizeof(double));
        pthread_create(&all[i].thread, NULL, client_main, &all[i]);
    }
    pthread_barrier_wait(&run.warm);
    double started = now_us();
    for (int i = 0; i < clients; i++) pthread_join(all[i].thread, NULL);
    double seconds = (now_us() - started) / 1e6;

    double *latencies = malloc((size_t)clients * run.requests * sizeof(double));
    int total = 0, wrong_replies = 0, timeouts = 0;
    for (int i = 0; i < clients; i++) {
        memcpy(latencies + total, all[i].latencies, all[i].measured * sizeof(double));
        total += all[i].measured;
        wrong_replies += all[i].wrong;
        timeouts += all[i].timeouts;
    }
    int errors = wrong_replies + timeouts;
    qsort(latencies, total, sizeof(double), compare_doubles);
    printf("{\"clients\":%d,\"requests\":%d,\"seconds\":%.3f,\"rps\":%.0f,\"p50_us\":%.1f,\"p90_us\":%.1f,"
           "\"p99_us\":%.1f,\"errors\":%d}\n",
           clients, total, seconds, total / seconds, percentile(latencies, total, 50),
           percentile(latencies, total, 90), percentile(latencies, total, 99), errors);
    if (errors == 0 && total == clients * run.requests) return 0;
    fprintf(stderr, "loadgen: %d of %d measured requests answered right; %d wrong replies and %d timeouts of %d s "
                    "(each ends its client), warm-up included: this run is no figure\n",
            total, clients * run.requests, wrong_replies, timeouts, timeout_ms / 1000);
    return 1;
}
