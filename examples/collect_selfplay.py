"""Batched self-play: collect trajectories on worker processes and take REINFORCE steps.

A linear softmax policy over the 429-value observation (``logits = obs @ W + b``, illegal ids
masked out) plays both seats of ``--games`` games per worker in
:class:`cardtable.gin.env.GinRummyVectorEnv`; a :class:`cardtable.gin.env.Collector` gathers
``--steps`` steps of each game on ``--workers`` spawned processes (observation, mask, action,
reward, log-probability, seat, done). Each row's return is the points its seat won by the end
of that hand (zero-sum: the step that ends a hand pays its player, the other seat the
opposite); rows of hands still under way when the batch ends are left out. Every update is
evaluated against the built-in random opponent on ``--eval`` hands, in points per hand.

This is the shape of a training loop, not a strong agent: a linear policy over these features
learns mostly to knock and to go gin when it may, which is already worth points against a
random player.

Run: ``python examples/collect_selfplay.py [--quick] [--updates U] [--workers W] [--games N]
[--steps T] [--seed S]``; ``--quick`` is a smoke run of a few seconds (the tests use it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

# One BLAS thread per process: the workers are the parallelism, and BLAS threads of several
# processes fighting over the same cores make the matrix products many times slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # (imported after the thread settings)
import numpy.typing as npt

from cardtable.gin.env import (
    NUM_ACTIONS,
    OBS_SIZE,
    Collector,
    GinRummyVectorEnv,
    Trajectories,
)

F32 = npt.NDArray[np.float32]
I8 = npt.NDArray[np.int8]


class LinearPolicy:
    """``softmax(obs @ weights + bias)`` over the legal ids; picklable (numpy arrays only)."""

    def __init__(self, weights: F32, bias: F32, greedy: bool = False) -> None:
        self.weights = weights
        self.bias = bias
        self.greedy = greedy

    def probabilities(self, observations: F32, masks: I8) -> F32:
        logits = observations @ self.weights + self.bias
        logits = np.where(masks == 1, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        result: F32 = weights / weights.sum(axis=1, keepdims=True)
        return result

    def __call__(
        self, observations: F32, masks: I8, rng: np.random.Generator
    ) -> tuple[npt.NDArray[np.int64], F32]:
        p = self.probabilities(observations, masks)
        if self.greedy:
            chosen = np.argmax(p, axis=1)
        else:
            # Inverse-CDF sampling; the clip keeps rounding at the top end on a legal id.
            chosen = (p.cumsum(axis=1) < rng.random((len(p), 1))).sum(axis=1)
            chosen = np.minimum(chosen, NUM_ACTIONS - 1)
            stray = masks[np.arange(len(p)), chosen] == 0
            chosen[stray] = np.argmax(p[stray], axis=1)
        log_probs = np.log(p[np.arange(len(p)), chosen]).astype(np.float32)
        return chosen.astype(np.int64), log_probs


def hand_returns(batch: Trajectories) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """Each row's return for its own seat, and which rows belong to hands that ended."""
    steps, games = batch.actions.shape
    returns = np.zeros((steps, games))
    complete = np.zeros((steps, games), dtype=np.bool_)
    carry = np.zeros((games, 2))
    seen_end = np.zeros(games, dtype=np.bool_)
    columns = np.arange(games)
    for t in range(steps - 1, -1, -1):
        ended = batch.terminated[t] | batch.truncated[t]
        carry[ended] = 0.0  # the rows after this one belong to the next hand
        seen_end |= ended
        seats = batch.seats[t].astype(np.int64)
        carry[columns, seats] += batch.rewards[t]
        carry[columns, 1 - seats] -= batch.rewards[t]
        returns[t] = carry[columns, seats]
        complete[t] = seen_end
    return returns, complete


def evaluate(policy: LinearPolicy, hands: int, seed: int) -> float:
    """Points per hand of the greedy policy against the built-in random opponent."""
    greedy = LinearPolicy(policy.weights, policy.bias, greedy=True)
    # Same-step autoreset: every row is a decision (no all-zero mask after an ending).
    environment = GinRummyVectorEnv(
        min(hands, 512), opponent="random", seat=None, autoreset_mode="SameStep"
    )
    observations, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, finished = 0.0, 0
    while finished < hands:
        chosen, _ = greedy(observations, info["action_mask"], rng)
        observations, rewards, terminated, _, info = environment.step(chosen)
        total += float(rewards.sum())
        finished += int(terminated.sum())
    return total / finished


def update(policy: LinearPolicy, batch: Trajectories, rate: float) -> None:
    """One REINFORCE step on the rows of finished hands, advantages normalised."""
    returns, complete = hand_returns(batch)
    if not complete.any():
        return  # no hand ended in this batch: nothing to learn from yet
    observations = batch.observations[complete]
    masks = batch.masks[complete]
    actions = batch.actions[complete]
    advantage = returns[complete]
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    p = policy.probabilities(observations, masks)
    p[np.arange(len(actions)), actions] -= 1.0  # minus the gradient of log p w.r.t. logits
    signal = (-p * advantage[:, None]).astype(np.float32) / len(actions)
    policy.weights += rate * observations.T @ signal
    policy.bias += rate * signal.sum(axis=0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--updates", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=512, help="games per worker")
    parser.add_argument("--steps", type=int, default=128, help="steps per game per update")
    parser.add_argument("--eval", type=int, default=2000, help="hands per evaluation")
    parser.add_argument("--rate", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.updates, args.games, args.steps, args.eval = 2, 32, 40, 100
    policy = LinearPolicy(
        np.zeros((OBS_SIZE, NUM_ACTIONS), dtype=np.float32),
        np.zeros(NUM_ACTIONS, dtype=np.float32),
    )
    print(f"update 0: {evaluate(policy, args.eval, args.seed):+.1f} points per hand vs random")
    with Collector(args.games, workers=args.workers, seed=args.seed, opponent="self") as workers:
        for number in range(1, args.updates + 1):
            start = time.perf_counter()
            batch = workers.collect(policy, args.steps)
            seconds = time.perf_counter() - start
            update(policy, batch, args.rate)
            score = evaluate(policy, args.eval, args.seed + number)
            rate = batch.steps * batch.games / seconds
            print(
                f"update {number}: {score:+.1f} points per hand vs random "
                f"({batch.steps * batch.games:,} steps collected at {rate:,.0f} steps/s, "
                f"{int(batch.terminated.sum())} hands ended)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
