"""Ledger set-up the tests share: people with sessions, and a household of them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import List

import reckon
from reckon import ledger


@dataclass
class Person:
    user_id: str
    username: str
    token: str


def sign_up(client: reckon.Client, name: str) -> Person:
    """A new ledger user (a unique username starting with ``name``), signed in."""
    username = f"{name}-{uuid.uuid4().hex[:8]}"
    ledger.auth_signup(client, username=username, password="correct horse battery")
    session = ledger.auth_login(client, username=username, password="correct horse battery")
    return Person(user_id=session["user"]["userId"], username=username, token=session["token"])


def household(client: reckon.Client, owner: Person, members: List[Person]) -> str:
    """A CAD household of ``owner`` and ``members`` (each accepts the owner's request); its id."""
    household_id = ledger.household_create(client, name="Flat", token=owner.token)["householdId"]
    for member in members:
        request = ledger.roommates_request(client, household_id=household_id, username=member.username, token=owner.token)
        ledger.roommates_accept(client, request_id=request["requestId"], token=member.token)
    return household_id
