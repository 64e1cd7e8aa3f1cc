"""Can an online leftover-unit rule keep every member within B minor units of their exact total? (issue #27, item 5)

    python3 scripts/analysis/rounding_game.py solve N Q B [--equal] [--any-parts]
    python3 scripts/analysis/rounding_game.py bound N Q [--equal] [--any-parts]
    python3 scripts/analysis/rounding_game.py greedy N Q

The game: a household of N members, residues r (sum 0) starting at 0. The adversary names a bill by its fractional
parts f_i, multiples of 1/Q in [0, 1) summing to an integer k; members with f_i = 0 sit it out. Every such bill is a
real one: k minor units split among the members with f_i > 0 by the weights Q * f_i. The rule rounds k of those
members up (each pays the floor or the ceiling of their share); r_i += [rounded up] - f_i. The rule loses when some
|r_i| > B. `--equal` restricts the adversary to equal splits; `--any-parts` frees the rule to give a member any
number of the k units (a member may then pay more than one unit off their share on a bill).

`solve` computes the safe set exactly, as the greatest fixed point of "for every bill some choice stays in the set",
over integer residues scaled by Q (numpy boolean arrays, one axis per member; needs numpy). On a grid the adversary is weaker than
with arbitrary weights, so an adversary's win is a proof for every rule. `solve` prints how many states within B are
winning; if all-zero residues are not, it prints the adversary's line of play against a rule that survives as long as
it can, and replays the whole strategy tree as real bills with exact fractions, trying every legal rounding at every
bill. `bound` gives the smallest B (a multiple of 1/Q) the rule can
keep. `greedy` walks every state error diffusion (units to the lowest residue after the floor, ties by id) reaches
against every grid bill, and prints the largest residue it reaches.
"""

from __future__ import annotations

import argparse
import itertools
import math
from fractions import Fraction
from typing import Dict, Iterator, List, Set, Tuple

import numpy as np

State = Tuple[int, ...]  # residues scaled by Q
Bill = Tuple[int, ...]  # fractional parts scaled by Q
Parts = Tuple[int, ...]  # units each member pays above the floor of their share


