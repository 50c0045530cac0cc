"""What a player can do, as small frozen values that print and parse.

>>> Action.parse("discard qd"), str(Action.parse("knock KD [7S 7H 7D] [4H 5H 6H] [AC 2C 3C]"))
(Action.parse('discard QD'), 'knock KD [7S 7H 7D] [4H 5H 6H] [AC 2C 3C]')
>>> Action.parse("draw") is DRAW_STOCK
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from cardtable.cards import CARDS, Card, parse_card
from cardtable.errors import IllegalActionError, InvalidCardError, InvalidMeldError
from cardtable.gin.melds import Meld, parse_arrangement

__all__ = [
    "BIG_GIN",
    "DISCARDS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "GINS",
    "KNOCKS",
    "PASS",
    "Action",
    "ActionKind",
]


class ActionKind(enum.Enum):
    """The kinds of action. ``take`` draws the top of the discard pile (the upcard included)."""

    PASS = "pass"
    DRAW_STOCK = "draw"
    DRAW_DISCARD = "take"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"

    @property
    def is_draw(self) -> bool:
        return self is _STOCK or self is _TAKE

    @property
    def ends_hand(self) -> bool:
        return self is _KNOCK or self is _GIN or self is _BIG_GIN


# Module-level names for members: on Python 3.11 reading ``ActionKind.GIN`` goes through the
# enum metaclass's attribute hook and costs about as much as a short function call.
_STOCK: Final = ActionKind.DRAW_STOCK
_TAKE: Final = ActionKind.DRAW_DISCARD
_KNOCK: Final = ActionKind.KNOCK
_GIN: Final = ActionKind.GIN
_BIG_GIN: Final = ActionKind.BIG_GIN


_WITH_CARD: Final = frozenset({ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN})
_WITH_MELDS: Final = frozenset({ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN})
_ALIASES: Final = {
    "pass": ActionKind.PASS,
    "draw": ActionKind.DRAW_STOCK,
    "stock": ActionKind.DRAW_STOCK,
    "take": ActionKind.DRAW_DISCARD,
    "discard": ActionKind.DISCARD,
    "knock": ActionKind.KNOCK,
    "gin": ActionKind.GIN,
    "big_gin": ActionKind.BIG_GIN,
    "big-gin": ActionKind.BIG_GIN,
    "biggin": ActionKind.BIG_GIN,
}


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``card`` is the discard (for discard, knock and gin). ``melds``, for knock,
    gin and big gin, is the arrangement laid out; ``None`` asks for the best one."""

    kind: ActionKind
    card: Card | None = None
    melds: tuple[Meld, ...] | None = None

    def __post_init__(self) -> None:
        if (self.card is not None) != (self.kind in _WITH_CARD):
            need = "needs a card" if self.kind in _WITH_CARD else "takes no card"
            raise IllegalActionError(f"the action {self.kind.value} {need}")
        if self.melds is not None and self.kind not in _WITH_MELDS:
            raise IllegalActionError(f"the action {self.kind.value} lays out no melds")
        if self.melds == ():
            # Ten cards with no meld hold at least 18 deadwood: no such layout is ever legal.
            raise IllegalActionError(f"a {self.kind.value} lays out at least one meld")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``pass``, ``draw``, ``take``, ``discard QD``, ``knock KD [melds]``, ``gin 5H``,
        ``big gin``. Melds are bracketed groups or groups separated by ``|``."""
        words = text.strip().split(None, 1)
        if not words:
            raise IllegalActionError("empty action")
        head = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        if head == "big" and rest.lower().startswith("gin"):
            head, rest = "big_gin", rest[3:]
        kind = _ALIASES.get(head)
        if kind is None:
            raise IllegalActionError(
                f"unknown action {words[0]!r}: use pass, draw, take, discard, knock, gin or big gin"
            )
        card: Card | None = None
        if kind in _WITH_CARD:
            parts = rest.strip().split(None, 1)
            if not parts:
                raise IllegalActionError(f"{kind.value} needs a card, as in '{kind.value} QD'")
            try:
                card = parse_card(parts[0])
            except InvalidCardError as error:
                raise IllegalActionError(str(error)) from None
            rest = parts[1] if len(parts) > 1 else ""
        melds: tuple[Meld, ...] | None = None
        if rest.strip():
            if kind not in _WITH_MELDS:
                raise IllegalActionError(f"unexpected text after {kind.value}: {rest.strip()!r}")
            try:
                arrangement = parse_arrangement(rest)
            except (InvalidMeldError, InvalidCardError) as error:
                raise IllegalActionError(str(error)) from None
            if arrangement.unmatched:
                raise IllegalActionError(
                    f"write only the melds to lay out, not loose cards ({arrangement.unmatched})"
                )
            melds = arrangement.melds
        if melds is None:
            return _SIMPLE[kind] if card is None else _BY_CARD[kind][card]
        return cls(kind, card, melds)

    def with_melds(self, melds: tuple[Meld, ...]) -> Action:
        return Action(self.kind, self.card, melds)

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.card is not None:
            parts.append(str(self.card))
        if self.melds is not None:
            parts.extend(f"[{meld}]" for meld in self.melds)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"


PASS: Final = Action(ActionKind.PASS)
DRAW_STOCK: Final = Action(ActionKind.DRAW_STOCK)
DRAW_DISCARD: Final = Action(ActionKind.DRAW_DISCARD)
BIG_GIN: Final = Action(ActionKind.BIG_GIN)
DISCARDS: Final = tuple(Action(ActionKind.DISCARD, CARDS[c]) for c in range(52))
KNOCKS: Final = tuple(Action(ActionKind.KNOCK, CARDS[c]) for c in range(52))
GINS: Final = tuple(Action(ActionKind.GIN, CARDS[c]) for c in range(52))
_SIMPLE: Final = {
    ActionKind.PASS: PASS,
    ActionKind.DRAW_STOCK: DRAW_STOCK,
    ActionKind.DRAW_DISCARD: DRAW_DISCARD,
    ActionKind.BIG_GIN: BIG_GIN,
}
_BY_CARD: Final = {ActionKind.DISCARD: DISCARDS, ActionKind.KNOCK: KNOCKS, ActionKind.GIN: GINS}
