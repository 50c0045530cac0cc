"""Fit the learned danger (``cardtable.gin.players.danger``) and judge it on held-out deals.

Today's expert plays single hands against each opponent named, both seatings of every deal.
At each of its discard decisions, every card in its hand becomes one example: the model's
inputs from the expert's own view, the expert's hand-set danger, and the truth (does the
card join a meld of the opponent's real hand: what the opponent would take). The truth
is read from the game for this fit only. A logistic regression (Newton's method, a small
ridge) is fitted on 70% of the deals; the other 30% judge it against the hand-set danger
(AUC: how well each ranks the cards; Brier and log loss: how close its chances are).
The weights are printed as a Python tuple, ready for ``Reasoner.danger_model``.

With ``--network H`` a network of one hidden layer is also fitted, on the model's inputs
plus seven raw inputs for each card that melds with the discard (its hand-set chance,
whether it is known held or out of play, the opponent's takes, throws and passes of it):
how much more a richer model finds in the same view.

Usage: python bench/danger_model.py [--opponents simple,expert-2026] [--deals 600]
[--seed danger] [--workers 2] [--ridge 1.0] [--network HIDDEN]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from multiprocessing import Pool

import numpy as np

from cardtable.errors import CardTableError
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.players import make_player
from cardtable.gin.players.danger import (
    FEATURES,
    MELD_NEIGHBOURS,
    DangerContext,
    danger_features,
)
from cardtable.gin.players.expert import EXPERT, ExpertPlayer
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.simple import joins_meld
from cardtable.gin.rules import Rules
from cardtable.sim.results import ranking_auc

# One example: the deal, the opponent's index, the model's inputs, the raw inputs around
# the card (for ``--network``), the hand-set danger, the truth.
Example = tuple[int, int, list[float], list[float], float, bool]


def _neighbours(
    card: int, chance: dict[int, float], known: int, context: DangerContext
) -> list[float]:
    """Per card that melds with ``card`` (the other three of its rank, then the suit's cards
    two below to two above): its hand-set chance of being held, whether it is known held
    or out of play, and the opponent's takes, throws and passes of it; absent ranks are 0."""
    out: list[float] = []
    for other in MELD_NEIGHBOURS[card]:
        if other < 0:
            out += [0.0] * 6 + [1.0]
            continue
        out += [
            chance.get(other, 0.0),
            float(known >> other & 1),
            float(context.dead >> other & 1),
            float(context.counts[0][other]),
            float(context.counts[1][other]),
            float(context.counts[2][other]),
            0.0,
        ]
    return out


def _deal(deal: int, opponent: str, index: int, seed: str) -> list[Example]:
    """Both seatings of one deal; the examples from the expert's discard decisions."""
    out: list[Example] = []
    for seat in (0, 1):
        expert = ExpertPlayer(deal, EXPERT)
        other = make_player(opponent, deal)
        players = [expert, other] if seat == 0 else [other, expert]
        hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{opponent}-{deal}")
        scorer = expert.reasoner
        while not hand.is_over:
            to_act = hand.to_act
            view = hand.observation(to_act)
            if to_act == seat and view.phase is Phase.DISCARD:
                truth = hand.observation(1 - seat).hand.mask  # for the fit only
                knowledge = Knowledge.from_observation(view)
                chance = knowledge.opponent_probability()
                context = DangerContext.from_observation(view)
                for card in view.hand:
                    guess = scorer._danger(int(card), chance, knowledge.opponent_known)
                    x = danger_features(int(card), guess, context)
                    raw = _neighbours(int(card), chance, knowledge.opponent_known, context)
                    out.append((deal, index, x, raw, guess, joins_meld(truth, int(card))))
            hand.apply(players[to_act].act(view), to_act)
    return out


