"""Match equity (``cardtable.gin.players.equity``) against a reference written from its
definition alone: the chance of reaching the target first when each decided hand gives
one side, evenly, points drawn from ``hand_outcomes``. The reference recurses from the
score down (memoised), where the module fills a table from the target back; and a
score-aware expert must use it (``Reasoner.match_equity``)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from cardtable.gin.hand import Hand, Phase
from cardtable.gin.players.equity import equity, hand_outcomes, points_per_equity
from cardtable.gin.players.expert import EXPERT, Reasoner
from cardtable.gin.rules import Rules


def reference(target: int, gin_bonus: int, undercut_bonus: int) -> Callable[[int, int], float]:
    outcomes = hand_outcomes(gin_bonus, undercut_bonus)

    @functools.cache
    def chance(mine: int, theirs: int) -> float:
        if mine >= target:
            return 1.0
        if theirs >= target:
            return 0.0
        return sum(
            p * (chance(mine + points, theirs) + chance(mine, theirs + points)) / 2
            for points, p in outcomes
        )

    return chance


SHAPES = st.tuples(st.integers(1, 60), st.integers(0, 30), st.integers(0, 30))


@given(SHAPES, st.integers(-5, 70), st.integers(-5, 70))
def test_equity_is_the_chance_of_reaching_the_target_first(
    shape: tuple[int, int, int], mine: int, theirs: int
) -> None:
    expected = reference(*shape)(max(0, mine), max(0, theirs))
    assert math.isclose(equity(mine, theirs, *shape), expected, abs_tol=1e-12)


@given(SHAPES, st.integers(0, 60), st.integers(0, 60))
def test_equity_is_fair_and_grows_with_the_score(
    shape: tuple[int, int, int], mine: int, theirs: int
) -> None:
    target = shape[0]
    mine, theirs = mine % target, theirs % target  # a score of the match, both below target
    assert math.isclose(equity(mine, theirs, *shape) + equity(theirs, mine, *shape), 1.0)
    assert equity(mine + 1, theirs, *shape) >= equity(mine, theirs, *shape) - 1e-12
    assert equity(mine, theirs + 1, *shape) <= equity(mine, theirs, *shape) + 1e-12


def test_the_outcomes_are_a_distribution_and_the_scale_is_the_inverse_slope() -> None:
    assert math.isclose(sum(p for _, p in hand_outcomes(25, 25)), 1.0)
    assert all(points >= 1 for points, _ in hand_outcomes(0, 0))
    scale = points_per_equity(100)
    assert math.isclose(scale * (equity(10, 0, 100) - equity(0, 0, 100)), 10.0)


def test_the_score_aware_expert_values_points_by_equity() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed="equity")
    while hand.phase is not Phase.DISCARD:
        hand.apply(hand.observation(hand.to_act).legal_actions()[0], hand.to_act)
    plain, aware = EXPERT, replace(EXPERT, match_equity=True)
    assert isinstance(aware, Reasoner)
    far_ahead = hand.observation(hand.to_act, scores=(90, 0) if hand.to_act == 0 else (0, 90))
    # Without equity, ten points that end the match count the game bonus on top.
    assert plain.match_value(far_ahead, 10) == 10 + 100
    # With it, they add only what was left of the match to win: about 6% of it.
    value = aware.match_value(far_ahead, 10)
    left = 1 - equity(90, 0, 100)
    assert math.isclose(value, points_per_equity(100) * left)
    assert 0 < value < 20
    # Far behind, a loss costs little more (the match was nearly lost already).
    far_behind = hand.observation(hand.to_act, scores=(0, 90) if hand.to_act == 0 else (90, 0))
    assert plain.match_value(far_behind, -10) == -110
    assert -20 < aware.match_value(far_behind, -10) < 0
    # And a hand without scores (outside a match) is worth its points either way.
    assert aware.match_value(hand.observation(hand.to_act), 7) == 7
