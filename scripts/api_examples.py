#!/usr/bin/env python3
"""Records one example request and reply for every op of every service from a live stack, and writes them as the
examples the op contracts carry (``OpContract.example``), which `ops`, docs/ops.json, docs/openapi.json and
docs/api.md show.

    api_examples.py record BIN ENDPOINT     writes Sources/Contracts/*/…Examples.swift
    api_examples.py check BIN ENDPOINT      exit 1, with the differences, when a fresh recording differs from the
                                            examples the running services list (their `ops` replies)

BIN holds the `reckon` CLI; ENDPOINT is the client endpoint of a fresh `reckon up` with the sample ECB rates and
the orders staff key (`DATA_DIR/staff-key`) in RECKON_STAFF_KEY (scripts/api-docs.sh starts one). The scenario
below calls every op once or more, in an order that makes each call valid (sign up, make a household, add a bill,
edit it, …); an op's example is its first call. An op the scenario leaves out is called at its end with the example
its args schema states, or with nothing but ids earlier replies gave (``unscripted``). Each example is checked
against the op's schemas by scripts/check-replies.py --examples, and its args and result decode into the op's own
types in the contract tests (ContractCheck).

A recording is made repeatable before it is compared or written:
- every UUID becomes a fixed one numbered in order of first appearance, and every session token likewise;
- every timestamp within 60 days of now moves to the same offset from 2026-11-29T09:00:00Z (rounded to the hour),
  an iCalendar DTSTAMP to that instant, and today's date to 2026-11-29 (a stock line's `daysLeft` is counted to its
  `bestBefore` from that date);
- amounts split evenly, so that no cent goes to a member chosen by the order of random ids;
- lists compare in any order (members come in the order of their random ids);
- `gateway health` and `gateway stats` count live traffic, so for them only the members compare, not the numbers.
"""
import datetime
import json
import os
import pathlib
import re
import subprocess
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
MODULES = {"gateway": "GatewayAPI", "calc": "CalcAPI", "orders": "OrdersAPI", "ledger": "LedgerAPI"}
LIVE_COUNTS = {("gateway", "health"), ("gateway", "stats")}
FIXED_NOW = datetime.datetime(2026, 11, 29, 9, 0, 0, tzinfo=datetime.timezone.utc)
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
TOKEN = re.compile(r"rk_[0-9a-f]{64}")
TIMESTAMP = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$")
STAMP = re.compile(r"DTSTAMP:\d{8}T\d{6}Z")


class Recorder:
    """Calls ops through the `reckon` CLI and keeps each op's first successful call."""

    def __init__(self, bin_dir, endpoint):
        self.cli = str(pathlib.Path(bin_dir) / "reckon")
        self.endpoint = endpoint
        self.examples = {}
        self.ids = {}

    def call(self, service, op, args=None, token=None):
        args = {} if args is None else args
        command = [self.cli, "call", service, op, "--args", json.dumps(args), "--endpoint", self.endpoint, "--json"]
        if token:
            command += ["--token", token]
        answer = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if answer.returncode != 0:
            sys.exit(f"{service} {op} {json.dumps(args)} failed: {answer.stderr.strip()}")
        result = json.loads(answer.stdout)
        self.examples.setdefault((service, op), {"args": args, "result": result})
        self.remember_ids(result, token)
        return result

    def remember_ids(self, value, token):
        """Keeps the last value each `…Id` member of a reply had, with the token of the call it came from."""
        if isinstance(value, dict):
            for name, member in value.items():
                if name.endswith("Id") and isinstance(member, str):
                    self.ids[name] = (member, token)
                self.remember_ids(member, token)
        elif isinstance(value, list):
            for member in value:
                self.remember_ids(member, token)


