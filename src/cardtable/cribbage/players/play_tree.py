"""The rest of the play searched over what the seat knows, not over each deal apart.

:class:`~cardtable.cribbage.players.pegging.Solver` searches every drawn deal of the
opponent's hand on its own, so in each it lets the seat's later cards be chosen as if the
opponent's hand were known (the flaw of perfect-information Monte Carlo called strategy
fusion): a play that only works against some hands looks good against all of them. Here the
weighted deals are searched together, as the seat sees them:

- at the seat's turn one card is chosen for all the deals still possible (the one with the
  best total over them);
- at the opponent's turn each deal's reply is drawn from the opponent model (it takes points,
  ``play_weight``, and else prefers its low cards, ``low_weight``), and the deals are split by
  the card it plays: a deal in which it plays a 7 carries on only where a 7 is played, with
  its weight times the chance of that reply; a deal in which it cannot play says go;
- replies less likely than :data:`PRUNE` of the whole are dropped (they change little and
  cost most of the time).

Values are points pegged by the seat minus the opponent's, go and last card included, as in
the solver, for the end of the play alone (near the end of a game the solver, which counts
the shows too, is used instead).

Against the simple player it measured no better than the deal-by-deal search (-0.02 +- 0.08
points a hand over 400 paired deals of ``bench/cribbage_paired_hands.py``, with an earlier
form of the low-card preference), so the expert leaves it off (``OpponentModel.belief``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.cribbage.players.opponent import RANK_VALUES, peg_points, play_chances

__all__ = ["PRUNE", "BeliefSearch"]

# A reply that keeps less than this share of the weight at the root is not searched further.
PRUNE: Final = 0.002

Deals = list[tuple[tuple[int, ...], float]]
"""The opponent's possible hands (ranks, sorted) with their weights, all equally long."""


def _without(hand: tuple[int, ...], rank: int) -> tuple[int, ...]:
    index = hand.index(rank)
    return hand[:index] + hand[index + 1 :]


class BeliefSearch:
    """The play from the seat's side (side 0) over a weighted set of the opponent's hands.

    Every method returns a weighted total over the deals it is given (the value of each deal
    times its weight), so that totals of different replies add up.
    """

    def __init__(
        self, greed: float, low: float, lead_low: float = 0.0, prune: float = PRUNE
    ) -> None:
        self.greed = greed
        self.low = low
        self.lead_low = lead_low
        self.prune = prune
        self.floor = 0.0  # set per search: the weight below which a reply is dropped

    def values(
        self,
        mine: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        deals: Deals,
        ranks: Sequence[int],
    ) -> dict[int, float]:
        """Each of the seat's ``ranks`` played now (its turn): its expected value."""
        total = sum(w for _, w in deals)
        self.floor = self.prune * total
        return {r: self.play(0, r, mine, seq, count, deals) / total for r in ranks}

    def turn(
        self,
        side: int,
        mine: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        last: int,
        deals: Deals,
    ) -> float:
        room = 31 - count
        if side == 0:
            moves = sorted({r for r in mine if RANK_VALUES[r] <= room})
            if moves:
                return max(self.play(0, r, mine, seq, count, deals) for r in moves)
            can = [d for d in deals if any(RANK_VALUES[r] <= room for r in d[0])]
            cannot = [d for d in deals if not any(RANK_VALUES[r] <= room for r in d[0])]
            total = self.turn(1, mine, seq, count, last, can) if can else 0.0
            if cannot:
                total += self.end_count(mine, last, cannot)
            return total
        mine_can = any(RANK_VALUES[r] <= room for r in mine)
        replies: dict[int, Deals] = {}
        stuck: Deals = []
        for hand, weight in deals:
            moves = sorted({r for r in hand if RANK_VALUES[r] <= room})
            if not moves:
                stuck.append((hand, weight))
                continue
            low = self.low if seq else self.lead_low
            points = [peg_points((*seq, r), count + RANK_VALUES[r]) for r in moves]
            chances = play_chances(points, moves, self.greed, low)
            for r, c in zip(moves, chances, strict=True):
                share = weight * c
                if share >= self.floor:
                    replies.setdefault(r, []).append((_without(hand, r), share))
        total = sum(self.play(1, r, mine, seq, count, d) for r, d in replies.items())
        if stuck:
            # The opponent says go: the seat plays on alone, or the count ends.
            if mine_can:
                total += self.turn(0, mine, seq, count, last, stuck)
            else:
                total += self.end_count(mine, last, stuck)
        return total

    def play(
        self,
        side: int,
        rank: int,
        mine: tuple[int, ...],
        seq: tuple[int, ...],
        count: int,
        deals: Deals,
    ) -> float:
        """``side`` plays ``rank`` (the opponent's hands in ``deals`` already lack it)."""
        if side == 0:
            mine = _without(mine, rank)
        new_seq = (*seq, rank)
        new_count = count + RANK_VALUES[rank]
        points = peg_points(new_seq, new_count)
        weight = sum(w for _, w in deals)
        sign = 1.0 if side == 0 else -1.0
        if new_count == 31:
            rest = self.after_count(mine, side, deals)
        else:
            rest = self.turn(1 - side, mine, new_seq, new_count, side, deals)
        return sign * points * weight + rest

    def end_count(self, mine: tuple[int, ...], last: int, deals: Deals) -> float:
        """Neither can play: the last card pegs 1, and a new count starts."""
        weight = sum(w for _, w in deals)
        sign = 1.0 if last == 0 else -1.0
        return sign * weight + self.after_count(mine, last, deals)

    def after_count(self, mine: tuple[int, ...], last: int, deals: Deals) -> float:
        """A new count, led by the player who did not play the last card if they can."""
        theirs = len(deals[0][0])  # the opponent holds as many cards in every deal
        if not mine and not theirs:
            return 0.0
        # The player who did not play the last card leads, if it has a card left.
        leader = (1 if theirs else 0) if last == 0 else (0 if mine else 1)
        return self.turn(leader, mine, (), 0, -1, deals)
