"""The coach's review as the table serves it: a seat's own decisions in finished deals.

A seat sees only its own decisions, each judged from its own view at the time (the game's
coach: :meth:`cardtable.games.Game.review`), and only of deals that are over, so a review
can be shown the moment a deal ends without telling the seat anything it could not see. A
deal in play is refused. The JSON names its game; the game's reviewer gives the rest. A game
without a coach gets a review that says so (``coach`` false, no decisions), never an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.coach import MatchReview
from cardtable.errors import IllegalActionError
from cardtable.games import AnyGame

__all__ = ["ReviewView", "seat_review"]


@dataclass(frozen=True, slots=True)
class ReviewView:
    """One seat's review of a match (every finished deal) or of one finished deal;
    ``review`` is ``None`` for a game that has no coach yet."""

    match_id: str
    seat: int
    deal: int | None
    finished_deals: int
    review: MatchReview[Any] | None
    game: str
    title: str

    def to_json(self) -> dict[str, Any]:
        head = {
            "match_id": self.match_id,
            "game": self.game,
            "seat": self.seat,
            "deal": self.deal,
            "finished_deals": self.finished_deals,
            "coach": self.review is not None,
        }
        if self.review is None:
            return {**head, "message": f"{self.title} has no coach yet.", "decisions": []}
        return {**head, **self.review.to_dict()}


def _check_deal(deal: int | None, finished: int) -> None:
    if deal is not None and not 1 <= deal <= finished:
        if finished == 0:
            raise IllegalActionError(f"deal {deal} is not finished: no deal is over yet")
        raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {finished})")


def seat_review(
    game: AnyGame, match: Any, match_id: str, seat: int, deal: int | None
) -> ReviewView:
    """The review of ``seat``'s decisions: of ``deal`` (1-based) or of every finished deal.
    Raises :class:`~cardtable.errors.IllegalActionError` for a deal not finished."""
    finished = game.deals_finished(match)
    _check_deal(deal, finished)
    review = game.review(match, (seat,), None if deal is None else (deal,))
    return ReviewView(match_id, seat, deal, finished, review, game.name, game.title)
