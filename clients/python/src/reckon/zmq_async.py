"""``AsyncClient`` over ZeroMQ: many calls in flight on one socket, matched by request id, with timeouts and
failover.

The rules are ``ReckonClient``'s (docs/api.md, "Several gateways"):

- Calls go to one gateway at a time, the first to begin with.
- While calls wait and that gateway has been silent for ``failover_after``, the client sends it ``gateway ping``;
  if the probe goes unanswered for ``failover_after`` too, the client moves to the next gateway (round the list)
  and stays there. Calls that are safe to repeat are sent again through it: those of ops that change nothing
  (``pure``, ``read``) and those that carry an idempotency key. The others fail with :class:`~reckon.Unavailable`,
  since their outcome is unknown. A late reply through the old gateway still answers its call, once.
- After a timeout the socket is replaced (the zguide's Lazy Pirate rule): new calls go through a fresh socket to the
  same gateway, and the old one is closed, dropping anything it still held unsent, once no call waits on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

import zmq

from .curve import Curve
from .errors import DeadlineExceeded, Unavailable
from .keys import FRESH_KEY, IdempotencyKey, key_to_send
from .link import Link
from .retry import safe_to_repeat
from .trace import trace_fields
from .wire import final_reply_body, reply_id, request_frames, result_of


@dataclass(eq=False)
class Call:
    """A call waiting for its reply: the request, where it went, its timeout, and the future its reply resolves."""

    id: str
    service: str
    frames: List[bytes]
    resendable: bool
    reply: asyncio.Future[Any]
    seconds: float
    deadline: float
    links: List[Link] = field(default_factory=list)


class ZmqAsyncTransport:
    """:class:`~reckon.AsyncClient`'s calls to Reckon's gateways, on pyzmq sockets read from the event loop; it
    belongs to the event loop of its first call.

    Args:
        endpoints: the client endpoints of one or more gateways.
        timeout: seconds a call waits for its reply unless it names its own.
        failover_after: seconds of silence from the gateway in use, while calls wait, before the client probes it,
            and seconds the probe may go unanswered before the client moves to the next gateway.
        curve: CURVE keys (:class:`~reckon.Curve`) for gateways that require CURVE; ``None`` for plain text.
    """

    def __init__(
        self, endpoints: List[str], *, timeout: float, failover_after: float, curve: Optional[Curve]
    ) -> None:
        self.endpoints = endpoints
        self.timeout = timeout
        self.failover_after = failover_after
        self._curve = curve
        self._context: Optional[zmq.Context[Any]] = None
        self._loop: asyncio.AbstractEventLoop  # the loop of the first call, set with the sockets
        self._links: List[Link] = []
        self._retired: List[Link] = []
        self._active = 0
        self._pending: Dict[str, Call] = {}
        self._ids = itertools.count(1)
        self._prefix = f"py-{os.getpid()}-{uuid.uuid4().hex[:8]}-"
        self._probe: Optional[Tuple[str, float]] = None
        self._watchdog: Optional[asyncio.Task[None]] = None
        self._closed = False

    @property
    def active_endpoint(self) -> str:
        """The endpoint of the gateway calls go to now."""
        return self.endpoints[self._active]

    @property
    def connected(self) -> bool:
        """Whether the first call has connected the sockets (on its loop), and ``close`` has not closed them."""
        return self._context is not None and not self._closed

    async def call(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]] = None,
        *,
        token: Optional[str] = None,
        idempotency_key: IdempotencyKey = FRESH_KEY,
        timeout: Optional[float] = None,
        trace: Optional[Mapping[str, str]] = None,
    ) -> Any:
        """As :meth:`reckon.AsyncClient.call`: an unkeyed call fails with :class:`~reckon.Unavailable` if its
        gateway dies before replying. It carries ``trace`` (a caller's ``traceparent`` and ``tracestate``), else the
        task's current trace context."""
        if self._closed:
            raise Unavailable("client is closed")
        self._start()
        return await self.answer(
            self.send(service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout, trace=trace)
        )

    def send(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]],
        *,
        token: Optional[str],
        idempotency_key: IdempotencyKey,
        timeout: Optional[float],
        trace: Optional[Mapping[str, str]],
    ) -> Call:
        """Sends a call through the gateway in use (the sockets connected, on their loop) and returns it, waiting for
        its reply: :meth:`answer` (on the loop) or :meth:`answer_here` (with the loop stopped) ends it. It carries
        ``trace``, else the current trace context."""
        key = key_to_send(idempotency_key, service, op)
        call_id = self._prefix + str(next(self._ids))
        seconds = self.timeout if timeout is None else timeout
        call = Call(
            id=call_id,
            service=service,
            frames=request_frames(
                service,
                op,
                args or {},
                request_id=call_id,
                token=token,
                idempotency_key=key,
                trace=trace_fields() if trace is None else trace,
            ),
            resendable=safe_to_repeat(service, op, key),
            reply=self._loop.create_future(),
            seconds=seconds,
            deadline=time.monotonic() + seconds,
        )
        self._pending[call_id] = call
        self._send(call, self._links[self._active])
        return call

    async def answer(self, call: Call) -> Any:
        """Waits on the loop for ``call``'s reply until its deadline (failing over as the rules say), ends the call
        and returns its result."""
        loop = asyncio.get_running_loop()
        expiry = loop.call_later(max(0.0, call.deadline - time.monotonic()), self._expire, call, call.seconds)
        try:
            body = await call.reply
        finally:
            expiry.cancel()
            self._forget(call)
        return result_of(body)

    def answer_here(self, call: Call, wake: int) -> Tuple[bool, Any]:
        """Waits for ``call``'s reply on its socket from the calling thread, while the loop is not running, and
        ends the call when it comes: ``(True, result)``. It waits at most until the deadline with one gateway, and
        at most ``failover_after`` with several (the probe and the failover run on the loop), and no longer once
        the file descriptor ``wake`` is readable; then it answers ``(False, None)`` and the call still waits, for
        :meth:`answer`. An exception (a signal's) ends the call.

        Raises:
            reckon.Error: the call's failure, as :meth:`answer` raises it.
        """
        link = call.links[-1]
        window = call.seconds if len(self._links) == 1 else min(call.seconds, self.failover_after)
        until = time.monotonic() + window
        try:
            while not call.reply.done():
                left = until - time.monotonic()
                if left <= 0:
                    return False, None
                readable, woken = link.wait(wake, int(left * 1000) + 1)
                if readable:
                    link.read_one()
                if woken and not call.reply.done():
                    return False, None
        except BaseException:
            self._forget(call)
            raise
        self._forget(call)
        return True, result_of(call.reply.result())

    async def close(self) -> None:
        """Fails every waiting call with :class:`~reckon.Unavailable` and closes the sockets. Later calls fail at
        once."""
        if self._closed:
            return
        self._closed = True
        if self._watchdog is not None:
            self._watchdog.cancel()
        for call in list(self._pending.values()):
            self._settle(call, Unavailable("client is closed"))
        for link in self._links + self._retired:
            link.close()
        self._links, self._retired = [], []
        if self._context is not None:
            self._context.destroy(linger=0)
        await asyncio.sleep(0)

    def _start(self) -> None:
        """Connects to every gateway on the running loop, at the first call (libzmq connects lazily, so this
        succeeds before a gateway is up)."""
        if self._context is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._context = zmq.Context()
        self._links = [self._connect(endpoint) for endpoint in self.endpoints]
        if len(self._links) > 1:
            self._watchdog = asyncio.ensure_future(self._watch())

    def _connect(self, endpoint: str) -> Link:
        assert self._context is not None
        return Link(self._context, endpoint, self._curve, self._on_reply)

    def _send(self, call: Call, link: Link) -> None:
        """Sends ``call`` through ``link``; a send that fails ends the call with ``unavailable``."""
        call.links.append(link)
        try:
            link.send(call.id, call.frames)
        except zmq.ZMQError as error:
            self._settle(call, Unavailable(f"could not send to the gateway: {error}"))

    def _on_reply(self, link: Link, frames: List[bytes]) -> None:
        """Resolves the call a reply answers; replies to calls that have ended (timed out, answered through another
        gateway) are dropped, so each call is answered at most once."""
        body = final_reply_body(frames)
        answered = reply_id(body)
        if answered is None:
            return
        if self._probe is not None and answered == self._probe[0]:
            self._probe = None
            return
        call = self._pending.get(answered)
        if call is not None and not call.reply.done():
            # Answered, so no longer waiting, from now: the watchdog must not count it until its caller resumes and
            # forgets it (a probe that expired meanwhile moved the client on from a gateway that had answered).
            for sent in call.links:
                sent.waiting.discard(call.id)
            call.reply.set_result(body)

    @staticmethod
    def _settle(call: Call, error: Exception) -> None:
        if not call.reply.done():
            call.reply.set_exception(error)

    def _expire(self, call: Call, seconds: float) -> None:
        """Ends a call whose timeout passed, and replaces the socket it went through (Lazy Pirate)."""
        if call.reply.done():
            return
        self._settle(call, DeadlineExceeded(f"no reply from {call.service} within {seconds:g} s"))
        if call.links:
            self._replace(call.links[-1])

    def _replace(self, link: Link) -> None:
        """Gives ``link``'s gateway a fresh socket for new calls; ``link`` closes once no call waits on it."""
        if link not in self._links:
            return
        self._links[self._links.index(link)] = self._connect(link.endpoint)
        self._retired.append(link)

    def _forget(self, call: Call) -> None:
        """Drops an ended call, and closes retired sockets left with no call."""
        self._pending.pop(call.id, None)
        for link in call.links:
            link.waiting.discard(call.id)
        if self._retired:
            for link in [link for link in self._retired if not link.waiting]:
                link.close()
                self._retired.remove(link)

    async def _watch(self) -> None:
        """Probes the gateway in use when it goes quiet while calls wait, and fails over when the probe goes
        unanswered."""
        tick = min(0.05, self.failover_after / 4)
        probes = itertools.count(1)
        while True:
            await asyncio.sleep(tick)
            link = self._links[self._active]
            now = time.monotonic()
            if not link.waiting:
                self._probe = None
            elif self._probe is not None:
                if now - self._probe[1] >= self.failover_after:
                    self._fail_over()
            elif now - link.last_heard >= self.failover_after:
                probe_id = f"{self._prefix}probe-{next(probes)}"
                self._probe = (probe_id, now)
                with contextlib.suppress(zmq.ZMQError):
                    link.post(request_frames("gateway", "ping", {}, request_id=probe_id))

    def _fail_over(self) -> None:
        """Moves to the next gateway: keyed calls waiting on the old one are sent again through it, in the order
        they were made; the others fail with ``unavailable``."""
        old = self._links[self._active]
        self._probe = None
        self._active = (self._active + 1) % len(self._links)
        new = self._links[self._active]
        new.last_heard = time.monotonic()
        waiting: List[Call] = []
        for link in [old] + [link for link in self._retired if link.endpoint == old.endpoint]:
            waiting += [self._pending[call_id] for call_id in link.waiting if call_id in self._pending]
            link.waiting.clear()
        for call in sorted(waiting, key=lambda call: int(call.id[len(self._prefix) :])):
            if call.resendable:
                self._send(call, new)
            else:
                self._settle(
                    call,
                    Unavailable(
                        f"the gateway stopped answering before {call.service} replied; the request carried no "
                        "idempotency key, so it was not sent again and its outcome is unknown"
                    ),
                )

