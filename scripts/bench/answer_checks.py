"""What the latency benchmarks share: checking each answer they count, and percentiles."""


class Unexpected(Exception):
    pass


def checked(reply, what, **fields):
    """REPLY's body when it is a 200 whose members hold FIELDS (a value, or a type the member must be of); otherwise
    Unexpected, naming WHAT."""
    try:
        body = reply.json() if reply.status_code == 200 else None
    except ValueError:
        body = None
    if not isinstance(body, dict) or not all(
            isinstance(body.get(name), want) if isinstance(want, type) else body.get(name) == want
            for name, want in fields.items()):
        raise Unexpected(f"{what} answered {reply.status_code} {reply.text[:200]}")
    return body


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]
