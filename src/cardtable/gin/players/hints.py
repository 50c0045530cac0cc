"""Hints for a learner: the recommended action, the alternatives with values, and why.

A hint sees only the asking seat's observation, like every player. A forced move (one legal
action: the first draw after both players pass the upcard) comes with no alternatives and
says why it is forced; a turn that could knock states both sides of the choice, the
expected points of knocking now and of playing on, in the figures the expert ranked by.

>>> from cardtable.gin.lesson import LessonSession
>>> session = LessonSession()
>>> advice = hint(session.observation())
>>> str(advice.action)
'take'
>>> "3H" in advice.explanation
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from cardtable.cards import CARDS, VALUES, CardSet
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.melds import best_masks, deadwood
from cardtable.gin.players.alternatives import Alternative
from cardtable.gin.players.expert import evaluate_actions

__all__ = ["Alternative", "Hint", "explain", "forced_reason", "hint", "knock_note"]


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    explanation: str
    alternatives: tuple[Alternative, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "explanation": self.explanation,
            "alternatives": [alt.to_dict() for alt in self.alternatives],
        }


def _meld_text(cards: int, card: int) -> str:
    """The meld that ``card`` joins in the best arrangement of ``cards`` plus it."""
    melds, _ = best_masks(cards | 1 << card)
    for meld in melds:
        if meld >> card & 1:
            others = CardSet.from_mask(meld & ~(1 << card))
            return "-".join(str(c) for c in others.sorted_by_rank())
    return ""


def hint(observation: Observation) -> Hint:
    """Advice for the seat to act. Raises ``ValueError`` when it is not that seat's turn."""
    legal = observation.legal_actions()
    if not legal:
        raise ValueError("it is not your turn: no hint to give")
    if len(legal) == 1:
        return Hint(legal[0], forced_reason(observation, legal[0]), ())
    scored = [knock_note(alt) for alt in evaluate_actions(observation)]
    best = scored[0]
    return Hint(best.action, explain(observation, best, scored), tuple(scored))


_RISK = re.compile(r"undercut risk \d+%")


def knock_note(alt: Alternative) -> Alternative:
    """A knock's note in the figure it is ranked by (its value), with its undercut risk."""
    if alt.action.kind is not ActionKind.KNOCK:
        return alt
    risk = _RISK.search(alt.note)
    note = f"expected {alt.value:+.1f} points" + (f", {risk.group(0)}" if risk else "")
    return replace(alt, note=note)


def forced_reason(observation: Observation, action: Action) -> str:
    """Why the only legal move is the move (no choice to weigh)."""
    if action.kind is ActionKind.DRAW_STOCK and observation.stock_only:
        return (
            "Draw from the stock: both players passed the upcard, so this first draw must "
            "come from the stock (there is no choice to make)."
        )
    return f"{_ACTION_WORDS.get(action.kind, str(action))}: it is the only legal move."


_ACTION_WORDS = {
    ActionKind.DRAW_STOCK: "Draw from the stock",
    ActionKind.DRAW_DISCARD: "Take the upcard",
    ActionKind.PASS: "Pass",
}


def _comparison(knock: Alternative, wait: Alternative | None) -> str:
    """Both sides of knocking now against playing on, in expected points for this seat."""
    now = f"knock now: expected {knock.value:+.1f} points"
    if wait is None:
        return now
    return f"{now}; keep playing: expected {wait.value:+.1f} points"


def explain(observation: Observation, best: Alternative, scored: list[Alternative]) -> str:
    hand = observation.hand.mask
    action = best.action
    kind = action.kind
    top = observation.top_discard
    if kind is ActionKind.DRAW_DISCARD and top is not None:
        meld = _meld_text(hand, top)
        if meld:
            return f"Take the {top}: it joins your {meld}."
        return f"Take the {top}: it lowers your deadwood."
    if kind in (ActionKind.DRAW_STOCK, ActionKind.PASS):
        verb = "Pass" if kind is ActionKind.PASS else "Draw from the stock"
        if top is None:
            return f"{verb}."
        meld = _meld_text(hand, top)
        if meld:
            return f"{verb}: the {top} would join your {meld}, yet this is rated higher here."
        return f"{verb}: the {top} fits none of your melds, and taking it tells your opponent."
    if kind is ActionKind.GIN:
        return f"Go gin: throw the {action.card} and every other card is in a meld."
    if kind is ActionKind.BIG_GIN:
        return "Big gin: all eleven of your cards are in melds."
    knocks = [a for a in scored if a.action.kind is ActionKind.KNOCK]
    waits = [a for a in scored if a.action.kind is ActionKind.DISCARD]
    if kind is ActionKind.KNOCK:
        assert action.card is not None
        left = deadwood(hand ^ 1 << action.card)
        text = f"Knock with {left}: throw the {action.card} face down and lay out your melds"
        comparison = _comparison(best, waits[0] if waits else None)
        return f"{text}. {comparison[0].upper()}{comparison[1:]}."
    assert action.card is not None
    card = CARDS[action.card]
    _, loose = best_masks(hand)
    text = f"Throw the {card}"
    if loose >> card & 1:
        high = VALUES[card] == max(VALUES[c] for c in CardSet.from_mask(loose))
        text += ", the highest card that helps nothing" if high else ", a card that helps nothing"
    else:
        text += ", the card your hand misses least"
    text += "."
    if knocks and observation.phase is Phase.DISCARD:
        best_knock = knocks[0].action
        assert best_knock.card is not None
        left = deadwood(hand ^ 1 << best_knock.card)
        comparison = _comparison(knocks[0], best)
        text += f" You could knock with {left}, but waiting looks better ({comparison})."
    return text
