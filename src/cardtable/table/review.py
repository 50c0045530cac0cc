"""The coach's review as the table serves it: a seat's own decisions in finished deals.

A seat sees only its own decisions, each judged from its own view at the time
(:mod:`cardtable.gin.review`), and only of deals that are over, so a review can be shown
the moment a hand ends without telling the seat anything it could not see. A deal in play
is refused; so is a game that has no reviewer yet (cribbage).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.errors import IllegalActionError
from cardtable.gin.match import Match
from cardtable.gin.review import MatchReview, review_match
from cardtable.table.catalog import TableGame

__all__ = ["ReviewView", "seat_review"]


@dataclass(frozen=True, slots=True)
class ReviewView:
    """One seat's review of a match (every finished deal) or of one finished deal."""

    match_id: str
    seat: int
    deal: int | None
    finished_deals: int
    review: MatchReview

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": "gin",
            "seat": self.seat,
            "deal": self.deal,
            "finished_deals": self.finished_deals,
            **self.review.to_dict(),
        }


def seat_review(
    entry: TableGame, match: Any, match_id: str, seat: int, deal: int | None
) -> ReviewView:
    """The review of ``seat``'s decisions: of ``deal`` (1-based) or of every finished deal.
    Raises :class:`~cardtable.errors.IllegalActionError` for a deal not finished and for a
    game without a reviewer."""
    if entry.game.name != "gin" or not isinstance(match, Match):
        raise IllegalActionError(f"review is not available for {entry.game.name} yet")
    finished = len(match.hands)
    if deal is not None and not 1 <= deal <= finished:
        if finished == 0:
            raise IllegalActionError(f"deal {deal} is not finished: no deal is over yet")
        raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {finished})")
    review = review_match(match, seats=(seat,), deals=None if deal is None else (deal,))
    return ReviewView(match_id, seat, deal, finished, review)
