"""Numpy kernels over batches of hands: minimum deadwood, knockable discards, card bits.

A hand is a 52-bit mask in a ``uint64`` (card ``c = suit * 13 + rank`` is bit ``c``, as in the
engine), so a batch of hands is one array and most work is one numpy call over all of it.

:func:`deadwood` is the engine's exact minimum (:func:`cardtable.gin.melds.deadwood`), by the
same method: runs stay within a suit, so without a possible set the answer is the sum of a
per-suit table over the four 13-bit blocks; otherwise every useful way of using each rank
that can make a set (one of its sets, or none) is scored by that table and the least wins.
The batch version lays those choices out as an array (at most six per rank, three such
ranks in eleven cards) instead of looping over them.

>>> from cardtable.cards import parse_cards
>>> hands = np.array([parse_cards(text).mask for text in (
...     "7S 7H 7D 4H 5H 6H KS 2S 9C QD", "4H 5H 6H 9C 9D 9S JS QS KS 3D")], dtype=np.uint64)
>>> deadwood(hands).tolist()
[31, 3]
"""

from __future__ import annotations

import itertools
from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.cards import VALUES
from cardtable.env.arrays import I64, U64
from cardtable.gin.melds import RUN_DEADWOOD, SET_MASKS, knock_discards

__all__ = [
    "BIT",
    "CARD_VALUES",
    "U64",
    "bits_to_cards",
    "deadwood",
    "knockable",
    "masks_of_decks",
]

_BLOCK: Final = np.uint64(8191)
_SHIFTS: Final = (np.uint64(0), np.uint64(13), np.uint64(26), np.uint64(39))

BIT: Final[U64] = np.array([1 << c for c in range(52)], dtype=np.uint64)
BIT.flags.writeable = False
CARD_VALUES: Final[I64] = np.array(VALUES, dtype=np.int64)
CARD_VALUES.flags.writeable = False

# The runs-only minimum of one suit's 13-bit block (the engine's own table, as an array).
_RUN_TABLE: Final = np.array(RUN_DEADWOOD, dtype=np.int64)
# The cards of a block that belong to some possible run (three in a row around them): a card
# outside every run can only be melded in a set.
_RUNNABLE: Final = np.array(
    [
        block & ((block << 1 & block << 2) | (block << 1 & block >> 1) | (block >> 1 & block >> 2))
        for block in range(1 << 13)
    ],
    dtype=np.uint64,
)
_WIDTH: Final = 6  # the most set choices one rank can need: none, four threes, the four


def _build_set_options() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int64]]:
    """Per rank, suits held (4 bits) and loose suits among them (4 bits): the set choices.

    A loose card (one no run can use) left out of a set would be deadwood, so adding it to the
    set is never worse: the choices keep every loose card in the set, and "no set" is only a
    choice while fewer than three cards are loose (the engine prunes the same way). Unused
    places repeat the first choice, which leaves every minimum unchanged. Fewer than three
    cards held, or a loose pattern outside the held one, has the one choice "no set".
    """
    options = np.zeros((13, 16, 16, _WIDTH), dtype=np.uint64)
    counts = np.ones((13, 16, 16), dtype=np.int64)
    for rank in range(13):
        for held in range(16):
            suits = [s for s in range(4) if held >> s & 1]
            if len(suits) < 3:
                continue
            sets = [
                sum(1 << (s * 13 + rank) for s in combo)
                for size in (4, 3)
                for combo in itertools.combinations(suits, size)
            ]
            assert all(m in SET_MASKS for m in sets)
            for loose in range(16):
                if loose & ~held:
                    continue
                loose_cards = sum(1 << (s * 13 + rank) for s in range(4) if loose >> s & 1)
                chosen = [m for m in sets if m & loose_cards == loose_cards]
                if loose.bit_count() < 3:
                    chosen.insert(0, 0)
                row = chosen + [chosen[0]] * (_WIDTH - len(chosen))
                options[rank, held, loose] = row
                counts[rank, held, loose] = len(chosen)
    # Flat, indexed by ``rank << 8 | held << 4 | loose``: one gather instead of three; one
    # more entry past the ranks, "no set" (13 << 8), sorts after every set rank's.
    flat_options = np.zeros((13 * 256 + 1, _WIDTH), dtype=np.uint64)
    flat_options[:-1] = options.reshape(13 * 256, _WIDTH)
    flat_counts = np.ones(13 * 256 + 1, dtype=np.int64)
    flat_counts[:-1] = counts.reshape(13 * 256)
    return flat_options, flat_counts


_SET_OPTIONS, _SET_COUNTS = _build_set_options()


def _blocks(masks: U64) -> tuple[U64, U64, U64, U64]:
    # Unsigned blocks index the tables as they are: a cast would be one more pass each.
    return (
        masks & _BLOCK,
        masks >> _SHIFTS[1] & _BLOCK,
        masks >> _SHIFTS[2] & _BLOCK,
        masks >> _SHIFTS[3],
    )


def _runs_only(masks: U64) -> I64:
    a, b, c, d = _blocks(masks)
    table = _RUN_TABLE
    result: I64 = table[a] + table[b] + table[c] + table[d]
    return result


def deadwood(masks: U64) -> I64:
    """The minimum deadwood of each hand (0 to 11 cards each), exact, as ``int64``."""
    a, b, c, d = _blocks(masks)
    table = _RUN_TABLE
    value: I64 = table[a] + table[b] + table[c] + table[d]
    # The ranks held three or four times: the only cards that can tie suits together.
    sets = (a & b & (c | d)) | (c & d & (a | b))
    rows = np.flatnonzero(sets)
    if rows.size:
        chosen = masks[rows]
        runnable = _RUNNABLE
        reach = (
            runnable[a[rows]]
            | runnable[b[rows]] << _SHIFTS[1]
            | runnable[c[rows]] << _SHIFTS[2]
            | runnable[d[rows]] << _SHIFTS[3]
        )
        # (numpy's stubs read ``&`` of unsigned arrays as bool: the cast states the type)
        value[rows] = _with_sets(chosen, chosen ^ reach, sets[rows].astype(np.uint64))
    return value


