"""How the terminal finds a game's screens: through the registry, never by the game's name.

A game names its own terminal screens in its ``screens`` facet (:attr:`cardtable.games.Game.
screens`): ``"tui"`` a :class:`FullScreen` (its seat, its Textual table screen, its style
sheet, its lesson screen) and ``"plain"`` a :class:`Plain` (its seat and its line-by-line
table and lesson), each as a ``"module:attribute"`` reference loaded here when it is used. A
game that names none is played on the generic screens (:mod:`cardtable.tui.generic`), from
each seat view's :class:`~cardtable.games.views.Basics`.

These two classes, :class:`cardtable.tui.seats.SeatSession`, :class:`cardtable.tui.plain_loop.
PlainLoop`, :class:`cardtable.tui.lesson_base.LessonBase`, the dialogs and the widgets are the
framework's extension points: a game's ``tui`` package builds on them, and this package
imports no game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from cardtable.errors import CardTableError
from cardtable.games import game, load_ref
from cardtable.tui.seats import SeatSession

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = [
    "FullScreen",
    "Plain",
    "PlainLessonRunner",
    "PlainTableMaker",
    "full_screen",
    "plain",
    "review_words",
]

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


def _own(name: str, front: str) -> Any:
    ref = game(name).screens.get(front)
    return None if ref is None else load_ref(ref)


def full_screen(name: str) -> FullScreen:
    """The full-screen table of the game ``name``: its own, else the generic one.
    An unknown game raises :class:`~cardtable.errors.UnknownGameError`."""
    own = _own(name, "tui")
    if own is not None:
        if not isinstance(own, FullScreen):
            raise TypeError(f"{name}'s screens['tui'] is not a cardtable.tui.front.FullScreen")
        return own
    from cardtable.tui.generic_screen import generic_full_screen

    return generic_full_screen(name)


def plain(name: str) -> Plain:
    """The line-by-line table of the game ``name``: its own, else the generic one."""
    own = _own(name, "plain")
    if own is not None:
        if not isinstance(own, Plain):
            raise TypeError(f"{name}'s screens['plain'] is not a cardtable.tui.front.Plain")
        return own
    from cardtable.tui.generic_plain import generic_plain

    return generic_plain(name)


def review_words(name: str) -> Callable[[str], str]:
    """How the coach's review of the game ``name`` words one of its actions (an unknown
    game, or one that says nothing: the action's own text)."""
    try:
        own = _own(name, "tui")
    except CardTableError:  # no such game here: its actions as they are
        own = None
    if isinstance(own, FullScreen) and own.review_action is not None:
        return own.review_action
    return str
