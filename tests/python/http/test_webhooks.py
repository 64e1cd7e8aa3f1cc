"""Household webhooks end to end: subscribed through reckon-http and the gateway, delivered by the ledger workers'
relays from the activity log (the outbox), and checked by a receiver that verifies every delivery with PyPI's
standardwebhooks and applies each event once. Retries, Retry-After, 410, redelivery, a worker killed mid-batch and
a PostgreSQL restart; on both engines."""
import datetime
import pathlib
import signal
import subprocess
import tempfile
import time
import uuid

import httpx
import pytest

from stack import ENGINES, REPOSITORY, Stack, free_port, sign_up
from test_import import join
from test_mapping import problem
from webhook_receiver import Receiver

# Loopback receivers need --webhook-allow-private; the retry schedule runs a thousand times faster (5 ms, 300 ms,
# 1.8 s, ...), a dead worker's lease runs out after 5 s, and the background turn that records reminders comes every
# half second.
RELAY = ["--webhook-allow-private", "--webhook-retry-scale", "0.001", "--webhook-lease-seconds", "5"]
HOOKS = [*RELAY, "--background-seconds", "0.5"]


@pytest.fixture(scope="module", params=ENGINES)
def hooks(request):
    running = Stack(request.param, ledger_extra=HOOKS, orders_extra=RELAY)
    yield running
    running.stop()


@pytest.fixture
def client(hooks):
    with httpx.Client(base_url=hooks.url, timeout=30) as http:
        yield http


@pytest.fixture
def receiver():
    running = Receiver()
    yield running
    running.close()


def call(http, op, headers, **args):
    answer = http.post(f"/v1/ledger/{op}", headers=headers, json=args)
    assert answer.status_code == 200, answer.text
    return answer.json()


def subscribe(http, receiver, headers, home, events=("bill.*", "payment.*")):
    webhook = call(http, "webhooks.subscribe", headers, householdId=home, url=receiver.url, events=list(events))
    assert webhook["secret"].startswith("whsec_") and webhook["state"] == "active"
    receiver.secret = webhook["secret"]
    return webhook


def bill(http, headers, home, payer, description, amount="12.00"):
    return call(http, "bills.add", headers, householdId=home, description=description, amount=amount, paidBy=payer,
                split={"kind": "equal"})


def cursors(http, headers, home, types):
    """The household's activity cursors of `types`, oldest first: what the receiver must have applied."""
    entries = call(http, "activity.list", headers, householdId=home, limit=500)["entries"]
    return [e["cursor"] for e in entries if e["action"].split(".")[0] in types]


def deliveries(http, headers, home, webhook):
    return call(http, "webhooks.deliveries", headers, householdId=home, webhookId=webhook["webhookId"])["attempts"]


def recorded(http, headers, home, webhook, count):
    """The webhook's attempts, newest first, once at least `count` are recorded: the relay records an attempt just
    after its receiver answers, so a receiver's event can come before the record."""
    return until(lambda: deliveries(http, headers, home, webhook), lambda attempts: len(attempts) >= count)


def test_every_committed_change_of_its_types_arrives_signed_once_and_in_order(client, receiver):
    headers, me, home = sign_up(client)
    webhook = subscribe(client, receiver, headers, home)
    added = [bill(client, headers, home, me, f"Groceries {n}") for n in range(5)]
    call(client, "bills.edit", headers, billId=added[0]["billId"], version=added[0]["version"], description="Market")
    call(client, "shopping.add", headers, householdId=home, name="Milk")  # not a subscribed type
    call(client, "bills.delete", headers, billId=added[1]["billId"], version=added[1]["version"])
    refused = client.post("/v1/ledger/bills.add", headers=headers, json={
        "householdId": home, "description": "Nobody", "amount": "5.00", "paidBy": "u_nobody",
        "split": {"kind": "equal"}})
    assert refused.status_code == 400  # a refused write makes no event
    expected = cursors(client, headers, home, {"bill", "payment"})
    assert len(expected) == 7
    receiver.wait_for(lambda r: len(r.applied) >= len(expected))
    assert [cursor for _, _, cursor, _ in receiver.applied] == expected
    assert [kind for _, kind, _, _ in receiver.applied] == ["bill.added"] * 5 + ["bill.edited", "bill.deleted"]
    # A lease lost to a stalled machine may send an event twice (at least once); the receiver applies it once.
    assert receiver.unsigned == 0 and receiver.deliveries >= len(expected)
    attempts = recorded(client, headers, home, webhook, 7)
    assert [a["outcome"] for a in attempts] == ["delivered"] * 7 and attempts[0]["status"] == 204
    assert attempts[0]["eventId"] == f"msg_{home}_{expected[-1]}"
    listed = call(client, "webhooks.list", headers, householdId=home)["webhooks"]
    assert [(w["webhookId"], w["cursor"], w["failures"]) for w in listed] == [(webhook["webhookId"], expected[-1], 0)]
    assert "secret" not in listed[0]


