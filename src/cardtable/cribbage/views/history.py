"""What happened in a hand, as one seat may know it: the actions and the points they led to;
the opponent's cards laid away stay hidden until the hand is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, commitment
from cardtable.cribbage.actions import ActionKind
from cardtable.cribbage.hand import ActionRecord, Hand
from cardtable.cribbage.views.shows import ShowView, show_view
from cardtable.games.views import PlainView

__all__ = ["EventView", "HandEndView", "HandReplay", "ScoreView", "events_of", "hand_end"]


@dataclass(frozen=True, slots=True)
class ScoreView(PlainView):
    seat: int
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class EventView(PlainView):
    """One action (``discard`` with no cards when it is the opponent's, in play) and the
    points it led to."""

    seat: int
    action: str
    scores: tuple[ScoreView, ...]
    count: int | None = None  # the count a play made


def _event(record: ActionRecord, seat: int, reveal: bool, counts: dict[int, int]) -> EventView:
    text = str(record.action)
    kind = record.action.kind
    if kind is ActionKind.DISCARD and record.seat != seat and not reveal:
        text = "discard"  # two cards laid away, face down
    scores = tuple(ScoreView(s.seat, s.points, s.reason) for s in record.scores)
    count = counts.get(record.action.cards[0]) if kind is ActionKind.PLAY else None
    return EventView(record.seat, text, scores, count)


def events_of(hand: Hand, seat: int) -> tuple[EventView, ...]:
    """The hand's actions as ``seat`` may know them (everything, once the hand is over)."""
    counts: dict[int, int] = {play.card: play.count for play in hand.plays}
    return tuple(_event(record, seat, hand.is_over, counts) for record in hand.history)


@dataclass(frozen=True, slots=True)
class HandEndView:
    """A finished hand, all revealed: both hands as dealt and kept, the crib, the starter,
    the show, the points, and the deal's seed against the commitment shown before it."""

    deal: int
    dealer: int
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    kept: tuple[tuple[Card, ...], tuple[Card, ...]]
    crib: tuple[Card, ...]
    starter: Card | None
    shows: tuple[ShowView, ...]
    pegs: tuple[int, int]
    start_pegs: tuple[int, int]
    winner: int | None
    seed: str | None
    commitment: str | None

    def to_json(self) -> dict[str, Any]:
        def names(cards: tuple[Card, ...]) -> list[str]:
            return [str(c) for c in cards]

        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "dealt": [names(self.dealt[0]), names(self.dealt[1])],
            "kept": [names(self.kept[0]), names(self.kept[1])],
            "crib": names(self.crib),
            "starter": None if self.starter is None else str(self.starter),
            "shows": [s.to_json() for s in self.shows],
            "pegs": list(self.pegs),
            "start_pegs": list(self.start_pegs),
            "winner": self.winner,
            "seed": self.seed,
            "commitment": self.commitment,
        }


def hand_end(hand: Hand, deal: int) -> HandEndView:
    assert hand.is_over
    return HandEndView(
        deal=deal,
        dealer=hand.dealer,
        dealt=(tuple(sorted(hand.dealt[0])), tuple(sorted(hand.dealt[1]))),
        kept=(hand.kept(0), hand.kept(1)),
        crib=hand.crib,
        starter=hand.starter,
        shows=tuple(show_view(s) for s in hand.shows),
        pegs=(hand.pegs[0], hand.pegs[1]),
        start_pegs=hand.start_pegs,
        winner=hand.winner,
        seed=hand.seed,
        commitment=None if hand.seed is None else commitment(hand.seed),
    )


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A finished deal step by step: every action with its points, and the whole deal."""

    end: HandEndView
    steps: tuple[EventView, ...]

    def to_json(self) -> dict[str, Any]:
        return {**self.end.to_json(), "steps": [s.to_json() for s in self.steps]}
