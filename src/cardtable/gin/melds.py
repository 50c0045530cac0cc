"""Melds and deadwood: the exact minimum-deadwood arrangement of any 0 to 11 cards.

Every possible meld (65 sets, 264 runs) is precomputed as a 52-bit mask at import. Runs stay
within a suit, so only sets tie the suits together: a hand without three cards of a rank
scores as the sum, over its four 13-bit suit blocks, of a table of the runs-only minimum.
Otherwise each way of using the ranks that can make a set (one of their sets, or none) is
scored by that table and the least wins. Either way the minimum is exact, never a greedy
guess. Masks with too many set combinations (more than eleven cards) go to a search that
places the lowest card every possible way, caching sub-results by mask.

>>> best = best_arrangement("7S 7H 7D 4H 5H 6H KS 2S 9C QD")
>>> best.deadwood, str(best)
(31, '[7S 7H 7D] [4H 5H 6H] 2S KS QD 9C')
>>> deadwood(parse_cards("2S 2C 3C 4C 5C 5D 6D 7D 8D 2H 5H").mask)
4
>>> discard_options("2S 2C 3C 4C 5C 5D 6D 7D 8D 2H 5H")[0]
(Card('5H'), 0)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from cardtable.cards import CARDS, VALUES, Card, CardSet, CardsLike, parse_cards
from cardtable.errors import InvalidMeldError

__all__ = [
    "ALL_MELDS",
    "RUN_DEADWOOD",
    "RUN_MASKS",
    "SET_MASKS",
    "SET_RELIEF",
    "Arrangement",
    "DefenderAnswer",
    "Layoff",
    "Meld",
    "arrangements_within",
    "best_arrangement",
    "best_discard",
    "best_masks",
    "deadwood",
    "defender_answer",
    "discard_options",
    "parse_arrangement",
    "parse_meld",
    "sorted_melds",
]


def _build_melds() -> tuple[list[int], list[int]]:
    sets: list[int] = []
    for rank in range(13):
        cards = [suit * 13 + rank for suit in range(4)]
        for size in (3, 4):
            for combo in itertools.combinations(cards, size):
                sets.append(sum(1 << c for c in combo))
    runs: list[int] = []
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14 - start):
                runs.append(((1 << length) - 1) << (suit * 13 + start))
    return sets, runs


_sets, _runs = _build_melds()
SET_MASKS: Final = frozenset(_sets)
RUN_MASKS: Final = frozenset(_runs)
ALL_MELDS: Final = tuple(_sets + _runs)

# Melds grouped by their lowest card: runs by increasing length (so a missing card ends
# the scan) and sets separately.
_RUNS_FROM: Final = tuple(
    tuple(sorted((m for m in _runs if m & -m == 1 << c), key=int.bit_count)) for c in range(52)
)
_SETS_FROM: Final = tuple(tuple(m for m in _sets if m & -m == 1 << c) for c in range(52))
# One card of each suit at rank 0: shifted by a rank, the four cards of that rank.
_RANK_SPREAD: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39


def _build_suit_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per 13-bit suit block: the least deadwood using runs only, and the cards in some run.

    Without a possible set, suits cannot interact, so a hand's minimum is the sum of these.
    """
    values = [min(rank + 1, 10) for rank in range(13)]
    runs_from = [[((1 << n) - 1) << rank for n in range(3, 14 - rank)] for rank in range(13)]
    least = [0] * (1 << 13)
    for block in range(1, 1 << 13):
        low = block & -block
        rank = low.bit_length() - 1
        # Removing cards makes a smaller number, so every sub-block is already filled in.
        best = values[rank] + least[block ^ low]
        for run in runs_from[rank]:
            if block & run != run:
                break
            if least[block ^ run] < best:
                best = least[block ^ run]
        least[block] = best
    runnable = [
        block & ((block << 1 & block << 2) | (block << 1 & block >> 1) | (block >> 1 & block >> 2))
        for block in range(1 << 13)
    ]
    return tuple(least), tuple(runnable)


# RUN_DEADWOOD[block] is the least deadwood of one suit's 13-bit block using runs only, and
# SET_RELIEF[ranks] the most that sets of those ranks can take off the sum of the four: with
# them a caller bounds a hand's deadwood from below in a few lookups (the hand does this to
# skip the exact solve for hands far from a knock).
RUN_DEADWOOD, _RUNNABLE = _build_suit_tables()


