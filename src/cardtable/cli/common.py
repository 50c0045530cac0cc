"""The commands every game has, the same for all: ``cardtable NAME simulate``, ``tournament``,
``evaluate``, ``replay``, ``review`` and ``verify``.

Each takes its game from the registry and asks it only what the game interface, its
``simulation`` facet and its ``commands`` facet (:class:`cardtable.games.commands.GameCommands`)
answer: its levels and presets, how its record file is read, how a replay or a review is
printed, what a deal seed deals. They behave alike for every game: a record is read from a
file or, given as ``-``, from standard input; bad input exits with status 2 and one line on
stderr; a record that is not finished is refused, saying so.

:func:`add_game_commands` puts them beside the game's own (the game places them in its list;
those it does not place come after its own). A game may also place the tables' commands
(``serve``, ``play``, ``lesson``: gin's list has always had them).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict
from typing import Any, BinaryIO, Final, TextIO

from cardtable.cards import check_commitment, commitment
from cardtable.cli import tui, web
from cardtable.cli.arguments import check_seed, check_text
from cardtable.cli.review_lines import decision_lines, terminal_width, write_summary
from cardtable.cli.usage import (
    UsageError,
    add_rules_options,
    rules_from_args,
    whole,
)
from cardtable.errors import CardTableError
from cardtable.games import AnyGame, game, load_ref
from cardtable.games.commands import GameCommands, seed_text, stdin_bytes
from cardtable.sim import BACKENDS, TournamentResult, round_robin, run_tournament
from cardtable.sim.evaluate import DEFAULT_OPPONENTS, evaluate
from cardtable.sim.isolation import USER_VARIABLE
from cardtable.sim.ratings import RESAMPLES, append_results, rate, rating_table, read_results
from cardtable.sim.results import SimulationResult

__all__ = [
    "COMMON",
    "SEED_HELP",
    "add_game_commands",
    "commands_of",
    "refusals_as_usage_errors",
    "report_seed",
]

# The common commands, in the order they follow a game's own when it does not place them.
COMMON: Final = ("replay", "review", "tournament", "verify", "simulate", "evaluate", "ratings")

SEED_HELP = (
    "by default fresh and secret, printed after the run (give it back to play the same games "
    "again); a seed given here is public: an agent that knows or guesses it can work out every "
    "deal"
)
EVALUATE_SEED_HELP = (
    "repeat an evaluation: the seed its results printed. By default the seed is fresh and "
    "secret; a seed given here is public: an agent that knows or guesses it can work out "
    "every deal, so do not score agents on it"
)


def _series_help(of: AnyGame) -> str:
    setting = commands_of(of).series_setting
    follows = f"follows {setting}" if setting else "is the one the rules name"
    return (
        f"matches per series: the first dealer of each next match {follows} "
        "(default 1: independent matches)"
    )


Handler = Callable[[argparse.Namespace, TextIO], int]

_DEFAULT_COMMANDS: Final = GameCommands()


def commands_of(of: AnyGame) -> GameCommands:
    """The game's ``commands`` facet, or the defaults for a game without one."""
    if of.commands is None:
        return _DEFAULT_COMMANDS
    found: GameCommands = load_ref(of.commands)
    return found


def _game(args: argparse.Namespace) -> AnyGame:
    return game(args.common_game)


def _baseline(of: AnyGame) -> str:
    """The level a command plays when none is named: ``simple`` where there is one."""
    levels = of.levels()
    return "simple" if "simple" in levels else of.default_level


def _level_list(of: AnyGame) -> str:
    return ", ".join(sorted(of.levels()))


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


# --- records: replay and review ----------------------------------------------------------


def _read_match(of: AnyGame, path: str) -> Any:
    """The match a record holds, from a file or (``-``) standard input; a record that is not
    finished is refused, saying so."""
    commands = commands_of(of)
    try:
        if path == "-":
            match = commands.read_record(of, stdin_bytes(sys.stdin))
        else:
            handle: BinaryIO
            with open(path, "rb") as handle:
                match = commands.read_record(of, handle)
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    if not match.is_over:
        deals = of.deals_finished(match)
        raise UsageError(
            f"the record is not finished: it stops after {deals} finished "
            f"{commands.review_unit}{'' if deals == 1 else 's'}, before the match's end"
        )
    return match


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    match = _read_match(of, args.file)
    commands = commands_of(of)
    if args.json:
        out.write(json.dumps(commands.replay_data(of, match)) + "\n")
    else:
        out.write(commands.replay_text(of, match) + "\n")
    return 0


