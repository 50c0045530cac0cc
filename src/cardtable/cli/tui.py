"""``play`` and ``lesson``: the terminal table (the terminal UI is imported only when it runs).

``play`` opens the full-screen table (Textual) or, with ``--plain``, the line-by-line prompt;
both play through the table service and save every action in the database the web table uses.
``cardtable play`` and ``cardtable lesson`` choose the game (``--game gin`` or ``cribbage``,
gin by default); the ``ginrummy`` command's ``play`` and ``lesson`` are gin's and print what
they always printed.
"""

from __future__ import annotations

import argparse
import getpass
import os
from typing import Any, TextIO

from cardtable.cli.usage import UsageError, add_rules_options, rules_from_args, settings_from, whole
from cardtable.games import GameRules

__all__ = ["GAMES", "THEMES", "add_lesson", "add_play"]

THEMES = {"dark": "textual-dark", "light": "textual-light"}
GAMES = ("gin", "cribbage")


def _chooses_game(p: argparse.ArgumentParser) -> bool:
    """Only ``cardtable play`` (and ``lesson``) choose the game: the gin command's help and
    output stay byte for byte what they were (``ginrummy``, ``cardtable gin``)."""
    return p.prog.split()[:1] == ["cardtable"] and " gin " not in f" {p.prog} "


def add_play(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="play a match against the computer in the terminal",
        description="Play against the computer: a full-screen table, or --plain for a "
        "line-by-line prompt (pipes, serial consoles, screen readers). Every action is saved.",
    )
    games = _chooses_game(p)
    if games:
        p.add_argument(
            "--game",
            choices=GAMES,
            help="the game: gin (Gin Rummy, the default) or cribbage; with --resume, only "
            "a match of that game",
        )
    p.add_argument("--plain", action="store_true", help="line-by-line prompt instead of the table")
    p.add_argument("--json", action="store_true", help="with --plain: one JSON object per state")
    p.add_argument("--level", help="computer level (default: intermediate when available)")
    if games:
        p.add_argument(
            "--rules",
            default="standard",
            help="rules preset: gin's standard, pagat, digital, straight, oklahoma; "
            "cribbage's standard, short (61 points), muggins",
        )
        p.add_argument(
            "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
        )
    else:
        add_rules_options(p)
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


def add_lesson(sub: Any) -> None:
    p = sub.add_parser(
        "lesson",
        help="the guided lesson for newcomers",
        description="The guided lesson (the same script as the web table's).",
    )
    if _chooses_game(p):
        p.add_argument(
            "--game", choices=GAMES, default="gin", help="the game's lesson (default: gin)"
        )
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


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    if args.json and not args.plain:
        raise UsageError("--json needs --plain")
    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("--level", args.level),
                ("--set", args.set),
                ("--target", args.target),
                ("--seed", args.seed),
                ("--rules", None if args.rules == "standard" else args.rules),
            )
            if value
        ]
        if given:
            raise UsageError(f"--resume continues a match with its own settings: drop {given[0]}")
    # ``ginrummy play`` is gin's; ``cardtable play`` without --game starts gin and resumes
    # the latest terminal match of any game.
    chosen: str | None = getattr(args, "game", "gin")
    game = chosen or "gin"
    rules = _rules(args, game)

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
        game=game if args.resume is None or chosen else None,
    )
    return play(options, out, prog=f"{args.prog} play")


def _rules(args: argparse.Namespace, game: str) -> GameRules:
    """The rules of ``--rules``, ``--set`` and ``--target`` for ``game``."""
    if game == "gin":
        return rules_from_args(args)
    from cardtable.table.catalog import table_game

    settings: dict[str, object] = dict(settings_from(args.set))
    if args.target is not None:
        settings["target"] = args.target
    return table_game(game).make_rules(args.rules, settings)


def _cmd_lesson(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.tui.launch import lesson

    game = getattr(args, "game", "gin")
    return lesson(
        out,
        plain=args.plain,
        ascii_only=args.ascii,
        theme=_theme(args),
        game=game,
        prog=f"{args.prog} lesson",
        # ``ginrummy lesson`` (and ``cardtable gin lesson``) print what they always printed;
        # ``cardtable lesson``, the one that chooses the game, gives the lesson's hints.
        recorded=not hasattr(args, "game"),
    )
