"""``Client``: the blocking face of :class:`~reckon.AsyncClient`, for scripts, cron jobs, notebooks and Django.

It runs an ``AsyncClient`` on an event loop of its own, so it has the same rules (request ids, timeouts, failover),
and may be used from many threads at once, each call blocking only its caller. The loop runs on the calling thread:
one call at a time costs no hand-off to another thread (issue #36: the thread it used to run on cost a third of
majortomo's calls a second). When several threads call at once, the first runs the loop, serving the others' calls
too, until none waits; a call from a thread that already runs an event loop (a notebook, an async view) is made from
a helper thread instead.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any, Callable, Coroutine, Mapping, Optional, TypeVar

from .async_client import FRESH_KEY, AsyncClient, Endpoints, IdempotencyKey
from .curve import Curve
from .errors import Unavailable

T = TypeVar("T")


class Client:
    """A blocking client for Reckon's gateways::

        with reckon.Client("tcp://127.0.0.1:5555") as client:
            print(client.call("calc", "evaluate", {"expression": "2^100"})["value"])

    Args:
        endpoints: the client endpoint of one or more gateways (a list, or a comma list in one string).
        timeout: seconds a call waits for its reply unless it names its own.
        failover_after: seconds of silence before the gateway in use is probed, and before an unanswered probe
            moves the client to the next gateway.
        curve: CURVE keys (:class:`~reckon.Curve`); ``None`` for plain text.
    """

    def __init__(
        self,
        endpoints: Endpoints = "tcp://127.0.0.1:5555",
        *,
        timeout: float = 5.0,
        failover_after: float = 1.0,
        curve: Optional[Curve] = None,
    ) -> None:
        self._async = AsyncClient(endpoints, timeout=timeout, failover_after=failover_after, curve=curve)
        self._loop = asyncio.new_event_loop()
        self._mutex = threading.Lock()
        self._leading = False  # whether a calling thread runs the loop
        self._waiting = 0  # calls started and not yet ended
        self._idle: Optional[asyncio.Future[None]] = None  # the leader's wait for the others' calls to end
        self._helper: Optional[concurrent.futures.ThreadPoolExecutor] = None

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

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
        return self._run(
            lambda: self._async.call(service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout)
        )

    def close(self) -> None:
        """Fails waiting calls with :class:`~reckon.Unavailable` and closes the sockets and the loop."""
        if self._loop.is_closed():
            return
        self._run(self._async.close)
        if self._helper is not None:
            self._helper.shutdown()
        self._loop.close()

    def _run(self, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """Runs the coroutine ``make`` gives on the client's loop and returns its result: leading the loop when no
        other thread does, else as a call the leader serves."""
        if _runs_a_loop():
            with self._mutex:
                if self._helper is None:
                    self._helper = concurrent.futures.ThreadPoolExecutor(thread_name_prefix="reckon-client")
            return self._helper.submit(self._run, make).result()
        with self._mutex:
            self._waiting += 1
            lead = not self._leading
            self._leading = True
        if not lead:
            return asyncio.run_coroutine_threadsafe(self._counted(make()), self._loop).result()
        try:
            return self._loop.run_until_complete(self._counted(make()))
        finally:
            self._serve_the_others()

    async def _counted(self, coroutine: Coroutine[Any, Any, T]) -> T:
        try:
            return await coroutine
        finally:
            with self._mutex:
                self._waiting -= 1
                if self._waiting == 0 and self._idle is not None and not self._idle.done():
                    self._idle.set_result(None)

    def _serve_the_others(self) -> None:
        """Runs the loop until no call waits, then lets the next caller lead."""
        while True:
            with self._mutex:
                if self._waiting == 0:
                    self._leading = False
                    self._idle = None
                    return
                self._idle = self._loop.create_future()
            self._loop.run_until_complete(self._idle)


def _runs_a_loop() -> bool:
    """Whether the calling thread is running an event loop (where a blocking loop of our own cannot run)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
