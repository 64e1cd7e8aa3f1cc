"""Fixtures: one real Reckon stack for the session (``reckon up`` on free loopback ports, and a reckon-http bridge in
front of it), and clients of it over each transport."""

from __future__ import annotations

import signal
from typing import Iterator

import pytest

import reckon
from stack import Stack


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    started = Stack().start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="session")
def bridge_url(stack: Stack) -> str:
    """The URL of a reckon-http bridge in front of the session's stack."""
    return stack.start_bridge()


@pytest.fixture(scope="session")
def client(stack: Stack) -> Iterator[reckon.Client]:
    """A client over ZeroMQ."""
    with reckon.Client(stack.endpoints, timeout=10.0) as blocking:
        yield blocking


@pytest.fixture(scope="session")
def http_client(bridge_url: str) -> Iterator[reckon.Client]:
    """A client over HTTP."""
    with reckon.Client(bridge_url, timeout=10.0) as blocking:
        yield blocking


@pytest.fixture(params=["zmq", "http"])
def each_client(request: pytest.FixtureRequest) -> reckon.Client:
    """The ZeroMQ client, then the HTTP one: a test taking it runs over each transport."""
    fixture = "client" if request.param == "zmq" else "http_client"
    blocking: reckon.Client = request.getfixturevalue(fixture)
    return blocking


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


# `timeout` (scripts/test.sh) ends a hung run with SIGTERM: as an interrupt, pytest still runs the fixtures'
# teardown, which stops every stack the run started.
signal.signal(signal.SIGTERM, _interrupt)