def test_a_failing_receiver_gets_the_event_again_and_the_later_ones_wait_behind_it(client, receiver):
    headers, me, home = sign_up(client)
    webhook = subscribe(client, receiver, headers, home)
    receiver.script = [(500, {}), (500, {}), (500, {})]
    for n in range(3):
        bill(client, headers, home, me, f"Rent {n}")
    expected = cursors(client, headers, home, {"bill"})
    receiver.wait_for(lambda r: len(r.applied) == 3)
    assert [cursor for _, _, cursor, _ in receiver.applied] == expected
    attempts = list(reversed(recorded(client, headers, home, webhook, 6)))
    assert [(a["cursor"], a["outcome"], a["status"]) for a in attempts] == [
        (expected[0], "failed", 500)] * 3 + [(expected[0], "delivered", 204), (expected[1], "delivered", 204),
                                             (expected[2], "delivered", 204)]
    assert len({a["eventId"] for a in attempts[:4]}) == 1 and receiver.unsigned == 0


def test_retry_after_is_honoured(client, receiver):
    headers, me, home = sign_up(client)
    webhook = subscribe(client, receiver, headers, home)
    receiver.script = [(503, {"Retry-After": "2"})]
    bill(client, headers, home, me, "Power")
    receiver.wait_for(lambda r: len(r.applied) == 1)
    failed, delivered = reversed(recorded(client, headers, home, webhook, 2))
    assert (failed["outcome"], failed["status"], delivered["outcome"]) == ("failed", 503, "delivered")
    # The scaled schedule would have retried after 5 ms; the receiver asked for 2 s.
    assert seconds(delivered["at"]) - seconds(failed["at"]) >= 2


