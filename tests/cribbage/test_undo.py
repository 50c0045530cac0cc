"""Hand.undo and Match.undo for Cribbage take back the last action exactly, all the way to
the deal (and across hands and games of a match)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import shuffled_deck
from cardtable.cribbage.hand import Hand
from cardtable.cribbage.match import Match
from cardtable.cribbage.rules import PRESETS, Rules
from cardtable.errors import CardTableError, IllegalActionError
from tests.helpers import examples

PRESET_NAMES = sorted(PRESETS)


def state(hand: Hand) -> dict[str, Any]:
    """Everything a hand holds, as a snapshot (its lists copied)."""
    return dict(vars(hand.copy()))


def match_state(match: Match) -> tuple[object, ...]:
    """Everything a match holds (finished hands never change again)."""
    return (
        list(match.game_points),
        list(match.games),
        match.final,
        list(match.hands),
        match.game_hands,
        match.game_first_dealer,
        state(match.current),
    )


@examples(60)
@given(st.integers(0, 2**32), st.sampled_from(PRESET_NAMES), st.integers(0, 1), st.booleans())
def test_undo_all_the_way_back_retraces_every_state(
    seed: int, preset: str, dealer: int, near_the_end: bool
) -> None:
    rules = PRESETS[preset]
    rng = random.Random(seed)
    pegs = (rules.target - 1 - seed % 9, rules.target - 1 - seed % 13) if near_the_end else (0, 0)
    hand = Hand(rules, dealer, shuffled_deck(seed), pegs)
    fresh = state(hand)
    states = [state(hand)]
    views = [(hand.observation(0), hand.observation(1))]
    legal = [hand.legal_actions()]
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
        states.append(state(hand))
        views.append((hand.observation(0), hand.observation(1)))
        legal.append(hand.legal_actions())
    assert len(states) == len(hand.history) + 1
    while hand.history:
        last = hand.history[-1]
        assert hand.undo() == last
        states.pop()
        views.pop()
        legal.pop()
        assert state(hand) == states[-1]
        hand.check_invariants()
        assert (hand.observation(0), hand.observation(1)) == views[-1]
        assert hand.legal_actions() == legal[-1]
    assert state(hand) == fresh


@examples(30)
@given(st.integers(0, 2**32), st.sampled_from(PRESET_NAMES))
def test_undo_then_the_same_action_is_the_same_hand(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    hand = Hand(PRESETS[preset], seed % 2, shuffled_deck(seed), (0, 0))
    while not hand.is_over:
        before = state(hand)
        action = rng.choice(hand.legal_actions())
        record = hand.apply(action)
        after = state(hand)
        assert hand.undo() == record
        assert state(hand) == before
        assert hand.apply(action) == record
        assert state(hand) == after


def test_undo_at_the_deal_raises_a_clear_error_and_changes_nothing() -> None:
    hand = Hand(Rules(), 0, shuffled_deck("undo"), (3, 4))
    fresh = state(hand)
    with pytest.raises(IllegalActionError, match="nothing to undo") as raised:
        hand.undo()
    assert isinstance(raised.value, CardTableError)
    assert state(hand) == fresh


def test_undo_reopens_a_hand_won_in_the_play_and_one_shown_to_the_end() -> None:
    rng = random.Random(8)
    endings = set()
    for seed in range(60):
        pegs = (115, 100) if seed % 2 else (0, 0)
        hand = Hand(Rules(), seed % 2, shuffled_deck(f"ends{seed}"), pegs)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        endings.add("won" if hand.winner is not None else "shown")
        hand.undo()
        assert not hand.is_over and hand.winner is None
        hand.check_invariants()
    assert endings == {"won", "shown"}


@examples(10)
@given(st.integers(0, 2**32), st.sampled_from(PRESET_NAMES))
def test_match_undo_retraces_a_whole_match(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    match = Match.new(
        Rules.preset(preset, target=31, skunk_line=21, double_skunk_line=11, games=2), seed=seed
    )
    keys = []
    while not match.is_over:
        keys.append(match_state(match))
        match.apply(rng.choice(match.legal_actions()))
    assert match.final is not None and len(match.games) >= 2
    while keys:
        match.undo()
        assert match_state(match) == keys.pop()
    assert match.hands == [] and not match.current.history
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        match.undo()
