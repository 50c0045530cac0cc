"""Checking a deal: a revealed seed against the commitment published before the hand.

The table publishes ``commitment(seed)`` before each hand and the seed after it. Anyone can
then recompute the shuffle (``ginrummy.shuffle``) and see that the cards dealt were the ones
the seed fixes; the page does the same in JavaScript.

>>> from ginrummy.shuffle import commitment
>>> deal = deal_from_seed("example")
>>> len(deal.hands[0]), len(deal.hands[1]), len(deal.stock)
(10, 10, 31)
>>> check_commitment("example", commitment("example")), check_commitment("example", "00")
(True, False)
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from ginrummy.cards import CARDS, Card, CardSet
from ginrummy.shuffle import commitment, shuffled_deck

__all__ = ["Deal", "check_commitment", "deal_from_seed"]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards a seed deals: ``hands[0]`` to the non-dealer (dealt first), ``hands[1]`` to
    the dealer, the upcard, and the stock from the top."""

    seed: str
    commitment: str
    hands: tuple[CardSet, CardSet]
    upcard: Card
    stock: tuple[Card, ...]

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
    deck = shuffled_deck(seed)
    return Deal(
        seed=seed,
        commitment=commitment(seed),
        hands=(CardSet(deck[0:20:2]), CardSet(deck[1:20:2])),
        upcard=CARDS[deck[20]],
        stock=tuple(CARDS[c] for c in deck[21:]),
    )


def check_commitment(seed: str, published: str) -> bool:
    """Whether ``published`` (hex, any case) is the commitment to ``seed``."""
    return hmac.compare_digest(commitment(seed), published.strip().lower())
