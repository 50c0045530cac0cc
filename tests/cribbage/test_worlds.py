"""sample_worlds for Cribbage: whole hands a seat cannot tell from the real one, drawn
uniformly among those that fit what the play showed."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import VALUES, shuffled_deck
from cardtable.cribbage import sample_worlds
from cardtable.cribbage.actions import GO
from cardtable.cribbage.hand import Hand, Observation, Phase
from cardtable.cribbage.match import Match
from cardtable.cribbage.rules import PRESETS, Rules
from cardtable.cribbage.worlds import sample_deck
from cardtable.errors import IllegalActionError
from tests.helpers import examples

PRESET_NAMES = sorted(PRESETS)


def check_world(world: Hand, seen: Observation) -> None:
    seat = seen.seat
    other = 1 - seat
    assert world.observation(seat) == seen
    world.check_invariants()
    assert set(world.dealt[seat]) == set(seen.dealt)
    assert len(world.cards[other]) == seen.opponent_cards
    assert not set(world.cards[other]) & {p.card for p in seen.plays}


@examples(40)
@given(
    st.integers(0, 2**32),
    st.sampled_from(PRESET_NAMES),
    st.integers(0, 1),
    st.booleans(),
)
def test_every_world_gives_the_seat_the_same_view(
    seed: int, preset: str, dealer: int, near_the_end: bool
) -> None:
    rules = PRESETS[preset]
    rng = random.Random(seed)
    # Near the target, hands stop in the middle of the play or the show.
    low = rules.target - 25
    pegs = (rng.randrange(low, rules.target), rng.randrange(low, rules.target))
    if not near_the_end:
        pegs = (0, 0)
    hand = Hand(rules, dealer, shuffled_deck(seed), pegs)
    while True:
        for seat in (0, 1):
            seen = hand.observation(seat)
            for world in sample_worlds(seen, 2, rng, rules=rules):
                check_world(world, seen)
            # Without the rules, the world plays under rules read from the observation.
            check_world(sample_worlds(seen, 1, rng)[0], seen)
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))


def test_hands_that_stop_at_the_target_mid_play_and_mid_show_are_sampled() -> None:
    rng = random.Random(2)
    stopped = Counter[str]()
    for seed in range(300):
        rules = PRESETS[PRESET_NAMES[seed % len(PRESET_NAMES)]]
        pegs = (rules.target - 1 - seed % 3, rules.target - 15 + seed % 10)
        hand = Hand(rules, seed % 2, shuffled_deck(f"stop{seed}"), pegs)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.winner is None:
            continue
        stopped["play" if len(hand.plays) < 8 else "show"] += 1
        for seat in (0, 1):
            seen = hand.observation(seat)
            check_world(sample_worlds(seen, 1, rng, rules=rules)[0], seen)
    assert stopped["play"] > 20 and stopped["show"] > 20, stopped


def chi_square(counts: Counter[int], cells: list[int], expected: float) -> float:
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_at_the_deal_the_unseen_cards_are_dealt_uniformly() -> None:
    hand = Hand(Rules(), 0, shuffled_deck("uniform"), (0, 0))
    seen = hand.observation(1)
    unseen = list(seen.unseen())
    assert len(unseen) == 46
    n = 3000
    held = Counter[int]()
    starters = Counter[int]()
    rng = random.Random(0)
    for world in sample_worlds(seen, n, rng):
        held.update(int(c) for c in world.dealt[0])
        starters[world.deck[12]] += 1
    p = 6 / 46
    spread = 5 * math.sqrt(n * p * (1 - p))
    assert all(abs(held[c] - n * p) < spread for c in unseen)
    # The 0.1% point of a chi-square with 45 degrees of freedom is about 80.
    assert chi_square(held, unseen, n * p) < 80
    assert set(starters) <= set(unseen)
    assert chi_square(starters, unseen, n / 46) < 80


def passed_over() -> tuple[Observation, int]:
    """Seat 0's view mid-play after the opponent was seen unable to play at a count of 21
    or more (so its hand holds no card of value 10 or less): the view and that room."""
    rng = random.Random(3)
    for seed in range(500):
        hand = Hand(Rules(), 1, shuffled_deck(f"passed{seed}"), (0, 0))
        while not hand.is_over:
            seen = hand.observation(0)
            if (
                seen.phase is Phase.PLAY
                and seen.opponent_cards >= 2
                and seen.said_go[1]
                and seen.to_act == 0
            ):
                return seen, 31 - seen.plays[-1].count
            hand.apply(rng.choice(hand.legal_actions()))
    raise AssertionError("no such position found")


def test_an_opponent_seen_unable_to_play_holds_no_card_that_fits() -> None:
    seen, room = passed_over()
    fits = [c for c in seen.unseen() if VALUES[c] > room]
    assert 0 < len(fits) < len(seen.unseen())
    n = 2000
    held = Counter[int]()
    for world in sample_worlds(seen, n, random.Random(1)):
        cards = world.cards[1]
        assert all(VALUES[c] > room for c in cards), (cards, room)
        held.update(int(c) for c in cards)
    # Among the cards that do not fit, every one equally likely.
    p = seen.opponent_cards / len(fits)
    spread = 5 * math.sqrt(n * p * (1 - p))
    assert all(abs(held[c] - n * p) < spread for c in fits), (held, n * p)
    assert chi_square(held, fits, n * p) < 80


def must_say_go() -> Observation:
    """Seat 0's view when it must say go: the opponent can play."""
    rng = random.Random(4)
    for seed in range(500):
        hand = Hand(Rules(), 1, shuffled_deck(f"go{seed}"), (0, 0))
        while not hand.is_over:
            seen = hand.observation(0)
            if seen.legal == (GO,) and 31 - seen.count < 5:
                return seen
            hand.apply(rng.choice(hand.legal_actions()))
    raise AssertionError("no such position found")


def test_an_opponent_the_seat_says_go_to_can_play() -> None:
    seen = must_say_go()
    room = 31 - seen.count
    for world in sample_worlds(seen, 300, random.Random(5)):
        assert any(VALUES[c] <= room for c in world.cards[1])


def test_a_match_observation_and_the_deck_alone() -> None:
    match = Match.new(Rules(), seed="worlds-match", first_dealer=0)
    match.apply(match.legal_actions()[3])
    seen = match.observation(0)
    (world,) = sample_worlds(seen, 1, random.Random(6))
    assert world.observation(0) == seen.hand
    deck = sample_deck(seen.hand, random.Random(6))
    assert sorted(deck) == list(range(52))
    assert set(deck[1:12:2]) == set(seen.hand.dealt)  # seat 0 deals: its cards come second


def test_bad_requests_are_refused() -> None:
    hand = Hand(Rules(), 0, shuffled_deck("bad"), (0, 0))
    seen = hand.observation(1)
    assert sample_worlds(seen, 0) == []
    with pytest.raises(IllegalActionError, match="at least 0"):
        sample_worlds(seen, -1)
    with pytest.raises(IllegalActionError, match="target"):
        sample_worlds(seen, 1, rules=PRESETS["short"])
    broken = dataclasses.replace(seen, opponent_cards=5)
    with pytest.raises(IllegalActionError, match="do not add up"):
        sample_worlds(broken, 1)
