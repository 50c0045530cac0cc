"""The exact-policy reading bench (bench/policy_reading.py), whose figures the README quotes
("Strength of the computer players"): its model of simple is exact (the real history of a
simple opponent breaks none of its decisions, another player's does), its guesses keep the
seat's view, and bad options are refused with one line."""

from __future__ import annotations

import json
import random
from types import ModuleType

import pytest

from tests.helpers import load_bench, run_bench


def load() -> ModuleType:
    return load_bench("policy_reading.py")


def test_a_simple_opponent_s_real_history_fits_the_model_and_gives_its_hand() -> None:
    bench = load()
    checked = 0
    for view, hidden, real in bench.decisions("simple", 12, "policy-test"):
        history = bench.History(view)
        assert history.hand_now(real) == hidden
        assert history.misfits(real) == 0
        checked += 1
    assert checked > 100


def test_another_player_s_real_history_breaks_the_model() -> None:
    bench = load()
    broken = [
        bench.History(view).misfits(real) > 0
        for view, _, real in bench.decisions("expert-2026", 6, "policy-test")
    ]
    assert sum(broken) > len(broken) // 4


def test_a_guessed_history_touches_only_cards_the_seat_has_not_seen() -> None:
    bench = load()
    rng = random.Random(3)
    for number, (view, _, _) in enumerate(bench.decisions("simple", 3, "policy-guess")):
        history = bench.History(view)
        slots = history.random_history(rng)
        for _ in range(30):
            slots = history.step(slots, rng) or slots
        hand = history.hand_now(slots)
        assert hand & view.opponent_known.mask == view.opponent_known.mask
        assert hand & ~(view.opponent_known.mask | view.unseen.mask) == 0
        assert hand.bit_count() == view.opponent_card_count
        if number > 20:
            break


def test_a_chain_that_fits_no_play_is_left_out() -> None:
    bench = load()
    view, _, _ = next(
        (v, h, r)
        for v, h, r in bench.decisions("simple", 4, "policy-fit")
        if sum(1 for e in v.events if e.seat != v.seat) > 8
    )
    history = bench.History(view)
    hands, fitted = history.sample(random.Random(1), 6, 300, 0.02)
    assert fitted == len(hands)
    for hand in hands:
        assert hand.bit_count() == view.opponent_card_count


def test_the_script_reports_the_model_check_and_both_readings() -> None:
    out = run_bench("policy_reading.py", "--deals", "2", "--chains", "4", "--steps", "40", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["real_broken"] == 0 and summary["real_checks"] > 10
    assert 0.0 <= summary["auc_weights"] <= 1.0 and 0.0 <= summary["auc_policy"] <= 1.0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--steps", "0"), "--steps must be at least 1"),
        (("--slip", "1.5"), "--slip must be between 0 and 1"),
        (("--opponent", "nobody"), "unknown player"),
    ],
)
def test_bad_options_are_refused_with_one_line(args: tuple[str, ...], words: str) -> None:
    out = run_bench("policy_reading.py", *args)
    assert out.returncode == 2
    assert words in out.stderr
    assert "Traceback" not in out.stderr
