"""Duplicate-deal tournaments between two computer players, over :mod:`cardtable.sim.batch`.

Every pairing is played twice on the same shuffles with the seats exchanged, so the luck
of the deal cancels out; results come with 95% confidence intervals. The games are those of
:func:`cardtable.sim.batch.simulate` with the same seed (``ginrummy tournament A B --seed 3
--matches 100`` plays the games of ``ginrummy simulate A B --seed 3 --games 100``), on worker
processes or Ray; this module adds the tournament's figures (hand win rate, points per hand,
gin, undercut and dead-hand rates), a progress callback per finished pair and results so far
on Ctrl-C.

``run_tournament(..., game="cribbage")`` plays Cribbage the same way (``cardtable cribbage
tournament``); its figures are the match win rate, the game points (with skunks and double
skunks), the share of hands in which a player scored more than the other and the points
scored per hand.

>>> result = run_tournament("simple", "random", pairs=2, hands_only=True, seed=1, workers=1)
>>> result.games, result.hand_wins[0] + result.hand_wins[1] <= result.hands
(4, True)
>>> sorted(result.to_dict())[:4]
['a_hand_win_rate', 'a_hand_win_rate_ci95', 'a_win_rate', 'a_win_rate_ci95']
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.gin.rules import Rules
from cardtable.sim.batch import simulate
from cardtable.sim.players import GameName, PlayerSpec
from cardtable.sim.results import SimulationResult, wilson_interval
from cardtable.sim.workers import Backend

if TYPE_CHECKING:
    from cardtable.cribbage.rules import Rules as CribbageRules

__all__ = ["TournamentResult", "run_tournament"]


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's games (:attr:`simulation`) and their figures from player A's side.

    Index 0 of the pairs below is player A, 1 player B. "Points" are hand points: what each
    player scored in the hands it won, without the bonuses at the end of a match. In
    Cribbage, every point each player scored (both score in every hand), and a hand is won by
    the player who scored more in it.
    """

    simulation: SimulationResult

    @property
    def names(self) -> tuple[str, str]:
        return self.simulation.players

    @property
    def hands_only(self) -> bool:
        return self.simulation.unit == "hand"

    @property
    def interrupted(self) -> bool:
        return self.simulation.interrupted

    @property
    def games(self) -> int:
        return self.simulation.games

    @property
    def decided(self) -> int:
        """Games with a winner (all matches; single hands that were not dead)."""
        return self.simulation.games - self.simulation.undecided

    @property
    def hands(self) -> int:
        return self.simulation.deals

    @property
    def dead(self) -> int:
        return self.simulation.dead_deals

    @property
    def hand_wins(self) -> tuple[int, int]:
        return self.simulation.hands_won

    @property
    def points(self) -> tuple[int, int]:
        return self.simulation.hand_points

    @property
    def gins(self) -> tuple[int, int]:
        """Hands won by gin, big gin included."""
        outcomes = self.simulation.outcomes()
        return (
            outcomes["gin"][0] + outcomes["big_gin"][0],
            outcomes["gin"][1] + outcomes["big_gin"][1],
        )

    @property
    def undercuts(self) -> tuple[int, int]:
        undercuts = self.simulation.outcomes()["undercut"]
        return (undercuts[0], undercuts[1])

    @property
    def game_points(self) -> tuple[int, int]:
        """Game points won by each player over the matches (Cribbage: 1 a game, more for a
        skunk); the total of ``GameResult.points`` in matches."""
        return self.simulation.total_points

    def to_dict(self) -> dict[str, Any]:
        if self.simulation.game == "cribbage":
            return self._cribbage_dict()
        hands = max(1, self.hands)
        scored = self.hands - self.dead
        low, high = self.simulation.win_interval(0)
        hand_low, hand_high = wilson_interval(self.hand_wins[0], scored)
        return {
            "players": list(self.names),
            "unit": self.simulation.unit,
            "games": self.games,
            "a_win_rate": round(self.simulation.win_rate(0), 4),
            "a_win_rate_ci95": [round(low, 4), round(high, 4)],
            "hands": self.hands,
            "a_hand_win_rate": round(self.hand_wins[0] / scored, 4) if scored else 0.0,
            "a_hand_win_rate_ci95": [round(hand_low, 4), round(hand_high, 4)],
            "points_per_hand": [round(p / hands, 3) for p in self.points],
            "net_points_per_hand_a": round((self.points[0] - self.points[1]) / hands, 3),
            "gin_rate": [round(g / hands, 4) for g in self.gins],
            "undercut_rate": [round(u / hands, 4) for u in self.undercuts],
            "dead_hand_rate": round(self.dead / hands, 4),
            "ms_per_decision": [round(ms, 3) for ms in self.simulation.ms_per_decision()],
            "interrupted": self.interrupted,
        }

    def _cribbage_dict(self) -> dict[str, Any]:
        simulation = self.simulation
        hands = max(1, self.hands)
        wins = self.hand_wins
        scored = wins[0] + wins[1]
        low, high = simulation.win_interval(0)
        hand_low, hand_high = wilson_interval(wins[0], scored)
        kinds = simulation.outcomes()
        matches = max(1, self.decided) if not self.hands_only else 1
        data: dict[str, Any] = {
            "game": "cribbage",
            "players": list(self.names),
            "unit": simulation.unit,
            "games": self.games,
            "a_win_rate": round(simulation.win_rate(0), 4),
            "a_win_rate_ci95": [round(low, 4), round(high, 4)],
            "hands": self.hands,
            "a_hand_win_rate": round(wins[0] / scored, 4) if scored else 0.0,
            "a_hand_win_rate_ci95": [round(hand_low, 4), round(hand_high, 4)],
            "tied_hand_rate": round((self.hands - scored) / hands, 4),
            "points_per_hand": [round(p / hands, 3) for p in self.points],
            "net_points_per_hand_a": round((self.points[0] - self.points[1]) / hands, 3),
        }
        if not self.hands_only:
            points = self.game_points
            data.update(
                {
                    "game_points": list(points),
                    "net_game_points_per_match_a": round((points[0] - points[1]) / matches, 3),
                    "skunks": kinds["skunk"],
                    "double_skunks": kinds["double skunk"],
                }
            )
        data["ms_per_decision"] = [round(ms, 3) for ms in simulation.ms_per_decision()]
        data["interrupted"] = self.interrupted
        return data


