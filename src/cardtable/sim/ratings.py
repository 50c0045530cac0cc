"""Ratings of every agent and level seen in a results file that evaluations append to.

``cardtable NAME evaluate AGENT --results FILE`` appends one JSON line per game played
(:func:`append_results`): the game, the unit, the run's seed, the duplicate pair, the two
players' names and the winner's (``null`` for a game nobody won). Several runs (other
agents, other opponents, other days) append to the same file, and ``cardtable NAME ratings
FILE`` (:func:`rate`) fits one table of every player in it.

The fit is Bradley-Terry on the games decided: each player ``i`` has a strength ``s_i`` and
wins against ``j`` with probability ``s_i / (s_i + s_j)``; the strengths are the maximum
likelihood ones (Hunter's minorize-maximize iteration), with one drawn game of prior between
every two players who met, so that a player who never lost (or never won) still gets a
finite rating. Ratings are on the Elo scale (``400 * log10(s)``), centred on the players'
mean. The 95% intervals are the 2.5th and 97.5th percentiles of the ratings refitted on
resampled duplicate pairs (the pair, not the game, is the independent draw: its two games
share a deal), :data:`RESAMPLES` times from a fixed seed, so a table is reproducible.

>>> rows = [
...     {"a": "x", "b": "y", "winner": "x", "pair": [s, 0]} for s in ("r1", "r2", "r3")
... ] + [{"a": "x", "b": "y", "winner": "y", "pair": ["r4", 0]}]
>>> [(r.name, r.games, r.wins) for r in rate(rows, resamples=20)]
[('x', 4, 3), ('y', 4, 1)]
"""

from __future__ import annotations

import json
import math
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from cardtable.errors import CardTableError

__all__ = ["RESAMPLES", "Rating", "append_results", "rate", "rating_table", "read_results"]

RESAMPLES: Final = 200
ITERATIONS: Final = 200
TOLERANCE: Final = 1e-9
PRIOR: Final = 0.5  # a drawn game between every two players who met: half a win each
ELO: Final = 400 / math.log(10)


@dataclass(frozen=True)
class Rating:
    """One player's line of the table."""

    name: str
    games: int  # games decided
    wins: int
    rating: float  # Elo scale, centred on the players' mean
    low: float  # 95% interval
    high: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "rating": round(self.rating, 1),
            "ci95": [round(self.low, 1), round(self.high, 1)],
        }


