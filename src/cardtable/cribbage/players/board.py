"""Playing the score: the chance of winning the game, for the expert's last hands.

Far from the end of a game every point is worth about the same, and the expert maximises
expected points. Near the end (a side needs :data:`ENDGAME_NEED` points or fewer) what counts
is the chance of winning: a discard that makes the points needed likely beats one with more
points on average, a play that pegs out wins at once, and a play that lets the opponent peg
out loses at once. The order of the show matters too: the non-dealer counts first, so a
non-dealer whose hand is enough wins before the dealer's hand and crib are counted.

The chances come from :mod:`~cardtable.cribbage.players.board_table`: measured distributions of
what a hand's play and shows are worth for each role, and the dealer's chance to win from
every pair of points still needed, worked out from them (see that module). Here they are
combined with what the seat knows of this hand:

- laying away, the kept hand's show for each of the 46 possible starters, the crib's
  distribution moved by how much better or worse than usual the two cards laid away are, and
  the play's distribution;
- in the play, for each deal of the hidden cards the search draws, the exact shows of both
  hands and the crib, so the search sees who will count out first after the play.

>>> round(dealer_wins(121, 121), 2) > 0.5  # the dealer's first hand is an advantage
True
>>> dealer_wins(3, 60) > dealer_wins(60, 3)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from math import floor
from typing import Final

from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players import board_table as table
from cardtable.cribbage.players.discard import DiscardOption
from cardtable.cribbage.players.opponent import Deal
from cardtable.cribbage.players.pegging import Terminal
from cardtable.cribbage.score import show_total

__all__ = [
    "ENDGAME_NEED",
    "dealer_wins",
    "discard_win_chances",
    "endgame_for",
    "in_endgame",
    "rank_discards",
]

ENDGAME_NEED: Final = 45
TOP: Final = 121
# The play's joint distribution without its rarest outcomes (together under 0.1%): the board
# sums over it for every kept hand and starter, and they change nothing that shows.
_PLAY: Final = tuple((q, p, w) for (q, p), w in table.PLAY.items() if w >= 1e-4)


def _decode() -> tuple[tuple[float, ...], ...]:
    digits = {ch: i for i, ch in enumerate(table.ALPHABET)}
    rows: list[tuple[float, ...]] = [()]
    for line in table.DEALER_WINS:
        row = [0.0]
        for i in range(0, len(line), 2):
            row.append((digits[line[i]] * 64 + digits[line[i + 1]]) / 4095)
        rows.append(tuple(row))
    return tuple(rows)


_DEALER_WINS: Final = _decode()


def dealer_wins(dealer_need: int, pone_need: int) -> float:
    """The dealer's chance to win the game at the start of a hand, from the points each
    side still needs (a side that needs nothing has won)."""
    if dealer_need <= 0:
        return 1.0
    if pone_need <= 0:
        return 0.0
    return _DEALER_WINS[min(dealer_need, TOP)][min(pone_need, TOP)]


def in_endgame(view: Observation, need: int = ENDGAME_NEED) -> bool:
    """Whether this hand may well decide the game (a side needs ``need`` or fewer), so that
    chances count, not points."""
    mine, theirs = view.pegs[view.seat], view.pegs[1 - view.seat]
    return min(view.target - mine, view.target - theirs) <= need


def _dealer_counts(shows: Mapping[int, float], need: int, pone_need: int) -> float:
    """The dealer's chance as it counts what ``shows`` weighs (points: chance), needing
    ``need``; short of it, the next hand is the non-dealer's deal, which needs
    ``pone_need``."""
    if need <= 0:
        return 1.0
    chance = 0.0
    for g, weight in shows.items():
        chance += weight * (1.0 if g >= need else 1.0 - dealer_wins(pone_need, need - g))
    return chance


@cache
def _dealer_after_pone_show(dealer_need: int, pone_need: int) -> float:
    """The dealer's chance once the non-dealer has counted: its hand and crib to come."""
    return _dealer_counts(table.DEALER_SHOW, dealer_need, pone_need)


@cache
def _dealer_crib_to_come(crib_need: int, pone_need: int) -> float:
    """The dealer's chance when only its crib is still to count, needing ``crib_need``."""
    return _dealer_counts(table.CRIB, crib_need, pone_need)


@cache
def _dealer_before_pone_show(crib_need: int, pone_need: int) -> float:
    """The dealer's chance after the play when the non-dealer counts next and the dealer
    then needs ``crib_need`` from its crib (its own hand already taken off)."""
    chance = 0.0
    for k, weight in table.PONE_HAND.items():
        if k < pone_need:
            chance += weight * _dealer_crib_to_come(crib_need, pone_need - k)
    return chance


@cache
def _pone_short(pone_need: int) -> float:
    """The chance that the non-dealer's hand falls short of ``pone_need``."""
    return sum(w for k, w in table.PONE_HAND.items() if k < pone_need)


