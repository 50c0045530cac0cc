"""What every subcommand shares: the usage error, the parser that raises it, rules options.

Bad command-line input is reported on one line and exits with status 2; the parsers here
raise :class:`UsageError` instead of printing argparse's usage text and exiting. The error,
the parser and :func:`whole` live with the games' commands kit
(:mod:`cardtable.games.commands`), so that a game's own commands raise the same error.
"""

from __future__ import annotations

import argparse

from cardtable.games import AnyGame, GameRules, default_game
from cardtable.games.commands import (
    NoCommand,
    Parser,
    UsageError,
    settings_from,
    settings_with_target,
    whole,
)

__all__ = [
    "NoCommand",
    "Parser",
    "UsageError",
    "add_rules_options",
    "rules_from_args",
    "settings_from",
    "whole",
]


def add_rules_options(parser: argparse.ArgumentParser, game: AnyGame | None = None) -> None:
    """``--rules PRESET`` (the game's presets, the first by default) and repeatable
    ``--set KEY=VALUE``; ``game`` ``None`` is the registry's default game."""
    presets = list((game or default_game()).presets())
    parser.add_argument("--rules", default=presets[0], help=f"rules preset: {', '.join(presets)}")
    parser.add_argument(
        "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
    )


def rules_from_args(args: argparse.Namespace, game: AnyGame | None = None) -> GameRules:
    """The rules of ``--rules``, ``--set`` and (where the command has it) ``--target``, for
    ``game`` (``None``: the registry's default game). The target is one more setting, so
    that what goes with it moves with it as the game's presets pair them."""
    return (game or default_game()).make_rules(args.rules, settings_with_target(args))
