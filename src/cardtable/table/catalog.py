"""The games the table plays, each with the builders of its typed views.

Adding a game to the table is one entry here: the game's interface (:mod:`cardtable.games`)
and the functions that turn its matches into views (a module beside this one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from cardtable.errors import IllegalActionError
from cardtable.games import Game
from cardtable.gin.game import GIN
from cardtable.gin.match import Match
from cardtable.gin.players.hints import hint
from cardtable.table import gin_views
from cardtable.table.errors import NotFoundError, NotYourTurnError
from cardtable.table.views import TableHeader

__all__ = ["CATALOG", "TableGame", "table_game"]


@dataclass(frozen=True, slots=True)
class TableGame:
    """A game and its views: a seat's view, a finished hand's replay (match, seat, deal),
    a hint (match, seat)."""

    game: Game[Any]
    seat_view: Callable[[Any, int, TableHeader], gin_views.SeatView]
    replay: Callable[[Any, int, int], gin_views.HandReplay]
    hint: Callable[[Any, int], gin_views.HintView]


def _gin_replay(match: Match, seat: int, deal: int) -> gin_views.HandReplay:
    hands = match.hands
    if not 1 <= deal <= len(hands):
        raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {len(hands)})")
    return gin_views.hand_replay(hands[deal - 1], deal, seat)


def _gin_hint(match: Match, seat: int) -> gin_views.HintView:
    observation = match.observation(seat)
    if not observation.legal_actions():
        raise NotYourTurnError("it is not your turn: no hint to give")
    return gin_views.hint_view(hint(observation))


CATALOG: Final[dict[str, TableGame]] = {
    GIN.name: TableGame(GIN, gin_views.seat_view, _gin_replay, _gin_hint),
}


def table_game(name: str) -> TableGame:
    try:
        return CATALOG[name]
    except KeyError:
        raise NotFoundError(
            f"unknown game {name!r}: the table plays {', '.join(CATALOG)}"
        ) from None
