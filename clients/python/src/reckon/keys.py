"""Idempotency keys: what a call's ``idempotency_key`` takes, and the key it then sends."""

from __future__ import annotations

import enum
import uuid
from typing import Optional, Union


class KeyChoice(enum.Enum):
    """The default of ``idempotency_key``: a fresh key (a UUID) for every call."""

    FRESH = "fresh"


FRESH_KEY = KeyChoice.FRESH
"""Pass as ``idempotency_key`` (the default) for a fresh key per call; pass ``None`` for no key at all."""

IdempotencyKey = Union[str, None, KeyChoice]
"""What ``idempotency_key`` takes: a key of your own, :data:`FRESH_KEY`, or ``None``."""


def key_to_send(choice: IdempotencyKey) -> Optional[str]:
    """The key a call carries: the caller's own, a fresh UUID for :data:`FRESH_KEY`, or none."""
    return str(uuid.uuid4()) if isinstance(choice, KeyChoice) else choice
