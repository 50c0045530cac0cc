"""Cards and keys as the terminal writes them, for every game's screens: a card's face
(``T♥``, or ``TH`` in plain ASCII), its back, card names in running text with suit symbols,
and the Enter key's name under ``--ascii``.

>>> from cardtable.cards import Card
>>> face(Card("TH")), face(Card("TH"), ascii_only=True), is_red(Card("QD"))
('T♥', 'TH', True)
"""

from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from cardtable.cards import SUIT_SYMBOLS, SUITS, Card
from cardtable.games.views import PlayerView

__all__ = [
    "ASCII_CARD_BACK",
    "CARD_BACK",
    "card_back",
    "card_list",
    "face",
    "fit_line",
    "is_red",
    "key_words",
    "names_of",
    "option_lines",
    "plural",
    "step_card",
    "symbolise",
    "wants_ascii",
]


def step_card(cards: Sequence[Card], current: Card | None, step: int) -> Card | None:
    """The card ``step`` places on from ``current`` in ``cards`` (←→ in a hand), going
    round, from the first when ``current`` is not among them; ``None`` for no cards."""
    if not cards:
        return None
    index = cards.index(current) if current in cards else 0
    return cards[(index + step) % len(cards)]


def wants_ascii(stream: TextIO | None = None) -> bool:
    """True when the stream's encoding cannot be trusted with suit symbols (not UTF-8)."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name != "utf-8"
    except LookupError:
        return True


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def face(card: Card, ascii_only: bool = False) -> str:
    """A card for display: ``T♥``, or ``TH`` in plain ASCII."""
    return card.symbol(ascii_only)


_CARD_WORD: Final = re.compile(r"(?<![\w])(10|[A2-9TJQK])([SHDC])(?![\w])")
_SYMBOL_OF: Final = dict(zip(SUITS, SUIT_SYMBOLS, strict=True))


def symbolise(text: str, ascii_only: bool = False) -> str:
    """Card names in running text (``QD``) with suit symbols (``Q♦``), unless ASCII only.

    >>> symbolise("Throw the QD, keep the 10H.")
    'Throw the Q♦, keep the T♥.'
    """
    if ascii_only:
        return text
    return _CARD_WORD.sub(
        lambda m: ("T" if m.group(1) == "10" else m.group(1)) + _SYMBOL_OF[m.group(2)], text
    )


def key_words(text: str, ascii_only: bool = False) -> str:
    """``text`` with the Enter key's symbol spelled out under ``--ascii``: the frames' one
    ASCII character for ``⏎`` would be ``<``, which reads as an arrow.

    >>> key_words("Play (⏎)", ascii_only=True)
    'Play (Enter)'
    """
    return text.replace("⏎", "Enter") if ascii_only else text


def is_red(card: Card) -> bool:
    """Hearts and diamonds."""
    return SUITS[card.suit] in "HD"


def card_list(cards: Iterable[Card], ascii_only: bool = False) -> str:
    return " ".join(face(c, ascii_only) for c in cards)


CARD_BACK: Final = "░░"
ASCII_CARD_BACK: Final = "##"


def card_back(ascii_only: bool = False) -> str:
    return ASCII_CARD_BACK if ascii_only else CARD_BACK


def fit_line(forms: Sequence[str], width: int | None) -> str:
    """The first of ``forms`` (the fullest first) that fits ``width`` columns, else the
    last; the first when the width is not known."""
    if width is None:
        return forms[0]
    return next((form for form in forms if len(form) <= width), forms[-1])


def names_of(players: Sequence[PlayerView], me: int) -> tuple[str, str]:
    """Display names of both seats from the viewer's side: the viewer is "You"."""
    names: list[str] = []
    for seat, player in enumerate(players):
        if seat == me:
            names.append("You")
        elif player.is_computer:
            names.append(player.name or "Computer")
        else:
            names.append(player.name or f"Seat {seat}")
    if names[0] == names[1]:
        names[1 - me] = f"{names[1 - me]} (seat {1 - me})"
    return names[0], names[1]


def option_lines(
    options: Sequence[tuple[str, float, str]], ascii_only: bool = False, shown: int = 6
) -> list[str]:
    """A hint page's table of options (action, value, note), best first: a blank line, a
    heading, a row each for the first ``shown``; nothing when there are none.

    >>> for line in option_lines([("discard KS", 1.5, "fits nothing"), ("discard 9C", 0.25, "")]):
    ...     print(line)
    <BLANKLINE>
    The options, best first:
      discard K♠         1.5 – fits nothing
      discard 9♣        0.25
    """
    if not options:
        return []
    lines = ["", "The options, best first:"]
    for action, value, note in options[:shown]:
        option = symbolise(action, ascii_only)
        lines.append(f"  {option:<14} {round(value, 2):>7}{f' – {note}' if note else ''}")
    return lines
