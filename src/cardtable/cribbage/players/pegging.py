"""The play (pegging) as a search: what each card is worth against the cards the opponent may
still hold.

Only the seat's own view is used: the deals of the hidden cards come from
:mod:`~cardtable.cribbage.players.opponent`, which draws the opponent's possible hands and
weights them by what it did (its goes, what a player keeps, what it chose to play).

The method is perfect-information Monte Carlo: each drawn hand of the opponent is searched to
the end of the play over ranks (suits never matter in the play, so hands that differ only in
suits are merged), and each candidate card is scored by its average over the same hands,
drawn from a generator seeded from the view, so the same view always gives the same decision.
Values are points pegged by the seat minus points pegged by the opponent, go and last card
included, so a card that gives away 15s, 31s, pairs or runs, or that breaks up a pair royal
kept for later, loses by exactly what the search finds.

In each drawn deal the seat plays its best card, but the opponent is not assumed to answer
perfectly: a plain minimax would let it see the seat's cards, so it would never pair a lead
kept from a pair (a trap for the pair royal) or play into a run, and the seat would never
set such traps. The opponent's reply is instead the average of its cards weighted by what
each pegs now and, among those that peg alike, by how low it is
(:func:`~cardtable.cribbage.players.opponent.play_chances`, the same weighting that reads its
past plays), mixed with its minimax reply by ``OpponentModel.their_blend`` (1: the weighted
reply alone, which measured best, against the simple player and against the expert itself).

Near the end of a game (a player may reach the target during this hand) the search values
positions by the chance of winning instead (:mod:`~cardtable.cribbage.players.board`): pegging
out wins at once, and after the play the hands are counted in order, the non-dealer first, so
the search knows whose show comes too late.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cardtable.cards import VALUES
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players.opponent import (
    RANK_VALUES,
    Deal,
    OpponentModel,
    opponent_deals,
    peg_points,
    play_chances,
)

__all__ = ["DEFAULT_MODEL", "PlayValue", "Situation", "Solver", "play_values", "situation"]

DEFAULT_MODEL: Final = OpponentModel()

# Near the end a point pegged is still worth this much on top of the chance of winning, so
# that of two plays that win (or lose) alike the one that pegs more, sooner, is chosen; small
# enough never to outweigh a real difference in the chance.
TIE_POINT: Final = 1e-4


@dataclass(frozen=True, slots=True)
class Situation:
    """The play from the deciding seat's side, in ranks: 0 is the seat, 1 the opponent."""

    mine: tuple[int, ...]  # ranks of the seat's cards, sorted
    seq: tuple[int, ...]  # ranks of the current count, in play order
    count: int
    last: int  # who played the last card of the current count (-1: none yet)
    need: tuple[int, int]  # points each side needs to win the game
    dealer: int  # 0 if the seat deals


def situation(view: Observation) -> Situation:
    """The view's play state in ranks."""
    opponent = 1 - view.seat
    count_plays = view.plays[view.count_start :]
    last = -1
    if count_plays:
        last = 1 if count_plays[-1].seat == opponent else 0
    me, them = view.pegs[view.seat], view.pegs[opponent]
    return Situation(
        mine=tuple(sorted(card % 13 for card in view.hand)),
        seq=tuple(card % 13 for card in view.count_cards),
        count=view.count,
        last=last,
        need=(view.target - me, view.target - them),
        dealer=0 if view.is_dealer else 1,
    )


Terminal = Callable[[int, int], float]
"""The value of the end of the play, from the points each side then still needs."""


