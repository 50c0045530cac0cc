"""Hand.undo and Match.undo take back the last action exactly, all the way to the deal."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.errors import CardTableError, IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.hand import Hand
from cardtable.gin.match import Match
from cardtable.gin.rules import PRESETS, Rules
from tests.helpers import examples

PRESET_NAMES = sorted(PRESETS)


def pick(actions: list[Action], rng: random.Random) -> Action:
    """Random legal play that knocks half the time it can, so hands end every way."""
    ends = [a for a in actions if a.kind.ends_hand]
    return rng.choice(ends) if ends and rng.random() < 0.5 else rng.choice(actions)


def match_state(match: Match) -> tuple[object, ...]:
    """Everything a match holds, as a snapshot (finished hands never change again)."""
    return (
        list(match.scores),
        list(match.boxes),
        list(match.sheet),
        match.final,
        list(match.hands),
        match.current.copy(),
    )


@examples(60)
@given(st.integers(0, 2**32), st.sampled_from(PRESET_NAMES), st.integers(0, 1))
def test_undo_all_the_way_back_retraces_every_state(seed: int, preset: str, dealer: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(PRESETS[preset], dealer=dealer, seed=seed)
    states = [hand.copy()]
    while not hand.is_over:
        hand.apply(pick(hand.legal_actions(), rng))
        if rng.random() < 0.3:  # views asked mid-play must be taken back too
            hand.observation(rng.randrange(2))
        states.append(hand.copy())
    assert len(states) == len(hand.history) + 1
    while hand.history:
        undone = hand.undo()
        states.pop()
        assert undone.seat in (0, 1)
        assert hand == states[-1]
        hand.check_invariants()
        for seat in (0, 1):
            assert hand.observation(seat) == states[-1].observation(seat)
            assert hand.masks_seen_by(seat) == states[-1].masks_seen_by(seat)
        assert hand.legal_actions() == states[-1].legal_actions()
    assert hand == Hand.deal(PRESETS[preset], dealer=dealer, seed=seed)


@examples(30)
@given(st.integers(0, 2**32))
def test_undo_then_the_same_action_is_the_same_hand(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(Rules(), dealer=seed % 2, seed=seed)
    while not hand.is_over:
        before = hand.copy()
        action = pick(hand.legal_actions(), rng)
        hand.apply(action)
        after = hand.copy()
        record = hand.undo()
        assert hand == before
        assert hand.apply(action) == record
        assert hand == after


def test_undo_at_the_deal_raises_a_clear_error() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed="undo")
    with pytest.raises(IllegalActionError, match="nothing to undo") as raised:
        hand.undo()
    assert isinstance(raised.value, CardTableError)
    assert hand == Hand.deal(Rules(), dealer=0, seed="undo")


def test_undo_takes_back_a_dead_hand_and_a_knock() -> None:
    rng = random.Random(4)
    endings = set()
    for seed in range(40):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        while not hand.is_over:
            hand.apply(pick(hand.legal_actions(), rng))
        assert hand.result is not None
        endings.add(hand.result.outcome.value)
        hand.undo()
        assert not hand.is_over and hand.result is None
        hand.check_invariants()
    assert {"dead", "knock"} <= endings


@examples(15)
@given(st.integers(0, 2**32), st.sampled_from(PRESET_NAMES))
def test_match_undo_retraces_a_whole_match(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    match = Match.new(Rules.preset(preset, target=25), seed=seed)
    keys = []
    while not match.is_over:
        keys.append(match_state(match))
        match.apply(pick(match.legal_actions(), rng))
    assert match.final is not None and match.sheet
    while keys:
        match.undo()
        assert match_state(match) == keys.pop()
    assert match.hands == [] and not match.current.history
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        match.undo()
