"""Opening the terminal table: a match (full screen or line by line) or the lesson."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from cardtable.table import GameRules
from cardtable.tui.render import wants_ascii
from cardtable.tui.session import TerminalTable

__all__ = ["PlayOptions", "another", "lesson", "play"]


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``play`` was asked for: a new match (rules, level, seed) or ``resume`` (an id, or
    ``""`` for the latest unfinished terminal match), and how to show it."""

    database: str | None
    rules: GameRules
    level: str | None = None
    seed: str | None = None
    resume: str | None = None
    name: str = "Player"
    plain: bool = False
    json_mode: bool = False
    ascii_only: bool = False
    theme: str = "textual-dark"


def another(finished: TerminalTable) -> TerminalTable:
    """After a finished match: the same seat at the next match of its series (the table
    service picks the first dealer by the rules' ``series_first_player``)."""
    return finished.next_match()


def play(options: PlayOptions, out: TextIO) -> int:
    """Play at a terminal seat until the match ends or the player leaves (it is saved)."""
    from cardtable.store import Store
    from cardtable.table import TableService

    store = Store(options.database)
    try:
        service = TableService(store)
        if options.resume is not None:
            table = TerminalTable.resume(service, options.resume or None)
        else:
            table = TerminalTable.start(
                service, options.rules, level=options.level, seed=options.seed, name=options.name
            )
        ascii_only = options.ascii_only or wants_ascii(out)
        if options.plain:
            return _plain(table, options, ascii_only, out)
        return _full_screen(table, options, ascii_only, out)
    finally:
        store.close()


def _plain(table: TerminalTable, options: PlayOptions, ascii_only: bool, out: TextIO) -> int:
    from cardtable.tui.plain import PlainTable

    return PlainTable(
        table,
        sys.stdin,
        out,
        ascii_only=ascii_only,
        json_mode=options.json_mode,
        prompt=sys.stdin.isatty(),
    ).run()


def _full_screen(table: TerminalTable, options: PlayOptions, ascii_only: bool, out: TextIO) -> int:
    from cardtable.tui.app import TableApp

    out.write(f"Match {table.match_id}: continue in a browser at {table.web_link()}\n")
    out.flush()
    app = TableApp(table, ascii_only=ascii_only, theme=options.theme, new_match=another)
    app.run()
    final = app.table
    if final.finished:
        out.write("The match is over.\n")
    else:
        out.write(
            f"The match is saved. Resume: ginrummy play --resume {final.match_id}\n"
            f"Or in a browser: {final.web_link()}\n"
        )
    return 0


def lesson(out: TextIO, *, plain: bool = False, ascii_only: bool = False, theme: str) -> int:
    """The guided lesson, full screen or line by line."""
    ascii_only = ascii_only or wants_ascii(out)
    if plain:
        from cardtable.tui.plain import PlainLesson

        return PlainLesson(sys.stdin, out, ascii_only=ascii_only, prompt=sys.stdin.isatty()).run()
    from cardtable.tui.app import LessonApp

    LessonApp(ascii_only=ascii_only, theme=theme).run()
    return 0
