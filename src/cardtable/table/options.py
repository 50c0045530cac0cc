"""What a lobby offers when a match is set up: the games, their levels, presets, settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from cardtable.table.catalog import table_game

__all__ = ["LobbyOptions", "RulesLabel", "lobby_options", "rules_label"]

# The order the lobby lists computer levels in: the learning path, then the baselines.
_LEVEL_ORDER: Final = ("beginner", "intermediate", "expert", "simple", "random")
_DEFAULT_LEVELS: Final = ("intermediate", "simple")


@dataclass(frozen=True, slots=True)
class LobbyOptions:
    game: str
    title: str
    levels: tuple[str, ...]
    default_level: str
    presets: dict[str, dict[str, Any]]
    default_preset: str
    settings: dict[str, str]
    bounds: dict[str, tuple[int, int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "levels": list(self.levels),
            "default_level": self.default_level,
            "presets": self.presets,
            "default_preset": self.default_preset,
            "settings": self.settings,
            "bounds": {name: list(pair) for name, pair in self.bounds.items()},
        }


def lobby_options(game: str = "gin") -> LobbyOptions:
    """Levels (in the lobby's order), presets with every setting, a line of help each."""
    entry = table_game(game).game
    names = entry.levels()
    levels = [n for n in _LEVEL_ORDER if n in names] + sorted(
        n for n in names if n not in _LEVEL_ORDER
    )
    default = next((n for n in _DEFAULT_LEVELS if n in names), levels[0])
    presets = entry.presets()
    return LobbyOptions(
        game=entry.name,
        title=entry.title,
        levels=tuple(levels),
        default_level=default,
        presets=presets,
        default_preset=next(iter(presets)),
        settings=entry.settings_help(),
        bounds=entry.settings_bounds(),
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

    >>> rules_label("gin", {**table_game("gin").game.presets()["standard"], "target": 50})
    RulesLabel(preset='standard', changed={'target': 50})
    """
    best: RulesLabel | None = None
    for name, values in table_game(game).game.presets().items():
        changed = {key: value for key, value in rules.items() if values.get(key) != value}
        if best is None or len(changed) < len(best.changed):
            best = RulesLabel(name, changed)
    assert best is not None  # every game has a preset
    return best
