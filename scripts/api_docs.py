#!/usr/bin/env python3
"""Writes docs/ops.json and the generated op tables of docs/api.md from the services' ``ops`` replies.

    api_docs.py LISTINGS_DIR API_MD OUT_DIR      gateway.json, calc.json, orders.json and ledger.json (each one
                                                 service's ops result) -> OUT_DIR/ops.json and OUT_DIR/api.md
    api_docs.py --missing-result-schemas OPS     exit 1, naming them, when an op has no resultSchema

Only the text between ``<!-- BEGIN GENERATED: ops SERVICE (scripts/api-docs.sh) -->`` and
``<!-- END GENERATED: ops SERVICE -->`` changes; a service section without markers gets them after its heading's
first paragraph. A schema that refers to one of the listing's named entities (``{"$ref": "#/$defs/Bill"}``) shows
as the entity's name, and the entities follow the op table in a table of their own; each op's example call follows
them, folded.
"""
import json
import os
import re
import sys

SERVICES = ["gateway", "calc", "orders", "ledger"]


def begin_marker(service):
    return f"<!-- BEGIN GENERATED: ops {service} (scripts/api-docs.sh) -->"


def end_marker(service):
    return f"<!-- END GENERATED: ops {service} -->"


DEFINITION = "#/$defs/"


def entity_name(schema):
    """The entity a schema refers to (`Bill` for `{"$ref": "#/$defs/Bill"}`), or None."""
    reference = schema.get("$ref", "") if isinstance(schema, dict) else ""
    return reference[len(DEFINITION):] if reference.startswith(DEFINITION) else None


def type_text(schema):
    """A schema's type in a few words: `string`, `array of object`, `map of string`, `"a" | "b"`, `Bill`."""
    if not isinstance(schema, dict) or not schema:
        return "any"
    if entity_name(schema):
        return entity_name(schema)
    if "enum" in schema:
        return " \\| ".join(json.dumps(value) for value in schema["enum"])
    if "not" in schema and schema["not"] == {}:
        return "refused"
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind == "array":
        return "array of " + type_text(schema.get("items", {}))
    if kind == "object" and "properties" not in schema and isinstance(schema.get("additionalProperties"), dict):
        return "map of " + type_text(schema["additionalProperties"])
    if kind:
        return kind
    for branch in ("oneOf", "anyOf"):
        if branch in schema:
            return " or ".join(type_text(option) for option in schema[branch])
    return "any"


def fields_text(schema):
    """A schema's top-level members, `name`* type (a star for required), or `—` when there are none."""
    if not isinstance(schema, dict):
        return "—"
    if entity_name(schema):
        return entity_name(schema)
    properties = dict(schema.get("properties", {}))
    for branch in ("oneOf", "anyOf", "allOf"):
        for option in schema.get(branch, []):
            for name, member in option.get("properties", {}).items():
                properties.setdefault(name, member)
    if not properties:
        return type_text(schema) if schema.get("type") not in (None, "object") else "—"
    required = set(schema.get("required", []))
    return ", ".join(f"`{name}`{'*' if name in required else ''} {type_text(member)}"
                     for name, member in properties.items())


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ") if "\\|" not in text else text.replace("\n", " ")


def table(listing):
    """The generated op table of one service."""
    rows = ["| op | effect | who may call it | what it does | args (`*` required) | result |",
            "|---|---|---|---|---|---|"]
    for op in listing["ops"]:
        rows.append("| " + " | ".join([
            f"`{op['name']}`", op.get("effect", "—"), op.get("access", "—"), cell(op["summary"]),
            fields_text(op["schema"]),
            fields_text(op["resultSchema"]) if "resultSchema" in op else "**no result schema**",
        ]) + " |")
    definitions = listing.get("$defs") or {}
    if definitions:
        rows += ["", "| entity | fields (`*` required) |", "|---|---|"]
        rows += [f"| `{name}` | {fields_text(definitions[name])} |" for name in sorted(definitions)]
    return "\n".join(rows + examples(listing))


def compact(value):
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def examples(listing):
    """Each op's example call: its args, then the result its reply carried (scripts/api_examples.py records them)."""
    calls = [f"{op['name']} {compact(op['example']['args'])}\n  → {compact(op['example']['result'])}"
             for op in listing["ops"] if "example" in op]
    if not calls:
        return []
    return ["", "<details><summary>An example call of each op, recorded from a live stack: the op and its args, then "
            "the result</summary>", "", "```text", *calls, "```", "", "</details>"]


def with_tables(markdown, listings):
    """docs/api.md with each service's table between its markers (added after the section's first paragraph)."""
    for listing in listings:
        service = listing["service"]
        block = f"{begin_marker(service)}\n{table(listing)}\n{end_marker(service)}"
        pattern = re.compile(re.escape(begin_marker(service)) + r".*?" + re.escape(end_marker(service)), re.S)
        if pattern.search(markdown):
            markdown = pattern.sub(lambda _: block, markdown)
            continue
        heading = re.search(rf"^## {re.escape(service)}\n\n.*?\n\n", markdown, re.M | re.S)
        if heading is None:
            sys.exit(f"docs/api.md has no '## {service}' section to put its op table in")
        markdown = markdown[:heading.end()] + block + "\n\n" + markdown[heading.end():]
    return markdown


def missing_result_schemas(ops_path):
    with open(ops_path, encoding="utf-8") as file:
        document = json.load(file)
    missing = [f"{listing['service']} {op['name']}" for listing in document["services"]
               for op in listing["ops"] if "resultSchema" not in op]
    for name in missing:
        print(f"no result schema: {name}", file=sys.stderr)
    return 1 if missing else 0


def main(arguments):
    if arguments[:1] == ["--missing-result-schemas"]:
        return missing_result_schemas(arguments[1])
    listings_dir, api_md, out_dir = arguments
    listings = []
    for service in SERVICES:
        with open(os.path.join(listings_dir, f"{service}.json"), encoding="utf-8") as file:
            listings.append(json.load(file))
    with open(os.path.join(out_dir, "ops.json"), "w", encoding="utf-8") as file:
        json.dump({"services": listings}, file, indent=2, sort_keys=True, ensure_ascii=False)
        file.write("\n")
    with open(api_md, encoding="utf-8") as file:
        markdown = file.read()
    with open(os.path.join(out_dir, "api.md"), "w", encoding="utf-8") as file:
        file.write(with_tables(markdown, listings))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