def until(look, done, timeout=60):
    """`look()` again until `done` holds of what it answers (an API read of what the relay commits just after the
    receiver answered), at most `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        found = look()
        if done(found):
            return found
        assert time.monotonic() < deadline, f"still {found} after {timeout} s"


def seconds(iso):
    return datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def test_a_410_disables_the_webhook_until_its_owner_resumes_it(client, receiver):
    headers, me, home = sign_up(client)
    webhook = subscribe(client, receiver, headers, home)
    receiver.script = [(410, {})]
    bill(client, headers, home, me, "Water")
    receiver.wait_for(lambda r: r.deliveries == 1)
    # The 410 is committed just after the receiver answered it.
    listed = until(lambda: call(client, "webhooks.list", headers, householdId=home)["webhooks"][0],
                   lambda webhook: webhook["state"] != "active")
    assert (listed["state"], listed["reason"]) == ("disabled", "the receiver answered 410 Gone")
    bill(client, headers, home, me, "Gas")
    resumed = call(client, "webhooks.resume", headers, householdId=home, webhookId=webhook["webhookId"])
    assert resumed["state"] == "active"
    receiver.wait_for(lambda r: len(r.applied) == 2)
    assert [kind for _, kind, _, _ in receiver.applied] == ["bill.added", "bill.added"]
    assert deliveries(client, headers, home, webhook)[-1]["outcome"] == "gone"


def test_redeliver_sends_one_event_again_with_its_own_id(client, receiver):
    headers, me, home = sign_up(client)
    webhook = subscribe(client, receiver, headers, home)
    bill(client, headers, home, me, "Internet")
    receiver.wait_for(lambda r: len(r.applied) == 1)
    event_id, _, cursor, _ = receiver.applied[0]
    queued = call(client, "webhooks.redeliver", headers, householdId=home, webhookId=webhook["webhookId"],
                  cursor=cursor)
    assert queued == {"eventId": event_id, "queued": True}
    receiver.wait_for(lambda r: r.deliveries >= 2)
    assert len(receiver.applied) == 1  # the receiver dedupes by webhook-id: applied once
    latest = until(lambda: deliveries(client, headers, home, webhook)[0], lambda a: a["trigger"] == "redeliver")
    assert (latest["trigger"], latest["eventId"], latest["outcome"]) == ("redeliver", event_id, "delivered")
    missing = client.post("/v1/ledger/webhooks.redeliver", headers=headers, json={
        "householdId": home, "webhookId": webhook["webhookId"], "cursor": 999})
    problem(missing, 404, "not_found", "cursor")


def test_the_days_reminders_arrive_as_events(client, receiver):
    headers, me, home = sign_up(client)
    subscribe(client, receiver, headers, home, events=("stock.expiring", "stock.low"))
    tomorrow = (datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=1)).isoformat()
    call(client, "inventory.add", headers, householdId=home, name="Milk", quantity="1", unit="L", bestBefore=tomorrow)
    call(client, "inventory.add", headers, householdId=home, name="Coffee", quantity="0.2", unit="kg", restock=True,
         restockQuantity="1")
    receiver.wait_for(lambda r: {kind for _, kind, _, _ in r.applied} == {"stock.expiring", "stock.low"})
    by_type = {event["type"]: event["data"]["activity"] for event in receiver.events.values()}
    assert by_type["stock.expiring"]["userId"] == "reckon" and by_type["stock.expiring"]["after"]["date"] == tomorrow
    assert "Milk" in [item["name"] for item in by_type["stock.expiring"]["after"]["items"]]
    assert [item["name"] for item in by_type["stock.low"]["after"]["items"]] == ["Coffee"]
    assert receiver.unsigned == 0


def place_order(http, item="poutine"):
    cart = http.post("/v1/orders/cart.create", json={}).json()["cartId"]
    assert http.post("/v1/orders/cart.add", json={"cartId": cart, "itemId": item, "quantity": 1}).status_code == 200
    form = {"name": "Ada Lovelace", "phone": "4165550123",
            "address": {"street": "1 Main St", "city": "Toronto", "postalCode": "M5V 2T6"}}
    placed = http.post("/v1/orders/order.place", headers={"Idempotency-Key": uuid.uuid4().hex},
                       json={"cartId": cart, "form": form})
    assert placed.status_code == 200, placed.text
    return placed.json()["orderId"]


def test_order_events_reach_the_staffs_webhook_in_order(hooks, client, receiver):
    staff = {"Authorization": f"Bearer {hooks.staff_key}"}
    args = {"url": receiver.url, "events": ["order.*"]}
    assert client.post("/v1/orders/webhooks.subscribe", json=args).status_code in (401, 403)
    problem(client.post("/v1/orders/webhooks.subscribe", headers=staff, json={**args, "events": ["bill.*"]}),
            400, "invalid_argument", "events")
    webhook = call_orders(client, "webhooks.subscribe", staff, **args)
    receiver.secret = webhook["secret"]
    first, second = place_order(client), place_order(client)
    for status in ("accepted", "preparing"):
        call_orders(client, "order.updateStatus", staff, orderId=first, status=status)
    call_orders(client, "order.cancel", {}, orderId=second)
    receiver.wait_for(lambda r: len(r.applied) == 5)
    events = [receiver.events[event_id]["data"] for event_id, _, _, _ in receiver.applied]
    assert [kind for _, kind, _, _ in receiver.applied] == ["order.placed"] * 2 + ["order.status"] * 3
    assert [(e["order"]["orderId"], e["order"]["status"], e.get("previousStatus")) for e in events] == [
        (first, "placed", None), (second, "placed", None), (first, "accepted", "placed"),
        (first, "preparing", "accepted"), (second, "cancelled", "placed")]
    cursors = [cursor for _, _, cursor, _ in receiver.applied]
    assert cursors == list(range(cursors[0], cursors[0] + 5)) and receiver.unsigned == 0
    def listed():  # each attempt is recorded just after its receiver answered
        return call_orders(client, "webhooks.deliveries", staff, webhookId=webhook["webhookId"])["attempts"]
    attempts = until(listed, lambda attempts: len(attempts) >= 5)
    assert [a["outcome"] for a in attempts] == ["delivered"] * 5
    again = call_orders(client, "webhooks.redeliver", staff, webhookId=webhook["webhookId"], cursor=cursors[0])
    assert again == {"eventId": f"msg_orders_{cursors[0]}", "queued": True}
    receiver.wait_for(lambda r: r.deliveries >= 6)
    assert len(receiver.applied) == 5
    call_orders(client, "webhooks.unsubscribe", staff, webhookId=webhook["webhookId"])
    assert call_orders(client, "webhooks.list", staff) == {"webhooks": []}


def call_orders(http, op, headers, **args):
    answer = http.post(f"/v1/orders/{op}", headers=headers, json=args)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_subscriptions_are_checked_and_only_the_owner_manages_them(http, member):
    headers, me, home = member
    bob_headers, _ = join(http, headers, home, "bob" + home[-6:])
    base = {"householdId": home, "url": "https://receiver.invalid/reckon", "events": ["bill.*"]}
    for url in ("http://127.0.0.1:9/x", "http://localhost/x", "http://10.0.0.7/x", "ftp://example.org/x",
                "http://[::1]/x"):
        problem(http.post("/v1/ledger/webhooks.subscribe", headers=headers, json={**base, "url": url}),
                400, "invalid_argument", "url")
    for events in (["bills"], ["bill."], ["*.added"], ["Bill.added"], [], ["bill.*"] * 21):
        problem(http.post("/v1/ledger/webhooks.subscribe", headers=headers, json={**base, "events": events}),
                400, "invalid_argument", "events")
    problem(http.post("/v1/ledger/webhooks.subscribe", headers=headers, json={**base, "secret": "whsec_c2hvcnQ="}),
            400, "invalid_argument", "secret")
    problem(http.post("/v1/ledger/webhooks.subscribe", headers=bob_headers, json=base), 403, "permission_denied")
    problem(http.post("/v1/ledger/webhooks.list", headers=bob_headers, json={"householdId": home}), 403,
            "permission_denied")
    assert call(http, "webhooks.list", headers, householdId=home) == {"webhooks": []}
    made = call(http, "webhooks.subscribe", headers, **base)
    problem(http.post("/v1/ledger/webhooks.unsubscribe", headers=headers, json={
        "householdId": home, "webhookId": "wh_nope"}), 404, "not_found", "webhookId")
    gone = call(http, "webhooks.unsubscribe", headers, householdId=home, webhookId=made["webhookId"])
    assert gone["webhookId"] == made["webhookId"] and "secret" not in gone
    assert call(http, "webhooks.list", headers, householdId=home) == {"webhooks": []}
    for _ in range(10):
        call(http, "webhooks.subscribe", headers, **base)
    problem(http.post("/v1/ledger/webhooks.subscribe", headers=headers, json=base), 429, "resource_exhausted", "url")


def test_a_killed_workers_subscription_is_taken_over_and_nothing_is_lost(hooks, client, receiver):
    headers, me, home = sign_up(client)
    subscribe(client, receiver, headers, home)
    receiver.hold_at = 3
    for n in range(20):
        bill(client, headers, home, me, f"Batch {n}")
    # The fourth delivery is held: the first worker is mid-batch, holding the lease, while a second one starts;
    # then the first dies with the delivery in flight.
    receiver.wait_for(lambda r: r.held == 1)
    slots = ledger_slots(client)
    second = hooks.start(f"ledger-{free_port()}", "reckon-ledger", *hooks.ledger_arguments)
    deadline = time.monotonic() + 60
    while ledger_slots(client) < 2 * slots:
        assert time.monotonic() < deadline, "the second ledger worker never registered"
        time.sleep(0.02)
    first = hooks.named["ledger"]
    first.send_signal(signal.SIGKILL)
    first.wait()
    receiver.gate.set()
    try:
        for n in range(5):
            answer = client.post("/v1/ledger/bills.add", headers={**headers, "Idempotency-Key": uuid.uuid4().hex},
                                 json={"householdId": home, "description": f"After {n}", "amount": "2.00",
                                       "paidBy": me, "split": {"kind": "equal"}})
            assert answer.status_code == 200, answer.text
        expected = cursors(client, headers, home, {"bill"})
        receiver.wait_for(lambda r: len(r.applied) == len(expected))
        assert [cursor for _, _, cursor, _ in receiver.applied] == expected
        assert receiver.unsigned == 0
    finally:
        hooks.named["ledger"] = second  # the module's later tests run on the worker left


def ledger_slots(http):
    """The ledger slots the gateway has (each worker registers its --slots)."""
    return next(s["workers"] for s in http.get("/v1/gateway/health").json()["services"] if s["name"] == "ledger")


@pytest.fixture
def own_postgres():
    """A PostgreSQL server of this test's own, which it may restart: (data directory, database URL)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="reckon-hooks-pg-"))
    folder.chmod(0o755)  # the server runs as the postgres user when the tests run as root
    port = str(free_port())
    server = [str(REPOSITORY / "scripts" / "postgres-test-server.sh")]
    subprocess.run([*server, "start", str(folder / "data"), port], check=True)
    subprocess.run(["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-qc", "CREATE DATABASE hooks"],
                   check=True, capture_output=True)
    yield folder / "data", port, f"postgres://postgres@127.0.0.1:{port}/hooks"
    subprocess.run([*server, "stop", str(folder / "data")], check=False)


