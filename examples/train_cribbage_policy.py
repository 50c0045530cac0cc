"""Train a small neural policy for Cribbage by self-play (PPO, numpy only) and ship its weights.

The sibling of ``examples/train_selfplay_policy.py`` (gin), whose network, Adam and clipped
PPO step it reuses: a multilayer perceptron over Cribbage's 584-value observation, one
hidden layer of ``--hidden`` ReLU units, a policy head of 53 logits (illegal ids masked out
before the softmax) and a value head. Both seats of ``--games`` games are the learner in the
kit's vector environment (:class:`cardtable.env.GameVectorEnv` of ``"cribbage"``,
``opponent="self"``, one hand per episode). Laying away is two picks, two decisions.

Rewards are the hand's points as they are pegged (``info["rewards"]``, both seats, scaled by
``1/POINT_SCALE``): what a step pays a seat goes to that seat's latest decision, so each
decision earns what came of it until the seat's next one (the play's pegs, the show). The
two peg-count inputs are shown as zeros (the pegs of a hand dealt from 0 - 0 are not a
game's), as the ``neural`` player shows them. Advantages are GAE (``--lam``) over each seat's
own decisions with the value head as the baseline; every ``--batch`` decisions of finished
hands the policy takes ``--epochs`` passes of clipped PPO steps over them.

Every ``--eval-every`` updates the greedy policy, seated as a player, plays duplicate hands
against ``random`` and ``simple`` in the simulator; the hand win rates and the training
statistics go to a CSV log.

Outputs in ``--out``: ``cribbage_policy.npz`` (float16 weights, the file the ``neural``
Cribbage level loads) and ``training_log.csv``.

Run: ``python examples/train_cribbage_policy.py [--quick] [--updates U] [--max-minutes M]
[--out DIR]``. ``--quick`` is a smoke run of a few seconds (the tests use it). The shipped
weights and their run are in docs/trained-baseline.md.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # (imported after the thread settings)
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the gin trainer beside this file

from train_selfplay_policy import Adam, Batch, load_init, log_row, ppo_update, print_row
from train_selfplay_policy import Network as GinNetwork

from cardtable.cribbage.env import PolicyPlayer
from cardtable.env import GameVectorEnv
from cardtable.sim import simulate

F32 = npt.NDArray[np.float32]

OBS_SIZE = 584
NUM_ACTIONS = 53
PEGS = slice(582, 584)  # my_pegs, opp_pegs: zero for the network (the player does the same)
POINT_SCALE = 10.0  # a hand is worth some points each way: returns of order one train better
WEIGHT_FILE = "cribbage_policy.npz"
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


class Network(GinNetwork):
    """Gin's trainer's network (forward pass, float16 save) at Cribbage's sizes."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        def layer(rows: int, cols: int, gain: float) -> F32:
            values: F32 = (rng.standard_normal((rows, cols)) * gain / np.sqrt(rows)).astype(
                np.float32
            )
            return values

        self.params = {
            "w1": layer(OBS_SIZE, hidden, np.sqrt(2.0)),
            "b1": np.zeros(hidden, dtype=np.float32),
            "wp": layer(hidden, NUM_ACTIONS, 0.01),  # a near-uniform first policy
            "bp": np.zeros(NUM_ACTIONS, dtype=np.float32),
            "wv": layer(hidden, 1, 1.0),
            "bv": np.zeros(1, dtype=np.float32),
        }


def blind(observations: F32) -> F32:
    """The observations as the network sees them: the peg counts zeroed."""
    seen = observations.copy()
    seen[:, PEGS] = 0.0
    return seen


class SelfPlay:
    """Games of self-play stepped together; a hand's decisions are released when it ends."""

    def __init__(self, games: int, seed: int, max_steps: int, lam: float) -> None:
        self.lam = lam
        self.env = GameVectorEnv(
            "cribbage",
            games,
            opponent="self",
            reward="hand",
            autoreset_mode="SameStep",
            max_episode_steps=max_steps,
        )
        observations, self.info = self.env.reset(seed=seed)
        self.observations = blind(observations)
        self.rng = np.random.default_rng(seed)
        # Each game's hand under way, per seat: [observation, mask, action, log p, value,
        # reward] of each of its decisions.
        self.pending: list[list[list[list[Any]]]] = [[[], []] for _ in range(games)]
        self.ready: list[tuple[Any, ...]] = []
        self.hands = 0
        self.hand_steps = 0
        self.hand_points = 0.0

    def step(self, network: Network) -> None:
        masks = self.info["action_mask"]
        _, _, log_probs, values = network.forward(self.observations, masks)
        probabilities = np.exp(log_probs)
        # Inverse-CDF sampling; a rounding stray at the top end takes the likeliest legal id.
        chosen = (probabilities.cumsum(axis=1) < self.rng.random((len(masks), 1))).sum(axis=1)
        chosen = np.minimum(chosen, NUM_ACTIONS - 1)
        stray = masks[np.arange(len(masks)), chosen] == 0
        chosen[stray] = np.argmax(log_probs[stray], axis=1)
        seats = self.info["seat"]
        for game in range(len(masks)):
            action = int(chosen[game])
            self.pending[game][int(seats[game])].append(
                [
                    self.observations[game],
                    masks[game],
                    action,
                    float(log_probs[game, action]),
                    float(values[game]),
                    0.0,
                ]
            )
        observations, _, terminated, truncated, self.info = self.env.step(chosen)
        self.observations = blind(observations)
        paid = self.info["rewards"]
        for game in np.flatnonzero(paid.any(axis=1)):
            for seat in (0, 1):
                decisions = self.pending[game][seat]
                if decisions:
                    decisions[-1][5] += float(paid[game, seat])
        for game in np.flatnonzero(terminated | truncated):
            self.finish_hand(int(game), bool(truncated[game]))

    def finish_hand(self, game: int, cut: bool) -> None:
        """Advantages (GAE over each seat's own decisions) and value targets of a hand."""
        steps = 0
        for seat in (0, 1):
            decisions = self.pending[game][seat]
            steps += len(decisions)
            if seat == 0:
                self.hand_points += abs(sum(d[5] for d in decisions))
            next_value = advantage = 0.0
            for observation, mask, action, log_prob, value, reward in reversed(decisions):
                # A hand cut short (a policy that never ends it) pays nothing.
                gain = 0.0 if cut else reward / POINT_SCALE
                delta = gain + next_value - value
                advantage = delta + self.lam * advantage
                target = advantage + value
                self.ready.append((observation, mask, action, log_prob, advantage, target))
                next_value = value
            self.pending[game][seat] = []
        self.hands += 1
        self.hand_steps += steps

    def collect(self, network: Network, size: int) -> Batch:
        """Step until ``size`` decisions of finished hands are ready; hand them over."""
        while len(self.ready) < size:
            self.step(network)
        rows, self.ready = self.ready, []
        columns = list(zip(*rows, strict=True))
        types = (np.float32, np.int8, np.int64, np.float32, np.float32, np.float32)
        return Batch(*(np.asarray(c, dtype=t) for c, t in zip(columns, types, strict=True)))


