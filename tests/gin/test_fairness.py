"""Computer players decide from their own seat's view only.

For many sampled states, everything the deciding seat cannot see (the opponent's unknown
cards and the stock order) is re-dealt consistently with its observation; the decision with
the same seed must not change.
"""

from __future__ import annotations

import random

import pytest

from cardtable.gin.hand import Hand
from cardtable.gin.players import make_player
from cardtable.gin.rules import Rules


def hidden_from(hand: Hand, seat: int) -> list[int]:
    """Cards the seat cannot see: the stock and the opponent's cards not known to it."""
    view = hand.observation(seat)
    return sorted(int(c) for c in view.unseen)


def redeal(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same public history on a deck whose hidden cards (for ``seat``) are shuffled.

    A hidden card never appeared in a public action, so permuting hidden cards among
    themselves keeps every past action legal and every card the seat saw in place.
    """
    hidden = hidden_from(hand, seat)
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    mapping = dict(zip(hidden, shuffled, strict=True))
    deck = [mapping.get(c, c) for c in hand.deck]
    other = Hand(hand.rules, hand.dealer, deck)
    for record in hand.history:
        other.apply(record.action, record.seat)
    return other


def sampled_states(count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    states: list[Hand] = []
    players = [make_player("simple"), make_player("random", seed)]
    while len(states) < count:
        hand = Hand.deal(Rules(), dealer=rng.randrange(2), seed=rng.randrange(10**9))
        stop = rng.randrange(1, 40)
        steps = 0
        while not hand.is_over and steps < stop:
            seat = hand.to_act
            hand.apply(players[seat].act(hand.observation(seat)), seat)
            steps += 1
        if not hand.is_over:
            states.append(hand)
    return states


@pytest.mark.parametrize(
    ("level", "count"),
    [
        ("random", 60),
        ("simple", 60),
        ("beginner", 60),
        ("intermediate", 30),
        ("expert", 24),
        ("neural", 60),
    ],
)
def test_decisions_do_not_depend_on_hidden_cards(level: str, count: int) -> None:
    rng = random.Random(level)
    changed_hidden = 0
    for index, hand in enumerate(sampled_states(count, seed=len(level))):
        seat = hand.to_act
        other = redeal(hand, seat, rng)
        if other.cards(1 - seat) != hand.cards(1 - seat) or other._stock != hand._stock:
            changed_hidden += 1
        view, other_view = hand.observation(seat), other.observation(seat)
        assert view == other_view
        first = make_player(level, seed=index).act(view)
        second = make_player(level, seed=index).act(other_view)
        assert first == second, (level, str(hand.cards(seat)))
        assert hand.is_legal(first)
    # The re-deal must really have moved hidden cards, or the test proves nothing.
    assert changed_hidden >= count * 0.9


def test_redeal_moves_hidden_cards_but_keeps_the_view() -> None:
    hand = sampled_states(1, seed=99)[0]
    seat = hand.to_act
    other = redeal(hand, seat, random.Random(1))
    assert hand.observation(seat).to_dict() == other.observation(seat).to_dict()
    assert (other.cards(1 - seat), other._stock) != (hand.cards(1 - seat), hand._stock)
    assert other.cards(seat) == hand.cards(seat)
