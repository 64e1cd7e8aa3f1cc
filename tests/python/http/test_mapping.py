"""The HTTP mapping of docs/http.md, through a real reckon-http, gateway and workers, on both databases."""
import ssl
import subprocess
import time
import uuid

import httpx


def bill(http, member, description="Groceries", amount="84.30", key=None):
    headers, me, home = member
    extra = {"Idempotency-Key": key} if key else {}
    return http.post("/v1/ledger/bills.add", headers={**headers, **extra}, json={
        "householdId": home, "description": description, "amount": amount, "paidBy": me, "split": {"kind": "equal"}})


JSON = {"Content-Type": "application/json"}


def problem(response, status, code, field=None):
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert (body["status"], body["code"], body["type"]) == (status, code, f"tag:reckon.dev,2026:error:{code}")
    assert body["title"] and body["detail"] == body["message"]
    if field is not None:
        assert body.get("field") == field
    return body


def test_a_post_answers_the_result_with_no_envelope(http):
    response = http.post("/v1/calc/evaluate", json={"expression": "1/3 + 2^100"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json()["value"] == "3802951800684688204490109616129/3"


def test_a_query_is_form_encoded_so_a_plus_is_a_space(http):
    assert http.get("/v1/calc/evaluate?expression=2+*+3").json()["value"] == "6"
    assert http.get("/v1/calc/evaluate?expression=2%2B3").json()["value"] == "5"
    problem(http.get("/v1/calc/evaluate?expression=%zz"), 400, "invalid_argument")
    assert http.get("/v1/calc/evaluate?expression=%28%20%32%2a%33%29").json()["value"] == "6"
    for malformed in ("%4", "2%2", "%C3%28"):  # cut short, and bytes that are no UTF-8
        problem(http.get(f"/v1/calc/evaluate?expression={malformed}"), 400, "invalid_argument")


def test_a_number_past_the_largest_exponent_is_refused_and_calc_keeps_serving(http):
    # schemathesis's find: this net income held calc for seconds, and the gateway dropped the worker (503).
    problem(http.post("/v1/calc/stockRatios", json={"price": "1", "netIncome": "-020E-75718"}),
            400, "invalid_argument", "netIncome")
    assert http.post("/v1/calc/evaluate", json={"expression": "1+1"}).json()["value"] == "2"


def test_a_string_with_nul_is_refused_on_every_database(http):
    # schemathesis's find: a voucher with U+0000 was a 500 (internal storage error) on PostgreSQL.
    cart = http.post("/v1/orders/cart.create", json={}).json()["cartId"]
    form = {"name": "Zoë O'Brien", "phone": "(416) 555-0199", "vouchers": ["a\u0000"],
            "address": {"street": "12 King St W", "city": "Toronto", "postalCode": "M5H 1A1"}}
    problem(http.post("/v1/orders/checkout.validate", json={"cartId": cart, "form": form}),
            400, "invalid_argument", "form.vouchers[0]")


def test_a_get_reads_its_arguments_from_the_query_by_their_schema(http):
    converted = http.get("/v1/calc/convert", params={"value": "5", "from": "mi", "to": "km", "digits": "6"})
    assert converted.status_code == 200 and converted.json()["value"] == "8.04672"
    assert http.head("/v1/calc/convert", params={"value": "5", "from": "mi", "to": "km"}).status_code == 200
    problem(http.get("/v1/calc/convert", params={"value": "5", "from": "mi", "to": "km", "digits": "x"}),
            400, "invalid_argument", "digits")


def test_a_get_of_an_op_that_writes_is_not_allowed(http):
    for method in ("GET", "HEAD", "PUT", "TRACE"):
        response = http.request(method, "/v1/orders/cart.create")
        assert response.status_code == 405 and response.headers["allow"] == "POST"
    problem(http.get("/v1/orders/cart.create", headers={"Request-Timeout": "soon"}), 405, "invalid_argument")


def test_other_methods_are_not_allowed(http):
    for method in ("PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "QUERY"):
        response = http.request(method, "/v1/calc/evaluate", json={"expression": "1"}, headers={"X-Request-Id": "m-1"})
        problem(response, 405, "invalid_argument")
        assert response.headers["allow"] == "GET, HEAD, POST" and response.headers["x-request-id"] == "m-1"


def test_unknown_ops_and_services_are_not_found_and_no_name_waits_for_a_timeout(http):
    problem(http.post("/v1/calc/nosuch", json={}), 404, "unknown_op")
    # A name no worker registered is `unavailable` for a heartbeat expiry after the gateway starts (its workers may
    # still be coming back), then `unknown_service`: wait for that answer, never past its bound.
    deadline = time.monotonic() + 60
    while http.post("/v1/nosuch/op", json={}).status_code == 503 and time.monotonic() < deadline:
        time.sleep(0.1)
    problem(http.post("/v1/nosuch/op", json={}), 404, "unknown_service", "service")
    # MMI answers plain text, and a name over 255 bytes reaches no gateway: both refused before they are sent.
    problem(http.post("/v1/mmi.service/op", json={}), 404, "unknown_service", "service")
    problem(http.post("/v1/" + "s" * 256 + "/op", json={}), 400, "invalid_argument", "service")


def test_a_body_that_is_not_one_json_object_is_malformed(http):
    problem(http.post("/v1/calc/evaluate", content=b"[1, 2]", headers=JSON), 400, "malformed_request")
    problem(http.post("/v1/calc/evaluate", content=b"{not json", headers=JSON), 400, "malformed_request")


def test_a_body_over_the_limit_is_refused_with_413(http):
    response = http.post("/v1/calc/evaluate", json={"expression": "1+" * 600_000 + "1"})
    assert response.status_code == 413 and response.json()["code"] == "resource_exhausted"


def test_the_request_id_is_echoed_or_made(http):
    given = http.post("/v1/calc/evaluate", json={"expression": "1"}, headers={"X-Request-Id": "trace-42"})
    assert given.headers["x-request-id"] == "trace-42"
    made = http.post("/v1/calc/evaluate", json={"expression": "1"})
    assert len(made.headers["x-request-id"]) >= 16
    failed = http.post("/v1/calc/evaluate", json={}, headers={"X-Request-Id": "trace-43"})
    assert failed.status_code == 400 and failed.headers["x-request-id"] == "trace-43"
    problem(http.post("/v1/calc/evaluate", json={"expression": "1"}, headers={"X-Request-Id": "x" * 129}),
            400, "invalid_argument", "X-Request-Id")


def test_request_timeout_asks_for_a_wait_from_one_to_thirty_seconds(http):
    for wait in ("soon", "999", "30001", "-5", "1" + "0" * 30):
        problem(http.post("/v1/calc/evaluate", json={"expression": "1"}, headers={"Request-Timeout": wait}),
                400, "invalid_argument", "Request-Timeout")
    for wait in ("1000", "30000"):
        assert http.post("/v1/calc/evaluate", json={"expression": "1"}, headers={"Request-Timeout": wait}).is_success


def test_a_call_past_its_wait_is_504_and_request_timeout_sets_the_wait(stack):
    with httpx.Client(base_url=stack.bridge("--timeout-ms", "1"), timeout=30) as hasty:
        # 3000! in full takes milliseconds; a 1 ms wait ends first (tried a few times, in case one reply is that quick).
        for _ in range(5):
            slow = hasty.post("/v1/calc/evaluate", json={"expression": "3000!"})
            if slow.status_code != 200:
                break
        problem(slow, 504, "deadline_exceeded")
        patient = hasty.post("/v1/calc/evaluate", json={"expression": "3000!"}, headers={"Request-Timeout": "20000"})
        assert patient.status_code == 200


def test_a_missing_or_bad_token_is_401(http):
    problem(http.post("/v1/ledger/household.list", json={}), 401, "unauthenticated")
    problem(http.post("/v1/ledger/household.list", json={}, headers={"Authorization": "Bearer nope"}),
            401, "unauthenticated")
    problem(http.post("/v1/ledger/household.list", json={}, headers={"Authorization": "Basic abc"}),
            401, "unauthenticated", "Authorization")


def test_a_taken_username_is_409(http, member):
    name = "dup" + uuid.uuid4().hex[:8]
    assert http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"}).status_code == 200
    body = http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"})
    assert body.status_code == 409 and body.json()["code"] in ("already_exists", "conflict")


def test_another_members_entity_is_403_or_404(http, member):
    created = bill(http, member)
    stranger_name = "s" + uuid.uuid4().hex[:10]
    http.post("/v1/ledger/auth.signup", json={"username": stranger_name, "password": "correct horse"})
    token = http.post("/v1/ledger/auth.login", json={"username": stranger_name, "password": "correct horse"})
    headers = {"Authorization": "Bearer " + token.json()["token"]}
    response = http.get("/v1/ledger/bills.get", params={"billId": created.json()["billId"]}, headers=headers)
    assert response.status_code in (403, 404) and response.json()["code"] in ("permission_denied", "not_found")


def test_an_idempotency_key_replays_the_first_response(http, member):
    key = "key-" + uuid.uuid4().hex
    first, again = bill(http, member, key=key), bill(http, member, key=key)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert "idempotent-replayed" not in first.headers and again.headers["idempotent-replayed"] == "true"
    headers, _, home = member
    bills = http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"]
    assert [b["billId"] for b in bills] == [first.json()["billId"]]


def test_an_idempotency_key_reused_with_another_body_is_422_and_changes_nothing(http, member):
    key = "key-" + uuid.uuid4().hex
    first = bill(http, member, key=key)
    assert first.status_code == 200
    problem(bill(http, member, amount="1.00", key=key), 422, "conflict", "idempotencyKey")
    headers, _, home = member
    bills = http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"]
    assert [(b["billId"], b["amount"]) for b in bills] == [(first.json()["billId"], "84.30")]


def test_versions_travel_as_etags(http, member):
    headers, _, _ = member
    created = bill(http, member)
    assert created.headers["etag"] == '"1"'
    bill_id = created.json()["billId"]
    fresh = http.get("/v1/ledger/bills.get", params={"billId": bill_id}, headers={**headers, "If-None-Match": '"1"'})
    assert fresh.status_code == 304 and fresh.content == b""
    # If-None-Match compares weakly (RFC 9110, 13.1.2): a weak tag, or one in a list, matches too.
    for held in ('W/"1"', '"9", W/"1"', "*"):
        weak = http.get("/v1/ledger/bills.get", params={"billId": bill_id}, headers={**headers, "If-None-Match": held})
        assert weak.status_code == 304, held
    other = http.get("/v1/ledger/bills.get", params={"billId": bill_id}, headers={**headers, "If-None-Match": 'W/"2"'})
    assert other.status_code == 200 and other.json()["billId"] == bill_id
    stale = http.post("/v1/ledger/bills.edit", headers={**headers, "If-Match": '"7"'},
                      json={"billId": bill_id, "amount": "90.00"})
    problem(stale, 412, "conflict", "version")
    edited = http.post("/v1/ledger/bills.edit", headers={**headers, "If-Match": created.headers["etag"]},
                       json={"billId": bill_id, "amount": "90.00"})
    assert edited.status_code == 200 and edited.headers["etag"] == '"2"' and edited.json()["amount"] == "90.00"
    changed = http.get("/v1/ledger/bills.get", params={"billId": bill_id}, headers={**headers, "If-None-Match": '"1"'})
    assert changed.status_code == 200 and changed.headers["etag"] == '"2"'
    for tag in ("v2", "2", '"0"', '"-2"'):
        problem(http.post("/v1/ledger/bills.edit", headers={**headers, "If-Match": tag}, json={"billId": bill_id}),
                400, "invalid_argument", "If-Match")


def test_pages_link_to_the_next_one(http, member):
    headers, _, home = member
    for index in range(3):
        assert bill(http, member, description=f"bill {index}", amount="3.00").status_code == 200
    first = http.get("/v1/ledger/bills.list", params={"householdId": home, "limit": "2"}, headers=headers)
    assert first.status_code == 200 and len(first.json()["bills"]) == 2
    link = first.headers["link"]
    assert link.endswith('>; rel="next"') and "cursor=" in link
    second = http.get(link[1:link.index(">")], headers=headers)
    assert second.status_code == 200 and len(second.json()["bills"]) == 1
    assert "link" not in second.headers


def test_exports_are_files_in_their_own_media_types(http, member):
    headers, _, home = member
    bill(http, member)
    csv = http.get("/v1/ledger/export.csv", params={"householdId": home, "what": "bills"}, headers=headers)
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert csv.headers["content-disposition"] == 'attachment; filename="bills.csv"'
    assert csv.text.startswith("bill_id,") and "84.30" in csv.text
    http.post("/v1/ledger/events.add", headers=headers,
              json={"householdId": home, "title": "Yoga", "start": "2026-12-01", "allDay": True})
    ical = http.get("/v1/ledger/events.ical", params={"householdId": home}, headers=headers)
    assert ical.status_code == 200 and ical.headers["content-type"].startswith("text/calendar")
    assert ical.text.startswith("BEGIN:VCALENDAR") and "Yoga" in ical.text


def test_orders_flow_with_a_required_key(http, stack):
    cart = http.post("/v1/orders/cart.create", json={}).json()
    added = http.post("/v1/orders/cart.add", json={"cartId": cart["cartId"], "itemId": "poutine", "quantity": 2})
    assert added.status_code == 200 and added.json()["totalCount"] == 2
    quote = http.get("/v1/orders/quote", params={"cartId": cart["cartId"], "coupon": "NOSUCH"})
    assert quote.status_code == 200
    form = {"name": "Ada Lovelace", "phone": "4165550123",
            "address": {"street": "1 Main St", "city": "Toronto", "postalCode": "M5V 2T6"}}
    problem(http.post("/v1/orders/order.place", json={"cartId": cart["cartId"], "form": form}),
            400, "invalid_argument", "idempotencyKey")
    key = {"Idempotency-Key": "order-" + uuid.uuid4().hex}
    placed = [http.post("/v1/orders/order.place", headers=key, json={"cartId": cart["cartId"], "form": form})
              for _ in range(3)]
    assert {p.status_code for p in placed} == {200}
    assert len({p.json()["orderId"] for p in placed}) == 1
    staff = {"Authorization": "Bearer " + stack.staff_key}
    moved = http.post("/v1/orders/order.updateStatus", headers=staff,
                      json={"orderId": placed[0].json()["orderId"], "status": "accepted"})
    assert moved.status_code == 200 and moved.json()["status"] == "accepted"


def test_a_caller_over_its_rate_gets_429_with_retry_after(stack):
    url = stack.bridge("--caller-rate", "1", "--caller-burst", "2")
    with httpx.Client(base_url=url, timeout=10) as client:
        answers = [client.post("/v1/calc/evaluate", json={"expression": "1"}) for _ in range(4)]
        assert [a.status_code for a in answers[:2]] == [200, 200]
        limited = answers[-1]
        problem(limited, 429, "resource_exhausted")
        assert int(limited.headers["retry-after"]) >= 1
        # A bearer no session has counts as its address (test_callers.py has the rest of who a caller is).
        other = client.post("/v1/calc/evaluate", json={"expression": "1"}, headers={"Authorization": "Bearer other"})
        assert other.status_code == 429


def test_cors_answers_listed_origins_only(stack):
    url = stack.bridge("--cors-origin", "http://app.example")
    with httpx.Client(base_url=url, timeout=10) as client:
        preflight = client.options("/v1/calc/evaluate", headers={
            "Origin": "http://app.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, idempotency-key"})
        assert preflight.status_code == 204
        assert preflight.headers["access-control-allow-origin"] == "http://app.example"
        assert "POST" in preflight.headers["access-control-allow-methods"]
        assert "Idempotency-Key" in preflight.headers["access-control-allow-headers"]
        actual = client.post("/v1/calc/evaluate", json={"expression": "2"}, headers={"Origin": "http://app.example"})
        assert actual.headers["access-control-allow-origin"] == "http://app.example"
        assert "ETag" in actual.headers["access-control-expose-headers"]
        foreign = client.post("/v1/calc/evaluate", json={"expression": "2"}, headers={"Origin": "http://evil.example"})
        assert foreign.status_code == 200 and "access-control-allow-origin" not in foreign.headers


def test_probes(http):
    assert http.get("/health").json() == {"status": "ok"}
    assert http.get("/ready").status_code == 200
    docs = http.get("/docs")
    assert docs.status_code == 200 and "/openapi.json" in docs.text and "https://" not in docs.text


def test_a_certificate_and_key_serve_https(stack, tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    trusted = ssl.create_default_context(cafile=str(cert))
    url = stack.bridge("--tls-cert", str(cert), "--tls-key", str(key), scheme="https", verify=trusted)
    with httpx.Client(base_url=url, timeout=10, verify=trusted) as client:
        assert client.post("/v1/calc/evaluate", json={"expression": "6*7"}).json()["value"] == "42"


def test_json_over_a_kilobyte_is_gzipped_when_asked(http, member):
    headers, _, home = member
    for index in range(12):
        assert bill(http, member, description=f"bill {index}", amount="3.00").status_code == 200
    route, params = "/v1/ledger/bills.list", {"householdId": home}
    plain = http.get(route, params=params, headers={**headers, "Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert len(plain.content) > 1024 and "Accept-Encoding" in plain.headers["vary"]
    raw = http.get(route, params=params, headers={**headers, "Accept-Encoding": "br;q=1, gzip"})
    assert raw.status_code == 200 and raw.headers["content-encoding"] == "gzip"
    assert int(raw.headers["content-length"]) < len(plain.content)
    assert raw.json() == plain.json()  # httpx undoes the gzip
    refused = http.get(route, params=params, headers={**headers, "Accept-Encoding": "gzip;q=0, *"})
    assert "content-encoding" not in refused.headers
    small = http.post("/v1/calc/evaluate", json={"expression": "1+1"}, headers={"Accept-Encoding": "gzip"})
    assert small.status_code == 200 and "content-encoding" not in small.headers


def test_a_repeating_bill_reads_back_by_its_id_in_any_state_and_only_for_members(http, member):
    headers, me, home = member
    added = http.post("/v1/ledger/recurring.add", headers=headers, json={
        "householdId": home, "description": "Internet", "amount": "75.00", "paidBy": me,
        "split": {"kind": "equal"}, "frequency": "monthly", "start": "2030-01-01"})
    assert added.status_code == 200, added.text
    rule = added.json()
    read = http.get("/v1/ledger/recurring.get", params={"recurringId": rule["recurringId"]}, headers=headers)
    assert read.status_code == 200 and read.json() == rule
    paused = http.post("/v1/ledger/recurring.pause", headers=headers, json={"recurringId": rule["recurringId"]})
    read = http.get("/v1/ledger/recurring.get", params={"recurringId": rule["recurringId"]}, headers=headers)
    assert read.json() == paused.json() and read.json()["state"] == "paused"
    stranger_name = "s" + uuid.uuid4().hex[:10]
    http.post("/v1/ledger/auth.signup", json={"username": stranger_name, "password": "correct horse"})
    token = http.post("/v1/ledger/auth.login", json={"username": stranger_name, "password": "correct horse"})
    stranger = {"Authorization": f"Bearer {token.json()['token']}"}
    problem(http.get("/v1/ledger/recurring.get", params={"recurringId": rule["recurringId"]}, headers=stranger),
            404, "not_found", field="recurringId")


def test_a_saved_calculation_is_computed_by_calc_through_the_gateway(http, member):
    headers, _, _ = member
    args = {"principal": "300000", "ratePercent": "5", "years": 25, "scheduleOmitted": True}
    direct = http.post("/v1/calc/loan", json=args)
    saved = http.post("/v1/ledger/records.save", headers=headers, json={"title": "Mortgage", "op": "loan", "args": args})
    assert saved.status_code == 200, saved.text
    assert saved.json()["result"] == direct.json()
    problem(http.post("/v1/ledger/records.save", headers=headers, json={"title": "x", "op": "guess", "args": {}}),
            400, "invalid_argument", field="op")


def test_a_loan_schedule_too_large_for_a_reply_is_a_400_naming_the_field_that_omits_it(http):
    args = {"principal": "300000", "ratePercent": "5", "years": 50, "paymentsPerYear": 365}
    problem(http.post("/v1/calc/loan", json=args), 400, "invalid_argument", field="scheduleOmitted")
    omitted = http.post("/v1/calc/loan", json={**args, "scheduleOmitted": True})
    assert omitted.status_code == 200 and omitted.json()["numberOfPayments"] == 18250, omitted.text


def test_the_web_apps_files_are_gzipped_when_asked_and_whole_otherwise(http):
    route = "/js/ui.js"
    plain = http.get(route, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers and len(plain.content) > 1024
    raw = http.get(route, headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip" and "Accept-Encoding" in raw.headers["vary"]
    assert int(raw.headers["content-length"]) < len(plain.content) and raw.content == plain.content
    head = http.head(route, headers={"Accept-Encoding": "gzip"})
    assert head.status_code == 200 and "content-encoding" not in head.headers
    part = http.get(route, headers={"Accept-Encoding": "gzip", "Range": "bytes=0-99"})
    assert part.status_code == 206 and "content-encoding" not in part.headers and part.content == plain.content[:100]
    again = http.get(route, headers={"Accept-Encoding": "gzip", "If-None-Match": raw.headers["etag"]})
    assert again.status_code == 304

