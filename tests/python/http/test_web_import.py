"""The household app's import card in Debian's headless chromium: a Splitwise export chosen from disk is previewed,
its unmatched name is mapped to a member in the page (or someone is invited by username for it), and the import lands
in the household's bills and balances; axe finds no violation with the preview shown."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from web import bill_in, card, check_accessibility, household_with_roommate, submit, wait_for


def test_a_splitwise_export_is_previewed_mapped_and_imported(stack, browser, http, tmp_path):
    bob = f"ib{id(stack) % 1000}"
    headers, home, _ = household_with_roommate(browser, stack, http, f"im{id(stack) % 1000}", bob, "Moving in")
    me = http.get("/v1/ledger/auth.me", headers=headers).json()["userId"]

    # "Ana S." is nobody's name here, so the preview asks who she is; Bob's column is his username.
    export = tmp_path / "group.csv"
    export.write_text(f"Date,Description,Category,Cost,Currency,Ana S.,{bob}\r\n\r\n"
                      "2026-01-05,Groceries,Groceries,60.00,CAD,30.00,-30.00\r\n\r\n"
                      "2026-01-31,Total balance, , ,CAD,30.00,-30.00\r\n")
    importer = card(browser, "Import").find_element(By.TAG_NAME, "form")
    importer.find_element(By.NAME, "file").send_keys(str(export))
    submit(importer)
    who = "select[aria-label='Who is Ana S.?']"
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, who))
    assert "Rows to fix" in card(browser, "Import").text
    go = lambda: browser.find_element(By.XPATH, "//button[normalize-space()='Import them']")  # noqa: E731
    assert not go().is_enabled()
    check_accessibility(browser)

    Select(browser.find_element(By.CSS_SELECTOR, who)).select_by_value(me)
    wait_for(browser, lambda: "Rows to fix" not in card(browser, "Import").text and go().is_enabled())
    assert "Bills to import: 1. Payments: 0." in card(browser, "Import").text
    go().click()
    wait_for(browser, lambda: "Imported. Bills: 1. Payments: 0." in card(browser, "Import").text)
    wait_for(browser, lambda: bill_in(browser, "Groceries"))
    balances = http.get("/v1/ledger/balances", params={"householdId": home}, headers=headers).json()["members"]
    assert {b["userId"]: b["net"] for b in balances} == {me: "30.00", next(
        b["userId"] for b in balances if b["userId"] != me): "-30.00"}


def test_a_name_nobody_answers_to_is_invited_from_the_preview(stack, browser, http, tmp_path):
    headers, home, _ = household_with_roommate(browser, stack, http, f"iv{id(stack) % 1000}", f"ic{id(stack) % 1000}",
                                               "Inviting")
    guest = f"ig{id(stack) % 1000}"
    assert http.post("/v1/ledger/auth.signup", json={"username": guest, "password": "correct horse"}).status_code == 200
    export = tmp_path / "trip.csv"
    export.write_text("Date,Description,Category,Cost,Currency,Dee\r\n2026-03-01,Train,General,20.00,CAD,0.00\r\n")
    importer = card(browser, "Import").find_element(By.TAG_NAME, "form")
    importer.find_element(By.NAME, "file").send_keys(str(export))
    submit(importer)
    username = "input[aria-label='Username to invite as Dee']"
    wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, username))
    check_accessibility(browser)
    browser.find_element(By.CSS_SELECTOR, username).send_keys(guest)
    card(browser, "Import").find_element(By.XPATH, ".//button[normalize-space()='Invite']").click()
    wait_for(browser, lambda: f"Invited {guest}: import once they accept." in card(browser, "Import").text)
    sent = http.get("/v1/ledger/roommates.list", params={"householdId": home}, headers=headers).json()["sent"]
    assert [(r["user"]["username"], r["status"]) for r in sent if r["user"]["username"] == guest] == [
        (guest, "pending")]
