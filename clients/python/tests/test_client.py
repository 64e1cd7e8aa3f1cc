"""The client's own rules on a real stack: many calls on one socket, timeouts, keys (over each transport)."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time

import pytest

import reckon
from reckon import calc, gateway, orders
from reckon.zmq_blocking import ZmqBlockingTransport
from stack import Stack
from stray_relay import StrayRelay


def calls_waiting(blocking: reckon.Client) -> int:
    """Calls started on ``blocking``, a ZeroMQ client, and not yet ended."""
    transport = blocking._transport
    assert isinstance(transport, ZmqBlockingTransport)
    return transport._waiting


def worker_replies(client: reckon.Client) -> int:
    """Replies the gateway has delivered from workers since it started."""
    return int(gateway.stats(client)["replies"])


async def test_200_concurrent_calls_on_one_socket_are_each_answered_once(stack: Stack, client: reckon.Client) -> None:
    before = worker_replies(client)
    async with reckon.AsyncClient(stack.endpoints) as aclient:
        results = await asyncio.gather(*[calc.evaluate_async(aclient, expression=f"{i} * 7 + 1") for i in range(200)])
    correct = sum(result["value"] == str(i * 7 + 1) for i, result in enumerate(results))
    delivered = worker_replies(client) - before
    print(f"async: {correct} of 200 answered once and correctly; the gateway delivered {delivered} replies")
    assert (correct, delivered) == (200, 200)


def test_threads_sharing_one_blocking_client_each_get_their_own_answers(stack: Stack) -> None:
    """One thread runs the client's loop at a time and serves the others' calls while they wait: every call of 8
    threads at once is answered, right, and no thread is left waiting once the others are done."""
    answers: dict[int, list[bool]] = {}
    with reckon.Client(stack.endpoints, timeout=30.0) as blocking:

        def calls(thread: int) -> None:
            answers[thread] = [
                calc.evaluate(blocking, expression=f"{thread}*1000+{call}")["value"] == str(thread * 1000 + call)
                for call in range(40)
            ]

        threads = [threading.Thread(target=calls, args=(thread,)) for thread in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not any(thread.is_alive() for thread in threads)
        assert calc.evaluate(blocking, expression="6*7")["value"] == "42"
    assert {thread: all(right) and len(right) == 40 for thread, right in answers.items()} == {t: True for t in range(8)}


def test_a_call_that_ends_does_not_wait_for_another_threads_call(stack: Stack) -> None:
    """The gateway is paused: the main thread's call leads the loop and times out, while another thread's call still
    waits. The main thread returns then (a helper thread takes the loop over), not once the other call ends."""
    with reckon.Client(stack.endpoints, timeout=30.0) as blocking:
        assert calc.evaluate(blocking, expression="1+1")["value"] == "2"
        outcome: dict[str, object] = {}

        def other_call() -> None:
            outcome["value"] = calc.evaluate(blocking, expression="2+2")["value"]

        other = threading.Thread(target=other_call)

        def start_it_once_the_first_waits() -> None:
            while calls_waiting(blocking) == 0:
                time.sleep(0.001)
            other.start()

        with stack.paused("reckon-gateway"):
            threading.Thread(target=start_it_once_the_first_waits).start()
            with pytest.raises(reckon.DeadlineExceeded):
                calc.evaluate(blocking, expression="3+3", timeout=1.0)
            assert other.is_alive(), "the main thread's call waited for the other thread's to end"
        other.join(timeout=60)
        assert outcome == {"value": "4"}


def test_another_threads_call_is_answered_while_a_call_waits_alone_on_its_socket(stack: Stack) -> None:
    """calc is paused: a thread's call, made alone, waits on its socket with the loop stopped. The main thread's
    ``gateway ping`` wakes that wait (the call goes on waiting on the loop, which serves the ping) and is answered
    while the first call still waits, not once it ends (its 30 s timeout)."""
    with reckon.Client(stack.endpoints, timeout=30.0) as blocking:
        assert calc.evaluate(blocking, expression="1+1")["value"] == "2"
        outcome: dict[str, object] = {}

        def first_call() -> None:
            outcome["value"] = calc.evaluate(blocking, expression="2+2")["value"]

        first = threading.Thread(target=first_call, daemon=True)
        with stack.paused("reckon-calc"):
            first.start()
            while calls_waiting(blocking) == 0:
                time.sleep(0.001)
            gateway.ping(blocking)
            assert first.is_alive() and calls_waiting(blocking) == 1, "the ping waited for the first call to end"
        first.join(timeout=60)
        assert outcome == {"value": "4"}


async def test_a_blocking_client_called_from_a_running_loop_still_answers(stack: Stack) -> None:
    """As from a notebook's cell: the caller's thread runs an event loop, so the call is made from a helper thread."""
    with reckon.Client(stack.endpoints, timeout=10.0) as blocking:
        assert calc.evaluate(blocking, expression="2*21")["value"] == "42"


def test_ctrl_c_during_a_call_ends_it_at_once_and_the_client_goes_on(stack: Stack) -> None:
    """The gateway is paused, so the call waits; an interrupt (as Ctrl-C sends) ends it at once, not at its 60 s
    timeout, and the next call is answered."""
    with reckon.Client(stack.endpoints, timeout=60.0) as blocking:
        assert calc.evaluate(blocking, expression="1+1")["value"] == "2"

        def interrupt_once_the_call_waits() -> None:
            while calls_waiting(blocking) == 0:  # the call has started on the main thread
                time.sleep(0.001)
            os.kill(os.getpid(), signal.SIGINT)  # as Ctrl-C does

        with stack.paused("reckon-gateway"):
            started = time.monotonic()
            threading.Thread(target=interrupt_once_the_call_waits).start()
            with pytest.raises(KeyboardInterrupt):
                calc.evaluate(blocking, expression="2+2")
            assert time.monotonic() - started < 30
        assert calc.evaluate(blocking, expression="3+3")["value"] == "6"


def test_a_reply_to_no_call_before_its_own_leaves_each_call_its_own_answer(stack: Stack) -> None:
    """A relay sends a reply carrying an id no call has before each real reply, on the client's socket: each call, the
    first made on the loop and the later ones waiting alone on their socket, drops it and gets its own answer."""
    with StrayRelay(stack.endpoints[0]) as relay, reckon.Client(relay.endpoint, timeout=20) as blocking:
        for n in range(5):
            assert calc.evaluate(blocking, expression=f"{n}+1")["value"] == str(n + 1)
        assert relay.strays == 5


def test_a_timeout_leaves_the_client_usable(stack: Stack) -> None:
    """The gateway is paused past the call's timeout: the client replaces its socket, so the late reply cannot
    answer a later call, and the next calls get their own answers."""
    with reckon.Client(stack.endpoints, timeout=5.0) as blocking:
        assert calc.evaluate(blocking, expression="1+1")["value"] == "2"
        with stack.paused("reckon-gateway"):
            with pytest.raises(reckon.DeadlineExceeded):
                calc.evaluate(blocking, expression="2+2", timeout=0.3)
        assert calc.evaluate(blocking, expression="3+3")["value"] == "6"
        assert calc.evaluate(blocking, expression="4+4")["value"] == "8"


def test_a_fresh_key_on_every_call_one_key_once_and_none_without_key(each_client: reckon.Client) -> None:
    """Seen through orders' idempotency records: two calls with fresh keys both add, two with one key add once, and
    ``None`` sends no key (which order.place refuses)."""
    item = next(item for group in orders.menu(each_client)["groups"] for item in group["items"] if item["available"])
    cart_id = orders.cart_create(each_client)["cartId"]
    for key in (reckon.FRESH_KEY, reckon.FRESH_KEY, f"same-{cart_id}", f"same-{cart_id}"):
        orders.cart_add(each_client, cart_id=cart_id, item_id=item["id"], quantity=1, idempotency_key=key)
    assert [line["quantity"] for line in orders.cart_get(each_client, cart_id=cart_id)["items"]] == [3]
    with pytest.raises(reckon.InvalidArgument) as raised:
        orders.order_place(each_client, cart_id=cart_id, form={}, idempotency_key=None)
    assert raised.value.field == "idempotencyKey"
