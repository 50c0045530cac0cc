"""The player interface and the registry of computer players by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, runtime_checkable

from cardtable.games.levels import Levels
from cardtable.gin.actions import Action
from cardtable.gin.hand import Observation

__all__ = ["Player", "make_player", "player_names", "register"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a legal action from its own seat's observation."""

    name: str

    def act(self, observation: Observation) -> Action:
        """The action to take; ``observation.legal_actions()`` lists the legal ones."""
        ...


_LEVELS: Final[Levels[Player]] = Levels()


def register(
    name: str, factory: Callable[..., Player], timed: bool = False, listed: bool = True
) -> None:
    """Make a computer player available by name; the factory takes a seed and, when
    ``timed``, a ``time_limit`` keyword (seconds a decision may search). A player not
    ``listed`` is made by name but left out of :func:`player_names` (the lists that the
    ``ginrummy`` command prints, whose text stays as it was)."""
    _LEVELS.register(name, factory, timed, listed)


def player_names() -> list[str]:
    return _LEVELS.names()


def make_player(name: str, seed: int = 0, time_limit: float | None = None) -> Player:
    """A computer player by level name (``random``, ``simple``, ...), seeded.

    ``time_limit`` caps the seconds one decision may spend searching (the expert's
    play-outs and knock layouts stop at it); levels that do not search ignore it, being
    far quicker than any sensible budget. A search cut short by the clock may decide
    differently on a slower machine: leave it unset where decisions must repeat exactly.
    """
    return _LEVELS.make(name, seed, time_limit)
