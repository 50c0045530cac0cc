"""Reference scorers written from CRIBBAGE.md alone, by brute force, to test the engine's.

They enumerate: every subset for fifteens, every pair, every subset for runs (keeping the
longest). Slow and plain on purpose: nothing here is shared with the engine but the card
numbering (rank 0 ace .. 12 king, value ace 1, courts 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise


def value(card: int) -> int:
    return min(card % 13 + 1, 10)


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


def _is_run(cards: Sequence[int]) -> bool:
    ranks = sorted(rank(c) for c in cards)
    return all(b - a == 1 for a, b in pairwise(ranks))


def show_points(hand: Sequence[int], starter: int, crib: bool) -> dict[str, int]:
    """Points of each kind of CRIBBAGE.md section 3 for four cards and the starter."""
    five = [*hand, starter]
    subsets = [s for k in range(1, 6) for s in combinations(five, k)]
    fifteens = sum(2 for s in subsets if sum(value(c) for c in s) == 15)
    pairs = sum(2 for a, b in combinations(five, 2) if rank(a) == rank(b))
    runs = 0
    for length in (5, 4, 3):
        found = [s for s in combinations(five, length) if _is_run(s)]
        if found:
            runs = length * len(found)
            break
    flush = 0
    if len({suit(c) for c in hand}) == 1:
        if suit(starter) == suit(hand[0]):
            flush = 5
        elif not crib:
            flush = 4
    nobs = sum(1 for c in hand if rank(c) == 10 and suit(c) == suit(starter))
    total = fifteens + pairs + runs + flush + nobs
    return {
        "fifteens": fifteens,
        "pairs": pairs,
        "runs": runs,
        "flush": flush,
        "nobs": nobs,
        "total": total,
    }


def peg_points(cards: Sequence[int]) -> dict[str, int]:
    """What the last of ``cards`` pegs by section 2: 15, 31, pairs and the longest run."""
    count = sum(value(c) for c in cards)
    same = 1
    while same < len(cards) and rank(cards[-1 - same]) == rank(cards[-1]):
        same += 1
    pairs = {1: 0, 2: 2, 3: 6, 4: 12}[same]
    run = 0
    for k in range(3, len(cards) + 1):
        last = cards[-k:]
        if len({rank(c) for c in last}) == k and _is_run(last):
            run = max(run, k)
    fifteen = 2 if count == 15 else 0
    thirty_one = 2 if count == 31 else 0
    return {
        "count": count,
        "fifteen": fifteen,
        "thirty_one": thirty_one,
        "pairs": pairs,
        "run": run,
        "points": fifteen + thirty_one + pairs + run,
    }
