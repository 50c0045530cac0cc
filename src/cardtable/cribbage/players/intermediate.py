"""The intermediate Cribbage player: expected hand points, and pegging one card ahead.

- Laying away: each discard is valued by the kept hand's expected show over the 46 possible
  starters (exact, as the expert does), plus or minus a rough guess at what the two cards laid
  away give the crib: 2 for a pair, 2 for two cards making 15, 1.5 for each five, 0.5 for
  ranks next to each other. No table, no board.
- The play: greedy with one look at the reply. Each card is worth what it pegs now minus what
  the opponent's best answer is expected to peg, taking the chance that it holds a card of each
  rank from the unseen cards (each rank's chance alone; the ranks are not combined exactly).
  That keeps it from leaving 5 or 21 for a ten, playing next to a card for a run, or offering
  a pair when a pair royal is likely, without searching further. Ties go to the lower card.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardtable.cards import VALUES, Card
from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players.base import PlayerBase
from cardtable.cribbage.players.opponent import (
    RANK_VALUES,
    opponent_candidates,
    peg_points,
    rank_chances,
)
from cardtable.cribbage.score import show_total

__all__ = ["IntermediatePlayer", "reply_risk", "rough_crib"]


def rough_crib(thrown: Sequence[Card]) -> float:
    """A rough guess at what two cards are worth to a crib."""
    a, b = thrown
    value = 0.0
    if a % 13 == b % 13:
        value += 2.0
    if VALUES[a] + VALUES[b] == 15:
        value += 2.0
    value += 1.5 * sum(1 for c in thrown if c % 13 == 4)
    if abs(a % 13 - b % 13) == 1:
        value += 0.5
    return value


def _discard(view: Observation) -> Action:
    cards = sorted(view.hand)
    starters = [c for c in range(52) if c not in cards]
    best: tuple[float, Action] | None = None
    for thrown in combinations(cards, 2):
        kept = [c for c in cards if c not in thrown]
        hand = sum(show_total(kept, s) for s in starters) / len(starters)
        crib = rough_crib(thrown)
        value = hand + crib if view.is_dealer else hand - crib
        if best is None or value > best[0]:
            best = (value, Action.discard(thrown[0], thrown[1]))
    assert best is not None
    return best[1]


def reply_risk(seq: tuple[int, ...], count: int, chances: Sequence[float]) -> float:
    """The expected points of the opponent's best reply to the count ``seq`` at ``count``,
    when it holds a card of rank ``r`` with chance ``chances[r]`` (ranks taken apart)."""
    replies = sorted(
        (
            (peg_points((*seq, r), count + RANK_VALUES[r]), r)
            for r in range(13)
            if count + RANK_VALUES[r] <= 31 and chances[r] > 0
        ),
        reverse=True,
    )
    risk = 0.0
    none_better = 1.0
    for points, rank in replies:
        if points <= 0:
            break
        risk += none_better * chances[rank] * points
        none_better *= 1.0 - chances[rank]
    return risk


def _play(view: Observation) -> Action:
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    if not plays:
        return GO
    chances = rank_chances(opponent_candidates(view), view.opponent_cards)
    seq = tuple(c % 13 for c in view.count_cards)
    best: tuple[float, Action] | None = None
    for action in sorted(plays, key=lambda a: (VALUES[a.cards[0]], a.cards[0])):
        card = action.cards[0]
        new_seq = (*seq, card % 13)
        new_count = view.count + VALUES[card]
        value = float(peg_points(new_seq, new_count))
        if new_count < 31 and view.opponent_cards:
            value -= reply_risk(new_seq, new_count, chances)
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


class IntermediatePlayer(PlayerBase):
    name = "intermediate"
    discard = staticmethod(_discard)
    play = staticmethod(_play)
