"""The shared core of every game: cards, sets of cards, parsing, shuffles and commitments.

A card is an int 0..51 (:class:`Card`), a set of cards one 52-bit mask (:class:`CardSet`);
one parser reads every spelling. Deals are seeded shuffles that anyone can re-check, and a
table commits to each deal's seed before the deal. Nothing here knows any game's rules.
"""

from cardtable.cards.card import (
    CARDS,
    FULL_DECK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    VALUES,
    Card,
    CardLike,
    CardSet,
    CardsLike,
    card_numbers,
    format_cards,
    parse_card,
    parse_cards,
)
from cardtable.cards.commitment import check_commitment, commitment
from cardtable.cards.shuffle import derive_seed, fair_cut, shuffled_deck

__all__ = [
    "CARDS",
    "FULL_DECK",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "VALUES",
    "Card",
    "CardLike",
    "CardSet",
    "CardsLike",
    "card_numbers",
    "check_commitment",
    "commitment",
    "derive_seed",
    "fair_cut",
    "format_cards",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
]
