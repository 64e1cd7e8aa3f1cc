"""One trace per request across every hop (issue #41): reckon-http, the gateway, the worker and its SQL export their
spans over OTLP/HTTP to a real receiver (otlp_sink), on both databases."""
import asyncio
import secrets
import signal
import subprocess
import threading
import time
import uuid

import httpx
import pytest

import reckon
from opentelemetry import trace
from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags

from otlp_sink import OTLPSink, environment
from stack import BIN, ENGINES, Stack, free_port, metric, sign_up

SERVER, CLIENT, PRODUCER, CONSUMER = 2, 3, 4, 5  # opentelemetry.proto.trace.v1.Span.SpanKind
STATUS_ERROR = 2


@pytest.fixture(scope="module")
def sink():
    receiver = OTLPSink()
    yield receiver
    receiver.close()


@pytest.fixture(scope="module", params=ENGINES)
def stack(request, sink):
    """This module's own stack, every process exporting to the sink; conftest's `http` and `member` use it."""
    running = Stack(request.param, environment=environment(sink))
    yield running
    running.stop()


def trace_of(response):
    """The trace id and server span id the bridge answered in `traceresponse` (W3C Trace Context Level 2)."""
    version, trace_id, span_id, flags = response.headers["traceresponse"].split("-")
    assert version == "00" and len(trace_id) == 32 and len(span_id) == 16 and flags in ("00", "01")
    return trace_id, span_id


def spans_of(sink, trace_id, *wanted):
    """Waits until the trace holds a span of each (service, kind) in `wanted`; returns the trace's spans."""
    def complete(spans):
        mine = [span for span in spans if span.trace_id == trace_id]
        have = {(span.service, span.kind) for span in mine}
        return mine if all(pair in have for pair in wanted) else None
    return sink.wait_for(complete)


def one(spans, service, kind, name=None):
    found = [s for s in spans if s.service == service and s.kind == kind and (name is None or s.name == name)]
    assert len(found) == 1, f"expected one {service} span of kind {kind} named {name}: {spans}"
    return found[0]


def assert_within(child, parent):
    assert child.parent_id == parent.span_id, f"{child} is not a child of {parent}"
    assert parent.start <= child.start <= child.end <= parent.end, f"{child} does not lie within {parent}"


def test_one_bill_is_one_trace_from_the_bridge_to_the_sql(sink, stack, http, member):
    headers, me, home = member
    response = http.post("/v1/ledger/bills.add", headers=headers, json={
        "householdId": home, "description": "Groceries", "amount": "84.30", "paidBy": me, "split": {"kind": "equal"}})
    assert response.status_code == 200, response.text
    trace_id, server_id = trace_of(response)
    spans = spans_of(sink, trace_id, ("reckon-http", SERVER), ("reckon-http", PRODUCER), ("reckon-gateway", SERVER),
                     ("reckon-ledger", CONSUMER), ("reckon-ledger", CLIENT))
    assert {span.trace_id for span in spans} == {trace_id}

    server = one(spans, "reckon-http", SERVER, "POST /v1/{service}/{op}")
    assert server.span_id == server_id and server.parent_id == ""
    assert server.attributes["http.route"] == "/v1/{service}/{op}"
    assert server.attributes["http.response.status_code"] == 200
    producer = one(spans, "reckon-http", PRODUCER, "ledger/bills.add")
    assert_within(producer, server)
    # The gateway passes the caller's context on unchanged: its span and the worker's are both the call's children.
    gateway = one(spans, "reckon-gateway", SERVER, "gateway ledger/bills.add")
    assert_within(gateway, producer)
    assert gateway.events == [] and gateway.attributes["reckon.gateway.queued_us"] >= 0
    assert gateway.attributes["reckon.gateway.worker"]
    consumer = one(spans, "reckon-ledger", CONSUMER, "ledger/bills.add")
    assert_within(consumer, producer)  # one machine, one wall clock: a child lies within its parent
    assert consumer.attributes["reckon.service"] == "ledger" and consumer.attributes["reckon.op"] == "bills.add"
    assert consumer.attributes["reckon.effect"] == "write" and consumer.status != STATUS_ERROR

    statements = [span for span in spans if span.kind == CLIENT]
    assert statements and all(span.service == "reckon-ledger" for span in statements)
    by_id = {span.span_id: span for span in spans}
    for statement in statements:
        assert statement.attributes["db.system.name"] == {"sqlite": "sqlite", "postgres": "postgresql"}[stack.engine]
        assert "84.30" not in str(statement.attributes) and home not in str(statement.attributes)
        parent = by_id[statement.parent_id]
        assert_within(statement, parent)
        while parent.span_id != consumer.span_id:  # every statement lies under the op's span
            parent = by_id[parent.parent_id]
    assert any("INSERT ledger_bills" in span.name for span in statements), [s.name for s in statements]


