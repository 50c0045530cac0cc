"""The match record: a plain text of a whole Cribbage match that replays exactly.

One item per line; blank lines and lines starting with ``#`` are ignored::

    cribbage-record 2
    rules target=121 skunk_line=91 ... match_points=off
    seed 5f0c...                    (or no seed line and a deck line per deal; a seed line
                                    is read whole, comments included: a seed is any text)
    first-dealer 0
    deal 1 game 1 dealer 0
    1 discard 5H JD                 # <seat> <action>
    0 discard 9C KS
    starter JC                      # checked
    peg 0 2 his heels               # checked: every point, who pegged it and why
    1 play 7C
    0 play 8H
    peg 0 2 fifteen
    ...
    show 1 hand 12                  # checked
    pegs 14 22                      # checked: the game's points after the hand
    game 1 winner 0 pegs 121 87 game 1
    final 1 0 winner 0

Only the header and the actions are read to rebuild the match; every other line is what the
rules make of them, and :func:`load` checks each against the rebuilt match, refusing the record
at the first line that disagrees, with its number.

Format 1 (``cribbage-record 1``) was written before two rules changed: the action that
reached the target scored only up to it, and a muggins statement was pegged when stated (a
statement that reached the target won the game unanswered). Such a record is still read: its
actions are replayed under today's rules (:meth:`Match.replay`), and the lines those rules
did not change are checked (the deals, the starters, who won each game, what it was worth,
and the final); its points lines are not. Written again, it is format 2.

>>> import random
>>> match = Match.new(Rules.preset("short"), seed="record-doc", first_dealer=1)
>>> rng = random.Random(3)
>>> while not match.is_over:
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> text = dump(match)
>>> dump(load(text)) == text
True
"""

from __future__ import annotations

from typing import BinaryIO

from cardtable.cards import format_cards
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Hand
from cardtable.cribbage.match import Match
from cardtable.cribbage.rules import Rules, make_rules
from cardtable.cribbage.score import parse_cards_in_order
from cardtable.errors import CardTableError, InvalidRecordError
from cardtable.games.records import read_record_lines, record_head

__all__ = ["MAGIC", "dump", "load", "read_text", "replay_file"]

MAGIC = "cribbage-record 2"
FORMAT_1 = "cribbage-record 1"
# The lines of a format 1 record that today's rules still make the same (section of the
# module's docstring); a game line is checked without its points.
_FORMAT_1_CHECKED = ("deal", "starter", "game", "final")


def _hand_lines(hand: Hand, match: Match, deal: int, game: int) -> list[str]:
    lines = [f"deal {deal} game {game} dealer {hand.dealer}"]
    if match.seed is None:
        lines.append("deck " + format_cards(hand.deck))
    discards = 0
    for record in hand.history:
        lines.append(f"{record.seat} {record.action}")
        if record.action.kind is ActionKind.DISCARD:
            discards += 1
            if discards == 2:
                lines.append(f"starter {hand.starter}")
        for score in record.scores:
            if score.reason in ("hand", "crib"):
                lines.append(f"show {score.seat} {score.reason} {score.points}")
            else:
                lines.append(f"peg {score.seat} {score.points} {score.reason}")
    if hand.is_over:
        lines.append(f"pegs {hand.pegs[0]} {hand.pegs[1]}")
    return lines


def dump(match: Match) -> str:
    """The record of a match, finished or in progress."""
    settings = match.rules.to_dict()
    lines = record_head(MAGIC, settings, ("on", "off"), match.seed, match.first_dealer)
    game = 1
    for deal, hand in enumerate(match.dealt(), start=1):
        lines += _hand_lines(hand, match, deal, game)
        if hand.winner is not None:
            result = match.games[game - 1]
            lines.append(
                f"game {result.number} winner {result.winner} pegs {result.pegs[0]} "
                f"{result.pegs[1]} {result.kind} {result.game_points}"
            )
            game += 1
    final = match.final
    if final is not None:
        points = final.game_points
        lines.append(f"final {points[0]} {points[1]} winner {final.winner}")
    return "\n".join(lines) + "\n"


def _content(text: str) -> list[tuple[int, str]]:
    """The meaningful lines with their 1-based numbers: comments (a line starting with ``#``
    or the end of a line after `` #``) and spacing removed, a seed kept exactly as written
    (a seed is any text)."""
    kept = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("seed "):
            kept.append((number, "seed " + raw.split("seed ", 1)[1]))
            continue
        line = line.split(" #", 1)[0].strip()
        kept.append((number, " ".join(line.split())))
    return kept


