"""Fit the expert's knock-or-wait rule to what knocking and waiting really scored.

Whenever the expert may knock (with more than two stock cards left), this script records
what the expert can see of the choice (``KNOCK_FEATURES``: the knock's points on sampled
opponent hands, the play-outs' points for waiting, the undercut share, the deadwood kept,
the stock left, the opponent's draws and takes, the chance of gin next draw, the sampled
opponent deadwood) and then plays the choice both ways on the true deal:

- the knock, scored against the opponent's real hand (its lay-offs included);
- the best plain discard, after which the hand is played to its end by the same two
  players, once per reshuffle of the unseen stock (``--shuffles``): the stock's order is
  unknown to both seats, so each reshuffle is an equally likely future.

The rule is a least-squares fit of (knock points - waiting points) on the features; the
expert knocks when the fitted difference is above zero. The hidden cards are used only for
the labels, as a value network trained by self-play would use outcomes: the fitted rule
sees nothing but the features. The fit is checked on held-out hands (``--holdout``): the
points a decision gains over the expert's own choice on the same recorded states.

Usage: python bench/knock_rule.py [--hands 3000] [--workers 2] [--shuffles 2]
[--opponents simple,expert-2026] [--seed knock-train] [--weights W1,W2,...] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.players import make_player
from cardtable.gin.players.base import Player
from cardtable.gin.players.expert import (
    EXPERT,
    KNOCK_FEATURES,
    ExpertPlayer,
    Reasoner,
    _decision_rng,
)
from cardtable.gin.rules import Rules

# The features of each knock option of the decision being recorded, by its discard.
_SEEN: dict[int, tuple[float, ...]] = {}


@dataclass(frozen=True, slots=True)
class _Recording(Reasoner):
    def _knock_features(self, obs: Observation, *rest: Any) -> tuple[float, ...]:
        features = Reasoner._knock_features(self, obs, *rest)
        kept = rest[1]
        _SEEN[(obs.hand.mask ^ kept).bit_length() - 1] = features
        return features


def baseline_weights(reasoner: Reasoner) -> tuple[float, ...]:
    """The weights that decide as the expert without a rule does (knock points against
    waiting points plus ``wait_bias``)."""
    weights = [0.0] * len(KNOCK_FEATURES)
    weights[0], weights[1], weights[2] = -reasoner.wait_bias, 1.0, -1.0
    return tuple(weights)


def _points(hand: Hand, seat: int) -> int:
    result = hand.result
    assert result is not None
    return result.points_for(seat) - result.points_for(1 - seat)


def _finish(hand: Hand, players: Sequence[Player]) -> None:
    while not hand.is_over:
        seat = hand.to_act
        hand.apply(players[seat].act(hand.observation(seat)), seat)


def _record(job: tuple[str, int, str, int, tuple[float, ...]]) -> list[dict[str, object]]:
    """Play one hand, recording every knock-or-wait choice of the expert's seat."""
    seed, index, opponent, shuffles, weights = job
    seat, dealer = index % 2, index // 2 % 2
    reasoner = _Recording(**{f: getattr(EXPERT, f) for f in Reasoner.__dataclass_fields__})
    reasoner = replace(reasoner, knock_weights=weights)
    expert = ExpertPlayer(index, reasoner)
    players: list[Player] = [expert, make_player(opponent, index)]
    if seat == 1:
        players.reverse()
    hand = Hand.deal(Rules(), dealer=dealer, seed=f"{seed}-{index}")
    rows: list[dict[str, object]] = []
    while not hand.is_over:
        to_act = hand.to_act
        view = hand.observation(to_act)
        knocks = [a for a in view.legal_actions() if a.kind is ActionKind.KNOCK]
        if to_act != seat or not knocks or view.phase is not Phase.DISCARD:
            hand.apply(players[to_act].act(view), to_act)
            continue
        _SEEN.clear()
        scored = reasoner.evaluate(view, _decision_rng(expert.seed, view))
        enders = [a for a in scored if a.action.kind is ActionKind.KNOCK]
        plain = [a for a in scored if a.action.kind is ActionKind.DISCARD]
        if view.stock_count > 2 and enders and plain and enders[0].action.card in _SEEN:
            knock = hand.copy()
            knock.apply(enders[0].action, seat)
            waits = []
            for shuffle in range(shuffles):
                wait = hand.copy()
                wait.apply(plain[0].action, seat)
                random.Random(f"{seed}-{index}-{len(rows)}-{shuffle}").shuffle(wait._stock)
                _finish(wait, players)
                waits.append(_points(wait, seat))
            rows.append(
                {
                    "hand": index,
                    "opponent": opponent,
                    "features": _SEEN[enders[0].action.card],
                    "knock": _points(knock, seat),
                    "wait": sum(waits) / len(waits),
                    "knocked": scored[0].action.kind is ActionKind.KNOCK,
                }
            )
        hand.apply(scored[0].action, seat)
    return rows


