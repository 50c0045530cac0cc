"""The player's statistics as lines of text for the terminal: the figures the table service
counts (:mod:`cardtable.table.stats`, as JSON) and a bar chart of the accuracy in the latest
finished matches, drawn with block characters (``#`` and ``.`` with ``--ascii``); then the
Cribbage figures, once a Cribbage hand is over.

>>> stats = {"matches": 2, "matches_won": 1, "unfinished": 0, "hands": 5, "hands_won": 3,
...          "gins": 1, "undercuts": 0, "undercut_against": 1, "knocks": 2,
...          "average_knock_deadwood": 6.5, "accuracy": 75.0, "choices": 20,
...          "reviewed_matches": 2, "other_games": {},
...          "recent": [{"date": "2026-12-01T20:00:00+00:00", "opponent": "Simple",
...                      "scores": [140, 12], "won": True, "accuracy": 75.0}]}
>>> print("\\n".join(stats_lines(stats, ascii_only=True)))
Gin Rummy, every match of this terminal:
  Matches won         1 of 2
  Hands won           3 of 5
  Gins                1
  Undercuts           0 (undercut 1x)
  Deadwood at knocks  6.5 (average of 2 knocks)
  Accuracy            75% (20 choices in 2 reviewed matches)
<BLANKLINE>
Accuracy in the latest matches (W won, L lost):
  2026-12-01 vs Simple    W 140-12   ###############.....  75%
>>> crib = {"matches": 1, "matches_won": 1, "unfinished": 1, "games": 2, "games_won": 1,
...         "skunks": 1, "hands": 9, "average_hand_show": 6.2, "average_crib": 4.5,
...         "pegged_per_hand": 2.1, "accuracy": None, "choices": 0, "reviewed_matches": 0}
>>> print("\\n".join(cribbage_lines(crib)))
Cribbage:
  Matches won         1 of 1 (1 in play)
  Games won           1 of 2 (1 skunk)
  Hands played        9
  Hand show           6.2 on average
  Crib                4.5 on average, when you dealt
  Pegged per hand     2.1
  Accuracy            after a finished match
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

__all__ = ["BAR_WIDTH", "cribbage_lines", "stats_lines"]

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


def _average(value: float | None, after: str = "") -> str:
    return "none yet" if value is None else f"{value} on average{after}"


def cribbage_lines(crib: Mapping[str, Any], ascii_only: bool = False) -> list[str]:
    """The Cribbage figures (the statistics' ``cribbage`` part), one a line, then the
    accuracy in its latest matches."""
    matches = _share(crib["matches_won"], crib["matches"])
    if crib["unfinished"]:
        matches += f" ({crib['unfinished']} in play)"
    games = _share(crib["games_won"], crib["games"])
    if crib["skunks"]:
        games += f" ({_plural(crib['skunks'], 'skunk')})"
    pegged = crib["pegged_per_hand"]
    return [
        "Cribbage:",
        f"  Matches won         {matches}",
        f"  Games won           {games}",
        f"  Hands played        {crib['hands']}",
        f"  Hand show           {_average(crib['average_hand_show'])}",
        f"  Crib                {_average(crib['average_crib'], ', when you dealt')}",
        f"  Pegged per hand     {'none yet' if pegged is None else pegged}",
        f"  Accuracy            {_judged(crib)}",
        *_recent_lines(crib.get("recent", []), ascii_only),
    ]


def stats_lines(stats: Mapping[str, Any], ascii_only: bool = False) -> list[str]:
    """The statistics page: each figure on a line, then one line per recent match, then
    the Cribbage figures if there are any."""
    crib = stats.get("cribbage") or {}
    cribbage = cribbage_lines(crib, ascii_only) if crib.get("hands") or crib.get("matches") else []
    if not stats["hands"] and not stats["matches"]:
        return cribbage or ["No finished hand of Gin Rummy yet: your figures appear after one."]
    return _gin_lines(stats, ascii_only) + (["", *cribbage] if cribbage else [])


def _gin_lines(stats: Mapping[str, Any], ascii_only: bool) -> list[str]:
    matches = _share(stats["matches_won"], stats["matches"])
    if stats["unfinished"]:
        matches += f" ({stats['unfinished']} in play)"
    undercuts = str(stats["undercuts"])
    if stats["undercut_against"]:
        undercuts += f" (undercut {stats['undercut_against']}x)"
    deadwood = stats["average_knock_deadwood"]
    knocks = "none yet" if deadwood is None else f"{deadwood} (average of "
    if deadwood is not None:
        knocks += _plural(stats["knocks"], "knock") + ")"
    judged = _judged(stats)
    lines = [
        "Gin Rummy, every match of this terminal:",
        f"  Matches won         {matches}",
        f"  Hands won           {_share(stats['hands_won'], stats['hands'])}",
        f"  Gins                {stats['gins']}",
        f"  Undercuts           {undercuts}",
        f"  Deadwood at knocks  {knocks}",
        f"  Accuracy            {judged}",
    ]
    for game, tally in sorted(stats.get("other_games", {}).items()):
        lines.append(f"  {game.title():<18}  {_share(tally['matches_won'], tally['matches'])} won")
    return lines + _recent_lines(stats["recent"], ascii_only)


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
