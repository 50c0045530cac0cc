"""Opening the terminal table: a match of any game (full screen or line by line), or a
game's lesson. The game's own screens are found through the registry
(:mod:`cardtable.tui.front`); a game without them is played on the generic ones."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, TextIO

from cardtable.games import default_game
from cardtable.table import GameRules, TableService
from cardtable.tui.cards import wants_ascii
from cardtable.tui.front import full_screen, plain
from cardtable.tui.seats import NoMatchError, match_game, resumable_matches

__all__ = [
    "PlayOptions",
    "another",
    "command_of",
    "full_screen_possible",
    "lesson",
    "open_table",
    "play",
]


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``play`` was asked for: a new match of ``game`` (rules, level, seed; ``None``:
    the registry's default game) or ``resume`` (an id, or ``""`` for the latest unfinished
    terminal match of ``game``, or of any game when ``game`` is ``None``), and how to show
    it."""

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
    game: str | None = None


def another(finished: Any) -> Any:
    """After a finished match: the same seat at the next match of its series (the table
    service picks the first dealer by the rules' ``series_first_player``)."""
    return finished.next_match()


def _session(game: str, plain_mode: bool) -> Any:
    """The seat class of ``game``'s screens (its own, or the generic one)."""
    return plain(game).session if plain_mode else full_screen(game).session


def open_table(service: TableService, options: PlayOptions) -> Any:
    """The seat ``options`` ask for: a new match of its game, or the match to resume (at
    the seat of that match's game's screens)."""
    if options.resume is None:
        game = options.game or default_game().name
        return _session(game, options.plain).start(
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
    return _session(game, options.plain).resume(service, match_id or None)


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
        table.command = command_of(prog)
        ascii_only = options.ascii_only or wants_ascii(out)
        if options.plain:
            return _plain(table, options, ascii_only, out)
        return _full_screen(table, options, ascii_only, out)
    finally:
        store.close()


def _plain(table: Any, options: PlayOptions, ascii_only: bool, out: TextIO) -> int:
    status: int = (
        plain(table.game)
        .table(
            table,
            sys.stdin,
            out,
            ascii_only=ascii_only,
            json_mode=options.json_mode,
            prompt=sys.stdin.isatty(),
        )
        .run()
    )
    return status


def _full_screen(table: Any, options: PlayOptions, ascii_only: bool, out: TextIO) -> int:
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


def has_lesson(game: str, plain_mode: bool) -> bool:
    """Whether the terminal has a lesson of ``game`` (line by line, or full screen)."""
    return (plain(game).lesson if plain_mode else full_screen(game).lesson) is not None


def lesson(
    out: TextIO,
    *,
    plain: bool = False,
    ascii_only: bool = False,
    theme: str,
    game: str,
    prog: str = "ginrummy lesson",
    recorded: bool = True,
) -> int:
    """The guided lesson of ``game``, full screen or line by line (line by line too without
    a terminal, with a note on standard error). ``recorded``: the game's line by line prints
    what its own command always printed (``cardtable lesson`` gives the lesson's hints). A
    game with no lesson here raises :class:`NoMatchError` saying so."""
    ascii_only = ascii_only or wants_ascii(out)
    if not plain and not full_screen_possible(out):
        _fall_back_to_plain(out, prog)
        plain = True
    if not has_lesson(game, plain):
        raise NoMatchError(f"{game} has no lesson in the terminal")
    if plain:
        runner = _plain_front(game).lesson
        assert runner is not None
        return runner(
            sys.stdin,
            out,
            ascii_only=ascii_only,
            prompt=sys.stdin.isatty(),
            recorded=recorded,
            command=command_of(prog),
        )
    from cardtable.tui.app import LessonApp

    LessonApp(game, ascii_only=ascii_only, theme=theme).run()
    return 0


_plain_front = plain  # ``lesson``'s argument ``plain`` hides the function's name there
