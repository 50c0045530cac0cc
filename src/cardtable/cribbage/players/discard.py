"""Laying away: each of the 15 discards valued by what it should score.

The four cards kept are counted with every one of the 46 cards the seat has not seen as the
starter (each equally likely: the opponent's cards and the deck are all unseen), which gives
the hand's exact expected show and its whole distribution. The two cards laid away are valued
by :data:`~cardtable.cribbage.players.crib_table.CRIB_VALUES`, the crib's expected show over
the opponent's two cards and the starter; it is added when the crib is the seat's own and
subtracted when it is the opponent's.

>>> from cardtable.cards import parse_cards
>>> best = discard_options(tuple(parse_cards("5H 5S JD QC 2C 9S")), own_crib=False)[0]
>>> " ".join(str(c) for c in best.kept), round(best.hand_ev, 2)
('5S 5H JD QC', 12.7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cardtable.cards import Card
from cardtable.cribbage.actions import Action
from cardtable.cribbage.players.crib_table import CRIB_VALUES
from cardtable.cribbage.score import show_total

__all__ = ["DiscardOption", "crib_value", "discard_options"]


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard: the cards kept and laid away, and what they are expected to score.

    ``hand_points[i]`` is the kept hand's show with ``starters[i]`` as the starter.
    """

    action: Action
    kept: tuple[Card, ...]
    thrown: tuple[Card, ...]
    own_crib: bool
    starters: tuple[Card, ...]
    hand_points: tuple[int, ...]
    hand_ev: float
    crib_ev: float
    value: float  # hand_ev + crib_ev (own crib) or hand_ev - crib_ev (the opponent's)

    def chance_of(self, points: int) -> float:
        """The chance that the kept hand shows at least ``points``."""
        if points <= 0:
            return 1.0
        return sum(1 for p in self.hand_points if p >= points) / len(self.hand_points)


def crib_value(first: Card, second: Card) -> float:
    """Expected show of a crib holding these two cards (the crib table's entry)."""
    low, high = sorted((first % 13, second % 13))
    return CRIB_VALUES[(low, high, low != high and first // 13 == second // 13)]


def discard_options(dealt: Sequence[Card], own_crib: bool) -> list[DiscardOption]:
    """All discards of the six ``dealt`` cards, best ``value`` first (ties keep the order of
    the legal discards: lowest cards laid away first)."""
    cards = sorted(dealt)
    held = set(cards)
    starters = tuple(c for c in range(52) if c not in held)
    options: list[DiscardOption] = []
    for thrown in combinations(cards, 2):
        kept = tuple(c for c in cards if c not in thrown)
        points = tuple(show_total(kept, s) for s in starters)
        hand_ev = sum(points) / len(points)
        crib = crib_value(thrown[0], thrown[1])
        value = hand_ev + crib if own_crib else hand_ev - crib
        options.append(
            DiscardOption(
                action=Action.discard(thrown[0], thrown[1]),
                kept=kept,
                thrown=thrown,
                own_crib=own_crib,
                starters=tuple(Card(s) for s in starters),
                hand_points=points,
                hand_ev=hand_ev,
                crib_ev=crib,
                value=value,
            )
        )
    # A stable sort: equal values keep the order of the legal discards.
    options.sort(key=lambda o: -o.value)
    return options
