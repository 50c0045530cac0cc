"""``simulate`` and ``tournament``: batch play between computer players, from the shell.

``add_tournament`` and ``add_simulate`` add gin's commands; ``add_cribbage_tournament`` adds
``cardtable cribbage tournament`` (Cribbage is imported only when that command is built).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any, TextIO

from cardtable.cli.usage import UsageError, add_rules_options, rules_from_args, settings_from, whole
from cardtable.errors import CardTableError
from cardtable.gin.players import player_names
from cardtable.gin.rules import PRESETS
from cardtable.sim import BACKENDS, TournamentResult, round_robin, run_tournament

__all__ = [
    "SEED_HELP",
    "add_cribbage_tournament",
    "add_simulate",
    "add_tournament",
    "refusals_as_usage_errors",
    "report_seed",
]

SEED_HELP = (
    "by default fresh and secret, printed after the run (give it back to play the same games "
    "again); a seed given here is public: an agent that knows or guesses it can work out every "
    "deal"
)
SERIES_HELP = (
    "matches per series: the first dealer of each next match follows series_first_player "
    "(default 1: independent matches)"
)


def _add_series(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--series", type=whole, default=1, help=SERIES_HELP)


def report_seed(seed: str) -> None:
    """After a run on a secret seed: the seed, on standard error (the results keep their
    format on standard output), so that the run can be repeated."""
    sys.stderr.write(
        f"seed {seed}: secret while the games were played; --seed {seed} plays them again\n"
    )


@contextlib.contextmanager
def refusals_as_usage_errors() -> Iterator[None]:
    """The simulator's refusals of bad arguments (``ValueError``) exit 2 with one line."""
    try:
        yield
    except ValueError as error:
        if isinstance(error, CardTableError):
            raise
        raise UsageError(str(error)) from None


def add_tournament(sub: Any) -> None:
    p = sub.add_parser("tournament", help="duplicate-deal matches between computer players")
    p.add_argument("player_a")
    p.add_argument("player_b")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--matches", type=whole, default=100, help="matches to play (default 100)")
    size.add_argument("--hands", type=whole, help="play single hands instead of matches")
    p.add_argument("--seed", help=SEED_HELP)
    p.add_argument("--workers", type=whole, help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("process", "ray"), default="process")
    p.add_argument("--progress", action="store_true", help="progress lines even when piped")
    add_rules_options(p)
    p.add_argument("--json", action="store_true")
    _add_series(p)  # last: the usage lines recorded before it keep their line breaks
    p.set_defaults(func=_cmd_tournament)


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from_args(args)
    hands_only = args.hands is not None
    games = args.hands if hands_only else args.matches
    if games < 2:
        raise UsageError("play at least 2 games (one duplicate pair)")
    if args.workers is not None and args.workers < 0:
        raise UsageError(f"--workers must not be negative, not {args.workers}")
    pairs = games // 2
    interactive = sys.stderr.isatty() and not args.json

    def progress(result: TournamentResult) -> None:
        data = result.to_dict()
        low, high = data["a_win_rate_ci95"]
        done = result.games // 2
        bar = "#" * (30 * done // pairs)
        line = (
            f"\r[{bar:<30}] {done}/{pairs} pairs  {args.player_a} "
            f"{100 * data['a_win_rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
        )
        sys.stderr.write(line if interactive else line.strip("\r") + "\n")
        sys.stderr.flush()

    with refusals_as_usage_errors():
        result = run_tournament(
            args.player_a,
            args.player_b,
            pairs=pairs,
            rules=rules,
            hands_only=hands_only,
            seed=args.seed,
            workers=args.workers,
            progress=progress if interactive or args.progress else None,
            backend=args.backend,
            series=args.series,
        )
    if interactive:
        sys.stderr.write("\n")
    if args.seed is None:
        report_seed(result.simulation.seed)
    data = result.to_dict()
    if args.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(_tournament_text(args.player_a, args.player_b, data))
    return 0


def _tournament_text(a: str, b: str, data: dict[str, Any]) -> str:
    """The tournament's figures (``TournamentResult.to_dict``) for people."""
    unit = "hands" if data["unit"] == "hand" else "matches"
    low, high = data["a_win_rate_ci95"]
    hand_low, hand_high = data["a_hand_win_rate_ci95"]
    return (
        f"{a} vs {b}: {data['games']} {unit} on duplicate deals"
        f"{' (interrupted)' if data['interrupted'] else ''}\n"
        f"  {a} wins {100 * data['a_win_rate']:.1f}% of {unit} "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f})\n"
        f"  {a} wins {100 * data['a_hand_win_rate']:.1f}% of scored hands "
        f"(95% CI {100 * hand_low:.1f}-{100 * hand_high:.1f}) over {data['hands']} hands\n"
        f"  points per hand: {a} {data['points_per_hand'][0]}, {b} {data['points_per_hand'][1]}\n"
        f"  gin rate: {a} {data['gin_rate'][0]}, {b} {data['gin_rate'][1]}; "
        f"undercut rate: {a} {data['undercut_rate'][0]}, {b} {data['undercut_rate'][1]}; "
        f"dead hands {data['dead_hand_rate']}\n"
        f"  ms per decision: {a} {data['ms_per_decision'][0]}, {b} {data['ms_per_decision'][1]}\n"
    )


