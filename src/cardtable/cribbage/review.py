"""The coach's review of a Cribbage match: every lay-away and play with the expert's verdict.

Each decision is judged from the deciding seat's own :class:`~cardtable.cribbage.hand.
Observation` at that moment (never the opponent's cards, its half of the crib or the deck),
by the expert's own scoring, as its hints give it (:func:`~cardtable.cribbage.players.hints.
hint`): the search the expert runs is seeded from the seat's view alone, so the same record
always gives the same review and a review never depends on anything the seat could not see.

- The decisions are the lay-away and every card played (or ``go``). Stating a show's count
  and answering it (muggins) are not judged: their right answer is arithmetic, not a choice.
- ``loss``: what the choice gave up against the best one, ``value(best) - value(chosen)``, 0
  within the tolerance and for forced moves (one legal action, or cards that fit all of one
  rank: suits never matter in the play). Its ``unit`` is ``points`` (for the lay-away the
  kept hand's expected show plus or minus the crib's; for the play the points the seat pegs
  less the opponent's for the rest of the play) or, when this hand may decide the game and the
  expert plays for the game rather than for points, ``win %`` (percentage points of the chance
  of winning the game).
- ``accuracy``: the share of a seat's real choices (forced moves left out) with loss 0, in
  percent; ``None`` where the seat had no choice to make. ``mean_loss`` averages the losses in
  points only (a loss in win chance is not a number of points).
- ``worst``: the seat's :data:`WORST_COUNT` costliest mistakes in points, flagged in place.

>>> from cardtable.cribbage.match import Match
>>> from cardtable.cribbage.rules import Rules
>>> import random
>>> match = Match.new(Rules.preset("short"), seed="review-doc", first_dealer=0)
>>> rng = random.Random(1)
>>> while not match.hands:
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> review = review_match(match)
>>> all(d.loss >= 0 for d in review.decisions), review.decisions[0].action.kind.value
(True, 'discard')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple

from cardtable import coach
from cardtable.cards import RANKS, Card
from cardtable.coach import WORST_COUNT
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import ActionRecord, Hand, Observation, Phase
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import board
from cardtable.cribbage.players.discard import DiscardOption
from cardtable.cribbage.players.expert import expert_discards
from cardtable.cribbage.players.hints import Alternative, Hint, hint
from cardtable.cribbage.record import load
from cardtable.errors import IllegalActionError

__all__ = [
    "POINTS",
    "TOLERANCE",
    "WIN",
    "WIN_TOLERANCE",
    "WORST_COUNT",
    "Decision",
    "HandReview",
    "MatchReview",
    "Verdict",
    "review_decision",
    "review_match",
]

POINTS: Final = "points"
WIN: Final = "win %"

TOLERANCE: Final = 0.25
"""Points within which a choice counts as the best: the play's values are averages over
sampled hands of the opponent, so smaller differences are noise."""

WIN_TOLERANCE: Final = 1.0
"""The same near the end of a game, in percentage points of the chance of winning."""

_JUDGED: Final = frozenset({ActionKind.DISCARD, ActionKind.PLAY, ActionKind.GO})


@dataclass(frozen=True, slots=True)
class Decision(coach.Decision):
    """One decision of one seat and the expert's verdict on it."""

    deal: int  # 1-based across the match, as the record numbers them
    game: int  # 1-based
    index: int  # the action's place in the hand's history, from 0
    seat: int
    action: Action
    best: Action
    loss: float
    unit: str  # POINTS or WIN
    forced: bool
    why: str
    alternatives: tuple[Alternative, ...]
    worst: bool = False

    @property
    def in_points(self) -> bool:
        return self.unit == POINTS

    def place(self) -> dict[str, Any]:
        # "hand": the field every review front end reads.
        return {"deal": self.deal, "hand": self.deal, "game": self.game}

    def counted_in(self) -> dict[str, Any]:
        return {"unit": self.unit}


@dataclass(frozen=True, slots=True)
class HandReview(coach.HandFigures):
    """The reviewed decisions of one hand, with each reviewed seat's accuracy in it."""

    deal: int
    game: int
    dealer: int
    pegs: tuple[int, int]  # at the end of the hand
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]

    def summary(self) -> dict[str, Any]:
        """The hand's figures without its decisions."""
        return {
            "deal": self.deal,
            "hand": self.deal,
            "game": self.game,
            "dealer": self.dealer,
            "pegs": list(self.pegs),
            **self.figures(),
        }


MatchReview = coach.MatchReview[HandReview]
"""Every finished hand of a match reviewed for some seats, and the match's figures."""

DEFINITION: Final = (
    "the share of the seat's choices (forced moves left out) that lost nothing "
    f"(within {TOLERANCE} points, or {WIN_TOLERANCE} points of the chance of "
    "winning near the end of a game) against the expert's best, in percent"
)


class Verdict(NamedTuple):
    """The expert's verdict on one move: the best move, what the move gave up and in which
    unit, whether it was forced, why, and every alternative with its value (best first)."""

    best: Action
    loss: float
    unit: str
    forced: bool
    why: str
    alternatives: tuple[Alternative, ...]


def _ranks(cards: Iterable[Card]) -> str:
    return "-".join(RANKS[c % 13] for c in sorted(cards, key=lambda c: (c % 13, c)))


