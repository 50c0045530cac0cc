"""Duplicate-deal tournaments between two computer players, over :mod:`cardtable.sim.batch`.

Every pairing is played twice on the same shuffles with the seats exchanged, so the luck
of the deal cancels out; results come with 95% confidence intervals. The games are those of
:func:`cardtable.sim.batch.simulate` with the same seed (``ginrummy tournament A B --seed 3
--matches 100`` plays the games of ``ginrummy simulate A B --seed 3 --games 100``), on worker
processes or Ray; this module adds the tournament's figures (hand win rate, points per hand,
gin, undercut and dead-hand rates), a progress callback per finished pair and results so far
on Ctrl-C.

``run_tournament(..., game=NAME)`` plays any game of the registry the same way (``cardtable
NAME tournament``); its figures are the game's own (its ``simulation`` facet: Cribbage's are
the match win rate, the game points with skunks and double skunks, the share of hands in which
a player scored more than the other and the points scored per hand).

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
from typing import Any

from cardtable.games import GameRules
from cardtable.sim.batch import simulate
from cardtable.sim.facets import simulation_of
from cardtable.sim.players import PlayerSpec
from cardtable.sim.results import SimulationResult
from cardtable.sim.workers import Backend

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
    def game_points(self) -> tuple[int, int]:
        """Game points won by each player over the matches (Cribbage: 1 a game, more for a
        skunk); the total of ``GameResult.points`` in matches."""
        return self.simulation.total_points

    def to_dict(self) -> dict[str, Any]:
        """The game's figures (its ``simulation`` facet), naming the game where its
        results do."""
        simulation = self.simulation
        words = simulation_of(simulation.game)
        figures = words.tournament_figures(simulation)
        return {"game": simulation.game, **figures} if words.names_game else figures

    def text(self) -> str:
        """The figures of :meth:`to_dict` for people."""
        a, b = self.names
        return simulation_of(self.simulation.game).tournament_text(a, b, self.to_dict())


def _whole_pairs(result: SimulationResult) -> SimulationResult:
    """The result without a game whose duplicate was not finished (after Ctrl-C)."""
    played = {game.index for game in result.results}
    kept = [game for game in result.results if game.index ^ 1 in played]
    return result if len(kept) == len(result.results) else dataclasses.replace(result, results=kept)


def run_tournament(
    player_a: PlayerSpec,
    player_b: PlayerSpec,
    pairs: int = 100,
    rules: GameRules | str | None = None,
    hands_only: bool = False,
    seed: int | str | None = None,
    workers: int | None = None,
    progress: Callable[[TournamentResult], None] | None = None,
    backend: Backend = "process",
    series: int = 1,
    game: str | None = None,
) -> TournamentResult:
    """Play ``pairs`` duplicate pairs (2 games each) of matches, or of single hands.

    ``workers`` processes (all cores when ``None``), or Ray CPUs with ``backend="ray"``.
    ``progress`` gets the result so far whenever whole pairs have come in. Ctrl-C stops the
    workers and returns the pairs finished so far, with ``interrupted`` set. ``series`` is
    matches per series (:mod:`cardtable.sim.batch`; not with ``hands_only``). ``game`` is a
    game's name in the registry (``None``: its default game); ``rules`` a value of that
    game's rules or one of its preset names. ``seed=None`` (the default) plays from a secret
    run seed, revealed afterwards as ``result.simulation.seed``.
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
