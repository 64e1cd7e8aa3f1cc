"""Reckon's Python client: request-reply with Reckon's services through its ZeroMQ Majordomo gateways
(``tcp://…``) or its HTTP bridge (``https://…``).

``Client`` blocks, ``AsyncClient`` runs on asyncio; over ZeroMQ both take several gateways and fail over between
them, over HTTP both retry what is safe to repeat. Failed calls raise a subclass of ``reckon.Error``, one per wire
code, whichever the transport. ``reckon.calc``, ``reckon.orders``, ``reckon.ledger`` and ``reckon.gateway`` have a
typed function per op, generated from the services' ``ops`` replies.
"""

from .async_client import AsyncClient
from .client import Client
from .curve import Curve
from .endpoints import Endpoints
from .errors import (
    AlreadyExists,
    Conflict,
    DeadlineExceeded,
    Error,
    FailedPrecondition,
    Internal,
    InvalidArgument,
    MalformedRequest,
    NotFound,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
    UnknownOp,
    UnknownService,
)
from .keys import FRESH_KEY, IdempotencyKey
from .retry import NO_RETRY, Retry
from .version import __version__

__all__ = [
    "calc",
    "gateway",
    "ledger",
    "orders",
    "FRESH_KEY",
    "NO_RETRY",
    "AlreadyExists",
    "AsyncClient",
    "Client",
    "Conflict",
    "Curve",
    "DeadlineExceeded",
    "Endpoints",
    "Error",
    "FailedPrecondition",
    "IdempotencyKey",
    "Internal",
    "InvalidArgument",
    "MalformedRequest",
    "NotFound",
    "PermissionDenied",
    "Retry",
    "ResourceExhausted",
    "Unauthenticated",
    "Unavailable",
    "UnknownOp",
    "UnknownService",
    "__version__",
]

from . import calc, gateway, ledger, orders  # noqa: E402  (they import the clients above)
