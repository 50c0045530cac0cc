"""Cards and card sets: indices, values, parsing, printing, set operations."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CARDS, Card, CardSet, format_cards, parse_card, parse_cards
from cardtable.errors import CardTableError, InvalidCardError
from cardtable.gin.hand import Hand
from cardtable.gin.rules import Rules
from tests.helpers import RANK_CHARS, RANK_VALUE, SUIT_CHARS, bits, card_index, examples

card_indices = st.integers(min_value=0, max_value=51)
masks = st.integers(min_value=0, max_value=(1 << 52) - 1)


def test_one_deck_of_52_distinct_cards() -> None:
    names = {str(card) for card in CARDS}
    assert len(CARDS) == 52
    assert names == {r + s for r in RANK_CHARS for s in SUIT_CHARS}


@pytest.mark.parametrize("index", range(52))
def test_card_index_is_suit_times_13_plus_rank(index: int) -> None:
    suit, rank = divmod(index, 13)
    card = parse_card(RANK_CHARS[rank] + SUIT_CHARS[suit])
    assert card == index
    assert (card.suit, card.rank) == (suit, rank)
    assert card.bit == 1 << index


@pytest.mark.parametrize("rank", list(RANK_CHARS))
def test_card_values_ace_one_faces_ten(rank: str) -> None:
    for suit in SUIT_CHARS:
        assert parse_card(rank + suit).value == RANK_VALUE[rank]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10h", "TH"),
        ("10H", "TH"),
        ("T♥", "TH"),
        ("t♥", "TH"),
        ("th", "TH"),
        ("tH", "TH"),
        ("Th", "TH"),
        ("t♡", "TH"),
        ("  qd ", "QD"),
        ("A♠", "AS"),
        ("a♤", "AS"),
        ("kc", "KC"),
        ("K♣", "KC"),
        ("2♦", "2D"),
        ("9♢", "9D"),
    ],
)
def test_parse_card_accepts_ten_symbols_any_case(text: str, expected: str) -> None:
    assert parse_card(text) == card_index(expected)
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["1H", "11H", "ZZ", "AX", "", "10", "H10", "ASS", "0S", "T"])
def test_bad_card_text_raises_naming_the_card(bad: str) -> None:
    with pytest.raises(InvalidCardError) as error:
        parse_card(bad)
    assert repr(bad) in str(error.value)


@pytest.mark.parametrize("bad", [52, -1, 100])
def test_bad_card_index_raises_naming_it(bad: int) -> None:
    with pytest.raises(InvalidCardError, match=str(bad)):
        parse_card(bad)


@pytest.mark.parametrize("bad", [True, None, 1.5, b"AS"])
def test_non_card_objects_are_refused(bad: object) -> None:
    with pytest.raises(InvalidCardError):
        parse_card(bad)  # type: ignore[arg-type]


def test_card_errors_are_value_errors() -> None:
    assert issubclass(InvalidCardError, CardTableError)
    assert issubclass(InvalidCardError, ValueError)


@pytest.mark.parametrize("text", ["7S 7H 7S", "7S 7♠", "10h th", "AsAs"])
def test_repeated_cards_are_refused(text: str) -> None:
    with pytest.raises(InvalidCardError, match="repeated"):
        parse_cards(text)


def test_repeated_card_indices_are_refused() -> None:
    with pytest.raises(InvalidCardError, match="repeated"):
        CardSet([3, "4S"])  # 4S is index 3


def test_unknown_card_in_a_list_is_named() -> None:
    with pytest.raises(InvalidCardError, match="XZ"):
        parse_cards("AS 2S XZ 4S")


@pytest.mark.parametrize(
    "text", ["AsKs 10C", "AS, KS, TC", "[AS KS] | TC", "as;ks;10c", "A♠ K♠ T♣", "TC KS AS"]
)
def test_parse_cards_separators_and_order(text: str) -> None:
    parsed = parse_cards(text)
    assert parsed.mask == (1 << card_index("AS")) | (1 << card_index("KS")) | (
        1 << card_index("TC")
    )


def test_parse_cards_accepts_ints_and_mixed_lists() -> None:
    assert parse_cards([0, "2S", parse_card("3S")]).mask == 0b111


@examples(300)
@given(card_indices)
def test_card_str_and_repr_round_trip(index: int) -> None:
    card = parse_card(index)
    assert isinstance(card, Card)
    assert parse_card(str(card)) == index
    assert parse_card(str(card).lower()) == index
    assert parse_card(card.symbol()) == index
    assert card.symbol(ascii_only=True) == str(card)
    assert str(card) in repr(card)


def test_card_repr_evaluates_back() -> None:
    for card in map(parse_card, range(52)):
        again = eval(repr(card), {"Card": Card})
        assert again == card and again is card
    assert Card(35) is parse_card("TD")


@examples(300)
@given(masks)
def test_cardset_str_and_repr_round_trip(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    assert parse_cards(str(cards)) == cards
    assert eval(repr(cards), {"CardSet": CardSet}) == cards
    assert CardSet(list(cards)) == cards


@examples(300)
@given(masks)
def test_cardset_iterates_in_index_order_and_counts(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    assert [int(c) for c in cards] == bits(mask)
    assert len(cards) == len(bits(mask))
    assert bool(cards) == (mask != 0)
    assert cards.value == sum(RANK_VALUE[RANK_CHARS[c % 13]] for c in bits(mask))


@examples(300)
@given(masks, masks)
def test_cardset_operations_match_python_sets(a: int, b: int) -> None:
    x, y = CardSet.from_mask(a), CardSet.from_mask(b)
    sx, sy = set(bits(a)), set(bits(b))
    assert {int(c) for c in x | y} == sx | sy
    assert {int(c) for c in x & y} == sx & sy
    assert {int(c) for c in x - y} == sx - sy
    assert {int(c) for c in x ^ y} == sx ^ sy
    assert (x <= y) == (sx <= sy)
    assert (x >= y) == (sx >= sy)
    assert (x == y) == (sx == sy)
    if x == y:
        assert hash(x) == hash(y)


@examples(300)
@given(masks, card_indices)
def test_cardset_membership_add_remove(mask: int, index: int) -> None:
    cards = CardSet.from_mask(mask)
    inside = bool(mask >> index & 1)
    assert (index in cards) == inside
    assert (str(CARDS[index]) in cards) == inside
    assert (str(CARDS[index]).lower() in cards) == inside
    assert index in cards.add(index)
    assert len(cards.add(index)) == len(cards) + (0 if inside else 1)
    if inside:
        assert index not in cards.remove(index)
    else:
        with pytest.raises(InvalidCardError):
            cards.remove(index)


def test_cardset_membership_of_non_cards_is_false() -> None:
    cards = parse_cards("AS KH")
    assert "XX" not in cards
    assert 52 not in cards
    assert -1 not in cards
    assert True not in cards
    assert None not in cards


def test_cardset_is_immutable() -> None:
    cards = parse_cards("AS")
    with pytest.raises(AttributeError):
        cards.mask = 5


def test_sorted_by_rank_and_symbols() -> None:
    cards = parse_cards("7S 7H 4H")
    assert [str(c) for c in cards.sorted_by_rank()] == ["4H", "7S", "7H"]
    assert cards.symbols() == "7♠ 4♥ 7♥"
    assert format_cards(["7h", 0]) == "7H AS"


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_card_sets_survive_pickling(mask: int) -> None:
    # Observations travel to worker processes and into replay buffers by pickle.
    cards = CardSet.from_mask(mask)
    again = pickle.loads(pickle.dumps(cards))
    assert again == cards and again.mask == mask


def test_observations_survive_pickling() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed="pickle")
    view = hand.observation(1)
    assert pickle.loads(pickle.dumps(view)) == view
