"""One call through reckon-http as its transports send it (docs/http.md, "The mapping"): ``POST
/v1/{service}/{op}`` with the args as a JSON body, the token, key and wait in headers, and the retries it may make."""

from __future__ import annotations

import time
from typing import Any, Dict, Mapping, Optional, Tuple, Union
from urllib.parse import quote

import httpx

from .errors import DeadlineExceeded, Error
from .json_text import encode_json
from .keys import IdempotencyKey, key_to_send
from .retry import Retry, safe_to_repeat
from .trace import trace_fields


def wait_header(seconds: float) -> str:
    """``Request-Timeout`` for a wait of ``seconds``: reckon-http takes 1 to 30 s; a shorter wait is kept by the
    client's own timeout."""
    return str(min(30000, max(1000, int(seconds * 1000))))


class HttpRoutes:
    """A bridge's routes: each op's URL, parsed once."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self._urls: Dict[str, httpx.URL] = {}

    def url(self, service: str, op: str) -> httpx.URL:
        route = service + " " + op
        url = self._urls.get(route)
        if url is None:
            url = self._urls[route] = httpx.URL(f"{self.base_url}/v1/{quote(service, safe='')}/{quote(op, safe='')}")
        return url


class HttpCall:
    """A call's request, its deadline, and the retries left to it under ``retry``.

    The first attempt of a call that names no timeout of its own sends only the headers of the call itself (token,
    key): the pool's defaults carry the client's timeout as the bridge's wait, as they carry the body's type. Later
    attempts, and calls with a timeout of their own, ask the bridge to wait only what is left.
    """

    __slots__ = ("service", "op", "url", "body", "key", "deadline", "retry", "retries", "_own", "_own_timeout")

    def __init__(
        self,
        routes: HttpRoutes,
        retry: Retry,
        service: str,
        op: str,
        args: Optional[Mapping[str, Any]],
        token: Optional[str],
        idempotency_key: IdempotencyKey,
        timeout: Optional[float],
        default_timeout: float,
    ) -> None:
        self.service = service
        self.op = op
        self.url = routes.url(service, op)
        self.body = encode_json(args if type(args) is dict else dict(args or {}))
        self.key = key_to_send(idempotency_key, service, op)
        own: Optional[Dict[str, str]] = None
        if token is not None:
            own = {"Authorization": "Bearer " + token}
        if self.key is not None:
            own = {**(own or {}), "Idempotency-Key": self.key}
        trace = trace_fields()  # the caller's, read as the call starts
        if trace:
            own = {**(own or {}), **trace}
        self._own = own
        self._own_timeout = timeout is not None
        self.deadline = time.monotonic() + (default_timeout if timeout is None else timeout)
        self.retry = retry
        self.retries = 0

    def attempt(self, pool_timeout: httpx.Timeout) -> Tuple[Optional[Dict[str, str]], Union[float, httpx.Timeout]]:
        """The next attempt's headers (beyond the pool's) and its httpx timeout (``pool_timeout`` or what is left);
        raises :class:`~reckon.DeadlineExceeded` when the call's deadline has passed."""
        if self.retries == 0 and not self._own_timeout:
            return self._own, pool_timeout
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise DeadlineExceeded(f"no answer from {self.service} in time")
        return {**(self._own or {}), "Request-Timeout": wait_header(left)}, left

    def pause_after(self, error: Error) -> Optional[float]:
        """Seconds to wait before the next attempt after ``error``, or ``None`` when there is none to make."""
        pause = self.retry.pause(
            error,
            retries_so_far=self.retries,
            deadline=self.deadline,
            safe=safe_to_repeat(self.service, self.op, self.key),
        )
        self.retries += 1
        return pause
