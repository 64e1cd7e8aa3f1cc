"""``Client`` over ZeroMQ: the blocking face of the asyncio transport, for scripts, cron jobs, notebooks and Django.

It runs a :class:`~reckon.zmq_async.ZmqAsyncTransport` on an event loop of its own, so it has the same rules
(request ids, timeouts, failover), and may be used from many threads at once, each call blocking only its caller.
The loop runs on the calling thread: one call at a time costs no hand-off to another thread (issue #36: the thread
it used to run on cost a third of majortomo's calls a second). A call made alone, once the sockets are connected,
waits on its socket with the loop stopped, as a plain blocking client does (a loop turn a call cost about a third of
its calls a second: decision 0118); it goes on waiting on the loop when another thread's call comes, or after
``failover_after`` with several gateways. When several threads call at once, the first runs the loop, serving the
others' calls too; when its own call ends while others wait, a helper thread takes the loop over until none waits.
A call from a thread that already runs an event loop (a notebook, an async view) is made from a helper thread
instead.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import signal
import socket
import threading
from typing import Any, Callable, Coroutine, List, Mapping, Optional, TypeVar

from .curve import Curve
from .errors import Unavailable
from .keys import FRESH_KEY, IdempotencyKey
from .trace import trace_fields
from .zmq_async import Call, ZmqAsyncTransport

T = TypeVar("T")


class ZmqBlockingTransport:
    """:class:`~reckon.Client`'s calls to Reckon's gateways; the arguments are
    :class:`~reckon.zmq_async.ZmqAsyncTransport`'s."""

    def __init__(
        self, endpoints: List[str], *, timeout: float, failover_after: float, curve: Optional[Curve]
    ) -> None:
        self._async = ZmqAsyncTransport(endpoints, timeout=timeout, failover_after=failover_after, curve=curve)
        self._loop = asyncio.new_event_loop()
        self._mutex = threading.Lock()
        self._leading = False  # whether a calling thread runs the loop
        self._waiting = 0  # calls started and not yet ended
        self._idle: Optional[asyncio.Future[None]] = None  # the helper's wait for the others' calls to end
        self._helper: Optional[concurrent.futures.ThreadPoolExecutor] = None
        self._wakeup: Optional[tuple[socket.socket, socket.socket]] = None  # the signal wakeup pair, once set
        self._here = False  # whether the leader waits on its call's socket, the loop stopped
        # Another thread's call writes to it to wake a call waiting alone on its socket (_answer_here).
        self._nudge_reader, self._nudge_writer = socket.socketpair()
        self._nudge_reader.setblocking(False)
        self._nudge_writer.setblocking(False)

    @property
    def endpoints(self) -> list[str]:
        """The gateways' client endpoints, in failover order."""
        return self._async.endpoints

    @property
    def active_endpoint(self) -> str:
        """The endpoint of the gateway calls go to now."""
        return self._async.active_endpoint

    def call(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]] = None,
        *,
        token: Optional[str] = None,
        idempotency_key: IdempotencyKey = FRESH_KEY,
        timeout: Optional[float] = None,
    ) -> Any:
        """Calls ``op`` on ``service`` and returns the reply's ``result``; as :meth:`reckon.AsyncClient.call`."""
        if self._loop.is_closed():
            raise Unavailable("client is closed")
        # Read here: the call may run on another thread's loop, which has another context.
        trace = trace_fields()
        if self._lead_alone():
            try:
                call = self._async.send(
                    service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout, trace=trace
                )
                return self._answer_here(call)
            finally:
                self._ended()
                self._hand_over()
        return self._run(
            lambda: self._async.call(
                service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout, trace=trace
            )
        )

    def close(self) -> None:
        """Fails waiting calls with :class:`~reckon.Unavailable` and closes the sockets and the loop."""
        if self._loop.is_closed():
            return
        self._run(self._async.close)
        if self._helper is not None:
            self._helper.shutdown()
        if self._wakeup is not None and threading.current_thread() is threading.main_thread():
            reader, writer = self._wakeup
            self._loop.remove_reader(reader.fileno())
            previous = signal.set_wakeup_fd(-1)
            if previous != writer.fileno():
                signal.set_wakeup_fd(previous)  # changed since by someone else: theirs now
            reader.close()
            writer.close()
        self._nudge_reader.close()
        self._nudge_writer.close()
        self._loop.close()

    def _lead_alone(self) -> bool:
        """Leads when the sockets are connected, no other call waits and the calling thread runs no loop of its own:
        then the call may wait on its socket without the loop (``_answer_here``)."""
        if not self._async.connected or _runs_a_loop():
            return False
        with self._mutex:
            if self._leading:
                return False
            self._leading = self._here = True
            self._waiting += 1
            return True

    def _answer_here(self, call: Call) -> Any:
        """The reply of a call made alone, waited for on its socket (no loop turn, no hand-off: what makes one call
        at a time as cheap as a plain blocking client's); when another thread's call comes meanwhile, or the wait
        outlasts what may pass without the loop (the probe, the failover), the call goes on waiting on the loop."""
        answered, result = self._async.answer_here(call, self._nudge_reader.fileno())
        if answered:
            return result
        with self._mutex:
            self._here = False
        self._settle_nudges()
        return self._lead(lambda: self._async.answer(call))

    def _settle_nudges(self) -> None:
        """Empties the nudge pair of nudges that came too late to wake a wait (the next wait would end at once)."""
        with contextlib.suppress(BlockingIOError):
            while self._nudge_reader.recv(4096):
                pass

    def _run(self, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """Runs the coroutine ``make`` gives on the client's loop and returns its result: leading the loop when no
        other thread runs it, else as a call the thread that runs it serves."""
        if _runs_a_loop():
            return self._helpers().submit(self._run, make).result()
        with self._mutex:
            self._waiting += 1
            lead = not self._leading
            self._leading = True
            if self._here:
                with contextlib.suppress(BlockingIOError):
                    self._nudge_writer.send(b"!")
        if not lead:
            future = asyncio.run_coroutine_threadsafe(make(), self._loop)
            future.add_done_callback(lambda _: self._ended())
            return future.result()
        try:
            return self._lead(make)
        finally:
            self._ended()
            self._hand_over()

    def _lead(self, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """Runs the loop until the coroutine ``make`` gives ends, serving the other threads' calls meanwhile."""
        self._wake_on_signals()
        task = self._loop.create_task(make())
        try:
            return self._loop.run_until_complete(task)
        except (KeyboardInterrupt, SystemExit):
            # Interrupted (Ctrl-C) while the call waits: end the call now rather than leave it to its timeout.
            task.cancel()
            with contextlib.suppress(BaseException):
                self._loop.run_until_complete(task)
            raise

    def _wake_on_signals(self) -> None:
        """On the main thread, once: a signal (Ctrl-C) wakes the loop's wait for the socket, so Python's handler runs
        at once and the call raises ``KeyboardInterrupt``, as a blocking wait on a lock would. It takes the process's
        wakeup descriptor only when nothing else holds it, and gives it back at a ``close()`` on the main thread."""
        if self._wakeup is not None or threading.current_thread() is not threading.main_thread():
            return
        reader, writer = socket.socketpair()
        writer.setblocking(False)
        if signal.set_wakeup_fd(writer.fileno()) != -1:
            signal.set_wakeup_fd(-1)  # someone else's: leave it to them
            reader.close()
            writer.close()
            return
        reader.setblocking(False)
        self._loop.add_reader(reader.fileno(), lambda: reader.recv(4096))
        self._wakeup = (reader, writer)

    def _ended(self) -> None:
        """Counts a call as ended, however it ended (a follower's may end before it ran); the last one wakes the
        helper thread that serves the others."""
        with self._mutex:
            self._waiting -= 1
            idle = self._idle if self._waiting == 0 else None
        if idle is not None:
            self._loop.call_soon_threadsafe(_settle, idle)

    def _helpers(self) -> concurrent.futures.ThreadPoolExecutor:
        with self._mutex:
            if self._helper is None:
                self._helper = concurrent.futures.ThreadPoolExecutor(thread_name_prefix="reckon-client")
            return self._helper

    def _hand_over(self) -> None:
        """The leader's own call has ended: when other calls still wait, a helper thread runs the loop for them, so
        the leader returns at once and no call waits on another's; else the next caller leads."""
        with self._mutex:
            self._here = False
            if self._waiting == 0:
                self._leading = False
                return
        self._helpers().submit(self._serve_the_others)

    def _serve_the_others(self) -> None:
        """Runs the loop until no call waits, then lets the next caller lead."""
        while True:
            with self._mutex:
                if self._waiting == 0:
                    self._leading = False
                    self._idle = None
                    return
                self._idle = idle = self._loop.create_future()
            self._loop.run_until_complete(idle)


def _settle(idle: asyncio.Future[None]) -> None:
    if not idle.done():
        idle.set_result(None)


def _runs_a_loop() -> bool:
    """Whether the calling thread is running an event loop (where a blocking loop of our own cannot run). asyncio's
    ``_get_running_loop`` (in its ``__all__``) answers ``None`` where ``get_running_loop`` raises, for a fifth of its
    cost."""
    return asyncio._get_running_loop() is not None
