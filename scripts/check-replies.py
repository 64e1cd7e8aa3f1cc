#!/usr/bin/env python3
"""Validates recorded replies against their ops' result schemas, with an independent validator (PyPI jsonschema).

Input: a JSON-lines file of ``{"service", "op", "reply"}`` records (the end-to-end suites write one when
``RECKON_REPLY_LOG`` names it) and ``docs/ops.json`` (every service's ``ops`` listing, from scripts/api-docs.sh).

A successful reply's ``result`` is checked against its op's ``resultSchema`` (with its listing's ``$defs``, the named
entities its ``$ref``s point to) in strict mode: every object schema that lists ``properties`` and says nothing of
``additionalProperties`` gets ``additionalProperties: false`` first, so a field a reply carries but its schema does not declare is caught (a hand-written JSON writer that drifted from
its type). A failed reply's ``error`` is checked against the error envelope below. Replies of ops not in ops.json
(MMI, raw calls) are counted and skipped. The last line is ``N passed, M failed``; the exit status is 1 when any
reply fails, or when the file holds none.

With ``--examples`` it checks every op's example call in ops.json instead: its args against the op's args schema,
and its result as a reply's (scripts/api_examples.py records them); an op without one fails.
"""
import argparse
import copy
import io
import json
import os
import sys
from collections import Counter

from jsonschema import Draft202012Validator

ERROR_SCHEMA = {
    "type": "object",
    "required": ["code", "message"],
    "additionalProperties": False,
    "properties": {
        "code": {"type": "string", "pattern": "^[a-z]+(_[a-z]+)*$"},
        "message": {"type": "string"},
        "field": {"type": "string"},
        "retryAfterSeconds": {"type": "integer", "minimum": 0},
        "details": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["field", "code", "message"],
                "additionalProperties": False,
                "properties": {"field": {"type": "string"}, "code": {"type": "string"}, "message": {"type": "string"}},
            },
        },
    },
}


def strict(schema):
    """The schema with additionalProperties: false on every object schema that lists properties."""
    schema = copy.deepcopy(schema)

    def walk(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return schema


def validators(ops_document):
    """A strict validator per (service, op) that has a result schema."""
    found = {}
    for listing in ops_document["services"]:
        # A schema's `$ref`s name the listing's entities (`#/$defs/Bill`): they resolve against the schema's root.
        definitions = {"$defs": listing["$defs"]} if listing.get("$defs") else {}
        for op in listing["ops"]:
            if "resultSchema" in op:
                schema = strict({**op["resultSchema"], **definitions})
                found[(listing["service"], op["name"])] = Draft202012Validator(schema)
    return found


def problems(record, known, error_validator):
    """The schema violations of one recorded reply; None when its op is not in ops.json."""
    reply = record["reply"]
    if not reply.get("ok"):
        return [f"{'/'.join(map(str, e.absolute_path)) or '(error)'}: {e.message}"
                for e in error_validator.iter_errors(reply.get("error"))]
    validator = known.get((record["service"], record["op"]))
    if validator is None:
        return None
    return [f"{'/'.join(map(str, e.absolute_path)) or '(result)'}: {e.message}"
            for e in validator.iter_errors(reply.get("result"))]


def example_failures(ops_document, known):
    """Every op's example (``example`` in its listing): its args against the op's args schema, its result against
    its result schema in strict mode; (op, problems) for each op without an example or with a wrong one."""
    failures = []
    for listing in ops_document["services"]:
        definitions = {"$defs": listing["$defs"]} if listing.get("$defs") else {}
        for op in listing["ops"]:
            key, example = f"{listing['service']} {op['name']}", op.get("example")
            if example is None:
                failures.append((key, ["no example"]))
                continue
            found = [f"args/{'/'.join(map(str, e.absolute_path))}: {e.message}"
                     for e in Draft202012Validator({**op["schema"], **definitions}).iter_errors(example["args"])]
            found += problems({"service": listing["service"], "op": op["name"],
                               "reply": {"ok": True, "result": example["result"]}}, known, None) or []
            if found:
                failures.append((key, found))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("replies", nargs="?", help="JSON lines of {service, op, reply}")
    parser.add_argument("--ops", default="docs/ops.json", help="every service's ops listing")
    parser.add_argument("--examples", action="store_true", help="check every op's example instead of replies")
    arguments = parser.parse_args()
    with open(arguments.ops, encoding="utf-8") as file:
        document = json.load(file)
    known = validators(document)
    if arguments.examples:
        failures = example_failures(document, known)
        for key, found in failures:
            print(f"FAILED {key} example: " + "; ".join(found[:5]))
        ops = sum(len(listing["ops"]) for listing in document["services"])
        print(f"{ops - len(failures)} examples passed, {len(failures)} failed")
        return 1 if failures or ops == 0 else 0
    if arguments.replies is None:
        parser.error("give the replies file, or --examples")
    error_validator = Draft202012Validator(ERROR_SCHEMA)
    checked, skipped, failures = Counter(), Counter(), []
    if not os.path.exists(arguments.replies):
        print(f"no reply log at {arguments.replies}: nothing was recorded")
    with open(arguments.replies, encoding="utf-8") if os.path.exists(arguments.replies) else io.StringIO() as file:
        for line in file:
            if not line.strip():
                continue
            record = json.loads(line)
            found = problems(record, known, error_validator)
            key = f"{record['service']} {record['op']}"
            if found is None:
                skipped[key] += 1
                continue
            checked[key] += 1
            if found:
                failures.append((key, found, json.dumps(record["reply"])[:300]))
    for key, count in sorted(checked.items()):
        print(f"  {count:6d}  {key}")
    if skipped:
        print(f"skipped (no schema in ops.json): {sum(skipped.values())} replies of {', '.join(sorted(skipped))}")
    for key, found, reply in failures:
        print(f"FAILED {key}: " + "; ".join(found[:5]) + f"\n    reply: {reply}")
    total = sum(checked.values())
    print(f"{total - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