def _add_replay(sub: Any, of: AnyGame) -> None:
    p = sub.add_parser("replay", help="replay a match record and print its score sheet")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_replay, common_game=of.name)


def _cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    if args.seat is not None and args.seat not in (0, 1):
        raise UsageError(f"--seat is 0 or 1, not {args.seat}")
    match = _read_match(of, args.file)
    review = of.review(match, (0, 1) if args.seat is None else (args.seat,), None)
    if review is None:
        raise UsageError(f"{of.title} has no coach yet: there is no review to give")
    if args.json:
        out.write(json.dumps(review.to_dict()) + "\n")
        return 0
    commands = commands_of(of)
    out.write(commands.review_heading + "\n")
    width = terminal_width()
    for d in review.decisions:
        head = commands.review_head(d)
        out.writelines(line + "\n" for line in decision_lines(head, d.why, width))
    write_summary(review, out, commands.review_unit, None, commands.short)
    return 0


def _add_review(sub: Any, of: AnyGame) -> None:
    p = sub.add_parser(
        "review",
        help="the expert's verdict on every decision of a match record",
        description=(
            "Review a match record: every decision with the expert's best move, the points "
            "it cost (0 when it was best) and why, judged from what that seat could see; "
            "each seat's accuracy (the share of its choices that lost nothing) and its worst "
            "mistakes."
        ),
    )
    p.add_argument("file", help=f"a match record (cardtable {of.name} match --record FILE)")
    p.add_argument("--seat", type=whole, help="review only this seat's decisions (0 or 1)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_review, common_game=of.name)


# --- verify --------------------------------------------------------------------------------

_HEX: Final = frozenset("0123456789abcdef")


def _verify_input(seed: str, given: str | None) -> None:
    """Refuse (exit 2, one line) a seed or commitment that cannot be what a table showed: a
    commitment is 64 hex digits; text pasted from a page cut short ("ab12…") is neither."""
    check_seed(seed)
    if given is None:
        return
    check_text("commitment", given)
    digits = given.strip().lower()
    if "\u2026" in digits or digits.endswith("..."):
        raise UsageError(f"the commitment {given!r} is cut short: copy all 64 hex digits of it")
    if len(digits) != 64 or not set(digits) <= _HEX:
        raise UsageError(
            f"a commitment is 64 hex digits (0-9, a-f), not {given!r} ({len(digits)} characters)"
        )


def _cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    _verify_input(args.seed, args.commitment)
    data, lines, found = commands_of(of).verify(of, args.seed, args)
    checks: dict[str, bool] = {}
    if args.commitment:
        checks["commitment"] = check_commitment(args.seed, args.commitment)
    checks.update({name: ok for name, (ok, _) in found.items()})
    ok = all(checks.values())
    shown = commitment(args.seed)
    if args.json:
        whole_data = {"seed": args.seed, "commitment": shown, **data, "checks": checks, "ok": ok}
        out.write(json.dumps(whole_data) + "\n")
        return 0 if ok else 1
    text = [f"seed {args.seed}", f"commitment {shown}"]
    if "commitment" in checks:
        text.append(
            "  matches the commitment shown before the hand"
            if checks["commitment"]
            else f"  DOES NOT MATCH the commitment given ({args.commitment})"
        )
    text += lines
    text += [line for _, line in found.values()]
    out.write("\n".join(text) + "\n")
    if not ok:
        sys.stderr.write(f"{args.prog}: the deal does not match\n")
    return 0 if ok else 1


def _add_verify(sub: Any, of: AnyGame) -> None:
    p = sub.add_parser(
        "verify", help="check a revealed deal seed against its commitment; print the deal"
    )
    p.add_argument("seed", help="the seed the table revealed after the hand")
    p.add_argument("commitment", nargs="?", help="the hash the table showed before the hand")
    commands_of(of).add_verify_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_verify, common_game=of.name)


# --- tournament ------------------------------------------------------------------------------


def _add_tournament(sub: Any, of: AnyGame) -> None:
    p = sub.add_parser("tournament", help="duplicate-deal matches between computer players")
    p.add_argument("player_a")
    p.add_argument("player_b")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--matches", type=whole, default=100, help="matches to play (default 100)")
    size.add_argument("--hands", type=whole, help="play single hands instead of matches")
    p.add_argument("--seed", type=seed_text, help=SEED_HELP)
    p.add_argument("--workers", type=whole, help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("process", "ray"), default="process")
    p.add_argument("--progress", action="store_true", help="progress lines even when piped")
    add_rules_options(p, of)
    p.add_argument("--json", action="store_true")
    # last: the usage lines recorded before it keep their line breaks
    p.add_argument("--series", type=whole, default=1, help=_series_help(of))
    p.set_defaults(func=_cmd_tournament, common_game=of.name)


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    rules = rules_from_args(args, of)
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
            game=of.name,
        )
    if interactive:
        sys.stderr.write("\n")
    if args.seed is None:
        report_seed(result.simulation.seed)
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
    else:
        out.write(result.text())
    return 0


