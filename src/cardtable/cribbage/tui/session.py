"""One terminal player's seat at a Cribbage match of the table service.

The cribbage twin of :class:`cardtable.gin.tui.session.TerminalTable`: the same seat token, the
same browser link, the same "what happened since the last look", over the cribbage views
(:mod:`cardtable.cribbage.views`). A finished hand comes back whole (its show, and the
rest of its actions as this seat was told them), so both the full-screen table and the plain
prompt can lay the show out before the next deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from cardtable.cribbage.views import (
    BoardView,
    EventView,
    HandEndView,
    HandReplay,
    HintView,
    SeatView,
)
from cardtable.tui.seats import NoMatchError, SeatSession

__all__ = ["GAME", "CribbageTable", "CribbageUpdate"]

GAME: Final = "cribbage"


@dataclass(frozen=True, slots=True)
class CribbageUpdate:
    """What changed since the last look: a finished hand (if any) with the rest of its
    actions, and the new actions of the hand in play, each as the seat saw it."""

    finished: HandEndView | None = None
    finished_events: tuple[EventView, ...] = ()
    events: tuple[EventView, ...] = ()

    def __bool__(self) -> bool:
        return self.finished is not None or bool(self.events)


def _cribbage(view: object) -> SeatView:
    """The cribbage view this table plays (the service serves every game's views)."""
    if not isinstance(view, SeatView):
        raise NoMatchError("that match is not a cribbage match")
    return view


def _deals_done(view: SeatView) -> int:
    return 0 if view.last_hand is None else view.last_hand.deal


class CribbageTable(SeatSession[SeatView, CribbageUpdate]):
    """A person's seat in one cribbage match, seen through the table service."""

    game: ClassVar[str] = GAME
    start_command: ClassVar[str] = "cardtable play --game cribbage"

    @classmethod
    def own_view(cls, view: object) -> SeatView:
        return _cribbage(view)

    @staticmethod
    def deals_done(view: SeatView) -> int:
        return _deals_done(view)

    @property
    def board(self) -> BoardView:
        """The board: front pegs, and back pegs where the last points left them."""
        return self.view.board

    def hint(self) -> HintView:
        advice = self.service.hint(self.match_id, self.token)
        if not isinstance(advice, HintView):
            raise NoMatchError("that match is not a cribbage match")
        return advice

    def _take(self, view: SeatView) -> CribbageUpdate:
        done = _deals_done(view)
        finished: HandEndView | None = None
        told: tuple[EventView, ...] = ()
        if done > self._deals_seen:
            finished = view.last_hand
            if done == self._deals_seen + 1 and finished is not None:
                replay = self.service.replay_hand(self.match_id, self.token, done)
                if isinstance(replay, HandReplay):
                    told = replay.steps[self._events_seen :]
            self._events_seen = 0
        events = () if view.finished else view.events[self._events_seen :]
        self._deals_seen = done
        self._events_seen = len(view.events)
        self.view = view
        return CribbageUpdate(finished, told, events)