def bills(n: int, q: int, sorted_only: bool, equal: bool) -> Iterator[Bill]:
    """Every bill on the grid, or one per permutation class; 1 <= k < number of participants."""
    if equal:
        for size in range(2, n + 1):
            if q % size:
                continue
            for supporting in itertools.combinations(range(n), size) if not sorted_only else [tuple(range(size))]:
                for units in range(1, size):
                    yield tuple(units * q // size if member in supporting else 0 for member in range(n))
        return
    source = (
        itertools.combinations_with_replacement(range(q - 1, -1, -1), n)
        if sorted_only
        else itertools.product(range(q), repeat=n)
    )
    for bill in source:
        support = sum(1 for part in bill if part)
        if sum(bill) % q == 0 and 0 < sum(bill) // q < support:
            yield tuple(bill)


def roundings(bill: Bill, q: int, any_parts: bool) -> List[Parts]:
    """The rule's legal choices: k units among the participants, at most one each unless `any_parts`."""
    participants = [member for member, part in enumerate(bill) if part]
    units = sum(bill) // q
    picks = itertools.combinations_with_replacement if any_parts else itertools.combinations
    return [tuple(ups.count(member) for member in range(len(bill))) for ups in picks(participants, units)]


def after(state: State, bill: Bill, parts: Parts, q: int) -> State:
    return tuple(r + q * up - part for r, up, part in zip(state, parts, bill))


def shifted(array: np.ndarray, offset: Tuple[int, ...]) -> np.ndarray:
    """out[x] = array[x + offset], False where x + offset leaves the box (a residue past the bound)."""
    out = np.zeros_like(array)
    if any(abs(delta) >= size for delta, size in zip(offset, array.shape)):
        return out
    source, target = [], []
    for delta, size in zip(offset, array.shape):
        source.append(slice(max(delta, 0), size + min(delta, 0)))
        target.append(slice(max(-delta, 0), size - max(delta, 0)))
    out[tuple(target)] = array[tuple(source)]
    return out


def solve(n: int, q: int, bound: int, equal: bool, any_parts: bool) -> np.ndarray:
    """Each state's round of elimination: 0 if the rule keeps it within `bound` (scaled) forever, t if the adversary
    forces a residue past the bound within t bills. Axis i is member i's scaled residue plus `bound`."""
    size = 2 * bound + 1
    safe = np.indices((size,) * n).sum(axis=0) == n * bound
    rank = np.where(safe, 0, -1)
    classes = list(bills(n, q, sorted_only=True, equal=equal))
    for round_ in itertools.count(1):
        # Where some choice stays safe, for one bill per permutation class; the game is symmetric, so permuting the
        # axes gives the same for every other bill.
        kept = np.ones_like(safe)
        for bill in classes:
            some = np.zeros_like(safe)
            for parts in roundings(bill, q, any_parts):
                some |= shifted(safe, after((0,) * n, bill, parts, q))
            kept &= some
        for order in itertools.permutations(range(n)):
            kept = kept & np.transpose(kept, order)
        lost = safe & ~kept
        if not lost.any():
            return rank
        rank[lost] = round_
        safe &= kept


def strategy_tree(rank: np.ndarray, q: int, bound: int, equal: bool, any_parts: bool) -> Dict[str, object]:
    """From all-zero residues: the adversary's bill, then per rounding the subtree; a leaf is past the bound."""
    n = rank.ndim

    def lost_within(state: State, limit: int) -> bool:
        return any(abs(r) > bound for r in state) or 0 < rank[tuple(r + bound for r in state)] < limit

    def node(state: State) -> Dict[str, object]:
        if any(abs(r) > bound for r in state):
            return {"residues": state}
        limit = rank[tuple(r + bound for r in state)]
        for bill in bills(n, q, sorted_only=False, equal=equal):
            outcomes = {parts: after(state, bill, parts, q) for parts in roundings(bill, q, any_parts)}
            if all(lost_within(next_state, limit) for next_state in outcomes.values()):
                return {"residues": state, "bill": bill, "then": {parts: node(s) for parts, s in outcomes.items()}}
        raise AssertionError(f"no winning bill from {state}")

    return node((0,) * n)


def replay(tree: Dict[str, object], q: int, bound: Fraction, any_parts: bool, residues: List[Fraction]) -> int:
    """Replay the tree as real bills (amount, integer weights) with exact fractions, enumerating every legal
    rounding independently of the solver; asserts that every line ends past the bound. Returns the leaves."""
    if "bill" not in tree:
        assert any(abs(r) > bound for r in residues), residues
        return 1
    weights = {member: weight for member, weight in enumerate(tree["bill"]) if weight}
    amount = sum(weights.values()) // q
    exact = {member: Fraction(amount * weight, sum(weights.values())) for member, weight in weights.items()}
    floors = {member: share.numerator // share.denominator for member, share in exact.items()}
    leftover = amount - sum(floors.values())
    legal = []
    for parts in itertools.product(range(leftover + 1), repeat=len(residues)):
        if sum(parts) == leftover and all(
            parts[m] == 0 or (m in exact and (any_parts or exact[m] != floors[m])) for m in range(len(residues))
        ):
            if any_parts or max(parts) <= 1:
                legal.append(parts)
    assert sorted(legal) == sorted(tree["then"]), (legal, list(tree["then"]))
    leaves = 0
    for parts in legal:
        nxt = [r + (floors[m] + parts[m] - exact[m] if m in exact else 0) for m, r in enumerate(residues)]
        leaves += replay(tree["then"][parts], q, bound, any_parts, nxt)
    return leaves


def length(tree: Dict[str, object]) -> int:
    """The most bills the rule can survive in this subtree."""
    return 0 if "bill" not in tree else 1 + max(length(child) for child in tree["then"].values())


def line_of_play(tree: Dict[str, object], q: int) -> Iterator[str]:
    """The bills the adversary names against a rule that always survives as long as it can (first such choice)."""
    while True:
        residues = ", ".join(str(Fraction(r, q)) for r in tree["residues"])
        if "bill" not in tree:
            yield f"  residues ({residues}): past the bound"
            return
        weights = {member: part for member, part in enumerate(tree["bill"]) if part}
        common = math.gcd(*weights.values())
        ratio = ":".join(str(weight // common) for weight in weights.values())
        parts, tree = max(tree["then"].items(), key=lambda item: length(item[1]))
        ups = [member for member, up in enumerate(parts) for _ in range(up)]
        yield (
            f"  residues ({residues}); bill: {sum(weights.values()) // q} unit(s) split {ratio} among members "
            f"{sorted(weights)}; the rule rounds up {ups}"
        )


def greedy_worst(n: int, q: int) -> Fraction:
    """The largest |residue| error diffusion reaches from all-zero residues against every grid bill."""
    seen: Set[State] = {(0,) * n}
    frontier = [(0,) * n]
    every = list(bills(n, q, sorted_only=False, equal=False))
    while frontier:
        state = frontier.pop()
        for bill in every:
            ranked = sorted((member for member in range(n) if bill[member]), key=lambda m: (state[m] - bill[m], m))
            ups = set(ranked[: sum(bill) // q])
            next_state = after(state, bill, tuple(1 if m in ups else 0 for m in range(n)), q)
            if next_state not in seen:
                seen.add(next_state)
                frontier.append(next_state)
    return Fraction(max(abs(r) for state in seen for r in state), q)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["solve", "bound", "greedy"])
    parser.add_argument("n", type=int)
    parser.add_argument("q", type=int)
    parser.add_argument("bound", type=Fraction, nargs="?")
    parser.add_argument("--equal", action="store_true", help="the adversary splits every bill equally")
    parser.add_argument("--any-parts", action="store_true", help="a member may take several of a bill's units")
    options = parser.parse_args()
    n, q = options.n, options.q
    if options.command == "greedy":
        print(f"n={n} Q={q}: error diffusion reaches a residue of {greedy_worst(n, q)}")
    elif options.command == "bound":
        for scaled in itertools.count(1):
            if solve(n, q, scaled, options.equal, options.any_parts)[(scaled,) * n] == 0:
                print(f"n={n} Q={q}: the smallest bound a rule can keep is {Fraction(scaled, q)}")
                return
    else:
        scaled = options.bound * q
        assert scaled.denominator == 1, "the bound must be a multiple of 1/Q"
        bound = int(scaled)
        rank = solve(n, q, bound, options.equal, options.any_parts)
        start = rank[(bound,) * n]
        print(
            f"n={n} Q={q} B={options.bound}: the rule wins from {(rank == 0).sum()} of the {(rank >= 0).sum()} "
            "states with every |residue| <= B"
        )
        if start == 0:
            print("a rule keeps every residue within B forever from all-zero residues")
            return
        print(f"from all-zero residues the adversary forces a residue past B within {start} bills, e.g.")
        tree = strategy_tree(rank, q, bound, options.equal, options.any_parts)
        print("\n".join(line_of_play(tree, q)))
        leaves = replay(tree, q, options.bound, options.any_parts, [Fraction(0)] * n)
        print(f"replayed with exact fractions: all {leaves} lines of play (every legal rounding) end past B")


if __name__ == "__main__":
    main()
