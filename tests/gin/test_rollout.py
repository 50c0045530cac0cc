"""Play-outs (cardtable.gin.players.rollout): a plan for seat 0 replaces the simple policy
there and sees only the cards seat 0 has not seen."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_cards
from cardtable.gin.players.rollout import _joins, _simple_discard, playout
from cardtable.gin.rules import Rules


@dataclass
class _SimplePlan:
    """The simple policy as a plan, recording what it was shown."""

    hands: list[int] = field(default_factory=list)
    unseen: list[int] = field(default_factory=list)
    tops: list[int] = field(default_factory=list)
    offers: list[tuple[int, int]] = field(default_factory=list)

    def takes(self, hand: int, top: int, unseen: int) -> bool:
        self.hands.append(hand)
        self.unseen.append(unseen)
        self.offers.append((top, unseen))
        return _joins(hand, top)

    def discard(self, hand: int, taken: int, unseen: int, opponent_turns: int) -> int:
        self.hands.append(hand)
        self.unseen.append(unseen)
        return _simple_discard(hand, taken)


def _deal(seed: int) -> tuple[list[int], list[int], int]:
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    mine = sum(1 << c for c in cards[:10])
    theirs = sum(1 << c for c in cards[10:20])
    return [mine, theirs], cards[21:], cards[20]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_a_plan_that_plays_simple_gives_the_simple_play_out(seed: int, we_start: bool) -> None:
    hands, stock, top = _deal(seed)
    args = (Rules(), 10, 1, hands, stock, top, 0 if we_start else 1, False)
    plan = _SimplePlan()
    assert playout(*args, plan=plan) == playout(*args)
    everything = (1 << 52) - 1
    for hand, unseen in zip(plan.hands, plan.unseen, strict=True):
        # What the plan is shown is the opponent's cards and the stock together: never its
        # own cards, and never fewer than the opponent's ten.
        assert hand & unseen == 0
        assert unseen & everything == unseen and unseen.bit_count() >= 10
    for top_card, unseen in plan.offers:
        assert not unseen >> top_card & 1


def test_the_plan_decides_seat_zero_and_only_seat_zero() -> None:
    """A plan that never takes and always throws its highest card plays differently from
    simple, and seat 1 still plays simple (the counts of calls show whose turns it saw)."""

    class Stubborn(_SimplePlan):
        def takes(self, hand: int, top: int, unseen: int) -> bool:
            super().takes(hand, top, unseen)
            return False

        def discard(self, hand: int, taken: int, unseen: int, opponent_turns: int) -> int:
            super().discard(hand, taken, unseen, opponent_turns)
            self.tops.append(-opponent_turns - 1)
            return max((c for c in range(52) if hand >> c & 1 and c != taken), key=lambda c: c % 13)

    differs = 0
    for seed in range(40):
        hands, stock, top = _deal(seed)
        args = (Rules(), 10, 1, hands, stock, top, 0, False)
        plan = Stubborn()
        differs += playout(*args, plan=plan) != playout(*args)
        turns = [-t - 1 for t in plan.tops if t < 0]
        # Seat 0 moves first: before its n-th throw the opponent has had n - 1 turns.
        assert turns == list(range(len(turns)))
    assert differs > 0


def test_opponent_patience_keeps_the_opponent_waiting_and_only_the_opponent() -> None:
    """Seat 1 (the opponent) can knock with 3 deadwood, three stock cards left: at once it
    wins; with ``opponent_patience`` 0 it plays on and the hand dies at the wall. Seat 0's
    ``patience`` does not hold it back."""
    knocker = parse_cards("2H 3H 4H 5S 5D 5C 9C TC JC AS KD").mask  # three melds, AS and KD
    other = parse_cards("KS QH 8D 6C 3S 7H JD 4C 9S 2C").mask
    stock = [int(c) for c in parse_cards("6D 8S QC")]
    args = (Rules(), 10, 1, [other, knocker], stock, -1, 1, True)
    assert playout(*args) < 0
    assert playout(*args, patience=0) < 0
    assert playout(*args, opponent_patience=0) == 0
    assert playout(*args, opponent_patience=3) < 0
