"""How the terminal finds a game's screens: through the registry, never by the game's name.

A game names its own terminal screens in its ``screens`` facet (:attr:`cardtable.games.Game.
screens`): ``"tui"`` a :class:`FullScreen` (its seat, its Textual table screen, its style
sheet, its lesson screen) and ``"plain"`` a :class:`Plain` (its seat and its line-by-line
table and lesson), each as a ``"module:attribute"`` reference loaded here when it is used. A
game that names none is played on the generic screens (:mod:`cardtable.tui.generic_screen`,
:mod:`cardtable.tui.generic_plain`), from each seat view's :class:`~cardtable.games.views.
Basics`.

These two classes (defined in :mod:`cardtable.tui.screen_kinds`), :class:`cardtable.tui.
seats.SeatSession` (and :class:`cardtable.tui.hand_session.HandSession` for a game played in
deals), :class:`cardtable.tui.plain_loop.PlainLoop` (and ``HandPlainLoop``), :class:`cardtable.
tui.plain_lesson.PlainLessonLoop`, :class:`cardtable.tui.match_screen.MatchScreen`,
:class:`cardtable.tui.lesson_base.LessonBase`, the dialogs and the widgets are the
framework's extension points: a game's ``tui`` package builds on them, and this package
imports no game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardtable.errors import CardTableError
from cardtable.games import game, load_ref
from cardtable.tui.screen_kinds import FullScreen, Plain, PlainLessonRunner, PlainTableMaker

__all__ = [
    "FullScreen",
    "Plain",
    "PlainLessonRunner",
    "PlainTableMaker",
    "full_screen",
    "plain",
    "review_words",
]


K = TypeVar("K", FullScreen, Plain)


def _own(name: str, front: str) -> Any:
    ref = game(name).screens.get(front)
    return None if ref is None else load_ref(ref)


def _own_kind(name: str, front: str, kind: type[K]) -> K | None:
    """The game's own screens for ``front``, if it names them; anything else is its error."""
    own = _own(name, front)
    if own is not None and not isinstance(own, kind):
        raise TypeError(f"{name}'s screens[{front!r}] is not a cardtable.tui.front.{kind.__name__}")
    return own


def full_screen(name: str) -> FullScreen:
    """The full-screen table of the game ``name``: its own, else the generic one.
    An unknown game raises :class:`~cardtable.errors.UnknownGameError`."""
    own = _own_kind(name, "tui", FullScreen)
    if own is not None:
        return own
    from cardtable.tui.generic_screen import generic_full_screen

    return generic_full_screen(name)


def plain(name: str) -> Plain:
    """The line-by-line table of the game ``name``: its own, else the generic one."""
    own = _own_kind(name, "plain", Plain)
    if own is not None:
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
