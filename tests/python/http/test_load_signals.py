"""The load signals a scaler reads (issue #40), end to end: a gateway's `health` through reckon-http, and the same
figures on a live gateway's /metrics, with calc requests that really waited for a slot."""
import concurrent.futures
import time

import httpx

from stack import free_port, metric


def test_health_through_the_bridge_gives_each_services_slots_arrivals_and_queue_waits(stack, http):
    for _ in range(5):
        assert http.post("/v1/calc/evaluate", json={"expression": "1+1"}).json()["value"] == "2"
    health = http.get("/v1/gateway/health").json()
    assert health["windowSeconds"] == 10
    calc = next(service for service in health["services"] if service["name"] == "calc")
    assert calc["workers"] == 2, "the calc worker's --slots 2"
    assert calc["arrivals"] >= 1 and 0 <= calc["busy"] <= calc["workers"]
    assert 0 <= calc["queueWaitP50Micros"] <= calc["queueWaitP90Micros"]


def test_a_gateways_metrics_show_busy_slots_arrivals_and_the_queue_wait_of_requests_that_waited(stack):
    """One calc worker with one slot, behind its own gateway and bridge: eight slow expressions at once wait in the
    queue one behind another, and /metrics says so."""
    client, worker, metrics = free_port(), free_port(), free_port()
    stack.start("load-gateway", "reckon-gateway", "--client-endpoint", f"tcp://127.0.0.1:{client}",
                "--worker-endpoint", f"tcp://127.0.0.1:{worker}", "--metrics-port", str(metrics),
                "--heartbeat-ms", "200", "--client-rate", "0")
    stack.start("load-calc", "reckon-calc", f"--gateway=tcp://127.0.0.1:{worker}", "--slots", "1",
                "--heartbeat-ms", "200")
    port = free_port()
    stack.start("load-http", "reckon-http", "--port", str(port), "--gateway", f"tcp://127.0.0.1:{client}",
                "--caller-rate", "0")
    url = f"http://127.0.0.1:{port}"
    gauges = f"http://127.0.0.1:{metrics}"
    deadline = time.monotonic() + 60

    def reads(name):
        """The gateway's gauge `name` for calc; None while its metrics endpoint is not up yet."""
        try:
            return metric(gauges, name, service="calc")
        except httpx.HTTPError:
            return None

    while reads("gateway_workers") != 1:  # the worker's READY reached the gateway
        assert time.monotonic() < deadline, "the calc worker did not register"
        time.sleep(0.05)

    slow = {"expression": "factorial(3000)"}

    def call(_):
        with httpx.Client(base_url=url, timeout=60) as session:
            while True:
                answer = session.post("/v1/calc/evaluate", json=slow)
                if answer.status_code != 503:  # the bridge may not have seen the service yet
                    return answer.status_code

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        assert list(pool.map(call, range(8))) == [200] * 8
    # The gauges are refreshed on the gateway's next tick (a tenth of its heartbeat): wait for it.
    while reads("gateway_queue_wait_p90_seconds") == 0:
        assert time.monotonic() < deadline, "no queue wait reached /metrics"
        time.sleep(0.05)
    assert metric(gauges, "gateway_workers", service="calc") == 1
    assert metric(gauges, "gateway_arrivals_per_second", service="calc") >= 0.8, "eight in a ten-second window"
    p50 = metric(gauges, "gateway_queue_wait_p50_seconds", service="calc")
    p90 = metric(gauges, "gateway_queue_wait_p90_seconds", service="calc")
    assert 0 < p50 <= p90, "with one slot, most of the eight waited behind the others"
    assert metric(gauges, "gateway_busy_slots", service="calc") == 0, "all eight answered"
    health = httpx.get(url + "/v1/gateway/health").json()
    calc = next(service for service in health["services"] if service["name"] == "calc")
    assert calc["busy"] == 0 and calc["queueWaitP90Micros"] / 1e6 == p90
