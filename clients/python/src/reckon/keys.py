"""Idempotency keys: what a call's ``idempotency_key`` takes, and the key it then sends."""

from __future__ import annotations

import enum
import os
from typing import Optional, Union

from .retry import changes_nothing


class KeyChoice(enum.Enum):
    """The default of ``idempotency_key``: a fresh key (a UUID) for every call of an op that may write."""

    FRESH = "fresh"


FRESH_KEY = KeyChoice.FRESH
"""Pass as ``idempotency_key`` (the default) for a fresh key on each call of an op that may write (a ``pure`` or
``read`` op changes nothing, so it needs none); pass ``None`` for no key at all."""

IdempotencyKey = Union[str, None, KeyChoice]
"""What ``idempotency_key`` takes: a key of your own, :data:`FRESH_KEY`, or ``None``."""


def key_to_send(choice: IdempotencyKey, service: str, op: str) -> Optional[str]:
    """The key a call of ``op`` on ``service`` carries: the caller's own; for :data:`FRESH_KEY`, a fresh UUID when
    the op may write (an op this release does not know counts as a write) and none when it changes nothing; none
    for ``None``."""
    if isinstance(choice, KeyChoice):
        return None if changes_nothing(service, op) else _fresh_uuid()
    return choice


def _fresh_uuid() -> str:
    """A random (version 4) UUID's text, as ``str(uuid.uuid4())`` gives it, in about half its time."""
    bits = int.from_bytes(os.urandom(16), "big") & _CLEAR | _SET
    text = f"{bits:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


_CLEAR = ~((0xF000 << 64) | (0xC000 << 48))  # the version's 4 bits and the variant's 2
_SET = (0x4000 << 64) | (0x8000 << 48)  # version 4, RFC 4122's variant
