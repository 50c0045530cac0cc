"""The world-model bench (bench/world_models.py), whose figures the README quotes ("Strength
of the computer players"): its knock points are the engine's, its guesses keep the seat's
view, the real hand agrees with itself, and bad options are refused with one line."""

from __future__ import annotations

import random
import subprocess
from types import ModuleType

import pytest

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT, _decision_rng
from cardtable.gin.rules import Rules
from tests.helpers import load_bench, run_bench


def load() -> ModuleType:
    return load_bench("world_models.py")


def knock_chances(count: int) -> list[tuple[Hand, int]]:
    """Hands (copies) at the expert's knock chances against simple, with the seat."""
    found: list[tuple[Hand, int]] = []
    players = [make_player("expert", 0), make_player("simple")]
    deal = 0
    while len(found) < count:
        hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"world-bench-{deal}")
        deal += 1
        while not hand.is_over:
            seat = hand.to_act
            view = hand.observation(seat)
            chance = seat == 0 and view.phase is Phase.DISCARD and view.stock_count > 2
            if chance and any(a.kind is ActionKind.KNOCK for a in view.legal_actions()):
                found.append((hand.copy(), seat))
            hand.apply(players[seat].act(view), seat)
    return found[:count]


def test_knock_points_on_the_real_hand_are_what_the_engine_scores() -> None:
    bench = load()
    for hand, seat in knock_chances(6):
        view = hand.observation(seat)
        scored = EXPERT.evaluate(view, _decision_rng(0, view))
        knock = next(a.action for a in scored if a.action.kind is ActionKind.KNOCK)
        expected = bench.knock_points(view, knock, hand.cards(1 - seat).mask)
        hand.apply(knock, seat)
        assert bench.points_for(hand, seat) == expected


@pytest.mark.parametrize("model", ["organised", "weights", "posterior"])
def test_every_guess_is_a_world_the_seat_cannot_tell_from_the_real_one(model: str) -> None:
    bench = load()
    for hand, seat in knock_chances(3):
        view = hand.observation(seat)
        rng = random.Random(1)
        for guess in bench.guesses(view, model, 4, rng, -1, 3):
            assert guess & view.hand.mask == 0
            world = bench.sample_world(view, rng, guess)
            assert world.observation(seat) == view
            assert world.cards(1 - seat).mask == guess


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_bench("world_models.py", *args)


def test_the_real_hand_agrees_with_itself_and_the_guesses_do_not() -> None:
    done = run("--deals", "6", "--guesses", "3", "--models", "weights")
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines()[2:]}
    assert set(rows) == {"weights", "truth"}
    assert rows["truth"][4:7] == ["0.0", "0.0", "100%"]
    # Guesses at random from the weights are far from the real hand's deadwood.
    assert float(rows["weights"][1]) > float(rows["truth"][1])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--models", "organised,crystal"], "no such model: crystal"),
        (["--opponent", "nobody"], "unknown player 'nobody'"),
        (["--deals", "1"], "--deals must be at least 2"),
    ],
)
def test_bad_options_are_refused_with_one_line(args: list[str], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
