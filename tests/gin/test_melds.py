"""Melds and deadwood (RULES.md 1), checked against a brute force written from the definitions."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CardSet, parse_cards
from cardtable.errors import InvalidCardError, InvalidMeldError
from cardtable.gin.melds import (
    ALL_MELDS,
    RUN_MASKS,
    SET_MASKS,
    Arrangement,
    Meld,
    arrangements_within,
    best_arrangement,
    deadwood,
    defender_answer,
    discard_deadwoods,
    discard_options,
    knock_discards,
    parse_arrangement,
    parse_meld,
)
from tests.helpers import (
    REFERENCE_MELDS,
    bits,
    brute_arrangements,
    brute_deadwood,
    brute_defender_deadwood,
    examples,
    is_meld,
    mask_of,
    mask_value,
    pips,
)
from tests.strategies import defender_masks, hand_masks, knocker_melds

# -- the meld table ----------------------------------------------------------------------


def test_every_meld_is_precomputed_exactly_once() -> None:
    sets = 13 * (math.comb(4, 3) + math.comb(4, 4))
    runs = 4 * sum(13 - length + 1 for length in range(3, 14))
    assert len(ALL_MELDS) == len(set(ALL_MELDS)) == sets + runs
    assert set(ALL_MELDS) == set(REFERENCE_MELDS)
    assert len(SET_MASKS) == sets and len(RUN_MASKS) == runs
    assert set(ALL_MELDS) == SET_MASKS | RUN_MASKS
    for meld in SET_MASKS:
        assert len({c % 13 for c in bits(meld)}) == 1
    for meld in RUN_MASKS:
        assert len({c // 13 for c in bits(meld)}) == 1


@st.composite
def near_melds(draw: st.DrawFn) -> int:
    """Masks that are melds, melds with one card changed, or random handfuls."""
    kind = draw(st.sampled_from(["meld", "changed", "random"]))
    if kind == "random":
        return sum(1 << c for c in draw(st.sets(st.integers(0, 51), max_size=14)))
    meld: int = draw(st.sampled_from(REFERENCE_MELDS))
    if kind == "changed":
        meld ^= 1 << draw(st.integers(0, 51))
    return meld


@examples(300)
@given(near_melds())
def test_meld_accepts_exactly_sets_and_runs(mask: int) -> None:
    if is_meld(mask):
        meld = Meld(mask)
        ranks = {c % 13 for c in bits(mask)}
        assert meld.kind == ("set" if len(ranks) == 1 else "run")
        assert meld.is_set == (len(ranks) == 1)
        assert meld.is_run == (len(ranks) > 1)
        assert len(meld) == mask.bit_count()
    else:
        with pytest.raises(InvalidMeldError):
            Meld(mask)


# -- RULES.md 1, one rule at a time --------------------------------------------------------


@pytest.mark.parametrize("suit", "SHDC")
def test_aces_are_low_qka_is_not_a_run(suit: str) -> None:
    assert parse_meld(f"A{suit} 2{suit} 3{suit}").is_run
    for text in (f"Q{suit} K{suit} A{suit}", f"K{suit} A{suit} 2{suit}"):
        with pytest.raises(InvalidMeldError):
            parse_meld(text)
    assert deadwood(mask_of(f"Q{suit} K{suit} A{suit}")) == pips("QS KS AS")
    assert deadwood(mask_of(f"K{suit} A{suit} 2{suit}")) == pips("KS AS 2S")
    assert deadwood(mask_of(f"A{suit} 2{suit} 3{suit}")) == 0


def test_set_is_three_or_four_of_a_rank() -> None:
    assert parse_meld("7S 7H 7D").is_set
    assert parse_meld("7S 7H 7D 7C").is_set
    for bad in ("7S 7H", "7S", "7S 7H 8D", "7S 7H 7D 8C"):
        with pytest.raises(InvalidMeldError):
            parse_meld(bad)
    assert deadwood(mask_of("7S 7H")) == 14
    assert deadwood(mask_of("7S 7H 7D 7C")) == 0


def test_run_is_three_to_thirteen_consecutive_cards_of_one_suit() -> None:
    assert parse_meld("4H 5H 6H").is_run
    whole_suit = " ".join(r + "C" for r in "A23456789TJQK")
    assert len(parse_meld(whole_suit)) == 13
    assert deadwood(mask_of(whole_suit)) == 0
    for bad in ("4H 5H", "4H 5H 6D", "4H 5H 7H", "4H 6H 8H"):
        with pytest.raises(InvalidMeldError):
            parse_meld(bad)
    assert deadwood(mask_of("4H 5H 6D")) == pips("4H 5H 6D")


def test_card_in_at_most_one_meld() -> None:
    # 7S could complete the set or the run, not both.
    hand = mask_of("7S 7H 7D 5S 6S")
    assert deadwood(hand) == min(pips("5S 6S"), pips("7H 7D"))
    with pytest.raises(InvalidMeldError, match="overlap"):
        parse_arrangement("[7S 7H 7D] [5S 6S 7S]")
    best = best_arrangement("7S 7H 7D 5S 6S")
    assert len(best.melds) == 1


def test_deadwood_is_the_minimum_over_arrangements() -> None:
    # A greedy "longest run first" would take 3H-7H and leave 7S 7D: 14. The minimum melds
    # 7S 7H 7D and 3H-6H instead and leaves nothing.
    assert deadwood(mask_of("3H 4H 5H 6H 7H 7S 7D")) == 0
    best = best_arrangement("3H 4H 5H 6H 7H 7S 7D")
    assert {m.mask for m in best.melds} == {mask_of("3H 4H 5H 6H"), mask_of("7S 7H 7D")}


# -- RULES.md 6: the worked examples on deadwood -------------------------------------------


def test_example_002_deadwood_31() -> None:
    hand = "7S 7H 7D 4H 5H 6H KS 2S 9C QD"
    assert deadwood(mask_of(hand)) == pips("KS 2S 9C QD") == 31
    assert best_arrangement(hand).deadwood == 31


def test_example_002_take_3h_throw_qd_leaves_21() -> None:
    eleven = mask_of("7S 7H 7D 4H 5H 6H KS 2S 9C QD 3H")
    after = eleven & ~mask_of("QD")
    assert deadwood(after) == pips("KS 2S 9C") == 21
    assert dict((str(c), d) for c, d in discard_options(CardSet.from_mask(eleven)))["QD"] == 21


def test_example_002_melds_plus_ac_2s_3c_kd_throw_kd_leaves_6_and_may_knock() -> None:
    eleven = mask_of("7S 7H 7D 3H 4H 5H 6H AC 2S 3C KD")
    kd = bits(mask_of("KD"))[0]
    assert deadwood(eleven & ~mask_of("KD")) == pips("AC 2S 3C") == 6
    assert (kd, 6) in knock_discards(eleven, 10)


def test_example_004_deadwood_3() -> None:
    hand = "4H 5H 6H 9C 9D 9S JS QS KS 3D"
    assert deadwood(mask_of(hand)) == pips("3D") == 3


# -- the solver against the brute force ------------------------------------------------------


@examples(300)
@given(hand_masks())
def test_deadwood_equals_brute_force(mask: int) -> None:
    assert deadwood(mask) == brute_deadwood(mask)


@examples(300)
@given(hand_masks())
def test_best_arrangement_is_valid_and_minimal(mask: int) -> None:
    arrangement = best_arrangement(CardSet.from_mask(mask))
    used = 0
    for meld in arrangement.melds:
        assert is_meld(meld.mask)
        assert not meld.mask & used, "melds overlap"
        used |= meld.mask
    assert used | arrangement.unmatched.mask == mask
    assert not used & arrangement.unmatched.mask
    assert arrangement.cards.mask == mask
    assert arrangement.deadwood == mask_value(arrangement.unmatched.mask)
    assert arrangement.deadwood == brute_deadwood(mask)


@examples(300)
@given(hand_masks(min_size=1))
def test_discard_options_equal_brute_force(mask: int) -> None:
    options = discard_options(CardSet.from_mask(mask))
    expected = {c: brute_deadwood(mask & ~(1 << c)) for c in bits(mask)}
    assert {int(c): d for c, d in options} == expected
    assert len(options) == mask.bit_count()
    values = [d for _, d in options]
    assert values == sorted(values), "discard options are not best first"
    assert sorted(discard_deadwoods(mask)) == sorted(expected.items())


@examples(300)
@given(hand_masks(min_size=1), st.integers(0, 10))
def test_knock_discards_equal_brute_force(mask: int, threshold: int) -> None:
    expected = []
    for c in bits(mask):
        left = brute_deadwood(mask & ~(1 << c))
        if left <= threshold:
            expected.append((c, left))
    assert sorted(knock_discards(mask, threshold)) == expected


def _as_key(arrangement: Arrangement) -> tuple[frozenset[int], int]:
    return frozenset(m.mask for m in arrangement.melds), arrangement.unmatched.mask


@examples(300)
@given(hand_masks(max_size=11), st.integers(0, 10) | st.integers(0, 100))
def test_arrangements_within_equal_brute_force(mask: int, threshold: int) -> None:
    found = list(arrangements_within(CardSet.from_mask(mask), threshold))
    keys = [_as_key(a) for a in found]
    assert len(keys) == len(set(keys)), "an arrangement is listed twice"
    assert set(keys) == brute_arrangements(mask, threshold)
    for arrangement in found:
        assert arrangement.cards.mask == mask
        assert arrangement.deadwood <= threshold
    deadwoods = [a.deadwood for a in found]
    assert deadwoods == sorted(deadwoods)
    if found:
        assert found[0].deadwood == brute_deadwood(mask)


@examples(300)
@given(st.data())
def test_defender_answer_equals_brute_force(data: st.DataObject) -> None:
    melds = data.draw(knocker_melds())
    defender = data.draw(defender_masks(melds))
    gin = data.draw(st.booleans())
    knocker = [Meld(m) for m in melds]
    answer = defender_answer(CardSet.from_mask(defender), knocker, gin=gin)
    assert answer.deadwood == brute_defender_deadwood(defender, melds, gin)

    laid_on: dict[int, int] = {m: 0 for m in melds}
    laid = 0
    for layoff in answer.layoffs:
        assert defender >> layoff.card & 1, "laid off a card the defender does not hold"
        assert not laid >> layoff.card & 1, "a card laid off twice"
        assert layoff.onto.mask in laid_on, "laid off onto something that is not a knocker meld"
        laid |= 1 << layoff.card
        laid_on[layoff.onto.mask] |= 1 << layoff.card
    for meld, extra in laid_on.items():
        assert is_meld(meld | extra), "a lay-off does not fit its meld"
    if gin:
        assert answer.layoffs == ()
    own = 0
    for own_meld in answer.melds:
        assert is_meld(own_meld.mask)
        assert not own_meld.mask & (own | laid)
        own |= own_meld.mask
    assert own & ~defender == 0
    assert answer.unmatched.mask == defender & ~own & ~laid
    assert answer.deadwood == mask_value(answer.unmatched.mask)


# -- printing and parsing ----------------------------------------------------------------------


@examples(300)
@given(st.sampled_from(REFERENCE_MELDS), st.randoms(use_true_random=False))
def test_meld_str_round_trip(mask: int, rng: random.Random) -> None:
    meld = Meld(mask)
    assert parse_meld(str(meld)) == meld
    shuffled = [str(c) for c in CardSet.from_mask(mask)]
    rng.shuffle(shuffled)
    assert parse_meld(" ".join(shuffled).lower()) == meld
    assert str(meld) in repr(meld)


def test_meld_repr_evaluates_back() -> None:
    for mask in REFERENCE_MELDS:
        meld = Meld(mask)
        assert eval(repr(meld), {"Meld": Meld}) == meld
    assert Meld("7h 5h 6h") == parse_meld("5H 6H 7H")
    with pytest.raises(InvalidMeldError, match="neither a set nor a run"):
        Meld("5H 6H 8H")


@st.composite
def arrangements(draw: st.DrawFn) -> Arrangement:
    melds: list[Meld] = []
    used = 0
    for mask in draw(st.lists(st.sampled_from(REFERENCE_MELDS), min_size=1, max_size=4)):
        if not mask & used:
            melds.append(Meld(mask))
            used |= mask
    loose = draw(hand_masks(max_size=8, exclude=used))
    return Arrangement(tuple(melds), CardSet.from_mask(loose))


@examples(300)
@given(arrangements())
def test_arrangement_str_and_repr_round_trip(arrangement: Arrangement) -> None:
    assert parse_arrangement(str(arrangement)) == arrangement
    assert eval(repr(arrangement), {"parse_arrangement": parse_arrangement}) == arrangement
    assert parse_arrangement(str(arrangement), arrangement.cards) == arrangement
    bars = " | ".join(str(m) for m in arrangement.melds)
    assert parse_arrangement(bars, arrangement.cards) == arrangement


def test_arrangement_without_melds_round_trips() -> None:
    arrangement = best_arrangement("KS QD")
    assert arrangement.melds == ()
    assert str(arrangement) == "[] KS QD"
    assert parse_arrangement(str(arrangement)) == arrangement
    # Cards that could form a meld stay loose when the text says there is none.
    loose = Arrangement((), parse_cards("7S 7H 7D"))
    assert parse_arrangement(str(loose)) == loose


def test_empty_arrangement_round_trips() -> None:
    arrangement = best_arrangement("")
    assert parse_arrangement(str(arrangement)) == arrangement
    assert arrangement.deadwood == 0


@pytest.mark.parametrize(
    ("text", "cards", "error"),
    [
        ("[7S 7H 7D] [7S 8S 9S]", None, "overlap"),
        ("[7S 7H 7D", None, "unclosed"),
        ("[7S 7H 8D]", None, "neither a set nor a run"),
        ("[7S 7H 7D] 7S", None, "both melded and loose"),
        ("[7S 7H 7D]", "7S 7H 2C", "not in the hand"),
    ],
)
def test_parse_arrangement_refuses_bad_layouts(text: str, cards: str | None, error: str) -> None:
    with pytest.raises(InvalidMeldError, match=error):
        parse_arrangement(text, cards)


def test_parse_meld_refuses_bad_cards() -> None:
    with pytest.raises(InvalidCardError):
        parse_meld("7S 7H 7X")
    with pytest.raises(InvalidCardError):
        parse_meld("7S 7H 7S")


def test_solver_handles_every_eleven_card_hand_of_one_suit() -> None:
    # 78 hands of 11 of the 13 spades: all meldable or close, a stress case for the cache.
    for missing in itertools.combinations(range(13), 2):
        mask = ((1 << 13) - 1) & ~sum(1 << m for m in missing)
        assert deadwood(mask) == brute_deadwood(mask)
