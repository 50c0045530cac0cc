"""The beginner Cribbage player: what a new player does, sensible but short-sighted.

- Laying away: keep the four cards with the most pairs and fifteens among themselves (runs,
  flushes, the starter and the crib are not thought of); among equals keep the higher cards,
  the way a beginner likes picture cards.
- The play: if a card pegs now (15, 31, a pair, a run), play the one that pegs most; otherwise
  play the highest card that fits, which often leaves the opponent an easy 15 or 31.

It is weaker than the simple player (which also counts runs and flushes when laying away, and
plays its lowest card when nothing pegs) but far from random.
"""

from __future__ import annotations

from itertools import combinations

from cardtable.cards import VALUES, Card
from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players.base import PlayerBase
from cardtable.cribbage.score import peg_score

__all__ = ["BeginnerPlayer", "pairs_and_fifteens"]


def pairs_and_fifteens(cards: list[Card]) -> int:
    """Points of pairs and fifteens among ``cards`` alone."""
    points = 0
    for a, b in combinations(cards, 2):
        if a % 13 == b % 13:
            points += 2
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(VALUES[c] for c in combo) == 15:
                points += 2
    return points


def _discard(view: Observation) -> Action:
    cards = sorted(view.hand)

    def keep_value(action: Action) -> tuple[int, int]:
        kept = [c for c in cards if c not in action.cards]
        return pairs_and_fifteens(kept), sum(VALUES[c] for c in kept)

    return max(view.legal, key=keep_value)


def _play(view: Observation) -> Action:
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    if not plays:
        return GO
    count_cards = list(view.count_cards)

    def value(action: Action) -> tuple[int, int, int]:
        card = action.cards[0]
        return peg_score([*count_cards, card]).points, VALUES[card], -card

    return max(plays, key=value)


class BeginnerPlayer(PlayerBase):
    name = "beginner"
    discard = staticmethod(_discard)
    play = staticmethod(_play)
