"""``ginrummy play`` and ``ginrummy lesson``: the terminal table (heavy imports inside handlers).

``play`` opens the full-screen table (Textual) or, with ``--plain``, the line-by-line prompt;
both play through the table service and save every action in the database the web table uses.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from typing import Any, TextIO

__all__ = ["add_commands"]

THEMES = {"dark": "textual-dark", "light": "textual-light"}


def add_commands(sub: Any) -> None:
    """Add ``play`` and ``lesson`` to the ``ginrummy`` parser's subparsers."""
    from ginrummy.cli import _add_rules_options

    p = sub.add_parser(
        "play",
        help="play a match against the computer in the terminal",
        description="Play against the computer: a full-screen table, or --plain for a "
        "line-by-line prompt (pipes, serial consoles, screen readers). Every action is saved.",
    )
    p.add_argument("--plain", action="store_true", help="line-by-line prompt instead of the table")
    p.add_argument("--json", action="store_true", help="with --plain: one JSON object per state")
    p.add_argument("--level", help="computer level (default: intermediate when available)")
    _add_rules_options(p)
    p.add_argument("--target", type=int, help="score that ends the match")
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

    p = sub.add_parser(
        "lesson",
        help="the guided lesson for newcomers",
        description="The guided lesson (the same script as the web table's).",
    )
    p.add_argument("--plain", action="store_true", help="line-by-line prompt instead of the table")
    _add_display_options(p)
    p.set_defaults(func=_cmd_lesson)


def _add_display_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ascii", action="store_true", help="suit letters instead of suit symbols")
    p.add_argument("--theme", choices=sorted(THEMES), help="colours for a dark or light terminal")


def _ascii(args: argparse.Namespace, out: TextIO) -> bool:
    from ginrummy.tui.render import wants_ascii

    return bool(args.ascii) or wants_ascii(out)


def _theme(args: argparse.Namespace) -> str:
    """The chosen theme, else a guess from ``COLORFGBG`` (set by many terminals)."""
    if args.theme:
        return THEMES[args.theme]
    background = os.environ.get("COLORFGBG", "").rpartition(";")[2]
    return THEMES["light"] if background in ("7", "15") else THEMES["dark"]


def _player_name(args: argparse.Namespace) -> str:
    if args.name:
        return str(args.name)[:40]
    try:
        return getpass.getuser()[:40]
    except (OSError, KeyError, ImportError):  # no login name (some containers)
        return "Player"


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from ginrummy.cli import UsageError, _rules_from

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
    rules = _rules_from(args)

    from ginrummy.rules import Rules
    from ginrummy.store import Store
    from ginrummy.table.service import TableService
    from ginrummy.tui.session import TerminalTable

    store = Store(args.database)
    try:
        service = TableService(store)
        if args.resume is not None:
            table = TerminalTable.resume(service, args.resume or None)
        else:
            table = TerminalTable.start(
                service, rules, level=args.level, seed=args.seed, name=_player_name(args)
            )
        ascii_only = _ascii(args, out)
        if args.plain:
            from ginrummy.tui.plain import PlainTable

            return PlainTable(
                table,
                sys.stdin,
                out,
                ascii_only=ascii_only,
                json_mode=args.json,
                prompt=sys.stdin.isatty(),
            ).run()

        from ginrummy.tui.app import TableApp

        out.write(f"Match {table.match_id}: continue in a browser at {table.web_link()}\n")
        out.flush()

        def another() -> TerminalTable:
            return TerminalTable.start(
                service,
                Rules.from_dict(table.view["rules"]),
                level=_computer_level(table.view),
                name=_player_name(args),
            )

        app = TableApp(table, ascii_only=ascii_only, theme=_theme(args), new_match=another)
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
    finally:
        store.close()


def _computer_level(view: dict[str, Any]) -> str | None:
    for player in view["players"]:
        if player.get("kind") == "computer":
            return str(player.get("level"))
    return None


def _cmd_lesson(args: argparse.Namespace, out: TextIO) -> int:
    ascii_only = _ascii(args, out)
    if args.plain:
        from ginrummy.tui.plain import PlainLesson

        return PlainLesson(sys.stdin, out, ascii_only=ascii_only, prompt=sys.stdin.isatty()).run()
    from ginrummy.tui.app import LessonApp

    LessonApp(ascii_only=ascii_only, theme=_theme(args)).run()
    return 0
