"""What one seat may see: never the opponent's hidden cards, never the stock order."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import DISCARDS, DRAW_DISCARD, DRAW_STOCK, PASS, ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.rules import PRESETS, Rules
from tests.helpers import (
    DEALER,
    NON_DEALER,
    act,
    bits,
    card_index,
    cards_of,
    examples,
    make_hand,
    play_random,
)


def stock_cards(hand: Hand) -> int:
    """The cards in the stock, from the deck and the draws (not from the hand's internals)."""
    held = cards_of(hand, 0) | cards_of(hand, 1)
    pile = sum(1 << c for c in hand.discard_pile)
    knocked = 0
    if hand.result is not None and hand.result.knock_discard is not None:
        knocked = 1 << hand.result.knock_discard
    return ((1 << 52) - 1) & ~(held | pile | knocked)


def hidden_from(hand: Hand, seat: int) -> int:
    """Cards ``seat`` must not see: the stock, and (while the hand runs) the opponent's cards
    other than those the opponent took from the discard pile and still holds."""
    hidden = stock_cards(hand)
    if not hand.is_over:
        opponent = 1 - seat
        known = 0
        for record in hand.history:
            taken = record.action.kind is ActionKind.DRAW_DISCARD
            if record.seat == opponent and taken and record.drawn is not None:
                known |= 1 << record.drawn
        hidden |= cards_of(hand, opponent) & ~known
    return hidden


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([A2-9TJQK][SHDC])(?![0-9A-Za-z])")


def mentioned(text: str) -> int:
    """The mask of every card named in ``text`` as a standalone token like ``TH``."""
    mask = 0
    for token in set(CARD_TOKEN.findall(text)):
        mask |= 1 << card_index(token)
    return mask


def mentions(text: str, card: int) -> bool:
    return bool(mentioned(text) >> card & 1)


def check_observation(hand: Hand, seat: int) -> None:
    obs = hand.observation(seat)
    hidden = hidden_from(hand, seat)
    for text in (json.dumps(obs.to_dict()), repr(obs)):
        leaked = mentioned(text) & hidden
        assert not leaked, f"seat {seat} can see {[str(CARDS[c]) for c in bits(leaked)]}"
    assert obs.hand.mask == cards_of(hand, seat)
    assert obs.stock_count == hand.stock_count
    assert obs.opponent_card_count == len(hand.cards(1 - seat))
    assert obs.discard_pile == hand.discard_pile
    assert obs.phase is hand.phase
    assert obs.unseen.mask & cards_of(hand, seat) == 0
    if hand.is_over:
        assert obs.opponent_hand is not None
        assert obs.opponent_hand.mask == cards_of(hand, 1 - seat)
        assert obs.result == hand.result
        assert obs.legal_actions() == []
    else:
        assert obs.opponent_hand is None and obs.result is None
        assert obs.unseen.mask == hidden_from(hand, seat)
        if seat == hand.to_act:
            assert obs.my_turn
            assert obs.legal_actions() == hand.legal_actions()
        else:
            assert not obs.my_turn
            assert obs.legal_actions() == []


@examples(100)
@given(
    st.integers(0, 2**32),
    st.sampled_from([0, 1]),
    st.sampled_from(list(PRESETS.values())),
    st.integers(0, 2**32).map(random.Random),
)
def test_observations_hide_the_opponents_cards_and_the_stock(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    def visit(hand: Hand) -> None:
        check_observation(hand, 0)
        check_observation(hand, 1)

    hand = play_random(Hand.deal(rules, dealer, seed), rng, visit)
    assert hand.is_over


@examples(50)
@given(
    st.integers(0, 2**32),
    st.sampled_from([0, 1]),
    st.sampled_from(list(PRESETS.values())),
    st.integers(0, 2**32).map(random.Random),
)
def test_an_observation_read_as_masks_is_what_the_hand_tells_the_seat(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    """Observation.masks_seen() reads the opponent's discards and passed-up cards back
    from the public events; the hand keeps them as it goes (Hand.masks_seen_by)."""

    def visit(hand: Hand) -> None:
        for seat in (0, 1):
            assert hand.observation(seat).masks_seen() == hand.masks_seen_by(seat)

    hand = play_random(Hand.deal(rules, dealer, seed), rng, visit)
    assert hand.is_over


def test_every_phase_is_observed_and_checked() -> None:
    """A fixed line of play through each phase, so no phase relies on chance."""
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", "KS KH QD", upcard="3C", stock="9H 4D")
    seen = set()
    for text in ["pass", "pass", "draw", "discard 9H", "take", "discard QD", "draw"]:
        seen.add(hand.phase)
        check_observation(hand, 0)
        check_observation(hand, 1)
        act(hand, text)
    act(hand, "knock 2C")
    seen.add(hand.phase)
    check_observation(hand, 0)
    check_observation(hand, 1)
    assert seen == set(Phase)


def test_a_card_drawn_from_the_stock_is_seen_only_by_its_drawer() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD", stock="9H")
    act(hand, "pass")
    act(hand, "pass")
    act(hand, "draw")
    mine = hand.observation(NON_DEALER)
    theirs = hand.observation(DEALER)
    assert mine.events[-1].card == card_index("9H")
    assert theirs.events[-1].card is None
    assert not mentions(json.dumps(theirs.to_dict()), card_index("9H"))
    assert mentions(json.dumps(mine.to_dict()), card_index("9H"))
    # Once discarded it is public.
    act(hand, "discard 9H")
    assert mentions(json.dumps(hand.observation(DEALER).to_dict()), card_index("9H"))


def test_a_card_taken_from_the_pile_stays_known_until_discarded() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD", stock="9H")
    act(hand, "take")
    assert hand.observation(DEALER).opponent_known.mask == 1 << card_index("KD")
    act(hand, "discard 2C")
    act(hand, "draw")
    act(hand, "discard 9H")
    act(hand, "draw")
    hand.apply(DISCARDS[card_index("KD")])
    assert hand.observation(DEALER).opponent_known.mask == 0


def test_after_the_hand_both_hands_are_public_but_not_the_stock() -> None:
    hand = make_hand("7S 7H 7D 3H 4H 5H 6H AC 2S KD", "QS JS 9D", upcard="3C")
    act(hand, "take")
    act(hand, "knock KD")
    for seat in (0, 1):
        obs = hand.observation(seat)
        text = json.dumps(obs.to_dict())
        for card in bits(cards_of(hand, 1 - seat)):
            assert mentions(text, card)
        for card in bits(stock_cards(hand)):
            assert not mentions(text, card)
            assert not mentions(repr(obs), card)


def test_taken_card_is_told_only_to_the_player_who_took_it() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD")
    act(hand, "take")
    assert hand.observation(NON_DEALER).taken == card_index("KD")
    assert hand.observation(DEALER).taken is None
    assert DISCARDS[card_index("KD")] not in hand.observation(NON_DEALER).legal_actions()


def test_both_passed_is_visible_and_limits_the_draw() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD")
    act(hand, "pass")
    assert hand.observation(DEALER).legal_actions() == [DRAW_DISCARD, PASS]
    act(hand, "pass")
    obs = hand.observation(NON_DEALER)
    assert obs.stock_only
    assert obs.legal_actions() == [DRAW_STOCK]


def test_a_seat_is_0_or_1() -> None:
    hand = Hand.deal(Rules(), 0, seed=1)
    with pytest.raises(IllegalActionError):
        hand.observation(2)


def test_observation_is_a_frozen_value() -> None:
    obs = Hand.deal(Rules(), 0, seed=1).observation(0)
    assert isinstance(obs, Observation)
    with pytest.raises(AttributeError):
        obs.seat = 1  # type: ignore[misc]


def told_by_the_rules(hand: Hand, seat: int) -> list[tuple[int, str, str | None]]:
    """The events ``seat`` may be told, from the history and RULES.md alone: a card drawn
    from the stock is seen only by the one who drew it; every other card that moves is seen
    by both (the knock's card too, the hand being over at once)."""
    told: list[tuple[int, str, str | None]] = []
    for record in hand.history:
        kind = record.action.kind
        if kind is ActionKind.DRAW_STOCK:
            card = str(record.drawn) if record.seat == seat else None
        elif kind is ActionKind.DRAW_DISCARD:
            card = str(record.drawn)
        elif record.action.card is not None:
            card = str(record.action.card)
        else:
            card = None
        told.append((record.seat, kind.value, card))
    return told


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_each_seat_is_told_what_the_rules_let_it_see_after_every_action(preset: str) -> None:
    rng = random.Random(preset)
    checked = 0
    for number in range(8):
        hand = Hand.deal(Rules.preset(preset), dealer=number % 2, seed=f"told-{preset}-{number}")
        while True:
            # Ask at irregular moments: the hand brings each seat's events up to date from
            # any point, and a copy carries them on.
            if rng.random() < 0.5:
                for seat in (0, 1):
                    events = hand.observation(seat).events
                    assert [
                        (e.seat, e.kind.value, None if e.card is None else str(e.card))
                        for e in events
                    ] == told_by_the_rules(hand, seat)
                    checked += 1
                if rng.random() < 0.2:
                    hand = hand.copy()
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
    assert checked > 50


def test_a_knock_shows_its_card_to_both_seats() -> None:
    for seed in range(200):
        hand = Hand.deal(Rules(), dealer=0, seed=f"knock-told-{seed}")
        play_random(hand, random.Random(seed))
        if hand.result is not None and hand.result.knock_discard is not None:
            break
    else:
        pytest.fail("no knock in 200 random hands")
    for seat in (0, 1):
        last = hand.observation(seat).events[-1]
        assert last.card == hand.result.knock_discard
