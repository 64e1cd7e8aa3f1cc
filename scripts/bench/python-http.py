"""reckon.Client over HTTP against httpx alone, for python-http.sh: prints "RECKON HTTPX", each in calls per second.

    python-http.py URL CALLS SLICE

Both call calc evaluate 1+1 one call at a time, POST URL/v1/calc/evaluate with the same JSON body, each through an
httpx.Client with httpx's default pool:
    reckon  reckon.Client(URL) with its retries off, so that a refusal fails the run rather than being tried again
    httpx   a bare httpx.Client at its leanest: the body and the parsed URL made once, Content-Type a default header
Each first makes 200 unmeasured calls; then they take turns, SLICE calls at a time (the first of the pair changing
each turn), until each has made CALLS, so that both see the same machine; each rate is the median of its slices'
rates, so that a burst of other work on the machine during a few slices does not decide it.
Every answer is checked (status 200, and the value "2"); a wrong answer or an error fails the run: exit 1, with one
line saying why (checks, not asserts, which python -O would drop).
"""

import json
import statistics
import sys
import time

import httpx
import reckon

WARM_UP = 200
ARGS = {"expression": "1+1"}


class WrongAnswer(Exception):
    pass


def expect_two(result, client: str) -> None:
    """Raises WrongAnswer unless RESULT is calc's result for 1+1 (value "2")."""
    if not isinstance(result, dict) or result.get("value") != "2":
        raise WrongAnswer(f"{client}: evaluate 1+1 answered {result!r}")


def measure(url: str, calls: int, slice_calls: int) -> dict:
    with reckon.Client(url, timeout=30, retry=reckon.NO_RETRY) as client, \
            httpx.Client(headers={"Content-Type": "application/json"}) as bare:
        route = httpx.URL(url.rstrip("/") + "/v1/calc/evaluate")
        body = json.dumps(ARGS, separators=(",", ":")).encode()

        def reckon_call() -> None:
            try:
                result = client.call("calc", "evaluate", ARGS)
            except reckon.Error as error:
                result = error
            expect_two(result, "reckon.Client")

        def httpx_call() -> None:
            response = bare.post(route, content=body)
            if response.status_code != 200:
                raise WrongAnswer(f"httpx: evaluate 1+1 answered {response.status_code} {response.text!r}")
            expect_two(json.loads(response.content), "httpx")

        pair = {"reckon": reckon_call, "httpx": httpx_call}
        rates = {name: [] for name in pair}
        for one in pair.values():
            for _ in range(WARM_UP):
                one()
        for turn in range(max(1, calls // slice_calls)):
            for name in sorted(pair, reverse=bool(turn % 2)):
                one = pair[name]
                start = time.perf_counter()
                for _ in range(slice_calls):
                    one()
                rates[name].append(slice_calls / (time.perf_counter() - start))
        return {name: statistics.median(slices) for name, slices in rates.items()}


if __name__ == "__main__":
    try:
        rates = measure(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
    except WrongAnswer as error:
        sys.exit(f"python-http: FAILED, a wrong answer: {error}")
    print(f"{rates['reckon']:.0f} {rates['httpx']:.0f}")
