"""Reckon's Python client: request-reply with Reckon's services through its ZeroMQ Majordomo gateways.

``Client`` blocks, ``AsyncClient`` runs on asyncio; both take several gateways and fail over between them. Failed
calls raise a subclass of ``reckon.Error``, one per wire code. ``reckon.calc``, ``reckon.orders``, ``reckon.ledger``
and ``reckon.gateway`` have a typed function per op, generated from the services' ``ops`` replies.
"""

from .async_client import FRESH_KEY, AsyncClient, Endpoints, IdempotencyKey
from .client import Client
from .curve import Curve
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

__all__ = [
    "calc",
    "gateway",
    "ledger",
    "orders",
    "FRESH_KEY",
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
    "ResourceExhausted",
    "Unauthenticated",
    "Unavailable",
    "UnknownOp",
    "UnknownService",
]

from . import calc, gateway, ledger, orders  # noqa: E402  (they import the clients above)
