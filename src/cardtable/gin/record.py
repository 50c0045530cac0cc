"""The match record: a human-readable text of a whole match that replays exactly.

Format (one item per line; blank lines and lines starting with ``#`` are ignored)::

    ginrummy-record 1
    rules knock_threshold=10 oklahoma=no gin_bonus=25 ... series_first_player=alternate
    seed 5f0c...                  # the match seed; or no seed line and a deck per deal
    first-dealer 0
    deal 1 hand 1 dealer 0        # every deal, dead ones included
    deck AS 2S ...                # only in records without a seed: 52 cards in dealt order
    1 pass                        # <seat> <action>; draws name the card drawn
    0 take 7H
    0 discard QD
    1 draw 4C
    1 knock KD [7S 7H 7D] [4H 5H 6H]
    result knock winner 1 points 17 deadwood 3 20
    final 284 101 winner 0 margin 183

``result`` and ``final`` lines are checked on loading: a record whose numbers disagree with
the rules is refused, with the line number of the problem.

>>> from cardtable.gin.match import Match
>>> import random
>>> match = Match.new(seed="record-doc", first_dealer=1)
>>> rng = random.Random(3)
>>> for _ in range(40):
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> text = dump(match)
>>> dump(load(text)) == text
True
>>> print(text.splitlines()[4])
deal 1 hand 1 dealer 1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from cardtable.cards import CARDS, Card, format_cards, parse_card, parse_cards
from cardtable.errors import CardTableError, InvalidRecordError
from cardtable.games.records import read_record_lines, record_head
from cardtable.gin.actions import Action
from cardtable.gin.match import Match
from cardtable.gin.rules import Rules, make_rules

__all__ = ["MAGIC", "dump", "load", "load_lines", "read_lines", "replay_file"]

MAGIC = "ginrummy-record 1"


def dump(match: Match) -> str:
    """The record of a match, finished or in progress."""
    settings = match.rules.to_dict()
    lines = record_head(MAGIC, settings, ("yes", "no"), match.seed, match.first_dealer)
    scored = 0
    for deal, hand in enumerate(match.dealt(), start=1):
        lines.append(f"deal {deal} hand {scored + 1} dealer {hand.dealer}")
        if match.seed is None:
            lines.append("deck " + format_cards(hand.deck))
        for record in hand.history:
            text = str(record.action)
            if record.action.kind.is_draw:
                text += f" {record.drawn}"
            lines.append(f"{record.seat} {text}")
        result = hand.result
        if result is None:
            continue
        if result.winner is None:
            lines.append("result dead")
            continue
        scored += 1
        lines.append(
            f"result {result.outcome.value} winner {result.winner} points {result.points} "
            f"deadwood {result.knocker_deadwood} {result.defender_deadwood}"
        )
    if match.final is not None:
        f = match.final
        lines.append(f"final {f.totals[0]} {f.totals[1]} winner {f.winner} margin {f.margin}")
    return "\n".join(lines) + "\n"


@dataclass
class _Deal:
    line: int
    number: int
    hand: int
    dealer: int
    deck: tuple[int, ...] | None = None
    items: list[tuple[int, str, list[str]]] = field(default_factory=list)


def _int(word: str, what: str, line: int) -> int:
    try:
        return int(word)
    except ValueError:
        raise InvalidRecordError(f"{what} must be a number, not {word!r}", line) from None


MAX_LINE_BYTES = 4096  # the longest line a record writes is a deck line (about 160 bytes)
MAX_DEAL_ROWS = 1000  # a hand ends when the stock runs low: a few dozen moves
MAX_BUFFERED_ROWS = 200_000  # a record without a seed is replayed once it is read whole


def _rows(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """The meaningful lines (numbered, stripped), less blank lines and comments."""
    for number, raw in lines:
        row = raw.strip()
        if number == 1:
            row = row.removeprefix("\ufeff").strip()  # a BOM some editors add
        if row and not row.startswith("#"):
            yield number, row


def load(text: str) -> Match:
    """Replay a record into a :class:`Match`; a malformed or inconsistent record is refused
    with :class:`InvalidRecordError` naming its line."""
    return load_lines(enumerate(text.splitlines(), start=1))


def load_lines(lines: Iterable[tuple[int, str]]) -> Match:
    """Replay a record given as numbered lines, as it is read: a record with a seed is
    replayed deal by deal, so the first bad line stops the reading, whatever follows it."""
    loader = _Loader()
    for number, row in _rows(lines):
        loader.row(number, row)
    return loader.finish()


class _Loader:
    def __init__(self) -> None:
        self.first: int | None = None
        self.rules: Rules | None = None
        self.seed: str | None = None
        self.first_dealer: int | None = None
        self.match: Match | None = None  # once the first deal of a record with a seed starts
        self.deals: list[_Deal] = []  # waiting to be replayed
        self.replayed = 0
        self.buffered = 0
        self.final: tuple[int, list[str]] | None = None

    def row(self, number: int, row: str) -> None:
        if self.first is None:
            if row != MAGIC:
                raise InvalidRecordError(f"a record starts with {MAGIC!r}", number)
            self.first = number
            return
        head, _, rest = row.partition(" ")
        words = rest.split()
        if self.final is not None:
            raise InvalidRecordError("nothing may follow the final line", number)
        if head in ("rules", "seed", "first-dealer") and (self.deals or self.replayed):
            raise InvalidRecordError(f"the {head} line comes before the first deal", number)
        if head == "rules":
            try:
                pairs = dict(word.split("=", 1) for word in words)
                self.rules = make_rules(Rules(), pairs)
            except (ValueError, CardTableError) as error:
                raise InvalidRecordError(f"bad rules: {error}", number) from None
        elif head == "seed":
            if len(words) != 1:
                raise InvalidRecordError("seed takes one word", number)
            self.seed = words[0]
        elif head == "first-dealer":
            self.first_dealer = _int(rest.strip(), "first-dealer", number)
        elif head == "deal":
            if len(words) != 5 or words[1] != "hand" or words[3] != "dealer":
                raise InvalidRecordError("expected 'deal N hand M dealer S'", number)
            deal = _Deal(
                number,
                _int(words[0], "deal", number),
                _int(words[2], "hand", number),
                _int(words[4], "dealer", number),
            )
            if self.seed is not None:
                self._replay_waiting()
            self.deals.append(deal)
        elif head == "deck":
            if not self.deals:
                raise InvalidRecordError("a deck line belongs to a deal", number)
            try:
                deck = tuple(int(c) for c in _ordered_cards(rest))
            except CardTableError as error:
                raise InvalidRecordError(f"bad deck: {error}", number) from None
            if len(deck) != 52:
                raise InvalidRecordError(f"a deck has 52 cards, not {len(deck)}", number)
            self.deals[-1].deck = deck
        elif head in ("0", "1", "result"):
            if not self.deals:
                raise InvalidRecordError("actions belong to a deal", number)
            items = self.deals[-1].items
            if len(items) >= MAX_DEAL_ROWS:
                raise InvalidRecordError(
                    f"a deal has {MAX_DEAL_ROWS} lines at most: it is over long before", number
                )
            items.append((number, head, words))
        elif head == "final":
            self.final = (number, words)
        else:
            raise InvalidRecordError(f"unknown line {head!r}", number)
        if self.seed is None:
            self.buffered += 1
            if self.buffered > MAX_BUFFERED_ROWS:
                raise InvalidRecordError(
                    f"a record without a seed line may have {MAX_BUFFERED_ROWS} lines at most",
                    number,
                )

    def _start(self, decks: list[tuple[int, ...]] | None) -> Match:
        assert self.first is not None
        if self.rules is None:
            raise InvalidRecordError("the rules line is missing", self.first)
        if self.first_dealer is None:
            raise InvalidRecordError("the first-dealer line is missing", self.first)
        try:
            return Match(self.rules, self.first_dealer, seed=self.seed, decks=decks)
        except CardTableError as error:
            raise InvalidRecordError(str(error), self.first) from None

    def _replay_waiting(self) -> None:
        if self.match is None:
            self.match = self._start(None)
        for deal in self.deals:
            _replay_deal(self.match, deal, self.replayed)
            self.replayed += 1
        self.deals.clear()

    def finish(self) -> Match:
        if self.first is None:
            raise InvalidRecordError(f"a record starts with {MAGIC!r}", 1)
        if self.seed is not None:
            self._replay_waiting()
            assert self.match is not None
            match = self.match
        else:
            decks = []
            for deal in self.deals:
                if deal.deck is None:
                    raise InvalidRecordError(
                        "without a seed every deal needs a deck line", deal.line
                    )
                decks.append(deal.deck)
            match = self._start(decks)
            for index, deal in enumerate(self.deals):
                _replay_deal(match, deal, index)
        if self.final is not None:
            _check_final(match, *self.final)
        return match


def _ordered_cards(text: str) -> list[Card]:
    cards = [parse_card(word) for word in text.split()]
    parse_cards(cards)  # refuses repeats
    return cards


def _replay_deal(match: Match, deal: _Deal, index: int) -> None:
    if match.is_over:
        raise InvalidRecordError("the match was already over", deal.line)
    expected = (index + 1, match.hand_number, match.dealer)
    if (deal.number, deal.hand, deal.dealer) != expected:
        raise InvalidRecordError(
            "expected 'deal {} hand {} dealer {}'".format(*expected), deal.line
        )
    hand = match.current
    finished = False
    for number, head, words in deal.items:
        if finished:
            raise InvalidRecordError("the hand is over: start a new deal", number)
        if head == "result":
            result = hand.result
            if result is None:
                raise InvalidRecordError("result line before the hand is over", number)
            if result.winner is None:
                written = ["dead"]
            else:
                written = [
                    result.outcome.value,
                    "winner",
                    str(result.winner),
                    "points",
                    str(result.points),
                    "deadwood",
                    str(result.knocker_deadwood),
                    str(result.defender_deadwood),
                ]
            if words != written:
                raise InvalidRecordError(
                    f"the result is '{' '.join(written)}', not '{' '.join(words)}'", number
                )
            finished = True
            continue
        if hand.is_over:
            raise InvalidRecordError("the hand is over: its result line comes next", number)
        seat = int(head)
        text = " ".join(words)
        drawn = None
        if words and words[0].lower() in ("draw", "take", "stock") and len(words) == 2:
            text, drawn = words[0], words[1]
        try:
            action = Action.parse(text)
            record = match.apply(action, seat)
        except CardTableError as error:
            raise InvalidRecordError(str(error), number) from None
        if action.kind.is_draw and drawn is not None:
            try:
                card = parse_card(drawn)
            except CardTableError as error:
                raise InvalidRecordError(str(error), number) from None
            if record.drawn != CARDS[card]:
                raise InvalidRecordError(f"the card drawn is {record.drawn}, not {drawn}", number)
    if hand.is_over and not finished:
        raise InvalidRecordError("the hand ended but its result line is missing", deal.line)


def _check_final(match: Match, number: int, words: list[str]) -> None:
    final = match.final
    if final is None:
        raise InvalidRecordError("a final line, but no player reached the target", number)
    written = [
        str(final.totals[0]),
        str(final.totals[1]),
        "winner",
        str(final.winner),
        "margin",
        str(final.margin),
    ]
    if words != written:
        raise InvalidRecordError(
            f"the final line is 'final {' '.join(written)}', not 'final {' '.join(words)}'", number
        )


def read_lines(handle: BinaryIO) -> Iterator[tuple[int, str]]:
    """The numbered lines of a record file, read one at a time: a line that is not UTF-8 or
    longer than :data:`MAX_LINE_BYTES` is refused with its number; a UTF-8 BOM is skipped."""
    return read_record_lines(handle, MAX_LINE_BYTES)


def replay_file(path: str) -> Match:
    """Load a record from a file, as it is read (see :func:`load_lines`)."""
    with open(path, "rb") as handle:
        return load_lines(read_lines(handle))
