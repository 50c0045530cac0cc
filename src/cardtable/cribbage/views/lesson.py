"""The Cribbage lesson as the learner sees it: the learner's seat of the scripted hand and the
step to do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card
from cardtable.cribbage.hand import ShowRecord
from cardtable.cribbage.lesson import LessonSession, StepOutcome
from cardtable.cribbage.views.history import EventView, events_of
from cardtable.cribbage.views.seat import PlayedView
from cardtable.cribbage.views.shows import ShowView, show_view
from cardtable.games.lessons import LessonStepView
from cardtable.games.views import PlayerView

__all__ = ["LessonStepView", "LessonView", "lesson_view"]

LESSON_PLAYERS: Final = (PlayerView("human", "You"), PlayerView("computer", "Teacher"))


@dataclass(frozen=True, slots=True)
class LessonView:
    """The lesson's table (the learner's seat only) and the step; ``ok`` is false when the
    learner's last try was not what the step asks (the coach says why in the message)."""

    lesson_id: str
    game: str
    players: tuple[PlayerView, PlayerView]
    seat: int
    dealer: int
    phase: str
    to_act: int | None
    target: int
    hand: tuple[Card, ...]
    laid_away: tuple[Card, ...]
    starter: Card | None
    count: int
    count_cards: tuple[PlayedView, ...]
    opponent_cards: int
    pegs: tuple[int, int]
    legal_actions: tuple[str, ...]
    events: tuple[EventView, ...]
    shows: tuple[ShowView, ...]
    step: LessonStepView
    ok: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "lesson_id": self.lesson_id,
            "game": self.game,
            "status": "lesson",
            "players": [p.to_json() for p in self.players],
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "target": self.target,
            "hand": [str(c) for c in self.hand],
            "laid_away": [str(c) for c in self.laid_away],
            "starter": None if self.starter is None else str(self.starter),
            "count": self.count,
            "count_cards": [p.to_json() for p in self.count_cards],
            "opponent_cards": self.opponent_cards,
            "pegs": list(self.pegs),
            "legal_actions": list(self.legal_actions),
            "events": [e.to_json() for e in self.events],
            "shows": [s.to_json() for s in self.shows],
            "lesson": self.step.to_json(),
            "ok": self.ok,
        }


def lesson_view(
    lesson_id: str, session: LessonSession, outcome: StepOutcome | None = None
) -> LessonView:
    view = session.observation()
    return LessonView(
        lesson_id=lesson_id,
        game="cribbage",
        players=LESSON_PLAYERS,
        seat=view.seat,
        dealer=view.dealer,
        phase=view.phase.value,
        to_act=view.to_act,
        target=view.target,
        hand=view.hand,
        laid_away=view.laid_away,
        starter=view.starter,
        count=view.count,
        count_cards=tuple(
            PlayedView(p.seat, p.card, p.count) for p in view.plays[view.count_start :]
        ),
        opponent_cards=view.opponent_cards,
        pegs=view.pegs if session.show_visible else _before_show(view.pegs, view.shows),
        legal_actions=tuple(str(a) for a in view.legal),
        events=tuple(
            event if session.show_visible else _without_show(event)
            for event in events_of(session.hand, view.seat)
        ),
        shows=tuple(show_view(s) for s in view.shows) if session.show_visible else (),
        step=LessonStepView.of(session, outcome),
        ok=True if outcome is None else outcome.ok,
    )


def _without_show(event: EventView) -> EventView:
    """The event without the show's points: the learner counts their hand before seeing it."""
    kept = tuple(s for s in event.scores if s.reason not in ("hand", "crib"))
    return EventView(event.seat, event.action, kept, event.count)


def _before_show(pegs: tuple[int, int], shows: tuple[ShowRecord, ...]) -> tuple[int, int]:
    back = [pegs[0], pegs[1]]
    for shown in shows:
        back[shown.seat] -= shown.pegged
    return (back[0], back[1])
