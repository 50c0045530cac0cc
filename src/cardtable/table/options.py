"""What a lobby offers when a match is set up: the games, their levels, presets, settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.table.catalog import table_game

__all__ = ["LobbyOptions", "lobby_options"]

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

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "levels": list(self.levels),
            "default_level": self.default_level,
            "presets": self.presets,
            "default_preset": self.default_preset,
            "settings": self.settings,
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
    )
