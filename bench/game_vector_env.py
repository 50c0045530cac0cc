"""The kit's vector environment (any game's) beside the game's scalar environments, in steps
a second, uniform-random legal play.

* scalar, self-play: the PettingZoo AEC environment ``aec_env(game, reward="hand")``, every
  decision of both agents counted;
* scalar, against a random opponent: the Gymnasium environment ``gym_env(game, "random")``
  (the game's ``random`` level), the learner's decisions counted;
* vector, ``GameVectorEnv(game, N, opponent="self")``: every decision counted (the step
  after an ending deals again and takes no action from that game: not counted);
* vector, ``opponent="random"`` (uniform random legal ids): the learner's decisions counted.

The learner's ids come from ``random_actions`` over the masks (vector) or a uniform choice
among the legal ids (scalar). The contenders take turns in rotating rounds (``--rounds``,
``--seconds`` each), so load from other processes hits them alike; each figure is the
median of its rounds.

Run: ``python bench/game_vector_env.py [--game cribbage] [--sizes 1 16 256] [--seconds S]
[--rounds R]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

from cardtable.env import GameVectorEnv, aec_env, gym_env, random_actions

Runner = Callable[[float], float]


def vector(game: str, size: int, opponent: str) -> Runner:
    environment = GameVectorEnv(game, size, opponent=opponent, reward="hand")
    _, info = environment.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        nonlocal info
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            masks = info["action_mask"]
            steps += int(masks.any(axis=1).sum())
            _, _, _, _, info = environment.step(random_actions(masks, rng))
        return steps / (time.perf_counter() - start)

    return run


def scalar_aec(game: str) -> Runner:
    environment = aec_env(game, reward="hand")
    environment.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            if all(environment.terminations.values()):
                environment.reset()
                continue
            mask = environment.observe(environment.agent_selection)["action_mask"]
            environment.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        return steps / (time.perf_counter() - start)

    return run


def scalar_gym(game: str) -> Runner:
    environment = gym_env(game, "random", reward="hand")
    _, info = environment.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        nonlocal info
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = environment.step(action)
            steps += 1
            if terminated or truncated:
                _, info = environment.reset()
        return steps / (time.perf_counter() - start)

    return run


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 16, 256])
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    contenders: dict[str, Runner] = {
        "scalar AEC, self-play": scalar_aec(args.game),
        "scalar Gym, against the random level": scalar_gym(args.game),
    }
    for size in args.sizes:
        contenders[f"vector N={size}, self-play"] = vector(args.game, size, "self")
        contenders[f"vector N={size}, against random ids"] = vector(args.game, size, "random")
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, run in contenders.items():
            rates[name].append(run(args.seconds))
    print(f"{args.game}: steps a second, median of {args.rounds} rounds of {args.seconds} s")
    for name, found in rates.items():
        print(f"  {name:<40} {statistics.median(found):>9,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
