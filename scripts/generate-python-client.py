#!/usr/bin/env python3
"""Generates the Python client's typed helpers, one module per service, from the services' `ops` replies.

    scripts/generate-python-client.py [OPS_JSON] [--check]

OPS_JSON (default docs/ops.json) holds `{"services": [{"service", "ops": [{"name", "summary", "effect", "schema",
"resultSchema"?}]}]}`. Each service gets clients/python/src/reckon/SERVICE.py with, per op, a blocking function
taking a `reckon.Client` and an `_async` one taking a `reckon.AsyncClient`; clients/python/src/reckon/effects.py
gets every op's effect, which tells the HTTP client what it may retry. Naming (docs/python.md):

- functions: the op in snake_case, dots as underscores (`tax.estimate` -> `tax_estimate`, `cart.addSale` ->
  `cart_add_sale`);
- arguments: keyword-only, the top-level args in snake_case (`ratePercent` -> `rate_percent`), a Python keyword
  with a trailing underscore (`from` -> `from_`), a name the helpers use themselves (`token`, `idempotency_key`,
  `timeout`, `client`, `wire_args`, `reply`) with `_arg` after it; values inside them keep the wire's names;
- results: `TypedDict`s from `resultSchema` (`OpNameResult`, nested ones named by their path), or
  `Dict[str, Any]` for an op without one.

--check writes nothing: it exits 1 with a diff when a committed module differs from what would be generated.
Standard library only.
"""

from __future__ import annotations

import argparse
import difflib
import json
import keyword
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Set

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "clients" / "python" / "src" / "reckon"
# The helpers' own parameters and locals: an argument of the same name gets `_arg` after it.
TAKEN_NAMES = ("client", "token", "idempotency_key", "timeout", "wire_args", "reply")
SCALARS = {"string": "str", "integer": "int", "boolean": "bool", "null": "None"}


def snake(name: str) -> str:
    """`cart.addSale` -> `cart_add_sale`."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name.replace(".", "_")).lower()


def pascal(name: str) -> str:
    """`tax.estimate` -> `TaxEstimate`, `userId` -> `UserId`."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[._]", name) if part)


def argument_name(wire_name: str) -> str:
    """The Python keyword argument for a top-level arg."""
    name = snake(wire_name)
    if keyword.iskeyword(name):
        return name + "_"
    return name + "_arg" if name in TAKEN_NAMES else name


