"""Melds and layouts as the engine arranged them, and every legal way to knock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card, CardSet
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation
from cardtable.gin.melds import (
    Arrangement,
    Meld,
    arrangements_within,
    best_arrangement,
)
from cardtable.gin.views.cards import cards_of, names

LAYOUTS_PER_KNOCK: Final = 12

# -- melds and layouts --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MeldView:
    """A set or a run, its cards in card order (a set by suit, a run by rank)."""

    cards: tuple[Card, ...]
    kind: str  # "set" or "run"

    @classmethod
    def of(cls, meld: Meld) -> MeldView:
        return cls(cards_of(meld.cards), meld.kind)

    def to_json(self) -> list[str]:
        return names(self.cards)

    def __str__(self) -> str:
        return " ".join(names(self.cards))


@dataclass(frozen=True, slots=True)
class LayoutView:
    """An arrangement of cards: the melds, the loose cards and their deadwood."""

    melds: tuple[MeldView, ...]
    unmatched: tuple[Card, ...]
    deadwood: int

    @classmethod
    def of(cls, arrangement: Arrangement) -> LayoutView:
        return cls(
            tuple(MeldView.of(meld) for meld in arrangement.melds),
            cards_of(arrangement.unmatched),
            arrangement.deadwood,
        )

    @classmethod
    def best(cls, cards: CardSet) -> LayoutView:
        return cls.of(best_arrangement(cards))

    def to_json(self) -> dict[str, Any]:
        return {
            "melds": [meld.to_json() for meld in self.melds],
            "kinds": [meld.kind for meld in self.melds],
            "unmatched": names(self.unmatched),
            "deadwood": self.deadwood,
        }


@dataclass(frozen=True, slots=True)
class LayoutChoice:
    """One layout a knock may lay out, with the action text that lays out exactly it."""

    action: str
    layout: LayoutView

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, **self.layout.to_json()}


@dataclass(frozen=True, slots=True)
class KnockOption:
    """One legal way to end the hand: knock, gin or big gin, the card thrown face down
    (none for big gin), and the layouts it may lay out, the engine's best first."""

    kind: str  # "knock", "gin" or "big_gin"
    card: Card | None
    choices: tuple[LayoutChoice, ...]

    @property
    def action(self) -> str:
        """The action with the best layout (the engine lays it out when none is named)."""
        return self.choices[0].action

    @property
    def best(self) -> LayoutView:
        return self.choices[0].layout

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "kind": self.kind,
            "card": None if self.card is None else str(self.card),
            **self.best.to_json(),
            "layouts": [choice.to_json() for choice in self.choices],
        }


def _knock_option(hand: CardSet, action: Action, threshold: int) -> KnockOption:
    card = action.card
    rest = hand if card is None else hand.remove(card)
    best = best_arrangement(rest)
    choices = [LayoutChoice(str(action), LayoutView.of(best))]
    seen = {frozenset(meld.mask for meld in best.melds)}
    limit = threshold if action.kind is ActionKind.KNOCK else 0
    for arrangement in arrangements_within(rest, limit):
        if len(choices) >= LAYOUTS_PER_KNOCK:
            break
        key = frozenset(meld.mask for meld in arrangement.melds)
        if key not in seen:
            seen.add(key)
            choices.append(
                LayoutChoice(str(action.with_melds(arrangement.melds)), LayoutView.of(arrangement))
            )
    return KnockOption(action.kind.value, card, tuple(choices))


def knock_options(observation: Observation) -> tuple[KnockOption, ...]:
    """Every legal knock, gin and big gin of the seat, least deadwood first."""
    options = [
        _knock_option(observation.hand, action, observation.threshold)
        for action in observation.legal_actions()
        if action.kind.ends_hand
    ]
    options.sort(key=lambda o: (o.best.deadwood, "" if o.card is None else str(o.card)))
    return tuple(options)
