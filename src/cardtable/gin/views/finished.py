"""Finished hands: public in full, with the revealed seed, and replayed step by step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, commitment
from cardtable.games.views import PlainView
from cardtable.gin.deal import POSITIONS, Deal
from cardtable.gin.hand import Hand
from cardtable.gin.views.cards import cards_of, names
from cardtable.gin.views.hands import EventView, ResultView
from cardtable.gin.views.layouts import LayoutView

# -- finished hands -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand, public in full: both hands as they ended (with their best
    arrangements), the result, and the revealed seed with its commitment and the deal's
    positions in the shuffled deck, so that anyone can check the deal."""

    deal: int
    dealer: int
    result: ResultView
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    layouts: tuple[LayoutView, LayoutView]
    upcard: Card
    seed: str | None
    commitment: str

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "result": self.result.to_json(),
            "hands": [names(cards) for cards in self.hands],
            "layouts": [layout.to_json() for layout in self.layouts],
            "upcard": str(self.upcard),
            "seed": self.seed,
            "commitment": self.commitment,
            "deal_positions": {
                key: list(value) if isinstance(value, tuple) else value
                for key, value in POSITIONS.items()
            },
        }


def hand_summary(hand: Hand, deal: int) -> HandSummary:
    result = hand.result
    assert result is not None
    ended = (hand.cards(0), hand.cards(1))
    return HandSummary(
        deal=deal,
        dealer=hand.dealer,
        result=ResultView.of(result),
        hands=(cards_of(ended[0]), cards_of(ended[1])),
        layouts=(LayoutView.best(ended[0]), LayoutView.best(ended[1])),
        upcard=hand.upcard,
        seed=hand.seed,
        commitment=commitment(hand.seed or ""),
    )


@dataclass(frozen=True, slots=True)
class ReplayAction(PlainView):
    seat: int
    action: str
    drawn: Card | None


@dataclass(frozen=True, slots=True)
class ReplayStep(PlainView):
    """The table after some actions of a finished hand: both hands arranged, the piles."""

    hands: tuple[LayoutView, LayoutView]
    stock_count: int
    top_discard: Card | None


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A finished hand step by step: ``steps[0]`` is the deal, ``steps[i]`` the table after
    ``actions[i - 1]``, each laid out by the engine. ``told`` is the hand's events as the
    asking seat was told them while it was played (the opponent's stock draws hidden)."""

    summary: HandSummary
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    actions: tuple[ReplayAction, ...]
    steps: tuple[ReplayStep, ...]
    told: tuple[EventView, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            **self.summary.to_json(),
            "dealt": [names(cards) for cards in self.dealt],
            "actions": [action.to_json() for action in self.actions],
            "steps": [step.to_json() for step in self.steps],
            "told": [event.to_json() for event in self.told],
        }


def _step(hand: Hand) -> ReplayStep:
    return ReplayStep(
        (LayoutView.best(hand.cards(0)), LayoutView.best(hand.cards(1))),
        hand.stock_count,
        hand.top_discard,
    )


def hand_replay(hand: Hand, deal: int, seat: int) -> HandReplay:
    """A finished hand, replayed action by action from its deck by the engine, for ``seat``."""
    dealt = Deal.from_deck(hand.deck)
    again = Hand(hand.rules, hand.dealer, hand.deck, hand.seed)
    steps = [_step(again)]
    for record in hand.history:
        again.apply(record.action, record.seat)
        steps.append(_step(again))
    return HandReplay(
        summary=hand_summary(hand, deal),
        dealt=(cards_of(dealt.hand_of(0, hand.dealer)), cards_of(dealt.hand_of(1, hand.dealer))),
        actions=tuple(ReplayAction(r.seat, str(r.action), r.drawn) for r in hand.history),
        steps=tuple(steps),
        told=tuple(EventView.of(event) for event in hand.observation(seat).events),
    )
