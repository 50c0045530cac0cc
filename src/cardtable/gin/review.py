"""The coach's review of a match: every decision with the expert's verdict on it.

Each decision is judged from the deciding seat's own :class:`~cardtable.gin.hand.Observation`
at that moment (never the opponent's cards or the stock), by the expert's scoring
(:class:`~cardtable.gin.players.expert.Reasoner`) with no time limit and a generator seeded
from that observation, so the same record always gives the same review and a review never
depends on anything the seat could not see.

- ``loss``: the points the choice gave up against the best one, ``value(best) -
  value(chosen)``, 0 within :data:`TOLERANCE` and for forced moves (one legal action). The
  expert's values are in points for this seat: the expected hand points of its play-outs
  where it searches (a turn that can knock), elsewhere its deadwood-based estimate, in
  deadwood points. Where it searched only some actions, the others are valued as the
  searched one less their difference in the estimate, so all values are comparable.
- ``accuracy``: the share of a seat's real choices (forced moves left out) with loss 0, in
  percent; ``None`` where the seat had no choice to make.
- ``worst``: the seat's :data:`WORST_COUNT` costliest mistakes in the match (loss above
  :data:`TOLERANCE`), flagged in place and listed in :attr:`MatchReview.worst`.

>>> from cardtable.gin.match import Match
>>> from cardtable.gin.rules import Rules
>>> import random
>>> match = Match.new(Rules.preset("standard", target=10), seed="review-doc", first_dealer=0)
>>> rng = random.Random(1)
>>> while not match.hands:
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> review = review_match(match)
>>> all(d.loss >= 0 for d in review.decisions)
True
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple

from cardtable import coach
from cardtable.coach import WORST_COUNT
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import ActionRecord, Hand, Observation
from cardtable.gin.match import Match
from cardtable.gin.players import hints
from cardtable.gin.players.expert import EXPERT
from cardtable.gin.players.hints import Alternative
from cardtable.gin.record import load

__all__ = [
    "TOLERANCE",
    "WORST_COUNT",
    "Decision",
    "HandReview",
    "MatchReview",
    "Verdict",
    "review_decision",
    "review_match",
]

TOLERANCE: Final = 0.5
"""Points within which a choice counts as the best (the expert's estimates are not exact)."""

# The hints' expert with no clock: a deadline would make the review depend on the machine's
# speed. Fewer play-outs than the player's 32 keep a whole match to seconds.
REVIEWER: Final = replace(EXPERT, time_limit=math.inf, rollouts=16, knock_samples=30)
# The same expert before its search: the estimate its search starts from.
ESTIMATOR: Final = replace(REVIEWER, rollouts=0)


@dataclass(frozen=True, slots=True)
class Decision(coach.Decision):
    """One decision of one seat and the expert's verdict on it."""

    deal: int  # 1-based, dead deals included (as the record numbers them)
    hand: int  # the scored hand it belongs to (a dead deal shares the next hand's number)
    index: int  # the action's place in the deal, from 0
    seat: int
    action: Action
    best: Action
    loss: float
    forced: bool
    why: str
    alternatives: tuple[Alternative, ...]
    worst: bool = False

    @property
    def in_points(self) -> bool:
        return True  # every gin value is in points

    def place(self) -> dict[str, Any]:
        return {"deal": self.deal, "hand": self.hand}


@dataclass(frozen=True, slots=True)
class HandReview(coach.HandFigures):
    """The reviewed decisions of one deal, with each reviewed seat's accuracy in it."""

    deal: int
    hand: int
    dealer: int
    outcome: str
    winner: int | None
    points: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]

    def summary(self) -> dict[str, Any]:
        """The deal's figures without its decisions."""
        return {
            "deal": self.deal,
            "hand": self.hand,
            "dealer": self.dealer,
            "outcome": self.outcome,
            "winner": self.winner,
            "points": self.points,
            **self.figures(),
        }


MatchReview = coach.MatchReview[HandReview]
"""Every finished deal of a match reviewed for some seats, and the match's figures."""

DEFINITION: Final = (
    "the share of the seat's choices (forced moves left out) that lost nothing "
    f"(within {TOLERANCE} points) against the expert's best, in percent"
)


def _same(a: Action, b: Action) -> bool:
    """The same move: a knock's layout may differ from the expert's, its card may not."""
    return a.kind is b.kind and a.card == b.card


# The hints' own wording, so that a review and a hint never explain a move differently.
_explain = hints.explain
_forced = hints.forced_reason
_knock_note = hints.knock_note


def _short(action: Action) -> str:
    """An action in a sentence: a knock by its card, without its melds."""
    return str(action) if action.card is None else f"{action.kind.value} {action.card}"


def _decision_rng(observation: Observation) -> random.Random:
    """A generator fixed by what the seat sees, and by nothing else."""
    view = (
        observation.seat,
        observation.dealer,
        observation.hand.mask,
        tuple(int(c) for c in observation.discard_pile),
        observation.stock_count,
        len(observation.events),
        observation.scores,
    )
    return random.Random(hashlib.sha256(repr(view).encode()).hexdigest())


