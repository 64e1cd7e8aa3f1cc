"""One client's throughput against a gateway's calc, for python-client.sh: prints calls per second and CPU a call.

    python-client.py async ENDPOINT CALLS IN_FLIGHT   reckon.AsyncClient, IN_FLIGHT calls in flight on one socket
    python-client.py blocking ENDPOINT CALLS          reckon.Client, one call at a time
    python-client.py majortomo ENDPOINT CALLS         majortomo 0.2.0's Client, one request at a time, each call's
                                                      body encoded from its arguments, as reckon.Client's are
    python-client.py majortomo-fixed ENDPOINT CALLS   the same, sending one body encoded once before the calls
Each prints "CALLS_A_SECOND CPU_MICROSECONDS_A_CALL": the calls' rate, and the process's CPU time (every thread's,
libzmq's I/O thread included) over the calls. Each first makes 200 unmeasured calls; every reply is checked (calc
evaluate 1+1 is "2"). A wrong reply or an error fails the run: exit 1, with one line saying why (checks, not asserts,
which python -O would drop).
"""

import asyncio
import json
import sys
import time

WARM_UP = 200
ARGS = {"expression": "1+1"}


class WrongReply(Exception):
    pass


def expect_two(result, client: str) -> None:
    """Raises WrongReply unless RESULT is calc's result for 1+1 (value "2")."""
    if not isinstance(result, dict) or result.get("value") != "2":
        raise WrongReply(f"{client}: evaluate 1+1 answered {result!r}")


class Span:
    """The wall-clock and CPU time of what runs inside it (``with Span() as span``)."""

    def __enter__(self) -> "Span":
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc_info) -> None:
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    def figures(self, calls: int) -> tuple[float, float]:
        """Calls a second, and CPU microseconds a call."""
        return calls / self.wall, self.cpu * 1e6 / calls


async def async_client(endpoint: str, calls: int, in_flight: int) -> tuple[float, float]:
    import reckon

    async with reckon.AsyncClient(endpoint, timeout=30) as client:
        slots = asyncio.Semaphore(in_flight)

        async def one() -> None:
            async with slots:
                try:
                    result = await client.call("calc", "evaluate", ARGS)
                except reckon.Error as error:
                    result = error
                expect_two(result, "AsyncClient")

        await asyncio.gather(*[one() for _ in range(WARM_UP)])
        with Span() as span:
            await asyncio.gather(*[one() for _ in range(calls)])
        return span.figures(calls)


def one_at_a_time(one, calls: int) -> tuple[float, float]:
    """Calls ONE WARM_UP times unmeasured, then CALLS times; returns calls a second and CPU microseconds a call."""
    for _ in range(WARM_UP):
        one()
    with Span() as span:
        for _ in range(calls):
            one()
    return span.figures(calls)


def blocking_client(endpoint: str, calls: int) -> tuple[float, float]:
    import reckon

    with reckon.Client(endpoint, timeout=30) as client:

        def one() -> None:
            try:
                result = client.call("calc", "evaluate", ARGS)
            except reckon.Error as error:
                result = error
            expect_two(result, "Client")

        return one_at_a_time(one, calls)


def majortomo_client(endpoint: str, calls: int, fixed_body: bool) -> tuple[float, float]:
    from majortomo.client import Client

    client = Client(endpoint)
    client.connect()
    body = json.dumps({"op": "evaluate", "args": ARGS}).encode()

    def one() -> None:
        client.send(b"calc", body if fixed_body else json.dumps({"op": "evaluate", "args": ARGS}).encode())
        reply = json.loads(client.recv_all_as_list(timeout=30)[-1])
        expect_two(reply.get("result", reply), "majortomo")

    figures = one_at_a_time(one, calls)
    client.close()
    return figures


if __name__ == "__main__":
    mode, endpoint, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
    try:
        if mode == "async":
            rate, cpu = asyncio.run(async_client(endpoint, calls, int(sys.argv[4])))
        elif mode == "blocking":
            rate, cpu = blocking_client(endpoint, calls)
        else:
            rate, cpu = majortomo_client(endpoint, calls, fixed_body=mode == "majortomo-fixed")
    except WrongReply as error:
        sys.exit(f"python-client: FAILED, a wrong reply: {error}")
    print(f"{rate:.0f} {cpu:.1f}")