@dataclass
class Module:
    """One service's module as it is written: its TypedDicts, functions, and the names it imports."""

    service: str
    definitions: Dict[str, Any] = field(default_factory=dict)
    """The listing's named entities (`$defs`), each one TypedDict once a result uses it."""
    entities: Set[str] = field(default_factory=set)
    typed_dicts: List[str] = field(default_factory=list)
    functions: List[str] = field(default_factory=list)
    typing: Set[str] = field(default_factory=set)
    uses_decimal: bool = False

    def type_of(self, schema: Any, *, name: str, result: bool) -> str:
        """The annotation for a schema: results get TypedDicts (defined here, under `name`), arguments get the
        looser `Mapping`/`Sequence` and accept `Decimal` for numbers."""
        if not isinstance(schema, dict):
            return self.use("Any")
        reference = schema.get("$ref")
        if isinstance(reference, str) and reference.startswith(DEFINITION):
            return self.entity(reference[len(DEFINITION):], result=result)
        enum = schema.get("enum")
        if isinstance(enum, list) and enum and all(isinstance(value, str) for value in enum):
            return self.use("Literal") + "[" + ", ".join(json.dumps(value) for value in enum) + "]"
        kinds = schema.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        types = list(dict.fromkeys(
            annotation
            for kind in kinds
            if kind != "null"
            for annotation in self.kind_types(kind, schema, name=name, result=result)
        ))
        if not types:
            return self.use("Any")
        annotation = types[0] if len(types) == 1 else f"{self.use('Union')}[{', '.join(types)}]"
        return f"{self.use('Optional')}[{annotation}]" if "null" in kinds else annotation

    def kind_types(self, kind: Any, schema: Dict[str, Any], *, name: str, result: bool) -> List[str]:
        """The annotations one JSON type stands for (a number argument takes a float or a Decimal)."""
        if kind in SCALARS:
            return [SCALARS[kind]]
        if kind == "number":
            if result:
                return ["float"]
            self.uses_decimal = True
            return ["float", "Decimal"]
        if kind == "array":
            item = self.type_of(schema.get("items"), name=name + "Item", result=result)
            return [f"{self.use('List' if result else 'Sequence')}[{item}]"]
        if kind == "object":
            if result and isinstance(schema.get("properties"), dict) and schema["properties"]:
                return [self.typed_dict(name, schema)]
            values = schema.get("additionalProperties")
            value = self.type_of(values, name=name + "Value", result=result) if isinstance(values, dict) else None
            return [f"{self.use('Dict' if result else 'Mapping')}[str, {value or self.use('Any')}]"]
        return [self.use("Any")]

    def entity(self, name: str, *, result: bool) -> str:
        """A named entity: in results its one TypedDict (defined on first use), in arguments its looser type."""
        if not result:
            return self.type_of(self.definitions[name], name=name, result=False)
        if name not in self.entities:
            self.entities.add(name)
            annotation = self.type_of(self.definitions[name], name=name, result=True)
            if annotation != name:
                self.typed_dicts.append(f"{name} = {annotation}")
        return name

    def typed_dict(self, name: str, schema: Dict[str, Any]) -> str:
        """Defines the TypedDict `name` for an object schema (its nested ones first) and returns `name`."""
        properties: Dict[str, Any] = schema["properties"]
        required = set(schema.get("required") or [])
        fields = {key: self.type_of(value, name=name + pascal(key), result=True) for key, value in sorted(properties.items())}
        needed = {key: annotation for key, annotation in fields.items() if key in required}
        optional = {key: annotation for key, annotation in fields.items() if key not in required}
        self.use("TypedDict")
        if not optional or not needed:
            self.typed_dicts.append(typed_dict_line(name, fields, total=not optional))
        else:
            self.typed_dicts.append(typed_dict_line(f"_{name}Required", needed, total=True))
            self.typed_dicts.append(typed_dict_line(f"_{name}Optional", optional, total=False))
            self.typed_dicts.append(f"class {name}(_{name}Required, _{name}Optional):\n    pass")
        return name

    def use(self, typing_name: str) -> str:
        self.typing.add(typing_name)
        return typing_name

    def add_op(self, op: Dict[str, Any]) -> None:
        """The op's result type and its two functions."""
        wire_name: str = op["name"]
        function = snake(wire_name)
        result = pascal(wire_name) + "Result"
        result_schema = op.get("resultSchema")
        annotation = self.type_of(result_schema, name=result, result=True) if result_schema else None
        if annotation != result:
            self.typed_dicts.append(f"{result} = {annotation or self.use('Dict') + '[str, ' + self.use('Any') + ']'}")
        arguments = self.arguments(op.get("schema") or {})
        for blocking in (True, False):
            self.functions.append(self.function(op, function, result, arguments, blocking=blocking))

    def arguments(self, schema: Dict[str, Any]) -> List[Argument]:
        properties: Dict[str, Any] = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        arguments = [
            Argument(
                wire_name=key,
                name=argument_name(key),
                annotation=self.type_of(value, name="", result=False),
                required=key in required,
                description=describe(value),
            )
            for key, value in properties.items()
        ]
        return sorted(arguments, key=lambda argument: (not argument.required, argument.name))

    def function(self, op: Dict[str, Any], name: str, result: str, arguments: List[Argument], *, blocking: bool) -> str:
        """`name(client: Client, *, ARGS, OPTIONS) -> RESULT`, or its `_async` twin."""
        parameters = [f"client: {'Client' if blocking else 'AsyncClient'}", "*"]
        parameters += [
            f"{argument.name}: {argument.annotation}" if argument.required
            else f"{argument.name}: {self.use('Optional')}[{argument.annotation}] = None"
            for argument in arguments
        ]
        parameters += ["token: Optional[str] = None", "idempotency_key: IdempotencyKey = FRESH_KEY", "timeout: Optional[float] = None"]
        lines = [f"{'' if blocking else 'async '}def {name}{'' if blocking else '_async'}("]
        lines += [f"    {parameter}," for parameter in parameters]
        lines += [f") -> {result}:", f'    """{op.get("summary", "").rstrip(".")} (`{self.service}` `{op["name"]}`).']
        documented = [f"        {argument.name}: {argument.description}" for argument in arguments if argument.description]
        if documented:
            lines += ["", "    Args:"] + documented
        lines += ['    """', "    wire_args: Dict[str, Any] = {"]
        lines += [f'        "{argument.wire_name}": {argument.name},' for argument in arguments]
        lines += [
            "    }",
            f"    reply = {'' if blocking else 'await '}client.call(",
            f'        SERVICE, "{op["name"]}", present(wire_args), token=token, idempotency_key=idempotency_key, timeout=timeout',
            "    )",
            f"    return cast({result}, reply)",
        ]
        return "\n".join(lines)

    def source(self) -> str:
        typing_names = ", ".join(sorted(self.typing | {"Any", "Dict", "Optional", "cast"}))
        header = [
            f'"""Typed helpers for the `{self.service}` service: one function per op, `NAME(client, ...)` with a',
            "`reckon.Client` and `NAME_async(client, ...)` with a `reckon.AsyncClient`.",
            "",
            "Generated by scripts/generate-python-client.py from the service's `ops` reply: do not edit. Arguments are the",
            "op's args in snake_case (`rate_percent` for `ratePercent`, `from_` for `from`); values inside them keep the",
            "wire's names. Results are plain dicts, typed by the TypedDicts below. See docs/python.md.",
            '"""',
            "",
            "from __future__ import annotations",
            "",
        ]
        if self.uses_decimal:
            header.append("from decimal import Decimal")
        header += [
            f"from typing import {typing_names}",
            "",
            "from .async_client import AsyncClient",
            "from .client import Client",
            "from .keys import FRESH_KEY, IdempotencyKey",
            "from .ops_support import present",
            "",
            f'SERVICE = "{self.service}"',
        ]
        return "\n".join(header) + "\n\n" + "\n\n\n".join(self.typed_dicts) + "\n\n\n" + "\n\n\n".join(self.functions) + "\n"


