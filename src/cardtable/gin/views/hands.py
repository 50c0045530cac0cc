"""The hand in play as one seat sees it, and the end of a hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card
from cardtable.games.views import PlainView, rules_json
from cardtable.gin.hand import Observation, PublicEvent
from cardtable.gin.showdown import HandResult
from cardtable.gin.views.cards import cards_of, names
from cardtable.gin.views.layouts import LayoutView, MeldView

# -- the hand in play ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventView(PlainView):
    """An action as this seat saw it (``card`` is ``None`` where it was hidden)."""

    seat: int
    kind: str
    card: Card | None

    @classmethod
    def of(cls, event: PublicEvent) -> EventView:
        view = _EVENT_VIEWS.get(event)
        if view is None:
            view = _EVENT_VIEWS[event] = cls(event.seat, event.kind.value, event.card)
        return view


# A hand's events are few of kind (a seat, a kind, a card or none: some five hundred in
# all), and every view of a hand lists all of its events so far: each is made, and put as
# JSON, once. (The JSON is shared by the views that list it: it is never changed.)
_EVENT_VIEWS: dict[PublicEvent, EventView] = {}
_EVENT_JSON: dict[EventView, dict[str, Any]] = {}


def _event_json(event: EventView) -> dict[str, Any]:
    found = _EVENT_JSON.get(event)
    if found is None:
        found = _EVENT_JSON[event] = event.to_json()
    return found


@dataclass(frozen=True, slots=True)
class LayoffView:
    card: Card
    onto: MeldView


@dataclass(frozen=True, slots=True)
class ResultView:
    """The end of a hand: the outcome, both layouts with the defender's lay-offs, the points."""

    outcome: str  # knock, undercut, gin, big_gin, dead
    knocker: int | None
    winner: int | None
    points: int
    multiplier: int
    knocker_deadwood: int
    defender_deadwood: int
    knock_discard: Card | None
    knocker_layout: LayoutView
    defender_layout: LayoutView
    layoffs: tuple[LayoffView, ...]

    @classmethod
    def of(cls, result: HandResult) -> ResultView:
        layout = result.knocker_layout
        answer = result.defender
        empty = LayoutView((), (), 0)
        return cls(
            outcome=result.outcome.value,
            knocker=result.knocker,
            winner=result.winner,
            points=result.points,
            multiplier=result.multiplier,
            knocker_deadwood=result.knocker_deadwood,
            defender_deadwood=result.defender_deadwood,
            knock_discard=result.knock_discard,
            knocker_layout=empty if layout is None else LayoutView.of(layout),
            defender_layout=empty
            if answer is None
            else LayoutView(
                tuple(MeldView.of(m) for m in answer.melds),
                cards_of(answer.unmatched),
                answer.deadwood,
            ),
            layoffs=()
            if answer is None
            else tuple(LayoffView(lay.card, MeldView.of(lay.onto)) for lay in answer.layoffs),
        )

    @property
    def is_dead(self) -> bool:
        return self.outcome == "dead"

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "multiplier": self.multiplier,
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "knock_discard": None if self.knock_discard is None else str(self.knock_discard),
            "knocker_melds": [str(m) for m in self.knocker_layout.melds],
            "knocker_kinds": [m.kind for m in self.knocker_layout.melds],
            "knocker_unmatched": names(self.knocker_layout.unmatched),
            "defender_melds": [str(m) for m in self.defender_layout.melds],
            "defender_kinds": [m.kind for m in self.defender_layout.melds],
            "defender_unmatched": names(self.defender_layout.unmatched),
            "layoffs": [{"card": str(lay.card), "onto": str(lay.onto)} for lay in self.layoffs],
        }


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's view of the hand in play: its cards, the piles, what it knows of the
    opponent, every event as it saw it, and (once over) the result and the opponent's hand."""

    seat: int
    rules: Mapping[str, Any]
    dealer: int
    phase: str  # offer, draw, discard, over
    to_act: int | None
    threshold: int
    multiplier: int
    upcard: Card
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    stock_count: int
    opponent_card_count: int
    opponent_known: tuple[Card, ...]
    taken: Card | None
    stock_only: bool
    events: tuple[EventView, ...]
    result: ResultView | None
    opponent_hand: tuple[Card, ...] | None
    scores: tuple[int, int] | None
    legal_actions: tuple[str, ...]

    @classmethod
    def of(cls, observation: Observation) -> HandView:
        result = observation.result
        other = observation.opponent_hand
        return cls(
            seat=observation.seat,
            rules=rules_json(observation.rules),
            dealer=observation.dealer,
            phase=observation.phase.value,
            to_act=observation.to_act,
            threshold=observation.threshold,
            multiplier=observation.multiplier,
            upcard=observation.upcard,
            hand=cards_of(observation.hand),
            discard_pile=observation.discard_pile,
            stock_count=observation.stock_count,
            opponent_card_count=observation.opponent_card_count,
            opponent_known=cards_of(observation.opponent_known),
            taken=observation.taken,
            stock_only=observation.stock_only,
            events=tuple(EventView.of(e) for e in observation.events),
            result=None if result is None else ResultView.of(result),
            opponent_hand=None if other is None else cards_of(other),
            scores=observation.scores,
            legal_actions=tuple(str(a) for a in observation.legal_actions()),
        )

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def dead_cards(self) -> tuple[Card, ...]:
        """Discards below the top of the pile: out of play for the rest of the hand."""
        return tuple(sorted(self.discard_pile[:-1]))

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat and bool(self.legal_actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rules": dict(self.rules),
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "threshold": self.threshold,
            "multiplier": self.multiplier,
            "upcard": str(self.upcard),
            "hand": names(self.hand),
            "discard_pile": names(self.discard_pile),
            "stock_count": self.stock_count,
            "opponent_card_count": self.opponent_card_count,
            "opponent_known": names(self.opponent_known),
            "dead_cards": names(self.dead_cards),
            "taken": None if self.taken is None else str(self.taken),
            "stock_only": self.stock_only,
            "events": [_event_json(event) for event in self.events],
            "result": None if self.result is None else self.result.to_json(),
            "opponent_hand": None if self.opponent_hand is None else names(self.opponent_hand),
            "scores": None if self.scores is None else list(self.scores),
            "legal_actions": list(self.legal_actions),
        }
