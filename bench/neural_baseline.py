"""How strong the trained ``neural`` level is: duplicate-deal matches against the built-in levels.

For each opponent (``simple``, ``intermediate``, ``expert`` by default) it plays
``--matches`` standard matches in duplicate pairs (each deal is played twice, the seats
swapped), and prints the match win rate and the hand win rate of ``neural`` (dead hands left
out), each with its Wilson 95% interval, and the net points per hand. ``--json PATH`` also
writes the figures to a file.

Usage: python bench/neural_baseline.py [--matches 200] [--opponents simple,intermediate,expert]
[--workers 2] [--seed 2026] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import Any, NoReturn

from cardtable.gin.players import player_names
from cardtable.sim.tournament import run_tournament

LEVEL = "neural"
# Seated by its factory's path, which every worker process can import: the level is not
# registered by name by default (cardtable.gin.players.neural.register_level).
SPEC = "cardtable.gin.players.neural:NeuralPlayer"


class OneLineParser(argparse.ArgumentParser):
    """Bad input: one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"neural_baseline: {message}", file=sys.stderr)
        raise SystemExit(2)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = OneLineParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per opponent (even)")
    parser.add_argument("--opponents", default="simple,intermediate,expert")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.matches < 2 or args.matches % 2:
        parser.error(f"--matches must be an even number of at least 2, not {args.matches}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, not {args.workers}")
    if find_spec("numpy") is None:
        parser.error("the neural level needs numpy: pip install 'cardtable[env]'")
    known = player_names()
    args.opponents = [name.strip() for name in args.opponents.split(",") if name.strip()]
    unknown = [name for name in args.opponents if name not in known]
    if unknown or not args.opponents:
        parser.error(f"unknown opponent {','.join(unknown)!r}: choose from {', '.join(known)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    rows: list[dict[str, Any]] = []
    for opponent in args.opponents:
        start = time.perf_counter()
        result = run_tournament(
            SPEC, opponent, pairs=args.matches // 2, seed=args.seed, workers=args.workers
        )
        data = result.to_dict()
        data["opponent"] = opponent
        data["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(data)
        low, high = data["a_win_rate_ci95"]
        hand_low, hand_high = data["a_hand_win_rate_ci95"]
        print(
            f"{LEVEL} vs {opponent:<12} matches {data['games']:4d}: won "
            f"{data['a_win_rate']:6.1%} [{low:.1%}, {high:.1%}]; hands {data['hands']:5d}: won "
            f"{data['a_hand_win_rate']:6.1%} [{hand_low:.1%}, {hand_high:.1%}]; net points/hand "
            f"{data['net_points_per_hand_a']:+.2f}; dead hands {data['dead_hand_rate']:.1%} "
            f"({data['seconds']} s)",
            flush=True,
        )
    if args.json is not None:
        report = {"level": LEVEL, "matches_per_opponent": args.matches, "seed": args.seed}
        args.json.write_text(json.dumps({**report, "results": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
