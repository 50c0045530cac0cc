"""The parts of a seat's view that every game shares: who sits where, a match in a list.

Views are frozen dataclasses built once by the table service from the engine's observation
of one seat; each has one ``to_json()`` for the web table and the terminal's JSON mode, and
front ends format their fields without parsing or recomputing anything. Game-specific views
live beside this module (:mod:`cardtable.table.gin_views`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, Literal, Protocol, TypeVar

import orjson

__all__ = [
    "HumanOrComputer",
    "MadeOnce",
    "MatchSummary",
    "PlayerView",
    "TableHeader",
    "json_text",
    "plain_fields",
    "rules_json",
]

HumanOrComputer = Literal["human", "computer"]


def plain_fields(view: Any) -> dict[str, Any]:
    """A view of plain fields (numbers, text, pairs) as JSON: every field by name, tuples as
    lists. (Views holding cards or other views write their own ``to_json``.)"""
    return {
        field.name: list(value) if isinstance(value, tuple) else value
        for field in dataclasses.fields(view)
        for value in (getattr(view, field.name),)
    }


T = TypeVar("T")


class MadeOnce(Generic[T]):
    """Values made once per object, for objects that never change (a view, a finished
    hand): kept by the object's identity for the ``kept`` latest objects, each object held
    beside its value so that its id stays its own while the value is kept. Safe across
    threads (two threads may both make a value; either is kept)."""

    def __init__(self, kept: int) -> None:
        self._kept = kept
        self._values: OrderedDict[int, tuple[object, T]] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: object, make: Callable[[], T]) -> T:
        with self._guard:
            found = self._values.get(id(key))
            if found is not None and found[0] is key:
                return found[1]
        value = make()
        with self._guard:
            self._values[id(key)] = (key, value)
            while len(self._values) > self._kept:
                self._values.popitem(last=False)
        return value


TEXTS_KEPT = 1024
_TEXTS: MadeOnce[str] = MadeOnce(TEXTS_KEPT)


class _Rules(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


@functools.lru_cache(maxsize=256)
def rules_json(rules: _Rules) -> Mapping[str, Any]:
    """A game's rules (immutable, and few in play) by setting, made once per rules: every
    view names them. Read-only: a view's ``to_json`` copies them."""
    return MappingProxyType(rules.to_dict())


def json_text(view: Any) -> str:
    """``view.to_json()`` as JSON text, made once per view: the table service hands the
    same (immutable) view to the reply of a move and to every page of the seat that the
    move is pushed to, and encoding it is a good part of a move's cost."""
    return _TEXTS.get(view, lambda: _encoded(view.to_json()))


def _encoded(data: Any) -> str:
    try:
        return orjson.dumps(data).decode()
    except orjson.JSONEncodeError:
        # orjson refuses integers beyond 64 bits. The rules' ranges keep every number of a
        # view far below that; should one get through all the same, the standard encoder
        # writes it, so that no match is ever made unviewable by its view's encoding.
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Who sits in a seat, as anyone at the table may know it (never a seat's token)."""

    kind: HumanOrComputer
    name: str
    level: str | None = None
    client: str | None = None

    @classmethod
    def from_stored(cls, seat: Mapping[str, Any]) -> PlayerView:
        kind: HumanOrComputer = "computer" if seat.get("kind") == "computer" else "human"
        level = seat.get("level")
        client = seat.get("client")
        return cls(
            kind=kind,
            name=str(seat.get("name") or ""),
            level=None if level is None else str(level),
            client=None if client is None else str(client),
        )

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.level is not None:
            data["level"] = self.level
        if self.client is not None:
            data["client"] = self.client
        return data


@dataclass(frozen=True, slots=True)
class TableHeader:
    """What the table knows of a match besides the game: its id, seats and progress."""

    match_id: str
    game: str
    players: tuple[PlayerView, PlayerView]
    action_count: int
    next_match: str | None = None


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A stored match in a list: its seats (no tokens, no cards), rules and public figures."""

    id: str
    game: str
    status: str
    created_at: str
    updated_at: str
    players: tuple[PlayerView, PlayerView]
    rules: Mapping[str, Any]
    figures: Mapping[str, Any]
    # The rules by their nearest preset and the settings changed from it (a list's line).
    rules_label: Mapping[str, Any] | None = None

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "players": [player.to_json() for player in self.players],
            "rules": dict(self.rules),
            "rules_label": None if self.rules_label is None else dict(self.rules_label),
            **self.figures,
        }
