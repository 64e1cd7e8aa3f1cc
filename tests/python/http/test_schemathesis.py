"""schemathesis against /openapi.json of the live stack, on both databases: every operation with generated
arguments and headers, then chained through the document's links (stateful), with a signed-in member's token.
Every check schemathesis has is on: no reply may be a 5xx, break its own schema, status, media type or headers, or
ignore the bearer scheme; a schema-valid request is accepted and a schema-violating one refused."""
import os
import pathlib
import subprocess
import sys

import pytest

SCHEMATHESIS = pathlib.Path(sys.executable).with_name("st")
HERE = pathlib.Path(__file__).parent
# not_a_server_error, but a 504 for a Request-Timeout the fuzzer chose passes (schemathesis_checks.py).
CHECKS = [
    "not_a_server_error_but_a_deadline_asked_for", "status_code_conformance", "content_type_conformance",
    "response_headers_conformance", "response_schema_conformance", "unsupported_method", "allow_header_conformance", "ignored_auth",
    "use_after_free", "ensure_resource_availability", "object_level_authorization",
    # Schema-valid requests accepted, schema-violating ones refused, 401 without a token: schemathesis's own checks
    # less what the document itself allows (schemathesis_checks.py says exactly what).
    "positive_data_acceptance_of_valid_requests", "negative_data_rejection_but_unknown_headers_ignored",
    "missing_required_header_of_valid_requests",
]


# A fixed seed, so CI sends the cases a run here sent; RECKON_SCHEMATHESIS_SEED=<n> explores others (each new
# finding is a rule to state: docs/decisions.md, issue #37).
SEED = os.environ.get("RECKON_SCHEMATHESIS_SEED", "20261129")


# The databases it runs on: PostgreSQL alone unless RECKON_SCHEMATHESIS_ENGINES says more ("sqlite,postgres"). The
# bridge and the op schemas it checks are the same on both; each engine's own behaviour has the other suites. Four
# examples an operation (five until the webhook ops came), most of the time the coverage phase (boundary and negative
# values, which --max-examples does not bound).
ENGINES = os.environ.get("RECKON_SCHEMATHESIS_ENGINES", "postgres").split(",")

# Two runs at once, each one process on one Python thread, so both cores work: the ledger's operations, and everyone
# else's (calc, orders, the gateway). One run on one thread kept one core busy, and waited out the long polls on top
# (ledger waits up to 3 s each; 411 s for the coverage phase alone on 2026-12-01). Its own `--workers 2` threads
# crashed once inside hypothesis (Python 3.11's ast.parse from two threads; decision 0120), so the runs are processes.
# Each run's stateful phase chains the links within its services, which is where the document's links go.
# The run's one session must outlive it: signing out, or a new password, would answer every later ledger call 401
# (test_mapping.py and the ledger's suites cover both).
RUNS = {
    "ledger": ["--include-path-regex", "^/v1/ledger/",
               "--exclude-path-regex", r"^/v1/ledger/auth\.(logout|changePassword)$"],
    "calc-orders-gateway": ["--exclude-path-regex", "^/v1/ledger/"],
}

# The activity stream never ends while its household exists: schemathesis reads an event stream for the request's
# timeout (10 s unless set) or 20 events. 3 s is ample for the catch-up page that starts it (test_activity_stream.py
# follows it live); its 13 cases took 131 s of the coverage phase at 10 s.
CONFIG = """
[[operations]]
include-name = "GET /v1/ledger/households/{householdId}/activity"
request-timeout = 3
"""


@pytest.mark.parametrize("stack", ENGINES, indirect=True)
def test_schemathesis_finds_nothing(stack, member, tmp_path):
    headers, _, _ = member
    # A bridge of its own with no per-caller rate: the run sends thousands of requests as one caller.
    url = stack.bridge("--caller-rate", "0")
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    runs = {}
    for name, operations in RUNS.items():
        folder = tmp_path / name  # its replay files stay out of the checkout
        folder.mkdir()
        runs[name] = subprocess.Popen(
            [str(SCHEMATHESIS), "--config-file", str(config), "run", f"{url}/openapi.json", "--checks",
             ",".join(CHECKS), "--max-examples", "4", "--workers", "1", "--no-color", "--seed", SEED, *operations,
             "--header", f"Authorization: {headers['Authorization']}"],
            stdout=(folder / "output").open("w"), stderr=subprocess.STDOUT, cwd=folder,
            env=os.environ | {"SCHEMATHESIS_HOOKS": "schemathesis_checks", "PYTHONPATH": str(HERE)})
    try:
        for run in runs.values():
            run.wait(timeout=600)
    finally:
        for run in runs.values():
            run.kill()
    for name, run in runs.items():
        output = (tmp_path / name / "output").read_text()
        assert run.returncode == 0, f"schemathesis on {name}:\n" + output[-30000:]
