#!/usr/bin/env python3
"""Turns one transaction from a PostgreSQL statement trace (`log_statement = all`) into two pgbench scripts.

    trace-to-pgbench.py LOG OUT_PREFIX [--fresh PREFIX]... [--drop PATTERN]... [--ignore PATTERN]...

LOG holds the server's log from just before the transaction, as logged for the extended protocol (`execute
<unnamed>: SQL` and `DETAIL:  parameters: $1 = '...'`); the session of the first statement is taken, up to its COMMIT
if it began with BEGIN, else all of its statements (a write in autocommit). Each statement's parameters are written into it
as literals, and two scripts are written for `pgbench -M prepared`, as Reckon sends its statements (each prepared
once per connection, then bound and executed):
  OUT_PREFIX-each.sql  every statement on a line of its own: one round trip each, as the trace sent them
  OUT_PREFIX-one.sql   the same statements in one pipeline (`\\startpipeline` … `\\endpipeline`): one round trip for
                       the whole request (one transaction)
--fresh PREFIX: a value holding PREFIX and a UUID is new in every transaction (a bill's id, say); its UUID is
  replaced by the pgbench client's id and a random number, the same in every statement of one transaction (the
  literal becomes a concatenation, so the variables are bound as parameters).
--drop PATTERN: text matching the regular expression is taken out of every statement after its parameters are
  written in (a version check that would fail when the statement runs again, say).
--ignore PATTERN: a statement matching the regular expression is not the request's, wherever it runs (a webhook
  relay's look for work, say): it is left out, and never taken as the first statement.
"""
import argparse
import re

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
PARAMETER = re.compile(r"\$(\d+) = (NULL|'(?:[^']|'')*')")


def transaction(lines, ignore=()):
    """The log lines of the session that executes the first statement not matching `ignore`: from its BEGIN to its
    COMMIT, or, when it sends no BEGIN (each statement its own transaction), all of its statements; the statements
    matching `ignore`, with their parameters, left out."""
    session, mine, ignored, kept = None, False, False, []
    for line in lines:
        record = re.match(r"\S+ \S+ \S+ \[(\d+)\]", line)
        if record:
            executed = re.search(r"execute [^:]*: (.*)", line)
            if executed or "DETAIL:  parameters: " not in line:
                ignored = bool(executed) and any(re.search(pattern, executed.group(1)) for pattern in ignore)
            if session is None and executed and not ignored:
                session = record.group(1)
            mine = record.group(1) == session
        if mine and not ignored:
            kept.append(line)
            if record and re.search(r"execute [^:]*: COMMIT", line):
                break
    return kept


def statements(lines, ignore=()):
    """(sql, {n: literal}) for each statement of the request in the log lines, in order."""
    found = []
    for line in transaction(lines, ignore):
        executed = re.search(r"LOG:\s+execute [^:]*: (.*)", line)
        if executed:
            found.append([executed.group(1), {}])
        elif "DETAIL:  parameters: " in line and found:
            found[-1][1] = {int(n): v for n, v in PARAMETER.findall(line.split("parameters: ", 1)[1])}
        elif line.startswith("\t") and found and not found[-1][1]:
            found[-1][0] += "\n" + line[1:]
    return found


def render(sql, parameters, fresh, drop):
    literals = {n: parameters.get(n, "NULL") for n in map(int, re.findall(r"\$(\d+)", sql))}
    text = re.sub(r"\$(\d+)\b", lambda m: literals[int(m.group(1))], sql)
    for pattern in drop:
        text = re.sub(pattern, "", text)
    text = LITERAL.sub(lambda m: fresh_literal(m.group(0), fresh), text)
    return " ".join(text.split())


LITERAL = re.compile(r"'(?:[^']|'')*'")


def fresh_literal(literal, fresh):
    """A quoted literal with its fresh values (PREFIX and a UUID) made new per transaction: the literal becomes a
    concatenation, `('b_' || :client_id || '-' || :fresh0)`, so pgbench's variables stay outside quotes, where
    `-M prepared` binds them as parameters (inside quotes they would be left as text)."""
    pattern = "|".join(f"({re.escape(prefix)}){UUID}" for prefix in fresh)
    if not pattern or not re.search(pattern, literal):
        return literal
    parts, last = [], 1
    for match in re.finditer(pattern, literal):
        index = next(i for i, group in enumerate(match.groups()) if group is not None)
        parts.append("'" + literal[last:match.start()] + fresh[index] + "'")
        parts += [":client_id", "'-'", f":fresh{index}"]
        last = match.end()
    parts.append("'" + literal[last:-1] + "'")
    return "(" + " || ".join(part for part in parts if part != "''") + ")"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("out")
    parser.add_argument("--fresh", action="append", default=[])
    parser.add_argument("--drop", action="append", default=[])
    parser.add_argument("--ignore", action="append", default=[])
    args = parser.parse_args()
    with open(args.log) as log:
        found = statements(log.read().splitlines(), args.ignore)
    sql = [render(text, parameters, args.fresh, args.drop) for text, parameters in found]
    header = "".join(f"\\set fresh{i} random(1, 1000000000000)\n" for i in range(len(args.fresh)))
    with open(f"{args.out}-each.sql", "w") as each:
        each.write(header + "".join(f"{s};\n" for s in sql))
    with open(f"{args.out}-one.sql", "w") as one:
        one.write(header + "\\startpipeline\n" + "".join(f"{s};\n" for s in sql) + "\\endpipeline\n")
    print(len(sql))


if __name__ == "__main__":
    main()
