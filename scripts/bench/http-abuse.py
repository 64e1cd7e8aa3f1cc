"""The bars of issue #35 against a running reckon-http, one scenario a run; prints one line of figures. Every answer
is checked, the attackers' too: the good client's status and content; a wrong sign-in's 401 or 429 (a batch of them
answered 200 must hold only such refusals); a long poll's 429, or its 200 with an empty page. Any other answer fails
the run (exit 1), with one line saying why.

The attackers run in processes of their own (this script's `hold`, `flood` and `poll` roles), so the good client's
event loop does nothing but its own calls: a latency it measures is the bridge's, not the driver's own backlog. The
good client's calls come 20 ms apart (50 a second, half the bridge's default caller rate).
  sockets URL SILENT SLOW SECONDS   SILENT silent sockets from 30 addresses (127.0.1.1 to .30) and SLOW slowloris
                                    ones from 8 (127.0.2.1 to .8), held by 4 + 1 processes, while a good client
                                    (127.0.0.1, a fresh connection per call) evaluates 1+1
  signin URL SECONDS                16 connections and 64-login batches of wrong sign-ins (made-up names and a real
                                    one) from 127.0.0.2, while a signed-in user calls auth.me from 127.0.0.1; then the
                                    attacked user signs in from 127.0.0.3 (a 429 asked again after its Retry-After,
                                    for 10 s at most)
  longpolls URL POLLS SECONDS       POLLS activity.wait calls of one account kept outstanding (from 127.0.0.2 to .5;
                                    one refused waits its Retry-After and asks again), while another account calls
                                    activity.list
"""
import asyncio
import itertools
import json
import random
import resource
import sys
import time
import uuid

import httpx


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def summary(name, latencies):
    return (f"{name}: n={len(latencies)} p50={percentile(latencies, 0.5) * 1000:.1f}ms "
            f"p99={percentile(latencies, 0.99) * 1000:.1f}ms max={max(latencies) * 1000:.1f}ms")


class Unexpected(Exception):
    pass


def client(url, address="127.0.0.1", fresh=False, connections=100):
    limits = httpx.Limits(max_keepalive_connections=0 if fresh else connections, max_connections=connections)
    return httpx.AsyncClient(base_url=url, timeout=30, limits=limits,
                             transport=httpx.AsyncHTTPTransport(local_address=address, limits=limits))


# The good client's pace: half reckon-http's default caller rate (100 a second), so its own bucket never runs dry.
PACE = 1 / 50


def holds(check, *answer):
    """Whether CHECK passes for ANSWER; a body it cannot read (not JSON, not the shape it expects) fails it."""
    try:
        return check(*answer)
    except (ValueError, KeyError, TypeError, AttributeError):
        return False


def require(what, check, answer, *more):
    """ANSWER (an httpx response) when CHECK holds for it (and MORE); otherwise Unexpected, naming WHAT."""
    if not holds(check, answer, *more):
        raise Unexpected(f"{what}: {answer.status_code} {answer.text[:200]}")
    return answer


async def timed(call, check):
    await asyncio.sleep(PACE)
    started = time.perf_counter()
    answer = await call()
    elapsed = time.perf_counter() - started
    require("the good client's call", check, answer)
    return elapsed


async def good_loop(seconds, call, check):
    latencies, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        latencies.append(await timed(call, check))
    return latencies


async def evaluate_loop(url, seconds):
    async with client(url, fresh=True) as good:
        return await good_loop(seconds, lambda: good.get("/v1/calc/evaluate", params={"expression": "1+1"}),
                               lambda a: a.status_code == 200 and a.json()["value"] == "2")