def _build_set_relief() -> tuple[int, ...]:
    """Per 13-bit mask of ranks, the value of all four cards of each: the most that sets of
    those ranks can take off the runs-only minimum."""
    relief = [0]
    for rank in range(13):
        # The masks with this rank are those without it plus its four cards.
        extra = 4 * min(rank + 1, 10)
        relief += [value + extra for value in relief]
    return tuple(relief)


SET_RELIEF: Final = _build_set_relief()


def _build_set_choices() -> dict[int, tuple[int, ...]]:
    """The set options worth trying for one rank, keyed by ``held | loose << 52``.

    ``held`` is the 3 or 4 cards of one rank in the hand and ``loose`` those of them that can
    be in no run. A loose card left out of a set would be deadwood, so adding it to the set is
    never worse: every option keeps all loose cards in its set, and "no set" is only tried
    while fewer than three cards are loose.
    """
    choices: dict[int, tuple[int, ...]] = {}
    for rank in range(13):
        spread = _RANK_SPREAD << rank
        held = spread
        while held:
            if held.bit_count() >= 3:
                sets = [m for m in _sets if m & spread and m & ~held == 0]
                sets.sort(key=int.bit_count, reverse=True)
                loose = held
                while True:
                    options = [m for m in sets if m & loose == loose]
                    if loose.bit_count() < 3:
                        options.insert(0, 0)
                    choices[held | loose << 52] = tuple(options)
                    if not loose:
                        break
                    loose = (loose - 1) & held
            held = (held - 1) & spread
    return choices


_SET_CHOICES: Final = _build_set_choices()
# Set combinations tried before handing over to the cached search: 72 is the most eleven
# cards can need (two four-card ranks and a three-card one, 6 * 6 * 2), so only bigger masks
# (never in play) take the search, whose cost does not explode with the number of sets.
_COMBINATION_LIMIT: Final = 72

# Only the search below uses the cache, so it stays empty in play; bounded all the same
# (about 10 MB when full), and cleared at once since refilling is cheap.
_CACHE: dict[int, int] = {}
_CACHE_LIMIT: Final = 1 << 17


def _search(mask: int) -> int:
    """Minimum deadwood by placing the lowest card every possible way; cached by mask."""
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    if not (a & b & (c | d)) | (c & d & (a | b)):
        return RUN_DEADWOOD[a] + RUN_DEADWOOD[b] + RUN_DEADWOOD[c] + RUN_DEADWOOD[d]
    cached = _CACHE.get(mask)
    if cached is not None:
        return cached
    low = mask & -mask
    card = low.bit_length() - 1
    best = VALUES[card] + _search(mask ^ low)
    for meld in _RUNS_FROM[card]:
        if meld & mask != meld:
            break
        value = _search(mask ^ meld)
        if value < best:
            best = value
    for meld in _SETS_FROM[card]:
        if meld & mask == meld:
            value = _search(mask ^ meld)
            if value < best:
                best = value
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[mask] = best
    return best


def deadwood(mask: int) -> int:
    """Minimum deadwood of the cards in ``mask`` (a 52-bit int), exact.

    >>> deadwood(parse_cards("4H 5H 6H 9C 9D 9S JS QS KS 3D").mask)
    3
    """
    # Literal 8191 (one suit block) rather than a name: this is the engine's hottest code.
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    least = RUN_DEADWOOD
    value = least[a] + least[b] + least[c] + least[d]
    sets = (a & b & (c | d)) | (c & d & (a | b))
    if not sets:
        return value
    return _with_sets(mask, sets, value)


def _with_sets(mask: int, sets: int, value: int) -> int:
    """Minimum deadwood when the ranks in ``sets`` (a 13-bit mask) can each make a set.

    ``value`` is the minimum with no set at all. Choosing per such rank a set or none leaves
    cards that only runs can meld, so each choice is scored by the per-suit table.
    """
    least = RUN_DEADWOOD
    if not sets & (sets - 1):
        held = mask & sets * _RANK_SPREAD
        if held.bit_count() == 3:
            # The usual case in play, where two table sums beat working out what to prune.
            rest = mask ^ held
            other = least[rest & 8191] + least[rest >> 13 & 8191]
            other += least[rest >> 26 & 8191] + least[rest >> 39]
            return other if other < value else value
    runnable = _RUNNABLE
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    loose = mask ^ (runnable[a] | runnable[b] << 13 | runnable[c] << 26 | runnable[d] << 39)
    rests = [mask]
    while sets:
        low = sets & -sets
        sets ^= low
        rank = low * _RANK_SPREAD
        options = _SET_CHOICES[mask & rank | (loose & rank) << 52]
        if len(options) == 1:
            only = options[0]
            rests = [rest ^ only for rest in rests]
        else:
            if len(rests) * len(options) > _COMBINATION_LIMIT:
                return _search(mask)
            rests = [rest ^ used for rest in rests for used in options]
    for rest in rests:
        other = least[rest & 8191] + least[rest >> 13 & 8191]
        other += least[rest >> 26 & 8191] + least[rest >> 39]
        if other < value:
            value = other
    return value


