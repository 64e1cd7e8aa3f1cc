"""Which calls carry a fresh idempotency key: writes, and ops this release does not know; never a pure or read op,
which changes nothing and is safe to send again without one."""

from __future__ import annotations

import re

from reckon.keys import FRESH_KEY, key_to_send

UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def test_a_fresh_key_goes_on_writes_and_unknown_ops_only() -> None:
    assert key_to_send(FRESH_KEY, "calc", "evaluate") is None  # pure
    assert key_to_send(FRESH_KEY, "gateway", "ping") is None  # read
    first, second = key_to_send(FRESH_KEY, "ledger", "bills.add"), key_to_send(FRESH_KEY, "ledger", "bills.add")
    assert first is not None and second is not None
    assert UUID4.match(first) and UUID4.match(second) and first != second
    unknown = key_to_send(FRESH_KEY, "calc", "an-op-of-a-later-release")
    assert unknown is not None and UUID4.match(unknown)


def test_the_callers_own_key_or_none_goes_as_given() -> None:
    assert key_to_send("order-42", "calc", "evaluate") == "order-42"
    assert key_to_send(None, "ledger", "bills.add") is None
