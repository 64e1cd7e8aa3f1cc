"""Fixtures: one stack per database engine for the whole session, and a signed-in household on it."""
import uuid

import httpx
import pytest

from stack import ENGINES, Stack


@pytest.fixture(scope="session", params=ENGINES)
def stack(request):
    running = Stack(request.param)
    yield running
    running.stop()


@pytest.fixture
def http(stack):
    with httpx.Client(base_url=stack.url, timeout=30) as client:
        yield client


@pytest.fixture
def member(http):
    """A signed-up user with a household: (headers with the bearer token, user id, household id)."""
    name = "u" + uuid.uuid4().hex[:10]
    assert http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"}).status_code == 200
    token = http.post("/v1/ledger/auth.login", json={"username": name, "password": "correct horse"}).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    me = http.get("/v1/ledger/auth.me", headers=headers).json()["userId"]
    home = http.post("/v1/ledger/household.create", headers=headers, json={"name": "Flat 3", "currency": "CAD"})
    return headers, me, home.json()["householdId"]