def discard_deadwoods(mask: int) -> list[tuple[int, int]]:
    """``(card, deadwood after discarding it)`` for every card in ``mask``, in card order."""
    result: list[tuple[int, int]] = []
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        result.append((low.bit_length() - 1, deadwood(mask ^ low)))
    return result


_BY_VALUE: Final = tuple(sorted(range(52), key=lambda c: -VALUES[c]))


def best_discard(mask: int, keep: int = 0) -> tuple[int, int]:
    """``(deadwood, card)``: the least deadwood ``mask`` keeps after one discard, and the card
    that gives it (the highest such card), never one of ``keep``. ``(-1, -1)`` if every
    card is kept.

    >>> left, card = best_discard(parse_cards("7S 7H 7D 4H 5H 6H KS 2S 9C QD AC").mask)
    >>> left, CARDS[card]
    (22, Card('KS'))
    """
    whole = deadwood(mask)
    best, choice = 1 << 30, -1
    free = mask & ~keep
    for card in _BY_VALUE:
        # Setting a card aside lowers the minimum by at most its value.
        if not free >> card & 1 or whole - VALUES[card] >= best:
            continue
        left = deadwood(mask ^ 1 << card)
        if left < best:
            best, choice = left, card
            if best == 0:
                break
    return (best, choice) if choice >= 0 else (-1, -1)


