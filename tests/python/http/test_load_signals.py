"""The load signals a scaler reads (issue #40), end to end: a gateway's `health` through reckon-http, the same
figures on a live gateway's /metrics with calc requests that really waited for a slot, and `reckon autoscale`
acting on them."""
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import time

import httpx
import pytest

from stack import BIN, free_port, metric

# On SQLite only: the gateway's load and its scaling do not depend on the workers' database engine.
pytestmark = pytest.mark.parametrize("stack", ["sqlite"], indirect=True)
from test_kubernetes import scaled_object_metrics


def test_health_through_the_bridge_gives_each_services_slots_arrivals_and_queue_waits(stack, http):
    for _ in range(5):
        assert http.post("/v1/calc/evaluate", json={"expression": "1+1"}).json()["value"] == "2"
    health = http.get("/v1/gateway/health").json()
    assert health["windowSeconds"] == 10
    calc = next(service for service in health["services"] if service["name"] == "calc")
    assert calc["workers"] == 2, "the calc worker's --slots 2"
    assert calc["arrivals"] >= 1 and 0 <= calc["busy"] <= calc["workers"]
    assert 0 <= calc["queueWaitP50Micros"] <= calc["queueWaitP90Micros"]


@pytest.fixture
def lone_calc(stack):
    """One calc worker with one slot, behind its own gateway (with a metrics port) and bridge: (bridge URL, gateway
    client endpoint, metrics URL), once the worker has registered."""
    client, worker, metrics = free_port(), free_port(), free_port()
    started = [stack.start("load-gateway", "reckon-gateway", "--client-endpoint", f"tcp://127.0.0.1:{client}",
                "--worker-endpoint", f"tcp://127.0.0.1:{worker}", "--metrics-port", str(metrics),
                           "--heartbeat-ms", "200", "--client-rate", "0", "--deadline-ms", "30000")]
    started.append(stack.start("load-calc", "reckon-calc", f"--gateway=tcp://127.0.0.1:{worker}", "--slots", "1",
                               "--heartbeat-ms", "200"))
    port = free_port()
    started.append(stack.start("load-http", "reckon-http", "--port", str(port), "--gateway",
                               f"tcp://127.0.0.1:{client}", "--caller-rate", "0"))
    gauges = f"http://127.0.0.1:{metrics}"
    wait_until(lambda: gauge(gauges, "gateway_workers") == 1, "the calc worker did not register")
    wait_until(lambda: answers(f"http://127.0.0.1:{port}/ready"), "the bridge did not start listening")
    yield f"http://127.0.0.1:{port}", f"tcp://127.0.0.1:{client}", gauges
    for process in started:
        process.send_signal(signal.SIGTERM)
    for process in started:
        process.wait(timeout=30)


def wait_until(condition, failure, seconds=60):
    """Waits for `condition()` to hold (an event: a registration, a metrics refresh, a line written)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.05)


def answers(url):
    """Whether anything listens at `url` and answers it."""
    try:
        return httpx.get(url, timeout=10).status_code > 0
    except httpx.HTTPError:
        return False


def gauge(url, name):
    """The gateway's gauge `name` for calc; None while its metrics endpoint is not up yet."""
    try:
        return metric(url, name, service="calc")
    except httpx.HTTPError:
        return None


def calc_gauges(url):
    """Every gateway gauge for calc, from one reading of the metrics page at `url`, by name; empty while it is not
    up yet."""
    try:
        page = httpx.get(url + "/metrics", timeout=10).text
    except httpx.HTTPError:
        return {}
    return {match[1]: float(match[2]) for match in re.finditer(r'^(gateway_\w+)\{service="calc"\} (\S+)$', page, re.M)}


def slow_calls(url, count):
    """`count` slow expressions at once through the bridge at `url`; their statuses. Each may wait up to 30 s (the
    longest `Request-Timeout` the bridge takes, and the lone gateway's deadline): on a busy machine the last of them
    waits behind all the others."""
    def call(_):
        with httpx.Client(base_url=url, timeout=60, headers={"Request-Timeout": "30000"}) as session:
            while True:
                answer = session.post("/v1/calc/evaluate", json={"expression": "factorial(3000)"})
                if answer.status_code != 503:  # the bridge may not have seen the service yet
                    return answer.status_code

    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        return list(pool.map(call, range(count)))


