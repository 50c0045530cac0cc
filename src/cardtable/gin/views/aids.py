"""Learning aids for a seat, from that seat's observation only: the card tracker, the
expert's estimate that a discard feeds the opponent, the knock advisor's undercut risk, and
the stock's distance from the wall.

Every number comes from the gin expert's own model (:mod:`cardtable.gin.players.knowledge`
and :class:`~cardtable.gin.players.expert.Reasoner`), fed the seat's
:class:`~cardtable.gin.hand.Observation`, so the aids never know more than the seat: the
tracker's "taken by the opponent" are the cards the opponent took from the pile in sight.

>>> from cardtable.gin.match import Match
>>> aids = LearningAids.of(Match.new(seed="aids-doc", first_dealer=0).observation(1))
>>> sorted(set(aids.tracker.values())), len(aids.tracker), aids.stock_warning
(['mine', 'unseen', 'upcard'], 52, False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card, CardSet
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.melds import arrangements_within, defender_answer
from cardtable.gin.players.expert import EXPERT
from cardtable.gin.players.knowledge import Knowledge

__all__ = [
    "STOCK_WARNING",
    "TRACKER_STATES",
    "WALL",
    "KnockAdvice",
    "LearningAids",
    "feed_chances",
    "knock_advice",
    "tracker",
]

# RULES.md 2: a plain discard with two stock cards left ends the hand dead (the wall).
WALL: Final = 2
# The warning shows once this few cards (or fewer) stand above the wall.
STOCK_WARNING: Final = 4

# Where each of the 52 cards is, as far as the seat knows.
TRACKER_STATES: Final = (
    "mine",  # in the seat's hand
    "my_discard",  # in the discard pile, thrown by the seat
    "their_discard",  # in the discard pile, thrown by the opponent
    "upcard",  # the upcard of the deal, still in the pile and thrown by nobody
    "their_taken",  # taken from the pile by the opponent and still held (public)
    "their_shown",  # the opponent's hand once the hand is over and shown
    "unseen",  # in the stock or hidden in the opponent's hand
)

# The expert's model, as its players and the hints use it.
_EXPERT: Final = EXPERT


def tracker(observation: Observation) -> dict[Card, str]:
    """Every card's state (one of :data:`TRACKER_STATES`), from the seat's view alone."""
    thrower: dict[Card, int] = {}
    for event in observation.events:
        if event.kind is ActionKind.DISCARD and event.card is not None:
            thrower[event.card] = event.seat  # the last throw of a card is the one that holds
    states = {Card(c): "unseen" for c in range(52)}
    shown = observation.opponent_hand
    if shown is not None:
        for card in shown:
            states[card] = "their_shown"
    for card in observation.opponent_known:
        states[card] = "their_taken"
    for card in observation.discard_pile:
        seat = thrower.get(card)
        if seat is None:
            states[card] = "upcard"
        else:
            states[card] = "my_discard" if seat == observation.seat else "their_discard"
    for card in observation.hand:
        states[card] = "mine"
    return states


def feed_chances(observation: Observation) -> dict[Card, float]:
    """For each card in the seat's hand, the expert's estimate of the chance that throwing it
    lets the opponent meld it (its discard "danger"), inferred from the public events."""
    knowledge = Knowledge.from_observation(observation, infer=_EXPERT.infer)
    chance = knowledge.opponent_probability()
    # Reasoner._danger is the very estimate the expert weighs each discard by.
    return {
        card: _EXPERT._danger(int(card), chance, knowledge.opponent_known)
        for card in observation.hand
    }


@dataclass(frozen=True, slots=True)
class KnockAdvice:
    """A knock the seat may make now: the card thrown, the deadwood left, and how often the
    expert's sampled opponent hands undercut the layout it would lay down."""

    card: Card
    deadwood: int
    undercut_risk: float

    def to_json(self) -> dict[str, Any]:
        return {
            "card": str(self.card),
            "deadwood": self.deadwood,
            "undercut_risk": round(self.undercut_risk, 4),
        }


