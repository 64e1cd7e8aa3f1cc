"""The MDP/0.2 client frames and the JSON envelope (docs/api.md, "Client protocol" and "Envelope")."""

from __future__ import annotations

import json
from typing import Any, List, Mapping, Optional

from .errors import Internal, error_from_wire
from .json_text import encode_json

CLIENT_HEADER = b"MDPC02"
REQUEST = b"\x01"
FINAL = b"\x03"


def request_frames(
    service: str,
    op: str,
    args: Mapping[str, Any],
    *,
    request_id: str,
    token: Optional[str] = None,
    idempotency_key: Optional[str] = None,
    trace: Mapping[str, str] = {},
) -> List[bytes]:
    """``["MDPC02", 0x01, SERVICE, BODY]`` for one call; BODY carries ``id`` so the reply can be matched, and the
    caller's trace context (``traceparent``, ``tracestate``) when ``trace`` holds one."""
    body: dict[str, Any] = {"op": op, "args": dict(args), "id": request_id, **trace}
    if token is not None:
        body["token"] = token
    if idempotency_key is not None:
        body["idempotencyKey"] = idempotency_key
    return [CLIENT_HEADER, REQUEST, service.encode(), encode_json(body)]


def final_reply_body(frames: List[bytes]) -> Optional[Any]:
    """The decoded JSON body of a FINAL reply (``["MDPC02", 0x03, SERVICE, BODY]``), or ``None`` for anything else
    (a PARTIAL, another protocol, a body that is not JSON)."""
    if len(frames) < 4 or frames[0] != CLIENT_HEADER or frames[1] != FINAL:
        return None
    try:
        return json.loads(frames[3])
    except ValueError:
        return None


def reply_id(body: Any) -> Optional[str]:
    """The ``id`` a reply body echoes, when it is a string."""
    found = body.get("id") if isinstance(body, dict) else None
    return found if isinstance(found, str) else None


def result_of(body: Any) -> Any:
    """The ``result`` of a successful reply; raises the typed :class:`~reckon.Error` of a failed one."""
    if not isinstance(body, dict) or not isinstance(body.get("ok"), bool):
        raise Internal("reply is not a Reckon envelope")
    if body["ok"]:
        return body.get("result")
    raise error_from_wire(body.get("error"))

