"""The match screen's moves and hints, sent to the table service in a worker thread (a strong
computer player may think a while, and the screen must keep drawing); each answer comes back
to the screen as a message, on the screen's own thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from textual.message import Message
from textual.screen import Screen

from cardtable.errors import CardTableError
from cardtable.gin.tui.session import TerminalTable, Update
from cardtable.gin.views import HintView

__all__ = ["HintReady", "MoveDone", "MoveRefused", "TableWorker"]


@dataclass
class MoveDone(Message):
    """A move was stored, and the computer answered (``on_move_done``)."""

    update: Update


@dataclass
class MoveRefused(Message):
    """A move was refused; nothing changed (``on_move_refused``)."""

    reason: str


@dataclass
class HintReady(Message):
    """The hint arrived (``advice``), or why there is none (``reason``) (``on_hint_ready``)."""

    advice: HintView | None
    reason: str = ""


class TableWorker:
    """Runs a screen's moves and hint requests off its event loop, one of each at a time."""

    def __init__(self, screen: Screen[Any], table: Callable[[], TerminalTable]) -> None:
        self.screen = screen
        self.table = table

    def act(self, action: str) -> None:
        self.screen.run_worker(
            partial(self._act, self.table(), action), thread=True, exclusive=True, group="table"
        )

    def hint(self) -> None:
        self.screen.run_worker(
            partial(self._hint, self.table()), thread=True, exclusive=True, group="hint"
        )

    def _act(self, table: TerminalTable, action: str) -> None:
        try:
            update = table.act(action)
        except CardTableError as error:
            self.screen.post_message(MoveRefused(str(error)))
            return
        self.screen.post_message(MoveDone(update))

    def _hint(self, table: TerminalTable) -> None:
        try:
            advice = table.hint()
        except (CardTableError, ValueError, ImportError) as error:
            self.screen.post_message(HintReady(None, str(error)))
            return
        self.screen.post_message(HintReady(advice))
