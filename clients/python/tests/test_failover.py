"""Failover between two gateways: one is stopped while a call waits, and then SIGKILLed while keyed ledger writes are
in flight; no call safe to repeat may fail, and no write may be lost or doubled, which the ledger's own state shows
(each bill's description appears exactly once). The first gateway is SIGKILLed last, by the last test."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections import Counter
from typing import Iterator, List

import pytest

import reckon
from households import Person, household, sign_up
from reckon import calc, ledger, orders
from stack import Stack

WRITES = 150
KILL_AFTER = 40
IN_FLIGHT = 10


@pytest.fixture(scope="module")
def two_gateways() -> Iterator[Stack]:
    started = Stack(gateways=2).start()
    try:
        yield started
    finally:
        started.stop()


def test_a_blocking_call_waiting_alone_fails_over_when_its_gateway_stops(two_gateways: Stack) -> None:
    """The client's gateway is stopped (SIGSTOP) once the client knows it: a call made alone waits on its socket for
    failover_after, then on the loop, whose probe goes unanswered; the call is sent again through the other gateway
    and answered there, long before its 20 s timeout. It is a pure op sent without a key (``idempotency_key=None``):
    it changes nothing, so it is safe to send again all the same. It is answered while its gateway is stopped, so
    through the other; where the client points afterwards is not checked, since a gateway slower than failover_after
    (both cores busy) rightly sends it on round the list."""
    with reckon.Client(two_gateways.endpoints, timeout=20, failover_after=0.3) as client:
        assert calc.evaluate(client, expression="1+1", idempotency_key=None)["value"] == "2"
        with stopped(gateway_in_use(two_gateways, client)):
            assert calc.evaluate(client, expression="2+3", idempotency_key=None)["value"] == "5"


def test_a_write_without_a_key_fails_when_its_gateway_stops(two_gateways: Stack) -> None:
    """A write sent with ``idempotency_key=None`` is never sent twice: when its gateway stops before replying, the
    call fails with ``Unavailable``, saying its outcome is unknown, while a keyed one goes through the other."""
    with reckon.Client(two_gateways.endpoints, timeout=20, failover_after=0.3) as client:
        assert orders.cart_create(client, idempotency_key=None)["cartId"]
        with stopped(gateway_in_use(two_gateways, client)):
            with pytest.raises(reckon.Unavailable, match="outcome is unknown"):
                orders.cart_create(client, idempotency_key=None)
            assert orders.cart_create(client, idempotency_key="failover-cart")["cartId"]


def gateway_in_use(stack: Stack, client: reckon.Client) -> int:
    """The process id of the gateway ``client`` sends its calls to now: the first, unless a call slower than twice
    failover_after (both cores busy) has already moved it on."""
    return stack.gateway_pids()[stack.endpoints.index(client.active_endpoint)]


@contextlib.contextmanager
def stopped(pid: int) -> Iterator[None]:
    """The process ``pid`` stopped (SIGSTOP) for the block, and continued after it."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


async def write_bills(stack: Stack, owner: Person, flat: str) -> List[BaseException]:
    """Adds WRITES bills, IN_FLIGHT at a time, each under its own key; SIGKILLs the first gateway after KILL_AFTER
    have been answered. Returns the calls' errors."""
    answered = 0
    slots = asyncio.Semaphore(IN_FLIGHT)
    killed = asyncio.Event()

    async def write(number: int) -> None:
        nonlocal answered
        async with slots:
            await ledger.bills_add_async(
                aclient, household_id=flat, description=f"bill {number}", amount="1.00", paid_by=owner.user_id,
                split={"kind": "equal"}, token=owner.token, idempotency_key=f"bill-{number}",
            )
        answered += 1
        if answered == KILL_AFTER:
            os.kill(stack.gateway_pids()[0], signal.SIGKILL)
            killed.set()

    async with reckon.AsyncClient(stack.endpoints, timeout=20, failover_after=0.3) as aclient:
        outcomes = await asyncio.gather(*[write(number) for number in range(WRITES)], return_exceptions=True)
        assert killed.is_set()  # the writes after it were answered through the second gateway
    return [outcome for outcome in outcomes if isinstance(outcome, BaseException)]


def test_no_keyed_call_lost_or_doubled_when_a_gateway_dies(two_gateways: Stack) -> None:
    with reckon.Client(two_gateways.endpoints[1], timeout=10) as client:
        owner = sign_up(client, "fo")
        flat = household(client, owner, [])
        errors = asyncio.run(write_bills(two_gateways, owner, flat))
        bills = ledger.bills_list(client, household_id=flat, limit=500, token=owner.token)["bills"]
    counts = Counter(bill["description"] for bill in bills)
    lost = len(errors) + sum(1 for number in range(WRITES) if counts[f"bill {number}"] == 0)
    doubled = sum(count - 1 for count in counts.values() if count > 1)
    print(f"failover: {WRITES} keyed writes, {lost} lost, {doubled} doubled, errors {errors[:3]}")
    assert (lost, doubled) == (0, 0)
