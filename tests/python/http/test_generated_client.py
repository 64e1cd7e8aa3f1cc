"""A client generated from docs/openapi.json (what every bridge serves: test_openapi.py) by openapi-python-client
works with no hand edits: the generator warns of nothing, it makes one model per named entity, and its typed calls
reach calc, and the ledger with a bearer token, answering typed problems."""
import importlib
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import uuid

import pytest

from stack import REPOSITORY

GENERATOR = pathlib.Path(sys.executable).with_name("openapi-python-client")


@pytest.fixture
def generated(tmp_path, monkeypatch):
    """The package generated from the committed document (`reckon_client`), imported afresh."""
    (tmp_path / "openapi.json").write_text((REPOSITORY / "docs" / "openapi.json").read_text(encoding="utf-8"))
    # Its post-generation hook runs ruff, installed beside it in the venv, which need not be on PATH.
    path = f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"
    run = subprocess.run([str(GENERATOR), "generate", "--path", "openapi.json", "--meta", "none"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env={**os.environ, "PATH": path})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "warning" not in (run.stdout + run.stderr).lower(), run.stdout + run.stderr
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [name for name in sys.modules if name.split(".")[0] == "reckon_client"]:
        monkeypatch.delitem(sys.modules, name)
    return lambda module: importlib.import_module(f"reckon_client.{module}")


def test_a_generated_client_calls_calc_and_the_ledger(generated, stack, member):
    headers, me, _ = member
    client = generated("client")
    evaluate = generated("api.calc.calc_evaluate")
    body = generated("models.calc_evaluate_body").CalcEvaluateBody(expression="1+1")
    assert evaluate.sync(client=client.Client(base_url=stack.url), body=body).value == "2"

    token = headers["Authorization"].removeprefix("Bearer ")
    signed_in = client.AuthenticatedClient(base_url=stack.url, token=token)
    assert generated("api.ledger.ledger_auth_me_get").sync(client=signed_in).user_id == me
    create = generated("api.ledger.ledger_household_create")
    home = create.sync(client=signed_in, body=generated("models.ledger_household_create_body")
                       .LedgerHouseholdCreateBody(name="Generated", currency="CAD"))
    assert home.name == "Generated" and home.household_id

    stranger = client.AuthenticatedClient(base_url=stack.url, token="nope")
    problem = generated("api.ledger.ledger_auth_me").sync(client=stranger)
    assert isinstance(problem, generated("models.problem").Problem) and problem.code == "unauthenticated"


def test_each_named_entity_is_one_model(generated):
    """Every `components.schemas` entry is one model class, and no operation repeats an entity inline."""
    document = json.loads((REPOSITORY / "docs" / "openapi.json").read_text(encoding="utf-8"))
    entities = document["components"]["schemas"]
    for name in entities:
        module = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
        assert hasattr(generated(f"models.{module}"), name), name
    untitled = {json.dumps({k: v for k, v in schema.items() if k != "title"}, sort_keys=True): name
                for name, schema in entities.items()}

    def inline(node, where):
        if isinstance(node, dict):
            repeated = untitled.get(json.dumps(node, sort_keys=True))
            assert repeated is None or "properties" not in node, f"{where} repeats {repeated}"
            for key, value in node.items():
                inline(value, f"{where}/{key}")
        elif isinstance(node, list):
            for value in node:
                inline(value, where)

    inline(document["paths"], "paths")


def test_signup_household_bill_and_balances_through_the_generated_client(generated, stack):
    client = generated("client").Client(base_url=stack.url)
    name, password = "g" + uuid.uuid4().hex[:10], "correct horse"
    signup = generated("models.ledger_auth_signup_body").LedgerAuthSignupBody(username=name, password=password)
    user = generated("api.ledger.ledger_auth_signup").sync(client=client, body=signup)
    assert isinstance(user, generated("models.user").User) and user.username == name
    login = generated("models.ledger_auth_login_body").LedgerAuthLoginBody(username=name, password=password)
    token = generated("api.ledger.ledger_auth_login").sync(client=client, body=login).token
    signed_in = generated("client").AuthenticatedClient(base_url=stack.url, token=token)
    home = generated("api.ledger.ledger_household_create").sync(
        client=signed_in, body=generated("models.ledger_household_create_body").LedgerHouseholdCreateBody(name="Flat"))
    assert isinstance(home, generated("models.household").Household)
    split = generated("models.split").Split(kind=generated("models.split_kind").SplitKind.EQUAL)
    body = generated("models.ledger_bills_add_body").LedgerBillsAddBody(
        household_id=home.household_id, description="Groceries", amount="84.30", paid_by=user.user_id, split=split)
    bill = generated("api.ledger.ledger_bills_add").sync(client=signed_in, body=body)
    assert isinstance(bill, generated("models.bill").Bill) and bill.amount == "84.30" and bill.split.kind == split.kind
    fetched = generated("api.ledger.ledger_bills_get_get").sync(client=signed_in, bill_id=bill.bill_id)
    assert isinstance(fetched, generated("models.bill").Bill) and fetched.bill_id == bill.bill_id
    balances = generated("api.ledger.ledger_balances_get").sync(client=signed_in, household_id=home.household_id)
    assert isinstance(balances, generated("models.balances").Balances)
    assert [(balance.user_id, balance.net) for balance in balances.members] == [(user.user_id, "0.00")]

    # A file uploaded as its bytes (the upload route's one body type, which the generator reads as a File).
    file = f"Date,Description,Category,Cost,Currency,{name}\r\n\r\n2026-01-05,Alone,General,10.00,CAD,0.00\r\n"
    preview = generated("api.ledger.ledger_import_upload").sync(
        client=signed_in, household_id=home.household_id, dry_run=True,
        from_=generated("models.ledger_import_upload_from").LedgerImportUploadFrom.SPLITWISE,
        body=generated("types").File(payload=io.BytesIO(file.encode())))
    assert isinstance(preview, generated("models.import_result").ImportResult), preview
    assert (preview.dry_run, preview.bills, preview.skipped_count) == (True, 0, 1)
