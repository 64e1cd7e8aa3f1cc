"""reckon-http at its edge, as the internet meets it (issue #35): floods of silent and slow sockets against a bridge
with few descriptors while a good client is served, the browser security headers, JSON-only op bodies, the Host
allow-list and the operator-only gateway stats. Every bridge here is a real reckon-http on the session's stack."""
import resource
import select
import socket
import threading

import httpx
import pytest

from stack import free_port, metric

# The bridge under attack gets 256 descriptors; it keeps an eighth (at least 64) in reserve, so it holds at most 192
# connections, and 48 from one address.
DESCRIPTORS = 256
PER_ADDRESS = 48


def connect_from(address, port, count):
    """`count` connections to the bridge from the loopback `address` (all of 127/8 is loopback on Linux)."""
    sockets = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((address, 0))
        sock.connect(("127.0.0.1", port))
        sockets.append(sock)
    return sockets


def wait_until_closed(sockets, limit=120):
    """Waits for the bridge to close every socket (end of stream, or a reset); fails past `limit` seconds, which
    bounds the wait and is not what the test measures."""
    waiting = set(sockets)
    poller = select.poll()
    for sock in waiting:
        poller.register(sock, select.POLLIN | select.POLLHUP | select.POLLERR)
    by_fd = {sock.fileno(): sock for sock in waiting}
    while waiting:
        ready = poller.poll(limit * 1000)
        assert ready, f"{len(waiting)} sockets were never closed by the bridge"
        for fd, _ in ready:
            sock = by_fd[fd]
            try:
                data = sock.recv(4096)
            except ConnectionResetError:
                data = b""
            if not data:
                poller.unregister(fd)
                waiting.discard(sock)
    for sock in sockets:
        sock.close()


@pytest.fixture
def guarded(stack):
    """A bridge under `prlimit` with 256 descriptors, short request deadlines and its own metrics port."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    metrics = free_port()
    url = stack.bridge("--max-connections-per-address", str(PER_ADDRESS), "--idle-timeout-ms", "3000",
                       "--header-timeout-ms", "2000", "--caller-rate", "0", "--metrics-port", str(metrics),
                       prefix=("prlimit", f"--nofile={DESCRIPTORS}:{DESCRIPTORS}"))
    yield url, int(url.rsplit(":", 1)[1]), f"http://127.0.0.1:{metrics}"


def test_silent_and_slow_sockets_past_every_descriptor_leave_a_good_client_served(stack, guarded):
    url, port, metrics = guarded
    # Four times the descriptors the bridge has, silent, from one address: all but 48 are closed on arrival.
    silent = connect_from("127.0.0.2", port, 4 * DESCRIPTORS)
    # Slowloris from another: a request head sent a byte at a time, never finished.
    slow = connect_from("127.0.0.3", port, PER_ADDRESS)
    stop = threading.Event()

    def trickle():
        while not stop.is_set():
            for sock in slow:
                try:
                    sock.send(b"X")
                except OSError:
                    pass
            stop.wait(0.2)

    for sock in slow:
        sock.send(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    try:
        with httpx.Client(base_url=url, timeout=10) as good:
            for index in range(40):
                answer = good.post("/v1/calc/evaluate", json={"expression": f"{index}+1"})
                assert answer.status_code == 200 and answer.json()["value"] == str(index + 1)
        wait_until_closed(slow)
        wait_until_closed(silent)
    finally:
        stop.set()
        trickler.join()
    assert metric(metrics, "reckon_http_connections_refused_total", reason="address_full") >= 3 * DESCRIPTORS
    assert metric(metrics, "reckon_http_connections_timed_out_total", phase="readingHead") >= PER_ADDRESS
    assert metric(metrics, "reckon_http_connections_timed_out_total", phase="waiting") >= PER_ADDRESS
    # Still up and serving, with every descriptor given back.
    assert httpx.post(url + "/v1/calc/evaluate", json={"expression": "2*21"}).json()["value"] == "42"
    assert stack.named[f"http-{port}"].poll() is None


def test_every_response_carries_the_browser_security_headers(http):
    for response in (http.get("/"), http.get("/docs"), http.post("/v1/calc/evaluate", json={"expression": "1"}),
                     http.get("/no/such/page")):
        headers = response.headers
        assert "default-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"


def test_an_op_body_must_be_sent_as_json(http):
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        response = http.post("/v1/calc/evaluate", content=b'{"expression": "1"}',
                             headers={"Content-Type": content_type})
        assert response.status_code == 415
        assert response.json()["code"] == "malformed_request" and response.json()["field"] == "Content-Type"
    response = http.post("/v1/calc/evaluate", content=b'{"expression": "1"}')
    assert response.status_code == 415
    accepted = http.post("/v1/calc/evaluate", content=b'{"expression": "6*7"}',
                         headers={"Content-Type": "application/json; charset=utf-8"})
    assert accepted.status_code == 200 and accepted.json()["value"] == "42"


def test_a_bridge_with_allowed_hosts_refuses_any_other_host(stack):
    url = stack.bridge("--allowed-host", "127.0.0.1,localhost:1")
    assert httpx.get(url + "/health").status_code == 200
    rebound = httpx.get(url + "/health", headers={"Host": "attacker.example"})
    assert rebound.status_code == 421 and rebound.json()["field"] == "Host"
    assert httpx.get(url + "/health", headers={"Host": "localhost:2"}).status_code == 421
    assert httpx.get(url + "/health", headers={"Host": "localhost:1"}).status_code == 200


def test_gateway_stats_answers_only_the_operator(stack, http, tmp_path):
    refused = http.get("/v1/gateway/stats")
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert http.get("/v1/gateway/health").status_code == 200
    token = "o" * 40
    (tmp_path / "operator").write_text(token + "\n")
    url = stack.bridge("--operator-token-file", str(tmp_path / "operator"))
    for headers in ({}, {"Authorization": "Bearer " + "o" * 39}, {"Authorization": "Bearer " + "o" * 41}):
        answer = httpx.get(url + "/v1/gateway/stats", headers=headers)
        assert answer.status_code == 401 and answer.json()["field"] == "Authorization"
    stats = httpx.get(url + "/v1/gateway/stats", headers={"Authorization": "Bearer " + token})
    assert stats.status_code == 200 and stats.json()["requests"] >= 0
