"""``play`` and ``lesson``: the terminal table (the terminal UI is imported only when it runs).

``play`` opens the full-screen table (Textual) or, with ``--plain``, the line-by-line prompt;
both play through the table service and save every action in the database the web table uses.
``cardtable play`` and ``cardtable lesson`` choose the game (``--game NAME``: any game of the
registry, the registry's default game when none is named); a game's own commands (the
``ginrummy`` command's ``play`` and ``lesson``) play that game and print what they always
printed.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from cardtable.cli.usage import UsageError, settings_from, whole
from cardtable.games import GameRules, default_game, game_names, games
from cardtable.games import game as game_of

__all__ = ["THEMES", "add_lesson", "add_play"]

THEMES = {"dark": "textual-dark", "light": "textual-light"}


def _games_help(what: str) -> str:
    """``--game``'s help: every game of the registry by name and title, the default first."""
    named = ", ".join(f"{g.name} ({g.title})" for g in games())
    return f"the game: {named}; default {default_game().name}{what}"


def _presets_help() -> str:
    return "rules preset: " + "; ".join(f"{g.name}'s {', '.join(g.presets())}" for g in games())


def add_play(sub: Any, game: str | None = None) -> None:
    """``play``: of any game chosen with ``--game`` (``cardtable play``), or of ``game``
    alone (a game's own commands: ``ginrummy play``, whose help and output stay as they
    were)."""
    p = sub.add_parser(
        "play",
        help="play a match against the computer in the terminal",
        description="Play against the computer: a full-screen table, or --plain for a "
        "line-by-line prompt (pipes, serial consoles, screen readers). Every action is saved.",
    )
    if game is None:
        p.add_argument(
            "--game",
            choices=game_names(),
            help=_games_help("; with --resume, only a match of that game"),
        )
    else:
        p.set_defaults(game=game, own_game=True)
    p.add_argument("--plain", action="store_true", help="line-by-line prompt instead of the table")
    p.add_argument("--json", action="store_true", help="with --plain: one JSON object per state")
    p.add_argument("--level", help="computer level (default: intermediate when available)")
    if game is None:
        p.add_argument("--rules", help=_presets_help() + " (default: the game's first)")
        p.add_argument(
            "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
        )
    else:  # the game's own command: its presets (gin's help reads as it always did)
        presets = list(game_of(game).presets())
        p.add_argument("--rules", default=presets[0], help=f"rules preset: {', '.join(presets)}")
        p.add_argument(
            "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
        )
    p.add_argument("--target", type=whole, help="score that ends the match")
    p.add_argument("--seed", help="match seed (random when absent)")
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="ID",
        help="continue the latest unfinished terminal match, or match ID",
    )
    p.add_argument("--name", help="your name at the table (default: your login name)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy database URL (default: $GINRUMMY_DATABASE_URL, else the user's "
        "data directory)",
    )
    _add_display_options(p)
    p.set_defaults(func=_cmd_play)


def add_lesson(sub: Any, game: str | None = None) -> None:
    """``lesson``: of the game chosen with ``--game``, or of ``game`` alone (as ``add_play``)."""
    p = sub.add_parser(
        "lesson",
        help="the guided lesson for newcomers",
        description="The guided lesson (the same script as the web table's).",
    )
    if game is None:
        p.add_argument(
            "--game",
            choices=[g.name for g in games() if g.lesson is not None],
            help=_games_help("") + " (a game with a lesson)",
        )
    else:
        p.set_defaults(game=game, own_game=True)
    p.add_argument("--plain", action="store_true", help="line-by-line prompt instead of the table")
    _add_display_options(p)
    p.set_defaults(func=_cmd_lesson)


def _add_display_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ascii", action="store_true", help="suit letters instead of suit symbols")
    p.add_argument("--theme", choices=sorted(THEMES), help="colours for a dark or light terminal")


def _theme(args: argparse.Namespace) -> str:
    """The chosen theme, else a guess from ``COLORFGBG`` (set by many terminals)."""
    if args.theme:
        return THEMES[args.theme]
    background = os.environ.get("COLORFGBG", "").rpartition(";")[2]
    return THEMES["light"] if background in ("7", "15") else THEMES["dark"]


