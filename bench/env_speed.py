"""Research-API speed, side by side with OpenSpiel and RLCard in one run.

Three measurements, each printed with the ratio of ours to every peer:

* ``steps``: environment steps per second with uniform-random agents, each environment
  giving an observation and the legal actions at every step, as a learner needs them:

  - ours: the PettingZoo AEC environment ``cardtable.gin.env.env()`` as users get it (it makes
    the checks of PettingZoo's wrappers itself), and the same inside PettingZoo's
    ``OrderEnforcingWrapper``, as PettingZoo's classic games ship; the agent reads ``last()``
    (429-float observation and 108-entry mask) and picks among the mask's ids;
  - OpenSpiel: ``rl_environment.Environment("gin_rummy")`` (its Python RL API: chance
    handled inside, an observation tensor and legal actions per step; ``reset()``, its only
    way to start), and the ``pyspiel`` state API with ``observation_tensor()`` and
    ``legal_actions()`` read at every decision, each hand started from a clone of the initial
    state (its fastest documented start, as in ``bench/random_play.py``; the label says
    ``clone()``);
  - RLCard: ``rlcard.make("gin-rummy")``, ``step()`` returning the encoded state and legal
    actions.

  Only decisions count as steps (OpenSpiel's deal is 21 chance steps, not counted).
* ``selfplay``: whole hands per second of a simple bot against itself: ours ``simple``
  through the simulator's game loop (``cardtable.sim.play_game``, one process) and
  through the plain engine loop (``hand.observation`` at every decision); OpenSpiel's
  ``make_simple_gin_rummy_bot`` (C++) through ``pyspiel``; RLCard's
  ``GinRummyNoviceRuleAgent`` through its environment.
* ``copy``: microseconds to copy a mid-hand state: ours ``Hand.copy()``; OpenSpiel
  ``state.clone()``; RLCard ``copy.deepcopy(game)`` (it has no copy method).

The engines take turns in rounds (``--rounds``, rotating order) for ``--seconds`` each, so
load from other processes hits them alike. The rules are not the same (OpenSpiel and RLCard
differ from RULES.md, see docs/research.md), so decisions per hand are printed too.

Run: ``python bench/env_speed.py [--seconds S] [--rounds R] [--only steps selfplay copy]
[--json]``. A peer that is not installed is reported and skipped.
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

try:
    import cardtable.gin  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

# One unit of work: returns (units done, steps done) for the tally.
Work = Callable[[], tuple[int, int]]


@dataclass
class Contender:
    key: str
    label: str
    work: Work
    peer: bool  # a peer engine (not ours)


@dataclass
class Tally:
    units: int = 0
    steps: int = 0
    seconds: float = 0.0
    rounds: list[tuple[int, int, float]] = field(default_factory=list)  # units, steps, s

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds else float("nan")

    @property
    def step_rate(self) -> float:
        return self.steps / self.seconds if self.seconds else float("nan")


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


# -- steps: environments with random agents -------------------------------------------------


def ours_env(wrapped: bool, seed: int) -> Work:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from cardtable.gin.env import env

    environment = OrderEnforcingWrapper(env()) if wrapped else env()
    environment.reset(seed=seed)
    rng = random.Random(seed)
    choice = rng.choice

    def episode() -> tuple[int, int]:
        environment.reset()
        steps = 0
        last = environment.last
        step = environment.step
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = last()
            if terminated or truncated:
                step(None)
                continue
            step(choice(observation["action_mask"].nonzero()[0]))
            steps += 1
        return 1, steps

    return episode


def openspiel_rl_env(seed: int) -> Work:
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(
        "gin_rummy", chance_event_sampler=rl_environment.ChanceEventSampler(seed)
    )
    rng = random.Random(seed)
    choice = rng.choice

    def episode() -> tuple[int, int]:
        step = environment.reset()
        steps = 0
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([choice(step.observations["legal_actions"][player])])
            steps += 1
        return 1, steps

    return episode


def openspiel_state_api(seed: int) -> Work:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    choice = rng.choice
    uniform = rng.random
    sample = pyspiel.sample_action

    initial = game.new_initial_state()

    def episode() -> tuple[int, int]:
        # OpenSpiel's fastest documented start: a clone of the initial state (building one
        # with new_initial_state() costs about 1 ms a hand), as bench/random_play.py does.
        state = initial.clone()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), uniform())[0])
                continue
            player = state.current_player()
            state.observation_tensor(player)  # what an agent would read
            state.apply_action(choice(state.legal_actions(player)))
            steps += 1
        return 1, steps

    return episode


def rlcard_env(seed: int) -> Work:
    import rlcard

    environment = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    choice = rng.choice

    def episode() -> tuple[int, int]:
        state, _ = environment.reset()
        steps = 0
        while not environment.is_over():
            state, _ = environment.step(choice(list(state["legal_actions"])))
            steps += 1
        return 1, steps

    return episode


# -- selfplay: simple bots -------------------------------------------------------------------


def ours_selfplay_simulator(seed: int) -> Work:
    from cardtable.gin.rules import Rules
    from cardtable.sim import play_game

    rules = Rules()
    counter = [0]

    def hand() -> tuple[int, int]:
        counter[0] += 1
        game = play_game(["simple", "simple"], rules, f"{seed}:{counter[0]}", unit="hand")
        return 1, game.decisions[0] + game.decisions[1]

    return hand


def ours_selfplay_engine(seed: int) -> Work:
    from cardtable.cards import fair_cut
    from cardtable.gin.hand import Hand
    from cardtable.gin.players import make_player
    from cardtable.gin.rules import Rules

    rules = Rules()
    players = [make_player("simple"), make_player("simple")]
    counter = [0]

    def hand() -> tuple[int, int]:
        counter[0] += 1
        text = f"{seed}:{counter[0]}"
        state = Hand.deal(rules, fair_cut(text), seed=text)
        steps = 0
        while not state.is_over:
            seat = state.to_act
            state.apply(players[seat].act(state.observation(seat)))
            steps += 1
        return 1, steps

    return hand


def openspiel_selfplay(seed: int) -> Work:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    bots = [pyspiel.make_simple_gin_rummy_bot(params, player) for player in (0, 1)]
    rng = random.Random(seed)
    uniform = rng.random
    sample = pyspiel.sample_action

    initial = game.new_initial_state()

    def hand() -> tuple[int, int]:
        state = initial.clone()  # the fastest documented start, as above
        for bot in bots:
            bot.restart()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), uniform())[0])
                continue
            state.apply_action(bots[state.current_player()].step(state))
            steps += 1
        return 1, steps

    return hand


def rlcard_selfplay(seed: int) -> Work:
    import rlcard
    from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent

    np.random.seed(seed % 2**32)  # the novice agent breaks ties with np.random
    environment = rlcard.make("gin-rummy", config={"seed": seed})
    agent = GinRummyNoviceRuleAgent()

    def hand() -> tuple[int, int]:
        state, _ = environment.reset()
        steps = 0
        while not environment.is_over():
            state, _ = environment.step(agent.step(state))
            steps += 1
        return 1, steps

    return hand


# -- copy: mid-hand states --------------------------------------------------------------------

COPY_BATCH = 200


def ours_copy(seed: int) -> Work:
    from cardtable.gin.hand import Hand

    rng = random.Random(seed)
    states = []
    for number in range(20):
        hand = Hand.deal(seed=f"copy-{seed}-{number}", dealer=number % 2)
        for _ in range(40):
            hand.apply(rng.choice(hand.legal_actions()))
        states.append(hand)

    def batch() -> tuple[int, int]:
        for state in states * (COPY_BATCH // len(states)):
            state.copy()
        return COPY_BATCH, 0

    return batch


def openspiel_copy(seed: int) -> Work:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    states = []
    for _ in range(20):
        state = game.new_initial_state()
        decisions = 0
        while decisions < 40 and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(pyspiel.sample_action(state.chance_outcomes(), rng.random())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        states.append(state)

    def batch() -> tuple[int, int]:
        for state in states * (COPY_BATCH // len(states)):
            state.clone()
        return COPY_BATCH, 0

    return batch


def rlcard_copy(seed: int) -> Work:
    import rlcard

    environment = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    games = []
    for _ in range(4):
        state, _ = environment.reset()
        for _ in range(40):
            if environment.is_over():
                break
            state, _ = environment.step(rng.choice(list(state["legal_actions"])))
        games.append(copy.deepcopy(environment.game))
    batch_size = COPY_BATCH // 10  # a deep copy is slow: fewer per batch

    def batch() -> tuple[int, int]:
        for game in games * (batch_size // len(games)):
            copy.deepcopy(game)
        return batch_size, 0

    return batch


# -- running ---------------------------------------------------------------------------------

# name -> (title, unit, contenders); the "steps/s" section rates steps, the others units.
SECTIONS: dict[str, tuple[str, str, list[tuple[str, str, Callable[[int], Work], bool]]]] = {
    "steps": (
        "environment steps per second, uniform-random agents",
        "steps/s",
        [
            ("ours", "ours: PettingZoo env()", lambda s: ours_env(False, s), False),
            (
                "ours_wrapped",
                "ours: env() in OrderEnforcingWrapper",
                lambda s: ours_env(True, s),
                False,
            ),
            ("openspiel_rl", "OpenSpiel rl_environment", openspiel_rl_env, True),
            (
                "openspiel_api",
                "OpenSpiel pyspiel + obs_tensor, clone()",
                openspiel_state_api,
                True,
            ),
            ("rlcard", "RLCard env", rlcard_env, True),
        ],
    ),
    "selfplay": (
        "simple-bot self-play, hands per second",
        "hands/s",
        [
            ("ours", "ours: simple, simulator loop", ours_selfplay_simulator, False),
            ("ours_engine", "ours: simple, hand.observation loop", ours_selfplay_engine, False),
            ("openspiel", "OpenSpiel simple bot (C++), clone()", openspiel_selfplay, True),
            ("rlcard", "RLCard novice rule agent", rlcard_selfplay, True),
        ],
    ),
    "copy": (
        "copying a mid-hand state",
        "copies/s",
        [
            ("ours", "ours: Hand.copy()", ours_copy, False),
            ("openspiel", "OpenSpiel state.clone()", openspiel_copy, True),
            ("rlcard", "RLCard deepcopy(game)", rlcard_copy, True),
        ],
    ),
}


def measure(work: Work, seconds: float, tally: Tally) -> None:
    """Repeat ``work`` for ``seconds`` (the unit under way is finished)."""
    units = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        done, moved = work()
        units += done
        steps += moved
        now = time.perf_counter()
    tally.units += units
    tally.steps += steps
    tally.seconds += now - start
    tally.rounds.append((units, steps, now - start))


def run_section(name: str, args: argparse.Namespace, notes: list[str]) -> dict[str, Any]:
    title, unit, candidates = SECTIONS[name]
    contenders = []
    for key, label, make, peer in candidates:
        try:
            contenders.append(Contender(key, label, make(args.seed), peer))
        except ImportError as error:
            notes.append(f"{label}: skipped ({error})")
    for contender in contenders:  # warm-up: imports, caches, first-call costs
        measure(contender.work, min(0.3, args.seconds / args.rounds), Tally())
    tallies = {c.key: Tally() for c in contenders}
    for round_no in range(args.rounds):
        shift = round_no % len(contenders)
        for contender in contenders[shift:] + contenders[:shift]:
            measure(contender.work, args.seconds / args.rounds, tallies[contender.key])
    results: dict[str, Any] = {}
    for contender in contenders:
        tally = tallies[contender.key]
        by_steps = unit == "steps/s"
        results[contender.key] = {
            "label": contender.label,
            "peer": contender.peer,
            "rate": tally.step_rate if by_steps else tally.rate,
            "hands_per_second": tally.rate if by_steps else None,
            "rate_by_round": [(st if by_steps else u) / sec for u, st, sec in tally.rounds],
            "units": tally.units,
            "steps_per_unit": tally.steps / tally.units if tally.units and tally.steps else None,
        }
    return {"title": title, "unit": unit, "results": results}


def print_section(section: dict[str, Any]) -> None:
    unit = section["unit"]
    print(f"\n{section['title']} ({unit}, higher is better)")
    results = section["results"]
    for info in results.values():
        extra = ""
        if info["steps_per_unit"]:
            extra = f"  ({info['steps_per_unit']:.1f} decisions per hand"
            if info["hands_per_second"]:
                extra += f", {info['hands_per_second']:,.0f} hands/s"
            extra += ")"
        if unit == "copies/s":
            extra = f"  ({1e6 / info['rate']:.2f} us per copy)"
        print(f"  {info['label']:<42} {info['rate']:>12,.0f}{extra}")
    ours = [k for k, v in results.items() if not v["peer"]]
    for mine in ours:
        for info in results.values():
            if info["peer"]:
                ratio = results[mine]["rate"] / info["rate"]
                print(f"  {results[mine]['label']} / {info['label']}: {ratio:.2f}x")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="timed seconds per engine")
    parser.add_argument("--rounds", type=int, default=3, help="turns per engine")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", nargs="+", choices=list(SECTIONS), default=list(SECTIONS))
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds and --rounds must be positive")
    notes: list[str] = []
    report: dict[str, Any] = {
        "benchmark": "env_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "versions": {
            "cardtable": _version("cardtable"),
            "pettingzoo": _version("pettingzoo"),
            "open_spiel": _version("open_spiel"),
            "rlcard": _version("rlcard"),
        },
        "seconds_per_engine": args.seconds,
        "rounds": args.rounds,
        "sections": {},
        "notes": notes,
    }
    for name in args.only:
        report["sections"][name] = run_section(name, args, notes)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    versions = ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    print(f"Python {report['python']} on {report['machine']}; {versions}")
    print(f"{args.seconds:g} s per engine in {args.rounds} rounds")
    for note in notes:
        print(f"  note: {note}")
    for section in report["sections"].values():
        print_section(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
