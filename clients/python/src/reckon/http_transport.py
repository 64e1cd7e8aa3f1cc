"""What the blocking and the asyncio HTTP transports share: the bridge's routes, the retry policy, the pool's
settings, and the start of each call."""

from __future__ import annotations

from typing import Any, Dict, Generic, List, Mapping, Optional, TypeVar

from .errors import Error, Unavailable
from .http_call import HttpCall, HttpRoutes, wait_header
from .keys import IdempotencyKey
from .retry import Retry
from .transport import Verify
from .version import __version__

Pool = TypeVar("Pool")


def pool_options(timeout: float, verify: Verify) -> Dict[str, Any]:
    """The httpx client's settings: JSON bodies, the client's timeout as the bridge's wait, this package's user
    agent, and httpx's default pool (up to 100 connections, 20 kept alive for 5 s)."""
    headers = {
        "Content-Type": "application/json",
        "Request-Timeout": wait_header(timeout),
        "User-Agent": f"reckon-client/{__version__}",
    }
    return {"headers": headers, "timeout": timeout, "verify": verify}


class HttpTransport(Generic[Pool]):
    """Calls to one reckon-http bridge at ``base_url`` through ``pool`` (an ``httpx.Client`` or
    ``httpx.AsyncClient``)."""

    def __init__(self, base_url: str, pool: Pool, *, timeout: float, retry: Retry) -> None:
        self._routes = HttpRoutes(base_url)
        self._http = pool
        self._timeout = timeout
        self._retry = retry
        self._closed = False

    @property
    def endpoints(self) -> List[str]:
        return [self._routes.base_url]

    @property
    def active_endpoint(self) -> str:
        return self._routes.base_url

    def _begin(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]],
        token: Optional[str],
        idempotency_key: IdempotencyKey,
        timeout: Optional[float],
    ) -> HttpCall:
        """A new call, its deadline running from now."""
        return HttpCall(self._routes, self._retry, service, op, args, token, idempotency_key, timeout, self._timeout)

    def _refuse_if_closed(self) -> None:
        """Raises :class:`~reckon.Unavailable` once the client is closed."""
        if self._closed:
            raise Unavailable("client is closed")

    def _pause_after(self, call: HttpCall, error: Error) -> Optional[float]:
        """Seconds to wait before trying ``call`` again after ``error``, or ``None``: not to be tried again, or the
        client is closed (a call in flight then ends with the error its connection's closing gave it)."""
        return None if self._closed else call.pause_after(error)
