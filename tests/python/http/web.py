"""What the web app's browser tests share: the widths they run at and the theme of each, the page's language and its
French texts, finding and filling the page's parts, waiting for events (never for timers), axe-core 4.10 (from axe-selenium-python 3.0.0) with no violation of any impact allowed,
screenshots (RECKON_SCREENSHOTS, else a temporary folder), signing up in the household app, and stopping and
starting a stack's bridge."""
import json
import os
import pathlib
import signal
import tempfile
import time

import httpx
import pytest
from axe_selenium_python import Axe
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

WIDTHS = {"phone": 390, "desktop": 1280}
# What a page shows without a service's stored data (the calculator, tax and ceiling apps, which call calc alone; the
# themes; the forms' own checks) runs on one database, at both widths. A flow through stored data that takes the
# `width` fixture (conftest.py) instead of parametrizing it runs at one width a database, WIDTH_OF: the phone's on
# SQLite and the desktop's on PostgreSQL, so each width and each database is seen (CI's time, README).
ONE_ENGINE = pytest.mark.parametrize("stack", ["sqlite"], indirect=True)
WIDTH_OF = {"sqlite": "phone", "postgres": "desktop"}
# The theme each width runs in, so that axe checks every view the flows show in both: the system asks for dark on
# the phone (Chromium's media emulation) and for light on the desktop.
THEMES = {"phone": "dark", "desktop": "light"}
WORDS = pathlib.Path(__file__).resolve().parents[3] / "Sources/Runtime/HTTPBridge/Public/js/words/fr-CA"
SCREENSHOTS = pathlib.Path(os.environ.get("RECKON_SCREENSHOTS") or tempfile.mkdtemp(prefix="reckon-screenshots-"))


def open_app(browser, stack, app, width, theme=None, language="en"):
    """Opens `app` at `width` in `language` (as the page's switch keeps it), the system asking for `theme` (by default
    the width's, THEMES)."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": theme or THEMES[width]}]})
    browser.set_window_size(WIDTHS[width], 900)
    browser.get(f"{stack.url}/#/{app}")
    browser.execute_script("localStorage.setItem('reckon.language', arguments[0])", language)
    browser.refresh()
    WebDriverWait(browser, 20).until(seen.presence_of_element_located((By.CSS_SELECTOR, "main h1")))


def french(part, english, **places):
    """The page's French for `english` (the dictionary of `part`: shell, calc, household, …), its places filled."""
    text = json.loads((WORDS / f"{part}.json").read_text())[english]
    for name, value in places.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def console_errors(browser):
    """The errors the page's scripts wrote to the console since the last call (t() writes one for a text with no
    French); a refused request's own line is not one."""
    return [entry["message"] for entry in browser.get_log("browser")
            if entry["level"] == "SEVERE" and entry["source"] == "console-api"]


def card(browser, title):
    return browser.find_element(By.XPATH, f"//section[h2[normalize-space()='{title}']]")


def wait_for(browser, condition, timeout=20):
    """Waits until `condition()` holds; an element re-rendered while it looks counts as not yet."""
    return WebDriverWait(browser, timeout, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda _: condition())


def fill(form, values):
    for name, value in values.items():
        control = form.find_element(By.NAME, name)
        if control.tag_name == "select":
            Select(control).select_by_value(value)
        else:
            control.clear()
            control.send_keys(value)


def click(browser, css):
    """Clicks the element `css` finds, finding it again if a live refresh replaced it meanwhile."""
    wait_for(browser, lambda: browser.find_element(By.CSS_SELECTOR, css).click() or True)


def press(browser, css):
    """Clicks the button `css` finds after scrolling it to the middle of the view, as a user would: at the bottom of
    the view it could sit under the order page's basket bar."""
    button = browser.find_element(By.CSS_SELECTOR, css)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def submit(form):
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def field_error(form, name):
    control = form.find_element(By.NAME, name)
    if control.get_attribute("aria-invalid") != "true":
        return None
    return form.find_element(By.ID, control.get_attribute("id") + "-error").text


