"""A seat's view of a Gin Rummy table, typed: built once from the engine, formatted by the
front ends.

Everything here is computed from one seat's :class:`~cardtable.gin.hand.Observation` (its own
cards, the public events) or from a finished hand, which is public in full. The conveniences a
player needs (the best arrangement of the hand, the deadwood each discard leaves, every way to
knock with its layouts, a finished hand's replay step by step with both arrangements) are
worked out here, by the engine's solvers, so that no front end searches melds or replays
actions of its own.

>>> from cardtable.gin.match import Match
>>> match = Match.new(seed="views-doc", first_dealer=0)
>>> header = TableHeader("m1", "gin", (PlayerView("human", "Ann"), PlayerView("human", "Bo")), 0)
>>> view = seat_view(match, 1, header)
>>> view.hand.phase, view.legal_actions, view.arrangement.deadwood >= 0
('offer', ('take', 'pass'), True)
>>> sorted(view.to_json())[:4]
['action_count', 'arrangement', 'boxes', 'can_gin']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card, CardSet, commitment
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.deal import POSITIONS, Deal
from cardtable.gin.hand import Hand, Observation, Phase, PublicEvent
from cardtable.gin.lesson import LESSON_STEPS, LessonSession, StepOutcome
from cardtable.gin.match import FinalScore, Match, SheetLine
from cardtable.gin.melds import (
    Arrangement,
    Meld,
    arrangements_within,
    best_arrangement,
    discard_options,
)
from cardtable.gin.players.hints import Hint
from cardtable.gin.showdown import HandResult
from cardtable.table.views import PlayerView, TableHeader

__all__ = [
    "LAYOUTS_PER_KNOCK",
    "AlternativeView",
    "EventView",
    "FinalView",
    "HandReplay",
    "HandSummary",
    "HandView",
    "HintView",
    "KnockOption",
    "LayoffView",
    "LayoutChoice",
    "LayoutView",
    "LessonStepView",
    "LessonView",
    "MeldView",
    "ReplayAction",
    "ReplayStep",
    "ResultView",
    "ScoreSheet",
    "SeatView",
    "SheetLineView",
    "hand_replay",
    "hand_summary",
    "hint_view",
    "lesson_view",
    "seat_view",
]

# How many layouts the table offers for one knock: the best, then others a player may prefer
# (to leave the defender fewer lay-offs). Ten cards within the threshold rarely have more.
LAYOUTS_PER_KNOCK: Final = 12


def _cards(cards: CardSet | Sequence[Card]) -> tuple[Card, ...]:
    return tuple(cards)


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


# -- melds and layouts --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MeldView:
    """A set or a run, its cards in card order (a set by suit, a run by rank)."""

    cards: tuple[Card, ...]
    kind: str  # "set" or "run"

    @classmethod
    def of(cls, meld: Meld) -> MeldView:
        return cls(_cards(meld.cards), meld.kind)

    def to_json(self) -> list[str]:
        return _names(self.cards)

    def __str__(self) -> str:
        return " ".join(_names(self.cards))


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
            _cards(arrangement.unmatched),
            arrangement.deadwood,
        )

    @classmethod
    def best(cls, cards: CardSet) -> LayoutView:
        return cls.of(best_arrangement(cards))

    def to_json(self) -> dict[str, Any]:
        return {
            "melds": [meld.to_json() for meld in self.melds],
            "kinds": [meld.kind for meld in self.melds],
            "unmatched": _names(self.unmatched),
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


# -- the hand in play ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventView:
    """An action as this seat saw it (``card`` is ``None`` where it was hidden)."""

    seat: int
    kind: str
    card: Card | None

    @classmethod
    def of(cls, event: PublicEvent) -> EventView:
        return cls(event.seat, event.kind.value, event.card)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "card": None if self.card is None else str(self.card),
        }


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
                _cards(answer.unmatched),
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
            "knocker_unmatched": _names(self.knocker_layout.unmatched),
            "defender_melds": [str(m) for m in self.defender_layout.melds],
            "defender_kinds": [m.kind for m in self.defender_layout.melds],
            "defender_unmatched": _names(self.defender_layout.unmatched),
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
            rules=observation.rules.to_dict(),
            dealer=observation.dealer,
            phase=observation.phase.value,
            to_act=observation.to_act,
            threshold=observation.threshold,
            multiplier=observation.multiplier,
            upcard=observation.upcard,
            hand=_cards(observation.hand),
            discard_pile=observation.discard_pile,
            stock_count=observation.stock_count,
            opponent_card_count=observation.opponent_card_count,
            opponent_known=_cards(observation.opponent_known),
            taken=observation.taken,
            stock_only=observation.stock_only,
            events=tuple(EventView.of(e) for e in observation.events),
            result=None if result is None else ResultView.of(result),
            opponent_hand=None if other is None else _cards(other),
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
            "hand": _names(self.hand),
            "discard_pile": _names(self.discard_pile),
            "stock_count": self.stock_count,
            "opponent_card_count": self.opponent_card_count,
            "opponent_known": _names(self.opponent_known),
            "dead_cards": _names(self.dead_cards),
            "taken": None if self.taken is None else str(self.taken),
            "stock_only": self.stock_only,
            "events": [event.to_json() for event in self.events],
            "result": None if self.result is None else self.result.to_json(),
            "opponent_hand": None if self.opponent_hand is None else _names(self.opponent_hand),
            "scores": None if self.scores is None else list(self.scores),
            "legal_actions": list(self.legal_actions),
        }


# -- the score sheet ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetLineView:
    number: int
    dealer: int
    winner: int
    outcome: str
    points: int
    totals: tuple[int, int]

    @classmethod
    def of(cls, line: SheetLine) -> SheetLineView:
        return cls(
            line.number,
            line.dealer,
            line.winner,
            line.result.outcome.value,
            line.result.points,
            line.totals,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "winner": self.winner,
            "outcome": self.outcome,
            "points": self.points,
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True)
class FinalView:
    """The final totals with every bonus itemised (RULES.md 4)."""

    hand_points: tuple[int, int]
    boxes: tuple[int, int]
    line_bonus: tuple[int, int]
    game_bonus: tuple[int, int]
    shutout_bonus: tuple[int, int]
    totals: tuple[int, int]
    reached_target: int
    winner: int
    margin: int
    shutout: bool

    @classmethod
    def of(cls, final: FinalScore) -> FinalView:
        return cls(
            final.hand_points,
            final.boxes,
            final.line_bonus,
            final.game_bonus,
            final.shutout_bonus,
            final.totals,
            final.reached_target,
            final.winner,
            final.margin,
            final.shutout,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hand_points": list(self.hand_points),
            "boxes": list(self.boxes),
            "line_bonus": list(self.line_bonus),
            "game_bonus": list(self.game_bonus),
            "shutout_bonus": list(self.shutout_bonus),
            "totals": list(self.totals),
            "reached_target": self.reached_target,
            "winner": self.winner,
            "margin": self.margin,
            "shutout": self.shutout,
        }


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """One line per scored hand, the hands won (boxes), the running score, the final."""

    lines: tuple[SheetLineView, ...]
    boxes: tuple[int, int]
    scores: tuple[int, int]
    target: int
    final: FinalView | None

    @classmethod
    def of(cls, match: Match) -> ScoreSheet:
        return cls(
            tuple(SheetLineView.of(line) for line in match.sheet),
            (match.boxes[0], match.boxes[1]),
            (match.scores[0], match.scores[1]),
            match.rules.target,
            None if match.final is None else FinalView.of(match.final),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "boxes": list(self.boxes),
            "sheet": [line.to_json() for line in self.lines],
            "final": None if self.final is None else self.final.to_json(),
        }


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
            "hands": [_names(cards) for cards in self.hands],
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
        hands=(_cards(ended[0]), _cards(ended[1])),
        layouts=(LayoutView.best(ended[0]), LayoutView.best(ended[1])),
        upcard=hand.upcard,
        seed=hand.seed,
        commitment=commitment(hand.seed or ""),
    )


@dataclass(frozen=True, slots=True)
class ReplayAction:
    seat: int
    action: str
    drawn: Card | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": self.action,
            "drawn": None if self.drawn is None else str(self.drawn),
        }


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table after some actions of a finished hand: both hands arranged, the piles."""

    hands: tuple[LayoutView, LayoutView]
    stock_count: int
    top_discard: Card | None

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [layout.to_json() for layout in self.hands],
            "stock_count": self.stock_count,
            "top_discard": None if self.top_discard is None else str(self.top_discard),
        }


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
            "dealt": [_names(cards) for cards in self.dealt],
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
        dealt=(_cards(dealt.hand_of(0, hand.dealer)), _cards(dealt.hand_of(1, hand.dealer))),
        actions=tuple(ReplayAction(r.seat, str(r.action), r.drawn) for r in hand.history),
        steps=tuple(steps),
        told=tuple(EventView.of(event) for event in hand.observation(seat).events),
    )


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

    @classmethod
    def of(cls, observation: Observation) -> PlayView:
        return cls(
            HandView.of(observation),
            LayoutView.best(observation.hand),
            knock_options(observation),
            _discard_deadwood(observation),
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
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat at a gin match: the table (seats, score sheet, the last hand), the hand in
    play as this seat sees it, and what it may do."""

    match_id: str
    game: str
    seat: int
    players: tuple[PlayerView, PlayerView]
    rules: Mapping[str, Any]
    status: str  # active or finished
    action_count: int
    hand_number: int
    deal_number: int
    dealer: int
    sheet: ScoreSheet
    play: PlayView
    commitment: str | None
    last_hand: HandSummary | None
    next_match: str | None

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

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "seat": self.seat,
            "players": [player.to_json() for player in self.players],
            "rules": dict(self.rules),
            "status": self.status,
            "action_count": self.action_count,
            "hand_number": self.hand_number,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            **self.sheet.to_json(),
            **self.play.to_json(),
            "commitment": self.commitment,
            "last_hand": None if self.last_hand is None else self.last_hand.to_json(),
            "next_match": self.next_match,
        }


def seat_view(match: Match, seat: int, header: TableHeader) -> SeatView:
    """The view of ``seat``, built from that seat's observation and the public match."""
    observation = match.observation(seat)
    hand = match.hands[-1] if match.is_over else match.current
    last = match.hands[-1] if match.hands else None
    return SeatView(
        match_id=header.match_id,
        game=header.game,
        seat=seat,
        players=header.players,
        rules=match.rules.to_dict(),
        status="finished" if match.is_over else "active",
        action_count=header.action_count,
        hand_number=len(match.sheet) if match.is_over else match.hand_number,
        deal_number=match.deal_number,
        dealer=hand.dealer,
        sheet=ScoreSheet.of(match),
        play=PlayView.of(observation),
        commitment=None if match.is_over else commitment(hand.seed or ""),
        last_hand=None if last is None else hand_summary(last, len(match.hands)),
        next_match=header.next_match,
    )


# -- hints and the lesson -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AlternativeView:
    action: str
    value: float
    note: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "value": round(self.value, 2), "note": self.note}


