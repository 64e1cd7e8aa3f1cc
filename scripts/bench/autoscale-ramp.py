"""The load ramp of scripts/bench/autoscale.sh: clients, each a thread with its own reckon.Client, asking calc
tax.estimate (a real CPU cost) with one write in ten mixed in (orders cart.create under its own idempotency key). The
client count follows STEPS, one step every STEP seconds. With RATE > 0 each client paces its calls, one every 1/RATE
s on a fixed schedule (a late reply makes the next calls go at once until it is back on schedule), and a call's time
counts from when the schedule meant it to go, so a slow reply is not hidden by the calls it delayed; with RATE 0 each
client calls again as soon as it has its answer (closed loop). Every answer is checked (the estimate's total, a new
cart id); any other answer, error or timeout is counted, and fails the run. Prints one JSON line: each step's client
count, calls, p50 and p99 in ms, the whole run's, and the writes answered and their keys.
    autoscale-ramp.py ENDPOINT STEP_SECONDS STEPS RATE (STEPS a comma list: 1,2,4,8,16,32,16,8,4,2,1)"""
import json
import random
import sys
import threading
import time
import uuid

import reckon

ENDPOINT, STEP, STEPS, RATE = sys.argv[1], float(sys.argv[2]), [int(n) for n in sys.argv[3].split(",")], float(sys.argv[4])
TAX = {"income": {"employment": "85000"}, "province": "ON", "year": 2025}


def expected_total():
    """The estimate's total, once calc and orders have registered (a start-up wait: 30 s at most)."""
    with reckon.Client(ENDPOINT, timeout=30) as client:
        for _ in range(150):
            try:
                client.call("orders", "menu")
                return client.call("calc", "tax.estimate", TAX)["total"]
            except reckon.Error:
                time.sleep(0.2)
    raise SystemExit("calc or orders never answered")


TOTAL = expected_total()
lock = threading.Lock()
samples = []  # (step index, seconds)
problems = []
writes = []  # (idempotency key, cart id)


def client_loop(stop, step_of):
    with reckon.Client(ENDPOINT, timeout=30) as client:
        count = 0
        due = time.monotonic() + (random.random() / RATE if RATE > 0 else 0)  # clients out of step with each other
        while not stop.is_set():
            count += 1
            if RATE > 0:
                time.sleep(max(0, due - time.monotonic()))
                began, due = due, due + 1 / RATE
            else:
                began = time.monotonic()
            try:
                if count % 10 == 0:
                    key = str(uuid.uuid4())
                    cart = client.call("orders", "cart.create", {}, idempotency_key=key)["cartId"]
                    right = cart.startswith("cart_")
                    with lock:
                        writes.append((key, cart))
                else:
                    right = client.call("calc", "tax.estimate", TAX)["total"] == TOTAL
            except Exception as error:  # every failure is counted and fails the run
                right = False
                with lock:
                    problems.append(repr(error))
            elapsed = time.monotonic() - began
            with lock:
                if right:
                    samples.append((step_of(), elapsed))
                elif len(problems) < 1000:
                    problems.append("wrong answer")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000 if ordered else None


def main():
    step = [0]
    threads = []  # (thread, its stop event)
    started = time.monotonic()
    for index, count in enumerate(STEPS):
        step[0] = index
        while len(threads) < count:
            stop = threading.Event()
            thread = threading.Thread(target=client_loop, args=(stop, lambda: step[0]), daemon=True)
            thread.start()
            threads.append((thread, stop))
        while len(threads) > count:
            thread, stop = threads.pop()
            stop.set()
        time.sleep(max(0, started + (index + 1) * STEP - time.monotonic()))
    for thread, stop in threads:
        stop.set()
    for thread, _ in threads:
        thread.join(timeout=60)
    steps = []
    for index, count in enumerate(STEPS):
        times = [seconds for at, seconds in samples if at == index]
        steps.append({"clients": count, "calls": len(times), "p50_ms": percentile(times, 0.5),
                      "p99_ms": percentile(times, 0.99)})
    every = [seconds for _, seconds in samples]
    keys = [key for key, _ in writes]
    print(json.dumps({"steps": steps, "calls": len(every), "p50_ms": percentile(every, 0.5),
                      "p99_ms": percentile(every, 0.99), "errors": len(problems), "first_error": problems[:1],
                      "writes": len(writes), "distinct_write_keys": len(set(keys)),
                      "distinct_carts": len({cart for _, cart in writes})}))
    if problems:
        print(f"the run had {len(problems)} unexpected answers, first: {problems[0]}", file=sys.stderr)
        sys.exit(1)


main()
