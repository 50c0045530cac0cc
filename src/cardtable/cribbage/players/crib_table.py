"""Expected crib show for two cards laid away, read from the generated ``crib_table.json``
beside this module (do not edit it by hand).

Written by ``python bench/cribbage_crib_table.py`` (see its docstring): for each pair of ranks
(0 = ace to 12 = king, low rank first) and whether the two cards share a suit, the average
show of a crib holding them, over every pair of the other 50 cards as the other half of the
crib and every remaining card as the starter. Exact enumeration: no seed, no sampling
(58,800 crib shows per entry, 169 entries). Data, so it is kept as data: one row per entry.

>>> round(CRIB_VALUES[(4, 4, False)], 2) > round(CRIB_VALUES[(0, 12, False)], 2)
True
>>> len(CRIB_VALUES)
169
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Final

__all__ = ["CRIB_VALUES"]

_ROWS: Final = json.loads(files(__package__).joinpath("crib_table.json").read_text("utf-8"))

# (low rank, high rank, suited) -> expected crib points.
CRIB_VALUES: Final[dict[tuple[int, int, bool], float]] = {
    (int(low), int(high), bool(suited)): float(value)
    for low, high, suited, value, _name in _ROWS["rows"]
}
