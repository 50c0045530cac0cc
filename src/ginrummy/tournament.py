"""Duplicate-deal tournaments between computer players, across worker processes.

Every pairing is played twice on the same shuffles with the seats exchanged, so the luck
of the deal cancels out; results come with 95% confidence intervals.

>>> result = run_tournament("simple", "random", pairs=2, hands_only=True, seed=1, workers=1)
>>> result.games, result.hand_wins[0] + result.hand_wins[1] <= result.hands
(4, True)
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ginrummy.actions import Action
from ginrummy.hand import Hand
from ginrummy.match import Match
from ginrummy.players.base import Player, make_player
from ginrummy.rules import Rules
from ginrummy.shuffle import derive_seed

__all__ = ["GameStats", "TournamentResult", "play_pair", "run_tournament", "wilson_interval"]


@dataclass
class GameStats:
    """What one game (a match, or a single hand) produced, from player A's side."""

    a_won: bool | None = None
    hands: int = 0
    dead: int = 0
    hand_wins: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    gins: list[int] = field(default_factory=lambda: [0, 0])
    undercuts: list[int] = field(default_factory=lambda: [0, 0])
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])
    decisions: list[int] = field(default_factory=lambda: [0, 0])


def _play_hand(
    hand: Hand,
    apply: Callable[[Action, int], object],
    players: list[Player],
    seat_of: list[int],
    stats: GameStats,
) -> None:
    """Play ``hand`` out through ``apply`` (the hand's own, or its match's)."""
    while not hand.is_over:
        seat = hand.to_act
        who = seat_of[seat]
        start = time.perf_counter()
        action = players[who].act(hand.observation(seat))
        stats.think[who] += time.perf_counter() - start
        stats.decisions[who] += 1
        apply(action, seat)
    result = hand.result
    assert result is not None
    stats.hands += 1
    if result.winner is None:
        stats.dead += 1
        return
    winner = seat_of[result.winner]
    stats.hand_wins[winner] += 1
    stats.points[winner] += result.points
    if result.outcome.value in ("gin", "big_gin"):
        stats.gins[winner] += 1
    if result.outcome.value == "undercut":
        stats.undercuts[winner] += 1


def play_game(
    names: tuple[str, str],
    game_seed: str,
    a_seat: int,
    rules: Rules,
    hands_only: bool,
    player_seed: int,
) -> GameStats:
    """One game with player A (``names[0]``) in ``a_seat``."""
    players: list[Player] = [
        make_player(names[0], player_seed),
        make_player(names[1], player_seed + 1),
    ]
    seat_of = [0, 1] if a_seat == 0 else [1, 0]
    stats = GameStats()
    if hands_only:
        hand = Hand.deal(rules, dealer=int(derive_seed(game_seed, -1), 16) % 2, seed=game_seed)
        _play_hand(hand, hand.apply, players, seat_of, stats)
        if hand.result is not None and hand.result.winner is not None:
            stats.a_won = seat_of[hand.result.winner] == 0
        return stats
    match = Match.new(rules, seed=game_seed)
    while not match.is_over:
        _play_hand(match.current, match.apply, players, seat_of, stats)
    assert match.final is not None
    stats.a_won = seat_of[match.final.winner] == 0
    return stats


def play_pair(task: tuple[tuple[str, str], str, dict[str, Any], bool, int]) -> list[GameStats]:
    """A duplicate pair: the same shuffles twice, seats exchanged."""
    names, game_seed, rules_data, hands_only, player_seed = task
    rules = Rules.from_dict(rules_data)
    return [play_game(names, game_seed, seat, rules, hands_only, player_seed) for seat in (0, 1)]


def wilson_interval(successes: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score)."""
    if total == 0:
        return (0.0, 1.0)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class TournamentResult:
    names: tuple[str, str]
    hands_only: bool
    games: int = 0
    a_wins: float = 0.0
    decided: int = 0
    hands: int = 0
    dead: int = 0
    hand_wins: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    gins: list[int] = field(default_factory=lambda: [0, 0])
    undercuts: list[int] = field(default_factory=lambda: [0, 0])
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    interrupted: bool = False

    def add(self, stats: GameStats) -> None:
        self.games += 1
        if stats.a_won is not None:
            self.decided += 1
            self.a_wins += 1.0 if stats.a_won else 0.0
        self.hands += stats.hands
        self.dead += stats.dead
        for i in (0, 1):
            self.hand_wins[i] += stats.hand_wins[i]
            self.points[i] += stats.points[i]
            self.gins[i] += stats.gins[i]
            self.undercuts[i] += stats.undercuts[i]
            self.think[i] += stats.think[i]
            self.decisions[i] += stats.decisions[i]

    def to_dict(self) -> dict[str, Any]:
        scored = self.hands - self.dead
        game_rate = self.a_wins / self.decided if self.decided else 0.0
        low, high = wilson_interval(self.a_wins, self.decided)
        hand_low, hand_high = wilson_interval(self.hand_wins[0], scored)
        return {
            "players": list(self.names),
            "unit": "hand" if self.hands_only else "match",
            "games": self.games,
            "a_win_rate": round(game_rate, 4),
            "a_win_rate_ci95": [round(low, 4), round(high, 4)],
            "hands": self.hands,
            "a_hand_win_rate": round(self.hand_wins[0] / scored, 4) if scored else 0.0,
            "a_hand_win_rate_ci95": [round(hand_low, 4), round(hand_high, 4)],
            "points_per_hand": [round(p / max(1, self.hands), 3) for p in self.points],
            "net_points_per_hand_a": round(
                (self.points[0] - self.points[1]) / max(1, self.hands), 3
            ),
            "gin_rate": [round(g / max(1, self.hands), 4) for g in self.gins],
            "undercut_rate": [round(u / max(1, self.hands), 4) for u in self.undercuts],
            "dead_hand_rate": round(self.dead / max(1, self.hands), 4),
            "ms_per_decision": [
                round(1000 * t / max(1, d), 3)
                for t, d in zip(self.think, self.decisions, strict=True)
            ],
            "interrupted": self.interrupted,
        }


def _tasks(
    names: tuple[str, str], pairs: int, rules: Rules, hands_only: bool, seed: int
) -> Iterator[tuple[tuple[str, str], str, dict[str, Any], bool, int]]:
    data = rules.to_dict()
    for index in range(pairs):
        yield names, derive_seed(f"tournament-{seed}", index), data, hands_only, seed * 7919 + index


def run_tournament(
    player_a: str,
    player_b: str,
    pairs: int = 100,
    rules: Rules | None = None,
    hands_only: bool = False,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[TournamentResult], None] | None = None,
) -> TournamentResult:
    """Play ``pairs`` duplicate pairs (2 games each). Ctrl-C returns the result so far."""
    names = (player_a, player_b)
    for name in names:
        make_player(name, 0)  # refuse unknown names before starting workers
    result = TournamentResult(names, hands_only)
    tasks = _tasks(names, pairs, rules or Rules(), hands_only, seed)
    count = workers or multiprocessing.cpu_count()
    try:
        if count <= 1:
            for task in tasks:
                for stats in play_pair(task):
                    result.add(stats)
                if progress:
                    progress(result)
        else:
            context = multiprocessing.get_context("spawn")
            with context.Pool(count) as pool:
                for pair in pool.imap_unordered(play_pair, tasks):
                    for stats in pair:
                        result.add(stats)
                    if progress:
                        progress(result)
    except KeyboardInterrupt:
        result.interrupted = True
    return result