@dataclass(frozen=True, slots=True)
class HintView:
    """The expert's advice for a seat's turn, from that seat's view only."""

    action: str
    explanation: str
    alternatives: tuple[AlternativeView, ...]

    @property
    def card(self) -> Card | None:
        """The card the advice names (to discard, or to throw when knocking)."""
        return Action.parse(self.action).card

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "explanation": self.explanation,
            "alternatives": [alt.to_json() for alt in self.alternatives],
        }


def hint_view(hint: Hint) -> HintView:
    return HintView(
        str(hint.action),
        hint.explanation,
        tuple(AlternativeView(str(a.action), a.value, a.note) for a in hint.alternatives),
    )


@dataclass(frozen=True, slots=True)
class LessonStepView:
    index: int
    total: int
    key: str
    title: str
    text: str
    select: str | None
    action: str | None
    is_info: bool
    finished: bool
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "total": self.total,
            "key": self.key,
            "title": self.title,
            "text": self.text,
            "select": self.select,
            "action": self.action,
            "is_info": self.is_info,
            "finished": self.finished,
            "message": self.message,
        }


LESSON_PLAYERS: Final = (PlayerView("human", "You"), PlayerView("computer", "Teacher"))


@dataclass(frozen=True, slots=True)
class LessonView:
    """The lesson's table (the learner's seat only) and the step to do; ``ok`` is false when
    the learner's last try was not what the step asks (the coach explains in ``message``)."""

    lesson_id: str
    players: tuple[PlayerView, PlayerView]
    play: PlayView
    step: LessonStepView
    ok: bool

    @property
    def hand(self) -> HandView:
        return self.play.hand

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.hand.seat,
            **self.play.to_json(),
            "lesson_id": self.lesson_id,
            "players": [player.to_json() for player in self.players],
            "status": "lesson",
            "dealer": self.hand.dealer,
            "scores": [0, 0],
            "lesson": self.step.to_json(),
            "ok": self.ok,
        }


def lesson_view(
    lesson_id: str, session: LessonSession, outcome: StepOutcome | None = None
) -> LessonView:
    step = session.step
    return LessonView(
        lesson_id=lesson_id,
        players=LESSON_PLAYERS,
        play=PlayView.of(session.observation()),
        step=LessonStepView(
            index=session.index,
            total=len(LESSON_STEPS),
            key=step.key,
            title=step.title,
            text=step.text,
            select=step.select,
            action=step.action,
            is_info=step.is_info,
            finished=session.finished,
            message="" if outcome is None else outcome.message,
        ),
        ok=True if outcome is None else outcome.ok,
    )
