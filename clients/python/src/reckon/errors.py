"""Typed exceptions, one class per wire error code (docs/api.md, "Errors").

Every failed call raises a subclass of :class:`Error`; a code this release does not know yet raises :class:`Error`
itself, with the code in ``.code``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Dict, List, Mapping, Optional, Type


class Error(Exception):
    """A failed call: the reply's error, or the client's own (timeout, failover, closed client).

    Attributes:
        code: the wire code (``invalid_argument``, ``unavailable`` …).
        message: a sentence for a person; not stable, do not parse it.
        field: the argument at fault (``expression``, ``income.interest``), when one is.
        details: ``[{field, code, message}]`` entries, when the service gives them.
        retry_after: whole seconds to wait before trying again (``retryAfterSeconds``), when given.
    """

    code: str
    wire_code: ClassVar[Optional[str]] = None

    def __init__(
        self,
        message: str,
        *,
        code: Optional[str] = None,
        field: Optional[str] = None,
        details: Optional[List[Dict[str, Any]]] = None,
        retry_after: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.code = code or self.wire_code or "unknown"
        self.message = message
        self.field = field
        self.details = details or []
        self.retry_after = retry_after

    def __str__(self) -> str:
        where = f" (field {self.field})" if self.field else ""
        return f"{self.code}: {self.message}{where}"


class InvalidArgument(Error):
    """An argument is missing, of the wrong type, out of range or inconsistent; see ``.field`` and ``.details``."""

    wire_code = "invalid_argument"


class MalformedRequest(Error):
    """The request body is not one JSON object with a string ``op``."""

    wire_code = "malformed_request"


class UnknownOp(Error):
    """The service has no such op."""

    wire_code = "unknown_op"


class UnknownService(Error):
    """No worker has served a service of that name since the gateway started (``field`` is ``service``)."""

    wire_code = "unknown_service"


class NotFound(Error):
    """The thing named does not exist (unit, currency, cart, order, bill …)."""

    wire_code = "not_found"


class AlreadyExists(Error):
    """Reserved: no op returns it in this release."""

    wire_code = "already_exists"


class Conflict(Error):
    """An idempotency key reused with other arguments, or a write that collided with another."""

    wire_code = "conflict"


class FailedPrecondition(Error):
    """The system is not in the state the op needs (expired cart, stock ran out, no rates loaded …)."""

    wire_code = "failed_precondition"


class Unauthenticated(Error):
    """The op needs a token and the request had none (or it is not valid)."""

    wire_code = "unauthenticated"


class PermissionDenied(Error):
    """The token does not allow the op."""

    wire_code = "permission_denied"


class ResourceExhausted(Error):
    """A queue is full or a limit was hit; ``.retry_after`` says how long to wait when the gateway knows."""

    wire_code = "resource_exhausted"


class Unavailable(Error):
    """No worker serves the service, the outcome of an unkeyed call is unknown after a failover, or the client is
    closed."""

    wire_code = "unavailable"


class DeadlineExceeded(Error):
    """No reply in time: the call's timeout passed, or the gateway's or worker's deadline did."""

    wire_code = "deadline_exceeded"


class Internal(Error):
    """An unexpected failure in the service or the gateway."""

    wire_code = "internal"


ERROR_CLASSES: Mapping[str, Type[Error]] = {
    cls.wire_code: cls
    for cls in (
        InvalidArgument,
        MalformedRequest,
        UnknownOp,
        UnknownService,
        NotFound,
        AlreadyExists,
        Conflict,
        FailedPrecondition,
        Unauthenticated,
        PermissionDenied,
        ResourceExhausted,
        Unavailable,
        DeadlineExceeded,
        Internal,
    )
    if cls.wire_code is not None
}


def error_from_wire(error: Any) -> Error:
    """The exception for a reply's ``error`` object (``{code, message, field?, details?, retryAfterSeconds?}``)."""
    if not isinstance(error, dict):
        return Internal(f"reply has a malformed error: {error!r}")
    code = error.get("code")
    code = code if isinstance(code, str) else "unknown"
    message = error.get("message")
    field = error.get("field")
    details = error.get("details")
    retry_after = error.get("retryAfterSeconds")
    return ERROR_CLASSES.get(code, Error)(
        message if isinstance(message, str) else code,
        code=code,
        field=field if isinstance(field, str) else None,
        details=[d for d in details if isinstance(d, dict)] if isinstance(details, list) else None,
        retry_after=retry_after if isinstance(retry_after, int) else None,
    )
