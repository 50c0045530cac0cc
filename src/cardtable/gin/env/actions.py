"""The fixed action space of the research environments: 108 ids with a documented layout.

=========  ====================================================================
id         action
=========  ====================================================================
0          draw the top card of the stock
1          take the top card of the discard pile (the upcard during the ritual)
2          pass (only while the upcard is offered)
3 + c      discard card ``c``
55 + c     knock discarding card ``c``; gin when that leaves no deadwood
107        big gin (all eleven cards melded; only when the rules turn it on)
108 + k    lay out layout ``k`` of the knock just chosen (only with ``layouts=True``)
=========  ====================================================================

``c`` is the engine's card index ``suit * 13 + rank``: rank 0 (ace) to 12 (king), suits
spades, hearts, diamonds, clubs, so ``c = 0`` is AS and ``c = 51`` is KC. A knock or gin
lays out the minimum-deadwood arrangement (RULES.md 2: "a client that does not choose gets
the engine's minimum-deadwood arrangement"). For one discard a knock and gin are never both
legal (a discard that leaves no deadwood is always gin), so one id covers both.

>>> from cardtable.gin.actions import Action
>>> action_id(Action.parse("discard QD")), action_id(Action.parse("gin 5H"))
(40, 72)
>>> describe_action(40), describe_action(72), describe_action(107)
('discard QD', 'knock or gin discarding 5H', 'big gin')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardtable.cards import CARDS, CardSet
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import (
    BIG_GIN,
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    GINS,
    KNOCKS,
    PASS,
    Action,
    ActionKind,
)
from cardtable.gin.melds import Meld, arrangements_within, best_masks, sorted_melds

__all__ = [
    "BIG_GIN_ID",
    "DISCARD_BASE",
    "DRAW_ID",
    "KNOCK_BASE",
    "LAYOUT_BASE",
    "MAX_LAYOUTS",
    "NUM_ACTIONS",
    "NUM_ACTIONS_WITH_LAYOUTS",
    "PASS_ID",
    "TAKE_ID",
    "action_id",
    "describe_action",
    "layout_choices",
    "legal_ids",
]

DRAW_ID: Final = 0
TAKE_ID: Final = 1
PASS_ID: Final = 2
DISCARD_BASE: Final = 3
KNOCK_BASE: Final = 55
BIG_GIN_ID: Final = 107
NUM_ACTIONS: Final = 108
LAYOUT_BASE: Final = 108
# A knock rarely has more than a handful of layouts; the cap keeps the id space fixed (the
# table's knock dialog offers twelve).
MAX_LAYOUTS: Final = 16
NUM_ACTIONS_WITH_LAYOUTS: Final = LAYOUT_BASE + MAX_LAYOUTS

# The engine hands out one shared instance per simple action, so the common case is a lookup
# by identity (hashing a dataclass costs more than the rest of a step).
_BY_IDENTITY: Final[dict[int, int]] = {
    id(DRAW_STOCK): DRAW_ID,
    id(DRAW_DISCARD): TAKE_ID,
    id(PASS): PASS_ID,
    id(BIG_GIN): BIG_GIN_ID,
    **{id(action): DISCARD_BASE + c for c, action in enumerate(DISCARDS)},
    **{id(action): KNOCK_BASE + c for c, action in enumerate(KNOCKS)},
    **{id(action): KNOCK_BASE + c for c, action in enumerate(GINS)},
}
_SIMPLE_IDS: Final = {
    ActionKind.DRAW_STOCK: DRAW_ID,
    ActionKind.DRAW_DISCARD: TAKE_ID,
    ActionKind.PASS: PASS_ID,
    ActionKind.BIG_GIN: BIG_GIN_ID,
}


def action_id(action: Action) -> int:
    """The id of an engine action (melds chosen by the caller are not part of the id)."""
    found = _BY_IDENTITY.get(id(action))
    if found is not None:
        return found
    kind = action.kind
    if kind in _SIMPLE_IDS:
        return _SIMPLE_IDS[kind]
    assert action.card is not None
    base = DISCARD_BASE if kind is ActionKind.DISCARD else KNOCK_BASE
    return base + int(action.card)


def legal_ids(actions: Iterable[Action]) -> dict[int, Action]:
    """Map each legal action's id to the engine action (from ``legal_actions()``)."""
    get = _BY_IDENTITY.get
    result: dict[int, Action] = {}
    for action in actions:
        found = get(id(action))
        result[action_id(action) if found is None else found] = action
    return result


def layout_choices(cards: int, action: Action, threshold: int) -> list[tuple[Meld, ...]]:
    """The layouts a knocker holding ``cards`` (a mask of eleven) may lay out for ``action``
    (a knock, gin or big gin): the engine's minimum-deadwood layout first, then the others
    in the order of :func:`~cardtable.gin.melds.arrangements_within`, each set of melds
    once, at most :data:`MAX_LAYOUTS`.

    >>> from cardtable.cards import parse_cards
    >>> cards = parse_cards("4H 5H 6H 7H 9C 9D 9S 3D AD 2D KC").mask
    >>> [" ".join(f"[{m}]" for m in melds) for melds in layout_choices(
    ...     cards, Action.parse("knock KC"), 4)]
    ['[9S 9D 9C] [4H 5H 6H 7H] [AD 2D 3D]', '[9S 9D 9C] [5H 6H 7H] [AD 2D 3D]']
    """
    kind = action.kind
    if not kind.ends_hand:
        raise IllegalActionError(f"only a knock or gin lays out melds, not {kind.value}")
    rest = cards if action.card is None else cards & ~(1 << action.card)
    best, _ = best_masks(rest)
    choices = [sorted_melds(best)]
    seen = {frozenset(best)}
    limit = threshold if kind is ActionKind.KNOCK else 0
    for arrangement in arrangements_within(CardSet.from_mask(rest), limit):
        if len(choices) >= MAX_LAYOUTS:
            break
        key = frozenset(meld.mask for meld in arrangement.melds)
        if key not in seen and arrangement.melds:
            seen.add(key)
            choices.append(arrangement.melds)
    return choices


def describe_action(index: int, layouts: bool = False) -> str:
    """A short text for an action id (``layouts``: the layout ids are valid too)."""
    if layouts and LAYOUT_BASE <= index < NUM_ACTIONS_WITH_LAYOUTS:
        return f"layout {index - LAYOUT_BASE}"
    if not 0 <= index < NUM_ACTIONS:
        last = NUM_ACTIONS_WITH_LAYOUTS if layouts else NUM_ACTIONS
        raise IllegalActionError(f"action ids run from 0 to {last - 1}, not {index}")
    if index == DRAW_ID:
        return "draw"
    if index == TAKE_ID:
        return "take"
    if index == PASS_ID:
        return "pass"
    if index == BIG_GIN_ID:
        return "big gin"
    if index < KNOCK_BASE:
        return f"discard {CARDS[index - DISCARD_BASE]}"
    return f"knock or gin discarding {CARDS[index - KNOCK_BASE]}"