# --- simulate --------------------------------------------------------------------------------


def _add_simulate(sub: Any, of: AnyGame) -> None:
    parser = sub.add_parser("simulate", help="play many hands or matches between computer players")
    baseline = _baseline(of)
    parser.add_argument(
        "players",
        nargs="*",
        default=[baseline, baseline],
        help=f"two or more players: {_level_list(of)} or module:factory "
        "(more than two: a round robin)",
    )
    parser.add_argument("--games", type=whole, default=100, help="games per pairing")
    parser.add_argument("--unit", choices=("hand", "match"), default="match")
    parser.add_argument("--seed", type=seed_text, help=f"the seed of the whole run; {SEED_HELP}")
    parser.add_argument("--workers", type=whole, default=1, help="processes (or Ray CPUs)")
    parser.add_argument("--backend", choices=BACKENDS, default="process")
    parser.add_argument("--ray-address", help="a Ray cluster to join (with --backend ray)")
    parser.add_argument("--no-pairs", action="store_true", help="fresh deals for every game")
    parser.add_argument("--chunk-size", type=whole, help="games per task sent to a worker")
    presets = ", ".join(of.presets())
    parser.add_argument("--rules", default=next(iter(of.presets())), help=f"preset: {presets}")
    parser.add_argument("--set", action="append", metavar="KEY=VALUE", help="change a setting")
    parser.add_argument("--target", type=whole, help="score that ends a match")
    parser.add_argument("--records", metavar="FILE", help="write every game as a JSON line")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    # last: the usage lines recorded before it keep their line breaks
    parser.add_argument("--series", type=whole, default=1, help=_series_help(of))
    parser.set_defaults(func=_cmd_simulate, common_game=of.name)


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    if len(args.players) < 2:
        raise UsageError("name at least two players")
    rules = rules_from_args(args, of)
    records = None
    if args.records:
        try:  # opened before the games are played: a path that cannot be written fails now
            records = open(args.records, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise UsageError(f"cannot write {args.records}: {error.strerror or error}") from None
    with records if records is not None else contextlib.nullcontext():
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
                game=of.name,
            )
        if args.seed is None:
            report_seed(results[0].seed)
        if records is not None:
            for result in results:
                for played in result.results:
                    line = asdict(played)
                    line["players"] = list(result.players)
                    records.write(json.dumps(line) + "\n")
    if args.json:
        data = [r.to_dict() for r in results]
        out.write(json.dumps(data[0] if len(data) == 1 else data) + "\n")
    else:
        out.write("\n".join(r.summary() for r in results) + "\n")
    # Ctrl-C still shows the games played so far (marked interrupted), then exits 130.
    return 130 if any(r.interrupted for r in results) else 0


# --- evaluate --------------------------------------------------------------------------------


def _opponents(of: AnyGame) -> list[str]:
    """The default opponents: the standard ones the game has, else its baseline."""
    levels = of.levels()
    return [name for name in DEFAULT_OPPONENTS if name in levels] or [_baseline(of)]


def _add_evaluate(sub: Any, of: AnyGame) -> None:
    p = sub.add_parser(
        "evaluate",
        help="evaluate an agent: duplicate deals, its own process, a secret seed",
        description=(
            "Evaluate an agent against fixed opponents on duplicate deals (each deal played "
            "twice, the seats exchanged), the agent in a process of its own that sees only "
            "its own observations, from a secret seed printed at the end."
        ),
    )
    opponents = ",".join(_opponents(of))
    p.add_argument("agent", help=f"a level ({_level_list(of)}) or module:factory")
    p.add_argument(
        "--against",
        default=opponents,
        metavar="LEVELS",
        help=f"opponents, separated by commas (default {opponents})",
    )
    p.add_argument(
        "--games",
        type=whole,
        default=200,
        help="games against each opponent, an even number (default 200: 100 duplicate deals)",
    )
    p.add_argument("--unit", choices=("hand", "match"), default="match")
    p.add_argument("--seed", type=seed_text, help=EVALUATE_SEED_HELP)
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="the longest the agent may take over one decision (default 60)",
    )
    p.add_argument(
        "--agent-user",
        metavar="USER",
        help="whom the agent runs as: auto (the default: under root a user of its own), same, "
        f"or a user name or uid (root only); also ${USER_VARIABLE}",
    )
    p.add_argument(
        "--agent-env",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="a variable to hand the agent (its environment is otherwise bare); repeatable",
    )
    p.add_argument(
        "--results",
        metavar="FILE",
        help="append every game to FILE (JSON lines), for `ratings FILE` to rate",
    )
    p.add_argument(
        "--workers",
        type=whole,
        default=1,
        help="processes (or Ray CPUs), each with an agent process of its own (default 1)",
    )
    p.add_argument("--backend", choices=BACKENDS, default="process")
    p.add_argument("--ray-address", help="a Ray cluster to join (with --backend ray)")
    add_rules_options(p, of)
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(func=_cmd_evaluate, common_game=of.name)


