"""The web app (reckon-http's `/`) in Debian's headless chromium, at a phone's width and a desktop's: each app's whole
flow against the real bridge, gateway and workers; axe-core 4.10 (from axe-selenium-python 3.0.0) finds no violation
of any impact on any page with its results shown; and a page's first load fetches nothing from anywhere but the bridge,
under 150 kB in all (the shell and the one app opened, gzipped). Screenshots of each app at both widths go to the folder the test prints (RECKON_SCREENSHOTS,
else a temporary one)."""
import os
import pathlib
import re
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

WIDTHS = {"phone": 360, "desktop": 1280}
SCREENSHOTS = pathlib.Path(os.environ.get("RECKON_SCREENSHOTS") or tempfile.mkdtemp(prefix="reckon-screenshots-"))


def open_app(browser, stack, app, width):
    browser.set_window_size(WIDTHS[width], 900)
    browser.get(f"{stack.url}/#/{app}")
    browser.refresh()
    WebDriverWait(browser, 20).until(seen.presence_of_element_located((By.CSS_SELECTOR, "main h1")))


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


@pytest.mark.parametrize("width", WIDTHS)
def test_the_calculator_from_expressions_to_a_loan_schedule(stack, browser, width):
    open_app(browser, stack, "calc", width)
    expression = card(browser, "Expression")
    form = expression.find_element(By.TAG_NAME, "form")
    fill(form, {"expression": "1/3"})
    submit(form)
    wait_for(browser, lambda: "1/3" in expression.find_element(By.CSS_SELECTOR, "ol.history li").text)
    newest = expression.find_element(By.CSS_SELECTOR, "ol.history li")
    assert newest.find_element(By.TAG_NAME, "output").text == "1/3"
    newest.find_element(By.TAG_NAME, "button").click()
    assert "≈ 0.333333333333333" in newest.text
    fill(form, {"expression": "ans*3"})
    submit(form)
    wait_for(browser, lambda: expression.find_element(By.CSS_SELECTOR, "ol.history li output").text == "1")
    fill(form, {"expression": "2*(3"})
    submit(form)
    wait_for(browser, lambda: field_error(form, "expression"))
    assert len(expression.find_elements(By.CSS_SELECTOR, "ol.history li")) >= 2

    units = card(browser, "Units")
    wait_for(browser, lambda: len(units.find_elements(By.CSS_SELECTOR, "select[name=from] option")) > 1)
    fill(units, {"value": "5", "from": "km", "to": "m"})
    submit(units.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "5 km = 5000 m" in units.text)

    dates = card(browser, "Dates")
    browser.execute_script("arguments[0].value = '2026-01-01'; arguments[1].value = '2026-12-25';",
                           dates.find_element(By.NAME, "from"), dates.find_element(By.NAME, "to"))
    submit(dates.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "Days 358" in dates.text)
    assert "Weeks ≈ 51.14" in dates.text, "a cut decimal reads as approximate"

    loan = card(browser, "Loan")
    submit(loan.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "Payment" in loan.text and loan.find_elements(By.CSS_SELECTOR, "tbody tr"))
    assert len(loan.find_elements(By.CSS_SELECTOR, "tbody tr")) == 300
    assert len(loan.find_elements(By.CSS_SELECTOR, "svg polyline")) == 2
    for label in loan.find_elements(By.CSS_SELECTOR, "figure .x-axis span, figure .y-axis span"):
        assert float(label.value_of_css_property("font-size").removesuffix("px")) >= 11, "axis labels read"
    plot = loan.find_element(By.CSS_SELECTOR, "svg.chart")
    assert plot.size["width"] >= 0.6 * loan.size["width"], "the chart fills its card"
    compound = card(browser, "Compound interest")
    submit(compound.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "Final" in compound.text)
    assert "compounded monthly" in compound.text
    assert len(compound.find_elements(By.CSS_SELECTOR, "tbody tr")) == 10
    check_accessibility(browser)
    screenshot(browser, f"calculator-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_an_answer_never_stands_beside_inputs_it_does_not_belong_to(stack, browser, width):
    """A refused input empties the answer the previous inputs had (it once stayed under the error), and an amount
    written with its thousands grouped ("250,000", "85 000") is taken as the number it is."""
    open_app(browser, stack, "calc", width)
    loan = card(browser, "Loan")
    form = loan.find_element(By.TAG_NAME, "form")
    submit(form)
    wait_for(browser, lambda: loan.find_elements(By.CSS_SELECTOR, "p.result"))
    payment = loan.find_element(By.CSS_SELECTOR, "p.result").text
    fill(form, {"principal": "250 thousand"})
    submit(form)
    wait_for(browser, lambda: field_error(form, "principal"))
    assert not loan.find_elements(By.CSS_SELECTOR, "p.result, tbody tr, svg")
    fill(form, {"principal": "250,000"})
    submit(form)
    wait_for(browser, lambda: loan.find_elements(By.CSS_SELECTOR, "p.result"))
    assert loan.find_element(By.CSS_SELECTOR, "p.result").text == payment
    assert field_error(form, "principal") is None
    fill(form, {"ratePercent": ""})
    submit(form)
    wait_for(browser, lambda: field_error(form, "ratePercent") == "Rate, % a year is needed.")

    units = card(browser, "Units")
    wait_for(browser, lambda: len(units.find_elements(By.CSS_SELECTOR, "select[name=from] option")) > 1)
    fill(units, {"value": "5", "from": "km", "to": "m"})
    submit(units.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "5 km = 5000 m" in units.text)
    fill(units, {"value": "five"})
    submit(units.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: field_error(units, "value"))
    assert "5000 m" not in units.text

    open_app(browser, stack, "tax", width)
    estimate = card(browser, "Estimate")
    form = estimate.find_element(By.TAG_NAME, "form")
    wait_for(browser, lambda: len(form.find_elements(By.CSS_SELECTOR, "select[name=province] option")) > 10)
    fill(form, {"employment": "85 000", "province": "BC"})
    submit(form)
    wait_for(browser, lambda: "Total tax" in estimate.text)
    fill(form, {"employment": "12abc"})
    submit(form)
    wait_for(browser, lambda: field_error(form, "employment"))
    assert "Total tax" not in estimate.text and not estimate.find_elements(By.CSS_SELECTOR, "svg, tbody tr")
    assert field_error(form, "employment") == "Employment income must be a number, such as 85000 or 85,000.50."


@pytest.mark.parametrize("width", WIDTHS)
def test_every_empty_field_of_a_form_is_named_at_once_in_its_own_words(stack, browser, width):
    """Signing up with nothing typed names both fields (it once named only the password), before anything is sent."""
    open_app(browser, stack, "household", width)
    sign_up_form = card(browser, "New here?").find_element(By.TAG_NAME, "form")
    submit(sign_up_form)
    wait_for(browser, lambda: field_error(sign_up_form, "username") == "Username is needed.")
    assert field_error(sign_up_form, "password") == "Password is needed."
    assert browser.switch_to.active_element == sign_up_form.find_element(By.NAME, "username")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_app_follows_a_dark_system_theme_with_contrast_kept(stack, browser, width):
    """With the system asking for dark (Chromium's media emulation), every app's page turns dark and axe, which checks
    every text's contrast, finds nothing."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        for app, ready in [("calc", "form"), ("tax", "select[name=province] option"), ("ceiling", "ul.choices a"),
                           ("order", "button[aria-label^='Add ']"), ("household", "form")]:
            open_app(browser, stack, app, width)
            wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, f"main {ready}"))
            paper = browser.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
            assert paper == "rgb(20, 23, 27)", f"{app}: {paper}"
            check_accessibility(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.mark.parametrize("width", WIDTHS)
def test_the_tax_estimate_with_its_breakdown_pie_and_topics(stack, browser, width):
    open_app(browser, stack, "tax", width)
    estimate = card(browser, "Estimate")
    form = estimate.find_element(By.TAG_NAME, "form")
    wait_for(browser, lambda: len(form.find_elements(By.CSS_SELECTOR, "select[name=province] option")) > 10)
    fill(form, {"employment": "12abc"})
    submit(form)
    wait_for(browser, lambda: field_error(form, "employment"))
    fill(form, {"employment": "85000", "province": "BC"})
    submit(form)
    wait_for(browser, lambda: "Total tax" in estimate.text)
    assert field_error(form, "employment") is None
    assert not estimate.find_elements(By.CSS_SELECTOR, ".problem"), "a caveat is a note, not an error"
    assert "British Columbia" in estimate.text
    assert len(estimate.find_elements(By.CSS_SELECTOR, "svg path")) >= 4
    assert len(estimate.find_elements(By.CSS_SELECTOR, "tbody tr")) >= 5
    topics = card(browser, "Topics")
    fill(topics, {"query": "RRSP"})
    submit(topics.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: topics.find_elements(By.TAG_NAME, "dt"))
    rrsp = topics.find_element(By.TAG_NAME, "details")
    rrsp.find_element(By.TAG_NAME, "summary").click()
    submit(rrsp.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "how the tax changes" in rrsp.text and rrsp.find_elements(By.CSS_SELECTOR, "tbody tr"))
    check_accessibility(browser)
    screenshot(browser, f"tax-{width}")


@pytest.mark.parametrize("app", ["calc", "tax", "ceiling", "order", "household"])
def test_a_first_load_fetches_only_from_the_bridge_under_150_kB(stack, browser, app):
    browser.execute_cdp_cmd("Network.clearBrowserCache", {})
    open_app(browser, stack, app, "desktop")
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    entries = browser.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".map(e => [e.name, e.transferSize])")
    assert all(name.startswith(stack.url + "/") for name, _ in entries), entries
    assert any(name.endswith("/js/main.js") for name, _ in entries)
    total = sum(size for _, size in entries)
    print(f"first load of #/{app} ({stack.engine}): {total} bytes transferred in {len(entries)} fetches")
    assert 0 < total < 150_000, entries
    others = {"calc": "calc.js", "tax": "tax.js", "ceiling": "ceiling.js", "order": "order.js",
              "household": "household/index.js"}
    fetched = [name for name, _ in entries for other, path in others.items() if other != app and name.endswith(path)]
    assert fetched == [], f"another app's code came with {app}: {fetched}"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_ceiling_estimator_walks_the_tree_to_a_bill_of_materials(stack, browser, width):
    open_app(browser, stack, "ceiling", width)
    wait_for(browser, lambda: browser.find_elements(By.LINK_TEXT, "KWIKLOC Regal"))
    browser.find_element(By.LINK_TEXT, "KWIKLOC Regal").click()
    wait_for(browser, lambda: browser.find_elements(By.LINK_TEXT, "600 X 600"))
    crumbs = browser.find_element(By.CSS_SELECTOR, "nav.crumbs")
    assert crumbs.find_element(By.CSS_SELECTOR, "[aria-current=page]").text == "KWIKLOC Regal"
    browser.find_element(By.LINK_TEXT, "600 X 600").click()
    wait_for(browser, lambda: browser.find_elements(By.NAME, "drop_m"))
    form = browser.find_element(By.CSS_SELECTOR, "main form")
    fill(form, {"length_m": "6", "width_m": "4"})
    submit(form)
    wait_for(browser, lambda: field_error(form, "drop_m"))
    fill(form, {"drop_m": "0.5"})
    submit(form)
    wait_for(browser, lambda: "Bill of materials" in browser.find_element(By.TAG_NAME, "main").text)
    materials = browser.find_element(By.XPATH, "//section[h2[normalize-space()='Bill of materials']]")
    assert "24 m²" in materials.text or "24.00 m²" in materials.text
    assert len(materials.find_elements(By.CSS_SELECTOR, "tbody tr")) >= 4
    headers = [cell.text for cell in materials.find_elements(By.CSS_SELECTOR, "thead th")]
    assert headers[:2] == ["Component", "Quantity"] and "Code" not in headers, headers
    quantity = materials.find_element(By.CSS_SELECTOR, "tbody tr td:nth-child(2)")
    assert browser.execute_script("return arguments[0].getBoundingClientRect().right <= window.innerWidth", quantity), \
        "the quantity shows without scrolling sideways"
    assert field_error(form, "drop_m") is None
    check_accessibility(browser)
    screenshot(browser, f"ceiling-{width}")
    browser.find_element(By.CSS_SELECTOR, "nav.crumbs a.back").click()
    wait_for(browser, lambda: browser.find_elements(By.LINK_TEXT, "600 X 600"))


@pytest.mark.parametrize("width", WIDTHS)
def test_ordering_from_the_menu_to_a_status_page_that_follows_the_kitchen(stack, browser, http, width):
    open_app(browser, stack, "order", width)
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "button[aria-label='Add Classic poutine']"))
    basket = card(browser, "Basket")
    press(browser, "button[aria-label='Add Classic poutine']")
    wait_for(browser, lambda: "Classic poutine" in basket.text)
    press(browser, "button[aria-label='One more Classic poutine']")
    wait_for(browser, lambda: "2 items" in basket.text)
    press(browser, "button[aria-label='Add Date night for two']")
    wait_for(browser, lambda: "Specials and sales" in basket.text)
    assert "Regular items" in basket.text
    codes = basket.find_element(By.TAG_NAME, "form")
    fill(codes, {"codes": "welcome10, VIPGUEST"})
    submit(codes)
    wait_for(browser, lambda: "refused: cannot be combined" in card(browser, "Basket").text)
    assert "WELCOME10 applied" in card(browser, "Basket").text

    checkout = card(browser, "Checkout").find_element(By.TAG_NAME, "form")
    fill(checkout, {"name": "", "phone": "12", "street": "1 Main St", "city": "Ottawa", "postalCode": "xx"})
    submit(checkout)
    wait_for(browser, lambda: field_error(checkout, "postalCode"))
    assert field_error(checkout, "name") and field_error(checkout, "phone"), "every problem shows at once"
    # WELCOME10 is once per customer: each width's run is another customer.
    phone = {"phone": "613 555 0101", "desktop": "613 555 0102"}[width]
    fill(checkout, {"name": "Ana Roy", "phone": phone, "postalCode": "K1A 0B1"})
    submit(checkout)  # the refused voucher still stands in the way, said under the form
    wait_for(browser, lambda: "Cannot be combined" in card(browser, "Checkout").text)
    codes = card(browser, "Basket").find_element(By.TAG_NAME, "form")
    fill(codes, {"codes": "welcome10"})
    submit(codes)
    wait_for(browser, lambda: "refused" not in card(browser, "Basket").text)
    submit(checkout)
    wait_for(browser, lambda: "#/order/" in browser.current_url)
    order_id = browser.current_url.rsplit("/", 1)[1]
    wait_for(browser, lambda: "Status: placed" in browser.find_element(By.TAG_NAME, "main").text)
    assert browser.find_element(By.CSS_SELECTOR, "main h1").text == "Your order"
    assert not re.search(r"\d\dT\d\d:\d\d", browser.find_element(By.TAG_NAME, "main").text), "times read as dates"
    check_accessibility(browser)
    screenshot(browser, f"order-{width}")
    staff = {"Authorization": f"Bearer {stack.staff_key}", "Idempotency-Key": order_id + "-accepted"}
    accepted = http.post("/v1/orders/order.updateStatus", headers=staff, json={"orderId": order_id, "status": "accepted"})
    assert accepted.status_code == 200, accepted.text
    wait_for(browser, lambda: "Status: accepted" in browser.find_element(By.TAG_NAME, "main").text)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_dish_added_at_the_end_of_the_menu_shows_in_view_and_the_basket_says_nothing_stray(stack, browser, width):
    """The basket once sat out of view beside (or under) a long menu, so adding a dish showed nothing, and it read
    "null" where it had no specials and no vouchers. A bar at the bottom of the menu now says what was added."""
    open_app(browser, stack, "order", width)
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "button[aria-label^='Add ']"))
    last = browser.find_elements(By.CSS_SELECTOR, ".menu button[aria-label^='Add ']:not([disabled])")[-1]
    dish = last.get_attribute("aria-label").removeprefix("Add ")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", last)
    last.click()
    wait_for(browser, lambda: f"Added {dish}." in browser.find_element(By.CSS_SELECTOR, ".basket-bar").text)
    in_view = browser.execute_script(
        "const box = arguments[0].getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight",
        browser.find_element(By.CSS_SELECTOR, ".basket-bar"))
    assert in_view, "the basket's bar is out of view after adding a dish"
    assert "null" not in card(browser, "Basket").text


def sign_up(browser, stack, username, width):
    open_app(browser, stack, "household", width)
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    wait_for(browser, lambda: card(browser, "New here?"))
    new = card(browser, "New here?").find_element(By.TAG_NAME, "form")
    fill(new, {"username": username, "password": "correct horse"})
    submit(new)
    wait_for(browser, lambda: f"Signed in as {username}" in browser.find_element(By.TAG_NAME, "main").text)


def bill_in(browser, description):
    """Whether a table cell of the page reads `description` (one script, so polling stays cheap)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('main tbody td')].some(cell => cell.textContent === arguments[0])",
        description)


