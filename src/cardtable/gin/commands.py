"""Gin's own commands (``cardtable gin deadwood``, ``showdown``, ``rules``, ``match``), and its
answers to the common ones (how its record is read, how a replay, a review and a deal seed
are printed): the game's ``commands`` facet. ``ginrummy X`` runs the same commands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any, BinaryIO, Final, TextIO

from cardtable.cards import parse_card, parse_cards
from cardtable.cards.card import CardSet
from cardtable.errors import CardTableError, InvalidRecordError
from cardtable.games.commands import (
    Common,
    GameCommands,
    UsageError,
    computer_match,
    emit,
    seed_deals,
    seed_text,
    settings_from,
    whole,
)
from cardtable.gin.deal import deal_from_seed
from cardtable.gin.match import Match
from cardtable.gin.melds import best_arrangement, discard_options, parse_arrangement
from cardtable.gin.record import dump, load_lines, read_lines
from cardtable.gin.rules import PRESETS, Rules, make_rules
from cardtable.gin.showdown import score_showdown

__all__ = ["COMMANDS", "GinCommands", "add_rules_options", "rules_from_args"]

_emit = emit


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and repeatable ``--set KEY=VALUE``."""
    parser.add_argument("--rules", default="standard", help=f"rules preset: {', '.join(PRESETS)}")
    parser.add_argument(
        "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules``, ``--set`` and (where the command has it) ``--target``."""
    settings = settings_from(args.set)
    target = getattr(args, "target", None)
    rules = make_rules(args.rules, settings)
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


def _cmd_match(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.gin.players import make_player

    rules = rules_from_args(args)
    # An empty --record has always meant no record file in gin.
    match: Match = computer_match(
        lambda: Match.new(rules, seed=args.seed),
        make_player,
        args.players,
        args.record or None,
        dump,
    )
    names = (f"{args.players[0]} (0)", f"{args.players[1]} (1)")
    if args.json:
        _emit(_match_summary(match), out)
    else:
        out.write(f"match seed {match.seed}, rules {rules.preset_name or args.rules}\n")
        out.write(match.score_sheet(names) + "\n")
    return 0


def _short(action: Any) -> str:
    """An action as one line shows it: a knock's card without its melds."""
    return f"{action.kind.value} {action.card}" if action.card is not None else str(action)


def _add_engine_commands(sub: Any, common: Common) -> None:
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

    common("replay")

    p = sub.add_parser("match", help="play a computer-vs-computer match")
    p.add_argument("--players", nargs=2, default=["simple", "simple"], metavar="LEVEL")
    p.add_argument("--seed", type=seed_text, help="match seed (random when absent)")
    p.add_argument("--target", type=whole, help="score that ends the match")
    p.add_argument("--record", metavar="FILE", help="write the match record here")
    add_rules_options(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_match)


class GinCommands(GameCommands):
    """Gin's commands, in the order ``ginrummy --help`` has always listed them."""

    help = "Gin Rummy: the same subcommands as the ginrummy command"
    series_setting = "series_first_player"
    description = "Gin Rummy with exact rules."

    def add(self, sub: Any, common: Common) -> None:
        _add_engine_commands(sub, common)
        common("tournament")
        common("serve")
        common("verify")
        common("play")
        common("lesson")
        common("simulate")
        common("evaluate")  # added since the recorded outputs (tests/cli), like:
        common("review")

    def read_record(self, game: Any, handle: BinaryIO) -> Match:
        last: list[str] = []  # the last line that says something

        def lines() -> Iterator[tuple[int, str]]:
            for number, text in read_lines(handle):
                words = text.split("#", 1)[0].split()
                if words:
                    last[:] = words[:1]
                yield number, text

        match = load_lines(lines())
        if match.is_over and last != ["final"]:
            raise InvalidRecordError(
                "the record is not finished: the match is over but its final line is missing"
            )
        return match

    def replay_data(self, game: Any, match: Match) -> dict[str, Any]:
        return _match_summary(match)

    def replay_text(self, game: Any, match: Match) -> str:
        return match.score_sheet()

    review_unit = "deal"
    review_heading = "deal hand seat  action        best          loss  why"

    review_numbers = ("deal", "hand", "seat")
    review_action_width = 13

    def short(self, action: Any) -> str:
        return _short(action)

    def add_verify_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--hand", metavar="CARDS", help="your ten cards as dealt, to check too")
        parser.add_argument("--upcard", metavar="CARD", help="the first upcard, to check too")

    def verify(
        self, game: Any, seed: str, args: argparse.Namespace
    ) -> tuple[dict[str, Any], list[str], dict[str, tuple[bool, str]]]:
        deal = deal_from_seed(seed)
        data = deal.to_dict()
        data.pop("seed", None)
        data.pop("commitment", None)
        lines = [
            f"non-dealer {deal.hands[0]}",
            f"dealer     {deal.hands[1]}",
            f"upcard     {deal.upcard}",
            f"stock      {' '.join(str(c) for c in deal.stock)}  (top first)",
        ]
        checks: dict[str, tuple[bool, str]] = {}
        if args.hand:
            checks["hand"] = seed_deals(
                parse_cards(args.hand) in deal.hands, "your hand", one_of=True
            )
        if args.upcard:
            checks["upcard"] = seed_deals(parse_card(args.upcard) == deal.upcard, "the upcard")
        return data, lines, checks


COMMANDS: Final = GinCommands()
