"""The caller's W3C trace context, sent with each call (docs/api.md, "Tracing"): the current OpenTelemetry context's
``traceparent`` and ``tracestate`` when opentelemetry-api is installed (the ``tracing`` extra), nothing otherwise.
Read on the caller's thread, as the call starts: the blocking client's calls may run on another thread's loop."""

from __future__ import annotations

from typing import Callable, Dict, Optional

_inject: Optional[Callable[[Dict[str, str]], None]]
try:
    from opentelemetry.propagate import inject as _inject
except ImportError:  # the extra is not installed: calls carry no context
    _inject = None

FIELDS = ("traceparent", "tracestate")


def trace_fields() -> Dict[str, str]:
    """The current context's ``traceparent`` and ``tracestate`` (empty when there is no span or no opentelemetry)."""
    if _inject is None:
        return {}
    carrier: Dict[str, str] = {}
    _inject(carrier)
    return {key: value for key, value in carrier.items() if key in FIELDS}
