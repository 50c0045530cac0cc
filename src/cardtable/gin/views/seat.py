"""A seat at a gin table: what it sees and may do, and the table around it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, commitment
from cardtable.games.views import (
    Basics,
    MadeOnce,
    SeatHead,
    TableHeader,
    seat_words,
)
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.match import Match
from cardtable.gin.melds import (
    discard_options,
)
from cardtable.gin.views.aids import LearningAids
from cardtable.gin.views.finished import HandSummary, hand_summary
from cardtable.gin.views.hands import HandView
from cardtable.gin.views.layouts import KnockOption, LayoutView, knock_options
from cardtable.gin.views.sheet import ScoreSheet

# A finished hand never changes, and every later view of its match shows it as the last
# hand: its summary (both layouts worked out) is made once.
_LAST_HANDS: MadeOnce[HandSummary] = MadeOnce(2048)
_LAST_HANDS_JSON: MadeOnce[dict[str, Any]] = MadeOnce(2048)

# -- a seat at the table ------------------------------------------------------------------


def _discard_deadwood(observation: Observation) -> tuple[tuple[Card, int], ...]:
    """The deadwood each legal discard leaves, least first (none off the seat's turn)."""
    if observation.phase is not Phase.DISCARD:
        return ()
    legal = {a.card for a in observation.legal_actions() if a.kind is ActionKind.DISCARD}
    return tuple((card, left) for card, left in discard_options(observation.hand) if card in legal)


@dataclass(frozen=True, slots=True)
class PlayView:
    """What a seat sees and may do in a hand, for the match table and the lesson alike."""

    hand: HandView
    arrangement: LayoutView
    knock_options: tuple[KnockOption, ...]
    discard_deadwood: tuple[tuple[Card, int], ...]
    aids: LearningAids

    @classmethod
    def of(cls, observation: Observation, aids: bool = True) -> PlayView:
        return cls(
            HandView.of(observation),
            LayoutView.best(observation.hand),
            knock_options(observation),
            _discard_deadwood(observation),
            LearningAids.of(observation, aids),
        )

    @property
    def legal_actions(self) -> tuple[str, ...]:
        return self.hand.legal_actions

    @property
    def can_knock(self) -> bool:
        return any(option.kind == "knock" for option in self.knock_options)

    @property
    def can_gin(self) -> bool:
        return any(option.kind != "knock" for option in self.knock_options)

    def deadwood_after(self, card: Card) -> int | None:
        """The deadwood left by discarding ``card`` now (``None`` when it is no discard)."""
        for candidate, left in self.discard_deadwood:
            if candidate == card:
                return left
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "observation": self.hand.to_json(),
            "arrangement": self.arrangement.to_json(),
            "legal_actions": list(self.legal_actions),
            "can_knock": self.can_knock,
            "can_gin": self.can_gin,
            "knock_options": [option.to_json() for option in self.knock_options],
            "discard_deadwood": {str(card): left for card, left in self.discard_deadwood},
            "aids": self.aids.to_json(),
        }


@dataclass(frozen=True, slots=True)
class SeatView(SeatHead):
    """A seat at a gin match: the table (seats, score sheet, the last hand), the hand in
    play as this seat sees it, and what it may do."""

    hand_number: int
    deal_number: int
    dealer: int
    sheet: ScoreSheet
    play: PlayView
    commitment: str | None
    last_hand: HandSummary | None
    next_match: str | None
    # Who deals first in the next match of the series once this one is over (the rules'
    # series setting, decided by the engine): a rematch dialog names them.
    rematch_dealer: int | None = None

    @property
    def hand(self) -> HandView:
        return self.play.hand

    @property
    def arrangement(self) -> LayoutView:
        return self.play.arrangement

    @property
    def legal_actions(self) -> tuple[str, ...]:
        return self.play.legal_actions

    @property
    def knock_options(self) -> tuple[KnockOption, ...]:
        return self.play.knock_options

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def my_turn(self) -> bool:
        return bool(self.play.legal_actions)

    def basics(self) -> Basics:
        """The table in the few words a generic screen shows (its own screen shows more)."""
        hand, seat, players = self.play.hand, self.seat, self.players
        final = self.sheet.final
        totals = self.sheet.scores if final is None else final.totals
        public = (
            f"Discard pile: {' '.join(c.symbol() for c in hand.discard_pile[-3:]) or 'empty'}",
            f"Stock: {hand.stock_count} cards",
            f"Knock with {hand.threshold} or less",
        )
        events = tuple(
            f"{seat_words(players, seat, e.seat)}: {e.kind.replace('_', ' ')}"
            + ("" if e.card is None else f" {e.card.symbol()}")
            for e in hand.events
        )
        turn = (self.my_turn, hand.to_act, None if final is None else final.winner)
        return self.basics_of(
            turn, totals, hand.hand, public, events, self.legal_actions, "The hand is over."
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "hand_number": self.hand_number,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            **self.sheet.to_json(),
            **self.play.to_json(),
            "commitment": self.commitment,
            "last_hand": None
            if self.last_hand is None
            else _LAST_HANDS_JSON.get(self.last_hand, self.last_hand.to_json),
            "next_match": self.next_match,
            "rematch_dealer": self.rematch_dealer,
        }


def seat_view(match: Match, seat: int, header: TableHeader, aids: bool = True) -> SeatView:
    """The view of ``seat``, built from that seat's observation and the public match (with
    the learning aids, or only the stock's warning when they are not asked for)."""
    observation = match.observation(seat)
    hand = match.hands[-1] if match.is_over else match.current
    last = match.hands[-1] if match.hands else None
    return SeatView(
        **SeatHead.fields_of(header, seat, match.rules, match.is_over),
        hand_number=len(match.sheet) if match.is_over else match.hand_number,
        deal_number=match.deal_number,
        dealer=hand.dealer,
        sheet=ScoreSheet.of(match),
        play=PlayView.of(observation, aids),
        commitment=None if match.is_over else commitment(hand.seed or ""),
        last_hand=None
        if last is None
        else _LAST_HANDS.get(last, lambda: hand_summary(last, len(match.hands))),
        next_match=header.next_match,
        rematch_dealer=match.next_first_dealer() if match.is_over else None,
    )
