"""What every computer player does the same way: with muggins on it states its own show in
full (CRIBBAGE.md 4), and answers a statement correctly: muggins on any error (too few: it
takes what was missed; too many: it takes the excess), accept when it is exact."""

from __future__ import annotations

from cardtable.cribbage.actions import ACCEPT, MUGGINS, Action
from cardtable.cribbage.hand import Observation, Phase
from cardtable.cribbage.score import show_score

__all__ = ["count_action"]


def count_action(view: Observation) -> Action | None:
    """The count or answer to give, or ``None`` outside the show's muggins steps."""
    if view.phase is Phase.COUNT:
        assert view.starter is not None
        crib = view.to_act == view.dealer and len(view.shows) == 2
        return Action.count(show_score(view.counting, view.starter, crib=crib).total)
    if view.phase is Phase.ANSWER:
        shown = view.shows[-1]
        assert view.starter is not None
        # The truth is worked out from public cards: the shown hand and the starter.
        truth = show_score(shown.cards, view.starter, crib=shown.kind == "crib").total
        return MUGGINS if truth != shown.stated else ACCEPT
    return None
