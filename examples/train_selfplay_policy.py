"""Train a small neural policy for gin by self-play (PPO, numpy only) and ship its weights.

The network is a multilayer perceptron over the environment's 429-value observation: one
hidden layer of ``--hidden`` ReLU units, a policy head of 108 logits (illegal ids masked out
before the softmax) and a value head. Both seats of ``--games`` games are the learner in
:class:`cardtable.gin.env.GinRummyVectorEnv` (``opponent="self"``, one hand per episode, no
other opponent). A seat's reward is the points it won in the hand (scaled by
``1/POINT_SCALE``) at its last decision; while shaping is on, each of its earlier decisions
also earns the deadwood it shed by its next one (``--shaping``, faded to zero over the first
``--shaping-share`` of the run, so the end of training is on points alone). Advantages are
GAE (``--lam``) over each seat's own decisions with the value head as the baseline, and
every ``--batch`` decisions of finished hands the policy takes ``--epochs`` passes of
clipped PPO steps (Adam, gradients written out by hand) over them. Decisions of hands still
under way wait for their hand to end. ``--simple-share`` takes that share of each batch
from games against the ``simple`` player instead (the scalar environment
:class:`cardtable.gin.env.GinRummyGymEnv`, the learner's decisions only), and ``--init``
goes on from saved weights.

Every ``--eval-every`` updates the greedy policy, seated as a player, plays duplicate hands
against ``random`` and ``simple`` in the batch simulator; the hand win rates and the training
statistics (loss, mean return, entropy, hand length) go to a CSV log.

Outputs in ``--out``: ``selfplay_policy.npz`` (float16 weights, the file the ``neural``
level loads), ``training_log.csv`` and, with ``--plot``, ``training_curve.png``.

Needs numpy and gymnasium (``pip install 'cardtable[env]'``), matplotlib for ``--plot``.

Run: ``python examples/train_selfplay_policy.py [--quick] [--updates U] [--max-minutes M]
[--out DIR] [--plot]``. ``--quick`` is a smoke run of a few seconds (the tests use it). The
shipped weights are those of the defaults (``--plot`` added), stopped by the clock at 25
minutes (docs/trained-baseline.md has the run and how strong its policy is).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

# One BLAS thread: the machine this was trained on is shared, and threads fighting over
# cores make the small matrix products slower, not faster.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # (imported after the thread settings)
import numpy.typing as npt

from cardtable.gin.env import (
    NUM_ACTIONS,
    OBS_SIZE,
    GinRummyGymEnv,
    GinRummyVectorEnv,
    PolicyPlayer,
)
from cardtable.sim import simulate

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

POINT_SCALE = 25.0  # a hand is worth tens of points: returns of order one train better
MASKED = -1e9  # the logit of an illegal id
DEADWOOD = 426  # the observation's "my minimum deadwood / 100"
LOG_FIELDS = (
    "update",
    "decisions",
    "hands",
    "seconds",
    "mean_points",
    "hand_length",
    "policy_loss",
    "value_loss",
    "entropy",
    "clip_fraction",
    "win_vs_random",
    "win_vs_simple",
)


class Network:
    """The policy and value network; parameters in float32, named as in the ``.npz``."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        def layer(rows: int, cols: int, gain: float) -> F32:
            scale = gain / np.sqrt(rows)
            values: F32 = (rng.standard_normal((rows, cols)) * scale).astype(np.float32)
            return values

        self.params: dict[str, F32] = {
            "w1": layer(OBS_SIZE, hidden, np.sqrt(2.0)),
            "b1": np.zeros(hidden, dtype=np.float32),
            # Small policy weights: the first policy is close to uniform over legal ids.
            "wp": layer(hidden, NUM_ACTIONS, 0.01),
            "bp": np.zeros(NUM_ACTIONS, dtype=np.float32),
            "wv": layer(hidden, 1, 1.0),
            "bv": np.zeros(1, dtype=np.float32),
        }

    def forward(self, x: F32, masks: npt.NDArray[np.int8]) -> tuple[F32, F32, F32, F32]:
        """Hidden pre-activations, hidden units, log-probabilities (masked) and values."""
        p = self.params
        pre = x @ p["w1"] + p["b1"]
        hidden = np.maximum(pre, 0.0)
        logits = hidden @ p["wp"] + p["bp"]
        logits = np.where(masks == 1, logits, MASKED).astype(np.float32)
        logits -= logits.max(axis=1, keepdims=True)
        log_probs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        values = (hidden @ p["wv"] + p["bv"])[:, 0]
        return pre, hidden, log_probs.astype(np.float32), values

    def save(self, path: Path) -> None:
        # float16 halves the file; the policy's choices barely notice the rounding.
        halves: dict[str, Any] = {k: v.astype(np.float16) for k, v in self.params.items()}
        np.savez_compressed(path, **halves)


