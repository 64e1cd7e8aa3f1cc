"""Fixtures: one real Reckon stack for the session (``reckon up`` on free loopback ports), and clients of it."""

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
def client(stack: Stack) -> Iterator[reckon.Client]:
    with reckon.Client(stack.endpoints, timeout=10.0) as blocking:
        yield blocking


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


# `timeout` (scripts/test.sh) ends a hung run with SIGTERM: as an interrupt, pytest still runs the fixtures'
# teardown, which stops every stack the run started.
signal.signal(signal.SIGTERM, _interrupt)
