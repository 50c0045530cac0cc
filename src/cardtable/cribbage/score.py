"""Scoring: the show of a hand or crib (CRIBBAGE.md section 3) and what a card pegs (section 2).

Cards are the shared core's :class:`~cardtable.cards.Card`: ``rank`` 0 (ace) to 12 (king),
``value`` the counting value (ace 1, courts 10). Two scorers: :func:`show_score` itemises every
combination for people and commands; :func:`show_total` is the same total, fast, for players
that score thousands of hands a decision.

>>> from cardtable.cards import parse_card, parse_cards
>>> score = show_score(parse_cards("5H 5S 5C JD"), parse_card("5D"))
>>> score.fifteen_points, score.pair_points, score.nobs_points, score.total
(16, 12, 1, 29)
>>> show_total(parse_cards("5H 5S 5C JD"), parse_card("5D"))
29
>>> peg_score(parse_cards_in_order("7S 8H 8D 8C")).points
8
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any, Final

from cardtable.cards import VALUES, Card, parse_card
from cardtable.errors import InvalidCardError

__all__ = [
    "JACK",
    "PegScore",
    "ShowScore",
    "kept_points",
    "parse_cards_in_order",
    "peg_counts",
    "peg_score",
    "show_score",
    "show_total",
]

JACK: Final = 10  # the rank index of the jack
_FIFTEEN_SUBSETS: Final = tuple(
    tuple(combo) for size in range(2, 6) for combo in combinations(range(5), size)
)


def parse_cards_in_order(text: str) -> list[Card]:
    """Cards in the order written (a count is an ordered sequence, not a set); a repeat is
    refused, naming the card."""
    cards: list[Card] = []
    for word in text.replace(",", " ").split():
        card = parse_card(word)
        if card in cards:
            raise InvalidCardError(f"card {card} is repeated")
        cards.append(card)
    return cards


@dataclass(frozen=True, slots=True)
class ShowScore:
    """The show of four cards with the starter, every scoring combination listed."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    fifteens: tuple[tuple[Card, ...], ...]
    pairs: tuple[tuple[Card, Card], ...]
    runs: tuple[tuple[Card, ...], ...]
    flush: tuple[Card, ...]
    nobs: Card | None

    @property
    def fifteen_points(self) -> int:
        return 2 * len(self.fifteens)

    @property
    def pair_points(self) -> int:
        return 2 * len(self.pairs)

    @property
    def run_points(self) -> int:
        return sum(len(run) for run in self.runs)

    @property
    def flush_points(self) -> int:
        return len(self.flush)

    @property
    def nobs_points(self) -> int:
        return 0 if self.nobs is None else 1

    @property
    def total(self) -> int:
        return (
            self.fifteen_points
            + self.pair_points
            + self.run_points
            + self.flush_points
            + self.nobs_points
        )

    def to_dict(self) -> dict[str, Any]:
        """The contract of ``cardtable cribbage show --json``: each category's points and the
        combinations that make them."""

        def names(cards: Iterable[Card]) -> list[str]:
            return [str(card) for card in cards]

        return {
            "hand": names(self.hand),
            "starter": str(self.starter),
            "crib": self.crib,
            "fifteens": {
                "points": self.fifteen_points,
                "combinations": [names(c) for c in self.fifteens],
            },
            "pairs": {"points": self.pair_points, "combinations": [names(p) for p in self.pairs]},
            "runs": {"points": self.run_points, "combinations": [names(r) for r in self.runs]},
            "flush": {"points": self.flush_points, "cards": names(self.flush)},
            "nobs": {
                "points": self.nobs_points,
                "card": None if self.nobs is None else str(self.nobs),
            },
            "total": self.total,
        }


def _check_show(hand: Sequence[Card], starter: Card) -> None:
    if len(hand) != 4:
        raise InvalidCardError(f"a hand or crib is 4 cards, not {len(hand)}")
    if len(set(hand)) != 4:
        raise InvalidCardError("a hand holds each card once")
    if starter in hand:
        raise InvalidCardError(f"the starter {starter} cannot also be in the hand")


def show_score(hand: Iterable[Card], starter: Card, crib: bool = False) -> ShowScore:
    """The itemised show of ``hand`` (four cards) with ``starter``; ``crib`` applies the crib's
    flush rule (all five cards of one suit)."""
    cards = tuple(sorted(hand, key=lambda c: (c.rank, c.suit)))
    _check_show(cards, starter)
    five = (*cards, starter)
    fifteens = tuple(
        tuple(five[i] for i in subset)
        for subset in _FIFTEEN_SUBSETS
        if sum(VALUES[five[i]] for i in subset) == 15
    )
    pairs = tuple((a, b) for a, b in combinations(five, 2) if a.rank == b.rank)
    runs = _runs(five)
    flush: tuple[Card, ...] = ()
    if len({c.suit for c in cards}) == 1:
        if starter.suit == cards[0].suit:
            flush = five
        elif not crib:
            flush = cards
    nobs = next((c for c in cards if c.rank == JACK and c.suit == starter.suit), None)
    return ShowScore(cards, starter, crib, fifteens, pairs, runs, flush, nobs)


