"""The table service shared by every front end (web, terminal), and its typed views.

Front ends import this package (and the shared core), never a game: the service plays any
game of the registry through the game interface, and hands each seat a typed view of that
game's own (a :class:`cardtable.games.SeatView`, with its ``basics()``; the lesson's hint is
a ``LessonHintView``, a list of matches ``MatchSummary``). This package imports no game.
"""

from cardtable.games import GameRules
from cardtable.games.lessons import LessonHintView
from cardtable.table.errors import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    StaleActionError,
    TableUnavailableError,
    UnplayableMatchError,
)
from cardtable.table.lessons import Lessons
from cardtable.table.seats import MatchCreated, SeatSpec
from cardtable.table.service import TableService
from cardtable.table.views import MatchSummary, PlayerView, json_text, view_json

__all__ = [
    "AccessDeniedError",
    "GameRules",
    "LessonHintView",
    "Lessons",
    "MatchCreated",
    "MatchSummary",
    "NotFoundError",
    "NotYourTurnError",
    "PlayerView",
    "SeatSpec",
    "StaleActionError",
    "TableService",
    "TableUnavailableError",
    "UnplayableMatchError",
    "json_text",
    "view_json",
]