class Adam:
    def __init__(self, params: dict[str, F32], rate: float) -> None:
        self.rate = rate
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, F32], grads: dict[str, F32]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            params[k] -= (self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


@dataclass
class Batch:
    observations: F32
    masks: npt.NDArray[np.int8]
    actions: I64
    log_probs: F32
    advantages: F32
    targets: F32


@dataclass
class StepRecord:
    """One step of every game: what each row's seat saw and did; advantages once known."""

    observations: F32
    masks: npt.NDArray[np.int8]
    actions: I64
    log_probs: F32
    values: F32
    seats: I64
    advantages: F32 = field(init=False)
    targets: F32 = field(init=False)
    used: npt.NDArray[np.bool_] = field(init=False)

    def __post_init__(self) -> None:
        self.advantages = np.full(len(self.actions), np.nan, dtype=np.float32)
        self.targets = np.full(len(self.actions), np.nan, dtype=np.float32)
        self.used = np.zeros(len(self.actions), dtype=np.bool_)


class SelfPlay:
    """Games of self-play stepped together; decisions are released when their hand ends."""

    def __init__(self, games: int, seed: int, max_steps: int, lam: float) -> None:
        self.lam = lam
        self.shaping = 0.0  # the weight of the deadwood bonus (set by the training loop)
        self.env = GinRummyVectorEnv(
            games,
            opponent="self",
            reward="hand",
            autoreset_mode="SameStep",
            max_episode_steps=max_steps,
        )
        self.observations, self.info = self.env.reset(seed=seed)
        self.rng = np.random.default_rng(seed)
        self.steps: list[StepRecord] = []
        self.base = 0  # the global index of ``steps[0]``
        self.now = 0
        self.start = np.zeros(games, dtype=np.int64)  # where each game's hand began
        self.points = np.zeros((games, 2))  # each game's points so far in this hand
        self.hands = 0
        self.hand_steps = 0
        self.hand_points = 0.0
        self.ready = 0

    def step(self, network: Network) -> None:
        masks = self.info["action_mask"]
        _, _, log_probs, values = network.forward(self.observations, masks)
        probabilities = np.exp(log_probs)
        # Inverse-CDF sampling, the clip keeps rounding at the top end on a legal id.
        chosen = (probabilities.cumsum(axis=1) < self.rng.random((len(masks), 1))).sum(axis=1)
        chosen = np.minimum(chosen, NUM_ACTIONS - 1)
        stray = masks[np.arange(len(masks)), chosen] == 0
        chosen[stray] = np.argmax(log_probs[stray], axis=1)
        rows = np.arange(len(masks))
        self.steps.append(
            StepRecord(
                self.observations.copy(),
                masks.copy(),
                chosen.astype(np.int64),
                log_probs[rows, chosen],
                values,
                self.info["seat"].astype(np.int64),
            )
        )
        self.observations, _, terminated, truncated, self.info = self.env.step(chosen)
        self.points += self.info["rewards"]
        for game in map(int, np.flatnonzero(terminated | truncated)):
            # A truncated hand (a policy that never ends it) is worth nothing to either seat.
            won = self.points[game] if terminated[game] else np.zeros(2)
            self.finish_hand(game, won)
            self.ready += self.now + 1 - self.start[game]
            self.hands += 1
            self.hand_steps += self.now + 1 - self.start[game]
            self.hand_points += abs(float(won[0]))
            self.start[game] = self.now + 1
            self.points[game] = 0.0
        self.now += 1

    def finish_hand(self, game: int, won: F64) -> None:
        """Advantages (GAE over each seat's own decisions) and value targets of a hand."""
        records = self.steps[self.start[game] - self.base : self.now + 1 - self.base]
        for seat in (0, 1):
            mine = [r for r in records if r.seats[game] == seat]
            if not mine:
                continue
            # The seat's reward: its points, plus (while shaping) the deadwood it shed from
            # its first decision to its last, a dense hint at what the points reward.
            wood = [float(r.observations[game, DEADWOOD]) * 100.0 for r in mine]
            next_value = 0.0
            advantage = 0.0
            for j in range(len(mine) - 1, -1, -1):
                record = mine[j]
                if j == len(mine) - 1:
                    reward = won[seat] / POINT_SCALE
                else:
                    reward = self.shaping * (wood[j] - wood[j + 1]) / POINT_SCALE
                value = float(record.values[game])
                delta = reward + next_value - value
                advantage = delta + self.lam * advantage
                record.advantages[game] = advantage
                record.targets[game] = advantage + value
                next_value = value

    def collect(self, network: Network, size: int) -> Batch:
        """Step until ``size`` decisions of finished hands are ready; hand them over."""
        while self.ready < size:
            self.step(network)
        parts: list[tuple[Any, ...]] = []
        for record in self.steps:
            rows = ~np.isnan(record.targets) & ~record.used
            if rows.any():
                record.used |= rows
                parts.append(
                    (
                        record.observations[rows],
                        record.masks[rows],
                        record.actions[rows],
                        record.log_probs[rows],
                        record.advantages[rows],
                        record.targets[rows],
                    )
                )
        self.ready = 0
        # Steps every game has moved past (and that were all used) are dropped.
        oldest = int(self.start.min())
        self.steps = self.steps[oldest - self.base :]
        self.base = oldest
        columns = list(zip(*parts, strict=True))
        return Batch(*(np.concatenate(column) for column in columns))


class VersusSimple:
    """Games against the ``simple`` player (the scalar environment): the learner's decisions
    only, released with GAE advantages when their hand ends, as in :class:`SelfPlay`."""

    def __init__(self, games: int, seed: int, lam: float) -> None:
        self.lam = lam
        self.rng = np.random.default_rng(seed + 1)
        self.envs = [GinRummyGymEnv("simple", seat=None, reward="hand") for _ in range(games)]
        starts = [env.reset(seed=seed * 100_003 + i) for i, env in enumerate(self.envs)]
        self.observations = np.stack([observation for observation, _ in starts])
        self.masks = np.stack([info["action_mask"] for _, info in starts]).astype(np.int8)
        # Each game's decisions of the hand under way: (row of the batch columns, value).
        self.pending: list[list[tuple[tuple[Any, ...], float]]] = [[] for _ in self.envs]
        self.ready: list[tuple[Any, ...]] = []
        self.hands = 0
        self.hand_points = 0.0

    def step(self, network: Network) -> None:
        _, _, log_probs, values = network.forward(self.observations, self.masks)
        probabilities = np.exp(log_probs).astype(np.float64)
        for game, env in enumerate(self.envs):
            mask = self.masks[game]
            p = probabilities[game] * mask
            action = int(self.rng.choice(NUM_ACTIONS, p=p / p.sum()))
            row = (self.observations[game].copy(), mask.copy(), action, log_probs[game, action])
            self.pending[game].append((row, float(values[game])))
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                self.finish_hand(game, float(reward) if terminated else 0.0)
                observation, info = env.reset(seed=int(self.rng.integers(2**31)))
            self.observations[game] = observation
            self.masks[game] = info["action_mask"]

    def finish_hand(self, game: int, points: float) -> None:
        next_value = advantage = 0.0
        reward = points / POINT_SCALE
        rows = self.pending[game]
        for row, value in reversed(rows):
            delta = reward + next_value - value
            advantage = delta + self.lam * advantage
            self.ready.append((*row, advantage, advantage + value))
            next_value, reward = value, 0.0
        self.pending[game] = []
        self.hands += 1
        self.hand_points += points

    def collect(self, network: Network, size: int) -> Batch:
        while len(self.ready) < size:
            self.step(network)
        rows, self.ready = self.ready, []
        columns = list(zip(*rows, strict=True))
        types = (np.float32, np.int8, np.int64, np.float32, np.float32, np.float32)
        return Batch(*(np.asarray(c, dtype=t) for c, t in zip(columns, types, strict=True)))


def merge(first: Batch, second: Batch) -> Batch:
    return Batch(
        *(
            np.concatenate([getattr(first, name), getattr(second, name)])
            for name in ("observations", "masks", "actions", "log_probs", "advantages", "targets")
        )
    )


def ppo_step(
    network: Network, optimizer: Adam, batch: Batch, rows: I64, args: argparse.Namespace
) -> dict[str, float]:
    """One clipped-PPO gradient step on ``rows`` of the batch (gradients by hand)."""
    p = network.params
    x, masks = batch.observations[rows], batch.masks[rows]
    actions, old = batch.actions[rows], batch.log_probs[rows]
    advantage, returns = batch.advantages[rows], batch.targets[rows]
    n = len(rows)
    pre, hidden, log_probs, values = network.forward(x, masks)
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    index = np.arange(n)
    ratio = np.exp(log_probs[index, actions] - old)
    clipped = (ratio < 1 - args.clip) & (advantage < 0) | (ratio > 1 + args.clip) & (advantage > 0)
    policy_loss = -np.minimum(
        ratio * advantage, np.clip(ratio, 1 - args.clip, 1 + args.clip) * advantage
    ).mean()
    probabilities = np.exp(log_probs)
    safe = np.where(masks == 1, log_probs, 0.0)
    entropy = -(probabilities * safe).sum(axis=1)
    value_loss = ((values - returns) ** 2).mean()
    # d loss / d logits: the policy term where the ratio is not clipped, then the entropy.
    d_logp = np.where(clipped, 0.0, -advantage * ratio) / n
    d_logits = -probabilities * d_logp[:, None]
    d_logits[index, actions] += d_logp
    d_logits += args.entropy * probabilities * (safe + entropy[:, None]) / n
    d_values = 2.0 * args.value_coef * (values - returns) / n
    d_hidden = d_logits @ p["wp"].T + d_values[:, None] @ p["wv"].T
    d_pre = d_hidden * (pre > 0)
    grads = {
        "w1": x.T @ d_pre,
        "b1": d_pre.sum(axis=0),
        "wp": hidden.T @ d_logits,
        "bp": d_logits.sum(axis=0),
        "wv": hidden.T @ d_values[:, None],
        "bv": np.array([d_values.sum()]),
    }
    norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
    scale = min(1.0, args.max_grad_norm / (norm + 1e-8))
    optimizer.step(p, {k: (g * scale).astype(np.float32) for k, g in grads.items()})
    return {
        "policy_loss": float(policy_loss),
        "value_loss": float(value_loss),
        "entropy": float(entropy.mean()),
        "clip_fraction": float(clipped.mean()),
    }


def greedy_policy(network: Network) -> Any:
    params = {k: v.copy() for k, v in network.params.items()}

    def act(vector: F32, mask: npt.NDArray[np.int8]) -> int:
        hidden = np.maximum(vector @ params["w1"] + params["b1"], 0.0)
        logits = hidden @ params["wp"] + params["bp"]
        return int(np.argmax(np.where(mask == 1, logits, -np.inf)))

    return act


def win_rate(network: Network, opponent: str, hands: int, seed: str) -> float:
    """Hands won (dead hands left out) of the greedy policy against ``opponent``."""
    policy = greedy_policy(network)
    result = simulate(
        [lambda _seed: PolicyPlayer(policy, name="learner"), opponent],
        games=hands,
        unit="hand",
        seed=seed,
    )
    return float(result.win_rate(0))


def load_init(network: Network, path: Path) -> None:
    """Go on from saved weights (their shapes must match ``--hidden``)."""
    with np.load(path) as saved:
        for name, array in network.params.items():
            if saved[name].shape != array.shape:
                raise SystemExit(f"--init {path}: {name} is {saved[name].shape}")
            network.params[name] = saved[name].astype(np.float32)


def ppo_update(
    network: Network,
    optimizer: Adam,
    batch: Batch,
    args: argparse.Namespace,
    rng: np.random.Generator,
) -> dict[str, list[float]]:
    """``--epochs`` passes of clipped PPO steps over the batch in shuffled minibatches; each
    step's statistics, by name."""
    stats: dict[str, list[float]] = {}
    for _ in range(args.epochs):
        order = rng.permutation(len(batch.actions))
        for first in range(0, len(order), args.minibatch):
            part = ppo_step(network, optimizer, batch, order[first : first + args.minibatch], args)
            for key, value in part.items():
                stats.setdefault(key, []).append(value)
    return stats


def log_row(
    update: int,
    decisions: int,
    seconds: float,
    play: Any,
    before: tuple[int, int, float],
    stats: dict[str, list[float]],
) -> dict[str, float]:
    """One update's line of the training log (``play``: the self-play collector, with its
    running ``hands``, ``hand_steps`` and ``hand_points``; ``before``: those at the update's
    start); the win rates are filled in on the updates that evaluate."""
    hands, steps, points = before
    new_hands = max(play.hands - hands, 1)
    return {
        "update": update,
        "decisions": decisions,
        "hands": play.hands,
        "seconds": round(seconds, 1),
        "mean_points": round((play.hand_points - points) / new_hands, 2),
        "hand_length": round((play.hand_steps - steps) / new_hands, 1),
        **{key: round(float(np.mean(values)), 4) for key, values in stats.items()},
        "win_vs_random": float("nan"),
        "win_vs_simple": float("nan"),
    }


def print_row(row: dict[str, float]) -> None:
    print(
        f"update {row['update']:>4.0f}  {row['seconds']:>7.1f} s  hands {row['hands']:>7.0f}  "
        f"length {row['hand_length']:>5.1f}  entropy {row['entropy']:.3f}  "
        f"value loss {row['value_loss']:.3f}  "
        f"vs random {row['win_vs_random']:.3f}  vs simple {row['win_vs_simple']:.3f}",
        flush=True,
    )


def train(args: argparse.Namespace) -> list[dict[str, float]]:
    rng = np.random.default_rng(args.seed)
    network = Network(args.hidden, rng)
    if args.init is not None:
        load_init(network, args.init)
    optimizer = Adam(network.params, args.rate)
    play = SelfPlay(args.games, args.seed, args.max_steps, args.lam)
    versus = VersusSimple(args.simple_games, args.seed, args.lam) if args.simple_share else None
    simple_rows = int(args.batch * args.simple_share)
    log: list[dict[str, float]] = []
    start = time.perf_counter()
    args.out.mkdir(parents=True, exist_ok=True)
    log_path = args.out / "training_log.csv"
    with log_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=LOG_FIELDS)
        writer.writeheader()
        decisions = 0
        for update in range(1, args.updates + 1):
            before = (play.hands, play.hand_steps, play.hand_points)
            # The deadwood bonus fades out over the first ``--shaping-share`` of the updates.
            # (``--max-minutes`` may cut the run short: progress is whichever is further.)
            progress = update / args.updates
            if args.max_minutes:
                progress = max(progress, (time.perf_counter() - start) / (args.max_minutes * 60))
            fade = 1.0 - progress / max(args.shaping_share, 1e-9)
            play.shaping = args.shaping * max(fade, 0.0)
            batch = play.collect(network, args.batch - simple_rows)
            if versus is not None:
                batch = merge(batch, versus.collect(network, simple_rows))
            decisions += len(batch.actions)
            stats = ppo_update(network, optimizer, batch, args, rng)
            row = log_row(update, decisions, time.perf_counter() - start, play, before, stats)
            if update % args.eval_every == 0 or update == args.updates:
                seed = f"eval-{args.seed}-{update}"
                row["win_vs_random"] = round(win_rate(network, "random", args.eval_hands, seed), 4)
                row["win_vs_simple"] = round(win_rate(network, "simple", args.eval_hands, seed), 4)
                network.save(args.out / "selfplay_policy.npz")  # a checkpoint as it goes
            writer.writerow(row)
            handle.flush()
            log.append(row)
            print_row(row)
            if args.max_minutes and time.perf_counter() - start > args.max_minutes * 60:
                print(f"stopping after {args.max_minutes} minutes", flush=True)
                break
    network.save(args.out / "selfplay_policy.npz")
    return log