def _between(function: Callable[[int, int], float], need: float, other: int) -> float:
    """``function`` at a need that is not a whole number, read between its neighbours."""
    low = floor(need)
    part = need - low
    value = function(low, other)
    return value if part == 0 else value + part * (function(low + 1, other) - value)


def discard_win_chances(view: Observation, options: Sequence[DiscardOption]) -> list[float]:
    """Each discard's chance of winning the game, from this hand's prospects on."""
    me, them = view.pegs[view.seat], view.pegs[1 - view.seat]
    # The table is by points needed, so it serves any target (needs over 121 are read as 121).
    need_me, need_them = view.target - me, view.target - them
    chances = []
    for option in options:
        by_points: dict[int, int] = {}
        for points in option.hand_points:
            by_points[points] = by_points.get(points, 0) + 1
        total = 0.0
        for points, times in by_points.items():
            if option.own_crib:
                shift = option.crib_ev - table.DEALER_THROW_MEAN
                total += times * _as_dealer(need_me, need_them, points, shift)
            else:
                shift = option.crib_ev - table.PONE_THROW_MEAN
                total += times * _as_pone(need_me, need_them, points, shift)
        chances.append(total / len(option.hand_points))
    return chances


def _as_pone(need_me: int, need_them: int, hand: int, shift: float) -> float:
    """The non-dealer's chance with ``hand`` in its show; the dealer's show moved by
    ``shift`` (how much better than usual the crib is for the cards laid away)."""
    chance = 0.0
    for q, p, weight in _PLAY:  # q: the dealer's play points, p: the non-dealer's
        if p >= need_me:
            chance += weight * (0.5 if q >= need_them else 1.0)
        elif q >= need_them:
            continue
        elif p + hand >= need_me:
            chance += weight
        else:
            dealer = _between(_dealer_after_pone_show, need_them - q - shift, need_me - p - hand)
            chance += weight * (1.0 - dealer)
    return chance


def _as_dealer(need_me: int, need_them: int, hand: int, shift: float) -> float:
    """The dealer's chance with ``hand`` in its show and its crib moved by ``shift``."""
    chance = 0.0
    for q, p, weight in _PLAY:  # q: the dealer's play points, p: the non-dealer's
        if q >= need_me:
            chance += weight * (0.5 if p >= need_them else 1.0)
        elif p >= need_them:
            continue
        elif q + hand >= need_me:
            chance += weight * _pone_short(need_them - p)
        else:
            crib_need = need_me - q - hand - shift
            chance += weight * _between(_dealer_before_pone_show, crib_need, need_them - p)
    return chance


# Chances are turned into values of the same sign as points: 2 * chance - 1, from -1 (lost)
# to 1 (won); a discard's value adds a hundredth of a point per expected point so that equal
# chances (a game sure to be won or lost either way) still go to the better hand.
_POINT_WEIGHT: Final = 1e-4


def rank_discards(
    view: Observation, options: list[DiscardOption], need: int = ENDGAME_NEED
) -> list[DiscardOption]:
    """The discards best first: by expected points, or by the chance of winning near the end."""
    if not in_endgame(view, need):
        return options
    chances = discard_win_chances(view, options)
    order = sorted(
        range(len(options)), key=lambda i: -(chances[i] + _POINT_WEIGHT * options[i].value)
    )
    return [options[i] for i in order]


def endgame_for(
    view: Observation, need: int = ENDGAME_NEED
) -> Callable[[Deal], tuple[float, Terminal]] | None:
    """For the play search near the end: for each deal of the hidden cards, the value of
    pegging out (1) and of the end of the play, when the shows are counted in order."""
    if not in_endgame(view, need) or view.starter is None:
        return None
    starter = view.starter
    seat = view.seat
    mine = [*view.hand, *(p.card for p in view.plays if p.seat == seat)]
    theirs_played = [p.card for p in view.plays if p.seat != seat]
    my_show = show_total(mine, starter)
    laid = list(view.laid_away)
    dealer = view.is_dealer

    def make(deal: Deal) -> tuple[float, Terminal]:
        their_show = show_total([*theirs_played, *deal.cards], starter)
        crib = show_total([*laid, *deal.crib], starter, crib=True) if deal.crib else 0

        def terminal(need_me: int, need_them: int) -> float:
            return 2.0 * _after_play(need_me, need_them) - 1.0

        def _after_play(need_me: int, need_them: int) -> float:
            if dealer:
                if their_show >= need_them:
                    return 0.0
                if my_show + crib >= need_me:
                    return 1.0
                left_me, left_them = need_me - my_show - crib, need_them - their_show
                # The next hand is dealt by the opponent.
                return 1.0 - dealer_wins(left_them, left_me)
            if my_show >= need_me:
                return 1.0
            if their_show + crib >= need_them:
                return 0.0
            left_me, left_them = need_me - my_show, need_them - their_show - crib
            return dealer_wins(left_me, left_them)

        return 1.0, terminal

    return make
