"""What a game hands the terminal: a :class:`FullScreen` (its Textual table) and a :class:`Plain`
(its line-by-line table), the two shapes of a game's ``screens["tui"]`` and ``screens["plain"]``.

Apart from :mod:`cardtable.tui.front`, which finds them, so that the generic screens can be
made of the same shapes without importing the module that chooses between them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from cardtable.tui.seats import SeatSession

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["FullScreen", "Plain", "PlainLessonRunner", "PlainTableMaker"]

AnySession = SeatSession[Any, Any]


class PlainTableMaker(Protocol):
    """A line-by-line table over a seat (:class:`cardtable.tui.plain_loop.PlainLoop`)."""

    def __call__(
        self,
        table: Any,
        inp: TextIO,
        out: TextIO,
        *,
        ascii_only: bool = ...,
        json_mode: bool = ...,
        prompt: bool = ...,
    ) -> Any: ...


class PlainLessonRunner(Protocol):
    """Runs a game's lesson line by line and returns the exit status. ``recorded``: print
    what the game's own command always printed; ``command``: the command its words name."""

    def __call__(
        self,
        inp: TextIO,
        out: TextIO,
        *,
        ascii_only: bool,
        prompt: bool,
        recorded: bool,
        command: str,
    ) -> int: ...


@dataclass(frozen=True, slots=True)
class FullScreen:
    """A game's own full-screen table: the seat it plays (``session``), the screen that shows
    a match (made from the app, which holds the seat), the style sheet added to the
    framework's, the lesson's screen (made from ``ascii_only``; ``None``: no lesson here) and
    the words of one of its actions in the coach's review (``None``: the action's text)."""

    session: type[AnySession]
    screen: Callable[[Any], Screen[Any]]
    css: str = ""
    lesson: Callable[[bool], Screen[Any]] | None = None
    review_action: Callable[[str], str] | None = None


@dataclass(frozen=True, slots=True)
class Plain:
    """A game's own line-by-line table: the seat it plays, the table over that seat, and the
    lesson (``None``: no lesson here)."""

    session: type[AnySession]
    table: PlainTableMaker
    lesson: PlainLessonRunner | None = None
