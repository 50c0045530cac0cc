"""What a Cribbage player can do, as small frozen values that print and parse.

>>> Action.parse("discard jd 5h"), Action.parse("play 7c"), Action.parse("go")
(Action.parse('discard 5H JD'), Action.parse('play 7C'), Action.parse('go'))
>>> str(Action.parse("count 12")), Action.parse("muggins") == MUGGINS
('count 12', True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from cardtable.cards import CARDS, Card, parse_card
from cardtable.errors import CardTableError, IllegalActionError
from cardtable.numbers import whole_number

__all__ = ["ACCEPT", "DISCARD_ACTIONS", "GO", "MUGGINS", "PLAY_ACTIONS", "Action", "ActionKind"]


class ActionKind(enum.Enum):
    """``discard`` lays two cards away to the crib; ``play`` plays a card to the count; ``go``
    says no card fits; with muggins on, ``count`` states a show's points and the opponent
    answers ``muggins`` (take what was missed) or ``accept``."""

    DISCARD = "discard"
    PLAY = "play"
    GO = "go"
    COUNT = "count"
    MUGGINS = "muggins"
    ACCEPT = "accept"


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its kind, the cards it names (two to discard, one to play), the points a
    count states."""

    kind: ActionKind
    cards: tuple[Card, ...] = ()
    points: int | None = None

    @classmethod
    def discard(cls, first: Card, second: Card) -> Action:
        """The one shared action laying ``first`` and ``second`` away, in either order."""
        return DISCARD_ACTIONS[first * 52 + second]

    @classmethod
    def play(cls, card: Card) -> Action:
        return PLAY_ACTIONS[card]

    @classmethod
    def count(cls, points: int) -> Action:
        return cls(ActionKind.COUNT, (), points)

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text; anything else raises naming what is wrong."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action is text, not {text!r}")
        words = text.split()
        if not words:
            raise IllegalActionError("an action is empty")
        try:
            kind = ActionKind(words[0].lower())
        except ValueError:
            choices = ", ".join(k.value for k in ActionKind)
            raise IllegalActionError(
                f"unknown action {words[0]!r}: actions are {choices}"
            ) from None
        args = words[1:]
        try:
            if kind is ActionKind.DISCARD:
                if len(args) != 2:
                    raise IllegalActionError("discard names the two cards laid away to the crib")
                first, second = parse_card(args[0]), parse_card(args[1])
                if first == second:
                    raise IllegalActionError(
                        f"discard names two different cards, not {first} twice"
                    )
                return cls.discard(first, second)
            if kind is ActionKind.PLAY:
                if len(args) != 1:
                    raise IllegalActionError("play names the one card played")
                return cls.play(parse_card(args[0]))
            if kind is ActionKind.COUNT:
                # ASCII digits only: str.isdigit also takes "²", which int() refuses.
                points = whole_number(args[0]) if len(args) == 1 and args[0].isdigit() else None
                if points is None:
                    raise IllegalActionError("count states the points as a whole number")
                return cls.count(points)
        except IllegalActionError:
            raise
        except CardTableError as error:
            raise IllegalActionError(str(error)) from None
        if args:
            raise IllegalActionError(f"{kind.value} takes nothing after it")
        return _SIMPLE[kind]

    def __str__(self) -> str:
        if self.kind is ActionKind.COUNT:
            return f"count {self.points}"
        if self.cards:
            return " ".join([self.kind.value, *(str(c) for c in self.cards)])
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Action.parse('{self}')"


GO: Final = Action(ActionKind.GO)
MUGGINS: Final = Action(ActionKind.MUGGINS)
ACCEPT: Final = Action(ActionKind.ACCEPT)


# Every action that names cards, built completely at import (a few ms) and shared, never
# filled in later: laying away cards a and b, in either order, is ``DISCARD_ACTIONS[a * 52 +
# b]`` (its cards in order), playing a card ``PLAY_ACTIONS[card]``.
def _discard_table() -> tuple[Action, ...]:
    table: list[Action] = [GO] * (52 * 52)  # every place is filled below
    for a in range(52):
        for b in range(a, 52):
            table[a * 52 + b] = table[b * 52 + a] = Action(ActionKind.DISCARD, (CARDS[a], CARDS[b]))
    return tuple(table)


DISCARD_ACTIONS: Final = _discard_table()
PLAY_ACTIONS: Final = tuple(Action(ActionKind.PLAY, (card,)) for card in CARDS)
_SIMPLE: Final = {ActionKind.GO: GO, ActionKind.MUGGINS: MUGGINS, ActionKind.ACCEPT: ACCEPT}
