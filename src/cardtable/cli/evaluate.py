"""``evaluate``: the standard evaluation of an agent, from the shell.

``cardtable gin evaluate AGENT [--against simple,expert] [--games N] [--seed S] [--json]``
runs :func:`cardtable.sim.evaluate.evaluate`: duplicate deals against each opponent, the
agent in a process of its own that is handed only its own observations, 95% intervals, and a
secret run seed printed at the end. Bad input (an unknown agent or opponent, an odd or
too small ``--games``) and a failing agent exit 2 with one line.

``cardtable cribbage evaluate AGENT ...`` is the same evaluation of a Cribbage agent (its
levels, its ``--rules`` presets and ``--set``; a match's margin is in game points).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from cardtable.cli.sim import refusals_as_usage_errors
from cardtable.cli.usage import UsageError, add_rules_options, rules_from_args, whole
from cardtable.gin.players import player_names
from cardtable.sim.evaluate import DEFAULT_OPPONENTS, evaluate
from cardtable.sim.results import SimulationResult

__all__ = ["add_cribbage_evaluate", "add_evaluate"]

SEED_HELP = (
    "repeat an evaluation: the seed its results printed. By default the seed is fresh and "
    "secret; a seed given here is public: an agent that knows or guesses it can work out "
    "every deal, so do not score agents on it"
)


def add_evaluate(sub: Any, game: str = "gin") -> None:
    """Add the ``evaluate`` subcommand of ``game`` to ``sub`` (argparse subparsers)."""
    names = player_names()
    add_options = add_rules_options
    if game == "cribbage":  # the Cribbage command line is loaded by now: it calls this
        from cardtable.cli.cribbage import add_rules_options as add_options
        from cardtable.cribbage.players import player_names as cribbage_names

        names = cribbage_names()
    p = sub.add_parser(
        "evaluate",
        help="evaluate an agent: duplicate deals, its own process, a secret seed",
        description=(
            "Evaluate an agent against fixed opponents on duplicate deals (each deal played "
            "twice, the seats exchanged), the agent in a process of its own that sees only "
            "its own observations, from a secret seed printed at the end."
        ),
    )
    p.add_argument("agent", help=f"a level ({', '.join(names)}) or module:factory")
    p.add_argument(
        "--against",
        default=",".join(DEFAULT_OPPONENTS),
        metavar="LEVELS",
        help=f"opponents, separated by commas (default {','.join(DEFAULT_OPPONENTS)})",
    )
    p.add_argument(
        "--games",
        type=whole,
        default=200,
        help="games against each opponent, an even number (default 200: 100 duplicate deals)",
    )
    p.add_argument("--unit", choices=("hand", "match"), default="match")
    p.add_argument("--seed", help=SEED_HELP)
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="the longest the agent may take over one decision (default 60)",
    )
    add_options(p)
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(func=_cmd_evaluate, evaluated_game=game)


def add_cribbage_evaluate(sub: Any) -> None:
    """Add ``cardtable cribbage evaluate`` to ``sub``: the same evaluation of a Cribbage agent."""
    add_evaluate(sub, "cribbage")


def _cmd_evaluate(args: argparse.Namespace, out: TextIO) -> int:
    game: str = args.evaluated_game
    rules: Any
    if game == "cribbage":
        from cardtable.cli.cribbage import rules_from_args as cribbage_rules

        rules = cribbage_rules(args)
    else:
        rules = rules_from_args(args)
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    if not against:
        raise UsageError("--against names at least one opponent, like simple,expert")
    interactive = sys.stderr.isatty() and not args.json
    pairs = args.games // 2

    def progress(opponent: str, result: SimulationResult) -> None:
        done = result.games // 2
        bar = "#" * (30 * done // max(1, pairs))
        sys.stderr.write(
            f"\r[{bar:<30}] {done}/{pairs} pairs against {opponent}: "
            f"{args.agent} {result.win_rate(0):.1%}"
        )
        if done == pairs:
            sys.stderr.write("\n")
        sys.stderr.flush()

    with refusals_as_usage_errors():
        evaluation = evaluate(
            args.agent,
            against,
            args.games,
            unit=args.unit,
            rules=rules,
            seed=args.seed,
            timeout=args.timeout,
            progress=progress if interactive else None,
            game=game,
        )
    if args.json:
        out.write(json.dumps(evaluation.to_dict()) + "\n")
    else:
        out.write(evaluation.summary() + "\n")
    return 0