def recorded(
    record: Callable[[Any], list[dict[str, Any]]],
    jobs: list[Any],
    workers: int,
    chunksize: int,
    load: str,
    save: str,
) -> list[dict[str, Any]]:
    """The rows ``record`` finds in ``jobs`` over ``workers`` processes, written to ``save``
    when named; or, with ``load``, the rows recorded before (``jobs`` are not played)."""
    if load:
        with open(load) as file:
            rows: list[dict[str, Any]] = json.load(file)
        return rows
    rows = []
    with ProcessPoolExecutor(workers) as pool:
        for found in pool.map(record, jobs, chunksize=chunksize):
            rows.extend(found)
    if save:
        with open(save, "w") as file:
            json.dump(rows, file)
    return rows


def fit(rows: list[dict[str, object]], ridge: float = 1.0) -> tuple[float, ...]:
    """Least squares of knock minus waiting points on the features (a little ridge, the
    bias left free), by the normal equations: ten features need no library."""
    n = len(KNOCK_FEATURES)
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row in rows:
        x = row["features"]
        assert isinstance(x, (list, tuple))
        y = float(row["knock"]) - float(row["wait"])  # type: ignore[arg-type]
        for i in range(n):
            b[i] += x[i] * y
            for j in range(n):
                a[i][j] += x[i] * x[j]
    for i in range(1, n):
        a[i][i] += ridge
    return tuple(_solve(a, b))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                factor = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def judge(rows: list[dict[str, object]], weights: Sequence[float]) -> tuple[float, float, float]:
    """Points a hand-decision gains with ``weights`` over the recorded choices, with its
    standard error, and the share of decisions that knock."""
    gains = []
    knocks = 0
    for row in rows:
        x = row["features"]
        assert isinstance(x, (list, tuple))
        knock = sum(w * f for w, f in zip(weights, x, strict=True)) > 0
        knocks += knock
        chosen = row["knock"] if knock else row["wait"]
        recorded = row["knock"] if row["knocked"] else row["wait"]
        gains.append(float(chosen) - float(recorded))  # type: ignore[arg-type]
    mean = sum(gains) / max(1, len(gains))
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
    return mean, spread / math.sqrt(max(1, len(gains))), knocks / max(1, len(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--shuffles", type=int, default=2)
    parser.add_argument("--opponents", default="simple,expert-2026")
    parser.add_argument("--seed", default="knock-train")
    parser.add_argument("--holdout", type=float, default=0.3, help="share of hands held out")
    parser.add_argument(
        "--weights", default="", help="record with these weights (default: the expert's own choice)"
    )
    parser.add_argument("--save", default="", help="write the recorded rows here (JSON)")
    parser.add_argument("--load", default="", help="fit rows recorded before instead")
    args = parser.parse_args()
    opponents = [name for name in args.opponents.split(",") if name]
    weights = (
        tuple(float(w) for w in args.weights.split(","))
        if args.weights
        else baseline_weights(EXPERT)
    )
    if len(weights) != len(KNOCK_FEATURES):
        parser.error(f"--weights needs {len(KNOCK_FEATURES)} numbers")
    start = time.perf_counter()
    jobs = [
        (args.seed, i, opponents[i // 4 % len(opponents)], args.shuffles, weights)
        for i in range(args.hands)
    ]
    rows = recorded(_record, jobs, args.workers, 8, args.load, args.save)
    seconds = time.perf_counter() - start
    print(f"{len(rows)} knock-or-wait choices in {args.hands} hands ({seconds:.0f} s)")
    cut = int(args.hands * (1 - args.holdout))
    train = [r for r in rows if int(r["hand"]) < cut]
    test = [r for r in rows if int(r["hand"]) >= cut]
    fitted = fit(train)
    print("weights (" + ", ".join(KNOCK_FEATURES) + "):")
    print(",".join(f"{w:.4g}" for w in fitted))
    for name in ["all", *opponents]:
        chosen = [r for r in test if name in ("all", r["opponent"])]
        gain, error, share = judge(chosen, fitted)
        base_share = sum(bool(r["knocked"]) for r in chosen) / max(1, len(chosen))
        print(
            f"held out, {name}: {len(chosen)} choices, the rule gains {gain:+.2f} +- {error:.2f}"
            f" points a choice, knocks {share:.0%} (the expert {base_share:.0%})"
        )


if __name__ == "__main__":
    main()
