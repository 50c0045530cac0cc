"""One terminal player's seat at a Cribbage match of the table service.

The cribbage seat of :class:`cardtable.tui.hand_session.HandSession`, as gin's is: the same seat
token, the same browser link, the same "what happened since the last look", over the cribbage views
(:mod:`cardtable.cribbage.views`). A finished hand comes back whole (its show, and the
rest of its actions as this seat was told them), so both the full-screen table and the plain
prompt can lay the show out before the next deal.
"""

from __future__ import annotations

from typing import ClassVar, Final

from cardtable.cribbage.views import (
    BoardView,
    EventView,
    HandEndView,
    HandReplay,
    HintView,
    SeatView,
)
from cardtable.tui.hand_session import HandSession, HandUpdate, own_kind

__all__ = ["GAME", "CribbageTable", "CribbageUpdate"]

GAME: Final = "cribbage"


# What changed since the last look: a finished hand (if any) with the rest of its actions, and
# the new actions of the hand in play, each as the seat saw it.
CribbageUpdate = HandUpdate[HandEndView, EventView]


class CribbageTable(HandSession[SeatView, HandEndView, EventView]):
    """A person's seat in one cribbage match, seen through the table service."""

    game: ClassVar[str] = GAME
    start_command: ClassVar[str] = "cardtable play --game cribbage"
    view_type = SeatView

    @property
    def board(self) -> BoardView:
        """The board: front pegs, and back pegs where the last points left them."""
        return self.view.board

    def hint(self) -> HintView:
        return own_kind(self.game, self.service.hint(self.match_id, self.token), HintView)

    def hand_events(self, view: SeatView) -> tuple[EventView, ...]:
        return view.events

    def new_events(self, view: SeatView, seen: int) -> tuple[EventView, ...]:
        return () if view.finished else view.events[seen:]

    def told(self, replay: object) -> tuple[EventView, ...]:
        return replay.steps if isinstance(replay, HandReplay) else ()
