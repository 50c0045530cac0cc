"""Gin's line-by-line table as the terminal finds it (``GIN.screens["plain"]``)."""

from __future__ import annotations

from typing import TextIO

from cardtable.gin.tui.plain import PlainLesson, PlainTable
from cardtable.gin.tui.session import TerminalTable
from cardtable.tui.front import Plain

__all__ = ["PLAIN"]


def _lesson(
    inp: TextIO, out: TextIO, *, ascii_only: bool, prompt: bool, recorded: bool, command: str
) -> int:
    return PlainLesson(
        inp, out, ascii_only=ascii_only, prompt=prompt, recorded=recorded, command=command
    ).run()


PLAIN = Plain(session=TerminalTable, table=PlainTable, lesson=_lesson)
