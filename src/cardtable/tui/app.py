"""The full-screen terminal table (Textual): a match against the computer (Gin Rummy or
Cribbage), and the lessons.

The apps only hold what their screens share (the seat, the theme, how to show cards); the
match screen is :mod:`cardtable.tui.table_screen`, the lesson :mod:`cardtable.tui.lesson_screen`,
the dialogs :mod:`cardtable.tui.dialogs` and the style sheet :mod:`cardtable.tui.styles`.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from cardtable.tui.crib_lesson import CribbageLessonScreen
from cardtable.tui.crib_screen import CribbageScreen
from cardtable.tui.crib_session import CribbageTable
from cardtable.tui.dialogs import FinalScreen, InfoScreen, KnockScreen, ShowdownScreen
from cardtable.tui.lesson_screen import LessonScreen
from cardtable.tui.session import TerminalTable
from cardtable.tui.styles import CRIBBAGE_CSS, CSS
from cardtable.tui.table_screen import TableScreen

__all__ = [
    "CribbageApp",
    "CribbageLessonApp",
    "CribbageLessonScreen",
    "CribbageScreen",
    "FinalScreen",
    "InfoScreen",
    "KnockScreen",
    "LessonApp",
    "LessonScreen",
    "ShowdownScreen",
    "TableApp",
    "TableScreen",
]


class TableApp(App[None]):
    """A match against the computer at one terminal seat.

    ``new_match`` is asked for the table to open after a finished match (``n`` on the final
    screen), given the finished one: the terminal continues the series there.
    """

    CSS = CSS
    TITLE = "Gin Rummy"

    def __init__(
        self,
        table: TerminalTable,
        *,
        ascii_only: bool = False,
        theme: str = "textual-dark",
        new_match: Callable[[TerminalTable], TerminalTable] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.ascii_only = ascii_only
        self.start_theme = theme
        self.new_match = new_match

    def on_mount(self) -> None:
        self.theme = self.start_theme
        self.push_screen(TableScreen(self))


class LessonApp(App[None]):
    """The guided lesson, full screen."""

    CSS = CSS
    TITLE = "Gin Rummy lesson"

    def __init__(self, *, ascii_only: bool = False, theme: str = "textual-dark") -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.start_theme = theme

    def on_mount(self) -> None:
        self.theme = self.start_theme
        self.push_screen(LessonScreen(self.ascii_only))


class CribbageApp(App[None]):
    """A cribbage match against the computer at one terminal seat; ``new_match`` as in
    :class:`TableApp`."""

    CSS = CRIBBAGE_CSS
    TITLE = "Cribbage"

    def __init__(
        self,
        table: CribbageTable,
        *,
        ascii_only: bool = False,
        theme: str = "textual-dark",
        new_match: Callable[[CribbageTable], CribbageTable] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.ascii_only = ascii_only
        self.start_theme = theme
        self.new_match = new_match

    def on_mount(self) -> None:
        self.theme = self.start_theme
        self.push_screen(CribbageScreen(self))


class CribbageLessonApp(App[None]):
    """The guided Cribbage lesson, full screen."""

    CSS = CRIBBAGE_CSS
    TITLE = "Cribbage lesson"

    def __init__(self, *, ascii_only: bool = False, theme: str = "textual-dark") -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.start_theme = theme

    def on_mount(self) -> None:
        self.theme = self.start_theme
        self.push_screen(CribbageLessonScreen(self.ascii_only))
