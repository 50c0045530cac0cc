"""What the coach's reviews of both games share (:mod:`cardtable.gin.review`,
:mod:`cardtable.cribbage.review`): a seat's figures over its decisions (accuracy, mean loss),
flagging each seat's costliest mistakes, the walk that judges a finished deal's decisions
from each seat's view at the time, and the review of a match.

A decision is judged by each game's expert; here it is only counted. ``in_points`` tells a
loss in points from one in another unit (Cribbage's chance of winning near a game's end),
which counts toward accuracy but not toward the mean loss or the worst mistakes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Generic, Protocol, TypeVar

from cardtable.errors import IllegalActionError

__all__ = [
    "WORST_COUNT",
    "Decision",
    "HandFigures",
    "Judged",
    "MatchReview",
    "accuracy",
    "asked_for",
    "flag_worst",
    "judge_deal",
    "mean_loss",
    "per_seat",
    "review_deals",
    "reviewed",
]

WORST_COUNT: Final = 3
"""How many of a seat's costliest mistakes a match review flags."""


class Judged(Protocol):
    """One judged decision, as the figures read it."""

    @property
    def deal(self) -> int: ...
    @property
    def index(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def loss(self) -> float: ...
    @property
    def forced(self) -> bool: ...
    @property
    def worst(self) -> bool: ...
    @property
    def is_best(self) -> bool: ...
    @property
    def in_points(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


class Decision:
    """What a judged decision of any game is and says alike (each game's ``Decision``
    dataclass builds on it): where it stands in the match (:meth:`place`, each game's),
    the action and the best one, the loss (and :meth:`counted_in`), and why."""

    __slots__ = ()
    deal: int
    index: int
    seat: int
    action: Any
    best: Any
    loss: float
    forced: bool
    why: str
    alternatives: tuple[Any, ...]
    worst: bool

    @property
    def is_best(self) -> bool:
        return self.loss == 0.0

    def place(self) -> dict[str, Any]:
        """Where the decision stands, as JSON: its deal (and the game's own numbers)."""
        return {"deal": self.deal}

    def counted_in(self) -> dict[str, Any]:
        """What its loss is counted in, as JSON (nothing: points)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.place(),
            "index": self.index,
            "seat": self.seat,
            "action": str(self.action),
            "best": str(self.best),
            "loss": round(self.loss, 1),  # as every front end shows it
            **self.counted_in(),
            "forced": self.forced,
            "worst": self.worst,
            "why": self.why,
            "alternatives": [alt.to_dict() for alt in self.alternatives],
        }


class Reviewed(Protocol):
    """One reviewed deal, as a match review reads it."""

    @property
    def decisions(self) -> tuple[Any, ...]: ...

    def summary(self) -> dict[str, Any]: ...


class SeatFigures:
    """Each reviewed seat's accuracy and mean loss, from the ``decisions`` judged and the
    ``seats`` reviewed (a hand's or a whole match's)."""

    __slots__ = ()
    seats: tuple[int, ...]

    @property
    def decisions(self) -> tuple[Any, ...]:
        raise NotImplementedError

    @property
    def accuracy(self) -> dict[int, float | None]:
        return per_seat(self.decisions, self.seats, accuracy)

    @property
    def mean_loss(self) -> dict[int, float | None]:
        return per_seat(self.decisions, self.seats, mean_loss)

    def figures(self) -> dict[str, Any]:
        """The seats' accuracy and mean loss, keyed by seat as text (for JSON)."""
        return {
            "accuracy": {str(s): a for s, a in self.accuracy.items()},
            "mean_loss": {str(s): m for s, m in self.mean_loss.items()},
        }


class HandFigures(SeatFigures):
    """What a reviewed hand of any game works out the same way: its seats' figures, and the
    hand as a dictionary (its ``summary()``, which each game writes, then its decisions)."""

    __slots__ = ()

    def summary(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {**self.summary(), "decisions": [d.to_dict() for d in self.decisions]}


class _Step(Protocol):
    """One action of a deal's history: who took it, and what."""

    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> Any: ...


H = TypeVar("H", bound=Reviewed)
D = TypeVar("D")
P = TypeVar("P")
S = TypeVar("S", bound=_Step)
Figure = Callable[[Iterable[Any]], float | None]


def asked_for(
    seats: Iterable[int], deals: Iterable[int] | None, finished: int
) -> tuple[tuple[int, ...], set[int] | None]:
    """The seats (sorted) and deals (``None``: all) a review is asked for, checked against
    the ``finished`` deals of its match: a deal in play is never reviewed."""
    chosen = tuple(sorted(set(seats)))
    if not chosen or any(seat not in (0, 1) for seat in chosen):
        raise IllegalActionError(f"a seat is 0 or 1, not {', '.join(map(str, chosen))}")
    wanted = None if deals is None else set(deals)
    for deal in wanted or ():
        if not 1 <= deal <= finished:
            raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {finished})")
    return chosen, wanted


def judge_deal(
    history: Sequence[S],
    replay: Callable[[Any, int], object],
    seats: tuple[int, ...],
    judge: Callable[[int, S], D | None],
) -> tuple[D, ...]:
    """Replay a finished deal's ``history`` (``replay(action, seat)`` applies each action
    to the deal dealt again from its deck), judging each action of ``seats`` by
    ``judge(index, step)`` just before it is applied, when the replayed deal shows that seat
    what it saw then (``None``: not a decision the review judges)."""
    decisions: list[D] = []
    for index, step in enumerate(history):
        if step.seat in seats:
            decision = judge(index, step)
            if decision is not None:
                decisions.append(decision)
        replay(step.action, step.seat)
    return tuple(decisions)


def accuracy(decisions: Iterable[Judged]) -> float | None:
    """The share of real choices (forced moves left out) that lost nothing, in percent."""
    choices = [d for d in decisions if not d.forced]
    if not choices:
        return None
    return round(100.0 * sum(d.is_best for d in choices) / len(choices), 1)


def mean_loss(decisions: Iterable[Judged]) -> float | None:
    """The mean loss in points of the real choices judged in points."""
    losses = [d.loss for d in decisions if not d.forced and d.in_points]
    return round(sum(losses) / len(losses), 2) if losses else None


def per_seat(
    decisions: Iterable[Judged], seats: tuple[int, ...], figure: Figure
) -> dict[int, float | None]:
    every = tuple(decisions)
    return {seat: figure(d for d in every if d.seat == seat) for seat in seats}


def flag_worst(hands: list[H], seats: tuple[int, ...], tolerance: float, count: int) -> list[H]:
    """The hands with each seat's ``count`` costliest mistakes in points (a loss above
    ``tolerance``) marked ``worst``; ties go to the earlier decision."""
    flagged: set[tuple[int, int]] = set()
    for seat in seats:
        mistakes = [
            d
            for hand in hands
            for d in hand.decisions
            if d.seat == seat and d.in_points and d.loss > tolerance
        ]
        mistakes.sort(key=lambda d: (-d.loss, d.deal, d.index))
        flagged.update((d.deal, d.index) for d in mistakes[:count])
    return [
        replace(  # type: ignore[type-var]  # every game's hand review is a dataclass
            hand,
            decisions=tuple(
                replace(d, worst=True) if (d.deal, d.index) in flagged else d
                for d in hand.decisions
            ),
        )
        for hand in hands
    ]


@dataclass(frozen=True, slots=True)
class MatchReview(SeatFigures, Generic[H]):
    """Every finished deal of a match reviewed for ``seats``, and the match's figures;
    ``definition`` says in words what its accuracy counts (each game's tolerance)."""

    seats: tuple[int, ...]
    hands: tuple[H, ...]
    finished: bool
    definition: str

    @property
    def decisions(self) -> tuple[Any, ...]:
        return tuple(d for hand in self.hands for d in hand.decisions)

    @property
    def worst(self) -> tuple[Any, ...]:
        """The flagged mistakes, costliest first."""
        return tuple(sorted((d for d in self.decisions if d.worst), key=lambda d: -d.loss))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "finished": self.finished,
            **self.figures(),
            "accuracy_definition": self.definition,
            "worst": [d.to_dict() for d in self.worst],
            "hands": [hand.summary() for hand in self.hands],
            "decisions": [d.to_dict() for d in self.decisions],
        }


def reviewed(
    hands: list[H],
    seats: tuple[int, ...],
    finished: bool,
    tolerance: float,
    definition: str,
    count: int = WORST_COUNT,
) -> MatchReview[H]:
    """The review of a match from its reviewed ``hands``: each seat's ``count`` costliest
    mistakes (a loss above ``tolerance``) flagged, ``definition`` saying what its accuracy
    counts."""
    flagged = flag_worst(hands, seats, tolerance, count)
    # The bare class: an alias with its parameter would try to set __orig_class__ on a
    # frozen instance.
    return MatchReview(seats, tuple(flagged), finished, definition)


def review_deals(
    deals_played: Sequence[D],
    places: Iterable[P],
    seats: Iterable[int],
    deals: Iterable[int] | None,
    review_deal: Callable[[D, int, P, tuple[int, ...]], H],
    finished: bool,
    tolerance: float,
    definition: str,
) -> MatchReview[H]:
    """The review of a match's finished ``deals_played`` for ``seats``, ``deals`` (1-based)
    limiting it to those: ``review_deal(deal, number, place, seats)`` reviews one, ``place``
    being where it stood in the match (each game's own: a hand's number and the scores
    before it, a game's number), one of ``places`` per finished deal, in order."""
    chosen, wanted = asked_for(seats, deals, len(deals_played))
    hands = [
        review_deal(played, number, place, chosen)
        for number, (played, place) in enumerate(zip(deals_played, places, strict=True), start=1)
        if wanted is None or number in wanted
    ]
    return reviewed(hands, chosen, finished, tolerance, definition)