def test_a_gateways_metrics_show_busy_slots_arrivals_and_the_queue_wait_of_requests_that_waited(lone_calc):
    """Eight slow expressions at once on one slot wait in the queue one behind another, and /metrics says so."""
    url, _, gauges = lone_calc
    seen = []  # readings of the gauges while the eight run: the window is ten seconds, and on a busy machine the
    # eight may take longer than that, so each figure is looked for while its requests are in the window.

    def shows(condition):
        seen.append(calc_gauges(gauges))
        return condition(seen[-1])

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        calls = pool.submit(slow_calls, url, 8)
        # The gauges are refreshed on the gateway's next tick (a tenth of its heartbeat).
        wait_until(lambda: shows(lambda g: g.get("gateway_arrivals_per_second", 0) >= 0.8), "eight arrivals")
        # From the third dispatch on, most of those in the window waited behind another.
        wait_until(lambda: shows(lambda g: 0 < g.get("gateway_queue_wait_p50_seconds", 0)
                                 <= g.get("gateway_queue_wait_p90_seconds", 0)), "the queue waits of the eight")
        # `health` through the bridge says the same.
        wait_until(lambda: calc_health(url).get("queueWaitP90Micros", 0) > 0, "no queue wait in health")
        assert calls.result() == [200] * 8
    wait_until(lambda: shows(lambda g: g.get("gateway_busy_slots") == 0), "all eight answered, a slot still busy")
    assert seen[-1]["gateway_workers"] == 1
    wait_until(lambda: calc_health(url)["busy"] == 0, "all eight answered, health still counts one busy")


def calc_health(url):
    """calc's figures in `health` through the bridge at `url`."""
    health = httpx.get(url + "/v1/gateway/health", timeout=10).json()
    return next(service for service in health["services"] if service["name"] == "calc")


def test_reckon_autoscale_scales_up_on_queue_waits_and_drains_one_once_the_load_is_gone(stack, lone_calc, tmp_path):
    """`reckon autoscale` with a command template that records each count: requests waiting on the one slot ask
    for more processes at once, sized from the load (at most twice as many); once nothing has waited for the
    stabilisation window, one is drained. The template starts nothing, so no new slot registers and the scaler may
    start more a window after its first start, while the waits last; whatever it went up to, it comes down by one."""
    url, gateway, _ = lone_calc
    counts = tmp_path / "counts"
    scaler = stack.start("autoscale", "reckon", "autoscale", "--gateway", gateway, "--scale", "calc=1..4/1",
                "--run", f"echo {{n}} >> {counts}", "--interval-ms", "200", "--stabilisation-seconds", "2")
    lines = lambda: [int(line) for line in counts.read_text().split()] if counts.exists() else []  # noqa: E731
    wait_until(lambda: lines() == [1], "the minimum is asked for first")
    while len(lines()) == 1:  # load until the scaler acts on it
        assert slow_calls(url, 8) == [200] * 8
    assert lines()[1] == 2, f"a step at most doubles the processes: {lines()}"
    rising = lambda: all(a < b for a, b in zip(lines()[1:], lines()[2:]))  # noqa: E731
    wait_until(lambda: not rising(), "no drain once the load was gone")
    counts_now = lines()
    drained = next(i for i in range(2, len(counts_now)) if counts_now[i] < counts_now[i - 1])
    assert counts_now[drained] == counts_now[drained - 1] - 1 and counts_now[drained - 1] <= 4, counts_now
    scaler.terminate()
    scaler.wait(timeout=30)


def exported_series(url):
    """Each metric on the /metrics page at `url`, with the label names of each of its series."""
    series = {}
    for line in httpx.get(url + "/metrics", timeout=10).text.splitlines():
        sample = re.match(r"([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})? \S+$", line)
        if sample and not line.startswith("#"):
            labels = frozenset(re.findall(r'([A-Za-z_][A-Za-z0-9_]*)="', sample[2] or ""))
            series.setdefault(sample[1], set()).add(labels)
    return series


def test_every_metric_a_scaled_object_names_is_exported_by_a_live_gateway(lone_calc):
    """The KEDA ScaledObjects of deploy/kubernetes/overlays/ha read only what a real gateway exports, with the
    labels their queries select on: checked against a live gateway's /metrics once calc has been called."""
    url, _, gauges = lone_calc
    wanted = scaled_object_metrics()
    assert wanted
    for _ in range(100):  # the bridge may not have read calc's ops yet
        answer = httpx.post(url + "/v1/calc/evaluate", json={"expression": "1+1"}, timeout=30)
        if answer.status_code != 503:
            break
        time.sleep(0.1)
    assert answer.status_code == 200 and answer.json()["value"] == "2"
    wait_until(lambda: gauge(gauges, "gateway_arrivals_per_second"), "calc's call did not reach /metrics")
    exported = exported_series(gauges)
    for name, labels in sorted(wanted):
        assert any(labels <= have for have in exported.get(name, ())), \
            f"{name} with labels {sorted(labels)} is not on the gateway's /metrics: {sorted(exported.get(name, ()))}"


