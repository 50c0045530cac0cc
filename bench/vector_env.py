"""The vector environment's speed beside the scalar ones and OpenSpiel, in one run, as ratios.

Environment steps per second with uniform-random legal actions, each step giving the agent an
observation vector and the legal actions, as in ``bench/env_speed.py``:

* ours, vector: ``GinRummyVectorEnv(N, opponent="self")``, all games stepped by one call
  (``--num-envs``, 1,024 by default); the actions come from the masks by
  ``random_actions`` (numpy, over the batch). Only decisions count: the step after an
  episode ends deals again and takes no action from that game (next-step autoreset), so it
  is not counted;
* ours, vector against its built-in random opponent (``opponent="random"``): a step is the
  learner's decision, the opponent's turns inside it are not counted;
* ours, scalar: the PettingZoo environment ``env()`` as in ``bench/env_speed.py`` (every
  decision of both agents counts), and the Gymnasium environment ``GinRummyGymEnv`` against
  ``random`` (the learner's decisions);
* OpenSpiel: ``rl_environment.Environment("gin_rummy")`` (decisions only; chance steps are
  not counted).

The contenders take turns in rotating rounds (``--rounds``, ``--seconds`` each), so load
from other processes hits them alike; the ratios come from the same rounds. ``--sizes``
also times the vector environment at other batch sizes (after the main table).

Run: ``python bench/vector_env.py [--num-envs N] [--seconds S] [--rounds R] [--sizes N ...]
[--json]``. OpenSpiel is skipped (with a note) when it is not installed.
"""

from __future__ import annotations

import argparse
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

# One unit of work: returns the decisions it made.
Work = Callable[[], int]


@dataclass
class Contender:
    key: str
    label: str
    work: Work
    vector: bool  # ours, batched
    peer: bool  # not ours
    steps: int = 0
    seconds: float = 0.0
    rounds: list[float] = field(default_factory=list)  # steps/s of each round

    @property
    def rate(self) -> float:
        return self.steps / self.seconds if self.seconds else float("nan")


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def vector_env(num_envs: int, opponent: str, seed: int, calls: int = 10) -> Work:
    from cardtable.gin.env.vector import GinRummyVectorEnv, random_actions

    environment = GinRummyVectorEnv(num_envs, opponent=opponent)
    _, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    state = {"info": info, "done": np.zeros(num_envs, dtype=np.bool_)}

    def steps() -> int:
        decisions = 0
        info = state["info"]
        done = state["done"]
        for _ in range(calls):
            # Games that ended last step are dealt again now and take no action: no decision.
            decisions += num_envs - int(done.sum())
            _, _, terminated, truncated, info = environment.step(
                random_actions(info["action_mask"], rng)
            )
            done = terminated | truncated
        state["info"], state["done"] = info, done
        return decisions

    return steps


def pettingzoo_env(seed: int) -> Work:
    from cardtable.gin.env import env

    environment = env()
    environment.reset(seed=seed)
    choice = random.Random(seed).choice

    def episode() -> int:
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
        return steps

    return episode


def gymnasium_env(seed: int) -> Work:
    from cardtable.gin.env import GinRummyGymEnv

    environment = GinRummyGymEnv(opponent="random")
    choice = random.Random(seed).choice
    counter = [seed]

    def episode() -> int:
        counter[0] += 1
        _, info = environment.reset(seed=counter[0])
        steps = 0
        terminated = False
        while not terminated:
            action = choice(info["action_mask"].nonzero()[0])
            _, _, terminated, _, info = environment.step(int(action))
            steps += 1
        return steps

    return episode


def openspiel_rl_env(seed: int) -> Work:
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(
        "gin_rummy", chance_event_sampler=rl_environment.ChanceEventSampler(seed)
    )
    choice = random.Random(seed).choice

    def episode() -> int:
        step = environment.reset()
        steps = 0
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([choice(step.observations["legal_actions"][player])])
            steps += 1
        return steps

    return episode


