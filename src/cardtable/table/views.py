"""What the table adds to a game's views: a match in a list, and a view as JSON text made
once. The parts every game's views share (who sits where, the rules as JSON) are in
:mod:`cardtable.games.views`, below the games, and are named here too."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from cardtable.games.views import (
    HumanOrComputer,
    MadeOnce,
    PlayerView,
    TableHeader,
    plain_fields,
    rules_json,
)

__all__ = [
    "HumanOrComputer",
    "MadeOnce",
    "MatchSummary",
    "PlayerView",
    "TableHeader",
    "json_text",
    "plain_fields",
    "rules_json",
    "view_json",
]

TEXTS_KEPT = 1024
_TEXTS: MadeOnce[str] = MadeOnce(TEXTS_KEPT)


def json_text(view: Any) -> str:
    """:func:`view_json` as JSON text, made once per view: the table service hands the
    same (immutable) view to the reply of a move and to every page of the seat that the
    move is pushed to, and encoding it is a good part of a move's cost."""
    return _TEXTS.get(view, lambda: _encoded(view_json(view)))


def view_json(view: Any) -> dict[str, Any]:
    """``view.to_json()``, and for a seat's view its ``basics`` (what any front end's generic
    screen shows of any game: :class:`cardtable.games.Basics`)."""
    data: dict[str, Any] = view.to_json()
    basics = getattr(view, "basics", None)
    if callable(basics) and "basics" not in data:
        data["basics"] = basics().to_json()
    return data


def _encoded(data: Any) -> str:
    try:
        return orjson.dumps(data).decode()
    except orjson.JSONEncodeError:
        # orjson refuses integers beyond 64 bits. The rules' ranges keep every number of a
        # view far below that; should one get through all the same, the standard encoder
        # writes it, so that no match is ever made unviewable by its view's encoding.
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


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
