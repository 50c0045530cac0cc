"""Statistics and summaries of many games."""

from __future__ import annotations

from cardtable.sim import simulate, wilson_interval


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9


def test_hand_games_score_one_deal() -> None:
    result = simulate(["simple", "random"], games=20, unit="hand", seed=5)
    assert result.wins[0] > result.wins[1]
    for game in result.results:
        assert game.deals == 1
        if game.winner is None:
            assert game.points == (0, 0) and game.dead == 1
        else:
            assert game.points[1 - game.winner] == 0 < game.points[game.winner]
    low, high = result.win_interval(0)
    assert low <= result.win_rate(0) <= high
    assert "simple vs random" in result.summary()
