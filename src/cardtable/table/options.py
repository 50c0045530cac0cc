"""What a lobby offers when a match is set up: the games, their levels, presets, settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.games import About, Setting, default_game
from cardtable.table.catalog import table_game

__all__ = ["LobbyOptions", "RulesLabel", "lobby_options", "rules_label"]


@dataclass(frozen=True, slots=True)
class LobbyOptions:
    """A game as a lobby sets up a match of it: its levels (in the lobby's order), its
    presets with every setting, each setting with its kind, bounds and help, and what the
    lobby says of the game (:class:`~cardtable.games.About`)."""

    game: str
    title: str
    levels: tuple[str, ...]
    default_level: str
    presets: dict[str, dict[str, Any]]
    default_preset: str
    fields: tuple[Setting, ...]
    about: About

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "levels": list(self.levels),
            "default_level": self.default_level,
            "presets": self.presets,
            "default_preset": self.default_preset,
            "fields": [field.to_json() for field in self.fields],
            "settings": {field.name: field.help for field in self.fields},
            "bounds": {
                field.name: [field.low, field.high]
                for field in self.fields
                if field.kind == "int" and field.low is not None and field.high is not None
            },
            "about": self.about.to_json(),
        }


def lobby_options(game: str | None = None) -> LobbyOptions:
    """What a lobby offers for ``game`` (the registry's first when ``None``)."""
    entry = default_game() if game is None else table_game(game)
    presets = entry.presets()
    return LobbyOptions(
        game=entry.name,
        title=entry.title,
        levels=tuple(entry.levels()),
        default_level=entry.default_level,
        presets=presets,
        default_preset=next(iter(presets)),
        fields=entry.settings(),
        about=entry.about,
    )


@dataclass(frozen=True, slots=True)
class RulesLabel:
    """A match's rules as a list shows them: the preset they are closest to (the fewest
    settings changed; the first preset on a tie) and the settings changed from it."""

    preset: str
    changed: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "changed": dict(self.changed)}


def rules_label(game: str, rules: Mapping[str, Any]) -> RulesLabel:
    """Name stored rules by their preset and the settings changed from it.

    >>> rules_label("gin", {**table_game("gin").presets()["standard"], "target": 50})
    RulesLabel(preset='standard', changed={'target': 50})
    """
    best: RulesLabel | None = None
    for name, values in table_game(game).presets().items():
        changed = {key: value for key, value in rules.items() if values.get(key) != value}
        if best is None or len(changed) < len(best.changed):
            best = RulesLabel(name, changed)
    assert best is not None  # every game has a preset
    return best
