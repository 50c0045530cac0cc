"""Eights' typed views: a seat's table, a hint and a finished deal, each with ``to_json``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.games.views import Basics, TableHeader, choices_of, seat_words
from eights.engine import SUIT_NAMES, DealEnd, Match


@dataclass(frozen=True, slots=True)
class SeatView:
    game: str
    match_id: str
    seat: int
    action_count: int
    hand: tuple[str, ...]
    top: str
    suit: str
    other_cards: int
    stock: int
    scores: tuple[int, int]
    to_act: int | None
    finished: bool
    legal: tuple[str, ...]
    events: tuple[str, ...]
    status: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "match_id": self.match_id,
            "seat": self.seat,
            "action_count": self.action_count,
            "hand": list(self.hand),
            "top": self.top,
            "suit": self.suit,
            "other_cards": self.other_cards,
            "stock": self.stock,
            "scores": list(self.scores),
            "to_act": self.to_act,
            "finished": self.finished,
            "legal": list(self.legal),
            "events": list(self.events),
            "status": self.status,
            "basics": self.basics().to_json(),
        }

    def basics(self) -> Basics:
        return Basics(
            seat=self.seat,
            my_turn=self.to_act == self.seat,
            to_act=self.to_act,
            finished=self.finished,
            status=self.status,
            scores=self.scores,
            hand=self.hand,
            public=(
                f"Pile: {self.top} (follow {self.suit})",
                f"Stock: {self.stock} cards",
                f"Opponent holds {self.other_cards} cards",
            ),
            events=self.events,
            choices=choices_of(self.legal),
        )


def seat_view(match: Match, seat: int, header: TableHeader) -> SeatView:
    seen = match.observation(seat)
    if match.final is not None:
        who = seat_words(header.players, seat, match.final.winner)
        status = f"{who} won the match {match.final.scores[0]} to {match.final.scores[1]}"
    elif seen.to_act == seat:
        status = "Your turn: play a card or draw"
    else:
        status = f"{seat_words(header.players, seat, 1 - seat)} to play"
    return SeatView(
        game=header.game,
        match_id=header.match_id,
        seat=seat,
        action_count=header.action_count,
        hand=tuple(card.symbol() for card in seen.hand),
        top=seen.top.symbol(),
        suit=SUIT_NAMES[seen.suit],
        other_cards=seen.other_cards,
        stock=seen.stock,
        scores=seen.scores,
        to_act=seen.to_act,
        finished=match.final is not None,
        legal=seen.legal,
        events=seen.events[-8:],
        status=status,
    )


@dataclass(frozen=True, slots=True)
class HintView:
    action: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text}


@dataclass(frozen=True, slots=True)
class DealReplay:
    number: int
    winner: int | None
    points: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    events: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "winner": self.winner,
            "points": self.points,
            "hands": [list(hand) for hand in self.hands],
            "events": list(self.events),
        }


def deal_replay(end: DealEnd) -> DealReplay:
    hands = tuple(tuple(card.symbol() for card in hand) for hand in end.hands)
    return DealReplay(end.number, end.winner, end.points, (hands[0], hands[1]), end.events)
