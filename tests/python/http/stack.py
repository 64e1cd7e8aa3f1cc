"""A real Reckon stack for the HTTP tests: a gateway, the three workers on SQLite or PostgreSQL, and reckon-http,
each a process on free loopback ports, stopped at the end."""
import os
import pathlib
import signal
import socket
import subprocess
import tempfile
import time
import uuid

import httpx

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
# The databases the workers run on; each test that starts a stack runs on every one.
ENGINES = ("sqlite", "postgres")
BIN = pathlib.Path(os.environ.get("RECKON_BIN", REPOSITORY / ".build" / "debug"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_url():
    """A fresh database on the test run's PostgreSQL server (POSTGRES_HOST, POSTGRES_PORT, POSTGRES_USER)."""
    host, port = os.environ.get("POSTGRES_HOST"), os.environ.get("POSTGRES_PORT")
    if not host or not port:
        raise RuntimeError("the PostgreSQL HTTP tests need POSTGRES_HOST and POSTGRES_PORT (scripts/test.sh sets them)")
    user = os.environ.get("POSTGRES_USER", "postgres")
    name = "reckon_http_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", "-h", host, "-p", port, "-U", user, "-d", "postgres", "-qc", f"CREATE DATABASE {name}"],
                   check=True, capture_output=True)
    return f"postgres://{user}@{host}:{port}/{name}"


class Stack:
    """Gateways, workers and one or more reckon-http bridges; `url` is the first bridge's base URL."""

    def __init__(self, engine, gateways=1, environment=None, heartbeat_ms=200, ledger_extra=(), orders_extra=(),
                 database_url=None):
        self.engine = engine
        # Added to the ledger's and the orders worker's arguments (the webhook tests' --webhook-allow-private, say).
        self.ledger_extra = list(ledger_extra)
        self.orders_extra = list(orders_extra)
        # The PostgreSQL database to use instead of a fresh one on the test run's server.
        self.database_url = database_url
        self.heartbeat = ["--heartbeat-ms", str(heartbeat_ms)]
        # Added to every process's environment (the OTLP exporter's settings, say).
        self.environment = {**os.environ, **(environment or {})}
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="reckon-http-test-"))
        self.processes = []
        self.named = {}
        self.gateways = []
        try:
            self._start_every_process(engine, gateways)
        except BaseException:
            self.stop()  # a stack that fails half-way (no PostgreSQL, a bridge never ready) leaves no process behind
            raise

    def _start_every_process(self, engine, gateways):
        for index in range(gateways):
            client, worker = free_port(), free_port()
            process = self.start(f"gateway-{index}", "reckon-gateway", "--client-endpoint",
                                 f"tcp://127.0.0.1:{client}", "--worker-endpoint", f"tcp://127.0.0.1:{worker}",
                                 "--deadline-ms", "20000", *self.heartbeat)
            self.gateways.append({"client": f"tcp://127.0.0.1:{client}", "worker": f"tcp://127.0.0.1:{worker}",
                                  "process": process})
        workers = [f"--gateway={g['worker']}" for g in self.gateways] + self.heartbeat
        state = (["--database", self.database_url or postgres_url()] if engine == "postgres"
                 else ["--data-dir", str(self.folder / "data")])
        staff = self.folder / "staff-key"
        staff.write_text("s" * 64)
        self.staff_key = "s" * 64
        # The illustrative ECB table shipped in config/, so `currency` and `rates` have rates to answer with.
        self.start("calc", "reckon-calc", *workers, "--slots", "2",
                   "--rates-file", str(REPOSITORY / "config" / "ecb-rates-sample.xml"))
        self.start("orders", "reckon-orders", *workers, *state, "--staff-key-file", str(staff), *self.orders_extra)
        # Every test signs in from 127.0.0.1, and schemathesis fails hundreds of sign-ins: one caller lockout would
        # lock every later test out. The lockout has its own tests (LedgerServiceTests.AuthTests).
        # Saved calculations run on the calc worker through the gateways, as `reckon up` and compose run them.
        self.ledger_arguments = [*workers, *state, "--argon2-passes", "1", "--argon2-memory-mib", "1",
                                 "--signin-failures-per-caller", "1000000",
                                 "--calc-via", ",".join(g["client"] for g in self.gateways), *self.ledger_extra]
        self.start("ledger", "reckon-ledger", *self.ledger_arguments)
        self.url = self.bridge()

    def start(self, name, executable, *arguments, prefix=(), environment=None):
        """Starts `executable` with `arguments`, behind `prefix` (a wrapper such as prlimit) when given, with
        `environment` added to the stack's."""
        log = open(self.folder / f"{name}.log", "wb")
        process = subprocess.Popen([*prefix, str(BIN / executable), *arguments], stdout=log, stderr=subprocess.STDOUT,
                                   env={**self.environment, **(environment or {})})
        self.processes.append(process)
        self.named[name] = process
        return process

    def bridge(self, *extra, scheme="http", verify=True, prefix=(), environment=None):
        """Starts another reckon-http on a free port in front of every gateway, with `environment` added to the
        stack's; its base URL once it is ready."""
        port = free_port()
        endpoints = ",".join(g["client"] for g in self.gateways)
        self.start(f"http-{port}", "reckon-http", "--port", str(port), "--gateway", endpoints, *extra, prefix=prefix,
                   environment=environment)
        url = f"{scheme}://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                ready = httpx.get(url + "/ready", timeout=2, verify=verify)
                if ready.status_code == 200 and self.serves_every_service(url, verify):
                    return url
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"reckon-http on {url} was not ready in 60 s; logs in {self.folder}")

    @staticmethod
    def serves_every_service(url, verify=True):
        paths = httpx.get(url + "/openapi.json", timeout=5, verify=verify).json()["paths"]
        return all(any(path.startswith(f"/v1/{service}/") for path in paths) for service in ("calc", "orders", "ledger"))

    def stop(self):
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for process in self.processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()


def sign_up(http, household="Flat 3"):
    """A new user with a household, through `http` (a client of a bridge): (headers with the bearer token, user id,
    household id)."""
    name = "u" + uuid.uuid4().hex[:10]
    assert http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"}).status_code == 200
    token = http.post("/v1/ledger/auth.login", json={"username": name, "password": "correct horse"}).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    me = http.get("/v1/ledger/auth.me", headers=headers).json()["userId"]
    home = http.post("/v1/ledger/household.create", headers=headers, json={"name": household, "currency": "CAD"})
    return headers, me, home.json()["householdId"]


def metric(url, name, **labels):
    """The value of one Prometheus sample of the process whose metrics endpoint is `url`, 0 when absent."""
    wanted = ",".join(f'{key}="{value}"' for key, value in labels.items())
    for line in httpx.get(url + "/metrics", timeout=10).text.splitlines():
        if line.startswith(name + ("{" if labels else "")) and (not wanted or "{" + wanted + "}" in line):
            return float(line.rsplit(" ", 1)[1])
    return 0.0
