"""A seat at a Cribbage table: what it sees and may do, and the board around it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, commitment
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Hand, Phase
from cardtable.cribbage.match import FinalScore, Match
from cardtable.cribbage.views.aids import CribbageAids
from cardtable.cribbage.views.board import BoardView, GameLineView, board_view
from cardtable.cribbage.views.history import EventView, HandEndView, events_of, hand_end
from cardtable.cribbage.views.shows import ShownCards, ShowView, show_view
from cardtable.games.views import (
    Basics,
    PlainView,
    SeatHead,
    TableHeader,
    action_label,
    seat_words,
)

__all__ = ["CountingView", "FinalView", "PlayedView", "SeatView", "seat_view"]


@dataclass(frozen=True, slots=True)
class PlayedView(PlainView):
    """A card of the play: who played it and the count it made."""

    seat: int
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class CountingView(ShownCards):
    """With muggins on: the hand or crib being counted now and, once stated, its owner's
    claim (the true total is kept back until the opponent has answered)."""

    stated: int | None


FinalView = FinalScore
"""The match result (game points and games won by each seat): the engine's own, all plain
values."""


@dataclass(frozen=True, slots=True)
class SeatView(SeatHead):
    """A seat at a Cribbage match: its cards, the play, the show so far, the board and the
    games, and the actions it may take now."""

    game_number: int
    hand_number: int
    deal_number: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    laid_away: tuple[Card, ...]
    opponent_laid_away: bool
    starter: Card | None
    count: int
    count_cards: tuple[PlayedView, ...]
    plays: tuple[PlayedView, ...]
    said_go: tuple[bool, bool]
    opponent_cards: int
    board: BoardView
    game_points: tuple[int, int]
    games: tuple[GameLineView, ...]
    final: FinalView | None
    legal_actions: tuple[str, ...]
    events: tuple[EventView, ...]
    shows: tuple[ShowView, ...]
    counting: CountingView | None
    commitment: str | None
    last_hand: HandEndView | None
    next_match: str | None
    # The learning aids, from the seat's own observation (the page shows each when asked).
    aids: CribbageAids
    # Who deals first in the next match of the series once this one is over (the rules'
    # series setting, decided by the engine): a rematch dialog names them.
    rematch_dealer: int | None = None

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_actions)

    def basics(self) -> Basics:
        """The table in the few words a generic screen shows (its own screen shows more)."""
        seat, players = self.seat, self.players
        public = (
            f"Starter: {'not turned' if self.starter is None else self.starter.symbol()}",
            f"Count: {self.count}"
            + (
                f" ({' '.join(p.card.symbol() for p in self.count_cards)})"
                if self.count_cards
                else ""
            ),
            f"Game points: {self.game_points[0]}-{self.game_points[1]}",
        )
        events = tuple(
            " ".join(
                [
                    f"{seat_words(players, seat, event.seat)}: {action_label(event.action)}",
                    *(
                        f"({seat_words(players, seat, score.seat)} {score.points} for "
                        f"{score.reason})"
                        for score in event.scores
                    ),
                ]
            )
            for event in self.events
        )
        offered = self.legal_actions
        if offered == ("count",):  # a muggins statement: any count from 0 to 29
            offered = tuple(f"count {points}" for points in range(30))
        winner = None if self.final is None else self.final.winner
        turn = (self.my_turn, self.to_act, winner)
        return self.basics_of(turn, self.board.pegs, self.hand, public, events, offered)

    def to_json(self) -> dict[str, Any]:
        def names(cards: tuple[Card, ...]) -> list[str]:
            return [str(c) for c in cards]

        return {
            **self.head_json(),
            "game_number": self.game_number,
            "hand_number": self.hand_number,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "my_turn": self.my_turn,
            "hand": names(self.hand),
            "laid_away": names(self.laid_away),
            "opponent_laid_away": self.opponent_laid_away,
            "starter": None if self.starter is None else str(self.starter),
            "count": self.count,
            "count_cards": [p.to_json() for p in self.count_cards],
            "plays": [p.to_json() for p in self.plays],
            "said_go": list(self.said_go),
            "opponent_cards": self.opponent_cards,
            "board": self.board.to_json(),
            "game_points": list(self.game_points),
            "games": [g.to_json() for g in self.games],
            "final": None if self.final is None else self.final.to_json(),
            "legal_actions": list(self.legal_actions),
            "events": [e.to_json() for e in self.events],
            "shows": [s.to_json() for s in self.shows],
            "counting": None if self.counting is None else self.counting.to_json(),
            "commitment": self.commitment,
            "last_hand": None if self.last_hand is None else self.last_hand.to_json(),
            "next_match": self.next_match,
            "rematch_dealer": self.rematch_dealer,
            "aids": self.aids.to_json(),
        }


def _counting(hand: Hand) -> CountingView | None:
    """The show being stated or answered (muggins), without its true total."""
    if hand.phase not in (Phase.COUNT, Phase.ANSWER) or hand.starter is None:
        return None
    if hand.phase is Phase.ANSWER:
        shown = hand.shows[-1]
        return CountingView(shown.seat, shown.kind, shown.cards, hand.starter, shown.stated)
    seat, kind = ((hand.non_dealer, "hand"), (hand.dealer, "hand"), (hand.dealer, "crib"))[
        len(hand.shows)
    ]
    cards = hand.crib if kind == "crib" else hand.kept(seat)
    return CountingView(seat, kind, cards, hand.starter, None)


def _game_hands(match: Match) -> list[Hand]:
    """The deals of the game in play (of the last game once the match is over)."""
    hands = list(match.hands) if match.is_over else [*match.hands, match.current]
    start = max(i for i, hand in enumerate(hands) if hand.start_pegs == (0, 0))
    return hands[start:]


def _offered(legal: tuple[Action, ...]) -> tuple[str, ...]:
    """The actions offered to a person. A muggins count is offered as ``count`` alone (send
    ``count N``): the engine's list of claims it would accept ends at the true total, and a
    person is meant to count their own show."""
    if legal and legal[0].kind is ActionKind.COUNT:
        return ("count",)
    return tuple(str(a) for a in legal)


def seat_view(match: Match, seat: int, header: TableHeader, aids: bool = True) -> SeatView:
    """The view of ``seat``, built from that seat's observation and the public match (with
    the learning aids, or with each of them null when they are not asked for)."""
    observation = match.observation(seat)
    view = observation.hand
    hand = match.hands[-1] if match.is_over else match.current
    answered = hand.shows if hand.phase is not Phase.ANSWER else hand.shows[:-1]
    last = match.hands[-1] if match.hands else None
    return SeatView(
        **SeatHead.fields_of(header, seat, match.rules, match.is_over),
        game_number=observation.game_number,
        hand_number=observation.hand_number,
        deal_number=match.deal_number,
        dealer=view.dealer,
        phase=view.phase.value,
        # In the lay-away both act at once: a seat that has not laid away is to act in its
        # own view, whoever the engine's order names (it waits for nobody).
        to_act=seat if view.legal else view.to_act,
        hand=view.hand,
        laid_away=view.laid_away,
        opponent_laid_away=view.opponent_laid_away,
        starter=view.starter,
        count=view.count,
        count_cards=tuple(
            PlayedView(p.seat, p.card, p.count) for p in view.plays[view.count_start :]
        ),
        plays=tuple(PlayedView(p.seat, p.card, p.count) for p in view.plays),
        said_go=view.said_go,
        opponent_cards=view.opponent_cards,
        board=board_view(match.rules, _game_hands(match)),
        game_points=observation.game_points,
        games=tuple(GameLineView.of(g) for g in observation.games),
        final=match.final,
        legal_actions=_offered(view.legal),
        events=events_of(hand, seat),
        shows=tuple(show_view(s) for s in answered),
        counting=_counting(hand),
        commitment=None if match.is_over or hand.seed is None else commitment(hand.seed),
        last_hand=None if last is None else hand_end(last, len(match.hands)),
        next_match=header.next_match,
        aids=CribbageAids.of(view, aids),
        rematch_dealer=match.next_first_dealer() if match.is_over else None,
    )
