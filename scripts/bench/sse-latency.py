"""How long a ledger write takes to reach live subscribers of its household (issue #24's SSE bar).

Usage: sse-latency.py BRIDGE_A BRIDGE_B SUBSCRIBERS_A SUBSCRIBERS_B WRITES
Signs a user up through BRIDGE_A, makes a household, opens SUBSCRIBERS_A Server-Sent Events streams on BRIDGE_A and
SUBSCRIBERS_B on BRIDGE_B (another reckon-http replica), then adds WRITES bills through BRIDGE_A, one at a time,
200 ms apart. For each bill and subscriber it takes the time from just before the write was sent to the moment its
event was read. Prints one JSON line: per bridge, the count of deliveries and their p50, p99 and max in ms; and the
writes' own round trip (p50, max), the floor under every delivery.
Every answer is checked: each call's status and content, each stream's status, and each event (every subscriber gets
each bill once, in the order they were added). Any other answer, or a delivery still missing 30 s after the last
write, fails the run: exit 1, with one line on standard error saying why."""
import asyncio
import json
import statistics
import sys
import time

import httpx
from httpx_sse import aconnect_sse

from answer_checks import Unexpected, bench_household, checked, percentile


async def subscribe(url, home, token, ready, seen, label, descriptions):
    """Reads one stream until it has delivered the bills DESCRIPTIONS, in order, each noted in SEEN when it came."""
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    async with httpx.AsyncClient(base_url=url, timeout=None) as client:
        async with aconnect_sse(client, "GET", f"/v1/ledger/households/{home}/activity?after=1",
                                headers=headers) as source:
            ready.release()
            if source.response.status_code != 200:
                await source.response.aread()
                raise Unexpected(f"a stream on bridge {label} answered {source.response.status_code} "
                                 f"{source.response.text[:200]}")
            count = 0
            async for event in source.aiter_sse():
                if not event.data:
                    continue
                at = time.monotonic()
                entry = json.loads(event.data)
                if (event.event != "activity" or entry.get("action") != "bill.added"
                        or (entry.get("after") or {}).get("description") != descriptions[count]):
                    raise Unexpected(f"a stream on bridge {label} sent {event.data[:200]} where {descriptions[count]}"
                                     " was due: a delivery missing, duplicated or out of order")
                seen.append((label, descriptions[count], at))
                count += 1
                if count == len(descriptions):
                    return
            raise Unexpected(f"a stream on bridge {label} ended after {count} of {len(descriptions)} events")


async def main(bridge_a, bridge_b, subscribers_a, subscribers_b, writes):
    async with httpx.AsyncClient(base_url=bridge_a, timeout=30) as http:
        token, auth, me, home = await bench_household(http)
        ready = asyncio.Semaphore(0)
        seen = []
        descriptions = [f"bill {number}" for number in range(writes)]
        tasks = [asyncio.create_task(subscribe(bridge_a, home, token, ready, seen, "a", descriptions))
                 for _ in range(subscribers_a)]
        tasks += [asyncio.create_task(subscribe(bridge_b, home, token, ready, seen, "b", descriptions))
                  for _ in range(subscribers_b)]
        for _ in tasks:
            await ready.acquire()
        await asyncio.sleep(0.5)
        await asyncio.gather(*[task for task in tasks if task.done()])  # a stream refused at its start fails now
        sent = {}
        round_trips = []
        for description in descriptions:
            sent[description] = time.monotonic()
            bill = {"householdId": home, "description": description, "amount": "3.00", "paidBy": me,
                    "split": {"kind": "equal"}}
            checked(await http.post("/v1/ledger/bills.add", headers=auth, json=bill), f"bills.add of {description}",
                    description=description, amount="3.00", householdId=home, createdBy=me, version=1)
            round_trips.append((time.monotonic() - sent[description]) * 1000)
            await asyncio.sleep(0.2)
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=30)
        except asyncio.TimeoutError:
            due = len(tasks) * writes
            raise Unexpected(f"{due - len(seen)} of {due} deliveries still missing 30 s after the last write")
    report = {"write": {"p50_ms": round(statistics.median(round_trips), 1), "max_ms": round(max(round_trips), 1)}}
    for label, subscribers in (("a", subscribers_a), ("b", subscribers_b)):
        delays = [(at - sent[description]) * 1000 for who, description, at in seen if who == label]
        report[label] = {
            "subscribers": subscribers, "deliveries": len(delays), "p50_ms": round(statistics.median(delays), 1),
            "p99_ms": round(percentile(delays, 0.99), 1), "max_ms": round(max(delays), 1),
        }
    print(json.dumps(report))


if __name__ == "__main__":
    a, b, count_a, count_b, writes = sys.argv[1:6]
    try:
        asyncio.run(main(a, b, int(count_a), int(count_b), int(writes)))
    except Unexpected as error:
        sys.exit(f"sse-latency: FAILED, an unexpected answer: {error}")
