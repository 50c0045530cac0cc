"""Hints and the lesson."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card
from cardtable.games.lessons import LessonStepView
from cardtable.games.views import PlainView, PlayerView
from cardtable.gin.actions import Action
from cardtable.gin.lesson import LessonSession, StepOutcome
from cardtable.gin.players.hints import Hint
from cardtable.gin.views.hands import HandView
from cardtable.gin.views.seat import PlayView

__all__ = [
    "LESSON_PLAYERS",
    "AlternativeView",
    "HintView",
    "LessonStepView",
    "LessonView",
    "hint_view",
    "lesson_view",
]

# -- hints and the lesson -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AlternativeView:
    action: str
    value: float
    note: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "value": round(self.value, 2), "note": self.note}


@dataclass(frozen=True, slots=True)
class HintView(PlainView):
    """The expert's advice for a seat's turn, from that seat's view only."""

    action: str
    explanation: str
    alternatives: tuple[AlternativeView, ...]

    @property
    def card(self) -> Card | None:
        """The card the advice names (to discard, or to throw when knocking)."""
        return Action.parse(self.action).card


def hint_view(hint: Hint) -> HintView:
    return HintView(
        str(hint.action),
        hint.explanation,
        tuple(AlternativeView(str(a.action), a.value, a.note) for a in hint.alternatives),
    )


LESSON_PLAYERS: Final = (PlayerView("human", "You"), PlayerView("computer", "Teacher"))


@dataclass(frozen=True, slots=True)
class LessonView:
    """The lesson's table (the learner's seat only) and the step to do; ``ok`` is false when
    the learner's last try was not what the step asks (the coach explains in ``message``)."""

    lesson_id: str
    players: tuple[PlayerView, PlayerView]
    play: PlayView
    step: LessonStepView
    ok: bool

    @property
    def hand(self) -> HandView:
        return self.play.hand

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.hand.seat,
            **self.play.to_json(),
            "lesson_id": self.lesson_id,
            "players": [player.to_json() for player in self.players],
            "status": "lesson",
            "dealer": self.hand.dealer,
            "scores": [0, 0],
            "lesson": self.step.to_json(),
            "ok": self.ok,
        }


def lesson_view(
    lesson_id: str, session: LessonSession, outcome: StepOutcome | None = None
) -> LessonView:
    return LessonView(
        lesson_id=lesson_id,
        players=LESSON_PLAYERS,
        play=PlayView.of(session.observation()),
        step=LessonStepView.of(session, outcome),
        ok=True if outcome is None else outcome.ok,
    )
