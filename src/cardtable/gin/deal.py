"""The deal of a hand of gin: the one place that says which card of the deck goes where.

RULES.md 1: the dealer deals ten cards each, one at a time, the non-dealer first; the 21st
card is the upcard, the first of the discard pile; the rest is the stock, drawn from the
top. In deck order (the order :func:`~cardtable.cards.shuffled_deck` returns, first card
dealt first) that is:

>>> POSITIONS["non_dealer"][:3], POSITIONS["dealer"][:3], POSITIONS["upcard"]
((0, 2, 4), (1, 3, 5), 20)
>>> POSITIONS["stock"][:3], len(POSITIONS["stock"])
((21, 22, 23), 31)

:class:`Deal` holds the cards a deck (or a revealed seed) deals, for the hand itself and for
anyone checking a deal afterwards:

>>> deal = deal_from_seed("example")
>>> len(deal.hands[0]), len(deal.hands[1]), deal.upcard, len(deal.stock)
(10, 10, Card('QD'), 31)
>>> deal.hand_of(seat=1, dealer=0) == deal.hands[0]  # seat 1 does not deal: dealt first
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import CARDS, Card, CardSet, commitment, shuffled_deck

__all__ = ["HAND_SIZE", "POSITIONS", "Deal", "deal_from_seed"]

HAND_SIZE: Final = 10
_DEALT: Final = 2 * HAND_SIZE

# Where each part of the deal sits in the deck, as plain data: the table sends it with a
# finished hand so that the page checks a revealed seed without a deal order of its own.
POSITIONS: Final = {
    "non_dealer": tuple(range(0, _DEALT, 2)),
    "dealer": tuple(range(1, _DEALT, 2)),
    "upcard": _DEALT,
    "stock": tuple(range(_DEALT + 1, 52)),
}
_BITS: Final = tuple(1 << c for c in range(52))


def split_deck(deck: Sequence[int]) -> tuple[int, int, int, tuple[int, ...]]:
    """The non-dealer's and the dealer's hands as masks, the upcard, and the stock from the
    top, for a deck in dealt order (the hand's own fast path; :class:`Deal` for people)."""
    # The cards are distinct, so adding their bits is or-ing them.
    non_dealer = sum(map(_BITS.__getitem__, deck[0:_DEALT:2]))
    dealer = sum(map(_BITS.__getitem__, deck[1:_DEALT:2]))
    return non_dealer, dealer, int(deck[_DEALT]), tuple(deck[_DEALT + 1 :])


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards a deck deals: ``hands[0]`` to the non-dealer (dealt first), ``hands[1]`` to
    the dealer, the upcard, and the stock from the top. ``seed`` and ``commitment`` are set
    when the deck came from a seed."""

    seed: str | None
    commitment: str | None
    hands: tuple[CardSet, CardSet]
    upcard: Card
    stock: tuple[Card, ...]

    @classmethod
    def from_deck(cls, deck: Sequence[int], seed: str | None = None) -> Deal:
        non_dealer, dealer, upcard, stock = split_deck(deck)
        return cls(
            seed=seed,
            commitment=None if seed is None else commitment(seed),
            hands=(CardSet.from_mask(non_dealer), CardSet.from_mask(dealer)),
            upcard=CARDS[upcard],
            stock=tuple(CARDS[c] for c in stock),
        )

    def hand_of(self, seat: int, dealer: int) -> CardSet:
        """The ten cards dealt to ``seat`` when ``dealer`` deals."""
        return self.hands[1] if seat == dealer else self.hands[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "commitment": self.commitment,
            "non_dealer": [str(c) for c in self.hands[0]],
            "dealer": [str(c) for c in self.hands[1]],
            "upcard": str(self.upcard),
            "stock": [str(c) for c in self.stock],
        }


def deal_from_seed(seed: str) -> Deal:
    """The deal of one hand from its (revealed) seed."""
    return Deal.from_deck(shuffled_deck(seed), seed)
