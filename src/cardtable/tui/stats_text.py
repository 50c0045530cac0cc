"""The player's statistics as lines of text for the terminal: for each game played, the
figures the table service counts (:mod:`cardtable.table.stats`, as JSON: the matches won,
the game's own figures in its own words, the coach's accuracy) and a bar chart of the
accuracy in the latest finished matches, drawn with block characters (``#`` and ``.`` with
``--ascii``). Every game is shown the same way.

>>> gin = {"game": "gin", "title": "Gin Rummy", "matches": 2, "matches_won": 1,
...        "unfinished": 0, "accuracy": 75.0, "choices": 20, "reviewed_matches": 2,
...        "lines": [["Hands won", "3 of 5"], ["Gins", "1"]],
...        "recent": [{"date": "2026-12-01T20:00:00+00:00", "opponent": "Simple",
...                    "scores": [140, 12], "won": True, "accuracy": 75.0}]}
>>> print("\\n".join(stats_lines({"games": [gin]}, ascii_only=True)))
Gin Rummy, every match of this terminal:
  Matches won         1 of 2
  Hands won           3 of 5
  Gins                1
  Accuracy            75% (20 choices in 2 reviewed matches)
<BLANKLINE>
Accuracy in the latest matches (W won, L lost):
  2026-12-01 vs Simple    W 140-12   ###############.....  75%
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

__all__ = ["BAR_WIDTH", "game_lines", "stats_lines"]

BAR_WIDTH: Final = 20


def _share(part: int, whole: int) -> str:
    return f"{part} of {whole}" if whole else "none yet"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "es" if word.endswith("ch") else "s")


def _bar(accuracy: float | None, ascii_only: bool) -> str:
    full, empty = ("#", ".") if ascii_only else ("█", "░")
    if accuracy is None:
        return "not reviewed yet".ljust(BAR_WIDTH + 5)
    filled = int(accuracy / 100 * BAR_WIDTH + 0.5)
    return f"{full * filled}{empty * (BAR_WIDTH - filled)} {int(accuracy + 0.5):3d}%"


def _judged(stats: Mapping[str, Any]) -> str:
    accuracy = stats["accuracy"]
    if accuracy is None:
        return "after a finished match"
    reviewed = _plural(stats["reviewed_matches"], "reviewed match")
    return f"{int(accuracy + 0.5)}% ({stats['choices']} choices in {reviewed})"


def stats_lines(stats: Mapping[str, Any], ascii_only: bool = False) -> list[str]:
    """The statistics page: each game played, its figures one a line, then one line per
    recent match."""
    lines: list[str] = []
    for index, game in enumerate(stats["games"]):
        if lines:
            lines.append("")
        lines += game_lines(game, ascii_only, first=index == 0)
    return lines or ["No finished hand yet: your figures appear after one."]


def game_lines(game: Mapping[str, Any], ascii_only: bool = False, first: bool = True) -> list[str]:
    """One game's figures (a ``games`` entry of the statistics), then its latest matches."""
    matches = _share(game["matches_won"], game["matches"])
    if game["unfinished"]:
        matches += f" ({game['unfinished']} in play)"
    title = f"{game['title']}, every match of this terminal:" if first else f"{game['title']}:"
    return [
        title,
        f"  {'Matches won':<18}  {matches}",
        *(f"  {label:<18}  {text}" for label, text in game.get("lines", [])),
        f"  {'Accuracy':<18}  {_judged(game)}",
        *_recent_lines(game.get("recent", []), ascii_only),
    ]


def _recent_lines(recent: list[dict[str, Any]], ascii_only: bool) -> list[str]:
    """A bar of the accuracy in each of the latest matches, with its date and result."""
    if not recent:
        return []
    lines = ["", "Accuracy in the latest matches (W won, L lost):"]
    # The opponents' names whole (a computer's level, or a name of at most 24 characters).
    width = max(12, *(len(f"vs {match['opponent']}") for match in recent))
    for match in recent:
        score = f"{match['scores'][0]}-{match['scores'][1]}"
        result = "W" if match["won"] else "L"
        who = f"vs {match['opponent']}"
        bar = _bar(match["accuracy"], ascii_only)
        lines.append(f"  {match['date'][:10]} {who:<{width}} {result} {score:<8} {bar}".rstrip())
    return lines
