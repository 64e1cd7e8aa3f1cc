"""Times import.start through reckon-http at BASE: writes a Splitwise group export of ROWS rows (three members; a
bill of whole cents paid by one and split among all three or two, a settlement every tenth row; `Total balance`
last), then RUNS times, into a fresh household of the three, a dry run and the import. Every answer is checked:
a 200, the counts, no errors, and the balances after it equal to the file's totals; anything else fails the run.
Then, side by side on the imported household, `balances` and `settle.suggest` as they are (running totals) and with
`in: "CAD"` (every entry read and valued), SAMPLES calls each: the valued nets and plan must equal the plain ones.
Prints each run's figures and their medians.

    python3 scripts/bench/import-run.py BASE ROWS RUNS
"""
import csv
import io
import json
import random
import statistics
import sys
import time
import urllib.request
import uuid

NAMES = ["Ana", "Bob", "Cyd"]


def post(base, op, args, token=None):
    """The answer to POST /v1/ledger/OP: (seconds taken, JSON body). Fails on anything but a 200."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(f"{base}/v1/ledger/{op}", data=json.dumps(args).encode(), headers=headers)
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as response:
        body = response.read()
        taken = time.perf_counter() - started
        if response.status != 200:
            sys.exit(f"{op} answered {response.status}: {body[:500]!r}")
    return taken, json.loads(body)


def splitwise(rows, seed=7):
    """The export's text, its bill and payment counts, and each name's closing net in cents."""
    rng = random.Random(seed)
    nets = dict.fromkeys(NAMES, 0)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Date", "Description", "Category", "Cost", "Currency", *NAMES])
    writer.writerow([])
    bills = payments = 0
    for index in range(rows):
        date = f"2025-{1 + index % 12:02d}-{1 + index % 28:02d}"
        row_nets = dict.fromkeys(NAMES, 0)
        if index % 10 == 9:
            payer, payee = rng.sample(NAMES, 2)
            cost = rng.randint(100, 20000)
            row_nets[payer], row_nets[payee] = cost, -cost
            row = [date, f"{payer} paid {payee}", "Payment", cost]
            payments += 1
        else:
            among = NAMES if index % 3 else rng.sample(NAMES, 2)
            payer = rng.choice(NAMES)
            share = rng.randint(100, 10000)
            cost = share * len(among)
            for name in among:
                row_nets[name] -= share
            row_nets[payer] += cost
            row = [date, f'Bill {index}, "shared"', "General", cost]
            bills += 1
        for name in NAMES:
            nets[name] += row_nets[name]
        writer.writerow([*row[:3], cents(row[3]), "CAD", *(cents(row_nets[name]) for name in NAMES)])
    writer.writerow([])
    writer.writerow(["2025-12-31", "Total balance", " ", " ", "CAD", *(cents(nets[name]) for name in NAMES)])
    return out.getvalue(), bills, payments, nets


def cents(value):
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"


def main(base, rows, runs):
    text, bills, payments, nets = splitwise(rows)
    suffix = uuid.uuid4().hex[:6]
    tokens, ids = [], []
    for name in NAMES:
        username = f"{name.lower()}{suffix}"
        post(base, "auth.signup", {"username": username, "password": "bench password", "displayName": name})
        tokens.append(post(base, "auth.login", {"username": username, "password": "bench password"})[1]["token"])
        ids.append(post(base, "auth.me", {}, tokens[-1])[1]["userId"])
    print(f"file: {rows} rows ({bills} bills, {payments} payments), {len(text.encode())} bytes")
    figures = []
    for run in range(runs):
        home = post(base, "household.create", {"name": f"Run {run}", "currency": "CAD"}, tokens[0])[1]["householdId"]
        for index, username in ((1, f"bob{suffix}"), (2, f"cyd{suffix}")):
            request = post(base, "roommates.request", {"householdId": home, "username": username}, tokens[0])[1]
            post(base, "roommates.accept", {"requestId": request["requestId"]}, tokens[index])
        args = {"householdId": home, "from": "splitwise", "file": text}
        dry, preview = post(base, "import.start", {**args, "dryRun": True}, tokens[0])
        done, result = post(base, "import.start", args, tokens[0])
        for answer in (preview, result):
            if (answer["bills"], answer["payments"], answer["errors"]) != (bills, payments, []):
                sys.exit(f"unexpected answer: {json.dumps(answer)[:800]}")
        balances = post(base, "balances", {"householdId": home}, tokens[0])[1]["members"]
        got = {b["userId"]: b["net"] for b in balances if b["currency"] == "CAD"}
        want = {ids[i]: cents(nets[name]) for i, name in enumerate(NAMES)}
        if got != want:
            sys.exit(f"balances {got} are not the file's totals {want}")
        reads = valued_reads(base, home, tokens[0], want)
        figures.append((dry, done, *reads))
        print(f"run {run + 1}: dry run {dry:.3f} s, import {done:.3f} s ({rows / done:.0f} rows/s); " + reading(reads))
    medians = [statistics.median(f[i] for f in figures) for i in range(6)]
    dry, done = medians[:2]
    print(f"median: dry run {dry:.3f} s, import {done:.3f} s ({rows / done:.0f} rows/s); " + reading(medians[2:])
          + ", every answer checked")


SAMPLES = 21


def valued_reads(base, home, token, want):
    """Median seconds of `balances` and `settle.suggest`, each plain and `in: CAD`, SAMPLES calls each in turn; the
    valued answers must equal the plain ones (every entry is in CAD)."""
    taken = {key: [] for key in ("balances", "balances in", "settle", "settle in")}
    for _ in range(SAMPLES):
        for key, op, args in (("balances", "balances", {}), ("balances in", "balances", {"in": "CAD"}),
                              ("settle", "settle.suggest", {}), ("settle in", "settle.suggest", {"in": "CAD"})):
            seconds, answer = post(base, op, {"householdId": home, **args}, token)
            taken[key].append(seconds)
            if op == "balances" and {b["userId"]: b["net"] for b in answer["members"]} != want:
                sys.exit(f"{key} nets are not the file's totals: {json.dumps(answer)[:800]}")
            if op == "settle.suggest":
                plan = sorted((t["from"], t["to"], t["amount"]) for t in answer["transfers"])
                taken.setdefault(f"{key} plan", plan)
                if plan != taken["settle plan"]:
                    sys.exit(f"{key} plan {plan} differs from the plain one {taken['settle plan']}")
    return [statistics.median(taken[key]) for key in ("balances", "balances in", "settle", "settle in")]


def reading(reads):
    """The four read figures, in ms."""
    balances, balances_in, settle, settle_in = (1000 * value for value in reads)
    return (f"balances {balances:.1f} ms, in CAD {balances_in:.1f} ms; settle.suggest {settle:.1f} ms, "
            f"in CAD {settle_in:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
