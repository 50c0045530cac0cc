"""A game's computer players by level name: the registry every game's ``players`` keeps.

>>> levels: Levels[str] = Levels()
>>> levels.register("echo", lambda seed: f"echo {seed}")
>>> levels.register("hidden", lambda seed: "hidden", listed=False)
>>> levels.names(), levels.make("echo", 7), levels.make("hidden", 0)
(['echo'], 'echo 7', 'hidden')
>>> levels.make("nobody", 0)
Traceback (most recent call last):
...
cardtable.errors.CardTableError: unknown player 'nobody': choose one of echo
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from cardtable.errors import CardTableError

__all__ = ["LEARNING_PATH", "Levels"]

# The levels a person climbs, weakest first (each game's ``players.LEVELS``).
LEARNING_PATH: tuple[str, ...] = ("beginner", "intermediate", "expert")

P = TypeVar("P")


class Levels(Generic[P]):
    """Factories of computer players by name; a factory takes a seed and, when registered
    ``timed``, a ``time_limit`` keyword (the seconds a decision may search)."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[..., P]] = {}
        self._timed: set[str] = set()
        self._unlisted: set[str] = set()

    def register(
        self, name: str, factory: Callable[..., P], timed: bool = False, listed: bool = True
    ) -> None:
        """Make a player available by name (again: the last factory counts). One not
        ``listed`` is made by name but left out of :meth:`names`."""
        self._factories[name] = factory
        for flag, names in ((timed, self._timed), (not listed, self._unlisted)):
            if flag:
                names.add(name)
            else:
                names.discard(name)

    def names(self) -> list[str]:
        """The listed levels' names, sorted."""
        return sorted(set(self._factories) - self._unlisted)

    def make(self, name: str, seed: int = 0, time_limit: float | None = None) -> P:
        """The player of level ``name`` with ``seed``; ``time_limit`` goes to a timed level's
        factory and is checked for every level (levels that do not search ignore it)."""
        try:
            factory = self._factories[name]
        except KeyError:
            raise CardTableError(
                f"unknown player {name!r}: choose one of {', '.join(self.names())}"
            ) from None
        if time_limit is None:
            return factory(seed)
        if not time_limit > 0:
            raise CardTableError(
                f"time_limit must be a positive number of seconds, not {time_limit!r}"
            )
        extra: dict[str, Any] = {"time_limit": time_limit} if name in self._timed else {}
        return factory(seed, **extra)
