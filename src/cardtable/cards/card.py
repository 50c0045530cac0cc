"""Cards as ints 0..51 and sets of cards as 52-bit masks, behind a readable API.

A card's index is ``suit * 13 + rank`` with rank 0 (ace) to 12 (king) and suits in the order
spades, hearts, diamonds, clubs. That layout puts every run of one suit on consecutive bits, so
a run is a shifted block of ones and a whole hand is one Python int.

>>> card = parse_card("10h")
>>> card, str(card), card.value
(Card('TH'), 'TH', 10)
>>> hand = parse_cards("7S 7♥ 7d 4H 5H 6H")
>>> hand
CardSet('7S 4H 5H 6H 7H 7D')
>>> len(hand), parse_card("7H") in hand
(6, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from cardtable.errors import InvalidCardError

__all__ = [
    "CARDS",
    "FULL_DECK",
    "RANKS",
    "SUITS",
    "VALUES",
    "Card",
    "CardLike",
    "CardSet",
    "CardsLike",
    "card_numbers",
    "format_cards",
    "parse_card",
    "parse_cards",
]

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
_SUIT_ALIASES: Final = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
    **{s: i for i, s in enumerate("♤♡♢♧")},
}
_RANK_ALIASES: Final = {**{r: i for i, r in enumerate(RANKS)}, "10": 9}
_CARD_RE: Final = re.compile(r"(10|[A2-9TJQK])([SHDC♠♥♦♣♤♡♢♧])", re.IGNORECASE)
_SEPARATORS: Final = re.compile(r"[\s,;|\[\]]*")


class Card(int):
    """One card: an int 0..51 that prints as ``TH`` and parses back from that text."""

    __slots__ = ()

    def __new__(cls, card: str | int) -> Card:
        """``Card("TH")`` or ``Card(35)``: the one instance of that card."""
        return parse_card(card)

    @property
    def rank(self) -> int:
        """0 for the ace up to 12 for the king."""
        return self % 13

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return self // 13

    @property
    def value(self) -> int:
        """Deadwood value: ace 1, two to ten face value, court cards 10."""
        return VALUES[self]

    @property
    def bit(self) -> int:
        """This card as a one-card mask."""
        return 1 << self

    def symbol(self, ascii_only: bool = False) -> str:
        """The card with a suit symbol (``T♥``), or plain text when ``ascii_only``."""
        return str(self) if ascii_only else RANKS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card('{_NAMES[self]}')"


_NAMES: Final = tuple(RANKS[i % 13] + SUITS[i // 13] for i in range(52))
CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
VALUES: Final = tuple(min(i % 13 + 1, 10) for i in range(52))
FULL_DECK: Final = (1 << 52) - 1


def parse_card(text: str | int) -> Card:
    """Parse one card: rank ``A 2-9 T J Q K`` (or ``10``) then suit ``S H D C`` or a symbol.

    >>> parse_card("qd"), parse_card("A♠"), parse_card(51)
    (Card('QD'), Card('AS'), Card('KC'))
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 52:
            return CARDS[text]
        raise InvalidCardError(f"card index {text} is not between 0 and 51")
    if not isinstance(text, str):
        raise InvalidCardError(f"cannot read a card from {text!r}")
    match = _CARD_RE.fullmatch(text.strip())
    if match is None:
        raise InvalidCardError(
            f"unknown card {text!r}: use a rank A 2-9 T J Q K (or 10) then a suit S H D C"
        )
    rank = _RANK_ALIASES[match.group(1).upper()]
    suit = _SUIT_ALIASES[match.group(2).upper()]
    return CARDS[suit * 13 + rank]


CardLike = Card | int | str


def card_numbers(mask: int) -> list[int]:
    """The cards of a 52-bit mask as numbers 0..51, lowest first (for the search code that
    works on masks and wants plain ints, not :class:`Card` objects)."""
    numbers = []
    while mask:
        low = mask & -mask
        numbers.append(low.bit_length() - 1)
        mask ^= low
    return numbers


