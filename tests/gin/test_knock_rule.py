"""The expert's learned knock-or-wait rule (``Reasoner.knock_weights``).

The rule weighs ``KNOCK_FEATURES``; two things must hold whatever weights are shipped: the
weights that restate the old comparison decide exactly as the reasoner without a rule, and
the rule's inputs come from the deciding seat's view only (re-dealing what it cannot see
changes none of them)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.players.expert import (
    EXPERT_2026,
    KNOCK_FEATURES,
    ExpertPlayer,
    Reasoner,
    _decision_rng,
)
from tests.gin.test_fairness import redeal
from tests.helpers import decision_states

PLAIN = replace(EXPERT_2026, time_limit=math.inf)


def restated(reasoner: Reasoner) -> tuple[float, ...]:
    weights = [0.0] * len(KNOCK_FEATURES)
    weights[0], weights[1], weights[2] = -reasoner.wait_bias, 1.0, -1.0
    return tuple(weights)


def knock_states(count: int) -> list[tuple[Hand, int]]:
    """States where the expert's seat may knock with stock cards to spare."""

    def wanted(view: Observation) -> bool:
        return (
            view.phase is Phase.DISCARD
            and view.stock_count > 4
            and any(a.kind is ActionKind.KNOCK for a in view.legal_actions())
        )

    return decision_states(count, "knock-rule", lambda i: ExpertPlayer(i, PLAIN), wanted)


def test_restated_weights_decide_as_the_plain_reasoner() -> None:
    ruled = replace(PLAIN, knock_weights=restated(PLAIN))
    states = knock_states(12)
    for hand, seat in states:
        view = hand.observation(seat)
        plain = PLAIN.evaluate(view, _decision_rng(5, view))
        with_rule = ruled.evaluate(view, _decision_rng(5, view))
        assert plain[0].action == with_rule[0].action
        knock = [a.value for a in plain if a.action.kind is ActionKind.KNOCK]
        knock_ruled = [a.value for a in with_rule if a.action.kind is ActionKind.KNOCK]
        assert math.isclose(max(knock), max(knock_ruled), abs_tol=1e-9)


def test_weights_move_the_choice() -> None:
    """A rule that always says knock knocks, one that never does waits: the weights are
    really what decides (a rule that were ignored would pass the test above)."""
    always = [0.0] * len(KNOCK_FEATURES)
    always[0] = 1000.0
    never = [0.0] * len(KNOCK_FEATURES)
    never[0] = -1000.0
    for hand, seat in knock_states(6):
        view = hand.observation(seat)
        knocks = replace(PLAIN, knock_weights=tuple(always)).evaluate(view, random.Random(1))
        waits = replace(PLAIN, knock_weights=tuple(never)).evaluate(view, random.Random(1))
        assert knocks[0].action.kind is ActionKind.KNOCK
        assert waits[0].action.kind is ActionKind.DISCARD


def test_rule_inputs_see_only_the_seat_view() -> None:
    seen: list[tuple[float, ...]] = []

    class Recording(Reasoner):
        def _knock_features(self, *args: object) -> tuple[float, ...]:  # type: ignore[override]
            features = Reasoner._knock_features(self, *args)  # type: ignore[arg-type]
            seen.append(features)
            return features

    ruled = Recording(**{name: getattr(PLAIN, name) for name in Reasoner.__dataclass_fields__})
    ruled = replace(ruled, knock_weights=restated(PLAIN))
    rng = random.Random(7)
    for hand, seat in knock_states(6):
        per_deal = []
        for deal in (hand, redeal(hand, seat, rng), redeal(hand, seat, rng)):
            seen.clear()
            view = deal.observation(seat)
            ruled.evaluate(view, _decision_rng(3, view))
            assert seen, "the rule was not consulted"
            per_deal.append(list(seen))
        assert per_deal[0] == per_deal[1] == per_deal[2]
