"""Match equity: the chance of winning a match from a score, for score-aware decisions.

A match is won by reaching the target first, so what a hand's points are worth depends on
the score: ten points that take a seat to the target win the match, ten points at the
start barely move it, and when the opponent is one hand from the target the hand it wins
costs the match whatever its size. ``equity(mine, theirs, target)`` is the chance that the
seat with ``mine`` points wins against ``theirs``, between two even players whose hands
end in a model of gin rummy's outcomes (below), by dynamic programming over the scores:
every hand adds points to one side, so each score depends only on higher ones.

The model of one decided hand (dead hands change no score and drop out): each side wins
it half the time; the winner scores the deadwood difference of a knock (1 to 20 points,
evenly, 55% of hands), an undercut (the rules' undercut bonus plus 0 to 10, 20%) or gin
(the gin bonus plus the loser's 0 to 30 deadwood, 25%). Only the shape matters: equity
is steep near the target and flat far from it, whatever the exact shares.
"""

from __future__ import annotations

import functools
from typing import Final

__all__ = ["equity", "hand_outcomes", "points_per_equity"]

_KNOCK, _UNDERCUT, _GIN = 0.55, 0.20, 0.25


@functools.cache
def hand_outcomes(gin_bonus: int, undercut_bonus: int) -> tuple[tuple[int, float], ...]:
    """The winner's points of one decided hand, with their chances (summing to 1)."""
    chances: dict[int, float] = {}
    for points in range(1, 21):
        chances[points] = chances.get(points, 0.0) + _KNOCK / 20
    for extra in range(11):
        points = max(1, undercut_bonus + extra)
        chances[points] = chances.get(points, 0.0) + _UNDERCUT / 11
    for extra in range(31):
        points = max(1, gin_bonus + extra)
        chances[points] = chances.get(points, 0.0) + _GIN / 31
    return tuple(sorted(chances.items()))


@functools.cache
def _table(target: int, gin_bonus: int, undercut_bonus: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance of winning from ``a`` points against ``b``, below target."""
    outcomes = hand_outcomes(gin_bonus, undercut_bonus)
    table = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        row = table[a]
        for b in range(target - 1, -1, -1):
            value = 0.0
            for points, chance in outcomes:
                mine = a + points
                value += 0.5 * chance * (1.0 if mine >= target else table[mine][b])
                theirs = b + points
                value += 0.5 * chance * (0.0 if theirs >= target else row[theirs])
            row[b] = value
    return tuple(tuple(row) for row in table)


MAX_TARGET: Final = 1000  # beyond it the table would be slow to build; equity stays linear


def equity(
    mine: int, theirs: int, target: int, gin_bonus: int = 25, undercut_bonus: int = 25
) -> float:
    """The chance of winning the match from ``mine`` points against ``theirs``.

    >>> round(equity(0, 0, 100), 9), round(equity(90, 0, 100), 3)
    (0.5, 0.937)
    >>> equity(95, 0, 100) > equity(50, 0, 100) > 0.5 > equity(0, 95, 100)
    True
    >>> equity(100, 40, 100), equity(40, 100, 100)
    (1.0, 0.0)
    """
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    if target > MAX_TARGET:
        return 0.5 + (mine - theirs) / (2 * target)
    return _table(target, gin_bonus, undercut_bonus)[max(0, mine)][max(0, theirs)]


@functools.cache
def points_per_equity(target: int, gin_bonus: int = 25, undercut_bonus: int = 25) -> float:
    """Hand points that move the equity of an even start by one (its inverse slope there):
    the scale that keeps a score-aware value in points early in a match."""
    step = max(1, min(10, target // 10))
    rise = equity(step, 0, target, gin_bonus, undercut_bonus) - equity(
        0, 0, target, gin_bonus, undercut_bonus
    )
    return step / rise if rise > 0 else float(2 * target)
