"""Fit the expert's discard values to what its best few plain discards really scored.

At a share (``--rate``) of the expert's plain discards (no knock possible, more than four
stock cards left), this script records ``DISCARD_FEATURES`` for the ``DISCARD_TOP`` best
discards by the expert's heuristic (the hand's value after the next draw, the danger of
feeding the opponent, the deadwood kept, and how each meets the stock left and the
opponent's progress), then plays each of those discards to the hand's end on the true deal
by the same two players. The unseen stock is reshuffled once per decision, in the same
order for every candidate, so that their differences are not the stock's noise. The hidden
cards are used only for these outcomes, as self-play would use them: the fitted values see
nothing but the features.

The fit is least squares of each candidate's points less the decision's mean on its
features less theirs (what is common to a decision cancels), with a ridge that pulls the
weights toward the heuristic's own (``HEURISTIC``, which reorders nothing). It is judged on
held-out hands: the points a decision gains over the expert's own choice, with the mean
of the best candidate in hindsight beside it (one play-out each, so mostly noise: a
ceiling no seat could reach).

With ``--curve`` it also fits on the first eighth, quarter and half of the training hands
and judges each fit on the same held-out hands: whether more self-play would help. Several
recordings load together (``--load A.json,B.json``), each file's hands numbered after the
last file's.

Usage: python bench/discard_values.py [--hands 3000] [--workers 2] [--rate 0.5]
[--opponents simple,expert-2026] [--seed discard-train] [--ridge 10] [--save FILE]
[--load FILE[,FILE...]] [--curve]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.players import make_player
from cardtable.gin.players.base import Player
from cardtable.gin.players.expert import (
    DISCARD_FEATURES,
    DISCARD_TOP,
    EXPERT,
    ExpertPlayer,
    Reasoner,
    _decision_rng,
)
from cardtable.gin.players.hints import Alternative
from cardtable.gin.rules import Rules
from knock_rule import _finish, _points, recorded

# Weights that value the discards as the heuristic does: its hand value, less half the
# danger charge (``danger_weight``) and the urgency times the deadwood kept.
HEURISTIC = (1.0, -EXPERT.danger_weight, 0.0, -1.0) + (0.0,) * (len(DISCARD_FEATURES) - 4)

# The inputs of each discard of the decision being recorded, by card.
_SEEN: dict[int, tuple[float, ...]] = {}


@dataclass(frozen=True, slots=True)
class _Recording(Reasoner):
    def _reranked(
        self, scored: list[Alternative], inputs: dict[int, tuple[float, ...]]
    ) -> list[Alternative]:
        _SEEN.clear()
        _SEEN.update(inputs)
        return scored


def _record(job: tuple[str, int, str, float]) -> list[dict[str, Any]]:
    """Play one hand, recording the chosen share of the expert's plain discards."""
    seed, index, opponent, rate = job
    seat, dealer = index % 2, index // 4 % 2
    fields = {f: getattr(EXPERT, f) for f in Reasoner.__dataclass_fields__}
    reasoner = replace(_Recording(**fields), discard_weights=HEURISTIC)
    players: list[Player] = [ExpertPlayer(index, EXPERT), make_player(opponent, index)]
    if seat == 1:
        players.reverse()
    pick = random.Random(f"{seed}-pick-{index}")
    hand = Hand.deal(Rules(), dealer=dealer, seed=f"{seed}-{index}")
    rows: list[dict[str, Any]] = []
    while not hand.is_over:
        to_act = hand.to_act
        view = hand.observation(to_act)
        chosen = players[to_act].act(view)
        plain = (
            to_act == seat
            and view.phase is Phase.DISCARD
            and view.stock_count > 4
            and all(a.kind is ActionKind.DISCARD for a in view.legal_actions())
        )
        if plain and pick.random() < rate:
            _SEEN.clear()
            scored = reasoner.evaluate(view, _decision_rng(index, view))
            best = [a.action for a in scored if a.action.kind is ActionKind.DISCARD]
            best = best[:DISCARD_TOP]
            order = random.Random(f"{seed}-{index}-{len(rows)}").random()
            candidates = []
            for action in best:
                after = hand.copy()
                after.apply(action, seat)
                random.Random(order).shuffle(after._stock)
                _finish(after, players)
                assert action.card is not None
                candidates.append(
                    {
                        "features": _SEEN[action.card],
                        "points": _points(after, seat),
                        "chosen": action == chosen,
                    }
                )
            if len(candidates) > 1 and any(c["chosen"] for c in candidates):
                rows.append(
                    {
                        "hand": index,
                        "opponent": opponent,
                        "stock": view.stock_count,
                        "candidates": candidates,
                    }
                )
        hand.apply(chosen, to_act)
    return rows


