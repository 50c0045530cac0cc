"""Strength of the Cribbage computer players: duplicate deals, one 121-point game per match.

Each deal seed is played twice with the seats exchanged: the same shuffles, deal by deal, go
to the other player the second time, so the luck of the cards largely cancels out. Games are
standard (121 points, skunks as in CRIBBAGE.md, one game per match); a win is a win, whatever
it is worth in game points. Win rates come with Wilson 95% intervals; with 400 pairs (800
games) the interval is at most about +-3.5 points. The pairings and their targets:

    expert vs simple >= 75%; expert vs random >= 99%;
    intermediate vs simple (better than simple); beginner vs simple (below 50%).

Then each reasoning level's decision times, in one process against simple: median, p90, p99
and max in milliseconds, over every decision it takes and over its plays and discards apart.

Usage: python bench/cribbage_strength.py [--pairs 400] [--workers 2] [--seed 2026]
       [--timing-games 20] [--only expert-simple,...] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool

from cardtable.cribbage.hand import Phase
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import make_player
from cardtable.cribbage.rules import Rules
from cardtable.sim.results import wilson_interval

PAIRINGS: list[tuple[str, str, float | None]] = [
    ("expert", "simple", 0.75),
    ("expert", "random", 0.99),
    ("intermediate", "simple", 0.5),
    ("beginner", "simple", None),
]


@dataclass(frozen=True)
class GameOutcome:
    a_won: bool
    a_points: int
    b_points: int
    hands: int


def play_game(a: str, b: str, seed: str, a_seat: int, player_seed: int) -> GameOutcome:
    """One standard game; ``a`` sits at ``a_seat``. The first dealer comes from the seed, so
    both games of a pair deal the same cards to the same seats."""
    match = Match.new(Rules(), seed=seed)
    players = [make_player(a, player_seed), make_player(b, player_seed)]
    if a_seat == 1:
        players.reverse()
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        match.apply(players[seat].act(match.observation(seat)), seat)
    result = match.games[-1]
    return GameOutcome(
        a_won=result.winner == a_seat,
        a_points=result.pegs[a_seat],
        b_points=result.pegs[1 - a_seat],
        hands=result.hands,
    )


def play_pair(job: tuple[str, str, str, int]) -> tuple[GameOutcome, GameOutcome]:
    a, b, seed, player_seed = job
    return (
        play_game(a, b, seed, 0, player_seed),
        play_game(a, b, seed, 1, player_seed),
    )


def run_pairing(a: str, b: str, pairs: int, seed: int, workers: int) -> dict[str, object]:
    jobs = [(a, b, f"cribbage-strength:{seed}:{i}", seed + i) for i in range(pairs)]
    start = time.perf_counter()
    outcomes: list[GameOutcome] = []
    split = 0  # pairs where each side won one game: the deals decided them, not the play
    if workers > 1:
        with Pool(workers) as pool:
            results = list(pool.imap_unordered(play_pair, jobs, chunksize=4))
    else:
        results = [play_pair(job) for job in jobs]
    for first, second in results:
        outcomes.extend((first, second))
        split += first.a_won != second.a_won
    games = len(outcomes)
    wins = sum(o.a_won for o in outcomes)
    low, high = wilson_interval(wins, games)
    return {
        "a": a,
        "b": b,
        "pairs": pairs,
        "games": games,
        "a_wins": wins,
        "a_win_rate": wins / games,
        "a_win_rate_ci95": [low, high],
        "split_pairs": split,
        "mean_margin": sum(o.a_points - o.b_points for o in outcomes) / games,
        "mean_hands": sum(o.hands for o in outcomes) / games,
        "seconds": round(time.perf_counter() - start, 1),
    }


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[int(fraction * (len(sorted_values) - 1))]


def figures(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    if not times:
        return {"decisions": 0}
    return {
        "decisions": len(times),
        "median_ms": round(statistics.median(times), 2),
        "p90_ms": round(percentile(times, 0.9), 2),
        "p99_ms": round(percentile(times, 0.99), 2),
        "max_ms": round(times[-1], 2),
    }


def decision_times(level: str, games: int, seed: int) -> dict[str, dict[str, float]]:
    """Milliseconds per decision of ``level`` against simple, in this process alone."""
    kinds: dict[str, list[float]] = {"all": [], "discard": [], "play": []}
    for index in range(games):
        match = Match.new(Rules(), seed=f"cribbage-timing:{seed}:{index}")
        seat_of_level = index % 2
        players = [make_player("simple", seed), make_player("simple", seed)]
        players[seat_of_level] = make_player(level, seed)
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            view = match.observation(seat)
            begin = time.perf_counter()
            action = players[seat].act(view)
            elapsed = 1000 * (time.perf_counter() - begin)
            if seat == seat_of_level:
                kinds["all"].append(elapsed)
                if view.hand.phase is Phase.DISCARD:
                    kinds["discard"].append(elapsed)
                elif view.hand.phase is Phase.PLAY:
                    kinds["play"].append(elapsed)
            match.apply(action, seat)
    return {kind: figures(values) for kind, values in kinds.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=400, help="deal seeds per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=20)
    parser.add_argument("--only", default="", help="comma-separated a-b pairings to run")
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chosen = {p for p in args.only.split(",") if p}
    rows: list[dict[str, object]] = []
    for a, b, target in PAIRINGS:
        if chosen and f"{a}-{b}" not in chosen:
            continue
        row = run_pairing(a, b, args.pairs, args.seed, args.workers)
        row["target"] = target
        rows.append(row)
        if not args.json:
            low, high = row["a_win_rate_ci95"]  # type: ignore[misc]
            if target is None:
                goal = "target: below 50%"
            elif target == 0.5:
                goal = "target: above 50%"
            else:
                goal = f"target {target:.0%}"
            print(
                f"{a:>12} vs {b:<7} games {row['games']:4d}: {a} wins "
                f"{row['a_win_rate']:.1%} [{low:.1%}, {high:.1%}] ({goal}); "
                f"margin {row['mean_margin']:+.1f} points/game, split pairs "
                f"{row['split_pairs']}/{row['pairs']}, {row['mean_hands']:.1f} hands/game "
                f"({row['seconds']}s)",
                flush=True,
            )
    report: dict[str, object] = {"pairs": args.pairs, "seed": args.seed, "pairings": rows}
    if not args.no_timing:
        timing = {}
        for level in ("beginner", "intermediate", "expert"):
            timing[level] = decision_times(level, args.timing_games, args.seed)
            if not args.json:
                for kind, values in timing[level].items():
                    print(f"{level:>12} {kind:>7} decisions (ms): {values}", flush=True)
        report["decision_times"] = timing
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
