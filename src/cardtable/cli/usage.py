"""What every subcommand shares: the usage error, the parser that raises it, rules options.

Bad command-line input is reported on one line and exits with status 2; the parsers here
raise :class:`UsageError` instead of printing argparse's usage text and exiting.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from cardtable.gin.rules import PRESETS, Rules, make_rules
from cardtable.numbers import whole_number

__all__ = [
    "NoCommand",
    "Parser",
    "UsageError",
    "add_rules_options",
    "rules_from_args",
    "settings_from",
]


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


class NoCommand(UsageError):
    """No subcommand was given: the help of the command (``help``) is shown, status 2."""

    def __init__(self, message: str, help_text: str) -> None:
        super().__init__(message)
        self.help = help_text


def whole(text: str) -> int:
    """An argparse type for whole numbers typed on a command line: ASCII digits with an
    optional sign and nothing else (Python's int also takes " 50 ", "1_000" and other
    scripts' digits); refused in argparse's own words, so every message stays as it was."""
    number = whole_number(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}")
    return number


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`UsageError` (one line, status 2); a
    command given without its subcommand raises :class:`NoCommand` with its help."""

    def error(self, message: str) -> NoReturn:
        if message == "the following arguments are required: command":
            raise NoCommand(message, self.format_help())
        raise UsageError(message)


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and repeatable ``--set KEY=VALUE``."""
    parser.add_argument("--rules", default="standard", help=f"rules preset: {', '.join(PRESETS)}")
    parser.add_argument(
        "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
    )


def settings_from(items: Sequence[str] | None) -> dict[str, str]:
    """``["target=150", ...]`` as ``{"target": "150", ...}``; refuses an item without ``=``."""
    settings: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set takes key=value, not {item!r}")
        settings[key] = value
    return settings


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules``, ``--set`` and (where the command has it) ``--target``."""
    settings = settings_from(args.set)
    target = getattr(args, "target", None)
    rules = make_rules(args.rules, settings)
    return rules if target is None else rules.replace(target=target)
