"""Hints for a learner: the recommended action, the alternatives with values, and why.

A hint sees only the asking seat's observation, like every player.

>>> from cardtable.gin.lesson import LessonSession
>>> session = LessonSession()
>>> advice = hint(session.observation())
>>> str(advice.action)
'take'
>>> "3H" in advice.explanation
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import CARDS, VALUES, CardSet
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.melds import best_masks, deadwood

__all__ = ["Alternative", "Hint", "hint"]


@dataclass(frozen=True, slots=True)
class Alternative:
    """An action with its estimated value (higher is better) and a short note."""

    action: Action
    value: float
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {"action": str(self.action), "value": round(self.value, 2), "note": self.note}


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
    from cardtable.gin.players.expert import evaluate_actions

    scored = evaluate_actions(observation)
    best = scored[0]
    return Hint(best.action, _explain(observation, best, scored), tuple(scored))


def _explain(observation: Observation, best: Alternative, scored: list[Alternative]) -> str:
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
        return f"{verb}: the {top} fits none of your melds, and taking it tells your opponent."
    if kind is ActionKind.GIN:
        return f"Go gin: throw the {action.card} and every other card is in a meld."
    if kind is ActionKind.BIG_GIN:
        return "Big gin: all eleven of your cards are in melds."
    if kind is ActionKind.KNOCK:
        assert action.card is not None
        left = deadwood(hand ^ 1 << action.card)
        return f"Knock with {left}: throw the {action.card} face down and lay out your melds."
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
    knocks = [a for a in scored if a.action.kind is ActionKind.KNOCK]
    if knocks and observation.phase is Phase.DISCARD:
        best_knock = knocks[0].action
        assert best_knock.card is not None
        left = deadwood(hand ^ 1 << best_knock.card)
        text += f" You could knock with {left}, but waiting looks better: {knocks[0].note}."
    return text
