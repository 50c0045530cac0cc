"""Statistics and summaries of many games."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.sim import simulate, wilson_interval
from cardtable.sim.results import mean_interval, ranking_auc


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


@given(
    st.lists(st.tuples(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), st.booleans()), max_size=30)
)
def test_ranking_auc_is_the_share_of_true_false_pairs_ranked_right(
    pairs: list[tuple[float, bool]],
) -> None:
    # The definition, pair by pair: a true case above a false one counts 1, a tie a half.
    pos = [p for p, t in pairs if t]
    neg = [p for p, t in pairs if not t]
    score = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in pos for b in neg)
    expected = score / len(pos) / len(neg) if pos and neg else 0.0
    assert ranking_auc(pairs) == pytest.approx(expected)


@given(st.lists(st.floats(-100, 100, allow_nan=False), min_size=2, max_size=40))
def test_mean_interval_is_the_mean_and_1_96_standard_errors(values: list[float]) -> None:
    mean, half = mean_interval(values)
    assert mean == pytest.approx(statistics.mean(values), abs=1e-9)
    expected = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    assert half == pytest.approx(expected, abs=1e-9)


def test_mean_interval_of_one_value_is_unbounded_and_of_none_refused() -> None:
    assert mean_interval([3.0]) == (3.0, math.inf)
    with pytest.raises(ValueError, match="no values"):
        mean_interval([])
