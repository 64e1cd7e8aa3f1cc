"""Runs a real IHateMoney (PyPI's ihatemoney, in a venv of its own: RECKON_IHATEMONEY_PYTHON) in-process on a
throwaway SQLite database: makes a project from the JSON on standard input through IHateMoney's own REST API, then
prints its "Export" page's bills.json and each member's balance from its statistics API, as one JSON object.

    {"members": [[NAME, WEIGHT], ...], "bills": [[WHAT, PAYER, [OWER, ...], AMOUNT, "Expense"|"Reimbursement",
     DATE], ...]}  →  {"export": TEXT, "balances": {NAME: FLOAT, ...}}
"""
import base64
import json
import sys
import tempfile

from ihatemoney.run import create_app, db


class Settings:
    TESTING = True
    SECRET_KEY = "reckon import test"
    SQLALCHEMY_DATABASE_URI = "sqlite://"
    ENABLE_CAPTCHA = False
    WTF_CSRF_ENABLED = False
    PASSWORD_HASH_METHOD = "pbkdf2:sha1:1"
    PASSWORD_HASH_SALT_LENGTH = 1


def main():
    spec = json.load(sys.stdin)
    app = create_app(Settings, instance_path=tempfile.mkdtemp(prefix="ihatemoney-"))
    with app.app_context():
        db.create_all()
    client = app.test_client()
    auth = {"Authorization": "Basic " + base64.b64encode(b"flat:flat").decode()}

    def ok(response):
        assert response.status_code in (200, 201, 302), response.data
        return response

    ok(client.post("/api/projects", data={"name": "Flat", "id": "flat", "password": "flat",
                                          "contact_email": "flat@example.org", "default_currency": "XXX"}))
    ids = {name: ok(client.post("/api/projects/flat/members", data={"name": name, "weight": weight},
                                headers=auth)).get_json() for name, weight in spec["members"]}
    for what, payer, owers, amount, kind, date in spec["bills"]:
        ok(client.post("/api/projects/flat/bills", headers=auth, data={
            "date": date, "what": what, "payer": ids[payer], "payed_for": [ids[o] for o in owers],
            "amount": amount, "bill_type": kind, "original_currency": "XXX"}))
    ok(client.post("/authenticate", data={"id": "flat", "password": "flat"}))
    export = ok(client.get("/flat/export/bills.json")).data.decode()
    statistics = ok(client.get("/api/projects/flat/statistics", headers=auth)).get_json()
    print(json.dumps({"export": export, "balances": {s["member"]["name"]: s["balance"] for s in statistics}}))


if __name__ == "__main__":
    main()
