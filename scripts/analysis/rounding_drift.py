"""How far a member's rounded shares drift from the exact sum of their shares, by leftover-cent rule (issue #27,
item 5). Exact arithmetic (fractions); a fixed seed, so every run prints the same table.

    python3 scripts/analysis/rounding_drift.py [--runs N] [--bills N]

Each run is one household of 2 to 6 members and a currency, with up to --bills bills of 1 to 1000 minor units. A
member's residue is the sum over bills of (rounded share - exact share); the table gives, per rule and kind of
bill, the largest residue seen at any point (in minor units) and the share of runs where it ever passed one unit.
Rules: "rotation" is Reckon's today (largest remainder, ties rotated by a random bill id); "diffusion" gives the
leftover units to the members whose running residue after flooring is lowest (most in their favour), ties by id.
Kinds of bill: every member in every bill by weights; equal splits among a random subset; weights among a subset.
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction
from typing import Callable, Dict, List, Tuple

Rule = Callable[[Dict[int, Fraction], Dict[int, Fraction], int, random.Random], List[int]]


def rotation(fractions: Dict[int, Fraction], _: Dict[int, Fraction], leftover: int, rng: random.Random) -> List[int]:
    """Largest remainder; each run of equal remainders in id order, rotated by a random bill id's hash."""
    order: List[int] = []
    for remainder in sorted(set(fractions.values()), reverse=True):
        tied = sorted(member for member, value in fractions.items() if value == remainder)
        shift = rng.randrange(len(tied))
        order += tied[shift:] + tied[:shift]
    return order[:leftover]


def diffusion(fractions: Dict[int, Fraction], residues: Dict[int, Fraction], leftover: int, _: random.Random) -> List[int]:
    """The members whose residue after taking the floor of their share is lowest get the leftover units."""
    return sorted(fractions, key=lambda member: (residues[member] - fractions[member], member))[:leftover]


def bill(members: int, kind: str, rng: random.Random) -> Tuple[int, Dict[int, int]]:
    """An amount and each participant's weight."""
    everyone = list(range(members))
    participants = everyone if kind == "all members, weights" else rng.sample(everyone, rng.randint(1, members))
    weights = {member: 1 if kind == "subsets, equal" else rng.choice([1, 1, 1, 2, 3, 7, 100]) for member in participants}
    return rng.randint(1, 1000), weights


def run(rule: Rule, kind: str, bills: int, rng: random.Random) -> Fraction:
    """The largest |residue| of any member at any point of one household's bills."""
    members = rng.randint(2, 6)
    residues = {member: Fraction(0) for member in range(members)}
    worst = Fraction(0)
    for _ in range(rng.randint(1, bills)):
        amount, weights = bill(members, kind, rng)
        total = sum(weights.values())
        exact = {member: Fraction(amount * weight, total) for member, weight in weights.items()}
        floors = {member: share.numerator // share.denominator for member, share in exact.items()}
        fractions = {member: exact[member] - floors[member] for member in exact}
        parts = dict(floors)
        for member in rule(fractions, residues, amount - sum(floors.values()), rng):
            parts[member] += 1
        for member in exact:
            residues[member] += parts[member] - exact[member]
        worst = max(worst, max(abs(value) for value in residues.values()))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--bills", type=int, default=60)
    options = parser.parse_args()
    print(f"| rule | bills | largest residue (units) | runs past 1 unit |\n|---|---|---:|---:|")
    for kind in ("all members, weights", "subsets, equal", "subsets, weights"):
        for name, rule in (("rotation", rotation), ("diffusion", diffusion)):
            rng = random.Random(27)
            worst = [run(rule, kind, options.bills, rng) for _ in range(options.runs)]
            past = sum(1 for value in worst if value > 1) / len(worst)
            print(f"| {name} | {kind} | {float(max(worst)):.3f} | {past:.1%} |")


if __name__ == "__main__":
    main()
