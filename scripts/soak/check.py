"""The soak test's verdict on the data (scripts/soak.sh), read straight from PostgreSQL with psql:

- every acknowledged order is stored once, for its cart, with the quantity its one cart.add asked for (a cart.add
  applied twice would double it); every acknowledged bill's description (its key) is stored once, as that bill;
- carts and bills stored that no acknowledgement names are counted, and allowed only up to the writes the load gave
  up on (those may have landed, once);
- the ledger's running totals (ledger_balances, ledger_debts) equal a recomputation from the live bills, payments and
  rounding transfers, and so do the stored rounding residues, every one within a minor unit (totals.sql);
- both gateways list every worker of every service again (no process left stuck).

    check.py --acks FILE --db-host ADDRESS --endpoints A,B --workers N --result FILE
    check.py --workers-only --endpoints A,B --workers N     only the last check (the soak's start waits on it)
    check.py --plant ...   (same options as the first form, after a passing verdict) plants one lost order, one
                           doubled bill, one wrong total and one wrong residue (plant.sql), and passes only if the
                           verdict names all four
Exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import Dict, List

import reckon
from reckon import gateway


PLANTED = ("orders lost", "bills doubled", "balance rows disagreeing", "residues disagreeing")


def query(host: str, sql: str, variables: Dict[str, str] = {}) -> List[List[str]]:
    """Rows of ``sql`` on the soak's database, each a list of text columns; ``variables`` are psql's ``:'name'``."""
    settings = [argument for name, value in variables.items() for argument in ("-v", f"{name}={value}")]
    output = subprocess.run(
        ["psql", "-h", host, "-p", "5432", "-U", "postgres", "-d", "reckon", "-X", "-v", "ON_ERROR_STOP=1", "-At",
         "-F", "\t", *settings],
        input=sql, check=True, capture_output=True, text=True,
    ).stdout
    return [line.split("\t") for line in output.splitlines() if line]


def writes(acks: Path) -> Dict[str, List[dict]]:
    by_kind: Dict[str, List[dict]] = {}
    for line in acks.read_text().splitlines():
        record = json.loads(line)
        by_kind.setdefault(record["kind"] + ("" if record.get("acked", True) else "-given-up"), []).append(record)
    return by_kind


def check_orders(host: str, by_kind: Dict[str, List[dict]]) -> Dict[str, int]:
    stored = {row[0]: (row[1], int(row[2])) for row in query(host, """
        SELECT o.id, o.cart_id, COALESCE(SUM(l.quantity), 0) FROM orders_orders o
        LEFT JOIN orders_order_lines l ON l.order_id = o.id GROUP BY o.id, o.cart_id""")}
    per_cart = Counter(cart for cart, _ in stored.values())
    lost = doubled = 0
    for order in by_kind.get("order", []):
        found = stored.get(order["orderId"])
        if found is None or found[0] != order["cartId"]:
            lost += 1
        elif found[1] != order["quantity"] or per_cart[order["cartId"]] != 1:
            doubled += 1
    carts = {row[0] for row in query(host, "SELECT id FROM orders_carts")}
    acknowledged = {cart["cartId"] for cart in by_kind.get("cart", [])}
    return {"orders acknowledged": len(by_kind.get("order", [])), "orders lost": lost, "orders doubled": doubled,
            "carts lost": len(acknowledged - carts), "carts unacknowledged": len(carts - acknowledged),
            "carts given up": len(by_kind.get("cart-given-up", []))}


def check_bills(host: str, by_kind: Dict[str, List[dict]]) -> Dict[str, int]:
    stored: Dict[str, List[str]] = {}
    for description, bill in query(host, "SELECT description, id FROM ledger_bills WHERE deleted_at IS NULL"):
        stored.setdefault(description, []).append(bill)
    acknowledged = {bill["key"]: bill["billId"] for bill in by_kind.get("bill", [])}
    lost = sum(1 for key, bill in acknowledged.items() if bill not in stored.get(key, []))
    doubled = sum(len(bills) - 1 for bills in stored.values() if len(bills) > 1)
    return {"bills acknowledged": len(acknowledged), "bills lost": lost, "bills doubled": doubled,
            "bills unacknowledged": sum(1 for key in stored if key not in acknowledged),
            "bills given up": len(by_kind.get("bill-given-up", []))}


def check_totals(host: str) -> Dict[str, int]:
    sql = (Path(__file__).parent / "totals.sql").read_text()
    row = query(host, sql)[0]
    return {"balance rows disagreeing": int(row[0]), "debt pairs disagreeing": int(row[1]),
            "entries with several creditors": int(row[2]), "balance rows": int(row[3]),
            "residues disagreeing": int(row[4]), "residues a cent out": int(row[5]), "rounding transfers": int(row[6])}


def check_workers(endpoints: List[str], workers: int, patience: float = 60) -> Dict[str, int]:
    """Gateways that, within ``patience`` seconds, do not list ``workers`` workers of each service."""
    missing = 0
    for endpoint in endpoints:
        last = None
        deadline = time.monotonic() + patience
        with reckon.Client(endpoint, timeout=5) as client:
            while time.monotonic() < deadline:
                try:
                    last = {entry["name"]: entry["workers"] for entry in gateway.health(client)["services"]}
                except reckon.Error as error:
                    last = str(error)
                if isinstance(last, dict) and all(last.get(name) == workers for name in ("calc", "orders", "ledger")):
                    break
                time.sleep(0.5)
            else:
                print(f"soak check: {endpoint} lists {last}, not {workers} workers of each service")
                missing += 1
    return {"gateways missing workers": missing}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--acks", type=Path)
    parser.add_argument("--db-host")
    parser.add_argument("--endpoints", required=True)
    parser.add_argument("--workers", type=int, required=True, help="workers of each service on each gateway")
    parser.add_argument("--result", type=Path)
    parser.add_argument("--workers-only", action="store_true")
    parser.add_argument("--plant", action="store_true", help="check the check: plant faults, expect them found")
    options = parser.parse_args()
    if options.workers_only:
        return 1 if check_workers(options.endpoints.split(","), options.workers)["gateways missing workers"] else 0
    if options.acks is None or options.db_host is None or options.result is None:
        parser.error("--acks, --db-host and --result are needed")
    by_kind = writes(options.acks)
    if options.plant:
        query(options.db_host, (Path(__file__).parent / "plant.sql").read_text(),
              {"order_id": by_kind["order"][0]["orderId"], "bill_id": by_kind["bill"][0]["billId"]})
    result = {**check_orders(options.db_host, by_kind), **check_bills(options.db_host, by_kind),
              **check_totals(options.db_host), **check_workers(options.endpoints.split(","), options.workers)}
    failures = [name for name in ("orders lost", "orders doubled", "carts lost", "bills lost", "bills doubled",
                                  "balance rows disagreeing", "debt pairs disagreeing",
                                  "entries with several creditors", "residues disagreeing", "residues a cent out",
                                  "gateways missing workers") if result[name]]
    if result["carts unacknowledged"] > result["carts given up"]:
        failures.append("carts unacknowledged beyond those given up")
    if result["bills unacknowledged"] > result["bills given up"]:
        failures.append("bills unacknowledged beyond those given up")
    result["failures"] = failures
    options.result.write_text(json.dumps(result, indent=1))
    print("soak check:", ", ".join(f"{name} {value}" for name, value in result.items() if name != "failures"))
    if options.plant:
        missed = [name for name in PLANTED if name not in failures]
        verdict = f"FAILED (missed {'; '.join(missed)})" if missed else "every planted fault found"
        print("soak check of the check:", verdict)
        return 1 if missed else 0
    print("soak check:", f"FAILED ({'; '.join(failures)})" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
