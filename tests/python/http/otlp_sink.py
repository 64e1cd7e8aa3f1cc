"""A small OTLP/HTTP receiver on loopback for the tracing tests: it takes what an OpenTelemetry Collector would on
`POST /v1/traces` (protobuf, gzip or not), decodes it with PyPI's opentelemetry-proto, and keeps every span."""
import gzip
import http.server
import threading
import time

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (ExportTraceServiceRequest,
                                                                      ExportTraceServiceResponse)


class Span:
    """One received span, with the `service.name` of the process that sent it."""

    def __init__(self, service, span):
        self.service = service
        self.name = span.name
        self.kind = span.kind
        self.trace_id = span.trace_id.hex()
        self.span_id = span.span_id.hex()
        self.parent_id = span.parent_span_id.hex()
        self.start = span.start_time_unix_nano
        self.end = span.end_time_unix_nano
        self.status = span.status.code
        self.status_message = span.status.message
        self.events = [event.name for event in span.events]
        self.event_attributes = [(event.name, {a.key: _value(a.value) for a in event.attributes})
                                 for event in span.events]
        self.attributes = {a.key: _value(a.value) for a in span.attributes}

    def __repr__(self):
        return f"<{self.service} {self.name} {self.trace_id}/{self.span_id} parent {self.parent_id}>"


def _value(value):
    kind = value.WhichOneof("value")
    return getattr(value, kind) if kind else None


class OTLPSink:
    """`endpoint` is what OTEL_EXPORTER_OTLP_ENDPOINT takes; `spans` grows as exports arrive. It listens on `port`, or
    on one the system picks."""

    def __init__(self, port=0):
        self.spans = []
        self.requests = 0
        self._changed = threading.Condition()
        sink = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                if self.path != "/v1/traces" or "protobuf" not in self.headers.get("Content-Type", ""):
                    self.send_error(404)
                    return
                request = ExportTraceServiceRequest()
                request.ParseFromString(body)
                sink._add(request)
                reply = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *_):
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.endpoint = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def _add(self, request):
        with self._changed:
            self.requests += 1
            for resource in request.resource_spans:
                attributes = {a.key: _value(a.value) for a in resource.resource.attributes}
                for scope in resource.scope_spans:
                    self.spans += [Span(attributes.get("service.name"), span) for span in scope.spans]
            self._changed.notify_all()

    def wait_for(self, found, timeout=60):
        """Waits until `found(spans)` is truthy (it is given every span so far) and returns what it returned."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not (result := found(list(self.spans))):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the spans never matched; received {self.spans}")
                self._changed.wait(left)
            return result

    def close(self):
        self._server.shutdown()
        self._server.server_close()


def environment(sink, **extra):
    """What a Reckon process needs to export every span to `sink` at once (a short batch delay)."""
    return {"OTEL_EXPORTER_OTLP_ENDPOINT": sink.endpoint, "OTEL_BSP_SCHEDULE_DELAY": "100", **extra}
