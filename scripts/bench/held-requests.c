// Fills the gateway's request table with small requests held by workers that never answer, lets them all go, and
// prints the gateway's VmRSS before, while held, and 2, 5 and 10 s after (scripts/bench/held-requests.sh), with how
// many requests the workers took and how many the gateway refused. Every message is checked: a worker may get only
// REQUESTs and HEARTBEATs, the client only `resource_exhausted` (the byte budget full); anything else, or no request
// held at all, fails the run (exit 1, the reason on standard error).
//   held-requests CLIENT_ENDPOINT WORKER_ENDPOINT GATEWAY_PID WORKERS REQUESTS
#define _GNU_SOURCE
#include <zmq.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
enum { max_workers = 256, max_frames = 5 };
static long held, refused;
static long rss(const char *pid) {
    char path[64], line[256]; snprintf(path, sizeof path, "/proc/%s/status", pid);
    FILE *f = fopen(path, "r"); long kb = -1;
    while (f && fgets(line, sizeof line, f)) if (!strncmp(line, "VmRSS:", 6)) kb = atol(line + 6);
    if (f) fclose(f); return kb;
}
static void sendv(void *s, const char **frames, const int *sizes, int n) {
    for (int i = 0; i < n; i++) zmq_send(s, frames[i], sizes[i], i < n - 1 ? ZMQ_SNDMORE : 0);
}
static bool is(zmq_msg_t *m, const char *bytes, size_t size) {
    return zmq_msg_size(m) == size && !memcmp(zmq_msg_data(m), bytes, size);
}
// Ends the run when a message a worker or the client got (its frames, `n` of them) is not one it may get.
static void expect(bool right, const char *who, zmq_msg_t *f, int n) {
    if (right) return;
    zmq_msg_t *last = &f[(n < max_frames ? n : max_frames) - 1];
    int size = zmq_msg_size(last) < 300 ? zmq_msg_size(last) : 300;
    fprintf(stderr, "held-requests: the %s got a message it should not, %d frames, the last: %.*s\n", who, n, size,
            (char *)zmq_msg_data(last));
    exit(1);
}
// Reads every message waiting on `s` and checks it: a worker's (`worker`) must be a REQUEST, counted in `held`, or a
// HEARTBEAT; the client's a FINAL with `resource_exhausted`, counted in `refused`.
static void drain(void *s, bool worker) {
    for (;;) {
        zmq_msg_t f[max_frames]; int n = 0;
        for (bool more = true; more; n++) {  // frames past max_frames are read into spare and dropped
            zmq_msg_t spare, *m = n < max_frames ? &f[n] : &spare; zmq_msg_init(m);
            if (zmq_msg_recv(m, s, n ? 0 : ZMQ_DONTWAIT) < 0) { zmq_msg_close(m); return; }
            more = zmq_msg_more(m); if (m == &spare) zmq_msg_close(m);
        }
        if (worker) {
            bool request = n == 5 && is(&f[0], "MDPW02", 6) && is(&f[1], "\x02", 1);
            expect(request || (n == 2 && is(&f[0], "MDPW02", 6) && is(&f[1], "\x05", 1)), "worker", f, n);
            held += request;
        } else {
            const char *code = "\"code\":\"resource_exhausted\"";
            expect(n == 4 && is(&f[0], "MDPC02", 6) && is(&f[1], "\x03", 1) && is(&f[2], "calc", 4) &&
                       memmem(zmq_msg_data(&f[3]), zmq_msg_size(&f[3]), code, strlen(code)),
                   "client", f, n);
            refused++;
        }
        for (int i = 0; i < n && i < max_frames; i++) zmq_msg_close(&f[i]);
    }
}
// Checks what the workers and the client got, and has every worker send a HEARTBEAT, so none is taken for dead.
static void tend(void **w, int workers, void *c) {
    const char *h[] = {"MDPW02", "\x05"}; int hs[] = {6, 1};
    for (int i = 0; i < workers; i++) { drain(w[i], true); sendv(w[i], h, hs, 2); }
    drain(c, false);
}
int main(int argc, char **argv) {
    int workers = argc == 6 ? atoi(argv[4]) : 0, requests = argc == 6 ? atoi(argv[5]) : 0;
    if (workers < 1 || workers > max_workers || requests < 1) {
        fprintf(stderr, "usage: held-requests CLIENT_ENDPOINT WORKER_ENDPOINT GATEWAY_PID WORKERS(1-%d) REQUESTS\n",
                max_workers);
        return 2;
    }
    const char *client = argv[1], *worker = argv[2], *pid = argv[3];
    void *ctx = zmq_ctx_new(); void *w[max_workers];
    printf("before %ld KiB\n", rss(pid));
    for (int i = 0; i < workers; i++) {
        w[i] = zmq_socket(ctx, ZMQ_DEALER); int zero = 0; zmq_setsockopt(w[i], ZMQ_LINGER, &zero, sizeof zero);
        zmq_connect(w[i], worker);
        const char *f[] = {"MDPW02", "\x01", "calc", "1024"}; int s[] = {6, 1, 4, 4}; sendv(w[i], f, s, 4);
    }
    sleep(1);
    void *c = zmq_socket(ctx, ZMQ_DEALER); int hwm = 0; zmq_setsockopt(c, ZMQ_SNDHWM, &hwm, sizeof hwm);
    zmq_connect(c, client);
    const char *body = "{\"op\":\"evaluate\"}";
    for (int r = 0; r < requests; r++) {
        const char *f[] = {"MDPC02", "\x01", "calc", body}; int s[] = {6, 1, 4, (int)strlen(body)}; sendv(c, f, s, 4);
        if (r % 1000 == 999) tend(w, workers, c);
    }
    for (int t = 0; t < 6; t++) { usleep(500000); tend(w, workers, c); }
    printf("held %ld KiB (%ld requests held by the workers, %ld refused)\n", rss(pid), held, refused);
    if (!held) return fprintf(stderr, "held-requests: no worker got a request\n"), 1;
    for (int i = 0; i < workers; i++) { const char *d[] = {"MDPW02", "\x06"}; int ds[] = {6, 1}; sendv(w[i], d, ds, 2); zmq_close(w[i]); }
    zmq_close(c);
    for (int t = 1; t <= 10; t++) { sleep(1); if (t == 2 || t == 5 || t == 10) printf("after %d s %ld KiB\n", t, rss(pid)); }
    zmq_ctx_term(ctx); return 0;
}
