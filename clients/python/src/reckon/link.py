"""One DEALER socket to one gateway, read from the event loop.

The socket is a plain pyzmq socket whose file descriptor the running loop watches (what ``zmq.asyncio`` does
underneath, without a future per message): each signal drains every waiting reply at once. libzmq signals its
descriptor edge-triggered, and a send may take the signal of a reply that arrived meanwhile, so the link also drains
once after each turn in which it sent.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, List, Optional, Set, Tuple, cast

import zmq

from .curve import Curve

# pyzmq's flags as plain ints: its enums cost a call each time they are combined or compared, a dozen times a call.
_EVENTS = int(zmq.EVENTS)
_POLLIN = int(zmq.POLLIN)
_NOBLOCK = int(zmq.NOBLOCK)
_RCVMORE = int(zmq.RCVMORE)
_MORE = int(zmq.NOBLOCK | zmq.SNDMORE)


class Link:
    """A connection to one gateway's client endpoint.

    Attributes:
        endpoint: the gateway's client endpoint.
        waiting: ids of the calls sent through this socket and not yet ended.
        last_heard: when the socket last received anything, or began to have calls waiting (``time.monotonic``).
    """

    def __init__(
        self,
        context: zmq.Context[Any],
        endpoint: str,
        curve: Optional[Curve],
        on_reply: Callable[[Link, List[bytes]], None],
    ) -> None:
        self.endpoint = endpoint
        self.socket: zmq.Socket[Any] = context.socket(zmq.DEALER)
        self.socket.linger = 0
        # No high-water mark: calls in flight are bounded by the caller and by their timeouts, and a send never waits.
        self.socket.sndhwm = 0
        self.socket.rcvhwm = 0
        if curve is not None:
            curve.apply(self.socket)
        self.socket.connect(endpoint)
        self.waiting: Set[str] = set()
        self.last_heard = time.monotonic()
        self._on_reply = on_reply
        self._loop = asyncio.get_running_loop()
        self._drain_scheduled = False
        self._poller: Optional[Tuple[int, zmq.Poller]] = None  # for wait(): the wake descriptor and its poller
        self._loop.add_reader(self.socket.FD, self.drain)

    def drain(self) -> None:
        """The loop's turn to read the socket: hands every reply waiting on it to ``on_reply``."""
        self._drain_scheduled = False
        self.read()

    def read(self) -> None:
        """Hands every reply waiting on the socket to ``on_reply``, from the loop or from a thread that waits on the
        socket while the loop is not running; a drain already scheduled on the loop stays scheduled, so sends made
        meanwhile add none."""
        if self.socket.closed:
            return
        while cast(int, self.socket.getsockopt(_EVENTS)) & _POLLIN:
            self.read_one()

    def read_one(self) -> None:
        """Hands the message waiting on the socket to ``on_reply``; only when one waits (``wait`` said so, or
        ``ZMQ_EVENTS``): asking ``ZMQ_EVENTS`` again costs libzmq a ``poll`` and a ``getpid`` system call."""
        socket = self.socket
        frames = [socket.recv(_NOBLOCK)]
        while socket.getsockopt(_RCVMORE):
            frames.append(socket.recv(_NOBLOCK))
        self.last_heard = time.monotonic()
        self._on_reply(self, frames)

    def wait(self, wake: int, milliseconds: int) -> Tuple[bool, bool]:
        """Blocks the calling thread (the loop stopped) until the socket has a message to read, the file descriptor
        ``wake`` is readable, or ``milliseconds`` pass; returns whether each is: ``(socket, wake)``."""
        if self._poller is None or self._poller[0] != wake:
            poller = zmq.Poller()
            poller.register(self.socket, zmq.POLLIN)
            poller.register(wake, zmq.POLLIN)
            self._poller = (wake, poller)
        readable, woken = False, False
        for ready, _ in self._poller[1].poll(milliseconds):
            if ready == wake:
                woken = True
            else:
                readable = True
        return readable, woken

    def send(self, call_id: str, frames: List[bytes]) -> None:
        """Sends a request for call ``call_id``; the call now waits on this link.

        Raises:
            zmq.ZMQError: the socket took nothing (closed).
        """
        if not self.waiting:
            self.last_heard = time.monotonic()
        self.waiting.add(call_id)
        self.post(frames)

    def post(self, frames: List[bytes]) -> None:
        """Sends a message, without waiting (the socket has no high-water mark)."""
        last = len(frames) - 1
        for index, frame in enumerate(frames):
            self.socket.send(frame, _NOBLOCK if index == last else _MORE)
        if not self._drain_scheduled:
            self._drain_scheduled = True
            self._loop.call_soon(self.drain)

    def close(self) -> None:
        """Stops reading and closes the socket at once, dropping anything not yet sent."""
        if not self.socket.closed:
            self._loop.remove_reader(self.socket.FD)
            self.socket.close(linger=0)