@pytest.mark.parametrize("width", WIDTHS)
def test_two_roommates_split_bills_and_settle_up_live_in_two_browsers(stack, browser, second_browser, width):
    ana, bob = f"ana{width}{id(stack) % 1000}", f"bob{width}{id(stack) % 1000}"
    sign_up(second_browser, stack, bob, width)
    sign_up(browser, stack, ana, width)
    made = card(browser, "A new household").find_element(By.TAG_NAME, "form")
    fill(made, {"name": "Flat 3"})
    submit(made)
    wait_for(browser, lambda: card(browser, "Add a bill"))
    invite = card(browser, "Roommates").find_element(By.TAG_NAME, "form")
    fill(invite, {"username": bob})
    submit(invite)
    wait_for(browser, lambda: f"@{bob}" in card(browser, "Roommates").text)
    second_browser.refresh()
    wait_for(second_browser, lambda: second_browser.find_elements(By.XPATH, "//button[normalize-space()='Accept']"))
    second_browser.find_element(By.XPATH, "//button[normalize-space()='Accept']").click()
    wait_for(second_browser, lambda: card(second_browser, "Add a bill"))
    # Ana's page hears of the new member on its own and lists him in the split; once no rebuild of the page runs
    # (aria-busy), the form below is the one that stays.
    wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "input[name^='among.']")) == 2
             and not browser.find_elements(By.CSS_SELECTOR, "[aria-busy='true']"))

    bill = card(browser, "Add a bill").find_element(By.TAG_NAME, "form")
    fill(bill, {"description": "Pizza", "amount": "3o.00"})
    submit(bill)
    wait_for(browser, lambda: field_error(bill, "amount"))
    fill(bill, {"amount": "30.00"})
    submit(bill)
    wait_for(second_browser, lambda: bill_in(second_browser, "Pizza"))
    fill(bill, {"description": "Groceries", "amount": "30.00", "kind": "exact"})
    for name, amount in zip(sorted(e.get_attribute("name") for e in bill.find_elements(By.CSS_SELECTOR, "input[name^='amounts.']")), ["10.00", "20.00"]):
        fill(bill, {name: amount})
    submit(bill)
    wait_for(second_browser, lambda: bill_in(second_browser, "Groceries"))
    newest = lambda page: page.execute_script(  # noqa: E731 - the activity feed's newest line, one script a poll
        "return document.querySelector('div.feed li')?.textContent ?? ''")
    wait_for(second_browser, lambda: newest(second_browser).startswith(f"{ana} added the bill “Groceries”, 30.00 "))
    assert "Pizza" in card(second_browser, "Activity").text and f"{bob} joined the household" in \
        card(second_browser, "Activity").text

    delays = []
    for number in range(20):
        description = f"Tea {number}"
        fill(bill, {"description": description, "amount": "2.00", "kind": "equal"})
        started = time.monotonic()
        submit(bill)
        wait_for(second_browser, lambda: bill_in(second_browser, description)
                 and f"“{description}”" in newest(second_browser))
        delays.append(time.monotonic() - started)
    delays.sort()
    print(f"a bill seen in the other browser's bills and activity feed ({stack.engine}, {width}): p50 {delays[9] * 1000:.0f} ms, p95 {delays[18] * 1000:.0f} ms,"
          f" max {delays[-1] * 1000:.0f} ms over 20")

    settle = card(second_browser, "Settle up")
    wait_for(second_browser, lambda: f"pays" in card(second_browser, "Settle up").text)
    assert "Because of: " in settle.text and "Pizza" in settle.text
    check_accessibility(second_browser)
    screenshot(second_browser, f"household-{width}")
    settle.find_element(By.XPATH, ".//button[normalize-space()='Record it']").click()
    wait_for(browser, lambda: "Everyone is square." in card(browser, "Settle up").text)
    check_accessibility(browser)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_household_keeps_its_lists_repeating_bills_and_calendar(stack, browser, width):
    sign_up(browser, stack, f"cy{width}{id(stack) % 1000}", width)
    made = card(browser, "A new household").find_element(By.TAG_NAME, "form")
    fill(made, {"name": "Cabin"})
    submit(made)
    wait_for(browser, lambda: card(browser, "Shopping list"))
    shopping = card(browser, "Shopping list").find_element(By.TAG_NAME, "form")
    # Typed with spaces around it: the form sends its fields trimmed, since the API takes a quantity as it is.
    fill(shopping, {"name": "Milk", "quantity": " 2 ", "unit": "L"})
    submit(shopping)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "button[aria-label='Bought Milk']"))
    click(browser, "button[aria-label='Bought Milk']")
    wait_for(browser, lambda: "Milk" in card(browser, "Cupboard").text and "The list is empty." in card(browser, "Shopping list").text)

    repeat = card(browser, "Repeating bills").find_element(By.TAG_NAME, "form")
    fill(repeat, {"description": "Rent", "amount": "1200.00"})
    submit(repeat)
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "button[aria-label='Pause Rent']"))
    click(browser, "button[aria-label='Pause Rent']")
    wait_for(browser, lambda: "paused" in card(browser, "Repeating bills").text)
    assert bill_in(browser, "Rent"), "the month's occurrence is a bill"

    events = card(browser, "Calendar").find_element(By.TAG_NAME, "form")
    fill(events, {"title": "Cleaning", "frequency": "weekly", "count": "3"})
    # The month's first day, so all three repeats fall in the month shown.
    browser.execute_script("arguments[0].value = new Date().toISOString().slice(0, 8) + '01'", events.find_element(By.NAME, "day"))
    submit(events)
    wait_for(browser, lambda: len(card(browser, "Calendar").find_elements(By.XPATH, ".//span[@class='event' and .='Cleaning']")) >= 3)
    if width == "desktop":
        month = card(browser, "Calendar").find_element(By.CSS_SELECTOR, "table.month")
        assert browser.execute_script("const s = arguments[0].parentElement; return s.scrollWidth <= s.clientWidth",
                                      month), "the whole week shows at a desktop's width"
    address = card(browser, "Calendar").find_element(By.NAME, "ical").get_attribute("value")
    assert address.startswith(stack.url + "/v1/ledger/events.ical?householdId=")
    subscribed = httpx.get(address)  # as a calendar app asks: no Authorization header, the token in the address
    assert subscribed.status_code == 200 and subscribed.headers["content-type"].startswith("text/calendar")
    assert subscribed.text.count("SUMMARY:Cleaning") == 1 and "RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=3" in subscribed.text
    card(browser, "Exports").find_element(By.XPATH, ".//button[normalize-space()='bills (CSV)']").click()
    assert not browser.find_elements(By.CSS_SELECTOR, "main .problem")
    check_accessibility(browser)
    screenshot(browser, f"household-lists-{width}")