SCALE_SCRIPT = """#!/bin/sh
# scale.sh N: keeps N calc workers (one slot each) registered with the gateway, starting new ones or draining the
# newest (SIGTERM: READY 0, what it holds answered, DISCONNECT); each count asked for is written to `counts`.
here=$(dirname "$0")
mkdir -p "$here/pids"
have=$(ls "$here/pids" | wc -l)
while [ "$have" -lt "$1" ]; do
    have=$((have + 1))
    "{calc}" --gateway={worker} --slots 1 --heartbeat-ms 200 > "$here/calc-$have.log" 2>&1 &
    echo $! > "$here/pids/$have"
done
while [ "$have" -gt "$1" ]; do
    kill -TERM "$(cat "$here/pids/$have")"
    rm "$here/pids/$have"
    have=$((have - 1))
done
echo "$1" >> "$here/counts"
"""


def test_a_service_scaled_to_zero_wakes_on_its_first_request_and_goes_back_to_zero_losing_nothing(stack, tmp_path):
    """`--scale-from-zero calc` on the gateway and `reckon autoscale --scale calc=0..2/1` with a script that really
    starts and drains calc workers: the first request waits in the gateway's queue and starts one; a burst on its one
    slot starts a second; once the load is gone both are drained, one at a time, back to none. Every reply is
    counted and right."""
    client, worker = free_port(), free_port()
    started = [stack.start("zero-gateway", "reckon-gateway", "--client-endpoint", f"tcp://127.0.0.1:{client}",
                           "--worker-endpoint", f"tcp://127.0.0.1:{worker}", "--heartbeat-ms", "200",
                           "--client-rate", "0", "--deadline-ms", "30000", "--scale-from-zero", "calc")]
    script = tmp_path / "scale.sh"
    script.write_text(SCALE_SCRIPT.replace("{calc}", str(BIN / "reckon-calc"))
                      .replace("{worker}", f"tcp://127.0.0.1:{worker}"))
    started.append(stack.start("zero-autoscale", "reckon", "autoscale", "--gateway", f"tcp://127.0.0.1:{client}",
                               "--scale", "calc=0..2/1", "--run", f"sh {script} {{n}}", "--interval-ms", "100",
                               "--stabilisation-seconds", "2"))
    counts = tmp_path / "counts"
    asked = lambda: [int(line) for line in counts.read_text().split()] if counts.exists() else []  # noqa: E731
    try:
        wait_until(lambda: asked() == [0], "the minimum, none, is asked for first")

        def call(expression):
            run = subprocess.run([str(BIN / "reckon"), "call", "calc", "evaluate", "--endpoint",
                                  f"tcp://127.0.0.1:{client}", "--timeout-ms", "30000", "--json",
                                  "--args", json.dumps({"expression": expression})],
                                 capture_output=True, text=True, timeout=60)
            return json.loads(run.stdout)["value"] if run.returncode == 0 else run.stderr

        began = time.monotonic()
        assert call("1+1") == "2", "the first request waited for the worker it started"
        print(f"scale from zero: the first reply {1000 * (time.monotonic() - began):.0f} ms after the request "
              f"(autoscale reading every 100 ms, a debug build)")
        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            while 2 not in asked():
                assert list(pool.map(call, ["factorial(3000) - factorial(3000) + 4"] * 6)) == ["4"] * 6
        wait_until(lambda: asked()[-1] == 0, "not back to none once the load was gone", seconds=120)
        counts_asked = asked()
        peak = counts_asked.index(2)
        assert counts_asked[0] == 0 and counts_asked[1] > 0, counts_asked
        assert counts_asked[peak:] == [2, 1, 0], f"down one at a time once the load was gone: {counts_asked}"
    finally:
        for process in started:
            process.terminate()
        for process in started:
            process.wait(timeout=30)
        for pid in (tmp_path / "pids").glob("*") if (tmp_path / "pids").exists() else []:
            os.kill(int(pid.read_text()), signal.SIGKILL)