def _runs(five: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every distinct run of the longest length there is (3 or more), one card per rank."""
    by_rank: dict[int, list[Card]] = {}
    for card in five:
        by_rank.setdefault(card.rank, []).append(card)
    for length in (5, 4, 3):
        found: list[tuple[Card, ...]] = []
        for low in range(0, 14 - length):
            ranks = range(low, low + length)
            if all(r in by_rank for r in ranks):
                found.extend(_choices([by_rank[r] for r in ranks]))
        if found:
            return tuple(found)
    return ()


def _choices(groups: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    combos: list[tuple[Card, ...]] = [()]
    for group in groups:
        combos = [(*combo, card) for combo in combos for card in group]
    return combos


def _rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs among cards of these ranks (any number of them): they depend
    on the ranks alone."""
    counts = [0] * 13
    ways = [1] + [0] * 15
    for rank in ranks:
        counts[rank] += 1
        value = min(rank + 1, 10)
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    points = 2 * ways[15]
    run = 0
    product = 1
    for count in (*counts, 0):
        points += count * (count - 1)
        if count:
            run += 1
            product *= count
        else:
            if run >= 3:
                points += run * product
            run = 0
            product = 1
    return points


def kept_points(cards: Sequence[Card]) -> int:
    """What four cards make together, without a starter: fifteens, pairs, runs, a flush (what
    the players weigh a hand to keep by, not a show).

    >>> from cardtable.cards import parse_cards
    >>> kept_points(list(parse_cards("5H 5S JD QD")))
    10
    >>> kept_points(list(parse_cards("2H 4H 6H 8H")))
    4
    """
    points = _rank_points([card % 13 for card in cards])
    suit = cards[0] // 13
    if all(card // 13 == suit for card in cards):
        points += 4
    return points


# A multiset of five ranks as one int: three bits per rank hold how many cards of it there
# are (at most four), so the key is the sum of the cards' weights, in any order.
_WEIGHTS: Final = tuple(1 << 3 * (card % 13) for card in range(52))
# Empty until first used (building it costs some 35 ms, which an import should not pay),
# then replaced by the complete table: never filled in place, so that a thread reading it
# while another builds it sees an empty table (and builds its own) or a whole one. Filled
# in place, a second thread looked up a key not yet there (a KeyError: a 500 on a fresh
# server whose Cribbage seats asked for their aids at once).
_BY_RANKS: dict[int, int] = {}


def _rank_table() -> dict[int, int]:
    """Every multiset of five ranks (6,175 of them) with its points, built on first use."""
    global _BY_RANKS
    table = _BY_RANKS
    if not table:
        table = {
            sum(1 << 3 * r for r in ranks): _rank_points(ranks)
            for ranks in combinations_with_replacement(range(13), 5)
            if max(ranks.count(r) for r in ranks) <= 4
        }
        _BY_RANKS = table  # published whole
    return table


def show_total(hand: Iterable[Card], starter: int, crib: bool = False) -> int:
    """The total of :func:`show_score`, without listing combinations (no input checks)."""
    a, b, c, d = hand
    weights = _WEIGHTS
    table = _BY_RANKS or _rank_table()
    points = table[weights[a] + weights[b] + weights[c] + weights[d] + weights[starter]]
    suit = a // 13
    if b // 13 == suit and c // 13 == suit and d // 13 == suit:
        if starter // 13 == suit:
            points += 5
        elif not crib:
            points += 4
    nob = starter // 13 * 13 + JACK  # the jack of the starter's suit
    if nob in (a, b, c, d):
        points += 1
    return points


@dataclass(frozen=True, slots=True)
class PegScore:
    """What the last card of a count pegs (last-card and go points are not included)."""

    count: int
    fifteen: int
    thirty_one: int
    pairs: int
    run: int

    @property
    def points(self) -> int:
        return self.fifteen + self.thirty_one + self.pairs + self.run

    def to_dict(self) -> dict[str, Any]:
        """The contract of ``cardtable cribbage peg --json``."""
        return {
            "count": self.count,
            "fifteen": self.fifteen,
            "thirty_one": self.thirty_one,
            "pairs": self.pairs,
            "run": self.run,
            "points": self.points,
        }


_PAIR_POINTS: Final = (0, 0, 2, 6, 12)


def peg_score(cards: Sequence[int]) -> PegScore:
    """What the last of ``cards`` (the cards of the current count, in play order) pegs.

    >>> peg_score(parse_cards_in_order("4S 6S 4H 5D")).run
    3
    """
    if not cards:
        raise InvalidCardError("a count needs at least one card")
    if len(set(cards)) != len(cards):
        raise InvalidCardError("a card is played once in a count")
    count = sum(VALUES[c] for c in cards)
    if count > 31:
        raise InvalidCardError(f"the count may not pass 31, and these cards make {count}")
    fifteen, thirty_one, pairs, run = peg_counts(cards, count)
    return PegScore(count, fifteen, thirty_one, pairs, run)


def peg_counts(cards: Sequence[int], count: int) -> tuple[int, int, int, int]:
    """:func:`peg_score`'s points (fifteen, 31, pairs, run) for a valid count, unchecked: the
    hand's own path, taken for every card played."""
    size = len(cards)
    last = cards[-1] % 13
    same = 1
    while same < size and cards[-1 - same] % 13 == last:
        same += 1
    run = 0
    if size >= 3:
        low = high = last
        seen = {last}
        # Grow the window back from the last card; once a rank repeats, no longer window
        # holds distinct ranks, so none can be a run.
        for length in range(2, size + 1):
            rank = cards[-length] % 13
            if rank in seen:
                break
            seen.add(rank)
            low = min(low, rank)
            high = max(high, rank)
            if length >= 3 and high - low == length - 1:
                run = length
    return (
        2 if count == 15 else 0,
        2 if count == 31 else 0,
        _PAIR_POINTS[same],
        run,
    )