def unscripted(r):
    """Calls, once, each op the scenario leaves out that can be called from what the recording knows: with the first
    of its args schema's `examples` (JSON Schema's keyword), or with nothing but its required ids, every `…Id`
    argument being the last value the replies so far gave under that name (a `recurringId` from `recurring.add`),
    and the token of the call that gave the first of them. A new op needs no line in the scenario when its contract
    states such an example or takes only ids; else `check` finds it has no example."""
    for service in MODULES:
        for op in service_ops(r.cli, r.endpoint, service):
            schema = op.get("schema", {})
            required, given = schema.get("required", []), (schema.get("examples") or [{}])[0]
            ids = list(dict.fromkeys(name for name in [*required, *given] if name.endswith("Id")))
            if ((service, op["name"]) in r.examples or not (required or given)
                    or any(name not in given and name not in ids for name in required)
                    or any(name not in r.ids for name in ids)):
                continue
            token = r.ids[ids[0]][1] if ids else None
            r.call(service, op["name"], {**given, **{name: r.ids[name][0] for name in ids}}, token=token)


def scenario(r):
    """Calls every op, each first with the arguments its example shows."""
    gateway(r)
    calc(r)
    orders(r)
    ledger(r)


def gateway(r):
    r.call("gateway", "batch", {"requests": [
        {"service": "calc", "op": "evaluate", "args": {"expression": "6*7"}},
        {"service": "calc", "op": "convert", "args": {"value": "5", "from": "km", "to": "mi"}},
    ]})
    r.call("gateway", "health")
    r.call("gateway", "stats")
    r.call("gateway", "ping")
    r.call("gateway", "ops")


def calc(r):
    r.call("calc", "evaluate", {"expression": "(1 + 2) * 3 / 4", "digits": 10})
    r.call("calc", "convert", {"value": "72", "from": "degF", "to": "degC"})
    r.call("calc", "units", {"category": "temperature"})
    r.call("calc", "dateDiff", {"from": "2026-01-31", "to": "2026-03-01", "unit": "days"})
    r.call("calc", "dateAdd", {"date": "2026-01-31", "amount": 1, "unit": "months"})
    r.call("calc", "compoundInterest", {"principal": "10000", "ratePercent": "5", "years": 10,
                                        "compoundsPerYear": 12})
    r.call("calc", "loan", {"principal": "300000", "ratePercent": "5", "years": 25, "scheduleOmitted": True})
    r.call("calc", "stockRatios", {"price": "150", "earningsPerShare": "6.25", "dividendPerShare": "3"})
    r.call("calc", "cagr", {"start": "10000", "end": "20000", "years": 5})
    r.call("calc", "currency", {"amount": "100", "from": "EUR", "to": "CAD"})
    r.call("calc", "rates", {})
    r.call("calc", "ceiling.menu", {})
    r.call("calc", "ceiling.inputs", {"product": "regal_600x600"})
    r.call("calc", "ceiling.estimate", {"product": "regal_600x600",
                                        "inputs": {"length_m": "4.2", "width_m": "3.6", "drop_m": "0.2"}})
    r.call("calc", "tax.jurisdictions", {})
    r.call("calc", "tax.topics", {"query": "rrsp"})
    r.call("calc", "tax.estimate", {"province": "ON", "year": 2026, "income": {"employment": "85000"}})
    r.call("calc", "tax.topic", {"topic": "rrsp", "province": "ON", "year": 2026,
                                 "income": {"employment": "85000"}, "amount": "5000"})


def orders(r):
    form = {"name": "Sam Rivera", "phone": "416-555-0123",
            "address": {"street": "12 King St W", "city": "Toronto", "postalCode": "M5H 1A1"}}
    r.call("orders", "menu")
    staff = os.environ["RECKON_STAFF_KEY"]
    r.call("orders", "stock.set", {"itemId": "poutine", "remaining": 40}, token=staff)
    cart = r.call("orders", "cart.create")["cartId"]
    r.call("orders", "cart.get", {"cartId": cart})
    r.call("orders", "cart.add", {"cartId": cart, "itemId": "poutine", "quantity": 2})
    r.call("orders", "cart.addSale", {"cartId": cart, "saleId": "maritime-lunch"})
    r.call("orders", "cart.increment", {"cartId": cart, "itemId": "poutine"})
    r.call("orders", "cart.decrement", {"cartId": cart, "itemId": "poutine"})
    r.call("orders", "cart.remove", {"cartId": cart, "saleId": "maritime-lunch"})
    r.call("orders", "quote", {"cartId": cart})
    r.call("orders", "checkout.validate", {"cartId": cart, "form": form})
    order = r.call("orders", "order.place", {"cartId": cart, "form": form})["orderId"]
    r.call("orders", "order.get", {"orderId": order})
    r.call("orders", "order.updateStatus", {"orderId": order, "status": "accepted"}, token=staff)
    r.call("orders", "order.list", {"phone": "416-555-0123", "limit": 5}, token=staff)
    second = r.call("orders", "cart.create")["cartId"]
    r.call("orders", "cart.add", {"cartId": second, "itemId": "poutine"})
    r.call("orders", "order.cancel",
           {"orderId": r.call("orders", "order.place", {"cartId": second, "form": form})["orderId"]})
    order_webhooks(r, staff)


