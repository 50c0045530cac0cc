"""The table service shared by every front end (web, terminal), and its typed views.

Front ends import this package (and the shared core), never a game's engine: the service
plays any game of its catalog through the game interface, and hands each seat a typed view
of its own (``SeatView``, ``HandReplay``, ``HintView``, ``LessonView``, ``LessonHintView``,
``MatchSummary``).
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
from cardtable.table.gin_views import (
    EventView,
    HandReplay,
    HandSummary,
    HandView,
    HintView,
    KnockOption,
    LayoffView,
    LayoutChoice,
    LayoutView,
    LessonStepView,
    LessonView,
    MeldView,
    PlayView,
    ResultView,
    ScoreSheet,
    SeatView,
)
from cardtable.table.lessons import Lessons
from cardtable.table.seats import MatchCreated, SeatSpec
from cardtable.table.service import TableService
from cardtable.table.views import MatchSummary, PlayerView, json_text, view_json

__all__ = [
    "AccessDeniedError",
    "EventView",
    "GameRules",
    "HandReplay",
    "HandSummary",
    "HandView",
    "HintView",
    "KnockOption",
    "LayoffView",
    "LayoutChoice",
    "LayoutView",
    "LessonHintView",
    "LessonStepView",
    "LessonView",
    "Lessons",
    "MatchCreated",
    "MatchSummary",
    "MeldView",
    "NotFoundError",
    "NotYourTurnError",
    "PlayView",
    "PlayerView",
    "ResultView",
    "ScoreSheet",
    "SeatSpec",
    "SeatView",
    "StaleActionError",
    "TableService",
    "TableUnavailableError",
    "UnplayableMatchError",
    "json_text",
    "view_json",
]