def add_cribbage_tournament(sub: Any) -> None:
    """``tournament``: duplicate-deal Cribbage matches (or hands) between computer players."""
    from cardtable.cribbage.players import player_names as cribbage_players
    from cardtable.cribbage.rules import PRESETS as CRIBBAGE_PRESETS

    p = sub.add_parser(
        "tournament", help="duplicate-deal Cribbage matches between computer players"
    )
    names = ", ".join(cribbage_players())
    p.add_argument("player_a", help=f"a player: {names} or module:factory")
    p.add_argument("player_b")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--matches", type=whole, default=100, help="matches to play (default 100)")
    size.add_argument("--hands", type=whole, help="play single hands instead of matches")
    p.add_argument("--seed", help=SEED_HELP)
    p.add_argument("--workers", type=whole, help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("process", "ray"), default="process")
    p.add_argument("--progress", action="store_true", help="progress lines even when piped")
    p.add_argument(
        "--rules", default="standard", help=f"rules preset: {', '.join(CRIBBAGE_PRESETS)}"
    )
    p.add_argument(
        "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
    )
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--series",
        type=whole,
        default=1,
        help="matches per series: the first dealer of each next match follows "
        "next_game_dealer (default 1: independent matches)",
    )
    p.set_defaults(func=_cmd_cribbage_tournament)


def _cmd_cribbage_tournament(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.cribbage.rules import make_rules as make_cribbage_rules

    rules = make_cribbage_rules(args.rules, settings_from(args.set))
    hands_only = args.hands is not None
    games = args.hands if hands_only else args.matches
    if games < 2:
        raise UsageError("play at least 2 games (one duplicate pair)")
    if args.workers is not None and args.workers < 0:
        raise UsageError(f"--workers must not be negative, not {args.workers}")
    pairs = games // 2
    interactive = sys.stderr.isatty() and not args.json

    def progress(result: TournamentResult) -> None:
        data = result.to_dict()
        low, high = data["a_win_rate_ci95"]
        done = result.games // 2
        bar = "#" * (30 * done // pairs)
        line = (
            f"\r[{bar:<30}] {done}/{pairs} pairs  {args.player_a} "
            f"{100 * data['a_win_rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
        )
        sys.stderr.write(line if interactive else line.strip("\r") + "\n")
        sys.stderr.flush()

    with refusals_as_usage_errors():
        result = run_tournament(
            args.player_a,
            args.player_b,
            pairs=pairs,
            rules=rules,
            hands_only=hands_only,
            seed=args.seed,
            workers=args.workers,
            progress=progress if interactive or args.progress else None,
            backend=args.backend,
            series=args.series,
            game="cribbage",
        )
    if interactive:
        sys.stderr.write("\n")
    if args.seed is None:
        report_seed(result.simulation.seed)
    data = result.to_dict()
    if args.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(_cribbage_tournament_text(args.player_a, args.player_b, data))
    return 0


def _cribbage_tournament_text(a: str, b: str, data: dict[str, Any]) -> str:
    """The Cribbage tournament's figures (``TournamentResult.to_dict``) for people."""
    unit = "hands" if data["unit"] == "hand" else "matches"
    low, high = data["a_win_rate_ci95"]
    hand_low, hand_high = data["a_hand_win_rate_ci95"]
    lines = [
        f"{a} vs {b}: {data['games']} Cribbage {unit} on duplicate deals"
        f"{' (interrupted)' if data['interrupted'] else ''}",
        f"  {a} wins {100 * data['a_win_rate']:.1f}% of {unit} "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f})",
    ]
    if "game_points" in data:
        points = data["game_points"]
        skunks, doubles = data["skunks"], data["double_skunks"]
        lines.append(
            f"  game points: {a} {points[0]}, {b} {points[1]} "
            f"({data['net_game_points_per_match_a']:+} per match for {a}); "
            f"skunks: {a} {skunks[0]}, {b} {skunks[1]}; "
            f"double skunks: {a} {doubles[0]}, {b} {doubles[1]}"
        )
    lines += [
        f"  {a} outscores {b} in {100 * data['a_hand_win_rate']:.1f}% of the hands not tied "
        f"(95% CI {100 * hand_low:.1f}-{100 * hand_high:.1f}) over {data['hands']} hands; "
        f"tied {100 * data['tied_hand_rate']:.1f}%",
        f"  points per hand: {a} {data['points_per_hand'][0]}, {b} {data['points_per_hand'][1]}",
        f"  ms per decision: {a} {data['ms_per_decision'][0]}, {b} {data['ms_per_decision'][1]}",
    ]
    return "\n".join(lines) + "\n"


