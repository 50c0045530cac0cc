"""Crafted decks: the cards each seat is dealt and the starter, in the engine's deal order."""

from __future__ import annotations

from cardtable.cards import parse_card, parse_cards


def deck_for(non_dealer: str, dealer: str, starter: str) -> list[int]:
    """A deck dealing these six cards to each (non-dealer first, one at a time) with this
    starter on top of the rest; the rest in index order."""
    first = [parse_card(c) for c in non_dealer.split()]
    second = [parse_card(c) for c in dealer.split()]
    assert len(first) == len(second) == 6
    top = [card for pair in zip(first, second, strict=True) for card in pair]
    top.append(parse_card(starter))
    used = set(top)
    assert len(used) == 13, "a card is dealt twice"
    return top + [c for c in range(52) if c not in used]


def cards(text: str) -> list[int]:
    return list(parse_cards(text))
