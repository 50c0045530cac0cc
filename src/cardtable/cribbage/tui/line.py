"""Cribbage's line-by-line table as the terminal finds it (``CRIBBAGE.screens["plain"]``)."""

from __future__ import annotations

from typing import TextIO

from cardtable.cribbage.tui.plain import PlainCribbage, PlainCribbageLesson
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.tui.front import Plain

__all__ = ["PLAIN"]


def _lesson(
    inp: TextIO, out: TextIO, *, ascii_only: bool, prompt: bool, recorded: bool, command: str
) -> int:
    return PlainCribbageLesson(inp, out, ascii_only=ascii_only, prompt=prompt).run()


PLAIN = Plain(session=CribbageTable, table=PlainCribbage, lesson=_lesson)
