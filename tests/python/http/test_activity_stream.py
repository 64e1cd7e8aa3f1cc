"""The live activity feed: GET /v1/ledger/households/{id}/activity as Server-Sent Events, read with httpx-sse (an
independent parser of the format): history then live entries, resume after a dropped connection with
Last-Event-ID (nothing lost, nothing repeated), a write through one bridge seen by a subscriber of another, and
the refusals before a stream starts."""
import json
import signal
import threading
import time

import httpx
import pytest
from httpx_sse import connect_sse

from stack import Stack, sign_up

SSE = {"Accept": "text/event-stream"}


def feed(home):
    return f"/v1/ledger/households/{home}/activity"


def add_bill(http, headers, me, home, description):
    bill = {"householdId": home, "description": description, "amount": "9.00", "paidBy": me,
            "split": {"kind": "equal"}}
    reply = http.post("/v1/ledger/bills.add", headers=headers, json=bill)
    assert reply.status_code == 200, reply.text
    return reply.json()


def read_events(stream, count):
    """The first `count` activity events, as (id, entry). A block with no data (the opening `retry:`) is no event,
    as browsers have it."""
    events = []
    for event in stream:
        if not event.data:
            continue
        assert event.event == "activity"
        events.append((int(event.id), json.loads(event.data)))
        if len(events) == count:
            return events
    raise AssertionError(f"the stream ended after {len(events)} of {count} events")


def in_background(action, delay=0.3):
    """Runs `action` on a thread after `delay`, while the main thread reads the stream."""
    thread = threading.Thread(target=lambda: (time.sleep(delay), action()))
    thread.start()
    return thread


def test_history_then_live_entries_each_with_its_cursor_as_id(stack, http, member):
    headers, me, home = member
    with httpx.Client(base_url=stack.url, timeout=30) as streaming:
        with connect_sse(streaming, "GET", feed(home), headers={**headers, **SSE}) as source:
            assert source.response.headers["content-type"].startswith("text/event-stream")
            assert source.response.headers["x-request-id"]
            stream = source.iter_sse()
            assert next(stream).retry == 2000
            writer = in_background(lambda: add_bill(http, headers, me, home, "Pizza"))
            events = read_events(stream, 2)
            writer.join()
    assert [(cursor, entry["action"]) for cursor, entry in events] == [(1, "household.created"), (2, "bill.added")]
    assert events[1][1]["after"]["description"] == "Pizza"
    assert events[1][1]["cursor"] == 2


def test_a_reconnect_with_last_event_id_resumes_with_nothing_lost_or_repeated(stack, http, member):
    headers, me, home = member
    with httpx.Client(base_url=stack.url, timeout=30) as streaming:
        with connect_sse(streaming, "GET", feed(home), headers={**headers, **SSE}) as source:
            first = read_events(source.iter_sse(), 1)
        # Dropped; meanwhile two bills land.
        add_bill(http, headers, me, home, "Rent")
        add_bill(http, headers, me, home, "Power")
        resume = {**headers, **SSE, "Last-Event-ID": str(first[-1][0])}
        with connect_sse(streaming, "GET", feed(home), headers=resume) as source:
            writer = in_background(lambda: add_bill(http, headers, me, home, "Water"))
            events = read_events(source.iter_sse(), 3)
            writer.join()
    assert [cursor for cursor, _ in events] == [2, 3, 4]
    assert [entry["after"]["description"] for _, entry in events] == ["Rent", "Power", "Water"]


def test_the_after_parameter_and_an_access_token_for_event_source(stack, http, member):
    headers, me, home = member
    add_bill(http, headers, me, home, "Tea")
    token = headers["Authorization"].removeprefix("Bearer ")
    with httpx.Client(base_url=stack.url, timeout=30) as streaming:
        url = feed(home) + f"?after=1&access_token={token}"
        with connect_sse(streaming, "GET", url, headers=SSE) as source:
            assert read_events(source.iter_sse(), 1)[0][0] == 2


def test_a_write_through_one_bridge_reaches_a_subscriber_of_another(stack, http, member):
    headers, me, home = member
    other = stack.bridge()
    with httpx.Client(base_url=other, timeout=30) as streaming:
        with connect_sse(streaming, "GET", feed(home) + "?after=1", headers={**headers, **SSE}) as source:
            writer = in_background(lambda: add_bill(http, headers, me, home, "Bread"))
            events = read_events(source.iter_sse(), 1)
            writer.join()
    assert events[0][1]["after"]["description"] == "Bread"