def load(text: str) -> Match:
    """Rebuild a match from its record, checking every line; a bad record raises
    :class:`~cardtable.errors.InvalidRecordError` naming the first bad line."""
    lines = _content(text)
    if not lines or lines[0][1] not in (MAGIC, FORMAT_1):
        raise InvalidRecordError(
            f"a cribbage record starts with {MAGIC!r}", lines[0][0] if lines else 1
        )
    old = lines[0][1] == FORMAT_1
    header: dict[str, tuple[int, str]] = {}
    decks: list[tuple[int, ...]] = []
    actions: list[tuple[int, int, str]] = []
    for number, line in lines[1:]:
        word, _, rest = line.partition(" ")
        if word in ("rules", "seed", "first-dealer"):
            if word in header:
                raise InvalidRecordError(f"a second {word} line", number)
            header[word] = (number, rest)
        elif word == "deck":
            try:
                decks.append(tuple(parse_cards_in_order(rest)))
            except CardTableError as error:
                raise InvalidRecordError(str(error), number) from None
        elif word in ("0", "1"):
            actions.append((number, int(word), rest))
    for needed in ("rules", "first-dealer"):
        if needed not in header:
            raise InvalidRecordError(f"the record has no {needed} line")
    match = _start(header, decks)
    for number, seat, text_action in actions:
        try:
            action = Action.parse(text_action)
            if old:
                match.replay(action, seat)
            else:
                match.apply(action, seat)
        except CardTableError as error:
            raise InvalidRecordError(str(error), number) from None
    if old:
        match.accept_old_win()  # the record may end on a statement that won the match
    expected = _content(dump(match))
    given = [line for line in lines[1:] if not line[1].startswith("deck ")]
    wanted = [line for line in expected[1:] if not line[1].startswith("deck ")]
    if old:
        given, wanted = _format_1_lines(given), _format_1_lines(wanted)
    for (number, line), (_, truth) in zip(given, wanted, strict=False):
        if line != truth:
            raise InvalidRecordError(f"the rules make this {truth!r}, not {line!r}", number)
    if len(given) != len(wanted):
        missing = wanted[len(given)][1] if len(wanted) > len(given) else None
        if missing is not None:
            last = given[-1][0] if given else lines[-1][0]
            raise InvalidRecordError(f"the record ends before {missing!r}", last)
        raise InvalidRecordError(
            "the record goes on after the match is over", given[len(wanted)][0]
        )
    return match


def _format_1_lines(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines of a record that format 1 made as today's rules do: a game line without
    its points (``game 1 winner 0 game 1``)."""
    kept = []
    for number, line in lines:
        words = line.split()
        if words[0] not in _FORMAT_1_CHECKED:
            continue
        if words[0] == "game" and len(words) >= 7:
            line = " ".join(words[:4] + words[7:])
        kept.append((number, line))
    return kept


def _start(header: dict[str, tuple[int, str]], decks: list[tuple[int, ...]]) -> Match:
    number, rules_text = header["rules"]
    try:
        settings = dict(item.split("=", 1) for item in rules_text.split())
        rules = make_rules(Rules(), settings)
    except (CardTableError, ValueError) as error:
        raise InvalidRecordError(f"bad rules: {error}", number) from None
    number, dealer_text = header["first-dealer"]
    if dealer_text not in ("0", "1"):
        raise InvalidRecordError(f"the first dealer is 0 or 1, not {dealer_text!r}", number)
    seed = header.get("seed")
    if seed is None and not decks:
        raise InvalidRecordError("the record has neither a seed line nor deck lines")
    try:
        return Match(
            rules,
            int(dealer_text),
            seed=None if seed is None else seed[1],
            decks=decks if seed is None else None,
        )
    except CardTableError as error:
        raise InvalidRecordError(str(error), number) from None


MAX_LINE_BYTES = 4096  # a record's longest line, a deck or a seed, is far shorter
MAX_RECORD_BYTES = 16 * 1024 * 1024  # a long match is well under 1 MiB


def read_text(handle: BinaryIO) -> str:
    """A record file's text, read a line at a time with bounded memory: a line that is not
    UTF-8 or longer than :data:`MAX_LINE_BYTES`, or a file over :data:`MAX_RECORD_BYTES`, is
    refused at that line without reading on; a UTF-8 BOM is skipped."""
    lines = read_record_lines(handle, MAX_LINE_BYTES, MAX_RECORD_BYTES)
    return "".join(text for _, text in lines)


def replay_file(path: str) -> Match:
    """Load a record from a file (``-`` for standard input is the caller's business)."""
    with open(path, "rb") as handle:
        return load(read_text(handle))
