"""A real Reckon stack for the tests: ``reckon up`` on free loopback ports with a temporary ``--data-dir``, and
reckon-http bridges in front of it on demand.

The binaries come from ``$RECKON_BIN`` or the repository's ``.build/debug``. Every process is started in a process
group of its own, so ``stop()`` ends all of them, workers included, even if ``reckon up`` itself is gone.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List, Optional

import reckon

BIN = Path(os.environ.get("RECKON_BIN", Path(__file__).resolve().parents[3] / ".build" / "debug"))
SERVICES = {"calc", "orders", "ledger"}


def free_port_run(count: int) -> int:
    """The first of ``count`` consecutive loopback ports that are free now."""
    for _ in range(200):
        first = random.randint(20000, 60000)
        if all(_port_is_free(first + offset) for offset in range(count)):
            return first
    raise RuntimeError(f"no {count} consecutive free ports")


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class Stack:
    """``reckon up --gateways N``: gateway i takes client port ``first + 2i`` and worker port ``first + 2i + 1``."""

    def __init__(self, gateways: int = 1) -> None:
        self.gateways = gateways
        self.data_dir = Path(tempfile.mkdtemp(prefix="rk-py-", dir="/tmp"))
        first = free_port_run(2 * gateways)
        self.endpoints = [f"tcp://127.0.0.1:{first + 2 * index}" for index in range(gateways)]
        self._worker_endpoint = f"tcp://127.0.0.1:{first + 1}"
        self._process: Optional[subprocess.Popen[bytes]] = None
        self._bridges: List[subprocess.Popen[bytes]] = []

    def start(self, ready_within: float = 60.0) -> Stack:
        """Starts the stack and waits until every gateway lists every service."""
        reckon_bin = BIN / "reckon"
        if not reckon_bin.exists():
            raise RuntimeError(f"no {reckon_bin}: run `swift build` first, or set RECKON_BIN")
        log = open(self.data_dir / "up.log", "wb")
        self._process = subprocess.Popen(
            [str(reckon_bin), "up", "--gateways", str(self.gateways), "--data-dir", str(self.data_dir),
             "--client-endpoint", self.endpoints[0], "--worker-endpoint", self._worker_endpoint, "--http", "none"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + ready_within
        for endpoint in self.endpoints:
            self._wait_for_services(endpoint, deadline)
        return self

    def _wait_for_services(self, endpoint: str, deadline: float) -> None:
        with reckon.Client(endpoint, timeout=0.5) as client:
            while time.monotonic() < deadline:
                try:
                    health = client.call("gateway", "health")
                    if SERVICES <= {entry["name"] for entry in health["services"] if entry["workers"] > 0}:
                        return
                except reckon.Error:
                    pass
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"stack at {endpoint} not ready; see {self.data_dir}/up.log")

    def start_bridge(self, *extra: str, scheme: str = "http", trust: Optional[ssl.SSLContext] = None) -> str:
        """Starts reckon-http in front of every gateway, on a free port, with its caller rate off (the tests call
        faster than its default 100 a second) and the ``extra`` flags; its base URL once it serves every service.
        ``trust`` checks an HTTPS bridge's certificate."""
        port = free_port_run(1)
        log = open(self.data_dir / f"http-{port}.log", "wb")
        self._bridges.append(subprocess.Popen(
            [str(BIN / "reckon-http"), "--host", "127.0.0.1", "--port", str(port),
             "--gateway", ",".join(self.endpoints), "--caller-rate", "0", *extra],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        ))
        log.close()
        url = f"{scheme}://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "/openapi.json", timeout=2, context=trust) as answer:
                    paths = json.load(answer)["paths"]
                if all(any(path.startswith(f"/v1/{service}/") for path in paths) for service in SERVICES):
                    return url
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"reckon-http on {url} not ready; see {self.data_dir}/http-{port}.log")

    @property
    def staff_key(self) -> str:
        """The orders staff key ``reckon up`` made in the data dir."""
        return (self.data_dir / "staff-key").read_text().strip()

    def gateway_pids(self) -> List[int]:
        """The gateways' process ids, in the order of ``endpoints``."""
        return [pid for endpoint in self.endpoints for pid in self.pids("reckon-gateway", endpoint)]

    def pids(self, executable: str, *arguments: str) -> List[int]:
        """The ids of this stack's ``executable`` processes whose command line holds every one of ``arguments``."""
        assert self._process is not None
        found = []
        for child in _children(self._process.pid):
            command = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            if command[0].endswith(executable.encode()) and all(argument.encode() in command for argument in arguments):
                found.append(child)
        return found

    @contextmanager
    def paused(self, executable: str) -> Iterator[None]:
        """Stops this stack's ``executable`` processes (SIGSTOP) for the block, and lets them go on after it."""
        stopped = self.pids(executable)
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        """Stops the bridges (SIGTERM) and ``reckon up`` (SIGINT, which stops its children), then kills whatever is
        left of their groups."""
        for bridge in self._bridges:
            _end(bridge, signal.SIGTERM)
        self._bridges = []
        if self._process is None:
            return
        process, self._process = self._process, None
        _end(process, signal.SIGINT)
        shutil.rmtree(self.data_dir, ignore_errors=True)


def _end(process: subprocess.Popen[bytes], stop: signal.Signals) -> None:
    """Sends ``stop`` to ``process`` and waits for it (15 s at most), then kills whatever is left of its group."""
    if process.poll() is None:
        process.send_signal(stop)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=5)


def _children(pid: int) -> List[int]:
    children: List[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += [int(child) for child in (task / "children").read_text().split()]
    return children
