"""reckon-http in front of two gateways, on both databases: when one is SIGKILLed under a stream of writes, every keyed
write lands once and reads go on."""
import signal
import uuid

import httpx
import pytest

from stack import ENGINES, Stack


@pytest.fixture(scope="module", params=ENGINES)
def two_gateways(request):
    running = Stack(request.param, gateways=2)
    yield running
    running.stop()


def test_keyed_writes_survive_a_killed_gateway_once_each(two_gateways):
    with httpx.Client(base_url=two_gateways.url, timeout=30) as http:
        name = "f" + uuid.uuid4().hex[:10]
        http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"})
        token = http.post("/v1/ledger/auth.login", json={"username": name, "password": "correct horse"}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        me = http.get("/v1/ledger/auth.me", headers=headers).json()["userId"]
        home = http.post("/v1/ledger/household.create", headers=headers, json={"name": "Failover"}).json()["householdId"]
        statuses = []
        for index in range(40):
            if index == 15:
                two_gateways.gateways[0]["process"].send_signal(signal.SIGKILL)
            response = http.post(
                "/v1/ledger/bills.add",
                headers={**headers, "Idempotency-Key": f"failover-{index}"},
                json={"householdId": home, "description": f"bill {index}", "amount": "1.00", "paidBy": me,
                      "split": {"kind": "equal"}},
            )
            statuses.append(response.status_code)
        assert statuses == [200] * 40
        bills = http.get("/v1/ledger/bills.list", params={"householdId": home, "limit": "500"}, headers=headers)
        descriptions = [bill["description"] for bill in bills.json()["bills"]]
        assert sorted(descriptions) == sorted(f"bill {index}" for index in range(40)), "a write was lost or doubled"
        assert http.get("/v1/calc/convert", params={"value": "1", "from": "m", "to": "cm"}).json()["value"] == "100"
