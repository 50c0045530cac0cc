"""A learned chance that a discard feeds the opponent, from the seat's public view only.

The expert's danger (``Reasoner._danger``) multiplies per-card chances that come from
three hand-set factors (``knowledge.py``): what the opponent took, threw and passed over
shifts the odds of the cards beside it. That treats the cards of a meld as independent
and every event alike, early or late. This model starts from the same estimate and
corrects it by a logistic regression over what the seat can see around the discard: the
opponent's takes, throws and passes beside it (by kind of neighbour), whether the latest
ones were beside it, the cards beside it that no one can hold any more, its pips and how
far the hand has gone. The weights are fitted by ``bench/danger_model.py`` on recorded
decisions, the truth (does the card join a meld of the opponent's real hand) known to
the fit only; a player is handed the weights, never a hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from cardtable.cards import VALUES
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Observation

__all__ = [
    "FEATURES",
    "FITTED",
    "MELD_NEIGHBOURS",
    "SLOT_RELATION",
    "DangerContext",
    "danger_features",
    "learned_danger",
]

FEATURES: Final = (
    "bias",
    "heuristic danger (logit)",
    "took, same rank",
    "took, suit neighbour",
    "took, two apart",
    "threw, same rank",
    "threw, suit neighbour",
    "threw, two apart",
    "passed, same rank",
    "passed, suit neighbour",
    "passed, two apart",
    "last throw beside it",
    "last pass beside it",
    "dead, same rank",
    "dead, suit neighbours",
    "dead, two apart",
    "known held, same rank",
    "known held, suit neighbour",
    "pips / 10",
    "opponent draws / 10",
    "stock / 31",
)

# Fitted by ``python bench/danger_model.py --deals 2000`` on 518,760 cards at today's expert's
# discards against simple and expert-2026 (70% of 4,000 deals). On the other 30% it ranks
# as the hand-set danger does (AUC 0.805 against 0.804) and is better calibrated (log loss
# 0.394 against 0.406): the hand-set chances run too high above 0.5 and too low below 0.3.
# In play it gains nothing (README, "Strength", tenth round), so no level uses it.
FITTED: Final = (
    1.5472, 0.6925, -0.7608, -0.0314, -0.1386, -0.1107, 0.1766, -0.0405, -0.1562, 0.0664,
    -0.0647, 0.0134, -0.1253, -0.2772, -0.2107, -0.1064, 0.4507, -0.1293, 0.0316, -0.7078,
    -1.9014,
)  # fmt: skip

_TOOK, _THREW, _PASSED = 0, 1, 2


def _relation(a: int, b: int) -> int:
    """0: same rank; 1: same suit, next rank; 2: same suit, two apart; -1: unrelated."""
    if a == b:
        return -1
    if a % 13 == b % 13:
        return 0
    if a // 13 == b // 13:
        gap = abs(a % 13 - b % 13)
        if gap <= 2:
            return gap
    return -1


def _meld_neighbours(card: int) -> tuple[int, ...]:
    rank, suit = card % 13, card // 13
    same = tuple(s * 13 + rank for s in range(4) if s != suit)
    run = tuple(
        suit * 13 + r if 0 <= r < 13 else -1 for r in (rank - 2, rank - 1, rank + 1, rank + 2)
    )
    return same + run


# The seven cards that meld with each card: the other three of its rank, then its suit's
# cards two below, one below, one above and two above (-1 past an ace or a king), with
# what each slot is to it (``_relation``).
MELD_NEIGHBOURS: Final = tuple(_meld_neighbours(card) for card in range(52))
SLOT_RELATION: Final = (0, 0, 0, 2, 1, 1, 2)


@dataclass(frozen=True, slots=True)
class DangerContext:
    """What one decision's features share: the opponent's events on each card, replayed once."""

    # counts[kind][card]: how often the opponent took / threw / passed over ``card``.
    counts: tuple[tuple[int, ...], ...]
    last_threw: int
    last_passed: int
    dead: int
    known: int
    draws: int
    stock: int

    @classmethod
    def from_observation(cls, obs: Observation) -> DangerContext:
        counts = [[0] * 52 for _ in range(3)]
        opponent = 1 - obs.seat
        stack = [int(obs.upcard)]
        draws = 0
        last_threw = last_passed = -1
        for event in obs.events:
            kind = event.kind
            top = stack[-1] if stack else -1
            theirs = event.seat == opponent
            if kind is ActionKind.DRAW_DISCARD:
                if stack:
                    stack.pop()
                if theirs:
                    draws += 1
                    if top >= 0:
                        counts[_TOOK][top] += 1
            elif kind is ActionKind.DISCARD:
                if event.card is not None:
                    stack.append(int(event.card))
                    if theirs:
                        counts[_THREW][int(event.card)] += 1
                        last_threw = int(event.card)
            elif kind in (ActionKind.PASS, ActionKind.DRAW_STOCK) and theirs:
                if kind is ActionKind.DRAW_STOCK:
                    draws += 1
                if top >= 0:
                    counts[_PASSED][top] += 1
                    last_passed = top
        pile = 0
        for card in obs.discard_pile:
            pile |= 1 << card
        return cls(
            tuple(tuple(row) for row in counts),
            last_threw,
            last_passed,
            pile | obs.hand.mask,
            obs.opponent_known.mask,
            draws,
            obs.stock_count,
        )


def danger_features(card: int, heuristic: float, context: DangerContext) -> list[float]:
    """The model's inputs for throwing ``card`` (``heuristic``: the expert's own danger)."""
    p = min(0.99, max(0.01, heuristic))
    x = [0.0] * len(FEATURES)
    x[0] = 1.0
    x[1] = math.log(p / (1.0 - p))
    dead = context.dead & ~(1 << card)
    for other, relation in zip(MELD_NEIGHBOURS[card], SLOT_RELATION, strict=True):
        if other < 0:
            continue
        for kind in (_TOOK, _THREW, _PASSED):
            x[2 + 3 * kind + relation] += context.counts[kind][other]
        if dead >> other & 1:
            x[13 + relation] += 1.0
        if relation < 2 and context.known >> other & 1:
            x[16 + relation] += 1.0
    if context.last_threw >= 0 and _relation(card, context.last_threw) in (0, 1):
        x[11] = 1.0
    if context.last_passed >= 0 and _relation(card, context.last_passed) in (0, 1):
        x[12] = 1.0
    x[18] = VALUES[card] / 10.0
    x[19] = context.draws / 10.0
    x[20] = context.stock / 31.0
    return x


def learned_danger(weights: tuple[float, ...], features: list[float]) -> float:
    """The chance the model gives that the discard feeds the opponent."""
    z = sum(w * f for w, f in zip(weights, features, strict=True))
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
