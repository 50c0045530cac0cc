"""One terminal player's seat at a gin match of the table service.

:class:`TerminalTable` is the gin seat of :class:`cardtable.tui.seats.SeatSession` (the same
seat token, browser link and "what happened since the last look" as every game's); a
cribbage seat is :class:`cardtable.cribbage.tui.session.CribbageTable`. The functions that find
a terminal's matches and its person's seat live in :mod:`cardtable.tui.seats` and are named
here too, where the gin table has always found them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardtable.gin.views import EventView, HandReplay, HandSummary, HintView, SeatView
from cardtable.tui.seats import (
    CLIENT,
    WEB_BASE,
    NoMatchError,
    SeatSession,
    default_level,
    match_game,
    person_token,
    resumable_matches,
    terminal_seats,
)

__all__ = [
    "CLIENT",
    "WEB_BASE",
    "NoMatchError",
    "TerminalTable",
    "Update",
    "default_level",
    "finished_events",
    "match_game",
    "person_token",
    "resumable_matches",
    "terminal_seats",
]


@dataclass(frozen=True, slots=True)
class Update:
    """What changed since the last look: a finished hand (if any) with the rest of its
    events, and the new events of the hand in play, each as the seat saw it."""

    finished: HandSummary | None = None
    finished_events: tuple[EventView, ...] = ()
    events: tuple[EventView, ...] = ()

    def __bool__(self) -> bool:
        return self.finished is not None or bool(self.events)


def finished_events(replay: HandReplay) -> tuple[EventView, ...]:
    """Every event of a finished hand as this seat was told it during the hand (the engine
    decides which cards it saw: the opponent's stock draws stay hidden)."""
    return replay.told


def _gin(view: object) -> SeatView:
    """The gin view this table plays (the service serves every game's views)."""
    if not isinstance(view, SeatView):
        raise NoMatchError("that match is not a gin match")
    return view


def _gin_hint(advice: object) -> HintView:
    if not isinstance(advice, HintView):
        raise NoMatchError("that match is not a gin match")
    return advice


def _deals_done(view: SeatView) -> int:
    return 0 if view.last_hand is None else view.last_hand.deal


class TerminalTable(SeatSession[SeatView, Update]):
    """A person's seat in one gin match, seen through the table service."""

    game: ClassVar[str] = "gin"
    start_command: ClassVar[str] = "ginrummy play"
    command = "ginrummy"

    @classmethod
    def noun(cls) -> str:
        return "match"  # as the gin command always said

    @classmethod
    def own_view(cls, view: object) -> SeatView:
        return _gin(view)

    @staticmethod
    def deals_done(view: SeatView) -> int:
        return _deals_done(view)

    def hint(self) -> HintView:
        return _gin_hint(self.service.hint(self.match_id, self.token))

    def _take(self, view: SeatView) -> Update:
        done = _deals_done(view)
        finished: HandSummary | None = None
        told: tuple[EventView, ...] = ()
        if done > self._deals_seen:
            finished = view.last_hand
            if done == self._deals_seen + 1:
                replay = self.service.replay_hand(self.match_id, self.token, done)
                assert isinstance(replay, HandReplay)
                told = finished_events(replay)[self._events_seen :]
            self._events_seen = 0
        events = view.hand.events[self._events_seen :]
        self._deals_seen = done
        self._events_seen = len(view.hand.events)
        self.view = view
        return Update(finished, told, events)