def test_log_lines_carry_their_trace(stack, http):
    response = http.post("/v1/calc/evaluate", json={"expression": "40+2"})
    trace_id, span_id = trace_of(response)
    log = next(stack.folder.glob("http-*.log"))
    wanted = f"trace_id={trace_id}"
    # The access log line is written as the request ends: wait for it to reach the file.
    deadline = time.monotonic() + 30
    while wanted not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    line = next(line for line in log.read_text().splitlines() if wanted in line)
    assert f"span_id={span_id}" in line


def test_a_callers_traceparent_is_continued(sink, http):
    trace_id, parent_id = secrets.token_hex(16), secrets.token_hex(8)
    response = http.post("/v1/calc/evaluate", json={"expression": "6*7"},
                           headers={"traceparent": f"00-{trace_id}-{parent_id}-01", "tracestate": "reckon=test"})
    assert response.status_code == 200 and response.json()["value"] == "42"
    assert trace_of(response)[0] == trace_id
    spans = spans_of(sink, trace_id, ("reckon-http", SERVER), ("reckon-calc", CONSUMER))
    assert one(spans, "reckon-http", SERVER).parent_id == parent_id
    consumer = one(spans, "reckon-calc", CONSUMER, "calc/evaluate")
    assert consumer.parent_id == one(spans, "reckon-http", PRODUCER).span_id


def test_the_python_client_sends_its_callers_context(sink, stack):
    trace_id, span_id = secrets.randbits(128), secrets.randbits(64)
    caller = NonRecordingSpan(SpanContext(trace_id, span_id, is_remote=False, trace_flags=TraceFlags.SAMPLED))
    gateway = stack.gateways[0]["client"]

    async def async_call():
        async with reckon.AsyncClient(gateway, timeout=30) as client:
            return await client.call("calc", "evaluate", {"expression": "5*5"})
    with trace.use_span(caller):
        for endpoint in (gateway, stack.url):  # ZeroMQ, then HTTP
            with reckon.Client(endpoint, timeout=30) as client:
                assert client.call("calc", "evaluate", {"expression": "5*5"})["value"] == "25"
        assert asyncio.run(async_call())["value"] == "25"
    wanted = f"{trace_id:032x}"
    def complete(spans):
        mine = [span for span in spans if span.trace_id == wanted]
        kinds = [(span.service, span.kind) for span in mine]
        done = (kinds.count(("reckon-calc", CONSUMER)) == 3 and kinds.count(("reckon-gateway", SERVER)) == 3
                and ("reckon-http", SERVER) in kinds and ("reckon-http", PRODUCER) in kinds)
        return mine if done else None
    spans = sink.wait_for(complete)
    parent = f"{span_id:016x}"
    server = one(spans, "reckon-http", SERVER, "POST /v1/{service}/{op}")
    assert server.parent_id == parent
    producer = one(spans, "reckon-http", PRODUCER)
    # Over ZeroMQ the caller's span is the gateway's and the worker's parent; over HTTP the bridge's call is.
    assert sorted(span.parent_id for span in spans if span.kind == CONSUMER) == sorted(
        [parent, parent, producer.span_id])
    assert sorted(span.parent_id for span in spans if span.service == "reckon-gateway") == sorted(
        [parent, parent, producer.span_id])


