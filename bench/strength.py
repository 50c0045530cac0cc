"""Strength of the computer players: duplicate-deal matches under standard rules.

Prints, for each pairing, the match win rate with its 95% confidence interval, the hand win
rate, points per hand and the decision-time distribution of each side. The targets:

    expert >= 85% of matches against simple, >= 60% head to head against expert-2026 (the
    expert frozen as it stood at the end of 2026) and against intermediate;
    intermediate >= 60% against simple; beginner loses to simple.

The seed (``--seed``) should be one the players were never tuned on: the expert's settings
were chosen on the seeds ``tune-*``, never on numbers.

Usage: python bench/strength.py [--matches 400] [--workers 2] [--only expert-simple,...]
[--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cardtable.gin.hand import Hand
from cardtable.gin.players import make_player
from cardtable.gin.rules import Rules
from cardtable.sim.tournament import run_tournament

PAIRINGS = [
    ("expert", "simple", 0.85),
    ("expert", "expert-2026", 0.60),
    ("expert", "intermediate", 0.60),
    ("intermediate", "simple", 0.60),
    ("beginner", "simple", None),
]


def decision_times(level: str, hands: int, seed: int) -> dict[str, float]:
    """Milliseconds per decision of ``level`` playing against simple: median, p90, p99, max."""
    times: list[float] = []
    players = [make_player(level, seed), make_player("simple", seed)]
    for index in range(hands):
        hand = Hand.deal(Rules(), dealer=index % 2, seed=f"timing-{seed}-{index}")
        while not hand.is_over:
            seat = hand.to_act
            view = hand.observation(seat)
            start = time.perf_counter()
            action = players[seat].act(view)
            if seat == 0:
                times.append(1000 * (time.perf_counter() - start))
            hand.apply(action, seat)
    times.sort()
    return {
        "decisions": len(times),
        "median_ms": round(statistics.median(times), 2),
        "p90_ms": round(times[int(0.9 * (len(times) - 1))], 2),
        "p99_ms": round(times[int(0.99 * (len(times) - 1))], 2),
        "max_ms": round(times[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=400, help="matches per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-hands", type=int, default=60)
    parser.add_argument(
        "--only", default="", help="comma-separated pairings to play, as A-B (expert-simple)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wanted = {name for name in args.only.split(",") if name}
    known = {f"{a}-{b}" for a, b, _ in PAIRINGS}
    if wanted - known:
        parser.error(f"unknown pairing {sorted(wanted - known)[0]!r}: choose from {sorted(known)}")
    report: dict[str, object] = {"matches_per_pairing": args.matches, "pairings": []}
    rows = []
    for a, b, target in PAIRINGS:
        if wanted and f"{a}-{b}" not in wanted:
            continue
        start = time.perf_counter()
        result = run_tournament(a, b, pairs=args.matches // 2, seed=args.seed, workers=args.workers)
        data = result.to_dict()
        data["target"] = target
        data["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(data)
        if not args.json:
            low, high = data["a_win_rate_ci95"]
            goal = f" (target {target:.0%})" if target else " (target: below 50%)"
            print(
                f"{a:>12} vs {b:<12} matches {data['games']:4d}  {a} wins "
                f"{data['a_win_rate']:.1%} [{low:.1%}, {high:.1%}]{goal}; hands "
                f"{data['a_hand_win_rate']:.1%}, net points/hand "
                f"{data['net_points_per_hand_a']:+.2f}  ({data['seconds']}s)",
                flush=True,
            )
    report["pairings"] = rows
    timing = {
        lvl: decision_times(lvl, args.timing_hands, args.seed)
        for lvl in ("beginner", "intermediate", "expert-2026", "expert")
    }
    report["decision_times"] = timing
    if args.json:
        print(json.dumps(report))
    else:
        for level, figures in timing.items():
            print(f"{level:>12} decision time vs simple: {figures}")


if __name__ == "__main__":
    main()
