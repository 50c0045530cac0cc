"""The coach's review as the table serves it: a seat's own decisions in finished deals.

A seat sees only its own decisions, each judged from its own view at the time
(:mod:`cardtable.gin.review`, :mod:`cardtable.cribbage.review`), and only of deals that are
over, so a review can be shown the moment a hand ends without telling the seat anything it
could not see. A deal in play is refused. The JSON names its game (``"gin"`` or
``"cribbage"``); each game's reviewer gives the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cribbage import review as cribbage_review
from cardtable.cribbage.match import Match as CribbageMatch
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
    review: MatchReview | cribbage_review.MatchReview
    game: str = "gin"

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "seat": self.seat,
            "deal": self.deal,
            "finished_deals": self.finished_deals,
            **self.review.to_dict(),
        }


def _check_deal(deal: int | None, finished: int) -> None:
    if deal is not None and not 1 <= deal <= finished:
        if finished == 0:
            raise IllegalActionError(f"deal {deal} is not finished: no deal is over yet")
        raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {finished})")


def seat_review(
    entry: TableGame, match: Any, match_id: str, seat: int, deal: int | None
) -> ReviewView:
    """The review of ``seat``'s decisions: of ``deal`` (1-based) or of every finished deal.
    Raises :class:`~cardtable.errors.IllegalActionError` for a deal not finished and for a
    game without a reviewer."""
    deals = None if deal is None else (deal,)
    name = entry.game.name
    if name == "gin" and isinstance(match, Match):
        _check_deal(deal, len(match.hands))
        review = review_match(match, seats=(seat,), deals=deals)
        return ReviewView(match_id, seat, deal, len(match.hands), review)
    if name == "cribbage" and isinstance(match, CribbageMatch):
        _check_deal(deal, len(match.hands))
        crib = cribbage_review.review_match(match, seats=(seat,), deals=deals)
        return ReviewView(match_id, seat, deal, len(match.hands), crib, "cribbage")
    raise IllegalActionError(f"review is not available for {name} yet")
