"""The simple baseline, as documented in the issue and docs/rules/cribbage.md.

- Laying away: keep the four cards that score most by themselves (fifteens, pairs, runs and a
  four-card flush, no starter), ignoring the crib and the starter. Ties go to the first such
  four in the order the legal discards are listed (lowest cards laid away first).
- The play: the card that pegs most; else its lowest card that keeps the count at 31 or less
  (ties on points also go to the lowest card).
"""

from __future__ import annotations

from cardtable.cards import VALUES, Card
from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players.base import PlayerBase
from cardtable.cribbage.score import kept_points, peg_score

__all__ = ["SimplePlayer", "four_card_points", "peg_points"]


# What four cards score by themselves (the name this module has long exported).
four_card_points = kept_points


def peg_points(view: Observation, card: Card) -> int:
    """What ``card`` pegs played now (the go or last card not counted)."""
    return peg_score([*view.count_cards, card]).points


class SimplePlayer(PlayerBase):
    name = "simple"

    def discard(self, view: Observation) -> Action:
        return max(
            view.legal,
            key=lambda a: kept_points([c for c in view.hand if c not in a.cards]),
        )

    def play(self, view: Observation) -> Action:
        plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
        if not plays:
            return GO
        # max() keeps the first of equals; the plays are listed lowest card first by value.
        plays.sort(key=lambda a: (VALUES[a.cards[0]], a.cards[0]))
        return max(plays, key=lambda a: peg_points(view, a.cards[0]))