def knock_discards(mask: int, threshold: int) -> list[tuple[int, int]]:
    """``(card, deadwood)`` for each discard from 11 cards that leaves at most ``threshold``.

    Laying a card aside raises the eleven-card minimum by at most that card's value, so only
    cards worth at least ``deadwood(mask) - threshold`` need a solve: most hands need none.
    """
    # deadwood(mask) inlined, so that the sets are only worked out for a hand near a knock.
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    least = RUN_DEADWOOD
    value = least[a] + least[b] + least[c] + least[d]
    sets = (a & b & (c | d)) | (c & d & (a | b))
    if sets:
        # Taking cards out for sets lowers the runs-only minimum by at most their value, so
        # a hand far from knocking even then needs no exact answer.
        if value - SET_RELIEF[sets] - threshold > 10:
            return []
        value = _with_sets(mask, sets, value)
    need = value - threshold
    if need > 10:
        return []
    result: list[tuple[int, int]] = []
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        if VALUES[card] >= need:
            value = deadwood(mask ^ low)
            if value <= threshold:
                result.append((card, value))
    return result


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """A set (3 or 4 cards of one rank) or a run (3 or more in sequence in one suit).

    Built from a mask or from cards: ``Meld("5H 6H 7H")``, which is also its ``repr``.
    """

    mask: int

    def __init__(self, cards: int | CardsLike) -> None:
        if isinstance(cards, Card | bool):
            raise InvalidMeldError(f"a meld is three or more cards, not {cards!r}")
        mask = cards if isinstance(cards, int) else parse_cards(cards).mask
        if mask not in SET_MASKS and mask not in RUN_MASKS:
            raise InvalidMeldError(f"{CardSet.from_mask(mask)} is neither a set nor a run")
        object.__setattr__(self, "mask", mask)

    @property
    def is_run(self) -> bool:
        return self.mask in RUN_MASKS

    @property
    def is_set(self) -> bool:
        return self.mask in SET_MASKS

    @property
    def kind(self) -> str:
        """``"set"`` or ``"run"``."""
        return "run" if self.is_run else "set"

    @property
    def cards(self) -> CardSet:
        return CardSet.from_mask(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __str__(self) -> str:
        return str(self.cards)

    def __repr__(self) -> str:
        return f"Meld('{self.cards}')"


def parse_meld(text: CardsLike) -> Meld:
    """A meld from card text; anything that is not a set or a run is refused.

    >>> parse_meld("7h 5h 6h"), parse_meld("KS KH KC").kind
    (Meld('5H 6H 7H'), 'set')
    """
    return Meld(parse_cards(text).mask)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Cards split into disjoint melds plus deadwood. ``str`` gives ``[7S 7H 7D] [4H 5H 6H] KS``."""

    melds: tuple[Meld, ...]
    unmatched: CardSet

    @property
    def deadwood(self) -> int:
        return self.unmatched.value

    @property
    def cards(self) -> CardSet:
        mask = self.unmatched.mask
        for meld in self.melds:
            mask |= meld.mask
        return CardSet.from_mask(mask)

    def __str__(self) -> str:
        # "[]" marks an arrangement without melds: bare cards would read as one meld.
        parts = [f"[{meld}]" for meld in self.melds] or (["[]"] if self.unmatched else [])
        parts.extend(str(c) for c in self.unmatched)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"parse_arrangement('{self}')"


def parse_arrangement(text: str, cards: CardsLike | None = None) -> Arrangement:
    """Read melds in brackets (or separated by ``|``), the rest loose as deadwood; ``[]``
    alone stands for no melds.

    With ``cards`` given, the melds must be disjoint cards of that hand and every other card
    of the hand is deadwood.

    >>> parse_arrangement("[7S 7H 7D] [4H 5H 6H] KS")
    parse_arrangement('[7S 7H 7D] [4H 5H 6H] KS')
    >>> str(parse_arrangement("7S 7H 7D | 4H 5H 6H", "7S 7H 7D 4H 5H 6H KS 2S"))
    '[7S 7H 7D] [4H 5H 6H] 2S KS'
    """
    melds: list[Meld] = []
    loose: list[str] = []
    if "[" in text:
        rest = text
        while "[" in rest:
            before, _, after = rest.partition("[")
            inside, closed, rest = after.partition("]")
            if not closed:
                raise InvalidMeldError(f"unclosed '[' in {text!r}")
            loose.append(before)
            if inside.strip():
                melds.append(parse_meld(inside))
        loose.append(rest)
    else:
        melds = [parse_meld(part) for part in text.split("|") if part.strip()]
    used = 0
    for meld in melds:
        if used & meld.mask:
            raise InvalidMeldError(f"melds overlap: {CardSet.from_mask(used & meld.mask)}")
        used |= meld.mask
    unmatched = parse_cards(" ".join(loose)).mask
    if unmatched & used:
        raise InvalidMeldError(f"{CardSet.from_mask(unmatched & used)} is both melded and loose")
    if cards is not None:
        hand = parse_cards(cards).mask
        if used & ~hand:
            raise InvalidMeldError(f"{CardSet.from_mask(used & ~hand)} not in the hand")
        if unmatched & ~hand:
            raise InvalidMeldError(f"{CardSet.from_mask(unmatched & ~hand)} not in the hand")
        unmatched = hand & ~used
    return Arrangement(tuple(melds), CardSet.from_mask(unmatched))


def best_masks(mask: int) -> tuple[list[int], int]:
    """One optimal arrangement of ``mask`` as (meld masks, deadwood mask), longest melds first."""
    melds: list[int] = []
    loose = 0
    while mask:
        target = deadwood(mask)
        low = mask & -mask
        card = low.bit_length() - 1
        chosen = 0
        for meld in reversed(_RUNS_FROM[card]):
            if meld & mask == meld and deadwood(mask ^ meld) == target:
                chosen = meld
                break
        if not chosen:
            for meld in reversed(_SETS_FROM[card]):
                if meld & mask == meld and deadwood(mask ^ meld) == target:
                    chosen = meld
                    break
        if chosen:
            melds.append(chosen)
            mask ^= chosen
        else:
            loose |= low
            mask ^= low
    return melds, loose


def sorted_melds(masks: Sequence[int]) -> tuple[Meld, ...]:
    return tuple(Meld(m) for m in sorted(masks, key=lambda m: (m & -m, -m)))


def best_arrangement(cards: CardsLike) -> Arrangement:
    """One arrangement with the minimum deadwood (long melds preferred on ties)."""
    melds, loose = best_masks(parse_cards(cards).mask)
    return Arrangement(sorted_melds(melds), CardSet.from_mask(loose))


def discard_options(cards: CardsLike) -> list[tuple[Card, int]]:
    """For each card, the minimum deadwood left after discarding it; best first.

    >>> discard_options("7S 7H 7D 4H 5H 6H KS 2S 9C QD 3H")[:2]
    [(Card('KS'), 21), (Card('QD'), 21)]
    """
    pairs = discard_deadwoods(parse_cards(cards).mask)
    return [(CARDS[c], d) for c, d in sorted(pairs, key=lambda p: (p[1], p[0]))]


def arrangements_within(cards: CardsLike, threshold: int) -> Iterator[Arrangement]:
    """Every arrangement of the cards whose deadwood is at most ``threshold``.

    These are the arrangements a knocker may lay out; the first has the least deadwood.

    >>> [str(a) for a in arrangements_within("4H 5H 6H 7H 9C 9D 9S 3D AD 2D", 4)]
    ['[9S 9D 9C] [4H 5H 6H 7H] [AD 2D 3D]', '[9S 9D 9C] [5H 6H 7H] [AD 2D 3D] 4H']
    """
    mask = parse_cards(cards).mask
    found: list[tuple[int, list[int], int]] = []

    def walk(rest: int, budget: int, melds: list[int], loose: int) -> None:
        if not rest:
            found.append((loose, list(melds), budget))
            return
        if deadwood(rest) > budget:
            return
        low = rest & -rest
        card = low.bit_length() - 1
        for meld in _RUNS_FROM[card]:
            if meld & rest != meld:
                break
            melds.append(meld)
            walk(rest ^ meld, budget, melds, loose)
            melds.pop()
        for meld in _SETS_FROM[card]:
            if meld & rest == meld:
                melds.append(meld)
                walk(rest ^ meld, budget, melds, loose)
                melds.pop()
        if VALUES[card] <= budget:
            walk(rest ^ low, budget - VALUES[card], melds, loose | low)

    walk(mask, threshold, [], 0)
    found.sort(key=lambda item: (-item[2], len(item[1])))
    for loose, melds, _ in found:
        yield Arrangement(sorted_melds(melds), CardSet.from_mask(loose))


@dataclass(frozen=True, slots=True)
class Layoff:
    """A defender's card laid off onto one of the knocker's melds."""

    card: Card
    onto: Meld

    def __str__(self) -> str:
        return f"{self.card} on [{self.onto}]"


@dataclass(frozen=True, slots=True)
class DefenderAnswer:
    """The defender's best reply to a knock: own melds, lay-offs and what is left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    unmatched: CardSet

    @property
    def deadwood(self) -> int:
        return self.unmatched.value


def _layoff_choices(meld: int, held: int) -> list[list[int]]:
    """The ways of laying defender cards ``held`` onto one knocker meld, as card lists."""
    if meld in SET_MASKS:
        if meld.bit_count() == 4:
            return [[]]
        low = meld & -meld
        rank = (low.bit_length() - 1) % 13
        missing = next(s * 13 + rank for s in range(4) if not meld >> (s * 13 + rank) & 1)
        return [[], [missing]] if held >> missing & 1 else [[]]
    first = (meld & -meld).bit_length() - 1
    last = meld.bit_length() - 1
    suit_start = first - first % 13
    down: list[int] = []
    card = first - 1
    while card >= suit_start and held >> card & 1:
        down.append(card)
        card -= 1
    up: list[int] = []
    card = last + 1
    while card < suit_start + 13 and held >> card & 1:
        up.append(card)
        card += 1
    return [down[:d] + up[:u] for d in range(len(down) + 1) for u in range(len(up) + 1)]


def defender_answer(
    defender: CardsLike, knocker_melds: Sequence[Meld], gin: bool = False
) -> DefenderAnswer:
    """The defender's optimum over own melds and lay-offs jointly (chains included).

    After gin no lay-offs are allowed, so the defender only arranges their own melds.

    >>> answer = defender_answer("8H 9H 7C KS 2D 3D 4D QC JC TC", [parse_meld("5H 6H 7H")])
    >>> [str(l) for l in answer.layoffs], answer.deadwood
    (['8H on [5H 6H 7H]', '9H on [5H 6H 7H]'], 17)
    """
    mask = parse_cards(defender).mask
    choices: list[list[list[int]]] = [
        [[]] if gin else _layoff_choices(m.mask, mask) for m in knocker_melds
    ]
    best_value = deadwood(mask) + 1
    best_layoffs: list[tuple[int, int]] = []
    for combo in itertools.product(*choices):
        laid = 0
        pairs: list[tuple[int, int]] = []
        clash = False
        for meld, cards in zip(knocker_melds, combo, strict=True):
            for card in cards:
                if laid >> card & 1:
                    clash = True
                laid |= 1 << card
                pairs.append((card, meld.mask))
        if clash:
            continue
        value = deadwood(mask & ~laid)
        if value < best_value:
            best_value, best_layoffs = value, pairs
    laid_mask = sum(1 << card for card, _ in best_layoffs)
    melds, loose = best_masks(mask & ~laid_mask)
    layoffs = tuple(Layoff(CARDS[card], Meld(onto)) for card, onto in best_layoffs)
    return DefenderAnswer(sorted_melds(melds), layoffs, CardSet.from_mask(loose))
