"""The games, as plug-ins: their interface (:mod:`cardtable.games.interface`) and the registry.

A game is a package that offers one :class:`Game` object and names it in the
``cardtable.games`` entry-point group of its distribution, the way pytest finds its plug-ins:
Card Table's own ``pyproject.toml`` registers ``gin`` and ``cribbage`` so. Everything above
the games (the table, the store, the simulator, the research kit, the commands and both
front ends) finds a game here, by name, and never imports a game's package.

>>> [g.name for g in games()][:2]
['gin', 'cribbage']
>>> game("cribbage").title, default_game().name
('Cribbage', 'gin')
>>> game("chess")
Traceback (most recent call last):
...
cardtable.errors.UnknownGameError: unknown game 'chess': the games are gin, cribbage
"""

from __future__ import annotations

import importlib
import logging
import threading
from importlib.metadata import entry_points
from typing import Any, Final

from cardtable.errors import UnknownGameError
from cardtable.games.interface import (
    About,
    Computer,
    Game,
    GameMatch,
    GameRules,
    GameView,
    Lesson,
    LessonOutcome,
    Ref,
    SeatStats,
    SeatView,
    Setting,
)
from cardtable.games.views import Basics, Choice, PlayerView, TableHeader

__all__ = [
    "GROUP",
    "About",
    "AnyGame",
    "Basics",
    "Choice",
    "Computer",
    "Game",
    "GameMatch",
    "GameRules",
    "GameView",
    "Lesson",
    "LessonOutcome",
    "PlayerView",
    "Ref",
    "SeatStats",
    "SeatView",
    "Setting",
    "TableHeader",
    "default_game",
    "game",
    "game_names",
    "games",
    "load_ref",
    "reload_games",
]

GROUP: Final = "cardtable.games"

AnyGame = Game[Any]

_log = logging.getLogger("cardtable.games")
_lock = threading.Lock()
_found: tuple[AnyGame, ...] | None = None


def _discover() -> tuple[AnyGame, ...]:
    by_name: dict[str, AnyGame] = {}
    for point in entry_points(group=GROUP):
        if point.name in by_name:  # the same distribution seen twice on the path
            continue
        try:
            found = point.load()
        except Exception as error:  # a broken plug-in must not take the others down
            _log.error("the game %r (%s) could not be loaded: %s", point.name, point.value, error)
            continue
        if getattr(found, "name", None) != point.name:
            _log.error("the game %r names itself %r: left out", point.name, found)
            continue
        by_name[point.name] = found
    return tuple(sorted(by_name.values(), key=lambda g: (g.order, g.name)))


def games() -> tuple[AnyGame, ...]:
    """Every registered game, in the order lists show them (a game's ``order``, then name)."""
    global _found
    with _lock:
        if _found is None:
            _found = _discover()
        return _found


def reload_games() -> None:
    """Look for games again (after a plug-in was installed, or put on the path by a test)."""
    global _found
    with _lock:
        _found = None


def game_names() -> tuple[str, ...]:
    """The names of the registered games, in order."""
    return tuple(g.name for g in games())


def game(name: object) -> AnyGame:
    """The game called ``name``; an unknown one raises :class:`UnknownGameError` naming
    the games there are."""
    for found in games():
        if found.name == name:
            return found
    shown = repr(name) if isinstance(name, str) and len(name) <= 40 else "given"
    raise UnknownGameError(f"unknown game {shown}: the games are {', '.join(game_names())}")


def default_game() -> AnyGame:
    """The game played when none is named: the first in order."""
    found = games()
    if not found:
        raise UnknownGameError("no game is installed (the cardtable.games entry points)")
    return found[0]


def load_ref(ref: Ref) -> Any:
    """What a ``"package.module:attribute"`` reference names (a game's screen, commands or
    research declarations), imported now."""
    module, _, attribute = ref.partition(":")
    value: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value
