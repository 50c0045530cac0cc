"""The end of a hand: the knocker's layout, the defender's answer and the points (RULES.md 2-3).

>>> from cardtable.gin.rules import Rules
>>> result = score_showdown(
...     Rules.preset("pagat"), "7H 7S 7D 9C TC JC QC KC 4C 3D", "2H 2S 2D 2C 4H 5H 6H KS 9H 5C"
... )
>>> result.outcome.value, result.points, result.knocker_deadwood, result.defender_deadwood
('knock', 17, 7, 24)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, CardSet, CardsLike, parse_cards
from cardtable.errors import IllegalActionError
from cardtable.gin.melds import (
    Arrangement,
    DefenderAnswer,
    Meld,
    best_masks,
    deadwood,
    defender_answer,
    sorted_melds,
)
from cardtable.gin.rules import Rules

__all__ = ["HandResult", "Outcome", "check_layout", "score_showdown"]


class Outcome(enum.Enum):
    """How a hand ended."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class HandResult:
    """The end of a hand as data. Seats are 0 and 1; ``winner`` is ``None`` for a dead hand."""

    outcome: Outcome
    knocker: int | None = None
    winner: int | None = None
    points: int = 0
    knocker_deadwood: int = 0
    defender_deadwood: int = 0
    knocker_layout: Arrangement | None = None
    defender: DefenderAnswer | None = None
    multiplier: int = 1
    knock_discard: Card | None = None

    @property
    def is_dead(self) -> bool:
        return self.outcome is Outcome.DEAD

    def points_for(self, seat: int) -> int:
        """Points this hand scores for ``seat`` (0 for the loser and for a dead hand)."""
        return self.points if self.winner == seat else 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form with canonical card strings."""
        layout = self.knocker_layout
        answer = self.defender
        return {
            "outcome": self.outcome.value,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "multiplier": self.multiplier,
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "knock_discard": None if self.knock_discard is None else str(self.knock_discard),
            "knocker_melds": [] if layout is None else [str(m) for m in layout.melds],
            "knocker_unmatched": [] if layout is None else [str(c) for c in layout.unmatched],
            "defender_melds": [] if answer is None else [str(m) for m in answer.melds],
            "defender_unmatched": [] if answer is None else [str(c) for c in answer.unmatched],
            "layoffs": []
            if answer is None
            else [{"card": str(lay.card), "onto": str(lay.onto)} for lay in answer.layoffs],
        }


def check_layout(
    cards: int, melds: Sequence[Meld] | None, threshold: int, full: bool
) -> Arrangement:
    """The knocker's layout of ``cards`` (a mask): the given melds, or the best when ``None``.

    Raises :class:`IllegalActionError` if the melds are not the knocker's disjoint cards, if
    the deadwood passes ``threshold``, or if ``full`` (gin) and any card is left over.
    """
    if melds is None:
        masks, loose = best_masks(cards)
        layout = Arrangement(sorted_melds(masks), CardSet.from_mask(loose))
    else:
        used = 0
        for meld in melds:
            if meld.mask & ~cards:
                missing = CardSet.from_mask(meld.mask & ~cards)
                raise IllegalActionError(f"the meld [{meld}] uses {missing}, not in the hand")
            if meld.mask & used:
                raise IllegalActionError(
                    f"a card belongs to at most one meld: {CardSet.from_mask(meld.mask & used)}"
                )
            used |= meld.mask
        layout = Arrangement(tuple(melds), CardSet.from_mask(cards & ~used))
    if full and layout.unmatched:
        raise IllegalActionError(
            f"gin lays out every card in melds; {layout.unmatched} would be left over"
        )
    if layout.deadwood > threshold:
        raise IllegalActionError(
            f"the knock threshold is {threshold}: this layout leaves {layout.deadwood} deadwood"
        )
    return layout


def score_showdown(
    rules: Rules,
    knocker: CardsLike,
    defender: CardsLike,
    knocker_melds: Sequence[Meld] | None = None,
    *,
    knocker_seat: int = 0,
    threshold: int | None = None,
    multiplier: int = 1,
    knock_discard: Card | None = None,
    declared_gin: bool = False,
) -> HandResult:
    """Score a hand's end: 10 knocker cards for a knock or gin, 11 for big gin.

    Gin is any layout with no deadwood; the knock is checked against ``threshold`` (the
    rules' knock threshold by default). With ``declared_gin`` the given melds must hold every
    card, as a player who declares gin lays out.
    """
    knocker_mask = parse_cards(knocker).mask
    defender_mask = parse_cards(defender).mask
    if knocker_mask & defender_mask:
        shared = CardSet.from_mask(knocker_mask & defender_mask)
        raise IllegalActionError(f"both hands hold {shared}")
    size = knocker_mask.bit_count()
    if size not in (10, 11):
        raise IllegalActionError(f"the knocker lays out 10 cards (11 for big gin), not {size}")
    if defender_mask.bit_count() != 10:
        raise IllegalActionError(f"the defender holds 10 cards, not {defender_mask.bit_count()}")
    limit = rules.knock_threshold if threshold is None else threshold
    big = size == 11
    if big and rules.big_gin_bonus is None:
        raise IllegalActionError("big gin (eleven cards melded) is off under these rules")
    gin = big or deadwood(knocker_mask) == 0
    full = big or declared_gin
    layout = check_layout(knocker_mask, knocker_melds, 0 if full else limit, full)
    if gin and layout.deadwood:
        layout = check_layout(knocker_mask, None, 0, True)
    answer = defender_answer(CardSet.from_mask(defender_mask), layout.melds, gin=gin)
    k, d = layout.deadwood, answer.deadwood
    defender_seat = 1 - knocker_seat
    if big:
        outcome, winner, points = Outcome.BIG_GIN, knocker_seat, d + (rules.big_gin_bonus or 0)
    elif gin:
        outcome, winner, points = Outcome.GIN, knocker_seat, d + rules.gin_bonus
    elif d > k:
        outcome, winner, points = Outcome.KNOCK, knocker_seat, d - k
    else:
        outcome, winner, points = Outcome.UNDERCUT, defender_seat, k - d + rules.undercut_bonus
    return HandResult(
        outcome=outcome,
        knocker=knocker_seat,
        winner=winner,
        points=points * multiplier,
        knocker_deadwood=k,
        defender_deadwood=d,
        knocker_layout=layout,
        defender=answer,
        multiplier=multiplier,
        knock_discard=knock_discard,
    )