def _centred(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for row in rows:
        x = np.array([c["features"] for c in row["candidates"]], dtype=float)
        y = np.array([c["points"] for c in row["candidates"]], dtype=float)
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    return np.vstack(xs), np.concatenate(ys)


def fit(rows: list[dict[str, Any]], ridge: float) -> tuple[float, ...]:
    """Least squares on the centred candidates, each feature scaled to unit spread, with a
    ridge of ``ridge`` pulling toward ``HEURISTIC``."""
    x, y = _centred(rows)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    xs = x / scale
    prior = np.array(HEURISTIC) * scale
    a = xs.T @ xs + ridge * np.eye(len(scale))
    weights = np.linalg.solve(a, xs.T @ y + ridge * prior) / scale
    return tuple(float(w) for w in weights)


def judge(rows: list[dict[str, Any]], weights: tuple[float, ...]) -> tuple[float, float, float]:
    """Points a decision gains by the weights' choice over the expert's, its 95% half-width,
    and the share of decisions the weights change."""
    gains = []
    w = np.array(weights)
    for row in rows:
        candidates = row["candidates"]
        x = np.array([c["features"] for c in candidates], dtype=float)
        pick = int(np.argmax(x @ w))
        recorded = next(c["points"] for c in candidates if c["chosen"])
        gains.append(candidates[pick]["points"] - recorded)
    if not gains:
        return 0.0, 0.0, 0.0
    g = np.array(gains, dtype=float)
    half = 1.96 * g.std(ddof=1) / math.sqrt(len(g)) if len(g) > 1 else 0.0
    return float(g.mean()), half, float((g != 0).mean())


def hindsight(rows: list[dict[str, Any]]) -> float:
    """The best candidate's points over the expert's choice, known after the play-outs."""
    gains = [
        max(c["points"] for c in row["candidates"])
        - next(c["points"] for c in row["candidates"] if c["chosen"])
        for row in rows
    ]
    return float(sum(gains)) / max(1, len(gains))


def loaded(paths: list[str]) -> list[dict[str, Any]]:
    """The rows of several recordings, each file's hands numbered after the last file's (so
    that the held-out split and the learning curve keep hands whole)."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path) as file:
            found: list[dict[str, Any]] = json.load(file)
        start = 1 + max((int(r["hand"]) for r in rows), default=-1)
        rows.extend({**r, "hand": int(r["hand"]) + start} for r in found)
    return rows


def curve(
    train: list[dict[str, Any]], test: list[dict[str, Any]], ridge: float
) -> list[tuple[int, float, float, float]]:
    """Fits on the first eighth, quarter, half and all of the training hands, each judged on
    ``test``: (decisions fitted, gain a decision, its half-width, share changed)."""
    hands = sorted({int(r["hand"]) for r in train})
    points = []
    for share in (8, 4, 2, 1):
        keep = set(hands[: max(1, len(hands) // share)])
        rows = [r for r in train if int(r["hand"]) in keep]
        points.append((len(rows), *judge(test, fit(rows, ridge))))
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=float, default=0.5, help="share of decisions recorded")
    parser.add_argument("--opponents", default="simple,expert-2026")
    parser.add_argument("--seed", default="discard-train")
    parser.add_argument("--holdout", type=float, default=0.3, help="share of hands held out")
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--save", default="", help="write the recorded rows here (JSON)")
    parser.add_argument(
        "--load", default="", help="fit rows recorded before instead (files, comma-separated)"
    )
    parser.add_argument(
        "--curve", action="store_true", help="judge fits on growing shares of the training hands"
    )
    args = parser.parse_args()
    opponents = [name for name in args.opponents.split(",") if name]
    if args.hands < 2:
        parser.error("--hands must be at least 2")
    if not 0.0 < args.rate <= 1.0:
        parser.error("--rate must be above 0 and at most 1")
    if not 0.0 < args.holdout < 1.0:
        parser.error("--holdout must be between 0 and 1")
    if args.ridge < 0:
        parser.error("--ridge must not be negative")
    try:
        for name in opponents:
            make_player(name, 0)
    except ValueError as error:
        parser.error(str(error))
    if not opponents:
        parser.error("--opponents names no player")
    start = time.perf_counter()
    jobs = [
        (args.seed, i, opponents[i // 2 % len(opponents)], args.rate) for i in range(args.hands)
    ]
    if args.load:
        try:
            rows = loaded([path for path in args.load.split(",") if path])
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--load: cannot read the recorded rows ({error})")
    else:
        rows = recorded(_record, jobs, args.workers, 4, "", args.save)
    seconds = time.perf_counter() - start
    where = (
        f"in {len({r['hand'] for r in rows})} hands recorded before"
        if args.load
        else f"in {args.hands} hands ({seconds:.0f} s)"
    )
    print(f"{len(rows)} decisions, {DISCARD_TOP} discards each, {where}")
    held = {
        int(r["hand"]) for r in rows if random.Random(f"held-{r['hand']}").random() < args.holdout
    }
    train = [r for r in rows if int(r["hand"]) not in held]
    test = [r for r in rows if int(r["hand"]) in held]
    if not train or not test:
        parser.error("too few decisions to fit and judge: record more hands")
    weights = fit(train, args.ridge)
    print(f"fitted on {len(train)} decisions, judged on {len(test)} (ridge {args.ridge})")
    print("weights (" + "; ".join(DISCARD_FEATURES) + "):")
    print(",".join(f"{w:.4g}" for w in weights))
    for name in ["all", *opponents]:
        chosen = [r for r in test if name in ("all", r["opponent"])]
        gain, half, changed = judge(chosen, weights)
        print(
            f"held out, {name}: {len(chosen)} decisions, the fitted values gain {gain:+.2f}"
            f" +- {half:.2f} points a decision, changing {changed:.0%} of them"
            f" (the best in hindsight {hindsight(chosen):+.2f})"
        )
    if args.curve:
        print("learning curve (fitted on the first hands of the training share):")
        for count, gain, half, changed in curve(train, test, args.ridge):
            print(
                f"  {count} decisions: held out {gain:+.2f} +- {half:.2f} points a decision,"
                f" changing {changed:.0%}"
            )


if __name__ == "__main__":
    main()
