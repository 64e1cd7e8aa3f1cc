"""Retries over HTTP, against a real server in front of the real bridge that refuses the first requests as the bridge
does (503 or 429, with or without ``Retry-After``) and passes the rest on: what is retried, how long the client
waits, and what is never sent twice."""

from __future__ import annotations

import email.utils
import json
import socket
import time
from typing import Optional

import pytest

import reckon
from reckon import calc, orders
from reckon.http_answers import retry_after_seconds
from scripted_bridge import Answer, ScriptedBridge


def refusal(status: int, code: str, retry_after: Optional[int] = None) -> Answer:
    """A problem as the bridge sends it (docs/http.md, "Errors")."""
    problem = {"type": f"tag:reckon.dev,2026:error:{code}", "title": "Refused", "status": status,
               "detail": "try later", "code": code, "message": "try later"}
    headers = {"Content-Type": "application/problem+json"}
    if retry_after is not None:
        problem["retryAfterSeconds"] = retry_after
        headers["Retry-After"] = str(retry_after)
    return Answer(status, headers, json.dumps(problem).encode())


UNAVAILABLE = refusal(503, "unavailable", retry_after=1)
TOO_MANY = refusal(429, "resource_exhausted", retry_after=1)
UNAVAILABLE_NO_WAIT = refusal(503, "unavailable")


def test_a_503_is_retried_after_its_retry_after(bridge_url: str) -> None:
    """A pure op, even without a key: the second try comes a second later (its ``Retry-After``) and is answered."""
    with ScriptedBridge(bridge_url, [UNAVAILABLE]) as scripted:
        with reckon.Client(scripted.url, timeout=10) as client:
            assert calc.evaluate(client, expression="6*7", idempotency_key=None)["value"] == "42"
        assert len(scripted.seen) == 2 and scripted.gaps()[0] >= 1.0


def test_a_429_is_retried_for_a_keyed_write_with_its_key(bridge_url: str) -> None:
    with ScriptedBridge(bridge_url, [TOO_MANY]) as scripted:
        with reckon.Client(scripted.url, timeout=10) as client:
            assert orders.cart_create(client)["cartId"]
        keys = [seen.headers.get("idempotency-key") for seen in scripted.seen]
        assert len(keys) == 2 and keys[0] is not None and keys[0] == keys[1]
        assert scripted.gaps()[0] >= 1.0


def test_a_write_without_a_key_is_never_retried(bridge_url: str) -> None:
    with ScriptedBridge(bridge_url, [UNAVAILABLE]) as scripted:
        with reckon.Client(scripted.url, timeout=10) as client:
            with pytest.raises(reckon.Unavailable) as raised:
                orders.cart_create(client, idempotency_key=None)
        assert raised.value.retry_after == 1
        assert len(scripted.seen) == 1 and "idempotency-key" not in scripted.seen[0].headers


def test_backoff_doubles_as_the_client_sets_it(bridge_url: str) -> None:
    """With no jitter and no ``Retry-After``, the waits are the client's backoff, doubled each time."""
    with ScriptedBridge(bridge_url, [UNAVAILABLE_NO_WAIT, UNAVAILABLE_NO_WAIT]) as scripted:
        with reckon.Client(scripted.url, timeout=10, retry=reckon.Retry(attempts=3, backoff=0.2, jitter=0)) as client:
            assert calc.evaluate(client, expression="1+1")["value"] == "2"
        gaps = scripted.gaps()
        assert len(gaps) == 2 and gaps[0] >= 0.2 and gaps[1] >= 0.4


def test_attempts_as_the_client_sets_them(bridge_url: str) -> None:
    with ScriptedBridge(bridge_url, [UNAVAILABLE_NO_WAIT, UNAVAILABLE_NO_WAIT, UNAVAILABLE_NO_WAIT]) as scripted:
        with reckon.Client(scripted.url, timeout=10, retry=reckon.Retry(attempts=2, backoff=0)) as twice:
            with pytest.raises(reckon.Unavailable):
                calc.evaluate(twice, expression="1+1")
        assert len(scripted.seen) == 2
        with reckon.Client(scripted.url, timeout=10, retry=reckon.NO_RETRY) as once:
            with pytest.raises(reckon.Unavailable):
                calc.evaluate(once, expression="1+1")
        assert len(scripted.seen) == 3


def test_a_retry_after_past_the_calls_timeout_is_not_waited(bridge_url: str) -> None:
    with ScriptedBridge(bridge_url, [refusal(429, "resource_exhausted", retry_after=30)]) as scripted:
        started = time.monotonic()
        with reckon.Client(scripted.url, timeout=5) as client:
            with pytest.raises(reckon.ResourceExhausted) as raised:
                calc.evaluate(client, expression="1+1")
        assert raised.value.retry_after == 30 and len(scripted.seen) == 1
        assert time.monotonic() - started < 5, "the client waited for its timeout"


async def test_the_async_client_retries_too(bridge_url: str) -> None:
    with ScriptedBridge(bridge_url, [UNAVAILABLE]) as scripted:
        async with reckon.AsyncClient(scripted.url, timeout=10) as client:
            assert (await calc.evaluate_async(client, expression="2^10"))["value"] == "1024"
        assert len(scripted.seen) == 2 and scripted.gaps()[0] >= 1.0


def test_an_answer_that_is_no_problem_is_typed_by_its_status(bridge_url: str) -> None:
    """As from a proxy in front of the bridge: a page for an error, even one for a 200."""
    page = {"Content-Type": "text/html"}
    script = [Answer(502, page, b"<html>bad gateway</html>"), Answer(500, {}, b"oops"), Answer(200, page, b"<html>")]
    with ScriptedBridge(bridge_url, script) as scripted:
        with reckon.Client(scripted.url, timeout=10, retry=reckon.NO_RETRY) as client:
            with pytest.raises(reckon.Unavailable):
                calc.evaluate(client, expression="1+1")
            with pytest.raises(reckon.Internal):
                calc.evaluate(client, expression="1+1")
            with pytest.raises(reckon.Internal, match="not JSON"):
                calc.evaluate(client, expression="1+1")


def test_no_bridge_listening_is_unavailable_after_the_retries() -> None:
    with socket.socket() as placeholder:
        placeholder.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{placeholder.getsockname()[1]}"  # bound, not listening: connections are refused
        with reckon.Client(url, timeout=10, retry=reckon.Retry(attempts=3, backoff=0.01)) as client:
            with pytest.raises(reckon.Unavailable):
                calc.evaluate(client, expression="1+1")


def test_retry_after_as_seconds_or_as_a_date() -> None:
    assert retry_after_seconds("7") == 7
    in_a_minute = retry_after_seconds(email.utils.formatdate(time.time() + 60, usegmt=True))
    assert in_a_minute is not None and 58 <= in_a_minute <= 61
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None