def order_webhooks(r, staff):
    # Subscribed once the orders above are made, so that nothing is delivered while the examples are recorded
    # (receiver.invalid never resolves, and only the redelivery is tried).
    hook = r.call("orders", "webhooks.subscribe", {"url": "https://receiver.invalid/orders", "events": ["order.*"],
                                                   "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
                  token=staff)["webhookId"]
    r.call("orders", "webhooks.list", token=staff)
    r.call("orders", "webhooks.deliveries", {"webhookId": hook}, token=staff)
    r.call("orders", "webhooks.resume", {"webhookId": hook}, token=staff)
    r.call("orders", "webhooks.redeliver", {"webhookId": hook, "cursor": 1}, token=staff)
    r.call("orders", "webhooks.unsubscribe", {"webhookId": hook}, token=staff)


def ledger(r):
    password = "correct horse battery"
    ana = r.call("ledger", "auth.signup", {"username": "ana", "password": password, "displayName": "Ana"})["userId"]
    for name in ("bob", "cyd", "dee"):
        r.call("ledger", "auth.signup", {"username": name, "password": password, "displayName": name.title()})
    a, b, c, d = (r.call("ledger", "auth.login", {"username": name, "password": password})["token"]
                  for name in ("ana", "bob", "cyd", "dee"))
    r.call("ledger", "auth.me", token=a)
    home = r.call("ledger", "household.create", {"name": "Flat 3B", "currency": "CAD"}, token=a)["householdId"]
    r.call("ledger", "household.list", token=a)
    r.call("ledger", "household.get", {"householdId": home}, token=a)
    invite = r.call("ledger", "roommates.request", {"householdId": home, "username": "bob"}, token=a)["requestId"]
    r.call("ledger", "roommates.list", {"householdId": home}, token=a)
    r.call("ledger", "roommates.wait", {"after": 0, "waitMs": 1000}, token=b)
    r.call("ledger", "roommates.accept", {"requestId": invite}, token=b)
    bob = next(m["userId"] for m in r.call("ledger", "household.get", {"householdId": home}, token=b)["members"]
               if m["username"] == "bob")
    declined = r.call("ledger", "roommates.request", {"householdId": home, "username": "cyd"}, token=a)["requestId"]
    r.call("ledger", "roommates.decline", {"requestId": declined}, token=c)
    retracted = r.call("ledger", "roommates.request", {"householdId": home, "username": "dee"}, token=a)["requestId"]
    r.call("ledger", "roommates.retract", {"requestId": retracted}, token=a)
    bills(r, a, home, ana, bob)
    household_items(r, a, home)
    records(r, a)
    events(r, a, home)
    exports(r, a, ana)
    imports(r, a, home)
    webhooks(r, a, home)
    r.call("ledger", "auth.changePassword", {"oldPassword": password, "newPassword": "a longer passphrase"}, token=d)
    r.call("ledger", "auth.logout", token=d)
    r.call("ledger", "roommates.leave", {"householdId": home, "confirm": True}, token=b)


def bills(r, a, home, ana, bob):
    bill = r.call("ledger", "bills.add", {"householdId": home, "description": "Groceries", "amount": "84.30",
                                          "date": "2026-11-20", "category": "groceries", "paidBy": ana,
                                          "split": {"kind": "equal"}}, token=a)
    r.call("ledger", "bills.get", {"billId": bill["billId"]}, token=a)
    r.call("ledger", "bills.edit", {"billId": bill["billId"], "version": bill["version"], "amount": "86.30"}, token=a)
    extra = r.call("ledger", "bills.add", {"householdId": home, "description": "Pizza", "amount": "30.00",
                                           "date": "2026-11-21", "paidBy": bob, "split": {"kind": "equal"}}, token=a)
    r.call("ledger", "bills.delete", {"billId": extra["billId"], "version": extra["version"]}, token=a)
    payment = r.call("ledger", "payments.record", {"householdId": home, "from": bob, "to": ana, "amount": "20.00",
                                                   "date": "2026-11-22", "note": "e-transfer"}, token=a)
    r.call("ledger", "payments.get", {"paymentId": payment["paymentId"]}, token=a)
    r.call("ledger", "payments.edit", {"paymentId": payment["paymentId"], "version": payment["version"],
                                       "note": "e-transfer, Nov 22"}, token=a)
    r.call("ledger", "payments.list", {"householdId": home, "limit": 10}, token=a)
    extra = r.call("ledger", "payments.record", {"householdId": home, "from": bob, "to": ana, "amount": "5.00",
                                                 "date": "2026-11-23"}, token=a)
    r.call("ledger", "payments.delete", {"paymentId": extra["paymentId"], "version": extra["version"]}, token=a)
    r.call("ledger", "balances", {"householdId": home}, token=a)
    r.call("ledger", "balances.history", {"householdId": home, "from": "2026-11-21"}, token=a)
    r.call("ledger", "settle.suggest", {"householdId": home}, token=a)
    rent = r.call("ledger", "recurring.add", {"householdId": home, "description": "Internet", "amount": "75.00",
                                              "frequency": "monthly", "start": "2027-01-01", "paidBy": ana,
                                              "split": {"kind": "equal"}}, token=a)["recurringId"]
    r.call("ledger", "recurring.list", {"householdId": home}, token=a)
    r.call("ledger", "recurring.pause", {"recurringId": rent}, token=a)
    r.call("ledger", "recurring.resume", {"recurringId": rent}, token=a)
    r.call("ledger", "recurring.end", {"recurringId": rent}, token=a)
    r.call("ledger", "activity.list", {"householdId": home, "limit": 2}, token=a)
    r.call("ledger", "activity.wait", {"householdId": home, "after": 3, "limit": 1, "waitMs": 1000}, token=a)


def exports(r, a, ana):
    """The exports of a small household of its own, so that their examples stay short."""
    cabin = r.call("ledger", "household.create", {"name": "Cabin", "currency": "CAD"}, token=a)["householdId"]
    r.call("ledger", "bills.add", {"householdId": cabin, "description": "Firewood", "amount": "45.00",
                                   "date": "2026-11-24", "paidBy": ana, "split": {"kind": "equal"}}, token=a)
    r.call("ledger", "export.csv", {"householdId": cabin, "what": "bills"}, token=a)
    r.call("ledger", "export.json", {"householdId": cabin}, token=a)


def imports(r, a, home):
    """A Splitwise export previewed: a dry run writes nothing, so the examples after it are unchanged."""
    splitwise = ("Date,Description,Category,Cost,Currency,Ana,Bob\r\n"
                 "2026-10-02,Groceries,Groceries,30.00,CAD,15.00,-15.00\r\n"
                 "2026-10-03,Bob paid Ana,Payment,15.00,CAD,-15.00,15.00\r\n")
    r.call("ledger", "import.start", {"householdId": home, "from": "splitwise", "file": splitwise, "dryRun": True},
           token=a)


def webhooks(r, a, home):
    # A .invalid host never resolves (RFC 2606), so the relay's one attempt (the redelivery) leaves the machine for
    # no one; the secret is the Standard Webhooks specification's example, so the answer is the same each time.
    hook = r.call("ledger", "webhooks.subscribe", {"householdId": home, "url": "https://receiver.invalid/reckon",
                                                   "events": ["bill.*", "payment.recorded"],
                                                   "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
                  token=a)["webhookId"]
    r.call("ledger", "webhooks.list", {"householdId": home}, token=a)
    r.call("ledger", "webhooks.deliveries", {"householdId": home, "webhookId": hook}, token=a)
    r.call("ledger", "webhooks.resume", {"householdId": home, "webhookId": hook}, token=a)
    r.call("ledger", "webhooks.redeliver", {"householdId": home, "webhookId": hook, "cursor": 1}, token=a)
    r.call("ledger", "webhooks.unsubscribe", {"householdId": home, "webhookId": hook}, token=a)


def household_items(r, a, home):
    milk = r.call("ledger", "shopping.add", {"householdId": home, "name": "Oat milk", "quantity": "2", "unit": "L"},
                  token=a)
    r.call("ledger", "shopping.list", {"householdId": home}, token=a)
    milk = r.call("ledger", "shopping.edit", {"itemId": milk["itemId"], "version": milk["version"], "quantity": "3"},
                  token=a)
    r.call("ledger", "shopping.bought", {"itemId": milk["itemId"], "version": milk["version"],
                                         "bill": {"amount": "7.48", "date": "2026-11-25"}, "location": "fridge",
                                         "bestBefore": "2027-01-10"}, token=a)
    soap = r.call("ledger", "shopping.add", {"householdId": home, "name": "Dish soap"}, token=a)
    r.call("ledger", "shopping.remove", {"itemId": soap["itemId"], "version": soap["version"]}, token=a)
    rice = r.call("ledger", "inventory.add", {"householdId": home, "name": "Rice", "quantity": "2", "unit": "kg",
                                              "location": "pantry", "bestBefore": "2027-06-01"}, token=a)["stock"]
    r.call("ledger", "inventory.list", {"householdId": home, "location": "pantry"}, token=a)
    rice = r.call("ledger", "inventory.edit", {"itemId": rice["itemId"], "version": rice["version"],
                                               "restock": True, "restockQuantity": "1"}, token=a)["stock"]
    rice = r.call("ledger", "inventory.consume", {"itemId": rice["itemId"], "quantity": "500", "unit": "g"},
                  token=a)["stock"]
    r.call("ledger", "inventory.remove", {"itemId": rice["itemId"]}, token=a)


def records(r, a):
    r.call("ledger", "profile.set", {"income": "72000", "province": "BC", "maritalStatus": "single"}, token=a)
    r.call("ledger", "profile.get", token=a)
    record = r.call("ledger", "records.save", {"op": "loan", "title": "Mortgage", "args": {
        "principal": "300000", "ratePercent": "5", "years": 25, "scheduleOmitted": True}}, token=a)["recordId"]
    r.call("ledger", "records.list", {"op": "loan"}, token=a)
    r.call("ledger", "records.get", {"recordId": record}, token=a)
    r.call("ledger", "records.rerun", {"recordId": record}, token=a)
    r.call("ledger", "records.delete", {"recordId": record}, token=a)


def events(r, a, home):
    event = r.call("ledger", "events.add", {"householdId": home, "title": "Bin day", "start": "2030-01-07",
                                            "allDay": True, "repeat": {"frequency": "weekly", "count": 4}}, token=a)
    r.call("ledger", "events.get", {"eventId": event["eventId"]}, token=a)
    r.call("ledger", "events.list", {"householdId": home, "from": "2030-01-01", "to": "2030-01-31"}, token=a)
    event = r.call("ledger", "events.edit", {"eventId": event["eventId"], "version": event["version"],
                                             "location": "The curb"}, token=a)
    r.call("ledger", "events.ical", {"householdId": home}, token=a)
    r.call("ledger", "events.delete", {"eventId": event["eventId"], "version": event["version"]}, token=a)


class Normalizer:
    """Makes a recording repeatable: fixed UUIDs and tokens numbered in order of first appearance, timestamps near
    now moved beside a fixed now."""

    def __init__(self):
        self.now = datetime.datetime.now(datetime.timezone.utc)
        self.names = {}

    def numbered(self, value, pattern):
        return self.names.setdefault(value, pattern.format(len(self.names) + 1))

    def text(self, value):
        if value == self.now.strftime("%Y-%m-%d"):
            return FIXED_NOW.strftime("%Y-%m-%d")
        match = TIMESTAMP.match(value)
        if match:
            when = datetime.datetime.fromisoformat(match.group(1)).replace(tzinfo=datetime.timezone.utc)
            offset = when - self.now
            if abs(offset) < datetime.timedelta(days=60):
                hours = round(offset.total_seconds() / 3600)
                moved = FIXED_NOW + datetime.timedelta(hours=hours)
                fraction = match.group(2) or ""
                return moved.strftime("%Y-%m-%dT%H:%M:%S") + ("." + "0" * (len(fraction) - 1) if fraction else "") + "Z"
        value = STAMP.sub(FIXED_NOW.strftime("DTSTAMP:%Y%m%dT%H%M%SZ"), value)
        value = TOKEN.sub(lambda m: self.numbered(m.group(0), "rk_{:064x}"), value)
        return UUID.sub(lambda m: self.numbered(m.group(0), "00000000-0000-4000-8000-{:012x}"), value)

    def value(self, value):
        if isinstance(value, dict):
            moved = {self.text(key): self.value(member) for key, member in value.items()}
            if isinstance(moved.get("daysLeft"), int) and isinstance(moved.get("bestBefore"), str):
                # Days from today: counted from the fixed today, or the example would change every night.
                moved["daysLeft"] = (datetime.date.fromisoformat(moved["bestBefore"]) - FIXED_NOW.date()).days
            return moved
        if isinstance(value, list):
            return [self.value(member) for member in value]
        if isinstance(value, str):
            return self.text(value)
        return value


def trimmed_listing(listing):
    """An `ops` reply cut to `ops`'s own entry (without its example, which would hold itself) and the definitions
    that entry refers to."""
    entry = {key: value for key, value in listing["ops"][-1].items() if key != "example"}
    definitions = listing.get("$defs", {})
    kept, pending = {}, [entry]
    while pending:
        for reference in re.findall(r'"#/\$defs/([A-Za-z0-9]+)"', json.dumps(pending.pop())):
            if reference not in kept and reference in definitions:
                kept[reference] = definitions[reference]
                pending.append(definitions[reference])
    return {"service": listing["service"], "ops": [entry], "$defs": dict(sorted(kept.items()))}


def recorded(bin_dir, endpoint):
    """Every op's example, normalized, by (service, op); `ops` once, under the gateway."""
    recorder = Recorder(bin_dir, endpoint)
    scenario(recorder)
    unscripted(recorder)
    normalizer = Normalizer()
    examples = {}
    for key, example in recorder.examples.items():
        if key[1] == "ops":
            example = {"args": {}, "result": trimmed_listing(example["result"])}
        examples[key] = normalizer.value(example)
    return examples


def canonical(value, live=False):
    """A value with its lists in a fixed order (members listed by id come in the order of their random ids), and
    with `live`, its numbers and strings replaced by their types: what an example is compared by."""
    if isinstance(value, dict):
        return {key: canonical(member, live) for key, member in value.items()}
    if isinstance(value, list):
        return sorted((canonical(member, live) for member in value), key=lambda m: json.dumps(m, sort_keys=True))
    return type(value).__name__ if live else value


def service_ops(cli, endpoint, service):
    """The entries of `service`'s `ops` listing, read without recording the call."""
    answer = subprocess.run([cli, "call", service, "ops", "--endpoint", endpoint, "--json"],
                            capture_output=True, text=True, check=True, timeout=60)
    return json.loads(answer.stdout)["ops"]


def listed_examples(bin_dir, endpoint):
    """The examples the running services list, by (service, op)."""
    cli = str(pathlib.Path(bin_dir) / "reckon")
    return {(service, op["name"]): op.get("example") for service in MODULES
            for op in service_ops(cli, endpoint, service)}


def same(key, listed, fresh):
    """Whether a listed example says what a fresh recording says, as ``canonical`` compares them."""
    live = key in LIVE_COUNTS
    return listed is not None and canonical(listed, live) == canonical(fresh, live)


def check(bin_dir, endpoint):
    fresh = recorded(bin_dir, endpoint)
    listed = listed_examples(bin_dir, endpoint)
    problems = []
    for key, example in listed.items():
        expected = fresh.get(key) or fresh.get(("gateway", "ops"))
        if example is None:
            problems.append(f"{key[0]} {key[1]}: no example")
        elif not same(key, example, expected):
            problems.append(f"{key[0]} {key[1]}: listed {json.dumps(example, sort_keys=True)}\n"
                            f"    recorded {json.dumps(expected, sort_keys=True)}")
    for key in sorted(set(fresh) - set(listed)):
        problems.append(f"{key[0]} {key[1]}: recorded but not listed")
    print("\n".join(problems), file=sys.stderr)
    if problems:
        sys.exit(f"{len(problems)} examples differ from a fresh recording: run scripts/api-docs.sh, build, run it again")


def contract_types():
    """Each op's contract type, by (service, op), read from the contracts' sources."""
    types = {}
    for service, module in MODULES.items():
        for path in sorted((REPOSITORY / "Sources" / "Contracts" / module).glob("*.swift")):
            source = path.read_text(encoding="utf-8")
            for match in re.finditer(r'enum (\w+): OpContract \{(.*?)\n\}', source, re.S):
                name = re.search(r'static let name = "([^"]+)"', match.group(2))
                if name:
                    types[(service, name.group(1))] = match.group(1)
    return types


def swift_literal(value, indent):
    """A JSON value as a Swift raw string literal: on one line when short, else indented over several."""
    compact = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))
    if len(compact) + len(indent) < 100 and '"#' not in compact:
        return f'#"{compact}"#'
    lines = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True).split("\n")
    body = "\n".join(indent + "    " + line for line in lines)
    return f'#"""\n{body}\n{indent}    """#'


