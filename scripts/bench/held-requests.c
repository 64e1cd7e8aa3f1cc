// Fills the gateway's request table with small requests held by workers that never answer, lets them all go, and
// prints the gateway's VmRSS before, while held, and 2, 5 and 10 s after (scripts/bench/held-requests.sh).
//   held CLIENT_ENDPOINT WORKER_ENDPOINT GATEWAY_PID WORKERS REQUESTS
#include <zmq.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static long rss(const char *pid) {
    char path[64], line[256]; snprintf(path, sizeof path, "/proc/%s/status", pid);
    FILE *f = fopen(path, "r"); long kb = -1;
    while (f && fgets(line, sizeof line, f)) if (!strncmp(line, "VmRSS:", 6)) kb = atol(line + 6);
    if (f) fclose(f); return kb;
}
static void sendv(void *s, const char **frames, const int *sizes, int n) {
    for (int i = 0; i < n; i++) zmq_send(s, frames[i], sizes[i], i < n - 1 ? ZMQ_SNDMORE : 0);
}
static void drain(void *s) { zmq_msg_t m; zmq_msg_init(&m); while (zmq_msg_recv(&m, s, ZMQ_DONTWAIT) >= 0) {} zmq_msg_close(&m); }
int main(int argc, char **argv) {
    const char *client = argv[1], *worker = argv[2], *pid = argv[3]; int workers = atoi(argv[4]), requests = atoi(argv[5]);
    void *ctx = zmq_ctx_new(); void *w[256];
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
        if (r % 1000 == 999) { for (int i = 0; i < workers; i++) { drain(w[i]); const char *h[] = {"MDPW02", "\x05"}; int hs[] = {6, 1}; sendv(w[i], h, hs, 2); } drain(c); }
    }
    for (int t = 0; t < 6; t++) { usleep(500000); for (int i = 0; i < workers; i++) { drain(w[i]); const char *h[] = {"MDPW02", "\x05"}; int hs[] = {6, 1}; sendv(w[i], h, hs, 2); } drain(c); }
    printf("held %ld KiB\n", rss(pid));
    for (int i = 0; i < workers; i++) { const char *d[] = {"MDPW02", "\x06"}; int ds[] = {6, 1}; sendv(w[i], d, ds, 2); zmq_close(w[i]); }
    zmq_close(c);
    for (int t = 1; t <= 10; t++) { sleep(1); if (t == 2 || t == 5 || t == 10) printf("after %d s %ld KiB\n", t, rss(pid)); }
    zmq_ctx_term(ctx); return 0;
}
