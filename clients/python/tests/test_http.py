"""What is particular to HTTP: results that the bridge answers as files, many calls in flight, HTTPS, the headers a
call carries, timeouts, and an install with no pyzmq. The flows and errors common to both transports are in
test_services.py and test_errors.py, which run over each."""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import os
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

import reckon
from households import household, sign_up
from reckon import calc, ledger, orders
from scripted_bridge import ScriptedBridge
from stack import Stack


def test_files_come_back_as_the_zeromq_reply_has_them(client: reckon.Client, http_client: reckon.Client) -> None:
    """``export.csv`` and ``events.ical`` are files over HTTP; the client rebuilds the ZeroMQ result from them."""
    ana = sign_up(client, "files")
    flat = household(client, ana, [])
    for description in ("Groceries", 'Paint, "eggshell"\nand brushes'):  # a quoted cell with a line break: one row
        ledger.bills_add(
            client, household_id=flat, description=description, amount="12.50", paid_by=ana.user_id,
            split={"kind": "equal"}, token=ana.token,
        )
    ledger.events_add(client, household_id=flat, title="Rent day", start="2026-12-01", all_day=True, token=ana.token)
    over_http = ledger.export_csv(http_client, household_id=flat, what="bills", token=ana.token)
    assert over_http == ledger.export_csv(client, household_id=flat, what="bills", token=ana.token)
    assert over_http["rows"] == 2
    calendar = ledger.events_ical(http_client, household_id=flat, token=ana.token)
    assert set(calendar) == {"calendar"} and "SUMMARY:Rent day" in calendar["calendar"]
    assert without_stamps(calendar["calendar"]) == without_stamps(
        ledger.events_ical(client, household_id=flat, token=ana.token)["calendar"]
    )


def without_stamps(calendar: str) -> str:
    """An iCalendar text without its DTSTAMP lines (when it was written)."""
    return "\n".join(line for line in calendar.splitlines() if not line.startswith("DTSTAMP"))


async def test_200_calls_in_flight_on_one_async_client(bridge_url: str) -> None:
    async with reckon.AsyncClient(bridge_url, timeout=30) as aclient:
        results = await asyncio.gather(*[calc.evaluate_async(aclient, expression=f"{i} * 7 + 1") for i in range(200)])
    assert [result["value"] for result in results] == [str(i * 7 + 1) for i in range(200)]


async def test_closing_an_async_client_fails_its_calls_in_flight(stack: Stack, bridge_url: str) -> None:
    with stack.paused("reckon-gateway"), ScriptedBridge(bridge_url, []) as recorded:
        aclient = reckon.AsyncClient(recorded.url, timeout=30)
        calls = [asyncio.ensure_future(calc.evaluate_async(aclient, expression=f"{i}+1")) for i in range(3)]
        while len(recorded.seen) < 3:  # all three sent, and held by the paused gateway
            await asyncio.sleep(0.01)
        await aclient.close()
        outcomes = await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), timeout=10)
    assert [type(outcome) for outcome in outcomes] == [reckon.Unavailable] * 3


def test_a_call_carries_its_token_key_and_wait_as_headers(bridge_url: str, stack: Stack) -> None:
    with ScriptedBridge(bridge_url, []) as recorded, reckon.Client(recorded.url, timeout=7) as client:
        assert calc.evaluate(client, expression="1+1")["value"] == "2"
        cart = orders.cart_create(client)["cartId"]
        orders.cart_create(client, idempotency_key=f"mine-{cart}")
        orders.order_list(client, phone="514-555-0100", token=stack.staff_key, timeout=2.5)
    pure, fresh, mine, staff = (seen.headers for seen in recorded.seen)
    assert [seen.path for seen in recorded.seen] == [
        "/v1/calc/evaluate", "/v1/orders/cart.create", "/v1/orders/cart.create", "/v1/orders/order.list"
    ]
    assert pure["content-type"] == "application/json" and 6000 < int(pure["request-timeout"]) <= 7000
    assert "idempotency-key" not in pure and "authorization" not in pure  # a pure op needs no key
    assert len(fresh["idempotency-key"]) == 36 and mine["idempotency-key"] == f"mine-{cart}"
    assert staff["authorization"] == f"Bearer {stack.staff_key}" and 1500 < int(staff["request-timeout"]) <= 2500


def test_a_timeout_is_deadline_exceeded_and_the_client_goes_on(stack: Stack, http_client: reckon.Client) -> None:
    with stack.paused("reckon-gateway"):
        with pytest.raises(reckon.DeadlineExceeded):
            calc.evaluate(http_client, expression="2+2", timeout=1.5)
    assert calc.evaluate(http_client, expression="3+3")["value"] == "6"


def test_https_with_a_private_authority(stack: Stack, tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )
    trusted = ssl.create_default_context(cafile=str(cert))
    url = stack.start_bridge("--tls-cert", str(cert), "--tls-key", str(key), scheme="https", trust=trusted)
    with reckon.Client(url, timeout=10, verify=trusted) as client:
        assert calc.evaluate(client, expression="6*7")["value"] == "42"
    with reckon.Client(url, timeout=10, retry=reckon.NO_RETRY) as untrusting:
        with pytest.raises(reckon.Unavailable, match="CERTIFICATE_VERIFY_FAILED"):
            calc.evaluate(untrusting, expression="6*7")


def test_http_needs_no_pyzmq(bridge_url: str) -> None:
    """In a process where pyzmq cannot be imported, an HTTP client still calls (the ZeroMQ modules load lazily)."""
    program = (
        "import sys\n"
        "class NoZmq:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'zmq': raise ImportError('no pyzmq here')\n"
        "sys.meta_path.insert(0, NoZmq())\n"
        "import reckon\n"
        "from reckon import calc\n"
        "with reckon.Client(sys.argv[1], timeout=10) as client:\n"
        "    print(calc.evaluate(client, expression='6*7')['value'])\n"
    )
    answer = subprocess.run([sys.executable, "-c", program, bridge_url], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert (answer.returncode, answer.stdout.strip()) == (0, "42"), answer.stderr


def test_options_of_the_other_transport_are_refused(stack: Stack, bridge_url: str) -> None:
    curve = reckon.Curve(server_key=b"k" * 40, public_key=b"p" * 40, secret_key=b"s" * 40)
    with pytest.raises(ValueError, match="curve"):
        reckon.Client(bridge_url, curve=curve)
    with pytest.raises(ValueError, match="retry"):
        reckon.AsyncClient(stack.endpoints, retry=reckon.Retry())
    with pytest.raises(ValueError, match="one HTTP URL"):
        reckon.Client([bridge_url, stack.endpoints[0]])
    with pytest.raises(ValueError, match="retry policy"):
        reckon.Retry(attempts=0)


def test_the_version_is_the_installed_packages() -> None:
    assert reckon.__version__ == importlib.metadata.version("reckon-client")
    assert json.loads(json.dumps(reckon.__version__)) == reckon.__version__
