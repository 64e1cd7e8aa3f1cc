"""What the latency benchmarks share: checking each answer they count, a signed-up household, and percentiles."""
import uuid


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


async def bench_household(http):
    """Through `http` (an httpx.AsyncClient on a bridge): a new user, signed in, with a household "Bench", every
    answer checked: (token, headers with the bearer token, user id, household id)."""
    name, password = "bench" + uuid.uuid4().hex[:8], "bench password"
    user = checked(await http.post("/v1/ledger/auth.signup", json={"username": name, "password": password}),
                   "auth.signup", username=name, userId=str)
    token = checked(await http.post("/v1/ledger/auth.login", json={"username": name, "password": password}),
                    "auth.login", user=user, token=str)["token"]
    auth = {"Authorization": f"Bearer {token}"}
    me = checked(await http.get("/v1/ledger/auth.me", headers=auth), "auth.me", **user)["userId"]
    home = checked(await http.post("/v1/ledger/household.create", headers=auth, json={"name": "Bench"}),
                   "household.create", name="Bench", householdId=str)["householdId"]
    return token, auth, me, home