def _job(args: tuple[int, str, int, str]) -> list[Example]:
    return _deal(*args)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method; the ridge spares the first two weights."""
    w = np.zeros(x.shape[1])
    w[1] = 1.0  # start at the hand-set danger itself
    penalty = np.full(x.shape[1], ridge)
    penalty[:2] = 0.0
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return w


def fit_network(
    x: np.ndarray, y: np.ndarray, hidden: int, epochs: int = 6, seed: int = 0
) -> Callable[[np.ndarray], np.ndarray]:
    """A network of one hidden layer (rectified), trained by Adam on the log loss: a check
    of how much a richer model finds in the same view, not a model for the players."""
    rng = np.random.default_rng(seed)
    mean, spread = x.mean(0), x.std(0) + 1e-6
    z = (x - mean) / spread
    params = [
        rng.normal(0.0, 1.0 / math.sqrt(x.shape[1]), (x.shape[1], hidden)),
        np.zeros(hidden),
        rng.normal(0.0, 1.0 / math.sqrt(hidden), hidden),
        np.zeros(1),
    ]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(y))
        for start in range(0, len(order), 512):
            batch = order[start : start + 512]
            zb, yb = z[batch], y[batch]
            h = np.maximum(0.0, zb @ params[0] + params[1])
            p = 1.0 / (1.0 + np.exp(-(h @ params[2] + params[3][0])))
            dz = (p - yb) / len(yb)
            dh = np.outer(dz, params[2]) * (h > 0)
            grads = [zb.T @ dh + 1e-4 * params[0], dh.sum(0), h.T @ dz, np.array([dz.sum()])]
            step += 1
            for i, g in enumerate(grads):
                first[i] = 0.9 * first[i] + 0.1 * g
                second[i] = 0.999 * second[i] + 0.001 * g * g
                m_hat = first[i] / (1 - 0.9**step)
                v_hat = second[i] / (1 - 0.999**step)
                params[i] -= 2e-3 * m_hat / (np.sqrt(v_hat) + 1e-8)

    def predict(rows: np.ndarray) -> np.ndarray:
        h = np.maximum(0.0, ((rows - mean) / spread) @ params[0] + params[1])
        out: np.ndarray = 1.0 / (1.0 + np.exp(-(h @ params[2] + params[3][0])))
        return out

    return predict


def _scores(chances: np.ndarray, truth: np.ndarray) -> str:
    clipped = np.clip(chances, 1e-4, 1 - 1e-4)
    pairs = list(zip(chances.tolist(), truth.astype(bool).tolist(), strict=True))
    brier = float(np.mean((chances - truth) ** 2))
    loss = float(-np.mean(truth * np.log(clipped) + (1 - truth) * np.log(1 - clipped)))
    return f"AUC {ranking_auc(pairs):.3f}  Brier {brier:.4f}  log loss {loss:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="simple,expert-2026")
    parser.add_argument("--deals", type=int, default=600, help="deals per opponent, both ways")
    parser.add_argument("--seed", default="danger")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument(
        "--network", type=int, default=0, help="also fit a network of this many hidden units"
    )
    args = parser.parse_args()
    opponents = [name for name in args.opponents.split(",") if name]
    try:
        for name in opponents:
            make_player(name)
    except CardTableError as error:
        parser.error(str(error))
    if args.network < 0:
        parser.error("--network must not be negative")
    if args.deals < 10:
        parser.error("--deals must be at least 10")
    start = time.perf_counter()
    jobs = [
        (deal, name, index, args.seed)
        for index, name in enumerate(opponents)
        for deal in range(args.deals)
    ]
    with Pool(args.workers) as pool:
        examples = [e for part in pool.imap(_job, jobs, chunksize=4) for e in part]
    print(f"{len(examples)} examples from {len(jobs)} deals in {time.perf_counter() - start:.0f} s")
    deal = np.array([e[0] for e in examples])
    who = np.array([e[1] for e in examples])
    x = np.array([e[2] for e in examples])
    guess = np.array([e[4] for e in examples])
    y = np.array([float(e[5]) for e in examples])
    train = deal % 10 < 7
    w = fit(x[train], y[train], args.ridge)
    learned = 1.0 / (1.0 + np.exp(-(x @ w)))
    network = None
    if args.network:
        rich = np.hstack([x, np.array([e[3] for e in examples])])
        network = fit_network(rich[train], y[train], args.network)(rich)
    test = ~train
    print(f"held out: {int(test.sum())} examples, {float(y[test].mean()):.3f} truly meldable")
    for index, name in [(-1, "all"), *enumerate(opponents)]:
        rows = test if index < 0 else test & (who == index)
        print(f"  {name:12s} hand-set {_scores(guess[rows], y[rows])}")
        print(f"  {'':12s} learned  {_scores(learned[rows], y[rows])}")
        if network is not None:
            print(f"  {'':12s} network  {_scores(network[rows], y[rows])}")
    print("weights:")
    for name, value in zip(FEATURES, w.tolist(), strict=True):
        print(f"  {name:28s} {value:+.3f}")
    print("danger_model = (" + ", ".join(f"{v:.4f}" for v in w.tolist()) + ")")
    if not math.isfinite(float(np.sum(w))):
        raise SystemExit("the fit did not converge")


if __name__ == "__main__":
    main()
