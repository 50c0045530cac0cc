"""The ``cardtable`` command: the tables (``serve``, ``play``, ``lesson``) and each game's
commands under its name (``cardtable gin deadwood ...``, ``cardtable cribbage show ...``).

``cardtable gin X`` runs exactly what ``ginrummy X`` runs: the same standard output and exit
status; the one-line errors name the command as it was typed (``cardtable gin: ...``,
``cardtable cribbage: ...``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from cardtable.cli import cribbage, gin, tui, web
from cardtable.cli.usage import Parser

__all__ = ["main"]

PROG = "cardtable"


def _parser() -> Parser:
    top = Parser(
        prog=PROG,
        description=(
            "Card Table: Gin Rummy and Cribbage with exact rules, at the web and terminal tables."
        ),
    )
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    web.add_serve(sub, processes=True)
    tui.add_play(sub)
    tui.add_lesson(sub)
    games = sub.add_parser(
        "gin",
        help="Gin Rummy: the same subcommands as the ginrummy command",
        description=gin.DESCRIPTION,
    )
    gin_sub = games.add_subparsers(dest="command", required=True, parser_class=Parser)
    gin.add_gin_commands(gin_sub)
    games = sub.add_parser(
        "cribbage",
        help="Cribbage: show and peg scores, rules, computer matches, replays",
        description=cribbage.DESCRIPTION,
    )
    cribbage_sub = games.add_subparsers(dest="command", required=True, parser_class=Parser)
    cribbage.add_cribbage_commands(cribbage_sub)
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """The ``cardtable`` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    prog = f"{PROG} {args[0]}" if args[:1] in (["gin"], ["cribbage"]) else PROG
    return gin.run(_parser(), args, out or sys.stdout, prog)


if __name__ == "__main__":
    sys.exit(main())
