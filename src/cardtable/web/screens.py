"""Each game's own web screen, found through the registry: the folder a game names as its
``"web"`` screen (:attr:`cardtable.games.Game.screens`) is served at
``/static/games/<name>/``, and its ``table.js`` is the module the page loads to play it. A
game that names no folder (or one without ``table.js``) is played on the generic screen
(``static/js/generic-table.js``), which shows any game from its seat view's ``basics``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from cardtable.games import AnyGame, games, load_ref
from cardtable.table.options import lobby_options
from cardtable.web.rules_page import RULES

__all__ = [
    "ENTRY",
    "GAMES_URL",
    "game_options",
    "rules_url",
    "screen_folder",
    "screen_mounts",
    "screen_styles",
    "screen_url",
]

GAMES_URL: Final = "/static/games"
ENTRY: Final = "table.js"


def screen_folder(entry: AnyGame) -> Path | None:
    """The folder of ``entry``'s own web screen, or ``None`` when it has none."""
    ref = entry.screens.get("web")
    if ref is None:
        return None
    folder = Path(load_ref(ref))
    return folder if (folder / ENTRY).is_file() else None


def screen_url(entry: AnyGame) -> str | None:
    """The URL of the module that exports ``entry``'s table (``None``: the generic one)."""
    if screen_folder(entry) is None:
        return None
    return f"{GAMES_URL}/{entry.name}/{ENTRY}"


def screen_styles(entry: AnyGame) -> list[str]:
    """The URLs of the style sheets of ``entry``'s own screen (every ``.css`` of its folder),
    which the page links before it draws any page of the game."""
    folder = screen_folder(entry)
    if folder is None:
        return []
    return [f"{GAMES_URL}/{entry.name}/{path.name}" for path in sorted(folder.glob("*.css"))]


def rules_url(entry: AnyGame) -> str | None:
    """The URL of ``entry``'s rules page, when the table has one."""
    return f"/rules/{entry.name}" if (RULES / f"{entry.name}.md").is_file() else None


def game_options(entry: AnyGame) -> dict[str, Any]:
    """Everything the page needs to offer and show ``entry``: its lobby options (title,
    about, levels, presets, settings with their bounds), its screen, rules and lesson."""
    return {
        **lobby_options(entry.name).to_json(),
        "screen": screen_url(entry),
        "styles": screen_styles(entry),
        "rules_url": rules_url(entry),
        "lesson": entry.lesson is not None,
    }


def screen_mounts() -> list[Mount]:
    """One static mount per game with a screen of its own, under :data:`GAMES_URL`."""
    mounts = []
    for entry in games():
        folder = screen_folder(entry)
        if folder is not None:
            mounts.append(
                Mount(f"{GAMES_URL}/{entry.name}", StaticFiles(directory=folder), name=entry.name)
            )
    return mounts
