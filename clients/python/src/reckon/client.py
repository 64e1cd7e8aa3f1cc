"""``Client``: blocking calls to Reckon, for scripts, cron jobs, notebooks and Django, over ZeroMQ or HTTP."""

from __future__ import annotations

from typing import Any, List, Mapping, Optional

from .curve import Curve
from .endpoints import Endpoints
from .keys import FRESH_KEY, IdempotencyKey
from .retry import Retry
from .transport import Verify, blocking_transport


class Client:
    """A blocking client of Reckon's gateways (ZeroMQ) or of a reckon-http bridge (HTTP), chosen by the endpoints'
    scheme::

        with reckon.Client("tcp://127.0.0.1:5555") as client:          # or "https://reckon.example"
            print(client.call("calc", "evaluate", {"expression": "2^100"})["value"])

    One client may be shared by many threads; each call blocks only its caller.

    Args:
        endpoints: the client endpoint of one or more gateways (a list, or a comma list in one string), or the
            URL of one bridge (``http://…`` or ``https://…``).
        timeout: seconds a call waits for its answer unless it names its own (retries included, over HTTP).
        failover_after: ZeroMQ: seconds of silence before the gateway in use is probed, and before an unanswered
            probe moves the client to the next gateway.
        curve: ZeroMQ: CURVE keys (:class:`~reckon.Curve`); ``None`` for plain text.
        retry: HTTP: when and how calls are tried again (:class:`~reckon.Retry`); ``Retry()`` by default,
            ``reckon.NO_RETRY`` for none.
        verify: HTTPS: how the bridge's certificate is checked (``True``: against the system's authorities; an
            ``ssl.SSLContext``; ``False``: not at all).
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
        self._transport = blocking_transport(
            endpoints, timeout=timeout, failover_after=failover_after, curve=curve, retry=retry, verify=verify
        )

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def endpoints(self) -> List[str]:
        """The gateways' client endpoints in failover order, or the bridge's URL."""
        return self._transport.endpoints

    @property
    def active_endpoint(self) -> str:
        """The endpoint of the gateway calls go to now, or the bridge's URL."""
        return self._transport.active_endpoint

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
        """Calls ``op`` on ``service`` and returns its result; as :meth:`reckon.AsyncClient.call`."""
        return self._transport.call(
            service, op, args, token=token, idempotency_key=idempotency_key, timeout=timeout
        )

    def close(self) -> None:
        """Fails waiting calls with :class:`~reckon.Unavailable` and closes the connections; later calls fail at
        once."""
        self._transport.close()
