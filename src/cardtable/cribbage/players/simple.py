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
from cardtable.cribbage.hand import Observation, Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.counting import count_action
from cardtable.cribbage.score import peg_score

__all__ = ["SimplePlayer", "four_card_points", "peg_points"]


def four_card_points(cards: tuple[Card, ...] | list[Card]) -> int:
    """What four cards score by themselves: fifteens, pairs, runs, a four-card flush."""
    ways = [1] + [0] * 15
    ranks = [0] * 13
    for card in cards:
        ranks[card % 13] += 1
        value = VALUES[card]
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    points = 2 * ways[15]
    run = 0
    product = 1
    for count in (*ranks, 0):
        points += count * (count - 1)
        if count:
            run += 1
            product *= count
        else:
            if run >= 3:
                points += run * product
            run, product = 0, 1
    if len({card // 13 for card in cards}) == 1:
        points += 4
    return points


def peg_points(view: Observation, card: Card) -> int:
    """What ``card`` pegs played now (the go or last card not counted)."""
    return peg_score([*view.count_cards, card]).points


class SimplePlayer:
    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: MatchObservation) -> Action:
        view = observation.hand
        counted = count_action(view)
        if counted is not None:
            return counted
        if view.phase is Phase.DISCARD:
            return max(
                view.legal,
                key=lambda a: four_card_points([c for c in view.hand if c not in a.cards]),
            )
        plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
        if not plays:
            return GO
        # max() keeps the first of equals; the plays are listed lowest card first by value.
        plays.sort(key=lambda a: (VALUES[a.cards[0]], a.cards[0]))
        return max(plays, key=lambda a: peg_points(view, a.cards[0]))
