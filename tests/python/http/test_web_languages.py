"""The web app in Canadian French, in headless chromium: chosen from the browser's languages and by the page's
switch; every app's flow in French with its numbers, money and dates written the French way; the API's English
errors said in French by their code and field; axe finding nothing on any view in either theme; and no text left
without its French (t() reports one on the console)."""
import re

import pytest
from selenium.webdriver.common.by import By

from web import (WIDTHS, card, check_accessibility, console_errors, field_error, fill, french, open_app, press,
                 screenshot, sign_up, submit, wait_for)

FRENCH = "fr-CA"
# On SQLite only: what these check (the page's language) is the same on either engine, which the English flows run on.
pytestmark = pytest.mark.parametrize("stack", ["sqlite"], indirect=True)


def french_number(text):
    """An exact decimal as fr-CA writes it, `1535.22` → `1 535,22`, as selenium reads it (the page's no-break spaces
    read as spaces)."""
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _, fraction = digits.partition(".")
    grouped = f"{int(whole):,}".replace(",", " ")
    return sign + grouped + ("," + fraction if fraction else "")


def french_money(text):
    """An amount in Canadian dollars as fr-CA writes it: `85 000,00 $`."""
    return f"{french_number(text)} $"


def main_text(browser):
    return browser.find_element(By.TAG_NAME, "main").text


def check_both_themes(browser):
    """axe finds nothing on the view as it is, with the system asking for dark and then for light (the page follows
    it live, so the view stays as the flow left it)."""
    for theme in ("dark", "light"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": theme}]})
        check_accessibility(browser)


def no_text_without_french(browser):
    errors = console_errors(browser)
    assert errors == [], errors


def test_the_page_takes_the_browsers_language_and_its_switch_keeps_the_other(stack, browser):
    agent = browser.execute_script("return navigator.userAgent")
    browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "fr-CA,fr,en"})
    try:
        open_app(browser, stack, "calc", "desktop")
        browser.execute_script("localStorage.removeItem('reckon.language')")
        browser.refresh()
        wait_for(browser, lambda: browser.find_element(By.CSS_SELECTOR, "main h1").text == french("shell", "Calculator"))
        assert browser.execute_script("return document.documentElement.lang") == FRENCH
        assert browser.find_element(By.CSS_SELECTOR, "nav a[href='#/household']").text == french("shell", "Household")
        switch = browser.find_element(By.ID, "language")
        assert switch.text == "English" and switch.get_attribute("lang") == "en"
        switch.click()
        wait_for(browser, lambda: browser.find_element(By.CSS_SELECTOR, "main h1").text == "Calculator")
        assert browser.execute_script("return document.documentElement.lang") == "en"
        browser.refresh()  # the choice outlives the page
        wait_for(browser, lambda: browser.find_element(By.CSS_SELECTOR, "main h1").text == "Calculator")
        browser.find_element(By.ID, "language").click()
        wait_for(browser, lambda: browser.find_element(By.CSS_SELECTOR, "main h1").text == french("shell", "Calculator"))
        no_text_without_french(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "en-US,en"})


