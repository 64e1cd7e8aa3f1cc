"""The web app (reckon-http's `/`) in Debian's headless chromium, at a phone's width and a desktop's: the calculator,
tax, ceiling and order apps' whole flows against the real bridge, gateway and workers, the shell's banners, the light
and dark themes, and a first load that fetches nothing from anywhere but the bridge, under 150 kB in all (the shell and the one
app opened, gzipped). axe finds no violation on any page with its results shown (web.py). The household app's tests
are in test_web_household.py."""
import re
import signal

import pytest
from selenium.webdriver.common.by import By

from web import (ONE_ENGINE, WIDTHS, card, check_accessibility, console_errors, field_error, fill,
                 french, open_app, press, screenshot, submit, wait_for)


@ONE_ENGINE
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


@ONE_ENGINE
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


@ONE_ENGINE
@pytest.mark.parametrize("width", WIDTHS)
def test_every_empty_field_of_a_form_is_named_at_once_in_its_own_words(stack, browser, width):
    """Signing up with nothing typed names both fields (it once named only the password), before anything is sent."""
    open_app(browser, stack, "household", width)
    browser.execute_script("localStorage.clear(); localStorage.setItem('reckon.language', 'en')")  # no one signed in
    browser.refresh()
    wait_for(browser, lambda: card(browser, "New here?"))
    sign_up_form = card(browser, "New here?").find_element(By.TAG_NAME, "form")
    submit(sign_up_form)
    wait_for(browser, lambda: field_error(sign_up_form, "username") == "Username is needed.")
    assert field_error(sign_up_form, "password") == "Password is needed."
    assert browser.switch_to.active_element == sign_up_form.find_element(By.NAME, "username")


@ONE_ENGINE
@pytest.mark.parametrize("width", WIDTHS)
def test_every_app_follows_the_system_theme_with_contrast_kept_in_both_languages(stack, browser, width):
    """With the system asking for light and then for dark (Chromium's media emulation), every app's first view, in
    English and in French, takes that theme's paper, and axe, which checks every text's contrast, finds nothing. (The
    English flows check every later view in the theme of their width, web.THEMES; the French flows,
    test_web_languages.py, in both themes.)"""
    for language in ("en", "fr-CA"):
        add = "Add " if language == "en" else french("order", "Add {dish}", dish="")
        for theme, paper in [("light", "rgb(255, 255, 255)"), ("dark", "rgb(20, 23, 27)")]:
            for app, ready in [("calc", "form"), ("tax", "select[name=province] option"), ("ceiling", "ul.choices a"),
                               ("order", f"button[aria-label^='{add}']"), ("household", "form")]:
                open_app(browser, stack, app, width, theme, language)
                wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, f"main {ready}"))
                shown = browser.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
                assert shown == paper, f"{app} in {theme}: {shown}"
                assert browser.execute_script("return document.documentElement.lang") == language
                check_accessibility(browser)
    assert console_errors(browser) == [], "every text has its French"


@ONE_ENGINE
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


@ONE_ENGINE
@pytest.mark.parametrize("language", ["en", "fr-CA"])
@pytest.mark.parametrize("app", ["calc", "tax", "ceiling", "order", "household"])
def test_a_first_load_fetches_only_from_the_bridge_under_150_kB(stack, browser, app, language):
    """In either language: in French the page's words for the shell and the app come too, and no other app's."""
    browser.execute_cdp_cmd("Network.clearBrowserCache", {})
    open_app(browser, stack, app, "desktop", language=language)
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    entries = browser.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".map(e => [e.name, e.transferSize])")
    assert all(name.startswith(stack.url + "/") for name, _ in entries), entries
    assert any(name.endswith("/js/main.js") for name, _ in entries)
    total = sum(size for _, size in entries)
    print(f"first load of #/{app} in {language} ({stack.engine}): {total} bytes transferred in {len(entries)} fetches")
    assert 0 < total < 150_000, entries
    others = {"calc": "calc.js", "tax": "tax.js", "ceiling": "ceiling.js", "order": "order.js",
              "household": "household/index.js"}
    fetched = [name for name, _ in entries for other, path in others.items() if other != app
               and (name.endswith(path) or f"/words/fr-CA/{other}" in name)]
    assert fetched == [], f"another app's code came with {app}: {fetched}"


@ONE_ENGINE
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
