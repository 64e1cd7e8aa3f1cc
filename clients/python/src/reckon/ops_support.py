"""What the generated service modules (``reckon.calc`` …) share: argument types and the args they send."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Dict, Union

Decimalish = Union[str, int, float, Decimal]
"""A number argument: a decimal string (exact), an ``int``, a ``float`` or a ``Decimal`` (sent as its exact
string)."""


def present(args: Dict[str, Any]) -> Dict[str, Any]:
    """``args`` without the ones left at ``None``: the wire counts an absent optional argument and ``null`` alike,
    and absent keeps requests short."""
    return {name: value for name, value in args.items() if value is not None}
