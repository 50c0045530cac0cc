"""The expert values a ten-card hand by the utility it expects after the next draw and
discard, checked against a reference written from that definition with the brute-force
deadwood of tests/helpers.py."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardtable.gin.players.expert import EXPERT
from tests.helpers import brute_deadwood, examples

THRESHOLD = 10


def _utility(deadwood: int) -> float:
    """The expert's utility of keeping ``deadwood`` (knock and gin bonuses as EXPERT's)."""
    value = -float(deadwood)
    if deadwood <= THRESHOLD:
        value += EXPERT.knock_bonus
    if deadwood == 0:
        value += EXPERT.gin_bonus
    return value


def _reference(hand: int, odds: list[tuple[int, float]]) -> float:
    """Each stock card by its chance, the eleven cards then keeping the best ten."""
    value = 0.0
    for card, p in odds:
        eleven = hand | 1 << card
        after = min(brute_deadwood(eleven & ~(1 << d)) for d in range(52) if eleven >> d & 1)
        value += p * _utility(after)
    return value


@st.composite
def _hands_and_odds(draw: st.DrawFn) -> tuple[int, list[tuple[int, float]]]:
    cards = draw(st.permutations(range(52)))
    hand = sum(1 << c for c in cards[:10])
    stock = cards[10:14]
    weights = [draw(st.integers(1, 5)) for _ in stock]
    total = sum(weights)
    return hand, [(c, w / total) for c, w in zip(stock, weights, strict=True)]


@given(_hands_and_odds())
@examples(25)
def test_a_hand_is_valued_by_its_next_draw_as_defined(
    case: tuple[int, list[tuple[int, float]]],
) -> None:
    hand, odds = case
    value = EXPERT._next_draw(hand, odds, THRESHOLD)
    assert abs(value - _reference(hand, odds)) < 1e-9
