"""CURVE keys for a client: the gateway's public key and the client's own key pair, all Z85 text.

``reckon keygen NAME`` writes the secret key to ``NAME`` and the public key to ``NAME.pub``, each one line of
Z85 (40 characters).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

if TYPE_CHECKING:
    import zmq

PathLike = Union[str, Path]


def read_key(path: PathLike) -> bytes:
    """The Z85 key in a file written by ``reckon keygen`` (whitespace around it ignored)."""
    key = Path(path).read_text(encoding="ascii").strip().encode("ascii")
    if len(key) != 40:
        raise ValueError(f"{path} does not hold a Z85 CURVE key (40 characters)")
    return key


@dataclass(frozen=True)
class Curve:
    """What a client needs for a CURVE connection.

    Attributes:
        server_key: the gateways' public key (Z85).
        public_key: this client's public key (Z85): the one listed in the gateway's client allow-list.
        secret_key: this client's secret key (Z85).
    """

    server_key: bytes
    public_key: bytes
    secret_key: bytes

    @classmethod
    def from_files(cls, server_key: PathLike, secret_key: PathLike, public_key: Optional[PathLike] = None) -> Curve:
        """Reads keys written by ``reckon keygen``.

        Args:
            server_key: the gateway's public key file (``gateway.pub``).
            secret_key: this client's secret key file (``client``).
            public_key: this client's public key file; ``SECRET_KEY.pub`` by default, or derived from the secret
                key when that file does not exist.
        """
        import zmq  # here, so that HTTP clients need no pyzmq

        secret = read_key(secret_key)
        public_path = Path(public_key) if public_key is not None else Path(f"{secret_key}.pub")
        public = read_key(public_path) if public_key is not None or public_path.exists() else zmq.curve_public(secret)
        return cls(server_key=read_key(server_key), public_key=public, secret_key=secret)

    def apply(self, socket: zmq.Socket[Any]) -> None:
        """Makes ``socket`` a CURVE client of the gateway (before it connects)."""
        socket.curve_serverkey = self.server_key
        socket.curve_publickey = self.public_key
        socket.curve_secretkey = self.secret_key
