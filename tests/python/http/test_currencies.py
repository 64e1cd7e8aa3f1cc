"""Bills and payments in another currency through reckon-http, the gateway and the ledger, valued at the reference
rate of their date that calc (another worker, reached over the gateway) reads from the sample ECB table, or at the
payer's rate or amount; `balances` and `settle.suggest` with `in`, on both engines."""
from fractions import Fraction

from test_import import household_with_three
from test_mapping import problem


def cents(text):
    """A two-decimal amount in cents."""
    return int(text.replace(".", ""))


def add(http, headers, home, payer, description, amount, currency, date, **value):
    bill = {"householdId": home, "description": description, "amount": amount, "currency": currency, "date": date,
            "paidBy": payer, "split": {"kind": "equal"}, **value}
    return http.post("/v1/ledger/bills.add", headers=headers, json=bill)


def test_entries_are_valued_at_their_dates_rate_and_settle_in_one_currency(http, member):
    headers, home, me, (_, bob, bob_headers), (_, cyd, _) = household_with_three(http, member)
    # 1.4368 CAD and 138.52 JPY per EUR on 2023-01-03: 0.01037250938 CAD per JPY, to 10 digits.
    ramen = add(http, headers, home, me, "Ramen", "3000", "JPY", "2023-01-04")
    assert ramen.status_code == 200, ramen.text
    assert ramen.json()["value"] == {"currency": "CAD", "amount": "31.12", "rate": "0.01037250938",
                                     "rateDate": "2023-01-03", "source": "reference:ecb-rates-sample.xml"}
    fondue = add(http, bob_headers, home, bob, "Fondue", "90.00", "CHF", "2026-11-20", convertedAmount="132.00")
    assert fondue.status_code == 200, fondue.text
    assert fondue.json()["value"]["rate"] == "1.466666667" and fondue.json()["value"]["source"] == "payer"
    paid = http.post("/v1/ledger/payments.record", headers=headers, json={
        "householdId": home, "from": cyd, "to": me, "amount": "10.00", "currency": "USD", "date": "2023-01-03",
        "rate": "1.35"})
    assert paid.status_code == 200, paid.text
    assert paid.json()["value"]["amount"] == "13.50"

    balances = http.get("/v1/ledger/balances", params={"householdId": home, "in": "CAD"}, headers=headers)
    assert balances.status_code == 200, balances.text
    body = balances.json()
    assert body["valuedIn"] == "CAD" and {m["currency"] for m in body["members"]} == {"CAD"}
    nets = {m["userId"]: cents(m["net"]) for m in body["members"]}
    # Exactly, in cents: the ramen's 1,000 JPY shares are 1037⅓ each of its 31.12 (3112/3000 a yen), the fondue's
    # shares 44.00 of its 132.00, and the payment 13.50. Each net is that sum rounded once, and they add up to 0.
    exact = {me: Fraction(3112) - Fraction(3112, 3) - 4400 - 1350, bob: 13200 - Fraction(3112, 3) - 4400,
             cyd: -Fraction(3112, 3) - 4400 + 1350}
    assert sum(exact.values()) == 0 and sum(nets.values()) == 0
    assert all(abs(nets[user] - exact[user]) < 1 for user in exact), (nets, exact)
    plan = http.get("/v1/ledger/settle.suggest", params={"householdId": home, "in": "CAD"}, headers=headers)
    assert plan.status_code == 200, plan.text
    transfers = plan.json()["transfers"]
    assert {(t["from"], t["to"], cents(t["amount"]), t["currency"]) for t in transfers} == {
        (me, bob, -nets[me], "CAD"), (cyd, bob, -nets[cyd], "CAD")}
    for transfer in transfers:
        assert sum(cents(reason["amount"]) for reason in transfer["because"]) == cents(transfer["amount"])
    apart = http.get("/v1/ledger/balances", params={"householdId": home}, headers=headers).json()
    assert apart["currencies"] == ["CHF", "JPY", "USD"] and "valuedIn" not in apart


def test_a_date_the_rates_miss_is_refused_unless_the_payer_gives_a_rate(http, member):
    headers, home, me, _, _ = household_with_three(http, member)
    body = problem(add(http, headers, home, me, "Sushi", "5000", "JPY", "2026-11-20"), 400, "failed_precondition",
                   "rate")
    assert "2026-11-20" in body["message"]
    problem(add(http, headers, home, me, "Sushi", "5000", "JPY", "2026-11-20", rate="0.0091", convertedAmount="45.50"),
            400, "invalid_argument", "rate")
    problem(add(http, headers, home, me, "Bread", "4.00", "CAD", "2026-11-20", rate="1"), 400, "invalid_argument",
            "rate")
    assert http.get("/v1/ledger/bills.list", params={"householdId": home}, headers=headers).json()["bills"] == []
    given = add(http, headers, home, me, "Sushi", "5000", "JPY", "2026-11-20", rate="0.0091")
    assert given.status_code == 200 and given.json()["value"]["amount"] == "45.50"
    problem(http.get("/v1/ledger/balances", params={"householdId": home, "in": "EUR"}, headers=headers), 400,
            "invalid_argument", "in")
