"""The gin commands: ``ginrummy X`` and ``cardtable gin X``, the same subcommands and bytes.

Engine commands live here (``deadwood``, ``showdown``, ``rules``, ``replay``, ``match``,
``verify``, ``review``); the tables and the simulator add theirs (``serve``, ``play``, ``lesson``,
``simulate``, ``tournament``, ``evaluate``) from their own modules in this package. Heavy
imports (the server, the database, the terminal UI) happen inside the handlers, so the rest
stays quick.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from cardtable.cards import parse_card, parse_cards
from cardtable.cards.card import CardSet
from cardtable.cli import evaluate, sim, tui, web
from cardtable.cli.review_lines import decision_lines, terminal_width, write_summary
from cardtable.cli.usage import (
    NoCommand,
    Parser,
    UsageError,
    add_rules_options,
    rules_from_args,
    whole,
)
from cardtable.errors import CardTableError
from cardtable.gin.match import Match
from cardtable.gin.melds import best_arrangement, discard_options, parse_arrangement
from cardtable.gin.record import dump, replay_file
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.showdown import score_showdown

__all__ = ["PROG", "add_gin_commands", "main", "run"]

PROG = "ginrummy"
DESCRIPTION = "Gin Rummy with exact rules."


def _emit(data: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(data) + "\n")


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
        except (CardTableError, UsageError) as error:
            raise UsageError(f"line {number}: {error}") from None
        _emit(data, out)
    return 0


def _cmd_showdown(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from_args(args)
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
    rules = rules_from_args(args)
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
    from cardtable.gin.players import make_player

    rules = rules_from_args(args)
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


_HEX = frozenset("0123456789abcdef")


def _verify_input(seed: str, commitment: str | None) -> None:
    """Refuse (exit 2, one line) a seed or commitment that cannot be what a table showed: a
    commitment is 64 hex digits; text pasted from a page cut short ("ab12…") is neither."""
    for name, value in (("seed", seed), ("commitment", commitment)):
        if value is None:
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError(f"the {name} is not valid text (UTF-8)") from None
        if any(not ch.isprintable() for ch in value):
            raise UsageError(f"the {name} has control characters: {value!r}")
    if commitment is None:
        return
    digits = commitment.strip().lower()
    if "\u2026" in digits or digits.endswith("..."):
        raise UsageError(
            f"the commitment {commitment!r} is cut short: copy all 64 hex digits of it"
        )
    if len(digits) != 64 or not set(digits) <= _HEX:
        raise UsageError(
            f"a commitment is 64 hex digits (0-9, a-f), not {commitment!r}"
            f" ({len(digits)} characters)"
        )


def _cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.cards import check_commitment
    from cardtable.gin.deal import deal_from_seed

    _verify_input(args.seed, args.commitment)
    deal = deal_from_seed(args.seed)
    checks: dict[str, bool] = {}
    if args.commitment:
        checks["commitment"] = check_commitment(args.seed, args.commitment)
    if args.hand:
        hand = parse_cards(args.hand)
        checks["hand"] = hand in deal.hands
    if args.upcard:
        checks["upcard"] = parse_card(args.upcard) == deal.upcard
    ok = all(checks.values())
    if args.json:
        out.write(json.dumps({**deal.to_dict(), "checks": checks, "ok": ok}) + "\n")
        return 0 if ok else 1
    lines = [f"seed {deal.seed}", f"commitment {deal.commitment}"]
    if "commitment" in checks:
        lines.append(
            "  matches the commitment shown before the hand"
            if checks["commitment"]
            else f"  DOES NOT MATCH the commitment given ({args.commitment})"
        )
    lines += [
        f"non-dealer {deal.hands[0]}",
        f"dealer     {deal.hands[1]}",
        f"upcard     {deal.upcard}",
        f"stock      {' '.join(str(c) for c in deal.stock)}  (top first)",
    ]
    if "hand" in checks:
        lines.append(
            "  your hand is the one this seed deals"
            if checks["hand"]
            else "  YOUR HAND IS NOT one this seed deals"
        )
    if "upcard" in checks:
        lines.append(
            "  the upcard is the one this seed deals"
            if checks["upcard"]
            else "  THE UPCARD IS NOT the one this seed deals"
        )
    out.write("\n".join(lines) + "\n")
    if not ok:
        sys.stderr.write(f"{args.prog}: the deal does not match\n")
    return 0 if ok else 1


def _short(action: Any) -> str:
    """An action as one line shows it: a knock's card without its melds."""
    return f"{action.kind.value} {action.card}" if action.card is not None else str(action)


