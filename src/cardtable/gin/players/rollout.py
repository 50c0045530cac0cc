"""Fast play-outs of one hand on raw masks, for determinized Monte Carlo search.

A play-out starts from a determinization (the opponent's hidden cards and the stock order
sampled consistently with one seat's observation) and plays both seats with the simple
baseline policy until the hand ends. It works on ints and lists only: it never builds
observations, so thousands fit in a decision's time budget.
"""

from __future__ import annotations

from cardtable.cards import CardSet
from cardtable.gin.melds import best_arrangement, deadwood, defender_answer, knock_discards
from cardtable.gin.rules import Rules

__all__ = ["playout"]


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
) -> int:
    """Play the hand out; return the points for seat 0 (negative when seat 1 scores).

    ``hands`` are the two seats' masks, ``stock`` has its top card last, ``top`` is the
    top discard (-1 if none), ``to_move`` the seat to act and ``drawn`` whether it has
    already drawn (then it holds eleven cards; ``taken`` is a card it may not throw).
    With ``offer`` the first seat is only offered the upcard: if it passes, the other seat
    must draw from the stock (the end of the upcard ritual).
    """
    hands = list(hands)
    stock = list(stock)
    seat = to_move
    for _ in range(max_turns):
        hand = hands[seat]
        if not drawn:
            if top >= 0 and _joins(hand, top):
                hand |= 1 << top
                taken = top
                top = -1
            elif offer:
                offer = False
                top = -1
                seat = 1 - seat
                continue
            else:
                hand |= 1 << stock.pop()
                taken = -1
        drawn = False
        offer = False
        options = knock_discards(hand, threshold)
        options = [(c, left) for c, left in options if c != taken]
        if options:
            card, _ = min(options, key=lambda item: item[1])
            points, knocker_wins = _score(rules, hand ^ 1 << card, hands[1 - seat], multiplier)
            won = seat if knocker_wins else 1 - seat
            return points if won == 0 else -points
        card = _simple_discard(hand, taken)
        hands[seat] = hand ^ 1 << card
        top = card
        if len(stock) <= 2:
            return 0
        seat = 1 - seat
    return 0