def read_log(path: Path) -> list[dict[str, float]]:
    with path.open(encoding="utf-8") as handle:
        return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(handle)]


def plot(log: list[dict[str, float]], path: Path) -> None:
    """The training curve: hand win rates on the left axis, hand length on the right.

    A log joined from several runs (one after the other, ``--init``) may carry a ``stage``
    column: a dashed line marks where each later stage began.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    evaluated = [row for row in log if not np.isnan(row["win_vs_simple"])]
    figure, axis = plt.subplots(figsize=(7, 4))
    hands = [row["hands"] / 1000 for row in evaluated]
    for key, label, colour in (
        ("win_vs_random", "vs random", "tab:blue"),
        ("win_vs_simple", "vs simple", "tab:orange"),
    ):
        rates = [row[key] for row in evaluated]
        axis.plot(hands, rates, marker="o", ms=3, color=colour, label=label)
    axis.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    for before, row in pairwise(log):
        if row.get("stage", 0.0) != before.get("stage", 0.0):
            axis.axvline(row["hands"] / 1000, color="grey", linewidth=1, linestyle="--")
            axis.text(row["hands"] / 1000, 0.03, f" stage {int(row['stage'])}", color="grey")
    axis.set_ylim(0, 1)
    axis.set_xlabel("self-play hands (thousands)")
    axis.set_ylabel("greedy policy: share of decided hands won")
    axis.grid(alpha=0.3)
    twin = axis.twinx()
    twin.plot(
        [row["hands"] / 1000 for row in log],
        [row["hand_length"] for row in log],
        color="tab:green",
        linewidth=0.8,
        alpha=0.6,
        label="self-play hand length",
    )
    twin.set_ylabel("decisions per self-play hand", color="tab:green")
    lines, labels = axis.get_legend_handles_labels()
    more_lines, more_labels = twin.get_legend_handles_labels()
    axis.legend(lines + more_lines, labels + more_labels, loc="center right", fontsize=8)
    axis.set_title("MLP policy trained by self-play (PPO, numpy)")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--updates", type=int, default=1500)
    parser.add_argument("--games", type=int, default=256, help="games stepped together")
    parser.add_argument("--batch", type=int, default=8192, help="decisions per update")
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--lam", type=float, default=0.95, help="GAE's lambda")
    parser.add_argument("--shaping", type=float, default=0.5,
                        help="weight of the deadwood-shedding bonus at the start")  # fmt: skip
    parser.add_argument("--shaping-share", type=float, default=0.5,
                        help="share of the updates over which the bonus fades to 0")  # fmt: skip
    parser.add_argument("--entropy", type=float, default=0.003)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--max-grad-norm", type=float, default=1.0)
    parser.add_argument("--simple-share", type=float, default=0.0,
                        help="share of each batch from games against simple")  # fmt: skip
    parser.add_argument("--simple-games", type=int, default=32,
                        help="games against simple stepped together")  # fmt: skip
    parser.add_argument("--max-steps", type=int, default=300, help="decisions before a hand is cut")
    parser.add_argument("--eval-every", type=int, default=50)
    parser.add_argument("--eval-hands", type=int, default=300)
    parser.add_argument("--max-minutes", type=float, default=25.0, help="stop early (0: never)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, help="start from these weights (.npz)")
    parser.add_argument("--out", type=Path, default=Path("artifacts/train_selfplay_policy"))
    parser.add_argument("--plot", action="store_true", help="draw training_curve.png")
    parser.add_argument("--plot-only", action="store_true", help="redraw from the log and stop")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.updates, args.games, args.batch, args.minibatch = 2, 16, 256, 128
        args.eval_every, args.eval_hands, args.max_steps = 1, 4, 120
    if args.plot_only:
        plot(read_log(args.out / "training_log.csv"), args.out / "training_curve.png")
        return 0
    log = train(args)
    if args.plot:
        plot(log, args.out / "training_curve.png")
    print(f"wrote {args.out / 'selfplay_policy.npz'} and {args.out / 'training_log.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
