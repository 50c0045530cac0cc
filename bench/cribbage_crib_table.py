"""Writes ``src/cardtable/cribbage/players/crib_table.py``: what two cards laid away are worth
in the crib, on average over the other two crib cards and the starter.

The expert Cribbage player values a discard as its hand's expected show plus (its own crib)
or minus (the opponent's crib) the crib's expected show. Enumerating the opponent's two crib
cards and the starter for each of the 15 discards of a decision is far too slow in Python
(45,540 crib shows per discard), so the crib part comes from this table, computed once.

The table is exact, not sampled: for each pair of ranks laid away, suited or not, every pair
of the other 50 cards as the opponent's half of the crib and every one of the remaining 48
cards as the starter (1,225 x 48 = 58,800 crib shows per entry, 169 entries). The opponent's
two cards are taken as any two of the unseen cards with equal chance, and the four cards the
player keeps are not removed from them (a small bias, the same for every discard of a hand).

Suitedness only matters for the crib's flush (all five cards of one suit), so an entry is
keyed by the two ranks and whether the two cards share a suit.

Usage: python bench/cribbage_crib_table.py [--workers 2] [--check]
(``--check`` recomputes and compares with the file instead of writing it.)
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

from cardtable.cribbage.score import show_total

OUT = Path(__file__).resolve().parents[1] / "src/cardtable/cribbage/players/crib_table.py"
RANKS = "A23456789TJQK"

HEADER = '''"""Expected crib show for two cards laid away: generated data, do not edit by hand.

Written by ``python bench/cribbage_crib_table.py`` (see its docstring): for each pair of ranks
(0 = ace to 12 = king, low rank first) and whether the two cards share a suit, the average
show of a crib holding them, over every pair of the other 50 cards as the other half of the
crib and every remaining card as the starter. Exact enumeration: no seed, no sampling
(58,800 crib shows per entry, 169 entries).

>>> round(CRIB_VALUES[(4, 4, False)], 2) > round(CRIB_VALUES[(0, 12, False)], 2)
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["CRIB_VALUES"]

# (low rank, high rank, suited) -> expected crib points.
CRIB_VALUES: Final[dict[tuple[int, int, bool], float]] = {
'''


def keys() -> list[tuple[int, int, bool]]:
    out: list[tuple[int, int, bool]] = []
    for low in range(13):
        for high in range(low, 13):
            out.append((low, high, False))
            if high != low:
                out.append((low, high, True))
    return out


def entry(key: tuple[int, int, bool]) -> tuple[tuple[int, int, bool], float]:
    """The exact mean crib show for ``key`` (cards as suit * 13 + rank)."""
    low, high, suited = key
    first = low  # spade
    second = high if suited else 13 + high  # spade, or heart when not suited
    rest = [c for c in range(52) if c not in (first, second)]
    total = 0
    shows = 0
    for i, third in enumerate(rest):
        for fourth in rest[i + 1 :]:
            crib = [first, second, third, fourth]
            for starter in rest:
                if starter in (third, fourth):
                    continue
                total += show_total(crib, starter, crib=True)
                shows += 1
    return key, total / shows


def render(values: dict[tuple[int, int, bool], float]) -> str:
    lines = [HEADER]
    for key in keys():
        low, high, suited = key
        name = f"{RANKS[low]}-{RANKS[high]}{' suited' if suited else ''}"
        lines.append(f"    ({low}, {high}, {suited}): {values[key]:.4f},  # {name}\n")
    lines.append("}\n")
    return "".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        values = dict(pool.map(entry, keys(), chunksize=4))
    text = render(values)
    if args.check:
        same = OUT.read_text() == text
        print("crib table matches" if same else "crib table differs")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(values)} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
