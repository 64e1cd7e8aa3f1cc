"""How long a ledger write takes to reach a webhook receiver (issue #42's bar: p99 under 1 s at 50 events a second),
beside the live activity stream (SSE) of the same household, the peer path, in the same run.

Usage: webhooks-latency.py BRIDGE RATE WRITES
Through BRIDGE (reckon-http): signs a user up, makes a household, starts a receiver on loopback and subscribes it to
`bill.*`, opens one Server-Sent Events stream of the household, then adds WRITES bills at RATE a second (each sent at
its own time, whatever the ones before it are doing). For each bill it takes the time from just before its write was
sent to the moment the receiver had it (before answering 204), and to the moment the stream read it. Prints one JSON
line: the writes' achieved rate and round trip (p50, p99), and for the webhook and the stream the deliveries and
their p50, p99 and max in ms.
Every answer is checked: each call's status and content, and every delivery, verified with PyPI's standardwebhooks
against the subscription's secret. Every bill must reach the receiver and the stream once each, in the order of its
activity cursor. Any other answer, an unsigned or duplicated delivery, or a delivery still missing 30 s after the
last write fails the run: exit 1, with one line on standard error saying why."""
import asyncio
import http.server
import json
import statistics
import sys
import threading
import time

import httpx
from httpx_sse import aconnect_sse
from standardwebhooks.webhooks import Webhook

from answer_checks import Unexpected, bench_household, checked, percentile


class Receiver:
    """Verifies each delivery and notes when each bill arrived; `problems` lists what was wrong."""

    def __init__(self):
        self.secret = None
        self.arrived = {}  # description -> (cursor, monotonic time)
        self.order = []
        self.problems = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                at = time.monotonic()
                status = receiver.take(body, {k.lower(): v for k, v in self.headers.items()}, at)
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def take(self, body, headers, at):
        try:
            Webhook(self.secret).verify(body, headers)
        except Exception as error:
            with self.lock:
                self.problems.append(f"a delivery failed verification: {error}")
            return 400
        activity = json.loads(body)["data"]["activity"]
        description = (activity.get("after") or {}).get("description")
        with self.lock:
            if description in self.arrived:
                self.problems.append(f"{description} was delivered twice")
            else:
                self.arrived[description] = (activity["cursor"], at)
                self.order.append(activity["cursor"])
        return 204


async def stream(bridge, home, token, ready, seen, count):
    """Reads the household's live stream until it has COUNT bills, noting when each came."""
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    async with httpx.AsyncClient(base_url=bridge, timeout=None) as client:
        async with aconnect_sse(client, "GET", f"/v1/ledger/households/{home}/activity?after=1",
                                headers=headers) as source:
            ready.set()
            if source.response.status_code != 200:
                raise Unexpected(f"the stream answered {source.response.status_code}")
            async for event in source.aiter_sse():
                if not event.data:
                    continue
                entry = json.loads(event.data)
                if entry.get("action") == "bill.added":
                    seen.append(((entry.get("after") or {}).get("description"), entry["cursor"], time.monotonic()))
                if len(seen) == count:
                    return


def figures(delays):
    return {"deliveries": len(delays), "p50_ms": round(statistics.median(delays), 1),
            "p99_ms": round(percentile(delays, 0.99), 1), "max_ms": round(max(delays), 1)}


async def main(bridge, rate, writes):
    receiver = Receiver()
    async with httpx.AsyncClient(base_url=bridge, timeout=30) as http:
        token, auth, me, home = await bench_household(http)
        hook = checked(await http.post("/v1/ledger/webhooks.subscribe", headers=auth, json={
            "householdId": home, "url": receiver.url, "events": ["bill.*"]}), "webhooks.subscribe", state="active",
            secret=str)
        receiver.secret = hook["secret"]
        ready, seen = asyncio.Event(), []
        reader = asyncio.create_task(stream(bridge, home, token, ready, seen, writes))
        await ready.wait()
        sent, round_trips = {}, []

        async def write(number, at):
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            description = f"bill {number}"
            sent[description] = time.monotonic()
            bill = {"householdId": home, "description": description, "amount": "3.00", "paidBy": me,
                    "split": {"kind": "equal"}}
            checked(await http.post("/v1/ledger/bills.add", headers=auth, json=bill), f"bills.add of {description}",
                    description=description, amount="3.00", householdId=home, version=1)
            round_trips.append((time.monotonic() - sent[description]) * 1000)

        start = time.monotonic() + 0.2
        await asyncio.gather(*(write(n, start + n / rate) for n in range(writes)))
        achieved = (writes - 1) / (max(sent.values()) - min(sent.values()))
        deadline = time.monotonic() + 30
        while len(receiver.arrived) < writes and time.monotonic() < deadline and not receiver.problems:
            await asyncio.sleep(0.05)
        try:
            await asyncio.wait_for(reader, timeout=max(0.1, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            raise Unexpected(f"the stream had {len(seen)} of {writes} bills 30 s after the last write")
    receiver.server.shutdown()
    if receiver.problems:
        raise Unexpected(receiver.problems[0])
    if len(receiver.arrived) != writes:
        raise Unexpected(f"the receiver had {len(receiver.arrived)} of {writes} bills 30 s after the last write")
    if receiver.order != sorted(receiver.order) or [c for _, c, _ in seen] != sorted(c for _, c, _ in seen):
        raise Unexpected("a delivery came out of the activity cursor's order")
    if {d for d, _, _ in seen} != set(sent):
        raise Unexpected("the stream's bills are not the bills written")
    report = {
        "writes": {"rate": round(achieved, 1), "p50_ms": round(statistics.median(round_trips), 1),
                   "p99_ms": round(percentile(round_trips, 0.99), 1)},
        "webhook": figures([(at - sent[d]) * 1000 for d, (_, at) in receiver.arrived.items()]),
        "stream": figures([(at - sent[d]) * 1000 for d, _, at in seen]),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    bridge, rate, writes = sys.argv[1:4]
    try:
        asyncio.run(main(bridge, float(rate), int(writes)))
    except Unexpected as error:
        sys.exit(f"webhooks-latency: FAILED, an unexpected answer: {error}")
