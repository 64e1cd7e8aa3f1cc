"""Every wire code raises its own class, over each transport: provoked for real where a real stack can be made to,
else from a real error envelope's shape."""

from __future__ import annotations

import asyncio
from typing import Type

import pytest
import zmq

import reckon
from households import sign_up
from reckon import calc, ledger, orders
from reckon.wire import final_reply_body, result_of
from stack import Stack


def test_invalid_argument_carries_field_and_details(each_client: reckon.Client) -> None:
    with pytest.raises(reckon.InvalidArgument) as raised:
        calc.evaluate(each_client, expression="2+")
    assert raised.value.code == "invalid_argument"
    assert raised.value.field == "expression"
    assert raised.value.details[0]["code"] == "syntax"


def test_unknown_op(each_client: reckon.Client) -> None:
    with pytest.raises(reckon.UnknownOp) as raised:
        each_client.call("calc", "no.such.op")
    assert raised.value.field == "op"


def test_not_found(each_client: reckon.Client) -> None:
    with pytest.raises(reckon.NotFound):
        calc.convert(each_client, value="1", from_="furlong-per-parsec", to="m")


def test_conflict_for_a_key_reused_with_other_arguments(each_client: reckon.Client) -> None:
    cart_id = orders.cart_create(each_client)["cartId"]
    item = next(item for group in orders.menu(each_client)["groups"] for item in group["items"] if item["available"])
    key = f"add-{cart_id}"
    orders.cart_add(each_client, cart_id=cart_id, item_id=item["id"], quantity=1, idempotency_key=key)
    with pytest.raises(reckon.Conflict) as raised:
        orders.cart_add(each_client, cart_id=cart_id, item_id=item["id"], quantity=2, idempotency_key=key)
    assert raised.value.field == "idempotencyKey"


def test_failed_precondition_for_an_empty_cart(each_client: reckon.Client) -> None:
    cart_id = orders.cart_create(each_client)["cartId"]
    form = {"name": "Ada", "phone": "514-555-0199", "address": {"street": "1 Main St", "city": "Montreal", "postalCode": "H2X 1Y4"}}
    with pytest.raises(reckon.FailedPrecondition):
        orders.order_place(each_client, cart_id=cart_id, form=form)


def test_unauthenticated_and_permission_denied(each_client: reckon.Client) -> None:
    with pytest.raises(reckon.Unauthenticated):
        orders.order_list(each_client, phone="514-555-0100")
    with pytest.raises(reckon.PermissionDenied):
        orders.order_list(each_client, phone="514-555-0100", token="not-the-staff-key-at-all")


def test_already_exists_for_a_taken_username(each_client: reckon.Client) -> None:
    person = sign_up(each_client, "dup")
    with pytest.raises(reckon.AlreadyExists):
        ledger.auth_signup(each_client, username=person.username, password="correct horse battery")


def test_a_service_no_worker_serves_is_unavailable_or_unknown(each_client: reckon.Client) -> None:
    # Unavailable until the gateway has run a heartbeat expiry since it started (its workers may still be coming
    # back), UnknownService after.
    with pytest.raises((reckon.Unavailable, reckon.UnknownService)):
        each_client.call("nosuchservice", "anything")


@pytest.mark.parametrize("transport", ["zmq", "http"])
def test_unavailable_once_closed(stack: Stack, bridge_url: str, transport: str) -> None:
    closed = reckon.Client(stack.endpoints if transport == "zmq" else bridge_url)
    closed.close()
    with pytest.raises(reckon.Unavailable):
        closed.call("gateway", "ping")


def test_malformed_request_from_the_gateway(stack: Stack) -> None:
    """The client always sends a well-formed body, so this one goes raw; its reply is read as the client reads."""
    with zmq.Context() as context, context.socket(zmq.DEALER) as raw:
        raw.linger = 0
        raw.connect(stack.endpoints[0])
        raw.send_multipart([b"MDPC02", b"\x01", b"gateway", b"not json"])
        assert raw.poll(5000), "no reply from the gateway"
        body = final_reply_body(raw.recv_multipart())
    with pytest.raises(reckon.MalformedRequest):
        result_of(body)


async def test_resource_exhausted_past_the_gateways_pending_limit(stack: Stack) -> None:
    """With calc paused, calls queue at the gateway, which holds 1000 per client and refuses the rest."""
    async with reckon.AsyncClient(stack.endpoints, timeout=20) as aclient:
        with stack.paused("reckon-calc"):
            calls = [asyncio.ensure_future(calc.evaluate_async(aclient, expression=f"{i}+1")) for i in range(1100)]
            done, _ = await asyncio.wait(calls, timeout=2)
        refused = [call.exception() for call in done]
        answered = await asyncio.gather(*[call for call in calls if call not in done])
    assert len(refused) == 100 and all(isinstance(error, reckon.ResourceExhausted) for error in refused)
    assert len(answered) == 1000


@pytest.mark.parametrize(
    ("code", "cls"),
    [(cls.wire_code, cls) for cls in reckon.Error.__subclasses__()],
)
def test_every_code_maps_to_its_class(code: str, cls: Type[reckon.Error]) -> None:
    envelope = {"ok": False, "id": "x", "error": {"code": code, "message": "m", "field": "f", "details": [], "retryAfterSeconds": 3}}
    with pytest.raises(cls) as raised:
        result_of(envelope)
    assert (raised.value.code, raised.value.field, raised.value.retry_after) == (code, "f", 3)


def test_an_unknown_code_is_a_plain_error_with_its_code() -> None:
    with pytest.raises(reckon.Error) as raised:
        result_of({"ok": False, "error": {"code": "brand_new_code", "message": "later"}})
    assert type(raised.value) is reckon.Error
    assert raised.value.code == "brand_new_code"