class CardSet:
    """An immutable set of cards stored as one 52-bit mask; iterates in index order.

    >>> a = parse_cards("AS 2S 3S")
    >>> b = parse_cards("3S KH")
    >>> a | b, a & b, a - b
    (CardSet('AS 2S 3S KH'), CardSet('3S'), CardSet('AS 2S'))
    >>> CardSet.from_mask(a.mask) == a, sum(card.value for card in a)
    (True, 6)
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: CardsLike = ()) -> None:
        object.__setattr__(self, "mask", _to_mask(cards))

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a mask without checking it (the caller guarantees 0 <= mask < 2**52)."""
        new = object.__new__(cls)
        object.__setattr__(new, "mask", mask)
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Callable[[int], CardSet], tuple[int]]:
        # Pickle by mask: the default would restore the slot through the refused __setattr__,
        # and observations must cross process boundaries (simulators, replay buffers).
        return (CardSet.from_mask, (self.mask,))

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
            return bool(self.mask >> card & 1)
        if isinstance(card, str):
            try:
                return bool(self.mask >> parse_card(card) & 1)
            except InvalidCardError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other.mask & ~self.mask == 0

    def add(self, card: CardLike) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_mask(self.mask | 1 << parse_card(card))

    def remove(self, card: CardLike) -> CardSet:
        """A new set without ``card``; raises if the card is not in the set."""
        parsed = parse_card(card)
        if not self.mask >> parsed & 1:
            raise InvalidCardError(f"{parsed} is not in {self}")
        return CardSet.from_mask(self.mask ^ 1 << parsed)

    @property
    def value(self) -> int:
        """The total deadwood value of the cards."""
        return sum(VALUES[c] for c in self)

    def sorted_by_rank(self) -> list[Card]:
        """The cards ordered by rank, then suit (how a set is usually read)."""
        return sorted(self, key=lambda c: (c.rank, c.suit))

    def symbols(self, ascii_only: bool = False) -> str:
        """The cards with suit symbols, separated by spaces."""
        return " ".join(c.symbol(ascii_only) for c in self)

    def __str__(self) -> str:
        return " ".join(_NAMES[c] for c in self)

    def __repr__(self) -> str:
        return f"CardSet('{self}')"


CardsLike = CardSet | str | Iterable[CardLike]


def _to_mask(cards: CardsLike) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    items: Iterable[CardLike] = _split(cards) if isinstance(cards, str) else cards
    mask = 0
    for item in items:
        card = parse_card(item)
        if mask >> card & 1:
            raise InvalidCardError(f"card {card} is repeated")
        mask |= 1 << card
    return mask


def _split(text: str) -> list[str]:
    """Cut a string like ``"7S 7H, 10d"`` or ``"AsKs"`` into card tokens."""
    tokens: list[str] = []
    position = _SEPARATORS.match(text)
    index = position.end() if position else 0
    while index < len(text):
        match = _CARD_RE.match(text, index)
        if match is None:
            bad = re.split(r"[\s,;|]", text[index:], maxsplit=1)[0]
            raise InvalidCardError(
                f"unknown card {bad!r}: use a rank A 2-9 T J Q K (or 10) then a suit S H D C"
            )
        tokens.append(match.group(0))
        index = match.end()
        separator = _SEPARATORS.match(text, index)
        index = separator.end() if separator else index
    return tokens


def parse_cards(text: CardsLike) -> CardSet:
    """Parse any number of cards (a string, or an iterable of cards, ints or strings).

    Repeated and unknown cards are refused with :class:`InvalidCardError`.

    >>> parse_cards("AsKs 10C"), parse_cards([0, "2S"])
    (CardSet('AS KS TC'), CardSet('AS 2S'))
    """
    return CardSet(text)


def format_cards(cards: Iterable[CardLike]) -> str:
    """Canonical text of cards, in the order given."""
    return " ".join(str(parse_card(c)) for c in cards)