def _comparable(observation: Observation, scored: list[Alternative]) -> list[Alternative]:
    """The expert's values on one scale. Where it searched (a turn that can knock), only
    the knocks and its favourite plain move got play-out values; the others got a floor
    below them. Those are valued here as the favourite less their difference in the
    expert's estimate before the search, which is what the floor stands in for."""
    searched = (
        REVIEWER.rollouts
        and any(a.action.kind is ActionKind.KNOCK for a in scored)
        and len(scored) > 1
    )
    if not searched:
        return scored
    estimate = ESTIMATOR.evaluate(observation, _decision_rng(observation))
    if estimate[0].action.kind is ActionKind.GIN:
        return scored  # gin ends the search before it starts: one scale already
    plain = [a for a in estimate if a.action.kind is not ActionKind.KNOCK]
    favourite = plain[0]
    searched_value = next(a.value for a in scored if _same(a.action, favourite.action))
    rescaled = {
        (a.action.kind, a.action.card): searched_value - (favourite.value - a.value)
        for a in plain[1:]
    }
    out = [replace(a, value=rescaled.get((a.action.kind, a.action.card), a.value)) for a in scored]
    out.sort(key=lambda alt: alt.value, reverse=True)
    return out


class Verdict(NamedTuple):
    """The expert's verdict on one move: the best move, the points the move gave up, whether
    it was forced, why, and every alternative with its value (best first)."""

    best: Action
    loss: float
    forced: bool
    why: str
    alternatives: tuple[Alternative, ...]


def review_decision(observation: Observation, action: Action) -> Verdict:
    """The verdict on ``action`` taken from ``observation``: the best action, the loss, whether
    it was forced, why, and the alternatives with their values (best first). It sees only
    the observation, the seat's own view."""
    legal = observation.legal_actions()
    if not any(_same(action, a) for a in legal):
        raise IllegalActionError(f"{action} is not a legal action here")
    if len(legal) == 1:
        return Verdict(legal[0], 0.0, True, _forced(observation, legal[0]), ())
    raw = REVIEWER.evaluate(observation, _decision_rng(observation))
    scored = [_knock_note(a) for a in _comparable(observation, raw)]
    best = scored[0]
    chosen = next(a for a in scored if _same(a.action, action))
    loss = max(0.0, best.value - chosen.value)
    if loss <= TOLERANCE:
        # As good as the best: the move itself is the best (a knock keeps the layout laid).
        return Verdict(action, 0.0, False, _explain(observation, chosen, scored), tuple(scored))
    why = (
        f"Your {_short(action)} ({chosen.note}) gives up about {loss:.1f} points against "
        f"{_short(best.action)}. {_explain(observation, best, scored)}"
    )
    return Verdict(best.action, loss, False, why, tuple(scored))


def _review_hand(
    hand: Hand, deal: int, place: tuple[int, tuple[int, int]], seats: tuple[int, ...]
) -> HandReview:
    """Replay the deal from its deck and judge each decision of ``seats`` from that seat's
    view at that moment."""
    number, scores = place
    replay = Hand(hand.rules, hand.dealer, hand.deck, hand.seed)

    def judge(index: int, record: ActionRecord) -> Decision:
        verdict = review_decision(replay.observation(record.seat, scores), record.action)
        return Decision(deal, number, index, record.seat, record.action, *verdict)

    decisions = coach.judge_deal(hand.history, replay.apply, seats, judge)
    result = hand.result
    assert result is not None
    return HandReview(
        deal=deal,
        hand=number,
        dealer=hand.dealer,
        outcome=result.outcome.value,
        winner=result.winner,
        points=result.points,
        seats=seats,
        decisions=decisions,
    )


def review_match(
    match_or_record: Match | str,
    seats: Iterable[int] = (0, 1),
    deals: Iterable[int] | None = None,
) -> MatchReview:
    """Review the finished deals of a match (or of a match record's text) for ``seats``;
    ``deals`` (1-based) limits it to those. A deal in play is never reviewed: the review of
    a seat shows only what that seat could see, and a finished deal's verdicts only."""
    match = load(match_or_record) if isinstance(match_or_record, str) else match_or_record
    return coach.review_deals(
        match.hands,
        _places(match.hands),
        seats,
        deals,
        _review_hand,
        match.is_over,
        TOLERANCE,
        DEFINITION,
    )


def _places(hands: Iterable[Hand]) -> Iterator[tuple[int, tuple[int, int]]]:
    """Where each deal stood: the number of the scored hand it belongs to (a dead deal shares
    the next one's) and the scores before it."""
    scores = [0, 0]
    number = 1
    for hand in hands:
        yield number, (scores[0], scores[1])
        result = hand.result
        assert result is not None
        if result.winner is not None:
            scores[result.winner] += result.points
            number += 1
