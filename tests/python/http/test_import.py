"""`import.start` through reckon-http and the gateway, on both engines: a Splitwise export written by Python's own
`csv` module (quotes, commas and line breaks in descriptions, JPY and KWD, a member who left, a settlement) imports
once, with the export's closing balances; a file with a bad row is refused whole; Reckon's export.json restores a
household's balances exactly; a real IHateMoney's export lands within a cent of IHateMoney's own balances."""
import csv
import decimal
import io
import json
import os
import pathlib
import subprocess
import uuid

import pytest

from test_mapping import problem

PASSWORD = "correct horse"


def join(http, owner_headers, home, name):
    """Signs `name` up and has them join `home`: their (headers, user id)."""
    assert http.post("/v1/ledger/auth.signup", json={"username": name, "password": PASSWORD}).status_code == 200
    headers = {"Authorization": "Bearer " + http.post(
        "/v1/ledger/auth.login", json={"username": name, "password": PASSWORD}).json()["token"]}
    accept(http, owner_headers, home, name, headers)
    return headers, http.get("/v1/ledger/auth.me", headers=headers).json()["userId"]


def accept(http, owner_headers, home, name, headers):
    """The owner asks `name` into `home`, and they accept."""
    invite = http.post("/v1/ledger/roommates.request", headers=owner_headers,
                       json={"householdId": home, "username": name})
    assert http.post("/v1/ledger/roommates.accept", headers=headers,
                     json={"requestId": invite.json()["requestId"]}).status_code == 200


def household_with_three(http, member):
    """`member`'s household with two more members: (owner's headers, household, owner's id, (bob's username, id,
    headers), (cyd's username, id, headers))."""
    headers, me, home = member
    suffix = uuid.uuid4().hex[:6]
    bob_headers, bob = join(http, headers, home, "bob" + suffix)
    cyd_headers, cyd = join(http, headers, home, "cyd" + suffix)
    return headers, home, me, ("bob" + suffix, bob, bob_headers), ("cyd" + suffix, cyd, cyd_headers)


