"""How long a ledger write takes to reach live subscribers of its household (issue #24's SSE bar).

Usage: sse-latency.py BRIDGE_A BRIDGE_B SUBSCRIBERS_A SUBSCRIBERS_B WRITES
Signs a user up through BRIDGE_A, makes a household, opens SUBSCRIBERS_A Server-Sent Events streams on BRIDGE_A and
SUBSCRIBERS_B on BRIDGE_B (another reckon-http replica), then adds WRITES bills through BRIDGE_A, one at a time,
200 ms apart. For each bill and subscriber it takes the time from just before the write was sent to the moment its
event was read. Prints one JSON line: per bridge, the count of deliveries and their p50, p99 and max in ms, and any
missing; and the writes' own round trip (p50, max), the floor under every delivery."""
import asyncio
import json
import statistics
import sys
import time
import uuid

import httpx
from httpx_sse import aconnect_sse


async def subscribe(url, home, token, ready, seen, label, writes):
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    async with httpx.AsyncClient(base_url=url, timeout=None) as client:
        async with aconnect_sse(client, "GET", f"/v1/ledger/households/{home}/activity?after=1",
                                headers=headers) as source:
            ready.release()
            count = 0
            async for event in source.aiter_sse():
                if not event.data:
                    continue
                entry = json.loads(event.data)
                seen.append((label, entry["after"]["description"], time.monotonic()))
                count += 1
                if count == writes:
                    return


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


async def main(bridge_a, bridge_b, subscribers_a, subscribers_b, writes):
    name = "bench" + uuid.uuid4().hex[:8]
    async with httpx.AsyncClient(base_url=bridge_a, timeout=30) as http:
        await http.post("/v1/ledger/auth.signup", json={"username": name, "password": "bench password"})
        login = await http.post("/v1/ledger/auth.login", json={"username": name, "password": "bench password"})
        token = login.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        me = (await http.get("/v1/ledger/auth.me", headers=auth)).json()["userId"]
        home = (await http.post("/v1/ledger/household.create", headers=auth, json={"name": "Bench"})).json()
        home = home["householdId"]
        ready = asyncio.Semaphore(0)
        seen = []
        tasks = [asyncio.create_task(subscribe(bridge_a, home, token, ready, seen, "a", writes))
                 for _ in range(subscribers_a)]
        tasks += [asyncio.create_task(subscribe(bridge_b, home, token, ready, seen, "b", writes))
                  for _ in range(subscribers_b)]
        for _ in tasks:
            await ready.acquire()
        await asyncio.sleep(0.5)
        sent = {}
        round_trips = []
        for number in range(writes):
            description = f"bill {number}"
            sent[description] = time.monotonic()
            bill = {"householdId": home, "description": description, "amount": "3.00", "paidBy": me,
                    "split": {"kind": "equal"}}
            reply = await http.post("/v1/ledger/bills.add", headers=auth, json=bill)
            assert reply.status_code == 200, reply.text
            round_trips.append((time.monotonic() - sent[description]) * 1000)
            await asyncio.sleep(0.2)
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=30)
    report = {"write": {"p50_ms": round(statistics.median(round_trips), 1), "max_ms": round(max(round_trips), 1)}}
    for label, subscribers in (("a", subscribers_a), ("b", subscribers_b)):
        delays = [(at - sent[description]) * 1000 for who, description, at in seen if who == label]
        report[label] = {
            "subscribers": subscribers, "deliveries": len(delays), "missing": subscribers * writes - len(delays),
            "p50_ms": round(statistics.median(delays), 1), "p99_ms": round(percentile(delays, 0.99), 1),
            "max_ms": round(max(delays), 1),
        }
    print(json.dumps(report))


if __name__ == "__main__":
    a, b, count_a, count_b, writes = sys.argv[1:6]
    asyncio.run(main(a, b, int(count_a), int(count_b), int(writes)))
