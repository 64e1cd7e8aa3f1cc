"""What reckon-http's answers mean to a caller (docs/http.md): a 200's body is the op's result, as the ZeroMQ reply's
``result`` would be; any other answer raises the same :class:`~reckon.Error` the ZeroMQ reply's error would."""

from __future__ import annotations

import csv
import email.utils
import io
import json
import time
from typing import Any, Callable, Dict, Optional, Tuple, Type

import httpx

from .errors import (
    Conflict,
    DeadlineExceeded,
    Error,
    Internal,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
    error_from_wire,
)


def _csv_result(text: str) -> Dict[str, Any]:
    """``export.csv``'s result: the CSV and its data rows (the header row not counted; a quoted cell may hold line
    breaks, so rows are read, not lines)."""
    return {"csv": text, "rows": max(0, sum(1 for _ in csv.reader(io.StringIO(text, newline=""))) - 1)}


def _calendar_result(text: str) -> Dict[str, Any]:
    return {"calendar": text}


FILE_RESULTS: Dict[Tuple[str, str], Callable[[str], Dict[str, Any]]] = {
    ("ledger", "export.csv"): _csv_result,
    ("ledger", "events.ical"): _calendar_result,
}
"""The ops reckon-http answers with a file rather than JSON (docs/http.md, "Files"), and how to rebuild the result
object the ZeroMQ reply carries from the file's text."""

# The class for an answer that is not a Reckon problem (from a proxy in front of the bridge, say), by status.
_STATUS_CLASSES: Dict[int, Type[Error]] = {
    400: InvalidArgument,
    401: Unauthenticated,
    403: PermissionDenied,
    404: NotFound,
    408: DeadlineExceeded,
    409: Conflict,
    413: ResourceExhausted,
    429: ResourceExhausted,
    502: Unavailable,
    503: Unavailable,
    504: DeadlineExceeded,
}


def result_of(service: str, op: str, response: httpx.Response) -> Any:
    """The op's result in a 200 answer (the same value the ZeroMQ reply's ``result`` holds); raises the typed error
    of any other."""
    if response.status_code != 200:
        raise error_of(response)
    rebuild = FILE_RESULTS.get((service, op))
    if rebuild is not None:
        return rebuild(response.text)
    try:
        return json.loads(response.content.decode())  # JSON is UTF-8 (RFC 8259); from bytes, json guesses first
    except ValueError:
        raise Internal(f"the answer from {response.url} is not JSON") from None


def error_of(response: httpx.Response) -> Error:
    """The typed error of an answer other than 200: from the problem's wire members (``code``, ``message``,
    ``field``, ``details``, ``retryAfterSeconds``), else from its status; ``Retry-After`` fills a missing
    ``retry_after``."""
    try:
        problem = json.loads(response.content)
    except ValueError:
        problem = None
    if isinstance(problem, dict) and isinstance(problem.get("code"), str):
        error = error_from_wire(problem)
    else:
        cls = _STATUS_CLASSES.get(response.status_code, Internal)
        error = cls(f"HTTP {response.status_code} {response.reason_phrase} from {response.url}")
    if error.retry_after is None:
        error.retry_after = retry_after_seconds(response.headers.get("Retry-After"))
    return error


def retry_after_seconds(value: Optional[str]) -> Optional[int]:
    """``Retry-After`` (RFC 9110, 10.2.3) as whole seconds from now: delay-seconds, or an HTTP date."""
    if value is None:
        return None
    if value.strip().isdigit():
        return int(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0, round(when.timestamp() - time.time()))


def transport_error(failure: httpx.HTTPError) -> Error:
    """The error for a call the bridge never answered: no connection, a broken one, or no answer in time."""
    if isinstance(failure, (httpx.ConnectTimeout, httpx.PoolTimeout)):
        return Unavailable(f"could not reach the bridge in time: {failure!r}")
    if isinstance(failure, httpx.TimeoutException):
        return DeadlineExceeded(f"no answer from the bridge in time: {failure!r}")
    return Unavailable(f"the bridge could not be reached or dropped the connection: {failure!r}")