def _add_ratings(sub: Any, of: AnyGame) -> None:
    p = sub.add_parser(
        "ratings",
        help="rate every agent and level in a results file",
        description=(
            f"Rate every player in a results file of {of.title} games (appended by "
            "`evaluate --results FILE`): a Bradley-Terry fit on the games decided, on the Elo "
            "scale, with 95%% intervals from resampling the duplicate pairs."
        ),
    )
    p.add_argument("file", metavar="FILE", help="the results file")
    p.add_argument("--unit", choices=("hand", "match"), help="only games of this unit")
    p.add_argument(
        "--resamples",
        type=whole,
        default=RESAMPLES,
        help=f"resamples for the intervals (default {RESAMPLES})",
    )
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(func=_cmd_ratings, common_game=of.name)


def _cmd_ratings(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    if args.resamples < 1:
        raise UsageError("--resamples must be at least 1")
    with refusals_as_usage_errors():
        rows = read_results(args.file, of.name, args.unit)
        if not rows:
            raise CardTableError(f"{args.file} holds no {of.title} games to rate")
        table = rate(rows, resamples=args.resamples)
    if args.json:
        out.write(json.dumps([rating.to_dict() for rating in table]) + "\n")
    else:
        title = f"{of.title}: {len(rows)} games in {args.file}"
        out.write(rating_table(table, title, args.resamples) + "\n")
    return 0


def _agent_environment(items: list[str]) -> dict[str, str]:
    """``--agent-env`` as variables: ``NAME=VALUE``, or ``NAME`` with its value here."""
    environment: dict[str, str] = {}
    for item in items:
        name, equals, value = item.partition("=")
        if not name.isidentifier():
            raise UsageError(f"--agent-env {item!r}: give NAME or NAME=VALUE")
        if not equals:
            if name not in os.environ:
                raise UsageError(f"--agent-env {name}: no variable {name} here to hand on")
            value = os.environ[name]
        environment[name] = value
    return environment


def _cmd_evaluate(args: argparse.Namespace, out: TextIO) -> int:
    of = _game(args)
    rules = rules_from_args(args, of)
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    if not against:
        raise UsageError("--against names at least one opponent, like simple,expert")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
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
            game=of.name,
            agent_user=args.agent_user,
            agent_environment=_agent_environment(args.agent_env),
            workers=args.workers,
            backend=args.backend,
            ray_address=args.ray_address,
        )
    if args.results:
        with refusals_as_usage_errors():
            append_results(args.results, evaluation, of.name)
    if args.json:
        out.write(json.dumps(evaluation.to_dict()) + "\n")
    else:
        out.write(evaluation.summary() + "\n")
    return 0


# --- mounting ----------------------------------------------------------------------------------

_ADDERS: Final[dict[str, Callable[[Any, AnyGame], None]]] = {
    "replay": _add_replay,
    "review": _add_review,
    "tournament": _add_tournament,
    "verify": _add_verify,
    "simulate": _add_simulate,
    "evaluate": _add_evaluate,
    "ratings": _add_ratings,
    # The tables' commands, for a game whose list places them: that game's table and lesson.
    "serve": lambda sub, of: web.add_serve(sub),
    "play": lambda sub, of: tui.add_play(sub, game=of.name),
    "lesson": lambda sub, of: tui.add_lesson(sub, game=of.name),
}


def add_game_commands(sub: Any, of: AnyGame) -> None:
    """Every command of ``cardtable NAME``: the game's own, and the common ones where the
    game places them, the rest after its own."""
    added: set[str] = set()

    def common(name: str) -> None:
        if name not in _ADDERS:
            raise KeyError(f"no common command {name!r}: they are {', '.join(_ADDERS)}")
        if name not in added:
            added.add(name)
            _ADDERS[name](sub, of)

    commands_of(of).add(sub, common)
    for name in COMMON:
        common(name)
