"""``Client`` over HTTP: calls through reckon-http on an ``httpx.Client`` (a pool of HTTP/1.1 keep-alive
connections, safe to share between threads), each blocking only its caller."""

from __future__ import annotations

import time
from typing import Any, Mapping, Optional

import httpx

from .errors import Error
from .http_answers import result_of, transport_error
from .http_call import HttpCall
from .http_transport import HttpTransport, pool_options
from .keys import FRESH_KEY, IdempotencyKey
from .retry import Retry
from .transport import Verify


class HttpBlockingTransport(HttpTransport[httpx.Client]):
    """:class:`~reckon.Client`'s calls to one reckon-http bridge at ``base_url``."""

    def __init__(self, base_url: str, *, timeout: float, retry: Retry, verify: Verify) -> None:
        super().__init__(base_url, httpx.Client(**pool_options(timeout, verify)), timeout=timeout, retry=retry)

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
        call = self._begin(service, op, args, token, idempotency_key, timeout)
        while True:
            try:
                return result_of(service, op, self._send(call))
            except Error as error:
                pause = self._pause_after(call, error)
                if pause is None:
                    raise
            time.sleep(pause)

    def _send(self, call: HttpCall) -> httpx.Response:
        self._refuse_if_closed()
        headers, timeout = call.attempt(self._http.timeout)
        try:
            return self._http.post(call.url, content=call.body, headers=headers, timeout=timeout)
        except httpx.HTTPError as failure:
            raise transport_error(failure) from failure

    def close(self) -> None:
        """Closes the pool; later calls fail with :class:`~reckon.Unavailable`. A call in flight on another thread
        ends with its answer or its timeout."""
        self._closed = True
        self._http.close()
