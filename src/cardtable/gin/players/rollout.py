"""Fast play-outs of one hand on raw masks, for determinized Monte Carlo search.

A play-out starts from a determinization (the opponent's hidden cards and the stock order
sampled consistently with one seat's observation) and plays both seats with the simple
baseline policy until the hand ends. It works on ints and lists only: it never builds
observations, so thousands fit in a decision's time budget.
"""

from __future__ import annotations

from typing import Protocol

from cardtable.cards import CardSet
from cardtable.gin.melds import best_arrangement, deadwood, defender_answer, knock_discards
from cardtable.gin.rules import Rules

__all__ = ["SeatPlan", "playout"]


class SeatPlan(Protocol):
    """How seat 0 draws and throws in a play-out instead of by the simple policy.

    ``unseen`` is what seat 0 has not seen (the opponent's hand and the stock together,
    never which is where); ``opponent_turns`` counts the opponent's turns in the play-out.
    """

    def takes(self, hand: int, top: int, unseen: int) -> bool:
        """Whether seat 0, holding ``hand``, takes the top discard ``top``."""
        ...

    def discard(self, hand: int, taken: int, unseen: int, opponent_turns: int) -> int:
        """The card seat 0 throws from eleven cards (never ``taken``)."""
        ...


_VALUE = tuple(min(c % 13 + 1, 10) for c in range(52))
_BY_VALUE = tuple(sorted(range(52), key=lambda c: -_VALUE[c]))


def _joins(hand: int, card: int) -> bool:
    """Whether ``card`` lowers the hand's deadwood by more than its own value (it melds)."""
    return deadwood(hand | 1 << card) < deadwood(hand) + _VALUE[card]


def _simple_discard(hand: int, exclude: int) -> int:
    """The highest card left out of some best arrangement (the simple baseline's throw)."""
    whole = deadwood(hand)
    fallback = -1
    for card in _BY_VALUE:
        if not hand >> card & 1 or card == exclude:
            continue
        if fallback < 0:
            fallback = card
        if deadwood(hand ^ 1 << card) == whole - _VALUE[card]:
            return card
    return fallback


def _score(rules: Rules, knocker: int, defender: int, multiplier: int) -> tuple[int, bool]:
    """Points of a knock or gin and whether the knocker scores them."""
    layout = best_arrangement(CardSet.from_mask(knocker))
    k = layout.deadwood
    if k == 0:
        return (deadwood(defender) + rules.gin_bonus) * multiplier, True
    d = defender_answer(CardSet.from_mask(defender), layout.melds).deadwood
    if d > k:
        return (d - k) * multiplier, True
    return (k - d + rules.undercut_bonus) * multiplier, False


def playout(
    rules: Rules,
    threshold: int,
    multiplier: int,
    hands: list[int],
    stock: list[int],
    top: int,
    to_move: int,
    drawn: bool,
    taken: int = -1,
    offer: bool = False,
    max_turns: int = 40,
    patience: int = -1,
    plan: SeatPlan | None = None,
    opponent_patience: int = -1,
) -> int:
    """Play the hand out; return the points for seat 0 (negative when seat 1 scores).

    ``hands`` are the two seats' masks, ``stock`` has its top card last, ``top`` is the
    top discard (-1 if none), ``to_move`` the seat to act and ``drawn`` whether it has
    already drawn (then it holds eleven cards; ``taken`` is a card it may not throw).
    With ``offer`` the first seat is only offered the upcard: if it passes, the other seat
    must draw from the stock (the end of the upcard ritual).
    With ``patience`` 0 or more, seat 0 knocks only with at most that much deadwood (gin
    always), as a player who waits on to undercut an early knocker would; -1: as simple.
    ``opponent_patience`` does the same for seat 1, as an opponent who plays for gin would.
    With a ``plan``, seat 0 draws and throws by it (it knocks as simple does).
    """
    hands = list(hands)
    stock = list(stock)
    seat = to_move
    in_stock = 0
    if plan is not None:
        for card in stock:
            in_stock |= 1 << card
    opponent_turns = 0
    for _ in range(max_turns):
        hand = hands[seat]
        planner = plan if seat == 0 else None
        if not drawn:
            if top < 0:
                take = False
            elif planner is not None:
                take = planner.takes(hand, top, hands[1] | in_stock)
            else:
                take = _joins(hand, top)
            if take:
                hand |= 1 << top
                taken = top
                top = -1
            elif offer:
                offer = False
                top = -1
                seat = 1 - seat
                continue
            else:
                card = stock.pop()
                in_stock &= ~(1 << card)
                hand |= 1 << card
                taken = -1
        drawn = False
        offer = False
        options = knock_discards(hand, threshold)
        options = [(c, left) for c, left in options if c != taken]
        limit = patience if seat == 0 else opponent_patience
        if limit >= 0 and len(stock) > 2:
            options = [(c, left) for c, left in options if left <= limit]
        if options:
            card, _ = min(options, key=lambda item: item[1])
            points, knocker_wins = _score(rules, hand ^ 1 << card, hands[1 - seat], multiplier)
            won = seat if knocker_wins else 1 - seat
            return points if won == 0 else -points
        if planner is not None:
            card = planner.discard(hand, taken, hands[1] | in_stock, opponent_turns)
        else:
            card = _simple_discard(hand, taken)
            opponent_turns += seat
        hands[seat] = hand ^ 1 << card
        top = card
        if len(stock) <= 2:
            return 0
        seat = 1 - seat
    return 0