def _cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.gin.review import review_match

    if args.seat is not None and args.seat not in (0, 1):
        raise UsageError(f"--seat is 0 or 1, not {args.seat}")
    try:
        match = replay_file(args.file)
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    review = review_match(match, seats=(0, 1) if args.seat is None else (args.seat,))
    if args.json:
        _emit(review.to_dict(), out)
        return 0
    out.write("deal hand seat  action        best          loss  why\n")
    width = terminal_width()
    for d in review.decisions:
        mark = "*" if d.worst else " "
        head = (
            f"{d.deal:>4} {d.hand:>4} {d.seat:>4}  {_short(d.action):<13} {_short(d.best):<13}"
            f"{d.loss:>5.1f}{mark} "
        )
        out.writelines(line + "\n" for line in decision_lines(head, d.why, width))
    in_play = len(match.hands) + 1 if not match.is_over and match.current.history else None
    write_summary(review, out, "deal", in_play, _short)
    return 0


def _add_review(sub: Any) -> None:
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
    p.add_argument("file", help="a match record (ginrummy match --record FILE writes one)")
    p.add_argument("--seat", type=whole, help="review only this seat's decisions (0 or 1)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_review)


def _add_engine_commands(sub: Any) -> None:
    p = sub.add_parser("deadwood", help="best arrangement of 0 to 11 cards")
    p.add_argument("cards", nargs="*", help="cards like 7S TH 10d; none: read hands from stdin")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_deadwood)

    p = sub.add_parser("showdown", help="score the end of a hand")
    p.add_argument("--knocker", required=True, help="10 cards (11 for big gin)")
    p.add_argument("--defender", required=True, help="the defender's 10 cards")
    p.add_argument("--knocker-melds", help='melds laid out, like "7S 7H 7D | 4H 5H 6H"')
    p.add_argument("--upcard", help="the hand's first upcard (for Oklahoma rules)")
    add_rules_options(p)
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
    p.add_argument("--target", type=whole, help="score that ends the match")
    p.add_argument("--record", metavar="FILE", help="write the match record here")
    add_rules_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_match)


def _add_verify(sub: Any) -> None:
    p = sub.add_parser(
        "verify", help="check a revealed deal seed against its commitment; print the deal"
    )
    p.add_argument("seed", help="the seed the table revealed after the hand")
    p.add_argument("commitment", nargs="?", help="the hash the table showed before the hand")
    p.add_argument("--hand", metavar="CARDS", help="your ten cards as dealt, to check too")
    p.add_argument("--upcard", metavar="CARD", help="the first upcard, to check too")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_verify)


def add_gin_commands(sub: Any) -> None:
    """Every gin subcommand, in the order ``ginrummy --help`` has always listed them."""
    _add_engine_commands(sub)
    sim.add_tournament(sub)
    web.add_serve(sub)
    _add_verify(sub)
    tui.add_play(sub, game="gin")
    tui.add_lesson(sub, game="gin")
    sim.add_simulate(sub)
    evaluate.add_evaluate(sub)  # added since the recorded outputs (tests/cli), like:
    _add_review(sub)


def parser(prog: str = PROG) -> argparse.ArgumentParser:
    """The ``ginrummy`` command line (``prog`` is how it was invoked)."""
    top = Parser(prog=prog, description=DESCRIPTION)
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    add_gin_commands(sub)
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


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """The ``ginrummy`` command; returns the exit status."""
    return run(parser(), argv, out or sys.stdout, PROG)


if __name__ == "__main__":
    sys.exit(main())
