"""scripts/check-replies.py passes replies that match their schemas and fails every kind of drift."""
import json
import pathlib
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "check-replies.py"

OPS = {"services": [{"service": "shop", "ops": [{
    "name": "cart.get", "summary": "A cart", "schema": {"type": "object"},
    "resultSchema": {
        "type": "object", "required": ["cartId", "lines"],
        "properties": {
            "cartId": {"type": "string"},
            "lines": {"type": "array", "items": {
                "type": "object", "required": ["sku"], "properties": {"sku": {"type": "string"}}}},
            "note": {"type": "string"},
        },
    },
}]}]}

GOOD = {"ok": True, "id": "1", "result": {"cartId": "c1", "lines": [{"sku": "tea"}]}}


def run(tmp_path, *replies, document=OPS):
    ops = tmp_path / "ops.json"
    ops.write_text(json.dumps(document))
    log = tmp_path / "replies.jsonl"
    log.write_text("".join(json.dumps({"service": "shop", "op": "cart.get", "reply": r}) + "\n" for r in replies))
    done = subprocess.run([sys.executable, str(SCRIPT), str(log), "--ops", str(ops)], capture_output=True, text=True)
    return done.returncode, done.stdout.strip().splitlines()[-1]


def test_a_matching_reply_passes(tmp_path):
    assert run(tmp_path, GOOD) == (0, "1 passed, 0 failed")


def test_a_missing_required_field_fails(tmp_path):
    assert run(tmp_path, GOOD, {"ok": True, "result": {"lines": []}}) == (1, "1 passed, 1 failed")


def test_a_wrong_type_fails(tmp_path):
    assert run(tmp_path, {"ok": True, "result": {"cartId": 7, "lines": []}})[0] == 1


def test_an_undeclared_field_fails_in_strict_mode(tmp_path):
    reply = {"ok": True, "result": {"cartId": "c1", "lines": [{"sku": "tea", "colour": "red"}]}}
    assert run(tmp_path, reply) == (1, "0 passed, 1 failed")


def test_an_error_with_a_bad_code_fails(tmp_path):
    assert run(tmp_path, {"ok": False, "error": {"code": "Not Found", "message": "x"}})[0] == 1
    assert run(tmp_path, {"ok": False, "error": {"code": "not_found", "message": "x", "field": "cartId"}})[0] == 0


def test_no_replies_fails(tmp_path):
    assert run(tmp_path) == (1, "0 passed, 0 failed")


def test_a_missing_log_fails(tmp_path):
    ops = tmp_path / "ops.json"
    ops.write_text(json.dumps(OPS))
    done = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "none.jsonl"), "--ops", str(ops)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout.strip().splitlines()[-1] == "0 passed, 0 failed"


def test_a_reply_is_checked_against_the_entity_its_schema_refers_to(tmp_path):
    listing = OPS["services"][0]
    line = listing["ops"][0]["resultSchema"]["properties"]["lines"]["items"]
    referring = {**listing, "$defs": {"Line": line}, "ops": [{**listing["ops"][0], "resultSchema": {
        **listing["ops"][0]["resultSchema"],
        "properties": {**listing["ops"][0]["resultSchema"]["properties"],
                       "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}}}}}]}
    bad = {**GOOD, "result": {"cartId": "c1", "lines": [{"sku": "tea", "extra": 1}]}}
    assert run(tmp_path, GOOD, bad, document={"services": [referring]}) == (1, "1 passed, 1 failed")
