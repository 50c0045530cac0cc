"""The games the table plays: the registry's (:mod:`cardtable.games`), each found by name.

The table knows no game: a match stores its game's name, and every call the service makes
on it goes through the :class:`~cardtable.games.Game` found here. An unknown name is the
table's :class:`~cardtable.table.errors.NotFoundError` (a 404 to a page).
"""

from __future__ import annotations

from cardtable.errors import UnknownGameError
from cardtable.games import AnyGame, GameView, SeatView, game
from cardtable.table.errors import NotFoundError

__all__ = ["AnyHint", "AnyReplay", "AnySeatView", "table_game"]

# What the service hands out, whatever the game: a front end tells the games apart by the
# ``game`` their views name (a game's own screens read its own fields).
AnySeatView = SeatView
AnyReplay = GameView
AnyHint = GameView


def table_game(name: str) -> AnyGame:
    """The game called ``name``, or :class:`NotFoundError` naming the games there are."""
    try:
        return game(name)
    except UnknownGameError as error:
        raise NotFoundError(str(error)) from None
