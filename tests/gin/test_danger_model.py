"""The learned danger of a discard (``Reasoner.danger_model``, ``players/danger.py``).

Whatever weights are fitted, three things must hold: the weights that restate the hand-set
danger decide as the reasoner without a model, the model's output really is the danger a
discard is charged with, and its inputs come from the deciding seat's view only. The fit
in ``bench/danger_model.py`` must recover the weights that generated its data."""

from __future__ import annotations

import functools
import math
import random
from dataclasses import replace

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import VALUES
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.players.danger import (
    FEATURES,
    FITTED,
    DangerContext,
    danger_features,
    learned_danger,
)
from cardtable.gin.players.expert import EXPERT, ExpertPlayer, Reasoner, _decision_rng
from cardtable.gin.players.knowledge import Knowledge
from tests.gin.test_fairness import redeal
from tests.helpers import decision_states, examples, load_bench, run_bench

PLAIN = replace(EXPERT, time_limit=math.inf, rollouts=0)
IDENTITY = tuple(1.0 if i == 1 else 0.0 for i in range(len(FEATURES)))


@functools.cache
def discard_states(count: int) -> list[tuple[Hand, int]]:
    """Discard decisions of the expert's seat against simple, a few turns into a hand."""

    def wanted(view: Observation) -> bool:
        return view.phase is Phase.DISCARD and len(view.events) > 6

    return decision_states(count, "danger-model", lambda i: ExpertPlayer(i, PLAIN), wanted)


def discard_values(reasoner: Reasoner, view: Observation) -> dict[int, float]:
    """Each discard's value as ``reasoner`` scores it (the same random draws each time)."""
    return {
        alt.action.card: alt.value
        for alt in reasoner.evaluate(view, _decision_rng(3, view))
        if alt.action.kind is ActionKind.DISCARD and alt.action.card is not None
    }


def test_restating_weights_decide_as_the_plain_reasoner() -> None:
    """The identity model gives back the hand-set danger (clipped to [0.01, 0.99])."""
    modelled = replace(PLAIN, danger_model=IDENTITY)
    for hand, seat in discard_states(20):
        view = hand.observation(seat)
        before = discard_values(PLAIN, view)
        after = discard_values(modelled, view)
        assert before.keys() == after.keys()
        for card, value in before.items():
            # At most 0.01 of danger moves, charged 0.5 * (6 + 5) points at most.
            assert math.isclose(value, after[card], abs_tol=0.06)


def test_the_model_is_the_danger_charged() -> None:
    """With danger 0 everywhere each discard gets back exactly what the hand-set danger
    cost it: the model's output replaces the danger, nothing else."""
    none = tuple(-1000.0 if i == 0 else 0.0 for i in range(len(FEATURES)))
    safe = replace(PLAIN, danger_model=none)
    changed = 0
    for hand, seat in discard_states(12):
        view = hand.observation(seat)
        knowledge = Knowledge.from_observation(view)
        chance = knowledge.opponent_probability()
        plain = discard_values(PLAIN, view)
        freed = discard_values(safe, view)
        for card, value in plain.items():
            danger = PLAIN._danger(card, chance, knowledge.opponent_known)
            cost = PLAIN.danger_weight * danger * (6.0 + VALUES[card] / 2.0)
            assert math.isclose(freed[card], value + cost, abs_tol=1e-9)
            changed += cost > 0.01
    assert changed > 20


def test_inputs_come_from_the_seat_view_only() -> None:
    """Re-dealing every card the seat cannot see leaves each input unchanged."""
    rng = random.Random(7)
    moved = 0
    for hand, seat in discard_states(10):
        other = redeal(hand, seat, rng)
        moved += other.observation(1 - seat).hand != hand.observation(1 - seat).hand
        view, again = hand.observation(seat), other.observation(seat)
        first, second = DangerContext.from_observation(view), DangerContext.from_observation(again)
        for card in view.hand:
            assert danger_features(int(card), 0.3, first) == danger_features(int(card), 0.3, second)
    assert moved >= 8  # the re-deal really hid other cards from the seat


def test_counts_follow_the_public_events() -> None:
    """The context counts each of the opponent's throws once, on the card thrown."""
    for hand, seat in discard_states(6):
        view = hand.observation(seat)
        context = DangerContext.from_observation(view)
        thrown = [
            int(e.card)
            for e in view.events
            if e.seat != seat and e.kind is ActionKind.DISCARD and e.card is not None
        ]
        assert sum(context.counts[1]) == len(thrown)
        for card in thrown:
            assert context.counts[1][card] >= 1
        assert context.last_threw == (thrown[-1] if thrown else -1)


@examples(60)
@given(st.floats(0.011, 0.989), st.integers(0, 51))
def test_identity_weights_return_the_heuristic(p: float, card: int) -> None:
    hand, seat = discard_states(1)[0]
    context = DangerContext.from_observation(hand.observation(seat))
    assert math.isclose(
        learned_danger(IDENTITY, danger_features(card, p, context)), p, rel_tol=1e-9
    )


def test_the_fit_recovers_generating_weights() -> None:
    fit = load_bench("danger_model.py").fit
    rng = np.random.default_rng(4)
    x = np.column_stack([np.ones(40_000), rng.normal(size=(40_000, 3))])
    truth = np.array([-0.5, 1.2, -0.8, 0.3])
    y = (rng.random(40_000) < 1.0 / (1.0 + np.exp(-(x @ truth)))).astype(float)
    w = fit(x, y, ridge=0.0)
    assert np.allclose(w, truth, atol=0.08)


def test_the_script_fits_and_refuses_bad_input() -> None:
    done = run_bench("danger_model.py", "--deals", "10", "--opponents", "simple", "--seed", "t")
    assert done.returncode == 0, done.stderr
    line = [row for row in done.stdout.splitlines() if row.startswith("danger_model = (")]
    assert len(line) == 1 and line[0].count(",") == len(FEATURES) - 1
    bad = run_bench("danger_model.py", "--opponents", "nobody")
    assert bad.returncode == 2
    assert "unknown player 'nobody'" in bad.stderr and "Traceback" not in bad.stderr


def test_the_fitted_weights_fit_the_inputs() -> None:
    """``FITTED`` weighs every input once and moves a decision's values without failing."""
    assert len(FITTED) == len(FEATURES)
    fitted = replace(PLAIN, danger_model=FITTED)
    moved = 0
    for hand, seat in discard_states(12):
        view = hand.observation(seat)
        before, after = discard_values(PLAIN, view), discard_values(fitted, view)
        moved += any(abs(before[c] - after[c]) > 1e-6 for c in before)
    assert moved >= 10
