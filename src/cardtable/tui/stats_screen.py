"""The statistics dialog (``i`` at the table): the person's figures over every match of this
terminal, counted by the table service (:meth:`TableService.player_stats`).

Counting may review a few finished matches (a second each), so the figures are asked for in
a worker thread while the dialog says "Counting…", as the review dialog does; a failure is
one line in the dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static

from cardtable.errors import CardTableError
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.stats_text import stats_lines
from cardtable.tui.widgets import markup_escape

__all__ = ["StatsReady", "StatsScreen", "StatsSource"]

# Asks the service for the statistics (``TerminalTable.stats``), as JSON.
StatsSource = Callable[[], Mapping[str, Any]]


@dataclass
class StatsReady(Message):
    """The figures arrived, as lines (or the one line saying why there are none)."""

    lines: list[str]
    failed: bool = False


class StatsScreen(InfoScreen):
    def __init__(self, source: StatsSource, ascii_only: bool = False) -> None:
        super().__init__("Your statistics", "", ok="Close (⏎)", screen_id="stats")
        self.source = source
        self.ascii_only = ascii_only

    def compose_body(self) -> ComposeResult:
        yield Static("Counting… (finished matches are reviewed once)", id="stats-body")

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(partial(self._fetch, self.source), thread=True, group="stats")

    def _fetch(self, source: StatsSource) -> None:
        try:
            lines = stats_lines(source(), self.ascii_only)
        except CardTableError as error:
            self.post_message(StatsReady([f"No statistics: {error}"], failed=True))
        except Exception as error:  # the store unreachable: a line, not a traceback
            self.post_message(StatsReady([f"No statistics: {type(error).__name__}"], True))
        else:
            self.post_message(StatsReady(lines))

    def on_stats_ready(self, message: StatsReady) -> None:
        body = self.query_one("#stats-body", Static)
        body.update(markup_escape("\n".join(message.lines)))
        body.set_class(message.failed, "-error")