def _seat_rng(observation: Observation) -> random.Random:
    """A generator fixed by what the seat has seen, so the advice never depends on anything
    else (the same key the expert's decisions use, with seed 0)."""
    o = observation
    return random.Random(hash((0, o.hand.mask, o.stock_count, len(o.events), o.seat)))


def knock_advice(
    observation: Observation, rng: random.Random | None = None
) -> tuple[KnockAdvice, ...]:
    """Each legal knock with its undercut risk, least deadwood first, by the expert's model:
    opponent hands sampled from the seat's knowledge and organised as the opponent's own
    would be, each answering the layout (of the first few) that the expert values most."""
    knocks = [a for a in observation.legal_actions() if a.kind is ActionKind.KNOCK]
    if not knocks:
        return ()
    rng = _seat_rng(observation) if rng is None else rng
    knowledge = Knowledge.from_observation(observation, infer=_EXPERT.infer)
    samples = [
        knowledge.sample_opponent(rng, _EXPERT.organise) for _ in range(_EXPERT.knock_samples)
    ]
    hand = observation.hand.mask
    undercut_bonus = observation.rules.undercut_bonus
    out: list[KnockAdvice] = []
    for action in knocks:
        assert action.card is not None
        rest = CardSet.from_mask(hand ^ 1 << action.card)
        best: tuple[float, float, int] | None = None  # value, undercut share, deadwood
        layouts = arrangements_within(rest, observation.threshold)
        for index, layout in enumerate(layouts):
            if index >= _EXPERT.max_layouts:
                break
            total = 0.0
            undercuts = 0
            for opponent in samples:
                answer = defender_answer(CardSet.from_mask(opponent), layout.melds).deadwood
                if answer > layout.deadwood:
                    total += answer - layout.deadwood
                else:
                    total -= layout.deadwood - answer + undercut_bonus
                    undercuts += 1
            value = total / max(1, len(samples))
            if best is None or value > best[0]:
                best = (value, undercuts / max(1, len(samples)), layout.deadwood)
        assert best is not None
        out.append(KnockAdvice(action.card, best[2], best[1]))
    out.sort(key=lambda advice: (advice.deadwood, advice.undercut_risk, int(advice.card)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class LearningAids:
    """The aids of one seat's view (the page shows them only when the player asks). The
    tracker, the feed chances and the knock advice are ``None`` in the view of a seat that
    did not ask for them (they cost more than the rest of its view, and most players never
    turn them on); the stock's warning, which the page always shows, is always there."""

    tracker: Mapping[Card, str] | None
    feed: Mapping[Card, float] | None
    knocks: tuple[KnockAdvice, ...] | None
    stock_left: int  # cards above the wall
    stock_warning: bool

    @classmethod
    def of(cls, observation: Observation, asked: bool = True) -> LearningAids:
        over = observation.phase is Phase.OVER
        left = max(0, observation.stock_count - WALL)
        warning = not over and left <= STOCK_WARNING
        if not asked:
            return cls(None, None, None, left, warning)
        # The feed estimate is for the seat's own throw: worked out on its turn only (it
        # samples the opponent's hand, the costliest part of a view).
        throwing = observation.my_turn and observation.phase is Phase.DISCARD
        return cls(
            tracker=tracker(observation),
            feed=feed_chances(observation) if throwing else {},
            knocks=knock_advice(observation),
            stock_left=left,
            stock_warning=warning,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "tracker": None
            if self.tracker is None
            else {str(card): state for card, state in sorted(self.tracker.items())},
            "feed": None
            if self.feed is None
            else {str(card): round(p, 4) for card, p in self.feed.items()},
            "knock_advice": None
            if self.knocks is None
            else [advice.to_json() for advice in self.knocks],
            "wall": WALL,
            "stock_left": self.stock_left,
            "stock_warning": self.stock_warning,
        }