def result_lines(evaluation: Any, game: str) -> list[dict[str, Any]]:
    """One line per game of an :class:`~cardtable.sim.evaluate.Evaluation`."""
    lines: list[dict[str, Any]] = []
    for result in evaluation.results:
        a, b = result.players
        for played in result.results:
            winner = None if played.winner is None else result.players[played.winner]
            lines.append(
                {
                    "game": game,
                    "unit": result.unit,
                    "a": a,
                    "b": b,
                    "winner": winner,
                    "points": list(played.points),
                    "pair": [evaluation.seed, played.index // 2],
                }
            )
    return lines


def append_results(path: str | Path, evaluation: Any, game: str) -> int:
    """Append the evaluation's games to ``path`` (made if missing); how many lines."""
    lines = result_lines(evaluation, game)
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    try:
        with open(path, "a", encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        raise CardTableError(f"cannot write the results to {path}: {error.strerror}") from None
    return len(lines)


def read_results(path: str | Path, game: str, unit: str | None = None) -> list[dict[str, Any]]:
    """The games of ``game`` (and ``unit``, if given) in a results file; a line that is not
    a game's is refused, naming its number."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or "not UTF-8 text"
        raise CardTableError(f"cannot read the results file {path}: {why}") from None
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise CardTableError(f"{path}, line {number}: not a JSON line") from None
        if not _is_game(row):
            raise CardTableError(f"{path}, line {number}: not the result of a game")
        if row["game"] == game and (unit is None or row["unit"] == unit) and row["a"] != row["b"]:
            rows.append(row)  # a player against itself tells nothing of its rating
    return rows


def _is_game(row: Any) -> bool:
    return (
        isinstance(row, dict)
        and all(isinstance(row.get(key), str) for key in ("game", "unit", "a", "b"))
        and (row.get("winner") is None or row.get("winner") in (row["a"], row["b"]))
        and isinstance(row.get("pair"), list)
        and len(row["pair"]) == 2
    )


def _strengths(wins: Mapping[tuple[str, str], float], names: Sequence[str]) -> dict[str, float]:
    """Bradley-Terry strengths from ``wins[(i, j)]`` (times ``i`` beat ``j``), with the prior."""
    met: dict[str, set[str]] = defaultdict(set)
    for i, j in wins:
        met[i].add(j)
        met[j].add(i)
    total: dict[str, float] = dict.fromkeys(names, 0.0)
    games: dict[tuple[str, str], float] = defaultdict(float)
    for (i, j), count in wins.items():
        total[i] += count
        games[min(i, j), max(i, j)] += count
    for i in names:
        for j in met[i]:
            total[i] += PRIOR
            if i < j:
                games[i, j] += 2 * PRIOR
    strength = dict.fromkeys(names, 1.0)
    for _ in range(ITERATIONS):
        new: dict[str, float] = {}
        for i in names:
            denominator = sum(
                games[min(i, j), max(i, j)] / (strength[i] + strength[j]) for j in met[i]
            )
            new[i] = total[i] / denominator if denominator else 1.0
        # Fix the scale: the geometric mean is 1 (ratings centred on 0).
        centre = math.exp(sum(math.log(value) for value in new.values()) / len(new))
        new = {i: value / centre for i, value in new.items()}
        change = max(abs(math.log(new[i] / strength[i])) for i in names)
        strength = new
        if change < TOLERANCE:
            break
    return strength


def _wins(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], float]:
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for row in rows:
        winner = row.get("winner")
        if winner is None:
            continue  # nobody won: the game decides nothing
        loser = row["b"] if winner == row["a"] else row["a"]
        wins[winner, loser] += 1
    return wins


def rate(
    rows: Sequence[Mapping[str, Any]], *, resamples: int = RESAMPLES, seed: int = 0
) -> list[Rating]:
    """The table of every player in ``rows`` (games as :func:`read_results` gives them),
    strongest first."""
    names = sorted({row["a"] for row in rows} | {row["b"] for row in rows})
    if len(names) < 2:
        raise CardTableError("a rating needs games between at least two players")
    wins = _wins(rows)
    elo = {i: ELO * math.log(s) for i, s in _strengths(wins, names).items()}
    pairs: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        pairs[json.dumps([row["a"], row["b"], *row["pair"]])].append(row)
    groups = list(pairs.values())
    draws: dict[str, list[float]] = {name: [] for name in names}
    chooser = random.Random(seed)
    for _ in range(resamples):
        sample = [row for _ in groups for row in chooser.choice(groups)]
        fitted = _strengths(_wins(sample), names)
        for name in names:
            draws[name].append(ELO * math.log(fitted[name]))
    table: list[Rating] = []
    for name in names:
        decided = [r for r in rows if r.get("winner") is not None and name in (r["a"], r["b"])]
        won = sum(1 for r in decided if r["winner"] == name)
        spread = sorted(draws[name]) or [elo[name]]
        low = spread[int(0.025 * (len(spread) - 1))]
        high = spread[math.ceil(0.975 * (len(spread) - 1))]
        table.append(Rating(name, len(decided), won, elo[name], low, high))
    table.sort(key=lambda rating: (-rating.rating, rating.name))
    return table


def rating_table(ratings: Sequence[Rating], title: str, resamples: int = RESAMPLES) -> str:
    """The table for people."""
    width = max(len("player"), *(len(r.name) for r in ratings))
    lines = [
        title,
        f"  {'player':<{width}}  {'rating':>7}  {'95% interval':>17}  {'won':>6} of games",
    ]
    for r in ratings:
        interval = f"{r.low:+.0f} to {r.high:+.0f}"
        lines.append(
            f"  {r.name:<{width}}  {r.rating:>+7.0f}  {interval:>17}  {r.wins:>6} of {r.games}"
        )
    lines.append(
        "Bradley-Terry on the games decided, Elo scale, centred on the players' mean; "
        f"intervals from {resamples} resamples of the duplicate pairs"
    )
    return "\n".join(lines)
