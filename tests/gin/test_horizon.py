"""The expert's ``horizon`` setting: a ten-card hand is worth its utility now plus
``horizon`` times what the next draw is expected to add, checked against a reference
written from that definition with the brute-force deadwood of tests/helpers.py."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import Card
from cardtable.gin.actions import DRAW_DISCARD, PASS, Action
from cardtable.gin.hand import Phase
from cardtable.gin.melds import best_discard
from cardtable.gin.players.expert import EXPERT, EXPERT_2026
from tests.helpers import brute_deadwood, examples, make_hand

THRESHOLD = 10


def _utility(deadwood: int) -> float:
    """The expert's utility of keeping ``deadwood`` (knock and gin bonuses as EXPERT's)."""
    value = -float(deadwood)
    if deadwood <= THRESHOLD:
        value += EXPERT.knock_bonus
    if deadwood == 0:
        value += EXPERT.gin_bonus
    return value


def _reference(hand: int, odds: list[tuple[int, float]], horizon: float) -> float:
    now = _utility(brute_deadwood(hand))
    gain = 0.0
    for card, p in odds:
        eleven = hand | 1 << card
        after = min(brute_deadwood(eleven & ~(1 << d)) for d in range(52) if eleven >> d & 1)
        gain += p * (_utility(after) - now)
    return now + horizon * gain


@st.composite
def _hands_and_odds(draw: st.DrawFn) -> tuple[int, list[tuple[int, float]]]:
    cards = draw(st.permutations(range(52)))
    hand = sum(1 << c for c in cards[:10])
    stock = cards[10:14]
    weights = [draw(st.integers(1, 5)) for _ in stock]
    total = sum(weights)
    return hand, [(c, w / total) for c, w in zip(stock, weights, strict=True)]


@given(_hands_and_odds(), st.sampled_from([1.0, 1.5, 2.0, 3.0]))
@examples(25)
def test_a_hand_is_valued_over_the_horizon_as_defined(
    case: tuple[int, list[tuple[int, float]]], horizon: float
) -> None:
    hand, odds = case
    reasoner = replace(EXPERT, horizon=horizon)
    value = reasoner._next_draw(hand, odds, THRESHOLD)
    assert abs(value - _reference(hand, odds, horizon)) < 1e-9


def test_expert_2026_keeps_the_next_draw_only() -> None:
    assert EXPERT_2026.horizon == 1.0


@given(st.sampled_from([1.5, 2.0, 3.0]), st.integers(0, 10_000))
@examples(10)
def test_the_take_and_the_stock_count_the_same_draws(horizon: float, seed: int) -> None:
    # At the first offer the upcard's take is worth the hand it leaves plus ``horizon`` - 1
    # times what that hand expects from the next draw; the stock's value its expected gain
    # ``horizon`` times, so that neither is favoured by the longer horizon.
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    hand = make_hand(" ".join(_name(c) for c in cards[:10]), upcard=_name(cards[10]))
    obs = hand.observation(hand.to_act)
    assert obs.phase is Phase.OFFER and obs.top_discard == cards[10]
    stock = cards[11:15]
    odds = [(c, 0.25) for c in stock]
    mine, top = obs.hand.mask, cards[10]
    legal = obs.legal_actions()

    def values(h: float) -> dict[Action, float]:
        reasoner = replace(EXPERT, horizon=h)
        return {alt.action: alt.value for alt in reasoner._draws(obs, legal, odds)}

    once, longer = values(1.0), values(horizon)
    left, thrown = best_discard(mine | 1 << top, 1 << top)
    kept = (mine | 1 << top) ^ 1 << thrown
    # A take that can knock at once counts nothing after it.
    take_gain = _reference(kept, odds, 1.0) - _utility(left) if left > THRESHOLD else 0.0
    assert abs(longer[DRAW_DISCARD] - once[DRAW_DISCARD] - (horizon - 1) * take_gain) < 1e-9
    stock_gain = _reference(mine, odds, 1.0) - _utility(brute_deadwood(mine))
    assert abs(longer[PASS] - once[PASS] - (horizon - 1) * stock_gain) < 1e-9


def _name(card: int) -> str:
    return str(Card(card))
