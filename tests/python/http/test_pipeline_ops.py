"""The op calls reckon-http answers from its connections' pipelines (decision 0136) against the same calls answered by
its router: two bridges on one stack, one as it runs by default and one with a tracer (sampling nothing), which
keeps every request on the router's path. Every answer must be the same, apart from what differs between any two
answers (`Date`, a generated request id, `traceresponse`). Then what only the pipeline does: answers in the order
requests came on one connection, and a request still answered when the bridge is told to stop while its call is out."""
import contextlib
import json
import signal
import socket
import time
import uuid

import httpx
import pytest

from held_worker import HeldWorker
from stack import free_port, metric, sign_up

# Headers whose values differ between any two answers: compared by presence alone.
VARYING = {"date", "ratelimit", "retry-after"}
# What only the traced bridge sends.
TRACED = {"traceresponse"}


@pytest.fixture(scope="module")
def bridges(stack):
    """(pipeline bridge, router bridge, their metrics URLs): the same limits, one with a tracer that samples nothing."""
    urls, metrics = [], []
    for environment in ({}, {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{free_port()}",
                             "OTEL_TRACES_SAMPLER": "always_off"}):
        port = free_port()
        urls.append(stack.bridge("--caller-rate", "1", "--caller-burst", "60", "--metrics-port", str(port),
                                 environment=environment))
        metrics.append(f"http://127.0.0.1:{port}")
    return urls[0], urls[1], metrics


@pytest.fixture(scope="module")
def unlimited(stack):
    """A bridge with its caller rate off: (base URL, its log file)."""
    url = stack.bridge("--caller-rate", "0")
    return url, stack.folder / f"http-{url.rsplit(':', 1)[1]}.log"


def calls(member, bill_id, key):
    """(name, method, path, keyword arguments for httpx, whether the body is the same every time); `key` is the
    idempotency key of a write sent twice."""
    headers, _, household = member
    bill = {"householdId": household, "description": "Bread", "amount": "4.20", "paidBy": member[1],
            "split": {"kind": "equal"}}
    return [
        ("evaluate", "GET", "/v1/calc/evaluate?expression=1%2B1", {}, True),
        ("evaluate with an id", "GET", "/v1/calc/evaluate?expression=2*3", {"headers": {"X-Request-Id": "r-1"}}, True),
        ("syntax error", "GET", "/v1/calc/evaluate?expression=1%2B", {}, True),
        ("unknown query parameter", "GET", "/v1/calc/evaluate?expression=1&nope=2", {}, True),
        ("unknown op", "GET", "/v1/calc/nope", {}, True),
        ("a write by GET", "GET", "/v1/ledger/bills.add", {}, True),
        ("a big answer, gzipped", "GET", "/v1/calc/ops", {"headers": {"Accept-Encoding": "gzip"}}, True),
        ("a big answer, plain", "GET", "/v1/calc/ops", {"headers": {"Accept-Encoding": "identity"}}, True),
        ("POST JSON", "POST", "/v1/calc/evaluate", {"json": {"expression": "7*6"}}, True),
        ("POST empty", "POST", "/v1/calc/evaluate", {"headers": {"Content-Type": "application/json"}}, True),
        ("POST text", "POST", "/v1/calc/evaluate",
         {"content": b"{}", "headers": {"Content-Type": "text/plain"}}, True),
        ("POST no type", "POST", "/v1/calc/evaluate", {"content": b'{"expression":"1"}'}, True),
        ("POST not JSON", "POST", "/v1/calc/evaluate",
         {"content": b"{", "headers": {"Content-Type": "application/json"}}, True),
        ("POST an array", "POST", "/v1/calc/evaluate", {"json": [1]}, True),
        ("bad Request-Timeout", "GET", "/v1/calc/evaluate?expression=1",
         {"headers": {"Request-Timeout": "nope"}}, True),
        ("bad Authorization", "GET", "/v1/calc/evaluate?expression=1", {"headers": {"Authorization": "Basic x"}}, True),
        ("a signed-in read", "GET", f"/v1/ledger/household.get?householdId={household}", {"headers": headers},
         False),
        ("a signed-in write", "POST", "/v1/ledger/bills.add", {"json": bill, "headers": headers}, False),
        ("a keyed write", "POST", "/v1/ledger/bills.add",
         {"json": bill, "headers": {**headers, "Idempotency-Key": key}}, False),
        ("the keyed write again", "POST", "/v1/ledger/bills.add",
         {"json": bill, "headers": {**headers, "Idempotency-Key": key}}, False),
        ("a stale If-Match", "POST", "/v1/ledger/bills.edit",
         {"json": {"billId": bill_id, "description": "Rye"}, "headers": {**headers, "If-Match": '"999"'}}, True),
        ("a read of a bill", "GET", f"/v1/ledger/bills.get?billId={bill_id}", {"headers": headers}, True),
        ("its access token in the query", "GET",
         f"/v1/ledger/bills.get?billId={bill_id}&access_token={headers['Authorization'][7:]}", {}, True),
        ("no token", "GET", f"/v1/ledger/household.get?householdId={household}", {}, True),
    ]


