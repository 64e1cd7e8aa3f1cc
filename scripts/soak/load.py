"""The soak test's load (scripts/soak.sh): calc sums, orders and ledger bills through every gateway given, with the
Python client's failover, for a while; records every acknowledged write so that scripts/soak/check.py can look for
it in the database.

Each of the tasks repeats a round, at most --rate rounds a second between them all: a calc sum with a known answer (no idempotency key: a sum caught by a fault fails with a
transient error, counted), an order (cart.create, cart.add of 1 to 3 poutines, order.place) and a one-payer bill in
a household of two, each write under a key of its own and sent again under it while the answer is transient. Every
write is recorded as one JSON line when it is acknowledged ({"kind", "key", ...}), and as {"kind", "key",
"acked": false} when the load gave up on it, so the check can tell a write that may have landed from a doubled one. Each task makes a new client every
--client-seconds, preferring the gateways in turn, so a gateway's death is felt by the clients using it at the time
throughout the run (a client that failed over stays on the other gateway).

    load.py --endpoints tcp://A:5555,tcp://B:5555 --seconds 180 --acks FILE --ready FILE --summary FILE
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, List, TextIO, TypeVar

import reckon
from reckon import calc, ledger, orders

T = TypeVar("T")
TRANSIENT = (reckon.Unavailable, reckon.DeadlineExceeded)
FORM = {"name": "Soak Customer", "phone": "416-555-0199", "address": {"street": "12 King St W", "city": "Toronto",
        "postalCode": "M5H 1A1"}}


@dataclass
class Household:
    """A household of two members, each with a session."""

    id: str
    members: List[Dict[str, str]]


@dataclass
class Tally:
    """What the load saw."""

    rounds: int = 0
    sums_right: int = 0
    sums_wrong: int = 0
    sums_failed: Counter[str] = field(default_factory=Counter)
    acknowledged: Counter[str] = field(default_factory=Counter)
    given_up: Counter[str] = field(default_factory=Counter)
    resends: Counter[str] = field(default_factory=Counter)
    errors: List[str] = field(default_factory=list)


class Load:
    def __init__(self, endpoints: List[str], acks: TextIO, options: argparse.Namespace) -> None:
        self.endpoints = endpoints
        self.acks = acks
        self.patience: float = options.patience
        self.client_seconds: float = options.client_seconds
        self.round_seconds: float = options.tasks / options.rate
        self.tally = Tally()

    def record(self, kind: str, key: str, **fields: Any) -> None:
        self.tally.acknowledged[kind] += 1
        self.acks.write(json.dumps({"kind": kind, "key": key, **fields}) + "\n")
        self.acks.flush()

    async def keyed(self, kind: str, key: str, call: Callable[[str], Awaitable[T]]) -> T:
        """Makes a keyed write, and makes it again under the same key while the answer is transient and patience
        lasts; a write given up on is recorded as such before the error goes up."""
        deadline = time.monotonic() + self.patience
        while True:
            try:
                return await call(key)
            except TRANSIENT as error:
                self.tally.resends[error.code] += 1
                if time.monotonic() >= deadline:
                    self.give_up(kind, key)
                    raise
            except reckon.Error:
                self.give_up(kind, key)
                raise
            await asyncio.sleep(0.2)

    def give_up(self, kind: str, key: str) -> None:
        self.tally.given_up[kind] += 1
        self.acks.write(json.dumps({"kind": kind, "key": key, "acked": False}) + "\n")
        self.acks.flush()

    async def sum(self, client: reckon.AsyncClient, value: int) -> None:
        try:
            result = await calc.evaluate_async(client, expression=f"{value // 1000}*1000+{value % 1000}",
                                               idempotency_key=None)
        except TRANSIENT as error:
            self.tally.sums_failed[error.code] += 1
            return
        if result["value"] == str(value):
            self.tally.sums_right += 1
        else:
            self.tally.sums_wrong += 1
            self.tally.errors.append(f"{value} came back as {result['value']}")

    async def order(self, client: reckon.AsyncClient, key: str, quantity: int) -> None:
        cart = await self.keyed("cart", key + "-cart", lambda k: orders.cart_create_async(client, idempotency_key=k))
        self.record("cart", key + "-cart", cartId=cart["cartId"])
        await self.keyed("line", key + "-add", lambda k: orders.cart_add_async(
            client, cart_id=cart["cartId"], item_id="poutine", quantity=quantity, idempotency_key=k))
        self.record("line", key + "-add", cartId=cart["cartId"], quantity=quantity)
        placed = await self.keyed("order", key + "-place", lambda k: orders.order_place_async(
            client, cart_id=cart["cartId"], form=FORM, idempotency_key=k))
        self.record("order", key + "-place", orderId=placed["orderId"], cartId=cart["cartId"], quantity=quantity)

    async def bill(self, client: reckon.AsyncClient, key: str, home: Household, payer: int, cents: int) -> None:
        member = home.members[payer]
        added = await self.keyed("bill", key, lambda k: ledger.bills_add_async(
            client, household_id=home.id, description=key, amount=f"{cents // 100}.{cents % 100:02d}",
            paid_by=member["userId"], split={"kind": "equal"}, token=member["token"], idempotency_key=k))
        self.record("bill", key, billId=added["billId"], householdId=home.id, cents=cents)

    async def task(self, number: int, run: str, home: Household, until: float) -> None:
        """Rounds until ``until``, paced to one per ``round_seconds``, through a new client every
        ``client_seconds`` that prefers the gateways in turn."""
        rounds = 0
        rng = random.Random(number)
        next_round = time.monotonic() + rng.random() * self.round_seconds
        for generation in itertools.count():
            if time.monotonic() >= until:
                return
            first = (number + generation) % len(self.endpoints)
            preferred = self.endpoints[first:] + self.endpoints[:first]
            retire = min(until, time.monotonic() + self.client_seconds)
            async with reckon.AsyncClient(preferred, timeout=30, failover_after=1.0) as client:
                while time.monotonic() < retire:
                    await asyncio.sleep(max(0.0, next_round - time.monotonic()))
                    next_round = max(next_round + self.round_seconds, time.monotonic() - self.round_seconds)
                    key = f"{run}-t{number}-r{rounds}"
                    try:
                        await self.sum(client, number * 1000 + rounds % 1000)
                        await self.order(client, key, rng.randint(1, 3))
                        await self.bill(client, key + "-bill", home, rounds % 2, rng.randint(1, 99_999))
                    except reckon.Error as error:
                        self.tally.errors.append(f"task {number} round {rounds}: {error}")
                        await asyncio.sleep(1)
                    rounds += 1
                    self.tally.rounds += 1


async def household(client: reckon.AsyncClient, run: str, number: int) -> Household:
    """Two new members, both signed in, and a household of them."""
    members = []
    for name in ("a", "b"):
        username = f"soak-{run}-{number}{name}"
        await ledger.auth_signup_async(client, username=username, password="correct horse battery")
        session = await ledger.auth_login_async(client, username=username, password="correct horse battery")
        members.append({"userId": session["user"]["userId"], "username": username, "token": session["token"]})
    home = (await ledger.household_create_async(client, name=f"Soak {number}", token=members[0]["token"]))["householdId"]
    request = await ledger.roommates_request_async(client, household_id=home, username=members[1]["username"],
                                                   token=members[0]["token"])
    await ledger.roommates_accept_async(client, request_id=request["requestId"], token=members[1]["token"])
    return Household(home, members)


async def main(options: argparse.Namespace) -> int:
    run = uuid.uuid4().hex[:8]
    endpoints = options.endpoints.split(",")
    async with reckon.AsyncClient(endpoints, timeout=30, failover_after=1.0) as client:
        homes = [await household(client, run, number) for number in range(options.households)]
    with open(options.ready, "w") as ready:
        ready.write("ready\n")
    until = time.monotonic() + options.seconds
    with open(options.acks, "w") as acks:
        load = Load(endpoints, acks, options)
        await asyncio.gather(*[load.task(number, run, homes[number % len(homes)], until)
                               for number in range(options.tasks)])
    tally = load.tally
    summary = {"rounds": tally.rounds, "sumsRight": tally.sums_right, "sumsWrong": tally.sums_wrong,
               "sumsFailed": dict(tally.sums_failed), "acknowledged": dict(tally.acknowledged),
               "givenUp": dict(tally.given_up), "resends": dict(tally.resends), "errors": tally.errors[:20],
               "errorCount": len(tally.errors)}
    with open(options.summary, "w") as out:
        json.dump(summary, out, indent=1)
    print("load:", json.dumps(summary))
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endpoints", required=True, help="the gateways' client endpoints, a comma list")
    parser.add_argument("--seconds", type=float, required=True, help="how long new rounds start")
    parser.add_argument("--acks", required=True, help="where acknowledged writes go, a JSON line each")
    parser.add_argument("--ready", required=True, help="written once the households exist and the load starts")
    parser.add_argument("--summary", required=True, help="the load's counts, as JSON")
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("--households", type=int, default=2)
    parser.add_argument("--patience", type=float, default=120.0, help="seconds a keyed write is sent again")
    parser.add_argument("--rate", type=float, default=40.0, help="rounds a second, all tasks together, at most")
    parser.add_argument("--client-seconds", type=float, default=60.0, help="how long a task keeps one client")
    raise SystemExit(asyncio.run(main(parser.parse_args())))
