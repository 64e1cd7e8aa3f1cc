"""CORS in a real browser: Debian's headless chromium, driven by selenium through chromedriver, loads a page from one
origin and calls reckon-http on another with fetch, as a web app would. A listed origin's calls (preflighted by the
JSON body and the Idempotency-Key) read the answer, a problem and the exposed headers; an unlisted origin's fail."""
import functools
import http.server
import threading

import pytest

from stack import free_port

# Calls the bridge from the page with fetch and hands back what the page could read (or the error fetch raised).
CALL = """
const [url, body, done] = arguments;
fetch(url, {method: "POST", headers: {"Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID()},
            body: JSON.stringify(body)})
  .then(response => response.json().then(json => done({
      status: response.status, json, requestId: response.headers.get("X-Request-Id")})))
  .catch(error => done({error: String(error)}));
"""


@pytest.fixture(scope="module")
def page_origin(tmp_path_factory):
    """A plain static server for an empty page on its own loopback port: the web app's origin."""
    folder = tmp_path_factory.mktemp("page")
    (folder / "index.html").write_text("<!doctype html><title>Reckon CORS check</title>")
    port = free_port()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield port
    server.shutdown()


def call_from(browser, page, url, body):
    browser.get(page)
    return browser.execute_async_script(CALL, url, body)


@pytest.mark.parametrize("stack", ["sqlite"], indirect=True)
def test_a_listed_origin_reads_answers_and_problems_and_others_are_refused(stack, browser, page_origin):
    bridge = stack.bridge("--cors-origin", f"http://127.0.0.1:{page_origin}")
    listed, unlisted = f"http://127.0.0.1:{page_origin}/", f"http://localhost:{page_origin}/"
    answer = call_from(browser, listed, f"{bridge}/v1/calc/evaluate", {"expression": "6*7"})
    assert answer.get("status") == 200, answer
    assert answer["json"]["value"] == "42" and answer["requestId"]
    refused = call_from(browser, listed, f"{bridge}/v1/calc/evaluate", {"expression": "6*"})
    assert refused.get("status") == 400, refused
    assert refused["json"]["code"] == "invalid_argument" and refused["requestId"]
    blocked = call_from(browser, unlisted, f"{bridge}/v1/calc/evaluate", {"expression": "6*7"})
    assert "error" in blocked and "status" not in blocked, blocked
