"""The end of a hand: layouts, the defender's answer, scoring (RULES.md 2, 3 and 6)."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardtable.cards import CardSet
from cardtable.errors import IllegalActionError
from cardtable.gin.melds import defender_answer, parse_meld
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult, Outcome, score_showdown
from tests.helpers import (
    brute_deadwood,
    brute_defender_deadwood,
    examples,
    expected_score,
    is_meld,
    mask_of,
    mask_value,
    pips,
)
from tests.strategies import defender_masks, hand_masks, knocker_melds

PAGAT = Rules.preset("pagat")
STANDARD = Rules()


def laid_off(result: HandResult) -> set[str]:
    assert result.defender is not None
    return {str(layoff.card) for layoff in result.defender.layoffs}


# -- RULES.md 6: the worked examples ------------------------------------------------------------


def test_example_004_pagat_knock_7_against_24_after_layoffs_scores_17() -> None:
    knocker = "AS 2S 3S 8D 8H 8C 5C 6C 7C 7D"  # deadwood 7D
    defender = "KH KD KS 4S 8S 4C 9H TD 3H 2D"  # 4S, 8S and 4C lay off; 9H TD 3H 2D left
    result = score_showdown(PAGAT, knocker, defender)
    assert result.knocker_deadwood == pips("7D") == 7
    assert result.defender_deadwood == pips("9H TD 3H 2D") == 24
    assert laid_off(result) == {"4S", "8S", "4C"}
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, 0, 17)


def test_example_004_pagat_knock_9_undercut_by_6_scores_13_for_the_defender() -> None:
    knocker = "AS 2S 3S 8D 8H 8C 5C 6C 7C 9D"
    defender = "KH KD KS QH QD QC 2H 2D 2C 6S"
    result = score_showdown(PAGAT, knocker, defender, knocker_seat=1)
    assert (result.knocker_deadwood, result.defender_deadwood) == (9, 6)
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, 0, 13)
    assert result.knocker == 1


def test_example_004_pagat_gin_against_31_scores_51() -> None:
    knocker = "AD 2D 3D 4D 9H 9S 9C 5C 6C 7C"
    defender = "KH KS KC 4H 5H 6H QD JC 8H 3S"
    result = score_showdown(PAGAT, knocker, defender)
    assert result.defender_deadwood == pips("QD JC 8H 3S") == 31
    assert (result.outcome, result.winner, result.points) == (Outcome.GIN, 0, 51)


def test_example_003_standard_undercut_scores_25_plus_k_minus_d() -> None:
    knocker = "AS 2S 3S 8D 8H 8C 5C 6C 7C 9D"
    defender = "KH KD KS QH QD QC 2H 2D 2C 6S"
    result = score_showdown(STANDARD, knocker, defender)
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, 1, 25 + 9 - 6)


def test_example_003_standard_equal_deadwood_is_an_undercut_worth_25() -> None:
    knocker = "AS 2S 3S 8D 8H 8C 5C 6C 7C 9D"
    defender = "KH KD KS QH QD QC 2H 2D 2C 9S"
    result = score_showdown(STANDARD, knocker, defender)
    assert (result.knocker_deadwood, result.defender_deadwood) == (9, 9)
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, 1, 25)


def test_example_003_standard_gin_scores_d_plus_25() -> None:
    knocker = "AD 2D 3D 4D 9H 9S 9C 5C 6C 7C"
    defender = "KH KS KC 4H 5H 6H QD JC 8H 3S"
    result = score_showdown(STANDARD, knocker, defender)
    assert (result.outcome, result.winner, result.points) == (Outcome.GIN, 0, 31 + 25)


# -- RULES.md 2 and 3, one rule at a time ----------------------------------------------------

KNOCKER = "5H 6H 7H KS KD KC AS 2S 3S 4C"  # melds plus 4C: deadwood 4


def test_knock_d_greater_than_k_scores_the_difference_for_the_knocker() -> None:
    defender = "QC JD 2C 3D 7S TD 6C 5S 8D 9C"  # no melds, nothing to lay off
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert result.defender_deadwood == pips(defender)
    assert (result.outcome, result.winner, result.points) == (
        Outcome.KNOCK,
        0,
        pips(defender) - 4,
    )


def test_undercut_on_a_tie() -> None:
    defender = "QC QD QS 2C 2D 2H JH JS JD 4D"  # deadwood 4D: equal to the knocker's 4
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert (result.knocker_deadwood, result.defender_deadwood) == (4, 4)
    assert (result.outcome, result.winner, result.points) == (
        Outcome.UNDERCUT,
        1,
        STANDARD.undercut_bonus,
    )


def test_layoff_chain_8h_then_9h_onto_5h_6h_7h() -> None:
    defender = "8H 9H QC JD 2C 3D 7S TD 6C 5S"
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert laid_off(result) == {"8H", "9H"}
    assert result.defender_deadwood == pips("QC JD 2C 3D 7S TD 6C 5S")
    assert result.points == pips("QC JD 2C 3D 7S TD 6C 5S") - 4


def test_layoff_9h_alone_does_not_fit_5h_6h_7h() -> None:
    defender = "9H QC JD 2C 3D 7S TD 6C 5S 8D"
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert laid_off(result) == set()
    assert result.defender_deadwood == pips(defender)


def test_layoff_at_the_low_end_of_a_run() -> None:
    defender = "4H 3H QC JD 2C 7S TD 6C 5S 8D"  # 4H then 3H below 5H 6H 7H
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert laid_off(result) == {"4H", "3H"}


def test_layoff_of_the_fourth_card_of_a_set() -> None:
    defender = "KH QC JD 2C 3D 7S TD 6C 5S 8D"
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert laid_off(result) == {"KH"}
    assert result.defender_deadwood == pips("QC JD 2C 3D 7S TD 6C 5S 8D")
    (layoff,) = result.defender.layoffs if result.defender else ()
    assert layoff.onto == parse_meld("KS KD KC")


def test_nobody_lays_off_onto_deadwood() -> None:
    knocker = "5H 6H 7H KS KD KC AS 2S 3S 9C"  # deadwood 9C
    defender = "8C TC 9D 9H QD JS 2H 3D 7S 4C"  # 8C TC and 9D 9H would fit round 9C
    result = score_showdown(STANDARD, knocker, defender)
    assert laid_off(result) == set()
    assert result.defender_deadwood == pips(defender)
    assert result.points == pips(defender) - 9


def test_knocker_never_lays_off() -> None:
    knocker = "5H 6H 7H KS KD KC AS 2S 3S 9C"  # 9C would fit both defender melds
    defender = "6C 7C 8C 9D 9H 9S QD JS 2H 3D"
    result = score_showdown(STANDARD, knocker, defender)
    assert result.knocker_deadwood == pips("9C")
    assert result.defender_deadwood == pips("QD JS 2H 3D")
    assert result.points == pips("QD JS 2H 3D") - 9


def test_defender_optimum_lays_off_a_card_that_could_stay_in_own_meld() -> None:
    # Four 8s: keeping all four melded leaves 9H. Melding 8S 8D 8C and laying off 8H then 9H
    # onto 5H 6H 7H leaves less.
    defender = "8H 8S 8D 8C 9H QC JD 2C 3D 7S"
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert laid_off(result) == {"8H", "9H"}
    assert result.defender_deadwood == pips("QC JD 2C 3D 7S")
    assert result.defender is not None
    assert [m.cards.mask for m in result.defender.melds] == [mask_of("8S 8D 8C")]


def test_defender_optimum_keeps_a_card_in_own_meld_rather_than_lay_it_off() -> None:
    # 8H could be laid off onto 5H 6H 7H, but it is worth more in the set of 8s.
    defender = "8H 8S 8D QC JD 2C 3D 7S 6C 5S"
    result = score_showdown(STANDARD, KNOCKER, defender)
    assert laid_off(result) == set()
    assert result.defender_deadwood == pips("QC JD 2C 3D 7S 6C 5S")


def test_no_layoffs_on_gin() -> None:
    knocker = "AD 2D 3D 4D 9H 9S 9C 5C 6C 7C"
    defender = "5D 8C 9D KH KS KC QH QS QC 2H"  # 5D, 8C and 9D would lay off after a knock
    result = score_showdown(STANDARD, knocker, defender)
    assert result.outcome is Outcome.GIN
    assert laid_off(result) == set()
    assert result.defender_deadwood == pips("5D 8C 9D 2H")
    assert result.points == pips("5D 8C 9D 2H") + STANDARD.gin_bonus
    # The same cards would lay off after an ordinary knock onto the same melds.
    melds = [parse_meld("AD 2D 3D 4D"), parse_meld("9H 9S 9C"), parse_meld("5C 6C 7C")]
    assert defender_answer(defender, melds).deadwood == pips("2H")


def test_zero_deadwood_is_always_gin_whatever_layout_is_asked() -> None:
    knocker = "AD 2D 3D 4D 9H 9S 9C 5C 6C 7C"
    defender = "KH KS KC 4H 5H 6H QD JC 8H 3S"
    layout = [parse_meld("AD 2D 3D"), parse_meld("9H 9S 9C"), parse_meld("5C 6C 7C")]
    result = score_showdown(STANDARD, knocker, defender, layout)
    assert result.outcome is Outcome.GIN
    assert result.knocker_deadwood == 0


def test_big_gin_scores_d_plus_31_without_layoffs() -> None:
    digital = Rules.preset("digital")
    knocker = "AS 2S 3S 4S 5S 9H 9D 9C KH KD KC"
    defender = "6S 7S 2H 3C 4D QH JC 8D TH 6C"  # 6S and 7S would extend AS-5S after a knock
    result = score_showdown(digital, knocker, defender)
    assert result.outcome is Outcome.BIG_GIN
    assert laid_off(result) == set()
    assert result.defender_deadwood == pips(defender)
    assert (result.winner, result.points) == (0, pips(defender) + 31)


def test_big_gin_refused_when_the_setting_is_off() -> None:
    with pytest.raises(IllegalActionError, match="big gin"):
        score_showdown(
            STANDARD, "AS 2S 3S 4S 5S 9H 9D 9C KH KD KC", "6S 7S 2H 3C 4D QH JC 8D TH 6C"
        )


def test_knocker_may_choose_any_layout_within_the_threshold() -> None:
    knocker = "4H 5H 6H 7H 9C 9D 9S AD 2D 3C"
    defender = "3H KS QS JD 2S 8C 6D TC 5C 7S"  # 3H lays off only if 4H is melded
    best = score_showdown(STANDARD, knocker, defender)
    assert best.knocker_deadwood == pips("AD 2D 3C")
    assert laid_off(best) == {"3H"}
    chosen = [parse_meld("5H 6H 7H"), parse_meld("9C 9D 9S")]
    result = score_showdown(STANDARD, knocker, defender, chosen)
    assert result.knocker_deadwood == pips("4H AD 2D 3C") == 10
    assert laid_off(result) == set()
    assert result.points == pips(defender) - 10
    assert result.knocker_layout is not None
    assert list(result.knocker_layout.melds) == chosen


@pytest.mark.parametrize(
    ("melds", "error"),
    [
        (["9C 9D 9S"], "threshold"),  # leaves 28
        (["9C 9D 9S", "9C 9D 9S"], "at most one meld"),
        (["4H 5H 6H", "4H 5H 6H 7H"], "at most one meld"),
        (["9C 9D 9S", "8H 9H TH"], "not in the hand"),
    ],
)
def test_bad_knocker_layouts_are_refused(melds: list[str], error: str) -> None:
    knocker = "4H 5H 6H 7H 9C 9D 9S AD 2D 3C"
    defender = "3H KS QS JD 2S 8C 6D TC 5C 7S"
    with pytest.raises(IllegalActionError, match=error):
        score_showdown(STANDARD, knocker, defender, [parse_meld(m) for m in melds])


def test_knock_over_the_threshold_is_refused() -> None:
    knocker = "AS 2S 3S 8D 8H 8C 5C 6C 9D 2H"  # 5C 6C 9D 2H: 22
    with pytest.raises(IllegalActionError, match="threshold"):
        score_showdown(STANDARD, knocker, "KH KD KS QH QD QC 2D 2C 6S 4H")
    with pytest.raises(IllegalActionError, match="threshold"):
        score_showdown(STANDARD, "AS 2S 3S 8D 8H 8C 5C 6C 7C 9D", "KH KD KS QH QD QC 2H 2D 2C 6S",
                       threshold=8)  # fmt: skip


@pytest.mark.parametrize(
    ("knocker", "defender", "error"),
    [
        ("AS 2S 3S 8D 8H 8C 5C 6C 7C 9D", "9D KD KS QH QD QC 2H 2C 6S 4H", "both hands"),
        ("AS 2S 3S 8D 8H 8C 5C 6C 7C", "KH KD KS QH QD QC 2H 2D 2C 6S", "10 cards"),
        ("AS 2S 3S 8D 8H 8C 5C 6C 7C 9D", "KH KD KS QH QD QC 2H 2D 2C", "10 cards"),
    ],
)
def test_showdown_refuses_impossible_hands(knocker: str, defender: str, error: str) -> None:
    with pytest.raises(IllegalActionError, match=error):
        score_showdown(STANDARD, knocker, defender)


def test_multiplier_scales_the_points() -> None:
    knocker = "AS 2S 3S 8D 8H 8C 5C 6C 7C 7D"
    defender = "KH KD KS 4S 8S 4C 9H TD 3H 2D"
    result = score_showdown(PAGAT, knocker, defender, multiplier=2)
    assert (result.points, result.multiplier) == (34, 2)


def test_result_to_dict_is_json() -> None:
    result = score_showdown(PAGAT, "AS 2S 3S 8D 8H 8C 5C 6C 7C 7D", "KH KD KS 4S 8S 4C 9H TD 3H 2D")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["outcome"] == "knock"
    assert data["points"] == 17
    assert {lay["card"] for lay in data["layoffs"]} == {"4S", "8S", "4C"}
    assert sorted(data["defender_unmatched"]) == ["2D", "3H", "9H", "TD"]


# -- properties -----------------------------------------------------------------------------------

RULE_SETS = [Rules.preset(name) for name in ("standard", "pagat", "digital")]


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[Rules, int, int]:
    """A knocker's ten cards (melds plus filler, often low) and a defender's ten."""
    melds = draw(knocker_melds())
    used = 0
    for meld in melds:
        used |= meld
    rest = 10 - used.bit_count()
    knocker = used | draw(hand_masks(rest, rest, used))
    defender = draw(defender_masks(melds, knocker) | hand_masks(10, 10, knocker))
    return draw(st.sampled_from(RULE_SETS)), knocker, defender


@examples(300)
@given(showdowns())
def test_scoring_matches_the_rules_table(case: tuple[Rules, int, int]) -> None:
    rules, knocker, defender = case
    k = brute_deadwood(knocker)
    assume(k <= rules.knock_threshold)
    result = score_showdown(rules, CardSet.from_mask(knocker), CardSet.from_mask(defender))
    layout = result.knocker_layout
    assert layout is not None
    assert layout.cards.mask == knocker
    assert all(is_meld(m.mask) for m in layout.melds)
    assert result.knocker_deadwood == mask_value(layout.unmatched.mask) == k
    gin = k == 0
    d = brute_defender_deadwood(defender, [m.mask for m in layout.melds], gin)
    assert result.defender_deadwood == d
    who, points = expected_score(rules, "gin" if gin else "knock", k, d)
    expected_outcome = (
        Outcome.GIN if gin else Outcome.KNOCK if who == "knocker" else Outcome.UNDERCUT
    )
    assert result.outcome is expected_outcome
    assert result.winner == (0 if who == "knocker" else 1)
    assert result.points == points > 0
    assert result.points_for(result.winner) == points
    assert result.points_for(1 - result.winner) == 0


def test_dead_result_scores_nothing() -> None:
    result = HandResult(Outcome.DEAD)
    assert result.is_dead
    assert (result.winner, result.points_for(0), result.points_for(1)) == (None, 0, 0)
