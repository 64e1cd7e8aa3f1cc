"""CURVE from `reckon keygen` files: a listed client key gets answers, another key gets none."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

import reckon
from reckon import gateway
from stack import BIN, free_port_run


@pytest.fixture(scope="module")
def keys() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="rk-curve-") as folder:
        for name in ("gateway", "listed", "unlisted"):
            subprocess.run([str(BIN / "reckon"), "keygen", f"{folder}/{name}"], check=True, capture_output=True, timeout=30)
        (Path(folder) / "clients").write_text((Path(folder) / "listed.pub").read_text())
        yield Path(folder)


@pytest.fixture(scope="module")
def curve_gateway(keys: Path) -> Iterator[str]:
    port = free_port_run(2)
    endpoint = f"tcp://127.0.0.1:{port}"
    process = subprocess.Popen(
        [str(BIN / "reckon-gateway"), "--client-endpoint", endpoint, "--worker-endpoint", f"tcp://127.0.0.1:{port + 1}",
         "--curve-secret-key-file", str(keys / "gateway"), "--client-allow-list", str(keys / "clients")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        yield endpoint
    finally:
        process.kill()
        process.wait(timeout=10)


def test_a_listed_key_is_answered(keys: Path, curve_gateway: str) -> None:
    curve = reckon.Curve.from_files(server_key=keys / "gateway.pub", secret_key=keys / "listed")
    with reckon.Client(curve_gateway, curve=curve, timeout=10) as client:
        assert gateway.ping(client) == {}


def test_an_unlisted_key_gets_no_reply(keys: Path, curve_gateway: str) -> None:
    curve = reckon.Curve.from_files(server_key=keys / "gateway.pub", secret_key=keys / "unlisted")
    with reckon.Client(curve_gateway, curve=curve, timeout=1) as client:
        with pytest.raises(reckon.DeadlineExceeded):
            gateway.ping(client)
