"""/openapi.json: a valid OpenAPI 3.1 document with every op of every service, made from the ops listings."""
import json

from openapi_spec_validator import validate

from stack import REPOSITORY


def test_the_document_is_valid_openapi_3_1(http):
    document = http.get("/openapi.json").json()
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_every_reference_names_a_part_of_the_document(http):
    """Every `$ref` is a JSON pointer into the document itself: a generator, or schemathesis, would skip the part
    of a schema behind one that is not (the activity stream's entries pointed at the ledger listing's `#/$defs/`)."""
    document = http.get("/openapi.json").json()

    def references(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            for value in node.values():
                yield from references(value)
        elif isinstance(node, list):
            for value in node:
                yield from references(value)

    def resolves(reference):
        if not reference.startswith("#/"):
            return False
        node = document
        for token in reference[2:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or token not in node:
                return False
            node = node[token]
        return True

    found = set(references(document))
    assert "#/components/schemas/Activity" in found
    assert [reference for reference in sorted(found) if not resolves(reference)] == []


def test_the_served_document_is_the_committed_one(http):
    """docs/openapi.json, which SDKs are generated from, is what a running bridge serves (scripts/api-docs.sh writes
    it; CI fails when it is stale); its one server is "/", the bridge that serves it."""
    committed = json.loads((REPOSITORY / "docs" / "openapi.json").read_text(encoding="utf-8"))
    served = http.get("/openapi.json", headers={"Accept-Encoding": "gzip"})
    assert served.headers["content-encoding"] == "gzip"
    assert served.json() == committed and committed["servers"] == [{"url": "/"}]
    assert served.num_bytes_downloaded < len(served.content) / 5  # gzip takes it to under a fifth
    plain = http.get("/openapi.json", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == committed
    assert served.headers["vary"] == plain.headers["vary"] == "Accept-Encoding"


def test_every_op_of_every_service_is_an_operation_with_its_schemas(http, stack):
    document = http.get("/openapi.json").json()
    for gateway in stack.gateways[:1]:
        for service in ("gateway", "calc", "orders", "ledger"):
            listing = json.loads(http.post(f"/v1/{service}/ops", json={}).text
                                 .replace('"#/$defs/', '"#/components/schemas/'))
            for name, definition in listing.get("$defs", {}).items():
                assert document["components"]["schemas"][name] == definition
            for op in listing["ops"]:
                item = document["paths"][f"/v1/{service}/{op['name']}"]
                post = item["post"]
                assert post["requestBody"]["content"]["application/json"]["schema"] == op["schema"]
                ok = post["responses"]["200"]["content"]
                if "application/json" in ok:
                    assert ok["application/json"]["schema"] == op.get("resultSchema", {})
                assert ("get" in item) == (op.get("effect") in ("read", "pure"))
                assert {"400", "401", "404", "429", "503", "504"} <= set(post["responses"])


def test_ledger_ops_but_sign_in_need_the_bearer_scheme(http):
    document = http.get("/openapi.json").json()
    assert document["components"]["securitySchemes"]["bearer"] == {"type": "http", "scheme": "bearer"}
    assert document["paths"]["/v1/ledger/bills.add"]["post"]["security"] == [{"bearer": []}]
    assert {} in document["paths"]["/v1/ledger/auth.login"]["post"]["security"]
    assert {} in document["paths"]["/v1/ledger/ops"]["get"]["security"]


def test_the_headers_state_what_the_bridge_takes(http):
    edit = http.get("/openapi.json").json()["paths"]["/v1/ledger/bills.edit"]["post"]
    headers = {parameter["name"]: parameter["schema"] for parameter in edit["parameters"]}
    assert headers["Request-Timeout"] == {"type": "integer", "minimum": 1000, "maximum": 30000}
    assert headers["Idempotency-Key"] == {"type": "string", "minLength": 1, "maxLength": 128}
    assert headers["If-Match"]["pattern"] == '^(W/)?"[1-9][0-9]{0,17}"$'


def test_a_result_that_names_an_entity_links_to_the_ops_that_take_it(http):
    links = http.get("/openapi.json").json()["paths"]["/v1/ledger/bills.add"]["post"]["responses"]["200"]["links"]
    assert links["ledger_bills_edit"] == {"operationId": "ledger_bills_edit", "requestBody": {
        "billId": "$response.body#/billId", "version": "$response.body#/version"}}
    assert links["ledger_bills_list"]["requestBody"] == {"householdId": "$response.body#/householdId"}


def test_each_entity_is_one_component_that_every_op_refers_to(http):
    document = http.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    assert {"Bill", "Payment", "Household", "Member", "MemberAmount", "Split", "Cart", "Order", "Event", "StockLine",
            "Problem"} <= set(schemas)
    bill = {"$ref": "#/components/schemas/Bill"}
    ok = lambda path, method="post": document["paths"][path][method]["responses"]["200"]["content"][
        "application/json"]["schema"]
    assert ok("/v1/ledger/bills.get", "get") == ok("/v1/ledger/bills.add") == ok("/v1/ledger/bills.edit") == bill
    assert ok("/v1/ledger/bills.list")["properties"]["bills"]["items"] == bill
    assert schemas["Bill"]["properties"]["split"] == {"$ref": "#/components/schemas/Split"}
    split = document["paths"]["/v1/ledger/bills.add"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert split["properties"]["split"] == {"$ref": "#/components/schemas/Split"}
    assert schemas["Bill"]["title"] == "Bill"
