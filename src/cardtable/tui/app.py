"""The full-screen terminal table (Textual): one app for a match of any game, one for any
game's lesson.

The apps hold only what every screen shares (the seat, the theme, how to show cards); the
screen itself is the game's (:func:`cardtable.tui.front.full_screen`: its own, found through
the registry, or the generic one), with the framework's style sheet
(:mod:`cardtable.tui.styles`) and the game's added to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.binding import Binding

from cardtable.games import game
from cardtable.tui import ascii as ascii_mode
from cardtable.tui.front import full_screen
from cardtable.tui.styles import CSS
from cardtable.tui.widgets import CardGroup, CardView, HandView, Pile

__all__ = ["LessonApp", "TableApp"]


class _CardTableApp(App[None]):
    """What the apps share: the style sheet (the framework's and the game's), the theme at
    start, and ``--ascii`` (ASCII borders, keys and frames: :mod:`cardtable.tui.ascii`)."""

    def __init__(self, *, css: str, title: str, ascii_only: bool, theme: str) -> None:
        sheet = CSS + css
        if ascii_only:
            widgets = ascii_mode.widget_css((CardView, CardGroup, HandView, Pile))
            sheet = ascii_mode.ascii_css(*widgets, sheet)
        # The instance's own sheet and title (Textual reads ``self.CSS``), the class's left
        # as they are.
        object.__setattr__(self, "CSS", sheet)
        object.__setattr__(self, "TITLE", title)
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
    """A match against the computer at one terminal seat (``table``: the game's seat), on
    the game's screen.

    ``new_match`` is asked for the table to open after a finished match (``n`` on the final
    screen), given the finished one: the terminal continues the series there.
    """

    def __init__(
        self,
        table: Any,
        *,
        ascii_only: bool = False,
        theme: str = "textual-dark",
        new_match: Callable[[Any], Any] | None = None,
    ) -> None:
        self.front = full_screen(table.game)
        super().__init__(
            css=self.front.css,
            title=game(table.game).title,
            ascii_only=ascii_only,
            theme=theme,
        )
        self.table = table
        self.new_match = new_match

    def rematch(self) -> bool:
        """Sit at the next match of the series (False: the app offers none)."""
        if self.new_match is None:
            return False
        self.table = self.new_match(self.table)
        return True

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(self.front.screen(self))


class LessonApp(_CardTableApp):
    """The guided lesson of the game ``name``, full screen (a game with a lesson screen)."""

    def __init__(self, name: str, *, ascii_only: bool = False, theme: str = "textual-dark") -> None:
        self.front = full_screen(name)
        if self.front.lesson is None:
            raise ValueError(f"{name} has no lesson for the terminal")
        super().__init__(
            css=self.front.css,
            title=f"{game(name).title} lesson",
            ascii_only=ascii_only,
            theme=theme,
        )

    def on_mount(self) -> None:
        super().on_mount()
        assert self.front.lesson is not None
        self.push_screen(self.front.lesson(self.ascii_only))
