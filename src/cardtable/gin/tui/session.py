"""One terminal player's seat at a gin match of the table service.

:class:`TerminalTable` is the gin seat of :class:`cardtable.tui.hand_session.HandSession` (the
same seat token, browser link and "what happened since the last look" as every game's); a
cribbage seat is :class:`cardtable.cribbage.tui.session.CribbageTable`. The functions that find
a terminal's matches and its person's seat live in :mod:`cardtable.tui.seats` and are named
here too, where the gin table has always found them.
"""

from __future__ import annotations

from typing import ClassVar

from cardtable.gin.views import EventView, HandReplay, HandSummary, HintView, SeatView
from cardtable.tui.hand_session import HandSession, HandUpdate, own_kind
from cardtable.tui.seats import (
    CLIENT,
    WEB_BASE,
    NoMatchError,
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


# What changed since the last look: a finished hand (if any) with the rest of its events, and
# the new events of the hand in play, each as the seat saw it.
Update = HandUpdate[HandSummary, EventView]


def finished_events(replay: HandReplay) -> tuple[EventView, ...]:
    """Every event of a finished hand as this seat was told it during the hand (the engine
    decides which cards it saw: the opponent's stock draws stay hidden)."""
    return replay.told


class TerminalTable(HandSession[SeatView, HandSummary, EventView]):
    """A person's seat in one gin match, seen through the table service."""

    game: ClassVar[str] = "gin"
    start_command: ClassVar[str] = "ginrummy play"
    command = "ginrummy"
    view_type = SeatView

    @classmethod
    def noun(cls) -> str:
        return "match"  # as the gin command always said

    def hint(self) -> HintView:
        return own_kind(self.game, self.service.hint(self.match_id, self.token), HintView)

    def hand_events(self, view: SeatView) -> tuple[EventView, ...]:
        return view.hand.events

    def told(self, replay: object) -> tuple[EventView, ...]:
        assert isinstance(replay, HandReplay)
        return finished_events(replay)