def _player_name(args: argparse.Namespace) -> str:
    # A --name the table refuses (too long, control characters) is refused with exit 2; a
    # login name is only shortened to what the table keeps.
    from cardtable.table.names import MAX_NAME  # the table is imported only to play

    if args.name:
        return str(args.name)
    try:
        return getpass.getuser()[:MAX_NAME]
    except (OSError, KeyError, ImportError):  # no login name (some containers)
        return "Player"


def _text(flag: str, value: str | None) -> None:
    """Refuse an argument that is not text (bytes that are not UTF-8 reach Python as lone
    surrogates, which no file, database or terminal takes)."""
    if value is None:
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{flag} is not text (UTF-8): {value!r}") from None


def _check_play_input(args: argparse.Namespace) -> None:
    """Every text argument of ``play`` is text, and a seed given is not empty."""
    for flag, value in (
        ("--seed", args.seed),
        ("--name", args.name),
        ("--resume", args.resume),
        ("--database", args.database),
        ("--rules", args.rules),
        ("--level", args.level),
        *(("--set", item) for item in args.set or ()),
    ):
        _text(flag, value)
    if args.seed is not None and not args.seed.strip():
        raise UsageError("--seed is empty: give some text, or leave it out for a random seed")


def _quiet_stdout() -> None:
    """The reader of standard output has gone (``| head -1``): send what is left nowhere,
    so that Python's last flush at exit cannot complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real standard output (a test's)
        pass


def _playing(run: Callable[[], int]) -> int:
    """Run a table: a reader that went away ends it quietly; a database that cannot be
    opened or used is one line (exit status 2)."""
    from sqlalchemy.exc import SQLAlchemyError

    from cardtable.store.database import StoreUnavailableError

    try:
        return run()
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except StoreUnavailableError as error:
        raise UsageError(f"cannot use the database: {error}") from None
    except SQLAlchemyError as error:
        # Its first line only, and never the URL itself (it may hold a password).
        brief = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise UsageError(f"cannot open the database: {brief}") from None


def _first_preset(args: argparse.Namespace) -> str | None:
    """The preset a game's own ``play`` gives when none is named (``None``: no game)."""
    return next(iter(game_of(args.game).presets()), None) if args.game else None


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    if args.json and not args.plain:
        raise UsageError("--json needs --plain")
    _check_play_input(args)
    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("--level", args.level),
                ("--set", args.set),
                ("--target", args.target),
                ("--seed", args.seed),
                ("--rules", None if args.rules in (None, _first_preset(args)) else args.rules),
            )
            if value
        ]
        if given:
            raise UsageError(f"--resume continues a match with its own settings: drop {given[0]}")
    # ``cardtable play`` without --game starts the default game and resumes the latest
    # terminal match of any game; a game's own ``play`` is that game's.
    chosen: str | None = args.game
    name = chosen or default_game().name
    rules = _rules(args, name)

    from cardtable.tui.launch import PlayOptions, play

    options = PlayOptions(
        database=args.database,
        rules=rules,
        level=args.level,
        seed=args.seed,
        resume=args.resume,
        name=_player_name(args),
        plain=args.plain,
        json_mode=args.json,
        ascii_only=args.ascii,
        theme=_theme(args),
        game=name if args.resume is None or chosen else None,
    )
    return _playing(lambda: play(options, out, prog=f"{args.prog} play"))


def _rules(args: argparse.Namespace, name: str) -> GameRules:
    """The rules of ``--rules``, ``--set`` and ``--target`` for the game ``name``."""
    from cardtable.games import game

    settings: dict[str, object] = dict(settings_from(args.set))
    if args.target is not None:
        settings["target"] = args.target
    return game(name).make_rules(args.rules, settings)


def _cmd_lesson(args: argparse.Namespace, out: TextIO) -> int:
    name = args.game or default_game().name
    return _playing(lambda: _lesson(args, out, name))


def _lesson(args: argparse.Namespace, out: TextIO, name: str) -> int:
    from cardtable.tui.launch import lesson

    return lesson(
        out,
        plain=args.plain,
        ascii_only=args.ascii,
        theme=_theme(args),
        game=name,
        prog=f"{args.prog} lesson",
        # ``ginrummy lesson`` (and ``cardtable gin lesson``) print what they always printed;
        # ``cardtable lesson``, the one that chooses the game, gives the lesson's hints.
        recorded=bool(getattr(args, "own_game", False)),
    )
