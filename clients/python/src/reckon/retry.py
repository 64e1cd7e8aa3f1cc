"""When an HTTP call is tried again: which calls are safe to repeat, and how long to wait before each retry."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Optional

from .effects import EFFECTS
from .errors import Error, ResourceExhausted, Unavailable


@dataclass(frozen=True)
class Retry:
    """How a client over HTTP tries a call again after ``unavailable`` (503, or no connection) or
    ``resource_exhausted`` (429).

    Only calls that are safe to repeat are tried again: ops whose effect is ``pure`` or ``read``, and writes that
    carry an idempotency key (every call does unless it passes ``idempotency_key=None``). A write without a key is
    never sent twice. Retries stop at the call's timeout: a wait that would pass it is not made, and the last error
    is raised. Whatever the backoff, a retry waits at least the ``Retry-After`` the refusal carried.

    Attributes:
        attempts: tries in all, the first included; 1 turns retries off.
        backoff: seconds before the first retry; each later one waits twice the one before, up to ``max_backoff``.
        max_backoff: the longest wait the doubling reaches.
        jitter: the share of each wait that is drawn at random, from 0 (none: waits exactly as above) to 1 (the
            wait is anywhere from 0 to its full length: "full jitter"), so clients refused together do not come
            back together.
    """

    attempts: int = 3
    backoff: float = 0.1
    max_backoff: float = 2.0
    jitter: float = 1.0

    def __post_init__(self) -> None:
        if self.attempts < 1 or self.backoff < 0 or self.max_backoff < 0 or not 0 <= self.jitter <= 1:
            raise ValueError(f"not a usable retry policy: {self}")

    def pause(self, error: Error, *, retries_so_far: int, deadline: float, safe: bool) -> Optional[float]:
        """Seconds to wait before trying again after ``error``, or ``None`` when the call must not be tried again."""
        if not safe or retries_so_far + 1 >= self.attempts or not isinstance(error, (Unavailable, ResourceExhausted)):
            return None
        doubled = min(self.max_backoff, self.backoff * 2**retries_so_far)
        wait = max(float(error.retry_after or 0), doubled * (1 - self.jitter * random.random()))
        return wait if time.monotonic() + wait < deadline else None


NO_RETRY = Retry(attempts=1)
"""A policy that never tries a call again."""


def changes_nothing(service: str, op: str) -> bool:
    """Whether the op's effect is ``pure`` or ``read`` (an op this release does not know counts as a write)."""
    return EFFECTS.get(service, {}).get(op) in ("pure", "read")


def safe_to_repeat(service: str, op: str, idempotency_key: Optional[str]) -> bool:
    """Whether a call may be sent again: it carries a key, or its op changes nothing."""
    return idempotency_key is not None or changes_nothing(service, op)