def test_balances_over_time_step_through_the_bills_days_and_follow_a_roommates_bill(stack, browser, http):
    """Bills entered with their own dates draw each member's net as steps, one line a member, whose legend ends at
    today's balances; a bill a roommate adds through the API redraws it live."""
    ana = f"al{id(stack) % 1000}"
    sign_up(browser, stack, ana, "desktop")
    made = card(browser, "A new household").find_element(By.TAG_NAME, "form")
    fill(made, {"name": "Loft"})
    submit(made)
    wait_for(browser, lambda: card(browser, "Add a bill"))
    token = browser.execute_script("return localStorage.getItem('reckon.ledger.token')")
    home = browser.execute_script("return localStorage.getItem('reckon.ledger.household')")
    bob = f"bo{id(stack) % 1000}"
    assert http.post("/v1/ledger/auth.signup", json={"username": bob, "password": "correct horse"}).status_code == 200
    bob_headers = {"Authorization": "Bearer " + http.post(
        "/v1/ledger/auth.login", json={"username": bob, "password": "correct horse"}).json()["token"]}
    invite = http.post("/v1/ledger/roommates.request", headers={"Authorization": f"Bearer {token}"},
                       json={"householdId": home, "username": bob})
    assert http.post("/v1/ledger/roommates.accept", headers=bob_headers,
                     json={"requestId": invite.json()["requestId"]}).status_code == 200
    wait_for(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, "input[name^='among.']")) == 2
             and not browser.find_elements(By.CSS_SELECTOR, "[aria-busy='true']"))

    bill = card(browser, "Add a bill").find_element(By.TAG_NAME, "form")
    for date, description, amount in [("2026-01-05", "Rent", "90.00"), ("2026-02-01", "Power", "10.00")]:
        browser.execute_script("arguments[0].value = arguments[1]", bill.find_element(By.NAME, "date"), date)
        fill(bill, {"description": description, "amount": amount})
        submit(bill)
        wait_for(browser, lambda: bill_in(browser, description))
    assert bill_in(browser, "2026-01-05"), "the bill keeps the date it was given"
    chart = lambda: card(browser, "Balances over time")  # noqa: E731
    wait_for(browser, lambda: f"{ana}: 50.00 CAD" in chart().text and f"{bob}: -50.00 CAD" in chart().text)
    assert len(chart().find_elements(By.TAG_NAME, "polyline")) == 2
    assert "Jan 5, 2026" in chart().text, "the first day is written in the browser's locale"
    bob_id = http.get("/v1/ledger/auth.me", headers=bob_headers).json()["userId"]
    assert http.post("/v1/ledger/bills.add", headers=bob_headers, json={
        "householdId": home, "description": "Milk", "amount": "3.00", "date": "2026-02-10", "paidBy": bob_id,
        "split": {"kind": "equal"}}).status_code == 200
    wait_for(browser, lambda: f"{ana}: 48.50 CAD" in chart().text and f"{bob}: -48.50 CAD" in chart().text)
    check_accessibility(browser)


