"""Keeping every member within one minor unit needs transfers between members; deletes need them too (issue #27,
item 5). Exact fractions; fixed seeds, so every run prints the same figures.

    python3 scripts/analysis/rounding_repair.py [--runs N] [--writes N]

1. The harmonic adversary: one unit split equally among all n members, then among the n - 1 who did not pay, ...,
   then among the last 2. Whatever the rule, the member who never paid ends at -(1/2 + ... + 1/n); printed for
   error diffusion beside the same bills with transfers.
2. Deletes without repair: 2m bills of one unit split equally between two members, then the adversary deletes the
   m or more in which the same member paid; that member is m/2 or more units off, whatever the rule.
3. Households of 2 to 10 members with random adds, edits (a delete and an add) and deletes of weighted bills among
   random subsets: the largest residue with error diffusion alone, and with error diffusion plus transfers, and how
   often a transfer was needed.

A transfer moves one unit of share from a member whose residue is 1 or more to the member with the lowest residue
(or to a member at -1 or less from the one with the highest), ties by id, until every residue is inside (-1, 1).
Before the repair every residue is inside (-2, 2) (one write moves each by less than 1), so each transfer brings one
member inside and keeps its partner inside: at most one transfer per member out of range.
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction
from typing import Dict, List, Tuple

from rounding_drift import bill, diffusion

Residues = Dict[int, Fraction]
Booked = Dict[int, Fraction]  # part - exact share, per member of one bill


def add(residues: Residues, amount: int, weights: Dict[int, int]) -> Booked:
    """Round one bill by error diffusion; returns what it adds to each member's residue."""
    total = sum(weights.values())
    exact = {member: Fraction(amount * weight, total) for member, weight in weights.items()}
    parts = {member: share.numerator // share.denominator for member, share in exact.items()}
    fractions = {member: exact[member] - parts[member] for member in exact}
    for member in diffusion(fractions, residues, amount - sum(parts.values()), random.Random(0)):
        parts[member] += 1
    booked = {member: parts[member] - exact[member] for member in exact}
    for member, value in booked.items():
        residues[member] += value
    return booked


def repair(residues: Residues) -> List[Tuple[int, int]]:
    """Transfers (from, to) of one unit of share until every residue is inside (-1, 1)."""
    moves = []
    while True:
        high = max(residues, key=lambda member: (residues[member], -member))
        low = min(residues, key=lambda member: (residues[member], member))
        if residues[high] < 1 and residues[low] > -1:
            return moves
        residues[high] -= 1
        residues[low] += 1
        moves.append((high, low))


def harmonic(members: int, transfers: bool) -> Fraction:
    """The largest |residue| after the harmonic adversary's n - 1 bills."""
    residues = {member: Fraction(0) for member in range(members)}
    unpaid = list(range(members))
    for _ in range(members - 1):
        booked = add(residues, 1, {member: 1 for member in unpaid})
        if transfers:
            repair(residues)
        unpaid = [member for member in unpaid if booked[member] < 0]
    return max(abs(value) for value in residues.values())


def deletes_without_repair(pairs: int) -> Fraction:
    """Member 0's |residue| after 2 * pairs equal bills between members 0 and 1 and the adversary's deletes."""
    residues = {0: Fraction(0), 1: Fraction(0)}
    booked = [add(residues, 1, {0: 1, 1: 1}) for _ in range(2 * pairs)]
    paid = [entry for entry in booked if entry[0] > 0]
    victims = paid if len(paid) <= pairs else [entry for entry in booked if entry[0] < 0]
    for entry in victims:
        for member, value in entry.items():
            residues[member] -= value
    return abs(residues[0])


def household(writes: int, deletes: str, transfers: bool, rng: random.Random) -> Tuple[Fraction, int, int]:
    """One household's random writes: the largest |residue| seen, transfers, transfers to or from a member the
    write did not name. `deletes`: "none" (adds only), "remove" (a delete takes the bill's parts and shares out),
    "reverse" (a delete adds the bill with its amount negated, rounded like any bill)."""
    members = rng.randint(2, 10)
    residues = {member: Fraction(0) for member in range(members)}
    bills: List[Tuple[int, Dict[int, int], Booked]] = []
    worst, moved, outside = Fraction(0), 0, 0
    for _ in range(writes):
        action = rng.random()
        touched: set = set()
        if deletes != "none" and bills and action < 0.3:  # a delete, or the first half of an edit
            amount, weights, booked = bills.pop(rng.randrange(len(bills)))
            if deletes == "remove":
                for member, value in booked.items():
                    residues[member] -= value
            else:
                add(residues, -amount, weights)
            touched |= set(weights)
        if deletes == "none" or not bills or action >= 0.15:  # an add, or the second half of an edit
            amount, weights = bill(members, "subsets, weights", rng)
            bills.append((amount, weights, add(residues, amount, weights)))
            touched |= set(weights)
        if transfers:
            moves = repair(residues)
            moved += len(moves)
            outside += sum(1 for move in moves if not touched.issuperset(move))
        worst = max(worst, max(abs(value) for value in residues.values()))
    return worst, moved, outside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--writes", type=int, default=200)
    options = parser.parse_args()
    print("| members | harmonic bound 1/2 + ... + 1/n | diffusion | diffusion + transfers |\n|---:|---:|---:|---:|")
    for members in range(2, 11):
        bound = sum(Fraction(1, k) for k in range(2, members + 1))
        print(
            f"| {members} | {float(bound):.3f} | {float(harmonic(members, False)):.3f} | "
            f"{float(harmonic(members, True)):.3f} |"
        )
    print("\n| equal bills between 2 members | member 0 off by, after the adversary's deletes |\n|---:|---:|")
    for pairs in (10, 100, 1000):
        print(f"| {2 * pairs} | {float(deletes_without_repair(pairs)):.1f} |")
    print(
        "\n| writes | rule | largest residue | runs past 1 unit | transfers per 1,000 writes | of them with a "
        "member the write did not name |\n|---|---|---:|---:|---:|---:|"
    )
    for deletes, text in (
        ("none", "adds"),
        ("remove", "adds, edits, deletes (removed)"),
        ("reverse", "adds, edits, deletes (reversed)"),
    ):
        for transfers in (False, True):
            rng = random.Random(27)
            results = [household(options.writes, deletes, transfers, rng) for _ in range(options.runs)]
            worst = max(result[0] for result in results)
            assert worst < 1 or not transfers
            past = sum(1 for result in results if result[0] > 1) / len(results)
            moved, outside = sum(result[1] for result in results), sum(result[2] for result in results)
            name = "diffusion + transfers" if transfers else "diffusion"
            share = f"{outside / moved:.0%}" if moved else "—"
            print(
                f"| {text} | {name} | {float(worst):.4f} | {past:.1%} | "
                f"{1000 * moved / (options.runs * options.writes):.1f} | {share} |"
            )


if __name__ == "__main__":
    main()
