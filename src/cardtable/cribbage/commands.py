"""Cribbage's own commands (``cardtable cribbage show``, ``peg``, ``rules``, ``match``), and
its answers to the common ones (how its record is read, how a replay, a review and a deal
seed are printed): the game's ``commands`` facet.

``show`` scores a hand or crib, ``peg`` what a card pegs, ``rules`` prints a preset's settings,
``match`` plays computer against computer. Every bad input (a card, a setting, a record, a
file) exits with status 2 and one line on stderr, ``cardtable cribbage: message``; a line read
from standard input is named by its number.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO, Final, TextIO

from cardtable.cards import CARDS, parse_card, parse_cards, shuffled_deck
from cardtable.cribbage.hand import STARTER_INDEX, dealt_cards
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import make_player, player_names
from cardtable.cribbage.record import dump, load, read_text
from cardtable.cribbage.rules import PRESETS, Rules, make_rules
from cardtable.cribbage.score import (
    PegScore,
    ShowScore,
    parse_cards_in_order,
    peg_score,
    show_score,
)
from cardtable.cribbage.sheet import match_summary, score_sheet, setting_text
from cardtable.errors import CardTableError, InvalidRecordError
from cardtable.games.commands import (
    Common,
    GameCommands,
    UsageError,
    computer_match,
    emit,
    seed_deals,
    seed_text,
    settings_with_target,
    whole,
)

__all__ = ["COMMANDS", "CribbageCommands", "add_rules_options", "rules_from_args"]

_STOPS: Final = "a bad line stops the command there: status 2, one line on stderr naming it"
_SHOW_STDIN: Final = (
    "no HAND: read lines 'HAND | STARTER' or 'HAND | STARTER | crib' from stdin and print one "
    f"JSON object per line ({_STOPS})"
)
_PEG_STDIN: Final = (
    f"no CARDS: read one count per stdin line and print one JSON object per line ({_STOPS})"
)


_emit = emit


def _each_stdin_line(handle: Callable[[str], dict[str, Any]], out: TextIO) -> int:
    """Run ``handle`` on every non-blank line of stdin, printing its JSON at once, so the
    answers before a bad line are already out when it stops the command."""
    lines = iter(sys.stdin)
    number = 0
    while True:
        try:
            line = next(lines)
        except StopIteration:
            return 0
        except UnicodeDecodeError:
            # Input is decoded a block at a time, so no line number would be trustworthy.
            raise UsageError("standard input is not UTF-8 text") from None
        number += 1
        if not line.strip():
            continue
        try:
            data = handle(line)
        except (CardTableError, UsageError) as error:
            raise UsageError(f"line {number}: {error}") from None
        _emit(data, out)


# --- show -------------------------------------------------------------------------------


def _joined(cards: Iterable[str]) -> str:
    return "+".join(cards)


def show_text(score: ShowScore) -> str:
    """The itemised show, one category a line, the scoring combinations after a colon."""
    data = score.to_dict()
    owner = "crib" if score.crib else "hand"
    lines = [f"{owner} {' '.join(data['hand'])}, starter {data['starter']}"]
    for key in ("fifteens", "pairs", "runs"):
        item = data[key]
        combos = ", ".join(_joined(combo) for combo in item["combinations"])
        lines.append(f"{key} {item['points']}" + (f": {combos}" if combos else ""))
    flush = data["flush"]
    lines.append(
        f"flush {flush['points']}" + (f": {_joined(flush['cards'])}" if flush["cards"] else "")
    )
    nobs = data["nobs"]
    lines.append(f"nobs {nobs['points']}" + (f": {nobs['card']}" if nobs["card"] else ""))
    lines.append(f"total {data['total']}")
    return "\n".join(lines)


def _show_line(line: str) -> dict[str, Any]:
    parts = [part.strip() for part in line.split("|")]
    if len(parts) not in (2, 3):
        raise UsageError("write HAND | STARTER, or HAND | STARTER | crib")
    crib = False
    if len(parts) == 3:
        if parts[2].lower() != "crib":
            raise UsageError(f"the third part of a line may only be 'crib', not {parts[2]!r}")
        crib = True
    return show_score(parse_cards(parts[0]), parse_card(parts[1]), crib=crib).to_dict()


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    if not args.hand:
        if args.starter is not None or args.crib:
            raise UsageError(
                "--starter and --crib go with a HAND; without one, each stdin line is "
                "HAND | STARTER or HAND | STARTER | crib"
            )
        return _each_stdin_line(_show_line, out)
    if args.starter is None:
        raise UsageError("a HAND needs its --starter CARD")
    score = show_score(parse_cards(" ".join(args.hand)), parse_card(args.starter), args.crib)
    if args.json:
        _emit(score.to_dict(), out)
    else:
        out.write(show_text(score) + "\n")
    return 0


# --- peg --------------------------------------------------------------------------------


def peg_text(cards: Iterable[str], score: PegScore) -> str:
    """What the last card pegs, one item a line, in the order of the JSON keys."""
    lines = [f"cards {' '.join(cards)}"]
    lines += [f"{key} {value}" for key, value in score.to_dict().items()]
    return "\n".join(lines)


def _peg_data(text: str) -> tuple[list[str], PegScore]:
    cards = parse_cards_in_order(text)
    return [str(card) for card in cards], peg_score(cards)


def _peg_line(line: str) -> dict[str, Any]:
    return _peg_data(line)[1].to_dict()


def _cmd_peg(args: argparse.Namespace, out: TextIO) -> int:
    if not args.cards:
        return _each_stdin_line(_peg_line, out)
    names, score = _peg_data(" ".join(args.cards))
    if args.json:
        _emit(score.to_dict(), out)
    else:
        out.write(peg_text(names, score) + "\n")
    return 0


# --- rules ------------------------------------------------------------------------------


def _preset_help() -> str:
    return f"rules preset: {', '.join(PRESETS)} (default standard)"


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and repeatable ``--set KEY=VALUE``, with the cribbage presets."""
    parser.add_argument("--rules", default="standard", metavar="PRESET", help=_preset_help())
    parser.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        help="change one setting, e.g. target=61 or muggins=on (repeatable)",
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules`` (or the ``rules`` command's preset), ``--set`` and, where the
    command has it, ``--target``. The target goes through the settings, not ``replace``, so
    that the skunk lines move with it as the presets pair them (61: skunk 31, no double)."""
    return make_rules(args.rules, settings_with_target(args))


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from_args(args)
    data = rules.to_dict()
    preset = args.rules.lower()
    if args.json:
        _emit({"preset": preset, "settings": data}, out)
        return 0
    help_text = Rules.describe()
    out.write(f"rules: {preset}\n")
    for key, value in data.items():
        out.write(f"  {key:<20} {setting_text(value):<10} {help_text[key]}\n")
    return 0


# --- match and replay -------------------------------------------------------------------


def _cmd_match(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_from_args(args)
    match: Match = computer_match(
        lambda: Match.new(rules, seed=args.seed), make_player, args.players, args.record, dump
    )
    if args.json:
        _emit(match_summary(match), out)
    else:
        names = (f"{args.players[0]} (0)", f"{args.players[1]} (1)")
        out.write(score_sheet(match, names) + "\n")
    return 0


# --- the parser -------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _add_show(sub: Any) -> None:
    p = sub.add_parser(
        "show",
        help="the show score of a hand or crib, itemised",
        description="The show score of four cards with the starter, every combination listed. "
        + _sentence(_SHOW_STDIN),
    )
    p.add_argument(
        "hand",
        nargs="*",
        metavar="HAND",
        help="four cards, as words or one quoted string, like 5H 5S 5C JD (the cards "
        "together, before or after the options); " + _SHOW_STDIN,
    )
    p.add_argument("--starter", metavar="CARD", help="the starter card (needed with a HAND)")
    p.add_argument(
        "--crib", action="store_true", help="count as the crib (a flush needs the starter too)"
    )
    p.add_argument("--json", action="store_true", help="print the itemised show as JSON")
    p.set_defaults(func=_cmd_show)


def _add_peg(sub: Any) -> None:
    p = sub.add_parser(
        "peg",
        help="what the last card of a count pegs in the play",
        description="What the last of CARDS (the cards of the current count, in play order) "
        "pegs: fifteen, 31, pairs and runs; go and last-card points are not included. "
        + _sentence(_PEG_STDIN),
    )
    p.add_argument(
        "cards",
        nargs="*",
        metavar="CARDS",
        help="the cards of the count in play order, like 7S 8H 8D 8C (the cards together); "
        + _PEG_STDIN,
    )
    p.add_argument("--json", action="store_true", help="print what it pegs as JSON")
    p.set_defaults(func=_cmd_peg)


def _add_rules(sub: Any) -> None:
    p = sub.add_parser("rules", help="the settings of a rules preset")
    p.add_argument("rules", nargs="?", default="standard", metavar="PRESET", help=_preset_help())
    p.add_argument(
        "--set", action="append", metavar="KEY=VALUE", help="change one setting (repeatable)"
    )
    p.add_argument("--json", action="store_true", help='print {"preset", "settings"} as JSON')
    p.set_defaults(func=_cmd_rules)


def _add_match(sub: Any) -> None:
    levels = ", ".join(player_names())
    p = sub.add_parser(
        "match",
        help="play a computer-vs-computer match and print its score sheet",
        description="A match between two computer players, deterministic for its seed.",
    )
    p.add_argument(
        "--players",
        nargs=2,
        default=["simple", "simple"],
        metavar="LEVEL",
        help=f"the players of seat 0 and seat 1 (levels: {levels}; default simple simple)",
    )
    p.add_argument(
        "--seed", type=seed_text, help="match seed (random when absent; the output names it)"
    )
    p.add_argument(
        "--target", type=whole, metavar="N", help="points to win a game (same as --set target=N)"
    )
    p.add_argument("--record", metavar="FILE", help="write the match record here")
    add_rules_options(p)
    p.add_argument("--json", action="store_true", help="print the match summary as JSON")
    p.set_defaults(func=_cmd_match)


class CribbageCommands(GameCommands):
    """Cribbage's commands: its own first, then the common ones in this order."""

    help = "Cribbage: show and peg scores, rules, computer matches, replays"
    series_setting = "next_game_dealer"
    description = "Cribbage for two, with exact rules (docs/rules/cribbage.md)."

    def add(self, sub: Any, common: Common) -> None:
        _add_show(sub)
        _add_peg(sub)
        _add_rules(sub)
        _add_match(sub)
        for name in ("replay", "review", "tournament", "verify", "evaluate"):
            common(name)

    def read_record(self, game: Any, handle: BinaryIO) -> Match:
        try:
            return load(read_text(handle))
        except InvalidRecordError as error:
            # A finished match's record cut before its last lines: said as for every game.
            prefix = f"line {error.line}: " if error.line is not None else ""
            said = str(error).removeprefix(prefix)
            if said.startswith("the record ends before"):
                raise InvalidRecordError(
                    "the record is not finished: it " + said.removeprefix("the record "),
                    error.line,
                ) from None
            raise

    def replay_data(self, game: Any, match: Match) -> dict[str, Any]:
        return match_summary(match)

    def replay_text(self, game: Any, match: Match) -> str:
        return score_sheet(match)

    review_unit = "hand"
    review_heading = "hand seat  action         best           loss       why"

    def loss_unit(self, decision: Any) -> str:
        from cardtable.cribbage.review import POINTS

        return f" {'pt' if decision.unit == POINTS else 'win%':<4}"

    def add_verify_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--hand", metavar="CARDS", help="your six cards as dealt, to check too")
        parser.add_argument("--starter", metavar="CARD", help="the starter, to check too")

    def verify(
        self, game: Any, seed: str, args: argparse.Namespace
    ) -> tuple[dict[str, Any], list[str], dict[str, tuple[bool, str]]]:
        deck = shuffled_deck(seed)
        non_dealer, dealer = dealt_cards(deck)
        starter = CARDS[deck[STARTER_INDEX]]
        data = {
            "non_dealer": [str(c) for c in non_dealer],
            "dealer": [str(c) for c in dealer],
            "starter": str(starter),
        }
        lines = [f"non-dealer {non_dealer}", f"dealer     {dealer}", f"starter    {starter}"]
        checks: dict[str, tuple[bool, str]] = {}
        if args.hand:
            hand = parse_cards(args.hand)
            if len(hand) != 6:
                raise UsageError(f"--hand takes the six cards you were dealt, not {len(hand)}")
            checks["hand"] = seed_deals(hand in (non_dealer, dealer), "your hand", one_of=True)
        if args.starter:
            checks["starter"] = seed_deals(parse_card(args.starter) == starter, "the starter")
        return data, lines, checks


COMMANDS: Final = CribbageCommands()
