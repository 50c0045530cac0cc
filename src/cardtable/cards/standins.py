"""Cards standing in for others in a scripted hand (the guided lessons).

A lesson's script names the cards it expects; when the learner plays a card as good as the
script's (the other five of a pair, one of two ten-cards that fit nothing), the two cards
change places for the rest of the script: its later actions and the words that name a
card by the part it plays (written ``{KS}`` in a text) name the card the learner still
holds. A card named for itself (``the JD is no nobs``) is written plainly and never moves.

>>> swaps = exchange({}, "QD", "KS")
>>> swap_cards("discard KS", swaps), fill_marks("Throw the {KS}: the QD is gone.", swaps)
('discard QD', 'Throw the QD: the QD is gone.')
>>> fill_marks("Throw the {KS}.", {})
'Throw the KS.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    Step = TypeVar("Step", bound=DataclassInstance)
else:
    Step = TypeVar("Step")

__all__ = ["exchange", "fill_marks", "standing_in", "swap_cards"]

_CARD: Final = re.compile(r"\b[2-9TJQKA][SHDC]\b")
_MARK: Final = re.compile(r"\{([2-9TJQKA][SHDC])\}")


def exchange(swaps: Mapping[str, str], first: str, second: str) -> dict[str, str]:
    """``swaps`` followed by the exchange of ``first`` and ``second`` (cards as they stand
    now): what the script called ``x`` is now ``result[x]`` (itself when absent)."""
    cards = {*swaps, first, second}
    flip = {first: second, second: first}
    moved = {card: flip.get(now, now) for card, now in ((c, swaps.get(c, c)) for c in cards)}
    return {card: now for card, now in moved.items() if card != now}


def swap_cards(text: str, swaps: Mapping[str, str]) -> str:
    """Every card named in ``text`` (an action, the cards to select) as it stands now."""
    return _CARD.sub(lambda m: swaps.get(m[0], m[0]), text) if swaps else text


def fill_marks(text: str, swaps: Mapping[str, str]) -> str:
    """The words of a script: each ``{XX}`` becomes the card that now plays its part."""
    return _MARK.sub(lambda m: swaps.get(m[1], m[1]), text)


def standing_in(
    step: Step, swaps: Mapping[str, str], words: tuple[str, ...], cards: tuple[str, ...]
) -> Step:
    """A script's step (a dataclass) with its ``words`` fields filled in and the cards of
    its ``cards`` fields (actions, cards to select; ``None`` stays) as they stand now."""
    changes: dict[str, Any] = {name: fill_marks(getattr(step, name), swaps) for name in words}
    for name in cards:
        value = getattr(step, name)
        if value is not None:
            changes[name] = swap_cards(value, swaps)
    return replace(step, **changes)