def add_simulate(sub: Any) -> None:
    parser = sub.add_parser("simulate", help="play many hands or matches between computer players")
    parser.add_argument(
        "players",
        nargs="*",
        default=["simple", "simple"],
        help=f"two or more players: {', '.join(player_names())} or module:factory "
        "(more than two: a round robin)",
    )
    parser.add_argument("--games", type=whole, default=100, help="games per pairing")
    parser.add_argument("--unit", choices=("hand", "match"), default="match")
    parser.add_argument("--seed", help=f"the seed of the whole run; {SEED_HELP}")
    parser.add_argument("--workers", type=whole, default=1, help="processes (or Ray CPUs)")
    parser.add_argument("--backend", choices=BACKENDS, default="process")
    parser.add_argument("--ray-address", help="a Ray cluster to join (with --backend ray)")
    parser.add_argument("--no-pairs", action="store_true", help="fresh deals for every game")
    parser.add_argument("--chunk-size", type=whole, help="games per task sent to a worker")
    parser.add_argument("--rules", default="standard", help=f"preset: {', '.join(PRESETS)}")
    parser.add_argument("--set", action="append", metavar="KEY=VALUE", help="change a setting")
    parser.add_argument("--target", type=whole, help="score that ends a match")
    parser.add_argument("--records", metavar="FILE", help="write every game as a JSON line")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    _add_series(parser)  # last: the usage lines recorded before it keep their line breaks
    parser.set_defaults(func=_cmd_simulate)


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    if len(args.players) < 2:
        raise UsageError("name at least two players")
    rules = rules_from_args(args)
    with refusals_as_usage_errors():
        results = round_robin(
            args.players,
            args.games,
            unit=args.unit,
            rules=rules,
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            paired=not args.no_pairs,
            keep_records=bool(args.records),
            chunk_size=args.chunk_size,
            ray_address=args.ray_address,
            partial_on_interrupt=True,
            series=args.series,
        )
    if args.seed is None:
        report_seed(results[0].seed)
    if args.records:
        with open(args.records, "w", encoding="utf-8") as handle:
            for result in results:
                for game in result.results:
                    line = asdict(game)
                    line["players"] = list(result.players)
                    handle.write(json.dumps(line) + "\n")
    if args.json:
        data = [r.to_dict() for r in results]
        out.write(json.dumps(data[0] if len(data) == 1 else data) + "\n")
    else:
        out.write("\n".join(r.summary() for r in results) + "\n")
    # Ctrl-C still shows the games played so far (marked interrupted), then exits 130.
    return 130 if any(r.interrupted for r in results) else 0
