"""The ``cardtable`` command: the tables (``serve``, ``play``, ``lesson``) and each game's
commands under its name, for every game in the registry (``cardtable gin deadwood ...``,
``cardtable cribbage show ...``, ``cardtable NAME simulate ...``).

``cardtable gin X`` runs exactly what ``ginrummy X`` runs: the same standard output and exit
status; the one-line errors name the command as it was typed (``cardtable gin: ...``,
``cardtable cribbage: ...``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from cardtable.cli import tui, web
from cardtable.cli.common import add_game_commands, commands_of
from cardtable.cli.gin import run
from cardtable.cli.usage import Parser
from cardtable.games import game_names, games

__all__ = ["main"]

PROG = "cardtable"


def _titles() -> str:
    titles = [g.title for g in games()]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


def _parser() -> Parser:
    top = Parser(
        prog=PROG,
        description=(f"Card Table: {_titles()} with exact rules, at the web and terminal tables."),
    )
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    web.add_serve(sub, processes=True)
    tui.add_play(sub)
    tui.add_lesson(sub)
    for one in games():
        commands = commands_of(one)
        words = f"{one.title}: {one.about.tagline}"
        node = sub.add_parser(
            one.name,
            help=commands.help or words,
            description=commands.description or words,
        )
        add_game_commands(
            node.add_subparsers(dest="command", required=True, parser_class=Parser), one
        )
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """The ``cardtable`` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    prog = f"{PROG} {args[0]}" if args[:1] and args[0] in game_names() else PROG
    return run(_parser(), args, out or sys.stdout, prog)


if __name__ == "__main__":
    sys.exit(main())
