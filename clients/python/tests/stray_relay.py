"""A relay between one client and a real gateway that sends the client a reply to no call (an id nobody sent) before
each real reply, on the same socket: what a late reply to an ended call looks like to the client."""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Any, List, Optional, Type

import zmq

CLIENT_HEADER = b"MDPC02"
FINAL = b"\x03"


class StrayRelay:
    """``with StrayRelay(gateway_endpoint) as relay: reckon.Client(relay.endpoint)``; ``relay.strays`` counts the
    replies to no call it sent."""

    def __init__(self, gateway: str) -> None:
        self._context: zmq.Context[Any] = zmq.Context()
        self._front = self._context.socket(zmq.ROUTER)
        self._front.linger = 0
        self.endpoint = f"tcp://127.0.0.1:{self._front.bind_to_random_port('tcp://127.0.0.1')}"
        self._back = self._context.socket(zmq.DEALER)
        self._back.linger = 0
        self._back.connect(gateway)
        self.strays = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._relay, daemon=True)

    def __enter__(self) -> StrayRelay:
        self._thread.start()
        return self

    def __exit__(
        self, kind: Optional[Type[BaseException]], error: Optional[BaseException], trace: Optional[TracebackType]
    ) -> None:
        self._stop.set()
        self._thread.join()
        self._front.close()
        self._back.close()
        self._context.term()

    def _relay(self) -> None:
        poller = zmq.Poller()
        poller.register(self._front, zmq.POLLIN)
        poller.register(self._back, zmq.POLLIN)
        client: List[bytes] = []
        while not self._stop.is_set():
            ready = dict(poller.poll(50))
            if self._front in ready:
                frames = self._front.recv_multipart()
                client = frames[:1]
                self._back.send_multipart(frames[1:])
            if self._back in ready:
                reply = self._back.recv_multipart()
                self.strays += 1
                stray = b'{"ok":true,"result":{"value":"stray"},"id":"stray-%d"}' % self.strays
                self._front.send_multipart(client + [CLIENT_HEADER, FINAL, reply[2], stray])
                self._front.send_multipart(client + reply)
