"""The Swift SDK of Examples/ReckonSDK (generated from docs/openapi.json by apple's swift-openapi-generator) works
against a live bridge: its flow signs up, makes a household, adds a bill and reads the balances, and what it wrote is
then read back here over plain HTTP. scripts/test.sh builds the flow and names it in RECKON_SWIFT_SDK_FLOW; without
it this test fails rather than skips."""
import os
import subprocess
import uuid

FLOW = os.environ.get("RECKON_SWIFT_SDK_FLOW", "")


def test_the_generated_swift_sdk_runs_the_ledger_flow(http, stack):
    assert FLOW and os.access(FLOW, os.X_OK), (
        "RECKON_SWIFT_SDK_FLOW must name the built reckon-sdk-flow: "
        "swift build --package-path Examples/ReckonSDK --product reckon-sdk-flow")
    username, password = "s" + uuid.uuid4().hex[:10], "correct horse"
    run = subprocess.run([FLOW, stack.url, username, password], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    token = http.post("/v1/ledger/auth.login", json={"username": username, "password": password}).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    homes = http.get("/v1/ledger/household.list", headers=headers).json()["households"]
    assert [home["name"] for home in homes] == ["Flat 3"]
    bills = http.get("/v1/ledger/bills.list", params={"householdId": homes[0]["householdId"]}, headers=headers)
    assert [(bill["description"], bill["amount"]) for bill in bills.json()["bills"]] == [("Groceries", "84.30")]
    assert f"bill {bills.json()['bills'][0]['billId']}" in run.stdout