def measure(contender: Contender, seconds: float, record: bool = True) -> None:
    """Repeat its work for ``seconds`` (the unit under way is finished)."""
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        steps += contender.work()
        now = time.perf_counter()
    if record:
        contender.steps += steps
        contender.seconds += now - start
        contender.rounds.append(steps / (now - start))


def run(args: argparse.Namespace, notes: list[str]) -> list[Contender]:
    n = args.num_envs
    candidates: list[tuple[str, str, Callable[[], Work], bool, bool]] = [
        ("vector", f"ours: vector env, N={n:,}, self-play",
         lambda: vector_env(n, "self", args.seed), True, False),
        ("vector_random", f"ours: vector env, N={n:,}, vs random",
         lambda: vector_env(n, "random", args.seed), True, False),
        ("pettingzoo", "ours: scalar PettingZoo env()", lambda: pettingzoo_env(args.seed),
         False, False),
        ("gymnasium", "ours: scalar GinRummyGymEnv vs random", lambda: gymnasium_env(args.seed),
         False, False),
        ("openspiel", "OpenSpiel rl_environment", lambda: openspiel_rl_env(args.seed),
         False, True),
    ]  # fmt: skip
    contenders = []
    for key, label, make, vector, peer in candidates:
        try:
            contenders.append(Contender(key, label, make(), vector, peer))
        except ImportError as error:
            notes.append(f"{label}: skipped ({error})")
    for contender in contenders:  # warm-up: imports, tables, first-call costs
        measure(contender, min(0.5, args.seconds / args.rounds), record=False)
    for round_no in range(args.rounds):
        shift = round_no % len(contenders)
        for contender in contenders[shift:] + contenders[:shift]:
            measure(contender, args.seconds / args.rounds)
    return contenders


def sizes(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    for n in args.sizes:
        contender = Contender(str(n), f"N={n:,}", vector_env(n, "self", args.seed), True, False)
        measure(contender, 0.3, record=False)
        measure(contender, args.seconds)
        rows.append({"num_envs": n, "rate": contender.rate})
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--num-envs", type=int, default=1024, help="games per vector env")
    parser.add_argument("--seconds", type=float, default=6.0, help="timed seconds per engine")
    parser.add_argument("--rounds", type=int, default=3, help="turns per engine")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--sizes", type=int, nargs="*", default=[], help="other batch sizes")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.num_envs < 1 or min(args.sizes, default=1) < 1:
        parser.error("--seconds, --rounds, --num-envs and --sizes must be positive")
    notes: list[str] = []
    contenders = run(args, notes)
    ratios = {
        f"{mine.key}/{other.key}": mine.rate / other.rate
        for mine in contenders
        if mine.vector
        for other in contenders
        if not other.vector
    }
    report: dict[str, Any] = {
        "benchmark": "vector_env",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "versions": {
            "cardtable": _version("cardtable"),
            "numpy": np.__version__,
            "gymnasium": _version("gymnasium"),
            "open_spiel": _version("open_spiel"),
        },
        "num_envs": args.num_envs,
        "seconds_per_engine": args.seconds,
        "rounds": args.rounds,
        "results": {
            c.key: {"label": c.label, "rate": c.rate, "rate_by_round": c.rounds} for c in contenders
        },
        "ratios": ratios,
        "sizes": sizes(args),
        "notes": notes,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    versions = ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    print(f"Python {report['python']} on {report['machine']}; {versions}")
    print(f"{args.seconds:g} s per engine in {args.rounds} rounds")
    for note in notes:
        print(f"  note: {note}")
    print("\nenvironment steps per second, uniform-random legal actions (higher is better)")
    for c in contenders:
        spread = ", ".join(f"{r:,.0f}" for r in c.rounds)
        print(f"  {c.label:<44} {c.rate:>12,.0f}  (rounds: {spread})")
    for mine in contenders:
        if not mine.vector:
            continue
        for other in contenders:
            if not other.vector:
                print(f"  {mine.label} / {other.label}: {mine.rate / other.rate:.1f}x")
    if report["sizes"]:
        print("\nvector env, self-play, by batch size (steps/s)")
        for row in report["sizes"]:
            print(f"  N={row['num_envs']:<8,} {row['rate']:>12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
