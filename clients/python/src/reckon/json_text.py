"""The JSON text of requests: compact, with ``Decimal`` values as their exact decimal strings."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any


def _exact_decimal(value: object) -> object:
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


_ENCODER = json.JSONEncoder(separators=(",", ":"), default=_exact_decimal)  # made once: json.dumps makes one a call


def encode_json(value: Any) -> bytes:
    """``value`` as compact JSON (UTF-8); a ``Decimal`` goes as its exact string."""
    return _ENCODER.encode(value).encode()