def _whole_pairs(result: SimulationResult) -> SimulationResult:
    """The result without a game whose duplicate was not finished (after Ctrl-C)."""
    played = {game.index for game in result.results}
    kept = [game for game in result.results if game.index ^ 1 in played]
    return result if len(kept) == len(result.results) else dataclasses.replace(result, results=kept)


def run_tournament(
    player_a: PlayerSpec,
    player_b: PlayerSpec,
    pairs: int = 100,
    rules: Rules | CribbageRules | str | None = None,
    hands_only: bool = False,
    seed: int | str | None = None,
    workers: int | None = None,
    progress: Callable[[TournamentResult], None] | None = None,
    backend: Backend = "process",
    series: int = 1,
    game: GameName = "gin",
) -> TournamentResult:
    """Play ``pairs`` duplicate pairs (2 games each) of matches, or of single hands.

    ``workers`` processes (all cores when ``None``), or Ray CPUs with ``backend="ray"``.
    ``progress`` gets the result so far whenever whole pairs have come in. Ctrl-C stops the
    workers and returns the pairs finished so far, with ``interrupted`` set. ``series`` is
    matches per series (:mod:`cardtable.sim.batch`; not with ``hands_only``). ``game`` is
    ``"gin"`` (the default) or ``"cribbage"``; ``rules`` a value of that game's rules or one
    of its preset names. ``seed=None`` (the default) plays from a secret run seed, revealed
    afterwards as ``result.simulation.seed``.
    """
    if pairs < 1:
        raise ValueError(f"pairs must be at least 1, not {pairs}")

    def report(running: SimulationResult) -> None:
        if progress is not None and running.games % 2 == 0:
            progress(TournamentResult(running))

    simulation = simulate(
        [player_a, player_b],
        2 * pairs,
        unit="hand" if hands_only else "match",
        rules=rules,
        seed=seed,
        workers=workers or os.cpu_count() or 1,
        backend=backend,
        progress=report if progress is not None else None,
        partial_on_interrupt=True,
        series=series,
        game=game,
    )
    return TournamentResult(_whole_pairs(simulation) if simulation.interrupted else simulation)
