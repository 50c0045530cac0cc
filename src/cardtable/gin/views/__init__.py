"""A seat's view of a Gin Rummy table, typed: built once from the engine, formatted by the
front ends.

Everything here is computed from one seat's :class:`~cardtable.gin.hand.Observation` (its own
cards, the public events) or from a finished hand, which is public in full. The conveniences a
player needs (the best arrangement of the hand, the deadwood each discard leaves, every way to
knock with its layouts, a finished hand's replay step by step with both arrangements, the
learning aids: card tracker, feed estimate, undercut risk) are worked out here, by the
engine's solvers and the expert's model, so that no front end searches melds or replays
actions of its own.

>>> from cardtable.gin.match import Match
>>> from cardtable.games.views import PlayerView, TableHeader
>>> match = Match.new(seed="views-doc", first_dealer=0)
>>> header = TableHeader("m1", "gin", (PlayerView("human", "Ann"), PlayerView("human", "Bo")), 0)
>>> view = seat_view(match, 1, header)
>>> view.hand.phase, view.legal_actions, view.arrangement.deadwood >= 0
('offer', ('take', 'pass'), True)
>>> sorted(view.to_json())[:4]
['action_count', 'aids', 'arrangement', 'boxes']
"""

from cardtable.gin.views.advice import (
    LESSON_PLAYERS,
    AlternativeView,
    HintView,
    LessonStepView,
    LessonView,
    hint_view,
    lesson_view,
)
from cardtable.gin.views.aids import KnockAdvice, LearningAids
from cardtable.gin.views.finished import (
    HandReplay,
    HandSummary,
    ReplayAction,
    ReplayStep,
    hand_replay,
    hand_summary,
)
from cardtable.gin.views.hands import EventView, HandView, LayoffView, ResultView
from cardtable.gin.views.layouts import (
    LAYOUTS_PER_KNOCK,
    KnockOption,
    LayoutChoice,
    LayoutView,
    MeldView,
    knock_options,
)
from cardtable.gin.views.seat import PlayView, SeatView, seat_view
from cardtable.gin.views.sheet import FinalView, ScoreSheet, SheetLineView

__all__ = [
    "LAYOUTS_PER_KNOCK",
    "LESSON_PLAYERS",
    "AlternativeView",
    "EventView",
    "FinalView",
    "HandReplay",
    "HandSummary",
    "HandView",
    "HintView",
    "KnockAdvice",
    "KnockOption",
    "LayoffView",
    "LayoutChoice",
    "LayoutView",
    "LearningAids",
    "LessonStepView",
    "LessonView",
    "MeldView",
    "PlayView",
    "ReplayAction",
    "ReplayStep",
    "ResultView",
    "ScoreSheet",
    "SeatView",
    "SheetLineView",
    "hand_replay",
    "hand_summary",
    "hint_view",
    "knock_options",
    "lesson_view",
    "seat_view",
]