def check_accessibility(browser):
    """axe-core (4.10, from axe-selenium-python 3.0.0) finds no violation at all, of any impact."""
    axe = Axe(browser)
    axe.inject()
    violations = axe.run()["violations"]
    assert violations == [], axe.report(violations)


def screenshot(browser, name):
    """The page's top as the window shows it (`NAME-top.png`, what scripts/screenshots.sh puts in the README), then the
    whole page (`NAME.png`)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.execute_script("window.scrollTo(0, 0)")
    browser.save_screenshot(str(SCREENSHOTS / f"{name}-top.png"))
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(browser.get_window_size()["width"], min(height, 6000))
    browser.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
    print(f"screenshot: {SCREENSHOTS / name}.png")


def sign_up(browser, stack, username, width, language="en"):
    """Signs `username` up in the household app, from a browser that forgets everything else first."""
    words = (lambda english, **places: english.format(**places)) if language == "en" else \
        (lambda english, **places: french("household", english, **places))
    open_app(browser, stack, "household", width, language=language)
    browser.execute_script("localStorage.clear(); localStorage.setItem('reckon.language', arguments[0])", language)
    browser.refresh()
    wait_for(browser, lambda: card(browser, words("New here?")))
    new = card(browser, words("New here?")).find_element(By.TAG_NAME, "form")
    fill(new, {"username": username, "password": "correct horse"})
    submit(new)
    signed_in = words("Signed in as {name}", name=username)
    wait_for(browser, lambda: signed_in in browser.find_element(By.TAG_NAME, "main").text)


def bill_in(browser, description):
    """Whether a table cell of the page reads `description` (one script, so polling stays cheap)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('main tbody td')].some(cell => cell.textContent === arguments[0])",
        description)


def stop_bridge(stack, url):
    """Stops the bridge at `url` (SIGTERM: its streams end) and returns once its process has exited."""
    port = url.rsplit(":", 1)[1]
    old = next(process for name, process in stack.named.items() if name == f"http-{port}")
    old.send_signal(signal.SIGTERM)
    old.wait(timeout=20)


def start_bridge_again(stack, url):
    """Starts another bridge on `url`'s port; returns once it is ready."""
    port = url.rsplit(":", 1)[1]
    endpoints = ",".join(gateway["client"] for gateway in stack.gateways)
    stack.start(f"http-{port}-again", "reckon-http", "--port", port, "--gateway", endpoints)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/ready", timeout=2).status_code == 200 and stack.serves_every_service(url):
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the bridge on {url} did not come back")


def household_with_roommate(browser, stack, http, owner, roommate, household):
    """Signs `owner` up in the browser (desktop) and makes the household `household` there; signs `roommate` up through
    the API, who joins it; waits until the page lists both, with no rebuild under way. Returns the owner's headers, the
    household's id and the roommate's headers."""
    sign_up(browser, stack, owner, "desktop")
    made = card(browser, "A new household").find_element(By.TAG_NAME, "form")
    fill(made, {"name": household})
    submit(made)
    wait_for(browser, lambda: card(browser, "Add a bill"))
    headers = {"Authorization": "Bearer " + browser.execute_script("return localStorage.getItem('reckon.ledger.token')")}
    home = browser.execute_script("return localStorage.getItem('reckon.ledger.household')")
    assert http.post("/v1/ledger/auth.signup", json={"username": roommate, "password": "correct horse"}).status_code == 200
    roommate_headers = {"Authorization": "Bearer " + http.post(
        "/v1/ledger/auth.login", json={"username": roommate, "password": "correct horse"}).json()["token"]}
    invite = http.post("/v1/ledger/roommates.request", headers=headers, json={"householdId": home, "username": roommate})
    assert http.post("/v1/ledger/roommates.accept", headers=roommate_headers,
                     json={"requestId": invite.json()["requestId"]}).status_code == 200
    wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "input[name^='among.']")) == 2
             and not browser.find_elements(By.CSS_SELECTOR, "[aria-busy='true']"))
    return headers, home, roommate_headers
