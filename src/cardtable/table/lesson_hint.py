"""A hint within a lesson, for either game: the step's own answer in the step's own words.

In a lesson the hint is the lesson's, not the expert's: the expert would advise on the hand
alone, and its advice may differ from the step the lesson teaches (it would take the upcard
while the lesson asks to name a meld, or play on where the lesson knocks). Every step has a
hint, so there is always something to say, and never a refusal:

- ``select``: name the meld by picking the cards of ``action`` (gin's first steps);
- ``act``: send the action ``action`` (``discard QD``, ``play 5H``, ``count 10``);
- ``next``: a step that only explains: read it and go on;
- ``finish``: the end of the lesson, where nothing is left to do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, parse_card
from cardtable.cribbage.lesson import LessonSession as CribbageSession
from cardtable.errors import InvalidCardError
from cardtable.gin.lesson import LessonSession

__all__ = ["LessonHintView", "lesson_hint"]


@dataclass(frozen=True, slots=True)
class LessonHintView:
    """What the step asks for (``kind`` and ``action``), the cards it names and why."""

    step: str
    kind: str
    action: str
    cards: tuple[Card, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "kind": self.kind,
            "action": self.action,
            "cards": [str(c) for c in self.cards],
            "text": self.text,
        }


def lesson_hint(session: LessonSession | CribbageSession) -> LessonHintView:
    """The hint for the step the learner is at (the cards standing in as they stand)."""
    step = session.step
    select = session.step.select if isinstance(session, LessonSession) else None
    if session.finished:
        kind, action = "finish", ""
    elif select is not None:
        kind, action = "select", select
    elif step.action is not None:
        kind, action = "act", step.action
    else:
        kind, action = "next", ""
    return LessonHintView(step.key, kind, action, _named_cards(action), step.hint)


def _named_cards(text: str) -> tuple[Card, ...]:
    """The cards an answer names (``discard 2D 6C``: 2D and 6C; ``count 10``: none)."""
    cards = []
    for word in text.split():
        try:
            cards.append(parse_card(word))
        except InvalidCardError:
            continue
    return tuple(cards)