class Attacker:
    """One attacking process: this script in role ROLE. It prints one line when its attack is under way and one JSON
    line of counts when it ends, which it does on its own or when its standard input closes."""

    def __init__(self, role, *arguments):
        self.command = [sys.executable, __file__, role, *[str(a) for a in arguments]]

    async def start(self):
        self.process = await asyncio.create_subprocess_exec(*self.command, stdin=asyncio.subprocess.PIPE,
                                                            stdout=asyncio.subprocess.PIPE)
        self.started = (await self.process.stdout.readline()).decode().strip()
        if not self.started:
            raise Unexpected(f"{self.command[2]} ended before its attack began")
        return self

    async def finish(self):
        self.process.stdin.close()
        counts = (await self.process.stdout.readline()).decode()
        if await self.process.wait() != 0 or not counts:
            raise Unexpected(f"{self.command[2]} failed")
        return json.loads(counts)


def report(line):
    print(line, flush=True)


async def until_stdin_closes():
    await asyncio.to_thread(sys.stdin.read)


def merged(counts):
    total = {}
    for each in counts:
        for key, value in each.items():
            total[key] = total.get(key, 0) + value
    return total


async def hold(url, mode, first, addresses, count):
    """Opens COUNT sockets from ADDRESSES addresses from FIRST on (e.g. 127.0.1.1) and holds them: silent, or
    sending a request head one byte a second (slow). Reports how many connected, and how many of those the bridge
    had closed (refused past its caps, or timed out) by the time standard input closed."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    host, port = url.split("//")[1].split(":")
    prefix, start = first.rsplit(".", 1)
    connecting = asyncio.Semaphore(256)

    async def open_one(index):
        async with connecting:
            try:
                address = f"{prefix}.{int(start) + index % addresses}"
                return await asyncio.wait_for(asyncio.open_connection(host, int(port), local_addr=(address, 0)), 30)
            except (OSError, asyncio.TimeoutError):
                return None

    async def trickle(writer):
        for byte in b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000:
            try:
                writer.write(bytes([byte]))
                await writer.drain()
            except (OSError, ConnectionError):
                return
            await asyncio.sleep(1)

    async def closed(reader):
        try:
            await reader.read(1)
        except (OSError, ConnectionError):
            pass

    opened = [pair for pair in await asyncio.gather(*[open_one(i) for i in range(count)]) if pair]
    watchers = [asyncio.ensure_future(closed(reader)) for reader, _ in opened]
    trickles = [asyncio.ensure_future(trickle(writer)) for _, writer in opened] if mode == "slow" else []
    report(f"held {len(opened)}")
    await until_stdin_closes()
    closed_by_bridge = sum(1 for watcher in watchers if watcher.done())
    for task in watchers + trickles:
        task.cancel()
    for _, writer in opened:
        writer.close()
    report(json.dumps({f"{mode} connected": len(opened), f"{mode} closed by the bridge": closed_by_bridge}))


async def sockets(url, silent, slow, seconds):
    before = await evaluate_loop(url, seconds)
    holders = [Attacker("hold", url, "silent", f"127.0.1.{1 + 8 * p}", 8 if p < 3 else 6, silent // 4)
               for p in range(4)] + [Attacker("hold", url, "slow", "127.0.2.1", 8, slow)]
    await asyncio.gather(*[h.start() for h in holders])
    during = await evaluate_loop(url, seconds)
    counts = merged(await asyncio.gather(*[h.finish() for h in holders]))
    after = await evaluate_loop(url, seconds)
    report(f"sockets silent={silent} slow={slow} {counts}; {summary('before', before)}; "
           f"{summary('during', during)}; {summary('after', after)}")


class Connection:
    """One keep-alive HTTP/1.1 connection over asyncio streams, for the attackers: httpx's own overhead holds a core
    at a few hundred requests a second, which would make the attack as slow as the driver, not the bridge."""

    def __init__(self, url, address):
        self.host, self.port = url.split("//")[1].split(":")
        self.address = address

    async def __aenter__(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, int(self.port),
                                                                 local_addr=(self.address, 0))
        return self

    async def __aexit__(self, *_):
        self.writer.close()

    async def post(self, path, payload, headers=""):
        """Sends PAYLOAD as JSON to PATH; returns the status and the answer's header fields (lower-case names)."""
        body = json.dumps(payload).encode()
        self.writer.write((f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{headers}"
                           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode().split("\r\n")
        fields = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
        text = await self.reader.readexactly(int(fields.get("content-length", "0")))
        return int(head[0].split()[1]), fields, text


def signed_in(answer, name):
    """Whether ANSWER is a 200 of auth.login for NAME, with a session token."""
    return (answer.status_code == 200 and answer.json()["user"]["username"] == name
            and answer.json()["token"].startswith("rk_"))


async def sign_up(http, name):
    """Signs NAME up and in; returns the headers that carry its session."""
    credentials = {"username": name, "password": "correct horse"}
    require("auth.signup", lambda a: a.status_code == 200 and a.json()["username"] == name,
            await http.post("/v1/ledger/auth.signup", json=credentials))
    login = require("auth.login", signed_in, await http.post("/v1/ledger/auth.login", json=credentials), name)
    return {"Authorization": "Bearer " + login.json()["token"]}


async def new_household(http, headers, name):
    """Creates a household named NAME for the user of HEADERS; returns its id."""
    answer = require("household.create", lambda a: a.status_code == 200 and a.json()["name"] == name,
                     await http.post("/v1/ledger/household.create", headers=headers,
                                     json={"name": name, "currency": "CAD"}))
    return answer.json()["householdId"]


def count(answers, status):
    answers[str(status)] = answers.get(str(status), 0) + 1


# What a wrong sign-in may get: refused (401, unauthenticated) or throttled (429, resource_exhausted).
REFUSED = {"unauthenticated", "resource_exhausted"}


def refused_batch(status, text):
    """Whether a batch of 64 wrong sign-ins was throttled whole (429) or answered 200 with 64 refusals."""
    if status == 429:
        return True
    replies = json.loads(text)["replies"]
    return status == 200 and len(replies) == 64 and all(
        reply["ok"] is False and reply["error"]["code"] in REFUSED for reply in replies)


async def flood(url, victim):
    """16 connections of wrong sign-ins from 127.0.0.2 (half for VICTIM, half for made-up names; one in ten a batch of
    64) until standard input closes; reports the answers by status."""
    answers = {}

    async def attack():
        async with Connection(url, "127.0.0.2") as attacker:
            while True:
                name = victim if random.random() < 0.5 else "x" + uuid.uuid4().hex[:10]
                login = {"username": name, "password": "wrong guess " + uuid.uuid4().hex[:6]}
                if random.random() < 0.1:
                    batch = {"requests": [{"service": "ledger", "op": "auth.login", "args": login}] * 64}
                    status, _, text = await attacker.post("/v1/gateway/batch", batch)
                    expected = holds(refused_batch, status, text)
                else:
                    status, _, text = await attacker.post("/v1/ledger/auth.login", login)
                    expected = status in (401, 429)
                if not expected:
                    raise Unexpected(f"a wrong sign-in got {status} {text[:200]}")
                count(answers, status)

    await run_until_stdin_closes([attack() for _ in range(16)], "flooding", answers)


async def signin(url, seconds):
    victim, user = "v" + uuid.uuid4().hex[:10], "a" + uuid.uuid4().hex[:10]
    async with client(url) as good:
        await sign_up(good, victim)
        headers = await sign_up(good, user)
        flooder = await Attacker("flood", url, victim).start()
        latencies = await good_loop(seconds, lambda: good.get("/v1/ledger/auth.me", headers=headers),
                                    lambda a: a.status_code == 200 and a.json()["username"] == user)
        answers = await flooder.finish()
    tries = await owner_signs_in(url, victim)
    report(f"signin attack answers {answers}; {summary('auth.me', latencies)}; "
           f"attacked user from another address: 200 at try {tries}")


async def owner_signs_in(url, victim):
    """The attacked user signs in from 127.0.0.3, as a client would: a 429 is asked again after its Retry-After (the
    ledger may still be hashing the flood's last sign-ins), for 10 s at most, so a lockout still fails. Returns the
    tries it took."""
    deadline = time.monotonic() + 10
    async with client(url, "127.0.0.3") as owner:
        for tries in itertools.count(1):
            login = await owner.post("/v1/ledger/auth.login", json={"username": victim, "password": "correct horse"})
            wait = float(login.headers.get("retry-after", "0"))
            if login.status_code != 429 or time.monotonic() + wait > deadline:
                require("the attacked user's sign-in from elsewhere", signed_in, login, victim)
                return tries
            await asyncio.sleep(wait)


async def poll(url, token, household, polls):
    """POLLS activity.wait calls for HOUSEHOLD with TOKEN, from 127.0.0.2 to .5, each asked again on its keep-alive
    connection when answered (a refused one after its Retry-After) until standard input closes; reports the answers by
    status."""
    wait = {"householdId": household, "after": 10 ** 9, "waitMs": 3000}
    # Past the log's end: every 200 is an empty page at that cursor, after waitMs.
    empty = {"entries": [], "cursor": wait["after"], "more": False}
    answers = {}

    async def keep_polling(index):
        async with Connection(url, f"127.0.0.{2 + index % 4}") as poller:
            while True:
                status, fields, text = await poller.post("/v1/ledger/activity.wait", wait,
                                                         f"Authorization: Bearer {token}\r\n")
                if not (status == 429 or status == 200 and holds(lambda body: json.loads(body) == empty, text)):
                    raise Unexpected(f"long poll got {status} {text[:200]}")
                count(answers, status)
                if status == 429:
                    await asyncio.sleep(float(fields.get("retry-after", "1")))

    await run_until_stdin_closes([keep_polling(index) for index in range(polls)], "polling", answers)


async def run_until_stdin_closes(attacks, started, answers):
    """Runs ATTACKS, reports STARTED, and when standard input closes stops them and reports ANSWERS; an attack that
    failed fails the process."""
    tasks = [asyncio.ensure_future(attack) for attack in attacks]
    report(started)
    await until_stdin_closes()
    for task in tasks:
        task.cancel()
    # Every attack is gathered, so the failures past the first are not left unread (asyncio would print each).
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if not isinstance(outcome, asyncio.CancelledError):
            raise outcome
    report(json.dumps(answers))


async def longpolls(url, polls, seconds):
    async with client(url) as good:
        greedy = await sign_up(good, "g" + uuid.uuid4().hex[:10])
        other = await sign_up(good, "o" + uuid.uuid4().hex[:10])
        home = await new_household(good, greedy, "Greedy")
        mine = await new_household(good, other, "Other")
        poller = await Attacker("poll", url, greedy["Authorization"].split()[1], home, polls).start()
        latencies = await good_loop(seconds,
                                    lambda: good.get("/v1/ledger/activity.list", headers=other,
                                                     params={"householdId": mine}),
                                    lambda a: a.status_code == 200 and isinstance(a.json()["entries"], list)
                                    and isinstance(a.json()["cursor"], int))
        statuses = await poller.finish()
    report(f"longpolls {polls} kept outstanding by one account for {seconds} s: {statuses}; other account's calls "
           f"all 200, {summary('activity.list', latencies)}")


def wait_for_every_service(url):
    """Waits (60 s at most) until the bridge has read the ops of calc and the ledger."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            paths = httpx.get(url + "/openapi.json", timeout=5).json()["paths"]
            if "/v1/calc/evaluate" in paths and "/v1/ledger/auth.me" in paths:
                return
        except (httpx.HTTPError, ValueError, KeyError):
            pass
        time.sleep(0.2)
    raise Unexpected("the bridge did not list calc and ledger ops within 60 s")


SCENARIOS = {"sockets": sockets, "signin": signin, "longpolls": longpolls}
ROLES = {"hold": hold, "flood": flood, "poll": poll}

if __name__ == "__main__":
    name, url, *rest = sys.argv[1:]
    try:
        if name in ROLES:
            asyncio.run(ROLES[name](url, *[int(a) if a.isdigit() else a for a in rest]))
        else:
            wait_for_every_service(url)
            asyncio.run(SCENARIOS[name](url, *[int(n) for n in rest]))
    except Unexpected as error:
        print(f"{name}: FAILED, an unexpected answer: {error}", file=sys.stderr)
        sys.exit(1)
