"""The typed views of a Cribbage table, built from one seat's observation and the public
match: the seat (:class:`SeatView`, with its learning aids: :class:`CribbageAids`), the
board, the show item by item, finished hands and their replays. Each view has one
``to_json()``."""

from cardtable.cribbage.views.advice import HintView
from cardtable.cribbage.views.aids import CribbageAids, LayAwayAdvice, PlayRisk
from cardtable.cribbage.views.board import BoardView, GameLineView, board_view
from cardtable.cribbage.views.history import (
    EventView,
    HandEndView,
    HandReplay,
    ScoreView,
    events_of,
    hand_end,
)
from cardtable.cribbage.views.lesson import LessonStepView, LessonView, lesson_view
from cardtable.cribbage.views.seat import (
    CountingView,
    FinalView,
    PlayedView,
    SeatView,
    seat_view,
)
from cardtable.cribbage.views.shows import ShowItemView, ShowView, show_items, show_view

__all__ = [
    "BoardView",
    "CountingView",
    "CribbageAids",
    "EventView",
    "FinalView",
    "GameLineView",
    "HandEndView",
    "HandReplay",
    "HintView",
    "LayAwayAdvice",
    "LessonStepView",
    "LessonView",
    "PlayRisk",
    "PlayedView",
    "ScoreView",
    "SeatView",
    "ShowItemView",
    "ShowView",
    "board_view",
    "events_of",
    "hand_end",
    "lesson_view",
    "seat_view",
    "show_items",
    "show_view",
]
