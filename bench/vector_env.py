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
from other processes hits them alike; the ratios come from the same rounds.

``--sizes N ...`` adds a second table (after the main one), the path by batch size: at each
N, the vector environment on each of its paths (``path="batch"``: the numpy batch;
``path="scalar"``: each game's hand stepped by the engine) in self-play and against its
random opponent, which path ``path="auto"`` (the default) takes there, and beside them the
scalar environments with the same opponents (PettingZoo ``env()`` for self-play,
``GinRummyGymEnv`` against ``random``) and OpenSpiel, all in the same rotating rounds
(``--seconds`` per contender in all). A vector environment without paths (an older
checkout) is timed as its batch. ``--cpu-time`` counts this process's CPU seconds instead of
wall-clock ones: on a shared, loaded machine the figures then measure the code, not the
neighbours (both kinds are fair between contenders of one run).

Run: ``python bench/vector_env.py [--num-envs N] [--seconds S] [--rounds R] [--sizes N ...]
[--cpu-time] [--json]``; the path by size as in docs/performance.md:
``python bench/vector_env.py --sizes 1 2 4 8 16 64 256 1024 --seconds 1 --rounds 1``
(``--rounds`` and ``--seconds`` for the main table; the sizes table takes its own three
rounds). OpenSpiel is skipped (with a note) when it is not installed.
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


def vector_paths() -> tuple[str, ...]:
    """The paths of this checkout's vector environment (``("batch",)`` before it had any)."""
    from cardtable.gin.env.vector import GinRummyVectorEnv

    try:
        GinRummyVectorEnv(1, path="scalar")  # type: ignore[call-arg, unused-ignore]
    except TypeError:
        return ("batch",)
    return ("batch", "scalar")


def auto_path(num_envs: int) -> str:
    """The path the vector environment takes by default at ``num_envs`` games."""
    from cardtable.gin.env.vector import GinRummyVectorEnv

    return str(getattr(GinRummyVectorEnv(num_envs), "path", "batch"))


def vector_env(
    num_envs: int, opponent: str, seed: int, calls: int = 10, path: str | None = None
) -> Work:
    from cardtable.gin.env.vector import GinRummyVectorEnv, random_actions

    options: dict[str, Any] = {} if path is None else {"path": path}
    environment = GinRummyVectorEnv(num_envs, opponent=opponent, **options)
    _, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    state = {"info": info, "done": np.zeros(num_envs, dtype=np.bool_)}

    def steps() -> int:
        decisions = 0
        info = state["info"]
        done = state["done"]
        for _ in range(calls):
            # Games that ended last step are dealt again now and take no action: no decision.
            decisions += num_envs - int(np.count_nonzero(done))
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


# The clock of measure(): wall-clock seconds, or this process's CPU seconds (--cpu-time).
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def measure(contender: Contender, seconds: float, record: bool = True) -> None:
    """Repeat its work for ``seconds`` (the unit under way is finished)."""
    clock = CLOCK[0]
    steps = 0
    start = clock()
    deadline = start + seconds
    now = start
    while now < deadline:
        steps += contender.work()
        now = clock()
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


# The scalar environments beside the sizes table: (key, label, opponent mode, factory).
SCALAR_PEERS: list[tuple[str, str, str, Callable[[int], Work]]] = [
    ("pettingzoo", "scalar PettingZoo env()", "self", pettingzoo_env),
    ("gymnasium", "scalar GinRummyGymEnv vs random", "random", gymnasium_env),
    ("openspiel", "OpenSpiel rl_environment", "", openspiel_rl_env),
]
SIZE_ROUNDS = 3


def sizes(args: argparse.Namespace, notes: list[str]) -> dict[str, Any]:
    """The path by batch size: each path of the vector environment at each size, and the
    scalar environments, in the same rotating rounds."""
    if not args.sizes:
        return {"rows": [], "scalar": {}}
    paths = vector_paths()
    contenders: list[Contender] = []
    for n in args.sizes:
        for opponent in ("self", "random"):
            for path in paths:
                # An environment without paths takes no path argument.
                work = vector_env(n, opponent, args.seed, path=path if len(paths) > 1 else None)
                contenders.append(Contender(f"{n}/{opponent}/{path}", f"N={n:,}", work, True,
                                            False))  # fmt: skip
    peers = []
    for key, label, _opponent, make in SCALAR_PEERS:
        try:
            peers.append(Contender(key, label, make(args.seed), False, key == "openspiel"))
        except ImportError as error:
            notes.append(f"{label}: skipped ({error})")
    everyone = contenders + peers
    share = args.seconds / SIZE_ROUNDS
    for contender in everyone:
        measure(contender, min(0.2, share), record=False)
    for round_no in range(SIZE_ROUNDS):
        shift = round_no * len(everyone) // SIZE_ROUNDS
        for contender in everyone[shift:] + everyone[:shift]:
            measure(contender, share)
    rates = {c.key: c.rate for c in contenders}
    rows = []
    for n in args.sizes:
        chosen = auto_path(n)
        row: dict[str, Any] = {"num_envs": n, "auto": chosen}
        for opponent in ("self", "random"):
            row[opponent] = {path: rates[f"{n}/{opponent}/{path}"] for path in paths}
            row[opponent]["auto"] = row[opponent][chosen]
        rows.append(row)
    return {"rows": rows, "scalar": {c.key: {"label": c.label, "rate": c.rate} for c in peers}}


def print_sizes(table: dict[str, Any]) -> None:
    rows, scalar = table["rows"], table["scalar"]
    if not rows:
        return
    paths = [p for p in ("batch", "scalar") if p in rows[0]["self"]]
    print("\nthe path by batch size: environment steps per second (decisions), random actions")
    for peer in scalar.values():
        print(f"  {peer['label']:<40} {peer['rate']:>10,.0f}")
    pz, gym = scalar.get("pettingzoo", {}).get("rate"), scalar.get("gymnasium", {}).get("rate")
    spiel = scalar.get("openspiel", {}).get("rate")
    head = "".join(f"{p:>10}" for p in paths)
    print(f"  {'':>8} {'self-play:':<10}{head}{'auto':>16}{'/ scalar':>9}"
          f"   {'vs random:':<10}{head}{'auto':>16}{'/ scalar':>9}")  # fmt: skip
    for row in rows:
        cells = []
        for opponent, peer in (("self", pz), ("random", gym)):
            rates = row[opponent]
            line = "".join(f"{rates[p]:>10,.0f}" for p in paths)
            auto = f"{row['auto']} {rates['auto']:,.0f}"
            ratio = f"{rates['auto'] / peer:.2f}x" if peer else "-"
            cells.append(f"{'':<10}{line}{auto:>16}{ratio:>9}")
        print(f"  N={row['num_envs']:<6,} " + "   ".join(cells))
    if spiel:
        first = rows[0]
        print(f"  at N={first['num_envs']:,}, auto ({first['auto']}) / OpenSpiel: "
              f"self-play {first['self']['auto'] / spiel:.2f}x, "
              f"vs random {first['random']['auto'] / spiel:.2f}x")  # fmt: skip
    print("  (/ scalar: auto's rate over the scalar environment with the same opponent)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--num-envs", type=int, default=1024, help="games per vector env")
    parser.add_argument("--seconds", type=float, default=6.0, help="timed seconds per engine")
    parser.add_argument("--rounds", type=int, default=3, help="turns per engine")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--sizes", type=int, nargs="*", default=[], help="other batch sizes")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time by this process's CPU seconds, not the wall clock")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.cpu_time:
        CLOCK[0] = time.process_time
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
        "clock": "process CPU time" if args.cpu_time else "wall clock",
        "seconds_per_engine": args.seconds,
        "rounds": args.rounds,
        "results": {
            c.key: {"label": c.label, "rate": c.rate, "rate_by_round": c.rounds} for c in contenders
        },
        "ratios": ratios,
        "sizes": sizes(args, notes),
        "notes": notes,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    versions = ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    print(f"Python {report['python']} on {report['machine']}; {versions}")
    print(f"{args.seconds:g} s per engine in {args.rounds} rounds, timed by {report['clock']}")
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
    print_sizes(report["sizes"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