@dataclass
class Argument:
    wire_name: str
    name: str
    annotation: str
    required: bool
    description: str


DEFINITION = "#/$defs/"


def describe(schema: Any) -> str:
    """The docstring line for an argument: its description and default, when the schema has them."""
    if not isinstance(schema, dict):
        return ""
    parts = [str(schema["description"])] if "description" in schema else []
    if "default" in schema:
        parts.append(f"default {json.dumps(schema['default'])}")
    return "; ".join(parts)


def typed_dict_line(name: str, fields: Dict[str, str], *, total: bool) -> str:
    """A TypedDict in the functional form, which takes keys that are not identifiers (`from`)."""
    lines = [f"{name} = TypedDict(", f'    "{name}",', "    {"]
    lines += [f'        "{key}": {annotation},' for key, annotation in fields.items()]
    lines += ["    },"] + ([] if total else ["    total=False,"]) + [")"]
    return "\n".join(lines)


def effects_source(ops: Dict[str, Any]) -> str:
    """`effects.py`: each op's effect, by service and op."""
    lines = [
        '"""Each op\'s effect (`pure`, `read` or `write`), by service and op: what the HTTP client may retry.',
        "",
        "Generated by scripts/generate-python-client.py from the services' `ops` replies: do not edit.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Dict, Literal",
        "",
        'Effect = Literal["pure", "read", "write"]',
        "",
        "EFFECTS: Dict[str, Dict[str, Effect]] = {",
    ]
    for service in ops["services"]:
        lines.append(f'    "{service["service"]}": {{')
        lines += [f'        "{op["name"]}": "{op["effect"]}",' for op in service["ops"]]
        lines.append("    },")
    return "\n".join(lines + ["}", ""])


def generate(ops: Dict[str, Any]) -> Dict[Path, str]:
    """Each generated module's path and source: one per service, and the effects."""
    modules = {PACKAGE / "effects.py": effects_source(ops)}
    for service in ops["services"]:
        module = Module(service["service"], definitions=service.get("$defs") or {})
        for op in service["ops"]:
            module.add_op(op)
        modules[PACKAGE / f"{module.service}.py"] = module.source()
    return modules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ops_json", nargs="?", default=str(ROOT / "docs" / "ops.json"), help="default docs/ops.json")
    parser.add_argument("--check", action="store_true", help="exit 1 with a diff if a committed module is stale")
    options = parser.parse_args()
    modules = generate(json.loads(Path(options.ops_json).read_text()))
    stale = 0
    for path, source in modules.items():
        current = path.read_text() if path.exists() else ""
        if current == source:
            continue
        if options.check:
            stale += 1
            relative = str(path.relative_to(ROOT))
            sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), source.splitlines(True), relative, relative + " (generated)"))
        else:
            path.write_text(source)
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"{stale} module(s) out of date: run scripts/generate-python-client.py {options.ops_json}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
