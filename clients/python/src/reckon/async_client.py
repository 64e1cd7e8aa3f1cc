"""``AsyncClient``: Reckon's calls on asyncio, many in flight at once, over ZeroMQ or HTTP."""

from __future__ import annotations

from typing import Any, List, Mapping, Optional

from .curve import Curve
from .endpoints import Endpoints
from .keys import FRESH_KEY, IdempotencyKey
from .retry import Retry
from .transport import Verify, async_transport


class AsyncClient:
    """An asyncio client of Reckon's gateways (ZeroMQ) or of a reckon-http bridge (HTTP), chosen by the endpoints'
    scheme. Use it from one event loop (the one of its first call). Many calls may be in flight at once::

        async with reckon.AsyncClient("tcp://127.0.0.1:5555") as client:     # or "https://reckon.example"
            value = await client.call("calc", "evaluate", {"expression": "2^100"})

    The arguments are :class:`~reckon.Client`'s.
    """

    def __init__(
        self,
        endpoints: Endpoints = "tcp://127.0.0.1:5555",
        *,
        timeout: float = 5.0,
        failover_after: float = 1.0,
        curve: Optional[Curve] = None,
        retry: Optional[Retry] = None,
        verify: Verify = True,
    ) -> None:
        self._transport = async_transport(
            endpoints, timeout=timeout, failover_after=failover_after, curve=curve, retry=retry, verify=verify
        )

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def endpoints(self) -> List[str]:
        """The gateways' client endpoints in failover order, or the bridge's URL."""
        return self._transport.endpoints

    @property
    def active_endpoint(self) -> str:
        """The endpoint of the gateway calls go to now, or the bridge's URL."""
        return self._transport.active_endpoint

    async def call(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]] = None,
        *,
        token: Optional[str] = None,
        idempotency_key: IdempotencyKey = FRESH_KEY,
        timeout: Optional[float] = None,
    ) -> Any:
        """Calls ``op`` on ``service`` and returns its result (decoded JSON: dicts, lists, strings …).

        Args:
            service: ``calc``, ``orders``, ``ledger``, ``gateway`` …
            op: the op's wire name (``evaluate``, ``tax.estimate``).
            args: the op's arguments, with the wire's names. ``Decimal`` values go as exact decimal strings.
            token: a ledger session token, or the orders staff key.
            idempotency_key: makes a write safe to send again (through another gateway, or after a 503 or 429);
                a fresh one by default on an op that may write. An op whose effect is ``pure`` or ``read`` changes
                nothing: it gets no fresh key and is always safe to send again. ``None`` for a write that must never
                run twice: over ZeroMQ it fails with :class:`~reckon.Unavailable` if its gateway dies before
                replying, and over HTTP it is never retried.
            timeout: seconds to wait for the answer; the client's ``timeout`` by default.

        Raises:
            reckon.Error: the subclass for the answer's error code; :class:`~reckon.DeadlineExceeded` when no answer
            came in time; :class:`~reckon.Unavailable` once the client is closed.
        """
        return await self._transport.call(
            service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout
        )

    async def close(self) -> None:
        """Fails waiting calls with :class:`~reckon.Unavailable` and closes the connections; later calls fail at
        once."""
        await self._transport.close()
