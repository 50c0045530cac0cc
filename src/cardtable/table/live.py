"""Matches in play in this process: each rebuilt once from its stored actions, then kept
current by applying only the actions stored since, in a bounded cache that forgets the
least recently used match first (it is rebuilt from the store when asked for again)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from cardtable.games import AnyGame, Computer
from cardtable.store import StoredAction, StoredMatch

__all__ = ["CACHE_SIZE", "LiveMatch", "LruCache", "computer_seat"]

CACHE_SIZE = 2000

V = TypeVar("V")


@dataclass
class LiveMatch:
    """A match in play, its computer players, and how many stored actions it reflects.
    ``lock`` is held while the match is read or swapped for a newer copy."""

    stored: StoredMatch
    game: AnyGame
    match: Any  # the game's match type (a GameMatch)
    computers: dict[int, Computer[Any]]
    count: int
    lock: threading.RLock = field(default_factory=threading.RLock)
    # Another process announced a change this copy may not hold yet (see TableService).
    behind: bool = False
    epoch: int = 0
    # Each seat's latest view, with the learning aids or without, by the action count it
    # shows (views are immutable).
    views: dict[tuple[int, bool], tuple[int, Any]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.stored.id

    def computer_to_act(self) -> int | None:
        return computer_seat(self.match, self.computers)

    def take_seats(self, stored: StoredMatch) -> None:
        """Take the seats of a newer reading of the match (a player named itself since
        this copy was made): the views made before it name the old names, and are
        forgotten. Hold ``lock``."""
        if stored.seats != self.stored.seats:
            self.stored = stored
            self.views.clear()

    def catch_up(self, actions: Sequence[StoredAction]) -> bool:
        """Apply the stored actions that follow this copy (hold ``lock``); false when they
        do not follow on from it (numbers missing), and the match must be rebuilt."""
        fresh = [a for a in actions if a.number >= self.count]
        if not fresh:
            return True
        if [a.number for a in fresh] != list(range(self.count, self.count + len(fresh))):
            return False
        trial = self.match.copy()
        game = self.game
        for stored in fresh:
            game.apply(trial, stored.seat, stored.action)
        self.match = trial
        self.count += len(fresh)
        return True


def computer_seat(match: Any, computers: dict[int, Computer[Any]]) -> int | None:
    """The computer seat to act in ``match``, if it is one's turn."""
    if match.is_over:
        return None
    seat = match.to_act
    return seat if seat in computers else None


class LruCache(Generic[V]):
    """At most ``limit`` values by key; ``get`` marks one as used, ``put`` forgets the
    least recently used beyond the limit. Safe to share between threads."""

    def __init__(self, limit: int = CACHE_SIZE) -> None:
        if limit < 1:
            raise ValueError(f"the cache holds at least one match, not {limit}")
        self.limit = limit
        self._items: OrderedDict[str, V] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: str) -> V | None:
        with self._guard:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def peek(self, key: str) -> V | None:
        """The value without marking it used."""
        with self._guard:
            return self._items.get(key)

    def forget(self, key: str) -> None:
        with self._guard:
            self._items.pop(key, None)

    def put(self, key: str, value: V) -> None:
        with self._guard:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._guard:
            return len(self._items)

    def __contains__(self, key: object) -> bool:
        with self._guard:
            return key in self._items