def splitwise(rows):
    """A Splitwise group export: the header, a blank line, the rows, a blank line and the totals, CRLF."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Date", "Description", "Category", "Cost", "Currency", "Ana", "Bob Li", "Cy (left)"])
    writer.writerow([])
    writer.writerows(rows)
    return out.getvalue()


ROWS = [
    ["2026-01-05", 'Groceries, "organic"', "Groceries", "60.00", "CAD", "40.00", "-20.00", "-20.00"],
    ["2026-01-06", "Dinner\nwith friends", "Dining out", "45.00", "CAD", "-15.00", "30.00", "-15.00"],
    ["2026-01-07", "Ramen", "Dining out", "3000.00", "JPY", "2000.00", "-1000.00", "-1000.00"],
    ["2026-01-08", "Dinar dinner", "Dining out", "9.000", "KWD", "-3.000", "6.000", "-3.000"],
    ["2026-01-09", "Bob Li paid Ana", "Payment", "20.00", "CAD", "-20.00", "20.00", "0.00"],
    [],
    ["2026-01-31", "Total balance", " ", " ", "CAD", "5.00", "30.00", "-35.00"],
    ["2026-01-31", "Total balance", " ", " ", "JPY", "2000.00", "-1000.00", "-1000.00"],
    ["2026-01-31", "Total balance", " ", " ", "KWD", "-3.000", "6.000", "-3.000"],
]


def nets(http, headers, home):
    balances = http.get("/v1/ledger/balances", params={"householdId": home}, headers=headers)
    assert balances.status_code == 200
    return {(b["currency"], b["userId"]): b["net"] for b in balances.json()["members"]}


def test_a_splitwise_export_imports_once_with_its_closing_balances(http, member):
    headers, home, me, (bob_name, bob, _), (_, cyd, _) = household_with_three(http, member)
    args = {"householdId": home, "from": "splitwise", "file": splitwise(ROWS),
            "members": {"Ana": me, "Bob Li": bob_name, "Cy (left)": cyd}}
    dry = http.post("/v1/ledger/import.start", headers=headers, json={**args, "dryRun": True})
    assert dry.status_code == 200, dry.text
    preview = dry.json()
    assert (preview["bills"], preview["payments"], preview["errors"]) == (4, 1, [])
    assert [row["row"] for row in preview["preview"]] == [3, 4, 6, 7, 8]
    assert preview["preview"][1]["description"] == "Dinner\nwith friends"
    assert http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"] == []

    done = http.post("/v1/ledger/import.start", headers=headers, json=args)
    assert done.status_code == 200, done.text
    assert not done.json()["alreadyImported"] and done.json()["digest"] == preview["digest"]
    expected = {("CAD", me): "5.00", ("CAD", bob): "30.00", ("CAD", cyd): "-35.00",
                ("JPY", me): "2000", ("JPY", bob): "-1000", ("JPY", cyd): "-1000",
                ("KWD", me): "-3.000", ("KWD", bob): "6.000", ("KWD", cyd): "-3.000"}
    assert nets(http, headers, home) == expected
    bills = http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"]
    assert {b["description"] for b in bills} == {'Groceries, "organic"', "Dinner\nwith friends", "Ramen",
                                                 "Dinar dinner"}

    again = http.post("/v1/ledger/import.start", headers=headers, json=args)
    assert again.status_code == 200 and again.json()["alreadyImported"]
    assert nets(http, headers, home) == expected


def upload(home):
    """The route a file is uploaded to, as its body."""
    return f"/v1/ledger/households/{home}/import"


def test_a_splitwise_file_uploads_as_text_csv_and_is_the_same_file_as_through_the_op(http, member):
    headers, home, me, (bob_name, bob, _), (_, cyd, _) = household_with_three(http, member)
    file = splitwise(ROWS)
    members = json.dumps({"Ana": me, "Bob Li": bob_name, "Cy (left)": cyd})
    csv_headers = {**headers, "Content-Type": "text/csv; charset=utf-8"}
    dry = http.post(upload(home), params={"from": "splitwise", "dryRun": "true", "members": members},
                    content=file.encode(), headers=csv_headers)
    assert dry.status_code == 200, dry.text
    assert (dry.json()["dryRun"], dry.json()["bills"], dry.json()["payments"]) == (True, 4, 1)
    assert http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"] == []
    done = http.post(upload(home), params={"from": "splitwise", "members": members}, content=file.encode(),
                     headers=csv_headers)
    assert done.status_code == 200, done.text
    assert not done.json()["alreadyImported"] and done.json()["digest"] == dry.json()["digest"]
    assert nets(http, headers, home)[("KWD", bob)] == "6.000"
    again = http.post("/v1/ledger/import.start", headers=headers,
                      json={"householdId": home, "from": "splitwise", "file": file, "members": json.loads(members)})
    assert again.status_code == 200 and again.json()["alreadyImported"]


def test_an_upload_is_refused_before_anything_is_written(http, member):
    headers, home, _, _, _ = household_with_three(http, member)
    file = splitwise(ROWS).encode()
    sent = {**headers, "Content-Type": "text/csv"}
    problem(http.post(upload(home), params={"from": "splitwise"}, content=file,
                      headers={**headers, "Content-Type": "text/plain"}), 415, "malformed_request", "Content-Type")
    problem(http.post(upload(home), params={"from": "splitwise", "file": "x"}, content=file, headers=sent),
            400, "invalid_argument", "file")
    problem(http.post(upload(home), params={"from": "splitwise"}, content=b"Date,\xff\n", headers=sent),
            400, "invalid_argument", "file")
    problem(http.post(upload(home), content=file, headers=sent), 400, "invalid_argument", "from")
    problem(http.post(upload(home), params={"from": "splitwise", "dryRun": "maybe"}, content=file, headers=sent),
            400, "invalid_argument", "dryRun")
    problem(http.post(upload("h_nowhere"), params={"from": "splitwise"}, content=file, headers=sent),
            404, "not_found", "householdId")
    problem(http.post(upload(home), params={"from": "splitwise"}, content=file, headers={"Content-Type": "text/csv"}),
            401, "unauthenticated")
    assert http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"] == []


def test_a_file_with_a_bad_row_is_refused_whole(http, member):
    headers, home, me, (bob_name, _, _), (_, cyd, _) = household_with_three(http, member)
    rows = ROWS[:2] + [["2026-01-07", "Odd", "General", "30.00", "CAD", "20.00", "-10.00", "-9.99"]]
    args = {"householdId": home, "from": "splitwise", "file": splitwise(rows),
            "members": {"Ana": me, "Bob Li": bob_name, "Cy (left)": cyd}}
    dry = http.post("/v1/ledger/import.start", headers=headers, json={**args, "dryRun": True}).json()
    assert [(e["row"], e["message"]) for e in dry["errors"]] == [(6, "the members' amounts do not add up to 0")]
    body = problem(http.post("/v1/ledger/import.start", headers=headers, json=args), 400, "invalid_argument", "file")
    assert body["message"].startswith("row 6: ")
    assert http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"] == []
    problem(http.post("/v1/ledger/import.start", headers=headers, json={**args, "from": "quicken"}),
            400, "invalid_argument", "from")


def test_reckons_export_restores_a_household(http, member):
    headers, home, me, bob, cyd = household_with_three(http, member)
    for amount in ("100.00", "0.05", "7.01"):
        added = http.post("/v1/ledger/bills.add", headers=headers, json={
            "householdId": home, "description": f"Thirds of {amount}", "amount": amount, "paidBy": bob[1],
            "split": {"kind": "equal"}})
        assert added.status_code == 200, added.text
    paid = http.post("/v1/ledger/payments.record", headers=headers,
                     json={"householdId": home, "from": cyd[1], "to": bob[1], "amount": "12.00"})
    assert paid.status_code == 200, paid.text
    exported = http.get("/v1/ledger/export.json", params={"householdId": home}, headers=headers)
    assert exported.status_code == 200
    copy = http.post("/v1/ledger/household.create", headers=headers, json={"name": "Copy", "currency": "CAD"})
    copy_id = copy.json()["householdId"]
    for name, _, their_headers in (bob, cyd):
        accept(http, headers, copy_id, name, their_headers)
    # Uploaded as the file it is (the upload route), not wrapped in JSON.
    restored = http.post(upload(copy_id), params={"from": "reckon"}, content=exported.content,
                         headers={**headers, "Content-Type": "application/json"})
    assert restored.status_code == 200, restored.text
    assert (restored.json()["bills"], restored.json()["payments"]) == (3, 1)
    assert nets(http, headers, copy_id) == nets(http, headers, home)


def ihatemoney_project(spec):
    """A project made in a real IHateMoney (ihatemoney_project.py), as its export and its balances."""
    python = os.environ.get("RECKON_IHATEMONEY_PYTHON")
    if not python:
        pytest.fail("the IHateMoney import test needs RECKON_IHATEMONEY_PYTHON (scripts/test.sh makes its venv)")
    done = subprocess.run([python, pathlib.Path(__file__).with_name("ihatemoney_project.py")],
                          input=json.dumps(spec), capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_an_ihatemoney_project_imports_to_the_cent(http, member):
    """IHateMoney's weights, floats and reimbursements: every balance within a cent of IHateMoney's own."""
    headers, home, me, bob, cyd = household_with_three(http, member)
    ana = http.get("/v1/ledger/auth.me", headers=headers).json()["username"]
    project = ihatemoney_project({
        "members": [[ana, 1], [bob[0], 2], [cyd[0], 1]],
        "bills": [
            ["Groceries", ana, [ana, bob[0], cyd[0]], "100", "Expense", "2026-01-05"],
            ['Pizza, "large"', bob[0], [ana, cyd[0]], "33.33", "Expense", "2026-01-06"],
            ["Power", cyd[0], [ana, bob[0], cyd[0]], "10.01", "Expense", "2026-01-07"],
            ["Back for groceries", cyd[0], [ana], "10", "Reimbursement", "2026-01-08"],
        ]})
    args = {"householdId": home, "from": "ihatemoney", "file": project["export"]}
    dry = http.post("/v1/ledger/import.start", headers=headers, json={**args, "dryRun": True})
    assert dry.status_code == 200, dry.text
    assert (dry.json()["bills"], dry.json()["payments"], dry.json()["errors"]) == (3, 1, [])
    assert dry.json()["exactness"] == "cent"
    done = http.post("/v1/ledger/import.start", headers=headers, json=args)
    assert done.status_code == 200, done.text
    got = nets(http, headers, home)
    for name, user in ((ana, me), (bob[0], bob[1]), (cyd[0], cyd[1])):
        assert abs(decimal.Decimal(got[("CAD", user)]) - decimal.Decimal(str(project["balances"][name]))) \
            <= decimal.Decimal("0.01"), (name, got, project["balances"])
