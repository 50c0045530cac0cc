"""Gin's full-screen table as the terminal finds it (``GIN.screens["tui"]``)."""

from __future__ import annotations

from cardtable.gin.tui.lesson_screen import LessonScreen
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.tui.front import FullScreen

__all__ = ["FULL_SCREEN", "review_action"]


def review_action(action: str) -> str:
    """An action as the coach's review says it: ``discard QD`` as it is; a knock or gin
    without its melds (``knock KD``); ``big gin``.

    >>> review_action("knock KD 2C3C4C"), review_action("big_gin"), review_action("gin")
    ('knock KD', 'big gin', 'gin')
    """
    kind, _, rest = action.partition(" ")
    if kind == "big_gin":
        return "big gin"
    card = rest.split(" ", 1)[0]
    return f"{kind} {card}" if len(card) == 2 else kind


FULL_SCREEN = FullScreen(
    session=TerminalTable,
    screen=TableScreen,
    lesson=LessonScreen,
    review_action=review_action,
)