class Solver:
    """Search of the rest of the play over ranks, both hands known, with a memo per deal.

    Values are from side 0's view. Side 0 takes its best card; side ``s`` mixes its best
    card (weight ``1 - blend[s]``) with the average of its cards weighted by
    :func:`~cardtable.cribbage.players.opponent.play_chances` of ``greed`` and ``low``
    (weight ``blend[s]``; ``lead_low`` for ``low`` on a lead). With ``terminal`` unset the
    value is the points side 0 pegs from here minus side 1's; with it set (near the end of
    the game), reaching the target in the play is worth ``win`` and the end of the play is
    ``terminal(need0, need1)`` (each point pegged on the way, up to the target, adds
    :data:`TIE_POINT` to break ties).
    """

    def __init__(
        self,
        win: float | None = None,
        terminal: Terminal | None = None,
        blend: tuple[float, float] = (0.0, 0.0),
        greed: float = 1.0,
        low: float = 0.0,
        lead_low: float = 0.0,
    ) -> None:
        self.win = win
        self.terminal = terminal
        self.blend = blend
        self.greed = greed
        self.low = low
        self.lead_low = lead_low
        self.memo: dict[tuple[object, ...], float] = {}

    def solve(
        self,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        seq: tuple[int, ...],
        count: int,
        turn: int,
        last: int,
        need: tuple[int, int],
    ) -> float:
        key = (hands, seq, turn, last, need if self.win is not None else None)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        room = 31 - count
        hand = hands[turn]
        moves = sorted({r for r in hand if RANK_VALUES[r] <= room})
        if not moves:
            other = hands[1 - turn]
            if any(RANK_VALUES[r] <= room for r in other):
                # Go: the other player keeps playing alone.
                value = self.solve(hands, seq, count, 1 - turn, last, need)
            else:
                value = self._end_count(hands, count, last, need)
            memo[key] = value
            return value
        values = [self.play(hands, seq, count, turn, rank, need) for rank in moves]
        best = max(values) if turn == 0 else min(values)
        blend = self.blend[turn]
        if blend and len(values) > 1:
            # A player who cannot see the other's cards does not always find the best reply:
            # it takes points when it can, else plays low (weights by what each card pegs
            # now and by its rank).
            low = self.low if seq else self.lead_low
            points = [peg_points((*seq, r), count + RANK_VALUES[r]) for r in moves]
            weights = play_chances(points, moves, self.greed, low)
            expected = sum(w * v for w, v in zip(weights, values, strict=True))
            best = (1.0 - blend) * best + blend * expected
        memo[key] = best
        return best

    def play(
        self,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        seq: tuple[int, ...],
        count: int,
        turn: int,
        rank: int,
        need: tuple[int, int],
    ) -> float:
        """``turn`` plays ``rank``: what it pegs plus the value of the rest of the play."""
        held = list(hands[turn])
        held.remove(rank)
        new_hands = (tuple(held), hands[1]) if turn == 0 else (hands[0], tuple(held))
        new_seq = (*seq, rank)
        new_count = count + RANK_VALUES[rank]
        points = peg_points(new_seq, new_count)
        sign = 1.0 if turn == 0 else -1.0
        win = self.win
        if win is not None and points:
            left = need[turn] - points
            if left <= 0:
                # Points past the target count for nothing: pegging out now is worth as much
                # as any later way to the target, never less.
                return sign * (win + TIE_POINT * need[turn])
            need = (left, need[1]) if turn == 0 else (need[0], left)
        if new_count == 31:
            # 31 ends the count at once (its 2 are in ``points``; no go point on top).
            rest = self._after_count(new_hands, turn, need)
        else:
            rest = self.solve(new_hands, new_seq, new_count, 1 - turn, turn, need)
        if win is not None:
            return rest + sign * TIE_POINT * points
        return sign * points + rest

    def _end_count(
        self,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        count: int,
        last: int,
        need: tuple[int, int],
    ) -> float:
        """Neither can play: the last card pegs 1 (a count of 31 was settled when played)."""
        sign = 1.0 if last == 0 else -1.0
        win = self.win
        if win is not None:
            left = need[last] - 1
            if left <= 0:
                return sign * (win + TIE_POINT)
            need = (left, need[1]) if last == 0 else (need[0], left)
            return sign * TIE_POINT + self._after_count(hands, last, need)
        return sign + self._after_count(hands, last, need)

    def _after_count(
        self,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        last: int,
        need: tuple[int, int],
    ) -> float:
        """A new count, led by the player who did not play the last card if they can."""
        if not hands[0] and not hands[1]:
            if self.terminal is not None:
                return self.terminal(need[0], need[1])
            return 0.0
        leader = 1 - last if hands[1 - last] else last
        return self.solve(hands, (), 0, leader, -1, need)


@dataclass(frozen=True, slots=True)
class PlayValue:
    """A legal play and its value from the search: expected points pegged by the seat minus
    the opponent's for the rest of the play (or, near the end, the scaled chance of winning)."""

    action: Action
    value: float


def play_values(
    view: Observation,
    rng: random.Random,
    endgame: Callable[[Deal], tuple[float, Terminal]] | None = None,
    model: OpponentModel = DEFAULT_MODEL,
) -> list[PlayValue]:
    """Every legal play with its value, best first (ties: the lower card first).

    ``endgame``, when given, turns a deal into the win value and the end-of-play function of
    :class:`Solver` (the board's chance of winning), so the search plays for the game.
    """
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    state = situation(view)
    deals = opponent_deals(view, rng, endgame is not None, model)
    # One card per rank: suits never matter in the play, and which card of a rank is kept
    # for the show is settled already (the show counts the four cards kept, played or not).
    by_rank: dict[int, Action] = {}
    for action in sorted(plays, key=lambda a: a.cards[0]):
        by_rank.setdefault(action.cards[0] % 13, action)
    totals = dict.fromkeys(by_rank, 0.0)
    weight_sum = 0.0
    blend = (0.0, model.their_blend)
    shared = Solver(
        blend=blend, greed=model.play_weight, low=model.low_weight, lead_low=model.lead_low_weight
    )
    for deal in deals:
        if endgame is None:
            solver = shared
        else:
            win, terminal = endgame(deal)
            solver = Solver(
                win, terminal, blend, model.play_weight, model.low_weight, model.lead_low_weight
            )
        hands = (state.mine, deal.ranks)
        for rank in by_rank:
            totals[rank] += deal.weight * solver.play(
                hands, state.seq, state.count, 0, rank, state.need
            )
        weight_sum += deal.weight
    return _ranked(plays, {rank: total / weight_sum for rank, total in totals.items()})


def _ranked(plays: list[Action], by_rank: dict[int, float]) -> list[PlayValue]:
    """The plays with the value of their rank, best first (ties: the lower card first)."""
    values = [
        PlayValue(action, by_rank[action.cards[0] % 13])
        for action in sorted(plays, key=lambda a: (VALUES[a.cards[0]], a.cards[0]))
    ]
    # The same rank in two suits has the same value; the stable sort keeps the lower first.
    values.sort(key=lambda v: -v.value)
    return values
