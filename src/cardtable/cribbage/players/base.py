"""The Cribbage player interface and the registry of computer players by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, runtime_checkable

from cardtable.cribbage.actions import Action
from cardtable.cribbage.match import MatchObservation
from cardtable.games.levels import Levels

__all__ = ["Player", "make_player", "player_names", "register"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a legal action from its own seat's observation alone."""

    name: str

    def act(self, observation: MatchObservation) -> Action:
        """The action to take; ``observation.hand.legal_actions()`` lists the legal ones."""
        ...


_LEVELS: Final[Levels[Player]] = Levels()


def register(name: str, factory: Callable[[int], Player]) -> None:
    """Make a computer player available by name; the factory takes a seed."""
    _LEVELS.register(name, factory)


def player_names() -> list[str]:
    return _LEVELS.names()


def make_player(name: str, seed: int = 0) -> Player:
    """A computer player by level name (``random``, ``simple``, ...), seeded."""
    return _LEVELS.make(name, seed)
