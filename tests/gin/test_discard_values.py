"""The expert's learned discard values (``Reasoner.discard_weights``,
``bench/discard_values.py``).

Whatever weights are fitted: the weights that restate the heuristic decide as the reasoner
without them; the weights really reorder the best ``DISCARD_TOP`` plain discards and
nothing else (the other discards and the knock values stay as they were); the inputs come
from the deciding seat's view only; and the bench's fit recovers the weights that
generated its data."""

from __future__ import annotations

import functools
import json
import math
import random
from dataclasses import replace
from pathlib import Path

import numpy as np

from cardtable.cards import VALUES
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.players.expert import (
    DISCARD_FEATURES,
    DISCARD_TOP,
    EXPERT,
    ExpertPlayer,
    Reasoner,
    _decision_rng,
)
from tests.gin.test_fairness import redeal
from tests.helpers import decision_states, load_bench, run_bench

PLAIN = replace(EXPERT, time_limit=math.inf)
HEURISTIC = (1.0, -EXPERT.danger_weight, 0.0, -1.0) + (0.0,) * (len(DISCARD_FEATURES) - 4)
PIPS = DISCARD_FEATURES.index("pips of the discard")


@functools.cache
def discard_states(count: int, knocks: bool) -> list[tuple[Hand, int]]:
    """Discards of the expert's seat against simple with stock to spare; with ``knocks``
    those where it may also knock, else those where it may not."""

    def wanted(view: Observation) -> bool:
        legal = view.legal_actions()
        return (
            view.phase is Phase.DISCARD
            and view.stock_count > 4
            and len(view.events) > 6
            and any(a.kind is ActionKind.KNOCK for a in legal) == knocks
        )

    label = "discard-values-knock" if knocks else "discard-values"
    return decision_states(count, label, lambda i: ExpertPlayer(i, PLAIN), wanted)


def _values(reasoner: Reasoner, view: Observation) -> list[tuple[object, float]]:
    return [(a.action, a.value) for a in reasoner.evaluate(view, _decision_rng(3, view))]


def test_restating_weights_decide_as_the_plain_reasoner() -> None:
    restated = replace(PLAIN, discard_weights=HEURISTIC)
    for knocks in (False, True):
        for hand, seat in discard_states(8, knocks):
            view = hand.observation(seat)
            plain, ruled = _values(PLAIN, view), _values(restated, view)
            assert plain[0][0] == ruled[0][0]
            # The same value for every action (a near-tie may swap two within rounding).
            by_action = dict(ruled)
            assert len(by_action) == len(plain)
            assert all(math.isclose(v, by_action[a], abs_tol=1e-9) for a, v in plain)


def test_the_weights_reorder_the_best_discards_only() -> None:
    """Weights that want the highest card thrown pick the highest of the best few; the
    values themselves, the discards below them and the knocks keep what they were."""
    high = tuple(1.0 if i == PIPS else 0.0 for i in range(len(DISCARD_FEATURES)))
    ruled = replace(PLAIN, discard_weights=high)
    moved = 0
    for knocks in (False, True):
        for hand, seat in discard_states(8, knocks):
            view = hand.observation(seat)
            plain = PLAIN.evaluate(view, _decision_rng(3, view))
            after = ruled.evaluate(view, _decision_rng(3, view))
            discards = [a for a in plain if a.action.kind is ActionKind.DISCARD]
            top = sorted(discards, key=lambda a: a.value, reverse=True)[:DISCARD_TOP]
            best = max(VALUES[a.action.card or 0] for a in top)
            ruled_discards = [a for a in after if a.action.kind is ActionKind.DISCARD]
            first = max(ruled_discards, key=lambda a: a.value)
            assert VALUES[first.action.card or 0] == best
            if not knocks:
                # Where a knock is possible the search plays the new first choice out, so
                # its value is new; elsewhere the values only change hands.
                values = sorted(a.value for a in discards)
                assert values == sorted(a.value for a in ruled_discards)
                rest = {a.action: a.value for a in discards if a not in top}
                assert all(
                    math.isclose(b.value, rest[b.action])
                    for b in ruled_discards
                    if b.action in rest
                )
            knock_values = [a.value for a in plain if a.action.kind is ActionKind.KNOCK]
            ruled_knocks = [a.value for a in after if a.action.kind is ActionKind.KNOCK]
            assert sorted(knock_values) == sorted(ruled_knocks)
            moved += first.action != discards[0].action
    assert moved, "no state where the highest of the best few was not already first"