@pytest.mark.parametrize("case", ["no token", "stranger", "no accept", "bad cursor", "bad after beside a good id"])
def test_refusals_come_before_the_stream_as_problems(stack, http, member, case):
    headers, _, home = member
    stranger = {"Authorization": "Bearer rk_forged"}
    request_headers, url, status, code = {
        "no token": ({**SSE}, feed(home), 401, "unauthenticated"),
        "stranger": ({**stranger, **SSE}, feed(home), 401, "unauthenticated"),
        "no accept": ({**headers, "Accept": "application/json"}, feed(home), 406, "invalid_argument"),
        "bad cursor": ({**headers, **SSE, "Last-Event-ID": "x"}, feed(home), 400, "invalid_argument"),
        # Last-Event-ID wins over after, but a bad after is still refused (schemathesis sent 2^63 beside an id of 0).
        "bad after beside a good id": ({**headers, **SSE, "Last-Event-ID": "0"},
                                       feed(home) + "?after=9223372036854775808", 400, "invalid_argument"),
    }[case]
    reply = http.get(url, headers=request_headers)
    assert reply.status_code == status, reply.text
    assert reply.headers["content-type"] == "application/problem+json"
    assert reply.json()["code"] == code


def test_a_non_member_is_told_the_household_is_not_found(stack, http, member):
    _, _, home = member
    name = "eve" + str(time.monotonic_ns())
    http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"})
    token = http.post("/v1/ledger/auth.login", json={"username": name, "password": "correct horse"}).json()["token"]
    reply = http.get(feed(home), headers={"Authorization": f"Bearer {token}", **SSE})
    assert reply.status_code == 404
    assert reply.json()["field"] == "householdId"


def test_sigterm_ends_every_stream_and_the_bridge_exits(stack, http, member):
    headers, _, home = member
    url = stack.bridge()
    bridge = stack.processes[-1]
    with httpx.Client(base_url=url, timeout=30) as streaming:
        with connect_sse(streaming, "GET", feed(home), headers={**headers, **SSE}) as source:
            stream = source.iter_sse()
            read_events(stream, 1)
            bridge.send_signal(signal.SIGTERM)
            assert [event for event in stream if event.data] == []
    assert bridge.wait(timeout=20) == 0


def test_a_stream_still_reading_its_history_at_sigterm_ends_too(stack):
    """SIGTERM while a stream is still reading what it missed (its ledger stopped mid-read): once the ledger answers,
    the stream joins a feed that shutdown has already closed, so it ends at once and the bridge exits, never held open
    by it. Its place among the caller's waiting requests (one, here) shows it has started reading. A stack of its own,
    whose gateway keeps a stopped worker for a minute (its heartbeat), so the read waits for the ledger rather than
    being answered 503."""
    own = Stack(stack.engine, heartbeat_ms=60000)
    try:
        with httpx.Client(base_url=own.url, timeout=30) as http:
            headers, _, home = sign_up(http)
        url = own.bridge("--max-long-polls-per-caller", "1")
        bridge, ledger = own.processes[-1], own.named["ledger"]
        outcomes = []

        def open_stream():
            with httpx.Client(base_url=url, timeout=60) as streaming:
                with streaming.stream("GET", feed(home), headers={**headers, **SSE}) as reply:
                    outcomes.append((reply.status_code, reply.read()))

        ledger.send_signal(signal.SIGSTOP)
        try:
            streams = [threading.Thread(target=open_stream) for _ in range(2)]
            for stream in streams:
                stream.start()
            deadline = time.monotonic() + 30
            while not any(status == 429 for status, _ in outcomes):  # the other one holds the place, reading
                assert time.monotonic() < deadline, f"no stream was refused a second place: {outcomes}"
                time.sleep(0.05)
            bridge.send_signal(signal.SIGTERM)
        finally:
            ledger.send_signal(signal.SIGCONT)
        for stream in streams:
            stream.join(timeout=60)
        assert bridge.wait(timeout=20) == 0
        assert sorted(status for status, _ in outcomes) == [200, 429], outcomes
    finally:
        own.stop()