@pytest.mark.parametrize("width", WIDTHS)
def test_the_calculator_in_french(stack, browser, http, width):
    open_app(browser, stack, "calc", width, language=FRENCH)
    expression = card(browser, french("calc", "Expression"))
    form = expression.find_element(By.TAG_NAME, "form")
    fill(form, {"expression": "1/3"})
    submit(form)
    # The history is drawn again as the answer settles: its button is found and clicked in one step, again if it went.
    wait_for(browser, lambda: expression.find_element(By.CSS_SELECTOR, "ol.history li button").click() or True)
    wait_for(browser, lambda: "≈ 0,333333333333333" in expression.text)

    units = card(browser, french("calc", "Units"))
    wait_for(browser, lambda: len(units.find_elements(By.CSS_SELECTOR, "select[name=from] option")) > 1)
    fill(units, {"value": "1,5", "from": "km", "to": "m"})
    submit(units.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: "1,5 km = 1500 m" in units.text)

    dates = card(browser, french("calc", "Dates"))
    browser.execute_script("arguments[0].value = '2026-01-01'; arguments[1].value = '2026-12-25';",
                           dates.find_element(By.NAME, "from"), dates.find_element(By.NAME, "to"))
    submit(dates.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: f"{french('calc', 'Weeks')} ≈ 51,14" in dates.text)

    compound = card(browser, french("calc", "Compound interest"))
    submit(compound.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: len(compound.find_elements(By.CSS_SELECTOR, "tbody tr")) == 10)

    loan = card(browser, french("calc", "Loan"))
    fill(loan, {"principal": "250 000", "ratePercent": "5,5"})
    submit(loan.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: loan.find_elements(By.CSS_SELECTOR, "tbody tr"))
    payment = http.post("/v1/calc/loan", json={"principal": "250000", "ratePercent": "5.5", "years": "25",
                                               "paymentsPerYear": 12}).json()["payment"]
    assert french_number(payment) in loan.find_element(By.CSS_SELECTOR, ".result").text
    check_both_themes(browser)

    fill(loan, {"principal": "deux cents"})
    submit(loan.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: field_error(loan, "principal"))
    assert field_error(loan, "principal") == french(
        "shell", "{label}: give a number, such as 85000 or 85,000.50.", label=french("calc", "Principal"))
    assert not loan.find_elements(By.CSS_SELECTOR, "tbody tr"), "no answer stands beside the refused input"
    no_text_without_french(browser)
    screenshot(browser, f"calc-{FRENCH}-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_tax_estimate_in_french_names_quebecs_lines_as_revenu_quebec_does(stack, browser, http, width):
    open_app(browser, stack, "tax", width, language=FRENCH)
    estimate = card(browser, french("tax", "Estimate"))
    form = estimate.find_element(By.TAG_NAME, "form")
    wait_for(browser, lambda: len(form.find_elements(By.CSS_SELECTOR, "select[name=province] option")) > 10)
    fill(form, {"employment": "85 000,00", "province": "QC"})
    submit(form)
    wait_for(browser, lambda: estimate.find_elements(By.CSS_SELECTOR, "tbody tr"))
    year = int(form.find_element(By.NAME, "year").get_attribute("value"))
    expected = http.post("/v1/calc/tax.estimate", json={"income": {"employment": "85000.00"}, "province": "QC",
                                                        "year": year}).json()
    assert french_money(expected["total"]) in estimate.find_element(By.CSS_SELECTOR, ".result").text
    assert "Abattement du Québec remboursable" in estimate.text
    assert "Québec" in estimate.text and "Quebec" not in estimate.text

    topics = card(browser, french("tax", "Topics"))
    search = topics.find_element(By.TAG_NAME, "form")
    fill(search, {"query": "REER"})  # the French name of an RRSP
    submit(search)
    wait_for(browser, lambda: topics.find_elements(By.TAG_NAME, "details"))
    rrsp = topics.find_element(By.TAG_NAME, "details")
    rrsp.find_element(By.TAG_NAME, "summary").click()
    submit(rrsp.find_element(By.TAG_NAME, "form"))
    wait_for(browser, lambda: rrsp.find_elements(By.CSS_SELECTOR, "tbody tr"))
    assert "Quebec" not in topics.text
    check_both_themes(browser)
    no_text_without_french(browser)
    screenshot(browser, f"tax-{FRENCH}-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_ceiling_estimator_in_french(stack, browser, width):
    open_app(browser, stack, "ceiling", width, language=FRENCH)
    wait_for(browser, lambda: browser.find_elements(By.LINK_TEXT, "KWIKLOC Regal"))
    browser.find_element(By.LINK_TEXT, "KWIKLOC Regal").click()
    wait_for(browser, lambda: browser.find_elements(By.LINK_TEXT, "600 X 600"))
    browser.find_element(By.LINK_TEXT, "600 X 600").click()
    wait_for(browser, lambda: browser.find_elements(By.NAME, "drop_m"))
    form = browser.find_element(By.CSS_SELECTOR, "main form")
    fill(form, {"length_m": "6", "width_m": "4", "drop_m": "0,5"})
    submit(form)
    materials_title = french("ceiling", "Bill of materials")
    wait_for(browser, lambda: materials_title in main_text(browser))
    materials = card(browser, materials_title)
    headers = [cell.text for cell in materials.find_elements(By.CSS_SELECTOR, "thead th")]
    assert headers[:2] == [french("ceiling", "Component"), french("ceiling", "Quantity")], headers
    check_both_themes(browser)
    no_text_without_french(browser)


@pytest.mark.parametrize("width", WIDTHS)
def test_ordering_in_french(stack, browser, width):
    open_app(browser, stack, "order", width, language=FRENCH)
    browser.execute_script("localStorage.clear(); localStorage.setItem('reckon.language', arguments[0])", FRENCH)
    browser.refresh()
    add = french("order", "Add {dish}", dish="Classic poutine")
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, f"button[aria-label='{add}']"))
    press(browser, f"button[aria-label='{add}']")
    basket = card(browser, french("order", "Basket"))
    wait_for(browser, lambda: "Classic poutine" in basket.text)
    assert re.search(r"\d,\d\d \$", basket.text), "prices read the French way"
    check_both_themes(browser)
    checkout = card(browser, french("order", "Checkout")).find_element(By.TAG_NAME, "form")
    phone = {"phone": "613 555 0201", "desktop": "613 555 0202"}[width]
    fill(checkout, {"name": "Ana Roy", "phone": phone, "street": "1 rue Principale", "city": "Gatineau",
                    "postalCode": "J8X 1A1"})
    submit(checkout)
    wait_for(browser, lambda: "#/order/" in browser.current_url)
    wait_for(browser, lambda: browser.find_element(By.CSS_SELECTOR, "main h1").text == french("order", "Your order"))
    check_both_themes(browser)
    no_text_without_french(browser)
    screenshot(browser, f"order-{FRENCH}-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_household_in_french(stack, browser, width):
    name = f"fr{width}{id(stack) % 1000}"
    sign_up(browser, stack, name, width, language=FRENCH)
    made = card(browser, french("household", "A new household")).find_element(By.TAG_NAME, "form")
    fill(made, {"name": "Appartement 3"})
    submit(made)
    bill = wait_for(browser, lambda: card(browser, french("household", "Add a bill")).find_element(By.TAG_NAME, "form"))
    fill(bill, {"description": "Épicerie", "amount": "1 234,50"})
    submit(bill)
    activity = french("household", "Activity")
    wait_for(browser, lambda: "Épicerie" in card(browser, activity).text)
    assert french_money("1234.50") in card(browser, activity).text
    check_both_themes(browser)
    no_text_without_french(browser)
    screenshot(browser, f"household-{FRENCH}-{width}")
