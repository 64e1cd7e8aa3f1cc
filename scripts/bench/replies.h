/* Reading and checking the replies a C bench program's client DEALER gets from the gateway. It uses memmem: define
 * _GNU_SOURCE before any include. */
#ifndef RECKON_BENCH_REPLIES_H
#define RECKON_BENCH_REPLIES_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <zmq.h>

enum { reply_max_frames = 5 };

/* Whether `frame` holds exactly the bytes of `text`. */
static inline bool frame_is(zmq_msg_t *frame, const char *text) {
    return zmq_msg_size(frame) == strlen(text) && memcmp(zmq_msg_data(frame), text, strlen(text)) == 0;
}

/* Whether `frames` are a FINAL [MDPC02, 0x03, SERVICE, BODY] (after an empty delimiter frame when `delimited`)
 * whose BODY holds one of `texts` (ended by NULL). */
static inline bool right_final(zmq_msg_t *frames, int count, bool delimited, const char *service,
                               const char *const *texts) {
    int first = delimited ? 1 : 0;
    if (count != first + 4 || (delimited && !frame_is(&frames[0], "")) || !frame_is(&frames[first], "MDPC02") ||
        !frame_is(&frames[first + 1], "\x03") || !frame_is(&frames[first + 2], service))
        return false;
    zmq_msg_t *body = &frames[first + 3];
    for (; *texts; texts++)
        if (memmem(zmq_msg_data(body), zmq_msg_size(body), *texts, strlen(*texts))) return true;
    return false;
}

/* Reads whole replies until none comes for `timeout_ms`; returns how many. Those that are not a right FINAL (see
 * right_final) are counted in `*wrong`, and the first is shown on standard error after `who`. */
static inline long drain_finals(void *socket, int timeout_ms, bool delimited, const char *service,
                                const char *const *texts, const char *who, long *wrong) {
    zmq_setsockopt(socket, ZMQ_RCVTIMEO, &timeout_ms, sizeof timeout_ms);
    for (long replies = 0;; replies++) {
        zmq_msg_t frames[reply_max_frames];
        int count = 0;
        for (bool more = true; more; count++) {  // frames past reply_max_frames are read into spare and dropped
            zmq_msg_t spare, *frame = count < reply_max_frames ? &frames[count] : &spare;
            zmq_msg_init(frame);
            if (zmq_msg_recv(frame, socket, 0) < 0) return zmq_msg_close(frame), replies;
            more = zmq_msg_more(frame);
            if (frame == &spare) zmq_msg_close(frame);
        }
        int kept = count < reply_max_frames ? count : reply_max_frames;
        zmq_msg_t *last = &frames[kept - 1];
        if (!right_final(frames, count, delimited, service, texts) && (*wrong)++ == 0)
            fprintf(stderr, "%s: a wrong reply of %d frames, the last: %.*s\n", who, count,
                    (int)(zmq_msg_size(last) < 300 ? zmq_msg_size(last) : 300), (char *)zmq_msg_data(last));
        for (int i = 0; i < kept; i++) zmq_msg_close(&frames[i]);
    }
}

#endif
