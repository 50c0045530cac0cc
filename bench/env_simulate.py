"""How the batch simulator scales with worker processes (and, optionally, Ray).

Plays the same ``--games`` games (``simple`` against itself by default) with 1, 2, 4 ...
up to ``--max-workers`` processes and prints games per second and the speed-up over one
worker. Start-up (spawning the processes) is included: it is part of what a user waits for.
The results of every run are checked to be identical (the seeding does not depend on the
workers).

Run: ``python bench/env_simulate.py [--games N] [--unit hand|match] [--players A B]
[--max-workers K] [--ray] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

try:
    import cardtable.gin  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from cardtable.sim import SimulationResult, simulate


def fingerprint(result: SimulationResult) -> list[tuple[Any, ...]]:
    return [(g.index, g.winner, g.points, g.decisions) for g in result.results]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--unit", choices=("hand", "match"), default="hand")
    parser.add_argument("--players", nargs=2, default=["simple", "simple"])
    parser.add_argument("--max-workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--ray", action="store_true", help="also run the Ray backend")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = []
    workers = 1
    while workers <= args.max_workers:
        counts.append(workers)
        workers *= 2
    if counts[-1] != args.max_workers:
        counts.append(args.max_workers)
    runs: list[dict[str, Any]] = []
    reference = None
    plans = [("process", w) for w in counts] + ([("ray", args.max_workers)] if args.ray else [])
    for backend, count in plans:
        result = simulate(
            args.players, games=args.games, unit=args.unit, seed="bench", workers=count,
            backend=backend,  # type: ignore[arg-type]
        )  # fmt: skip
        if reference is None:
            reference = fingerprint(result)
        runs.append(
            {
                "backend": backend,
                "workers": count,
                "seconds": result.seconds,
                "games_per_second": result.games / result.seconds,
                "identical": fingerprint(result) == reference,
            }
        )
    base = runs[0]["games_per_second"]
    for run in runs:
        run["speedup"] = run["games_per_second"] / base
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "games": args.games, "runs": runs}, indent=2))
        return 0
    unit = "hands" if args.unit == "hand" else "matches"
    print(f"{' vs '.join(args.players)}, {args.games} {unit}, {os.cpu_count()} CPUs")
    for run in runs:
        print(
            f"  {run['backend']:<8} {run['workers']:>3} worker(s) {run['seconds']:7.2f} s "
            f"{run['games_per_second']:9.1f} {unit}/s  x{run['speedup']:.2f}"
            f"{'' if run['identical'] else '  RESULTS DIFFER'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
