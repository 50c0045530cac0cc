"""←→ in a hand: the next or previous card, going round (tui/cards.py's step_card, which every
game's match and lesson screens share)."""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.tui.cards import step_card

HAND = (Card("2C"), Card("7H"), Card("KS"))


def test_steps_go_round_the_hand_both_ways() -> None:
    assert step_card(HAND, Card("7H"), 1) == Card("KS")
    assert step_card(HAND, Card("KS"), 1) == Card("2C")
    assert step_card(HAND, Card("2C"), -1) == Card("KS")


def test_a_card_not_in_the_hand_counts_from_the_first() -> None:
    assert step_card(HAND, None, 1) == Card("7H")
    assert step_card(HAND, Card("AD"), -1) == Card("KS")


def test_no_cards_no_card() -> None:
    assert step_card((), Card("2C"), 1) is None