def test_the_inputs_see_only_the_seat_view() -> None:
    seen: list[dict[int, tuple[float, ...]]] = []

    class Recording(Reasoner):
        def _reranked(self, scored: list, inputs: dict[int, tuple[float, ...]]) -> list:  # type: ignore[type-arg]
            seen.append(dict(inputs))
            return scored

    fields = {name: getattr(PLAIN, name) for name in Reasoner.__dataclass_fields__}
    ruled = replace(Recording(**fields), discard_weights=HEURISTIC, rollouts=0)
    rng = random.Random(11)
    for hand, seat in discard_states(6, False):
        per_deal = []
        for deal in (hand, redeal(hand, seat, rng), redeal(hand, seat, rng)):
            seen.clear()
            view = deal.observation(seat)
            ruled.evaluate(view, _decision_rng(3, view))
            assert seen and len(seen[0]) == len(view.legal_actions())
            per_deal.append(seen[0])
        assert per_deal[0] == per_deal[1] == per_deal[2]


def test_the_fit_recovers_the_weights_that_made_the_points() -> None:
    bench = load_bench("discard_values.py")
    rng = np.random.default_rng(5)
    truth = np.array([1.5, -0.2, 0.3, -2.0, 0.5, 0.1, -0.4, 0.25, -0.6, 0.05])
    assert len(truth) == len(DISCARD_FEATURES)
    rows = []
    for index in range(3000):
        x = rng.normal(size=(DISCARD_TOP, len(truth))) * 3.0
        points = x @ truth + rng.normal() * 5.0 + rng.normal(size=DISCARD_TOP) * 0.5
        rows.append(
            {
                "hand": index,
                "candidates": [
                    {"features": list(f), "points": float(p), "chosen": i == 0}
                    for i, (f, p) in enumerate(zip(x, points, strict=True))
                ],
            }
        )
    fitted = np.array(bench.fit(rows, 0.0))
    assert np.allclose(fitted, truth, atol=0.02)
    # A ridge pulls toward the heuristic's weights.
    pulled = np.array(bench.fit(rows[:20], 1e6))
    assert np.allclose(pulled, np.array(HEURISTIC), atol=1e-3)
    gain, _, changed = bench.judge(rows, tuple(truth))
    assert gain > 0 and changed > 0.5


def test_the_script_fits_and_judges() -> None:
    out = run_bench("discard_values.py", "--hands", "6", "--rate", "0.4", timeout=600)
    assert out.returncode == 0, out.stderr
    assert "decisions, 4 discards each, in 6 hands" in out.stdout
    assert "held out, all:" in out.stdout
    weights = out.stdout.splitlines()[3].split(",")
    assert len(weights) == len(DISCARD_FEATURES)


def test_recordings_load_together_and_the_curve_grows(tmp_path: Path) -> None:
    """Two files' hands stay apart (numbered after each other), and the learning curve fits
    on growing shares of the training hands, judged on the same held-out ones."""
    bench = load_bench("discard_values.py")
    rng = np.random.default_rng(7)
    truth = np.array([1.0, -0.5, 0.2, -1.0, 0.3, 0.0, 0.1, 0.4, -0.2, 0.0])
    paths = []
    for part in range(2):
        rows = []
        for index in range(400):
            x = rng.normal(size=(DISCARD_TOP, len(truth)))
            points = x @ truth + rng.normal(size=DISCARD_TOP) * 3.0
            rows.append(
                {
                    "hand": index,
                    "opponent": "simple",
                    "candidates": [
                        {"features": list(f), "points": float(p), "chosen": i == part}
                        for i, (f, p) in enumerate(zip(x, points, strict=True))
                    ],
                }
            )
        path = tmp_path / f"rows{part}.json"
        path.write_text(json.dumps(rows))
        paths.append(str(path))
    both = bench.loaded(paths)
    assert len(both) == 800
    assert sorted(int(r["hand"]) for r in both) == list(range(800))
    assert [c["chosen"] for c in both[500]["candidates"]] == [False, True, False, False]
    train, test = both[:600], both[600:]
    points = bench.curve(train, test, 0.0)
    assert [count for count, *_ in points] == [75, 150, 300, 600]
    assert all(changed > 0 for *_, changed in points)
    out = run_bench("discard_values.py", "--load", ",".join(paths), "--curve")
    assert out.returncode == 0, out.stderr
    assert "800 decisions, 4 discards each, in 800 hands recorded before" in out.stdout
    assert "learning curve" in out.stdout
    assert out.stdout.count(" decisions: held out ") == 4


def test_bad_options_are_refused_with_one_line() -> None:
    for args, words in (
        (("--hands", "1"), "--hands must be"),
        (("--rate", "0"), "--rate must be"),
        (("--rate", "1.5"), "--rate must be"),
        (("--ridge", "-1"), "--ridge must not be negative"),
        (("--opponents", "wizard"), "unknown player 'wizard'"),
        (("--load", "/nonexistent/rows.json"), "--load: cannot read the recorded rows"),
    ):
        out = run_bench("discard_values.py", *args)
        assert out.returncode == 2, args
        assert words in out.stderr and "Traceback" not in out.stderr, args
