"""The bars of issue #35 against a running reckon-http, one scenario a run; prints one line of figures. Every answer
the good client counts is checked (status and content); any other answer fails the run (exit 1).
  sockets URL SILENT SLOW SECONDS   SILENT silent sockets (from 127.0.0.2 and .3) and SLOW slowloris ones (.4)
                                    while a good client (127.0.0.1, a fresh connection per call) evaluates 1+1
The good client's calls come 20 ms apart (50 a second, half the bridge's default caller rate).
  signin URL SECONDS                16 connections and 64-login batches of wrong sign-ins (made-up names and a real
                                    one) from 127.0.0.2, while a signed-in user calls auth.me from 127.0.0.1; then the
                                    attacked user signs in from 127.0.0.3
  longpolls URL POLLS SECONDS       POLLS activity.wait calls of one account at once (from 127.0.0.2 to .5), while
                                    another account calls auth.me and activity.list
"""
import asyncio
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


async def timed(call, check):
    await asyncio.sleep(PACE)
    started = time.perf_counter()
    answer = await call()
    elapsed = time.perf_counter() - started
    if not check(answer):
        raise Unexpected(f"{answer.status_code} {answer.text[:200]}")
    return elapsed


async def evaluate_loop(url, seconds):
    latencies = []
    async with client(url, fresh=True) as good:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            latencies.append(await timed(
                lambda: good.get("/v1/calc/evaluate", params={"expression": "1+1"}),
                lambda a: a.status_code == 200 and a.json()["value"] == "2"))
    return latencies


async def sockets(url, silent, slow, seconds):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    host, port = url.split("//")[1].split(":")
    held = []

    async def open_from(address):
        try:
            reader, writer = await asyncio.open_connection(host, int(port), local_addr=(address, 0))
            held.append(writer)
            return writer
        except OSError:
            return None

    async def trickle(writer):
        for byte in b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000:
            try:
                writer.write(bytes([byte]))
                await writer.drain()
            except (OSError, ConnectionError):
                return
            await asyncio.sleep(1)

    before = await evaluate_loop(url, seconds)
    opened = []
    for index in range(silent):
        opened.append(open_from("127.0.0.2" if index % 2 else "127.0.0.3"))
    slow_writers = [open_from("127.0.0.4") for _ in range(slow)]
    await asyncio.gather(*opened)
    trickles = [asyncio.ensure_future(trickle(w)) for w in await asyncio.gather(*slow_writers) if w]
    during = await evaluate_loop(url, seconds)
    for task in trickles:
        task.cancel()
    for writer in held:
        writer.close()
    after = await evaluate_loop(url, seconds)
    print(f"sockets silent={silent} slow={slow} connected={len(held)}; {summary('before', before)}; "
          f"{summary('during', during)}; {summary('after', after)}")


async def sign_up(http, name):
    answer = await http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"})
    if answer.status_code != 200:
        raise Unexpected(answer.text)
    login = await http.post("/v1/ledger/auth.login", json={"username": name, "password": "correct horse"})
    return {"Authorization": "Bearer " + login.json()["token"]}


async def signin(url, seconds):
    victim, user = "v" + uuid.uuid4().hex[:10], "a" + uuid.uuid4().hex[:10]
    async with client(url) as good:
        await sign_up(good, victim)
        headers = await sign_up(good, user)
        answers = {}

        async def attack(attacker):
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                name = victim if random.random() < 0.5 else "x" + uuid.uuid4().hex[:10]
                login = {"username": name, "password": "wrong guess " + uuid.uuid4().hex[:6]}
                if random.random() < 0.1:
                    batch = {"requests": [{"service": "ledger", "op": "auth.login", "args": login}] * 64}
                    answer = await attacker.post("/v1/gateway/batch", json=batch)
                else:
                    answer = await attacker.post("/v1/ledger/auth.login", json=login)
                if answer.status_code not in (200, 401, 429):
                    raise Unexpected(f"attack got {answer.status_code} {answer.text[:200]}")
                answers[answer.status_code] = answers.get(answer.status_code, 0) + 1

        async def me_loop():
            latencies = []
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                latencies.append(await timed(lambda: good.get("/v1/ledger/auth.me", headers=headers),
                                             lambda a: a.status_code == 200 and a.json()["username"] == user))
            return latencies

        async with client(url, "127.0.0.2", connections=16) as attacker:
            results = await asyncio.gather(me_loop(), *[attack(attacker) for _ in range(16)])
        async with client(url, "127.0.0.3") as owner:
            signed_in = await owner.post("/v1/ledger/auth.login", json={"username": victim, "password": "correct horse"})
        if signed_in.status_code != 200:
            raise Unexpected(f"the attacked user could not sign in from elsewhere: {signed_in.text}")
        print(f"signin attack answers {answers}; {summary('auth.me', results[0])}; "
              f"attacked user from another address: {signed_in.status_code}")


async def longpolls(url, polls, seconds):
    async with client(url) as good:
        greedy = await sign_up(good, "g" + uuid.uuid4().hex[:10])
        other = await sign_up(good, "o" + uuid.uuid4().hex[:10])
        home = (await good.post("/v1/ledger/household.create", headers=greedy,
                                json={"name": "Greedy", "currency": "CAD"})).json()["householdId"]
        mine = (await good.post("/v1/ledger/household.create", headers=other,
                                json={"name": "Other", "currency": "CAD"})).json()["householdId"]
        clients = [client(url, f"127.0.0.{2 + index}", connections=polls // 4 + 1) for index in range(4)]
        statuses = {}

        async def poll(index):
            answer = await clients[index % 4].post("/v1/ledger/activity.wait", headers=greedy,
                                                   json={"householdId": home, "after": 10 ** 9, "waitMs": 3000})
            if answer.status_code not in (200, 429):
                raise Unexpected(f"long poll got {answer.status_code} {answer.text[:200]}")
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1

        async def others():
            latencies, deadline = [], time.monotonic() + seconds
            while time.monotonic() < deadline:
                latencies.append(await timed(
                    lambda: good.get("/v1/ledger/activity.list", headers=other, params={"householdId": mine}),
                    lambda a: a.status_code == 200 and "entries" in a.json()))
            return latencies

        results = await asyncio.gather(others(), *[poll(index) for index in range(polls)])
        for each in clients:
            await each.aclose()
        print(f"longpolls {polls} from one account: {statuses}; other account's calls all 200, "
              f"{summary('activity.list', results[0])}")


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


if __name__ == "__main__":
    scenario, url, *numbers = sys.argv[1:]
    numbers = [int(n) for n in numbers]
    try:
        wait_for_every_service(url)
        asyncio.run({"sockets": sockets, "signin": signin, "longpolls": longpolls}[scenario](url, *numbers))
    except Unexpected as error:
        print(f"{scenario}: FAILED, an unexpected answer: {error}")
        sys.exit(1)
