"""One client's throughput against a gateway's calc, for python-client.sh: prints calls per second.

    python-client.py async ENDPOINT CALLS IN_FLIGHT   reckon.AsyncClient, IN_FLIGHT calls in flight on one socket
    python-client.py majortomo ENDPOINT CALLS         majortomo 0.2.0's Client, one request at a time
Each first makes 200 unmeasured calls; every reply is checked (calc evaluate 1+1 is "2").
"""

import asyncio
import json
import sys
import time

WARM_UP = 200
ARGS = {"expression": "1+1"}


async def async_client(endpoint: str, calls: int, in_flight: int) -> float:
    import reckon

    async with reckon.AsyncClient(endpoint, timeout=30) as client:
        slots = asyncio.Semaphore(in_flight)

        async def one() -> None:
            async with slots:
                assert (await client.call("calc", "evaluate", ARGS))["value"] == "2"

        await asyncio.gather(*[one() for _ in range(WARM_UP)])
        start = time.perf_counter()
        await asyncio.gather(*[one() for _ in range(calls)])
        return calls / (time.perf_counter() - start)


def majortomo_client(endpoint: str, calls: int) -> float:
    from majortomo.client import Client

    client = Client(endpoint)
    client.connect()
    body = json.dumps({"op": "evaluate", "args": ARGS}).encode()

    def one() -> None:
        client.send(b"calc", body)
        assert json.loads(client.recv_all_as_list(timeout=30)[-1])["result"]["value"] == "2"

    for _ in range(WARM_UP):
        one()
    start = time.perf_counter()
    for _ in range(calls):
        one()
    client.close()
    return calls / (time.perf_counter() - start)


if __name__ == "__main__":
    mode, endpoint, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rate = asyncio.run(async_client(endpoint, calls, int(sys.argv[4]))) if mode == "async" else majortomo_client(endpoint, calls)
    print(f"{rate:.0f}")