def test_an_unavailable_service_shows_a_banner_and_is_asked_again_on_its_own(stack, browser, http):
    """calc's worker stopped (SIGSTOP) until the gateway gives it up: the app's call is answered 503, shown as a
    banner, and asked again after Retry-After; the worker resumed, the answer arrives and the banner goes."""
    open_app(browser, stack, "calc", "desktop")
    calc = stack.named["calc"]
    calc.send_signal(signal.SIGSTOP)
    try:
        wait_for(browser, lambda: http.post("/v1/calc/evaluate", json={"expression": "1"}).status_code == 503, timeout=30)
        form = card(browser, "Expression").find_element(By.TAG_NAME, "form")
        fill(form, {"expression": "6*7"})
        submit(form)
        banner = browser.find_element(By.ID, "banner")
        wait_for(browser, lambda: banner.is_displayed() and "trying again" in banner.text)
    finally:
        calc.send_signal(signal.SIGCONT)
    wait_for(browser, lambda: card(browser, "Expression").find_element(By.CSS_SELECTOR, "ol.history li output").text == "42",
             timeout=30)
    assert not banner.is_displayed()


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


def test_a_dropped_live_connection_resumes_without_a_reload(stack, browser, http):
    """The page's bridge goes away and comes back: EventSource reconnects by itself with its last event id, and a
    bill added meanwhile (through another bridge) shows, in the same page, never reloaded, in the bills and once in
    the activity feed, which keeps every change in order."""
    url = stack.bridge()
    browser.set_window_size(1280, 900)
    browser.get(f"{url}/#/household")
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    wait_for(browser, lambda: card(browser, "New here?"))
    new = card(browser, "New here?").find_element(By.TAG_NAME, "form")
    fill(new, {"username": f"di{id(stack) % 1000}", "password": "correct horse"})
    submit(new)
    made = wait_for(browser, lambda: card(browser, "A new household")).find_element(By.TAG_NAME, "form")
    fill(made, {"name": "Loft"})
    submit(made)
    wait_for(browser, lambda: card(browser, "Add a bill"))
    browser.execute_script("window.notReloaded = true")
    token = browser.execute_script("return localStorage.getItem('reckon.ledger.token')")
    home = browser.execute_script("return localStorage.getItem('reckon.ledger.household')")
    auth = {"Authorization": f"Bearer {token}"}
    me = http.get("/v1/ledger/auth.me", headers=auth).json()["userId"]
    stop_bridge(stack, url)  # the page's stream ends with it
    bill = {"householdId": home, "description": "Added while away", "amount": "12.00", "paidBy": me,
            "split": {"kind": "equal"}}
    assert http.post("/v1/ledger/bills.add", headers=auth, json=bill).status_code == 200
    start_bridge_again(stack, url)
    wait_for(browser, lambda: bill_in(browser, "Added while away"), timeout=60)
    assert browser.execute_script("return window.notReloaded === true")
    wait_for(browser, lambda: "Added while away" in card(browser, "Activity").text)
    cursors = browser.execute_script(
        "return [...document.querySelectorAll('div.feed li[data-cursor]')].map((li) => Number(li.dataset.cursor))")
    assert cursors == list(range(max(cursors), 0, -1)), f"the feed lost or repeated a change: {cursors}"


def test_too_many_requests_are_asked_again_after_retry_after(stack, browser):
    """A bridge allowing each caller one request a second: the app's calls past it are answered 429, shown in the
    banner, and asked again after Retry-After until every one is answered."""
    url = stack.bridge("--caller-rate", "1", "--caller-burst", "1")
    browser.set_window_size(1280, 900)
    browser.get(f"{url}/#/calc")
    form = wait_for(browser, lambda: card(browser, "Expression")).find_element(By.TAG_NAME, "form")
    for expression in ["1+1", "2+2", "3+3"]:
        fill(form, {"expression": expression})
        submit(form)
    banner = browser.find_element(By.ID, "banner")
    wait_for(browser, lambda: banner.is_displayed() and "Too many requests" in banner.text)
    wait_for(browser, lambda: len(card(browser, "Expression").find_elements(By.CSS_SELECTOR, "ol.history li")) >= 3,
             timeout=60)
    assert not banner.is_displayed()