def test_the_cli_prints_the_trace_its_calls_carry(sink, stack):
    gateway = stack.gateways[0]["client"]
    run = subprocess.run([str(BIN / "reckon"), "calc", "6*7", "--endpoint", gateway, "--trace"],
                         capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin"})
    assert run.returncode == 0 and run.stdout.strip() == "42", run.stderr
    trace_id = run.stderr.split("trace ", 1)[1].split()[0]
    spans = spans_of(sink, trace_id, ("reckon-gateway", SERVER), ("reckon-calc", CONSUMER))
    gateway_span, consumer = one(spans, "reckon-gateway", SERVER), one(spans, "reckon-calc", CONSUMER)
    assert gateway_span.parent_id == consumer.parent_id != ""  # the CLI's own id: it records no span itself

    inherited = f"00-{secrets.token_hex(16)}-{secrets.token_hex(8)}-01"
    run = subprocess.run([str(BIN / "reckon"), "calc", "6*7", "--endpoint", gateway, "--trace"],
                         capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "TRACEPARENT": inherited})
    assert run.returncode == 0 and f"trace {inherited.split('-')[1]}" in run.stderr
    spans = spans_of(sink, inherited.split("-")[1], ("reckon-calc", CONSUMER))
    assert one(spans, "reckon-calc", CONSUMER).parent_id == inherited.split("-")[2]


def test_an_error_reply_marks_the_workers_span(sink, http):
    response = http.post("/v1/calc/evaluate", json={"expression": "1/0"})
    assert response.status_code == 400, response.text
    trace_id, _ = trace_of(response)
    spans = spans_of(sink, trace_id, ("reckon-calc", CONSUMER))
    consumer = one(spans, "reckon-calc", CONSUMER)
    code = response.json()["code"]
    assert consumer.status == STATUS_ERROR and consumer.status_message == code
    assert consumer.attributes["reckon.error.code"] == code


def test_a_batch_fans_out_as_children_of_its_call(sink, http):
    response = http.post("/v1/gateway/batch", json={"requests": [
        {"service": "calc", "op": "evaluate", "args": {"expression": f"{n}+1"}} for n in range(3)]})
    assert response.status_code == 200, response.text
    trace_id, _ = trace_of(response)
    spans = sink.wait_for(lambda spans: (mine := [s for s in spans if s.trace_id == trace_id]) and
                          sum(s.kind == CONSUMER for s in mine) == 3 and any(s.kind == PRODUCER for s in mine) and mine)
    producer = one(spans, "reckon-http", PRODUCER, "gateway/batch")
    children = [span for span in spans if span.kind == CONSUMER]
    assert {span.name for span in children} == {"calc/evaluate"}
    assert all(span.parent_id == producer.span_id for span in children)