def _discard_alternatives(view: Observation) -> tuple[tuple[Alternative, ...], str]:
    """Every one of the 15 lay-aways with the expert's value, best first, and the unit.
    The hint shows five; a review must value whichever the seat chose."""
    options = expert_discards(view)
    if board.in_endgame(view):
        # The expert ranks by the chance of winning here (points only break ties).
        chances = board.discard_win_chances(view, options)
        return (
            tuple(
                Alternative(o.action, 100.0 * c, f"{_discard_note(o)}, win {100 * c:.0f}%")
                for o, c in zip(options, chances, strict=True)
            ),
            WIN,
        )
    return tuple(Alternative(o.action, o.value, _discard_note(o)) for o in options), POINTS


def _discard_note(option: DiscardOption) -> str:
    sign = "+" if option.own_crib else "-"
    return f"keep {_ranks(option.kept)}: hand {option.hand_ev:.1f}, crib {sign}{option.crib_ev:.1f}"


def _play_alternatives(
    view: Observation, scored: tuple[Alternative, ...]
) -> tuple[tuple[Alternative, ...], str]:
    """The hint's plays on the review's scale: points, or near the end (where the search
    values a play by ``2 * chance - 1``) the chance of winning in percent."""
    if board.endgame_for(view) is None:
        return scored, POINTS
    return tuple(replace(a, value=50.0 * (a.value + 1.0)) for a in scored), WIN


def review_decision(observation: Observation, action: Action) -> Verdict:
    """The verdict on ``action`` taken from ``observation`` (a lay-away, a play or a go):
    the best action, the loss and its unit, whether it was forced, why, and the alternatives
    with their values (best first). It sees only the observation, the seat's own view."""
    legal = observation.legal_actions()
    if action not in legal:
        raise IllegalActionError(f"{action} is not a legal action here")
    if action.kind not in _JUDGED:
        raise IllegalActionError(f"{action.kind.value} is not a decision the review judges")
    advice = hint(observation)
    plays = [a for a in legal if a.kind is ActionKind.PLAY]
    one_rank = len({a.cards[0] % 13 for a in plays}) == 1 and len(plays) == len(legal)
    if len(legal) == 1 or (observation.phase is Phase.PLAY and one_rank):
        return Verdict(action, 0.0, POINTS, True, advice.text, ())
    if observation.phase is Phase.DISCARD:
        scored, unit = _discard_alternatives(observation)
    else:
        scored, unit = _play_alternatives(observation, advice.alternatives)
    best = scored[0]
    chosen = next(a for a in scored if a.action == action)
    loss = max(0.0, best.value - chosen.value)
    if loss <= (WIN_TOLERANCE if unit == WIN else TOLERANCE):
        return Verdict(action, 0.0, unit, False, _as_good_why(chosen, best, unit, advice), scored)
    amount = f"{loss:.1f} points" if unit == POINTS else f"{loss:.0f}% of the chance of winning"
    why = (
        f"Your {action} ({chosen.note}) gives up about {amount} against "
        f"{best.action}. {advice.text}"
    )
    return Verdict(best.action, loss, unit, False, why, scored)


def _as_good_why(chosen: Alternative, best: Alternative, unit: str, advice: Hint) -> str:
    """Why a move as good as the best is: the expert's reason (``advice``, about its own
    choice) when the move is that choice or, in the play, a card of its rank (only the rank
    counts there, so the reason is the card's own); otherwise the move and the expert's
    choice side by side, the reason named as the expert's. A line never marks one card
    best and explains another as if it were that one."""
    ours, theirs = chosen.action, advice.action
    if ours == theirs:
        return advice.text
    same_rank = ours.kind is ActionKind.PLAY and theirs.kind is ActionKind.PLAY
    if same_rank and ours.cards[0] % 13 == theirs.cards[0] % 13:
        return advice.text.replace(str(theirs.cards[0]), str(ours.cards[0]))
    within = (
        f"{TOLERANCE} points" if unit == POINTS else f"{WIN_TOLERANCE:g}% of the chance of winning"
    )
    return (
        f"As good as the best: {ours} ({chosen.note}) does as well as the expert's "
        f"{best.action} ({best.note}) to within {within}. The expert's reason for {theirs}: "
        f"{advice.text}"
    )


def _review_hand(hand: Hand, deal: int, game: int, seats: tuple[int, ...]) -> HandReview:
    """Replay the hand from its deck and judge each decision of ``seats`` from that seat's
    view at that moment."""
    replay = Hand(hand.rules, hand.dealer, hand.deck, hand.start_pegs, hand.seed)

    def judge(index: int, record: ActionRecord) -> Decision | None:
        if record.action.kind not in _JUDGED:
            return None
        verdict = review_decision(replay.observation(record.seat), record.action)
        return Decision(deal, game, index, record.seat, record.action, *verdict)

    decisions = coach.judge_deal(hand.history, replay.apply, seats, judge)
    return HandReview(
        deal=deal,
        game=game,
        dealer=hand.dealer,
        pegs=(hand.pegs[0], hand.pegs[1]),
        seats=seats,
        decisions=decisions,
    )


def review_match(
    match_or_record: Match | str,
    seats: Iterable[int] = (0, 1),
    deals: Iterable[int] | None = None,
) -> MatchReview:
    """Review the finished hands of a match (or of a match record's text) for ``seats``;
    ``deals`` (1-based) limits it to those. A hand in play is never reviewed: the review of a
    seat shows only what that seat could see, and a finished hand's verdicts only."""
    match = load(match_or_record) if isinstance(match_or_record, str) else match_or_record
    return coach.review_deals(
        match.hands,
        _games(match.hands),
        seats,
        deals,
        _review_hand,
        match.is_over,
        TOLERANCE,
        DEFINITION,
    )


def _games(hands: Iterable[Hand]) -> Iterator[int]:
    """The number of the game each hand was played in."""
    game = 1
    for hand in hands:
        yield game
        if hand.winner is not None:
            game += 1
