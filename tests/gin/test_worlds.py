"""sample_worlds: full hands that a seat cannot tell from the real one, drawn uniformly."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.hand import Hand, Observation
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.worlds import sample_deck, sample_world, sample_worlds
from tests.helpers import examples


def pick(actions: list[Action], rng: random.Random) -> Action:
    ends = [a for a in actions if a.kind.ends_hand]
    return rng.choice(ends) if ends and rng.random() < 0.5 else rng.choice(actions)


def check_world(world: Hand, seen: Observation) -> None:
    seat = seen.seat
    other = 1 - seat
    assert world.observation(seat, seen.scores) == seen
    world.check_invariants()
    held = world.cards(other).mask
    assert seen.opponent_known.mask & ~held == 0  # every known card is where it is known
    assert held.bit_count() == seen.opponent_card_count
    assert world.stock_count == seen.stock_count
    assert held & seen.hand.mask == 0


@examples(40)
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)), st.integers(0, 1))
def test_every_world_gives_the_seat_the_same_view(seed: int, preset: str, dealer: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(PRESETS[preset], dealer=dealer, seed=seed)
    while True:
        for seat in (0, 1):
            seen = hand.observation(seat)
            for world in sample_worlds(seen, 2, rng):
                check_world(world, seen)
        if hand.is_over:
            break
        hand.apply(pick(hand.legal_actions(), rng))


def test_a_world_with_scores_and_after_takes_keeps_them() -> None:
    rng = random.Random(11)
    takes = 0
    for seed in range(60):
        hand = Hand.deal(Rules(), dealer=seed % 2, seed=seed)
        while not hand.is_over:
            actions = hand.legal_actions()
            take = [a for a in actions if a.kind.value == "take"]
            hand.apply(take[0] if take and rng.random() < 0.6 else pick(actions, rng))
            seen = hand.observation(0, scores=(12, 40))
            if seen.opponent_known:
                takes += 1
                check_world(sample_worlds(seen, 1, rng)[0], seen)
    assert takes > 50


def frozen_mid_hand() -> Observation:
    """Seat 0's view some turns in, with a card the opponent took and still holds."""
    rng = random.Random(5)
    for seed in range(200):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        for _ in range(14):
            actions = [a for a in hand.legal_actions() if not a.kind.ends_hand]
            take = [a for a in actions if a.kind.value == "take"]
            hand.apply(take[0] if take and hand.to_act == 1 else rng.choice(actions))
            if hand.is_over:
                break
        seen = hand.observation(0)
        if not hand.is_over and seen.opponent_known and seen.to_act == 0:
            return seen
    raise AssertionError("no such position found")


def test_unseen_cards_reach_the_opponent_with_the_right_frequency() -> None:
    seen = frozen_mid_hand()
    unseen = list(seen.unseen)
    hidden = seen.opponent_card_count - len(seen.opponent_known)
    p = hidden / len(unseen)
    n = 3000
    counts = dict.fromkeys(unseen, 0)
    tops = dict.fromkeys(unseen, 0)
    rng = random.Random(0)
    for world in sample_worlds(seen, n, rng):
        held = world.cards(1)
        assert seen.opponent_known.mask & ~held.mask == 0
        for card in held:
            if card in counts:
                counts[card] += 1
        top = world.deck[21 + 31 - world.stock_count]  # the next card the stock deals
        tops[next(c for c in unseen if int(c) == top)] += 1
    # Each unseen card: binomial(n, p); allow five standard deviations.
    spread = 5 * math.sqrt(n * p * (1 - p))
    for card, count in counts.items():
        assert abs(count - n * p) < spread, (card, count, n * p)
    # Over all of them, a chi-square against the uniform split (loose: the 0.1% point for
    # up to 40 degrees of freedom is below 74).
    chi = sum((c - n * p) ** 2 / (n * p) for c in counts.values())
    assert chi < 80, chi
    q = (1 - p) / len(unseen)  # the top of the stock: uniform over the rest
    assert sum(tops.values()) == n
    for count in tops.values():
        assert abs(count - n * q) < 5 * math.sqrt(n * q * (1 - q)) + 1


def test_the_deck_deals_the_seats_own_cards() -> None:
    seen = frozen_mid_hand()
    deck = sample_deck(seen, random.Random(1))
    assert sorted(deck) == list(range(52))
    assert deck[20] == int(seen.upcard)


def test_bad_counts_are_refused() -> None:
    seen = Hand.deal(Rules(), dealer=0, seed=3).observation(1)
    assert sample_worlds(seen, 0) == []
    with pytest.raises(IllegalActionError):
        sample_worlds(seen, -1)
    broken = Observation(**{**{f: getattr(seen, f) for f in seen.__slots__}, "stock_count": 5})
    with pytest.raises(IllegalActionError, match="do not add up"):
        sample_worlds(broken, 1)


@examples(30)
@given(st.integers(0, 2**32), st.integers(0, 1))
def test_a_world_around_a_guessed_opponent_hand_gives_it_that_hand(seed: int, dealer: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(Rules(), dealer=dealer, seed=seed)
    for _ in range(rng.randrange(40)):
        if hand.is_over:
            break
        hand.apply(pick(hand.legal_actions(), rng))
    if hand.is_over:
        return
    seat = rng.randrange(2)
    seen = hand.observation(seat)
    known = seen.opponent_known.mask
    hidden = seen.opponent_card_count - known.bit_count()
    guess = known | sum(1 << c for c in rng.sample(sorted(seen.unseen), hidden))
    world = sample_world(seen, rng, guess)
    check_world(world, seen)
    assert world.cards(1 - seat).mask == guess


def test_a_guessed_opponent_hand_that_does_not_fit_is_refused() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=5)
    seen = hand.observation(0)
    mine = seen.hand.mask
    with pytest.raises(IllegalActionError, match="guess at the opponent's hand"):
        sample_world(seen, random.Random(1), mine)  # this seat's own cards
    short = sum(1 << c for c in sorted(seen.unseen)[:9])
    with pytest.raises(IllegalActionError, match="guess at the opponent's hand"):
        sample_world(seen, random.Random(1), short)  # nine cards, not ten
