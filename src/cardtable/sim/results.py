"""Statistics of many games: win rates with Wilson intervals, margins, outcomes, summaries.

>>> from cardtable.gin.rules import Rules
>>> game = GameResult(0, "s", (0, 1), 0, (120, 40), 5, 0, (3, 2), {}, (50, 50), (0.0, 0.0),
...                   first_dealer=1)
>>> result = SimulationResult(("a", "b"), "match", Rules(), "s", [game])
>>> result.wins, result.mean_margin, result.summary().splitlines()[0]
((1, 0), 80.0, 'a vs b: 1 matches, a won 1, b won 0')
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.games import GameRules
from cardtable.games.simulation import GameResult, Unit, wilson_interval
from cardtable.sim.facets import game_of, simulation_of

__all__ = [
    "SimulationResult",
    "mean_interval",
    "ranking_auc",
    "wilson_interval",
]


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal interval (95% by default);
    infinite from fewer than two values. Paired differences go in one per pair.

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 1.265]
    """
    if not values:
        raise ValueError("no values to average")
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, z * math.sqrt(variance / len(values))


def ranking_auc(pairs: list[tuple[float, bool]]) -> float:
    """How well predicted chances rank what came true: the chance that a true case scores
    above a false one, ties counting half (0.5 is guessing, 1.0 perfect).

    >>> ranking_auc([(0.9, True), (0.4, False), (0.4, True), (0.1, False)])
    0.875
    """
    negatives = sorted(p for p, truth in pairs if not truth)
    positives = [p for p, truth in pairs if truth]
    wins = 0.0
    for p in positives:
        low = bisect.bisect_left(negatives, p)
        wins += low + 0.5 * (bisect.bisect_right(negatives, p) - low)
    return wins / max(1, len(positives) * len(negatives))


