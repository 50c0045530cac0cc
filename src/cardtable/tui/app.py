"""The full-screen terminal table (Textual): a match against the computer (Gin Rummy or
Cribbage), and the lessons.

The apps only hold what their screens share (the seat, the theme, how to show cards); the
match screen is :mod:`cardtable.tui.table_screen`, the lesson :mod:`cardtable.tui.lesson_screen`,
the dialogs :mod:`cardtable.tui.dialogs` and the style sheet :mod:`cardtable.tui.styles`.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.binding import Binding

from cardtable.tui import ascii as ascii_mode
from cardtable.tui.crib_lesson import CribbageLessonScreen
from cardtable.tui.crib_screen import CribbageScreen
from cardtable.tui.crib_session import CribbageTable
from cardtable.tui.dialogs import FinalScreen, InfoScreen, KnockScreen, ShowdownScreen
from cardtable.tui.lesson_screen import LessonScreen
from cardtable.tui.session import TerminalTable
from cardtable.tui.styles import CRIBBAGE_CSS, CSS
from cardtable.tui.table_screen import TableScreen
from cardtable.tui.widgets import CardGroup, CardView, HandView, Pile

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


class _CardTableApp(App[None]):
    """What the apps share: the theme at start, and ``--ascii`` (ASCII borders, keys and
    frames: :mod:`cardtable.tui.ascii`)."""

    def __init__(self, *, ascii_only: bool, theme: str) -> None:
        if ascii_only:
            widgets = ascii_mode.widget_css((CardView, CardGroup, HandView, Pile))
            # The instance's own sheet (Textual reads ``self.CSS``), the class's left as it is.
            object.__setattr__(self, "CSS", ascii_mode.ascii_css(*widgets, type(self).CSS))
        super().__init__()
        self.ascii_only = ascii_only
        self.start_theme = theme

    def on_mount(self) -> None:
        self.theme = self.start_theme
        if self.ascii_only:
            ascii_mode.wrap_driver(self._driver)

    def get_key_display(self, binding: Binding) -> str:
        if self.ascii_only:
            return ascii_mode.key_display(binding, super().get_key_display)
        return super().get_key_display(binding)


class TableApp(_CardTableApp):
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
        super().__init__(ascii_only=ascii_only, theme=theme)
        self.table = table
        self.new_match = new_match

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(TableScreen(self))


class LessonApp(_CardTableApp):
    """The guided lesson, full screen."""

    CSS = CSS
    TITLE = "Gin Rummy lesson"

    def __init__(self, *, ascii_only: bool = False, theme: str = "textual-dark") -> None:
        super().__init__(ascii_only=ascii_only, theme=theme)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(LessonScreen(self.ascii_only))


class CribbageApp(_CardTableApp):
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
        super().__init__(ascii_only=ascii_only, theme=theme)
        self.table = table
        self.new_match = new_match

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(CribbageScreen(self))


class CribbageLessonApp(_CardTableApp):
    """The guided Cribbage lesson, full screen."""

    CSS = CRIBBAGE_CSS
    TITLE = "Cribbage lesson"

    def __init__(self, *, ascii_only: bool = False, theme: str = "textual-dark") -> None:
        super().__init__(ascii_only=ascii_only, theme=theme)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(CribbageLessonScreen(self.ascii_only))