def test_a_postgres_restart_mid_delivery_loses_nothing(own_postgres, receiver):
    data, port, url = own_postgres
    server = [str(REPOSITORY / "scripts" / "postgres-test-server.sh")]
    stack = Stack("postgres", ledger_extra=HOOKS, database_url=url)
    try:
        with httpx.Client(base_url=stack.url, timeout=30) as http:
            headers, me, home = sign_up(http)
            subscribe(http, receiver, headers, home)
            receiver.hold_at = 3
            for n in range(15):
                bill(http, headers, home, me, f"Before {n}")
            # The server restarts while the fourth delivery is in flight: its answer cannot be committed.
            receiver.wait_for(lambda r: r.held == 1)
            subprocess.run([*server, "stop", str(data)], check=True)
            subprocess.run([*server, "start", str(data), port], check=True)
            receiver.gate.set()
            for n in range(5):
                answer = http.post("/v1/ledger/bills.add", headers=headers, json={
                    "householdId": home, "description": f"After {n}", "amount": "3.00", "paidBy": me,
                    "split": {"kind": "equal"}})
                assert answer.status_code in (200, 503), answer.text
            # Writes that ran into the restart may hold the worker's slots a while after it, and the gateway answers
            # 503 meanwhile: the log is read once the ledger answers again.
            until(lambda: http.post("/v1/ledger/auth.me", headers=headers, json={}).status_code, lambda s: s == 200)
            expected = cursors(http, headers, home, {"bill"})
            receiver.wait_for(lambda r: len(r.applied) == len(expected), timeout=120)
            assert [cursor for _, _, cursor, _ in receiver.applied] == expected
            assert receiver.unsigned == 0
    finally:
        stack.stop()


def test_a_first_subscription_is_delivered_at_once_not_at_the_relays_next_look():
    """Here the relay looks for work it was not told of once an hour. While no webhook is active, it waits for its
    process's news of a subscription (decision 0115), so the first one made through it, and the bill after it, are
    delivered at once, not at that hourly look."""
    stack = Stack("sqlite", ledger_extra=[*RELAY, "--webhook-poll-seconds", "3600"])
    receiver = Receiver()
    try:
        with httpx.Client(base_url=stack.url, timeout=30) as http:
            headers, me, home = sign_up(http)
            subscribe(http, receiver, headers, home)
            bill(http, headers, home, me, "Rent")
            receiver.wait_for(lambda r: len(r.applied) == 1)
            assert [kind for _, kind, _, _ in receiver.applied] == ["bill.added"]
    finally:
        receiver.close()
        stack.stop()
