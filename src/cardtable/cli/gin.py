"""The ``ginrummy`` command: ``cardtable gin``, under the name it has always had, the same
subcommands and the same bytes (tests/cli holds the recorded outputs).

It is gin's own command, so it names its game; everything else about it comes from the
registry like any game's commands (:mod:`cardtable.cli.common`): gin's own commands
(``deadwood``, ``showdown``, ``rules``, ``match``) from its ``commands`` facet, the common ones
(``replay``, ``tournament``, ``verify``, ``simulate``, ``evaluate``, ``review``) and the tables'
(``serve``, ``play``, ``lesson``) where gin's list places them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from cardtable.cli.common import add_game_commands, commands_of
from cardtable.cli.usage import NoCommand, Parser, UsageError
from cardtable.errors import CardTableError
from cardtable.games import game

__all__ = ["GAME", "PROG", "main", "parser", "run"]

PROG = "ginrummy"
GAME: Final = "gin"  # ginrummy is gin's own command: the one place the command line names it


def parser(prog: str = PROG) -> argparse.ArgumentParser:
    """The ``ginrummy`` command line (``prog`` is how it was invoked)."""
    gin = game(GAME)
    top = Parser(prog=prog, description=commands_of(gin).description)
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    add_game_commands(sub, gin)
    return top


Handler = Callable[[argparse.Namespace, TextIO], int]


def run(top: argparse.ArgumentParser, argv: Sequence[str] | None, out: TextIO, prog: str) -> int:
    """Parse and run one command line; errors exit 2 with one line ``prog: message``."""
    try:
        args = top.parse_args(argv)
        args.prog = prog
        func: Handler = args.func
        return func(args, out)
    except NoCommand as error:  # a command alone: its help, on stderr, status 2 as before
        sys.stderr.write(error.help)
        return 2
    except (CardTableError, UsageError) as error:
        sys.stderr.write(f"{prog}: {error}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``| head -1``): stop, quietly
        _drop_stdout()
        return 1


def _drop_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush at
    exit does not fail again on the closed pipe (and print a warning)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor (a test's StringIO)
        pass


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """The ``ginrummy`` command; returns the exit status."""
    return run(parser(), argv, out or sys.stdout, PROG)


if __name__ == "__main__":
    sys.exit(main())
