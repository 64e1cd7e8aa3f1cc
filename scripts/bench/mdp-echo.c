/* An MDP/0.2 (RFC 18) echo worker in C, so gateway.sh measures the gateway alone: one DEALER sends READY for
 * SERVICE, answers every REQUEST [MDPW02, 0x02, ADDRESS, "", BODY] with FINAL [MDPW02, 0x04, ADDRESS, "", BODY],
 * and every HEARTBEAT with one, until it is killed or the gateway sends DISCONNECT. With CAPACITY, its READY carries
 * that frame (Reckon's extension, docs/api.md "Worker protocol"): the gateway then gives it that many requests at once.
 *   mdp-echo ENDPOINT SERVICE [CAPACITY]
 */
#include <stdio.h>
#include <string.h>
#include <zmq.h>

enum { ready = 0x01, request = 0x02, final = 0x04, heartbeat = 0x05, disconnect = 0x06, max_frames = 8 };

static void send_command(void *socket, char command, int more) {
    zmq_send(socket, "MDPW02", 6, ZMQ_SNDMORE);
    zmq_send(socket, &command, 1, more ? ZMQ_SNDMORE : 0);
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: mdp-echo ENDPOINT SERVICE [CAPACITY]\n");
        return 2;
    }
    void *context = zmq_ctx_new();
    void *socket = zmq_socket(context, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(socket, ZMQ_LINGER, &zero, sizeof zero);
    if (zmq_connect(socket, argv[1]) != 0) {
        fprintf(stderr, "mdp-echo: cannot connect to %s\n", argv[1]);
        return 1;
    }
    send_command(socket, ready, 1);
    zmq_send(socket, argv[2], strlen(argv[2]), argc == 4 ? ZMQ_SNDMORE : 0);
    if (argc == 4) zmq_send(socket, argv[3], strlen(argv[3]), 0);
    zmq_msg_t frames[max_frames];
    for (;;) {
        int count = 0, more = 1;
        while (more) {
            zmq_msg_t *frame = &frames[count < max_frames ? count : max_frames - 1];
            if (count >= max_frames) zmq_msg_close(frame);
            zmq_msg_init(frame);
            if (zmq_msg_recv(frame, socket, 0) < 0) return 1;
            more = zmq_msg_more(frame);
            count += count < max_frames;
        }
        char command = zmq_msg_size(&frames[1]) == 1 ? *(char *)zmq_msg_data(&frames[1]) : 0;
        if (count == 5 && command == request) {
            send_command(socket, final, 1);
            for (int i = 2; i < 5; i++) zmq_msg_send(&frames[i], socket, i < 4 ? ZMQ_SNDMORE : 0);
        } else if (command == heartbeat) {
            send_command(socket, heartbeat, 0);
        } else if (command == disconnect) {
            return 0;
        }
        for (int i = 0; i < count; i++) zmq_msg_close(&frames[i]);
    }
}
