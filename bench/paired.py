"""What an idea is worth: two variants of a player on the same duplicate-deal matches.

Each variant plays ``--matches`` matches against the same opponent on the same seed, so
match ``i`` deals the same cards to both runs (and, being a duplicate pair, to both seats).
The difference is judged match by match: where the two variants play alike, the luck of
the deal cancels, and the interval of the difference is far narrower than that of either
win rate. A variant is a level name (``expert``, ``expert-2026``, ...) or the expert's
``Reasoner`` settings as JSON, applied over today's expert.

With ``--hands`` each game is a single hand instead of a 100-point match (``--matches``
then counts hands, dealt in duplicate pairs just the same): a hand's points are a finer
measure than a match's result, and a few thousand hands take minutes where as many
matches take most of an hour.

Usage: python bench/paired.py --b '{"wait_bias": 6}' [--a expert]
[--opponent simple] [--matches 2000] [--hands] [--seed paired] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import time
from collections.abc import Callable
from typing import Any

from cardtable.gin.players import make_player
from cardtable.gin.players.base import Player
from cardtable.gin.players.expert import EXPERT, ExpertPlayer, Reasoner
from cardtable.sim.play import GameResult
from cardtable.sim.players import load_player
from cardtable.sim.results import mean_interval, wilson_interval
from cardtable.sim.tournament import run_tournament

_FIELDS = {field.name for field in dataclasses.fields(Reasoner)}


def _settings(text: str) -> dict[str, Any]:
    """Reasoner settings from JSON, refused with one line when they are not such."""
    try:
        settings = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg}): {text!r}") from None
    if not isinstance(settings, dict):
        raise ValueError(f"settings must be a JSON object, not {text!r}")
    unknown = sorted(set(settings) - set(_FIELDS))
    if unknown:
        raise ValueError(f"no such expert setting: {', '.join(unknown)}")
    for name, value in settings.items():
        default = getattr(EXPERT, name)
        if type(default) is float and type(value) is int:
            value = settings[name] = float(value)
        if type(value) is not type(default):
            raise ValueError(f"{name} must be of type {type(default).__name__}, not {value!r}")
    return settings


def _variant(settings_json: str, seed: int) -> Player:
    """The expert with these settings (top level, so that worker processes can build it)."""
    return ExpertPlayer(seed, dataclasses.replace(EXPERT, **_settings(settings_json)))


def spec(text: str) -> str | Callable[[int], Player]:
    """A level name as it is, or JSON settings as a factory of the expert with them."""
    if text.lstrip().startswith("{"):
        _settings(text)
        return functools.partial(_variant, text)
    load_player(text, 0)  # an unknown name or path fails here, once
    return text


def _won(game: GameResult) -> int:
    return int(game.winner == 0)


def _margin(game: GameResult) -> int:
    return game.hand_points[0] - game.hand_points[1]


def compare(
    a: str, b: str, opponent: str, matches: int, seed: str, workers: int, hands: bool = False
) -> dict[str, Any]:
    """Both variants' games against ``opponent`` and the paired difference, B - A: matches,
    or single hands with ``hands``."""
    runs: dict[str, dict[int, GameResult]] = {}
    seconds: dict[str, float] = {}
    for label, text in (("a", a), ("b", b)):
        start = time.perf_counter()
        result = run_tournament(
            spec(text),
            opponent,
            pairs=max(1, matches // 2),
            hands_only=hands,
            seed=seed,
            workers=workers,
        )
        seconds[label] = time.perf_counter() - start
        runs[label] = {game.index: game for game in result.simulation.results}
    shared = sorted(set(runs["a"]) & set(runs["b"]))
    report: dict[str, Any] = {
        "opponent": opponent,
        "seed": seed,
        "unit": "hand" if hands else "match",
        "matches": len(shared),
    }
    for label, text in (("a", a), ("b", b)):
        games = [runs[label][i] for i in shared]
        wins = sum(map(_won, games))
        low, high = wilson_interval(wins, len(games))
        report[label] = {
            "variant": text,
            "win_rate": wins / len(games),
            "win_rate_ci95": [low, high],
            "margin_per_match": sum(map(_margin, games)) / len(games),
            "seconds": seconds[label],
        }
    win, win_half = mean_interval([_won(runs["b"][i]) - _won(runs["a"][i]) for i in shared])
    points, points_half = mean_interval(
        [_margin(runs["b"][i]) - _margin(runs["a"][i]) for i in shared]
    )
    same = sum(_won(runs["a"][i]) == _won(runs["b"][i]) for i in shared)
    report["difference"] = {
        "win_rate": win,
        "win_rate_half_ci95": win_half,
        "margin_per_match": points,
        "margin_half_ci95": points_half,
        "same_result": same / len(shared),
    }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", default="expert", help="level name or expert settings (JSON)")
    parser.add_argument("--b", required=True, help="level name or expert settings (JSON)")
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--matches", type=int, default=2000, help="games per variant")
    parser.add_argument("--hands", action="store_true", help="single hands, not matches")
    parser.add_argument("--seed", default="paired")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        spec(args.a), spec(args.b), make_player(args.opponent, 0)
    except Exception as error:  # a bad variant: one line, exit status 2
        parser.error(str(error))
    if args.matches < 2:
        parser.error("--matches must be at least 2")
    report = compare(
        args.a, args.b, args.opponent, args.matches, args.seed, args.workers, args.hands
    )
    if args.json:
        print(json.dumps(report, indent=2))
        return
    unit = report["unit"]
    units = "hands" if args.hands else "matches"
    print(f"{report['matches']} duplicate-deal {units} against {args.opponent}, seed {args.seed}")
    for label in ("a", "b"):
        side = report[label]
        low, high = side["win_rate_ci95"]
        print(
            f"  {label.upper()} {side['variant']}: {side['win_rate']:.1%} [{100 * low:.1f},"
            f" {100 * high:.1f}], hand points {side['margin_per_match']:+.2f} a {unit}"
            f" ({side['seconds']:.0f} s)"
        )
    diff = report["difference"]
    print(
        f"  B - A: {diff['win_rate']:+.2%} +- {diff['win_rate_half_ci95']:.2%} of {units},"
        f" {diff['margin_per_match']:+.2f} +- {diff['margin_half_ci95']:.2f} hand points a"
        f" {unit}; same result in {diff['same_result']:.0%} of {units}"
    )


if __name__ == "__main__":
    main()