def shape(value):
    """A JSON value with every string and number replaced by its type: what two answers that made different ids share."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


def comparable(response, same_body):
    headers = {name.lower(): value for name, value in response.headers.items()
               if name.lower() not in VARYING | TRACED}
    if "x-request-id" in headers and not response.request.headers.get("x-request-id"):
        headers["x-request-id"] = "generated"
    body = response.content
    if not same_body:
        headers.pop("content-length", None)
        headers.pop("etag", None)
        body = shape(json.loads(body)) if body else body
    return response.status_code, headers, {name for name in response.headers if name.lower() in VARYING}, body


def test_every_answer_is_the_routers(stack, bridges):
    pipeline, router, _ = bridges
    with httpx.Client(base_url=pipeline, timeout=30) as http:
        member = sign_up(http)
        bill = http.post("/v1/ledger/bills.add", headers=member[0], json={
            "householdId": member[2], "description": "Milk", "amount": "2.00", "paidBy": member[1],
            "split": {"kind": "equal"}})
        assert bill.status_code == 200, bill.text
    with httpx.Client(base_url=pipeline, timeout=30) as fast, httpx.Client(base_url=router, timeout=30) as slow:
        # Each bridge's keyed write has a key of its own: the second bridge would find the first one's stored.
        lists = [calls(member, bill.json()["billId"], str(uuid.uuid4())) for _ in (fast, slow)]
        for (name, method, path, arguments, same_body), (_, _, _, other, _) in zip(*lists):
            answers = [comparable(fast.request(method, path, **arguments), same_body),
                       comparable(slow.request(method, path, **other), same_body)]
            assert answers[0] == answers[1], name


def test_a_refused_caller_gets_the_same_429(stack, bridges):
    pipeline, router, _ = bridges
    refusals = []
    for url in (pipeline, router):
        with httpx.Client(base_url=url, timeout=30) as http:
            for _ in range(200):
                answer = http.get("/v1/calc/evaluate?expression=1", headers={"X-Request-Id": "r-429"})
                if answer.status_code == 429:
                    break
            refusals.append(comparable(answer, True))
    assert refusals[0][0] == 429
    assert refusals[0] == refusals[1]


def test_the_metrics_name_the_routers_route(stack, bridges):
    """An answer the pipeline wrote is counted under the router's route (a 429 here too: the test before it spent the
    caller's tokens)."""
    pipeline, _, metrics = bridges
    labels = {"method": "GET", "route": "/v1/{service}/{op}"}
    before = {status: metric(metrics[0], "reckon_http_requests_total", **labels, status=status)
              for status in ("200", "429")}
    status = str(httpx.get(pipeline + "/v1/calc/evaluate?expression=1%2B1", timeout=30).status_code)
    assert metric(metrics[0], "reckon_http_requests_total", **labels, status=status) == before[status] + 1


def read_answers(connection, count):
    """`count` whole HTTP/1.1 answers with a Content-Length from `connection`: [(status, headers, body)]."""
    answers, data = [], b""
    while len(answers) < count:
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            assert chunk, f"the connection closed after {len(answers)} answers"
            data += chunk
        head, data = data.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:]}
        length = int(headers["content-length"])
        while len(data) < length:
            chunk = connection.recv(65536)
            assert chunk, "the connection closed inside an answer"
            data += chunk
        answers.append((int(lines[0].split()[1]), headers, data[:length]))
        data = data[length:]
    return answers


