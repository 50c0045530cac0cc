"""The games the table plays, each with the builders of its typed views.

Adding a game to the table is one entry here: the game's interface (:mod:`cardtable.games`)
and the functions that turn its matches into views (a module beside this one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cribbage.game import CRIBBAGE
from cardtable.cribbage.match import Match as CribbageMatch
from cardtable.cribbage.players.hints import hint as cribbage_hint
from cardtable.errors import IllegalActionError
from cardtable.games import Game
from cardtable.gin.game import GIN
from cardtable.gin.match import Match
from cardtable.gin.players.hints import hint
from cardtable.table import cribbage_views, gin_views
from cardtable.table.errors import NotFoundError, NotYourTurnError
from cardtable.table.views import TableHeader

__all__ = ["CATALOG", "AnyHint", "AnyReplay", "AnySeatView", "TableGame", "table_game"]

# The views of every game: front ends tell them apart by type (or by ``game`` in JSON).
AnySeatView = gin_views.SeatView | cribbage_views.SeatView
AnyReplay = gin_views.HandReplay | cribbage_views.HandReplay
AnyHint = gin_views.HintView | cribbage_views.HintView


@dataclass(frozen=True, slots=True)
class TableGame:
    """A game and its views: a seat's view (match, seat, header, with the learning aids or
    not), a finished hand's replay (match, seat, deal), a hint (match, seat)."""

    game: Game[Any]
    seat_view: Callable[[Any, int, TableHeader, bool], AnySeatView]
    replay: Callable[[Any, int, int], AnyReplay]
    hint: Callable[[Any, int], AnyHint]


def _finished_hand(hands: list[Any], deal: int) -> Any:
    if not 1 <= deal <= len(hands):
        raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {len(hands)})")
    return hands[deal - 1]


def _gin_replay(match: Match, seat: int, deal: int) -> gin_views.HandReplay:
    return gin_views.hand_replay(_finished_hand(match.hands, deal), deal, seat)


def _gin_hint(match: Match, seat: int) -> gin_views.HintView:
    observation = match.observation(seat)
    if not observation.legal_actions():
        raise NotYourTurnError("it is not your turn: no hint to give")
    return gin_views.hint_view(hint(observation))


def _cribbage_replay(match: CribbageMatch, seat: int, deal: int) -> cribbage_views.HandReplay:
    hand = _finished_hand(match.hands, deal)
    return cribbage_views.HandReplay(
        cribbage_views.hand_end(hand, deal), cribbage_views.events_of(hand, seat)
    )


def _cribbage_hint(match: CribbageMatch, seat: int) -> cribbage_views.HintView:
    observation = match.observation(seat)
    if not observation.hand.legal:
        raise NotYourTurnError("it is not your turn: no hint to give")
    advice = cribbage_hint(observation)
    return cribbage_views.HintView(str(advice.action), advice.text, advice.to_dict())


CATALOG: Final[dict[str, TableGame]] = {
    GIN.name: TableGame(GIN, gin_views.seat_view, _gin_replay, _gin_hint),
    CRIBBAGE.name: TableGame(CRIBBAGE, cribbage_views.seat_view, _cribbage_replay, _cribbage_hint),
}


def table_game(name: str) -> TableGame:
    try:
        return CATALOG[name]
    except KeyError:
        raise NotFoundError(
            f"unknown game {name!r}: the table plays {', '.join(CATALOG)}"
        ) from None