_RANKS: Final = np.arange(13, dtype=np.uint64)
_RANK_KEYS: Final = np.arange(13, dtype=np.int64) << 8
_NO_SET: Final = 13 << 8  # the key past every rank's: the one choice "no set"
_SPREAD: Final = np.uint64(1 | 1 << 13 | 1 << 26 | 1 << 39)
# Times this, the bits 0, 13, 26 and 39 of a spread land on bits 39 to 42 and nothing else
# does (every other product bit is below 39 or above 51), so a shift reads the four suits.
_GATHER: Final = np.uint64(1 << 39 | 1 << 27 | 1 << 15 | 1 << 3)


def _suit_patterns(masks: U64) -> I64:
    """Per hand and rank (``[hand, rank]``), which suits hold that rank, as 4 bits."""
    spread = masks[:, None] >> _RANKS & _SPREAD
    patterns: I64 = (spread * _GATHER >> np.uint64(39)).astype(np.int64) & 15
    return patterns


def _with_sets(masks: U64, loose: U64, sets: U64) -> I64:
    """The exact minimum of hands with at least one rank held three times or more.

    ``loose`` holds the cards no run can use. Every rank is looked at at once (``[hand,
    rank]``); the keys of the set ranks sort first, so the first three columns are each
    hand's set ranks (eleven cards hold at most three), padded with "no set". Each hand's
    choices, one per set rank, combine as an outer product of at most 6 x 6 x 2.
    """
    held = _suit_patterns(masks)
    is_set = (sets[:, None] >> _RANKS & np.uint64(1)).astype(np.bool_)
    keys = np.where(is_set, _RANK_KEYS | held << 4 | _suit_patterns(loose), _NO_SET)
    keys = np.sort(keys, axis=1)[:, :3]
    widths = _SET_COUNTS[keys].max(axis=0)
    choices = _SET_OPTIONS[keys]  # [hand, level, choice]
    first = choices[:, 0, : widths[0], None, None]
    second = choices[:, 1, None, : widths[1], None]
    third = choices[:, 2, None, None, : widths[2]]
    rests = (masks[:, None, None, None] ^ first ^ second ^ third).reshape(len(masks), -1)
    scored = _runs_only(rests.reshape(-1)).reshape(rests.shape)
    best: I64 = scored.min(axis=1)
    return best


_FEW: Final = 8


def knockable(hands: U64, whole: I64, thresholds: I64, keep: U64) -> tuple[U64, U64]:
    """The cards of each eleven-card hand whose discard leaves at most its threshold, and
    those of them that leave no deadwood at all (gin).

    ``whole`` is each hand's own minimum (from :func:`deadwood`) and ``keep`` the cards that
    may not be discarded (the card just taken from the pile). Setting a card aside lowers the
    minimum by at most the card's value, so only cards worth at least ``whole - threshold``
    need a solve, and a hand more than ten above its threshold none at all (most hands).
    """
    knocks = np.zeros(len(hands), dtype=np.uint64)
    gins = np.zeros(len(hands), dtype=np.uint64)
    need = whole - thresholds
    rows = np.flatnonzero(need <= 10)
    if not rows.size:
        return knocks, gins
    if rows.size <= _FEW:
        # A few hands near a knock (the usual case): the engine's own search is quicker
        # than the numpy calls below.
        for place in rows.tolist():
            free = int(hands[place]) & ~int(keep[place])
            found = [
                (c, left)
                for c, left in knock_discards(int(hands[place]), int(thresholds[place]))
                if free >> c & 1
            ]
            knocks[place] = sum(1 << c for c, _ in found)
            gins[place] = sum(1 << c for c, left in found if left == 0)
        return knocks, gins
    near = hands[rows]
    row, card = bits_to_cards(near & ~keep[rows])  # row: a place in ``rows``
    worth = CARD_VALUES[card] >= need[rows][row]
    row, card = row[worth], card[worth]
    if not row.size:
        return knocks, gins
    left = deadwood(near[row] ^ BIT[card])
    ok = left <= thresholds[rows][row]
    np.bitwise_or.at(knocks, rows[row[ok]], BIT[card[ok]])
    zero = left == 0
    np.bitwise_or.at(gins, rows[row[zero]], BIT[card[zero]])
    return knocks, gins


def bits_to_cards(masks: U64) -> tuple[I64, I64]:
    """The set bits of each mask as ``(row, card)`` index arrays, rows ascending."""
    bits = np.unpackbits(masks.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    row, card = np.nonzero(bits[:, :52])
    return row.astype(np.int64), card.astype(np.int64)


def masks_of_decks(decks: npt.NDArray[np.int8]) -> tuple[U64, U64, I64]:
    """The non-dealer's and the dealer's hands and the upcard of each deck in dealt order.

    RULES.md 1 and :mod:`cardtable.gin.deal`: cards 0, 2, ..., 18 to the non-dealer, 1, 3,
    ..., 19 to the dealer, card 20 the upcard.
    """
    bits = BIT[decks[:, :20].astype(np.int64)]
    non_dealer = np.bitwise_or.reduce(bits[:, 0::2], axis=1)
    dealer = np.bitwise_or.reduce(bits[:, 1::2], axis=1)
    return non_dealer, dealer, decks[:, 20].astype(np.int64)
