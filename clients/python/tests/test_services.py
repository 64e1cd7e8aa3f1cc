"""Each service's main flow through the generated helpers and a real stack, over each transport."""

from __future__ import annotations

import random
from decimal import Decimal

import reckon
from households import household, sign_up
from reckon import calc, gateway, ledger, orders
from stack import Stack

FORM = {"name": "Ada Lovelace", "address": {"street": "1 Main St", "city": "Montreal", "postalCode": "H2X 1Y4"}}


def test_exact_calculation(each_client: reckon.Client) -> None:
    assert calc.evaluate(each_client, expression="0.1 + 0.2")["value"] == "0.3"
    assert calc.evaluate(each_client, expression="2^100")["value"] == "1267650600228229401496703205376"
    assert calc.convert(each_client, value=Decimal("1.5"), from_="km", to="m")["value"] == "1500"


def test_tax_estimate(each_client: reckon.Client) -> None:
    estimate = calc.tax_estimate(each_client, province="QC", year=2025, income={"employment": "60000"})
    assert estimate["province"] == "QC"
    assert Decimal(estimate["total"]) == Decimal(estimate["federal"]) + Decimal(estimate["provincial"]) + Decimal(estimate["oasRecovery"])
    assert Decimal("5000") < Decimal(estimate["total"]) < Decimal("20000")


def test_ceiling_estimate(each_client: reckon.Client) -> None:
    estimate = calc.ceiling_estimate(
        each_client, product="regal_600x600", inputs={"length_m": "8.4", "width_m": 6, "drop_m": "0.8", "spare_tiles": 4}
    )
    tiles = next(line for line in estimate["components"] if line["code"] == "tiles")
    assert (estimate["areaM2"], tiles["quantity"], tiles["spares"]) == ("50.4", 144, 4)


def test_order_placed_once_under_ten_retries_with_one_key(each_client: reckon.Client, stack: Stack) -> None:
    item = next(item for group in orders.menu(each_client)["groups"] for item in group["items"] if item["available"])
    cart_id = orders.cart_create(each_client)["cartId"]
    orders.cart_add(each_client, cart_id=cart_id, item_id=item["id"], quantity=2)
    phone = f"514-555-{random.randint(0, 9999):04d}"
    form = {**FORM, "phone": phone}
    key = f"place-{cart_id}"
    placed = [orders.order_place(each_client, cart_id=cart_id, form=form, idempotency_key=key) for _ in range(10)]
    assert {order["orderId"] for order in placed} == {placed[0]["orderId"]}
    listed = orders.order_list(each_client, phone=phone, token=stack.staff_key)
    assert [order["orderId"] for order in listed["orders"]] == [placed[0]["orderId"]]


def test_household_bills_balances_and_settle_up(each_client: reckon.Client) -> None:
    ana, ben, cy = (sign_up(each_client, name) for name in ("ana", "ben", "cy"))
    flat = household(each_client, ana, [ben, cy])
    ledger.bills_add(
        each_client, household_id=flat, description="Groceries", amount="90.00", paid_by=ana.user_id,
        split={"kind": "equal"}, token=ana.token,
    )
    ledger.bills_add(
        each_client, household_id=flat, description="Internet", amount="30.00", paid_by=ben.user_id,
        split={"kind": "equal"}, token=ben.token,
    )
    balances = ledger.balances(each_client, household_id=flat, token=cy.token)
    nets = {row["userId"]: Decimal(row["net"]) for row in balances["members"]}
    assert nets == {ana.user_id: Decimal("50.00"), ben.user_id: Decimal("-10.00"), cy.user_id: Decimal("-40.00")}
    plan = ledger.settle_suggest(each_client, household_id=flat, token=cy.token)["transfers"]
    assert sorted((transfer["from"], transfer["to"], transfer["amount"]) for transfer in plan) == sorted(
        [(ben.user_id, ana.user_id, "10.00"), (cy.user_id, ana.user_id, "40.00")]
    )


def test_gateway_ops(each_client: reckon.Client) -> None:
    assert gateway.ping(each_client) == {}
    assert {"calc", "orders", "ledger"} <= {service["name"] for service in gateway.health(each_client)["services"]}
    replies = gateway.batch(each_client, requests=[{"service": "calc", "op": "evaluate", "args": {"expression": "1/3"}}])
    assert replies["replies"][0]["result"]["value"] == "1/3"
