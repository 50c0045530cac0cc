"""A seed-inverting agent gains nothing from a secret run seed (issue 13).

The inverter (``tests/sim/cheater.py``) tries to work out the deal from everything it is
handed: its seed (brute force over guessable run seeds and deal numbers, under the old
derivation and today's), its observations, and (the peeking one) the objects of its own
process. The first tests show that it succeeds wherever the deals could be learnt: the old
derivation, a guessable seed today, a player inside the evaluator's process. So when it learns
nothing from a secret seed, or in ``evaluate``'s separate process, the test could have failed.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardtable.gin.rules import Rules
from cardtable.sim import play_game, simulate
from cardtable.sim.evaluate import evaluate, figures

from .cheater import (
    LOG,
    PeekingInverter,
    SeedInverter,
    honest,
    old_player_seed,
    read_log,
    seed_book,
)
from .helpers import fingerprint

UNGUESSABLE = "5f1d3c9e0a7b42d8b6e1c0f9a3d27e64"  # a fixed seed, as hard to guess as a secret
INVERTER = "tests.sim.cheater:SeedInverter"
PEEKING = "tests.sim.cheater:PeekingInverter"


def to_agent() -> dict[str, str]:
    """The inverter's log variable (set by ``tally``), handed to an evaluated agent, whose
    environment is otherwise bare."""
    return {LOG: os.environ[LOG]}


@dataclass
class Tally:
    """What the inverters logged."""

    events: list[dict[str, Any]] = field(default_factory=list)

    def count(self, event: str, **where: Any) -> int:
        return sum(
            1
            for e in self.events
            if e["event"] == event and all(e.get(k) == v for k, v in where.items())
        )

    @property
    def chance(self) -> float:
        """How many blind predictions a guess would get right on average."""
        return sum(e["chance"] for e in self.events if e["event"] == "draw")

    @property
    def pids(self) -> set[int]:
        return {e["pid"] for e in self.events}


@pytest.fixture
def tally(agent_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], Tally]]:
    """``tally()`` reads (and clears) what the inverters logged since the last call (in this
    process, and in an evaluated agent's, handed the variable by :func:`to_agent`)."""
    path = agent_dir / "inverter.jsonl"
    monkeypatch.setenv(LOG, str(path))

    def read() -> Tally:
        events = read_log(path) if path.exists() else []
        path.unlink(missing_ok=True)
        return Tally(events)

    yield read


def test_the_old_derivation_gave_every_deal_away(tally: Callable[[], Tally]) -> None:
    # The simulator's seeds before issue 13: game seed "{run}:{deal}", run "0" by default.
    book = seed_book()
    assert all(
        book[old_player_seed(f"0:{deal}", who)] == f"0:{deal}"
        for deal in range(64)
        for who in (0, 1)
    )
    seeds = (old_player_seed("0:3", 0), old_player_seed("0:3", 1))
    game = play_game([SeedInverter, "simple"], Rules(), "0:3", player_seeds=seeds)
    seen = tally()
    assert seen.count("built", recovered=True) == 1
    assert seen.count("hand", known=True) == seen.count("hand") == game.deals > 1
    assert seen.count("draw") > 10
    assert seen.count("draw", known=True, hit=True) == seen.count("draw")  # every stock card


def test_a_guessable_seed_gives_the_deals_away_today_too(tally: Callable[[], Tally]) -> None:
    # The keyed derivation protects nothing when its key can be guessed: the docs say so.
    result = simulate([SeedInverter, "simple"], games=4, seed=7)
    seen = tally()
    assert seen.count("built", recovered=True) == 4
    assert (
        seen.count("hand", known=True) == seen.count("hand") == sum(g.deals for g in result.results)
    )
    assert seen.count("draw", hit=True) == seen.count("draw") > 10


def test_a_secret_seed_gives_the_inverter_nothing(tally: Callable[[], Tally]) -> None:
    simulate([SeedInverter, "simple"], games=8)  # the default: a fresh secret seed
    seen = tally()
    assert seen.count("built") == 8 and seen.count("built", recovered=True) == 0
    assert seen.count("hand") > 8 and seen.count("hand", known=True) == 0  # no deal, not one
    assert seen.count("draw", known=True) == 0
    # Its predictions of the stock are a blind guess's (a fixed seed keeps this exact), and it
    # plays exactly the games of the honest player it is built on.
    cheating = simulate([SeedInverter, "simple"], games=12, seed=UNGUESSABLE)
    seen = tally()
    hits, expected = seen.count("draw", hit=True), seen.chance
    assert seen.count("draw") > 100 and seen.count("hand", known=True) == 0
    assert hits <= expected + 3 * math.sqrt(expected) + 1, (hits, expected)
    assert fingerprint(cheating) == fingerprint(
        simulate([honest, "simple"], games=12, seed=UNGUESSABLE)
    )


def test_a_player_in_the_evaluators_process_can_read_the_deck(
    tally: Callable[[], Tally],
) -> None:
    # Why evaluate() runs the agent in a process of its own: here the secret seed is no help.
    simulate([PeekingInverter, "simple"], games=2)
    seen = tally()
    assert seen.count("built", recovered=True) == 0
    assert seen.count("hand", known=True) == seen.count("hand") > 1
    assert seen.count("draw", hit=True) == seen.count("draw") > 0


def test_evaluate_gives_the_inverter_nothing(tally: Callable[[], Tally]) -> None:
    evaluation = evaluate(PEEKING, ["simple"], games=4, agent_environment=to_agent())
    seen = tally()
    assert evaluation.secret and os.getpid() not in seen.pids and len(seen.pids) == 1
    assert seen.count("built") == 5  # the spec's check, then one per game
    assert seen.count("built", recovered=True) == 0
    assert seen.count("hand") > 4 and seen.count("hand", known=True) == 0
    assert all(e["hands"] == 0 for e in seen.events if e["event"] == "peek")  # no engine there
    assert seen.count("draw", known=True) == 0
    # The same games as the honest player's, on the same deals.
    same = [
        evaluate(agent, ["simple"], games=4, seed=UNGUESSABLE, agent_environment=to_agent())
        for agent in (PEEKING, honest)
    ]
    tally()
    left_out = {"ms_per_decision", "seconds"}
    a, b = ({k: v for k, v in figures(e.results[0]).items() if k not in left_out} for e in same)
    assert a == b


def test_evaluate_hands_a_guessable_seed_through(tally: Callable[[], Tally]) -> None:
    # The agent's own process gets its seed as any player does: a public seed gives it away.
    evaluation = evaluate(INVERTER, ["simple"], games=2, seed=7, agent_environment=to_agent())
    seen = tally()
    assert not evaluation.secret
    assert seen.count("built", recovered=True) == 2
    assert seen.count("hand", known=True) == seen.count("hand") > 1