def greedy_policy(network: Network) -> Any:
    params = {k: v.copy() for k, v in network.params.items()}

    def act(vector: F32, mask: npt.NDArray[np.int8]) -> int:
        seen = vector.copy()
        seen[PEGS] = 0.0
        hidden = np.maximum(seen @ params["w1"] + params["b1"], 0.0)
        logits = hidden @ params["wp"] + params["bp"]
        return int(np.argmax(np.where(mask == 1, logits, -np.inf)))

    return act


def win_rate(network: Network, opponent: str, hands: int, seed: str) -> float:
    """Hands won (tied hands left out) of the greedy policy against ``opponent``."""
    policy = greedy_policy(network)
    result = simulate(
        [lambda _seed: PolicyPlayer(policy, name="learner"), opponent],
        games=hands,
        unit="hand",
        seed=seed,
        game="cribbage",
    )
    return float(result.win_rate(0))


def train(args: argparse.Namespace) -> list[dict[str, float]]:
    rng = np.random.default_rng(args.seed)
    network = Network(args.hidden, rng)
    if args.init is not None:
        load_init(network, args.init)
    optimizer = Adam(network.params, args.rate)
    play = SelfPlay(args.games, args.seed, args.max_steps, args.lam)
    log: list[dict[str, float]] = []
    start = time.perf_counter()
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "training_log.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=LOG_FIELDS)
        writer.writeheader()
        decisions = 0
        for update in range(1, args.updates + 1):
            before = (play.hands, play.hand_steps, play.hand_points)
            batch = play.collect(network, args.batch)
            decisions += len(batch.actions)
            stats = ppo_update(network, optimizer, batch, args, rng)
            row = log_row(update, decisions, time.perf_counter() - start, play, before, stats)
            stopping = bool(args.max_minutes) and (
                time.perf_counter() - start > args.max_minutes * 60
            )
            if update % args.eval_every == 0 or update == args.updates or stopping:
                seed = f"eval-{args.seed}-{update}"
                row["win_vs_random"] = round(win_rate(network, "random", args.eval_hands, seed), 4)
                row["win_vs_simple"] = round(win_rate(network, "simple", args.eval_hands, seed), 4)
                network.save(args.out / WEIGHT_FILE)  # a checkpoint as it goes
            writer.writerow(row)
            handle.flush()
            log.append(row)
            print_row(row)
            if stopping:
                print(f"stopping after {args.max_minutes} minutes", flush=True)
                break
    network.save(args.out / WEIGHT_FILE)
    return log


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--updates", type=int, default=1000)
    parser.add_argument("--games", type=int, default=128, help="games stepped together")
    parser.add_argument("--batch", type=int, default=8192, help="decisions per update")
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--rate", type=float, default=5e-4, help="Adam's step size")
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--lam", type=float, default=0.95, help="GAE's lambda")
    parser.add_argument("--entropy", type=float, default=0.003)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--max-grad-norm", type=float, default=1.0)
    parser.add_argument("--max-steps", type=int, default=100, help="decisions before a hand is cut")
    parser.add_argument("--eval-every", type=int, default=20)
    parser.add_argument("--eval-hands", type=int, default=400)
    parser.add_argument("--max-minutes", type=float, default=15.0, help="stop early (0: never)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, help="start from these weights (.npz)")
    parser.add_argument("--out", type=Path, default=Path("artifacts/train_cribbage_policy"))
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.updates, args.games, args.batch, args.minibatch = 2, 8, 128, 64
        args.eval_every, args.eval_hands = 1, 4
    train(args)
    print(f"wrote {args.out / WEIGHT_FILE} and {args.out / 'training_log.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
