"""A webhook receiver on loopback for the webhook tests: it verifies every delivery with PyPI's standardwebhooks
(Standard Webhooks v1: webhook-id, webhook-timestamp, webhook-signature) and applies each event once, by its
webhook-id. Its answers can be scripted: a few 500s, a 503 with Retry-After, a 410, a slow answer, or one held until released."""
import http.server
import json
import threading
import time

from standardwebhooks.webhooks import Webhook


class Receiver:
    """Serves POST / on 127.0.0.1; `url` is where to subscribe. `applied` lists the events it applied, in order of
    arrival: (webhook-id, type, cursor (a household's activity cursor, or the orders' event number), arrival time)."""

    def __init__(self):
        self.secret = None
        self.lock = threading.Condition()
        self.applied = []
        self.events = {}  # webhook-id -> the event's JSON, as applied
        self.seen_ids = set()
        self.deliveries = 0  # every POST, duplicates and refused ones included
        self.unsigned = 0  # deliveries that failed verification
        self.script = []  # answers to give before the normal 204: (status, headers)
        self.delay = 0.0
        # Once `hold_at` events are applied, each delivery waits for `gate` (a worker can be killed mid-delivery).
        self.hold_at = None
        self.gate = threading.Event()
        self.held = 0
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                status, headers = receiver._answer(body, self.headers)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _answer(self, body, headers):
        if self.delay:
            time.sleep(self.delay)
        with self.lock:
            holding = self.hold_at is not None and len(self.applied) >= self.hold_at
            if holding:
                self.held += 1
                self.lock.notify_all()
        if holding:
            self.gate.wait()
        with self.lock:
            self.deliveries += 1
            try:
                Webhook(self.secret).verify(body, {k.lower(): v for k, v in headers.items()})
            except Exception:
                self.unsigned += 1
                self.lock.notify_all()
                return 400, {}
            if self.script:
                answer = self.script.pop(0)
                self.lock.notify_all()
                return answer
            event_id = headers["webhook-id"]
            if event_id not in self.seen_ids:
                self.seen_ids.add(event_id)
                event = json.loads(body)
                self.events[event_id] = event
                data = event["data"]
                cursor = data["activity"]["cursor"] if "activity" in data else data["cursor"]
                self.applied.append((event_id, event["type"], cursor, time.monotonic()))
            self.lock.notify_all()
            return 204, {}

    def wait_for(self, predicate, timeout=60):
        """Waits (on the receiver's own condition, woken by each delivery) until `predicate(self)` holds."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while not predicate(self):
                left = deadline - time.monotonic()
                assert left > 0, f"waited {timeout} s: {self.deliveries} deliveries, applied {self.applied[-3:]}"
                self.lock.wait(left)

    def close(self):
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()
