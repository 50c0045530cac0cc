"""Train a small agent on the CPU in a few minutes and watch its win rate rise.

The agent is a linear softmax policy over 13 features of each legal action (how much a
discard or a take changes the deadwood, the card's value, whether the opponent seems to want
that card, whether a knock is possible and how good it is, ...), all computed from the
environment's observation vector and action mask, nothing else. It learns by REINFORCE with
a running baseline on the real points of each hand, first against ``random``, then against
``simple``, through the Gymnasium environment. Every ``--eval-every`` hands its greedy
policy, seated as a player with :class:`cardtable.gin.env.PolicyPlayer`, plays duplicate hands
against both opponents in the batch simulator; the win rates go to the screen, to a JSON
file and to a PNG plot.

Needs numpy, gymnasium, pettingzoo (``pip install 'cardtable[env]'``) and matplotlib.

Run: ``python examples/train_linear.py [--quick] [--hands N] [--out DIR] [--seed S]``.
``--quick`` is a smoke run of a few seconds (the tests use it); the default takes a few
minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.gin.env import GinRummyGymEnv, PolicyPlayer, layout
from cardtable.gin.env.actions import (
    BIG_GIN_ID,
    DISCARD_BASE,
    DRAW_ID,
    KNOCK_BASE,
    PASS_ID,
    TAKE_ID,
)
from cardtable.gin.melds import deadwood
from cardtable.sim import simulate

FEATURES = (
    "draw_stock",
    "take",
    "pass",
    "take_gain",  # how much taking the top card lowers my best deadwood (/10)
    "discard",
    "discard_deadwood",  # my deadwood after the discard (/10)
    "discard_value",  # the discarded card's value (/10)
    "discard_feeds",  # the card fits cards the opponent took (they may want it)
    "discard_safe",  # the opponent threw or passed up a neighbour of the card
    "knock",
    "knock_deadwood",  # my deadwood after knocking (/10)
    "gin",
    "big_gin",
)
PARTS = layout()
VALUES = np.array([min(c % 13 + 1, 10) for c in range(52)], dtype=np.float64)


def plane_mask(vector: np.ndarray, name: str) -> int:
    """A 52-card plane of the observation vector as an int mask."""
    offset, _ = PARTS[name]
    bits = np.packbits(vector[offset : offset + 52].astype(np.uint8), bitorder="little")
    return int.from_bytes(bits.tobytes(), "little")


def neighbours(card: int) -> int:
    """Cards that make a meld more likely with ``card``: same rank, or same suit within 2."""
    rank, suit = card % 13, card // 13
    mask = 0
    for other_suit in range(4):
        mask |= 1 << (other_suit * 13 + rank)
    for step in (-2, -1, 1, 2):
        if 0 <= rank + step < 13:
            mask |= 1 << (suit * 13 + rank + step)
    return mask & ~(1 << card)


def features(vector: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """One row of features per legal action id (rows in the order of ``legal``)."""
    hand = plane_mask(vector, "hand")
    known = plane_mask(vector, "opp_known")
    thrown = plane_mask(vector, "opp_discarded") | plane_mask(vector, "opp_declined")
    rows = np.zeros((len(legal), len(FEATURES)))
    now = deadwood(hand)
    for row, index in zip(rows, legal, strict=True):
        index = int(index)
        if index == DRAW_ID:
            row[0] = 1.0
        elif index == TAKE_ID:
            row[1] = 1.0
            top = plane_mask(vector, "top_discard")
            with_top = hand | top
            best = min(deadwood(with_top & ~(1 << c)) for c in range(52) if hand >> c & 1)
            row[3] = (now - best) / 10.0
        elif index == PASS_ID:
            row[2] = 1.0
        elif index < KNOCK_BASE:
            card = index - DISCARD_BASE
            near = neighbours(card)
            row[4] = 1.0
            row[5] = deadwood(hand & ~(1 << card)) / 10.0
            row[6] = VALUES[card] / 10.0
            row[7] = (known & near).bit_count() / 2.0
            row[8] = min((thrown & near).bit_count(), 2) / 2.0
        elif index < BIG_GIN_ID:
            left = deadwood(hand & ~(1 << (index - KNOCK_BASE)))
            row[9] = 1.0
            row[10] = left / 10.0
            row[11] = float(left == 0)
        else:
            row[12] = 1.0
    return rows


class LinearPolicy:
    """Softmax over ``weights . features(action)`` among the legal actions."""

    def __init__(self) -> None:
        self.weights = np.zeros(len(FEATURES))

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        scores = rows @ self.weights
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()

    def sampler(self, seed: int) -> Callable[[np.ndarray, np.ndarray], int]:
        """A frozen copy of the policy that samples its actions with its own generator."""
        frozen = LinearPolicy()
        frozen.weights = self.weights.copy()
        rng = np.random.default_rng(seed)

        def act(vector: np.ndarray, mask: np.ndarray) -> int:
            legal = np.flatnonzero(mask)
            probabilities = frozen.probabilities(features(vector, legal))
            return int(legal[rng.choice(len(legal), p=probabilities)])

        return act


def evaluate(policy: LinearPolicy, opponent: str, hands: int, seed: str) -> dict[str, float]:
    """Duplicate hands in the simulator: the policy, seated as a player, against ``opponent``.

    The factory below is how any agent joins the simulator: ``f(seed) -> Player``.
    """
    result = simulate(
        [lambda player_seed: PolicyPlayer(policy.sampler(player_seed), name="learner"), opponent],
        games=hands,
        unit="hand",
        seed=seed,
    )
    return {
        "win_rate": result.win_rate(0),
        "points_per_hand": result.mean_margin,
        "dead": result.undecided / result.games,
    }


def train(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy()
    environments = {
        name: GinRummyGymEnv(name, seat=None, reward="hand") for name in ("random", "simple")
    }
    switch = int(args.hands * args.random_share)
    baseline = 0.0
    history: list[dict[str, Any]] = []
    start = time.perf_counter()

    def checkpoint(hands: int) -> None:
        point: dict[str, Any] = {"hands": hands, "seconds": round(time.perf_counter() - start, 1)}
        for opponent in ("random", "simple"):
            point[opponent] = evaluate(policy, opponent, args.eval_hands, f"eval-{args.seed}")
        history.append(point)
        scores = "   ".join(
            f"vs {name} {point[name]['win_rate']:6.1%} "
            f"({point[name]['points_per_hand']:+6.1f} pts/hand)"
            for name in ("random", "simple")
        )
        print(f"{hands:>6} hands {point['seconds']:>7.1f} s   {scores}", flush=True)

    checkpoint(0)
    for hand in range(1, args.hands + 1):
        opponent = "random" if hand <= switch else "simple"
        environment = environments[opponent]
        vector, info = environment.reset(seed=int(rng.integers(2**31)))
        gradient = np.zeros_like(policy.weights)
        total = 0.0
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            rows = features(vector, legal)
            probabilities = policy.probabilities(rows)
            choice = int(rng.choice(len(legal), p=probabilities))
            # The gradient of log softmax: the chosen row minus the expected row.
            gradient += rows[choice] - probabilities @ rows
            vector, reward, done, truncated, info = environment.step(int(legal[choice]))
            total += reward
            done = done or truncated
        scaled = total / 25.0  # a hand's points are tens: keep the step size sane
        policy.weights += args.learning_rate * (scaled - baseline) * gradient
        baseline += 0.05 * (scaled - baseline)
        if hand % args.eval_every == 0 or hand == args.hands:
            checkpoint(hand)
    return {
        "features": list(FEATURES),
        "weights": [round(float(w), 4) for w in policy.weights],
        "switch_to_simple_after": switch,
        "history": history,
    }


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    history = report["history"]
    hands = [point["hands"] for point in history]
    figure, axis = plt.subplots(figsize=(7, 4))
    for opponent, colour in (("random", "tab:blue"), ("simple", "tab:orange")):
        rates = [point[opponent]["win_rate"] for point in history]
        axis.plot(hands, rates, marker="o", color=colour, label=f"vs {opponent}")
    axis.axvline(report["switch_to_simple_after"], color="grey", linestyle="--", linewidth=1)
    axis.text(report["switch_to_simple_after"], 0.02, " training opponent: simple", color="grey")
    axis.set_xlabel("training hands")
    axis.set_ylabel("hands won (dead hands left out)")
    axis.set_ylim(0, 1)
    axis.set_title("Linear softmax policy, REINFORCE on real points")
    axis.legend(loc="center right")
    axis.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds (a smoke test)")
    parser.add_argument("--hands", type=int, default=6000, help="training hands")
    parser.add_argument("--eval-every", type=int, default=500, help="hands between evaluations")
    parser.add_argument("--eval-hands", type=int, default=400, help="hands per evaluation")
    parser.add_argument("--random-share", type=float, default=0.25,
                        help="share of training against random before simple")  # fmt: skip
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("artifacts/train_linear"))
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.eval_every, args.eval_hands = 40, 20, 20
    args.out.mkdir(parents=True, exist_ok=True)
    report = train(args)
    json_path = args.out / "train_linear.json"
    png_path = args.out / "train_linear.png"
    json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    plot(report, png_path)
    print(f"wrote {png_path} and {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
