"""A real HTTP server in front of a real bridge, for the retry tests: it answers the first requests from a script
(a 503 with ``Retry-After``, say) and passes the rest on to the bridge, noting when each request came and what it
carried."""

from __future__ import annotations

import http.client
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Dict, List, Optional, Type
from urllib.parse import urlsplit

# The request headers passed on to the bridge: what the client sends for a call.
FORWARDED = ("content-type", "authorization", "idempotency-key", "request-timeout")


@dataclass
class Answer:
    """A scripted answer."""

    status: int
    headers: Dict[str, str] = field(default_factory=dict)
    body: bytes = b""


@dataclass
class Seen:
    """A request the server took: when (``time.monotonic``), its path and its headers (names in lower case)."""

    at: float
    path: str
    headers: Dict[str, str]


class ScriptedBridge:
    """``with ScriptedBridge(bridge_url, [Answer(503, {"Retry-After": "1"})]) as server: ... server.url``."""

    def __init__(self, bridge_url: str, script: List[Answer]) -> None:
        self.script = list(script)
        self.seen: List[Seen] = []
        self._bridge = urlsplit(bridge_url)
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> ScriptedBridge:
        self._thread.start()
        return self

    def __exit__(
        self, kind: Optional[Type[BaseException]], error: Optional[BaseException], trace: Optional[TracebackType]
    ) -> None:
        self._server.shutdown()
        self._server.server_close()

    def gaps(self) -> List[float]:
        """Seconds between one request and the next."""
        return [later.at - earlier.at for earlier, later in zip(self.seen, self.seen[1:])]

    def _take(self, path: str, headers: Dict[str, str]) -> Optional[Answer]:
        with self._lock:
            self.seen.append(Seen(time.monotonic(), path, headers))
            return self.script.pop(0) if self.script else None

    def _forward(self, path: str, headers: Dict[str, str], body: bytes) -> Answer:
        connection = http.client.HTTPConnection(self._bridge.hostname or "127.0.0.1", self._bridge.port, timeout=30)
        try:
            connection.request("POST", path, body, {name: headers[name] for name in FORWARDED if name in headers})
            reply = connection.getresponse()
            passed = ("content-type", "retry-after")
            kept = {name: value for name, value in reply.getheaders() if name.lower() in passed}
            return Answer(reply.status, kept, reply.read())
        finally:
            connection.close()

    def _handler(self) -> Type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as the bridge

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {name.lower(): value for name, value in self.headers.items()}
                answer = server._take(self.path, headers) or server._forward(self.path, headers, body)
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer.body)))
                self.end_headers()
                self.wfile.write(answer.body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler
