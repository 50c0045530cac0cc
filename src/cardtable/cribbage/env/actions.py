"""The fixed action space of the Cribbage environments: 53 ids, one per card and ``go``.

=========  ====================================================================
id         action
=========  ====================================================================
``c``      the card ``c``: in the discard phase, lay it away to the crib (one of
           the two picks); in the play, play it to the count
52         go (only when no card keeps the count at 31 or less)
=========  ====================================================================

``c`` is the engine's card index ``suit * 13 + rank``: rank 0 (ace) to 12 (king), suits
spades, hearts, diamonds, clubs, so ``c = 0`` is AS and ``c = 51`` is KC.

Laying away is two sequential picks by the same seat: the environment holds the first card
(the ``picked`` plane of the observation shows it; the opponent never sees it) and the second
completes the engine's ``discard`` of both. A pick is final: it cannot be taken back. This
keeps every id a card, in both phases, instead of 15 hand-relative pair ids.

>>> from cardtable.cribbage.actions import GO, Action
>>> action_id(Action.play(parse_card("QD"))), action_id(GO)
(37, 52)
>>> describe_action(37), describe_action(52)
('card QD', 'go')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardtable.cards import CARDS, Card, parse_card
from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Phase
from cardtable.errors import IllegalActionError

__all__ = [
    "GO_ID",
    "NUM_ACTIONS",
    "action_id",
    "describe_action",
    "legal_ids",
    "to_action",
]

GO_ID: Final = 52
NUM_ACTIONS: Final = 53


def action_id(action: Action) -> int:
    """The id of a play or go (a discard is two ids: its cards, in either order).

    >>> action_id(Action.parse("discard 5H JD"))
    Traceback (most recent call last):
    ...
    cardtable.errors.IllegalActionError: a discard is two picks: the ids of its cards, 17 and 36
    """
    if action.kind is ActionKind.GO:
        return GO_ID
    if action.kind is ActionKind.PLAY:
        return int(action.cards[0])
    if action.kind is ActionKind.DISCARD:
        first, second = (int(c) for c in action.cards)
        raise IllegalActionError(
            f"a discard is two picks: the ids of its cards, {first} and {second}"
        )
    raise IllegalActionError(f"{action} has no id: the environments count every show in full")


def legal_ids(phase: Phase, legal: Iterable[Action], picked: Card | None = None) -> list[int]:
    """The legal ids, in order, given the seat's legal engine actions and its first pick.

    In the discard phase every card of the hand but the one already picked; in the play the
    cards that fit and ``go`` when none does; nothing elsewhere (the show counts itself).
    """
    if phase is Phase.DISCARD:
        cards = {int(card) for action in legal for card in action.cards}
        if picked is not None:
            cards.discard(int(picked))
        return sorted(cards)
    if phase is Phase.PLAY:
        return sorted(action_id(action) for action in legal)
    return []


def to_action(
    index: int, phase: Phase, legal: Iterable[Action], picked: Card | None
) -> Action | None:
    """The engine action an id completes, ``None`` for a first pick; refuses an illegal id."""
    allowed = legal_ids(phase, legal, picked)
    if index not in allowed:
        shown = ", ".join(str(i) for i in allowed) or "none"
        raise IllegalActionError(f"action {index!r} is not legal now; the legal ids are {shown}")
    if phase is Phase.PLAY:
        return GO if index == GO_ID else Action.play(parse_card(index))
    if picked is None:
        return None
    return Action.discard(picked, parse_card(index))


def describe_action(index: int) -> str:
    """A short text for an action id."""
    if not 0 <= index < NUM_ACTIONS:
        raise IllegalActionError(f"action ids run from 0 to {NUM_ACTIONS - 1}, not {index}")
    return "go" if index == GO_ID else f"card {CARDS[index]}"
