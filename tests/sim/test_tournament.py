"""The duplicate tournament over the simulator: its games are the simulator's, series too.

(More tournament tests, older than this file, are in tests/gin/test_players.py.)
"""

from __future__ import annotations

import pytest

from cardtable.gin.rules import Rules
from cardtable.sim import TournamentResult, run_tournament, simulate

from .helpers import fingerprint


def test_a_tournament_plays_the_games_of_the_simulator() -> None:
    rules = Rules(target=50)
    tournament = run_tournament("simple", "beginner", pairs=2, rules=rules, seed=7, workers=1)
    games = simulate(["simple", "beginner"], games=4, rules=rules, seed=7)
    assert fingerprint(tournament.simulation) == fingerprint(games)
    assert isinstance(tournament, TournamentResult) and tournament.games == 4


def test_a_tournament_plays_series_of_matches() -> None:
    rules = Rules(target=50, series_first_player="winner")
    seen: list[int] = []
    tournament = run_tournament(
        "simple", "beginner", pairs=4, rules=rules, seed=7, workers=2, series=2,
        progress=lambda result: seen.append(result.games),
    )  # fmt: skip
    games = simulate(["simple", "beginner"], games=8, rules=rules, seed=7, series=2)
    assert fingerprint(tournament.simulation) == fingerprint(games)
    independent = run_tournament("simple", "beginner", pairs=4, rules=rules, seed=7, workers=1)
    assert fingerprint(independent.simulation) != fingerprint(tournament.simulation)
    assert seen and seen[-1] == 8 and all(n % 2 == 0 for n in seen)
    with pytest.raises(ValueError, match="series is of matches"):
        run_tournament("simple", "beginner", pairs=2, hands_only=True, workers=1, series=2)