def logged(log, request_id):
    """The access log's line for the request with id `request_id`, once the bridge's log writer has written it."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for line in log.read_text().splitlines():
            if f"request.id={request_id} " in line:
                return line
        time.sleep(0.05)
    raise AssertionError(f"no access log line for {request_id}")


def test_the_common_calls_are_answered_in_the_pipeline(unlimited):
    """Which path answered shows in the access log: the router's lines carry Hummingbird's own `hb.request.id`, the
    pipeline's do not. The common calls (a read, a read as a browser sends it, a signed-in write) take the pipeline;
    a `HEAD`, and a session token not looked up yet, take the router."""
    url, log = unlimited
    with httpx.Client(base_url=url, timeout=30) as http:
        headers, user, household = sign_up(http)
        sent = {
            "read": http.get("/v1/calc/evaluate?expression=1", headers={"X-Request-Id": "p-read"}),
            "keep-alive": http.get("/v1/calc/evaluate?expression=1",
                                   headers={"X-Request-Id": "p-keep", "Connection": "keep-alive"}),
            "write": http.post("/v1/ledger/bills.add", headers={**headers, "X-Request-Id": "p-write"}, json={
                "householdId": household, "description": "Tea", "amount": "3.00", "paidBy": user,
                "split": {"kind": "equal"}}),
            "head": http.head("/v1/calc/evaluate?expression=1", headers={"X-Request-Id": "r-head"}),
        }
    assert all(answer.status_code == 200 for answer in sent.values()), {k: v.status_code for k, v in sent.items()}
    for request_id in ("p-read", "p-keep", "p-write"):
        assert "hb.request.id=" not in logged(log, request_id), request_id
    assert "hb.request.id=" in logged(log, "r-head")


def test_pipelined_requests_are_answered_in_the_order_they_came(unlimited):
    """Op calls the pipeline answers, between them requests the router answers (the probes, an op call with a body
    on `GET`), all sent in one write: every answer comes back, in order."""
    port = int(unlimited[0].rsplit(":", 1)[1])
    requests = [
        ("/v1/calc/evaluate?expression=1%2B1", "a", b""),
        ("/health", "b", b""),
        ("/v1/calc/evaluate?expression=2%2B2", "c", b""),
        ("/v1/calc/evaluate?expression=3%2B3", "d", b"{}"),
        ("/ready", "e", b""),
        ("/v1/calc/evaluate?expression=4%2B4", "f", b""),
        ("/v1/calc/evaluate?expression=5%2B5", "g", b""),
    ]
    wire = b"".join(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: {rid}\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n".encode() + body for path, rid, body in requests)
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(wire)
        answers = read_answers(connection, len(requests))
    assert [answer[0] for answer in answers] == [200] * len(requests)
    assert [answer[1].get("x-request-id") for answer in answers] == ["a", None, "c", "d", None, "f", "g"]
    values = [json.loads(answer[2]).get("value") for answer in answers]
    assert values == ["2", None, "4", "6", None, "8", "10"]


@contextlib.contextmanager
def call_held_at_a_worker(stack, args, *bridge_arguments, before=b""):
    """A fresh bridge (with `bridge_arguments`), and a call with `args` sent through its pipeline to a worker that
    holds it (`HeldWorker`, its op `echo`), in one write after the requests `before`, once the call has reached the
    worker: yields (the bridge's process, the connection, the worker)."""
    url = stack.bridge("--caller-rate", "0", *bridge_arguments)
    port = int(url.rsplit(":", 1)[1])
    service = "held" + uuid.uuid4().hex[:6]
    with HeldWorker(stack.gateways[0]["worker"], service, "echo") as worker, \
            socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        assert worker.ready.wait(timeout=60), "the gateway never took the worker"
        body = json.dumps(args).encode()
        connection.sendall(before + f"POST /v1/{service}/echo HTTP/1.1\r\nHost: x\r\nX-Request-Id: held\r\n"
                           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        assert worker.received.wait(timeout=60), "the call never reached the worker"
        yield stack.named[f"http-{port}"], connection, worker


def assert_answered(connection, args):
    """The connection's next answer is the held call's: a 200 echoing `args`."""
    [(status, headers, answer)] = read_answers(connection, 1)
    assert status == 200 and json.loads(answer) == args and headers["x-request-id"] == "held", answer


def test_a_call_out_when_the_bridge_is_told_to_stop_is_still_answered(stack):
    """SIGTERM while a call the pipeline sent waits at a worker (one that holds it until told): the bridge drains,
    and the caller gets the worker's answer before the connection closes and the bridge exits."""
    with call_held_at_a_worker(stack, {"n": 12}) as (bridge, connection, worker):
        bridge.send_signal(signal.SIGTERM)
        worker.release.set()
        assert_answered(connection, {"n": 12})
        assert connection.recv(1) == b"", "the bridge keeps the connection open after its last answer"
    assert bridge.wait(timeout=60) == 0


@pytest.mark.parametrize("then", ["ends its input", "sends garbage"])
def test_a_call_out_is_answered_before_what_the_client_sent_after_it(stack, then):
    """The pipeline keeps reading while a call is out (decision 0137). A client that then ends its input (a half
    close), or sends what is not HTTP, still gets the call's answer first; only then does the connection close."""
    with call_held_at_a_worker(stack, {"n": 7}) as (_, connection, worker):
        if then == "ends its input":
            connection.shutdown(socket.SHUT_WR)
        else:
            connection.sendall(b"\x00\x01 not HTTP \xff\r\n\r\n")
        worker.release.set()
        assert_answered(connection, {"n": 7})
        rest = b""
        while chunk := connection.recv(65536):
            rest += chunk
        assert not rest.startswith(b"HTTP/1.1 200"), rest


def test_a_call_pipelined_behind_another_outlasts_the_idle_deadline(stack):
    """A call held at a worker, sent in one write behind a quick one: once the quick one is answered, the connection
    still has a request in hand, so the idle deadline (300 ms here) does not apply. The test waits for an event: a
    second connection, opened after the first answer and sent nothing, closed by the bridge at its idle deadline
    (which falls later than the first connection's would have)."""
    quick = b"GET /v1/calc/evaluate?expression=1%2B1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
    with call_held_at_a_worker(stack, {"n": 3}, "--idle-timeout-ms", "300", before=quick) as (_, connection, worker):
        [(status, _, answer)] = read_answers(connection, 1)
        assert status == 200 and json.loads(answer)["value"] == "2", answer
        port = connection.getpeername()[1]
        with socket.create_connection(("127.0.0.1", port), timeout=60) as idle:
            assert idle.recv(1) == b"", "the bridge kept an idle connection past its idle deadline"
        worker.release.set()
        assert_answered(connection, {"n": 3})
