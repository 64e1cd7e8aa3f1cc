"""Idempotency keys: what a call's ``idempotency_key`` takes, and the key it then sends."""

from __future__ import annotations

import enum
import os
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
    return _fresh_uuid() if isinstance(choice, KeyChoice) else choice


def _fresh_uuid() -> str:
    """A random (version 4) UUID's text, as ``str(uuid.uuid4())`` gives it, in about half its time."""
    bits = int.from_bytes(os.urandom(16), "big") & _CLEAR | _SET
    text = f"{bits:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


_CLEAR = ~((0xF000 << 64) | (0xC000 << 48))  # the version's 4 bits and the variant's 2
_SET = (0x4000 << 64) | (0x8000 << 48)  # version 4, RFC 4122's variant
