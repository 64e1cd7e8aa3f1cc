"""``Client``: the blocking face of :class:`~reckon.AsyncClient`, for scripts, cron jobs, notebooks and Django.

It runs an ``AsyncClient`` on an event loop in a thread of its own, so it has the same rules (request ids, timeouts,
failover) and may be used from many threads at once, each call blocking only its caller.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Coroutine, Mapping, Optional, TypeVar

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
        self._thread = threading.Thread(target=self._loop.run_forever, name="reckon-client", daemon=True)
        self._thread.start()

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
            self._async.call(service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout)
        )

    def close(self) -> None:
        """Fails waiting calls with :class:`~reckon.Unavailable`, closes the sockets and stops the thread."""
        if not self._thread.is_alive():
            return
        self._run(self._async.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()