def swift_example(example, indent):
    return (f"OpExample(\n{indent}    args: {swift_literal(example['args'], indent + '    ')},\n"
            f"{indent}    result: {swift_literal(example['result'], indent + '    ')}\n{indent})")


HEADER = """// Generated by scripts/api-docs.sh (scripts/api_examples.py), which records these calls from a fresh stack: do not
// edit by hand.
import Wire
"""


def write(bin_dir, endpoint):
    """Writes the examples; one that says what the running services list already stays as listed, so that a new
    recording changes only what changed."""
    listed = listed_examples(bin_dir, endpoint)
    examples = {key: listed[key] if same(key, listed.get(key), fresh) else fresh
                for key, fresh in recorded(bin_dir, endpoint).items()}
    types = contract_types()
    for service, module in MODULES.items():
        parts = [HEADER]
        for (owner, op), example in examples.items():
            if owner != service or op == "ops":
                continue
            if (service, op) not in types:
                sys.exit(f"no contract type found for {service} {op}")
            parts.append(f"\nextension {types[(service, op)]} {{\n    /// A call of `{op}` and its result, recorded.\n"
                         f"    public static let example = {swift_example(example, '    ')}\n}}\n")
        target = REPOSITORY / "Sources" / "Contracts" / module / f"{module[:-3]}Examples.swift"
        target.write_text("".join(parts), encoding="utf-8")
    ops = examples[("gateway", "ops")]
    (REPOSITORY / "Sources" / "Contracts" / "Wire" / "OpsListing+Example.swift").write_text(
        HEADER.replace("import Wire\n", "")
        + f"\nextension OpDescription {{\n    /// A call of `ops` and its result (the gateway's, cut to `ops` itself), "
        f"recorded.\n    static let opsExample = {swift_example(ops, '    ')}\n}}\n", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("record", "check"):
        sys.exit(__doc__)
    (write if sys.argv[1] == "record" else check)(sys.argv[2], sys.argv[3])
