"""One DEALER socket to one gateway, and the task that reads its replies."""

from __future__ import annotations

import asyncio
import time
from typing import Callable, List, Optional, Set

import zmq
import zmq.asyncio

from .curve import Curve


class Link:
    """A connection to one gateway's client endpoint.

    Attributes:
        endpoint: the gateway's client endpoint.
        waiting: ids of the calls sent through this socket and not yet ended.
        last_heard: when the socket last received anything, or began to have calls waiting (``time.monotonic``).
    """

    def __init__(
        self,
        context: zmq.asyncio.Context,
        endpoint: str,
        curve: Optional[Curve],
        on_reply: Callable[[Link, List[bytes]], None],
    ) -> None:
        self.endpoint = endpoint
        self.socket = context.socket(zmq.DEALER)
        self.socket.linger = 0
        if curve is not None:
            curve.apply(self.socket)
        self.socket.connect(endpoint)
        self.waiting: Set[str] = set()
        self.last_heard = time.monotonic()
        self._reader = asyncio.ensure_future(self._read(on_reply))

    async def _read(self, on_reply: Callable[[Link, List[bytes]], None]) -> None:
        while True:
            frames = await self.socket.recv_multipart()
            self.last_heard = time.monotonic()
            on_reply(self, frames)

    def send(self, call_id: str, frames: List[bytes]) -> asyncio.Future[None]:
        """Sends a request for call ``call_id``; the call now waits on this link."""
        if not self.waiting:
            self.last_heard = time.monotonic()
        self.waiting.add(call_id)
        sending: asyncio.Future[None] = self.socket.send_multipart(frames)  # type: ignore[assignment]
        return sending

    def post(self, frames: List[bytes]) -> None:
        """Sends a message no call waits on (a probe); if it cannot go, it is dropped."""
        sending: asyncio.Future[None] = self.socket.send_multipart(frames)  # type: ignore[assignment]
        sending.add_done_callback(lambda done: done.cancelled() or done.exception())

    def close(self) -> None:
        """Stops reading and closes the socket at once, dropping anything not yet sent."""
        self._reader.cancel()
        self.socket.close(linger=0)
