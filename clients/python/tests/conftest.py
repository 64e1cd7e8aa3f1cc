"""Fixtures: one real Reckon stack for the session (``reckon up`` on free loopback ports), and clients of it."""

from __future__ import annotations

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
