"""A client generated from the live /openapi.json by openapi-python-client works with no hand edits: the generator
warns of nothing, and its typed calls reach calc, and the ledger with a bearer token, answering typed problems."""
import importlib
import os
import pathlib
import subprocess
import sys

import pytest

GENERATOR = pathlib.Path(sys.executable).with_name("openapi-python-client")


@pytest.fixture
def generated(http, tmp_path, monkeypatch):
    """The package generated from this stack's document (`reckon_client`), imported afresh."""
    (tmp_path / "openapi.json").write_text(http.get("/openapi.json").text)
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
