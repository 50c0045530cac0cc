"""One hand as a state machine: the deal, the upcard ritual, turns, knocks, gin, dead hands.

Each test of RULES.md sections 1 to 3 steers a hand to its situation with an explicit deck
(see ``helpers.build_deck``): seat 0 deals, so seat 1 is the non-dealer and acts first.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CARDS, CardSet, shuffled_deck
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import (
    BIG_GIN,
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    GINS,
    KNOCKS,
    PASS,
    Action,
    ActionKind,
)
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.melds import best_arrangement, parse_meld
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.showdown import Outcome
from tests.helpers import (
    DEALER,
    NON_DEALER,
    act,
    bits,
    brute_deadwood,
    brute_defender_deadwood,
    card_index,
    cards_of,
    examples,
    expected_legal,
    expected_score,
    make_hand,
    mask_of,
    mask_value,
    pips,
    play_random,
    taken_card,
)


def card(text: str) -> int:
    return card_index(text)


def refused(hand: Hand, action: Action | str, match: str | None = None) -> None:
    """Assert that ``action`` is refused and changes nothing."""
    if isinstance(action, str):
        action = Action.parse(action)
    before = hand.copy()
    assert not hand.is_legal(action)
    with pytest.raises(IllegalActionError, match=match):
        hand.apply(action)
    assert hand == before
    hand.check_invariants()


def kinds(actions: list[Action]) -> set[ActionKind]:
    return {a.kind for a in actions}


# -- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", ["a", "b", 7])
def test_deal_ten_each_upcard_31_stock(dealer: int, seed: str | int) -> None:
    deck = shuffled_deck(seed)
    hand = Hand.deal(Rules(), dealer=dealer, seed=seed)
    assert hand.deck == deck
    non_dealer = 1 - dealer
    # One card at a time, the non-dealer first.
    assert set(bits(cards_of(hand, non_dealer))) == set(deck[0:20:2])
    assert set(bits(cards_of(hand, dealer))) == set(deck[1:20:2])
    assert hand.upcard == deck[20]
    assert hand.discard_pile == (deck[20],)
    assert hand.stock_count == 31
    assert (hand.phase, hand.to_act, hand.non_dealer) == (Phase.OFFER, non_dealer, non_dealer)
    hand.check_invariants()
    # The stock is dealt from deck[21] down.
    act(hand, "pass")
    act(hand, "pass")
    assert hand.apply(DRAW_STOCK).drawn == deck[21]
    hand.apply(DISCARDS[deck[21]])
    assert hand.apply(DRAW_STOCK).drawn == deck[22]
    assert hand.stock_count == 29


def test_same_seed_deals_the_same_hand_and_other_seeds_differ() -> None:
    assert Hand.deal(Rules(), 0, seed=3) == Hand.deal(Rules(), 0, seed=3)
    assert Hand.deal(Rules(), 0, seed=3) != Hand.deal(Rules(), 0, seed=4)
    assert Hand.deal(Rules(), 0, seed=3) != Hand.deal(Rules(), 1, seed=3)
    assert Hand.deal(Rules(), 0).deck != Hand.deal(Rules(), 0).deck  # fresh random seeds


def test_explicit_deck_is_dealt_as_documented() -> None:
    hand = make_hand("AS 2S 3S", "KC QC", "7D", "9H 8H")
    assert {"AS", "2S", "3S"} <= {str(c) for c in hand.cards(NON_DEALER)}
    assert {"KC", "QC"} <= {str(c) for c in hand.cards(DEALER)}
    assert str(hand.upcard) == "7D"
    act(hand, "pass")
    act(hand, "pass")
    assert str(hand.apply(DRAW_STOCK).drawn) == "9H"


@pytest.mark.parametrize("deck", [list(range(51)), [0, *range(51)], list(range(1, 53))])
def test_a_deck_must_hold_each_card_once(deck: list[int]) -> None:
    with pytest.raises(IllegalActionError, match="52 cards"):
        Hand(Rules(), 0, deck)


def test_the_dealer_is_seat_0_or_1() -> None:
    with pytest.raises(IllegalActionError, match="dealer"):
        Hand(Rules(), 2, list(range(52)))


# -- the opening upcard ritual -------------------------------------------------------------------


def test_ritual_non_dealer_takes_then_discards_a_different_card_then_dealer_turn() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD")
    assert hand.to_act == NON_DEALER
    assert hand.legal_actions() == [DRAW_DISCARD, PASS]
    refused(hand, "draw", "upcard is on offer")
    refused(hand, "discard 2C", "upcard is on offer")
    record = hand.apply(DRAW_DISCARD)
    assert (record.seat, record.drawn) == (NON_DEALER, card("KD"))
    assert (hand.phase, hand.to_act, hand.discard_pile) == (Phase.DISCARD, NON_DEALER, ())
    assert DISCARDS[card("KD")] not in hand.legal_actions()
    refused(hand, "discard KD", "just took")
    act(hand, "discard 2C")
    assert (hand.phase, hand.to_act) == (Phase.DRAW, DEALER)
    assert hand.legal_actions() == [DRAW_STOCK, DRAW_DISCARD]


def test_dealer_is_never_offered_the_upcard_when_the_non_dealer_took_it() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD")
    act(hand, "take")
    act(hand, "discard 2C")
    assert hand.to_act == DEALER
    assert PASS not in hand.legal_actions()
    refused(hand, "pass", "draw first")
    # What the dealer may take is the non-dealer's discard, not the upcard.
    assert hand.apply(DRAW_DISCARD).drawn == card("2C")
    assert card("KD") in hand.cards(NON_DEALER)


def test_ritual_non_dealer_passes_dealer_takes_then_non_dealer_turn() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", "KS KH QD", upcard="KD")
    act(hand, "pass")
    assert (hand.phase, hand.to_act) == (Phase.OFFER, DEALER)
    assert hand.legal_actions() == [DRAW_DISCARD, PASS]
    record = hand.apply(DRAW_DISCARD)
    assert (record.seat, record.drawn) == (DEALER, card("KD"))
    refused(hand, "discard KD", "just took")
    act(hand, "discard QD")
    assert (hand.phase, hand.to_act) == (Phase.DRAW, NON_DEALER)
    assert hand.legal_actions() == [DRAW_STOCK, DRAW_DISCARD]
    assert hand.apply(DRAW_DISCARD).drawn == card("QD")


def test_ritual_both_pass_then_non_dealer_must_draw_from_the_stock() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD", stock="9H")
    act(hand, "pass")
    act(hand, "pass")
    assert (hand.phase, hand.to_act) == (Phase.DRAW, NON_DEALER)
    assert hand.legal_actions() == [DRAW_STOCK]
    refused(hand, "take", "draws from the stock")
    refused(hand, "pass")
    assert hand.apply(DRAW_STOCK).drawn == card("9H")
    act(hand, "discard 9H")
    # Play goes on normally: the dealer may take the non-dealer's discard.
    assert hand.legal_actions() == [DRAW_STOCK, DRAW_DISCARD]


# -- a turn --------------------------------------------------------------------------------------


def test_draw_only_the_top_of_the_discard_pile() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD", stock="9H 4D")
    act(hand, "pass")
    act(hand, "pass")
    act(hand, "draw")
    act(hand, "discard 9H")
    act(hand, "draw")
    act(hand, "discard 4D")
    assert list(hand.discard_pile) == [card("KD"), card("9H"), card("4D")]
    assert hand.apply(DRAW_DISCARD).drawn == card("4D")
    assert list(hand.discard_pile) == [card("KD"), card("9H")]
    assert card("9H") not in hand.cards(NON_DEALER)


def test_may_not_discard_the_card_just_taken_in_a_normal_turn() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD", stock="9H QH")
    act(hand, "pass")
    act(hand, "pass")
    act(hand, "draw")
    act(hand, "discard 9H")
    act(hand, "take")  # the dealer takes 9H
    refused(hand, "discard 9H", "just took")
    dealer_cards = [c for c in bits(cards_of(hand, DEALER)) if c != card("9H")]
    hand.apply(DISCARDS[dealer_cards[0]])
    # On a later turn the taken card may go.
    act(hand, "draw")
    act(hand, "discard QH")
    act(hand, "draw")
    assert DISCARDS[card("9H")] in hand.legal_actions()


def test_may_not_knock_with_the_card_just_taken() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="3C")
    act(hand, "take")
    assert KNOCKS[card("3C")] not in hand.legal_actions()
    refused(hand, "knock 3C", "just took")
    assert KNOCKS[card("2C")] in hand.legal_actions()


def test_may_not_go_gin_with_the_card_just_taken() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S 5H 6H 7H", upcard="5S")
    act(hand, "take")
    assert GINS[card("5S")] not in hand.legal_actions()
    refused(hand, "gin 5S", "just took")
    assert GINS[card("AS")] in hand.legal_actions()
    act(hand, "gin AS")
    assert hand.result is not None and hand.result.outcome is Outcome.GIN


def test_cards_not_held_cannot_be_discarded() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD")
    act(hand, "take")
    refused(hand, "discard KS", "not in your hand")
    refused(hand, "knock KS", "not in your hand")


def test_wrong_seat_is_refused() -> None:
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="KD")
    before = hand.copy()
    with pytest.raises(IllegalActionError, match="turn"):
        hand.apply(DRAW_DISCARD, seat=DEALER)
    assert hand == before
    hand.apply(DRAW_DISCARD, seat=NON_DEALER)


# -- knocking ------------------------------------------------------------------------------------


def test_example_002_take_3h_throw_qd_leaves_21() -> None:
    hand = make_hand("7S 7H 7D 4H 5H 6H KS 2S 9C QD", upcard="3H")
    assert brute_deadwood(cards_of(hand, NON_DEALER)) == 31
    act(hand, "take")
    act(hand, "discard QD")
    assert brute_deadwood(cards_of(hand, NON_DEALER)) == pips("KS 2S 9C") == 21


def test_example_002_throw_kd_leaves_6_and_may_knock_on_the_first_turn() -> None:
    hand = make_hand("7S 7H 7D 3H 4H 5H 6H AC 2S KD", upcard="3C")
    act(hand, "take")
    assert KNOCKS[card("KD")] in hand.legal_actions()
    act(hand, "knock KD")
    assert hand.result is not None
    assert hand.result.knocker == NON_DEALER
    assert hand.result.knocker_deadwood == pips("AC 2S 3C") == 6
    assert hand.result.knock_discard == card("KD")


def test_dealer_may_knock_on_the_first_turn() -> None:
    hand = make_hand("", "7S 7H 7D 3H 4H 5H 6H AC 2S KD", upcard="3C")
    act(hand, "pass")
    act(hand, "take")
    act(hand, "knock KD")
    assert hand.result is not None and hand.result.knocker == DEALER


def test_knocking_is_never_compulsory() -> None:
    hand = make_hand("7S 7H 7D 3H 4H 5H 6H AC 2S KD", upcard="3C")
    act(hand, "take")
    legal = hand.legal_actions()
    assert KNOCKS[card("KD")] in legal and DISCARDS[card("KD")] in legal
    act(hand, "discard KD")
    assert (hand.phase, hand.to_act, hand.result) == (Phase.DRAW, DEALER, None)


def test_going_gin_is_never_compulsory() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S 5H 6H 7H", upcard="KH")
    act(hand, "take")
    act(hand, "discard AS")
    assert (hand.phase, hand.result) == (Phase.DRAW, None)


def test_knock_with_exactly_10_is_legal() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S AH 2D KH", upcard="7C")
    act(hand, "take")
    assert brute_deadwood(cards_of(hand, NON_DEALER) & ~mask_of("KH")) == pips("AH 2D 7C") == 10
    assert KNOCKS[card("KH")] in hand.legal_actions()
    act(hand, "knock KH")
    assert hand.result is not None and hand.result.knocker_deadwood == 10


def test_knock_with_11_is_refused() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S AH 3D KH", upcard="7C")
    act(hand, "take")
    assert brute_deadwood(cards_of(hand, NON_DEALER) & ~mask_of("KH")) == pips("AH 3D 7C") == 11
    assert ActionKind.KNOCK not in kinds(hand.legal_actions())
    refused(hand, "knock KH", "threshold is 10")


def test_zero_deadwood_knock_is_gin() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S 5H 6H KH", upcard="7H")
    act(hand, "take")
    legal = hand.legal_actions()
    assert GINS[card("KH")] in legal and KNOCKS[card("KH")] not in legal
    refused(hand, "knock KH", "that is gin")
    act(hand, "gin KH")
    result = hand.result
    assert result is not None
    assert (result.outcome, result.knocker_deadwood) == (Outcome.GIN, 0)


def test_gin_refused_when_deadwood_remains() -> None:
    hand = make_hand("7S 7H 7D 3H 4H 5H 6H AC 2S KD", upcard="3C")
    act(hand, "take")
    refused(hand, "gin KD", "gin needs every card melded")


def test_straight_gin_threshold_0_never_allows_a_knock() -> None:
    straight = Rules.preset("straight")
    hand = make_hand("AS 2S 3S 8D 8C 8S 5H 6H 7H 2C", upcard="3C", rules=straight)
    assert hand.threshold == 0
    act(hand, "take")
    assert ActionKind.KNOCK not in kinds(hand.legal_actions())
    refused(hand, "knock 2C", "threshold is 0")
    gin = make_hand("AS 2S 3S 4S 8D 8C 8S 5H 6H KH", upcard="7H", rules=straight)
    act(gin, "take")
    assert ActionKind.KNOCK not in kinds(gin.legal_actions())
    act(gin, "gin KH")
    assert gin.result is not None and gin.result.outcome is Outcome.GIN


def test_knock_with_a_chosen_layout() -> None:
    hand = make_hand(
        "4H 5H 6H 7H 9C 9D 9S AD 2D 3C", "3H KS QS JD 2S 8C 6D TC 5C 7S", "QD", stock="KD"
    )
    act(hand, "pass")
    act(hand, "pass")
    act(hand, "draw")
    refused(hand, "knock KD [9C 9D 9S]", "threshold")
    overlapping = (parse_meld("5H 6H 7H"), parse_meld("4H 5H 6H"))
    refused(hand, Action(ActionKind.KNOCK, CARDS[card("KD")], overlapping), "at most one meld")
    with pytest.raises(IllegalActionError, match="overlap"):
        Action.parse("knock KD [5H 6H 7H] [4H 5H 6H]")
    refused(hand, "knock KD [5H 6H 7H] [9C 9D 9H]", "not in the hand")
    record = hand.apply(Action.parse("knock KD [5H 6H 7H] [9C 9D 9S]"))
    assert record.action.melds == (parse_meld("5H 6H 7H"), parse_meld("9C 9D 9S"))
    result = hand.result
    assert result is not None
    assert result.knocker_deadwood == pips("4H AD 2D 3C")
    assert result.defender is not None and result.defender.layoffs == ()


def test_knock_without_a_layout_records_the_best_one() -> None:
    hand = make_hand("7S 7H 7D 3H 4H 5H 6H AC 2S KD", upcard="3C")
    act(hand, "take")
    record = hand.apply(KNOCKS[card("KD")])
    assert record.action.melds is not None
    assert {m.mask for m in record.action.melds} == {mask_of("7S 7H 7D"), mask_of("3H 4H 5H 6H")}


# -- big gin ---------------------------------------------------------------------------------------

BIG_GIN_HAND = "AS 2S 3S 4S 5S 9H 9D 9C KH KD"  # with the upcard KC: all eleven melded
BIG_GIN_DEFENDER = "6S 7S 2H 3C 4D QH JC 8D TH 6C"


def test_big_gin_only_when_the_setting_is_on() -> None:
    hand = make_hand(BIG_GIN_HAND, BIG_GIN_DEFENDER, "KC")
    act(hand, "take")
    assert BIG_GIN not in hand.legal_actions()
    refused(hand, "big gin", "off")
    assert GINS[card("5S")] in hand.legal_actions()


def test_big_gin_scores_d_plus_31_with_no_layoffs() -> None:
    hand = make_hand(BIG_GIN_HAND, BIG_GIN_DEFENDER, "KC", rules=Rules.preset("digital"))
    act(hand, "take")
    assert BIG_GIN in hand.legal_actions()
    act(hand, "big gin")
    result = hand.result
    assert result is not None
    assert result.outcome is Outcome.BIG_GIN
    assert (result.winner, result.points) == (NON_DEALER, pips(BIG_GIN_DEFENDER) + 31)
    assert result.defender is not None and result.defender.layoffs == ()
    hand.check_invariants()


def test_big_gin_refused_without_eleven_melded_cards() -> None:
    hand = make_hand("7S 7H 7D 3H 4H 5H 6H AC 2S KD", upcard="3C", rules=Rules.preset("digital"))
    act(hand, "take")
    refused(hand, "big gin", "eleven")


# -- the end of the stock: dead hands ------------------------------------------------------------


def stock_to_two(hand: Hand) -> None:
    """Pass the upcard twice, then draw and throw the drawn card until 3 stock cards remain
    and the non-dealer has drawn the third-to-last (29 draws in all)."""
    act(hand, "pass")
    act(hand, "pass")
    for _ in range(28):
        drawn = hand.apply(DRAW_STOCK).drawn
        assert drawn is not None
        hand.apply(DISCARDS[drawn])
        assert hand.phase is Phase.DRAW, "the hand ended before the stock was down to 2"
    assert hand.stock_count == 3
    hand.apply(DRAW_STOCK)
    assert (hand.stock_count, hand.to_act) == (2, NON_DEALER)


LOW_HAND = "AS 2S 3S 4H 5H 6H 8D 8C 8S 2C"  # deadwood 2: may knock every turn


def test_knocking_on_the_draw_that_leaves_two_stock_cards_is_allowed() -> None:
    hand = make_hand(LOW_HAND, upcard="KD")
    stock_to_two(hand)
    drawn = hand.history[-1].drawn
    assert drawn is not None
    assert KNOCKS[drawn] in hand.legal_actions()
    hand.apply(KNOCKS[drawn])
    assert hand.result is not None
    assert hand.result.outcome in (Outcome.KNOCK, Outcome.UNDERCUT)
    assert hand.result.knocker_deadwood == 2


def test_an_ordinary_discard_with_two_stock_cards_left_makes_a_dead_hand() -> None:
    hand = make_hand(LOW_HAND, upcard="KD")
    stock_to_two(hand)
    drawn = hand.history[-1].drawn
    assert drawn is not None
    hand.apply(DISCARDS[drawn])
    result = hand.result
    assert result is not None
    assert hand.is_over and hand.phase is Phase.OVER
    assert result.outcome is Outcome.DEAD and result.is_dead
    assert (result.winner, result.points, result.points_for(0), result.points_for(1)) == (
        None,
        0,
        0,
        0,
    )
    assert hand.legal_actions() == []
    assert hand.stock_count == 2
    refused(hand, "draw", "over")
    hand.check_invariants()


# -- the oklahoma variant -------------------------------------------------------------------------

OKLAHOMA = Rules.preset("oklahoma")


@pytest.mark.parametrize(("stock_top", "legal"), [("7S", True), ("8S", False)])
def test_oklahoma_threshold_is_the_upcard_value(stock_top: str, legal: bool) -> None:
    nd = "AH 2H 3H 9D 9C 9S 4C 5C 6C KD"
    hand = make_hand(nd, upcard="7D", stock=stock_top, rules=OKLAHOMA)
    assert (hand.threshold, hand.multiplier) == (7, 1)
    act(hand, "pass")
    act(hand, "pass")
    act(hand, "draw")
    assert (KNOCKS[card("KD")] in hand.legal_actions()) == legal
    assert hand.is_legal(KNOCKS[card("KD")]) == legal
    standard = make_hand(nd, upcard="7D", stock=stock_top)
    act(standard, "pass")
    act(standard, "pass")
    act(standard, "draw")
    assert KNOCKS[card("KD")] in standard.legal_actions()


def test_oklahoma_ace_upcard_means_gin_only() -> None:
    nd = "2D 3D 4D 7H 7C 7S 9C TC JC KH"
    hand = make_hand(nd, upcard="AD", rules=OKLAHOMA)
    assert hand.threshold == 0
    act(hand, "take")
    legal = hand.legal_actions()
    assert ActionKind.KNOCK not in kinds(legal)
    assert GINS[card("KH")] in legal
    refused(hand, "knock 4D", "threshold is 0")
    standard = make_hand(nd, upcard="AD")
    act(standard, "take")
    assert KNOCKS[card("4D")] in standard.legal_actions()


@pytest.mark.parametrize(("upcard", "multiplier"), [("9S", 2), ("9H", 1)])
def test_oklahoma_spade_upcard_doubles_the_points(upcard: str, multiplier: int) -> None:
    knocker = "AH 2H 3H 7D 7C 7H 4C 5C 6C KD"
    defender = "KS KH KC QS QH QC 2D 3S 5D 9D"
    hand = make_hand(knocker, defender, upcard=upcard, rules=OKLAHOMA)
    assert (hand.threshold, hand.multiplier) == (9, multiplier)
    act(hand, "take")
    act(hand, "knock KD")
    result = hand.result
    assert result is not None
    assert (result.knocker_deadwood, result.defender_deadwood) == (9, pips("2D 3S 5D 9D"))
    assert result.points == (pips("2D 3S 5D 9D") - 9) * multiplier
    assert result.multiplier == multiplier


# -- copies and equality --------------------------------------------------------------------------


def test_copy_is_independent_and_equal() -> None:
    hand = Hand.deal(Rules(), 0, seed="copy")
    twin = hand.copy()
    assert twin == hand
    twin.apply(twin.legal_actions()[0])
    assert twin != hand
    assert hand == Hand.deal(Rules(), 0, seed="copy")
    assert hand.history == []


def test_finished_hand_refuses_everything() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S 5H 6H KH", upcard="7H")
    act(hand, "take")
    act(hand, "gin KH")
    for action in (PASS, DRAW_STOCK, DRAW_DISCARD, DISCARDS[0], BIG_GIN):
        refused(hand, action, "over")
    assert hand.legal_actions() == []


# -- properties over random play -------------------------------------------------------------------

RULES = [*PRESETS.values(), Rules(knock_threshold=5), Rules(big_gin_bonus=31, knock_threshold=0)]
seeds = st.integers(min_value=0, max_value=2**32)
dealers = st.sampled_from([0, 1])
rule_sets = st.sampled_from(RULES)
rngs = st.integers(min_value=0, max_value=2**32).map(random.Random)


def every_state(hand: Hand, rng: random.Random) -> list[Hand]:
    states: list[Hand] = []
    play_random(hand, rng, lambda h: states.append(h.copy()))
    return states


@examples(200)
@given(seeds, dealers, rule_sets, rngs)
def test_the_52_cards_are_always_accounted_for(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    hand = Hand.deal(rules, dealer, seed)
    play_random(hand, rng, lambda h: h.check_invariants())
    assert hand.is_over


@examples(200)
@given(seeds, dealers, rule_sets, rngs)
def test_legal_actions_are_exactly_those_the_rules_allow(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    def check(hand: Hand) -> None:
        legal = hand.legal_actions()
        assert len(legal) == len(set(legal)), "an action is listed twice"
        assert set(legal) == expected_legal(hand)

    play_random(Hand.deal(rules, dealer, seed), rng, check)


@examples(150)
@given(seeds, dealers, rule_sets, rngs)
def test_every_legal_action_keeps_the_state_valid(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    for state in every_state(Hand.deal(rules, dealer, seed), rng):
        before = state.copy()
        for action in state.legal_actions():
            assert state.is_legal(action)
            child = state.copy()
            record = child.apply(action)
            child.check_invariants()
            assert record.seat == state.to_act
            assert child.history[-1] == record
            assert child != state
        assert state == before, "applying to a copy changed the original"


ALL_SIMPLE_ACTIONS = [PASS, DRAW_STOCK, DRAW_DISCARD, BIG_GIN, *DISCARDS, *KNOCKS, *GINS]


@examples(150)
@given(seeds, dealers, rule_sets, rngs)
def test_refused_actions_raise_and_change_nothing(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    for state in every_state(Hand.deal(rules, dealer, seed), rng):
        legal = set(state.legal_actions())
        # Random illegal actions of every kind: not in hand, wrong phase, over the threshold,
        # the card just taken...
        candidates = rng.sample(ALL_SIMPLE_ACTIONS, 12)
        if state.history and state.history[-1].drawn is not None:
            drawn = state.history[-1].drawn
            candidates += [DISCARDS[drawn], KNOCKS[drawn], GINS[drawn]]
        for action in candidates:
            if action in legal:
                continue
            before = state.copy()
            assert not state.is_legal(action)
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert state == before
        if not state.is_over:
            before = state.copy()
            with pytest.raises(IllegalActionError):
                state.apply(state.legal_actions()[0], seat=1 - state.to_act)
            assert state == before


@examples(150)
@given(seeds, dealers, rule_sets, rngs)
def test_knock_layouts_are_checked_against_the_rules(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    """Knocks laying out some of the best melds, gins laying out all: legal exactly when
    RULES.md says (the layout within the threshold, zero deadwood is gin, not the taken card)."""
    for state in every_state(Hand.deal(rules, dealer, seed), rng):
        if state.phase is not Phase.DISCARD:
            continue
        mine = cards_of(state, state.to_act)
        taken = taken_card(state)
        for discard in rng.sample(bits(mine), 3):
            rest = mine & ~(1 << discard)
            left = brute_deadwood(rest)
            best = best_arrangement(CardSet.from_mask(rest)).melds
            some = tuple(m for m in best if rng.random() < 0.7)
            layout_deadwood = mask_value(rest & ~sum(m.mask for m in some))
            for kind, melds in ((ActionKind.KNOCK, some), (ActionKind.GIN, best)):
                if not melds:
                    # Laying out no meld at all is refused when the action is made.
                    with pytest.raises(IllegalActionError, match="at least one meld"):
                        Action(kind, CARDS[discard], melds)
            if some:
                knock = Action(ActionKind.KNOCK, CARDS[discard], some)
                legal = discard != taken and left > 0 and layout_deadwood <= state.threshold
                assert state.is_legal(knock) == legal, (str(knock), left, layout_deadwood)
            if best:
                gin = Action(ActionKind.GIN, CARDS[discard], best)
                assert state.is_legal(gin) == (discard != taken and left == 0), str(gin)


def test_gin_with_a_partial_layout_is_treated_alike_whatever_it_leaves() -> None:
    hand = make_hand("AS 2S 3S 4S 8D 8C 8S 5H 6H KH", upcard="7H")
    act(hand, "take")
    leaves_18 = Action.parse("gin KH [AS 2S 3S 4S] [8D 8C 8S]")  # 5H 6H 7H left over
    leaves_10 = Action.parse("gin KH [8D 8C 8S] [5H 6H 7H]")  # AS 2S 3S 4S left over
    before = hand.copy()
    for partial in (leaves_18, leaves_10):
        with pytest.raises(IllegalActionError, match="gin lays out every card in melds"):
            hand.apply(partial)
        assert hand == before
    record = hand.apply(Action.parse("gin KH [AS 2S 3S 4S] [8D 8C 8S] [5H 6H 7H]"))
    assert hand.result is not None and hand.result.outcome is Outcome.GIN
    assert record.action.melds == hand.result.knocker_layout.melds  # type: ignore[union-attr]


@examples(200)
@given(seeds, dealers, rule_sets, rngs)
def test_points_go_to_exactly_one_player_and_match_the_table(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    hand = play_random(Hand.deal(rules, dealer, seed), rng)
    result = hand.result
    assert result is not None
    if result.outcome is Outcome.DEAD:
        assert (result.winner, result.points) == (None, 0)
        assert hand.stock_count == 2
        return
    assert result.winner in (0, 1)
    assert result.points > 0
    assert result.points_for(result.winner) == result.points
    assert result.points_for(1 - result.winner) == 0
    # Recompute the score from the final hands with the brute force.
    knocker = result.knocker
    assert knocker is not None and hand.history[-1].seat == knocker
    layout = result.knocker_layout
    assert layout is not None
    knocker_cards = cards_of(hand, knocker)
    defender_cards = cards_of(hand, 1 - knocker)
    assert layout.cards.mask == knocker_cards
    k = layout.deadwood
    big = result.outcome is Outcome.BIG_GIN
    gin = big or brute_deadwood(knocker_cards) == 0
    assert k <= hand.threshold
    # Random play knocks without choosing a layout, so the engine lays out its best.
    assert k == brute_deadwood(knocker_cards) == mask_value(layout.unmatched.mask)
    d = brute_defender_deadwood(defender_cards, [m.mask for m in layout.melds], gin)
    assert result.defender_deadwood == d
    kind = "big_gin" if big else "gin" if gin else "knock"
    who, points = expected_score(rules, kind, k, d)
    assert result.winner == (knocker if who == "knocker" else 1 - knocker)
    assert result.points == points * hand.multiplier


@examples(200)
@given(seeds, dealers, rule_sets, rngs)
def test_same_seed_and_same_actions_give_the_same_hand(
    seed: int, dealer: int, rules: Rules, rng: random.Random
) -> None:
    hand = play_random(Hand.deal(rules, dealer, seed), rng)
    replay = Hand.deal(rules, dealer, seed)
    for record in hand.history:
        replayed = replay.apply(record.action)
        assert replayed == record
    assert replay == hand
    assert replay.result == hand.result
    assert Hand.deal(rules, dealer, seed) != hand or not hand.history
