"""The Cribbage player interface and the registry of computer players by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, runtime_checkable

from cardtable.cribbage.actions import Action
from cardtable.cribbage.hand import Observation, Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.counting import count_action
from cardtable.games.levels import Levels

__all__ = ["Player", "PlayerBase", "make_player", "player_names", "register"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a legal action from its own seat's observation alone."""

    name: str

    def act(self, observation: MatchObservation) -> Action:
        """The action to take; ``observation.hand.legal_actions()`` lists the legal ones."""
        ...


class PlayerBase:
    """A level's shape: it counts its shows and answers statements as every player does
    (:func:`~cardtable.cribbage.players.counting.count_action`), and decides the rest from
    the hand's view: what to lay away, then what to play or go."""

    name = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: MatchObservation) -> Action:
        view = observation.hand
        counted = count_action(view)
        if counted is not None:
            return counted
        if view.phase is Phase.DISCARD:
            return self.discard(view)
        return self.play(view)

    def discard(self, view: Observation) -> Action:
        """The two cards to lay away."""
        raise NotImplementedError

    def play(self, view: Observation) -> Action:
        """The card to play, or go."""
        raise NotImplementedError


_LEVELS: Final[Levels[Player]] = Levels()


def register(name: str, factory: Callable[[int], Player], listed: bool = True) -> None:
    """Make a computer player available by name; the factory takes a seed. One not
    ``listed`` is made by name but left out of :func:`player_names`."""
    _LEVELS.register(name, factory, listed=listed)


def player_names() -> list[str]:
    return _LEVELS.names()


def make_player(name: str, seed: int = 0) -> Player:
    """A computer player by level name (``random``, ``simple``, ...), seeded."""
    return _LEVELS.make(name, seed)
