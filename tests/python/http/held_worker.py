"""An MDP/0.2 worker (RFC 18, pyzmq) for one service that holds each request until the test lets it answer: what a
test needs to act while a call is out at a worker, on an event rather than a timer."""
import json
import threading

import zmq

HEADER = b"MDPW02"
READY, REQUEST, FINAL, HEARTBEAT = b"\x01", b"\x02", b"\x04", b"\x05"


class HeldWorker:
    """Serves op `op` of `service` at the gateway's worker endpoint `gateway`: `ready` is set once the gateway has
    taken the worker (its first heartbeat came), `received` when a call of `op` arrives, and that call is answered (its
    `args` as the result) once `release` is set. Any other op (a bridge's catalog asking for `ops`) is answered
    `unknown_op` at once. Heartbeats every `heartbeat_s` meanwhile."""

    def __init__(self, gateway, service, op, heartbeat_s=0.1):
        self.gateway, self.service, self.op, self.heartbeat_s = gateway, service, op, heartbeat_s
        self.ready, self.received = threading.Event(), threading.Event()
        self.release, self.stopped = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stopped.set()
        self.release.set()
        self.thread.join(timeout=10)

    def _run(self):
        with zmq.Context() as context, context.socket(zmq.DEALER) as socket:
            socket.setsockopt(zmq.LINGER, 0)
            socket.connect(self.gateway)
            socket.send_multipart([HEADER, READY, self.service.encode()])
            held = None
            while not self.stopped.is_set():
                if socket.poll(int(self.heartbeat_s * 1000)):
                    frames = socket.recv_multipart()
                    self.ready.set()
                    if frames[1] == REQUEST and json.loads(frames[-1]).get("op") != self.op:
                        self._answer(socket, frames, {"ok": False, "error": {"code": "unknown_op", "message": "no"}})
                    elif frames[1] == REQUEST and held is None:
                        held = frames
                        self.received.set()
                if held is not None and self.release.is_set():
                    self._answer(socket, held, {"ok": True, "result": json.loads(held[-1]).get("args", {})})
                    held = None
                socket.send_multipart([HEADER, HEARTBEAT])

    @staticmethod
    def _answer(socket, request, reply):
        reply = {"id": json.loads(request[-1])["id"], **reply}
        socket.send_multipart([HEADER, FINAL, *request[2:-1], json.dumps(reply).encode()])
