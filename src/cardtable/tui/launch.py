"""Opening the terminal table: a match of Gin Rummy or Cribbage (full screen or line by
line), or a lesson."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from cardtable.table import GameRules, TableService
from cardtable.tui.crib_session import CribbageTable
from cardtable.tui.render import wants_ascii
from cardtable.tui.session import NoMatchError, TerminalTable, match_game, resumable_matches

__all__ = [
    "AnyTable",
    "PlayOptions",
    "another",
    "another_cribbage",
    "command_of",
    "full_screen_possible",
    "lesson",
    "open_table",
    "play",
]

AnyTable = TerminalTable | CribbageTable


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``play`` was asked for: a new match of ``game`` (rules, level, seed) or
    ``resume`` (an id, or ``""`` for the latest unfinished terminal match of ``game``, or of
    any game when ``game`` is ``None``), and how to show it."""

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
    game: str | None = "gin"


def another(finished: TerminalTable) -> TerminalTable:
    """After a finished match: the same seat at the next match of its series (the table
    service picks the first dealer by the rules' ``series_first_player``)."""
    return finished.next_match()


def open_table(service: TableService, options: PlayOptions) -> AnyTable:
    """The seat ``options`` ask for: a new match of its game, or the match to resume (a gin
    or a cribbage table, as the match is)."""
    if options.resume is None:
        if options.game == "cribbage":
            return CribbageTable.start(
                service, options.rules, level=options.level, seed=options.seed, name=options.name
            )
        return TerminalTable.start(
            service, options.rules, level=options.level, seed=options.seed, name=options.name
        )
    if options.resume:
        match_id, game = match_game(service, options.resume)
        if options.game is not None and game != options.game:
            raise NoMatchError(f"match {match_id} is a {game} match, not {options.game}")
    elif options.game is None:
        found = resumable_matches(service)
        if not found:
            raise NoMatchError(
                "no unfinished terminal match to resume: start one with 'cardtable play'"
            )
        match_id, game = found[0].id, found[0].game
    else:
        game = options.game
        match_id = ""
    if game == "cribbage":
        return CribbageTable.resume(service, match_id or None)
    return TerminalTable.resume(service, match_id or None)


def command_of(prog: str) -> str:
    """The command a seat's messages name (resume, serve, play) for a table opened by
    ``prog``: ``cardtable`` for ``cardtable play`` and ``cardtable lesson``; the gin command
    (``ginrummy play``, ``cardtable gin play``) names ``ginrummy``, as it always printed.

    >>> command_of("cardtable play"), command_of("cardtable gin play"), command_of("ginrummy play")
    ('cardtable', 'ginrummy', 'ginrummy')
    """
    return "cardtable" if len(prog.split()) == 2 and prog.startswith("cardtable ") else "ginrummy"


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed stream
        return False


def full_screen_possible(out: TextIO) -> bool:
    """Whether the full-screen table can run: standard input and ``out`` are terminals."""
    return _is_terminal(sys.stdin) and _is_terminal(out)


def _fall_back_to_plain(out: TextIO, what: str) -> None:
    """One line on standard error: the full-screen table needs a terminal on both ends."""
    sys.stderr.write(
        f"{what}: standard input or output is not a terminal: playing line by line (--plain)\n"
    )
    sys.stderr.flush()


def play(options: PlayOptions, out: TextIO, prog: str = "ginrummy play") -> int:
    """Play at a terminal seat until the match ends or the player leaves (it is saved).

    Without a terminal on standard input and output (a pipe, a file) the full-screen table
    cannot run: the line-by-line table plays instead, with a note on standard error; the
    choice is made before any match is opened."""
    from dataclasses import replace

    from cardtable.store import Store

    if not options.plain and not full_screen_possible(out):
        _fall_back_to_plain(out, prog)
        options = replace(options, plain=True)
    store = Store(options.database)
    try:
        table = open_table(TableService(store), options)
        if isinstance(table, TerminalTable):
            table.command = command_of(prog)
        ascii_only = options.ascii_only or wants_ascii(out)
        if isinstance(table, CribbageTable):
            if options.plain:
                return _plain_cribbage(table, options, ascii_only, out)
            return _full_screen_cribbage(table, options, ascii_only, out)
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
            f"The match is saved. Resume: {final.resume_command()}\n"
            f"Or in a browser: {final.web_link()}\n"
        )
    return 0


def _plain_cribbage(
    table: CribbageTable, options: PlayOptions, ascii_only: bool, out: TextIO
) -> int:
    from cardtable.tui.crib_plain import PlainCribbage

    return PlainCribbage(
        table,
        sys.stdin,
        out,
        ascii_only=ascii_only,
        json_mode=options.json_mode,
        prompt=sys.stdin.isatty(),
    ).run()


def another_cribbage(finished: CribbageTable) -> CribbageTable:
    """After a finished cribbage match: the same seat at the next match of its series."""
    return finished.next_match()


def _full_screen_cribbage(
    table: CribbageTable, options: PlayOptions, ascii_only: bool, out: TextIO
) -> int:
    from cardtable.tui.app import CribbageApp

    out.write(f"Match {table.match_id}: continue in a browser at {table.web_link()}\n")
    out.flush()
    app = CribbageApp(table, ascii_only=ascii_only, theme=options.theme, new_match=another_cribbage)
    app.run()
    final = app.table
    if final.finished:
        out.write("The match is over.\n")
    else:
        out.write(
            f"The match is saved. Resume: {final.resume_command()}\n"
            f"Or in a browser: {final.web_link()}\n"
        )
    return 0


def lesson(
    out: TextIO,
    *,
    plain: bool = False,
    ascii_only: bool = False,
    theme: str,
    game: str = "gin",
    prog: str = "ginrummy lesson",
    recorded: bool = True,
) -> int:
    """The guided lesson of ``game``, full screen or line by line (line by line too without
    a terminal, with a note on standard error). ``recorded``: gin's line by line prints what
    ``ginrummy lesson`` always printed (``cardtable lesson`` gives the lesson's hints)."""
    ascii_only = ascii_only or wants_ascii(out)
    if not plain and not full_screen_possible(out):
        _fall_back_to_plain(out, prog)
        plain = True
    if game == "cribbage":
        return _cribbage_lesson(out, plain=plain, ascii_only=ascii_only, theme=theme)
    if plain:
        from cardtable.tui.plain import PlainLesson

        return PlainLesson(
            sys.stdin,
            out,
            ascii_only=ascii_only,
            prompt=sys.stdin.isatty(),
            recorded=recorded,
            command=command_of(prog),
        ).run()
    from cardtable.tui.app import LessonApp

    LessonApp(ascii_only=ascii_only, theme=theme).run()
    return 0


def _cribbage_lesson(out: TextIO, *, plain: bool, ascii_only: bool, theme: str) -> int:
    if plain:
        from cardtable.tui.crib_plain import PlainCribbageLesson

        return PlainCribbageLesson(
            sys.stdin, out, ascii_only=ascii_only, prompt=sys.stdin.isatty()
        ).run()
    from cardtable.tui.app import CribbageLessonApp

    CribbageLessonApp(ascii_only=ascii_only, theme=theme).run()
    return 0
