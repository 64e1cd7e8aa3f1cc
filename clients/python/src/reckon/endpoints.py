"""Where a client connects: ZeroMQ gateways (``tcp://``, ``ipc://`` …) or one HTTP bridge (``http://``,
``https://``)."""

from __future__ import annotations

from typing import List, Sequence, Union

Endpoints = Union[str, Sequence[str]]
"""One gateway's client endpoint (``tcp://127.0.0.1:5555``), a comma list, or a list of them; or the URL of a
reckon-http bridge (``https://reckon.example``)."""

HTTP_SCHEMES = ("http://", "https://")


def endpoint_list(endpoints: Endpoints) -> List[str]:
    """The endpoints as a list: a string may hold a comma list, as the CLI's ``--endpoint`` does."""
    items = endpoints.split(",") if isinstance(endpoints, str) else list(endpoints)
    listed = [item.strip() for item in items if item.strip()]
    if not listed:
        raise ValueError("no gateway endpoint given")
    return listed


def speaks_http(endpoints: List[str]) -> bool:
    """Whether ``endpoints`` name an HTTP bridge (one URL) rather than ZeroMQ gateways.

    Raises:
        ValueError: HTTP and ZeroMQ endpoints mixed, or several URLs (the bridge fails over between gateways
            itself; put a load balancer in front of several bridges).
    """
    http = [endpoint for endpoint in endpoints if endpoint.lower().startswith(HTTP_SCHEMES)]
    if not http:
        return False
    if len(endpoints) > 1:
        raise ValueError(f"one HTTP URL per client, got {endpoints}")
    return True
