"""The ``ginrummy`` command. Bad input exits with status 2 and one line on stderr."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from ginrummy.cards import CardSet, parse_card, parse_cards
from ginrummy.errors import GinRummyError
from ginrummy.match import Match
from ginrummy.melds import best_arrangement, discard_options, parse_arrangement
from ginrummy.record import dump, replay_file
from ginrummy.rules import PRESETS, Rules
from ginrummy.showdown import score_showdown

__all__ = ["main"]


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _emit(data: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(data) + "\n")


def _rules_from(args: argparse.Namespace) -> Rules:
    settings: dict[str, str] = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set takes key=value, not {item!r}")
        settings[key] = value
    rules = Rules.preset(args.rules).with_settings(settings)
    target = getattr(args, "target", None)
    return rules if target is None else rules.replace(target=target)


def _deadwood_data(cards: CardSet) -> dict[str, Any]:
    if len(cards) > 11:
        raise UsageError(f"at most 11 cards, not {len(cards)}")
    best = best_arrangement(cards)
    data: dict[str, Any] = {
        "cards": [str(c) for c in cards],
        "deadwood": best.deadwood,
        "melds": [[str(c) for c in meld.cards] for meld in best.melds],
        "unmatched": [str(c) for c in best.unmatched],
    }
    if len(cards) == 11:
        data["discards"] = [
            {"card": str(card), "deadwood": left} for card, left in discard_options(cards)
        ]
    return data


def _cmd_deadwood(args: argparse.Namespace, out: TextIO) -> int:
    if args.cards:
        data = _deadwood_data(parse_cards(" ".join(args.cards)))
        if args.json:
            _emit(data, out)
        else:
            melds = " ".join(f"[{' '.join(m)}]" for m in data["melds"])
            out.write(f"deadwood {data['deadwood']}: {melds} {' '.join(data['unmatched'])}\n")
            for option in data.get("discards", []):
                out.write(f"  discard {option['card']}: {option['deadwood']}\n")
        return 0
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            data = _deadwood_data(parse_cards(line))
        except (GinRummyError, UsageError) as error:
            raise UsageError(f"line {number}: {error}") from None
        _emit(data, out)
    return 0


def _cmd_showdown(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    knocker = parse_cards(args.knocker)
    melds = None
    if args.knocker_melds:
        melds = parse_arrangement(args.knocker_melds, knocker).melds
    threshold, multiplier = None, 1
    if args.upcard:
        upcard = parse_card(args.upcard)
        threshold, multiplier = rules.hand_threshold(upcard), rules.hand_multiplier(upcard)
    result = score_showdown(
        rules,
        knocker,
        parse_cards(args.defender),
        melds,
        threshold=threshold,
        multiplier=multiplier,
    )
    data = result.to_dict()
    data["winner"] = "knocker" if result.winner == result.knocker else "defender"
    del data["knocker"]
    if args.json:
        _emit(data, out)
        return 0
    knocker_line = " ".join(f"[{m}]" for m in data["knocker_melds"])
    defender_line = " ".join(f"[{m}]" for m in data["defender_melds"])
    layoffs = ", ".join(f"{lay['card']} on [{lay['onto']}]" for lay in data["layoffs"])
    out.write(
        f"knocker: {knocker_line} {' '.join(data['knocker_unmatched'])}"
        f" (deadwood {data['knocker_deadwood']})\n"
        f"defender: {defender_line} {' '.join(data['defender_unmatched'])}"
        f" (deadwood {data['defender_deadwood']})\n"
        f"lay-offs: {layoffs or 'none'}\n"
        f"{data['outcome']}: {data['winner']} scores {data['points']}\n"
    )
    return 0


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    data = rules.to_dict()
    if args.json:
        _emit({"preset": args.rules, "settings": data}, out)
        return 0
    help_text = Rules.describe()
    out.write(f"rules: {args.rules}\n")
    for key, value in data.items():
        shown = "off" if value is None else value
        out.write(f"  {key:<20} {shown!s:<18} {help_text[key]}\n")
    return 0


def _match_summary(match: Match) -> dict[str, Any]:
    return {
        "hands": [
            {
                "number": line.number,
                "dealer": line.dealer,
                "result": line.result.to_dict(),
                "totals": list(line.totals),
            }
            for line in match.sheet
        ],
        "deals": len(match.hands),
        "scores": list(match.scores),
        "boxes": list(match.boxes),
        "final": None if match.final is None else match.final.to_dict(),
    }


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        match = replay_file(args.file)
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    if args.json:
        _emit(_match_summary(match), out)
    else:
        out.write(match.score_sheet() + "\n")
    return 0


def _cmd_match(args: argparse.Namespace, out: TextIO) -> int:
    from ginrummy.players import make_player

    rules = _rules_from(args)
    match = Match.new(rules, seed=args.seed)
    players = [make_player(args.players[0], seed=1), make_player(args.players[1], seed=2)]
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        match.apply(players[seat].act(match.observation(seat)), seat)
    names = (f"{args.players[0]} (0)", f"{args.players[1]} (1)")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as handle:
            handle.write(dump(match))
    if args.json:
        _emit(_match_summary(match), out)
    else:
        out.write(f"match seed {match.seed}, rules {rules.preset_name or args.rules}\n")
        out.write(match.score_sheet(names) + "\n")
    return 0


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    from ginrummy.tournament import TournamentResult, run_tournament

    rules = _rules_from(args)
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
    )
    if interactive:
        sys.stderr.write("\n")
    data = result.to_dict()
    if args.json:
        _emit(data, out)
        return 0
    a, b = args.player_a, args.player_b
    unit = "hands" if hands_only else "matches"
    low, high = data["a_win_rate_ci95"]
    hand_low, hand_high = data["a_hand_win_rate_ci95"]
    out.write(
        f"{a} vs {b}: {data['games']} {unit} on duplicate deals"
        f"{' (interrupted)' if result.interrupted else ''}\n"
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
    return 0


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="standard", help=f"rules preset: {', '.join(PRESETS)}")
    parser.add_argument(
        "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginrummy", description="Gin Rummy with exact rules.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("deadwood", help="best arrangement of 0 to 11 cards")
    p.add_argument("cards", nargs="*", help="cards like 7S TH 10d; none: read hands from stdin")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_deadwood)

    p = sub.add_parser("showdown", help="score the end of a hand")
    p.add_argument("--knocker", required=True, help="10 cards (11 for big gin)")
    p.add_argument("--defender", required=True, help="the defender's 10 cards")
    p.add_argument("--knocker-melds", help='melds laid out, like "7S 7H 7D | 4H 5H 6H"')
    p.add_argument("--upcard", help="the hand's first upcard (for Oklahoma rules)")
    _add_rules_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_showdown)

    p = sub.add_parser("rules", help="the settings of a rules preset")
    p.add_argument("rules", nargs="?", default="standard", help=f"one of {', '.join(PRESETS)}")
    p.add_argument("--set", action="append", metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_rules)

    p = sub.add_parser("replay", help="replay a match record and print its score sheet")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("match", help="play a computer-vs-computer match")
    p.add_argument("--players", nargs=2, default=["simple", "simple"], metavar="LEVEL")
    p.add_argument("--seed", help="match seed (random when absent)")
    p.add_argument("--target", type=int, help="score that ends the match")
    p.add_argument("--record", metavar="FILE", help="write the match record here")
    _add_rules_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_match)

    p = sub.add_parser("tournament", help="duplicate-deal matches between computer players")
    p.add_argument("player_a")
    p.add_argument("player_b")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--matches", type=int, default=100, help="matches to play (default 100)")
    size.add_argument("--hands", type=int, help="play single hands instead of matches")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("process", "ray"), default="process")
    p.add_argument("--progress", action="store_true", help="progress lines even when piped")
    _add_rules_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_tournament)

    # Front ends add their own subcommands; their heavy imports happen only when run.
    for module in _FRONT_ENDS:
        importlib.import_module(module).add_commands(sub)
    return parser


_FRONT_ENDS = ("ginrummy.web.commands", "ginrummy.tui.commands", "ginrummy.simulate")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stream = out or sys.stdout
    try:
        args = _parser().parse_args(argv)
        func: Callable[[argparse.Namespace, TextIO], int] = args.func
        return func(args, stream)
    except (GinRummyError, UsageError) as error:
        sys.stderr.write(f"ginrummy: {error}\n")
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