@dataclass
class SimulationResult:
    """The games of one pairing and their totals, from the players' side.

    ``interrupted`` is true when Ctrl-C stopped the run (with ``partial_on_interrupt``):
    :attr:`results` then holds the games finished before it. ``game`` is the game's name
    (``None``: the registry's default game); the game's ``simulation`` facet says how its
    results read (a Cribbage match's points are game points, its undecided games tied hands).
    """

    players: tuple[str, str]
    unit: Unit
    rules: GameRules
    seed: str  # the run's seed: kept from the players while they play, revealed here
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    backend: str = "process"
    interrupted: bool = False
    game: str | None = None

    def __post_init__(self) -> None:
        self.game = game_of(self.game).name

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> tuple[int, int]:
        counts = [0, 0]
        for game in self.results:
            if game.winner is not None:
                counts[game.winner] += 1
        return (counts[0], counts[1])

    @property
    def undecided(self) -> int:
        """Games without a winner (gin's dead deals of ``unit="hand"``; tied hands)."""
        return sum(1 for game in self.results if game.winner is None)

    def win_rate(self, player: int = 0) -> float:
        """The share of decided games won by ``player``."""
        decided = self.games - self.undecided
        return self.wins[player] / decided if decided else 0.0

    def win_interval(self, player: int = 0) -> tuple[float, float]:
        return wilson_interval(self.wins[player], self.games - self.undecided)

    @property
    def mean_margin(self) -> float:
        """Player 0's points minus player 1's, per game."""
        return sum(g.margin for g in self.results) / self.games if self.games else 0.0

    @property
    def margin_stderr(self) -> float:
        n = self.games
        if n < 2:
            return 0.0
        mean = self.mean_margin
        variance = sum((g.margin - mean) ** 2 for g in self.results) / (n - 1)
        return math.sqrt(variance / n)

    @property
    def deals(self) -> int:
        return sum(g.deals for g in self.results)

    @property
    def dead_deals(self) -> int:
        return sum(g.dead for g in self.results)

    @property
    def hands_won(self) -> tuple[int, int]:
        """Deals won by each player, over all the games."""
        return self._per_player("hands_won")

    @property
    def hand_points(self) -> tuple[int, int]:
        """Points each player scored in the deals it won (no match bonuses)."""
        return self._per_player("hand_points")

    @property
    def total_points(self) -> tuple[int, int]:
        """Each player's ``points`` summed over the games (Cribbage matches: game points)."""
        return self._per_player("points")

    @property
    def player_decisions(self) -> tuple[int, int]:
        return self._per_player("decisions")

    @property
    def think(self) -> tuple[float, float]:
        """Seconds each player spent deciding, over all the games."""
        return (
            sum(g.think[0] for g in self.results),
            sum(g.think[1] for g in self.results),
        )

    def ms_per_decision(self) -> tuple[float, float]:
        think, moves = self.think, self.player_decisions
        return (1000 * think[0] / max(1, moves[0]), 1000 * think[1] / max(1, moves[1]))

    def _per_player(self, name: str) -> tuple[int, int]:
        first = second = 0
        for game in self.results:
            pair: tuple[int, int] = getattr(game, name)
            first += pair[0]
            second += pair[1]
        return (first, second)

    @property
    def decisions(self) -> int:
        return sum(sum(g.decisions) for g in self.results)

    def outcomes(self) -> dict[str, list[int]]:
        """Wins per outcome of the game for each player (gin: hands won by knock, gin,
        undercut, big gin; Cribbage: games won by game, skunk, double skunk)."""
        names = simulation_of(self.game).outcome_kinds
        total: dict[str, list[int]] = {name: [0, 0] for name in names}
        for game in self.results:
            for name, pair in game.outcomes.items():
                counts = total.setdefault(name, [0, 0])
                counts[0] += pair[0]
                counts[1] += pair[1]
        return total

    def win_figures(self) -> dict[str, Any]:
        """The games, each player's wins, the undecided games and player A's win rate, as
        every summary of a run gives them."""
        low, high = self.win_interval(0)
        return {
            "games": self.games,
            "wins": list(self.wins),
            "undecided": self.undecided,
            "win_rate": round(self.win_rate(0), 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
        }

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly summary (the games themselves are in :attr:`results`); it names
        its game in ``"game"`` (gin's has no such key, as before)."""
        game = {"game": self.game} if simulation_of(self.game).names_game else {}
        return {
            **game,
            "players": list(self.players),
            "unit": self.unit,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            **self.win_figures(),
            "mean_margin": round(self.mean_margin, 3),
            "margin_stderr": round(self.margin_stderr, 3),
            "deals": self.deals,
            "dead_deals": self.dead_deals,
            "outcomes": self.outcomes(),
            "decisions": self.decisions,
            "ms_per_decision": [round(ms, 4) for ms in self.ms_per_decision()],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "workers": self.workers,
            "backend": self.backend,
            "interrupted": self.interrupted,
        }

    def summary(self) -> str:
        """A few lines for people."""
        a, b = self.players
        low, high = self.win_interval(0)
        unit = "hands" if self.unit == "hand" else "matches"
        words = simulation_of(self.game)
        lines = [
            f"{a} vs {b}: {self.games} {unit}, {a} won {self.wins[0]}, {b} won {self.wins[1]}"
            + (f", {self.undecided} {words.undecided}" if self.undecided else "")
            + (" (interrupted)" if self.interrupted else ""),
            f"  {a} win rate {self.win_rate(0):.1%} (95% CI {low:.1%} to {high:.1%}), "
            f"margin {self.mean_margin:+.2f} ± {1.96 * self.margin_stderr:.2f} per game"
            + (f" ({words.match_points})" if words.match_points and self.unit == "match" else ""),
        ]
        outcomes = ", ".join(
            f"{name} {pair[0]}/{pair[1]}" for name, pair in self.outcomes().items() if sum(pair)
        )
        if outcomes:
            lines.append(f"  {words.outcomes_heading} ({a}/{b}): {outcomes}")
        if self.seconds:
            lines.append(
                f"  {self.seconds:.2f} s, {self.games / self.seconds:.1f} {unit}/s, "
                f"{self.deals / self.seconds:.1f} deals/s ({self.workers} worker(s), "
                f"{self.backend})"
            )
        return "\n".join(lines)
