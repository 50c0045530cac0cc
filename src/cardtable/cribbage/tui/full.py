"""Cribbage's full-screen table as the terminal finds it (``CRIBBAGE.screens["tui"]``)."""

from __future__ import annotations

from cardtable.cribbage.tui.lesson import CribbageLessonScreen
from cardtable.cribbage.tui.screen import CribbageScreen
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.cribbage.tui.styles import CRIBBAGE_CSS
from cardtable.tui.front import FullScreen

__all__ = ["FULL_SCREEN", "review_action"]


def review_action(action: str) -> str:
    """An action as the coach's review says it: the lay-away's two cards
    (``lay away AS 5H``), ``play 8S`` and ``go`` as they are.

    >>> review_action("discard AS 5H"), review_action("play 8S")
    ('lay away AS 5H', 'play 8S')
    """
    kind, _, rest = action.partition(" ")
    return f"lay away {rest}" if kind == "discard" else action


FULL_SCREEN = FullScreen(
    session=CribbageTable,
    screen=CribbageScreen,
    css=CRIBBAGE_CSS,
    lesson=CribbageLessonScreen,
    review_action=review_action,
)
