"""Cards in views: tuples of cards, and their names for JSON."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card, CardSet

__all__ = ["cards_of", "names"]

# Every card's name by its number: a view names some sixty cards, each of them often.
_NAMES = tuple(str(Card(number)) for number in range(52))


def cards_of(cards: CardSet | Sequence[Card]) -> tuple[Card, ...]:
    """The cards as a tuple, in the order given (a set's in card order)."""
    return tuple(cards)


def names(cards: Sequence[Card]) -> list[str]:
    """The cards' canonical names (``TH``), for JSON."""
    return [_NAMES[card] for card in cards]
