"""The two transports behind one API: ZeroMQ to Reckon's gateways (``tcp://``, ``ipc://`` …) or HTTP to a
reckon-http bridge (``http://``, ``https://``). Each is imported only when used, so HTTP needs no pyzmq and ZeroMQ
no httpx."""

from __future__ import annotations

import ssl
from typing import Any, List, Mapping, Optional, Protocol, Union

from .curve import Curve
from .endpoints import Endpoints, endpoint_list, speaks_http
from .keys import IdempotencyKey
from .retry import Retry

Verify = Union[bool, ssl.SSLContext]
"""How an HTTPS bridge's certificate is checked: ``True`` against the system's authorities, an
``ssl.SSLContext`` of your own (a private authority: ``ssl.create_default_context(cafile=...)``), or ``False``
(not at all)."""


class Transport(Protocol):
    """What :class:`~reckon.Client` calls through."""

    @property
    def endpoints(self) -> List[str]: ...

    @property
    def active_endpoint(self) -> str: ...

    def call(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]] = None,
        *,
        token: Optional[str] = None,
        idempotency_key: IdempotencyKey = ...,
        timeout: Optional[float] = None,
    ) -> Any: ...

    def close(self) -> None: ...


class AsyncTransport(Protocol):
    """What :class:`~reckon.AsyncClient` calls through."""

    @property
    def endpoints(self) -> List[str]: ...

    @property
    def active_endpoint(self) -> str: ...

    async def call(
        self,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]] = None,
        *,
        token: Optional[str] = None,
        idempotency_key: IdempotencyKey = ...,
        timeout: Optional[float] = None,
    ) -> Any: ...

    async def close(self) -> None: ...


def _checked(endpoints: Endpoints, curve: Optional[Curve], retry: Optional[Retry]) -> tuple[List[str], bool]:
    """The endpoints as a list, and whether they name an HTTP bridge; refuses options the other transport takes."""
    listed = endpoint_list(endpoints)
    http = speaks_http(listed)
    if http and curve is not None:
        raise ValueError("curve is for ZeroMQ gateways; an HTTPS URL encrypts an HTTP client's calls")
    if not http and retry is not None:
        raise ValueError("retry is for an HTTP bridge; ZeroMQ clients send keyed calls again when they fail over")
    return listed, http


def blocking_transport(
    endpoints: Endpoints,
    *,
    timeout: float,
    failover_after: float,
    curve: Optional[Curve],
    retry: Optional[Retry],
    verify: Verify,
) -> Transport:
    """The transport the endpoints' scheme names, for :class:`~reckon.Client`."""
    listed, http = _checked(endpoints, curve, retry)
    if http:
        from .http_blocking import HttpBlockingTransport

        return HttpBlockingTransport(listed[0], timeout=timeout, retry=retry or Retry(), verify=verify)
    from .zmq_blocking import ZmqBlockingTransport

    return ZmqBlockingTransport(listed, timeout=timeout, failover_after=failover_after, curve=curve)


def async_transport(
    endpoints: Endpoints,
    *,
    timeout: float,
    failover_after: float,
    curve: Optional[Curve],
    retry: Optional[Retry],
    verify: Verify,
) -> AsyncTransport:
    """The transport the endpoints' scheme names, for :class:`~reckon.AsyncClient`."""
    listed, http = _checked(endpoints, curve, retry)
    if http:
        from .http_async import HttpAsyncTransport

        return HttpAsyncTransport(listed[0], timeout=timeout, retry=retry or Retry(), verify=verify)
    from .zmq_async import ZmqAsyncTransport

    return ZmqAsyncTransport(listed, timeout=timeout, failover_after=failover_after, curve=curve)