def test_a_trace_its_caller_did_not_sample_sends_nothing(sink, http):
    unsampled = secrets.token_hex(16)
    response = http.post("/v1/calc/evaluate", json={"expression": "2+2"},
                           headers={"traceparent": f"00-{unsampled}-{secrets.token_hex(8)}-00"})
    assert response.status_code == 200
    assert trace_of(response)[0] == unsampled
    # A sampled request after it: once its spans from both processes are in, the first request's would be too.
    after = http.post("/v1/calc/evaluate", json={"expression": "3+3"})
    spans_of(sink, trace_of(after)[0], ("reckon-http", SERVER), ("reckon-calc", CONSUMER))
    assert not [span for span in sink.spans if span.trace_id == unsampled]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_killed_workers_request_shows_both_attempts_in_one_trace(sink, engine):
    # A slower heartbeat (expiry after 6 s) keeps the stopped worker registered until the request reaches it.
    slow = Stack(engine, environment=environment(sink), heartbeat_ms=2000)
    try:
        with httpx.Client(base_url=slow.url, timeout=60) as http:
            headers, me, home = sign_up(http)
            slow.named["ledger"].send_signal(signal.SIGSTOP)
            answer = {}

            def add_bill():
                answer["response"] = http.post(
                    "/v1/ledger/bills.add", headers={**headers, "Idempotency-Key": uuid.uuid4().hex},
                    json={"householdId": home, "description": "Retried", "amount": "5.00", "paidBy": me,
                          "split": {"kind": "equal"}})
            sender = threading.Thread(target=add_bill)
            sender.start()
            # The stopped worker holds it once the gateway counts a busy ledger slot.
            deadline = time.monotonic() + 60
            while not any(service["name"] == "ledger" and service["busy"] > 0
                          for service in http.get("/v1/gateway/health").json()["services"]):
                assert time.monotonic() < deadline, "the stopped worker was never given the bill"
                time.sleep(0.02)
            slow.named["ledger"].send_signal(signal.SIGKILL)
            slow.start("ledger-2", "reckon-ledger", *slow.ledger_arguments)
            sender.join()
        response = answer["response"]
        assert response.status_code == 200, response.text
        trace_id, _ = trace_of(response)
        spans = spans_of(sink, trace_id, ("reckon-gateway", SERVER), ("reckon-ledger", CONSUMER))
        gateway = one(spans, "reckon-gateway", SERVER, "gateway ledger/bills.add")
        assert gateway.events == ["worker lost", "sent again"], gateway.events
        second = gateway.event_attributes[1][1]
        assert second["reckon.gateway.attempt"] >= 1
        assert gateway.attributes["reckon.gateway.worker"] != second["reckon.gateway.worker"]
        assert gateway.status != STATUS_ERROR
        assert one(spans, "reckon-ledger", CONSUMER).status != STATUS_ERROR
    finally:
        slow.stop()


def test_a_collector_that_is_down_costs_spans_never_requests():
    """Exports to nothing that listens: every answer still comes, the lost spans are counted and the failure logged
    once; when a collector comes up on that address, export recovers without a restart."""
    port, metrics_port = free_port(), free_port()
    down = Stack("sqlite", environment={"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}",
                                        "OTEL_BSP_SCHEDULE_DELAY": "100", "OTEL_EXPORTER_OTLP_TIMEOUT": "1000"})
    receiver = None
    try:
        bridge = down.bridge("--metrics-port", str(metrics_port))
        metrics = f"http://127.0.0.1:{metrics_port}"
        with httpx.Client(base_url=bridge, timeout=30) as http:
            for expression in ("1+1", "2+2", "3+3"):
                response = http.post("/v1/calc/evaluate", json={"expression": expression})
                assert response.status_code == 200 and "traceresponse" in response.headers
            deadline = time.monotonic() + 60
            while metric(metrics, "reckon_trace_spans_lost_total") < 6:  # the server and call span of each
                assert time.monotonic() < deadline, "the bridge never counted its lost spans"
                time.sleep(0.05)
            log = down.folder / f"http-{bridge.rsplit(':', 1)[1]}.log"
            assert log.read_text().count("trace export failing") == 1

            receiver = OTLPSink(port)
            trace_id, _ = trace_of(http.post("/v1/calc/evaluate", json={"expression": "4+4"}))
            receiver.wait_for(lambda spans: any(span.trace_id == trace_id and span.service == "reckon-http"
                                                for span in spans))
            assert metric(metrics, "reckon_trace_spans_exported_total") >= 2
            assert "trace export recovered" in log.read_text()
    finally:
        down.stop()
        if receiver:
            receiver.close()

